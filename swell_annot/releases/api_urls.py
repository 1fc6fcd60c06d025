"""REST routes of the releases app, mounted under /api/. Filled in by the issue that builds the app."""

urlpatterns: list = []
