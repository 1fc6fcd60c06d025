"""URL routes of the editor app (pages). Filled in by the issue that builds the app."""

urlpatterns: list = []
