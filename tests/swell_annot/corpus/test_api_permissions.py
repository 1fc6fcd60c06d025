"""Permission matrix: each role × each endpoint (outsiders get 404, never a hint)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from swell_annot.audit.models import AuditEvent
from tests.factories import JobFactory, UserFactory

pytestmark = pytest.mark.django_db

ROLES = ["admin", "lead", "annotator", "outsider", "anonymous"]


def _client(project_roles, as_user, role):
    return as_user(None if role == "anonymous" else project_roles["users"][role])


def _call(ctx, as_user, role, endpoint):
    """Perform ``endpoint`` as ``role``; returns the response."""
    client = _client(ctx, as_user, role)
    a, u, p = ctx["assigned"].pk, ctx["unassigned"].pk, ctx["project"].pk
    graph_a = ctx["assigned"].versions.get(number=1).graph
    graph_u = ctx["unassigned"].versions.get(number=1).graph
    match endpoint:
        case "me":
            return client.get("/api/me/")
        case "projects":
            return client.get("/api/projects/")
        case "project":
            return client.get(f"/api/projects/{p}/")
        case "essays":
            return client.get("/api/essays/")
        case "essay_assigned":
            return client.get(f"/api/essays/{a}/")
        case "essay_unassigned":
            return client.get(f"/api/essays/{u}/")
        case "versions_assigned":
            return client.get(f"/api/essays/{a}/versions/")
        case "version_unassigned":
            return client.get(f"/api/essays/{u}/versions/1/")
        case "save_assigned":
            return client.post(
                f"/api/essays/{a}/versions/", {"base_version": 1, "graph": graph_a}, format="json"
            )
        case "save_unassigned":
            return client.post(
                f"/api/essays/{u}/versions/", {"base_version": 1, "graph": graph_u}, format="json"
            )
        case "assign":
            return client.post(
                "/api/assignments/",
                {"essay": a, "annotator": ctx["users"]["lead"].pk},
                format="json",
            )
        case "assignments":
            return client.get("/api/assignments/")
        case "prepseudonymize":
            return client.post(f"/api/projects/{p}/prepseudonymize/")
        case "import":
            upload = SimpleUploadedFile("e9.txt", b"Hej!", content_type="text/plain")
            return client.post("/api/imports/", {"file": upload, "project": p}, format="multipart")
        case "taxonomy":
            return client.get("/api/taxonomy/?scheme=swell")
        case "submit_assigned":
            return client.post(f"/api/essays/{a}/submit/")
        case "submit_unassigned":
            return client.post(f"/api/essays/{u}/submit/")
        case "pseudonyms_assigned":
            return client.post(
                f"/api/essays/{a}/pseudonyms/", {"graph": graph_a, "reroll": True}, format="json"
            )
        case "unassign":
            assignment = ctx["assigned"].assignments.get()
            return client.delete(f"/api/assignments/{assignment.pk}/")
        case "job":
            job = JobFactory(project=ctx["project"], created_by=ctx["users"]["lead"])
            return client.get(f"/api/jobs/{job.pk}/")
    raise AssertionError(endpoint)


# endpoint: expected status for admin, lead, annotator, outsider, anonymous
MATRIX = {
    "me": (200, 200, 200, 200, 403),
    "projects": (200, 200, 200, 200, 403),
    "project": (200, 200, 200, 404, 403),
    "essays": (200, 200, 200, 200, 403),
    "essay_assigned": (200, 200, 200, 404, 403),
    "essay_unassigned": (200, 200, 404, 404, 403),
    "versions_assigned": (200, 200, 200, 404, 403),
    "version_unassigned": (200, 200, 404, 404, 403),
    "save_assigned": (201, 201, 201, 404, 403),
    "save_unassigned": (201, 201, 404, 404, 403),
    "assign": (201, 201, 403, 404, 403),
    "assignments": (200, 200, 200, 200, 403),
    "prepseudonymize": (202, 202, 403, 404, 403),
    "import": (202, 202, 403, 404, 403),
    "job": (200, 200, 404, 404, 403),
    "taxonomy": (200, 200, 200, 200, 403),
    "submit_assigned": (200, 200, 200, 404, 403),
    "submit_unassigned": (200, 200, 404, 404, 403),
    "pseudonyms_assigned": (200, 200, 200, 404, 403),
    "unassign": (204, 204, 403, 404, 403),
}
CASES = [
    pytest.param(endpoint, role, codes[i], id=f"{endpoint}-{role}")
    for endpoint, codes in MATRIX.items()
    for i, role in enumerate(ROLES)
]


@pytest.mark.parametrize("endpoint,role,expected", CASES)
def test_permission_matrix(project_roles, as_user, endpoint, role, expected):
    response = _call(project_roles, as_user, role, endpoint)
    assert response.status_code == expected, response.content[:300]


@pytest.mark.parametrize(
    "role,count", [("admin", 2), ("lead", 2), ("annotator", 1), ("outsider", 0)]
)
def test_essay_list_is_scoped(project_roles, as_user, role, count):
    data = _client(project_roles, as_user, role).get("/api/essays/").json()
    assert data["count"] == count
    if role == "annotator":
        assert data["results"][0]["id"] == project_roles["assigned"].pk
        assert data["results"][0]["assignees"] == ["annotator-u"]


@pytest.mark.parametrize("role,count", [("lead", 1), ("annotator", 1), ("outsider", 0)])
def test_assignment_list_is_scoped(project_roles, as_user, role, count):
    assert _client(project_roles, as_user, role).get("/api/assignments/").json()["count"] == count


def test_annotator_cannot_edit_submitted_essay(project_roles, as_user):
    essay = project_roles["assigned"]
    essay.status = "submitted"
    essay.save()
    client = as_user(project_roles["users"]["annotator"])
    detail = client.get(f"/api/essays/{essay.pk}/").json()
    assert detail["read_only"] is True
    graph = detail["current"]["graph"]
    response = client.post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": graph}, format="json"
    )
    assert response.status_code == 403
    assert essay.versions.count() == 1


def test_every_read_of_an_original_is_audited(project_roles, as_user):
    essay = project_roles["assigned"]
    client = as_user(project_roles["users"]["annotator"])
    client.get("/api/essays/")  # a list holds no originals: not audited
    assert not AuditEvent.objects.filter(action="view_original").exists()
    client.get(f"/api/essays/{essay.pk}/")
    client.get(f"/api/essays/{essay.pk}/versions/1/")
    events = AuditEvent.objects.filter(action="view_original", essay=essay)
    assert events.count() == 2
    assert {e.username for e in events} == {"annotator-u"}
    # A 404 reveals nothing and is not a read.
    as_user(project_roles["users"]["outsider"]).get(f"/api/essays/{essay.pk}/")
    assert events.count() == 2


def test_token_authentication(project_roles, api):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=project_roles["users"]["lead"])
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api.get("/api/essays/").json()["count"] == 2


def test_session_authentication_enforces_csrf(project_roles):
    from rest_framework.test import APIClient

    client = APIClient(enforce_csrf_checks=True)
    client.force_login(project_roles["users"]["annotator"])
    essay = project_roles["assigned"]
    assert client.get(f"/api/essays/{essay.pk}/").status_code == 200
    graph = essay.versions.get(number=1).graph
    response = client.post(
        f"/api/essays/{essay.pk}/versions/", {"base_version": 1, "graph": graph}, format="json"
    )
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]


def test_assign_refuses_non_members(project_roles, as_user):
    stranger = UserFactory()
    response = as_user(project_roles["users"]["lead"]).post(
        "/api/assignments/",
        {"essay": project_roles["unassigned"].pk, "annotator": stranger.pk},
        format="json",
    )
    assert response.status_code == 400 and "not a member" in response.json()["annotator"]


def test_scripts_obtain_a_token_with_their_password(project_roles, api):
    from tests.factories import DEFAULT_PASSWORD

    response = api.post("/api/auth/token/", {"username": "lead-u", "password": DEFAULT_PASSWORD})
    assert response.status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert api.get("/api/me/").json()["username"] == "lead-u"
    bad = api.post("/api/auth/token/", {"username": "lead-u", "password": "wrong"})
    assert bad.status_code == 400
