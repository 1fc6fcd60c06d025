#!/usr/bin/env bash
# The Danish pre-annotator (scheme dab, issue 7) on the independently written held-out set
# tests/data/dab_heldout (30 documents by session W2, see its README): TAB entity-level recall
# for DIRECT and QUASI, token-level recall, mention recall and uniform-weight precision (SPEC §6).
# Never tune detectors or resources on these documents: fix categories of error and check them on
# the DAB export (../shared/data/dab) instead.
# Usage: benchmarks/eval_dab_heldout.sh [--json]
# The gold file is rebuilt from its sources first, so the numbers always match src/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
SRC=tests/data/dab_heldout/src
GOLD=tests/data/dab_heldout/dab_heldout.json
"$PY" scripts/build_dab_gold.py --src "$SRC" --out "$GOLD" --check >/dev/null \
  || "$PY" scripts/build_dab_gold.py --src "$SRC" --out "$GOLD" >/dev/null
start=$(date +%s.%N)
"$PY" -m pseudonymizer.dab.metrics --gold "$GOLD" --annotate "$@"
end=$(date +%s.%N)
echo "($(echo "$end - $start" | bc) s for annotate + evaluate on 30 documents)" >&2
