"""A worker killed mid-task (SIGKILL) does not leave its batch waiting for the broker's
visibility timeout (15 min): the next worker to start — or a worker still running — requeues the
dead worker's unacked messages at once (swell_annot/jobs/recovery.py), and the job finishes with
every essay processed exactly once.

Real worker processes on a private queue of the real Redis broker, production visibility
timeout; only the heartbeat interval is shortened (1 s, so a worker is dead after 3 s).
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.prepseudonymize import prepseudonymize_queue
from swell_annot.jobs.models import Job
from tests.factories import EssayFactory, ProjectFactory
from tests.swell_annot.corpus import test_celery_worker as workers

# the real-worker fixtures of the corpus tests (a private queue, worker processes)
queue = workers.queue
start_worker = workers.start_worker
_wait = workers._wait

pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]

#: production redelivery (900 s); recovery must not depend on it
ENV = {"CELERY_VISIBILITY_TIMEOUT": "900", "SWELL_WORKER_HEARTBEAT_SECONDS": "1"}


def _job_with_long_batches(settings, n: int = 12):
    settings.PREPSEUDONYMIZE_BATCH_SIZE = 4
    project = ProjectFactory()
    # long essays make one batch take a few seconds, so the kill lands mid-batch
    text = "Jag heter Anna Svensson och bor i Stockholm. Ring 070-123 45 67. " * 1000
    essays = [EssayFactory(project=project, original=text) for _ in range(n)]
    job = prepseudonymize_queue(project=project, essay_ids=[e.pk for e in essays])
    return project, job


def _assert_exactly_once(project, job, n: int = 12) -> None:
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("succeeded", n, n)
    assert EssayVersion.objects.filter(essay__project=project).count() == n
    for essay in Essay.objects.filter(project=project):
        assert list(essay.versions.values_list("number", "origin")) == [(1, "automatic")]
        assert essay.auto_job_id == job.pk and essay.status == "pre_pseudonymized"


def _kill_mid_batch(worker, job) -> int:
    def progress() -> int:
        return Job.objects.get(pk=job.pk).done

    _wait(lambda: progress() >= 4, 120, "the first batch", [worker])
    os.killpg(worker.pid, signal.SIGKILL)
    worker.wait(10)
    killed_at = progress()
    assert killed_at < 12, "the worker finished before it could be killed"
    return killed_at


@pytest.mark.slow
def test_a_restarted_worker_requeues_the_killed_workers_batch_at_once(start_worker, settings):
    project, job = _job_with_long_batches(settings)
    first = start_worker(**ENV)
    _kill_mid_batch(first, job)
    restarted = time.monotonic()
    second = start_worker(**ENV)
    _wait(lambda: Job.objects.get(pk=job.pk).is_over, 150, "the job after the restart", [second])
    assert time.monotonic() - restarted < 300  # far below the 900 s visibility timeout
    _assert_exactly_once(project, job)


@pytest.mark.slow
def test_a_running_worker_takes_over_the_batch_of_a_worker_that_died(start_worker, settings):
    project, job = _job_with_long_batches(settings)
    doomed = start_worker(**ENV)
    _wait(lambda: Job.objects.get(pk=job.pk).done >= 1, 120, "work to start", [doomed])
    survivor = start_worker(**ENV)
    _kill_mid_batch(doomed, job)
    _wait(lambda: Job.objects.get(pk=job.pk).is_over, 150, "the job", [survivor])
    _assert_exactly_once(project, job)
