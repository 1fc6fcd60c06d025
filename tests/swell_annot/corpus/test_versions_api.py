"""Versions: reading, saving with optimistic concurrency (201 + 409, no loss), bad graphs."""

from __future__ import annotations

import copy
import threading

import pytest
from django.db import connection

from swell_annot.corpus.models import Essay, EssayVersion
from tests.factories import AssignmentFactory, EssayFactory, EssayVersionFactory, MembershipFactory


def _label(graph: dict, word: str, labels: list[str]) -> dict:
    """A copy of ``graph`` with ``labels`` on the edge of the source token ``word``."""
    graph = copy.deepcopy(graph)
    tok = next(t for t in graph["source"] if t["text"].strip(" .") == word)
    edge = next(e for e in graph["edges"].values() if tok["id"] in e["ids"])
    edge["labels"] = labels
    edge["manual"] = True
    return graph


@pytest.fixture
def essay_and_users(db):
    essay = EssayFactory(original="Jag heter Anna och bor i Stokholm.", status="pre_pseudonymized")
    EssayVersionFactory(essay=essay)
    one = MembershipFactory(project=essay.project, role="annotator").user
    two = MembershipFactory(project=essay.project, role="lead").user
    AssignmentFactory(essay=essay, annotator=one)
    return essay, one, two


def test_detail_returns_current_graph_and_metadata(essay_and_users, as_user):
    essay, one, _ = essay_and_users
    data = as_user(one).get(f"/api/essays/{essay.pk}/").json()
    assert data["current"]["number"] == 1 and data["current"]["origin"] == "automatic"
    assert "".join(t["text"] for t in data["current"]["graph"]["source"]) == essay.original
    assert data["metadata"]["age_span"] == "20-24" and data["read_only"] is False
    assert data["assignees"] == [one.username]


def test_save_on_current_base_creates_next_version(essay_and_users, as_user):
    essay, one, _ = essay_and_users
    graph = _label(essay.versions.get().graph, "Anna", ["firstname_female", "1"])
    response = as_user(one).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": graph}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["number"] == 2 and response.json()["author"] == one.username
    essay.refresh_from_db()
    assert essay.current_version == 2 and essay.status == "in_annotation"
    assert essay.label_count == 1
    listed = as_user(one).get(f"/api/essays/{essay.pk}/versions/").json()
    assert [v["number"] for v in listed] == [1, 2]
    assert as_user(one).get(f"/api/essays/{essay.pk}/versions/2/").json()["graph"] == graph


def test_two_saves_on_same_base_give_201_and_409(essay_and_users, as_user):
    essay, one, two = essay_and_users
    base = essay.versions.get().graph
    mine = _label(base, "Anna", ["firstname_female", "1"])
    theirs = _label(base, "Stokholm", ["city", "1"])
    first = as_user(one).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": mine}, format="json"
    )
    second = as_user(two).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": theirs}, format="json"
    )
    assert first.status_code == 201
    assert second.status_code == 409
    body = second.json()
    assert body["current"]["number"] == 2 and body["current"]["graph"] == mine
    assert body["current"]["author"] == one.username
    # Nothing was lost: the second editor can rebase on version 2 and save.
    third = as_user(two).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 2, "graph": theirs}, format="json"
    )
    assert third.status_code == 201 and third.json()["number"] == 3
    assert [v.graph for v in essay.versions.order_by("number")][1:] == [mine, theirs]


@pytest.mark.django_db(transaction=True)
def test_concurrent_saves_in_two_threads(as_user):
    essay = EssayFactory(original="Jag heter Anna och bor i Stokholm.", status="in_annotation")
    EssayVersionFactory(essay=essay)
    users = [MembershipFactory(project=essay.project, role="lead").user for _ in range(2)]
    base = essay.versions.get().graph
    graphs = [_label(base, "Anna", ["firstname_female", "1"]), _label(base, "Jag", ["OBS!"])]
    barrier = threading.Barrier(2)
    results: list[tuple[int, dict]] = []

    def save(user, graph):
        try:
            client = as_user(user)
            barrier.wait()
            r = client.post(
                f"/api/essays/{essay.pk}/versions/",
                {"base_version": 1, "graph": graph},
                format="json",
            )
            results.append((r.status_code, graph))
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=pair) for pair in zip(users, graphs, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(code for code, _ in results) == [201, 409]
    winner = next(graph for code, graph in results if code == 201)
    assert EssayVersion.objects.filter(essay=essay).count() == 2
    assert EssayVersion.objects.get(essay=essay, number=2).graph == winner
    assert Essay.objects.get(pk=essay.pk).current_version == 2


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda g: g["source"].pop(), "source"),
        (lambda g: g.__setitem__("edges", []), "edges"),
        (lambda g: g["source"][0].__setitem__("text", "Du "), "original"),
    ],
)
def test_invalid_graph_is_400_and_saves_nothing(essay_and_users, as_user, mutate, message):
    essay, one, _ = essay_and_users
    graph = essay.versions.get().graph
    mutate(graph)
    response = as_user(one).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": graph}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"]
    assert essay.versions.count() == 1


def test_bad_base_version_type_is_400(essay_and_users, as_user):
    essay, one, _ = essay_and_users
    response = as_user(one).post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": "x", "graph": {}}, format="json"
    )
    assert response.status_code == 400


def test_essay_list_filters_and_ordering(db, as_user):
    lead = MembershipFactory(role="lead")
    project = lead.project
    ann = MembershipFactory(project=project, role="annotator").user
    e1 = EssayFactory(project=project, external_id="b", level="A2", genre="narrative")
    e2 = EssayFactory(
        project=project, external_id="a", level="B1", genre="evaluative", status="submitted"
    )
    AssignmentFactory(essay=e1, annotator=ann)
    client = as_user(lead.user)

    def ids(query):
        return [r["id"] for r in client.get(f"/api/essays/?{query}").json()["results"]]

    assert ids("") == [e2.pk, e1.pk]
    assert ids("ordering=-external_id") == [e1.pk, e2.pk]
    assert ids("level=A2") == [e1.pk]
    assert ids("genre=evaluative") == [e2.pk]
    assert ids("status=submitted") == [e2.pk]
    assert ids("status=submitted,imported") == [e2.pk, e1.pk]
    assert ids(f"assignee={ann.username}") == [e1.pk]
    assert ids(f"assignee={ann.pk}") == [e1.pk]
    assert ids(f"project={project.pk}&mine=1") == []
    assert as_user(ann).get("/api/essays/?mine=1").json()["count"] == 1


def test_schema_and_docs_are_served(db, as_user, client):
    from tests.factories import UserFactory

    user = UserFactory()
    schema = as_user(user).get("/api/schema/")
    assert schema.status_code == 200
    text = schema.content.decode()
    for path in (
        "/api/essays/{essay_id}/versions/",
        "/api/imports/",
        "/api/jobs/{job_id}/",
        "/api/projects/{project_id}/prepseudonymize/",
        "/api/me/",
    ):
        assert path in text
    client.force_login(user)
    assert client.get("/api/docs/").status_code == 200
