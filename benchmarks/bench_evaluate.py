"""Speed of evaluate() itself (no annotator): the dev gold set, replicated, against itself.

The dashboard scores whole projects (automatic vs final versions), so the metric code must stay
linear in the number of essays. Usage: ``python benchmarks/bench_evaluate.py [copies]``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pseudonymizer.evaluation import evaluate  # noqa: E402  (after the path set-up)

GOLD = ROOT / "tests" / "data" / "gold" / "dev.jsonl"


def main() -> None:
    copies = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    base = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines()]
    gold = [dict(r, id=f"{r['id']}-{i}") for i in range(copies) for r in base]
    # A prediction with every third span dropped, so the error paths run too.
    pred = [dict(r, spans=r["spans"][::3]) for r in gold]
    tokens = sum(len(r["text"].split()) for r in gold)
    start = time.perf_counter()
    report = evaluate(gold, pred)
    seconds = time.perf_counter() - start
    print(
        f"{len(gold)} essays, {tokens} tokens, {report.micro.support} gold spans: "
        f"{seconds:.2f} s ({tokens / seconds:,.0f} tokens/s); micro recall "
        f"{report.micro.recall:.3f}"
    )


if __name__ == "__main__":
    main()
