"""Browser fixtures: a real headless Debian Chromium driven by Playwright's sync API.

Tests get ``page`` (a fresh context per test) and ``login(page, live_server, username, password)``.
They run against pytest-django's ``live_server`` on the real database.
"""

from __future__ import annotations

import os
import shutil

import pytest

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
def context(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(10_000)
    yield context
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
