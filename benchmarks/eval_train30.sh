#!/usr/bin/env bash
# Quality of the automatic pass on the TRAINING set train30 (tests/data/train30, SPEC §6):
# training material (tests/data/train30/README.md): study its errors to find categories of error,
# fix them in general (not by adding its names), and check on the development set (benchmarks/eval_dev.sh).
# Usage: benchmarks/eval_train30.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" train30 "$@"
