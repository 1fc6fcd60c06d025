"""The Django admin shows a staff user who is not a superuser only the rows of the projects they
administer (project role ``admin``); superusers see every project."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from swell_annot.audit.models import AuditEvent
from swell_annot.corpus.models import Assignment, Essay, EssayVersion, ImportUpload
from swell_annot.jobs.models import Job
from swell_annot.projects.models import Membership, Project
from swell_annot.releases.models import Release
from tests.factories import (
    AssignmentFactory,
    EssayFactory,
    EssayVersionFactory,
    JobFactory,
    MembershipFactory,
    ProjectFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

#: admin change lists: url name → model
LISTS = {
    "corpus/essay": Essay,
    "corpus/essayversion": EssayVersion,
    "corpus/assignment": Assignment,
    "corpus/importupload": ImportUpload,
    "jobs/job": Job,
    "audit/auditevent": AuditEvent,
    "projects/membership": Membership,
    "projects/project": Project,
    "releases/release": Release,
}


def _rows(project: Project, tag: str) -> dict:
    """One row of every scoped kind in ``project``."""
    essay = EssayFactory(project=project, external_id=f"{tag}-essay")
    version = EssayVersionFactory(essay=essay)
    annotator = MembershipFactory(project=project, user__username=f"{tag}-annotator")
    assignment = AssignmentFactory(essay=essay, annotator=annotator.user)
    job = JobFactory(project=project, description=f"{tag} import")
    upload = ImportUpload.objects.create(
        job=job, project=project, filename=f"{tag}.zip", data_encrypted=b""
    )
    event = AuditEvent.objects.create(
        action=AuditEvent.Action.OTHER, project=project, essay=essay, target=f"{tag} event"
    )
    release = Release.objects.create(project=project, version=f"{tag}-1")
    return {
        Essay: essay,
        EssayVersion: version,
        Assignment: assignment,
        ImportUpload: upload,
        Job: job,
        AuditEvent: event,
        Membership: annotator,
        Project: project,
        Release: release,
    }


@pytest.fixture
def world():
    """Three projects: ``mine`` (the staff user is its admin), ``led`` (they are only a lead
    there) and ``other`` (not a member); plus a superuser."""
    staff = UserFactory(username="staff-admin", is_staff=True)
    staff.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label__in=["corpus", "jobs", "audit", "projects", "releases"]
        )
    )
    mine = ProjectFactory(name="Mitt projekt")
    led = ProjectFactory(name="Ledd projekt")
    other = ProjectFactory(name="Annat projekt")
    own = {
        "mine": (MembershipFactory(project=mine, user=staff, role="admin"), mine),
        "led": (MembershipFactory(project=led, user=staff, role="lead"), led),
    }
    rows = {"mine": _rows(mine, "mine"), "led": _rows(led, "led"), "other": _rows(other, "other")}
    for name, (membership, _) in own.items():
        rows[name]["own_membership"] = membership
    # an event without a project (a login): superusers only
    AuditEvent.objects.create(action=AuditEvent.Action.OTHER, target="no project")
    superuser = UserFactory(username="root-u", is_staff=True, is_superuser=True)
    return {"staff": staff, "superuser": superuser, "rows": rows, "projects": (mine, led, other)}


def _listed(client, path: str) -> set:
    response = client.get(f"/admin/{path}/")
    assert response.status_code == 200, path
    return set(response.context["cl"].queryset)


@pytest.mark.parametrize("path", sorted(LISTS))
def test_staff_admin_lists_only_rows_of_projects_they_administer(client, world, path):
    model = LISTS[path]
    rows = world["rows"]
    client.force_login(world["staff"])
    listed = _listed(client, path)
    expected = {rows["mine"][model]}
    if model is Membership:  # their own admin membership is a row of that project too
        expected.add(rows["mine"]["own_membership"])
    assert listed == expected
    body = client.get(f"/admin/{path}/").content.decode()
    # the filter sidebar does not name the other projects either
    assert "Annat projekt" not in body and "Ledd projekt" not in body


@pytest.mark.parametrize("path", sorted(LISTS))
def test_staff_admin_cannot_open_or_delete_a_row_of_another_project(client, world, path):
    model = LISTS[path]
    client.force_login(world["staff"])
    for name in ("led", "other"):
        row = world["rows"][name][model]
        page = client.get(f"/admin/{path}/{row.pk}/change/")
        assert page.status_code == 302 and page["Location"] == "/admin/", (path, name)
        client.post(f"/admin/{path}/{row.pk}/delete/", {"post": "yes"})
        assert model.objects.filter(pk=row.pk).exists()
    mine = world["rows"]["mine"][model]
    assert client.get(f"/admin/{path}/{mine.pk}/change/").status_code == 200


@pytest.mark.parametrize("path", sorted(LISTS))
def test_superuser_sees_every_project(client, world, path):
    model = LISTS[path]
    client.force_login(world["superuser"])
    listed = _listed(client, path)
    assert {world["rows"][n][model] for n in ("mine", "led", "other")} <= listed
    if model is AuditEvent:
        assert any(e.project_id is None for e in listed)


def test_forms_offer_only_the_administered_projects_and_their_essays(client, world):
    client.force_login(world["staff"])
    mine, led, other = world["projects"]
    membership_form = client.get("/admin/projects/membership/add/").context["adminform"].form
    assert set(membership_form.fields["project"].queryset) == {mine}
    assignment_form = client.get("/admin/corpus/assignment/add/").context["adminform"].form
    assert set(assignment_form.fields["essay"].queryset) == {world["rows"]["mine"][Essay]}
    import_form = client.get("/admin/corpus/essay/import/").context["form"]
    assert set(import_form.fields["project"].queryset) == {mine}
    # a forged post for another project's essay is refused by the form
    before = Assignment.objects.count()
    client.post(
        "/admin/corpus/assignment/add/",
        {"essay": world["rows"]["other"][Essay].pk, "annotator": world["staff"].pk},
    )
    assert Assignment.objects.count() == before
    # the essay autocomplete (assignment form) searches only the user's essays
    found = client.get(
        "/admin/autocomplete/",
        {"app_label": "corpus", "model_name": "assignment", "field_name": "essay", "term": "essay"},
    ).json()["results"]
    assert [r["text"] for r in found] == [str(world["rows"]["mine"][Essay])]
