"""Review by leads: decisions on sensitive marks, their permissions, approve/return, queue."""

from __future__ import annotations

import pytest

from pseudonymizer.graph import check_invariant, source_text, target_text
from swell_annot.audit.models import AuditEvent
from swell_annot.corpus.models import Essay
from swell_annot.review.models import GazetteerEntry, SensitiveDecision
from swell_annot.review.services import (
    SUPPRESSED,
    ApprovalBlocked,
    ReviewError,
    decision_record,
    essay_approve,
    project_gazetteer_entries,
)
from tests.swell_annot.review.essays import TEXT, annotated_essay

pytestmark = pytest.mark.django_db


def sensitive_edge(essay: Essay) -> str:
    graph = essay.versions.get(number=essay.current_version).graph
    return next(eid for eid, e in graph["edges"].items() if "sensitive" in e["labels"])


def current_graph(essay: Essay) -> dict:
    essay.refresh_from_db()
    return essay.versions.get(number=essay.current_version).graph


@pytest.fixture
def submitted(project_roles):
    return annotated_essay(project_roles["project"], external_id="sub-1")


@pytest.mark.parametrize(
    ("role", "expected"),
    [("lead", 201), ("admin", 201), ("annotator", 403), ("outsider", 404), (None, 403)],
)
def test_who_may_decide(project_roles, submitted, as_user, role, expected):
    user = project_roles["users"][role] if role else None
    response = as_user(user).post(
        f"/api/essays/{submitted.pk}/decisions/",
        {"edge_id": sensitive_edge(submitted), "decision": "suppress"},
        format="json",
    )
    assert response.status_code == expected
    assert SensitiveDecision.objects.count() == (1 if expected == 201 else 0)


@pytest.mark.parametrize(
    "path",
    ["approve/", "return/"],
)
@pytest.mark.parametrize(("role", "expected"), [("annotator", 403), ("outsider", 404)])
def test_who_may_approve_and_return(project_roles, submitted, as_user, path, role, expected):
    response = as_user(project_roles["users"][role]).post(
        f"/api/essays/{submitted.pk}/{path}", {"message": "fix"}, format="json"
    )
    assert response.status_code == expected
    submitted.refresh_from_db()
    assert submitted.status == "submitted"


def test_suppress_makes_a_new_version_and_records_who_and_when(project_roles, submitted, as_user):
    lead = project_roles["users"]["lead"]
    before = submitted.current_version
    edge = sensitive_edge(submitted)
    response = as_user(lead).post(
        f"/api/essays/{submitted.pk}/decisions/",
        {"edge_id": edge, "decision": "suppress", "base_version": before},
        format="json",
    )
    assert response.status_code == 201, response.data
    body = response.json()
    assert body["decided_by"] == lead.username and body["decided_at"]
    assert body["version"] == before + 1 and body["base_version"] == before
    graph = current_graph(submitted)
    assert check_invariant(graph) == []
    assert source_text(graph) == TEXT  # the original side never changes
    assert f"var {SUPPRESSED} på" in target_text(graph)
    assert "sensitive" in graph["edges"][body["result_edge_id"]]["labels"]
    version = submitted.versions.get(number=before + 1)
    assert version.author == lead and version.origin == "manual"
    assert submitted.status == "in_review"
    assert AuditEvent.objects.filter(action="review", essay=submitted, user=lead).exists()
    # the editor sees the decision
    listed = as_user(project_roles["users"]["annotator"]).get(
        f"/api/essays/{project_roles['assigned'].pk}/decisions/"
    )
    assert listed.status_code == 200 and listed.json() == []
    shown = as_user(lead).get(f"/api/essays/{submitted.pk}/decisions/").json()
    assert [d["decision"] for d in shown] == ["suppress"]


def test_keep_records_without_changing_the_text(project_roles, submitted):
    lead = project_roles["users"]["lead"]
    before = submitted.current_version
    made = decision_record(
        essay_id=submitted.pk, user=lead, edge_id=sensitive_edge(submitted), decision="keep"
    )
    assert made.version == before and made.result_edge_id == made.edge_id
    assert current_graph(submitted) == submitted.versions.get(number=before).graph


def test_pseudonymize_with_a_typed_replacement(project_roles, submitted):
    lead = project_roles["users"]["lead"]
    decision_record(
        essay_id=submitted.pk,
        user=lead,
        edge_id=sensitive_edge(submitted),
        decision="pseudonymize",
        replacement="nöjd",
    )
    assert "Jag var nöjd på demonstrationen." in target_text(current_graph(submitted))


