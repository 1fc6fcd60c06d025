"""Independent double annotation: each annotator's own draft chain of an essay.

When a project assigns every essay to two annotators (setting ``double_annotation``), each
assigned annotator works on a chain of ``DraftVersion`` rows that starts from the automatic
version of the main chain. Neither sees the other's drafts: the editor API serves and saves the
requesting annotator's own chain, so agreement is measured between two independent
annotations. The lead's adjudication (swell_annot/review) writes the resolved annotation into
the main chain (``EssayVersion``).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log

from .models import Assignment, DraftVersion, Essay, EssayVersion

#: Essay statuses in which an annotator may still change their own draft chain.
DRAFT_EDITABLE = (
    Essay.Status.IMPORTED,
    Essay.Status.PRE_PSEUDONYMIZED,
    Essay.Status.IN_ANNOTATION,
)


def essay_is_double(essay: Essay) -> bool:
    """Whether ``essay`` is annotated twice: the project setting is on, or drafts exist already
    (switching the setting off later must not hide work done in the chains)."""
    if (essay.project.settings or {}).get("double_annotation"):
        return True
    return DraftVersion.objects.filter(essay_id=essay.pk).exists()


def uses_own_chain(*, user, essay: Essay) -> bool:
    """Whether ``user`` reads and writes their own draft chain of ``essay`` (an assignee of a
    doubly annotated essay); leads who are not assigned work on the main chain."""
    if not user.is_authenticated:
        return False
    assigned = any(a.annotator_id == user.pk for a in essay.assignments.all())
    return assigned and essay_is_double(essay)


def chain_start(*, essay: Essay) -> EssayVersion | None:
    """The main-chain version every draft chain starts from: the latest automatic (or imported)
    version, else the current one (None before pre-pseudonymization)."""
    start = (
        essay.versions.filter(
            origin__in=[EssayVersion.Origin.AUTOMATIC, EssayVersion.Origin.IMPORTED]
        )
        .order_by("-number")
        .first()
    )
    if start is None and essay.current_version:
        start = essay.versions.filter(number=essay.current_version).first()
    return start


def draft_head(*, essay: Essay, annotator) -> DraftVersion | None:
    """The annotator's latest draft of ``essay`` (None: they have not saved yet)."""
    return (
        DraftVersion.objects.select_related("annotator")
        .filter(essay_id=essay.pk, annotator_id=annotator.pk)
        .order_by("-number")
        .first()
    )


def chain_current(*, essay: Essay, annotator) -> DraftVersion | EssayVersion | None:
    """What the annotator's editor shows: their latest draft, or the chain's start version."""
    return draft_head(essay=essay, annotator=annotator) or chain_start(essay=essay)


def chain_versions(*, essay: Essay, annotator) -> list[DraftVersion | EssayVersion]:
    """The annotator's chain, oldest first: the start version, then their drafts."""
    drafts = list(
        DraftVersion.objects.select_related("annotator")
        .filter(essay_id=essay.pk, annotator_id=annotator.pk)
        .order_by("number")
    )
    start_number = drafts[0].start_version if drafts else None
    start = (
        essay.versions.filter(number=start_number).first()
        if start_number
        else chain_start(essay=essay)
    )
    return ([start] if start else []) + drafts


def chain_version(*, essay: Essay, annotator, number: int) -> DraftVersion | EssayVersion | None:
    """Version ``number`` of the annotator's chain (None when the chain has no such number)."""
    return next(
        (v for v in chain_versions(essay=essay, annotator=annotator) if v.number == number),
        None,
    )


def draft_submitted(*, essay: Essay, annotator) -> bool:
    """Whether the annotator has submitted their chain (it is read-only for them then)."""
    return Assignment.objects.filter(
        essay_id=essay.pk, annotator_id=annotator.pk, submitted_at__isnull=False
    ).exists()


