"""Project scoping of the Django admin: a staff user who is not a superuser sees and edits only
the rows of the projects where they are a project admin (``Membership.role == "admin"``).

Django's model permissions say *what kind* of row a staff user may touch; they know nothing of
projects, so without this every staff user would list the essays, versions, jobs, audit events,
memberships, releases and uploads of every project. ``ProjectScopedAdmin`` narrows

- the change list and every object page (``get_queryset``: a row outside the scope is "not
  found", as in the API),
- the choices of foreign keys to projects and essays (a new membership, assignment or import
  cannot point into another project),
- the related-object list filters (``scoped_list_filter``: the sidebar would otherwise name every
  project).

Superusers see everything.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from swell_annot.projects.models import Membership, Project


def admin_project_ids(user) -> QuerySet | None:
    """Ids of the projects the user administers; ``None`` = no limit (a superuser)."""
    if user.is_superuser:
        return None
    return Membership.objects.filter(user=user, role=Membership.Role.ADMIN).values("project_id")


def scoped_projects(user) -> QuerySet[Project]:
    """The projects the user may choose in an admin form."""
    ids = admin_project_ids(user)
    return Project.objects.all() if ids is None else Project.objects.filter(pk__in=ids)


def scoped_list_filter(*fields: str | tuple) -> list:
    """``list_filter`` entries whose related-object choices come only from the rows the user
    sees (``RelatedOnlyFieldListFilter``); plain-value fields are passed through."""
    out: list = []
    for f in fields:
        if isinstance(f, str) and (f == "project" or f.endswith("__project") or f == "essay"):
            out.append((f, admin.RelatedOnlyFieldListFilter))
        else:
            out.append(f)
    return out


class ProjectScopedAdmin(admin.ModelAdmin):
    """A ModelAdmin whose rows belong to a project reached by ``project_lookup`` (a query path
    such as ``"project"`` or ``"essay__project"``; ``"pk"`` for the Project admin itself).

    Rows without a project (e.g. the audit event of a login) are shown to superusers only.
    """

    project_lookup: str = "project"

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        qs = super().get_queryset(request)
        ids = admin_project_ids(request.user)
        if ids is None:
            return qs
        lookup = "pk__in" if self.project_lookup == "pk" else f"{self.project_lookup}__in"
        return qs.filter(**{lookup: ids})

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs: Any):
        """Foreign keys to a project or an essay offer only those of the user's projects."""
        ids = admin_project_ids(request.user)
        if ids is not None:
            model = db_field.related_model
            if model is Project:
                kwargs["queryset"] = Project.objects.filter(pk__in=ids)
            elif model._meta.label == "corpus.Essay":
                kwargs["queryset"] = model.objects.filter(project__in=ids)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def _in_scope(self, request: HttpRequest, obj: Model | None) -> bool:
        if obj is None or admin_project_ids(request.user) is None:
            return True
        return self.get_queryset(request).filter(pk=obj.pk).exists()

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return super().has_view_permission(request, obj) and self._in_scope(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return super().has_change_permission(request, obj) and self._in_scope(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return super().has_delete_permission(request, obj) and self._in_scope(request, obj)
