#!/usr/bin/env bash
# Quality of the automatic pass on the THIRD HELD-OUT gold set (tests/data/heldout3, SPEC §6):
# the measure of generalization. Never tune detectors on these essays (tests/data/heldout3/README.md);
# fix categories of error and check them on the development set (benchmarks/eval_dev.sh).
# Usage: benchmarks/eval_heldout3.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" heldout3 "$@"
