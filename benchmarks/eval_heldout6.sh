#!/usr/bin/env bash
# Quality of the automatic pass on the HELD-OUT set heldout6 (tests/data/heldout6, SPEC §6):
# the lead's clean measure (tests/data/heldout6/README.md): engineers never read, tune on or run it.
# Usage: benchmarks/eval_heldout6.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" heldout6 "$@"
