"""Adjudication only on a reviewable essay and only from the version the lead saw: a stale tab,
a second submit or an approved/released essay is refused with a message and nothing is written."""

from __future__ import annotations

import pytest
from django.utils import timezone

from swell_annot.audit.models import AuditEvent
from swell_annot.corpus.models import DraftVersion, Essay
from swell_annot.review.services import ReviewError, adjudicate
from tests.factories import AssignmentFactory, EssayFactory, EssayVersionFactory, MembershipFactory
from tests.swell_annot.review.essays import graph_with

pytestmark = pytest.mark.django_db
TEXT = "Jag heter Anna och bor i Lund. Min vän Erik bor också där."
CHOICES = {0: "A", 1: "B"}
FORM = {"region-0": "A", "region-1": "B"}


def _draft(essay: Essay, annotator, spans) -> None:
    draft = DraftVersion(essay=essay, annotator=annotator, number=2, start_version=1)
    draft.graph = graph_with(TEXT, spans)
    draft.save()


@pytest.fixture
def doubly(project_roles) -> Essay:
    """A submitted essay annotated by two annotators who differ on two places."""
    project = project_roles["project"]
    project.settings = {"double_annotation": True}
    project.save()
    a = project_roles["users"]["annotator"]
    b = MembershipFactory(project=project, role="annotator", user__username="guard-b").user
    essay = EssayFactory(project=project, original=TEXT, status="submitted")
    AssignmentFactory(essay=essay, annotator=a, submitted_at=timezone.now())
    AssignmentFactory(essay=essay, annotator=b, submitted_at=timezone.now())
    EssayVersionFactory(essay=essay, graph=graph_with(TEXT, []))
    _draft(essay, a, [("Anna", "firstname_female", 1, "Maria"), ("Lund", "city", 2, "Tuna")])
    _draft(
        essay,
        b,
        [
            ("Anna", "firstname_female", 1, "Maria"),
            ("Lund", "place", 2, "A-plats"),
            ("Erik", "firstname_male", 3, "Johan"),
        ],
    )
    essay.refresh_from_db()
    assert essay.current_version == 1
    return essay


@pytest.mark.parametrize("status", ["approved", "released", "in_annotation"])
def test_adjudication_is_refused_outside_review(project_roles, doubly, status):
    Essay.objects.filter(pk=doubly.pk).update(status=status)
    with pytest.raises(ReviewError, match=f"essay is {status}"):
        adjudicate(
            essay_id=doubly.pk,
            user=project_roles["users"]["lead"],
            choices=CHOICES,
            base_version=1,
        )
    doubly.refresh_from_db()
    assert doubly.current_version == 1 and doubly.versions.count() == 1
    assert doubly.status == status


def test_adjudication_from_a_stale_version_is_refused(project_roles, doubly):
    lead = project_roles["users"]["lead"]
    # meanwhile the main chain moved on (a review decision, a lead's edit)
    EssayVersionFactory(essay=doubly, origin="manual", author=lead, graph=graph_with(TEXT, []))
    doubly.refresh_from_db()
    assert doubly.current_version == 2
    with pytest.raises(ReviewError, match="changed since"):
        adjudicate(essay_id=doubly.pk, user=lead, choices=CHOICES, base_version=1)
    assert doubly.versions.count() == 2
    version = adjudicate(essay_id=doubly.pk, user=lead, choices=CHOICES, base_version=2)
    assert version.number == 3


def test_adjudication_page_sends_the_base_version_and_refuses_a_second_submit(
    project_roles, doubly, client
):
    client.force_login(project_roles["users"]["lead"])
    page = client.get(f"/review/essays/{doubly.pk}/adjudicate/")
    assert b'name="base_version" value="1"' in page.content
    first = client.post(f"/review/essays/{doubly.pk}/adjudicate/", {**FORM, "base_version": "1"})
    assert first.status_code == 302
    doubly.refresh_from_db()
    assert doubly.current_version == 2
    # the same form again (double click, a second tab): refused, nothing written
    second = client.post(f"/review/essays/{doubly.pk}/adjudicate/", {**FORM, "base_version": "1"})
    assert second.status_code == 200
    assert b"changed since you opened" in second.content
    doubly.refresh_from_db()
    assert doubly.current_version == 2 and doubly.versions.count() == 2
    # the page shown again offers the current version as the new base
    assert b'name="base_version" value="2"' in second.content
    logged = AuditEvent.objects.filter(action=AuditEvent.Action.REVIEW, essay_id=doubly.pk).count()
    assert logged == 1  # only the first adjudication was logged as a change


def test_adjudication_page_without_base_version_writes_nothing(project_roles, doubly, client):
    client.force_login(project_roles["users"]["lead"])
    response = client.post(f"/review/essays/{doubly.pk}/adjudicate/", FORM)
    assert response.status_code == 200 and b"reload" in response.content
    doubly.refresh_from_db()
    assert doubly.versions.count() == 1


def test_adjudication_page_of_an_approved_essay_writes_nothing(project_roles, doubly, client):
    Essay.objects.filter(pk=doubly.pk).update(status="approved")
    client.force_login(project_roles["users"]["lead"])
    page = client.get(f"/review/essays/{doubly.pk}/adjudicate/")
    assert page.status_code == 200 and b"essay is approved" in page.content
    response = client.post(f"/review/essays/{doubly.pk}/adjudicate/", {**FORM, "base_version": "1"})
    assert response.status_code == 200 and b"essay is approved" in response.content
    doubly.refresh_from_db()
    assert (doubly.status, doubly.versions.count()) == ("approved", 1)
