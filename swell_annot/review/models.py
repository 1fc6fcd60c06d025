"""Review by project leads: decisions on sensitive marks, and the project's learned gazetteer."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class SensitiveDecision(models.Model):
    """A lead's decision on one ``sensitive`` mark of an essay (seed 000 §3.15).

    ``keep`` leaves the text as written; ``pseudonymize`` gives the span a label (and the
    library's pseudonym) or a typed replacement; ``suppress`` replaces it with a placeholder.
    ``edge_id`` is the mark's edge in version ``base_version``; ``result_edge_id`` its edge in
    ``version`` (the new essay version the decision produced; the same version for ``keep``).
    The original text is not stored here (it stays in the encrypted graph).
    """

    class Decision(models.TextChoices):
        KEEP = "keep", "Keep as written"
        PSEUDONYMIZE = "pseudonymize", "Pseudonymize"
        SUPPRESS = "suppress", "Suppress"

    essay = models.ForeignKey(
        "corpus.Essay", on_delete=models.CASCADE, related_name="sensitive_decisions"
    )
    edge_id = models.CharField(max_length=200)
    base_version = models.PositiveIntegerField()
    version = models.PositiveIntegerField()
    result_edge_id = models.CharField(max_length=200)
    decision = models.CharField(max_length=12, choices=Decision.choices)
    label = models.CharField(max_length=40, blank=True)
    replacement = models.CharField(max_length=200, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["essay", "decided_at"]
        indexes = [models.Index(fields=["essay", "result_edge_id"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(decision__in=["keep", "pseudonymize", "suppress"]),
                name="decision_valid",
            ),
            models.CheckConstraint(
                condition=~Q(decision="pseudonymize") | ~Q(label="") | ~Q(replacement=""),
                name="decision_pseudonymize_has_label_or_text",
            ),
            models.CheckConstraint(
                condition=Q(version__gte=models.F("base_version")),
                name="decision_version_not_before_base",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.essay} {self.edge_id}: {self.decision}"


class GazetteerEntry(models.Model):
    """A string the project's next pre-pseudonymization must find (learning from corrections)."""

    project = models.ForeignKey(
        "projects.Project", on_delete=models.CASCADE, related_name="gazetteer_entries"
    )
    text = models.CharField(max_length=200)
    label = models.CharField(max_length=40)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["project", "label", "text"]
        constraints = [
            models.UniqueConstraint(
                fields=["project", "text", "label"], name="gazetteer_entry_unique"
            ),
            models.CheckConstraint(condition=~Q(text=""), name="gazetteer_entry_text"),
            models.CheckConstraint(condition=~Q(label=""), name="gazetteer_entry_label"),
        ]

    def __str__(self) -> str:
        return f"{self.text} ({self.label})"
