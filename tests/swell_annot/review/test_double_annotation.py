"""Double annotation: two annotators per essay, agreement figures, adjudication by the lead."""

from __future__ import annotations

import pytest
from django.utils import timezone

from pseudonymizer.graph import check_invariant, spans_from_graph
from swell_annot.corpus.models import Assignment, DraftVersion
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
from tests.swell_annot.review.essays import add_obs, graph_with

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


def _draft(essay, annotator, graph, number=2, start=1):
    draft = DraftVersion(essay=essay, annotator=annotator, number=number, start_version=start)
    draft.graph = graph
    draft.save()
    return draft


@pytest.fixture
def doubly(project_roles):
    """An essay whose two annotators each annotated their own chain from the automatic v1."""
    project = project_roles["project"]
    project.settings = {"double_annotation": True}
    project.save()
    a = project_roles["users"]["annotator"]
    b = MembershipFactory(project=project, role="annotator", user__username="second-u").user
    essay = EssayFactory(project=project, original=TEXT, status="submitted")
    AssignmentFactory(essay=essay, annotator=a, submitted_at=timezone.now())
    AssignmentFactory(essay=essay, annotator=b, submitted_at=timezone.now())
    EssayVersionFactory(essay=essay, graph=graph_with(TEXT, []))
    _draft(
        essay,
        a,
        graph_with(TEXT, [("Anna", "firstname_female", 1, "Maria"), ("Lund", "city", 2, "Tuna")]),
    )
    _draft(
        essay,
        b,
        graph_with(
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
        adjudicate(essay_id=doubly.pk, user=lead, choices={0: "A"}, base_version=1)
    version = adjudicate(essay_id=doubly.pk, user=lead, choices={0: "A", 1: "B"}, base_version=1)
    # the final version goes into the main chain, after the automatic v1
    assert version.number == 2 and version.author == lead
    assert doubly.versions.count() == 2
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
        f"/review/essays/{doubly.pk}/adjudicate/",
        {"region-0": "B", "region-1": "A", "base_version": "1"},
    )
    assert response.status_code == 302
    doubly.refresh_from_db()
    final = doubly.versions.get(number=doubly.current_version).graph
    assert [s.label for s in spans_from_graph(final)] == ["firstname_female", "place"]
    client.force_login(project_roles["users"]["annotator"])
    assert client.get(f"/review/essays/{doubly.pk}/adjudicate/").status_code == 403


def test_adjudication_keeps_notes_and_the_document_comment(project_roles, doubly):
    a, b = adjudication_pair(essay=doubly)
    graph_a = add_obs(a.graph, "bor", "bor: stavning?")
    graph_a["comment"] = "Uppsatsen är kort."
    # B's note sits on a span B labelled ("Lund" as place), and B has its own document comment
    graph_b = b.graph
    lund = next(e for e in graph_b["edges"].values() if "place" in e["labels"])
    lund["labels"].append("Com!")
    lund["comment"] = "Lund eller Lunds?"
    graph_b["comment"] = "Svårläst handstil."
    a.graph, b.graph = graph_a, graph_b
    a.save()
    b.save()
    version = adjudicate(
        essay_id=doubly.pk,
        user=project_roles["users"]["lead"],
        choices={0: "A", 1: "B"},
        base_version=1,
    )
    graph = version.graph
    assert check_invariant(graph) == []
    notes = {
        (e.get("comment"), tuple(e["labels"])) for e in graph["edges"].values() if e.get("comment")
    }
    assert ("bor: stavning?", ("OBS!",)) in notes
    # the chosen label for Lund is A's city; B's note on the same word is kept on that edge
    assert ("Lund eller Lunds?", ("city", "2", "Com!")) in notes
    assert graph["comment"] == "Uppsatsen är kort.\n\nSvårläst handstil."
    assert [s.label for s in spans_from_graph(graph)] == [
        "firstname_female",
        "city",
        "firstname_male",
    ]


@pytest.fixture
def double_project(project_roles):
    """A project with double annotation on, and an essay assigned to two annotators."""
    project = project_roles["project"]
    project.settings = {"double_annotation": True}
    project.save()
    a = project_roles["users"]["annotator"]
    b = MembershipFactory(project=project, role="annotator", user__username="second-u").user
    essay = EssayFactory(project=project, original=TEXT, status="pre_pseudonymized")
    EssayVersionFactory(
        essay=essay, graph=graph_with(TEXT, [("Anna", "firstname_female", 1, "Maria")])
    )
    AssignmentFactory(essay=essay, annotator=a)
    AssignmentFactory(essay=essay, annotator=b)
    return {"essay": essay, "a": a, "b": b, "lead": project_roles["users"]["lead"]}


def test_each_annotator_works_on_an_own_chain_from_the_automatic_version(double_project, as_user):
    essay, a, b = double_project["essay"], double_project["a"], double_project["b"]
    url = f"/api/essays/{essay.pk}/"
    client_a, client_b = as_user(a), as_user(b)
    start = client_a.get(url).json()["current"]
    assert start["number"] == 1 and start["origin"] == "automatic"
    graph_a = graph_with(
        TEXT, [("Anna", "firstname_female", 1, "Maria"), ("Lund", "city", 2, "Tuna")]
    )
    saved = client_a.post(url + "versions/", {"base_version": 1, "graph": graph_a}, format="json")
    assert saved.status_code == 201 and saved.json()["number"] == 2
    # B does not see A's work: B still starts from the automatic version and saves on it
    seen_b = client_b.get(url).json()["current"]
    assert seen_b["number"] == 1
    assert [s.label for s in spans_from_graph(seen_b["graph"])] == ["firstname_female"]
    graph_b = graph_with(TEXT, [("Erik", "firstname_male", 1, "Johan")])
    saved_b = client_b.post(url + "versions/", {"base_version": 1, "graph": graph_b}, format="json")
    assert saved_b.status_code == 201 and saved_b.json()["number"] == 2
    assert client_b.get(url + "versions/").json()[-1]["author"] == "second-u"
    assert [v["number"] for v in client_a.get(url + "versions/").json()] == [1, 2]
    mine = client_a.get(url + "versions/2/").json()["graph"]
    assert [s.text for s in spans_from_graph(mine)] == ["Anna", "Lund"]
    # optimistic concurrency per chain: a stale base of A's own chain is a conflict
    stale = client_a.post(url + "versions/", {"base_version": 1, "graph": graph_a}, format="json")
    assert stale.status_code == 409 and stale.json()["current"]["number"] == 2
    # the main chain is untouched; the lead sees it
    essay.refresh_from_db()
    assert essay.current_version == 1 and essay.status == "in_annotation"
    assert as_user(double_project["lead"]).get(url).json()["current"]["number"] == 1
    # nothing is compared or adjudicated before both annotators submitted
    assert adjudication_pair(essay=essay) is None
    assert client_a.post(url + "submit/").status_code == 200
    assert client_b.post(url + "submit/").status_code == 200
    # agreement is measured between the two independent chains
    pair = adjudication_pair(essay=essay)
    assert {pair[0].annotator_id, pair[1].annotator_id} == {a.pk, b.pk}
    assert [s.text for s in spans_from_graph(pair[0].graph)] == ["Anna", "Lund"]
    assert [s.text for s in spans_from_graph(pair[1].graph)] == ["Erik"]


def test_draft_numbers_are_unique_per_chain_in_the_database(double_project):
    from django.db import IntegrityError, transaction

    essay, a = double_project["essay"], double_project["a"]
    _draft(essay, a, graph_with(TEXT, []))
    _draft(essay, double_project["b"], graph_with(TEXT, []))  # the other chain: no clash
    with pytest.raises(IntegrityError), transaction.atomic():
        _draft(essay, a, graph_with(TEXT, []))
    with pytest.raises(IntegrityError), transaction.atomic():
        _draft(essay, a, graph_with(TEXT, []), number=1, start=1)


def test_essay_is_submitted_when_both_chains_are(double_project, as_user):
    essay, a, b = double_project["essay"], double_project["a"], double_project["b"]
    url = f"/api/essays/{essay.pk}/"
    client_a = as_user(a)
    done = client_a.post(url + "submit/")
    # one chain submitted: the essay waits for the other annotator
    assert done.status_code == 200 and done.json()["status"] == "in_annotation"
    # A's chain is closed; B may still work
    assert client_a.get(url).json()["read_only"] is True
    closed = client_a.post(
        url + "versions/", {"base_version": 2, "graph": graph_with(TEXT, [])}, format="json"
    )
    assert closed.status_code == 403
    assert as_user(b).get(url).json()["read_only"] is False
    assert as_user(b).post(url + "submit/").status_code == 200
    essay.refresh_from_db()
    assert essay.status == "submitted"
    assert adjudication_pair(essay=essay) is not None
    # the lead returns the essay: both chains open again, each where its annotator left it
    from swell_annot.review.services import essay_return

    essay_return(essay_id=essay.pk, user=double_project["lead"], message="Titta på Lund.")
    assert client_a.get(url).json()["read_only"] is False
    again = client_a.post(
        url + "versions/", {"base_version": 2, "graph": graph_with(TEXT, [])}, format="json"
    )
    assert again.status_code == 201 and again.json()["number"] == 3


def test_a_note_across_a_chosen_span_joins_that_span():
    from pseudonymizer.document import Span
    from pseudonymizer.graph import build_graph
    from swell_annot.review.services import merge_annotations

    start = TEXT.index("Lund med")
    graph_a = build_graph(TEXT, [Span(start, start + 8, "Lund med", label="OBS!")])
    note = next(e for e in graph_a["edges"].values() if e["labels"] == ["OBS!"])
    note["comment"] = "ort eller person?"
    graph_b = graph_with(TEXT, [])
    lund = TEXT.index("Lund")
    chosen = [Span(lund, lund + 4, "Lund", label="city", number=1, pseudonym="Tuna")]
    merged = merge_annotations(graph_a, graph_b, chosen)
    assert check_invariant(merged) == []
    (edge,) = [e for e in merged["edges"].values() if e.get("comment")]
    assert edge["labels"] == ["city", "1", "OBS!"]
    assert edge["comment"] == "(on: Lund med)\n\nort eller person?"
    assert [s.pseudonym for s in spans_from_graph(merged)] == ["Tuna"]
