#!/usr/bin/env bash
# The Danish pre-annotator (scheme dab, issue 7) on the independently written TRAINING set
# tests/data/dab_train (30 documents by session W3, see its README): TAB entity-level recall
# for DIRECT and QUASI, token-level recall, mention recall and uniform-weight precision (SPEC §6).
# Unlike dab_heldout, this set MAY be used for tuning: look at its misses, fix categories of error
# (never its names or strings), then measure on dab_heldout / the DAB export.
# Usage: benchmarks/eval_dab_train.sh [--json]
# The gold file is rebuilt from its sources first, so the numbers always match src/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
SRC=tests/data/dab_train/src
GOLD=tests/data/dab_train/dab_train.json
"$PY" scripts/build_dab_gold.py --src "$SRC" --out "$GOLD" --check >/dev/null \
  || "$PY" scripts/build_dab_gold.py --src "$SRC" --out "$GOLD" >/dev/null
start=$(date +%s.%N)
"$PY" -m pseudonymizer.dab.metrics --gold "$GOLD" --annotate "$@"
end=$(date +%s.%N)
echo "($(echo "$end - $start" | bc) s for annotate + evaluate on 30 documents)" >&2
