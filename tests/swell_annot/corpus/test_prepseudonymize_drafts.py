"""Re-running pre-pseudonymization on doubly annotated essays: an essay whose annotators saved
drafts keeps its automatic version (their chains start from it) and the job reports it; an
essay whose annotators have not saved yet gets the new automatic version, and both chains start
from it."""

from __future__ import annotations

import pytest

from swell_annot.corpus.prepseudonymize import prepseudonymize_batch, prepseudonymize_project_queue
from tests.factories import (
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
    ProjectFactory,
)
from tests.swell_annot.review.essays import graph_with

pytestmark = pytest.mark.django_db
# the first automatic version found nothing: a new pass finds Anna, Lund and the number
TEXT = "Jag heter Anna och bor i Lund. Ring mig på 070-123 45 67."


@pytest.fixture
def doubly(db):
    project = ProjectFactory(settings={"double_annotation": True})
    lead = MembershipFactory(project=project, role="lead").user
    a = MembershipFactory(project=project, role="annotator").user
    b = MembershipFactory(project=project, role="annotator").user
    essays = []
    for k in range(2):
        essay = EssayFactory(project=project, original=TEXT, status="pre_pseudonymized",
                             external_id=f"e{k}")
        EssayVersionFactory(essay=essay)  # automatic, no labels
        AssignmentFactory(essay=essay, annotator=a)
        AssignmentFactory(essay=essay, annotator=b)
        essay.refresh_from_db()
        essays.append(essay)
    return project, lead, a, b, essays


def test_rerun_keeps_the_start_of_saved_drafts_and_reports_it(doubly, as_user):
    project, lead, a, b, (drafted, fresh) = doubly
    url = f"/api/essays/{drafted.pk}/"
    mine = graph_with(TEXT, [("Anna", "firstname_female", 1, "Maria")])
    r = as_user(a).post(url + "versions/", {"base_version": 1, "graph": mine}, format="json")
    assert r.status_code == 201

    job = prepseudonymize_project_queue(project=project, user=lead)
    assert job.total == 2
    assert prepseudonymize_batch(job_id=job.pk, essay_ids=[drafted.pk, fresh.pk]) == 2
    job.refresh_from_db()
    assert job.status == "succeeded"
    assert job.errors == [{
        "id": "e0", "essay": drafted.pk,
        "reason": "kept: 1 annotator(s) work on drafts from version 1; a new automatic version "
                  "would leave them on an old start"}]

    # the drafted essay: both chains still start from version 1 (a's draft, b's start)
    drafted.refresh_from_db()
    assert drafted.current_version == 1
    assert as_user(a).get(url).json()["current"]["number"] == 2
    assert [v["number"] for v in as_user(b).get(url + "versions/").json()] == [1]
    # the essay nobody saved yet: a new automatic version, and both chains start from it
    fresh.refresh_from_db()
    assert fresh.current_version == 2
    for user in (a, b):
        current = as_user(user).get(f"/api/essays/{fresh.pk}/").json()["current"]
        assert (current["number"], current["origin"]) == (2, "automatic")
        assert current["graph"]["edges"] != drafted.versions.get(number=1).graph["edges"]
