"""Pre-annotations that come with an imported Label Studio file are offered in the editor as
pending pre-annotations, exactly like the Danish pre-annotator's proposals: stored as the
document's ``predictions``, undecided until the annotator accepts (a mention at the same
offsets) or rejects them, and the export still writes the file as it came (real PostgreSQL,
through the API the import page and the editor use)."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest

from swell_annot.corpus.models import Essay
from swell_annot.dab.document import pending_predictions
from tests.factories import AssignmentFactory, MembershipFactory, ProjectFactory

pytestmark = pytest.mark.django_db

TEXT = "Kim Holm bor i Vejle og ringer til Ole på 26 35 58 65."
DAB_FILE = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "dab" / \
    "DAB_annotated_dataset.json"


def region(word: str, label: str, rid: str | None = None) -> dict:
    s = TEXT.index(word)
    item = {"from_name": "label", "to_name": "text", "type": "labels",
            "value": {"start": s, "end": s + len(word), "text": word, "labels": [label]}}
    if rid:
        item["id"] = rid
    return item


def tasks() -> list[dict]:
    """t1: predictions only (a pre-annotated task nobody has annotated yet); t2: as Label
    Studio's own export writes it (the DAB file): the prediction listed by id and nested in
    the annotation made from it, which kept one of its regions."""
    dacy = {"id": 9, "model_version": "dacy", "result": [
        region("Kim Holm", "PERSON"), region("Vejle", "LOC"), region("26 35 58 65", "CODE")]}
    return [
        {"id": 1, "data": {"text": TEXT}, "annotations": [],
         "predictions": [{"model_version": "dacy", "result": [
             region("Kim Holm", "PERSON", "p1"), region("Ole", "PERSON", "p2")]}]},
        {"id": 2, "data": {"text": TEXT}, "predictions": [9], "annotations": [
            {"id": 5, "completed_by": 1, "prediction": dacy,
             "result": [region("Kim Holm", "PERSON", "a1")]}]},
    ]


@pytest.fixture
def imported(db, as_user):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    annotator = MembershipFactory(project=project, role="annotator").user
    f = io.BytesIO(json.dumps(tasks()).encode())
    f.name = "dacy.json"
    r = as_user(lead).post(f"/api/projects/{project.pk}/dab/import/", {"file": f},
                           format="multipart")
    assert r.status_code == 201, r.content
    essays = {e.external_id: e for e in Essay.objects.filter(project=project)}
    for essay in essays.values():
        AssignmentFactory(essay=essay, annotator=annotator)
    return {"project": project, "lead": lead, "annotator": annotator, "essays": essays}


def _graph(client, essay) -> dict:
    r = client.get(f"/api/essays/{essay.pk}/")
    assert r.status_code == 200, r.content
    return r.json()["current"]["graph"]


def test_imported_predictions_are_pending_for_the_annotator(imported, as_user):
    client = as_user(imported["annotator"])
    only = _graph(client, imported["essays"]["1"])
    assert [m["text"] for m in pending_predictions(only)] == ["Kim Holm", "Ole"]
    assert only["predictions"][0]["annotator"] == "dacy"
    nested = _graph(client, imported["essays"]["2"])
    # the region the annotation kept is settled; the two it did not keep wait for a decision
    assert [m["text"] for m in pending_predictions(nested)] == ["Vejle", "26 35 58 65"]
    assert [m["label"] for m in pending_predictions(nested)] == ["LOC", "CODE"]


def test_accepting_and_rejecting_settles_them(imported, as_user):
    essay = imported["essays"]["2"]
    client = as_user(imported["annotator"])
    doc = _graph(client, essay)
    vejle, phone = pending_predictions(doc)
    # what the editor saves: Vejle accepted (copied into the working annotation), phone rejected
    accepted = {k: vejle[k] for k in ("start", "end", "text", "label", "identifier_type",
                                      "confidential", "entity")}
    doc["annotations"][0]["mentions"].append({**accepted, "id": "m9",
                                              "category_source": "annotator", "extra": {}})
    doc["editor"]["rejected"].append(phone["id"])
    r = client.post(f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": doc},
                    format="json")
    assert r.status_code == 201, r.content
    assert pending_predictions(_graph(client, essay)) == []
    r = client.post(f"/api/essays/{essay.pk}/submit/")
    assert r.status_code == 200, r.content
    assert "pending_predictions" not in [w["code"] for w in r.json()["warnings"]]
    # the prediction itself is kept as imported (the export writes it back nested)
    assert _graph(client, essay)["annotations"][0]["extra"]["prediction"]["id"] == 9


def test_export_writes_the_predictions_where_they_came_from(imported, as_user):
    client = as_user(imported["lead"])
    out = client.get(f"/api/projects/{imported['project'].pk}/dab/export/?as=labelstudio")
    assert out.status_code == 200
    assert out.json() == tasks()


@pytest.mark.skipif(not DAB_FILE.exists(), reason="../shared/data/dab not present")
def test_dab_dacy_predictions_are_offered(db, as_user):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    r = as_user(lead).post(f"/api/projects/{project.pk}/dab/import/",
                           {"file": DAB_FILE.open("rb")}, format="multipart")
    assert r.status_code == 201, r.content
    source = json.loads(DAB_FILE.read_text(encoding="utf-8"))
    want = 0
    for task in source:
        # the DaCy regions over which the DAB annotator marked nothing wait for a decision;
        # those the annotation kept, corrected or replaced are settled
        ann = task["annotations"][0]
        kept = [(x["value"]["start"], x["value"]["end"]) for x in ann["result"]
                if x["type"] == "labels"]
        want += sum(1 for x in ann["prediction"]["result"] if x["type"] == "labels"
                    and not any(s < x["value"]["end"] and x["value"]["start"] < e
                                for s, e in kept))
    got = 0
    for essay in Essay.objects.filter(project=project):
        graph = essay.versions.get(number=1).graph
        assert graph["predictions"][0]["annotator"] == "dacy", essay.external_id
        got += len(pending_predictions(copy.deepcopy(graph)))
    assert got == want > 0


def test_a_unit_over_a_prediction_settles_it():
    def m(mid, start, end):
        return {"id": mid, "start": start, "end": end, "text": TEXT[start:end]}

    doc = {"annotations": [{"mentions": [m("a", 0, 3), m("b", 15, 20)]}],
           "predictions": [{"mentions": [m("p1", 0, 8), m("p2", 4, 8), m("p3", 18, 30),
                                         m("p4", 35, 38), m("p5", 20, 22)]}],
           "editor": {"rejected": ["p4"]}}
    # p1 and p3 lie partly under a unit; p2 and p5 only beside one; p4 is rejected
    assert [x["id"] for x in pending_predictions(doc)] == ["p2", "p5"]
    doc["annotations"][0]["mentions"].append(m("c", 2, 40))  # a long unit over all of them
    assert pending_predictions(doc) == []
    # nothing marked, nothing rejected: all wait
    assert [x["id"] for x in pending_predictions({"predictions": doc["predictions"]})] == [
        "p1", "p2", "p3", "p4", "p5"]
