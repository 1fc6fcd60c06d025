"""REST API of essays, versions, assignments and imports (docs/ARCHITECTURE.md, Web API).

Views stay thin: parse input with a small serializer, call a selector or service, render output.
Every response that contains an original text (essay detail, a version's graph, a 409 with the
current graph, recomputed pseudonyms) writes an AuditEvent.
"""

from __future__ import annotations

import json
import uuid

import django_filters
from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Exists, OuterRef, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import generics, serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.filters import OrderingFilter
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.projects.models import Project

from . import crypto, drafts, importing
from .models import Assignment, Essay, EssayVersion
from .selectors import (
    CHAIN_FIELDS,
    assignment_list,
    essay_current_version,
    essay_get,
    essay_list,
    essay_version_get,
)
from .services import (
    GraphInvalid,
    NotAMember,
    SubmitBlocked,
    VersionConflict,
    assignment_create,
    assignment_delete,
    essay_pseudonyms,
    essay_submit,
    essay_version_save,
)

User = get_user_model()


def _audit_original(request: Request, essay: Essay, what: str, **details) -> None:
    audit_log(
        user=request.user,
        action=AuditEvent.Action.VIEW_ORIGINAL,
        project_id=essay.project_id,
        essay_id=essay.pk,
        target=f"essay {essay.pk} {what}",
        details=details,
    )


# --- output serializers


class VersionMetaSerializer(serializers.ModelSerializer):
    author = serializers.SerializerMethodField()

    class Meta:
        model = EssayVersion
        fields = ["number", "origin", "author", "created_at"]

    def get_author(self, obj: EssayVersion) -> str | None:
        return obj.author.get_username() if obj.author_id else None


class VersionSerializer(VersionMetaSerializer):
    """A version with its graph. With ``context["graph_slot"]`` the graph is left as a slot
    that ``_graph_response`` fills with the stored JSON (no decode + re-encode of a big graph).
    """

    graph = serializers.SerializerMethodField()

    class Meta(VersionMetaSerializer.Meta):
        fields = [*VersionMetaSerializer.Meta.fields, "graph"]

    def get_graph(self, obj: EssayVersion) -> dict | str:
        if self.context.get("graph_slot"):
            return GRAPH_SLOT
        return obj.graph


# A marker no real value can contain (NUL + a per-process random id), replaced by raw JSON.
GRAPH_SLOT = f"\x00graph-{uuid.uuid4().hex}\x00"
_GRAPH_SLOT_JSON = json.dumps(GRAPH_SLOT).encode()


def _graph_response(data: dict, version: EssayVersion | None, status_code: int = 200):
    """JSON response whose graph slot holds the version's stored (decrypted) JSON as is."""
    body = json.dumps(data, ensure_ascii=False, cls=DjangoJSONEncoder).encode("utf-8")
    if version is not None:
        body = body.replace(_GRAPH_SLOT_JSON, crypto.decrypt_bytes(version.graph_encrypted), 1)
    return HttpResponse(body, status=status_code, content_type="application/json")


class EssayListSerializer(serializers.ModelSerializer):
    assignees = serializers.SerializerMethodField()

    class Meta:
        model = Essay
        fields = [
            "id",
            "external_id",
            "project",
            "status",
            "level",
            "genre",
            "topic",
            "current_version",
            "label_count",
            "open_obs_count",
            "assignees",
            "updated_at",
        ]

    def get_assignees(self, obj: Essay) -> list[str]:
        return sorted(a.annotator.get_username() for a in obj.assignments.all())

    def to_representation(self, instance: Essay) -> dict:
        """An annotator of a doubly annotated essay sees their own chain's head, not the main
        chain's, as the editor shows them (the selector annotates the values to show)."""
        data = super().to_representation(instance)
        for field, shown in CHAIN_FIELDS.items():
            if hasattr(instance, shown):
                data[field] = getattr(instance, shown)
        return data


