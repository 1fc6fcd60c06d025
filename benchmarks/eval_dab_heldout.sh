#!/usr/bin/env bash
# The Danish pre-annotator (scheme dab, issue 7) on the independently written held-out set
# tests/data/dab_heldout (30 documents by session W2, see its README): TAB entity-level recall
# for DIRECT and QUASI, token-level recall, mention recall and uniform-weight precision (SPEC §6).
# Never tune detectors or resources on these documents: fix categories of error and check them on
# the DAB export (../shared/data/dab) instead.
# Usage: benchmarks/eval_dab_heldout.sh [--json]
exec "$(dirname "$0")/eval_set.sh" dab_heldout "$@"
