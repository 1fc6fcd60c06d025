"""Projects and who works in them (roles annotator, lead, admin)."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Q


class Project(models.Model):
    """A pseudonymization project: one scheme, one language, its own settings.

    ``settings`` holds the pipeline options (see ``pseudonymizer.document.Options``):
    ``geo_strategy`` (placeholder|real), ``swedish_city_strategy`` (invented|placeholder),
    ``enabled_optional_labels`` and ``disabled_labels`` (lists), ``genre_profile``.
    """

    class Scheme(models.TextChoices):
        SWELL = "swell", "SweLL"
        DAB = "dab", "DAB (Danish, TAB-compatible)"

    name = models.CharField(max_length=200, unique=True)
    scheme = models.CharField(max_length=10, choices=Scheme.choices, default=Scheme.SWELL)
    language = models.CharField(max_length=8, default="sv")
    settings = models.JSONField(default=dict, blank=True)
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    members = models.ManyToManyField(
        django_settings.AUTH_USER_MODEL, through="Membership", related_name="projects"
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(scheme__in=["swell", "dab"]), name="project_scheme_valid"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="project_name_not_empty"),
            models.CheckConstraint(condition=~Q(language=""), name="project_language_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's single role in a project. Roles nest: admin ⊇ lead ⊇ annotator."""

    class Role(models.TextChoices):
        ANNOTATOR = "annotator", "Annotator"
        LEAD = "lead", "Project lead"
        ADMIN = "admin", "Admin"

    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.ANNOTATOR)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["project", "user"]
        constraints = [
            models.UniqueConstraint(fields=["project", "user"], name="membership_unique"),
            models.CheckConstraint(
                condition=Q(role__in=["annotator", "lead", "admin"]), name="membership_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.role} in {self.project}"

    @property
    def is_manager(self) -> bool:
        """Leads and admins manage a project (see all its essays, assign, review)."""
        return self.role in (self.Role.LEAD, self.Role.ADMIN)
