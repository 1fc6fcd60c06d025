"""Object permissions (django-rules): who may do what with a project.

Roles nest: admin ⊇ lead ⊇ annotator. Superusers may do everything.
"""

from __future__ import annotations

import rules

from .models import Membership, Project


def _project_of(obj: object) -> int | None:
    if obj is None:
        return None
    if isinstance(obj, Project):
        return obj.pk
    return getattr(obj, "project_id", None)


def _role(user, obj) -> str | None:
    project_id = _project_of(obj)
    if project_id is None or not user.is_authenticated:
        return None
    return (
        Membership.objects.filter(user=user, project_id=project_id)
        .values_list("role", flat=True)
        .first()
    )


@rules.predicate
def is_member(user, obj) -> bool:
    return _role(user, obj) is not None


@rules.predicate
def is_manager(user, obj) -> bool:
    """Lead or admin of the object's project."""
    return _role(user, obj) in ("lead", "admin")


@rules.predicate
def is_project_admin(user, obj) -> bool:
    return _role(user, obj) == "admin"


is_superuser = rules.is_superuser

rules.add_perm("projects.read_project", is_superuser | is_member)
rules.add_perm("projects.manage_project", is_superuser | is_manager)
rules.add_perm("projects.administer_project", is_superuser | is_project_admin)
