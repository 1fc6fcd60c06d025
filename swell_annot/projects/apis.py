"""REST API: the current user, the taxonomy, projects, and re-running pre-pseudonymization."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Membership, Project
from .selectors import membership_list, project_list_with_roles


class MembershipOutput(serializers.ModelSerializer):
    project_name = serializers.CharField(source="project.name")

    class Meta:
        model = Membership
        fields = ["project", "project_name", "role"]


class MeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_staff = serializers.BooleanField()
    memberships = MembershipOutput(many=True)


# The project settings every member may read (the editor and the pipeline options). Anything
# else stays on the server: ``leak_allow`` holds original strings an admin accepted for the
# leak check and is shown, audit-logged, only on the releases page.
PUBLIC_SETTING_KEYS = (
    "geo_strategy",
    "swedish_city_strategy",
    "enabled_optional_labels",
    "disabled_labels",
    "genre_profile",
    "double_annotation",
)


def public_settings(project: Project) -> dict:
    """The keys of ``project.settings`` that are safe to send to every member."""
    stored = project.settings or {}
    return {k: stored[k] for k in PUBLIC_SETTING_KEYS if k in stored}


class ProjectOutput(serializers.ModelSerializer):
    role = serializers.CharField(allow_null=True)
    essay_count = serializers.IntegerField()
    settings = serializers.SerializerMethodField()

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_settings(self, project: Project) -> dict:
        """Only ``PUBLIC_SETTING_KEYS``: never the leak-check allow-list."""
        return public_settings(project)

    class Meta:
        model = Project
        fields = [
            "id",
            "name",
            "scheme",
            "language",
            "settings",
            "description",
            "role",
            "essay_count",
            "created_at",
        ]


class MeApi(APIView):
    @extend_schema(responses=MeOutput)
    def get(self, request: Request) -> Response:
        """Who is logged in and their roles."""
        user = request.user
        return Response(
            MeOutput(
                {
                    "id": user.pk,
                    "username": user.get_username(),
                    "is_staff": user.is_staff,
                    "memberships": membership_list(user=user),
                }
            ).data
        )


class TaxonomyApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("scheme", str, enum=["swell", "dab"], default="swell")],
        responses=inline_serializer("Taxonomy", {"scheme": serializers.CharField()}),
    )
    def get(self, request: Request) -> Response:
        """The label taxonomy of a scheme (``pseudonymizer.taxonomy.taxonomy_json``)."""
        from pseudonymizer.taxonomy import taxonomy_json

        scheme = request.query_params.get("scheme", "swell")
        if scheme not in Project.Scheme.values:
            raise ValidationError({"scheme": f"one of {', '.join(Project.Scheme.values)}"})
        return Response(taxonomy_json(scheme=scheme))


class ProjectListApi(APIView):
    @extend_schema(responses=ProjectOutput(many=True))
    def get(self, request: Request) -> Response:
        """The user's projects with their role."""
        return Response(ProjectOutput(project_list_with_roles(user=request.user), many=True).data)


def _project(request: Request, project_id: int) -> Project:
    project = project_list_with_roles(user=request.user).filter(pk=project_id).first()
    if project is None:
        raise Http404("No such project")
    return project


class ProjectDetailApi(APIView):
    @extend_schema(responses=ProjectOutput)
    def get(self, request: Request, project_id: int) -> Response:
        """One project of the user."""
        return Response(ProjectOutput(_project(request, project_id)).data)


class ProjectPrepseudonymizeApi(APIView):
    @extend_schema(
        request=None,
        responses={202: inline_serializer("JobRef", {"job": serializers.IntegerField()})},
    )
    def post(self, request: Request, project_id: int) -> Response:
        """Re-run the automatic pass on the project (leads and admins): a Job with progress.

        Essays with manual work are left alone; unchanged output makes no new version.
        """
        from swell_annot.corpus.prepseudonymize import prepseudonymize_project_queue

        project = _project(request, project_id)
        if not request.user.has_perm("projects.manage_project", project):
            raise PermissionDenied("only leads and admins re-run pre-pseudonymization")
        job = prepseudonymize_project_queue(project=project, user=request.user)
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)
