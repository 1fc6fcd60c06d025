"""REST routes of the editor app, mounted under /api/ (the editor uses the corpus API)."""

urlpatterns: list = []
