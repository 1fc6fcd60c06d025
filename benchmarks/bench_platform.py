"""Platform benchmark: import + pre-pseudonymize N synthetic essays through a real worker, and
the API latency of reading a 2,000-token essay with 200 labels.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/swell_bench \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/2 python benchmarks/bench_platform.py [--essays 10000]

The database named in DATABASE_URL is created if missing and emptied of earlier benchmark
projects; a Celery worker (``--concurrency``, default 2) is started on a private queue.
Targets: import + pre-pseudonymization of 10,000 essays of ~150 tokens < 2 minutes on 2 cores;
API p95 for the essay read < 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swell_annot.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/swell_bench")
os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/2")
os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only-secret")
os.environ.setdefault("ESSAY_ENCRYPTION_KEY", "ZGV2LWtleS1ub3QtZm9yLXByb2R1Y3Rpb24tMDAwMDA=")
os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")
QUEUE = f"bench-{uuid.uuid4().hex[:8]}"
os.environ["CELERY_QUEUE"] = QUEUE

NAMES = ["Anna", "Ahmed", "Fatima", "Erik", "Maria", "Omar", "Lina", "Reza", "Sara", "Ali"]
SURNAMES = ["Svensson", "Haddad", "Karimi", "Lindqvist", "Berg", "Nilsson"]
PLACES = ["Stockholm", "Göteborg", "Malmö", "Uppsala", "Märsta", "Borlänge", "Syrien", "Irak"]
FILLER = (
    "jag tycker att det är viktigt att lära sig svenska eftersom man behöver språket på jobbet "
    "och i skolan och när man träffar nya vänner i staden där man bor med sin familj "
    "varje dag går jag till skolan och sedan lagar jag mat och läser böcker på kvällen "
).split()


def synthetic_essay(rng: random.Random, tokens: int = 150) -> str:
    """A learner-like essay of about ``tokens`` tokens with names, places and numbers."""
    words: list[str] = []
    while len(words) < tokens:
        pick = rng.random()
        if pick < 0.05:
            words += ["Jag", "heter", rng.choice(NAMES), rng.choice(SURNAMES) + "."]
        elif pick < 0.09:
            words += ["Jag", "bor", "i", rng.choice(PLACES) + "."]
        elif pick < 0.11:
            words += ["Ring", "mig", "på", f"070-{rng.randint(100, 999)} 45 67."]
        else:
            sentence = rng.sample(FILLER, rng.randint(6, 12))
            words += [sentence[0].capitalize(), *sentence[1:-1], sentence[-1] + "."]
    return " ".join(words)


def ensure_database() -> None:
    import psycopg

    url = os.environ["DATABASE_URL"]
    base, name = url.rsplit("/", 1)
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def start_worker(concurrency: int) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "swell_annot",
            "worker",
            "-Q",
            QUEUE,
            f"--concurrency={concurrency}",
            "--without-mingle",
            "--without-gossip",
            "--loglevel=WARNING",
            f"--hostname={QUEUE}@%h",
        ],
        cwd=ROOT,
        env=dict(os.environ),
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def bench_pipeline(n: int, concurrency: int) -> dict:
    from swell_annot.corpus.importing import import_queue
    from swell_annot.corpus.models import Essay, EssayVersion
    from swell_annot.jobs.models import Job
    from swell_annot.projects.models import Project

    rng = random.Random(42)
    rows = [
        json.dumps(
            {"id": f"b{i}", "text": synthetic_essay(rng), "level": "B1", "genre": "narrative"},
            ensure_ascii=False,
        )
        for i in range(n)
    ]
    data = "\n".join(rows).encode()
    tokens = sum(len(json.loads(r)["text"].split()) for r in rows)
    project = Project.objects.create(name=f"bench {QUEUE}")
    worker = start_worker(concurrency)
    time.sleep(4)  # worker start-up is not part of the measurement
    try:
        t0 = time.perf_counter()
        job = import_queue(project=project, filename="bench.jsonl", data=data)
        t_import = t_total = None
        pjob_id = None
        while True:
            time.sleep(0.25)
            job.refresh_from_db()
            if job.is_over and t_import is None:
                t_import = time.perf_counter() - t0
                pjob_id = job.result.get("prepseudonymize_job")
            if pjob_id is not None:
                pjob = Job.objects.get(pk=pjob_id)
                if pjob.is_over:
                    t_total = time.perf_counter() - t0
                    break
            if worker.poll() is not None:
                raise SystemExit("the worker died")
            if time.perf_counter() - t0 > 900:
                raise SystemExit("timed out after 15 minutes")
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(30)
    versions = EssayVersion.objects.filter(essay__project=project).count()
    assert Essay.objects.filter(project=project).count() == n and versions == n, versions
    return {
        "essays": n,
        "tokens": tokens,
        "import_s": t_import,
        "prepseudonymize_s": t_total - t_import,
        "total_s": t_total,
        "essays_per_s": n / t_total,
        "import_errors": len(job.errors),
    }


def bench_api(requests: int = 200) -> dict:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from pseudonymizer.graph import from_text
    from swell_annot.corpus.models import Essay, EssayVersion
    from swell_annot.corpus.services import graph_stats
    from swell_annot.projects.models import Membership, Project

    rng = random.Random(7)
    text = synthetic_essay(rng, tokens=2000)
    graph = from_text(text)
    edges = list(graph["edges"].values())
    for k, edge in enumerate(rng.sample(edges, 200)):
        edge["labels"] = ["firstname_female", str(k % 40 + 1)]
    project = Project.objects.create(name=f"bench api {QUEUE}")
    user = get_user_model().objects.create(username=f"bench-{QUEUE}")
    Membership.objects.create(project=project, user=user, role="lead")
    essay = Essay(
        project=project,
        external_id="long",
        status="in_annotation",
        current_version=1,
        **graph_stats(graph),
    )
    essay.original = text
    essay.save()
    version = EssayVersion(essay=essay, number=1, origin="automatic", **graph_stats(graph))
    version.graph = graph
    version.save()
    client = Client()
    client.force_login(user)
    url = f"/api/essays/{essay.pk}/"
    for _ in range(10):  # warm-up
        assert client.get(url).status_code == 200
    times = []
    for _ in range(requests):
        t = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200
    body = response.json()
    assert body["label_count"] == 200 and len(body["current"]["graph"]["source"]) >= 2000
    times.sort()
    return {
        "tokens": len(graph["source"]),
        "labels": 200,
        "requests": requests,
        "p50_ms": statistics.median(times),
        "p95_ms": times[int(0.95 * len(times)) - 1],
        "max_ms": times[-1],
        "bytes": len(response.content),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--essays", type=int, default=10_000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--skip-pipeline", action="store_true")
    args = parser.parse_args()
    ensure_database()
    import django

    django.setup()
    from django.core.management import call_command

    from swell_annot.celery import app
    from swell_annot.projects.models import Project

    call_command("migrate", verbosity=0)
    Project.objects.filter(name__startswith="bench ").delete()
    app.conf.task_always_eager = False
    if not args.skip_pipeline:
        result = bench_pipeline(args.essays, args.concurrency)
        print(
            f"pipeline: {result['essays']} essays ({result['tokens']} tokens) through a "
            f"worker (concurrency {args.concurrency})"
        )
        print(f"  import            {result['import_s']:7.1f} s")
        print(f"  pre-pseudonymize  {result['prepseudonymize_s']:7.1f} s (after the import)")
        print(
            f"  total             {result['total_s']:7.1f} s  "
            f"({result['essays_per_s']:.0f} essays/s; target < 120 s)"
        )
        slowest = max(
            ("import", result["import_s"]),
            ("pre-pseudonymization", result["prepseudonymize_s"]),
            key=lambda x: x[1],
        )
        print(f"  slowest step: {slowest[0]}")
    api = bench_api()
    print(
        f"API GET /api/essays/{{id}}/ ({api['tokens']} tokens, {api['labels']} labels, "
        f"{api['bytes']} bytes, {api['requests']} requests):"
    )
    print(
        f"  p50 {api['p50_ms']:.1f} ms, p95 {api['p95_ms']:.1f} ms (target < 50 ms), "
        f"max {api['max_ms']:.1f} ms"
    )
    Project.objects.filter(name__startswith="bench ").delete()


if __name__ == "__main__":
    main()
