"""REST API of the review app (leads and admins of the project).

Someone outside the project gets 404; a member who is not a lead or admin gets 403.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.corpus.models import Essay
from swell_annot.projects.models import Project
from swell_annot.projects.selectors import project_list

from .models import SensitiveDecision
from .selectors import dashboard, essay_decisions, is_reviewer, review_queue
from .services import (
    GAZETTEER_LABELS,
    ApprovalBlocked,
    ReviewError,
    decision_record,
    essay_approve,
    essay_return,
    gazetteer_entry_add,
    project_gazetteer_entries,
)


def reviewer_project(request, project_id: int) -> Project:
    project = get_object_or_404(project_list(user=request.user), pk=project_id)
    if not is_reviewer(user=request.user, project=project):
        raise PermissionDenied("only leads and admins of the project review")
    return project


def reviewer_essay(request, essay_id: int) -> Essay:
    essay = get_object_or_404(Essay.objects.select_related("project"), pk=essay_id)
    if not project_list(user=request.user).filter(pk=essay.project_id).exists():
        raise NotFound()
    if not is_reviewer(user=request.user, project=essay.project):
        raise PermissionDenied("only leads and admins of the project review")
    return essay


def audit_shown(request, project: Project, essay_ids: list[int], what: str) -> None:
    """One audit event per essay whose original text (a mark's context) was shown."""
    AuditEvent.objects.bulk_create(
        AuditEvent(
            user=request.user,
            username=request.user.get_username(),
            action=AuditEvent.Action.VIEW_ORIGINAL,
            project=project,
            essay_id=eid,
            target=f"essay {eid} {what}",
        )
        for eid in essay_ids
    )


class DecisionOutput(serializers.ModelSerializer):
    decided_by = serializers.SerializerMethodField()

    class Meta:
        model = SensitiveDecision
        fields = [
            "id",
            "edge_id",
            "result_edge_id",
            "base_version",
            "version",
            "decision",
            "label",
            "replacement",
            "decided_by",
            "decided_at",
        ]

    def get_decided_by(self, obj: SensitiveDecision) -> str:
        return obj.decided_by.get_username()


class DecisionInput(serializers.Serializer):
    edge_id = serializers.CharField(max_length=200)
    decision = serializers.ChoiceField(choices=SensitiveDecision.Decision.choices)
    label = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    replacement = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default=""
    )
    base_version = serializers.IntegerField(required=False, allow_null=True, default=None)


class ReviewQueueApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, project_id: int) -> Response:
        """Sensitive marks, open OBS! and essays waiting for review (``?label=&level=&genre=
        &annotator=``). Shows original context: audit-logged."""
        project = reviewer_project(request, project_id)
        filters = {
            k: request.query_params.get(k, "") for k in ("label", "level", "genre", "annotator")
        }
        queue = review_queue(project=project, filters=filters)
        audit_shown(request, project, queue.shown_originals, "review queue")
        return Response(
            {
                "essays": [
                    {
                        "id": e.pk,
                        "external_id": e.external_id,
                        "status": e.status,
                        "level": e.level,
                        "genre": e.genre,
                        "version": e.current_version,
                        "assignees": [a.annotator.get_username() for a in e.assignments.all()],
                    }
                    for e in queue.essays
                ],
                "marks": [
                    {
                        "essay": i.essay.pk,
                        "external_id": i.essay.external_id,
                        "version": i.version,
                        "edge_id": i.edge_id,
                        "kind": i.kind,
                        "text": i.text,
                        "before": i.before,
                        "after": i.after,
                        "labels": i.labels,
                        "comment": i.comment,
                        "decision": DecisionOutput(i.decision).data if i.decision else None,
                    }
                    for i in queue.marks
                ],
            }
        )


class EssayDecisionsApi(APIView):
    @extend_schema(responses=DecisionOutput(many=True))
    def get(self, request: Request, essay_id: int) -> Response:
        """Decisions on the essay's sensitive marks (members who may see the essay)."""
        essay = get_object_or_404(Essay, pk=essay_id)
        if not request.user.has_perm("corpus.read_essay", essay):
            raise NotFound()
        return Response(DecisionOutput(essay_decisions(essay=essay), many=True).data)

    @extend_schema(request=DecisionInput, responses={201: DecisionOutput})
    def post(self, request: Request, essay_id: int) -> Response:
        """Decide on a sensitive mark: keep / pseudonymize (label or replacement) / suppress."""
        essay = reviewer_essay(request, essay_id)
        data = DecisionInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            decision = decision_record(essay_id=essay.pk, user=request.user, **data.validated_data)
        except ReviewError as exc:
            raise ValidationError({"detail": str(exc)}) from exc
        return Response(DecisionOutput(decision).data, status=status.HTTP_201_CREATED)


class EssayApproveApi(APIView):
    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, essay_id: int) -> Response:
        """Approve: 400 ``{errors}`` while OBS! notes are open or sensitive marks undecided."""
        essay = reviewer_essay(request, essay_id)
        try:
            essay = essay_approve(essay_id=essay.pk, user=request.user)
        except ApprovalBlocked as exc:
            return Response({"errors": exc.errors}, status=status.HTTP_400_BAD_REQUEST)
        except ReviewError as exc:
            raise ValidationError({"detail": str(exc)}) from exc
        return Response({"status": essay.status})


class ReturnInput(serializers.Serializer):
    message = serializers.CharField(max_length=4000)


class EssayReturnApi(APIView):
    @extend_schema(request=ReturnInput, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, essay_id: int) -> Response:
        """Return the essay to its annotator with a message."""
        essay = reviewer_essay(request, essay_id)
        data = ReturnInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            essay = essay_return(essay_id=essay.pk, user=request.user, **data.validated_data)
        except ReviewError as exc:
            raise ValidationError({"detail": str(exc)}) from exc
        return Response({"status": essay.status, "return_message": essay.return_message})


class DashboardApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, project_id: int) -> Response:
        """Progress and quality figures (SPEC §6) of the project."""
        return Response(dashboard(project=reviewer_project(request, project_id)))


class GazetteerInput(serializers.Serializer):
    text = serializers.CharField(max_length=200)
    label = serializers.ChoiceField(choices=[(x, x) for x in GAZETTEER_LABELS])


class GazetteerApi(APIView):
    @extend_schema(responses=GazetteerInput(many=True))
    def get(self, request: Request, project_id: int) -> Response:
        """The project's gazetteer entries ``[{text, label}]`` (learning from corrections)."""
        project = reviewer_project(request, project_id)
        audit_log(
            user=request.user,
            action=AuditEvent.Action.VIEW_ORIGINAL,
            project_id=project.pk,
            target="project gazetteer",
        )
        entries = project_gazetteer_entries(project)
        return Response([{"text": t, "label": lab} for t, lab in entries])

    @extend_schema(request=GazetteerInput, responses={201: GazetteerInput})
    def post(self, request: Request, project_id: int) -> Response:
        """Add a string labelled by hand to the project gazetteer."""
        project = reviewer_project(request, project_id)
        data = GazetteerInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            entry = gazetteer_entry_add(project=project, user=request.user, **data.validated_data)
        except ReviewError as exc:
            raise ValidationError({"detail": str(exc)}) from exc
        return Response({"text": entry.text, "label": entry.label}, status=status.HTTP_201_CREATED)
