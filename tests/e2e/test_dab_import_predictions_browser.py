"""Pre-annotations of an imported Label Studio file in a real headless Chromium: the lead
imports a file as Label Studio's own export writes it (the prediction listed by id, nested in
the annotation made from it, as in the DAB file with its DaCy predictions) through the import
page; the annotator finds the predicted units the annotation did not keep dashed and pending in
step 1, accepts one (and corrects its span), rejects the other, and the saved document settles
both."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from swell_annot.corpus.models import Essay
from tests.e2e.dab_helpers import saved_doc, unit
from tests.factories import DEFAULT_PASSWORD, AssignmentFactory, MembershipFactory, ProjectFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TEXT = "Kim Holm bor i Vejle og ringer på 26 35 58 65."


def _region(word: str, label: str, rid: str | None = None) -> dict:
    s = TEXT.index(word)
    item = {"from_name": "entity_mentions", "to_name": "doc_text", "type": "labels",
            "value": {"start": s, "end": s + len(word), "text": word, "labels": [label]}}
    if rid:
        item["id"] = rid
    return item


def _page(browser, live_server, login, username: str, url: str):
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    login(page, live_server, username, DEFAULT_PASSWORD, next_url="/editor/")
    page.goto(f"{live_server.url}{url}")
    return page


def test_imported_predictions_are_pending_in_step_1(browser, live_server, login, db, tmp_path):
    project = ProjectFactory(scheme="dab", language="da")
    MembershipFactory(project=project, role="lead", user__username="lise")
    dorte = MembershipFactory(project=project, role="annotator", user__username="dorte").user
    dacy = {"id": 664, "model_version": "dacy", "result": [
        _region("Kim Holm", "PERSON"), _region("Vejle", "LOC"), _region("26 35 58 65", "CODE")]}
    task = {"id": 1, "data": {"text": TEXT}, "predictions": [664], "annotations": [
        {"id": 26, "completed_by": 1, "prediction": dacy,
         "result": [_region("Kim Holm", "PERSON", "a1")]}]}
    path = tmp_path / "dacy.json"
    path.write_text(json.dumps([task]), encoding="utf-8")

    page = _page(browser, live_server, login, "lise", f"/dab/projects/{project.pk}/")
    page.set_input_files("#dab-file", str(path))
    page.click("#dab-import-form button[type=submit]")
    expect(page.locator("#dab-message")).to_contain_text("Imported 1 document(s)")
    page.context.close()
    essay = Essay.objects.get(project=project, external_id="1")
    AssignmentFactory(essay=essay, annotator=dorte)

    page = _page(browser, live_server, login, "dorte", f"/editor/essays/{essay.pk}/")
    expect(page.locator(".dab-editor")).to_be_visible()
    expect(page.locator('.dab-step[data-step="1"]')).to_have_attribute("aria-pressed", "true")
    expect(unit(page, "Kim Holm")).to_be_visible()  # the imported annotation's unit
    expect(page.locator("#dab-pending")).to_have_text("2")
    expect(page.locator("#dab-text mark.pred")).to_have_text(["Vejle", "26 35 58 65"])
    page.locator("#dab-text mark.pred", has_text="Vejle").click()
    page.click("#dab-accept")
    expect(unit(page, "Vejle")).to_have_attribute("data-tag", "LOC")
    expect(page.locator("#dab-pending")).to_have_text("1")
    # Correcting the accepted unit's span (one word more, then E) keeps the proposal settled.
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#dab-range")).to_have_text("Vejle og")
    page.keyboard.press("e")
    expect(unit(page, "Vejle og")).to_have_attribute("data-tag", "LOC")
    expect(page.locator("#dab-pending")).to_have_text("1")
    expect(page.locator("#dab-text mark.pred")).to_have_text(["26 35 58 65"])
    page.locator("#dab-text mark.pred", has_text="26 35").click()
    page.click("#dab-reject")
    expect(page.locator("#dab-pending")).to_have_text("0")
    expect(page.locator("#dab-text mark.pred")).to_have_count(0)
    expect(page.locator("#save-state")).to_have_text("Saved")
    doc = saved_doc(essay, 2)
    assert [m["text"] for m in doc["annotations"][0]["mentions"]] == ["Kim Holm", "Vejle og"]
    rejected = doc["editor"]["rejected"]
    phone = [m for m in doc["predictions"][0]["mentions"] if m["text"] == "26 35 58 65"]
    assert rejected == [phone[0]["id"]]
    page.context.close()
