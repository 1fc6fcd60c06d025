"""Settings come from the environment: secrets required outside development, secure defaults,
embedded SQLite + eager tasks without DATABASE_URL/CELERY_BROKER_URL, JSON logs."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PROBE = (
    "import json; from django.conf import settings as s; print(json.dumps({"
    "'debug': s.DEBUG, 'eager': s.CELERY_TASK_ALWAYS_EAGER, 'secure': s.SESSION_COOKIE_SECURE,"
    "'csrf_secure': s.CSRF_COOKIE_SECURE, 'engine': s.DATABASES['default']['ENGINE'],"
    "'db': str(s.DATABASES['default']['NAME'])}))"
)
CLEAN = (
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "ESSAY_ENCRYPTION_KEY",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "DJANGO_SECURE_COOKIES",
)


def _probe(**env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in CLEAN}
    base.update({"DJANGO_SETTINGS_MODULE": "swell_annot.settings", "DJANGO_TESTING": "0", **env})
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=base,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_secret_key_required_without_debug():
    done = _probe()
    assert done.returncode != 0 and "DJANGO_SECRET_KEY must be set" in done.stderr


def test_encryption_key_required_without_debug():
    done = _probe(DJANGO_SECRET_KEY="s")
    assert done.returncode != 0 and "ESSAY_ENCRYPTION_KEY must be set" in done.stderr


def test_production_defaults():
    done = _probe(
        DJANGO_SECRET_KEY="s",
        ESSAY_ENCRYPTION_KEY="k",
        DATABASE_URL="postgres://u@db:5432/x",
        CELERY_BROKER_URL="redis://r:6379/0",
    )
    got = json.loads(done.stdout)
    assert got["debug"] is False and got["secure"] is True and got["csrf_secure"] is True
    assert got["eager"] is False and got["engine"].endswith("postgresql")


def test_development_embedded_default():
    got = json.loads(_probe(DJANGO_DEBUG="true").stdout)
    assert got["debug"] is True and got["eager"] is True and got["secure"] is False
    assert got["engine"].endswith("sqlite3") and got["db"].endswith("var/db.sqlite3")


def test_json_log_formatter():
    from swell_annot.logs import JsonFormatter

    record = logging.LogRecord("swell", logging.INFO, __file__, 1, "import %s", ("done",), None)
    record.job = 7
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "import done" and line["job"] == 7 and line["level"] == "INFO"


@pytest.mark.parametrize("key", ["not-a-fernet-key"])
def test_bad_encryption_key_is_a_clear_error(settings, key):
    from django.core.exceptions import ImproperlyConfigured

    from swell_annot.corpus import crypto

    settings.ESSAY_ENCRYPTION_KEYS = [key]
    with pytest.raises(ImproperlyConfigured, match="Fernet"):
        crypto.encrypt_text("x")


def _probe_without_testing_flag(prelude: str, **env: str) -> subprocess.CompletedProcess:
    """The probe in a process with no ``DJANGO_TESTING`` at all (unlike ``_probe``)."""
    base = {k: v for k, v in os.environ.items() if k not in (*CLEAN, "DJANGO_TESTING")}
    base.update({"DJANGO_SETTINGS_MODULE": "swell_annot.settings", **env})
    return subprocess.run(
        [sys.executable, "-c", prelude + PROBE],
        cwd=ROOT,
        env=base,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_importing_pytest_does_not_switch_on_development_secrets():
    # A production process that merely imports pytest (a plugin, a health check) must still
    # demand real keys: only DJANGO_TESTING turns the test defaults on.
    done = _probe_without_testing_flag("import pytest; ")
    assert done.returncode != 0 and "DJANGO_SECRET_KEY must be set" in done.stderr


def test_testing_is_explicit():
    assert _probe_without_testing_flag("", DJANGO_TESTING="1").returncode == 0
    # the test settings module (pytest.ini) switches it on by itself
    done = _probe_without_testing_flag("", DJANGO_SETTINGS_MODULE="swell_annot.settings_test")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["debug"] is False
