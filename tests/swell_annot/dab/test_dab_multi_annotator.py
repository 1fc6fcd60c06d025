"""Imported dab documents annotated by several annotators: each member edits their own
annotation in their own draft chain; the lead sees every imported annotation in the main chain
(real PostgreSQL, through the API as the import form and the editor use it)."""

from __future__ import annotations

import io
import json

import pytest

from swell_annot.corpus.models import Assignment, DraftVersion, Essay
from tests.factories import MembershipFactory, ProjectFactory

pytestmark = pytest.mark.django_db

TEXT = "Hr. Jens Hansen bor i Vejle. Jens ringer på 26 35 58 65."


def region(rid: str, text: str, label: str, nth: int = 0) -> dict:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(text, start + 1)
    return {"id": rid, "from_name": "entity_mentions", "to_name": "doc_text", "type": "labels",
            "value": {"start": start, "end": start + len(text), "text": text,
                      "labels": [label]}}


def task(tid: int, annotations: list[tuple[object, list[dict]]]) -> dict:
    return {"id": tid, "data": {"text": TEXT},
            "annotations": [{"id": 100 + k, "completed_by": who, "result": result}
                            for k, (who, result) in enumerate(annotations)]}


@pytest.fixture
def setup(db):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead", user__username="lise").user
    mette = MembershipFactory(project=project, role="annotator", user__username="mette").user
    jonas = MembershipFactory(project=project, role="annotator", user__username="jonas",
                              user__email="jonas@example.dk").user
    return project, lead, mette, jonas


def upload(client, project, tasks, **extra):
    f = io.BytesIO(json.dumps(tasks).encode())
    f.name = "tasks.json"
    return client.post(f"/api/projects/{project.pk}/dab/import/", {"file": f, **extra},
                       format="multipart")


def test_each_annotator_edits_their_own_imported_annotation(setup, as_user):
    project, lead, mette, jonas = setup
    tasks = [task(1, [
        ("mette", [region("a1", "Jens Hansen", "PERSON"), region("a2", "Vejle", "LOC")]),
        # a Label Studio user object: matched by e-mail
        ({"id": 7, "email": "jonas@example.dk"}, [region("b1", "Jens Hansen", "PERSON"),
                                                  region("b2", "26 35 58 65", "CODE")]),
        (42, [region("c1", "Jens", "PERSON", nth=1)]),  # nobody of the project
    ]), task(2, [("mette", [region("a1", "Vejle", "LOC")])])]
    r = upload(as_user(lead), project, tasks)
    assert r.status_code == 201, r.content
    body = r.json()
    assert sorted(d["username"] for d in body["drafts"]) == ["jonas", "mette"]
    assert body["unmatched_annotators"] == ["42"]
    essay = Essay.objects.get(project=project, external_id="1")
    single = Essay.objects.get(project=project, external_id="2")
    assert essay.status == "in_annotation"
    assert set(Assignment.objects.filter(essay=essay).values_list(
        "annotator__username", flat=True)) == {"mette", "jonas"}
    # a document with one annotation stays as before: main chain only, nobody assigned
    assert not DraftVersion.objects.filter(essay=single).exists()
    assert single.status == "pre_pseudonymized"

    def shown(user):
        got = as_user(user).get(f"/api/essays/{essay.pk}/").json()
        anns = got["current"]["graph"]["annotations"]
        return got["current"]["number"], [[m["text"] for m in a["mentions"]] for a in anns]

    assert shown(mette) == (2, [["Jens Hansen", "Vejle"]])
    assert shown(jonas) == (2, [["Jens Hansen", "26 35 58 65"]])
    # the lead (not assigned) sees the main chain with every imported annotation
    number, anns = shown(lead)
    assert number == 1 and len(anns) == 3

    # mette saves her own chain; jonas' stays as it was; her list shows her own count
    mine = as_user(mette).get(f"/api/essays/{essay.pk}/").json()["current"]["graph"]
    mine["annotations"][0]["mentions"].pop()
    r = as_user(mette).post(f"/api/essays/{essay.pk}/versions/",
                            {"base_version": 2, "graph": mine}, format="json")
    assert r.status_code == 201, r.content
    assert shown(mette) == (3, [["Jens Hansen"]])
    assert shown(jonas) == (2, [["Jens Hansen", "26 35 58 65"]])
    listed = as_user(jonas).get(f"/api/essays/?project={project.pk}").json()["results"]
    assert [(e["external_id"], e["label_count"]) for e in listed] == [("1", 2)]


