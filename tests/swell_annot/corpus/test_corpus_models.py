"""Models and their database constraints (real PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from swell_annot.corpus import crypto
from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.jobs.models import Job
from swell_annot.projects.models import Membership
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


def _violates(fn) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        fn()


def test_original_is_encrypted_at_rest():
    essay = EssayFactory(original="Jag heter Anna Svensson.")
    with connection.cursor() as cur:
        cur.execute("SELECT original_encrypted FROM corpus_essay WHERE id = %s", [essay.pk])
        raw = bytes(cur.fetchone()[0])
    assert b"Anna" not in raw and b"Svensson" not in raw
    assert Essay.objects.get(pk=essay.pk).original == "Jag heter Anna Svensson."


def test_graph_is_encrypted_at_rest():
    version = EssayVersionFactory(essay=EssayFactory(original="Hej Ahmed Karimi!"))
    with connection.cursor() as cur:
        cur.execute("SELECT graph_encrypted FROM corpus_essayversion WHERE id = %s", [version.pk])
        raw = bytes(cur.fetchone()[0])
    assert b"Ahmed" not in raw
    assert EssayVersion.objects.get(pk=version.pk).graph["source"][1]["text"] == "Ahmed "


def test_key_rotation_decrypts_old_and_encrypts_with_new(settings):
    old_key = settings.ESSAY_ENCRYPTION_KEYS[0]
    token = crypto.encrypt_text("Anna")
    from cryptography.fernet import Fernet

    new_key = Fernet.generate_key().decode()
    settings.ESSAY_ENCRYPTION_KEYS = [new_key, old_key]
    assert crypto.decrypt_text(token) == "Anna"
    rotated = crypto.rotate(token)
    settings.ESSAY_ENCRYPTION_KEYS = [new_key]
    assert crypto.decrypt_text(rotated) == "Anna"
    with pytest.raises(crypto.InvalidToken):
        crypto.decrypt_text(token)


def test_external_id_unique_per_project():
    essay = EssayFactory(external_id="e1")
    EssayFactory(external_id="e1")  # another project: fine
    _violates(lambda: EssayFactory(project=essay.project, external_id="e1"))


@pytest.mark.parametrize(
    "field,value",
    [
        ("status", "lost"),
        ("gender", "x"),
        ("age_span", "23"),
        ("age_span", "1990-1"),
        ("time_in_sweden", "since"),
        ("external_id", ""),
    ],
)
def test_essay_check_constraints(field, value):
    _violates(lambda: EssayFactory(**{field: value}))


def test_version_number_unique_per_essay():
    version = EssayVersionFactory()
    _violates(lambda: EssayVersionFactory(essay=version.essay, number=1))
    assert EssayVersionFactory(essay=version.essay).number == 2


def test_version_constraints():
    essay = EssayFactory()
    _violates(lambda: EssayVersionFactory(essay=essay, number=0))
    _violates(lambda: EssayVersionFactory(essay=essay, origin="magic"))
    _violates(lambda: EssayVersionFactory(essay=essay, origin="manual", author=None))
    assert EssayVersionFactory(essay=essay, origin="manual", author=UserFactory()).number == 1


def test_membership_unique_and_role_checked():
    membership = MembershipFactory(role="lead")
    _violates(lambda: MembershipFactory(project=membership.project, user=membership.user))
    _violates(lambda: MembershipFactory(role="boss"))
    assert membership.is_manager and not MembershipFactory().is_manager
    assert Membership.Role.ADMIN == "admin"


def test_assignment_unique():
    assignment = AssignmentFactory()
    _violates(lambda: AssignmentFactory(essay=assignment.essay, annotator=assignment.annotator))


def test_project_scheme_checked():
    _violates(lambda: ProjectFactory(scheme="other"))


def test_job_progress_constraints():
    _violates(lambda: JobFactory(done=3, total=2))
    _violates(lambda: JobFactory(status="paused"))
    job = JobFactory(total=2, done=2, status=Job.Status.SUCCEEDED)
    assert job.is_over


def test_metadata_dict_merges_extra():
    essay = EssayFactory(extra_metadata={"education_level": "gymnasium"})
    assert essay.metadata["education_level"] == "gymnasium"
    assert essay.metadata["age_span"] == "20-24"
