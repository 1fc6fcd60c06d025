"""Writes of the releases app: start a release, build it (the Celery task calls this), export
the original ↔ pseudonym key.

The build never serves originals to the archive: the builder gets each essay's final graph and
writes only its pseudonymized side (``builder.released_graph``); the originals of the graph are
used only in memory, for the leak check.
"""

from __future__ import annotations

import io
import logging
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.schemes import scheme_for
from swell_annot.jobs.models import Job
from swell_annot.jobs.services import job_advance, job_create, job_finish, job_start
from swell_annot.projects.models import Project

from . import builder
from .models import Release
from .selectors import releasable_essays

logger = logging.getLogger(__name__)

_VERSION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_CHUNK = 200  # essays fetched (and decrypted) per query: memory stays flat
MAX_REPORTED_LEAKS = 500  # a systematic failure must not write megabytes into a row


class ReleaseInputError(ValueError):
    """The release request cannot be honoured (bad version, no essays, version taken)."""


def releases_root() -> Path:
    """Where archives are stored: the ``RELEASES_ROOT`` setting or environment variable,
    default ``var/releases`` in the project directory."""
    root = Path(
        getattr(settings, "RELEASES_ROOT", "")
        or os.environ.get("RELEASES_ROOT", "")
        or settings.BASE_DIR / "var" / "releases"
    )
    root.mkdir(parents=True, exist_ok=True)
    return root


def released_id(*, external_id: str, pk: int) -> str:
    """The essay's id in the archive: its external id when it can name a file safely."""
    return external_id if builder._SAFE_ID.match(external_id) else f"essay-{pk}"


def release_create(*, project: Project, user, version: str, filters: dict) -> Release:
    """Record a release of the approved essays matching ``filters`` and queue its build.

    ``filters``: ``level``, ``genre`` (lists or strings), ``essays`` (essay ids). The essay list
    and their current version numbers are fixed now, so the build is exactly what was chosen.
    """
    if not _VERSION.match(version or ""):
        raise ReleaseInputError("version: letters, digits, '.', '_' or '-' (e.g. 2026.1)")
    essays = list(
        releasable_essays(project=project, filters=filters).values(
            "pk", "external_id", "current_version"
        )
    )
    if not essays:
        raise ReleaseInputError("no approved essays match these filters")
    rows = sorted(
        (
            {
                "id": e["pk"],
                "external_id": e["external_id"],
                "release_id": released_id(external_id=e["external_id"], pk=e["pk"]),
                "version": e["current_version"],
            }
            for e in essays
        ),
        key=lambda r: r["release_id"],
    )
    ids = [r["release_id"] for r in rows]
    if len(set(ids)) != len(ids):
        raise ReleaseInputError("two essays would get the same file name in the archive")
    from .tasks import build_release_task

    with transaction.atomic():
        if Release.objects.filter(project=project, version=version).exists():
            raise ReleaseInputError(f"version {version} exists already: releases never change")
        job = job_create(
            kind=Job.Kind.RELEASE,
            project_id=project.pk,
            created_by=user,
            total=len(rows),
            description=f"release {version} of {project.name} ({len(rows)} essays)",
        )
        release = Release.objects.create(
            project=project,
            version=version,
            job=job,
            filters=filters,
            essays=rows,
            essay_count=len(rows),
            created_by=user,
        )
        audit_log(
            user=user,
            action=AuditEvent.Action.RELEASE,
            project_id=project.pk,
            target=f"release {version}",
            details={"essays": len(rows), "filters": filters, "started": True},
        )
        transaction.on_commit(lambda: build_release_task.delay(release.pk))
    return release


def _scheme_release(project: Project) -> tuple[Callable[..., builder.ReleaseSummary],
                                               Callable[..., int], str]:
    """(build, key export, title suffix) of the project's scheme: the SVALA builder for SweLL,
    the scheme registry's release functions for any other scheme."""
    handler = scheme_for(project.scheme)
    if handler is None:
        return builder.build_release, builder.export_key, "SweLL pseudonymized corpus"
    return handler.release_build, handler.release_key, handler.release_title


def _records(release: Release) -> Iterator[builder.EssayRecord]:
    """The release's essays in archive order, at the recorded version, a chunk at a time."""
    rows = release.essays
    for i in range(0, len(rows), _CHUNK):
        chunk = rows[i : i + _CHUNK]
        wanted = {(r["id"], r["version"]) for r in chunk}
        versions = {
            v.essay_id: v
            for v in EssayVersion.objects.filter(essay_id__in=[r["id"] for r in chunk])
            .filter(number__in={r["version"] for r in chunk})
            .select_related("essay")
            if (v.essay_id, v.number) in wanted
        }
        for row in chunk:
            version = versions.get(row["id"])
            if version is None:
                raise builder.ReleaseError(
                    f"essay {row['external_id']} version {row['version']} no longer exists"
                )
            yield builder.EssayRecord(
                id=row["release_id"], metadata=version.essay.metadata, graph=version.graph
            )


