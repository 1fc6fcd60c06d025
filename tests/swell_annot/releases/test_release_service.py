"""Releases through the platform: start (admins), build job with progress, download, leak
failure naming essay and span, key export (admins, audit-logged), immutability."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import xml.etree.ElementTree as ET
import zipfile

import pytest

from swell_annot.audit.models import AuditEvent
from swell_annot.jobs.models import Job
from swell_annot.releases.models import Release, ReleaseImmutable
from tests.factories import EssayFactory, EssayVersionFactory
from tests.swell_annot.review.essays import graph_with

pytestmark = pytest.mark.django_db

CLEAN = "Jag heter Anna och bor i Stokholm. Min lärare heter Erik."
CLEAN_SPANS = [
    ("Anna", "firstname_female", 1, "Maria"),
    ("Stokholm", "city", 2, "Tuna"),
    ("Erik", "firstname_male", 3, "Johan"),
]
# "Anna" is labelled once and missed in the second sentence: a leak
LEAKY = "Jag heter Anna. Alla säger att Anna är snäll."


@pytest.fixture(autouse=True)
def releases_root(settings, tmp_path):
    settings.RELEASES_ROOT = str(tmp_path / "releases")
    return tmp_path / "releases"


def approved(project, external_id, text=CLEAN, spans=CLEAN_SPANS, **kwargs):
    essay = EssayFactory(
        project=project, external_id=external_id, original=text, status="approved", **kwargs
    )
    EssayVersionFactory(essay=essay, graph=graph_with(text, spans))
    essay.refresh_from_db()
    return essay


def start(client, project, django_capture_on_commit_callbacks, **body):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/projects/{project.pk}/releases/", body, format="json")
    return response


def test_admin_builds_a_release_of_the_approved_essays(
    project_roles, as_user, django_capture_on_commit_callbacks
):
    project = project_roles["project"]
    e1 = approved(project, "b-1", level="A2")
    e2 = approved(project, "a-2", level="B1", genre="evaluative")
    approved(project, "c-3", level="C1")
    EssayFactory(project=project, status="submitted")  # not approved: never released
    admin = as_user(project_roles["users"]["admin"])
    response = start(
        admin, project, django_capture_on_commit_callbacks, version="2026.1", level=["A2", "B1"]
    )
    assert response.status_code == 202, response.data
    release = Release.objects.get(pk=response.json()["id"])
    assert release.status == "ready", (release.error, release.leaks)
    assert [r["release_id"] for r in release.essays] == ["a-2", "b-1"]
    assert release.job.kind == "release" and release.job.status == "succeeded"
    assert release.job.done == release.job.total == 2
    e1.refresh_from_db()
    e2.refresh_from_db()
    assert e1.status == e2.status == "released"

    detail = admin.get(f"/api/releases/{release.pk}/").json()
    assert detail["status"] == "ready" and detail["job"]["done"] == 2

    lead = as_user(project_roles["users"]["lead"])
    download = lead.get(f"/api/releases/{release.pk}/download/")
    assert download.status_code == 200
    data = b"".join(download.streaming_content)
    assert hashlib.sha256(data).hexdigest() == release.sha256 == download["X-Checksum-SHA256"]
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        files = {i.filename.split("/", 1)[1]: zf.read(i) for i in zf.infolist()}
    manifest = dict(
        reversed(line.split("  ", 1)) for line in files["MANIFEST.sha256"].decode().splitlines()
    )
    assert {n: hashlib.sha256(files[n]).hexdigest() for n in manifest} == manifest
    graph = json.loads(files["essays/a-2.json"])
    assert "".join(t["text"] for t in graph["source"]) == (
        "Jag heter Maria och bor i Tuna. Min lärare heter Johan."
    )
    root = ET.fromstring(files["corpus.xml"])
    assert [(e.get("id"), e.get("level"), e.get("genre")) for e in root.iter("essay")] == [
        ("a-2", "B1", "evaluative"),
        ("b-1", "A2", "narrative"),
    ]
    rows = list(csv.DictReader(io.StringIO(files["metadata.csv"].decode())))
    assert [r["id"] for r in rows] == ["a-2", "b-1"] and rows[0]["age_span"] == "20-24"
    assert json.loads(files["label_statistics.json"])["labels"]["city"]["spans"] == 2
    blob = b"".join(files.values()).decode()
    assert "Anna" not in blob and "Stokholm" not in blob and "Erik" not in blob
    assert "2026.1" in files["README.md"].decode()

    assert (
        as_user(project_roles["users"]["annotator"])
        .get(f"/api/releases/{release.pk}/download/")
        .status_code
        == 403
    )
    assert (
        as_user(project_roles["users"]["outsider"])
        .get(f"/api/releases/{release.pk}/download/")
        .status_code
        == 404
    )


@pytest.mark.parametrize(
    ("role", "expected"), [("lead", 403), ("annotator", 403), ("outsider", 404)]
)
def test_only_admins_start_releases(
    project_roles, as_user, role, expected, django_capture_on_commit_callbacks
):
    project = project_roles["project"]
    approved(project, "x-1")
    response = start(
        as_user(project_roles["users"][role]),
        project,
        django_capture_on_commit_callbacks,
        version="v1",
    )
    assert response.status_code == expected
    assert not Release.objects.exists()


@pytest.mark.parametrize(
    ("body", "message"),
    [({"version": "v 1"}, "version"), ({"version": "v1", "level": ["Z9"]}, "no approved")],
)
def test_bad_release_requests(
    project_roles, as_user, body, message, django_capture_on_commit_callbacks
):
    project = project_roles["project"]
    approved(project, "x-1")
    response = start(
        as_user(project_roles["users"]["admin"]),
        project,
        django_capture_on_commit_callbacks,
        **body,
    )
    assert response.status_code == 400 and message in str(response.data)


def test_a_leak_fails_the_build_naming_essay_and_span(
    project_roles, as_user, django_capture_on_commit_callbacks, releases_root
):
    project = project_roles["project"]
    approved(project, "ok-1")
    leaky = approved(
        project, "leaky-2", text=LEAKY, spans=[("Anna", "firstname_female", 1, "Maria")]
    )
    admin = as_user(project_roles["users"]["admin"])
    response = start(admin, project, django_capture_on_commit_callbacks, version="v1")
    release = Release.objects.get(pk=response.json()["id"])
    assert release.status == "failed" and release.error == "leak check failed"
    # the missed "Anna" of leaky-2 is its own leak, and (written exactly alike) also ok-1's
    assert {(lk["essay"], lk["span"]) for lk in release.leaks} == {
        ("leaky-2", "e-s2-t2"),
        ("ok-1", "e-s2-t2"),
    }
    assert {lk["found_in_essay"] for lk in release.leaks} == {"leaky-2"}
    assert all("Anna" not in json.dumps(lk) for lk in release.leaks)  # no original in the DB
    job = release.job
    assert job.status == "failed"
    assert any(e["id"] == "leaky-2" and "e-s2-t2" in e["reason"] for e in job.errors)
    assert not list(releases_root.rglob("*.zip*"))  # nothing published, no partial file
    leaky.refresh_from_db()
    assert leaky.status == "approved"
    assert admin.get(f"/api/releases/{release.pk}/download/").status_code == 404
    # the version name stays taken: releases never change
    again = start(admin, project, django_capture_on_commit_callbacks, version="v1")
    assert again.status_code == 400


def test_key_export_is_for_admins_and_audited(
    project_roles, as_user, django_capture_on_commit_callbacks
):
    project = project_roles["project"]
    approved(project, "k-1")
    admin = as_user(project_roles["users"]["admin"])
    rid = start(admin, project, django_capture_on_commit_callbacks, version="v1").json()["id"]
    assert (
        as_user(project_roles["users"]["lead"]).get(f"/api/releases/{rid}/key/").status_code == 403
    )
    assert not AuditEvent.objects.filter(action="export").exists()
    response = admin.get(f"/api/releases/{rid}/key/")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert {(r["essay"], r["original"], r["pseudonym"]) for r in rows} == {
        ("k-1", "Anna", "Maria"),
        ("k-1", "Stokholm", "Tuna"),
        ("k-1", "Erik", "Johan"),
    }
    event = AuditEvent.objects.get(action="export")
    assert event.user == project_roles["users"]["admin"] and event.details["rows"] == 3
    # the key is not in the archive
    path = Release.objects.get(pk=rid).file_path
    with zipfile.ZipFile(path) as zf:
        assert not [n for n in zf.namelist() if "key" in n.lower()]


def test_a_finished_release_never_changes(
    project_roles, as_user, django_capture_on_commit_callbacks
):
    project = project_roles["project"]
    approved(project, "i-1")
    rid = start(
        as_user(project_roles["users"]["admin"]),
        project,
        django_capture_on_commit_callbacks,
        version="v1",
    ).json()["id"]
    release = Release.objects.get(pk=rid)
    release.version = "v2"
    with pytest.raises(ReleaseImmutable):
        release.save()
    assert Job.objects.filter(kind="release").count() == 1


def test_release_page_and_progress_for_admins(
    project_roles, client, django_capture_on_commit_callbacks
):
    project = project_roles["project"]
    approved(project, "p-1", level="A2")
    client.force_login(project_roles["users"]["admin"])
    page = client.get(f"/releases/projects/{project.pk}/")
    assert page.status_code == 200 and b"Build release" in page.content
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/releases/projects/{project.pk}/", {"version": "v1", "level": ["A2"]})
    release = Release.objects.get()
    assert release.status == "ready" and release.filters == {"level": ["A2"], "genre": []}
    assert b"Download" in client.get(f"/releases/projects/{project.pk}/").content
    client.force_login(project_roles["users"]["annotator"])
    assert client.get(f"/releases/projects/{project.pk}/").status_code == 403


def test_rebuilding_a_release_from_its_essays_gives_identical_bytes(
    project_roles, as_user, django_capture_on_commit_callbacks, tmp_path
):
    from swell_annot.releases import builder
    from swell_annot.releases.services import _records

    project = project_roles["project"]
    for i in range(3):
        approved(project, f"r-{i}")
    rid = start(
        as_user(project_roles["users"]["admin"]),
        project,
        django_capture_on_commit_callbacks,
        version="v1",
    ).json()["id"]
    release = Release.objects.get(pk=rid)
    again = builder.build_release(
        _records(release),
        tmp_path / "again.zip",
        version="v1",
        title=f"{project.name} (SweLL pseudonymized corpus)",
    )
    assert again.sha256 == release.sha256
    assert (tmp_path / "again.zip").read_bytes() == open(release.file_path, "rb").read()


def test_accepted_strings_let_a_rightly_kept_name_through(
    project_roles, client, django_capture_on_commit_callbacks
):
    project = project_roles["project"]
    approved(
        project,
        "z-1",
        text="Jag heter Zlatan och bor här.",
        spans=[("Zlatan", "firstname_male", 1, "Johan")],
    )
    approved(project, "z-2", text="Filmen om Zlatan är bra.", spans=[], genre="evaluative")
    client.force_login(project_roles["users"]["admin"])
    url = f"/releases/projects/{project.pk}/"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"version": "v1"})
    assert Release.objects.get(version="v1").status == "failed"
    client.post(url, {"action": "leak_allow", "strings": "Zlatan\n\n"})
    project.refresh_from_db()
    assert project.settings["leak_allow"] == ["Zlatan"]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"version": "v2"})
    assert Release.objects.get(version="v2").status == "ready"
    client.force_login(project_roles["users"]["lead"])
    assert client.post(url, {"action": "leak_allow", "strings": "x"}).status_code == 403
