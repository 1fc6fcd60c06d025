"""Login and home pages, the admin, load_demo and rotate_essay_key."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from swell_annot.corpus.models import Essay, EssayVersion
from tests.factories import (
    DEFAULT_PASSWORD,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
    ProjectFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_home_requires_login(client):
    response = client.get("/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_login_and_home_lists_only_my_projects(client):
    mine = MembershipFactory(role="annotator", project__name="Mitt projekt")
    ProjectFactory(name="Hemligt projekt")
    page = client.get("/accounts/login/")
    assert page.status_code == 200 and b'name="username"' in page.content
    response = client.post(
        "/accounts/login/",
        {"username": mine.user.username, "password": DEFAULT_PASSWORD},
        follow=True,
    )
    body = response.content.decode()
    assert "Mitt projekt" in body and "Hemligt projekt" not in body and "annotator" in body


def test_wrong_password_shows_an_error(client):
    user = UserFactory()
    response = client.post("/accounts/login/", {"username": user.username, "password": "nope"})
    assert response.status_code == 200 and b"did not match" in response.content


def test_healthz(client):
    assert client.get("/healthz").json() == {"status": "ok"}


@pytest.mark.parametrize(
    "url",
    [
        "/admin/projects/project/",
        "/admin/projects/membership/",
        "/admin/corpus/essay/",
        "/admin/corpus/essayversion/",
        "/admin/corpus/assignment/",
        "/admin/corpus/importupload/",
        "/admin/jobs/job/",
        "/admin/audit/auditevent/",
        "/admin/corpus/essay/import/",
        "/admin/corpus/essay/?status__exact=imported&q=essay",
    ],
)
def test_admin_pages(admin_client, url):
    EssayVersionFactory()
    assert admin_client.get(url).status_code == 200


def test_admin_essay_page_does_not_show_the_original(admin_client):
    essay = EssayFactory(original="Jag heter Zlatan Ibrahimović.")
    page = admin_client.get(f"/admin/corpus/essay/{essay.pk}/change/")
    assert page.status_code == 200 and "Zlatan" not in page.content.decode()


def test_admin_import(admin_client, django_capture_on_commit_callbacks):
    from django.core.files.uploadedfile import SimpleUploadedFile

    project = ProjectFactory()
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/corpus/essay/import/",
            {"project": project.pk, "file": SimpleUploadedFile("a1.txt", b"Hej Ahmed!")},
        )
    assert response.status_code == 302
    essay = Essay.objects.get(project=project, external_id="a1")
    assert essay.status == "pre_pseudonymized" and essay.current_version == 1


def test_load_demo_is_idempotent(monkeypatch, django_capture_on_commit_callbacks):
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", stdout=out)
    text = out.getvalue()
    assert text.count("password ") == 3
    essays = Essay.objects.filter(project__name="Demo (SweLL)")
    assert essays.count() == 10
    assert all(e.current_version == 1 for e in essays)
    assert EssayVersion.objects.filter(essay__in=essays).count() == 10
    monkeypatch.setenv("DEMO_PASSWORD", "demo-pass-123")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", stdout=io.StringIO())
    assert essays.count() == 10 and EssayVersion.objects.filter(essay__in=essays).count() == 10
    from django.contrib.auth import authenticate

    assert authenticate(username="annotator", password="demo-pass-123") is not None
    annotator_sees = essays.filter(assignments__annotator__username="annotator").count()
    assert annotator_sees == 5


def test_rotate_essay_key(settings):
    from cryptography.fernet import Fernet

    version = EssayVersionFactory(essay=EssayFactory(original="Hej Ahmed!"))
    new = Fernet.generate_key().decode()
    settings.ESSAY_ENCRYPTION_KEYS = [new, *settings.ESSAY_ENCRYPTION_KEYS]
    call_command("rotate_essay_key", stdout=io.StringIO())
    settings.ESSAY_ENCRYPTION_KEYS = [new]
    assert Essay.objects.get(pk=version.essay_id).original == "Hej Ahmed!"
    assert EssayVersion.objects.get(pk=version.pk).graph["source"][1]["text"] == "Ahmed!"


def test_home_counts_only_the_essays_a_user_may_see(client):
    from tests.factories import AssignmentFactory

    project = ProjectFactory(name="Räkna")
    annotator = MembershipFactory(project=project, role="annotator").user
    lead = MembershipFactory(project=project, role="lead").user
    essays = [EssayFactory(project=project) for _ in range(3)]
    AssignmentFactory(essay=essays[0], annotator=annotator)
    from swell_annot.projects.selectors import project_list_with_roles

    assert [(p.role, p.essay_count) for p in project_list_with_roles(user=annotator)] == [
        ("annotator", 1)
    ]
    assert [(p.role, p.essay_count) for p in project_list_with_roles(user=lead)] == [("lead", 3)]
    client.force_login(annotator)
    row = client.get("/").content.decode()
    assert "Räkna" in row and "<td>1</td>" in row
