"""Celery with a real worker process and Redis: import → pre-pseudonymization, and the crash
case (a worker killed with SIGKILL mid-batch; another worker finishes every essay exactly once).

Each test uses its own queue name so that workers of other test runs on the same Redis never
take its messages. The worker talks to pytest's test database (transactional tests commit).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection

from swell_annot.corpus import importing
from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.prepseudonymize import prepseudonymize_queue
from swell_annot.jobs.models import Job
from tests.factories import EssayFactory, ProjectFactory

pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]


def _broker_ok(url: str) -> bool:
    try:
        import redis

        redis.Redis.from_url(url, socket_timeout=2).ping()
        return True
    except Exception:
        return False


def _forget_routes(app) -> None:
    # Celery caches its router and queues on first use; a new default queue needs new ones.
    for attr in ("router", "queues", "_routes"):
        app.amqp.__dict__.pop(attr, None)


@pytest.fixture
def queue(celery_eager, settings):
    """A private queue on the real broker; tasks are sent, not run in-process."""
    url = django_settings.CELERY_BROKER_URL
    if not url or not _broker_ok(url):
        pytest.skip("CELERY_BROKER_URL is not set or Redis does not answer")
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs the shared PostgreSQL test database")
    name = f"test-{uuid.uuid4().hex[:10]}"
    app = celery_eager
    app.conf.task_always_eager = False
    before = app.conf.task_default_queue
    app.conf.task_default_queue = name
    _forget_routes(app)
    yield name
    app.conf.task_default_queue = before
    _forget_routes(app)
    import redis

    client = redis.Redis.from_url(url)
    client.delete(name, f"_kombu.binding.{name}", f"_kombu.binding_permanent.{name}")


@pytest.fixture
def start_worker(queue):
    """Start worker processes (in their own process group, so SIGKILL takes all of them)."""
    procs: list[subprocess.Popen] = []
    db = connection.settings_dict
    database_url = (
        f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    )

    def _start(**extra_env: str) -> subprocess.Popen:
        log = tempfile.NamedTemporaryFile("wb", prefix="worker-", suffix=".log", delete=False)
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "CELERY_BROKER_URL": django_settings.CELERY_BROKER_URL,
            # a production-like worker: the real settings module, not the test one
            "DJANGO_SETTINGS_MODULE": "swell_annot.settings",
            "DJANGO_SECRET_KEY": "worker-test-key",
            "ESSAY_ENCRYPTION_KEY": ",".join(django_settings.ESSAY_ENCRYPTION_KEYS),
            "CELERY_QUEUE": queue,  # tasks sent by the worker itself stay on the private queue
            "DJANGO_LOG_LEVEL": "WARNING",
            **extra_env,
        }
        env.pop("DJANGO_TESTING", None)
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "swell_annot",
                "worker",
                "-Q",
                queue,
                "--concurrency=1",
                "--without-mingle",
                "--without-gossip",
                "--loglevel=WARNING",
                f"--hostname={queue}-{len(procs)}@%h",
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        proc.log_path = log.name
        procs.append(proc)
        return proc

    yield _start
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)


def _log(procs) -> str:
    return "\n".join(Path(p.log_path).read_text(errors="replace")[-3000:] for p in procs)


def _wait(predicate, timeout: float, what: str, procs=()) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        if any(proc.poll() is not None for proc in procs):
            raise AssertionError(f"a worker exited:\n{_log(procs)}")
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}; worker log:\n{_log(procs)}")


def test_import_and_prepseudonymize_through_a_real_worker(start_worker):
    project = ProjectFactory()
    rows = [
        {"id": f"w{i}", "text": f"Jag heter Anna och mitt nummer är 070-12{i} 45 67."}
        for i in range(6)
    ]
    rows.append({"id": "bad", "text": ""})
    data = "\n".join(json.dumps(r) for r in rows).encode()
    job = importing.import_queue(project=project, filename="w.jsonl", data=data)
    worker = start_worker()

    def finished() -> bool:
        job.refresh_from_db()
        pid = job.result.get("prepseudonymize_job")
        return job.is_over and pid is not None and Job.objects.get(pk=pid).is_over

    _wait(finished, 90, "the import and its pre-pseudonymization", [worker])
    assert job.status == "succeeded" and job.done == job.total == 7
    assert [e["reason"] for e in job.errors] == ["empty text"]
    pjob = Job.objects.get(pk=job.result["prepseudonymize_job"])
    assert (pjob.status, pjob.done, pjob.total) == ("succeeded", 6, 6)
    for essay in Essay.objects.filter(project=project):
        assert essay.status == "pre_pseudonymized"
        version = essay.versions.get()
        assert version.origin == "automatic" and "070-12" not in json.dumps(version.graph["target"])


@pytest.mark.slow
def test_killed_worker_essays_are_processed_exactly_once(start_worker, settings):
    settings.PREPSEUDONYMIZE_BATCH_SIZE = 4
    project = ProjectFactory()
    # Long essays make one batch take a few seconds, so the kill lands mid-batch.
    text = "Jag heter Anna Svensson och bor i Stockholm. Ring 070-123 45 67. " * 1000
    essays = [EssayFactory(project=project, original=text) for _ in range(12)]
    job = prepseudonymize_queue(project=project, essay_ids=[e.pk for e in essays])
    # Redelivery after 4 s unacked, swept for every second (production: minutes).
    env = {
        "CELERY_VISIBILITY_TIMEOUT": "4",
        "CELERY_RESTORE_INTERVAL": "1",
        "CELERY_RESTORE_THROTTLE": "1",
    }
    first = start_worker(**env)

    def progress() -> int:
        return Job.objects.get(pk=job.pk).done

    _wait(lambda: progress() >= 4, 120, "the first batch", [first])
    os.killpg(first.pid, signal.SIGKILL)
    first.wait(10)
    killed_at = progress()
    assert killed_at < 12, "the worker finished before it could be killed"
    second = start_worker(**env)
    _wait(lambda: Job.objects.get(pk=job.pk).is_over, 180, "the job after the restart", [second])
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("succeeded", 12, 12)
    assert EssayVersion.objects.filter(essay__project=project).count() == 12
    for essay in Essay.objects.filter(project=project):
        assert list(essay.versions.values_list("number", "origin")) == [(1, "automatic")]
        assert essay.auto_job_id == job.pk and essay.status == "pre_pseudonymized"
