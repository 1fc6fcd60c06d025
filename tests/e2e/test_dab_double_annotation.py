"""Double annotation of an imported dab document in a real headless Chromium: the file holds
two annotators' annotations; each opens the editor and finds only their own annotation and
submits it; the lead sees the agreement on the dashboard, chooses one annotation on the
adjudication page, and then finds it in the editor as the final version."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from swell_annot.dab.services import import_documents, parse_documents
from tests.factories import DEFAULT_PASSWORD, MembershipFactory, ProjectFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TEXT = "Hr. Jens Hansen bor i Vejle. Jens ringer på 26 35 58 65."


def _region(rid: str, text: str, label: str, kind: str | None = None) -> list[dict]:
    start = TEXT.index(text)
    value = {"start": start, "end": start + len(text), "text": text}
    items = [{"id": rid, "from_name": "entity_mentions", "to_name": "doc_text",
              "type": "labels", "value": {**value, "labels": [label]}}]
    if kind:
        items.append({"id": rid, "from_name": "identifier_type", "to_name": "doc_text",
                      "type": "choices", "value": {**value, "choices": [kind]}})
    return items


def _open(browser, live_server, login, username: str, url: str):
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    login(page, live_server, username, DEFAULT_PASSWORD, next_url="/editor/")
    page.goto(f"{live_server.url}{url}")
    return page


def test_two_annotators_then_the_lead_chooses(browser, live_server, login, db):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead", user__username="lise").user
    for name in ("mette", "jonas"):
        MembershipFactory(project=project, role="annotator", user__username=name)
    tasks = [{"id": 1, "data": {"text": TEXT}, "annotations": [
        {"completed_by": "mette", "result": [*_region("a1", "Jens Hansen", "PERSON", "DIRECT"),
                                             *_region("a2", "Vejle", "LOC", "QUASI")]},
        {"completed_by": "jonas", "result": [*_region("b1", "Jens Hansen", "PERSON", "DIRECT"),
                                             *_region("b2", "26 35 58 65", "CODE", "DIRECT")]},
    ]}]
    docs = parse_documents(json.dumps(tasks).encode())
    result = import_documents(project=project, docs=docs, user=lead, fmt="labelstudio")
    essay = result.essays[0]
    editor = f"/editor/essays/{essay.pk}/"

    for name, units in (("mette", ["Jens Hansen", "Vejle"]),
                        ("jonas", ["Jens Hansen", "26 35 58 65"])):
        page = _open(browser, live_server, login, name, editor)
        expect(page.locator(".dab-editor")).to_be_visible()
        expect(page.locator("#dab-text mark.unit")).to_have_text(units)
        page.click("#submit")
        expect(page.locator("#banner")).to_contain_text("Submitted")
        page.context.close()

    page = _open(browser, live_server, login, "lise",
                 f"/review/projects/{project.pk}/dashboard/")
    expect(page.locator("#agreement-dab")).to_contain_text("1 doubly annotated documents")
    expect(page.locator("#agreement-b-a")).to_be_visible()
    page.click(f"a[href='/review/essays/{essay.pk}/adjudicate/']")
    expect(page.locator("#candidates tr.candidate")).to_have_count(2)
    expect(page.locator("table.differences")).to_contain_text("26 35 58 65")
    page.locator("tr.candidate[data-annotator='jonas'] input[type=radio]").check()
    page.click("#choose button[type=submit]")
    expect(page.locator("body")).to_contain_text("Final version 2 saved")
    page.goto(f"{live_server.url}{editor}")
    expect(page.locator("#dab-text mark.unit")).to_have_text(["Jens Hansen", "26 35 58 65"])
    page.context.close()