def release_build(*, release_id: int) -> None:
    """Build a release's archive, run the leak check, and mark it ready (or failed).

    Idempotent: a release that is no longer ``building`` is left alone (a redelivered task).
    """
    release = Release.objects.select_related("project").get(pk=release_id)
    if release.status != Release.Status.BUILDING:
        return
    job_id = release.job_id
    if job_id:
        job_start(job_id=job_id, total=release.essay_count)
    step = max(1, release.essay_count // 100)
    reported = 0

    def progress(done: int) -> None:
        nonlocal reported
        if job_id and (done - reported >= step or done == release.essay_count):
            job_advance(job_id=job_id, by=done - reported)
            reported = done

    final = releases_root() / f"project-{release.project_id}" / f"{release.version}.zip"
    final.parent.mkdir(parents=True, exist_ok=True)
    partial = final.with_suffix(f".zip.part-{os.getpid()}")
    build, _, kind = _scheme_release(release.project)
    try:
        summary = build(
            _records(release),
            partial,
            version=release.version,
            title=f"{release.project.name} ({kind})",
            progress=progress,
            allow=release.project.settings.get("leak_allow", []),
        )
    except builder.LeakError as exc:
        # The report names essay, span and file but not the original string: it is stored in
        # plain columns that leads can read.
        leaks = [
            {
                "essay": lk.essay,
                "span": lk.edge,
                "label": lk.label,
                "kind": lk.kind,
                "file": lk.file,
                "found_in_essay": lk.found_in_essay,
            }
            for lk in exc.leaks
        ]
        shown = leaks[:MAX_REPORTED_LEAKS]
        error = "leak check failed"
        if len(leaks) > len(shown):
            error += f" ({len(leaks)} leaks, the first {len(shown)} listed)"
        _fail(release, job_id, error, shown)
        return
    except Exception as exc:  # any other failure: a failed release with the reason
        logger.exception("release build failed", extra={"release": release.pk})
        partial.unlink(missing_ok=True)
        _fail(release, job_id, f"{type(exc).__name__}: {exc}", [])
        return
    os.replace(partial, final)
    with transaction.atomic():
        Release.objects.filter(pk=release.pk).update(
            status=Release.Status.READY,
            file_path=str(final),
            size=final.stat().st_size,
            sha256=summary.sha256,
            manifest=summary.files,
            token_count=summary.token_count,
            label_counts=summary.label_counts,
            finished_at=timezone.now(),
        )
        Essay.objects.filter(
            pk__in=[r["id"] for r in release.essays], status=Essay.Status.APPROVED
        ).update(status=Essay.Status.RELEASED, updated_at=timezone.now())
        if job_id:
            job_advance(job_id=job_id, by=release.essay_count - reported)
            job_finish(job_id=job_id, result={"release": release.pk, "sha256": summary.sha256})


def _fail(release: Release, job_id: int | None, error: str, leaks: list[dict]) -> None:
    with transaction.atomic():
        Release.objects.filter(pk=release.pk).update(
            status=Release.Status.FAILED, error=error, leaks=leaks, finished_at=timezone.now()
        )
        if job_id:
            Job.objects.filter(pk=job_id).update(done=F("total"))
            errors = [
                {
                    "id": lk["essay"],
                    "file": lk["file"],
                    "reason": f"leak: the original of span {lk['span']} "
                    f"({lk['label'] or lk['kind']}) appears in {lk['file']}",
                }
                for lk in leaks
            ] or [{"reason": error}]
            job_finish(job_id=job_id, errors=errors, failed=True)


def release_give_up(*, release_id: int, reason: str) -> None:
    """Fail a release whose build task failed for good (e.g. the database stayed unreachable
    through every retry); a release that is already over is left alone."""
    release = Release.objects.filter(pk=release_id).first()
    if release is None or release.status != Release.Status.BUILDING:
        return
    _fail(release, release.job_id, f"build task failed: {reason}", [])


def release_key_export(*, release: Release, user) -> str:
    """The original ↔ pseudonym key of a release as CSV text (admins only; audit-logged).

    Kept apart from the release (GDPR pseudonymization): it is produced on request and never
    stored with the archive.
    """
    out = io.StringIO()
    rows = _scheme_release(release.project)[1](_records(release), out)
    audit_log(
        user=user,
        action=AuditEvent.Action.EXPORT,
        project_id=release.project_id,
        target=f"key of release {release.version}",
        details={"rows": rows, "release": release.pk},
    )
    return out.getvalue()


def project_leak_allow_set(*, project: Project, user, strings: list[str]) -> list[str]:
    """Set the strings the leak check accepts for this project (``settings["leak_allow"]``).

    For strings that are labelled in one essay but rightly kept in another (a famous person in
    a review essay). They are stored in plain text: only public names belong here.
    """
    cleaned = sorted({" ".join(s.split()) for s in strings if s.strip()})
    with transaction.atomic():
        locked = Project.objects.select_for_update().get(pk=project.pk)
        locked.settings = {**(locked.settings or {}), "leak_allow": cleaned}
        locked.save(update_fields=["settings", "updated_at"])
        audit_log(
            user=user,
            action=AuditEvent.Action.CHANGE,
            project_id=project.pk,
            target="setting leak_allow",
            details={"count": len(cleaned)},
        )
    project.settings = locked.settings
    return cleaned
