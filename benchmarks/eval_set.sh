#!/usr/bin/env bash
# Quality of the automatic pass on one gold set of tests/data (SPEC §6). The gold file is rebuilt
# from the set's src/ first, so the numbers always match its sources.
#   SweLL sets (dev, heldout, heldout2, heldout3, heldout4, train4 … train7): `pseudonymizer evaluate` —
#     per-label precision/recall/F1/F2, micro/macro averages, privacy recall, kappa, alpha.
#   Danish sets (dab_*; scheme dab, issue 7): `pseudonymizer.dab.metrics` — TAB entity-level
#     recall for DIRECT and QUASI, token-level and mention recall, uniform-weight precision.
# Held-out sets are measuring sticks: never tune on them (see each set's README.md); training
# sets (train*, dab_train) may be studied for categories of error, never for their names.
# Usage: benchmarks/eval_set.sh <name> [--json] [--errors N] [--labels L ...]   (dab_*: [--json])
# The per-set scripts (eval_dev.sh, eval_heldout.sh …) call this one.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 <name> [evaluate options]  (name: a folder of tests/data, e.g. dev, heldout, dab_train)" >&2
  exit 2
fi
NAME=$1; shift
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
case "$NAME" in
  dev)   SRC=tests/data/gold/src; GOLD=tests/data/gold/dev.jsonl ;;
  dab_*) SRC=tests/data/$NAME/src; GOLD=tests/data/$NAME/$NAME.json ;;
  *)     SRC=tests/data/$NAME/src; GOLD=tests/data/$NAME/$NAME.jsonl ;;
esac
if [ ! -d "$SRC" ]; then
  echo "$0: no gold set '$NAME': $SRC does not exist" >&2
  exit 2
fi
case "$NAME" in
  dab_*) BUILD=scripts/build_dab_gold.py ;;
  *)     BUILD=scripts/build_gold.py ;;
esac
"$PY" "$BUILD" --src "$SRC" --out "$GOLD" --check >/dev/null \
  || "$PY" "$BUILD" --src "$SRC" --out "$GOLD" >/dev/null
start=$(date +%s.%N)
case "$NAME" in
  dab_*) "$PY" -m pseudonymizer.dab.metrics --gold "$GOLD" --annotate "$@"
         count="$(find "$SRC" -maxdepth 1 -name '*.txt' | wc -l) documents" ;;
  *)     "$PY" -m pseudonymizer evaluate --gold "$GOLD" --errors 0 "$@"
         count="$(wc -l < "$GOLD") essays" ;;
esac
end=$(date +%s.%N)
echo "($(echo "$end - $start" | bc) s for annotate + evaluate on $count)" >&2
