"""Pre-pseudonymization service (in-process): version 1 automatic, idempotent, never overwrites
manual work, re-run by a lead as a Job."""

from __future__ import annotations

import pytest

from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.prepseudonymize import (
    prepseudonymize_batch,
    prepseudonymize_project_queue,
    prepseudonymize_queue,
)
from swell_annot.jobs.models import Job
from tests.factories import EssayFactory, EssayVersionFactory, ProjectFactory, UserFactory

pytestmark = pytest.mark.django_db
TEXT = "Jag bor i Stockholm. Ring mig på 070-123 45 67 eller mejla anna@example.se."


def _queue(project, ids, callbacks_fixture) -> Job:
    with callbacks_fixture(execute=True):  # eager: the batches run on commit
        job = prepseudonymize_queue(project=project, essay_ids=ids)
    job.refresh_from_db()
    return job


def test_first_pass_saves_version_1_automatic(django_capture_on_commit_callbacks, settings):
    settings.PREPSEUDONYMIZE_BATCH_SIZE = 2
    project = ProjectFactory()
    essays = [EssayFactory(project=project, original=TEXT) for _ in range(5)]
    job = _queue(project, [e.pk for e in essays], django_capture_on_commit_callbacks)
    assert (job.status, job.done, job.total) == ("succeeded", 5, 5)
    for essay in essays:
        essay.refresh_from_db()
        version = essay.versions.get()
        assert (version.number, version.origin, version.author) == (1, "automatic", None)
        assert essay.status == "pre_pseudonymized" and essay.current_version == 1
        assert "070-123" not in "".join(t["text"] for t in version.graph["target"])
        assert essay.label_count >= 2  # the phone number and the e-mail address


def test_batch_is_idempotent(django_capture_on_commit_callbacks):
    project = ProjectFactory()
    essay = EssayFactory(project=project, original=TEXT)
    job = _queue(project, [essay.pk], django_capture_on_commit_callbacks)
    # A redelivered batch (worker died after commit, before ack) changes nothing.
    Job.objects.filter(pk=job.pk).update(status="running", finished_at=None)
    assert prepseudonymize_batch(job_id=job.pk, essay_ids=[essay.pk]) == 0
    assert essay.versions.count() == 1 and Job.objects.get(pk=job.pk).done == 1


def test_rerun_makes_no_duplicate_and_keeps_manual_work(django_capture_on_commit_callbacks):
    project = ProjectFactory()
    auto = EssayFactory(project=project, original=TEXT)
    manual = EssayFactory(project=project, original=TEXT)
    _queue(project, [auto.pk, manual.pk], django_capture_on_commit_callbacks)
    manual.refresh_from_db()
    graph = manual.versions.get().graph
    graph["comment"] = "checked by hand"
    EssayVersionFactory(essay=manual, origin="manual", author=UserFactory(), graph=graph)
    Essay.objects.filter(pk=manual.pk).update(status="in_annotation")
    lead = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        job = prepseudonymize_project_queue(project=project, user=lead)
    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.created_by) == ("succeeded", 2, 2, lead)
    assert auto.versions.count() == 1  # same output: no new version
    assert [v.origin for v in manual.versions.order_by("number")] == ["automatic", "manual"]
    assert manual.versions.get(number=2).graph["comment"] == "checked by hand"


def test_changed_output_gives_a_new_automatic_version(django_capture_on_commit_callbacks):
    project = ProjectFactory()
    essay = EssayFactory(project=project, original=TEXT)
    EssayVersionFactory(essay=essay)  # an older automatic pass that found nothing
    job = _queue(project, [essay.pk], django_capture_on_commit_callbacks)
    assert job.done == 1
    assert [v.origin for v in essay.versions.order_by("number")] == ["automatic", "automatic"]


def test_prepseudonymize_api_runs_a_job(django_capture_on_commit_callbacks, as_user):
    from tests.factories import MembershipFactory

    lead = MembershipFactory(role="lead")
    essay = EssayFactory(project=lead.project, original=TEXT)
    with django_capture_on_commit_callbacks(execute=True):
        response = as_user(lead.user).post(f"/api/projects/{lead.project.pk}/prepseudonymize/")
    assert response.status_code == 202
    job = as_user(lead.user).get(f"/api/jobs/{response.json()['job']}/").json()
    assert (job["kind"], job["status"], job["done"], job["total"]) == (
        "prepseudonymize",
        "succeeded",
        1,
        1,
    )
    assert EssayVersion.objects.filter(essay=essay, origin="automatic").count() == 1


def test_library_failure_on_one_essay_is_reported(django_capture_on_commit_callbacks, monkeypatch):
    import pseudonymizer

    project = ProjectFactory()
    good = EssayFactory(project=project, original=TEXT)
    bad = EssayFactory(project=project, original="boom")
    real = pseudonymizer.annotate

    def flaky(text, **kw):
        if text == "boom":
            raise RuntimeError("detector crashed")
        return real(text, **kw)

    monkeypatch.setattr(pseudonymizer, "annotate", flaky)
    job = _queue(project, [good.pk, bad.pk], django_capture_on_commit_callbacks)
    assert job.status == "succeeded" and job.done == 2
    assert job.errors == [
        {"id": bad.external_id, "essay": bad.pk, "reason": "RuntimeError: detector crashed"}
    ]
    assert good.versions.count() == 1 and bad.versions.count() == 0


def test_unexpected_error_marks_the_job_failed(django_capture_on_commit_callbacks, monkeypatch):
    from swell_annot.corpus import prepseudonymize

    project = ProjectFactory()
    essay = EssayFactory(project=project, original=TEXT)

    def broken(project):
        raise LookupError("gazetteer missing")

    monkeypatch.setattr(prepseudonymize, "project_options", broken)
    with pytest.raises(LookupError):
        _queue(project, [essay.pk], django_capture_on_commit_callbacks)
    job = Job.objects.get(kind="prepseudonymize", project=project)
    assert job.status == "failed" and "gazetteer missing" in job.errors[0]["reason"]
