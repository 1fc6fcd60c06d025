"""The life cycle of a doubly annotated essay around the lead's adjudication: two annotators
submit (``submitted``), the lead adjudicates (``in_review``, audit-logged), then reviews and
approves; before the adjudication nothing can be decided or approved on the main chain (it holds
only the automatic version, neither annotator's work)."""

from __future__ import annotations

import pytest

from pseudonymizer.graph import spans_from_graph
from swell_annot.audit.models import AuditEvent
from swell_annot.review.services import ReviewError, decision_record
from tests.factories import AssignmentFactory, EssayFactory, EssayVersionFactory, MembershipFactory
from tests.swell_annot.review.essays import graph_with

pytestmark = pytest.mark.django_db
TEXT = "Jag heter Anna och bor i Lund med Erik. Jag var glad."


@pytest.fixture
def submitted_twice(project_roles, as_user):
    """An essay both annotators annotated and submitted through the API, as in the browser."""
    project = project_roles["project"]
    project.settings = {"double_annotation": True}
    project.save()
    a = project_roles["users"]["annotator"]
    b = MembershipFactory(project=project, role="annotator", user__username="life-b").user
    essay = EssayFactory(project=project, original=TEXT, status="pre_pseudonymized")
    # the automatic pass marked "glad" sensitive too
    auto = [("Anna", "firstname_female", 1, "Maria"), ("glad", "sensitive", None, "")]
    EssayVersionFactory(essay=essay, graph=graph_with(TEXT, auto))
    AssignmentFactory(essay=essay, annotator=a)
    AssignmentFactory(essay=essay, annotator=b)
    url = f"/api/essays/{essay.pk}/"
    graphs = {
        a: graph_with(
            TEXT,
            [
                ("Anna", "firstname_female", 1, "Maria"),
                ("Lund", "city", 2, "Tuna"),
                ("glad", "sensitive", None, ""),
            ],
        ),
        b: graph_with(
            TEXT, [("Anna", "firstname_female", 1, "Maria"), ("Lund", "place", 2, "A-plats")]
        ),
    }
    for user, graph in graphs.items():
        client = as_user(user)
        saved = client.post(url + "versions/", {"base_version": 1, "graph": graph}, format="json")
        assert saved.status_code == 201
        assert client.post(url + "submit/").status_code == 200
    essay.refresh_from_db()
    assert essay.status == "submitted" and essay.current_version == 1
    return essay


def test_adjudication_moves_the_essay_into_review_with_an_audit_event(
    project_roles, submitted_twice, client
):
    essay = submitted_twice
    lead = project_roles["users"]["lead"]
    client.force_login(lead)
    dashboard = client.get(f"/review/projects/{essay.project_id}/dashboard/").content.decode()
    assert 'id="to-adjudicate"' in dashboard and 'id="adjudicated"' not in dashboard
    form = {"region-0": "A", "region-1": "A", "base_version": "1"}
    response = client.post(f"/review/essays/{essay.pk}/adjudicate/", form)
    assert response.status_code == 302
    essay.refresh_from_db()
    assert essay.status == "in_review" and essay.current_version == 2
    final = essay.versions.get(number=2).graph
    assert [(s.text, s.label) for s in spans_from_graph(final)] == [
        ("Anna", "firstname_female"),
        ("Lund", "city"),
        ("glad", "sensitive"),
    ]
    event = AuditEvent.objects.get(essay=essay, target=f"essay {essay.pk} adjudicated")
    assert event.user == lead and event.action == AuditEvent.Action.REVIEW
    assert event.details["status"] == ["submitted", "in_review"]
    assert event.details["version"] == 2
    # the dashboard no longer offers it as work to do, but lists it as adjudicated
    dashboard = client.get(f"/review/projects/{essay.project_id}/dashboard/").content.decode()
    assert 'id="to-adjudicate"' not in dashboard and 'id="adjudicated"' in dashboard


