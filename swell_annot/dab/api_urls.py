"""REST routes of scheme ``dab`` (mounted under /api/)."""

from django.urls import path

from . import apis

urlpatterns = [
    path("projects/<int:project_id>/dab/import/", apis.DabImportApi.as_view(), name="dab-import"),
    path(
        "projects/<int:project_id>/dab/export/",
        apis.DabProjectExportApi.as_view(),
        name="dab-project-export",
    ),
    path("essays/<int:essay_id>/dab/export/", apis.DabEssayExportApi.as_view(),
         name="dab-essay-export"),
    path("essays/<int:essay_id>/dab/step/", apis.DabStepApi.as_view(), name="dab-step"),
    path("dab/label-config/", apis.DabLabelConfigApi.as_view(), name="dab-label-config"),
]
