"""Same output before and after a speed change: run ``annotate`` on a fixed corpus, compare.

    python benchmarks/check_equivalence.py write OUT.jsonl [--essays 2000]
    python benchmarks/check_equivalence.py compare BEFORE.jsonl AFTER.jsonl

``write`` annotates, in this order, the texts of the development gold set, of heldout and
heldout2 (text, language and genre only: their gold spans are never read), each of those texts
again without its genre (the ``auto`` genre profile), a handful of edge cases for the tokenizer
and the graph (empty text, whitespace only, line breaks, CRLF, decomposed diacritics, spans at
the ends of the text) and ``--essays`` generated benchmark essays (three quarters ``realistic``,
a quarter ``dense``, see ``bench_annotate.py``). For each it writes one JSON line with the
SPEC §4 output (spans, target, graph) and every detector proposal in the order the detectors
made them (``keep_candidates``), so a change in any detector shows even when resolution
hides it. ``compare`` prints the ids whose lines differ and, for the first few, what differs.
Exit status 1 when anything differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_annotate import essays  # noqa: E402

from pseudonymizer import annotate  # noqa: E402
from pseudonymizer.document import Candidate  # noqa: E402

SETS = (
    "tests/data/gold/dev.jsonl",
    "tests/data/heldout/heldout.jsonl",
    "tests/data/heldout2/heldout2.jsonl",
)

EDGE_CASES = (
    "",
    " ",
    "\n\n",
    "  Jag heter Anna och bor i Malmö.\n",
    "Jag heter Anna.\r\nJag bor i Göteborg , nära Ullevi .\r\n",
    "Jag bor i Go\u0308teborg och heter A\u030asa.",  # decomposed diacritics
    "Ahmed",
    "Stockholm.",
    "Ring 070-123 45 67!",
    "Jag heter Anna Svensson osv. Sen flyttade jag till Lund t.ex. kl. 14.30 2018-12-01.",
    "Titel\nJag heter Erik\n\n– Hej, sa Maria.\t(Malmö)\u00a0och «Kabul»…",
    "ANNA SVENSSON BOR I STOCKHOLM",
    "anna.svensson@gmail.com www.annasblogg.se ABC 123 850709-9805",
    "Jag är tjugofemm år och min mamma fyller 50 den 3 maj 1990.",
    "😀 Jag heter Ali 😀\u200b och bor i Rinkeby​.",
)


def corpus(n_essays: int) -> Iterator[tuple[str, str, str | None, str]]:
    """``(id, text, genre, lang)`` for every text of the check, in a fixed order."""
    records = []
    for name in SETS:
        with open(ROOT / name, encoding="utf-8") as f:
            records += [json.loads(line) for line in f if line.strip()]
    for r in records:
        yield r["id"], r["text"], r.get("genre"), r.get("lang", "sv")
    for r in records:
        yield r["id"] + "/auto", r["text"], None, r.get("lang", "sv")
    for k, text in enumerate(EDGE_CASES):
        yield f"edge{k}", text, None, "sv"
    # one long essay (more than 4,096 source tokens: ids beyond the graph's precomputed ones)
    yield "big", " ".join(t for _, t in essays(12_000, 5, "dense")), None, "sv"
    realistic = n_essays * 3 // 4
    for k, (eid, text) in enumerate(essays(realistic * 400, 11, "realistic")):
        if k >= realistic:
            break
        yield "r" + eid, text, None, "sv"
    for k, (eid, text) in enumerate(essays((n_essays - realistic) * 400, 13, "dense")):
        if k >= n_essays - realistic:
            break
        yield "d" + eid, text, None, "sv"


def _candidate(c: Candidate) -> list:
    return [c.start, c.end, c.label, sorted(c.flags), c.score, c.key, c.value, c.source]


def write(out: Path, n_essays: int) -> None:
    with open(out, "w", encoding="utf-8") as f:
        for eid, text, genre, lang in corpus(n_essays):
            result = annotate(text, seed=eid, genre=genre, lang=lang, keep_candidates=True)
            record = result.to_json(id=eid)
            record["spans"] = [
                [s.start, s.end, s.label, list(s.flags), s.number, s.pseudonym, s.source]
                for s in result.spans
            ]
            record["candidates"] = [_candidate(c) for c in result.candidates]
            f.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")


def compare(before: Path, after: Path, show: int = 5) -> int:
    differ = 0
    with open(before, encoding="utf-8") as fa, open(after, encoding="utf-8") as fb:
        for line_a, line_b in zip(fa, fb, strict=True):
            if line_a == line_b:
                continue
            a, b = json.loads(line_a), json.loads(line_b)
            differ += 1
            print(f"DIFF {a['id']}")
            if differ <= show:
                for key in ("spans", "target", "graph", "candidates"):
                    if a[key] != b[key]:
                        if key in ("spans", "candidates"):
                            only_a = [x for x in a[key] if x not in b[key]]
                            only_b = [x for x in b[key] if x not in a[key]]
                            print(f"  {key}: before only {only_a[:6]}  after only {only_b[:6]}")
                            if not only_a and not only_b:
                                print(f"  {key}: same items, other order")
                        else:
                            print(f"  {key} differs")
    print(f"{differ} texts differ")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("out", type=Path)
    w.add_argument("--essays", type=int, default=2000)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.cmd == "write":
        write(args.out, args.essays)
    else:
        sys.exit(compare(args.before, args.after))


if __name__ == "__main__":
    main()
