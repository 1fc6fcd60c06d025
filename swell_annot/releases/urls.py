"""URL routes of the releases app (pages), mounted at /releases/."""

from django.urls import path

from . import views

app_name = "releases"

urlpatterns = [
    path("projects/<int:project_id>/", views.project_releases, name="project"),
    path("<int:release_id>/download/", views.download, name="download"),
    path("<int:release_id>/key.csv", views.key, name="key"),
]
