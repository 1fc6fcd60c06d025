"""Releases in a real Chromium: an admin starts a release and watches its progress bar, then
downloads the archive; a release that is still building shows its job's progress live."""

from __future__ import annotations

import hashlib
import zipfile

import pytest
from playwright.sync_api import expect

from swell_annot.jobs.models import Job
from swell_annot.releases.models import Release
from swell_annot.releases.services import release_build, release_create
from tests.factories import DEFAULT_PASSWORD, EssayFactory, EssayVersionFactory, MembershipFactory
from tests.swell_annot.review.essays import graph_with

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TEXT = "Jag heter Anna och bor i Stokholm."
SPANS = [("Anna", "firstname_female", 1, "Maria"), ("Stokholm", "city", 2, "Tuna")]


@pytest.fixture(autouse=True)
def releases_root(settings, tmp_path):
    settings.RELEASES_ROOT = str(tmp_path / "releases")


@pytest.fixture
def admin_project(db):
    admin = MembershipFactory(role="admin", user__username="ada-admin")
    for i, level in enumerate(["A2", "B1", "B1"]):
        essay = EssayFactory(
            project=admin.project,
            external_id=f"P-{i}",
            original=TEXT,
            status="approved",
            level=level,
        )
        EssayVersionFactory(essay=essay, graph=graph_with(TEXT, SPANS))
    return admin.project, admin.user


def test_admin_starts_a_release_and_downloads_it(page, live_server, login, admin_project, tmp_path):
    project, admin = admin_project
    login(page, live_server, admin.username, DEFAULT_PASSWORD, next_url="/")
    page.goto(f"{live_server.url}/releases/projects/{project.pk}/")
    expect(page.locator("#release-form")).to_contain_text("3 approved essays")
    page.check('input[name=level][value="B1"]')
    page.fill("#version", "2026.1")
    page.click("#release-form button[type=submit]")
    row = page.locator("tr.release").first
    expect(row.locator(".status")).to_have_text("Ready", timeout=20_000)
    expect(row.locator(".progress > div")).to_have_attribute("style", "width: 100%")
    release = Release.objects.get()
    assert release.essay_count == 2 and release.job.done == 2
    with page.expect_download() as info:
        row.get_by_role("link", name="Download").click()
    path = tmp_path / "download.zip"
    info.value.save_as(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == release.sha256
    with zipfile.ZipFile(path) as zf:
        assert "2026.1/essays/P-1.json" in zf.namelist()


def test_progress_bar_follows_a_building_release(page, live_server, login, admin_project):
    project, admin = admin_project
    release = release_create(project=project, user=admin, version="v-live", filters={})
    # The build was queued on commit and ran in-process; replay a build in progress instead.
    Release.objects.filter(pk=release.pk).update(status="building", file_path="", sha256="")
    Job.objects.filter(pk=release.job_id).update(
        status="running", done=1, total=3, finished_at=None
    )
    login(page, live_server, admin.username, DEFAULT_PASSWORD, next_url="/")
    page.goto(f"{live_server.url}/releases/projects/{project.pk}/")
    row = page.locator(f'tr.release[data-release="{release.pk}"]')
    expect(row.locator(".status")).to_have_text("Building")
    expect(row.locator(".count")).to_have_text("1 / 3")
    expect(row.locator(".progress > div")).to_have_attribute("style", "width: 33%;")
    Job.objects.filter(pk=release.job_id).update(done=2)
    expect(row.locator(".count")).to_have_text("2 / 3")
    # the build finishes: the page reloads by itself and offers the download
    Job.objects.filter(pk=release.job_id).update(done=0)
    release_build(release_id=release.pk)
    expect(page.locator(f'tr.release[data-release="{release.pk}"] .status')).to_have_text(
        "Ready", timeout=10_000
    )
    expect(page.get_by_role("link", name="Download")).to_be_visible()
