"""Admin for the audit trail: read-only, nothing can be added, changed or deleted."""

from django.contrib import admin

from swell_annot.accounts.admin_scope import ProjectScopedAdmin, scoped_list_filter

from .models import AuditEvent


@admin.register(AuditEvent)
class AuditEventAdmin(ProjectScopedAdmin):
    list_display = ["created_at", "username", "action", "project", "essay", "target"]
    list_filter = scoped_list_filter("action", "project", "created_at")
    search_fields = ["username", "target"]
    date_hierarchy = "created_at"
    readonly_fields = [f.name for f in AuditEvent._meta.fields]

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
