"""Celery tasks of the corpus app: thin wrappers that take ids and call a service.

All tasks are ``acks_late`` with ``reject_on_worker_lost`` (a message whose worker died is
delivered again) and retry on transient database or broker errors; the services they call are
idempotent, so a redelivery never duplicates work.
"""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

TRANSIENT = (OperationalError, InterfaceError, BrokerError, ConnectionError, TimeoutError)
TASK_OPTIONS = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": TRANSIENT,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 8,
}


@shared_task(name="corpus.prepseudonymize_batch", **TASK_OPTIONS)
def prepseudonymize_batch_task(job_id: int, essay_ids: list[int]) -> int:
    """Pre-pseudonymize a batch of essays for a job."""
    from .prepseudonymize import prepseudonymize_batch

    return prepseudonymize_batch(job_id=job_id, essay_ids=essay_ids)


@shared_task(name="corpus.import_essays", **TASK_OPTIONS)
def import_essays_task(job_id: int) -> None:
    """Run an import job."""
    from .importing import import_run

    import_run(job_id=job_id)
