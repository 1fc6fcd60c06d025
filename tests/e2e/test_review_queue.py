"""The review queue in a real Chromium: a lead filters, decides on a sensitive mark, approves
one essay and returns another with a message; an annotator is refused."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from pseudonymizer.graph import target_text
from swell_annot.corpus.models import Essay
from swell_annot.review.models import SensitiveDecision
from tests.factories import DEFAULT_PASSWORD, AssignmentFactory, MembershipFactory
from tests.swell_annot.review.essays import annotated_essay

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def reviewed_project(db):
    lead = MembershipFactory(role="lead", user__username="lena-lead")
    project = lead.project
    annotator = MembershipFactory(project=project, role="annotator", user__username="ali-ann")
    first = annotated_essay(project, external_id="R-1", level="B1")
    second = annotated_essay(
        project, external_id="R-2", level="A2", obs=("demonstrationen.", "stavning?")
    )
    for essay in (first, second):
        AssignmentFactory(essay=essay, annotator=annotator.user)
    return project, lead.user, annotator.user, first, second


def test_lead_decides_approves_and_returns(page, live_server, login, reviewed_project):
    project, lead, _, first, second = reviewed_project
    login(page, live_server, lead.username, DEFAULT_PASSWORD, next_url="/")
    page.goto(f"{live_server.url}/review/projects/{project.pk}/")
    expect(page.locator("#review-essays tr.essay")).to_have_count(2)
    marks = page.locator(".mark")
    expect(marks).to_have_count(3)  # two sensitive marks and one OBS!
    expect(page.locator('.mark[data-kind="obs"]')).to_contain_text("stavning?")

    # filters: only OBS! notes; then only level B1
    page.select_option("select[name=label]", "OBS!")
    page.click("#filters button")
    expect(page.locator(".mark")).to_have_count(1)
    page.select_option("select[name=label]", "")
    page.select_option("select[name=level]", "B1")
    page.click("#filters button")
    mark = page.locator('.mark[data-essay="R-1"][data-kind="sensitive"]')
    expect(page.locator(".mark")).to_have_count(1)
    expect(mark.locator(".hit")).to_have_text("glad")

    # suppress the sensitive mark of R-1
    mark.locator("select[name=decision]").select_option("suppress")
    mark.locator("button[type=submit]").click()
    expect(page.get_by_role("status")).to_contain_text("Decision recorded for R-1")
    expect(page.locator('.mark[data-essay="R-1"] .decision')).to_contain_text("Suppress")
    expect(page.locator('.mark[data-essay="R-1"] .decision')).to_contain_text("lena-lead")
    decision = SensitiveDecision.objects.get()
    assert decision.decided_by == lead and decision.decision == "suppress"
    first.refresh_from_db()
    graph = first.versions.get(number=first.current_version).graph
    assert "[känslig uppgift]" in target_text(graph)

    # approve R-1
    row = page.locator('#review-essays tr[data-essay="R-1"]')
    row.locator("button.approve").click()
    expect(page.get_by_role("status")).to_contain_text("R-1 approved")
    assert Essay.objects.get(pk=first.pk).status == "approved"

    # R-2 cannot be approved (open OBS!, undecided mark): return it with a message
    page.goto(f"{live_server.url}/review/projects/{project.pk}/")
    row = page.locator('#review-essays tr[data-essay="R-2"]')
    row.locator("button.approve").click()
    expect(page.get_by_role("alert")).to_contain_text("R-2 cannot be approved")
    row = page.locator('#review-essays tr[data-essay="R-2"]')
    row.locator("input[name=message]").fill("Läs OBS! och kolla 'glad'.")
    row.locator("button.return").click()
    expect(page.get_by_role("status")).to_contain_text("R-2 returned")
    second.refresh_from_db()
    assert second.status == "in_annotation"
    assert second.return_message == "Läs OBS! och kolla 'glad'."
    expect(page.locator("#review-essays tr.essay")).to_have_count(0)


def test_annotator_cannot_open_the_queue(page, live_server, login, reviewed_project):
    project, _, annotator, _, _ = reviewed_project
    login(page, live_server, annotator.username, DEFAULT_PASSWORD, next_url="/")
    response = page.goto(f"{live_server.url}/review/projects/{project.pk}/")
    assert response.status == 403


def test_editor_shows_decisions_on_sensitive_marks(page, live_server, login, reviewed_project):
    from swell_annot.review.services import decision_record, sensitive_edge_ids

    project, lead, annotator, first, _ = reviewed_project
    graph = first.versions.get(number=first.current_version).graph
    (edge_id,) = sensitive_edge_ids(graph)
    decision_record(essay_id=first.pk, user=lead, edge_id=edge_id, decision="suppress")
    url = f"/editor/essays/{first.pk}/"
    login(page, live_server, annotator.username, DEFAULT_PASSWORD, next_url=url)
    # on the mark: the graph row's chip, and the source token's class and tooltip
    chip = page.locator("#graph-pane .chip.decision")
    expect(chip).to_have_count(1)
    expect(chip).to_have_text("suppress")
    expect(chip).to_have_attribute("title", re.compile(r"Suppress · lena-lead · \d{4}-\d\d-\d\d"))
    token = page.locator("#source-pane .tok.decided")
    expect(token).to_have_text("glad")
    expect(token).to_have_attribute("title", re.compile("sensitive · Suppress · lena-lead"))
    # in the side panel: the list of decisions, and the selected mark's decision
    panel = page.locator("#decisions")
    expect(panel).to_be_visible()
    expect(panel.locator("li")).to_have_count(1)
    expect(panel.locator("li")).to_contain_text("Suppress · lena-lead")
    panel.locator("li button").click()
    expect(page.locator("#sel-decision")).to_contain_text("Review: Suppress · lena-lead")
