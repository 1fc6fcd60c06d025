"""Background jobs: every long operation has a row with its status and progress."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class Job(models.Model):
    """A background job (import, pre-pseudonymization, release …) and its progress.

    ``errors`` is a list of ``{"row", "file", "id", "reason"}`` objects (for imports: the rows
    that were not imported); ``result`` holds a small summary (counts, created ids).
    """

    class Kind(models.TextChoices):
        IMPORT = "import", "Import"
        PREPSEUDONYMIZE = "prepseudonymize", "Pre-pseudonymization"
        RELEASE = "release", "Release"
        EXPORT = "export", "Export"
        OTHER = "other", "Other"

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        SUCCEEDED = "succeeded", "Succeeded"
        FAILED = "failed", "Failed"

    kind = models.CharField(max_length=32, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    project = models.ForeignKey(
        "projects.Project", null=True, blank=True, on_delete=models.CASCADE, related_name="jobs"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="jobs",
    )
    description = models.CharField(max_length=300, blank=True)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    # More work may still be added (an import feeding pre-pseudonymization as it goes): the job
    # is not finished before it is closed, even when ``done`` catches up with ``total``.
    open = models.BooleanField(default=False)
    errors = models.JSONField(default=list, blank=True)
    result = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["project", "kind", "status"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["queued", "running", "succeeded", "failed"]),
                name="job_status_valid",
            ),
            models.CheckConstraint(condition=Q(done__lte=F("total")), name="job_done_le_total"),
            models.CheckConstraint(
                condition=Q(finished_at__isnull=True) | Q(status__in=["succeeded", "failed"]),
                name="job_finished_only_when_over",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.status} {self.done}/{self.total})"

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.SUCCEEDED, self.Status.FAILED)
