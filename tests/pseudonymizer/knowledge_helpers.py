"""Shared helpers for the tables of the knowledge-based detectors (names, geo, …)."""

from __future__ import annotations

from pseudonymizer.document import Detector
from pseudonymizer.tokenize import tokenize


def labelled(detector: Detector, text: str, genre: str | None = None) -> list[tuple[str, str]]:
    """``(span text, label)`` of every candidate, in text order."""
    doc = tokenize(text, genre=genre)
    cands = sorted(detector.detect(doc), key=lambda c: (c.start, c.end))
    return [(text[c.start : c.end], c.label) for c in cands]


def flagged(detector: Detector, text: str) -> dict[str, tuple[str, frozenset[str], str | None]]:
    """span text → (label, flags, key) of every candidate."""
    doc = tokenize(text)
    return {text[c.start : c.end]: (c.label, c.flags, c.key) for c in detector.detect(doc)}
