"""The dab editor's step per document and user on the server (GET/PUT
/api/essays/{id}/dab/step/): a view setting that follows the user to another browser, kept
apart from the versioned document (real PostgreSQL)."""

from __future__ import annotations

import pytest

from pseudonymizer.dab.scheme import DabDocument
from swell_annot.corpus.models import EditorStep
from swell_annot.dab.document import document_json
from tests.factories import (
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
    ProjectFactory,
)

pytestmark = pytest.mark.django_db

TEXT = "Kim Holm bor i Vejle."


def _essay(project):
    essay = EssayFactory(project=project, original=TEXT, status="pre_pseudonymized")
    EssayVersionFactory(essay=essay, graph=document_json(DabDocument(id="d", text=TEXT)),
                        token_count=len(TEXT.split()))
    return essay


@pytest.fixture
def dab(db):
    project = ProjectFactory(scheme="dab", language="da")
    lead = MembershipFactory(project=project, role="lead").user
    anna = MembershipFactory(project=project, role="annotator").user
    bo = MembershipFactory(project=project, role="annotator").user
    essays = [_essay(project), _essay(project)]
    for essay in essays:
        AssignmentFactory(essay=essay, annotator=anna)
    AssignmentFactory(essay=essays[0], annotator=bo)
    return {"project": project, "lead": lead, "anna": anna, "bo": bo, "essays": essays}


def url(essay) -> str:
    return f"/api/essays/{essay.pk}/dab/step/"


def test_the_step_is_kept_per_document_and_user(dab, as_user):
    first, second = dab["essays"]
    anna, bo = as_user(dab["anna"]), as_user(dab["bo"])
    assert anna.get(url(first)).json() == {"step": None}
    assert anna.put(url(first), {"step": 2}, format="json").json() == {"step": 2}
    assert anna.put(url(second), {"step": 3}, format="json").status_code == 200
    assert bo.put(url(first), {"step": 0}, format="json").status_code == 200
    assert anna.get(url(first)).json() == {"step": 2}
    assert anna.get(url(second)).json() == {"step": 3}
    assert bo.get(url(first)).json() == {"step": 0}
    assert as_user(dab["lead"]).get(url(first)).json() == {"step": None}
    # changing it again updates the one row; it is no version of the document
    assert anna.put(url(first), {"step": 1}, format="json").json() == {"step": 1}
    assert EditorStep.objects.filter(essay=first, user=dab["anna"]).count() == 1
    first.refresh_from_db()
    assert first.current_version == 1


def test_only_steps_of_readable_dab_essays(dab, as_user):
    first, second = dab["essays"]
    anna = as_user(dab["anna"])
    for bad in (-1, 4, "x", None):
        r = anna.put(url(first), {"step": bad}, format="json")
        assert r.status_code == 400, bad
    assert anna.put(url(first), {}, format="json").status_code == 400
    # bo is not assigned the second essay; an outsider sees neither
    assert as_user(dab["bo"]).get(url(second)).status_code == 404
    assert as_user(dab["bo"]).put(url(second), {"step": 1}, format="json").status_code == 404
    outsider = MembershipFactory(role="annotator").user
    assert as_user(outsider).get(url(first)).status_code == 404
    assert as_user(None).get(url(first)).status_code in (401, 403)
    swell = EssayFactory(project=MembershipFactory(project=ProjectFactory(scheme="swell"),
                                                   role="lead", user=dab["lead"]).project)
    assert as_user(dab["lead"]).get(url(swell)).status_code == 400
    assert not EditorStep.objects.exclude(user=dab["anna"]).exists()
