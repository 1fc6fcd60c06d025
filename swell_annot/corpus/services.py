"""Writes on essays: versions with optimistic concurrency, submit, assignments, pseudonyms."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.projects.models import Membership
from swell_annot.projects.services import project_options

from .models import Assignment, Essay, EssayVersion
from .schemes import scheme_for, scheme_of_document
from .typed import restore_typed, typed_edge_ids, typed_errors, typed_targets


class VersionConflict(Exception):
    """``base_version`` is not the essay's current version: the client must merge first."""

    def __init__(self, current: EssayVersion | None):
        super().__init__("the essay has changed since your version")
        self.current = current


@dataclass
class GraphInvalid(Exception):
    """The graph breaks the SVALA invariant or does not belong to the essay."""

    errors: list[str]


@dataclass
class SubmitBlocked(Exception):
    """The annotation breaks rules that block submission."""

    errors: list[dict]
    warnings: list[dict] = field(default_factory=list)

    @classmethod
    def no_version(cls) -> SubmitBlocked:
        """Submitting an essay that has no annotation version at all."""
        return cls(
            [
                {
                    "level": "error",
                    "code": "no_version",
                    "message": "the essay has no annotation yet",
                    "edge_id": None,
                }
            ]
        )


class NotAMember(ValueError):
    """The annotator is not a member of the essay's project."""


def graph_stats(graph: dict) -> dict[str, int]:
    """Non-identifying figures of a graph kept in plain columns: tokens, labelled edges, OBS!."""
    custom = scheme_of_document(graph)
    if custom is not None:
        return custom.stats(graph)
    edges = graph.get("edges", {}).values()
    return {
        "token_count": len(graph.get("source", ())),
        "label_count": sum(1 for e in edges if e.get("labels")),
        "open_obs_count": sum(1 for e in edges if "OBS!" in e.get("labels", ())),
    }


def graph_errors(*, graph: Any, original: str, scheme: str = "swell") -> list[str]:
    """Why ``graph`` cannot be stored for an essay whose original is ``original`` (empty: ok).

    ``scheme`` is the project's: a project of another scheme checks its own document type.
    """
    from pseudonymizer.graph import check_invariant, source_text

    custom = scheme_for(scheme)
    if custom is not None:
        return custom.errors(graph, original)
    if scheme_of_document(graph) is not None:
        return [f"a {graph['scheme']} document cannot be stored in a {scheme} project"]
    errors = check_invariant(graph)
    if not errors:
        errors = typed_errors(graph)
    if not errors and source_text(graph).strip() != original.strip():
        errors.append("the source side of the graph is not the essay's original text")
    return errors


def version_build(
    *, essay: Essay, graph: dict, origin: str, author=None, job_id: int | None = None
) -> EssayVersion:
    """The next (unsaved) version of a locked essay; the essay's list columns follow it.

    For bulk writers (pre-pseudonymization); everyone else uses ``_version_create``.
    """
    stats = graph_stats(graph)
    version = EssayVersion(
        essay=essay,
        number=essay.current_version + 1,
        origin=origin,
        author=author,
        job_id=job_id,
        **stats,
    )
    version.graph = graph
    essay.current_version = version.number
    essay.token_count = stats["token_count"]
    essay.label_count = stats["label_count"]
    essay.open_obs_count = stats["open_obs_count"]
    return version


def _version_create(
    *, essay: Essay, graph: dict, origin: str, author=None, job_id: int | None = None
) -> EssayVersion:
    """Append a version to a locked essay and keep its list columns in step."""
    version = version_build(essay=essay, graph=graph, origin=origin, author=author, job_id=job_id)
    version.save()
    return version


def essay_version_save(*, essay_id: int, user, base_version: int, graph: Any) -> EssayVersion:
    """Save a manual version on top of ``base_version``.

    Raises ``VersionConflict`` when someone saved in between (nothing is overwritten) and
    ``GraphInvalid`` when the graph is broken. The essay row is locked for the check-and-insert;
    the unique (essay, number) constraint backs this up.
    """
    try:
        with transaction.atomic():
            essay = Essay.objects.select_for_update().get(pk=essay_id)
            if base_version != essay.current_version:
                raise VersionConflict(essay.versions.filter(number=essay.current_version).first())
            errors = graph_errors(graph=graph, original=essay.original, scheme=essay.project.scheme)
            if errors:
                raise GraphInvalid(errors)
            version = _version_create(
                essay=essay, graph=graph, origin=EssayVersion.Origin.MANUAL, author=user
            )
            if essay.status in (Essay.Status.IMPORTED, Essay.Status.PRE_PSEUDONYMIZED):
                essay.status = Essay.Status.IN_ANNOTATION
            essay.save()
            audit_log(
                user=user,
                action=AuditEvent.Action.CHANGE,
                project_id=essay.project_id,
                essay_id=essay.pk,
                target=f"essay {essay.pk} v{version.number}",
                details={"base_version": base_version},
            )
            return version
    except IntegrityError as exc:
        # Only reachable if the lock was bypassed (e.g. a raw insert): still no overwrite.
        current = EssayVersion.objects.filter(essay_id=essay_id).order_by("-number").first()
        raise VersionConflict(current) from exc


