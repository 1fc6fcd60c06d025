#!/usr/bin/env bash
# Quality of the automatic pass on the HELD-OUT measuring set heldout7 (tests/data/heldout7, SPEC §6):
# clean measuring set (tests/data/heldout7/README.md): never read, study or tune on it; only the lead runs it, rarely.
# Usage: benchmarks/eval_heldout7.sh [--json] [--errors N] [--labels L ...]
exec "$(dirname "$0")/eval_set.sh" heldout7 "$@"
