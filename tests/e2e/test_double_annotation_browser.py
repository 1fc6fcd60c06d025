"""Double annotation end to end, in real headless Chromium against the live server.

The lead switches double annotation on and assigns the essay to two annotators. Each annotator
labels it in an own browser context, never seeing the other's work (neither in the editor nor in
"My essays"), and submits. The lead sees the agreement figures on the dashboard, opens the
adjudication view, resolves each difference, and the final main-chain version carries the
chosen labels.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from pseudonymizer.graph import spans_from_graph
from swell_annot.corpus.models import DraftVersion, Essay
from tests.factories import (
    DEFAULT_PASSWORD,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TEXT = "Jag heter Anna och bor i Lund med Erik ."
ANNA, LUND, ERIK = 2, 6, 8  # whitespace token indexes


def automatic_graph(text: str) -> dict:
    """The automatic version: only Anna labelled (firstname_female 1 → Maria)."""
    source, target, edges = [], [], {}
    for i, w in enumerate(text.split(" ")):
        labels, pseudo = (["firstname_female", "1"], "Maria") if i == ANNA else ([], w)
        source.append({"id": f"s{i}", "text": w + " "})
        target.append({"id": f"t{i}", "text": pseudo + " "})
        eid = f"e-s{i}-t{i}"
        edges[eid] = {"id": eid, "ids": [f"s{i}", f"t{i}"], "labels": labels, "manual": False}
    return {"source": source, "target": target, "edges": edges}


@pytest.fixture
def project_setup(db):
    """A project with a lead, two annotators and one pre-pseudonymized essay, not assigned."""
    lead = MembershipFactory(role="lead", user__username="lena-lead")
    project = lead.project
    MembershipFactory(project=project, role="annotator", user__username="ann-a")
    MembershipFactory(project=project, role="annotator", user__username="ann-b")
    essay = EssayFactory(
        project=project, original=TEXT, status="pre_pseudonymized", external_id="D-1"
    )
    EssayVersionFactory(essay=essay, graph=automatic_graph(TEXT))
    return project, essay


def tok(page: Page, i: int):
    return page.locator(f'#source-pane [data-s="{i}"]')


def label_with_key(page: Page, i: int, key: str) -> None:
    """Select source token i (closing the palette the click opens) and press a shortcut."""
    tok(page, i).click()
    expect(page.locator("#palette")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#palette")).to_have_count(0)
    page.keyboard.press(key)


def wait_saved(page: Page) -> None:
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)


def my_label_count(page: Page, live_server, essay: Essay):
    """The label-count cell of the essay's row in "My essays"."""
    page.goto(f"{live_server.url}/editor/")
    return page.locator(f'#essays tr[data-essay="{essay.pk}"] td:nth-child(5)')


def test_two_annotators_independently_then_the_lead_adjudicates(
    browser, page, live_server, login, project_setup
):
    project, essay = project_setup
    dashboard = f"{live_server.url}/review/projects/{project.pk}/dashboard/"

    # The lead switches double annotation on and assigns the essay to both annotators.
    login(page, live_server, "lena-lead", DEFAULT_PASSWORD, next_url=dashboard)
    page.get_by_role("button", name="Switch on").click()
    expect(page.get_by_text("Two annotators per essay: on")).to_be_visible()
    page.get_by_role("button", name=re.compile("Assign every essay")).click()
    expect(page.get_by_text("2 assignments made.")).to_be_visible()
    assert sorted(essay.assignments.values_list("annotator__username", flat=True)) == [
        "ann-a",
        "ann-b",
    ]

    editor_url = f"/editor/essays/{essay.pk}/"
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}) for _ in range(2)]
    try:
        pa, pb = (c.new_page() for c in contexts)
        for p in (pa, pb):
            p.set_default_timeout(10_000)

        # A labels Lund as a city.
        login(pa, live_server, "ann-a", DEFAULT_PASSWORD, next_url=editor_url)
        expect(tok(pa, ANNA)).to_have_attribute("title", "firstname_female 1")
        label_with_key(pa, LUND, "c")
        expect(tok(pa, LUND)).to_have_attribute("title", "city 2")
        wait_saved(pa)

        # B starts from the automatic version too: A's label is not there.
        login(pb, live_server, "ann-b", DEFAULT_PASSWORD, next_url=editor_url)
        expect(tok(pb, ANNA)).to_have_attribute("title", "firstname_female 1")
        expect(tok(pb, LUND)).not_to_have_attribute("title", re.compile("city"))
        label_with_key(pb, LUND, "p")
        expect(tok(pb, LUND)).to_have_attribute("title", re.compile("^place"))
        label_with_key(pb, ERIK, "m")
        expect(tok(pb, ERIK)).to_have_attribute("title", re.compile(r"^firstname_male \d+$"))
        wait_saved(pb)

        # A reloads: still only A's own work, nothing of B's.
        pa.reload()
        expect(tok(pa, LUND)).to_have_attribute("title", "city 2")
        expect(tok(pa, ERIK)).not_to_have_attribute("title", re.compile("firstname"))

        # "My essays" shows each annotator their own label count (Anna + own labels).
        expect(my_label_count(pa, live_server, essay)).to_have_text("2")
        expect(my_label_count(pb, live_server, essay)).to_have_text("3")

        # Both submit; the essay is submitted only when the second has.
        for p, after in ((pa, "in_annotation"), (pb, "submitted")):
            p.goto(f"{live_server.url}{editor_url}")
            p.click("#submit")
            expect(p.locator("#submit")).to_be_disabled()
            essay.refresh_from_db()
            assert essay.status == after
        assert DraftVersion.objects.filter(essay=essay).count() == 2
    finally:
        for c in contexts:
            c.close()

    # The lead: agreement figures and the essay to adjudicate on the dashboard.
    page.goto(dashboard)
    expect(page.get_by_text(re.compile(r"1 doubly annotated essays, \d+ tokens"))).to_be_visible()
    expect(
        page.get_by_text(re.compile("Fleiss' κ -?[0-9.]+, Krippendorff's α -?[0-9.]+"))
    ).to_be_visible()
    expect(page.locator("#confusion")).to_contain_text("city")
    page.get_by_role("link", name="D-1").click()
    page.wait_for_url(f"**/review/essays/{essay.pk}/adjudicate/")

    # Two differences: Lund (city vs place) and Erik (nothing vs firstname_male).
    rows = page.locator("#regions tr").filter(has=page.locator("input[type=radio]"))
    expect(rows).to_have_count(2)
    for text, wanted in (("Lund", "city"), ("Erik", "firstname_male")):
        row = rows.filter(has_text=text)
        row.locator("label").filter(has_text=wanted).locator("input").check()
    page.get_by_role("button", name="Save the final version").click()
    expect(page.get_by_text(re.compile(r"Final version \d+ saved"))).to_be_visible()

    essay.refresh_from_db()
    final = essay.versions.get(number=essay.current_version)
    assert final.author.username == "lena-lead"
    assert [(s.text, s.label) for s in spans_from_graph(final.graph)] == [
        ("Anna", "firstname_female"),
        ("Lund", "city"),
        ("Erik", "firstname_male"),
    ]
