"""Benchmark: build and leak-check a release of N synthetic essays; print time and peak memory.

    python benchmarks/bench_release.py            # 10,000 essays of ~250 tokens, 12 spans each
    python benchmarks/bench_release.py --essays 1000 --tokens 400

Target (issue 6): 10,000 essays in under 60 s with peak memory under 300 MB. The essays are
parsed from JSON one at a time (as the database iterator feeds the real build: decrypt, parse),
so the figures include the parsing; peak memory is the whole process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import tempfile
import time
from collections.abc import Iterator

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from swell_annot.releases.builder import EssayRecord, build_release  # noqa: E402

WORDS = (
    "jag du vi de han hon det som och att i på med för till av om men när har var är bor "
    "heter tycker skola arbete familj vän barn stad land hus bil buss tåg dag år vecka mycket "
    "glad ledsen bra dålig stor liten ny gammal svenska språk lära läsa skriva prata kanske "
    "alltid aldrig ofta ibland eftersom därför också bara redan fortfarande"
).split()
ENTITIES = [
    ("firstname_female", ["Anna", "Fatima", "Sara", "Leila"], ["Maria", "Eva", "Karin"]),
    ("firstname_male", ["Ahmed", "Erik", "Omar", "Johan"], ["Lars", "Nils", "Per"]),
    ("surname", ["Andersson", "Hussein", "Karimi"], ["Lind", "Berg", "Holm"]),
    ("city", ["Stockholm", "Göteborg", "Malmö", "Uppsala"], ["Tuna", "Åby", "Vik"]),
    ("country", ["Syrien", "Irak", "Somalia"], ["A-land", "B-land"]),
    ("school", ["Komvux", "Folkuniversitetet"], ["A-skolan"]),
    ("year", ["2015", "2016", "2017"], ["2014", "2018"]),
    ("phone_nr", ["070-1234567", "08-123456"], ["000-0000000"]),
]


def essay(i: int, tokens: int, spans: int) -> EssayRecord:
    """A synthetic final graph: ``tokens`` whitespace tokens, ``spans`` pseudonymized ones."""
    rnd = random.Random(i)
    at = set(rnd.sample(range(1, tokens), spans))
    source, target, edges = [], [], {}
    number = 0
    for k in range(tokens):
        end = ". " if k % 12 == 11 else " "
        if k in at:
            label, originals, pseudonyms = rnd.choice(ENTITIES)
            number += 1
            # suffix the original so no two essays share it: a leak would be a real one
            src, tgt = f"{rnd.choice(originals)}{i}x{k}", rnd.choice(pseudonyms)
            labels = [label, str(number)]
        else:
            src = tgt = rnd.choice(WORDS)
            labels = []
        sid, tid = f"s{k}", f"t{k}"
        source.append({"id": sid, "text": src + end})
        target.append({"id": tid, "text": tgt + end})
        eid = f"e-{sid}-{tid}"
        edges[eid] = {"id": eid, "ids": [sid, tid], "labels": labels, "manual": False}
    meta = {
        "level": rnd.choice(["A1", "A2", "B1", "B2", "C1"]),
        "genre": rnd.choice(["narrative", "evaluative", "descriptive"]),
        "topic": "Min vardag",
        "age_span": "20-24",
        "first_languages": ["arabiska"],
    }
    return EssayRecord(
        id=f"essay-{i:06d}",
        metadata=meta,
        graph={"source": source, "target": target, "edges": edges},
    )


def records(n: int, tokens: int, spans: int, distinct: int = 200) -> Iterator[EssayRecord]:
    """``n`` records parsed from JSON, as the release task reads them from the database.

    ``distinct`` different essays are generated beforehand (their generation is not part of
    the measured build) and cycled; each record gets its own id.
    """
    pool = [json.dumps(essay(i, tokens, spans).graph) for i in range(min(n, distinct))]
    metas = [essay(i, 1, 0).metadata for i in range(min(n, distinct))]

    def gen() -> Iterator[EssayRecord]:
        for i in range(n):
            k = i % len(pool)
            yield EssayRecord(id=f"essay-{i:06d}", metadata=metas[k], graph=json.loads(pool[k]))

    return gen()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--essays", type=int, default=10_000)
    parser.add_argument("--tokens", type=int, default=250)
    parser.add_argument("--spans", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "release.zip")
        essays = records(args.essays, args.tokens, args.spans)
        t0 = time.perf_counter()
        c0 = time.process_time()
        summary = build_release(essays, path, version="bench-1")
        elapsed = time.perf_counter() - t0
        cpu = time.process_time() - c0
        size = os.path.getsize(path)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"essays: {len(summary.essay_ids)}  tokens: {summary.token_count}  "
        f"leak patterns: {len(summary.patterns)}  archive: {size / 1e6:.1f} MB"
    )
    print(f"build + leak check: {elapsed:.1f} s  ({summary.token_count / elapsed:,.0f} tokens/s)")
    print(
        f"CPU time of the build: {cpu:.1f} s (wall > CPU means other processes shared the cores;"
        f" load average now {os.getloadavg()[0]:.1f})"
    )
    print(f"peak memory (max RSS): {peak_mb:.0f} MB")
    ok = elapsed < 60 and peak_mb < 300
    print("target (<60 s, <300 MB for 10,000 essays):", "met" if ok else "NOT met")


if __name__ == "__main__":
    main()
