"""Pre-pseudonymization never touches an essay past annotation (submitted, in review, approved,
released): the batch re-checks the status under the row lock and reports the skip; the admin
action queues only essays still in annotation."""

from __future__ import annotations

import pytest

from swell_annot.corpus.models import Essay
from swell_annot.corpus.prepseudonymize import (
    prepseudonymize_batch,
    prepseudonymize_project_queue,
)
from swell_annot.jobs.models import Job
from tests.factories import EssayFactory, EssayVersionFactory, ProjectFactory, UserFactory

pytestmark = pytest.mark.django_db
TEXT = "Jag bor i Stockholm. Ring mig på 070-123 45 67 eller mejla anna@example.se."


def _essay(project, status: str = "pre_pseudonymized") -> Essay:
    """An essay whose current version is an automatic pass that found nothing, so a new pass
    would differ (and, without the status check, make a new automatic version)."""
    essay = EssayFactory(project=project, original=TEXT, status=status)
    EssayVersionFactory(essay=essay)
    essay.refresh_from_db()
    return essay


@pytest.mark.parametrize("status", ["submitted", "in_review", "approved", "released"])
def test_batch_skips_an_essay_that_left_annotation_after_queueing(status):
    project = ProjectFactory()
    essay = _essay(project)
    untouched = _essay(project)
    # queued while in annotation; no on-commit execution here: the batch runs below, by hand
    job = prepseudonymize_project_queue(project=project, user=UserFactory())
    assert job.total == 2
    # between queueing and the worker picking the batch up, a lead approves (etc.) the essay
    Essay.objects.filter(pk=essay.pk).update(status=status)
    assert prepseudonymize_batch(job_id=job.pk, essay_ids=[essay.pk, untouched.pk]) == 2
    essay.refresh_from_db()
    assert essay.status == status and essay.current_version == 1
    assert [v.origin for v in essay.versions.all()] == ["automatic"]
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("succeeded", 2, 2)
    assert job.errors == [
        {"id": essay.external_id, "essay": essay.pk, "reason": f"skipped: status {status}"}
    ]
    # the essay still in annotation got its new automatic version
    assert untouched.versions.count() == 2


def test_redelivered_batch_does_not_report_the_skip_twice():
    project = ProjectFactory()
    essay = _essay(project)
    job = prepseudonymize_project_queue(project=project)
    Essay.objects.filter(pk=essay.pk).update(status="approved")
    assert prepseudonymize_batch(job_id=job.pk, essay_ids=[essay.pk]) == 1
    Job.objects.filter(pk=job.pk).update(status="running", finished_at=None)
    assert prepseudonymize_batch(job_id=job.pk, essay_ids=[essay.pk]) == 0
    job.refresh_from_db()
    assert job.done == 1 and len(job.errors) == 1


def test_admin_action_queues_only_essays_in_annotation(client, django_capture_on_commit_callbacks):
    project = ProjectFactory()
    eligible = [_essay(project, status) for status in ("imported", "in_annotation")]
    approved = _essay(project, "approved")
    released = _essay(project, "released")
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/admin/corpus/essay/",
            {
                "action": "prepseudonymize",
                "_selected_action": [e.pk for e in [*eligible, approved, released]],
            },
            follow=True,
        )
    assert response.status_code == 200
    job = Job.objects.get(kind="prepseudonymize", project=project)
    assert (job.status, job.total, job.done) == ("succeeded", 2, 2)
    text = response.content.decode()
    assert "2 essays queued" in text and "2 skipped" in text
    for essay in (approved, released):
        assert essay.versions.count() == 1
    for essay in eligible:
        assert essay.versions.count() == 2


def test_essay_returned_to_annotation_while_the_batch_ran_still_gets_its_pass(monkeypatch):
    from swell_annot.corpus import prepseudonymize

    project = ProjectFactory()
    returned = _essay(project, "approved")
    other = _essay(project)
    job = prepseudonymize.prepseudonymize_queue(project=project, essay_ids=[returned.pk, other.pk])
    real = prepseudonymize._annotate

    def annotate_and_return(essay, *args):
        # a lead returns the approved essay to annotation while the batch's pass runs
        Essay.objects.filter(pk=returned.pk).update(status="in_annotation")
        return real(essay, *args)

    monkeypatch.setattr(prepseudonymize, "_annotate", annotate_and_return)
    assert prepseudonymize_batch(job_id=job.pk, essay_ids=[returned.pk, other.pk]) == 2
    job.refresh_from_db()
    assert job.errors == [] and job.done == 2
    assert returned.versions.count() == 2 and other.versions.count() == 2
