"""Double annotation of ``dab`` documents end to end through the API and the review pages:
import with two annotators, each submits their own annotation, the dashboard shows their
agreement (TAB measures both ways and per-mention agreement), the lead chooses one annotation
for the document, approves it, and the release is built from the chosen one."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.test import Client

from swell_annot.corpus.models import Essay
from swell_annot.dab.adjudication import adjudicated, agreement, differences
from swell_annot.releases.models import Release
from tests.factories import MembershipFactory, ProjectFactory

pytestmark = pytest.mark.django_db

TEXT = "Hr. Jens Hansen bor i Vejle. Jens ringer på 26 35 58 65."


def region(rid: str, text: str, label: str, kind: str | None = None, nth: int = 0) -> list:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(text, start + 1)
    value = {"start": start, "end": start + len(text), "text": text}
    items = [{"id": rid, "from_name": "entity_mentions", "to_name": "doc_text",
              "type": "labels", "value": {**value, "labels": [label]}}]
    if kind:
        items.append({"id": rid, "from_name": "identifier_type", "to_name": "doc_text",
                      "type": "choices", "value": {**value, "choices": [kind]}})
    return items


TASKS = [{"id": 1, "data": {"text": TEXT}, "annotations": [
    {"completed_by": "mette", "result": [
        *region("a1", "Jens Hansen", "PERSON", "DIRECT"),
        *region("a2", "Vejle", "LOC", "QUASI"),
        *region("a3", "Jens", "PERSON", "DIRECT", nth=1)]},
    {"completed_by": "jonas", "result": [
        *region("b1", "Jens Hansen", "PERSON", "DIRECT"),
        *region("b2", "Vejle", "LOC"),  # not masked
        *region("b3", "Jens", "PERSON", "DIRECT", nth=1),
        *region("b4", "26 35 58 65", "CODE", "DIRECT")]},
    {"completed_by": 42, "result": [*region("c1", "Vejle", "LOC", "QUASI")]},
]}]


@pytest.fixture
def imported(db, as_user, settings, tmp_path):
    settings.RELEASES_ROOT = str(tmp_path / "releases")
    project = ProjectFactory(scheme="dab", language="da")
    users = {
        "lead": MembershipFactory(project=project, role="lead", user__username="lise").user,
        "admin": MembershipFactory(project=project, role="admin", user__username="adm").user,
        "mette": MembershipFactory(project=project, role="annotator",
                                   user__username="mette").user,
        "jonas": MembershipFactory(project=project, role="annotator",
                                   user__username="jonas").user,
    }
    f = io.BytesIO(json.dumps(TASKS).encode())
    f.name = "tasks.json"
    r = as_user(users["lead"]).post(f"/api/projects/{project.pk}/dab/import/", {"file": f},
                                    format="multipart")
    assert r.status_code == 201, r.content
    essay = Essay.objects.get(project=project)
    return project, users, essay


def submit(as_user, user, essay):
    r = as_user(user).post(f"/api/essays/{essay.pk}/submit/", {}, format="json")
    assert r.status_code == 200, r.content
    return r.json()


def page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_agreement_measures_of_two_documents():
    def doc(mentions):
        return {"scheme": "dab", "id": "d", "text": TEXT, "annotations": [
            {"annotator": None, "mentions": mentions, "relations": [], "extra": {}}],
            "predictions": [], "data": {}, "protected": [], "extra": {}, "editor": {}}

    def m(mid, text, label, kind, nth=0):
        v = region(mid, text, label, nth=nth)[0]["value"]
        return {"id": mid, "start": v["start"], "end": v["end"], "text": text, "label": label,
                "identifier_type": kind, "confidential": None, "entity": None,
                "category_source": "annotator", "extra": {}}

    a = doc([m("1", "Jens Hansen", "PERSON", "DIRECT"), m("2", "Vejle", "LOC", "QUASI")])
    b = doc([m("1", "Jens Hansen", "PERSON", "DIRECT"), m("2", "Vejle", "ORG", "NO_MASK"),
             m("3", "26 35 58 65", "CODE", "DIRECT")])
    got = agreement([(a, b)])
    assert got["mentions"] == {"a": 2, "b": 3, "matched": 2, "f1": 0.8,
                               "same_category": 0.5, "same_masking": 0.5, "masked_f1": 0.5}
    # B against A: A's QUASI Vejle is left unmasked by B; A against B: B's code is missed
    assert got["b_against_a"]["entity_recall"] == {"DIRECT": 1.0, "QUASI": 0.0, "ALL": 0.5}
    assert got["a_against_b"]["entity_recall"]["DIRECT"] == 0.5
    assert differences(a, b) == [
        {"start": 22, "end": 27, "text": "Vejle", "a": "LOC · QUASI", "b": "ORG · NO_MASK"},
        {"start": 44, "end": 55, "text": "26 35 58 65", "a": None, "b": "CODE · DIRECT"}]
    main = doc([])
    main["annotations"] = [{"annotator": "x", "mentions": [], "relations": [], "extra": {}},
                           {"annotator": "old", "mentions": [], "relations": [], "extra": {}}]
    a["annotations"][0]["annotator"] = "x"
    out = adjudicated([("ann", a), ("bo", b)], 1, main)
    assert [x["annotator"] for x in out["annotations"]] == ["bo", "ann", "old"]
    assert out["annotations"][0]["mentions"] == b["annotations"][0]["mentions"]


def test_dashboard_agreement_and_choosing_one_annotation(
    imported, as_user, django_capture_on_commit_callbacks
):
    project, users, essay = imported
    lead = users["lead"]
    # nothing to compare while the annotators are still working
    assert as_user(lead).get(f"/api/projects/{project.pk}/dashboard/").json()["agreement"] \
        is None
    assert submit(as_user, users["mette"], essay)["status"] == "in_annotation"
    assert submit(as_user, users["jonas"], essay)["status"] == "submitted"

    data = as_user(lead).get(f"/api/projects/{project.pk}/dashboard/").json()
    ag = data["agreement"]
    assert ag["scheme"] == "dab" and ag["documents"] == 1
    assert ag["mentions"]["matched"] == 3 and ag["mentions"]["a"] == 3
    assert ag["mentions"]["b"] == 4
    assert ag["b_against_a"]["entity_recall"]["QUASI"] == 0.0  # jonas left Vejle unmasked
    page = page_client(lead).get(f"/review/projects/{project.pk}/dashboard/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="agreement-dab"' in html and f"/review/essays/{essay.pk}/adjudicate/" in html

    url = f"/review/essays/{essay.pk}/adjudicate/"
    shown = page_client(lead).get(url)
    assert shown.status_code == 200
    html = shown.content.decode()
    assert 'data-annotator="mette"' in html and 'data-annotator="jonas"' in html
    assert "26 35 58 65" in html and "LOC · QUASI" in html

    # an old page (stale base version) writes nothing
    client = page_client(lead)
    r = client.post(url, {"base_version": essay.current_version - 1,
                          "annotator": users["jonas"].pk})
    assert r.status_code == 200 and "changed since you opened" in r.content.decode()
    essay.refresh_from_db()
    assert essay.current_version == 1
    # an annotator is not a reviewer
    assert page_client(users["mette"]).get(url).status_code in (403, 404)

    r = client.post(url, {"base_version": 1, "annotator": users["jonas"].pk})
    assert r.status_code == 302
    essay.refresh_from_db()
    assert essay.current_version == 2
    doc = essay.versions.get(number=2).graph
    assert [a["annotator"] for a in doc["annotations"]] == ["jonas", "mette", "42"]
    assert [m["text"] for m in doc["annotations"][0]["mentions"]] == [
        "Jens Hansen", "Vejle", "Jens", "26 35 58 65"]
    # the lead sees the chosen annotation in the editor's API; approval and release follow it
    got = as_user(lead).get(f"/api/essays/{essay.pk}/").json()
    assert got["current"]["number"] == 2
    r = as_user(lead).post(f"/api/essays/{essay.pk}/approve/", {}, format="json")
    assert r.status_code == 200, r.content
    with django_capture_on_commit_callbacks(execute=True):
        r = as_user(users["admin"]).post(f"/api/projects/{project.pk}/releases/",
                                         {"version": "1"}, format="json")
    assert r.status_code == 202, r.content
    release = Release.objects.get(pk=r.json()["id"])
    assert release.status == "ready", (release.error, release.leaks)
    with zipfile.ZipFile(release.file_path) as zf:
        text = zf.read(f"1/essays/{essay.external_id}.txt").decode()
    # jonas masked the phone number and left Vejle readable; "Jens" has no relation to "Jens
    # Hansen" (they do not carry the same information), so it is another entity
    assert text == "Hr. [PERSON-1] bor i Vejle. [PERSON-2] ringer på [CODE-1]."


def test_dashboard_page_shows_tab_measures_of_the_preannotation(db):
    from swell_annot.dab.document import automatic_document
    from tests.factories import EssayFactory, EssayVersionFactory

    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    essay = EssayFactory(project=project, original=TEXT, status="approved")
    auto = automatic_document(TEXT, "d")
    EssayVersionFactory(essay=essay, graph=auto, origin="automatic", token_count=11)
    final = json.loads(json.dumps(auto))
    final["annotations"] = [dict(auto["predictions"][0], annotator="lise")]
    EssayVersionFactory(essay=essay, graph=final, origin="manual", author=lead, token_count=11)
    page = page_client(lead).get(f"/review/projects/{project.pk}/dashboard/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="auto-tab-table"' in html
    # the final annotation is the pre-annotation: everything it masks is found
    assert "<td>Entity recall</td>" in html and "1.00" in html


def test_document_adjudication_refuses_a_form_without_a_choice_and_logs_each_view(
    imported, as_user
):
    """Saving with no annotation chosen (or from a form without its base version) writes
    nothing and says why; every showing of the page is an audit event (the lead sees the
    original text); the adjudication itself is a REVIEW event naming who was chosen."""
    from swell_annot.audit.models import AuditEvent

    project, users, essay = imported
    submit(as_user, users["mette"], essay)
    submit(as_user, users["jonas"], essay)
    url = f"/review/essays/{essay.pk}/adjudicate/"
    client = page_client(users["lead"])
    views = AuditEvent.objects.filter(essay_id=essay.pk, action=AuditEvent.Action.VIEW_ORIGINAL)
    before = views.count()
    r = client.post(url, {"base_version": 1})
    assert r.status_code == 200 and "choose one of the annotations" in r.content.decode()
    r = client.post(url, {"annotator": users["jonas"].pk})
    assert r.status_code == 200 and "form is out of date" in r.content.decode()
    essay.refresh_from_db()
    assert essay.current_version == 1 and essay.status == "submitted"
    assert views.count() == before + 2
    assert client.post(url, {"base_version": 1, "annotator": users["mette"].pk}).status_code \
        == 302
    event = AuditEvent.objects.filter(essay_id=essay.pk, action=AuditEvent.Action.REVIEW).get()
    assert event.details["chosen"] == users["mette"].pk
    assert event.details["status"] == ["submitted", "in_review"]
    assert event.details["annotators"] == [users["mette"].pk, users["jonas"].pk]


def test_adjudication_candidates_cost_the_same_queries_for_more_annotators(
    imported, as_user, django_assert_max_num_queries
):
    """The heads of all submitted chains come in a fixed number of queries (no query per
    annotator), in assignment order."""
    from swell_annot.review.services import adjudication_candidates

    project, users, essay = imported
    submit(as_user, users["mette"], essay)
    submit(as_user, users["jonas"], essay)
    with django_assert_max_num_queries(2):
        heads = adjudication_candidates(essay=essay)
        names = [h.annotator.username for h in heads]
    assert names == ["mette", "jonas"]
