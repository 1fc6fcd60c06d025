#!/usr/bin/env bash
# Does compiling the hot modules with Cython speed up annotate()? Measured 2026-11-29: by 5–12 %
# on a quiet machine, 0–4 % on a busy one; far from the 25 % that would justify it, so it is not
# integrated. This script repeats the experiment out of tree:
#
#     benchmarks/try_compile.sh [BUILD_DIR] [ROUNDS]     (Cython importable, e.g.
#     pip install --target /tmp/cy Cython && CYTHON_PATH=/tmp/cy benchmarks/try_compile.sh)
#
# It copies pseudonymizer/ and benchmarks/ to BUILD_DIR (default /tmp/pseudonymizer-cython),
# compiles the 23 modules annotate() runs (every module of pseudonymizer/ and detectors/ but
# __init__, __main__, cli, evaluation) unchanged, in Cython's pure Python mode, next to their
# copies, and runs bench_annotate.py --tokens 300000 on the source tree and on the copy in turn.
#
# Results (Cython 3.3.1, gcc -O2, Python 3.11.2 Debian, 2 shared cores):
# - callgrind, annotate + graph of 30,145 words (bench essays, seed 7): 2,088,986,686
#   instructions pure, 1,692,709,547 compiled: 19 % fewer instructions.
# - quiet machine (load average < 1), bench_annotate --tokens 300000 --no-cli, words per CPU
#   second, 5 interleaved pairs: pure 136,656 145,953 144,000 135,742 129,430 (median 136,656);
#   compiled 153,231 152,536 151,151 143,869 138,363 (median 151,151): +4.5 to +12 % a pair,
#   +10.6 % between medians. In-process, best of 4 passes over 150k words, 3 pairs: pure
#   148,369 / 151,766 / 135,836; compiled 170,993 / 167,919 / 167,590 (+11 to +23 %, warm
#   caches of repeated texts).
# - busy machine (load average 5–6: other jobs): hardly any gain. bench_annotate --tokens
#   300000, words per CPU second (annotate | command line), interleaved: pure 102,724|106,649
#   98,163|108,684  95,378|96,439  88,643|97,840  98,566|101,516 (median 98,163|101,516);
#   compiled 100,670|95,977  105,722|98,455  95,744|92,883  87,914|87,678  91,105|96,110
#   (median 95,744|95,977).
#   In-process, best of 4 passes over 150k words, 3 interleaved pairs: pure 107,042 / 99,760 /
#   106,800; compiled 102,495 / 104,188 / 110,982 (−4 to +4 %). Parts: build_graph 14 % faster,
#   tokenize 3–5 %, the whole pass 0–4 %. Even callgrind's cache simulation (30,145 words) does
#   not reach 25 %: L1 misses 33.2 M pure, 35.5 M compiled (data misses +27 %), estimated
#   cycles (Ir + 10 × L1 misses + 100 × LL misses) 2.47 G → 2.09 G, 15 % fewer. The code is
#   already written for CPython 3.11's specializing interpreter (slots dataclasses, C builtins,
#   itertools/operator, dict look-ups); untyped Cython calls the same C API (generic getattr,
#   dict, dealloc: the top of its profile). Issue 3's 25 % margin would need typed code (cdef
#   classes, C types), i.e. a second source to keep in step with the reference.
# - Pitfall: Cython's default type inference changes behaviour (graph_json: "TypeError:
#   Expected list, got tuple" on an extended-slice assignment); infer_types=False and
#   annotation_typing=False (annotations as in CPython) are needed; with them
#   check_equivalence.py --essays 500 finds 0 of 852 texts differing.
# - mypyc (mypy 2.4.1) is not an option as the code stands: 114 mypy errors in 17 modules, and
#   mypyc stops with an internal error (AssertionError: Any) on graph.py line 276.
# - Build cost: ~8 CPU minutes for the 23 modules (names, geo, institutions, markup: most).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-/tmp/pseudonymizer-cython}"
ROUNDS="${2:-3}"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
case "$OUT" in
  "$ROOT" | "$ROOT"/*) echo "BUILD_DIR must be outside the source tree" >&2; exit 2 ;;
esac

rm -rf "$OUT" && mkdir -p "$OUT"
cp -r "$ROOT/pseudonymizer" "$ROOT/benchmarks" "$OUT/"
ln -s "$ROOT/resources" "$OUT/resources"
# the three sets benchmarks/check_equivalence.py reads, nothing else
mkdir -p "$OUT/tests/data"
for set in gold heldout heldout2; do ln -s "$ROOT/tests/data/$set" "$OUT/tests/data/$set"; done
find "$OUT" -name __pycache__ -prune -exec rm -rf {} +
MODS="$(cd "$OUT" && ls pseudonymizer/*.py pseudonymizer/detectors/*.py \
  | grep -v -E '/(__init__|__main__|cli|evaluation)\.py$' | sed 's/\.py$//; s#/#.#g' | paste -sd,)"

echo "==> compiling $(echo "$MODS" | tr , '\n' | wc -l) modules in $OUT (several minutes)"
(cd "$OUT" && PYTHONPATH="${CYTHON_PATH:-}" "$PY" - "$MODS" > build.log 2>&1 <<'EOF'
import sys
from Cython.Build import cythonize
from setuptools import Extension, setup
directives = {"language_level": 3, "annotation_typing": False, "infer_types": False,
              "binding": True}
exts = [Extension(m, [m.replace(".", "/") + ".py"], extra_compile_args=["-O2"])
        for m in sys.argv[1].split(",")]
setup(name="try-compile", ext_modules=cythonize(exts, compiler_directives=directives, quiet=True),
      script_args=["build_ext", "--inplace"])
EOF
) || { echo "build failed, see $OUT/build.log" >&2; exit 1; }

for _ in $(seq "$ROUNDS"); do
  for dir in "$ROOT" "$OUT"; do
    printf '%s: ' "$([ "$dir" = "$ROOT" ] && echo pure || echo compiled)"
    (cd "$dir" && PYTHONPATH="$dir" "$PY" benchmarks/bench_annotate.py --tokens 300000 \
      | grep -E '^(CPU time|command line)' \
      | sed -E 's/.*→ +([0-9,]+ words\/s per CPU second).*/\1/' | paste -sd'|')
  done
done
echo "same output? benchmarks/check_equivalence.py write A.jsonl here, (cd $OUT && PYTHONPATH=$OUT"
echo "  $PY benchmarks/check_equivalence.py write B.jsonl), then compare A.jsonl B.jsonl"
