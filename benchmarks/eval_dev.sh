#!/usr/bin/env bash
# Per-label quality of the automatic pass on the development gold set (SPEC §6):
# precision, recall, F1, F2, micro/macro averages, privacy recall, kappa, alpha, confusions.
# Usage: benchmarks/eval_dev.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" dev "$@"
