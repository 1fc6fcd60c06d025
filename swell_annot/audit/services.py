"""Writing the audit trail."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from .models import AuditEvent


def audit_log(
    *,
    user: AbstractBaseUser | AnonymousUser | None,
    action: str,
    project_id: int | None = None,
    essay_id: int | None = None,
    target: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEvent:
    """Record that ``user`` did ``action`` (an ``AuditEvent.Action``) on something.

    >>> audit_log(user=request.user, action="view_original", essay_id=7, target="essay 7 v3")
    """
    real_user = user if user is not None and user.is_authenticated else None
    return AuditEvent.objects.create(
        user=real_user,
        username=real_user.get_username() if real_user else "",
        action=action,
        project_id=project_id,
        essay_id=essay_id,
        target=target[:300],
        details=details or {},
    )