class EssayDetailSerializer(EssayListSerializer):
    metadata = serializers.SerializerMethodField()
    read_only = serializers.SerializerMethodField()
    current = serializers.SerializerMethodField()

    class Meta(EssayListSerializer.Meta):
        fields = [
            *EssayListSerializer.Meta.fields,
            "metadata",
            "read_only",
            "return_message",
            "token_count",
            "current",
        ]

    def get_metadata(self, obj: Essay) -> dict:
        return obj.metadata

    def get_read_only(self, obj: Essay) -> bool:
        if self.context.get("draft_closed"):
            return True
        return not self.context["request"].user.has_perm("corpus.edit_essay", obj)

    def get_current(self, obj: Essay) -> dict | None:
        if "version" in self.context:
            version = self.context["version"]
        else:
            version = essay_current_version(essay=obj)
        return VersionSerializer(version, context=self.context).data if version else None


class AssignmentSerializer(serializers.ModelSerializer):
    annotator_username = serializers.CharField(source="annotator.username", read_only=True)
    assigned_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    project = serializers.IntegerField(source="essay.project_id", read_only=True)

    class Meta:
        model = Assignment
        fields = [
            "id",
            "essay",
            "project",
            "annotator",
            "annotator_username",
            "assigned_by",
            "created_at",
        ]


# --- filters


class EssayFilter(django_filters.FilterSet):
    project = django_filters.NumberFilter(field_name="project_id")
    status = django_filters.BaseInFilter(field_name="status")
    assignee = django_filters.CharFilter(method="filter_assignee", help_text="username or id")
    level = django_filters.CharFilter()
    genre = django_filters.CharFilter()
    mine = django_filters.CharFilter(method="filter_mine", help_text="1: assigned to me, 0: not")

    class Meta:
        model = Essay
        fields = ["project", "status", "assignee", "level", "genre", "mine"]

    def filter_assignee(self, queryset, name, value):
        who = Q(annotator__username=value)
        if value.isdigit():
            who |= Q(annotator_id=int(value))
        return queryset.filter(Exists(Assignment.objects.filter(who, essay_id=OuterRef("pk"))))

    def filter_mine(self, queryset, name, value):
        mine = Exists(
            Assignment.objects.filter(essay_id=OuterRef("pk"), annotator=self.request.user)
        )
        if value.lower() in ("1", "true", "yes"):
            return queryset.filter(mine)
        if value.lower() in ("0", "false", "no"):
            return queryset.exclude(mine)
        raise ValidationError({"mine": "use 1 or 0"})


class EssayOrdering(OrderingFilter):
    """Orders version and counts by the values the list shows the user (their own chain's under
    double annotation), so a sorted list agrees with its numbers."""

    def get_ordering(self, request, queryset, view):
        ordering = super().get_ordering(request, queryset, view) or []
        out = []
        for term in ordering:
            sign, name = ("-", term[1:]) if term.startswith("-") else ("", term)
            out.append(sign + CHAIN_FIELDS.get(name, name))
        return out


# --- essays


class EssayListApi(generics.ListAPIView):
    """Essays the user may see, paginated, with filters and ordering."""

    serializer_class = EssayListSerializer
    filterset_class = EssayFilter
    filter_backends = [DjangoFilterBackend, EssayOrdering]
    ordering_fields = [
        "external_id",
        "updated_at",
        "created_at",
        "status",
        "level",
        "genre",
        "label_count",
        "open_obs_count",
        "current_version",
    ]
    ordering = ["external_id"]

    def get_queryset(self):
        return essay_list(user=self.request.user)


class EssayDetailApi(APIView):
    @extend_schema(responses=EssayDetailSerializer)
    def get(self, request: Request, essay_id: int) -> Response:
        """The essay with its metadata and current graph (an audited read of the original)."""
        essay = essay_get(user=request.user, essay_id=essay_id)
        context = {"request": request, "graph_slot": True}
        if drafts.uses_own_chain(user=request.user, essay=essay):
            # double annotation: the annotator's own, independent chain
            version = drafts.chain_current(essay=essay, annotator=request.user)
            context["draft_closed"] = essay.status not in drafts.DRAFT_EDITABLE or (
                drafts.draft_submitted(essay=essay, annotator=request.user)
            )
        else:
            version = essay_current_version(essay=essay)
        context["version"] = version
        data = EssayDetailSerializer(essay, context=context).data
        shown = version.number if version else essay.current_version
        _audit_original(request, essay, f"v{shown}", via="essay_detail")
        return _graph_response(data, version)


