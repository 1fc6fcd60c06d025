# Shared set-up for run.sh and test.sh: a virtual environment with the pinned requirements, and
# the front end built into Django's static files. Sourced, not executed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${VENV:-$ROOT/.venv}"
# The interpreter: $PYTHON when set; otherwise the distribution's /usr/bin/python3 when it is 3.11+
# and can make a virtual environment, else python3 on PATH. Debian's build (optimised, with a
# statically linked interpreter) runs the pseudonymizer about 20% faster than a plain source
# build such as pyenv's (benchmarks/bench_annotate.py, measured interleaved on one machine).
pick_python() {
  if [ -n "${PYTHON:-}" ]; then echo "$PYTHON"; return; fi
  local p
  for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1 \
       && "$p" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$p"; return
    fi
  done
  echo python3
}
PY="$(pick_python)"

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
