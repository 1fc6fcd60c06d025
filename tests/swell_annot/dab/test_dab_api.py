"""Scheme ``dab`` in the web app: stored documents, versions, submit, pre-annotation, import and
export through the API (real PostgreSQL)."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest

from pseudonymizer.dab.labelstudio import export_labelstudio
from pseudonymizer.dab.scheme import Annotation, DabDocument, Mention, Relation
from swell_annot.audit.models import AuditEvent
from swell_annot.corpus import crypto
from swell_annot.corpus.models import Essay
from swell_annot.corpus.prepseudonymize import prepseudonymize_queue
from swell_annot.dab.document import document_json
from tests.factories import (
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
    ProjectFactory,
)

pytestmark = pytest.mark.django_db

TEXT = "Hr. Jens Hansen bor på Nørregade 12, 8000 Aarhus. Jens ringer på 26 35 58 65."
DAB_FILE = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "dab" / \
    "DAB_annotated_dataset.json"


def _m(mid: str, text: str, label: str, idt: str, nth: int = 0) -> Mention:
    start = TEXT.index(text, TEXT.index(text) + 1) if nth else TEXT.index(text)
    return Mention(mid, start, start + len(text), text, label, idt)


def _doc(text: str = TEXT) -> dict:
    ann = Annotation(
        mentions=[
            _m("m1", "Jens Hansen", "PERSON", "DIRECT"),
            _m("m2", "Nørregade 12, 8000 Aarhus", "LOC", "QUASI"),
            _m("m3", "Jens", "PERSON", "DIRECT", nth=1),
        ],
        relations=[Relation("m3", "m1")],
        annotator="anna",
    )
    return document_json(DabDocument(id="d1", text=text, annotations=[ann], protected=["Jens"]))


@pytest.fixture
def dab(db):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    annotator = MembershipFactory(project=project, role="annotator").user
    essay = EssayFactory(project=project, original=TEXT, status="pre_pseudonymized")
    EssayVersionFactory(essay=essay, graph=_doc(), token_count=len(TEXT.split()))
    AssignmentFactory(essay=essay, annotator=annotator)
    return {"project": project, "lead": lead, "annotator": annotator, "essay": essay}


def test_document_mentions_are_as_written(dab):
    assert _doc()["annotations"][0]["mentions"][1]["text"] == "Nørregade 12, 8000 Aarhus"


def test_save_a_version_keeps_category_beside_identifier_type(dab, as_user):
    client = as_user(dab["annotator"])
    doc = _doc()
    doc["annotations"][0]["mentions"][1]["identifier_type"] = "NO_MASK"
    doc["annotations"][0]["mentions"][1]["confidential"] = None
    doc["annotations"][0]["mentions"][0]["confidential"] = "HEALTH"
    r = client.post(f"/api/essays/{dab['essay'].pk}/versions/",
                    {"base_version": 1, "graph": doc}, format="json")
    assert r.status_code == 201, r.content
    got = client.get(f"/api/essays/{dab['essay'].pk}/").json()
    m = got["current"]["graph"]["annotations"][0]["mentions"]
    assert [(x["label"], x["identifier_type"], x["confidential"]) for x in m] == [
        ("PERSON", "DIRECT", "HEALTH"), ("LOC", "NO_MASK", None), ("PERSON", "DIRECT", None)]
    assert got["current"]["number"] == 2 and got["label_count"] == 3
    essay = Essay.objects.get(pk=dab["essay"].pk)
    assert essay.status == "in_annotation"
    # encrypted at rest: no plain text of the document in the stored bytes
    raw = bytes(essay.versions.get(number=2).graph_encrypted)
    assert b"Hansen" not in raw
    assert crypto.decrypt_json(raw) == doc


def test_stale_base_version_gives_409_with_current_document(dab, as_user):
    client = as_user(dab["annotator"])
    url = f"/api/essays/{dab['essay'].pk}/versions/"
    assert client.post(url, {"base_version": 1, "graph": _doc()}, format="json").status_code == 201
    r = client.post(url, {"base_version": 1, "graph": _doc()}, format="json")
    assert r.status_code == 409
    assert r.json()["current"]["number"] == 2
    assert r.json()["current"]["graph"]["scheme"] == "dab"


@pytest.mark.parametrize(
    "break_it, message",
    [
        (lambda d: d["annotations"][0]["mentions"][0].update(label="NAME"), "unknown category"),
        (lambda d: d["annotations"][0]["mentions"][0].update(identifier_type="MAYBE"),
         "unknown identifier type"),
        (lambda d: d["annotations"][0]["mentions"][0].update(confidential="FOOD"),
         "unknown confidential"),
        (lambda d: d["annotations"][0]["mentions"][0].update(end=14), "differs from the document"),
        (lambda d: d["annotations"][0]["relations"].append(
            {"from_id": "m1", "to_id": "m9"}), "does not exist"),
        (lambda d: d["annotations"][0]["mentions"][1].update(id="m1"), "used twice"),
        (lambda d: d.update(text=d["text"] + " Mere."), "not the essay's original"),
        (lambda d: d.update(scheme="swell"), "expected 'dab'"),
        (lambda d: d.update(editor=[1]), "editor.rejected"),
        (lambda d: d.update(editor={"rejected": [1]}), "editor.rejected"),
        (lambda d: d["annotations"][0]["mentions"][0].update(start="4"), "integers"),
        (lambda d: d["annotations"][0]["mentions"][0].pop("label"), "missing field"),
        (lambda d: d.update(annotations={}), "expected a list"),
        (lambda d: d["annotations"][0]["mentions"][0].update(id=7), "id must be a string"),
    ],
)
def test_invalid_documents_are_refused_and_nothing_is_lost(dab, as_user, break_it, message):
    client = as_user(dab["annotator"])
    doc = _doc()
    break_it(doc)
    r = client.post(f"/api/essays/{dab['essay'].pk}/versions/",
                    {"base_version": 1, "graph": doc}, format="json")
    assert r.status_code == 400
    assert any(message in e for e in r.json()["errors"]), r.json()
    assert Essay.objects.get(pk=dab["essay"].pk).current_version == 1


def test_a_svala_graph_is_refused_in_a_dab_project_and_vice_versa(dab, as_user):
    from pseudonymizer.graph import from_text

    client = as_user(dab["annotator"])
    r = client.post(f"/api/essays/{dab['essay'].pk}/versions/",
                    {"base_version": 1, "graph": from_text(TEXT)}, format="json")
    assert r.status_code == 400
    swell = EssayFactory(original=TEXT)
    EssayVersionFactory(essay=swell)
    lead = MembershipFactory(project=swell.project, role="lead").user
    r = as_user(lead).post(f"/api/essays/{swell.pk}/versions/",
                           {"base_version": 1, "graph": _doc()}, format="json")
    assert r.status_code == 400
    assert "cannot be stored" in r.json()["errors"][0]


def test_outsider_gets_404_and_unassigned_annotator_cannot_read(dab, as_user):
    other = MembershipFactory(project=dab["project"], role="annotator").user
    assert as_user(other).get(f"/api/essays/{dab['essay'].pk}/").status_code == 404
    outsider = MembershipFactory(role="admin").user
    url = f"/api/essays/{dab['essay'].pk}/dab/export/"
    assert as_user(outsider).get(url).status_code == 404
    r = as_user(dab["annotator"]).get(f"/api/projects/{dab['project'].pk}/dab/export/")
    assert r.status_code == 403


def test_submit_warns_about_undecided_preannotations(dab, as_user):
    doc = _doc()
    doc["predictions"] = [{"annotator": "auto", "mentions": [
        {"id": "p1", "start": TEXT.index("26 35"), "end": TEXT.index("26 35") + 11,
         "text": "26 35 58 65", "label": "CODE",
         "identifier_type": "DIRECT"}], "relations": []}]
    client = as_user(dab["annotator"])
    r = client.post(f"/api/essays/{dab['essay'].pk}/versions/",
                    {"base_version": 1, "graph": doc}, format="json")
    assert r.status_code == 201, r.content
    r = client.post(f"/api/essays/{dab['essay'].pk}/submit/")
    assert r.status_code == 200, r.content
    assert [w["code"] for w in r.json()["warnings"]] == ["pending_predictions"]


def test_pseudonyms_endpoint_refuses_dab(dab, as_user):
    r = as_user(dab["annotator"]).post(f"/api/essays/{dab['essay'].pk}/pseudonyms/",
                                       {"graph": _doc()}, format="json")
    assert r.status_code == 400


def test_prepseudonymization_runs_the_danish_preannotation(db, django_capture_on_commit_callbacks):
    project = ProjectFactory(scheme="dab", language="da")
    essay = EssayFactory(project=project, original=TEXT, status="imported")
    with django_capture_on_commit_callbacks(execute=True):
        job = prepseudonymize_queue(project=project, essay_ids=[essay.pk])
    essay.refresh_from_db()
    assert essay.status == "pre_pseudonymized", job
    version = essay.versions.get(number=1)
    assert version.origin == "automatic"
    doc = version.graph
    assert doc["scheme"] == "dab" and doc["annotations"] == []
    found = {(m["text"], m["label"]) for m in doc["predictions"][0]["mentions"]}
    assert ("26 35 58 65", "CODE") in found
    assert any(label == "PERSON" and "Jens Hansen" in text for text, label in found)


def _upload(client, project, payload, fmt=None, name="tasks.json"):
    data = {"file": io.BytesIO(json.dumps(payload, ensure_ascii=False).encode())}
    data["file"].name = name
    if fmt:
        data["format"] = fmt
    return client.post(f"/api/projects/{project.pk}/dab/import/", data, format="multipart")


def test_labelstudio_and_tab_round_trip_through_the_api(dab, as_user):
    client = as_user(dab["lead"])
    r = client.get(f"/api/essays/{dab['essay'].pk}/dab/export/?as=labelstudio")
    assert r.status_code == 200
    tasks = r.json()
    assert tasks[0]["data"]["text"] == TEXT
    items = tasks[0]["annotations"][0]["result"]
    assert {i["type"] for i in items} == {"labels", "choices", "relation"}
    tab = client.get(f"/api/essays/{dab['essay'].pk}/dab/export/?as=tab").json()
    ems = tab[0]["annotations"]["anna"]["entity_mentions"]
    assert [(e["entity_type"], e["identifier_type"]) for e in ems] == [
        ("PERSON", "DIRECT"), ("LOC", "QUASI"), ("PERSON", "DIRECT")]
    assert ems[0]["entity_id"] == ems[2]["entity_id"] != ems[1]["entity_id"]
    assert AuditEvent.objects.filter(action="export", essay_id=dab["essay"].pk).count() == 2

    target = ProjectFactory(scheme="dab", language="da")
    MembershipFactory(project=target, role="lead", user=dab["lead"])
    for fmt, payload in (("labelstudio", tasks), ("tab", tab)):
        for t in payload:
            (t.__setitem__("id", "ls-1") if fmt == "labelstudio" else t.__setitem__("doc_id",
                                                                                    "tab-1"))
        r = _upload(client, target, payload)
        assert r.status_code == 201, r.content
        assert r.json()["format"] == fmt
    again = client.get(f"/api/projects/{target.pk}/dab/export/?as=labelstudio").json()
    assert [t["id"] for t in again] == ["ls-1", "tab-1"]
    assert again[0] == tasks[0]
    again_tab = client.get(f"/api/projects/{target.pk}/dab/export/?as=tab").json()
    assert again_tab[1]["annotations"] == tab[0]["annotations"]


def test_bad_import_writes_nothing(dab, as_user):
    client = as_user(dab["lead"])
    project = dab["project"]
    good = {"id": "ok", "data": {"text": "Kim bor i Vejle."}, "annotations": []}
    bad = {"id": "bad", "data": {"text": "Kim."}, "annotations": [{"result": [
        {"id": "x", "type": "labels", "from_name": "label", "to_name": "text",
         "value": {"start": 0, "end": 30, "text": "Kim", "labels": ["PERSON"]}}]}]}
    before = Essay.objects.filter(project=project).count()
    r = _upload(client, project, [good, bad])
    assert r.status_code == 400 and "bad" in json.dumps(r.json())
    r = _upload(client, project, [good, copy.deepcopy(good)])
    assert r.status_code == 400 and "twice" in json.dumps(r.json())
    r = client.post(f"/api/projects/{project.pk}/dab/import/",
                    {"file": io.BytesIO(b"{not json")}, format="multipart")
    assert r.status_code == 400
    assert Essay.objects.filter(project=project).count() == before
    assert _upload(as_user(dab["annotator"]), project, [good]).status_code == 403


_LS_REGION = {"id": "a", "type": "labels", "from_name": "label", "to_name": "text",
              "value": {"start": 0, "end": 3, "text": "Kim", "labels": ["PERSON"]}}


@pytest.mark.parametrize(("bad", "message"), [
    # a choices item whose value is a bare string (hand-edited Label Studio JSON)
    ({"id": "t2", "data": {"text": "Kim bor i Vejle."}, "annotations": [{"result": [
        _LS_REGION, {"id": "a", "type": "choices", "from_name": "identifier_type",
                     "to_name": "text", "value": "DIRECT"}]}]},
     "t2/annotation 0: region a: a choices item's value is not an object"),
    # a label written as a string instead of a list
    ({"id": "t2", "data": {"text": "Kim bor i Vejle."}, "annotations": [{"result": [
        {**_LS_REGION, "value": {**_LS_REGION["value"], "labels": "PERSON"}}]}]},
     "value.labels must be a list of strings"),
])
def test_malformed_labelstudio_file_is_refused_with_the_place_named(dab, as_user, bad,
                                                                    message):
    client = as_user(dab["lead"])
    project = dab["project"]
    good = {"id": "t1", "data": {"text": "Kim bor i Vejle."}, "annotations": []}
    before = Essay.objects.filter(project=project).count()
    r = _upload(client, project, [good, bad])
    assert r.status_code == 400
    assert message in str(r.json()["file"])
    assert Essay.objects.filter(project=project).count() == before


def test_malformed_tab_file_is_refused_with_the_place_named(dab, as_user):
    client = as_user(dab["lead"])
    project = dab["project"]
    text = "Kim bor i Vejle."
    em = {"entity_type": "PERSON", "entity_mention_id": "em1", "start_offset": 0,
          "end_offset": 3, "span_text": "Kim", "identifier_type": "DIRECT", "entity_id": "e1",
          "confidential_status": "NOT_CONFIDENTIAL"}
    good = {"doc_id": "g1", "text": text, "annotations": {"a": {"entity_mentions": [em]}}}
    shifted = {"doc_id": "g2", "text": text, "annotations": {"a": {"entity_mentions": [
        {**em, "start_offset": 1, "end_offset": 4}]}}}
    named = {"doc_id": "g3", "text": text, "protected": "Kim", "annotations": {}}
    before = Essay.objects.filter(project=project).count()
    r = _upload(client, project, [good, shifted], fmt="tab")
    assert r.status_code == 400
    assert "g2/a/0: span_text 'Kim' is not the text at 1..4" in str(r.json()["file"])
    r = _upload(client, project, [good, named], fmt="tab")
    assert r.status_code == 400
    assert "'protected' must be a list" in str(r.json()["file"])
    assert Essay.objects.filter(project=project).count() == before
    assert _upload(client, project, [good], fmt="tab").status_code == 201


@pytest.mark.skipif(not DAB_FILE.exists(), reason="../shared/data/dab not present")
def test_public_dab_export_imports_without_loss(db, as_user):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    client = as_user(lead)
    source = json.loads(DAB_FILE.read_text(encoding="utf-8"))
    r = client.post(f"/api/projects/{project.pk}/dab/import/",
                    {"file": DAB_FILE.open("rb")}, format="multipart")
    assert r.status_code == 201, r.content[:500]
    assert len(r.json()["created"]) == len(source) == 54
    out = client.get(f"/api/projects/{project.pk}/dab/export/?as=labelstudio").json()
    by_id = {t["id"]: t for t in out}
    assert {t["id"]: t for t in source} == by_id
    # the masked mentions keep a semantic category beside their identifier type
    essay = Essay.objects.filter(project=project).order_by("pk").first()
    doc = essay.versions.get(number=1).graph
    masked = [m for m in doc["annotations"][0]["mentions"] if m["identifier_type"] != "NO_MASK"]
    assert masked and all(m["label"] in {"PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME",
                                         "QUANTITY", "MISC"} for m in masked)
    tab = client.get(f"/api/projects/{project.pk}/dab/export/?as=tab").json()
    assert len(tab) == 54 and all(d["annotations"] for d in tab)


def test_export_of_unchanged_library_document_equals_library_export(dab):
    from swell_annot.dab.services import essay_document

    doc = essay_document(Essay.objects.get(pk=dab["essay"].pk))
    assert export_labelstudio([doc]) == export_labelstudio([doc], original=True)


def test_review_of_a_dab_essay_uses_the_shared_workflow(dab, as_user):
    """Submit, review queue, dashboard, return and approve work on dab documents too."""
    essay = dab["essay"]
    lead = as_user(dab["lead"])
    assert as_user(dab["annotator"]).post(f"/api/essays/{essay.pk}/submit/").status_code == 200
    r = lead.get(f"/api/projects/{dab['project'].pk}/review-queue/")
    assert r.status_code == 200, r.content[:300]
    assert [e["id"] for e in r.json()["essays"]] == [essay.pk]
    assert lead.get(f"/api/projects/{dab['project'].pk}/dashboard/").status_code == 200
    r = lead.post(f"/api/essays/{essay.pk}/return/", {"message": "Tjek adressen"}, format="json")
    assert r.status_code == 200, r.content[:300]
    assert as_user(dab["annotator"]).post(f"/api/essays/{essay.pk}/submit/").status_code == 200
    r = lead.post(f"/api/essays/{essay.pk}/approve/")
    assert r.status_code == 200, r.content[:300]
    assert Essay.objects.get(pk=essay.pk).status == "approved"
    board = lead.get(f"/api/projects/{dab['project'].pk}/dashboard/").json()
    assert board["labels"] == {"PERSON": 2, "LOC": 1}
    assert board["by_status"]["approved"] == 1


def test_dashboard_measures_automatic_against_final_dab_versions(dab, as_user):
    """The first automatic version's proposals are scored with the TAB measures."""
    essay = dab["essay"]
    auto = _doc()
    auto["annotations"] = []
    auto["predictions"] = [copy.deepcopy(_doc()["annotations"][0])]
    auto["predictions"][0]["mentions"] = auto["predictions"][0]["mentions"][:1]  # Jens Hansen
    auto["predictions"][0]["relations"] = []
    essay.versions.filter(number=1).update(
        origin="automatic", graph_encrypted=crypto.encrypt_json(auto)
    )
    EssayVersionFactory(essay=essay, graph=_doc(), origin="imported", token_count=5)
    Essay.objects.filter(pk=essay.pk).update(status="approved")
    board = as_user(dab["lead"]).get(f"/api/projects/{dab['project'].pk}/dashboard/").json()
    report = board["auto_vs_final"]
    # The Jens entity has two DIRECT mentions and the automatic pass covered one only: the
    # entity is not protected; the address (QUASI) was missed; every masked character was right.
    assert report["documents"] == 1
    assert report["mention_recall"]["DIRECT"] == 0.5
    assert report["entity_recall"]["DIRECT"] == 0.0
    assert report["entity_recall"]["QUASI"] == 0.0
    assert report["precision_char"] == 1.0


