#!/usr/bin/env bash
# Quality of the automatic pass on the TRAINING set train5 (tests/data/train5, SPEC §6):
# training material (tests/data/train5/README.md): study its errors to find categories of error,
# fix them in general (not by adding its names), and check on the development set (benchmarks/eval_dev.sh).
# Usage: benchmarks/eval_train5.sh [--json] [--errors N] [--labels L ...]
# The train5 file is rebuilt from its sources first, so the numbers always match its src/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
SRC=tests/data/train5/src
GOLD=tests/data/train5/train5.jsonl
"$PY" scripts/build_gold.py --src "$SRC" --out "$GOLD" --check >/dev/null \
  || "$PY" scripts/build_gold.py --src "$SRC" --out "$GOLD" >/dev/null
start=$(date +%s.%N)
"$PY" -m pseudonymizer evaluate --gold "$GOLD" --errors 0 "$@"
end=$(date +%s.%N)
echo "($(echo "$end - $start" | bc) s for annotate + evaluate on $(wc -l < "$GOLD") essays)" >&2
