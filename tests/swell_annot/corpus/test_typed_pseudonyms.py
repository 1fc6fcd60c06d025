"""Pseudonyms typed by hand (edge ``typed: true``, swell_annot/corpus/typed.py): stored with the
version, kept by the pseudonyms endpoint and its "new pseudonyms" re-roll, by a re-run of the
automatic pass and by the adjudication, set by a lead's typed replacement, and shown to review.

Issue: the editor kept a typed pseudonym only in memory, so "new pseudonyms" (or the automatic
pass after a reload) replaced it and review could not tell it from an automatic one.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from pseudonymizer.graph import spans_from_graph
from swell_annot.corpus.models import DraftVersion, Essay
from swell_annot.corpus.prepseudonymize import prepseudonymize_queue
from swell_annot.review.services import adjudicate, decision_record
from tests.factories import AssignmentFactory, EssayFactory, EssayVersionFactory, MembershipFactory
from tests.swell_annot.review.essays import graph_with

pytestmark = pytest.mark.django_db
TEXT = "Jag heter Anna och min vän heter Erik. Han bor i Lund."
TYPED = "Fia-Lotta"  # in no surrogate list: only a person writes it
SPANS = [
    ("Anna", "firstname_female", 1, TYPED),
    ("Erik", "firstname_male", 2, "Johan"),
    ("Lund", "city", 3, "Tuna"),
]


def _typed_graph(text: str = TEXT, spans=SPANS, word: str = "Anna") -> dict:
    """``graph_with`` where the first mention of ``word`` carries a typed pseudonym."""
    graph = graph_with(text, spans)
    _edge(graph, word)["typed"] = True
    return graph


def _edge(graph: dict, word: str) -> dict:
    tok = next(t for t in graph["source"] if t["text"].strip(" .") == word)
    return next(e for e in graph["edges"].values() if tok["id"] in e["ids"])


def _pseudonym(graph: dict, word: str) -> str:
    return next(s.pseudonym for s in spans_from_graph(graph) if s.text == word)


@pytest.fixture
def essay_and_annotator():
    essay = EssayFactory(original=TEXT, status="in_annotation")
    EssayVersionFactory(essay=essay, graph=graph_with(TEXT, SPANS[1:]))
    annotator = MembershipFactory(project=essay.project, role="annotator").user
    AssignmentFactory(essay=essay, annotator=annotator)
    return essay, annotator


@pytest.mark.parametrize("reroll", [False, True])
def test_pseudonyms_endpoint_keeps_a_typed_pseudonym(essay_and_annotator, as_user, reroll):
    essay, annotator = essay_and_annotator
    url = f"/api/essays/{essay.pk}/pseudonyms/"
    client = as_user(annotator)
    # the same request without the mark: the library writes its own name over "Fia-Lotta"
    plain = client.post(url, {"graph": graph_with(TEXT, SPANS), "reroll": reroll}, format="json")
    assert plain.status_code == 200
    assert _pseudonym(plain.json()["graph"], "Anna") != TYPED
    response = client.post(url, {"graph": _typed_graph(), "reroll": reroll}, format="json")
    assert response.status_code == 200, response.json()
    graph = response.json()["graph"]
    assert _pseudonym(graph, "Anna") == TYPED and _edge(graph, "Anna").get("typed") is True
    # only the typed edge is marked: the others stay automatic
    assert sum(1 for e in graph["edges"].values() if e.get("typed")) == 1


def test_a_typed_pseudonym_is_stored_with_the_version(essay_and_annotator, as_user):
    essay, annotator = essay_and_annotator
    client = as_user(annotator)
    url = f"/api/essays/{essay.pk}/"
    saved = client.post(
        url + "versions/", {"base_version": 1, "graph": _typed_graph()}, format="json"
    )
    assert saved.status_code == 201, saved.json()
    current = client.get(url).json()["current"]["graph"]
    assert _edge(current, "Anna")["typed"] is True and _pseudonym(current, "Anna") == TYPED
    broken = _typed_graph()
    _edge(broken, "Anna")["typed"] = "yes"
    refused = client.post(url + "versions/", {"base_version": 2, "graph": broken}, format="json")
    assert refused.status_code == 400
    assert "typed must be true or false" in str(refused.json())


def test_rerunning_the_automatic_pass_keeps_the_typed_pseudonym(
    essay_and_annotator, as_user, django_capture_on_commit_callbacks
):
    essay, annotator = essay_and_annotator
    as_user(annotator).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": _typed_graph()},
        format="json",
    )
    with django_capture_on_commit_callbacks(execute=True):
        job = prepseudonymize_queue(project=essay.project, essay_ids=[essay.pk])
    job.refresh_from_db()
    assert job.status == "succeeded"
    essay.refresh_from_db()
    current = essay.versions.get(number=essay.current_version)
    assert current.origin == "manual"
    assert _pseudonym(current.graph, "Anna") == TYPED and _edge(current.graph, "Anna")["typed"]


def test_a_leads_typed_replacement_is_marked_typed(project_roles):
    text = "Jag var glad på demonstrationen i Lund."
    essay = EssayFactory(project=project_roles["project"], original=text, status="submitted")
    EssayVersionFactory(essay=essay, graph=graph_with(text, [("glad", "sensitive", None, "")]))
    edge_id = next(
        eid for eid, e in essay.versions.get().graph["edges"].items() if "sensitive" in e["labels"]
    )
    lead = project_roles["users"]["lead"]
    made = decision_record(
        essay_id=essay.pk,
        user=lead,
        edge_id=edge_id,
        decision="pseudonymize",
        label="extra",
        replacement="nöjd",
    )
    graph = Essay.objects.get(pk=essay.pk).versions.get(number=made.version).graph
    assert graph["edges"][made.result_edge_id]["typed"] is True


def test_adjudication_keeps_and_shows_the_typed_mark(project_roles, client):
    project = project_roles["project"]
    a = project_roles["users"]["annotator"]
    b = MembershipFactory(project=project, role="annotator", user__username="typed-b").user
    essay = EssayFactory(project=project, original=TEXT, status="submitted")
    AssignmentFactory(essay=essay, annotator=a, submitted_at=timezone.now())
    AssignmentFactory(essay=essay, annotator=b, submitted_at=timezone.now())
    EssayVersionFactory(essay=essay, graph=graph_with(TEXT, []))
    for user, graph in (
        (a, _typed_graph()),
        (b, graph_with(TEXT, [("Anna", "firstname_female", 1, "Maria"), *SPANS[1:]])),
    ):
        draft = DraftVersion(essay=essay, annotator=user, number=2, start_version=1)
        draft.graph = graph
        draft.save()
    client.force_login(project_roles["users"]["lead"])
    page = client.get(f"/review/essays/{essay.pk}/adjudicate/").content.decode()
    assert f"{TYPED} <em class=\"typed\"" in page and "Maria <em" not in page
    version = adjudicate(
        essay_id=essay.pk, user=project_roles["users"]["lead"], choices={0: "A"}, base_version=1
    )
    graph = version.graph
    assert _pseudonym(graph, "Anna") == TYPED and _edge(graph, "Anna").get("typed") is True
    assert not _edge(graph, "Erik").get("typed")


def test_edge_source_spans_and_typed_ranges_are_character_offsets_of_the_source():
    """The shared offsets (typed pseudonyms here, OBS!/Com! notes in review) point at the
    words of the essay, without the spaces the tokens carry."""
    from swell_annot.corpus.typed import edge_source_spans, typed_ranges

    graph = _typed_graph()
    spans = edge_source_spans(graph)
    for word in ("Anna", "Erik", "Lund"):
        eid = next(k for k, e in graph["edges"].items() if e is _edge(graph, word))
        start, end = spans[eid]
        assert TEXT[start:end] == word
    start = TEXT.index("Anna")
    assert typed_ranges(graph) == {(start, start + 4, TYPED)}
