"""Celery tasks of the corpus app: thin wrappers that take ids and call a service.

All tasks are ``acks_late`` with ``reject_on_worker_lost`` (a message whose worker died is
delivered again) and retry on transient database or broker errors; the services they call are
idempotent, so a redelivery never duplicates work. Any other error marks the job failed, with
the reason in its error report, instead of leaving it "running" for ever; so does a transient
error that outlasts every retry (``JobTask.on_failure``).
"""

from __future__ import annotations

from collections.abc import Callable

from celery import shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from swell_annot.jobs.services import job_fail
from swell_annot.jobs.tasks import JobTask

TRANSIENT = (OperationalError, InterfaceError, BrokerError, ConnectionError, TimeoutError)
TASK_OPTIONS = {
    # a task that fails for good (retries exhausted) marks its job failed (jobs/tasks.py)
    "base": JobTask,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": TRANSIENT,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
}


def _run(job_id: int, fn: Callable[[], object], on_fail: Callable[[], None] | None = None):
    try:
        return fn()
    except TRANSIENT:
        raise  # retried by Celery
    except Exception as exc:
        job_fail(job_id=job_id, reason=f"{type(exc).__name__}: {exc}")
        if on_fail is not None:
            on_fail()
        raise


@shared_task(name="corpus.prepseudonymize_batch", **TASK_OPTIONS)
def prepseudonymize_batch_task(job_id: int, essay_ids: list[int]) -> int:
    """Pre-pseudonymize a batch of essays for a job."""
    from .prepseudonymize import prepseudonymize_batch

    return _run(job_id, lambda: prepseudonymize_batch(job_id=job_id, essay_ids=essay_ids))


@shared_task(
    name="corpus.import_essays",
    give_up_hook="swell_annot.corpus.importing:import_abort",
    **TASK_OPTIONS,
)
def import_essays_task(job_id: int) -> None:
    """Run an import job."""
    from .importing import import_abort, import_run

    _run(job_id, lambda: import_run(job_id=job_id), lambda: import_abort(job_id=job_id))
