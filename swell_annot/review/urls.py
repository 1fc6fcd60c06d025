"""URL routes of the review app (pages), mounted at /review/."""

from django.urls import path

from . import views

app_name = "review"

urlpatterns = [
    path("projects/<int:project_id>/", views.queue, name="queue"),
    path("projects/<int:project_id>/dashboard/", views.dashboard_page, name="dashboard"),
    path("projects/<int:project_id>/gazetteer/", views.gazetteer, name="gazetteer"),
    path("essays/<int:essay_id>/decide/", views.decide, name="decide"),
    path("essays/<int:essay_id>/approve/", views.approve, name="approve"),
    path("essays/<int:essay_id>/return/", views.return_essay, name="return"),
    path("essays/<int:essay_id>/adjudicate/", views.adjudication, name="adjudicate"),
]
