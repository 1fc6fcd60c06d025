"""Double annotation: two annotators per essay, agreement figures, adjudication by the lead."""

from __future__ import annotations

import pytest

from pseudonymizer.graph import check_invariant, spans_from_graph
from swell_annot.corpus.models import Assignment, EssayVersion
from swell_annot.review.services import (
    ReviewError,
    adjudicate,
    adjudication_pair,
    adjudication_regions,
    double_assign,
)
from tests.factories import (
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
)
from tests.swell_annot.review.essays import graph_with

pytestmark = pytest.mark.django_db

TEXT = "Jag heter Anna och bor i Lund med Erik."


def test_double_assign_gives_every_essay_two_different_annotators(project_roles, as_user):
    project = project_roles["project"]
    MembershipFactory(project=project, role="annotator", user__username="second-u")
    lead = project_roles["users"]["lead"]
    made = double_assign(project=project, user=lead)
    for essay in project.essays.all():
        annotators = list(
            Assignment.objects.filter(essay=essay).values_list("annotator", flat=True)
        )
        assert len(annotators) == len(set(annotators)) == 2
    assert made == 3  # "assigned" had one already, "unassigned" none
    assert double_assign(project=project, user=lead) == 0


def test_double_assign_needs_two_annotators(project_roles):
    with pytest.raises(ReviewError, match="two annotators"):
        double_assign(project=project_roles["project"], user=project_roles["users"]["lead"])


@pytest.fixture
def doubly(project_roles):
    project = project_roles["project"]
    a = project_roles["users"]["annotator"]
    b = MembershipFactory(project=project, role="annotator", user__username="second-u").user
    essay = EssayFactory(project=project, original=TEXT, status="submitted")
    AssignmentFactory(essay=essay, annotator=a)
    AssignmentFactory(essay=essay, annotator=b)
    EssayVersionFactory(essay=essay, graph=graph_with(TEXT, []))
    EssayVersionFactory(
        essay=essay,
        origin=EssayVersion.Origin.MANUAL,
        author=a,
        graph=graph_with(
            TEXT, [("Anna", "firstname_female", 1, "Maria"), ("Lund", "city", 2, "Tuna")]
        ),
    )
    EssayVersionFactory(
        essay=essay,
        origin=EssayVersion.Origin.MANUAL,
        author=b,
        graph=graph_with(
            TEXT,
            [
                ("Anna", "firstname_female", 1, "Maria"),
                ("Lund", "place", 2, "A-plats"),
                ("Erik", "firstname_male", 3, "Johan"),
            ],
        ),
    )
    essay.refresh_from_db()
    return essay


def test_adjudication_resolves_each_difference(project_roles, doubly):
    pair = adjudication_pair(essay=doubly)
    regions = adjudication_regions(pair[0].graph, pair[1].graph)
    assert [r["text"] for r in regions] == ["Lund", "Erik"]
    assert [s.label for s in regions[0]["A"]] == ["city"] and regions[1]["A"] == []
    lead = project_roles["users"]["lead"]
    with pytest.raises(ReviewError, match="every difference"):
        adjudicate(essay_id=doubly.pk, user=lead, choices={0: "A"})
    version = adjudicate(essay_id=doubly.pk, user=lead, choices={0: "A", 1: "B"})
    assert version.number == 4 and version.author == lead
    graph = version.graph
    assert check_invariant(graph) == []
    assert [(s.text, s.label) for s in spans_from_graph(graph)] == [
        ("Anna", "firstname_female"),
        ("Lund", "city"),
        ("Erik", "firstname_male"),
    ]


def test_dashboard_reports_agreement_of_the_two_annotations(project_roles, doubly, as_user):
    data = (
        as_user(project_roles["users"]["lead"])
        .get(f"/api/projects/{project_roles['project'].pk}/dashboard/")
        .json()
    )
    assert data["doubly_annotated"] == 1
    agreement = data["agreement"]
    assert 0 < agreement["observed"] < 1
    assert agreement["fleiss_kappa"] < 1 and agreement["krippendorff_alpha"] < 1
    confusion = {(c["a"], c["b"]) for c in agreement["confusion"]}
    assert ("city", "place") in confusion


def test_adjudication_page(project_roles, doubly, client):
    client.force_login(project_roles["users"]["lead"])
    page = client.get(f"/review/essays/{doubly.pk}/adjudicate/")
    assert page.status_code == 200 and b"region-1" in page.content
    response = client.post(
        f"/review/essays/{doubly.pk}/adjudicate/", {"region-0": "B", "region-1": "A"}
    )
    assert response.status_code == 302
    doubly.refresh_from_db()
    final = doubly.versions.get(number=doubly.current_version).graph
    assert [s.label for s in spans_from_graph(final)] == ["firstname_female", "place"]
    client.force_login(project_roles["users"]["annotator"])
    assert client.get(f"/review/essays/{doubly.pk}/adjudicate/").status_code == 403
