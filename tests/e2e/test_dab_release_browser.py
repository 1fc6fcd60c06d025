"""A release of a dab project in a real Chromium: the admin builds it on the releases page,
downloads the archive, and finds the anonymized text with placeholders and no masked original;
a document with a masked name left readable elsewhere makes the build fail, naming it."""

from __future__ import annotations

import zipfile

import pytest
from playwright.sync_api import expect

from pseudonymizer.dab.scheme import Annotation, DabDocument, Mention
from swell_annot.dab.document import document_json
from swell_annot.releases.models import Release
from tests.factories import (
    DEFAULT_PASSWORD,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
    ProjectFactory,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TEXT = "Fru Anne Kristensen bor i Randers. Hun har sagsnummer 2019-4411."


@pytest.fixture(autouse=True)
def releases_root(settings, tmp_path):
    settings.RELEASES_ROOT = str(tmp_path / "releases")


def _approved(project, external_id: str, text: str, marks: list[tuple[str, str, str]]):
    mentions = [Mention(f"m{k}", text.index(t), text.index(t) + len(t), t, label, kind)
                for k, (t, label, kind) in enumerate(marks)]
    doc = document_json(DabDocument(id=external_id, text=text,
                                    annotations=[Annotation(mentions=mentions)]))
    essay = EssayFactory(project=project, external_id=external_id, original=text,
                         status="approved")
    EssayVersionFactory(essay=essay, graph=doc, token_count=len(text.split()))
    return essay


def test_admin_builds_and_downloads_a_dab_release(page, live_server, login, tmp_path, db):
    project = ProjectFactory(scheme="dab", language="da")
    admin = MembershipFactory(project=project, role="admin", user__username="ada").user
    _approved(project, "d-1", TEXT, [("Anne Kristensen", "PERSON", "DIRECT"),
                                     ("Randers", "LOC", "QUASI"),
                                     ("2019-4411", "CODE", "DIRECT")])
    login(page, live_server, admin.username, DEFAULT_PASSWORD, next_url="/")
    page.goto(f"{live_server.url}/releases/projects/{project.pk}/")
    expect(page.locator("#dab-release-note")).to_contain_text("1 approved document")
    page.fill("#version", "2026.1")
    page.click("#release-form button[type=submit]")
    row = page.locator("tr.release").first
    expect(row.locator(".status")).to_have_text("Ready", timeout=20_000)
    with page.expect_download() as info:
        row.get_by_role("link", name="Download").click()
    path = tmp_path / "download.zip"
    info.value.save_as(path)
    with zipfile.ZipFile(path) as zf:
        text = zf.read("2026.1/essays/d-1.txt").decode()
        everything = b"".join(zf.read(n) for n in zf.namelist()).decode()
    assert text == "Fru [PERSON-1] bor i [LOC-1]. Hun har sagsnummer [CODE-1]."
    for original in ("Anne", "Kristensen", "Randers", "2019-4411"):
        assert original not in everything

    # a second document masks the name once and leaves it readable later: the build fails
    _approved(project, "d-2", "Anne Kristensen ringede. Anne Kristensen kom.",
              [("Anne Kristensen", "PERSON", "DIRECT")])
    page.reload()
    page.fill("#version", "2026.2")
    page.click("#release-form button[type=submit]")
    failed = page.locator("tr.release").first
    expect(failed.locator(".status")).to_have_text("Failed", timeout=20_000)
    report = page.locator("#releases td.leaks").first
    expect(report).to_contain_text("leak check failed")
    expect(report).to_contain_text("essay d-2, span m0 (PERSON)")
    expect(report).not_to_contain_text("Anne")
    assert Release.objects.get(version="2026.2").status == "failed"
