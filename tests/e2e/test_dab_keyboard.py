"""The dab editor without a mouse, in a real headless Chromium: an annotator marks units word by
word with the arrow keys (Shift grows the selection), corrects a span with E, links two mentions
with L, ] / [ and Enter, decides DIRECT/QUASI and a confidential category with D, Q and C, and
takes a mention out of an imported entity with U. Only ``page.keyboard`` is used."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from pseudonymizer.dab.scheme import Annotation, DabDocument, Mention
from tests.e2e.dab_helpers import TEXT, saved_doc, unit
from tests.e2e.dab_helpers import at as _at

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _doc(annotations: list[Annotation]) -> DabDocument:
    return DabDocument(id="K-1", text=TEXT, annotations=annotations)


def press(page: Page, *keys: str) -> None:
    for key in keys:
        page.keyboard.press(key)


def test_the_four_steps_with_the_keyboard_only(page, dab_essay, open_dab_editor):
    essay, user = dab_essay(_doc([]), username="keyboard")
    open_dab_editor(page, essay, user)
    press(page, "Alt+1")
    expect(page.locator('.dab-step[aria-pressed="true"]')).to_have_attribute("data-step", "1")

    # → selects the first word; Shift+→ grows the selection word by word; 1 marks a PERSON.
    press(page, "ArrowRight")
    expect(page.locator("#dab-range")).to_have_text("Hr.")
    press(page, "Shift+ArrowRight", "Shift+ArrowRight")
    expect(page.locator("#dab-range")).to_have_text("Hr. Jens Hansen")
    press(page, "1")
    expect(unit(page, "Hr. Jens Hansen")).to_have_attribute("data-tag", "PERSON")

    # Words after the unit; the comma after "12" is trimmed; 3 marks a LOC.
    press(page, "ArrowRight", "ArrowRight", "ArrowRight")
    expect(page.locator("#dab-range")).to_have_text("Nørregade")
    press(page, "Shift+ArrowRight")
    expect(page.locator("#dab-range")).to_have_text("Nørregade 12")
    press(page, "3")
    expect(unit(page, "Nørregade 12")).to_have_attribute("data-tag", "LOC")
    # Correct its span without a mouse: grow from the unit, then E.
    press(page, "Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowLeft")
    expect(page.locator("#dab-range")).to_have_text("Nørregade 12, 8000 Aarhus")
    press(page, "e")
    expect(page.locator("#dab-sel-text")).to_have_text("Nørregade 12, 8000 Aarhus")
    expect(page.locator("#dab-text mark.unit")).to_have_count(2)

    # The later "Jens" as PERSON, then linked to "Hr. Jens Hansen": L, [ [ and Enter.
    press(page, "ArrowRight")
    expect(page.locator("#dab-range")).to_have_text("Jens")
    press(page, "1")
    expect(page.locator("#dab-entities > li")).to_have_count(3)
    press(page, "l", "[")
    expect(page.locator("#dab-text mark.link-target")).to_have_text("Nørregade 12, 8000 Aarhus")
    press(page, "[")
    expect(page.locator("#dab-text mark.link-target")).to_have_text("Hr. Jens Hansen")
    press(page, "Enter")
    expect(page.locator("#dab-relations li")).to_have_count(1)
    expect(page.locator("#dab-entities > li")).to_have_count(2)

    # Step 2: D, Q and C (C cycles the confidential categories) on units picked with ].
    press(page, "Alt+2", "]")
    expect(page.locator("#dab-sel-text")).to_have_text("Hr. Jens Hansen")
    press(page, "d", "]", "q")
    expect(unit(page, "Nørregade")).to_have_attribute("data-tag", "LOC · QUASI")
    # a new unit marked directly in step 2, with a confidential category
    press(page, *["ArrowRight"] * 6)
    expect(page.locator("#dab-range")).to_have_text("sygeplejerske")
    press(page, "5", "q", "c", "c", "c", "c", "c")
    expect(unit(page, "sygeplejerske")).to_have_attribute("data-tag", "DEM · QUASI · HEALTH")

    # Step 3: the reader's view.
    press(page, "Alt+3")
    expect(page.locator("#dab-text mark.mask-direct")).to_have_count(1)
    expect(page.locator("#dab-text mark.mask-quasi")).to_have_count(2)
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    doc = saved_doc(essay, 2)
    ann = doc["annotations"][0]
    got = {m["text"]: (m["label"], m["identifier_type"], m["confidential"])
           for m in ann["mentions"]}
    assert got == {
        "Hr. Jens Hansen": ("PERSON", "DIRECT", None),
        "Nørregade 12, 8000 Aarhus": ("LOC", "QUASI", None),
        "Jens": ("PERSON", "NO_MASK", None),
        "sygeplejerske": ("DEM", "QUASI", "HEALTH"),
    }
    ids = {m["text"]: m["id"] for m in ann["mentions"]}
    assert [(r["from_id"], r["to_id"]) for r in ann["relations"]] == [
        (ids["Hr. Jens Hansen"], ids["Jens"])]


def test_u_takes_a_mention_out_of_an_imported_entity(page, dab_essay, open_dab_editor):
    """DAB's export ties mentions by ``entity_id``, not relations: U must still split them."""
    def m(mid: str, text: str, entity: str, nth: int = 0) -> Mention:
        s, e = _at(text, nth)
        return Mention(mid, s, e, text, "PERSON", "DIRECT", entity=entity,
                       extra={"entity_id": int(entity)})

    essay, user = dab_essay(_doc([Annotation(mentions=[m("a", "Jens Hansen", "1"),
                                                   m("b", "Jens", "1", nth=1)],
                                         annotator="dorte")]), username="keyboard")
    open_dab_editor(page, essay, user)
    expect(page.locator("#dab-entities > li")).to_have_count(1)
    press(page, "]", "]")
    expect(page.locator("#dab-sel-text")).to_have_text("Jens")
    expect(page.locator("#dab-detach")).to_be_visible()
    press(page, "u")
    expect(page.locator("#dab-entities > li")).to_have_count(2)
    expect(page.locator("#dab-detach")).to_have_count(0)
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    # The exports say so: two entity ids in TAB and in Label Studio.
    tab = page.evaluate("(url) => fetch(url).then(r => r.json())",
                        f"/api/essays/{essay.pk}/dab/export/?as=tab")
    ems = tab[0]["annotations"]["dorte"]["entity_mentions"]
    assert ems[0]["entity_id"] != ems[1]["entity_id"]
    tasks = page.evaluate("(url) => fetch(url).then(r => r.json())",
                          f"/api/essays/{essay.pk}/dab/export/?as=labelstudio")
    regions = [i for i in tasks[0]["annotations"][0]["result"] if i["type"] == "labels"]
    assert regions[0]["entity_id"] == 1 and regions[1]["entity_id"] != 1