def test_pseudonymize_with_a_label_gets_a_number_and_a_library_pseudonym(project_roles, submitted):
    lead = project_roles["users"]["lead"]
    made = decision_record(
        essay_id=submitted.pk,
        user=lead,
        edge_id=sensitive_edge(submitted),
        decision="pseudonymize",
        label="place",
    )
    graph = current_graph(submitted)
    edge = graph["edges"][made.result_edge_id]
    assert edge["labels"][0] == "place" and "4" in edge["labels"]  # numbers 1–3 are taken
    assert "sensitive" not in edge["labels"]
    target = "".join(t["text"] for t in graph["target"] if t["id"] in edge["ids"]).strip()
    assert target and target != "glad"
    assert check_invariant(graph) == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"decision": "pseudonymize"}, "label or type"),
        ({"decision": "pseudonymize", "label": "sensitive"}, "not a label that pseudonymizes"),
        ({"decision": "suppress", "edge_id": "e-s0-t0"}, "not a sensitive mark"),
        ({"decision": "keep", "base_version": 1}, "changed since"),
        ({"decision": "pseudonymize", "label": "extra"}, "type a replacement"),
    ],
)
def test_bad_decisions_are_refused_and_change_nothing(project_roles, submitted, kwargs, message):
    lead = project_roles["users"]["lead"]
    args = {"edge_id": sensitive_edge(submitted), **kwargs}
    before = submitted.current_version
    with pytest.raises(ReviewError, match=message):
        decision_record(essay_id=submitted.pk, user=lead, **args)
    submitted.refresh_from_db()
    assert submitted.current_version == before and not SensitiveDecision.objects.exists()


def test_decisions_only_on_submitted_essays(project_roles):
    essay = annotated_essay(project_roles["project"], status="in_annotation")
    with pytest.raises(ReviewError, match="only submitted"):
        decision_record(
            essay_id=essay.pk,
            user=project_roles["users"]["lead"],
            edge_id=sensitive_edge(essay),
            decision="keep",
        )


def test_approve_needs_decisions_and_no_open_obs(project_roles, as_user):
    lead = project_roles["users"]["lead"]
    essay = annotated_essay(project_roles["project"], obs=("demonstrationen.", "kolla"))
    client = as_user(lead)
    response = client.post(f"/api/essays/{essay.pk}/approve/")
    assert response.status_code == 400
    codes = {e["code"] for e in response.json()["errors"]}
    assert "sensitive_undecided" in codes and any("obs" in c.lower() for c in codes)
    essay.refresh_from_db()
    assert essay.status == "submitted"

    clean = annotated_essay(project_roles["project"])
    with pytest.raises(ApprovalBlocked):
        essay_approve(essay_id=clean.pk, user=lead)
    decision_record(essay_id=clean.pk, user=lead, edge_id=sensitive_edge(clean), decision="keep")
    response = client.post(f"/api/essays/{clean.pk}/approve/")
    assert response.status_code == 200 and response.json()["status"] == "approved"
    assert AuditEvent.objects.filter(
        essay=clean, action="review", details__decision="approve"
    ).exists()
    # an approved essay is no longer reviewed
    assert client.post(f"/api/essays/{clean.pk}/approve/").status_code == 400


def test_return_sends_the_essay_back_with_a_message(project_roles, submitted, as_user):
    client = as_user(project_roles["users"]["lead"])
    assert (
        client.post(
            f"/api/essays/{submitted.pk}/return/", {"message": " "}, format="json"
        ).status_code
        == 400
    )
    response = client.post(
        f"/api/essays/{submitted.pk}/return/", {"message": "Erik är en efternamn?"}, format="json"
    )
    assert response.status_code == 200
    submitted.refresh_from_db()
    assert submitted.status == "in_annotation"
    assert submitted.return_message == "Erik är en efternamn?"
    assert (
        client.post(
            f"/api/essays/{submitted.pk}/return/", {"message": "x"}, format="json"
        ).status_code
        == 400
    )


