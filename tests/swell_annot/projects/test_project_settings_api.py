"""GET /api/projects/ serializes only the editor's safe project settings: the leak-check
allow-list (original strings an admin accepted) is never sent; admins see it on the releases
page, and that view is audit-logged."""

from __future__ import annotations

import pytest

from swell_annot.audit.models import AuditEvent

pytestmark = pytest.mark.django_db
SAFE = {
    "swedish_city_strategy": "placeholder",
    "enabled_optional_labels": ["ethnicity"],
    "disabled_labels": ["zip_code"],
    "double_annotation": True,
}


@pytest.fixture
def project(project_roles):
    project = project_roles["project"]
    project.settings = {**SAFE, "leak_allow": ["Karin Olsson"], "internal_note": "x"}
    project.save()
    return project


@pytest.mark.parametrize("role", ["annotator", "lead", "admin"])
def test_project_api_never_sends_the_leak_allow_list(project_roles, project, as_user, role):
    client = as_user(project_roles["users"][role])
    listed = client.get("/api/projects/")
    detail = client.get(f"/api/projects/{project.pk}/")
    assert listed.status_code == 200 and detail.status_code == 200
    (mine,) = [p for p in listed.json() if p["id"] == project.pk]
    for body in (mine, detail.json()):
        # exactly the settings the editor reads: no allow-list, no unknown keys
        assert body["settings"] == SAFE
    assert "Karin Olsson" not in listed.content.decode() + detail.content.decode()


def test_releases_page_shows_the_allow_list_to_admins_only_and_audits_it(
    project_roles, project, client
):
    url = f"/releases/projects/{project.pk}/"
    client.force_login(project_roles["users"]["lead"])
    page = client.get(url)
    assert page.status_code == 200 and "Karin Olsson" not in page.content.decode()
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.VIEW_ORIGINAL).exists()
    client.force_login(project_roles["users"]["admin"])
    page = client.get(url)
    assert page.status_code == 200 and "Karin Olsson" in page.content.decode()
    event = AuditEvent.objects.get(action=AuditEvent.Action.VIEW_ORIGINAL)
    assert event.user == project_roles["users"]["admin"] and event.project_id == project.pk
    assert "leak" in event.target
