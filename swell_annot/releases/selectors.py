"""Reads of the releases app."""

from __future__ import annotations

from django.db.models import QuerySet

from swell_annot.corpus.models import Essay
from swell_annot.projects.models import Project
from swell_annot.projects.selectors import project_role

from .models import Release

RELEASABLE = (Essay.Status.APPROVED, Essay.Status.RELEASED)


def _as_list(value) -> list[str]:
    if value in (None, ""):
        return []
    if isinstance(value, str):
        return [v for v in value.split(",") if v]
    return [str(v) for v in value if str(v)]


def releasable_essays(*, project: Project, filters: dict) -> QuerySet[Essay]:
    """Approved (or already released) essays of ``project`` matching ``filters``.

    ``filters``: ``level`` and ``genre`` (one value, a comma list or a list) and ``essays``
    (essay ids). Unknown keys are ignored.
    """
    qs = Essay.objects.filter(project=project, status__in=RELEASABLE, current_version__gte=1)
    if levels := _as_list(filters.get("level")):
        qs = qs.filter(level__in=levels)
    if genres := _as_list(filters.get("genre")):
        qs = qs.filter(genre__in=genres)
    if ids := _as_list(filters.get("essays")):
        qs = qs.filter(pk__in=[int(i) for i in ids if str(i).isdigit()])
    return qs.order_by("external_id")


def release_list(*, project: Project) -> QuerySet[Release]:
    return Release.objects.filter(project=project).select_related("job", "created_by")


def can_manage_releases(*, user, project: Project) -> bool:
    """Admins of the project (and superusers) build releases and export keys."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or project_role(user=user, project_id=project.pk) == "admin"


def can_download_release(*, user, project: Project) -> bool:
    """Leads and admins of the project may download its releases."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or project_role(user=user, project_id=project.pk) in (
        "lead",
        "admin",
    )