def _issue_json(issue: Any) -> dict:
    return {
        "level": getattr(issue, "level", "error"),
        "code": getattr(issue, "code", ""),
        "message": getattr(issue, "message", str(issue)),
        "edge_id": getattr(issue, "edge_id", None),
    }


def _submit_issues(essay: Essay, graph: Any) -> list[dict]:
    """The annotation-rule issues of ``graph`` at submission (SPEC §2), as JSON dicts."""
    from pseudonymizer.validate import validate_graph

    custom = scheme_for(essay.project.scheme)
    if custom is not None:
        return custom.submit_issues(graph, essay.original)
    options = project_options(project=essay.project)
    return [_issue_json(i) for i in validate_graph(graph, stage="submit", options=options)]


def essay_submit(*, essay_id: int, user) -> tuple[str, list[dict]]:
    """Submit the current version after checking the annotation rules (SPEC §2).

    Returns the new status and the warnings; raises ``SubmitBlocked`` on errors.
    """
    from .drafts import draft_submit, uses_own_chain

    essay = Essay.objects.select_related("project").get(pk=essay_id)
    if uses_own_chain(user=user, essay=essay):
        # double annotation: the user submits their own chain
        return draft_submit(
            essay_id=essay_id, user=user, issues_of=lambda g: _submit_issues(essay, g)
        )
    with transaction.atomic():
        essay = Essay.objects.select_for_update().get(pk=essay_id)
        version = essay.versions.filter(number=essay.current_version).first()
        if version is None:
            raise SubmitBlocked.no_version()
        issues = _submit_issues(essay, version.graph)
        errors = [i for i in issues if i["level"] == "error"]
        warnings = [i for i in issues if i["level"] != "error"]
        if errors:
            raise SubmitBlocked(errors, warnings)
        essay.status = Essay.Status.SUBMITTED
        essay.return_message = ""
        essay.save(update_fields=["status", "return_message", "updated_at"])
        audit_log(
            user=user,
            action=AuditEvent.Action.SUBMIT,
            project_id=essay.project_id,
            essay_id=essay.pk,
            target=f"essay {essay.pk} v{version.number}",
            details={"warnings": len(warnings)},
        )
    return essay.status, warnings


def essay_pseudonyms(*, essay: Essay, graph: Any, reroll: bool) -> dict:
    """The graph with its target pseudonyms recomputed by the library.

    The essay's seed keeps pseudonyms stable; ``reroll`` asks the library for new random
    choices ("new pseudonyms": names, towns, real places …; ages, dates, masks and
    placeholders stay the same, see ``pseudonymizer.replace.new_pseudonyms``). Pseudonyms
    typed by hand (edges marked ``typed``, corpus/typed.py) are kept either way.
    """
    from pseudonymizer.replace import apply_pseudonyms, new_pseudonyms

    if scheme_for(essay.project.scheme) is not None:
        raise GraphInvalid([f"scheme {essay.project.scheme} has no pseudonyms to compute"])
    errors = graph_errors(graph=graph, original=essay.original)
    if errors:
        raise GraphInvalid(errors)
    options = project_options(project=essay.project)
    if reroll:
        # the library re-rolls every placeholder-group target: put the typed ones back
        typed = typed_targets(graph)
        return restore_typed(new_pseudonyms(graph, essay.seed, options), typed)
    return apply_pseudonyms(graph, essay.seed, options, keep=typed_edge_ids(graph))


def assignment_create(*, essay: Essay, annotator, assigned_by) -> Assignment:
    """Give an essay to a member of its project (idempotent)."""
    if not Membership.objects.filter(project_id=essay.project_id, user=annotator).exists():
        raise NotAMember(f"{annotator} is not a member of project {essay.project_id}")
    with transaction.atomic():
        assignment, created = Assignment.objects.get_or_create(
            essay=essay, annotator=annotator, defaults={"assigned_by": assigned_by}
        )
        if created:
            audit_log(
                user=assigned_by,
                action=AuditEvent.Action.ASSIGN,
                project_id=essay.project_id,
                essay_id=essay.pk,
                target=f"essay {essay.pk} → {annotator.get_username()}",
            )
    return assignment


def assignment_delete(*, assignment: Assignment, user) -> None:
    """Take an essay away from an annotator."""
    with transaction.atomic():
        audit_log(
            user=user,
            action=AuditEvent.Action.ASSIGN,
            project_id=assignment.essay.project_id,
            essay_id=assignment.essay_id,
            target=f"essay {assignment.essay_id} ↛ {assignment.annotator.get_username()}",
            details={"removed": True},
        )
        assignment.delete()
