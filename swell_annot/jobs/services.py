"""Job life cycle: create, start, advance, finish. Progress lives on the row (F() updates, so
concurrent workers never lose an increment)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .models import Job


def job_create(
    *,
    kind: str,
    project_id: int | None = None,
    created_by=None,
    total: int = 0,
    description: str = "",
    open: bool = False,
) -> Job:
    """A queued job (``open``: more work will be added until ``job_close``)."""
    return Job.objects.create(
        kind=kind,
        project_id=project_id,
        created_by=created_by,
        total=total,
        description=description[:300],
        open=open,
    )


def job_start(*, job_id: int, total: int | None = None) -> None:
    """Mark a job running (keeps the first start time when a task is retried)."""
    updates: dict[str, Any] = {"status": Job.Status.RUNNING}
    if total is not None:
        updates["total"] = total
    Job.objects.filter(pk=job_id, started_at__isnull=True).update(started_at=timezone.now())
    Job.objects.filter(pk=job_id).update(**updates)


def job_advance(*, job_id: int, by: int = 1) -> None:
    """Add ``by`` to ``done``; call it inside the transaction that did the work."""
    if by:
        Job.objects.filter(pk=job_id).update(done=F("done") + by)


def job_finish(
    *,
    job_id: int,
    errors: list[dict] | None = None,
    result: dict | None = None,
    failed: bool = False,
) -> None:
    """Mark a job over (succeeded unless ``failed``), with its error report and summary."""
    updates: dict[str, Any] = {
        "status": Job.Status.FAILED if failed else Job.Status.SUCCEEDED,
        "finished_at": timezone.now(),
    }
    if errors is not None:
        updates["errors"] = errors
    if result is not None:
        updates["result"] = result
    Job.objects.filter(pk=job_id).update(**updates)


def job_finish_if_complete(*, job_id: int) -> bool:
    """Finish a job whose ``done`` reached ``total`` (the last batch of several closes it)."""
    return bool(
        Job.objects.filter(
            pk=job_id, open=False, done__gte=F("total"), finished_at__isnull=True
        ).update(status=Job.Status.SUCCEEDED, finished_at=timezone.now())
    )


def job_close(*, job_id: int, total: int) -> None:
    """No more work will be added: fix the final total and finish if all of it is done."""
    Job.objects.filter(pk=job_id).update(open=False, total=total)
    job_finish_if_complete(job_id=job_id)


def _mark_failed(*, job_id: int, reason: str, unless_over: bool) -> bool:
    """Mark a job failed with ``reason`` added to the errors it already has (and closed: no
    more work will be added). ``unless_over``: a job already finished or failed is left as it
    is. Returns whether the job was marked."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or (unless_over and job.is_over):
            return False
        job.errors = [*job.errors, {"row": None, "reason": reason}]
        job.status = Job.Status.FAILED
        job.open = False
        job.finished_at = timezone.now()
        job.save(update_fields=["errors", "status", "open", "finished_at"])
    return True


def job_fail(*, job_id: int, reason: str) -> None:
    """Mark a job failed because of an unexpected error, keeping the errors it already has."""
    _mark_failed(job_id=job_id, reason=reason, unless_over=False)


def job_give_up(*, job_id: int, reason: str, task: str = "") -> bool:
    """Mark a job failed because its task failed for good (retries exhausted, worker gave up).

    Only a job that is not over yet changes: one the service already finished or failed keeps
    its status and report. Returns whether the job was marked failed.
    """
    where = f"task {task} failed: " if task else ""
    return _mark_failed(job_id=job_id, reason=f"{where}{reason}", unless_over=True)
