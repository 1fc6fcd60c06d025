"""Pre-pseudonymization: the library's automatic pass saved as an essay's automatic version.

Work is queued in batches of essay ids (one Celery task per batch, for throughput). A batch is
idempotent: each essay records the job that last processed it (``Essay.auto_job``), so a batch
redelivered after a worker died skips what was already done and ``job.done`` counts every
essay exactly once. Manual or imported work is never overwritten, and an unchanged result
makes no new version. Only essays still in annotation (``OPEN_STATUSES``) are touched: an essay
submitted, in review, approved or released after it was queued is skipped under the row lock
and the skip is reported in the job's error report.

Double annotation: annotators' draft chains start from the essay's latest automatic version
(``drafts.chain_start``). A new automatic version under saved drafts would leave those chains
on the old start while annotators without drafts start from the new one, so the two
annotations compared and adjudicated would rest on different automatic passes. Drafts are
manual work, which the pass never overwrites: such an essay keeps its automatic version, and the
job's error report says so (``kept: …``); an essay whose annotators have not saved yet gets the
new version (their chains start from it).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F
from django.utils import timezone

from swell_annot.jobs.models import Job
from swell_annot.jobs.services import (
    job_advance,
    job_create,
    job_finish_if_complete,
    job_start,
)
from swell_annot.projects.models import Project
from swell_annot.projects.services import project_options

from .models import DraftVersion, Essay, EssayVersion
from .services import version_build

BULK_FIELDS = [
    "current_version",
    "token_count",
    "label_count",
    "open_obs_count",
    "status",
    "auto_job",
    "updated_at",
]

# Statuses in which the automatic pass may (re)write an essay's current version; past them the
# version is an annotator's submission or a lead's approved text and must never be replaced.
OPEN_STATUSES = (
    Essay.Status.IMPORTED,
    Essay.Status.PRE_PSEUDONYMIZED,
    Essay.Status.IN_ANNOTATION,
)

logger = logging.getLogger(__name__)


def _batches(ids: list[int], size: int) -> Iterable[list[int]]:
    for i in range(0, len(ids), size):
        yield ids[i : i + size]


def prepseudonymize_queue(
    *, project: Project, essay_ids: list[int], user=None, description: str = ""
) -> Job:
    """Create a pre-pseudonymization job for these essays and queue its batches on commit."""
    from .tasks import prepseudonymize_batch_task

    ids = sorted(set(essay_ids))
    job = job_create(
        kind=Job.Kind.PREPSEUDONYMIZE,
        project_id=project.pk,
        created_by=user,
        total=len(ids),
        description=description or f"pre-pseudonymize {len(ids)} essays of {project.name}",
    )
    if not ids:
        job_finish_if_complete(job_id=job.pk)
        return job
    size = settings.PREPSEUDONYMIZE_BATCH_SIZE

    def _send() -> None:
        for batch in _batches(ids, size):
            prepseudonymize_batch_task.delay(job.pk, batch)

    transaction.on_commit(_send)
    return job


def prepseudonymize_open(*, project: Project, user=None, description: str = "") -> Job:
    """An open pre-pseudonymization job that essays are added to as they arrive (imports)."""
    return job_create(
        kind=Job.Kind.PREPSEUDONYMIZE,
        project_id=project.pk,
        created_by=user,
        total=0,
        description=description,
        open=True,
    )


def prepseudonymize_add(*, job: Job, essay_ids: list[int]) -> None:
    """Add essays to an open job and queue their batches once the caller's writes commit."""
    from .tasks import prepseudonymize_batch_task

    ids = sorted(set(essay_ids))
    if not ids:
        return
    Job.objects.filter(pk=job.pk).update(total=F("total") + len(ids))
    size = settings.PREPSEUDONYMIZE_BATCH_SIZE

    def _send() -> None:
        for batch in _batches(ids, size):
            prepseudonymize_batch_task.delay(job.pk, batch)

    transaction.on_commit(_send)


def prepseudonymize_project_queue(*, project: Project, user=None) -> Job:
    """Re-run the automatic pass on every essay of a project that is not past annotation."""
    ids = list(
        Essay.objects.filter(project=project, status__in=OPEN_STATUSES).values_list("pk", flat=True)
    )
    return prepseudonymize_queue(
        project=project,
        essay_ids=ids,
        user=user,
        description=f"re-run pre-pseudonymization of {project.name}",
    )


def _annotate(essay: Essay, project: Project, options, gazetteer=None) -> dict:
    from pseudonymizer import annotate

    from .schemes import scheme_for

    custom = scheme_for(project.scheme)
    if custom is not None:
        return custom.automatic(text=essay.original, external_id=essay.external_id)
    result = annotate(
        essay.original,
        lang=project.language,
        genre=essay.genre or None,
        seed=essay.seed,
        options=options,
        gazetteer=gazetteer,
    )
    return result.graph


