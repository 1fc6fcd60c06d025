"""REST routes of essays, versions, assignments and imports (mounted under /api/)."""

from django.urls import path

from . import apis

urlpatterns = [
    path("essays/", apis.EssayListApi.as_view(), name="essay-list"),
    path("essays/<int:essay_id>/", apis.EssayDetailApi.as_view(), name="essay-detail"),
    path("essays/<int:essay_id>/versions/", apis.EssayVersionsApi.as_view(), name="essay-versions"),
    path(
        "essays/<int:essay_id>/versions/<int:number>/",
        apis.EssayVersionDetailApi.as_view(),
        name="essay-version-detail",
    ),
    path("essays/<int:essay_id>/submit/", apis.EssaySubmitApi.as_view(), name="essay-submit"),
    path(
        "essays/<int:essay_id>/pseudonyms/",
        apis.EssayPseudonymsApi.as_view(),
        name="essay-pseudonyms",
    ),
    path("assignments/", apis.AssignmentListApi.as_view(), name="assignment-list"),
    path(
        "assignments/<int:assignment_id>/",
        apis.AssignmentDetailApi.as_view(),
        name="assignment-detail",
    ),
    path("imports/", apis.ImportCreateApi.as_view(), name="import-create"),
]
