"""A Celery task that fails for good marks its job failed with the reason (issue: a job whose
retries were exhausted stayed "running" for ever). Tasks run eagerly here without propagating
their errors, as a worker runs them: Celery then retries them in-process, so the whole retry
sequence is exercised."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from swell_annot.corpus.tasks import prepseudonymize_batch_task
from swell_annot.jobs.models import Job
from swell_annot.jobs.services import job_finish, job_give_up, job_start
from swell_annot.releases.models import Release
from swell_annot.releases.tasks import build_release_task
from tests.factories import EssayFactory, JobFactory, ProjectFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def like_a_worker(celery_eager):
    """Eager tasks that keep their errors in the result and retry (``apply(throw=False)``)."""
    before = celery_eager.conf.task_eager_propagates
    celery_eager.conf.task_eager_propagates = False
    yield
    celery_eager.conf.task_eager_propagates = before


def test_exhausted_retries_fail_the_job_with_its_error(monkeypatch):
    calls = []

    def unreachable(**kwargs):
        calls.append(kwargs)
        raise OperationalError("could not connect to server")

    monkeypatch.setattr("swell_annot.corpus.prepseudonymize.prepseudonymize_batch", unreachable)
    job = JobFactory(kind="prepseudonymize", total=1)
    job_start(job_id=job.pk)
    essay = EssayFactory()
    result = prepseudonymize_batch_task.delay(job.pk, [essay.pk])
    assert result.state == "FAILURE" and isinstance(result.result, OperationalError)
    max_retries = prepseudonymize_batch_task.max_retries
    assert len(calls) == max_retries + 1  # it was retried, every time
    job.refresh_from_db()
    assert job.status == "failed" and job.finished_at is not None
    [error] = job.errors
    assert "prepseudonymize_batch" in error["reason"]
    assert "OperationalError: could not connect to server" in error["reason"]
    assert f"gave up after {max_retries} retries" in error["reason"]
    assert job.is_over


def test_an_error_the_service_reported_is_not_reported_twice(monkeypatch):
    def broken(**kwargs):
        raise ValueError("essay 7 has no text")

    monkeypatch.setattr("swell_annot.corpus.prepseudonymize.prepseudonymize_batch", broken)
    job = JobFactory(kind="prepseudonymize", total=1)
    assert prepseudonymize_batch_task.delay(job.pk, [1]).state == "FAILURE"
    job.refresh_from_db()
    assert job.status == "failed"
    assert [e["reason"] for e in job.errors] == ["ValueError: essay 7 has no text"]


def test_a_finished_job_is_never_turned_into_a_failed_one():
    job = JobFactory(kind="import", total=0)
    job_finish(job_id=job.pk, result={"n": 1})
    assert job_give_up(job_id=job.pk, reason="late") is False
    job.refresh_from_db()
    assert job.status == "succeeded" and job.errors == []


def test_a_release_build_that_fails_for_good_fails_release_and_job(monkeypatch):
    def unreachable(*, release_id):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("swell_annot.releases.services.release_build", unreachable)
    project = ProjectFactory()
    job = JobFactory(kind="release", project=project, total=2)
    release = Release.objects.create(project=project, version="1", job=job, essay_count=2,
                                     created_by=UserFactory())
    assert build_release_task.delay(release.pk).state == "FAILURE"
    release.refresh_from_db()
    job.refresh_from_db()
    assert release.status == "failed"
    assert release.error.startswith("build task failed: OperationalError")
    assert job.status == "failed" and job.done == job.total
    assert len(job.errors) == 1 and "gave up after" in job.errors[0]["reason"]
    assert Job.objects.filter(status="running").count() == 0


def test_an_import_that_gives_up_closes_its_prepseudonymization_job(monkeypatch):
    from swell_annot.corpus.prepseudonymize import prepseudonymize_open
    from swell_annot.corpus.tasks import import_essays_task

    def unreachable(**kwargs):
        raise OperationalError("the database system is shutting down")

    monkeypatch.setattr("swell_annot.corpus.importing.import_run", unreachable)
    project = ProjectFactory()
    follow_up = prepseudonymize_open(project=project)
    job = JobFactory(kind="import", project=project, result={"prepseudonymize_job": follow_up.pk})
    assert import_essays_task.delay(job.pk).state == "FAILURE"
    job.refresh_from_db()
    follow_up.refresh_from_db()
    assert job.status == "failed" and "gave up after" in job.errors[0]["reason"]
    # nothing more will be fed to the follow-up job: it is closed, not left open for ever
    assert follow_up.open is False and follow_up.status == "succeeded"
