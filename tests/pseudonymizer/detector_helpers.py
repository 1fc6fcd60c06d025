"""Run one detector on a text and list what it found (shared by the detector tables), or the
name and place proposals the genre profile filter keeps (shared by the profile tests)."""

from __future__ import annotations

from pseudonymizer.detectors.geo import GeoDetector
from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.document import Detector, Options
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.profiles import filter_candidates
from pseudonymizer.tokenize import tokenize


def found(detector: Detector, text: str, label: str | None = None) -> list[str]:
    """Texts of the candidates of ``detector`` on ``text`` (only ``label`` when given)."""
    doc = tokenize(text)
    return sorted(
        text[c.start : c.end] for c in detector.detect(doc) if label is None or c.label == label
    )


def profile_kept(
    text: str, genre: str | None, options: Options | None = None
) -> list[tuple[str, str]]:
    """(text, label) of the name and place proposals that the genre profile filter keeps."""
    options = options or Options()
    gaz = Gazetteer.default()
    doc = tokenize(text, genre=genre)
    cands = list(NameDetector(gaz).detect(doc)) + list(GeoDetector(gaz).detect(doc))
    kept = filter_candidates(doc, cands, options, gaz)
    return sorted((text[c.start : c.end], c.label) for c in kept)
