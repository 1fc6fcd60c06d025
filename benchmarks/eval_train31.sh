#!/usr/bin/env bash
# Quality of the automatic pass on the TRAINING set train31 (tests/data/train31, SPEC §6):
# training material (tests/data/train31/README.md): study its errors to find categories of error,
# fix them in general (not by adding its names), and check on the development set (benchmarks/eval_dev.sh).
# Usage: benchmarks/eval_train31.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" train31 "$@"
