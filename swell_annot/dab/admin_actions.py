"""Admin actions on projects of scheme ``dab``: download Label Studio or TAB JSON (audit-logged)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse

from swell_annot.corpus.models import Essay

from .services import export_documents


def _export(modeladmin, request: HttpRequest, queryset: QuerySet, fmt: str) -> HttpResponse | None:
    projects = [p for p in queryset if p.scheme == "dab"]
    if len(projects) != len(queryset):
        modeladmin.message_user(request, "Only projects of scheme dab can be exported this way.",
                                messages.ERROR)
        return None
    out: list[dict] = []
    for project in projects:
        essays = list(Essay.objects.filter(project=project).order_by("pk"))
        out += export_documents(essays=essays, fmt=fmt, user=request.user, project_id=project.pk,
                                target=f"project {project.pk} as {fmt} (admin)")
    response = JsonResponse(out, safe=False, json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="dab-{fmt}.json"'
    return response


@admin.action(description="Export dab project(s) as Label Studio JSON (contains originals)")
def export_labelstudio_action(modeladmin, request, queryset):
    """Admin action: the selected dab projects' documents as Label Studio tasks."""
    return _export(modeladmin, request, queryset, "labelstudio")


@admin.action(description="Export dab project(s) as TAB JSON (contains originals)")
def export_tab_action(modeladmin, request, queryset):
    """Admin action: the selected dab projects' documents as TAB documents."""
    return _export(modeladmin, request, queryset, "tab")
