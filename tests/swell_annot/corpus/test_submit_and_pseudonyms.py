"""Submit (validate_graph decides) and the pseudonyms endpoint."""

from __future__ import annotations

import pytest

from pseudonymizer import annotate
from swell_annot.corpus.models import Essay
from tests.factories import AssignmentFactory, EssayFactory, EssayVersionFactory, MembershipFactory

pytestmark = pytest.mark.django_db
TEXT = "Jag bor i Stockholm och min mamma heter Fatima. Ring 070-123 45 67."


def _setup(graph_fn=None, status="in_annotation"):
    essay = EssayFactory(original=TEXT, status=status)
    graph = annotate(TEXT, seed=essay.seed).graph
    if graph_fn:
        graph_fn(graph)
    EssayVersionFactory(essay=essay, graph=graph)
    annotator = MembershipFactory(project=essay.project, role="annotator").user
    AssignmentFactory(essay=essay, annotator=annotator)
    return essay, annotator, graph


def _edge_of(graph, word):
    tok = next(t for t in graph["source"] if word in t["text"])
    return next(e for e in graph["edges"].values() if tok["id"] in e["ids"])


def test_submit_ok_with_warning_for_open_obs(as_user):
    def add_obs(graph):
        edge = _edge_of(graph, "mamma")
        edge["labels"] = ["OBS!"]
        edge["comment"] = "is this sensitive?"

    essay, annotator, _ = _setup(add_obs)
    response = as_user(annotator).post(f"/api/essays/{essay.pk}/submit/")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "submitted"
    assert any("OBS" in w["message"] or "obs" in w["code"].lower() for w in body["warnings"])
    essay.refresh_from_db()
    assert essay.status == "submitted"
    # Submitted essays are read-only for the annotator and cannot be submitted again.
    assert as_user(annotator).post(f"/api/essays/{essay.pk}/submit/").status_code == 403


def test_submit_blocked_by_errors(as_user):
    def two_main_labels(graph):
        edge = _edge_of(graph, "Fatima")
        edge["labels"] = ["firstname_female", "surname", "1"]

    essay, annotator, _ = _setup(two_main_labels)
    response = as_user(annotator).post(f"/api/essays/{essay.pk}/submit/")
    assert response.status_code == 400
    assert response.json()["errors"]
    assert Essay.objects.get(pk=essay.pk).status == "in_annotation"


def test_pseudonyms_recomputed_and_rerolled(as_user):
    essay, annotator, graph = _setup()
    edge = _edge_of(graph, "Fatima")
    edge["labels"] = ["firstname_female", "7"]
    client = as_user(annotator)
    url = f"/api/essays/{essay.pk}/pseudonyms/"
    first = client.post(url, {"graph": graph, "reroll": False}, format="json").json()["graph"]
    again = client.post(url, {"graph": graph, "reroll": False}, format="json").json()["graph"]
    assert first == again  # seeded per essay: stable until someone asks for new ones
    target = "".join(t["text"] for t in first["target"])
    assert "Fatima" not in target and "070-123" not in target
    seen = set()
    current = first
    for _ in range(4):
        current = client.post(url, {"graph": current, "reroll": True}, format="json").json()[
            "graph"
        ]
        seen.add("".join(t["text"] for t in current["target"]))
    assert len(seen) > 1  # re-rolls give new names
    bad = dict(graph, source=graph["source"][:-1])
    assert client.post(url, {"graph": bad}, format="json").status_code == 400
