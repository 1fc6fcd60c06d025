"""Speed and quality of the Danish pre-annotator (scheme ``dab``).

    python benchmarks/bench_dab.py [--tokens 300000] [--seed 7] [--no-quality] [--breakdown]

Speed: runs ``annotate_dab`` in one process over generated Danish texts (letters, forum posts
and news-like paragraphs with names, phone numbers, CPR, addresses, dates, amounts), about
``--tokens`` word/punctuation tokens in all; prints tokens/s, units found and peak memory.

Quality (when ../shared/data/dab is present): the TAB measures of ``pseudonymizer.dab.metrics``
on the 54 DAB documents, for our pre-annotation and for the DaCy pre-annotation stored in the
export (which has no identifier type: everything it marks counts as masked). Targets (issue 7):
gold masked mentions fully covered ≥ 0.97 DIRECT and ≥ 0.85 QUASI, with ≥ 0.75 of the predicted
masked characters inside gold masked mentions.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pseudonymizer.dab import annotate_dab, default_annotator  # noqa: E402
from pseudonymizer.dab.metrics import main as metrics_main  # noqa: E402
from pseudonymizer.dab.preannotate import TOKEN_RE  # noqa: E402

DAB_FILE = ROOT.parent / "shared" / "data" / "dab" / "DAB_annotated_dataset.json"

FIRST = ["Mette", "Jens", "Anne", "Søren", "Fatima", "Ali", "Karina", "Lars", "Pia", "Mikkel"]
LAST = ["Nielsen", "Jensen", "Hansen", "Pedersen", "Yilmaz", "Holm", "Kjærgaard", "Lund"]
TOWNS = ["Aarhus", "Vejle", "Odense", "Herning", "Hjørring", "Roskilde", "Næstved", "Skive"]
STREETS = ["Vestergade", "Skolevej", "Birkealle", "Nørregade", "Engvej", "Søndergade"]
MONTHS = ["januar", "marts", "maj", "august", "oktober", "december"]
JOBS = ["sygeplejerske", "tømrer", "folkeskolelærer", "direktør", "pædagog", "buschauffør"]
FILLER = ("det var en lang dag og vi havde meget at se til , men alle hjalp hinanden og "
          "til sidst blev opgaven løst . hun synes at det er vigtigt at tale om det ").split()


def generate(rng: random.Random, n_tokens: int) -> list[str]:
    """Danish texts of 80–400 tokens with personal details, deterministic for a seed."""
    texts = []
    total = 0
    while total < n_tokens:
        parts = []
        for _ in range(rng.randint(4, 14)):
            first, last = rng.choice(FIRST), rng.choice(LAST)
            choice = rng.randrange(9)
            if choice == 0:
                parts.append(f"Hej {first}, ring til {first} {last} på "
                             f"{rng.randint(20, 99)} {rng.randint(10, 99)} "
                             f"{rng.randint(10, 99)} {rng.randint(10, 99)}.")
            elif choice == 1:
                parts.append(f"Jeg bor på {rng.choice(STREETS)} {rng.randint(1, 120)}, "
                             f"{rng.randint(1000, 9990)} {rng.choice(TOWNS)}.")
            elif choice == 2:
                parts.append(f"Mødet er den {rng.randint(1, 28)}. {rng.choice(MONTHS)} "
                             f"{rng.randint(1990, 2025)} kl. {rng.randint(8, 18)}."
                             f"{rng.randint(10, 59)}.")
            elif choice == 3:
                parts.append(f"Hr. {last} er {rng.randint(20, 90)} år gammel og "
                             f"arbejder som {rng.choice(JOBS)} i {rng.choice(TOWNS)} Kommune.")
            elif choice == 4:
                parts.append(f"Mit CPR-nummer er {rng.randint(10, 28):02d}{rng.randint(1, 12):02d}"
                             f"{rng.randint(40, 99)}-{rng.randint(1000, 9999)} og min mail er "
                             f"{first.lower()}.{last.lower()}@mail.dk.")
            elif choice == 5:
                parts.append(f"Det kostede {rng.randint(100, 90000)} kr. hos {last} ApS.")
            else:
                k = rng.randint(8, 30)
                start = rng.randrange(len(FILLER) - 1)
                words = [FILLER[(start + i) % len(FILLER)] for i in range(k)]
                parts.append(" ".join(words).capitalize())
        text = " ".join(parts)
        texts.append(text)
        total += sum(1 for _ in TOKEN_RE.finditer(text))
    return texts


# The DAB export holds its documents in blocks by source (issue 7: gains must not come from one
# kind of text only).
DOC_TYPES = ((10, "forum"), (20, "parliament"), (29, "wikipedia"), (37, "letter"), (47, "news"),
             (54, "e-mail"))


def doc_type(doc_id: str) -> str:
    """The source kind of a DAB document by its id (1–54)."""
    n = int(doc_id) if doc_id.isdigit() else 0
    return next((name for last, name in DOC_TYPES if n <= last), "other")


def breakdown() -> None:
    """Strict mention recall of masked gold mentions by category and by document type, and the
    character precision by document type."""
    from collections import defaultdict

    from pseudonymizer.dab.metrics import load_documents, tab_metrics

    docs = load_documents(DAB_FILE)
    preds = {d.id: annotate_dab(d.text)["spans"] for d in docs}
    hits: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for d in docs:
        pmask = bytearray(len(d.text))
        for s in preds[d.id]:
            if s["identifier_type"] != "NO_MASK":
                pmask[s["start"]:s["end"]] = b"\x01" * (s["end"] - s["start"])
        for a in d.annotations:
            for m in a.mentions:
                if m.masked:
                    cell = hits[(m.identifier_type, m.label)]
                    cell[0] += all(pmask[m.start:m.end])
                    cell[1] += 1
    print("\n== strict mention recall by gold category ==")
    for (kind, label), (hit, total) in sorted(hits.items()):
        print(f"{kind:7} {label:9} {hit / total:6.3f}  ({hit}/{total})")
    print("\n== by document type ==")
    print(f"{'type':12}{'docs':>5}{'DIRECT':>8}{'QUASI':>8}{'n QUASI':>9}{'char prec':>11}")
    groups: dict[str, list] = defaultdict(list)
    for d in docs:
        groups[doc_type(d.id)].append(d)
    for name, group in groups.items():
        r = tab_metrics(group, {d.id: preds[d.id] for d in group})
        strict = r["mention_recall_strict"]

        def f(x: float | None) -> str:
            return "n/a" if x is None else f"{x:.3f}"

        print(f"{name:12}{len(group):>5}{f(strict['DIRECT']):>8}{f(strict['QUASI']):>8}"
              f"{r['counts']['mentions']['QUASI']:>9.0f}{f(r['precision_char']):>11}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=300_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-quality", action="store_true")
    ap.add_argument("--breakdown", action="store_true",
                    help="also print recall by gold category and by document type")
    args = ap.parse_args()

    t0 = time.perf_counter()
    default_annotator()
    load = time.perf_counter() - t0
    texts = generate(random.Random(args.seed), args.tokens)
    tokens = sum(1 for t in texts for _ in TOKEN_RE.finditer(t))
    t0, c0 = time.perf_counter(), time.process_time()
    units = sum(len(annotate_dab(t)["spans"]) for t in texts)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"lexicon load: {load:.2f} s")
    print(f"texts: {len(texts)}, tokens: {tokens}, units: {units}")
    # CPU time too: the machine is shared, wall time varies with the neighbours' load.
    print(f"speed: {tokens / elapsed:,.0f} tokens/s wall ({elapsed:.2f} s), "
          f"{tokens / cpu:,.0f} tokens/s CPU ({cpu:.2f} s)")
    print(f"peak memory: {rss:.0f} MB")
    # Worst cases: inputs that once made a pattern quadratic must stay linear (CPU s / 100k chars).
    worst = {"blank lines": "\n", "capitalised chain": "Aa ", "initials": "H.",
             "digit run": "1.", "hyphen word": "Aa-", "names": "Jens Hansen "}
    for name, unit in worst.items():
        text = unit * (100_000 // len(unit))
        c0 = time.process_time()
        annotate_dab(text)
        print(f"worst case {name:18}: {time.process_time() - c0:.2f} s CPU per 100k chars")
    if not args.no_quality:
        if not DAB_FILE.exists():
            print(f"quality: {DAB_FILE} not present, skipped")
            return 0
        import json

        with DAB_FILE.open(encoding="utf-8") as fh:
            dab_texts = [t["data"]["text"] for t in json.load(fh)]
        n = sum(1 for t in dab_texts for _ in TOKEN_RE.finditer(t))
        runs = []
        for _ in range(3):  # the first run also fills the word-cue cache
            c0 = time.process_time()
            for t in dab_texts:
                annotate_dab(t)
            runs.append(time.process_time() - c0)
        print(f"speed on the 54 DAB texts: {n / runs[0]:,.0f} tokens/s CPU first run, "
              f"{n / min(runs):,.0f} best of 3")
        print("\n== our pre-annotation on DAB ==")
        metrics_main(["--gold", str(DAB_FILE), "--annotate"])
        print("\n== DaCy pre-annotation stored in the DAB export ==")
        metrics_main(["--gold", str(DAB_FILE), "--gold-predictions"])
        if args.breakdown:
            breakdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
