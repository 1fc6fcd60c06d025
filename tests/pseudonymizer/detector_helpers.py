"""Run one detector on a text and list what it found (shared by the detector tables)."""

from pseudonymizer.document import Detector
from pseudonymizer.tokenize import tokenize


def found(detector: Detector, text: str, label: str | None = None) -> list[str]:
    """Texts of the candidates of ``detector`` on ``text`` (only ``label`` when given)."""
    doc = tokenize(text)
    return sorted(
        text[c.start : c.end] for c in detector.detect(doc) if label is None or c.label == label
    )