def draft_save(*, essay_id: int, user, base_version: int, graph) -> DraftVersion:
    """Save a draft on top of ``base_version`` of the user's own chain.

    Raises ``VersionConflict`` when the chain moved on since ``base_version`` (another tab of
    the same annotator saved), ``GraphInvalid`` for a broken graph, ``DraftClosed`` when the
    chain is submitted or the essay left annotation.
    """
    from .services import GraphInvalid, VersionConflict, graph_errors, graph_stats

    try:
        with transaction.atomic():
            essay = Essay.objects.select_for_update().select_related("project").get(pk=essay_id)
            if essay.status not in DRAFT_EDITABLE or draft_submitted(essay=essay, annotator=user):
                raise DraftClosed("your annotation of this essay is submitted")
            head = draft_head(essay=essay, annotator=user)
            start = head.start_version if head else getattr(chain_start(essay=essay), "number", 0)
            if not start:
                raise GraphInvalid(["the essay has no automatic version to start from"])
            current = head.number if head else start
            if base_version != current:
                raise VersionConflict(chain_current(essay=essay, annotator=user))
            errors = graph_errors(graph=graph, original=essay.original, scheme=essay.project.scheme)
            if errors:
                raise GraphInvalid(errors)
            draft = DraftVersion(
                essay=essay,
                annotator=user,
                number=current + 1,
                start_version=start,
                **graph_stats(graph),
            )
            draft.graph = graph
            draft.save()
            if essay.status in (Essay.Status.IMPORTED, Essay.Status.PRE_PSEUDONYMIZED):
                essay.status = Essay.Status.IN_ANNOTATION
                essay.save(update_fields=["status", "updated_at"])
            audit_log(
                user=user,
                action=AuditEvent.Action.CHANGE,
                project_id=essay.project_id,
                essay_id=essay.pk,
                target=f"essay {essay.pk} draft v{draft.number}",
                details={"base_version": base_version, "draft": True},
            )
            return draft
    except IntegrityError as exc:
        # Only reachable if the lock was bypassed: still no overwrite.
        raise VersionConflict(draft_head(essay=Essay(pk=essay_id), annotator=user)) from exc


class DraftClosed(Exception):
    """The annotator's chain cannot change any more (submitted, or the essay left annotation)."""


def draft_submit(*, essay_id: int, user, issues_of) -> tuple[str, list[dict]]:
    """Submit the user's own chain after ``issues_of(graph)`` found no errors.

    The essay becomes ``submitted`` when every assigned annotator has submitted their chain;
    until then it stays in annotation. A chain never saved is submitted as its start version
    (a copy, so the adjudication compares two chains).
    """
    from .services import SubmitBlocked, graph_stats

    with transaction.atomic():
        essay = Essay.objects.select_for_update().select_related("project").get(pk=essay_id)
        if draft_submitted(essay=essay, annotator=user):
            raise SubmitBlocked(
                [
                    {
                        "level": "error",
                        "code": "already_submitted",
                        "message": "you have submitted your annotation already",
                        "edge_id": None,
                    }
                ]
            )
        version = chain_current(essay=essay, annotator=user)
        if version is None:
            raise SubmitBlocked.no_version()
        graph = version.graph
        issues = issues_of(graph)
        errors = [i for i in issues if i["level"] == "error"]
        warnings = [i for i in issues if i["level"] != "error"]
        if errors:
            raise SubmitBlocked(errors, warnings)
        if isinstance(version, EssayVersion):
            draft = DraftVersion(
                essay=essay,
                annotator=user,
                number=version.number + 1,
                start_version=version.number,
                **graph_stats(graph),
            )
            draft.graph = graph
            draft.save()
        Assignment.objects.filter(essay=essay, annotator=user).update(submitted_at=timezone.now())
        assignments = list(Assignment.objects.filter(essay=essay))
        if len(assignments) >= 2 and all(a.submitted_at for a in assignments):
            essay.status = Essay.Status.SUBMITTED
            essay.return_message = ""
        elif essay.status in (Essay.Status.IMPORTED, Essay.Status.PRE_PSEUDONYMIZED):
            essay.status = Essay.Status.IN_ANNOTATION
        essay.save(update_fields=["status", "return_message", "updated_at"])
        audit_log(
            user=user,
            action=AuditEvent.Action.SUBMIT,
            project_id=essay.project_id,
            essay_id=essay.pk,
            target=f"essay {essay.pk} draft v{version.number}",
            details={"warnings": len(warnings), "draft": True},
        )
    return essay.status, warnings
