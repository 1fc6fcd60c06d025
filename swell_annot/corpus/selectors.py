"""Reads of essays, scoped to what a user may see (others get 404, never 403)."""

from __future__ import annotations

from django.db.models import (
    Case,
    Exists,
    F,
    OuterRef,
    PositiveIntegerField,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    When,
)
from django.db.models.functions import Coalesce
from django.http import Http404

from swell_annot.projects.models import Membership
from swell_annot.projects.selectors import MANAGER_ROLES

from .models import Assignment, DraftVersion, Essay, EssayVersion


def essay_visible_q(*, user) -> Q:
    """Essays of projects the user manages, and those assigned to them in their projects."""
    managed = Membership.objects.filter(
        user=user, project_id=OuterRef("project_id"), role__in=MANAGER_ROLES
    )
    member = Membership.objects.filter(user=user, project_id=OuterRef("project_id"))
    assigned = Assignment.objects.filter(essay_id=OuterRef("pk"), annotator=user)
    return Q(Exists(managed)) | (Q(Exists(member)) & Q(Exists(assigned)))


def essay_list(*, user) -> QuerySet[Essay]:
    """Essays the user may see, with assignees prefetched for the list."""
    if not user.is_authenticated:
        return Essay.objects.none()
    qs = (
        Essay.objects.all()
        if user.is_superuser
        else Essay.objects.filter(essay_visible_q(user=user))
    )
    return (
        qs.defer("original_encrypted")
        .annotate(**_own_chain_annotations(user=user))
        .prefetch_related(
            Prefetch("assignments", queryset=Assignment.objects.select_related("annotator"))
        )
    )


#: List fields whose value an assignee of a doubly annotated essay takes from their own chain,
#: and the annotation that holds the value to show (also what ordering by the field uses).
CHAIN_FIELDS = {
    "current_version": "shown_current_version",
    "label_count": "shown_label_count",
    "open_obs_count": "shown_open_obs_count",
}


def _own_chain_annotations(*, user) -> dict:
    """The list values ``user`` should see: for an assignee of a doubly annotated essay
    (drafts.uses_own_chain) the head of their own chain, else the essay's (main chain) fields.

    The head is the user's latest draft, else the chain's start (the latest automatic or
    imported main-chain version), as drafts.chain_current serves it to the editor. Correlated
    subqueries in the one list query, so the list stays one query however many essays it has.
    """
    assigned = Assignment.objects.filter(essay_id=OuterRef("pk"), annotator_id=user.pk)
    any_draft = DraftVersion.objects.filter(essay_id=OuterRef("pk"))
    own_chain = Q(Exists(assigned)) & (
        Q(project__settings__double_annotation=True) | Q(Exists(any_draft))
    )
    own = DraftVersion.objects.filter(essay_id=OuterRef("pk"), annotator_id=user.pk).order_by(
        "-number"
    )
    start = EssayVersion.objects.filter(
        essay_id=OuterRef("pk"),
        origin__in=[EssayVersion.Origin.AUTOMATIC, EssayVersion.Origin.IMPORTED],
    ).order_by("-number")
    head_field = {
        "current_version": "number",
        "label_count": "label_count",
        "open_obs_count": "open_obs_count",
    }
    return {
        shown: Case(
            When(
                own_chain,
                then=Coalesce(
                    Subquery(own.values(head_field[field])[:1]),
                    Subquery(start.values(head_field[field])[:1]),
                    F(field),
                ),
            ),
            default=F(field),
            output_field=PositiveIntegerField(),
        )
        for field, shown in CHAIN_FIELDS.items()
    }


def essay_get(*, user, essay_id: int) -> Essay:
    """One essay the user may see, or 404 (the encrypted original loads when first used)."""
    try:
        return essay_list(user=user).get(pk=essay_id)
    except (Essay.DoesNotExist, ValueError, TypeError):
        raise Http404("No such essay") from None


def essay_version_get(*, essay: Essay, number: int) -> EssayVersion:
    """One version of an essay, or 404."""
    try:
        return essay.versions.select_related("author").get(number=number)
    except EssayVersion.DoesNotExist:
        raise Http404("No such version") from None


def essay_current_version(*, essay: Essay) -> EssayVersion | None:
    """The essay's current version (None before pre-pseudonymization)."""
    if not essay.current_version:
        return None
    return essay.versions.select_related("author").filter(number=essay.current_version).first()


def assignment_list(*, user) -> QuerySet[Assignment]:
    """Assignments in projects the user manages, and the user's own."""
    qs = Assignment.objects.select_related("essay", "annotator", "assigned_by")
    if not user.is_authenticated:
        return qs.none()
    if user.is_superuser:
        return qs
    managed = Membership.objects.filter(
        user=user, project_id=OuterRef("essay__project_id"), role__in=MANAGER_ROLES
    )
    member = Membership.objects.filter(user=user, project_id=OuterRef("essay__project_id"))
    return qs.filter(Q(Exists(managed)) | (Q(annotator=user) & Q(Exists(member))))
