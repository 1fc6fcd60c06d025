"""Encryption at rest of originals (essay text, stored graphs) with Fernet keys from the env.

``settings.ESSAY_ENCRYPTION_KEYS`` lists the keys newest first; MultiFernet encrypts with the
first and decrypts with any, so a key is rotated by prepending a new one and running
``manage.py rotate_essay_key`` (re-encrypts every row with the newest key).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver

__all__ = ["InvalidToken", "decrypt_json", "decrypt_text", "encrypt_json", "encrypt_text"]


@lru_cache(maxsize=1)
def _fernet() -> MultiFernet:
    try:
        return MultiFernet([Fernet(key) for key in settings.ESSAY_ENCRYPTION_KEYS])
    except (ValueError, TypeError) as exc:
        raise ImproperlyConfigured(
            "ESSAY_ENCRYPTION_KEY must be comma-separated Fernet keys "
            "(32 url-safe base64-encoded bytes each)"
        ) from exc


@receiver(setting_changed)
def _reset(setting: str, **kwargs: Any) -> None:
    if setting == "ESSAY_ENCRYPTION_KEYS":
        _fernet.cache_clear()


def _bytes(token: bytes | memoryview) -> bytes:
    return token.tobytes() if isinstance(token, memoryview) else bytes(token)


def encrypt_text(text: str) -> bytes:
    """Encrypt a string with the newest key."""
    return _fernet().encrypt(text.encode("utf-8"))


def decrypt_text(token: bytes | memoryview) -> str:
    """Decrypt what ``encrypt_text`` produced (with any configured key)."""
    return _fernet().decrypt(_bytes(token)).decode("utf-8")


def encrypt_json(value: Any) -> bytes:
    """Encrypt a JSON-serialisable value (a graph)."""
    return _fernet().encrypt(
        json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    )


def decrypt_json(token: bytes | memoryview) -> Any:
    """Decrypt what ``encrypt_json`` produced."""
    return json.loads(_fernet().decrypt(_bytes(token)))


def encrypt_bytes(data: bytes) -> bytes:
    """Encrypt raw bytes (an uploaded file)."""
    return _fernet().encrypt(data)


def decrypt_bytes(token: bytes | memoryview) -> bytes:
    """Decrypt what ``encrypt_bytes`` produced."""
    return _fernet().decrypt(_bytes(token))


def rotate(token: bytes | memoryview) -> bytes:
    """Re-encrypt a token with the newest key."""
    return _fernet().rotate(_bytes(token))
