"""A lead imports Label Studio/TAB JSON through the web app's import page (real Chromium): the
public DAB export goes in whole and comes back out of the export link equal to the source; a
malformed file is refused with the bad task named and nothing half-imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from swell_annot.corpus.models import Essay
from tests.factories import DEFAULT_PASSWORD, MembershipFactory, ProjectFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DAB_FILE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "dab" / \
    "DAB_annotated_dataset.json"
TEXT = "Kim Holm bor i Vejle."


def _task(tid: str, labels: object = ("PERSON",)) -> dict:
    labels = list(labels) if isinstance(labels, tuple) else labels
    return {"id": tid, "data": {"text": TEXT}, "annotations": [{"result": [
        {"id": "a", "type": "labels", "from_name": "label", "to_name": "text",
         "value": {"start": 0, "end": 8, "text": "Kim Holm", "labels": labels}},
        {"id": "a", "type": "choices", "from_name": "identifier_type", "to_name": "text",
         "value": {"choices": ["DIRECT"]}}]}]}


def _open(page, live_server, login):
    project = ProjectFactory(scheme="dab", language="da", name="Danske sager")
    lead = MembershipFactory(project=project, role="lead").user
    login(page, live_server, lead.username, DEFAULT_PASSWORD)
    page.goto(f"{live_server.url}/")
    page.locator(f'tr[data-project="{project.pk}"] a', has_text="Import / export").click()
    expect(page.locator("h1")).to_contain_text("Import and export: Danske sager")
    return project


def _upload(page, path: Path, fmt: str = "") -> None:
    page.set_input_files("#dab-file", str(path))
    if fmt:
        page.select_option("#dab-format", fmt)
    page.click("#dab-import-form button[type=submit]")


def test_import_page_refuses_a_malformed_file_whole_and_takes_a_good_one(
        page, live_server, login, db, tmp_path):
    project = _open(page, live_server, login)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([_task("t1"), _task("t2", labels="PERSON")]), encoding="utf-8")
    _upload(page, bad)
    msg = page.locator("#dab-message")
    expect(msg).to_contain_text("Nothing was imported")
    expect(msg).to_contain_text("t2/annotation 0: region a: value.labels must be a list")
    assert Essay.objects.filter(project=project).count() == 0
    good = tmp_path / "good.json"
    good.write_text(json.dumps([_task("t1"), _task("t2")]), encoding="utf-8")
    _upload(page, good, "labelstudio")
    expect(msg).to_contain_text("Imported 2 document(s) from good.json (labelstudio)")
    assert sorted(Essay.objects.filter(project=project).values_list("external_id", flat=True)) \
        == ["t1", "t2"]
    # The same file again: refused whole, the ids named.
    _upload(page, good)
    expect(msg).to_contain_text("documents already in the project: t1, t2")


@pytest.mark.skipif(not DAB_FILE.exists(), reason="../shared/data/dab not present")
def test_the_public_dab_export_goes_in_and_comes_out_unchanged(page, live_server, login, db,
                                                                tmp_path):
    project = _open(page, live_server, login)
    _upload(page, DAB_FILE)
    expect(page.locator("#dab-message")).to_contain_text("Imported 54 document(s)",
                                                         timeout=60_000)
    with page.expect_download() as info:
        page.click("#dab-export-labelstudio")
    out = tmp_path / "export.json"
    info.value.save_as(out)
    source = json.loads(DAB_FILE.read_text(encoding="utf-8"))
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert {t["id"]: t for t in exported} == {t["id"]: t for t in source}
    with page.expect_download() as info:
        page.click("#dab-export-tab")
    tab = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert len(tab) == 54 == Essay.objects.filter(project=project).count()


def test_import_page_names_a_member_with_two_annotations(page, live_server, login, db,
                                                         tmp_path):
    project = _open(page, live_server, login)
    MembershipFactory(project=project, role="annotator", user__username="anna")
    task = _task("t1")
    task["annotations"] = [dict(task["annotations"][0], completed_by="anna"),
                           dict(task["annotations"][0], completed_by="A2")]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps([task]), encoding="utf-8")
    page.set_input_files("#dab-file", str(path))
    page.fill("#dab-annotators", "A2 = anna")
    page.click("#dab-import-form button[type=submit]")
    expect(page.locator("#dab-message")).to_contain_text("1 annotation(s) assigned")
    warning = page.locator("#dab-warning")
    expect(warning).to_have_attribute("role", "alert")
    expect(warning).to_contain_text("document t1: annotations 1 and 2 both belong to member "
                                    "anna (annotator 'A2')")
    expect(warning).to_contain_text("annotation 2 is kept in the main version only")
    essay = Essay.objects.get(project=project, external_id="t1")
    assert [a["annotator"] for a in essay.versions.get(number=1).graph["annotations"]] == [
        "anna", "A2"]
