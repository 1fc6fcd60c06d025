#!/usr/bin/env bash
# Quality of the automatic pass on the FOURTH HELD-OUT gold set (tests/data/heldout4, SPEC §6).
# HELD-OUT set: never read, tune on or run by engineers; only the lead runs it
# (tests/data/heldout4/README.md). Engineers fix categories of error on the development and
# training sets (benchmarks/eval_dev.sh, eval_train*.sh).
# Usage: benchmarks/eval_heldout4.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" heldout4 "$@"
