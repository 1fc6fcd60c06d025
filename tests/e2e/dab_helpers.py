"""Helpers shared by the browser tests of the dab editor (test_dab_*.py): the pre-annotated
Danish document they annotate, its mentions by text, and what the page and the server show.
The fixtures that make the document and open the editor are in conftest.py (``dab_essay``,
``open_dab_editor``)."""

from __future__ import annotations

import time

from playwright.sync_api import Locator, Page

from pseudonymizer.dab.scheme import Annotation, DabDocument, Mention, Relation
from swell_annot.corpus.models import Essay

TEXT = ("Hr. Jens Hansen bor på Nørregade 12, 8000 Aarhus. Jens er 42 år og sygeplejerske. "
        "Ring på 26 35 58 65.")


def at(text: str, nth: int = 0) -> tuple[int, int]:
    """Offsets of the ``nth`` occurrence of ``text`` in ``TEXT``."""
    i = TEXT.index(text)
    for _ in range(nth):
        i = TEXT.index(text, i + 1)
    return i, i + len(text)


def mention(mid: str, text: str, label: str, idt: str = "NO_MASK", nth: int = 0) -> Mention:
    """A pre-annotated mention of ``TEXT`` (category from the prediction)."""
    s, e = at(text, nth)
    return Mention(mid, s, e, text, label, idt, category_source="prediction")


def predicted_doc(predictions: bool = True) -> DabDocument:
    """``TEXT`` as document D-1, with three pre-annotations (a name, its later mention linked
    to it, a phone number) or none."""
    preds = [Annotation(mentions=[
        mention("p1", "Hr. Jens Hansen", "PERSON", "DIRECT"),
        mention("p2", "Jens", "PERSON", "DIRECT", nth=1),
        mention("p3", "26 35 58 65", "CODE", "DIRECT"),
    ], relations=[Relation("p2", "p1")], annotator="auto")] if predictions else []
    return DabDocument(id="D-1", text=TEXT, predictions=preds)


def unit(page: Page, text: str) -> Locator:
    """The first marked unit of the document pane whose text holds ``text``."""
    return page.locator("#dab-text mark.unit", has_text=text).first


def saved_doc(essay: Essay, min_version: int) -> dict:
    """The stored document once the autosave has written at least ``min_version``."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        essay.refresh_from_db()
        if essay.current_version >= min_version:
            return essay.versions.get(number=essay.current_version).graph
        time.sleep(0.2)
    raise AssertionError(f"no version {min_version} saved")
