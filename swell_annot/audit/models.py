"""The audit trail: who viewed an original, changed, imported or exported what, and when."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AuditEvent(models.Model):
    """One audited action. Rows are only ever added (never updated) by ``audit_log``."""

    class Action(models.TextChoices):
        VIEW_ORIGINAL = "view_original", "Viewed an original"
        CHANGE = "change", "Changed"
        SUBMIT = "submit", "Submitted"
        ASSIGN = "assign", "Assigned"
        IMPORT = "import", "Imported"
        EXPORT = "export", "Exported"
        REVIEW = "review", "Reviewed"
        RELEASE = "release", "Released"
        OTHER = "other", "Other"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_events",
    )
    # Kept even when the user is deleted: the trail must still say who it was.
    username = models.CharField(max_length=150, blank=True)
    action = models.CharField(max_length=20, choices=Action.choices)
    project = models.ForeignKey(
        "projects.Project",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_events",
    )
    essay = models.ForeignKey(
        "corpus.Essay",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_events",
    )
    target = models.CharField(max_length=300, blank=True, help_text="what was acted on")
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["essay", "action"]), models.Index(fields=["user"])]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.username} {self.action} {self.target}"
