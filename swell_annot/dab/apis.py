"""REST API of scheme ``dab``: import and export of Label Studio JSON and TAB JSON.

- POST /api/projects/{id}/dab/import/ (lead/admin): multipart ``file``, optional ``format``
  (labelstudio|tab, else detected) and ``annotators`` (JSON object: annotator name in the file →
  username of a project member) → 201 ``{format, created: [{id, external_id}], drafts:
  [{essay, external_id, annotator, username}], unmatched_annotators: [names], not_assigned:
  [{essay, external_id, annotation, annotator, username, reason, first?, message}]}``
  (``not_assigned``: each annotation of a multi-annotator document that got no draft chain,
  e.g. a second annotation of the same member; it stays in the main version); 400
  ``{file: ...}`` (or ``{annotators: ...}``) with nothing written on bad input. A document with
  several annotations gives each matched member their own draft chain (services.py).
- GET /api/projects/{id}/dab/export/?as=labelstudio|tab (lead/admin): every essay's current
  document (audit-logged).
- GET /api/essays/{id}/dab/export/?as=labelstudio|tab: anyone who may read the essay
  (audit-logged).
- GET /api/dab/label-config/: a Label Studio labelling configuration for the scheme.
- GET /api/essays/{id}/dab/step/ → ``{step}`` (0–3, null before the first visit): the step of
  the editor's guide the requesting user last showed for the essay; PUT ``{step}`` stores it
  (anyone who may read the essay; a view setting per user, not a version of the document).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse, JsonResponse
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pseudonymizer.dab.labelstudio import label_config
from swell_annot.corpus.models import EditorStep, Essay
from swell_annot.corpus.selectors import essay_get
from swell_annot.projects.models import Project

from . import services

EXPORT_RESPONSE = OpenApiResponse(
    description="a JSON list of Label Studio tasks or TAB documents (a file download)"
)
FORMAT_PARAM = OpenApiParameter("as", str, enum=list(services.FORMATS), default="labelstudio")


def _dab_project(request: Request, project_id: int, *, manage: bool) -> Project:
    project = Project.objects.filter(pk=project_id).first()
    if project is None or not request.user.has_perm("projects.read_project", project):
        raise Http404("No such project")
    if manage and not request.user.has_perm("projects.manage_project", project):
        raise PermissionDenied("only leads and admins import and export projects")
    if project.scheme != "dab":
        raise ValidationError({"project": f"project {project.name} is not of scheme dab"})
    return project


def _format(request: Request) -> str:
    fmt = request.query_params.get("as") or "labelstudio"
    if fmt not in services.FORMATS:
        raise ValidationError({"as": f"use one of {', '.join(services.FORMATS)}"})
    return fmt


def _download(data: list[dict], name: str) -> HttpResponse:
    response = JsonResponse(data, safe=False, json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


class DabImportInput(serializers.Serializer):
    file = serializers.FileField()
    format = serializers.ChoiceField(choices=services.FORMATS, required=False)
    annotators = serializers.JSONField(required=False)

    def validate_annotators(self, value):
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()
        ):
            raise serializers.ValidationError(
                "a JSON object: annotator name in the file → username")
        return value


class DabImportApi(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request=DabImportInput,
        responses={201: inline_serializer("DabImportOutput", {
            "format": serializers.CharField(), "created": serializers.ListField(),
            "drafts": serializers.ListField(), "unmatched_annotators": serializers.ListField(),
            "not_assigned": serializers.ListField()})},
    )
    def post(self, request: Request, project_id: int) -> Response:
        """Import a Label Studio or TAB JSON file into a dab project (all or nothing)."""
        project = _dab_project(request, project_id, manage=True)
        data = DabImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data["file"]
        raw = upload.read()
        try:
            fmt, result = services.import_upload(
                project=project, data=raw, user=request.user, fmt=data.validated_data.get("format"),
                filename=upload.name, annotators=data.validated_data.get("annotators"),
            )
        except services.ImportRefused as exc:
            raise ValidationError({"file": str(exc)}) from exc
        return Response(
            {"format": fmt,
             "created": [{"id": e.pk, "external_id": e.external_id} for e in result.essays],
             "drafts": result.drafts,
             "unmatched_annotators": result.unmatched,
             "not_assigned": result.not_assigned},
            status=status.HTTP_201_CREATED,
        )


class DabProjectExportApi(APIView):
    @extend_schema(parameters=[FORMAT_PARAM], responses={200: EXPORT_RESPONSE})
    def get(self, request: Request, project_id: int) -> HttpResponse:
        """Every essay of the project in Label Studio or TAB JSON (contains originals)."""
        project = _dab_project(request, project_id, manage=True)
        fmt = _format(request)
        essays = list(Essay.objects.filter(project=project).order_by("pk"))
        out = services.export_documents(
            essays=essays, fmt=fmt, user=request.user, project_id=project.pk,
            target=f"project {project.pk} as {fmt}",
        )
        return _download(out, f"project-{project.pk}-{fmt}.json")


class DabEssayExportApi(APIView):
    @extend_schema(parameters=[FORMAT_PARAM], responses={200: EXPORT_RESPONSE})
    def get(self, request: Request, essay_id: int) -> HttpResponse:
        """One essay's current document in Label Studio or TAB JSON (contains its original)."""
        essay = essay_get(user=request.user, essay_id=essay_id)
        if essay.project.scheme != "dab":
            raise ValidationError({"essay": "the essay's project is not of scheme dab"})
        fmt = _format(request)
        if not essay.current_version:
            raise ValidationError({"essay": "the essay has no version yet"})
        out = services.export_documents(
            essays=[essay], fmt=fmt, user=request.user, project_id=essay.project_id,
            target=f"essay {essay.pk} as {fmt}",
        )
        return _download(out, f"essay-{essay.pk}-{fmt}.json")


class DabLabelConfigApi(APIView):
    @extend_schema(responses={200: str})
    def get(self, request: Request) -> HttpResponse:
        """A Label Studio labelling configuration (XML) for scheme dab."""
        return HttpResponse(label_config(), content_type="application/xml")


class DabStepInput(serializers.Serializer):
    step = serializers.IntegerField(min_value=0, max_value=3)


def _dab_essay(request: Request, essay_id: int) -> Essay:
    essay = essay_get(user=request.user, essay_id=essay_id)
    if essay.project.scheme != "dab":
        raise ValidationError({"essay": "the essay's project is not of scheme dab"})
    return essay


class DabStepApi(APIView):
    @extend_schema(responses={200: DabStepInput})
    def get(self, request: Request, essay_id: int) -> Response:
        """The editor step (0–3) the user last showed for this essay (null: none yet)."""
        essay = _dab_essay(request, essay_id)
        row = EditorStep.objects.filter(essay=essay, user=request.user).first()
        return Response({"step": row.step if row else None})

    @extend_schema(request=DabStepInput, responses={200: DabStepInput})
    def put(self, request: Request, essay_id: int) -> Response:
        """Remember the editor step (0–3) the user shows for this essay."""
        essay = _dab_essay(request, essay_id)
        data = DabStepInput(data=request.data)
        data.is_valid(raise_exception=True)
        step = data.validated_data["step"]
        EditorStep.objects.update_or_create(essay=essay, user=request.user,
                                            defaults={"step": step})
        return Response({"step": step})
