"""Deployment: the compose file is valid, and the run command's embedded default (SQLite,
in-process tasks, no broker) serves the login page."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[3]


def _compose_command() -> list[str] | None:
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True)
        if probe.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


def test_docker_compose_config():
    compose = _compose_command()
    if compose is None:
        pytest.skip("neither `docker compose` nor `docker-compose` is installed")
    env = {**os.environ, "DJANGO_SECRET_KEY": "k", "ESSAY_ENCRYPTION_KEY": "e"}
    done = subprocess.run(
        [*compose, "-f", str(ROOT / "docker-compose.yml"), "config"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    config = yaml.safe_load(done.stdout)
    services = config["services"]
    assert set(services) == {"postgres", "redis", "migrate", "web", "worker"}
    assert "gunicorn" in services["web"]["command"]
    assert services["worker"]["command"][:2] == ["celery", "-A"]
    assert "migrate" in services["migrate"]["command"]
    assert services["web"]["depends_on"]["migrate"]["condition"] == (
        "service_completed_successfully"
    )
    for name in ("web", "worker", "migrate"):
        env_vars = services[name]["environment"]
        assert env_vars["DATABASE_URL"].startswith("postgres://")
        assert env_vars["CELERY_BROKER_URL"].startswith("redis://")
    # Without the secrets, the file refuses to render instead of starting insecurely.
    bare = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_SECRET_KEY", "ESSAY_ENCRYPTION_KEY")
    }
    refused = subprocess.run(
        [*compose, "-f", str(ROOT / "docker-compose.yml"), "config"],
        capture_output=True,
        text=True,
        env=bare,
        cwd=ROOT,
        timeout=60,
    )
    assert refused.returncode != 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_embedded_default_serves_the_login_page(tmp_path):
    """The run command without DATABASE_URL/CELERY_BROKER_URL: SQLite, eager tasks, gunicorn."""
    port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in ("DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_SECRET_KEY", "ESSAY_ENCRYPTION_KEY")
    }
    env.update(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "PORT": str(port),
            "HOST": "127.0.0.1",
            "SKIP_FRONTEND_BUILD": "1",
            "VENV": str(Path(sys.prefix)),
            "WEB_WORKERS": "1",
            "DEMO_PASSWORD": "demo-pass-123",
        }
    )
    # The run command's embedded default is SQLite in var/; point it at a temp file instead
    # so the test never touches a developer's database.
    proc = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "run.sh")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 180
        body = ""
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise AssertionError(f"run.sh exited:\n{proc.stdout.read()[-3000:]}")
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/accounts/login/", timeout=3
                ) as response:
                    body = response.read().decode()
                    break
            except OSError:
                time.sleep(0.5)
        assert 'name="username"' in body, "the login page was not served in time"
        # The demo essays were pre-pseudonymized in-process (no broker).
        import sqlite3

        db = sqlite3.connect(tmp_path / "db.sqlite3")
        demo = "SELECT id FROM projects_project WHERE name = 'Demo (SweLL)'"
        essays = db.execute(f"SELECT count(*) FROM corpus_essay WHERE project_id IN ({demo})")
        versions = db.execute(
            "SELECT count(*) FROM corpus_essayversion v JOIN corpus_essay e ON e.id = v.essay_id"
            f" WHERE e.project_id IN ({demo}) AND v.origin = 'automatic'"
        )
        assert essays.fetchone()[0] == 10 and versions.fetchone()[0] == 10
    finally:
        import signal

        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
