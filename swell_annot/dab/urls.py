"""Pages of scheme ``dab``, mounted at /dab/."""

from django.urls import path

from . import views

app_name = "dab"

urlpatterns = [
    path("projects/<int:project_id>/", views.project_dab, name="project"),
]
