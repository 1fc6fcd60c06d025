#!/usr/bin/env bash
# Quality of the automatic pass on the CLEAN MEASURING set heldout9 (tests/data/heldout9, SPEC §6):
# a held-out measuring stick (tests/data/heldout9/README.md), never read, never tuned on. Run it
# only to measure how well the tool generalizes; do not study its errors or fix anything from them.
# Usage: benchmarks/eval_heldout9.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" heldout9 "$@"
