"""Admin for essays, versions, assignments and imports.

Originals are not shown here (reading one must be audited and happens in the editor); the
admin works on metadata, status, assignments and the list figures.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from swell_annot.accounts.admin_scope import ProjectScopedAdmin, scoped_list_filter, scoped_projects
from swell_annot.projects.models import Project

from .importing import ImportRefused, import_queue
from .models import Assignment, Essay, EssayVersion, ImportUpload


class ImportForm(forms.Form):
    project = forms.ModelChoiceField(queryset=Project.objects.all())
    file = forms.FileField(help_text=".txt, .zip of .txt/.json, .jsonl, .csv or SVALA .json")


class AssignmentInline(admin.TabularInline):
    model = Assignment
    fk_name = "essay"
    extra = 0
    autocomplete_fields = ["annotator"]
    readonly_fields = ["assigned_by", "created_at"]


class VersionInline(admin.TabularInline):
    model = EssayVersion
    extra = 0
    fields = ["number", "origin", "author", "label_count", "open_obs_count", "created_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Essay)
class EssayAdmin(ProjectScopedAdmin):
    change_list_template = "admin/corpus/essay/change_list.html"
    list_display = [
        "external_id",
        "project",
        "status",
        "level",
        "genre",
        "current_version",
        "label_count",
        "open_obs_count",
        "updated_at",
    ]
    list_filter = scoped_list_filter("status", "project", "level", "genre", "gender", "age_span")
    search_fields = ["external_id", "topic", "project__name", "assignments__annotator__username"]
    readonly_fields = [
        "current_version",
        "token_count",
        "label_count",
        "open_obs_count",
        "auto_job",
        "import_job",
        "created_at",
        "updated_at",
    ]
    exclude = ["seed"]
    inlines = [AssignmentInline, VersionInline]
    actions = ["prepseudonymize"]

    def get_urls(self):
        return [
            path("import/", self.admin_site.admin_view(self.import_view), name="corpus_import"),
            *super().get_urls(),
        ]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a file and queue its import job."""
        if not self.has_add_permission(request):
            raise PermissionError
        form = ImportForm(request.POST or None, request.FILES or None)
        form.fields["project"].queryset = scoped_projects(request.user)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                job = import_queue(
                    project=form.cleaned_data["project"],
                    filename=upload.name,
                    data=upload.read(),
                    user=request.user,
                )
            except ImportRefused as exc:
                form.add_error("file", str(exc))
            else:
                self.message_user(request, f"Import job {job.pk} queued", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:jobs_job_change", args=[job.pk]))
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "title": "Import essays",
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/corpus/essay/import.html", context)

    @admin.action(description="Pre-pseudonymize the selected essays (keeps manual work)")
    def prepseudonymize(self, request: HttpRequest, queryset) -> None:
        """Queue the automatic pass for the selected essays still in annotation.

        Submitted, reviewed, approved and released essays are left out (their current version
        is an annotator's or a lead's work); the batch re-checks the status under its lock.
        """
        from .prepseudonymize import OPEN_STATUSES, prepseudonymize_queue

        closed = queryset.exclude(status__in=OPEN_STATUSES)
        for project_id in set(queryset.values_list("project_id", flat=True)):
            ids = list(
                queryset.filter(project_id=project_id, status__in=OPEN_STATUSES).values_list(
                    "pk", flat=True
                )
            )
            skipped = closed.filter(project_id=project_id).count()
            note = f", {skipped} skipped (submitted, in review, approved or released)"
            if not ids:
                self.message_user(
                    request, f"nothing queued{note if skipped else ''}", messages.WARNING
                )
                continue
            job = prepseudonymize_queue(
                project=Project.objects.get(pk=project_id), essay_ids=ids, user=request.user
            )
            self.message_user(
                request, f"job {job.pk}: {len(ids)} essays queued{note if skipped else ''}"
            )


@admin.register(EssayVersion)
class EssayVersionAdmin(ProjectScopedAdmin):
    project_lookup = "essay__project"
    list_display = [
        "essay",
        "number",
        "origin",
        "author",
        "label_count",
        "open_obs_count",
        "created_at",
    ]
    list_filter = scoped_list_filter("origin", "essay__project")
    search_fields = ["essay__external_id", "author__username"]
    exclude = ["graph_encrypted"]
    readonly_fields = [
        "essay",
        "number",
        "origin",
        "author",
        "job",
        "token_count",
        "label_count",
        "open_obs_count",
        "created_at",
    ]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Assignment)
class AssignmentAdmin(ProjectScopedAdmin):
    project_lookup = "essay__project"
    list_display = ["essay", "annotator", "assigned_by", "created_at"]
    list_filter = scoped_list_filter("essay__project", "essay__status")
    search_fields = ["essay__external_id", "annotator__username"]
    autocomplete_fields = ["essay", "annotator"]
    readonly_fields = ["assigned_by"]

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            obj.assigned_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(ImportUpload)
class ImportUploadAdmin(ProjectScopedAdmin):
    list_display = ["filename", "project", "size", "job", "created_at"]
    list_filter = scoped_list_filter("project")
    search_fields = ["filename"]
    exclude = ["data_encrypted"]
    readonly_fields = ["job", "project", "filename", "size", "created_at"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False
