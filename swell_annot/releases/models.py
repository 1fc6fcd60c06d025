"""Versioned corpus releases: an immutable archive per version, built by a background job."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ReleaseImmutable(Exception):
    """A finished release is never changed (build a new version instead)."""


class Release(models.Model):
    """One version of a project's published corpus.

    ``essays`` records exactly what went in: ``[{"id", "external_id", "release_id",
    "version"}]`` (the essay version number, so a release can be rebuilt byte for byte).
    ``leaks`` holds the leak-check report when the build failed. Once ``ready`` or ``failed``
    the row and its file never change (``save`` refuses).
    """

    class Status(models.TextChoices):
        BUILDING = "building", "Building"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    project = models.ForeignKey(
        "projects.Project", on_delete=models.PROTECT, related_name="releases"
    )
    version = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.BUILDING)
    job = models.OneToOneField(
        "jobs.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="release"
    )
    filters = models.JSONField(default=dict, blank=True)
    essays = models.JSONField(default=list, blank=True)
    essay_count = models.PositiveIntegerField(default=0)
    token_count = models.PositiveIntegerField(default=0)
    label_counts = models.JSONField(default=dict, blank=True)
    file_path = models.CharField(max_length=500, blank=True)
    size = models.PositiveBigIntegerField(default=0)
    sha256 = models.CharField(max_length=64, blank=True)
    manifest = models.JSONField(default=dict, blank=True)
    leaks = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["project", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["project", "version"], name="release_unique_version"),
            models.CheckConstraint(
                condition=Q(version__regex=r"^[A-Za-z0-9][A-Za-z0-9._-]*$"),
                name="release_version_safe",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["building", "ready", "failed"]),
                name="release_status_valid",
            ),
            models.CheckConstraint(
                condition=~Q(status="ready")
                | (Q(sha256__regex=r"^[0-9a-f]{64}$") & ~Q(file_path="")),
                name="release_ready_has_file",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.project} {self.version} ({self.status})"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            stored = Release.objects.filter(pk=self.pk).values_list("status", flat=True).first()
            if stored in (self.Status.READY, self.Status.FAILED):
                raise ReleaseImmutable(f"release {self.version} is {stored}: it never changes")
        super().save(*args, **kwargs)
