"""The editor mode of scheme ``dab`` end to end, in a real headless Chromium.

An annotator walks the guide's four steps on a pre-annotated Danish document: reads (no marks),
accepts, rejects and adds units (trimmed to the minimal span), decides DIRECT/QUASI and a
confidential category, and checks the final view where only masked units show, black or grey.
A second test links two mentions into one entity by selecting them.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from swell_annot.corpus.models import EditorStep
from tests.e2e.dab_helpers import TEXT, predicted_doc, saved_doc, unit
from tests.e2e.dab_helpers import at as _at
from tests.factories import DEFAULT_PASSWORD, AssignmentFactory, EssayFactory, EssayVersionFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def select_text(page: Page, start: int, end: int) -> None:
    """Select characters start..end of the document with a DOM range, then release the mouse."""
    page.evaluate(
        """([start, end]) => {
          const pane = document.getElementById('dab-text');
          const point = (off) => {
            const pieces = [...pane.querySelectorAll('[data-s]')];
            let el = pieces[0];
            for (const p of pieces) if (Number(p.dataset.s) <= off) el = p;
            return [el.firstChild, off - Number(el.dataset.s)];
          };
          const r = document.createRange();
          r.setStart(...point(start));
          r.setEnd(...point(end));
          const s = window.getSelection();
          s.removeAllRanges();
          s.addRange(r);
          pane.dispatchEvent(new MouseEvent('mouseup', {bubbles: true}));
          pane.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        }""",
        [start, end],
    )


def test_four_steps_and_masked_final_view(page, dab_essay, open_dab_editor):
    essay, user = dab_essay(predicted_doc())
    open_dab_editor(page, essay, user)
    expect(page.locator('.dab-step[data-step="1"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dab-pending")).to_have_text("3")

    # Step 0: reading only, no marks.
    page.keyboard.press("Alt+0")
    expect(page.locator("#dab-text")).to_have_text(TEXT)
    expect(page.locator("#dab-text mark")).to_have_count(0)

    # Step 1: pre-annotations dashed; accept one, reject one, accept the rest.
    page.keyboard.press("Alt+1")
    expect(page.locator("#dab-text mark.pred")).to_have_count(3)
    page.keyboard.press("]")  # the first pre-annotation in text order, keyboard only
    expect(page.locator('#dab-text mark[data-pid="p1"]')).to_have_class(re.compile("selected"))
    page.keyboard.press("a")
    expect(unit(page, "Hr. Jens Hansen")).to_have_attribute("data-tag", "PERSON")
    page.locator('#dab-text mark[data-pid="p3"]').first.click()
    page.keyboard.press("r")
    expect(page.locator('#dab-text mark[data-pid="p3"]')).to_have_count(0)
    page.click("#dab-accept-all")
    expect(page.locator("#dab-pending")).to_have_text("0")
    # Both accepted Jens mentions are one entity (the prediction's relation came along).
    expect(page.locator("#dab-entities > li")).to_have_count(1)

    # A new unit with sloppy edges: the space before and the full stop after are trimmed.
    s, e = _at("Nørregade 12, 8000 Aarhus.")
    select_text(page, s - 1, e)
    expect(page.locator("#dab-range")).to_have_text("Nørregade 12, 8000 Aarhus")
    page.keyboard.press("3")
    expect(unit(page, "Nørregade")).to_have_attribute("data-tag", "LOC")
    # "42 år" as DEM, left unmasked.
    s, e = _at("42 år")
    select_text(page, s, e)
    page.keyboard.press("5")
    expect(unit(page, "42 år")).to_have_attribute("data-tag", "DEM")

    # Step 2: QUASI for the address, mark a new unit directly, a confidential category.
    page.keyboard.press("Alt+2")
    unit(page, "Nørregade").click()
    page.keyboard.press("q")
    expect(unit(page, "Nørregade")).to_have_attribute("data-tag", "LOC · QUASI")
    s, e = _at("sygeplejerske")
    select_text(page, s, e)
    page.keyboard.press("5")
    page.keyboard.press("q")
    page.select_option("#dab-confidential", "HEALTH")
    expect(unit(page, "sygeplejerske")).to_have_attribute("data-tag", "DEM · QUASI · HEALTH")

    # Step 3: only masked units show, black for DIRECT and grey for QUASI.
    page.keyboard.press("Alt+3")
    direct = page.locator("#dab-text mark.mask-direct")
    quasi = page.locator("#dab-text mark.mask-quasi")
    expect(direct).to_have_count(2)
    expect(quasi).to_have_count(2)
    assert direct.first.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(0, 0, 0)"
    assert direct.first.evaluate("e => getComputedStyle(e).color") == "rgb(0, 0, 0)"
    assert quasi.first.evaluate("e => getComputedStyle(e).backgroundColor") == \
        "rgb(138, 138, 138)"
    expect(page.locator("#dab-text mark", has_text="42 år")).to_have_count(0)
    expect(page.locator("#dab-review")).to_contain_text("2 DIRECT (black), 2 QUASI (grey)")

    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    doc = saved_doc(essay, 2)
    mentions = {m["text"]: m for m in doc["annotations"][0]["mentions"]}
    assert (mentions["Nørregade 12, 8000 Aarhus"]["label"],
            mentions["Nørregade 12, 8000 Aarhus"]["identifier_type"]) == ("LOC", "QUASI")
    assert mentions["sygeplejerske"]["confidential"] == "HEALTH"
    assert mentions["42 år"]["identifier_type"] == "NO_MASK"
    assert doc["editor"]["rejected"] == ["p3"]

    # Undo restores the previous decision; a reload shows what was saved.
    page.keyboard.press("Alt+2")
    page.keyboard.press("Control+z")
    expect(unit(page, "sygeplejerske")).to_have_attribute("data-tag", "DEM · QUASI")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    page.reload()
    expect(page.locator(".dab-editor")).to_be_visible()
    page.keyboard.press("Alt+2")
    expect(unit(page, "sygeplejerske")).to_have_attribute("data-tag", "DEM · QUASI")


def test_the_step_of_each_document_survives_a_reload(page, live_server, login, dab_essay):
    essay, user = dab_essay(predicted_doc())
    other = EssayFactory(project=essay.project, original=TEXT, status="pre_pseudonymized",
                         external_id="D-2")
    EssayVersionFactory(essay=other, graph=essay.versions.get().graph,
                        token_count=len(TEXT.split()))
    AssignmentFactory(essay=other, annotator=user)
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url="/editor/")
    page.goto(f"{live_server.url}/editor/essays/{essay.pk}/")
    step = page.locator('.dab-step[aria-pressed="true"]')
    expect(step).to_have_attribute("data-step", "1")  # first visit: something to check
    page.keyboard.press("Alt+2")
    expect(step).to_have_attribute("data-step", "2")
    page.reload()
    expect(page.locator(".dab-editor")).to_be_visible()
    expect(step).to_have_attribute("data-step", "2")
    expect(page.locator("#dab-text")).to_have_attribute("data-step", "2")
    # Another document has its own step; going back finds each where it was left.
    page.goto(f"{live_server.url}/editor/essays/{other.pk}/")
    expect(step).to_have_attribute("data-step", "1")
    page.click('.dab-step[data-step="3"]')
    expect(step).to_have_attribute("data-step", "3")
    page.goto(f"{live_server.url}/editor/essays/{essay.pk}/")
    expect(step).to_have_attribute("data-step", "2")
    page.goto(f"{live_server.url}/editor/essays/{other.pk}/")
    expect(step).to_have_attribute("data-step", "3")
    expect(page.locator("#dab-review")).to_be_visible()
    # Changing steps is not an edit: no version was written.
    essay.refresh_from_db()
    other.refresh_from_db()
    assert essay.current_version == other.current_version == 1


def test_the_step_follows_the_user_to_another_browser(browser, live_server, login, dab_essay):
    """The step is stored on the server per document and user; the browser's copy is only the
    fallback when the server cannot be asked."""
    essay, user = dab_essay(predicted_doc())
    editor = f"{live_server.url}/editor/essays/{essay.pk}/"

    def fresh_browser() -> Page:
        ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        ctx.set_default_timeout(10_000)
        page = ctx.new_page()
        login(page, live_server, user.username, DEFAULT_PASSWORD, next_url="/editor/")
        page.goto(editor)
        expect(page.locator(".dab-editor")).to_be_visible()
        return page

    def stored() -> int | None:
        row = EditorStep.objects.filter(essay=essay, user=user).first()
        return row.step if row else None

    def wait_stored(step: int) -> None:
        deadline = time.monotonic() + 10
        while stored() != step and time.monotonic() < deadline:
            time.sleep(0.1)
        assert stored() == step

    page = fresh_browser()
    step = page.locator('.dab-step[aria-pressed="true"]')
    expect(step).to_have_attribute("data-step", "1")
    assert stored() is None  # showing a step is not choosing one
    page.keyboard.press("Alt+2")
    expect(step).to_have_attribute("data-step", "2")
    wait_stored(2)
    page.context.close()

    page = fresh_browser()  # another browser: nothing in its storage, the server remembers
    step = page.locator('.dab-step[aria-pressed="true"]')
    expect(step).to_have_attribute("data-step", "2")
    expect(page.locator("#dab-text")).to_have_attribute("data-step", "2")
    page.click('.dab-step[data-step="3"]')
    wait_stored(3)
    # The server cannot be asked: this browser's copy stands in.
    EditorStep.objects.filter(essay=essay, user=user).update(step=0)
    page.route("**/dab/step/", lambda route: route.abort())
    page.reload()
    expect(page.locator(".dab-editor")).to_be_visible()
    expect(step).to_have_attribute("data-step", "3")
    page.unroute("**/dab/step/")
    page.reload()
    expect(page.locator(".dab-editor")).to_be_visible()
    expect(step).to_have_attribute("data-step", "0")  # the server's step wins
    essay.refresh_from_db()
    assert essay.current_version == 1
    page.context.close()


def test_relation_by_selecting_two_mentions(page, live_server, dab_essay, open_dab_editor):
    essay, user = dab_essay(predicted_doc(predictions=False))
    open_dab_editor(page, essay, user)
    page.keyboard.press("Alt+1")
    for text, nth in (("Jens Hansen", 0), ("Jens", 1)):
        s, e = _at(text, nth)
        select_text(page, s, e)
        page.keyboard.press("1")
    expect(page.locator("#dab-entities > li")).to_have_count(2)
    unit(page, "Jens Hansen").click()
    page.locator("#dab-text mark.unit", has_text="Jens").nth(1).click(modifiers=["Shift"])
    expect(page.locator("#dab-entities > li")).to_have_count(1)
    expect(page.locator("#dab-entities > li")).to_contain_text("Jens Hansen")
    expect(page.locator("#dab-relations li")).to_have_count(1)
    # Correct a span: click the unit, select the right words, press E.
    s, e = _at("Nørregade 12")
    select_text(page, s, e)
    page.keyboard.press("3")
    unit(page, "Nørregade 12").click()
    s, e = _at("Nørregade 12, 8000 Aarhus")
    select_text(page, s, e + 1)
    page.keyboard.press("e")
    expect(unit(page, "Nørregade")).to_have_text("Nørregade 12, 8000 Aarhus")
    expect(page.locator("#dab-sel-text")).to_have_text("Nørregade 12, 8000 Aarhus")
    # The Label Studio export carries the relation.
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    doc = saved_doc(essay, 2)
    assert len(doc["annotations"][0]["relations"]) == 1
    assert [m["text"] for m in doc["annotations"][0]["mentions"]] == [
        "Jens Hansen", "Nørregade 12, 8000 Aarhus", "Jens"]
    tasks = page.evaluate(
        "(url) => fetch(url).then(r => r.json())",
        f"/api/essays/{essay.pk}/dab/export/?as=labelstudio",
    )
    assert [i["type"] for i in tasks[0]["annotations"][0]["result"]].count("relation") == 1


def test_conflict_between_two_browsers_merges_both_sides(browser, live_server, login,
                                                         dab_essay):
    """Two tabs edit the same document: the second save meets a 409; "take theirs" shows the
    other version (mine stays in undo) and "merge" keeps both sides' decisions."""
    essay, user = dab_essay(predicted_doc())
    pages = []
    for _ in range(2):
        ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        ctx.set_default_timeout(10_000)
        p = ctx.new_page()
        login(p, live_server, user.username, DEFAULT_PASSWORD, next_url="/editor/")
        p.goto(f"{live_server.url}/editor/essays/{essay.pk}/")
        expect(p.locator(".dab-editor")).to_be_visible()
        pages.append(p)
    first, second = pages
    first.locator('#dab-text mark[data-pid="p3"]').first.click()
    first.keyboard.press("r")
    expect(first.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    assert saved_doc(essay, 2)["editor"]["rejected"] == ["p3"]
    second.locator('#dab-text mark[data-pid="p1"]').first.click()
    second.keyboard.press("a")
    expect(second.locator("#save-state")).to_have_attribute("data-state", "conflict",
                                                            timeout=15_000)
    expect(second.locator("#banner")).to_contain_text("saved version 2 meanwhile")
    second.click("#take-theirs")
    expect(second.locator('#dab-text mark[data-pid="p3"]')).to_have_count(0)
    expect(second.locator("#dab-text mark.unit")).to_have_count(0)
    second.keyboard.press("Control+z")
    expect(second.locator("#dab-text mark.unit")).to_have_count(1)
    expect(second.locator('#dab-text mark[data-pid="p3"]')).to_have_count(1)
    # Undo after "take theirs" is an edit on top of their version: it saves as version 3.
    expect(second.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    doc = saved_doc(essay, 3)
    assert [m["text"] for m in doc["annotations"][0]["mentions"]] == ["Hr. Jens Hansen"]
    # A second round: first rejects p3 again, second accepts p2; merge keeps both sides.
    first.reload()
    expect(first.locator(".dab-editor")).to_be_visible()
    first.locator('#dab-text mark[data-pid="p3"]').first.click()
    first.keyboard.press("r")
    expect(first.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    saved_doc(essay, 4)
    second.locator('#dab-text mark[data-pid="p2"]').first.click()
    second.keyboard.press("a")
    expect(second.locator("#save-state")).to_have_attribute("data-state", "conflict",
                                                            timeout=15_000)
    second.click("#merge")
    expect(second.locator('#dab-text mark[data-pid="p3"]')).to_have_count(0)
    expect(second.locator("#dab-text mark.unit")).to_have_count(2)
    expect(second.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    doc = saved_doc(essay, 5)
    assert [m["text"] for m in doc["annotations"][0]["mentions"]] == ["Hr. Jens Hansen", "Jens"]
    assert doc["editor"]["rejected"] == ["p3"]
    for p in pages:
        p.context.close()