def prepseudonymize_batch(*, job_id: int, essay_ids: list[int]) -> int:
    """Process one batch of a job; returns how many essays it processed now.

    The (slow) library pass runs outside the transaction; the writes run in one transaction
    with the batch's essay rows locked, re-checking everything under the lock. An essay no
    longer in annotation (a lead approved it after the job was queued, say) is counted as
    processed but left alone, and reported as ``skipped: status <status>``.
    """
    job = Job.objects.select_related("project").get(pk=job_id)
    if job.is_over:
        return 0
    job_start(job_id=job_id)
    project = job.project
    options = project_options(project=project)
    # learning from corrections: strings the lead added to the project gazetteer (issue 6)
    from swell_annot.review.services import project_gazetteer

    gazetteer = project_gazetteer(project)
    todo = list(
        Essay.objects.filter(pk__in=essay_ids, project=project)
        .exclude(auto_job_id=job_id)
        .order_by("pk")
    )
    graphs: dict[int, dict] = {}
    failures: list[dict] = []

    def run(essay: Essay) -> None:
        try:
            graphs[essay.pk] = _annotate(essay, project, options, gazetteer)
        except Exception as exc:  # a library bug on one essay must not stop the others
            logger.exception("pre-pseudonymization failed", extra={"essay": essay.pk})
            failures.append(
                {
                    "id": essay.external_id,
                    "essay": essay.pk,
                    "reason": f"{type(exc).__name__}: {exc}",
                }
            )

    for essay in todo:
        if essay.status in OPEN_STATUSES:  # the others are skipped (and reported) below
            run(essay)
    processed = 0
    with transaction.atomic():
        locked = list(
            Essay.objects.select_for_update()
            .filter(pk__in=[e.pk for e in todo])
            .exclude(auto_job_id=job_id)
            .order_by("pk")
        )
        current = {
            v.essay_id: v
            for v in EssayVersion.objects.filter(
                essay__in=locked, number=F("essay__current_version")
            )
        }
        # essays under double annotation whose annotators saved drafts (see the module docstring)
        drafted = dict(
            DraftVersion.objects.filter(essay__in=locked)
            .values_list("essay")
            .annotate(n=Count("annotator", distinct=True))
        )
        new_versions = []
        skipped: list[dict] = []
        now = timezone.now()
        failed_ids = {f["essay"] for f in failures}
        for essay in locked:
            if essay.status not in OPEN_STATUSES:
                # Re-checked under the lock: the status may have moved on since queueing.
                skipped.append(
                    {
                        "id": essay.external_id,
                        "essay": essay.pk,
                        "reason": f"skipped: status {essay.status}",
                    }
                )
                essay.auto_job_id = job_id  # a redelivered batch neither redoes nor re-reports
                essay.updated_at = now
                processed += 1
                continue
            if essay.pk not in graphs and essay.pk not in failed_ids:
                # Rare: the essay was past annotation before the lock and was returned to
                # annotation since; run its pass now rather than skip it silently.
                run(essay)
            graph = graphs.get(essay.pk)
            version = current.get(essay.pk)
            if (
                graph is not None
                and version is not None
                and essay.pk in drafted
                and version.origin == EssayVersion.Origin.AUTOMATIC
                and version.graph != graph
            ):
                skipped.append(
                    {
                        "id": essay.external_id,
                        "essay": essay.pk,
                        "reason": f"kept: {drafted[essay.pk]} annotator(s) work on drafts from "
                        f"version {version.number}; a new automatic version would leave them on "
                        "an old start",
                    }
                )
                graph = None
            if graph is not None and (
                version is None
                or (version.origin == EssayVersion.Origin.AUTOMATIC and version.graph != graph)
            ):
                new_versions.append(
                    version_build(
                        essay=essay,
                        graph=graph,
                        origin=EssayVersion.Origin.AUTOMATIC,
                        job_id=job_id,
                    )
                )
            if graph is not None and essay.status == Essay.Status.IMPORTED:
                essay.status = Essay.Status.PRE_PSEUDONYMIZED
            essay.auto_job_id = job_id
            essay.updated_at = now
            processed += 1
        # Two statements per batch instead of two per essay.
        EssayVersion.objects.bulk_create(new_versions)
        Essay.objects.bulk_update(locked, BULK_FIELDS)
        locked_ids = {e.pk for e in locked}
        skipped_ids = {f["essay"] for f in skipped}
        failures = [
            f for f in failures if f["essay"] in locked_ids and f["essay"] not in skipped_ids
        ]
        report = sorted(failures + skipped, key=lambda f: f["essay"])
        if report:
            locked_job = Job.objects.select_for_update().get(pk=job_id)
            locked_job.errors = [*locked_job.errors, *report]
            locked_job.save(update_fields=["errors"])
        job_advance(job_id=job_id, by=processed)
    job_finish_if_complete(job_id=job_id)
    return processed
