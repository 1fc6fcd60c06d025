"""REST routes of the review app, mounted under /api/."""

from django.urls import path

from . import apis

urlpatterns = [
    path(
        "projects/<int:project_id>/review-queue/",
        apis.ReviewQueueApi.as_view(),
        name="review-queue",
    ),
    path("projects/<int:project_id>/dashboard/", apis.DashboardApi.as_view(), name="dashboard"),
    path("projects/<int:project_id>/gazetteer/", apis.GazetteerApi.as_view(), name="gazetteer"),
    path(
        "essays/<int:essay_id>/decisions/",
        apis.EssayDecisionsApi.as_view(),
        name="essay-decisions",
    ),
    path("essays/<int:essay_id>/approve/", apis.EssayApproveApi.as_view(), name="essay-approve"),
    path("essays/<int:essay_id>/return/", apis.EssayReturnApi.as_view(), name="essay-return"),
]
