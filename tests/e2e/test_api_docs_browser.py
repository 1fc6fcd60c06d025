"""The API documentation page renders in a real Chromium with no network: Swagger UI's files
come from the ``drf-spectacular-sidecar`` package, not from a CDN."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import DEFAULT_PASSWORD, MembershipFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_swagger_ui_renders_offline(page, live_server, login):
    member = MembershipFactory(role="lead")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    outside: list[str] = []
    page.on(
        "request",
        lambda req: outside.append(req.url) if not req.url.startswith(live_server.url) else None,
    )
    login(page, live_server, member.user.username, DEFAULT_PASSWORD)
    page.goto(f"{live_server.url}/api/docs/")
    # Swagger UI draws the operations of the schema; the essays' version endpoint is one of them.
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible(timeout=15_000)
    expect(page.locator(".swagger-ui")).to_contain_text("/api/essays/")
    assert errors == []
    assert outside == []
