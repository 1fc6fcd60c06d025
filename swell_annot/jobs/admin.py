"""Admin for background jobs (read-only: jobs are written by the services)."""

from django.contrib import admin

from swell_annot.accounts.admin_scope import ProjectScopedAdmin, scoped_list_filter

from .models import Job


@admin.register(Job)
class JobAdmin(ProjectScopedAdmin):
    list_display = [
        "id",
        "kind",
        "status",
        "project",
        "done",
        "total",
        "created_by",
        "created_at",
        "finished_at",
    ]
    list_filter = scoped_list_filter("kind", "status", "project")
    search_fields = ["description", "created_by__username"]
    readonly_fields = [f.name for f in Job._meta.fields]

    def has_add_permission(self, request, obj=None) -> bool:
        return False
