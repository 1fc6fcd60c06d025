"""How far apart two careful annotators are, and where the automatic pass stands between them.

    python benchmarks/agreement.py [--sets heldout3 train16 …] [--no-tool] [--json]

``tests/data/agreement/<set>/`` holds a second, independent annotation of the texts of the
training set ``tests/data/<set>/`` (see ``tests/data/agreement/README.md``: the second annotator
read only SPEC §1–§2 and the seeds, never the first gold, the code or another essay). For each set
this prints three comparisons, scored exactly as ``python -m pseudonymizer evaluate`` scores
(micro precision/recall/F2 over spans, privacy recall, Fleiss' kappa over word tokens):

    second vs gold   the second annotator's spans scored against the set's gold: the agreement
                     of two people who followed the same guidelines, a ceiling for any tool
                     measured against one person's gold;
    tool vs gold     the automatic pass (``annotate`` with each record's genre) against the gold;
    tool vs second   the automatic pass against the second annotator.

A last block pools all sets (one evaluation over every essay). ``--consensus-errors N`` lists up
to N errors of the tool per set on which both annotators agree: a span both labelled alike that
the tool misses or labels otherwise, or a tool span where neither annotator put any span. These
are errors whatever convention a project picks, so they are the first ones worth fixing. Only the
training sets that engineers may study are used; the clean measuring sets (heldout4 … heldout9)
are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pseudonymizer.evaluation import evaluate, predict, read_jsonl  # noqa: E402

AGREEMENT = ROOT / "tests" / "data" / "agreement"
# The clean measuring sets must never be annotated twice or read by this script.
FORBIDDEN = frozenset({f"heldout{n}" for n in range(4, 10)} | {"dab_heldout"})


def available_sets() -> list[str]:
    return (
        sorted(p.name for p in AGREEMENT.iterdir() if (p / "second.jsonl").is_file())
        if AGREEMENT.is_dir()
        else []
    )


def gold_path(name: str) -> Path:
    if name == "dev":
        return ROOT / "tests" / "data" / "gold" / "dev.jsonl"
    return ROOT / "tests" / "data" / name / f"{name}.jsonl"


def load(name: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The set's gold records and the second annotator's records, checked to hold the same
    essays with the same texts."""
    if name in FORBIDDEN:
        raise SystemExit(f"agreement: {name} is a clean measuring set and is never used here")
    gold = read_jsonl(gold_path(name))
    second = read_jsonl(AGREEMENT / name / "second.jsonl")
    texts = {r["id"]: r["text"] for r in gold}
    for record in second:
        if texts.get(record["id"]) != record["text"]:
            raise SystemExit(f"agreement: {name}: {record['id']} is not the gold set's text")
    if len(second) != len(gold):
        raise SystemExit(f"agreement: {name}: {len(second)} essays, the gold set has {len(gold)}")
    return gold, second


def row(report: Any) -> dict[str, float]:
    m = report.micro
    return {
        "precision": m.precision,
        "recall": m.recall,
        "f2": m.f2,
        "privacy_recall": report.privacy_recall,
        "kappa": report.agreement.fleiss_kappa,
        "spans_reference": m.support,
        "spans_compared": m.predicted,
    }


def compare(gold: list[dict], second: list[dict], tool: list[dict] | None) -> dict[str, Any]:
    out = {"second_vs_gold": row(evaluate(gold, second, examples=0))}
    if tool is not None:
        out["tool_vs_gold"] = row(evaluate(gold, tool, examples=0))
        out["tool_vs_second"] = row(evaluate(second, tool, examples=0))
    return out


def _overlaps(a: dict, b: dict) -> bool:
    return a["start"] < b["end"] and b["start"] < a["end"]


def consensus_errors(
    gold: list[dict], second: list[dict], tool: list[dict]
) -> list[tuple[str, str, str, str, str]]:
    """The tool's errors that both annotators agree on, as (kind, essay id, label, surface,
    context) with kind ``fn`` (a span both labelled alike, missed or labelled otherwise by the
    tool; label = theirs) or ``fp`` (a tool span overlapping no span of either annotator)."""
    by_id = {r["id"]: r for r in second}
    tool_by_id = {r["id"]: r for r in tool}
    errors = []
    for record in gold:
        text = record["text"]
        other = by_id[record["id"]]["spans"]
        predicted = tool_by_id[record["id"]]["spans"]

        def context(span: dict, text: str = text) -> str:
            return text[max(0, span["start"] - 40) : span["end"] + 40].replace("\n", " ")

        for span in record["spans"]:
            agreed = any(o["label"] == span["label"] and _overlaps(o, span) for o in other)
            hit = any(p["label"] == span["label"] and _overlaps(p, span) for p in predicted)
            if agreed and not hit:
                errors.append(("fn", record["id"], span["label"], span["text"], context(span)))
        for span in predicted:
            if not any(_overlaps(g, span) for g in record["spans"]) and not any(
                _overlaps(o, span) for o in other
            ):
                errors.append(("fp", record["id"], span["label"], span["text"], context(span)))
    return errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", help="set names (default: every set annotated twice)")
    parser.add_argument("--no-tool", action="store_true", help="skip the automatic pass")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--consensus-errors",
        type=int,
        default=0,
        metavar="N",
        help="list up to N tool errors per set that both annotators agree on",
    )
    args = parser.parse_args(argv)
    names = args.sets or available_sets()
    if not names:
        parser.error(f"no second annotations in {AGREEMENT}")
    results: dict[str, Any] = {}
    pooled: dict[str, list[dict]] = {"gold": [], "second": [], "tool": []}
    listed: dict[str, list[tuple[str, str, str, str, str]]] = {}
    for name in names:
        gold, second = load(name)
        tool = None if args.no_tool else list(predict(gold))
        results[name] = compare(gold, second, tool)
        if tool is not None and args.consensus_errors:
            found = consensus_errors(gold, second, tool)
            results[name]["consensus_errors"] = {
                "fn": sum(1 for e in found if e[0] == "fn"),
                "fp": sum(1 for e in found if e[0] == "fp"),
            }
            listed[name] = found[: args.consensus_errors]
        pooled["gold"] += gold
        pooled["second"] += second
        pooled["tool"] += tool or []
    if len(names) > 1:
        results["pooled"] = compare(
            pooled["gold"], pooled["second"], None if args.no_tool else pooled["tool"]
        )
    if args.json:
        for name, found in listed.items():
            results[name]["consensus_error_examples"] = [
                dict(zip(("kind", "id", "label", "text", "context"), e, strict=True)) for e in found
            ]
        print(json.dumps(results, ensure_ascii=False))
        return 0
    head = (
        f"{'set':<10} {'comparison':<16} {'prec':>6} {'rec':>6} {'F2':>6} {'privacy':>8}"
        f" {'kappa':>6}"
    )
    print(head)
    print("-" * len(head))
    for name, comparisons in results.items():
        for which, r in comparisons.items():
            if which.startswith("consensus"):
                continue
            print(
                f"{name:<10} {which.replace('_', ' '):<16} {r['precision']:6.3f} {r['recall']:6.3f}"
                f" {r['f2']:6.3f} {r['privacy_recall']:8.3f} {r['kappa']:6.3f}"
            )
    for name, found in listed.items():
        counts = results[name]["consensus_errors"]
        print(
            f"\n{name}: tool errors both annotators agree on: {counts['fn']} missed or "
            f"mislabelled, {counts['fp']} spurious (first {len(found)}):"
        )
        for kind, essay, label, surface, ctx in found:
            print(f"  {kind} {label:<18} {essay}: {surface!r} … {ctx}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
