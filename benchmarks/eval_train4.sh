#!/usr/bin/env bash
# Quality of the automatic pass on the TRAINING set train4 (tests/data/train4, SPEC §6):
# a TRAINING set (tests/data/train4/README.md): its essays and errors may be studied to find
# categories of error; fix categories, not single essays, and check on benchmarks/eval_dev.sh.
# Usage: benchmarks/eval_train4.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" train4 "$@"