def test_queue_lists_marks_with_filters_and_audits_what_it_shows(project_roles, as_user):
    project = project_roles["project"]
    a = annotated_essay(project, external_id="q-a", level="A2", obs=("lärare", "stavning?"))
    annotated_essay(project, external_id="q-b", level="B1")
    annotated_essay(project, external_id="q-c", level="B1", status="approved")
    client = as_user(project_roles["users"]["lead"])
    body = client.get(f"/api/projects/{project.pk}/review-queue/").json()
    kinds = sorted((m["external_id"], m["kind"]) for m in body["marks"])
    assert kinds == [("q-a", "obs"), ("q-a", "sensitive"), ("q-b", "sensitive")]
    mark = next(m for m in body["marks"] if m["kind"] == "sensitive")
    assert mark["text"] == "glad" and "demonstrationen" in mark["after"]
    assert {e["external_id"] for e in body["essays"]} == {"q-a", "q-b"}
    assert AuditEvent.objects.filter(action="view_original", essay=a).exists()

    only_obs = client.get(f"/api/projects/{project.pk}/review-queue/?label=OBS!").json()
    assert [(m["external_id"], m["comment"]) for m in only_obs["marks"]] == [("q-a", "stavning?")]
    b1 = client.get(f"/api/projects/{project.pk}/review-queue/?level=B1").json()
    assert {m["external_id"] for m in b1["marks"]} == {"q-b"}
    by_label = client.get(f"/api/projects/{project.pk}/review-queue/?label=city").json()
    assert {m["external_id"] for m in by_label["marks"]} == {"q-a", "q-b"}
    nobody = client.get(f"/api/projects/{project.pk}/review-queue/?annotator=nobody").json()
    assert nobody == {"essays": [], "marks": []}
    assert (
        as_user(project_roles["users"]["annotator"])
        .get(f"/api/projects/{project.pk}/review-queue/")
        .status_code
        == 403
    )


def test_gazetteer_entries_for_the_next_pre_pseudonymization(project_roles, as_user):
    project = project_roles["project"]
    client = as_user(project_roles["users"]["lead"])
    assert (
        client.post(
            f"/api/projects/{project.pk}/gazetteer/",
            {"text": " Bromma ", "label": "city"},
            format="json",
        ).status_code
        == 201
    )
    assert (
        client.post(
            f"/api/projects/{project.pk}/gazetteer/",
            {"text": "Bromma", "label": "sensitive"},
            format="json",
        ).status_code
        == 400
    )
    assert (
        as_user(project_roles["users"]["annotator"])
        .post(
            f"/api/projects/{project.pk}/gazetteer/", {"text": "X", "label": "city"}, format="json"
        )
        .status_code
        == 403
    )
    assert project_gazetteer_entries(project) == [("Bromma", "city")]
    assert GazetteerEntry.objects.get().added_by == project_roles["users"]["lead"]
    from pseudonymizer.gazetteer import Gazetteer

    Gazetteer.default().with_entries(project_gazetteer_entries(project))  # the hook's contract


def test_dashboard_figures(project_roles, as_user):
    project = project_roles["project"]
    lead = project_roles["users"]["lead"]
    essay = annotated_essay(project)
    decision_record(essay_id=essay.pk, user=lead, edge_id=sensitive_edge(essay), decision="keep")
    essay_approve(essay_id=essay.pk, user=lead)
    data = as_user(lead).get(f"/api/projects/{project.pk}/dashboard/").json()
    assert data["by_status"]["approved"] == 1
    assert data["labels_by_level"]["B1"]["firstname_male"] == 1
    scores = data["auto_vs_final"]["per_label"]
    # the automatic pass found Anna and Stokholm but not Erik
    assert scores["firstname_female"]["recall"] == 1.0
    assert scores["firstname_male"]["recall"] == 0.0
    assert (
        as_user(project_roles["users"]["annotator"])
        .get(f"/api/projects/{project.pk}/dashboard/")
        .status_code
        == 403
    )


def test_gazetteer_entries_reach_the_next_pre_pseudonymization(
    project_roles, django_capture_on_commit_callbacks
):
    from pseudonymizer.graph import spans_from_graph
    from swell_annot.corpus.prepseudonymize import prepseudonymize_queue
    from swell_annot.review.services import gazetteer_entry_add
    from tests.factories import EssayFactory

    project = project_roles["project"]
    essay = EssayFactory(
        project=project, original="Jag jobbar på kvarnen Tolvan nu.", status="imported"
    )

    def labels() -> list[tuple[str, str]]:
        with django_capture_on_commit_callbacks(execute=True):
            prepseudonymize_queue(project=project, essay_ids=[essay.pk])
        essay.refresh_from_db()
        graph = essay.versions.get(number=essay.current_version).graph
        return [(s.text, s.label) for s in spans_from_graph(graph)]

    assert ("Tolvan", "work") not in labels()
    gazetteer_entry_add(
        project=project, text="Tolvan", label="work", user=project_roles["users"]["lead"]
    )
    assert ("Tolvan", "work") in labels()
