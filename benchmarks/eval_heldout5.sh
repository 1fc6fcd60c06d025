#!/usr/bin/env bash
# Quality of the automatic pass on the HELD-OUT set heldout5 (tests/data/heldout5, SPEC §6):
# the lead's clean measure (tests/data/heldout5/README.md): engineers never read, tune on or run it.
# Usage: benchmarks/eval_heldout5.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" heldout5 "$@"
