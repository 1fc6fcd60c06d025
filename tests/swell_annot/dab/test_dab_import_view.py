"""The import/export page of a dab project: who may use it and how the annotator field is read."""

from __future__ import annotations

import io
import json

import pytest

from swell_annot.corpus.models import Essay
from tests.factories import DEFAULT_PASSWORD, MembershipFactory, ProjectFactory

pytestmark = pytest.mark.django_db

TEXT = "Kim Holm bor i Vejle."


def _file(annotators: list[str]) -> io.BytesIO:
    tasks = [{"id": "t1", "data": {"text": TEXT}, "annotations": [
        {"completed_by": name, "result": [
            {"id": "a", "type": "labels", "from_name": "label", "to_name": "text",
             "value": {"start": 0, "end": 8, "text": "Kim Holm", "labels": ["PERSON"]}}]}
        for name in annotators]}]
    f = io.BytesIO(json.dumps(tasks).encode())
    f.name = "tasks.json"
    return f


def test_only_leads_of_dab_projects_reach_the_page(client):
    project = ProjectFactory(scheme="dab", language="da")
    swell = ProjectFactory(scheme="swell")
    lead = MembershipFactory(project=project, role="lead").user
    MembershipFactory(project=swell, role="lead", user=lead)
    annotator = MembershipFactory(project=project, role="annotator").user
    client.login(username=annotator.username, password=DEFAULT_PASSWORD)
    assert client.get(f"/dab/projects/{project.pk}/").status_code == 403
    assert client.post(f"/dab/projects/{project.pk}/", {"file": _file(["x"])}).status_code == 403
    client.login(username=lead.username, password=DEFAULT_PASSWORD)
    assert client.get(f"/dab/projects/{project.pk}/").status_code == 200
    assert client.get(f"/dab/projects/{swell.pk}/").status_code == 404
    assert Essay.objects.count() == 0


def test_annotator_lines_map_file_names_to_members(client):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    anna = MembershipFactory(project=project, role="annotator", user__username="anna").user
    bo = MembershipFactory(project=project, role="annotator", user__username="bo").user
    client.login(username=lead.username, password=DEFAULT_PASSWORD)
    url = f"/dab/projects/{project.pk}/"
    r = client.post(url, {"file": _file(["A1", "B2"]), "annotators": "A1 anna"}, follow=True)
    assert "annotators, line 1: write" in r.content.decode()
    r = client.post(url, {"file": _file(["A1", "B2"]), "annotators": "A1 = anna\n\nB2=bo\n"},
                    follow=True)
    assert "Imported 1 document(s)" in r.content.decode()
    assert "2 annotation(s) assigned" in r.content.decode()
    essay = Essay.objects.get(project=project)
    assert sorted(essay.assignments.values_list("annotator", flat=True)) == sorted(
        [anna.pk, bo.pk])


def test_two_annotations_of_one_member_are_named_on_the_page(client):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    MembershipFactory(project=project, role="annotator", user__username="anna")
    client.login(username=lead.username, password=DEFAULT_PASSWORD)
    r = client.post(f"/dab/projects/{project.pk}/", {"file": _file(["anna", "anna"])},
                    follow=True)
    html = r.content.decode()
    assert "Imported 1 document(s)" in html and "1 annotation(s) assigned" in html
    assert 'id="dab-warning"' in html
    assert "document t1: annotations 1 and 2 both belong to member anna" in html
    essay = Essay.objects.get(project=project)
    assert len(essay.versions.get(number=1).graph["annotations"]) == 2


def test_annotations_without_a_name_are_named_on_the_page(client):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    client.login(username=lead.username, password=DEFAULT_PASSWORD)
    r = client.post(f"/dab/projects/{project.pk}/", {"file": _file([None, None])}, follow=True)
    html = r.content.decode()
    assert "Imported 1 document(s)" in html and 'id="dab-warning"' in html
    for k in (1, 2):
        assert f"document t1: annotation {k} names no annotator; kept in the main version" \
            in html
