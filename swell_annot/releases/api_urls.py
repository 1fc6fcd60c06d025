"""REST routes of the releases app, mounted under /api/."""

from django.urls import path

from . import apis

urlpatterns = [
    path(
        "projects/<int:project_id>/releases/",
        apis.ProjectReleasesApi.as_view(),
        name="project-releases",
    ),
    path("releases/<int:release_id>/", apis.ReleaseDetailApi.as_view(), name="release-detail"),
    path(
        "releases/<int:release_id>/download/",
        apis.ReleaseDownloadApi.as_view(),
        name="release-download",
    ),
    path("releases/<int:release_id>/key/", apis.ReleaseKeyApi.as_view(), name="release-key"),
]
