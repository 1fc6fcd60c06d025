"""REST API of background jobs: status and progress."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Job
from .selectors import job_list


class JobOutput(serializers.ModelSerializer):
    class Meta:
        model = Job
        fields = [
            "id",
            "kind",
            "status",
            "project",
            "description",
            "done",
            "total",
            "errors",
            "result",
            "created_at",
            "started_at",
            "finished_at",
        ]


class JobListApi(generics.ListAPIView):
    """Jobs the user started or that belong to projects they manage (filter ?project=&kind=)."""

    serializer_class = JobOutput
    filterset_fields = ["project", "kind", "status"]

    def get_queryset(self):
        return job_list(user=self.request.user).order_by("-created_at")


class JobDetailApi(APIView):
    @extend_schema(responses=JobOutput)
    def get(self, request: Request, job_id: int) -> Response:
        """One job's status, progress and error report."""
        return Response(JobOutput(get_object_or_404(job_list(user=request.user), pk=job_id)).data)
