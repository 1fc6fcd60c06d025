#!/usr/bin/env bash
# Per-label quality of the automatic pass on the development gold set (SPEC §6):
# precision, recall, F1, F2, micro/macro averages, privacy recall, kappa, alpha, confusions.
# Usage: benchmarks/eval_dev.sh [--json] [--errors N] [--labels L ...]
# The gold set is rebuilt from its sources first, so the numbers always match tests/data/gold/src.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
"$PY" scripts/build_gold.py --check >/dev/null || "$PY" scripts/build_gold.py >/dev/null
start=$(date +%s.%N)
if "$PY" -c "import pseudonymizer.cli" 2>/dev/null; then
  "$PY" -m pseudonymizer evaluate --gold tests/data/gold/dev.jsonl --errors 0 "$@"
else
  "$PY" -m pseudonymizer.evaluation --gold tests/data/gold/dev.jsonl --errors 0 "$@"
fi
end=$(date +%s.%N)
echo "($(echo "$end - $start" | bc) s for annotate + evaluate on $(wc -l < tests/data/gold/dev.jsonl) essays)" >&2
