"""Benchmark: a dab release of the public DAB documents (their gold annotation), leak-checked.

    python benchmarks/bench_dab_release.py [--file ../shared/data/dab/DAB_annotated_dataset.json]

Prints documents, masked mentions, build time, and the leak check's verdict: the documents it
refuses and why (a masked string that the same document also has unmasked: an inconsistency of
the annotation that a release must not publish). The data is read from ../shared, never copied.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from pseudonymizer.dab.labelstudio import load_labelstudio  # noqa: E402
from swell_annot.dab.document import document_json  # noqa: E402
from swell_annot.dab.release import anonymize, build_release  # noqa: E402
from swell_annot.releases.builder import EssayRecord, LeakError  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "dab" / \
    "DAB_annotated_dataset.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=DEFAULT)
    args = ap.parse_args()
    docs = load_labelstudio(args.file)
    records = sorted((EssayRecord(id=f"dab-{d.id}", metadata={}, graph=document_json(d))
                      for d in docs), key=lambda r: r.id)
    masked = sum(len(anonymize(r.graph, essay_id=r.id).masked) for r in records)
    print(f"documents: {len(records)}  masked mentions: {masked}")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        try:
            summary = build_release(records, Path(tmp) / "r.zip", version="1", title="DAB")
            print(f"release ready: {summary.token_count} tokens, {summary.label_counts}")
        except LeakError as exc:
            mentions = {(lk.essay, lk.edge) for lk in exc.leaks}
            docs_hit = collections.Counter(essay for essay, _ in mentions)
            other = sum(1 for lk in exc.leaks if lk.found_in_essay != lk.essay)
            print(f"leak check refused: {len(mentions)} masked mentions in {len(docs_hit)} "
                  f"documents appear unmasked ({other} of the hits in another document)")
            for essay, n in sorted(docs_hit.items()):
                print(f"  {essay}: {n}")
        print(f"build + leak check: {time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
