"""The base class of every Celery task that works for a ``Job``.

Tasks retry transient errors (``corpus.tasks.TASK_OPTIONS``). When a task fails for good —
its retries are exhausted, or an error that is not retried escaped — Celery calls
``on_failure``; without this base the job would stay "running" for ever. ``JobTask`` marks the
job failed with the reason in its error report (``job_give_up``: a job that is already over,
e.g. failed by the service with a better reason, is left alone).
"""

from __future__ import annotations

import importlib
import logging

from celery import Task

logger = logging.getLogger(__name__)


class JobTask(Task):
    """A task whose first argument (or ``job_id`` keyword) is the id of the job it works for.

    ``give_up_hook`` (a task option: ``"module:function"``) is called with ``job_id=`` after
    the job was marked failed here, for what else must be closed (an import's follow-up
    pre-pseudonymization job); a job the service failed itself ran its own clean-up already.
    """

    give_up_hook: str = ""

    def job_id_of(self, args: tuple, kwargs: dict) -> int | None:
        """The id of the job this call works for (None: none)."""
        job_id = kwargs.get("job_id", args[0] if args else None)
        return job_id if isinstance(job_id, int) else None

    def failure_reason(self, exc: BaseException) -> str:
        retries = getattr(self.request, "retries", 0) or 0
        gave_up = f" (gave up after {retries} retries)" if retries else ""
        return f"{type(exc).__name__}: {exc}{gave_up}"

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:  # type: ignore[override]
        from .services import job_give_up

        try:
            job_id = self.job_id_of(tuple(args or ()), dict(kwargs or {}))
            if job_id is not None and job_give_up(
                job_id=job_id, reason=self.failure_reason(exc), task=self.name
            ) and self.give_up_hook:
                module, _, name = self.give_up_hook.partition(":")
                getattr(importlib.import_module(module), name)(job_id=job_id)
        except Exception:  # the database may be what failed: log, never mask the task's error
            logger.exception("could not mark the job of a failed task", extra={"task": task_id})
        super().on_failure(exc, task_id, args, kwargs, einfo)
