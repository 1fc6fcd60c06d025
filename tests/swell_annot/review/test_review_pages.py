"""Server-rendered review pages: dashboard charts, correction candidates, permissions."""

from __future__ import annotations

import pytest

from swell_annot.audit.models import AuditEvent
from swell_annot.review.models import GazetteerEntry
from tests.swell_annot.review.essays import annotated_essay

pytestmark = pytest.mark.django_db


def test_dashboard_page_draws_svg_charts(project_roles, client):
    annotated_essay(project_roles["project"], external_id="d-1")
    client.force_login(project_roles["users"]["lead"])
    page = client.get(f"/review/projects/{project_roles['project'].pk}/dashboard/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count("<svg") >= 4 and "firstname_male" in html
    assert "<script" not in html.split("<main>", 1)[1]  # charts need no script or CDN


def test_dashboard_toggles_double_annotation(project_roles, client):
    project = project_roles["project"]
    client.force_login(project_roles["users"]["lead"])
    url = f"/review/projects/{project.pk}/dashboard/"
    client.post(url, {"action": "double_annotation", "enabled": "1"})
    project.refresh_from_db()
    assert project.settings["double_annotation"] is True
    client.post(url, {"action": "double_annotation", "enabled": "0"})
    project.refresh_from_db()
    assert project.settings["double_annotation"] is False


def test_gazetteer_page_offers_strings_labelled_by_hand(project_roles, client):
    project = project_roles["project"]
    annotated_essay(project, external_id="g-1")
    client.force_login(project_roles["users"]["lead"])
    url = f"/review/projects/{project.pk}/gazetteer/"
    html = client.get(url).content.decode()
    # the automatic version had Anna and Stokholm; the annotator added Erik by hand
    assert "<td>Erik</td><td>firstname_male</td>" in html
    assert "<td>Anna</td>" not in html
    assert AuditEvent.objects.filter(action="view_original", target="correction candidates")
    client.post(url, {"text": "Erik", "label": "firstname_male"})
    assert GazetteerEntry.objects.filter(project=project, text="Erik").exists()
    assert "<td>Erik</td>" not in client.get(url).content.decode()


@pytest.mark.parametrize("path", ["", "dashboard/", "gazetteer/"])
def test_review_pages_are_for_leads(project_roles, client, path):
    project = project_roles["project"]
    client.force_login(project_roles["users"]["annotator"])
    assert client.get(f"/review/projects/{project.pk}/{path}").status_code == 403
    client.force_login(project_roles["users"]["outsider"])
    assert client.get(f"/review/projects/{project.pk}/{path}").status_code == 404
