"""Essays (original encrypted at rest), their versions (SVALA graphs), assignments, uploads."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from . import crypto

# SweLL metadata restrictions (seed 001): age in 5-year spans, time in Sweden as a span, no exact
# dates, no country of origin or nationality, no institution.
SPAN_REGEX = r"^[0-9]{1,3}-[0-9]{1,3}$"


ESSAY_STATUSES = [
    "imported",
    "pre_pseudonymized",
    "in_annotation",
    "submitted",
    "in_review",
    "approved",
    "released",
]


def _new_seed() -> str:
    return secrets.token_hex(8)


class Essay(models.Model):
    """A learner essay. The original text is encrypted; list columns hold derived counts only."""

    class Status(models.TextChoices):
        IMPORTED = "imported", "Imported"
        PRE_PSEUDONYMIZED = "pre_pseudonymized", "Pre-pseudonymized"
        IN_ANNOTATION = "in_annotation", "In annotation"
        SUBMITTED = "submitted", "Submitted"
        IN_REVIEW = "in_review", "In review"
        APPROVED = "approved", "Approved"
        RELEASED = "released", "Released"

    class Gender(models.TextChoices):
        UNKNOWN = "", "Unknown"
        FEMALE = "F", "Female"
        MALE = "M", "Male"
        OTHER = "other", "Other"

    project = models.ForeignKey("projects.Project", on_delete=models.CASCADE, related_name="essays")
    external_id = models.CharField(max_length=200)
    original_encrypted = models.BinaryField(editable=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.IMPORTED)
    return_message = models.TextField(blank=True)
    # Per-essay seed of the pseudonym choice: the same until someone asks for new pseudonyms.
    seed = models.CharField(max_length=64, default=_new_seed)

    # learner metadata (SweLL restrictions)
    level = models.CharField(max_length=50, blank=True)
    genre = models.CharField(max_length=50, blank=True)
    topic = models.CharField(max_length=200, blank=True)
    task = models.CharField(max_length=300, blank=True)
    age_span = models.CharField(max_length=7, blank=True, help_text="5-year span, e.g. 20-24")
    gender = models.CharField(max_length=6, choices=Gender.choices, blank=True)
    first_languages = models.JSONField(default=list, blank=True)
    time_in_sweden = models.CharField(max_length=7, blank=True, help_text="years, e.g. 1-2")
    extra_metadata = models.JSONField(default=dict, blank=True)

    # non-identifying derived figures, kept in plain columns for lists and dashboards
    token_count = models.PositiveIntegerField(default=0)
    label_count = models.PositiveIntegerField(default=0)
    open_obs_count = models.PositiveIntegerField(default=0)
    current_version = models.PositiveIntegerField(default=0, help_text="0 = no version yet")

    # the last pre-pseudonymization job that processed this essay (makes the task idempotent)
    auto_job = models.ForeignKey(
        "jobs.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # the import job that created the essay (a retried import recognises its own rows)
    import_job = models.ForeignKey(
        "jobs.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["project", "external_id"]
        indexes = [
            models.Index(fields=["project", "status"]),
            models.Index(fields=["project", "level"]),
            models.Index(fields=["project", "genre"]),
        ]
        constraints = [
            models.UniqueConstraint(fields=["project", "external_id"], name="essay_unique_id"),
            models.CheckConstraint(condition=~Q(external_id=""), name="essay_id_not_empty"),
            models.CheckConstraint(
                condition=Q(status__in=ESSAY_STATUSES), name="essay_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(gender__in=["", "F", "M", "other"]), name="essay_gender_valid"
            ),
            models.CheckConstraint(
                condition=Q(age_span="") | Q(age_span__regex=SPAN_REGEX),
                name="essay_age_is_span",
            ),
            models.CheckConstraint(
                condition=Q(time_in_sweden="") | Q(time_in_sweden__regex=SPAN_REGEX),
                name="essay_time_in_sweden_is_span",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.project_id}/{self.external_id}"

    @property
    def original(self) -> str:
        """The decrypted original text. Callers that show it must write an AuditEvent."""
        return crypto.decrypt_text(self.original_encrypted)

    @original.setter
    def original(self, text: str) -> None:
        self.original_encrypted = crypto.encrypt_text(text)

    @property
    def metadata(self) -> dict[str, Any]:
        """All learner metadata as one dict (the API's ``metadata``)."""
        data = {
            "level": self.level,
            "genre": self.genre,
            "topic": self.topic,
            "task": self.task,
            "age_span": self.age_span,
            "gender": self.gender,
            "first_languages": list(self.first_languages or []),
            "time_in_sweden": self.time_in_sweden,
        }
        data.update(self.extra_metadata or {})
        return data


class EssayVersion(models.Model):
    """One saved state of an essay's SVALA graph (encrypted: its source side is the original).

    Numbers run 1, 2, 3 … per essay; the unique constraint makes two concurrent saves on the same
    base fail for one of them instead of silently overwriting.
    """

    class Origin(models.TextChoices):
        AUTOMATIC = "automatic", "Automatic"
        MANUAL = "manual", "Manual"
        IMPORTED = "imported", "Imported"

    essay = models.ForeignKey(Essay, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    graph_encrypted = models.BinaryField(editable=False)
    origin = models.CharField(max_length=10, choices=Origin.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="essay_versions",
    )
    job = models.ForeignKey(
        "jobs.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    token_count = models.PositiveIntegerField(default=0)
    label_count = models.PositiveIntegerField(default=0)
    open_obs_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["essay", "number"]
        constraints = [
            models.UniqueConstraint(fields=["essay", "number"], name="version_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="version_number_positive"),
            models.CheckConstraint(
                condition=Q(origin__in=["automatic", "manual", "imported"]),
                name="version_origin_valid",
            ),
            models.CheckConstraint(
                condition=~Q(origin="manual") | Q(author__isnull=False),
                name="version_manual_has_author",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.essay} v{self.number} ({self.origin})"

    @property
    def graph(self) -> dict:
        """The decrypted graph. Callers that show it must write an AuditEvent."""
        return crypto.decrypt_json(self.graph_encrypted)

    @graph.setter
    def graph(self, value: dict) -> None:
        self.graph_encrypted = crypto.encrypt_json(value)


class Assignment(models.Model):
    """An essay given to an annotator (a member of the essay's project)."""

    essay = models.ForeignKey(Essay, on_delete=models.CASCADE, related_name="assignments")
    annotator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments"
    )
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Double annotation: when this annotator submitted their own draft chain (None: still working).
    submitted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["essay", "annotator"]
        constraints = [
            models.UniqueConstraint(fields=["essay", "annotator"], name="assignment_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.essay} → {self.annotator}"


class DraftVersion(models.Model):
    """One saved state of an annotator's own, independent annotation of a doubly annotated essay.

    Each annotator of such an essay has a chain of drafts that starts from the automatic
    (main-chain) version ``start_version`` and that the other annotator never sees; its numbers
    continue that version's number, so the editor's ``base_version`` check works unchanged. The
    unique (essay, annotator, number) constraint makes two concurrent saves on the same base fail
    for one of them. The lead's adjudication resolves two chains into the main chain
    (``EssayVersion``).
    """

    essay = models.ForeignKey(Essay, on_delete=models.CASCADE, related_name="drafts")
    annotator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="essay_drafts"
    )
    number = models.PositiveIntegerField()
    start_version = models.PositiveIntegerField(help_text="main-chain version the chain starts at")
    graph_encrypted = models.BinaryField(editable=False)
    token_count = models.PositiveIntegerField(default=0)
    label_count = models.PositiveIntegerField(default=0)
    open_obs_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["essay", "annotator", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["essay", "annotator", "number"], name="draft_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gt=models.F("start_version")), name="draft_after_start"
            ),
        ]

    # The API serializers of versions read these.
    origin = "manual"

    def __str__(self) -> str:
        return f"{self.essay} draft of {self.annotator_id} v{self.number}"

    @property
    def author(self):
        """The annotator (drafts are always written by their annotator)."""
        return self.annotator

    @property
    def author_id(self) -> int:
        return self.annotator_id

    @property
    def graph(self) -> dict:
        """The decrypted graph. Callers that show it must write an AuditEvent."""
        return crypto.decrypt_json(self.graph_encrypted)

    @graph.setter
    def graph(self, value: dict) -> None:
        self.graph_encrypted = crypto.encrypt_json(value)


class ImportUpload(models.Model):
    """An uploaded import file waiting for its job; encrypted (it holds originals), then emptied."""

    job = models.OneToOneField("jobs.Job", on_delete=models.CASCADE, related_name="upload")
    project = models.ForeignKey("projects.Project", on_delete=models.CASCADE, related_name="+")
    filename = models.CharField(max_length=300)
    size = models.PositiveBigIntegerField(default=0)
    data_encrypted = models.BinaryField(editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.filename


class EditorStep(models.Model):
    """The step of the dab editor's guide (0 read, 1 mark, 2 decide masking, 3 final review) a
    user last showed for an essay. A view setting, not annotation data: kept apart from the
    versioned document (changing steps makes no version), on the server so that it follows the
    user to another browser or computer (the editor keeps a copy in the browser as a fallback).
    """

    essay = models.ForeignKey(Essay, on_delete=models.CASCADE, related_name="editor_steps")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="editor_steps"
    )
    step = models.PositiveSmallIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["essay", "user"], name="editor_step_unique"),
            models.CheckConstraint(condition=Q(step__lte=3), name="editor_step_range"),
        ]

    def __str__(self) -> str:
        return f"{self.essay} step {self.step} for {self.user_id}"
