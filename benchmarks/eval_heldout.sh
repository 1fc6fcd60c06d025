#!/usr/bin/env bash
# Quality of the automatic pass on the HELD-OUT gold set (tests/data/heldout, SPEC §6): the
# measure of generalization. Never tune detectors on these essays (tests/data/heldout/README.md);
# fix categories of error and check them on the development set (benchmarks/eval_dev.sh).
# Usage: benchmarks/eval_heldout.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" heldout "$@"
