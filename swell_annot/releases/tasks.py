"""Celery task of the releases app: a thin wrapper that takes an id and calls the service."""

from __future__ import annotations

import logging

from celery import shared_task

from swell_annot.corpus.tasks import TASK_OPTIONS
from swell_annot.jobs.tasks import JobTask

logger = logging.getLogger(__name__)


class ReleaseTask(JobTask):
    """A release build that fails for good (retries exhausted) fails its release and job."""

    def job_id_of(self, args: tuple, kwargs: dict) -> int | None:
        from .models import Release

        release_id = kwargs.get("release_id", args[0] if args else None)
        return (
            Release.objects.filter(pk=release_id).values_list("job_id", flat=True).first()
            if isinstance(release_id, int)
            else None
        )

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:  # type: ignore[override]
        from .services import release_give_up

        release_id = kwargs.get("release_id", args[0] if args else None)
        try:
            if isinstance(release_id, int):
                release_give_up(release_id=release_id, reason=self.failure_reason(exc))
        except Exception:  # the database may be what failed: log, never mask the task's error
            logger.exception("could not fail the release of a failed task",
                             extra={"release": release_id})
        super().on_failure(exc, task_id, args, kwargs, einfo)


@shared_task(name="releases.build_release", **{**TASK_OPTIONS, "base": ReleaseTask})
def build_release_task(release_id: int) -> None:
    """Build (and leak-check) one release; idempotent, so a redelivery does no harm."""
    from .services import release_build

    release_build(release_id=release_id)
