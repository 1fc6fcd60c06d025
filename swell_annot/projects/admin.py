"""Admin for projects and memberships."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from swell_annot.accounts.admin_scope import ProjectScopedAdmin, scoped_list_filter
from swell_annot.dab.admin_actions import export_labelstudio_action, export_tab_action

from .models import Membership, Project


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Project)
class ProjectAdmin(ProjectScopedAdmin):
    project_lookup = "pk"
    list_display = ["name", "scheme", "language", "created_at"]
    list_filter = ["scheme", "language"]
    search_fields = ["name", "description"]
    inlines = [MembershipInline]
    actions = ["rerun_prepseudonymization", export_labelstudio_action, export_tab_action]

    @admin.action(description="Re-run pre-pseudonymization (keeps manual work)")
    def rerun_prepseudonymization(self, request: HttpRequest, queryset: QuerySet) -> None:
        from swell_annot.corpus.prepseudonymize import prepseudonymize_project_queue

        for project in queryset:
            job = prepseudonymize_project_queue(project=project, user=request.user)
            self.message_user(request, f"{project}: job {job.pk} queued", messages.SUCCESS)


@admin.register(Membership)
class MembershipAdmin(ProjectScopedAdmin):
    list_display = ["user", "project", "role", "created_at"]
    list_filter = scoped_list_filter("role", "project")
    search_fields = ["user__username", "project__name"]
    autocomplete_fields = ["user", "project"]
