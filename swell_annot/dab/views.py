"""Page of a ``dab`` project for its leads: import a Label Studio or TAB JSON file through a web
form (the same all-or-nothing import as POST /api/projects/{id}/dab/import/) and download the
project as Label Studio or TAB JSON."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from swell_annot.corpus.models import Essay
from swell_annot.projects.models import Project

from . import services


def _annotators(raw: str) -> dict[str, str]:
    """The form's annotator mapping: lines ``name in the file = username`` (blank: none)."""
    mapping: dict[str, str] = {}
    for k, line in enumerate(raw.splitlines(), start=1):
        if not line.strip():
            continue
        name, sep, username = line.partition("=")
        if not sep or not name.strip() or not username.strip():
            raise services.ImportRefused(
                f"annotators, line {k}: write 'name in the file = username', not {line!r}")
        mapping[name.strip()] = username.strip()
    return mapping


@login_required
@require_http_methods(["GET", "POST"])
def project_dab(request: HttpRequest, project_id: int) -> HttpResponse:
    """Import form and export links of a dab project (leads and admins)."""
    project = Project.objects.filter(pk=project_id).first()
    if project is None or not request.user.has_perm("projects.read_project", project):
        raise Http404("No such project")
    if not request.user.has_perm("projects.manage_project", project):
        raise PermissionDenied("only leads and admins import and export projects")
    if project.scheme != "dab":
        raise Http404("not a project of scheme dab")
    if request.method == "POST":
        upload = request.FILES.get("file")
        fmt = request.POST.get("format") or None
        try:
            if upload is None:
                raise services.ImportRefused("choose a Label Studio or TAB JSON file")
            fmt, result = services.import_upload(
                project=project, data=upload.read(), user=request.user, fmt=fmt,
                filename=upload.name, annotators=_annotators(request.POST.get("annotators", "")),
            )
        except services.ImportRefused as exc:
            messages.error(request, f"Nothing was imported: {exc}")
        else:
            note = f"Imported {len(result.essays)} document(s) from {upload.name} ({fmt})."
            if result.drafts:
                note += f" {len(result.drafts)} annotation(s) assigned to project members."
            if result.unmatched:
                note += (" Annotators without a member (kept in the main version only): "
                         + ", ".join(result.unmatched[:10]) + ".")
            messages.success(request, note)
            # A member's second annotation and annotations without a name got no draft chain:
            # say so per document (non-members are named in the note above).
            notes = [n["message"] for n in result.not_assigned
                     if n["reason"] in ("same_member", "no_name")]
            if notes:
                more = f" … and {len(notes) - 10} more" if len(notes) > 10 else ""
                messages.warning(request, "Annotations without their own draft: "
                                 + "; ".join(notes[:10]) + more + ".")
        return redirect("dab:project", project_id=project.pk)
    return render(request, "dab/project.html", {
        "project": project,
        "essay_count": Essay.objects.filter(project=project).count(),
        "formats": services.FORMATS,
    })