def test_the_import_maps_file_names_to_members(setup, as_user):
    project, lead, mette, jonas = setup
    tasks = [task(1, [(3, [region("a1", "Vejle", "LOC")]),
                      (4, [region("b1", "Jens Hansen", "PERSON")])])]
    r = upload(as_user(lead), project, tasks, annotators=json.dumps({"3": "jonas", "4": "lise"}))
    assert r.status_code == 201, r.content
    assert sorted((d["annotator"], d["username"]) for d in r.json()["drafts"]) == [
        ("3", "jonas"), ("4", "lise")]
    # a username that is not a member: refused, nothing written
    again = [dict(tasks[0], id=2)]
    r = upload(as_user(lead), project, again, annotators=json.dumps({"3": "nobody"}))
    assert r.status_code == 400 and "nobody" in json.dumps(r.json())
    assert not Essay.objects.filter(project=project, external_id="2").exists()
    r = upload(as_user(lead), project, again, annotators="[1, 2]")
    assert r.status_code == 400 and "annotators" in r.json()


def test_two_annotations_of_one_member_are_reported_and_both_kept(setup, as_user):
    """The same member twice in one document (the same id, and two names mapped to one
    username) and two annotations without an annotator: the import says so per document and
    annotation, the member's chain holds the first, nothing is dropped or merged."""
    project, lead, mette, jonas = setup
    tasks = [
        task(1, [("mette", [region("a1", "Jens Hansen", "PERSON")]),
                 ("jonas", [region("b1", "Vejle", "LOC")]),
                 ("mette", [region("c1", "26 35 58 65", "CODE")])]),
        task(2, [("M1", [region("a1", "Vejle", "LOC")]),
                 ("M2", [region("b1", "Jens", "PERSON", nth=1)])]),
        task(3, [(None, [region("a1", "Vejle", "LOC")]),
                 (None, [region("b1", "Jens Hansen", "PERSON")])]),
    ]
    r = upload(as_user(lead), project, tasks,
               annotators=json.dumps({"M1": "jonas", "M2": "jonas"}))
    assert r.status_code == 201, r.content
    body = r.json()
    assert sorted((d["external_id"], d["username"]) for d in body["drafts"]) == [
        ("1", "jonas"), ("1", "mette"), ("2", "jonas")]
    got = {(n["external_id"], n["annotation"]): n for n in body["not_assigned"]}
    assert set(got) == {("1", 3), ("2", 2), ("3", 1), ("3", 2)}
    assert got[("1", 3)]["reason"] == "same_member" and got[("1", 3)]["first"] == 1
    assert got[("1", 3)]["username"] == "mette"
    assert "document 1: annotations 1 and 3 both belong to member mette" in \
        got[("1", 3)]["message"]
    assert (got[("2", 2)]["reason"], got[("2", 2)]["annotator"], got[("2", 2)]["first"]) == \
        ("same_member", "M2", 1)
    assert [got[("3", k)]["reason"] for k in (1, 2)] == ["no_name", "no_name"]

    def main(external_id):
        essay = Essay.objects.get(project=project, external_id=external_id)
        graph = essay.versions.get(number=1).graph
        return [[m["text"] for m in a["mentions"]] for a in graph["annotations"]]

    # the main version keeps every imported annotation
    assert main("1") == [["Jens Hansen"], ["Vejle"], ["26 35 58 65"]]
    assert main("2") == [["Vejle"], ["Jens"]]
    assert main("3") == [["Vejle"], ["Jens Hansen"]]
    # mette's own chain holds her first annotation only
    mine = as_user(mette).get(
        f"/api/essays/{Essay.objects.get(project=project, external_id='1').pk}/").json()
    assert [[m["text"] for m in a["mentions"]] for a in mine["current"]["graph"]["annotations"]] \
        == [["Jens Hansen"]]


def test_the_adjudication_keeps_annotations_no_chain_came_from():
    from swell_annot.dab.adjudication import adjudicated

    def ann(name, text):
        return {"annotator": name, "mentions": [{"id": "x", "start": 0, "end": 1, "text": text}],
                "relations": [], "extra": {}}

    def doc(*anns):
        return {"scheme": "dab", "id": "d", "text": TEXT, "annotations": list(anns),
                "predictions": [], "data": {}, "protected": [], "extra": {}, "editor": {}}

    main = doc(ann("mette", "m1"), ann("jonas", "j1"), ann("mette", "m2"), ann(None, "anon"),
               ann("42", "x"))
    out = adjudicated([("mette", doc(ann("mette", "m1 edited"))),
                       ("jonas", doc(ann("jonas", "j1 edited")))], 0, main)
    assert [(a["annotator"], a["mentions"][0]["text"]) for a in out["annotations"]] == [
        ("mette", "m1 edited"), ("jonas", "j1 edited"), ("mette", "m2"), (None, "anon"),
        ("42", "x")]
    # adjudicating again: the previous result's copies (named by username) are replaced
    again = adjudicated([("mette", doc(ann("mette", "m1 edited"))),
                         ("jonas", doc(ann("7", "j1 again")))], 1, out)
    assert [(a["annotator"], a["mentions"][0]["text"]) for a in again["annotations"]] == [
        ("jonas", "j1 again"), ("mette", "m1 edited"), ("mette", "m2"), (None, "anon"),
        ("42", "x")]
