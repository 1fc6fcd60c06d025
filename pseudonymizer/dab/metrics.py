"""TAB evaluation measures for scheme ``dab`` (Pilán et al. 2022, SPEC §6), as DAB computes them.

- **Entity-level recall** (DIRECT, QUASI): a gold entity counts as protected only when every one
  of its masked mentions is masked. An entity is DIRECT when any of its masked mentions is
  DIRECT, else QUASI.
- **Token-level recall**: the share of word tokens (``\\w+``) of gold masked mentions that are
  masked.
- **Uniform-weight precision**: the share of word tokens of the predicted masked spans that lie
  inside a gold masked mention, every token weighing the same (several annotators: each counts).
- **Mention recall**: the share of gold masked mentions that are masked, as above (``TAB``) and
  strictly, every character including spaces (``mention_recall_strict``: the measure the
  issue's targets and its DaCy baseline use), and **character precision**: the share of
  predicted masked characters inside gold masked mentions.

A mention is masked when every character is inside a predicted span whose identifier type is
DIRECT or QUASI (NO_MASK predictions mask nothing), except, as in TAB's and DAB's evaluation,
spaces and punctuation, the words "hr", "fru", "nr", and function words (prepositions,
articles, conjunctions, the infinitive "at"; DAB finds these with spaCy tags, we with a closed
list of Danish words). Counts are summed over documents and annotators (micro average).

Command line::

    python -m pseudonymizer.dab.metrics --gold DAB_annotated_dataset.json --annotate
    python -m pseudonymizer.dab.metrics --gold gold.json --pred pred.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pseudonymizer.dab.scheme import MASKED, DabDocument, Mention, SchemeError

KINDS = ("DIRECT", "QUASI")
WORD_RE = re.compile(r"\w+")
# What TAB/DAB's evaluation does not require to be masked inside a mention.
IGNORED_CHARACTERS = frozenset(" ,.-;:/&()[]–'\" ’“”\n\t\r\xa0")
IGNORED_WORDS = frozenset({
    "hr", "fru", "nr",
    # ADP
    "i", "på", "af", "til", "med", "fra", "for", "om", "ved", "under", "over", "efter", "mod",
    "hos", "uden", "gennem", "mellem", "blandt", "siden", "inden", "indtil", "omkring",
    # DET
    "den", "det", "de", "en", "et", "denne", "dette", "disse",
    # CCONJ and PART
    "og", "eller", "men", "samt", "at",
})


@dataclass(slots=True)
class _Counts:
    hit: float = 0.0
    total: float = 0.0

    def add(self, hit: float, total: float) -> None:
        self.hit += hit
        self.total += total

    def ratio(self) -> float | None:
        return None if self.total == 0 else self.hit / self.total


def _kinds() -> dict[str, _Counts]:
    return {k: _Counts() for k in KINDS}


@dataclass(slots=True)
class _Tally:
    entity: dict[str, _Counts] = field(default_factory=_kinds)
    token: dict[str, _Counts] = field(default_factory=_kinds)
    mention: dict[str, _Counts] = field(default_factory=_kinds)
    mention_strict: dict[str, _Counts] = field(default_factory=_kinds)
    token_precision: _Counts = field(default_factory=_Counts)
    char_precision: _Counts = field(default_factory=_Counts)


def _spans(pred: Iterable) -> list[tuple[int, int]]:
    """Masked (start, end) pairs from Mention objects or span dicts (annotate_dab output)."""
    out = []
    for p in pred:
        if isinstance(p, Mention):
            start, end, idt = p.start, p.end, p.identifier_type
        else:
            start, end, idt = p["start"], p["end"], p.get("identifier_type", "NO_MASK")
        if idt in MASKED:
            out.append((start, end))
    return out


def _mask(length: int, spans: Iterable[tuple[int, int]]) -> bytearray:
    mask = bytearray(length)
    for s, e in spans:
        s, e = max(0, s), min(length, e)
        if e > s:
            mask[s:e] = b"\x01" * (e - s)
    return mask


class _Doc:
    """One gold text with what TAB's evaluation may leave unmasked precomputed."""

    def __init__(self, text: str) -> None:
        self.text = text
        free = bytearray(len(text))
        for i, ch in enumerate(text):
            if ch in IGNORED_CHARACTERS or ch.isspace():
                free[i] = 1
        for m in WORD_RE.finditer(text):
            if m.group().lower() in IGNORED_WORDS:
                free[m.start():m.end()] = b"\x01" * (m.end() - m.start())
        self.ignorable = free

    def masked(self, pmask: bytearray, s: int, e: int) -> bool:
        """Is text[s:e] masked, as TAB's evaluation decides (ignorable characters aside)?"""
        ign = self.ignorable
        return all(pmask[i] or ign[i] for i in range(s, e))


