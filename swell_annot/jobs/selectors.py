"""Reads of jobs, scoped to what a user may see."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from swell_annot.projects.selectors import managed_project_ids

from .models import Job


def job_list(*, user) -> QuerySet[Job]:
    """Jobs the user started or that belong to a project they manage (superusers: all)."""
    if not user.is_authenticated:
        return Job.objects.none()
    if user.is_superuser:
        return Job.objects.all()
    return Job.objects.filter(Q(created_by=user) | Q(project_id__in=managed_project_ids(user=user)))