class SaveVersionInput(serializers.Serializer):
    base_version = serializers.IntegerField(min_value=0)
    graph = serializers.JSONField()


class EssayVersionsApi(APIView):
    @extend_schema(responses=VersionMetaSerializer(many=True))
    def get(self, request: Request, essay_id: int) -> Response:
        """The essay's versions, oldest first (no graphs)."""
        essay = essay_get(user=request.user, essay_id=essay_id)
        if drafts.uses_own_chain(user=request.user, essay=essay):
            versions = drafts.chain_versions(essay=essay, annotator=request.user)
        else:
            versions = essay.versions.select_related("author").order_by("number")
        return Response(VersionMetaSerializer(versions, many=True).data)

    @extend_schema(
        request=SaveVersionInput,
        responses={
            201: VersionMetaSerializer,
            400: OpenApiResponse(description="{errors: [...]} when the graph is invalid"),
            409: OpenApiResponse(description="{detail, current: {number, graph, author, …}}"),
        },
    )
    def post(self, request: Request, essay_id: int) -> Response:
        """Save a new version on top of ``base_version`` (409 if it is not the current one)."""
        essay = essay_get(user=request.user, essay_id=essay_id)
        if not request.user.has_perm("corpus.edit_essay", essay):
            raise PermissionDenied("you may not edit this essay")
        data = SaveVersionInput(data=request.data)
        data.is_valid(raise_exception=True)
        save = (
            drafts.draft_save
            if drafts.uses_own_chain(user=request.user, essay=essay)
            else essay_version_save
        )
        try:
            version = save(essay_id=essay.pk, user=request.user, **data.validated_data)
        except drafts.DraftClosed as closed:
            raise PermissionDenied(str(closed)) from closed
        except VersionConflict as conflict:
            current = VersionSerializer(conflict.current).data if conflict.current else None
            if current:
                _audit_original(request, essay, f"v{conflict.current.number}", via="conflict")
            return Response(
                {
                    "detail": "The essay was saved by someone else in the meantime.",
                    "current": current,
                },
                status=status.HTTP_409_CONFLICT,
            )
        except GraphInvalid as invalid:
            return Response({"errors": invalid.errors}, status=status.HTTP_400_BAD_REQUEST)
        return Response(VersionMetaSerializer(version).data, status=status.HTTP_201_CREATED)


class EssayVersionDetailApi(APIView):
    @extend_schema(responses=VersionSerializer)
    def get(self, request: Request, essay_id: int, number: int) -> Response:
        """One version with its graph (an audited read of the original)."""
        essay = essay_get(user=request.user, essay_id=essay_id)
        if drafts.uses_own_chain(user=request.user, essay=essay):
            version = drafts.chain_version(essay=essay, annotator=request.user, number=number)
            if version is None:
                raise NotFound("No such version")
        else:
            version = essay_version_get(essay=essay, number=number)
        data = VersionSerializer(version, context={"graph_slot": True}).data
        _audit_original(request, essay, f"v{number}", via="version_detail")
        return _graph_response(data, version)


