"""URL routes of the releases app (pages). Filled in by the issue that builds the app."""

urlpatterns: list = []
