"""URL routes of the review app (pages). Filled in by the issue that builds the app."""

urlpatterns: list = []