def test_review_and_approval_wait_for_the_adjudication(
    project_roles, submitted_twice, as_user, client
):
    essay = submitted_twice
    lead = project_roles["users"]["lead"]
    api = as_user(lead)
    url = f"/api/essays/{essay.pk}/"
    # approving now would approve the automatic version and drop both annotations
    refused = api.post(url + "approve/")
    assert refused.status_code == 400
    assert [e["code"] for e in refused.json()["errors"]] == ["not_adjudicated"]
    with pytest.raises(ReviewError, match="adjudicate it first"):
        decision_record(essay_id=essay.pk, user=lead, edge_id="e0", decision="keep")
    essay.refresh_from_db()
    assert essay.status == "submitted" and essay.versions.count() == 1
    # the queue points the lead to the adjudication instead of offering Approve
    client.force_login(lead)
    page = client.get(f"/review/projects/{essay.project_id}/").content.decode()
    assert "Adjudicate first" in page
    # the automatic version's marks are not offered for decision before the adjudication
    queue = api.get(f"/api/projects/{essay.project_id}/review-queue/").json()
    assert [m for m in queue["marks"] if m["essay"] == essay.pk] == []

    from swell_annot.review.services import adjudicate

    adjudicate(essay_id=essay.pk, user=lead, choices={0: "A", 1: "A"}, base_version=1)
    essay.refresh_from_db()
    assert essay.status == "in_review"
    # the sensitive mark of the chosen annotation is decided, then the essay is approved
    final = essay.versions.get(number=essay.current_version).graph
    sensitive = [eid for eid, e in final["edges"].items() if "sensitive" in e["labels"]]
    assert len(sensitive) == 1
    assert api.post(url + "approve/").status_code == 400  # undecided sensitive mark
    queue = api.get(f"/api/projects/{essay.project_id}/review-queue/").json()
    assert [m["edge_id"] for m in queue["marks"] if m["essay"] == essay.pk] == sensitive
    decided = api.post(
        url + "decisions/", {"edge_id": sensitive[0], "decision": "keep"}, format="json"
    )
    assert decided.status_code == 201
    approved = api.post(url + "approve/")
    assert approved.status_code == 200 and approved.json()["status"] == "approved"


def test_a_returned_and_resubmitted_essay_is_adjudicated_again(
    project_roles, submitted_twice, as_user
):
    from swell_annot.review.services import adjudicate, essay_return

    essay = submitted_twice
    lead = project_roles["users"]["lead"]
    adjudicate(essay_id=essay.pk, user=lead, choices={0: "B", 1: "B"}, base_version=1)
    essay_return(essay_id=essay.pk, user=lead, message="Lund är en stad.")
    url = f"/api/essays/{essay.pk}/"
    for assignment in essay.assignments.all():
        user = assignment.annotator
        assert as_user(user).post(url + "submit/").status_code == 200
    essay.refresh_from_db()
    assert essay.status == "submitted"
    assert as_user(lead).post(url + "approve/").json()["errors"][0]["code"] == "not_adjudicated"
    adjudicate(essay_id=essay.pk, user=lead, choices={0: "A", 1: "A"}, base_version=2)
    essay.refresh_from_db()
    assert essay.status == "in_review" and essay.return_message == ""


def test_adjudication_pairs_of_many_essays_in_a_fixed_number_of_queries(
    project_roles, django_assert_max_num_queries
):
    """The queue and the dashboard ask every essay for its pair: the batch answers as
    ``adjudication_pair`` does for each (latest drafts, only when both first assignees
    submitted), in two queries whatever the number of essays."""
    from django.utils import timezone

    from swell_annot.corpus.models import DraftVersion
    from swell_annot.review.services import adjudication_pair, adjudication_pairs

    project = project_roles["project"]
    a = project_roles["users"]["annotator"]
    b = MembershipFactory(project=project, role="annotator", user__username="pairs-b").user
    c = MembershipFactory(project=project, role="annotator", user__username="pairs-c").user
    essays = []
    for k in range(5):
        essay = EssayFactory(project=project, original=TEXT, status="submitted")
        EssayVersionFactory(essay=essay, graph=graph_with(TEXT, []))
        for user in (a, b, c):
            # essay 3: the second assignee has not submitted; essay 4: b saved no draft
            submitted = None if (k == 3 and user == b) else timezone.now()
            AssignmentFactory(essay=essay, annotator=user, submitted_at=submitted)
            drafts = 0 if (k == 4 and user == b) else 1 + (user == a)
            for n in range(drafts):
                draft = DraftVersion(essay=essay, annotator=user, number=2 + n, start_version=1)
                draft.graph = graph_with(TEXT, [])
                draft.save()
        essays.append(essay)
    with django_assert_max_num_queries(2):
        pairs = adjudication_pairs(essays)
    assert sorted(pairs) == sorted(e.pk for e in essays[:3])
    for essay in essays[:3]:
        head_a, head_b = pairs[essay.pk]
        assert (head_a.annotator, head_a.number) == (a, 3)  # a's latest of two drafts
        assert (head_b.annotator, head_b.number) == (b, 2)
    for essay in essays:
        one = adjudication_pair(essay=essay)
        assert (one and [d.pk for d in one]) == (
            [d.pk for d in pairs[essay.pk]] if essay.pk in pairs else None
        )