class EssaySubmitApi(APIView):
    @extend_schema(
        request=None,
        responses={
            200: inline_serializer(
                "SubmitOutput",
                {"status": serializers.CharField(), "warnings": serializers.ListField()},
            ),
            400: OpenApiResponse(description="{errors, warnings}"),
        },
    )
    def post(self, request: Request, essay_id: int) -> Response:
        """Check the annotation rules and submit the essay for review."""
        essay = essay_get(user=request.user, essay_id=essay_id)
        if not request.user.has_perm("corpus.submit_essay", essay):
            raise PermissionDenied(f"an essay that is {essay.status} cannot be submitted")
        try:
            new_status, warnings = essay_submit(essay_id=essay.pk, user=request.user)
        except SubmitBlocked as blocked:
            return Response(
                {"errors": blocked.errors, "warnings": blocked.warnings},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response({"status": new_status, "warnings": warnings})


class PseudonymsInput(serializers.Serializer):
    graph = serializers.JSONField()
    reroll = serializers.BooleanField(default=False)


class EssayPseudonymsApi(APIView):
    @extend_schema(
        request=PseudonymsInput,
        responses=inline_serializer("PseudonymsOutput", {"graph": serializers.JSONField()}),
    )
    def post(self, request: Request, essay_id: int) -> Response:
        """The graph with target pseudonyms recomputed (``reroll``: new pseudonyms)."""
        essay = essay_get(user=request.user, essay_id=essay_id)
        if not request.user.has_perm("corpus.edit_essay", essay):
            raise PermissionDenied("you may not edit this essay")
        data = PseudonymsInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            graph = essay_pseudonyms(essay=essay, **data.validated_data)
        except GraphInvalid as invalid:
            return Response({"errors": invalid.errors}, status=status.HTTP_400_BAD_REQUEST)
        _audit_original(request, essay, "pseudonyms", via="pseudonyms")
        return Response({"graph": graph})


# --- assignments


class AssignmentInput(serializers.Serializer):
    essay = serializers.IntegerField()
    annotator = serializers.IntegerField(required=False)
    annotator_username = serializers.CharField(required=False)

    def validate(self, attrs):
        if "annotator" not in attrs and "annotator_username" not in attrs:
            raise ValidationError("give annotator (id) or annotator_username")
        return attrs


class AssignmentListApi(generics.ListAPIView):
    """Assignments visible to the user; filter with ?essay=, ?project=, ?annotator=."""

    serializer_class = AssignmentSerializer
    filterset_fields = {"essay": ["exact"], "annotator": ["exact"], "essay__project": ["exact"]}

    def get_queryset(self):
        qs = assignment_list(user=self.request.user)
        project = self.request.query_params.get("project")
        if project and project.isdigit():
            qs = qs.filter(essay__project_id=int(project))
        return qs.order_by("essay_id", "annotator_id")

    @extend_schema(request=AssignmentInput, responses={201: AssignmentSerializer})
    def post(self, request: Request) -> Response:
        """Assign an essay to an annotator of its project (leads and admins)."""
        data = AssignmentInput(data=request.data)
        data.is_valid(raise_exception=True)
        essay = essay_get(user=request.user, essay_id=data.validated_data["essay"])
        if not request.user.has_perm("corpus.assign_essay", essay):
            raise PermissionDenied("only leads and admins assign essays")
        lookup = (
            {"pk": data.validated_data["annotator"]}
            if "annotator" in data.validated_data
            else {"username": data.validated_data["annotator_username"]}
        )
        annotator = User.objects.filter(**lookup).first()
        if annotator is None:
            raise ValidationError({"annotator": "no such user"})
        try:
            assignment = assignment_create(
                essay=essay, annotator=annotator, assigned_by=request.user
            )
        except NotAMember as exc:
            raise ValidationError({"annotator": str(exc)}) from exc
        return Response(AssignmentSerializer(assignment).data, status=status.HTTP_201_CREATED)


class AssignmentDetailApi(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, assignment_id: int) -> Response:
        """Remove an assignment (leads and admins)."""
        assignment = get_object_or_404(assignment_list(user=request.user), pk=assignment_id)
        if not request.user.has_perm("corpus.assign_essay", assignment.essay):
            raise PermissionDenied("only leads and admins change assignments")
        assignment_delete(assignment=assignment, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- imports


class ImportInput(serializers.Serializer):
    file = serializers.FileField()
    project = serializers.IntegerField()


class ImportCreateApi(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request=ImportInput,
        responses={202: inline_serializer("ImportOutput", {"job": serializers.IntegerField()})},
    )
    def post(self, request: Request) -> Response:
        """Queue an import of .txt, .zip, .jsonl, .csv or SVALA .json into a project."""
        data = ImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        project = Project.objects.filter(pk=data.validated_data["project"]).first()
        if project is None or not request.user.has_perm("projects.read_project", project):
            raise NotFound("No such project")
        if not request.user.has_perm("projects.manage_project", project):
            raise PermissionDenied("only leads and admins import essays")
        upload = data.validated_data["file"]
        try:
            job = importing.import_queue(
                project=project, filename=upload.name, data=upload.read(), user=request.user
            )
        except importing.ImportRefused as exc:
            raise ValidationError({"file": str(exc)}) from exc
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)
