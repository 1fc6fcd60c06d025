"""Helpers shared by the browser tests of the SweLL editor (test_editor.py,
test_typed_pseudonym_browser.py): the pre-pseudonymized essay they annotate and what the page
and the server show. The fixture that makes the essay is ``essay_for`` in conftest.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from swell_annot.corpus.models import Essay

TEXT = "Jag heter Anna och bor i Stockholm. Anna gillar Stockholm mycket. Min vän Erik bor i Lund."
# Automatic pre-pseudonymization: token index → (labels, pseudonym).
AUTO = {
    2: (["firstname_female", "1"], "Maria"),
    6: (["city", "2"], "Tuna."),
    7: (["firstname_female", "1"], "Maria"),
    9: (["city", "2"], "Tuna"),
    13: (["firstname_male", "3"], "Lars"),
}


def prepseudonymized_graph(text: str) -> dict:
    """A SVALA graph of ``text`` with the automatic labels of AUTO (manual = False)."""
    words = text.split(" ")
    source, target, edges = [], [], {}
    for i, w in enumerate(words):
        labels, pseudo = AUTO.get(i, ([], w))
        source.append({"id": f"s{i}", "text": w + " "})
        target.append({"id": f"t{i}", "text": pseudo + " "})
        eid = f"e-s{i}-t{i}"
        edges[eid] = {"id": eid, "ids": [f"s{i}", f"t{i}"], "labels": labels, "manual": False}
    return {"source": source, "target": target, "edges": edges}


def tok(page: Page, i: int):
    return page.locator(f'#source-pane [data-s="{i}"]')


def target_of(page: Page, i: int):
    """The target text of the span that starts at source token i."""
    return page.locator(f'#target-pane .seg[data-sid="s{i}"]')


def select_token(page: Page, i: int) -> None:
    """Click a source token; the palette opens: close it to keep the keyboard on the text."""
    tok(page, i).click()
    expect(page.locator("#palette")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#palette")).to_have_count(0)


def latest_graph(essay: Essay) -> dict:
    essay.refresh_from_db()
    return essay.versions.get(number=essay.current_version).graph


def wait_saved(page: Page) -> None:
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
