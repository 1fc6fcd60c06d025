#!/usr/bin/env bash
# The Danish pre-annotator (scheme dab, issue 7) on the third independently written TRAINING set
# tests/data/dab_train3 (25 longer documents by session W8, see its README): TAB entity-level
# recall for DIRECT and QUASI, token-level recall, mention recall and uniform-weight precision
# (SPEC §6). Unlike dab_heldout, this set MAY be used for tuning: look at its misses, fix
# categories of error (never its names or strings), then measure on dab_heldout / the DAB export.
# Usage: benchmarks/eval_dab_train3.sh [--json]
exec "$(dirname "$0")/eval_set.sh" dab_train3 "$@"
