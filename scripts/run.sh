#!/usr/bin/env bash
# Install what is needed and start the application with demo data.
# Without DATABASE_URL / CELERY_BROKER_URL: SQLite in var/ and tasks run in-process.
# With them: PostgreSQL and a real Celery worker started beside the web server.
. "$(dirname "$0")/_setup.sh"
# SKIP_FRONTEND_BUILD=1 serves the editor as last built (the smoke test uses it).
[ -n "${SKIP_FRONTEND_BUILD:-}" ] || build_frontend
export DJANGO_DEBUG="${DJANGO_DEBUG:-true}"
mkdir -p var
if [[ "${DATABASE_URL:-}" == postgres* ]]; then
  # Create the PostgreSQL database on first use (the server itself must be running).
  python - <<'PY'
import os, psycopg
base, name = os.environ["DATABASE_URL"].rsplit("/", 1)
name = name.split("?")[0]
with psycopg.connect(base + "/postgres", autocommit=True, connect_timeout=5) as conn:
    if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
        print(f"==> creating database {name}")
        conn.execute(f'CREATE DATABASE "{name}"')
PY
fi
python manage.py migrate --noinput
python manage.py collectstatic --noinput >/dev/null
python manage.py load_demo
HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-8000}"
pids=()
cleanup() { for p in "${pids[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT INT TERM
if [ -n "${CELERY_BROKER_URL:-}" ]; then
  echo "==> starting a Celery worker on $CELERY_BROKER_URL"
  celery -A swell_annot worker --loglevel=INFO --concurrency="${WORKER_CONCURRENCY:-2}" &
  pids+=("$!")
fi
echo "==> serving on http://$HOST:$PORT/  (log in with a demo user printed above)"
gunicorn swell_annot.wsgi:application --bind "$HOST:$PORT" --workers "${WEB_WORKERS:-2}" --access-logfile - &
pids+=("$!")
wait -n
