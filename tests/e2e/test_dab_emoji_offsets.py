"""A dab document with an emoji (as DAB's forum posts have): the stored offsets count code points
(Python, Label Studio, TAB), the browser counts UTF-16 units. Units after the emoji must show
on their words, and a unit marked after it must be saved with offsets the server accepts."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pseudonymizer.dab.scheme import Annotation, DabDocument, Mention
from tests.e2e.dab_helpers import saved_doc

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TEXT = "Tak for en god tur 😃 til Mads Holm. Hilsen Hanne"


def test_units_after_an_emoji_sit_on_their_words_and_save(page, dab_essay, open_dab_editor):
    s = TEXT.index("Mads Holm")
    doc = DabDocument(id="E-1", text=TEXT, annotations=[Annotation(mentions=[
        Mention("m1", s, s + 9, "Mads Holm", "PERSON", "DIRECT")], annotator="emma")])
    essay, user = dab_essay(doc, username="emma")
    open_dab_editor(page, essay, user)
    page.keyboard.press("Alt+1")
    expect(page.locator("#dab-text mark.unit")).to_have_text("Mads Holm")
    # Mark "Hanne" (the last word) with the keyboard, as PERSON, and make it QUASI.
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#dab-range")).to_have_text("Hanne")
    page.keyboard.press("1")
    page.keyboard.press("Alt+2")
    page.keyboard.press("]")
    page.keyboard.press("]")
    expect(page.locator("#dab-sel-text")).to_have_text("Hanne")
    page.keyboard.press("q")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    stored = saved_doc(essay, 2)
    spans = {m["text"]: (m["start"], m["end"]) for m in stored["annotations"][0]["mentions"]}
    h = TEXT.index("Hanne")
    assert spans == {"Mads Holm": (s, s + 9), "Hanne": (h, h + 5)}
    # The exports agree with the text.
    tab = page.evaluate("(url) => fetch(url).then(r => r.json())",
                        f"/api/essays/{essay.pk}/dab/export/?as=tab")
    for em in tab[0]["annotations"]["emma"]["entity_mentions"]:
        assert TEXT[em["start_offset"]:em["end_offset"]] == em["span_text"]
