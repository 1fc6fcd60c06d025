"""Celery task of the releases app: a thin wrapper that takes an id and calls the service."""

from __future__ import annotations

from celery import shared_task

from swell_annot.corpus.tasks import TASK_OPTIONS


@shared_task(name="releases.build_release", **TASK_OPTIONS)
def build_release_task(release_id: int) -> None:
    """Build (and leak-check) one release; idempotent, so a redelivery does no harm."""
    from .services import release_build

    release_build(release_id=release_id)
