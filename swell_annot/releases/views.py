"""Pages of the releases app: the release list with its form and live progress, downloads."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods
from rest_framework.exceptions import NotFound
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.corpus.models import Essay
from swell_annot.projects.selectors import project_list

from . import apis
from .models import Release
from .selectors import (
    RELEASABLE,
    can_download_release,
    can_manage_releases,
    release_list,
)
from .services import ReleaseInputError, project_leak_allow_set, release_create


def _wrap(func, request, release):
    try:
        return func(request, release)
    except ApiPermissionDenied as exc:
        raise PermissionDenied(str(exc.detail)) from exc
    except NotFound as exc:
        raise Http404(str(exc.detail)) from exc


@login_required
@require_http_methods(["GET", "POST"])
def project_releases(request: HttpRequest, project_id: int) -> HttpResponse:
    """Releases of a project; admins choose approved essays by level/genre and start one."""
    project = get_object_or_404(project_list(user=request.user), pk=project_id)
    may_build = can_manage_releases(user=request.user, project=project)
    if not can_download_release(user=request.user, project=project):
        raise PermissionDenied("only leads and admins see releases")
    if request.method == "POST":
        if not may_build:
            raise PermissionDenied("only admins of the project build releases")
        if request.POST.get("action") == "leak_allow":
            project_leak_allow_set(
                project=project,
                user=request.user,
                strings=request.POST.get("strings", "").splitlines(),
            )
            messages.info(request, "Accepted strings saved.")
            return redirect("releases:project", project_id=project.pk)
        filters = {
            "level": request.POST.getlist("level"),
            "genre": request.POST.getlist("genre"),
        }
        try:
            release_create(
                project=project,
                user=request.user,
                version=request.POST.get("version", "").strip(),
                filters=filters,
            )
        except ReleaseInputError as exc:
            messages.error(request, str(exc))
        return redirect("releases:project", project_id=project.pk)
    approved = Essay.objects.filter(project=project, status__in=RELEASABLE)
    # The allow-list holds original strings: only admins (who edit it) get it, and seeing it
    # is logged like any view of an original.
    leak_allow = (project.settings or {}).get("leak_allow", []) if may_build else []
    if leak_allow:
        audit_log(
            user=request.user,
            action=AuditEvent.Action.VIEW_ORIGINAL,
            project_id=project.pk,
            target="leak-check allow-list",
            details={"strings": len(leak_allow)},
        )
    return render(
        request,
        "releases/project.html",
        {
            "project": project,
            "releases": release_list(project=project),
            "may_build": may_build,
            "levels": approved.values("level").annotate(n=Count("id")).order_by("level"),
            "genres": approved.values("genre").annotate(n=Count("id")).order_by("genre"),
            "approved_count": approved.count(),
            "leak_allow": "\n".join(leak_allow),
        },
    )


def _release(request: HttpRequest, release_id: int) -> Release:
    release = get_object_or_404(Release.objects.select_related("project"), pk=release_id)
    if not project_list(user=request.user).filter(pk=release.project_id).exists():
        raise Http404()
    return release


@login_required
def download(request: HttpRequest, release_id: int) -> HttpResponse:
    """The archive of a ready release."""
    return _wrap(apis.download_response, request, _release(request, release_id))


@login_required
def key(request: HttpRequest, release_id: int) -> HttpResponse:
    """The original ↔ pseudonym key (admins; audit-logged)."""
    return _wrap(apis.key_response, request, _release(request, release_id))