def _add_document(t: _Tally, doc: DabDocument, pred: Iterable) -> None:
    text = doc.text
    gd = _Doc(text)
    pspans = _spans(pred)
    pmask = _mask(len(text), pspans)
    gold_masks: list[bytearray] = []
    gold_intervals: list[list[tuple[int, int]]] = []
    for ann in doc.annotations:
        masked = [m for m in ann.mentions if m.masked]
        gold_masks.append(_mask(len(text), ((m.start, m.end) for m in masked)))
        gold_intervals.append([(m.start, m.end) for m in masked])
        covered = {m.id: gd.masked(pmask, m.start, m.end) for m in masked}
        for m in masked:
            t.mention[m.identifier_type].add(covered[m.id], 1)
            t.mention_strict[m.identifier_type].add(
                all(pmask[i] for i in range(m.start, m.end)), 1)
        entities = ann.entities()
        groups: dict[str, list[Mention]] = {}
        for m in masked:
            groups.setdefault(entities[m.id], []).append(m)
        for members in groups.values():
            kind = "DIRECT" if any(m.identifier_type == "DIRECT" for m in members) else "QUASI"
            t.entity[kind].add(all(covered[m.id] for m in members), 1)
            for m in members:
                for w in WORD_RE.finditer(text, m.start, m.end):
                    t.token[kind].add(gd.masked(pmask, w.start(), w.end()), 1)
    # Precision: word tokens of the predicted masked spans, each inside a gold masked mention
    # of some annotator or not (one count per annotator, as DAB does).
    n_ann = len(doc.annotations)
    for s, e in pspans:
        for w in WORD_RE.finditer(text, max(0, s), min(len(text), e)):
            ws, we = w.start(), w.end()
            hits = sum(1 for intervals in gold_intervals
                       if any(gs <= ws and we <= ge for gs, ge in intervals))
            t.token_precision.add(hits, n_ann)
    for i, v in enumerate(pmask):
        if v and not text[i].isspace():
            t.char_precision.add(1.0 if any(g[i] for g in gold_masks) else 0.0, 1.0)


def tab_metrics(gold: list[DabDocument], predicted: Mapping[str, Iterable]) -> dict:
    """TAB measures of ``predicted`` (doc id → spans) against the gold documents' annotations.

    ``predicted`` values are Mention objects or span dicts with ``start``, ``end`` and
    ``identifier_type``; a gold document without an entry counts as having no masked span.
    Returns ``{"documents", "entity_recall": {DIRECT, QUASI, ALL}, "token_recall": {...},
    "mention_recall": {...}, "mention_recall_strict": {...}, "precision_uniform": float,
    "precision_char": float, "counts": {...}}``; a ratio with nothing to count is None.
    """
    unknown = set(predicted) - {d.id for d in gold}
    if unknown:
        raise SchemeError(f"predictions for documents not in the gold set: {sorted(unknown)[:5]}")
    t = _Tally()
    for doc in gold:
        _add_document(t, doc, predicted.get(doc.id, ()))

    def block(counts: dict[str, _Counts]) -> dict:
        both = _Counts(sum(c.hit for c in counts.values()), sum(c.total for c in counts.values()))
        return {"DIRECT": counts["DIRECT"].ratio(), "QUASI": counts["QUASI"].ratio(),
                "ALL": both.ratio()}

    return {
        "documents": len(gold),
        "entity_recall": block(t.entity),
        "token_recall": block(t.token),
        "mention_recall": block(t.mention),
        "mention_recall_strict": block(t.mention_strict),
        "precision_uniform": t.token_precision.ratio(),
        "precision_char": t.char_precision.ratio(),
        "counts": {
            "entities": {k: t.entity[k].total for k in KINDS},
            "mentions": {k: t.mention[k].total for k in KINDS},
            "tokens": {k: t.token[k].total for k in KINDS},
            "predicted_tokens": t.token_precision.total,
        },
    }


