"""The pages that host the TypeScript editor: login required, boot data for the script."""

from __future__ import annotations

import json
import re

import pytest

from tests.factories import DEFAULT_PASSWORD

pytestmark = pytest.mark.django_db


def _boot(html: str) -> dict:
    m = re.search(r'<script id="editor-boot" type="application/json">(.*?)</script>', html, re.S)
    assert m, "the page carries no boot data"
    return json.loads(m.group(1))


@pytest.mark.parametrize("path", ["/editor/", "/editor/essays/1/"])
def test_pages_require_login(client, path):
    res = client.get(path)
    assert res.status_code == 302
    assert "/login/" in res["Location"]


def test_my_essays_page_boots_the_script(client, project_roles):
    annotator = project_roles["users"]["annotator"]
    assert client.login(username=annotator.username, password=DEFAULT_PASSWORD)
    res = client.get("/editor/")
    assert res.status_code == 200
    html = res.content.decode()
    assert "editor/editor.js" in html and "editor/editor.css" in html
    boot = _boot(html)
    assert boot["view"] == "essays"
    assert boot["api"] == "/api/"
    assert boot["user"] == {"id": annotator.pk, "username": annotator.username}
    assert boot["editorUrl"] == "/editor/essays/{id}/"
    assert len(boot["csrf"]) >= 32
    # The token is the one the session's cookie validates (Django masks it per response).
    assert "csrftoken" in res.cookies


def test_editor_page_passes_the_essay_id_and_no_text(client, project_roles):
    annotator = project_roles["users"]["annotator"]
    essay = project_roles["assigned"]
    client.login(username=annotator.username, password=DEFAULT_PASSWORD)
    res = client.get(f"/editor/essays/{essay.pk}/")
    assert res.status_code == 200
    boot = _boot(res.content.decode())
    assert boot["view"] == "editor"
    assert boot["essayId"] == essay.pk
    assert boot["essaysUrl"] == "/editor/"
    # The original is personal data: it is loaded (and audit-logged) through the API only.
    assert essay.original.split()[0] not in res.content.decode().split("<main>")[1]


def test_script_escapes_boot_data(client, project_roles):
    user = project_roles["users"]["annotator"]
    user.username = "</script><b>x"
    user.save()
    client.force_login(user)
    html = client.get("/editor/").content.decode()
    assert "</script><b>x" not in html
    assert _boot(html)["user"]["username"] == "</script><b>x"
