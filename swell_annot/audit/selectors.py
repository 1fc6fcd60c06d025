"""Reads of the audit trail."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import AuditEvent


def audit_event_list(*, essay_id: int | None = None, action: str | None = None) -> QuerySet:
    """Audit events, newest first, optionally for one essay and/or one action."""
    qs = AuditEvent.objects.all()
    if essay_id is not None:
        qs = qs.filter(essay_id=essay_id)
    if action is not None:
        qs = qs.filter(action=action)
    return qs
