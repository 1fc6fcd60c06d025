"""The annotation editor end to end, in a real headless Chromium against the live server.

An annotator opens a pre-pseudonymized essay, relabels, renumbers, adds an OBS! with a comment,
types a pseudonym, undoes and redoes, reloads and finds everything saved, and submits. A second
test edits the same essay in two browser contexts and resolves the conflict by merging.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from swell_annot.corpus.models import Essay
from tests.e2e.editor_helpers import (
    latest_graph,
    select_token,
    target_of,
    tok,
    wait_saved,
)
from tests.factories import (
    DEFAULT_PASSWORD,
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_annotator_corrects_saves_and_submits(page, live_server, login, essay_for):
    essay, user = essay_for
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url="/editor/")

    # My essays: the assigned essay with its numbers; "open next" opens it.
    row = page.locator(f'#essays tr[data-essay="{essay.pk}"]')
    expect(row).to_contain_text("E-1")
    expect(row).to_contain_text("pre pseudonymized")
    page.click("#open-next")
    page.wait_for_url(f"**/editor/essays/{essay.pk}/")
    expect(tok(page, 13)).to_have_class(re.compile(r"\blab auto\b"))
    expect(target_of(page, 13)).to_have_text("Lars ")
    expect(page.locator("#automatic")).to_contain_text("Automatic detections to check (5)")

    # Relabel Erik: palette, filter, Enter.
    tok(page, 13).click()
    page.fill("#palette-filter", "unknown")
    page.keyboard.press("Enter")
    expect(tok(page, 13)).to_have_attribute("title", "firstname_unknown 3")
    expect(tok(page, 13)).to_have_class(re.compile(r"\blab man\b"))
    expect(target_of(page, 13)).not_to_have_text("Lars ")

    # A running number never stands alone.
    tok(page, 16).click()
    page.fill("#palette-filter", "3")
    page.keyboard.press("Enter")
    expect(page.locator("#banner")).to_contain_text("a running number never stands alone")
    expect(tok(page, 16)).not_to_have_attribute("title", re.compile("3"))

    # Label Lund with the keyboard shortcut; punctuation stays outside the pseudonym.
    select_token(page, 16)
    page.keyboard.press("c")
    expect(tok(page, 16)).to_have_attribute("title", "city 4")
    expect(target_of(page, 16)).to_have_text(re.compile(r"^\S+\. $"))
    expect(target_of(page, 16)).not_to_have_text(re.compile("^(Lund|Tuna)"))

    # Change a running number: Lund joins entity 2 and takes its pseudonym ...
    tok(page, 16).click()
    page.fill("#palette-filter", "2")
    page.keyboard.press("Enter")
    expect(tok(page, 16)).to_have_attribute("title", "city 2")
    expect(target_of(page, 16)).to_have_text("Tuna. ")
    # ... and renumbering entity 1 in the side panel moves every mention, pseudonyms in step.
    page.click("#entity-firstname_female-1")
    page.fill("#entity-input-firstname_female-1", "5")
    page.keyboard.press("Enter")
    expect(tok(page, 2)).to_have_attribute("title", "firstname_female 5")
    expect(tok(page, 7)).to_have_attribute("title", "firstname_female 5")
    first = target_of(page, 2).inner_text()
    assert target_of(page, 7).inner_text() == first

    # OBS! with a comment on "gillar".
    tok(page, 8).click()
    page.fill("#palette-filter", "OBS")
    page.keyboard.press("Enter")
    expect(page.locator("#checks")).to_contain_text("OBS! needs a comment text")
    page.fill("#sel-comment", "Is this too revealing?")
    page.locator("#sel-comment").blur()
    expect(page.locator("#checks")).not_to_contain_text("needs a comment")
    expect(page.locator("#graph-pane .row.obs")).to_have_count(1)

    # Type a pseudonym for the first Anna: every mention of the entity takes it.
    select_token(page, 2)
    page.fill("#sel-pseudonym", "Greta")
    page.keyboard.press("Enter")
    expect(target_of(page, 2)).to_have_text("Greta ")
    expect(target_of(page, 7)).to_have_text("Greta ")

    # Undo and redo, with the keyboard and the buttons.
    page.locator("#source-pane").focus()
    page.keyboard.press("Control+z")
    expect(target_of(page, 2)).to_have_text(first)
    page.keyboard.press("Control+y")
    expect(target_of(page, 2)).to_have_text("Greta ")
    page.click("#undo")
    expect(target_of(page, 2)).to_have_text(first)
    expect(target_of(page, 7)).to_have_text(first)
    page.click("#redo")
    expect(target_of(page, 2)).to_have_text("Greta ")

    # Autosave, then reload: everything is there.
    wait_saved(page)
    page.reload()
    expect(tok(page, 13)).to_have_attribute("title", "firstname_unknown 3")
    expect(tok(page, 16)).to_have_attribute("title", "city 2")
    expect(target_of(page, 2)).to_have_text("Greta ")
    expect(page.locator("#graph-pane .row.obs")).to_have_count(1)
    graph = latest_graph(essay)
    edges = {e["ids"][0]: e for e in graph["edges"].values()}
    assert edges["s8"]["labels"] == ["OBS!"]
    assert edges["s8"]["comment"] == "Is this too revealing?"
    assert edges["s13"]["labels"] == ["firstname_unknown", "3"]
    assert edges["s16"]["labels"] == ["city", "2"]
    assert edges["s2"]["labels"] == edges["s7"]["labels"] == ["firstname_female", "5"]
    target = " ".join(t["text"].strip() for t in graph["target"])
    assert target.startswith("Jag heter Greta och bor i ")
    assert ". Greta gillar " in target
    essay.refresh_from_db()
    assert essay.status == "in_annotation"

    # Submit: the OBS! is only a warning; the essay then opens read-only.
    page.click("#submit")
    expect(page.locator("#essay-status")).to_have_text("submitted")
    expect(page.locator("#banner")).to_contain_text("Submitted with")
    expect(page.locator("#banner")).to_contain_text("OBS!")
    essay.refresh_from_db()
    assert essay.status == "submitted"
    page.reload()
    expect(page.locator("#banner")).to_contain_text("read-only")
    expect(page.locator("#submit")).to_be_disabled()
    tok(page, 3).click()
    expect(page.locator("#palette")).to_have_count(0)
    expect(page.locator("#save-state")).to_have_attribute("data-state", "read-only")


def test_submit_is_blocked_by_errors(page, live_server, login, essay_for):
    essay, user = essay_for
    url = f"/editor/essays/{essay.pk}/"
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url=url)
    tok(page, 3).click()
    page.fill("#palette-filter", "Com!")
    page.keyboard.press("Enter")
    page.click("#submit")
    expect(page.locator("#banner")).to_contain_text("Fix 1 error(s) before submitting")
    essay.refresh_from_db()
    assert essay.status != "submitted"


def test_two_browsers_conflict_and_merge(browser, live_server, login, essay_for):
    essay, user = essay_for
    url = f"/editor/essays/{essay.pk}/"
    pages = []
    for _ in range(2):
        ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        ctx.set_default_timeout(10_000)
        p = ctx.new_page()
        login(p, live_server, user.username, DEFAULT_PASSWORD, next_url=url)
        expect(tok(p, 16)).to_be_visible()
        pages.append(p)
    a, b = pages

    # A labels Lund and saves first.
    select_token(a, 16)
    a.keyboard.press("c")
    wait_saved(a)

    # B, still on the old version, marks "gillar" with OBS!: the save meets a 409.
    b.locator("#source-pane").focus()
    tok(b, 8).click()
    b.fill("#palette-filter", "OBS")
    b.keyboard.press("Enter")
    b.fill("#sel-comment", "check")
    b.locator("#sel-comment").blur()
    expect(b.locator("#save-state")).to_have_attribute("data-state", "conflict", timeout=15_000)
    expect(b.locator("#banner")).to_contain_text("saved version 2")
    # B sees what the other person changed and what B changed.
    expect(b.locator("#conflict-theirs")).to_contain_text("Lund. →")
    expect(b.locator("#conflict-theirs")).to_contain_text("[city 4]")
    expect(b.locator("#conflict-mine")).to_contain_text("gillar → gillar [OBS!] “check”")
    # B's own edit is still on screen while B decides.
    expect(b.locator("#graph-pane .row.obs")).to_have_count(1)

    b.click("#conflict-merge")
    expect(b.locator("#banner")).to_contain_text("Merged: your changes now sit on top")
    wait_saved(b)
    expect(tok(b, 16)).to_have_attribute("title", "city 4")
    expect(tok(b, 8)).to_have_attribute("title", "OBS!")
    graph = latest_graph(essay)
    edges = {e["ids"][0]: e for e in graph["edges"].values()}
    assert edges["s16"]["labels"] == ["city", "4"]
    assert edges["s8"]["labels"] == ["OBS!"] and edges["s8"]["comment"] == "check"
    assert essay.current_version == 3

    # A saves again on top of the merge only after seeing the conflict too: nothing is lost.
    select_token(a, 10)
    a.keyboard.press("o")
    expect(a.locator("#save-state")).to_have_attribute("data-state", "conflict", timeout=15_000)
    a.click("#conflict-reload")
    expect(a.locator("#banner")).to_contain_text("Undo brings your edits back")
    wait_saved(a)
    expect(tok(a, 8)).to_have_attribute("title", "OBS!")
    a.locator("#source-pane").focus()
    a.keyboard.press("Control+z")
    expect(tok(a, 10)).to_have_attribute("title", "OBS!")
    for p in pages:
        p.context.close()


def test_keyboard_only_labelling_and_hover(page, live_server, login, essay_for):
    essay, user = essay_for
    url = f"/editor/essays/{essay.pk}/"
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url=url)
    expect(tok(page, 0)).to_be_visible()

    # Hovering a token highlights it in the source, the graph and the target.
    tok(page, 6).hover()
    expect(tok(page, 6)).to_have_class(re.compile(r"\bhover\b"))
    expect(page.locator("#graph-pane .row.hover")).to_contain_text("Stockholm.")
    expect(target_of(page, 6)).to_have_class(re.compile(r"\bhover\b"))

    # Tab into the text, move with the arrows, extend with Shift, Enter opens the palette.
    page.locator("#source-pane").focus()
    for _ in range(5):  # the first press selects the first token
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#selection .sel-text")).to_have_text("“bor i”")
    page.keyboard.press("Enter")
    expect(page.locator("#palette-filter")).to_be_focused()
    page.keyboard.type("place")
    page.keyboard.press("Enter")
    expect(page.locator("#source-pane")).to_be_focused()
    expect(tok(page, 4)).to_have_attribute("title", "place 4")
    expect(tok(page, 5)).to_have_attribute("title", "place 4")
    expect(target_of(page, 4)).to_have_text("A-plats ")
    # Toggle a flag and remove the span with the keyboard.
    page.keyboard.press("g")
    expect(target_of(page, 4)).to_have_text("A-plats ")
    expect(page.locator("#flag-gen")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Delete")
    expect(tok(page, 4)).not_to_have_attribute("title", re.compile("place"))
    expect(target_of(page, 4)).to_have_text("bor ")
    # Shift+A accepts an automatic detection; it then looks manual.
    page.keyboard.press("]")
    expect(page.locator("#selection .sel-text")).to_have_text("“Stockholm.”")
    page.keyboard.press("Shift+A")
    expect(tok(page, 6)).to_have_class(re.compile(r"\blab man\b"))
    expect(page.locator("#automatic h2")).to_have_text("Automatic detections to check (4)")
    # "New pseudonyms" asks the library for new random choices, as one undoable step.
    before = target_of(page, 13).inner_text()
    page.click("#reroll")
    expect(page.locator("#banner")).to_contain_text("New pseudonyms drawn")
    page.click("#undo")
    expect(target_of(page, 13)).to_have_text(before)
    # Reject every remaining automatic first name in one go.
    page.click('#automatic .reject-all[data-label="firstname_female"]')
    expect(tok(page, 2)).not_to_have_attribute("title", re.compile("firstname"))
    expect(target_of(page, 7)).to_have_text("Anna ")


def test_my_essays_filters_and_sorting(page, live_server, login, essay_for):
    essay, user = essay_for
    for ext, status, level in [("E-3", "submitted", "B1"), ("E-2", "in_annotation", "A2")]:
        other = EssayFactory(
            project=essay.project, original="Hej Anna", status=status, external_id=ext, level=level
        )
        EssayVersionFactory(essay=other)
        AssignmentFactory(essay=other, annotator=user)
    EssayFactory(project=essay.project, original="Hej", external_id="E-9")  # not assigned
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url="/editor/")
    rows = page.locator("#essays tbody tr")
    expect(rows).to_have_count(3)
    expect(page.locator("#essay-count")).to_have_text("3 of 3 essays")
    page.select_option("#filter-status", "submitted")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("E-3")
    page.select_option("#filter-status", "")
    page.fill("#filter-text", "e-2")
    expect(rows).to_have_count(1)
    page.fill("#filter-text", "")
    page.click('button[data-sort="external_id"]')
    expect(rows.first).to_contain_text("E-1")
    page.click('button[data-sort="external_id"]')
    expect(rows.first).to_contain_text("E-3")
    # Open next skips the submitted essay.
    page.click("#open-next")
    page.wait_for_url(re.compile(r"/editor/essays/\d+/$"))
    expect(page.locator("h1")).to_have_text("E-2")


def test_offline_then_saved_and_leave_warning(page, context, live_server, login, essay_for):
    essay, user = essay_for
    url = f"/editor/essays/{essay.pk}/"
    # This project writes Swedish cities as A-stad, B-stad … (strategy (b)).
    essay.project.settings = {"swedish_city_strategy": "placeholder"}
    essay.project.save()
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url=url)
    context.set_offline(True)
    select_token(page, 16)
    page.keyboard.press("c")
    expect(target_of(page, 16)).to_have_text("A-stad. ")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "offline", timeout=15_000)
    expect(page.locator("#banner")).to_contain_text("no connection")
    context.set_offline(False)
    wait_saved(page)
    assert latest_graph(essay)["edges"]["e-s16-t16"]["labels"] == ["city", "4"]

    # Unsaved changes: leaving the page asks first.
    select_token(page, 3)
    page.keyboard.press("o")
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.type), d.dismiss()))
    page.close(run_before_unload=True)
    page.wait_for_timeout(300)
    assert dialogs == ["beforeunload"]


def test_long_essay_spans_and_comments(page, live_server, login, db):
    member = MembershipFactory(role="annotator", user__username="long-annotator")
    words = [f"ord{i}{'.' if i % 10 == 9 else ''}" for i in range(600)]
    words[3], words[4], words[5] = "Stora", "Torget", "igår"
    text = " ".join(words)
    essay = EssayFactory(
        project=member.project,
        original=text,
        status="in_annotation",
        return_message="Please check the place names.",
    )
    EssayVersionFactory(essay=essay)
    AssignmentFactory(essay=essay, annotator=member.user)
    url = f"/editor/essays/{essay.pk}/"
    login(page, live_server, member.user.username, DEFAULT_PASSWORD, next_url=url)
    expect(tok(page, 599)).to_have_count(1)
    expect(page.locator("#banner")).to_have_text(
        "Returned for more work: Please check the place names."
    )

    # Panes in step: scrolling the graph to the end brings the end of both texts into view.
    page.locator("#graph-pane").evaluate("e => e.scrollTop = e.scrollHeight")
    expect(page.locator("#graph-pane .row", has_text="ord599")).to_be_visible()
    expect(tok(page, 599)).to_be_in_viewport()
    expect(target_of(page, 599)).to_be_in_viewport()
    # ... and scrolling the source back to the top brings the graph back.
    page.locator("#source-pane").evaluate("e => e.scrollTop = 0")
    expect(page.locator("#graph-pane .row", has_text="ord0")).to_be_in_viewport()

    # Drag over two tokens: one span, labelled from the palette.
    tok(page, 3).hover()
    page.mouse.down()
    tok(page, 4).hover()
    page.mouse.up()
    page.fill("#palette-filter", "place")
    page.keyboard.press("Enter")
    expect(page.locator("#selection .sel-text")).to_have_text("“Stora Torget”")
    expect(target_of(page, 3)).to_have_text("A-plats ")
    expect(page.locator("#graph-pane .row.lab .src .cell")).to_have_count(2)
    # Split it into one span per token, then merge again with Shift-click.
    page.click("#sel-split")
    expect(tok(page, 4)).to_have_attribute("title", "place 1")
    expect(target_of(page, 4)).to_have_text("A-plats ")
    select_token(page, 3)
    tok(page, 4).click(modifiers=["Shift"])
    page.click("#sel-merge")
    expect(target_of(page, 3)).to_have_text("A-plats ")
    expect(target_of(page, 4)).to_have_count(0)

    # Type a pseudonym, then go back to the automatic one.
    page.fill("#sel-pseudonym", "Lilla Torget")
    page.keyboard.press("Enter")
    expect(target_of(page, 3)).to_have_text("Lilla Torget ")
    page.click("#sel-reset")
    expect(target_of(page, 3)).to_have_text("A-plats ")

    # Ctrl-click extends a selection too; Com! takes an edge comment; the document comment.
    select_token(page, 5)
    tok(page, 6).click(modifiers=["Control"])
    page.keyboard.press("Enter")
    page.fill("#palette-filter", "Com!")
    page.keyboard.press("Enter")
    expect(page.locator("#selection .sel-text")).to_have_text("“igår ord6”")
    page.fill("#sel-comment", "time reference")
    page.fill("#doc-comment", "Checked twice.")
    page.locator("#doc-comment").blur()
    wait_saved(page)
    graph = latest_graph(essay)
    assert graph["comment"] == "Checked twice."
    com = [e for e in graph["edges"].values() if "Com!" in e["labels"]]
    assert [(e["ids"][:2], e["comment"]) for e in com] == [(["s5", "s6"], "time reference")]
    place = [e for e in graph["edges"].values() if "place" in e["labels"]]
    assert place[0]["ids"][:2] == ["s3", "s4"] and place[0]["labels"] == ["place", "1"]


def test_approved_essay_opens_read_only(page, live_server, login, essay_for):
    essay, user = essay_for
    Essay.objects.filter(pk=essay.pk).update(status="approved")
    url = f"/editor/essays/{essay.pk}/"
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url=url)
    expect(page.locator("#banner")).to_have_text("This essay is approved: it opens read-only.")
    for button in ("#submit", "#undo", "#redo", "#reroll"):
        expect(page.locator(button)).to_be_disabled()
    tok(page, 16).click()
    expect(page.locator("#palette")).to_have_count(0)
    page.keyboard.press("c")
    expect(tok(page, 16)).not_to_have_attribute("title", re.compile("city"))
    tok(page, 13).click()
    expect(page.locator("#sel-pseudonym")).to_be_disabled()
    expect(page.locator("#doc-comment")).to_be_disabled()
    essay.refresh_from_db()
    assert essay.current_version == 1
