"""REST API of releases: list and start (admins), detail with progress, download, key export.

Someone outside the project gets 404 for its releases; members without the role get 403.
"""

from __future__ import annotations

from django.http import FileResponse, HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from swell_annot.projects.models import Project
from swell_annot.projects.selectors import project_list

from .models import Release
from .selectors import can_download_release, can_manage_releases, release_list
from .services import ReleaseInputError, release_create, release_key_export


def project_for(request, project_id: int) -> Project:
    """The project if the user is a member (404 otherwise: its existence is not disclosed)."""
    return get_object_or_404(project_list(user=request.user), pk=project_id)


def release_for(request, release_id: int) -> Release:
    release = get_object_or_404(Release.objects.select_related("project", "job"), pk=release_id)
    if not project_list(user=request.user).filter(pk=release.project_id).exists():
        raise NotFound()
    return release


class ReleaseOutput(serializers.ModelSerializer):
    job = serializers.SerializerMethodField()
    created_by = serializers.SerializerMethodField()

    class Meta:
        model = Release
        fields = [
            "id",
            "project",
            "version",
            "status",
            "filters",
            "essay_count",
            "token_count",
            "label_counts",
            "size",
            "sha256",
            "leaks",
            "error",
            "created_by",
            "created_at",
            "finished_at",
            "job",
        ]

    def get_job(self, obj: Release) -> dict | None:
        job = obj.job
        if job is None:
            return None
        return {"id": job.pk, "status": job.status, "done": job.done, "total": job.total}

    def get_created_by(self, obj: Release) -> str | None:
        return obj.created_by.get_username() if obj.created_by_id else None


class ReleaseInput(serializers.Serializer):
    version = serializers.CharField(max_length=64)
    level = serializers.ListField(child=serializers.CharField(), required=False)
    genre = serializers.ListField(child=serializers.CharField(), required=False)
    essays = serializers.ListField(child=serializers.IntegerField(), required=False)


class ProjectReleasesApi(APIView):
    @extend_schema(responses=ReleaseOutput(many=True))
    def get(self, request: Request, project_id: int) -> Response:
        """The project's releases (members)."""
        project = project_for(request, project_id)
        return Response(ReleaseOutput(release_list(project=project), many=True).data)

    @extend_schema(request=ReleaseInput, responses={202: ReleaseOutput})
    def post(self, request: Request, project_id: int) -> Response:
        """Start a release of the approved essays matching the filters (project admins)."""
        project = project_for(request, project_id)
        if not can_manage_releases(user=request.user, project=project):
            raise PermissionDenied("only admins of the project build releases")
        data = ReleaseInput(data=request.data)
        data.is_valid(raise_exception=True)
        filters = {k: v for k, v in data.validated_data.items() if k != "version"}
        try:
            release = release_create(
                project=project,
                user=request.user,
                version=data.validated_data["version"],
                filters=filters,
            )
        except ReleaseInputError as exc:
            raise ValidationError({"detail": str(exc)}) from exc
        release.refresh_from_db()
        return Response(ReleaseOutput(release).data, status=status.HTTP_202_ACCEPTED)


class ReleaseDetailApi(APIView):
    @extend_schema(responses=ReleaseOutput)
    def get(self, request: Request, release_id: int) -> Response:
        """One release with its build progress."""
        return Response(ReleaseOutput(release_for(request, release_id)).data)


def download_response(request, release: Release) -> FileResponse:
    """The archive of a ready release (leads and admins)."""
    if not can_download_release(user=request.user, project=release.project):
        raise PermissionDenied("only leads and admins download releases")
    if release.status != Release.Status.READY:
        raise NotFound("this release has no archive")
    response = FileResponse(
        open(release.file_path, "rb"),  # noqa: SIM115 - FileResponse closes it
        as_attachment=True,
        filename=f"{release.version}.zip",
        content_type="application/zip",
    )
    response["X-Checksum-SHA256"] = release.sha256
    return response


def key_response(request, release: Release) -> HttpResponse:
    """The original ↔ pseudonym key as CSV (project admins only; audit-logged)."""
    if not can_manage_releases(user=request.user, project=release.project):
        raise PermissionDenied("only admins of the project export the key")
    if release.status != Release.Status.READY:
        raise NotFound("this release has no key")
    response = HttpResponse(
        release_key_export(release=release, user=request.user), content_type="text/csv"
    )
    response["Content-Disposition"] = f'attachment; filename="{release.version}-key.csv"'
    response["Cache-Control"] = "no-store"
    return response


class ReleaseDownloadApi(APIView):
    @extend_schema(responses={(200, "application/zip"): bytes})
    def get(self, request: Request, release_id: int):
        """Download the archive."""
        return download_response(request, release_for(request, release_id))


class ReleaseKeyApi(APIView):
    @extend_schema(responses={(200, "text/csv"): str})
    def get(self, request: Request, release_id: int):
        """Export the original ↔ pseudonym key (admins; audit-logged; not part of the release)."""
        return key_response(request, release_for(request, release_id))
