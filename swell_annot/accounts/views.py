"""Pages of the accounts app: a minimal home page listing the user's projects."""

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from swell_annot.projects.selectors import project_list_with_roles


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """The user's projects with their role and essay counts per status."""
    return render(request, "home.html", {"projects": project_list_with_roles(user=request.user)})


def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness and database check for load balancers and the compose file."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
