"""REST routes of the review app, mounted under /api/. Filled in by the issue that builds the app."""

urlpatterns: list = []
