#!/usr/bin/env bash
# Quality of the automatic pass on the TRAINING set train4 (tests/data/train4, SPEC §6):
# a TRAINING set (tests/data/train4/README.md): its essays and errors may be studied to find
# categories of error; fix categories, not single essays, and check on benchmarks/eval_dev.sh.
# Usage: benchmarks/eval_train4.sh [--json] [--errors N] [--labels L ...]
# The gold file is rebuilt from its sources first, so the numbers always match its src/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
SRC=tests/data/train4/src
GOLD=tests/data/train4/train4.jsonl
"$PY" scripts/build_gold.py --src "$SRC" --out "$GOLD" --check >/dev/null \
  || "$PY" scripts/build_gold.py --src "$SRC" --out "$GOLD" >/dev/null
start=$(date +%s.%N)
"$PY" -m pseudonymizer evaluate --gold "$GOLD" --errors 0 "$@"
end=$(date +%s.%N)
echo "($(echo "$end - $start" | bc) s for annotate + evaluate on $(wc -l < "$GOLD") essays)" >&2
