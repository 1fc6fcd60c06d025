"""Reads about projects and roles."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from .models import Membership, Project

MANAGER_ROLES = (Membership.Role.LEAD, Membership.Role.ADMIN)


def project_role(*, user: AbstractBaseUser | AnonymousUser, project_id: int) -> str | None:
    """The user's role in a project (``annotator``/``lead``/``admin``) or None."""
    if not user.is_authenticated:
        return None
    return (
        Membership.objects.filter(user=user, project_id=project_id)
        .values_list("role", flat=True)
        .first()
    )


def project_list(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Project]:
    """Projects the user may see: those they are a member of (superusers: all)."""
    if not user.is_authenticated:
        return Project.objects.none()
    if user.is_superuser:
        return Project.objects.all()
    return Project.objects.filter(memberships__user=user)


def managed_project_ids(*, user: AbstractBaseUser | AnonymousUser) -> set[int]:
    """Ids of the projects where the user is lead or admin."""
    if not user.is_authenticated:
        return set()
    if user.is_superuser:
        return set(Project.objects.values_list("id", flat=True))
    return set(
        Membership.objects.filter(user=user, role__in=MANAGER_ROLES).values_list(
            "project_id", flat=True
        )
    )


def project_list_with_roles(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Project]:
    """The user's projects annotated with ``role`` and ``essay_count`` (essays they can see)."""
    role = Membership.objects.filter(project=OuterRef("pk"), user=user).values("role")[:1]
    qs = project_list(user=user).annotate(role=Subquery(role))
    if user.is_authenticated and user.is_superuser:
        return qs.annotate(essay_count=Count("essays", distinct=True))
    # An annotator counts only the essays assigned to them.
    return qs.annotate(
        essay_count=Count(
            "essays",
            filter=Q(role__in=MANAGER_ROLES) | Q(essays__assignments__annotator=user),
            distinct=True,
        )
    )


def membership_list(*, user: AbstractBaseUser) -> QuerySet[Membership]:
    """The user's memberships with their projects."""
    return Membership.objects.filter(user=user).select_related("project").order_by("project")
