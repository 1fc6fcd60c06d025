#!/usr/bin/env bash
# Quality of the automatic pass on the THIRD HELD-OUT gold set (tests/data/heldout3, SPEC §6):
# the measure of generalization. Never tune detectors on these essays (tests/data/heldout3/README.md);
# fix categories of error and check them on the development set (benchmarks/eval_dev.sh).
# Usage: benchmarks/eval_heldout3.sh [--json] [--errors N] [--labels L ...]
# The held-out file is rebuilt from its sources first, so the numbers always match its src/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
SRC=tests/data/heldout3/src
GOLD=tests/data/heldout3/heldout3.jsonl
"$PY" scripts/build_gold.py --src "$SRC" --out "$GOLD" --check >/dev/null \
  || "$PY" scripts/build_gold.py --src "$SRC" --out "$GOLD" >/dev/null
start=$(date +%s.%N)
"$PY" -m pseudonymizer evaluate --gold "$GOLD" --errors 0 "$@"
end=$(date +%s.%N)
echo "($(echo "$end - $start" | bc) s for annotate + evaluate on $(wc -l < "$GOLD") essays)" >&2
