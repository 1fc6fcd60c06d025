"""Time per token of each knowledge-based detector (names, geo, institutions, transport, mark-up).

    python benchmarks/bench_knowledge.py [--tokens 200000] [--seed 7] [--mix realistic|dense]

Uses the essay generator of bench_annotate.py, tokenizes once, then runs every detector of
``build_detectors`` alone over all documents and prints µs per fine token. The budget of the
knowledge-based detectors together is well under 5 µs per token (the whole pass: 10 µs).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pseudonymizer.detectors import build_detectors  # noqa: E402
from pseudonymizer.document import Options  # noqa: E402
from pseudonymizer.gazetteer import Gazetteer  # noqa: E402
from pseudonymizer.tokenize import tokenize  # noqa: E402

KNOWLEDGE = frozenset({"names", "geo", "institutions", "transport", "markup"})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tokens", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mix", choices=("realistic", "dense"), default="realistic",
                        help="essay mix of bench_annotate.py (see there)")
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("bench_annotate",
                                                  ROOT / "benchmarks" / "bench_annotate.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)  # type: ignore[union-attr]
    texts = [text for _, text in bench.essays(args.tokens, args.seed, args.mix)]
    t0 = time.process_time()
    gaz = Gazetteer.default()
    print(f"gazetteer load: {time.process_time() - t0:.2f} s")
    docs = [tokenize(t) for t in texts]
    n = sum(len(d.tokens) for d in docs)
    dets = build_detectors(gaz, Options())
    spent = [0.0] * len(dets)
    # Document by document, as the pipeline runs them (detectors share the per-document scans).
    for d in docs:
        for k, det in enumerate(dets):
            t = time.process_time()
            for _ in det.detect(d):
                pass
            spent[k] += time.process_time() - t
    for det, dt in zip(dets, spent, strict=True):
        print(f"{det.name:16s} {dt / n * 1e6:6.2f} µs/token")
    mine = sum(dt for det, dt in zip(dets, spent, strict=True) if det.name in KNOWLEDGE)
    print(f"{'knowledge-based':16s} {mine / n * 1e6:6.2f} µs/token")
    print(f"{'all detectors':16s} {sum(spent) / n * 1e6:6.2f} µs/token over {n:,} fine tokens")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
