"""The essay list under double annotation: each assignee sees their own chain's head."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from swell_annot.corpus.models import Essay, EssayVersion
from tests.factories import (
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
    ProjectFactory,
)
from tests.swell_annot.review.essays import graph_with

pytestmark = pytest.mark.django_db

TEXT = "Jag heter Anna och bor i Lund med Erik."


@pytest.fixture
def double(db):
    """A doubly annotated project: automatic v1 (no labels), then a lead's main-chain v2 with
    one label; annotators ``a`` and ``b`` assigned, neither has saved a draft yet."""
    project = ProjectFactory(settings={"double_annotation": True})
    lead = MembershipFactory(project=project, role="lead", user__username="lead-d").user
    a = MembershipFactory(project=project, role="annotator", user__username="ann-a").user
    b = MembershipFactory(project=project, role="annotator", user__username="ann-b").user
    essay = EssayFactory(project=project, original=TEXT, status="pre_pseudonymized")
    EssayVersionFactory(essay=essay, graph=graph_with(TEXT, []))
    EssayVersionFactory(
        essay=essay,
        origin=EssayVersion.Origin.MANUAL,
        author=lead,
        graph=graph_with(TEXT, [("Erik", "firstname_male", 1, "Johan")]),
        label_count=1,
    )
    Essay.objects.filter(pk=essay.pk).update(label_count=1)
    for who in (a, b):
        AssignmentFactory(essay=essay, annotator=who)
    return {"project": project, "essay": essay, "lead": lead, "a": a, "b": b}


def _fields(client, essay_id: int) -> tuple[int, int, int]:
    rows = client.get("/api/essays/").json()["results"]
    row = next(r for r in rows if r["id"] == essay_id)
    return row["current_version"], row["label_count"], row["open_obs_count"]


def test_each_annotator_sees_their_own_chain_in_the_list(double, as_user):
    essay, a, b = double["essay"], double["a"], double["b"]
    two = graph_with(TEXT, [("Anna", "firstname_female", 1, "Maria"), ("Lund", "city", 2, "Tuna")])
    client_a = as_user(a)
    # a's chain starts at the automatic v1, so the first draft is v2
    saved = client_a.post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": two}, format="json"
    )
    assert saved.status_code == 201, saved.content
    assert saved.json()["number"] == 2
    assert _fields(client_a, essay.pk) == (2, 2, 0)
    # b has not saved: the start of b's chain (automatic v1, no labels), not a's work
    assert _fields(as_user(b), essay.pk) == (1, 0, 0)
    # the lead (not assigned) sees the main chain
    assert _fields(as_user(double["lead"]), essay.pk) == (2, 1, 0)
    # the list agrees with what the editor serves each of them
    detail = client_a.get(f"/api/essays/{essay.pk}/").json()
    assert (detail["current_version"], detail["label_count"]) == (2, 2)
    assert detail["current"]["number"] == 2
    detail_b = as_user(b).get(f"/api/essays/{essay.pk}/").json()
    assert detail_b["current"]["number"] == detail_b["current_version"] == 1


def test_single_annotation_lists_the_main_chain(double, as_user):
    project = double["project"]
    project.settings = {}
    project.save()
    # no drafts and the setting off: the annotator works on the main chain
    assert _fields(as_user(double["a"]), double["essay"].pk) == (2, 1, 0)


def test_list_query_count_does_not_grow_with_essays(double, as_user):
    client = as_user(double["a"])

    def count() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get("/api/essays/").status_code == 200
        return len(ctx.captured_queries)

    before = count()
    for _ in range(4):
        more = EssayFactory(project=double["project"], original=TEXT)
        EssayVersionFactory(essay=more, graph=graph_with(TEXT, []))
        AssignmentFactory(essay=more, annotator=double["a"])
        AssignmentFactory(essay=more, annotator=double["b"])
    assert client.get("/api/essays/").json()["count"] == 5
    assert count() == before


def test_ordering_uses_the_values_shown(double, as_user):
    essay, a = double["essay"], double["a"]
    graph = graph_with(TEXT, [("Anna", "firstname_female", 1, "Maria"), ("Lund", "city", 2, "T")])
    as_user(a).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": graph}, format="json"
    )
    # a second essay whose main chain has many labels, but a has not started on it
    other = EssayFactory(project=double["project"], original=TEXT, external_id="zz")
    EssayVersionFactory(essay=other, graph=graph_with(TEXT, []))
    Essay.objects.filter(pk=other.pk).update(label_count=5)
    AssignmentFactory(essay=other, annotator=a)

    def order(user) -> list[tuple[int, int]]:
        rows = as_user(user).get("/api/essays/", {"ordering": "-label_count"}).json()["results"]
        return [(r["id"], r["label_count"]) for r in rows]

    assert order(a) == [(essay.pk, 2), (other.pk, 0)]
    assert order(double["lead"]) == [(other.pk, 5), (essay.pk, 1)]