def test_generic_import_of_text_preannotates_and_refuses_svala_graphs(
    db, django_capture_on_commit_callbacks
):
    from pseudonymizer.graph import from_text
    from swell_annot.corpus import importing

    project = ProjectFactory(scheme="dab", language="da")
    lines = [json.dumps({"id": "t1", "text": TEXT}),
             json.dumps({"id": "g1", "graph": from_text(TEXT)})]
    with django_capture_on_commit_callbacks(execute=True):
        job = importing.import_queue(project=project, filename="x.jsonl",
                                     data="\n".join(lines).encode())
    job.refresh_from_db()
    assert [e["id"] for e in job.errors] == ["g1"]
    assert "dab/import" in job.errors[0]["reason"]
    essay = Essay.objects.get(project=project)
    assert essay.external_id == "t1" and essay.status == "pre_pseudonymized"
    doc = essay.versions.get(number=1).graph
    assert doc["scheme"] == "dab" and doc["predictions"][0]["mentions"]


def test_admin_action_exports_a_dab_project(dab, client):
    from django.contrib.auth import get_user_model

    admin_user = get_user_model().objects.create_superuser("root-h8", "r@example.org", "pw-x")
    client.force_login(admin_user)
    r = client.post("/admin/projects/project/", {
        "action": "export_tab_action", "_selected_action": [dab["project"].pk]})
    assert r.status_code == 200, r.content[:300]
    docs = json.loads(r.content)
    assert [d["doc_id"] for d in docs] == [dab["essay"].external_id]
    assert AuditEvent.objects.filter(action="export", user=admin_user).count() == 1
    swell = ProjectFactory()
    r = client.post("/admin/projects/project/", {
        "action": "export_tab_action", "_selected_action": [swell.pk]})
    assert r.status_code == 302  # back to the list with an error message, nothing exported
    assert AuditEvent.objects.filter(action="export", user=admin_user).count() == 1


def test_editor_page_picks_the_mode_from_the_scheme_only_for_readers(dab, client):
    def boot_of(user) -> dict:
        client.force_login(user)
        html = client.get(f"/editor/essays/{dab['essay'].pk}/").content.decode()
        start = html.index('id="editor-boot"')
        body = html[html.index(">", start) + 1: html.index("</script>", start)]
        return json.loads(body)

    assert boot_of(dab["annotator"])["scheme"] == "dab"
    outsider = MembershipFactory(role="admin").user
    assert boot_of(outsider)["scheme"] == "swell"  # says nothing about a foreign essay
