"""REST routes of projects, the current user and the taxonomy (mounted under /api/)."""

from django.urls import path
from rest_framework.authtoken.views import obtain_auth_token

from . import apis

urlpatterns = [
    # POST {username, password} → {token}: for scripts (``Authorization: Token …``).
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("me/", apis.MeApi.as_view(), name="me"),
    path("taxonomy/", apis.TaxonomyApi.as_view(), name="taxonomy"),
    path("projects/", apis.ProjectListApi.as_view(), name="project-list"),
    path("projects/<int:project_id>/", apis.ProjectDetailApi.as_view(), name="project-detail"),
    path(
        "projects/<int:project_id>/prepseudonymize/",
        apis.ProjectPrepseudonymizeApi.as_view(),
        name="project-prepseudonymize",
    ),
]
