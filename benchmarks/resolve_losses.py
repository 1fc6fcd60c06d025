"""How much of the error of a gold set is made by overlap resolution (``pipeline.resolve``)?

    python benchmarks/resolve_losses.py train12 train11 [--examples 4]

For each essay of the named training sets (``dev`` is the development set; never pass a
held-out measuring set that must stay unseen) the detectors are run, the genre profile filter
applied and the proposals resolved, exactly as ``annotate`` does. Then:

* every missed gold span (no prediction of its label overlaps it, the SPEC §6 match) is put
  in one of three bins: ``never_proposed`` (no detector proposed its label there),
  ``lost_in_filter`` (proposed, dropped by the genre profile) or ``lost_in_resolve`` (proposed
  and kept by the filter, then beaten by an overlapping proposal);
* every proposal that lost to an overlapping winner is counted by pair (winner
  ``detector:label``, loser ``detector:label``, ``same`` words or ``ovl`` overlapping words):
  ``wrong`` when the loser matched gold and the winner did not, ``right`` in the opposite
  case. A pair worth a general rule in ``resolve`` is one that is wrong often and right rarely.
* ``ties`` are the same counts for winners that beat a loser of equal score (the loser lost
  on length, position or detector order, see ``resolve``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pseudonymizer import pipeline  # noqa: E402
from pseudonymizer.tokenize import tokenize  # noqa: E402

FORBIDDEN = ("heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9",
             "dab_heldout")


def _path(name: str) -> Path:
    if name == "dev":
        return ROOT / "tests/data/gold/dev.jsonl"
    return ROOT / f"tests/data/{name}/{name}.jsonl"


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args(argv)
    if any(name in FORBIDDEN for name in args.sets):
        parser.error("held-out measuring sets are evaluated by the lead only")
    options = pipeline._DEFAULT_OPTIONS
    gazetteer = pipeline.default_gazetteer()
    allowed = pipeline._allowed(options)
    bins: Counter[str] = Counter()
    pairs: Counter[tuple] = Counter()
    examples: dict[tuple, list[str]] = defaultdict(list)
    for name in args.sets:
        for line in _path(name).read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            text = record["text"]
            doc = tokenize(text, lang=record.get("lang") or "sv", genre=record.get("genre"))
            raw = [c for d in pipeline.get_detectors(gazetteer, options) for c in d.detect(doc)]
            kept = pipeline._filter_profile(doc, raw, options)
            chosen = pipeline.resolve(text, kept, options)
            trimmed = [
                t for t in (pipeline._trim(text, c) for c in kept if c.label in allowed) if t
            ]
            gold = [(g["start"], g["end"], g["label"]) for g in record["spans"]]

            def matches(c: object, spans: list) -> bool:
                return any(
                    g[2] == c.label and _overlap((g[0], g[1]), (c.start, c.end))  # type: ignore[attr-defined]
                    for g in spans
                )

            won = set(chosen)
            for loser in trimmed:
                if loser in won:
                    continue
                for winner in chosen:
                    if not _overlap((winner.start, winner.end), (loser.start, loser.end)):
                        continue
                    w_ok, l_ok = matches(winner, gold), matches(loser, gold)
                    if w_ok == l_ok:
                        continue
                    same = (winner.start, winner.end) == (loser.start, loser.end)
                    where = "same" if same else "ovl"
                    key = (
                        f"{winner.source}:{winner.label}",
                        f"{loser.source}:{loser.label}",
                        where,
                    )
                    outcome = "right" if w_ok else "wrong"
                    tie = "tie" if winner.score == loser.score else "score"
                    pairs[key, outcome] += 1
                    pairs[key, outcome, tie] += 1
                    if outcome == "wrong" and len(examples[key]) < args.examples:
                        examples[key].append(
                            f"{record['id']}: {text[winner.start : winner.end]!r} ({winner.score})"
                            f" beat {text[loser.start : loser.end]!r} ({loser.score})"
                        )
            for g in gold:
                as_list = [g]
                if any(matches(c, as_list) for c in chosen):
                    continue
                if any(matches(c, as_list) for c in trimmed):
                    bins["lost_in_resolve"] += 1
                elif any(matches(c, as_list) for c in raw):
                    bins["lost_in_filter"] += 1
                else:
                    bins["never_proposed"] += 1
            pipeline.TokenIndex.forget(doc)
            forget = getattr(gazetteer, "forget", None)
            if forget is not None:
                forget(doc)
    print("missed gold spans:", dict(bins))
    keys = sorted({k[0] for k in pairs}, key=lambda k: (-pairs[k, "wrong"], -pairs[k, "right"]))
    print("\nwrong right (ties wrong/right)  winner  loser  where")
    for key in keys:
        ties = f"({pairs[key, 'wrong', 'tie']}/{pairs[key, 'right', 'tie']})"
        print(f"{pairs[key, 'wrong']:5d} {pairs[key, 'right']:5d} {ties:>9s}  {'  '.join(key)}")
        for line in examples.get(key, []):
            print("        ", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
