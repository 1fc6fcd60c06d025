"""Admin for releases: read-only (a release is built by its job and immutable once published),
scoped to the projects the staff user administers."""

from django.contrib import admin

from swell_annot.accounts.admin_scope import ProjectScopedAdmin, scoped_list_filter

from .models import Release


@admin.register(Release)
class ReleaseAdmin(ProjectScopedAdmin):
    list_display = ["project", "version", "status", "created_by", "created_at"]
    list_filter = scoped_list_filter("status", "project")
    search_fields = ["version", "project__name"]
    # the leak report quotes originals: it is read on the releases page, audit-logged
    exclude = ["leaks"]
    readonly_fields = [f.name for f in Release._meta.fields if f.name != "leaks"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
