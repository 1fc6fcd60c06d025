# Shared set-up for run.sh and test.sh: a virtual environment with the pinned requirements, and
# the front end built into Django's static files. Sourced, not executed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${VENV:-$ROOT/.venv}"
PY="${PYTHON:-python3}"

if [ ! -x "$VENV/bin/python" ]; then
  echo "==> creating virtual environment in $VENV"
  "$PY" -m venv "$VENV"
fi
# shellcheck disable=SC1091
. "$VENV/bin/activate"
stamp="$VENV/.requirements.sha"
want="$(cat requirements.txt pyproject.toml | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "==> installing Python requirements"
  pip install --quiet --disable-pip-version-check -r requirements.txt
  pip install --quiet --disable-pip-version-check --no-deps -e .
  echo "$want" > "$stamp"
fi

build_frontend() {
  if [ -f frontend/package.json ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "npm is needed to build the editor (install Node.js 20+)" >&2; return 1
    fi
    echo "==> building the front end"
    (cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund --loglevel=error; } && npm run --silent build)
  fi
}
