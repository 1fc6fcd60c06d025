#!/usr/bin/env bash
# Install everything the test suite needs and run it against the real PostgreSQL and Redis.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"

# Debian packages: chromium for the browser tests.
if ! command -v chromium >/dev/null 2>&1; then
  echo "==> installing chromium (Debian)"
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# Debian's build-time word lists, for the test that rebuilds resources/ and compares
# (hunspell-sv for scripts/build_resources.py, wdanish for scripts/build_resources_da.py).
if [ ! -f /usr/share/hunspell/sv_SE.dic ] || [ ! -f /usr/share/dict/danish ]; then
  echo "==> installing hunspell-sv and wdanish (Debian)"
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq hunspell-sv wdanish >/dev/null
fi

# Debian's docker-compose for the compose-file test when the docker compose plugin is absent.
if ! { command -v docker >/dev/null && docker compose version >/dev/null 2>&1; } \
   && ! command -v docker-compose >/dev/null 2>&1; then
  echo "==> installing docker-compose (Debian)"
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq docker-compose >/dev/null
fi

. "$ROOT/scripts/_setup.sh"
build_frontend

export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/swell_annot}"
export CELERY_BROKER_URL="${CELERY_BROKER_URL:-redis://127.0.0.1:6379/0}"
export DJANGO_SECRET_KEY="${DJANGO_SECRET_KEY:-test-secret-key-not-for-production}"

pg_ok() { python - <<'PY'
import os, sys, psycopg
url = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
try:
    psycopg.connect(url, connect_timeout=3).close()
except Exception as exc:
    print(exc, file=sys.stderr); sys.exit(1)
PY
}
redis_ok() { python -c "import os, redis; redis.Redis.from_url(os.environ['CELERY_BROKER_URL'], socket_timeout=3).ping()" 2>/dev/null; }

if ! pg_ok 2>/dev/null; then
  if [ -d /etc/postgresql ] && command -v pg_ctlcluster >/dev/null; then
    echo "==> starting PostgreSQL"
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    sleep 2
  fi
  pg_ok || { echo "PostgreSQL does not answer at $DATABASE_URL: install and start it (see README)" >&2; exit 1; }
fi
if ! redis_ok; then
  if command -v redis-server >/dev/null; then
    echo "==> starting Redis"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
    sleep 1
  fi
  redis_ok || { echo "Redis does not answer at $CELERY_BROKER_URL: install and start it (see README)" >&2; exit 1; }
fi

echo "==> running the test suite"
exec python -m pytest "$@"
