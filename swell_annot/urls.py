"""Root URL configuration: pages, the REST API under /api/, its schema and docs, the admin."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

api_patterns = [
    path("", include("swell_annot.projects.api_urls")),
    path("", include("swell_annot.corpus.api_urls")),
    path("", include("swell_annot.jobs.api_urls")),
    path("", include("swell_annot.editor.api_urls")),
    path("", include("swell_annot.review.api_urls")),
    path("", include("swell_annot.releases.api_urls")),
    path("", include("swell_annot.dab.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
]

urlpatterns = [
    path("", include("swell_annot.accounts.urls")),
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    path("editor/", include("swell_annot.editor.urls")),
    path("review/", include("swell_annot.review.urls")),
    path("releases/", include("swell_annot.releases.urls")),
    path("dab/", include("swell_annot.dab.urls")),
]
