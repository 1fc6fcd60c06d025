"""URL routes of the editor pages, mounted at /editor/."""

from django.urls import path

from . import views

app_name = "editor"

urlpatterns = [
    path("", views.my_essays, name="essays"),
    path("essays/<int:essay_id>/", views.essay_editor, name="essay"),
]