# ---------------------------------------------------------------------------------------------
# Files


def load_documents(path: str | Path) -> list[DabDocument]:
    """Label Studio JSON or TAB JSON, told apart by their shape."""
    from pseudonymizer.dab.labelstudio import import_labelstudio
    from pseudonymizer.dab.tab import import_tab

    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    first = data[0] if isinstance(data, list) and data else data
    if isinstance(first, dict) and "data" in first:
        return import_labelstudio(data)
    if isinstance(first, dict) and "doc_id" in first:
        return import_tab(data)
    raise SchemeError(f"{path}: neither Label Studio tasks nor TAB documents")


def load_predictions(path: str | Path) -> dict[str, list]:
    """Predicted spans per document id: annotate's JSONL (``{id, spans}`` lines), Label Studio
    JSON (first annotation, else first prediction) or TAB JSON (first annotator)."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("{") and "\n{" in stripped or path.suffix == ".jsonl":
        out = {}
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                obj = json.loads(line)
                if "id" not in obj or "spans" not in obj:
                    raise SchemeError(f"{path}:{n}: a prediction line needs 'id' and 'spans'")
                out[str(obj["id"])] = obj["spans"]
        return out
    out = {}
    for doc in load_documents(path):
        source = doc.annotations or doc.predictions
        out[doc.id] = source[0].mentions if source else []
    return out


def format_report(result: dict) -> str:
    """A short human-readable table of ``tab_metrics`` output."""

    def f(x: float | None) -> str:
        return "  n/a" if x is None else f"{x:.3f}"

    lines = [f"documents: {result['documents']}",
             f"{'measure':<28}{'DIRECT':>8}{'QUASI':>8}{'ALL':>8}"]
    for key in ("entity_recall", "token_recall", "mention_recall", "mention_recall_strict"):
        r = result[key]
        lines.append(f"{key:<28}{f(r['DIRECT']):>8}{f(r['QUASI']):>8}{f(r['ALL']):>8}")
    lines.append(f"{'precision (uniform tokens)':<28}{f(result['precision_uniform']):>24}")
    lines.append(f"{'precision (characters)':<28}{f(result['precision_char']):>24}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m pseudonymizer.dab.metrics --gold FILE (--pred FILE | --annotate) [--json]``."""
    ap = argparse.ArgumentParser(prog="python -m pseudonymizer.dab.metrics",
                                 description="TAB measures for scheme dab")
    ap.add_argument("--gold", required=True, help="Label Studio or TAB JSON with gold annotations")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--pred", help="annotate JSONL, Label Studio JSON or TAB JSON")
    src.add_argument("--annotate", action="store_true",
                     help="evaluate the Danish pre-annotator on the gold texts")
    src.add_argument("--gold-predictions", action="store_true",
                     help="evaluate the pre-annotations stored in the gold file (Label Studio)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    try:
        gold = load_documents(args.gold)
        if args.annotate:
            from pseudonymizer.dab import annotate_dab

            pred: dict[str, list] = {d.id: annotate_dab(d.text)["spans"] for d in gold}
        elif args.gold_predictions:
            pred = {}
            for d in gold:
                spans: list = []
                # The task's predictions, with those Label Studio nests in an annotation (the
                # importer lifts them, once each). A stored pre-annotation has no identifier
                # type: it masks what it marks.
                for p in d.predictions:
                    spans += [{"start": m.start, "end": m.end, "identifier_type": "DIRECT"}
                              for m in p.mentions]
                pred[d.id] = spans
        else:
            pred = load_predictions(args.pred)
        result = tab_metrics(gold, pred)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
