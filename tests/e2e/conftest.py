"""Browser fixtures: a real headless Debian Chromium driven by Playwright's sync API.

Tests get ``page`` (a fresh context per test) and ``login(page, live_server, username, password)``.
They run against pytest-django's ``live_server`` on the real database.
"""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


def _chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        pytest.fail("Debian's chromium is not installed: run the README's test command")
    return path


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=_chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def context(browser, db):
    """A fresh browser context, closed before the test database is flushed.

    It requests ``db`` (transactional in the e2e tests) so that it is torn down first, and it
    waits until its pages have no request in flight: a request the live server is still running
    while the flush truncates the tables can deadlock with it (seen once in CI).
    """
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(10_000)
    yield context
    for open_page in context.pages:
        try:
            open_page.wait_for_load_state("networkidle", timeout=5_000)
        except PlaywrightTimeoutError:  # a page that polls never settles; it is closed anyway
            pass
    context.close()


@pytest.fixture
def page(context):
    return context.new_page()


@pytest.fixture
def login():
    """Log a page in through the real login form."""

    def _login(page, live_server, username: str, password: str, next_url: str = "/") -> None:
        page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", password)
        page.click("button[type=submit], input[type=submit]")
        page.wait_for_load_state("networkidle")

    return _login


@pytest.fixture
def dab_essay(db):
    """Factory of a dab document to annotate: ``dab_essay(doc, username)`` makes a dab project,
    an annotator ``username`` in it, the essay (pre-pseudonymized, ``doc`` as version 1) and
    its assignment; returns ``(essay, user)``."""
    from swell_annot.dab.document import document_json
    from tests.factories import (
        AssignmentFactory,
        EssayFactory,
        EssayVersionFactory,
        MembershipFactory,
        ProjectFactory,
    )

    def make(doc, username: str = "dorte"):
        project = ProjectFactory(scheme="dab", language="da")
        member = MembershipFactory(project=project, role="annotator", user__username=username)
        essay = EssayFactory(project=project, original=doc.text, status="pre_pseudonymized",
                             external_id=doc.id)
        EssayVersionFactory(essay=essay, graph=document_json(doc),
                            token_count=len(doc.text.split()))
        AssignmentFactory(essay=essay, annotator=member.user)
        return essay, member.user

    return make


@pytest.fixture
def open_dab_editor(live_server, login):
    """``open_dab_editor(page, essay, user)``: log the user in through the login form and open
    the dab editor on the essay (waits until it shows)."""
    from playwright.sync_api import expect

    from tests.factories import DEFAULT_PASSWORD

    def open_editor(page, essay, user) -> None:
        login(page, live_server, user.username, DEFAULT_PASSWORD, next_url="/editor/")
        page.goto(f"{live_server.url}/editor/essays/{essay.pk}/")
        expect(page.locator(".dab-editor")).to_be_visible()

    return open_editor


@pytest.fixture
def essay_for(db):
    """An annotator with one pre-pseudonymized essay assigned (the SweLL editor's tests:
    ``editor_helpers.TEXT`` with the automatic labels of ``editor_helpers.AUTO``)."""
    from tests.e2e.editor_helpers import TEXT, prepseudonymized_graph
    from tests.factories import (
        AssignmentFactory,
        EssayFactory,
        EssayVersionFactory,
        MembershipFactory,
    )

    member = MembershipFactory(role="annotator", user__username="anna-annotator")
    essay = EssayFactory(
        project=member.project, original=TEXT, status="pre_pseudonymized", external_id="E-1"
    )
    EssayVersionFactory(essay=essay, graph=prepseudonymized_graph(TEXT))
    AssignmentFactory(essay=essay, annotator=member.user)
    return essay, member.user
