"""Shared fixtures for the whole suite (platform side).

``api`` is a DRF APIClient; ``as_user(user)`` returns one logged in with a session (CSRF
enforced, as in a browser). ``project_roles`` builds a project with one user per role, an
essay assigned to the annotator and one that is not.
"""

from __future__ import annotations

import os

import pytest

from tests.factories import (
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    MembershipFactory,
    ProjectFactory,
    UserFactory,
)

# Browser tests and live servers touch the database from Playwright's sync API.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def celery_eager():
    """Tasks run in-process in tests; the real-worker tests switch this off (``celery_broker``)."""
    from swell_annot.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield app
    app.conf.task_always_eager = before


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def as_user():
    """Factory: an APIClient authenticated as ``user`` (force_authenticate: no CSRF)."""
    from rest_framework.test import APIClient

    def _client(user) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user=user)
        return client

    return _client


@pytest.fixture
def project_roles(db):
    """A project with an admin, a lead, an annotator, an outsider and two essays.

    ``assigned`` is assigned to the annotator, ``unassigned`` is not; both have version 1.
    """
    project = ProjectFactory()
    users = {
        role: MembershipFactory(project=project, role=role, user__username=f"{role}-u").user
        for role in ("admin", "lead", "annotator")
    }
    users["outsider"] = UserFactory(username="outsider-u")
    other = ProjectFactory()
    MembershipFactory(project=other, user=users["outsider"], role="admin")
    assigned = EssayFactory(project=project, status="pre_pseudonymized")
    unassigned = EssayFactory(project=project, status="pre_pseudonymized")
    EssayVersionFactory(essay=assigned)
    EssayVersionFactory(essay=unassigned)
    AssignmentFactory(essay=assigned, annotator=users["annotator"])
    return {"project": project, "users": users, "assigned": assigned, "unassigned": unassigned}
