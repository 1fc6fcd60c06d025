"""Quality of a pseudonymization against gold annotations (SPEC §6).

Two entry points for code and one for people:

* :func:`evaluate` compares predicted span records with gold span records (SPEC §4 objects
  ``{id, text, spans: [{start, end, label, flags, number}]}``) and returns a :class:`Report`:
  per-label precision, recall, F1 and F2, micro and macro averages, privacy recall, token
  agreement (Fleiss' kappa and Krippendorff's alpha), a label confusion matrix, flag accuracy and
  examples of false positives and negatives. The web dashboard calls it with the automatic and
  the final version of essays.
* :func:`agreement` compares two annotators of one essay (kappa, alpha, confusion matrix).
* :func:`main` is ``python -m pseudonymizer evaluate --gold GOLD.jsonl [--pred PRED.jsonl]``.

Matching rule (SPEC §6, as Table 6 of the paper): a gold span counts as found when a predicted
span with the same label overlaps it; a predicted span counts as correct when it overlaps a gold
span with the same label. Recall is counted over gold spans, precision over predicted spans.
Flags (``gen``, ``def``, ``pl``, ``foreign``) do not take part in matching; they are scored
separately on the matched pairs.

Conventions for empty sets (no division by zero): precision is 1.0 when nothing was predicted
(no false positive was made), recall is 1.0 when there is nothing to find, an F score is 0.0
when both precision and recall are 0. Kappa and alpha are 1.0 when both annotations put every
token in the same single category (perfect, if uninformative, agreement).

Example::

    >>> gold = [{"id": "e1", "text": "Jag heter Anna.", "spans": [
    ...     {"start": 10, "end": 14, "label": "firstname_female", "flags": [], "number": 1}]}]
    >>> evaluate(gold, gold).micro.f2
    1.0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import regex

from pseudonymizer.taxonomy import LABELS, LEGACY

# Labels that are never scored: comments are free text for people, not annotations of identity.
COMMENT_LABELS = frozenset({"OBS!", "Com!"})
# Flag labels live in ``flags``, never as a main label; a record that lists one as its label is
# malformed.
FLAG_LABELS = frozenset({"gen", "def", "pl", "foreign"})
# Mark-up-only labels are kept as written (SPEC §2.2): missing one leaves nothing readable that
# would otherwise have been replaced, so they do not count for privacy recall.
MARKUP_ONLY_LABELS = frozenset({"edu", "fam", "prof", "sensitive", "Cit-FL"})
NONE = "none"

# Agreement is measured over word tokens: punctuation is never labelled by anyone and would only
# inflate the agreement figures.
_WORD_RE = regex.compile(r"[\p{L}\p{N}]+(?:[-'’.:@/][\p{L}\p{N}]+)*")


class EvaluationError(ValueError):
    """Input that cannot be evaluated (mismatched records, bad offsets, broken JSON)."""


# --------------------------------------------------------------------------------------------
# Value types


@dataclass(frozen=True, slots=True)
class Annotation:
    """One labelled span of an essay, as far as evaluation is concerned."""

    start: int
    end: int
    label: str
    flags: frozenset[str] = frozenset()
    number: int | None = None
    text: str = ""

    def overlaps(self, other: Annotation) -> bool:
        return self.start < other.end and other.start < self.end

    def overlap(self, other: Annotation) -> int:
        return max(0, min(self.end, other.end) - max(self.start, other.start))


@dataclass(frozen=True, slots=True)
class Essay:
    """A text with its annotations (gold or predicted)."""

    id: str
    text: str
    spans: tuple[Annotation, ...]
    genre: str | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Scores:
    """Counts and scores for one label (or an average).

    ``support`` is the number of gold spans, ``found`` how many of them were matched;
    ``predicted`` the number of predicted spans, ``correct`` how many of them were matched.
    """

    support: int
    found: int
    predicted: int
    correct: int
    precision: float
    recall: float
    f1: float
    f2: float

    @property
    def false_negatives(self) -> int:
        return self.support - self.found

    @property
    def false_positives(self) -> int:
        return self.predicted - self.correct

    def to_json(self) -> dict[str, Any]:
        return {
            "support": self.support,
            "found": self.found,
            "predicted": self.predicted,
            "correct": self.correct,
            "false_negatives": self.false_negatives,
            "false_positives": self.false_positives,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "f2": self.f2,
        }


@dataclass(frozen=True, slots=True)
class ErrorExample:
    """A missed gold span (``fn``) or a wrong predicted span (``fp``) with its context.

    ``other_label`` is the label of the overlapping span on the other side, if any (a ``city``
    predicted where the gold says ``country`` is a confusion, not a pure false positive).
    """

    kind: str
    essay_id: str
    label: str
    text: str
    start: int
    end: int
    context: str
    other_label: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "essay_id": self.essay_id,
            "label": self.label,
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "context": self.context,
            "other_label": self.other_label,
        }


@dataclass(frozen=True, slots=True)
class FlagScores:
    """Flags compared on matched (gold, predicted) pairs.

    ``accuracy`` is the share of matched pairs whose flag sets are identical; ``per_flag`` maps a
    flag to ``{"tp", "fp", "fn"}`` counts over the same pairs.
    """

    pairs: int
    exact: int
    accuracy: float
    per_flag: dict[str, dict[str, int]]

    def to_json(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "exact": self.exact,
            "accuracy": self.accuracy,
            "per_flag": self.per_flag,
        }


@dataclass(frozen=True, slots=True)
class Agreement:
    """Agreement of two annotations over word tokens (label or ``none``) and over spans."""

    tokens: int
    observed: float
    fleiss_kappa: float
    krippendorff_alpha: float
    confusion: dict[tuple[str, str], int]

    def to_json(self) -> dict[str, Any]:
        return {
            "tokens": self.tokens,
            "observed": self.observed,
            "fleiss_kappa": self.fleiss_kappa,
            "krippendorff_alpha": self.krippendorff_alpha,
            "confusion": _confusion_json(self.confusion),
        }


@dataclass(slots=True)
class Report:
    """The result of :func:`evaluate`; ``to_json()`` for machines, ``format()`` for people."""

    essays: int
    per_label: dict[str, Scores]
    micro: Scores
    macro_f1: float
    macro_f2: float
    privacy_recall: float
    privacy_chars: tuple[int, int]
    agreement: Agreement
    flags: FlagScores
    false_negatives: dict[str, int]
    false_positives: dict[str, int]
    examples: list[ErrorExample] = field(default_factory=list)
    groups: dict[str, dict[str, Scores]] = field(default_factory=dict)
    privacy_recall_all_labels: float = 1.0

    def to_json(self) -> dict[str, Any]:
        covered, total = self.privacy_chars
        return {
            "essays": self.essays,
            "per_label": {label: s.to_json() for label, s in self.per_label.items()},
            "micro": self.micro.to_json(),
            "macro": {"f1": self.macro_f1, "f2": self.macro_f2},
            "privacy_recall": self.privacy_recall,
            "privacy_chars": {"covered": covered, "total": total},
            "privacy_recall_all_labels": self.privacy_recall_all_labels,
            "agreement": self.agreement.to_json(),
            "flags": self.flags.to_json(),
            "false_negatives": self.false_negatives,
            "false_positives": self.false_positives,
            "examples": [e.to_json() for e in self.examples],
            "groups": {
                kind: {value: scores.to_json() for value, scores in by_value.items()}
                for kind, by_value in self.groups.items()
            },
        }

    def format(self) -> str:
        """A plain-text report: the per-label table, averages, agreement, confusions, errors."""
        lines = [f"essays: {self.essays}", ""]
        head = f"{'label':<20} {'prec':>6} {'rec':>6} {'F1':>6} {'F2':>6} {'supp':>5} {'pred':>5}"
        lines += [head, "-" * len(head)]
        for label, s in self.per_label.items():
            lines.append(_score_row(label, s))
        lines.append("-" * len(head))
        lines.append(_score_row("micro", self.micro))
        lines.append(f"{'macro':<20} {'':>6} {'':>6} {self.macro_f1:6.3f} {self.macro_f2:6.3f}")
        covered, total = self.privacy_chars
        lines += [
            "",
            f"privacy recall: {self.privacy_recall:.4f} ({covered}/{total} gold characters of "
            "replaced labels inside a predicted span; all labels incl. mark-up: "
            f"{self.privacy_recall_all_labels:.4f})",
            f"token agreement over {self.agreement.tokens} word tokens: observed "
            f"{self.agreement.observed:.4f}, Fleiss' kappa {self.agreement.fleiss_kappa:.4f}, "
            f"Krippendorff's alpha {self.agreement.krippendorff_alpha:.4f}",
            f"flags on {self.flags.pairs} matched spans: accuracy {self.flags.accuracy:.4f}"
            + "".join(
                f"; {flag} tp={c['tp']} fp={c['fp']} fn={c['fn']}"
                for flag, c in self.flags.per_flag.items()
            ),
        ]
        for kind, by_value in self.groups.items():
            lines += ["", f"micro by {kind}:"]
            lines += [_score_row(f"  {value}", scores) for value, scores in by_value.items()]
        confusions = [(count, g, p) for (g, p), count in self.agreement.confusion.items() if g != p]
        if confusions:
            lines += ["", "confusions (gold → predicted, spans):"]
            for count, g, p in sorted(confusions, key=lambda c: (-c[0], c[1], c[2])):
                lines.append(f"  {g:<20} → {p:<20} {count:>4}")
        if self.examples:
            lines += ["", "errors (fn = missed gold span, fp = wrong predicted span):"]
            for e in self.examples:
                other = f" [other side: {e.other_label}]" if e.other_label else ""
                lines.append(
                    f"  {e.kind} {e.label:<18} {e.essay_id}: {e.text!r}{other} … {e.context}"
                )
        return "\n".join(lines)


def _score_row(label: str, s: Scores) -> str:
    return (
        f"{label:<20} {s.precision:6.3f} {s.recall:6.3f} {s.f1:6.3f} {s.f2:6.3f} "
        f"{s.support:>5} {s.predicted:>5}"
    )


def _confusion_json(confusion: Mapping[tuple[str, str], int]) -> list[dict[str, Any]]:
    return [
        {"a": a, "b": b, "count": count}
        for (a, b), count in sorted(confusion.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


# --------------------------------------------------------------------------------------------
# Parsing records


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def to_annotation(span: Any, text: str, *, where: str = "") -> Annotation:
    """Turn a span dict (SPEC §4) or a :class:`~pseudonymizer.document.Span` into an Annotation.

    Raises :class:`EvaluationError` when the offsets do not fit the text or the span's ``text``
    does not equal the characters at its offsets.
    """
    try:
        start, end = int(_get(span, "start")), int(_get(span, "end"))
    except (TypeError, ValueError) as exc:
        raise EvaluationError(f"{where}span without integer start/end: {span!r}") from exc
    label = _get(span, "label")
    if not isinstance(label, str) or not label:
        raise EvaluationError(f"{where}span without a label: {span!r}")
    if LEGACY.get(label):  # older SVALA names (firstname:male, city-SWE …), SPEC §2
        label = LEGACY[label]
    if label in FLAG_LABELS:
        raise EvaluationError(f"{where}{label!r} is a flag, not a main label: {span!r}")
    if not 0 <= start < end <= len(text):
        raise EvaluationError(
            f"{where}span offsets {start}:{end} outside the text (length {len(text)})"
        )
    surface = _get(span, "text")
    if surface not in (None, "") and surface != text[start:end]:
        raise EvaluationError(
            f"{where}span text {surface!r} differs from the text at {start}:{end} "
            f"({text[start:end]!r})"
        )
    number = _get(span, "number")
    return Annotation(
        start=start,
        end=end,
        label=label,
        flags=frozenset(_get(span, "flags") or ()),
        number=int(number) if number not in (None, "") else None,
        text=text[start:end],
    )


def to_essay(record: Any, *, index: int = 0) -> Essay:
    """Turn one record ``{id, text, spans, genre?, level?}`` into an :class:`Essay`.

    Comment labels (``OBS!``, ``Com!``) are dropped; spans are sorted by offset.
    """
    text = _get(record, "text")
    if not isinstance(text, str):
        raise EvaluationError(f"record {index + 1}: no text")
    essay_id = _get(record, "id")
    essay_id = str(essay_id) if essay_id not in (None, "") else str(index + 1)
    where = f"essay {essay_id}: "
    spans = [
        to_annotation(s, text, where=where)
        for s in (_get(record, "spans") or ())
        if _get(s, "label") not in COMMENT_LABELS
    ]
    spans.sort(key=lambda a: (a.start, a.end, a.label))
    return Essay(
        id=essay_id,
        text=text,
        spans=tuple(spans),
        genre=_get(record, "genre"),
        level=_get(record, "level"),
    )


def _pair_records(
    gold_records: Sequence[Any], pred_records: Sequence[Any]
) -> list[tuple[Essay, Essay]]:
    gold = [to_essay(r, index=i) for i, r in enumerate(gold_records)]
    pred = [to_essay(r, index=i) for i, r in enumerate(pred_records)]
    by_id: dict[str, Essay] = {}
    for essay in pred:
        if essay.id in by_id:
            raise EvaluationError(f"prediction for essay {essay.id} given twice")
        by_id[essay.id] = essay
    missing = [g.id for g in gold if g.id not in by_id]
    if missing:
        raise EvaluationError(
            f"no prediction for {len(missing)} gold essay(s): {', '.join(missing[:10])}"
        )
    gold_ids = {g.id for g in gold}
    extra = [p.id for p in pred if p.id not in gold_ids]
    if extra:
        raise EvaluationError(f"prediction for essay(s) not in the gold set: {', '.join(extra)}")
    pairs = []
    for g in gold:
        p = by_id[g.id]
        if p.text != g.text:
            raise EvaluationError(f"essay {g.id}: the predicted text differs from the gold text")
        pairs.append((g, p))
    return pairs


# --------------------------------------------------------------------------------------------
# Metrics


def f_beta(precision: float, recall: float, beta: float) -> float:
    """F-beta score; 0.0 when precision and recall are both 0."""
    b2 = beta * beta
    denominator = b2 * precision + recall
    if denominator == 0:
        return 0.0
    return (1 + b2) * precision * recall / denominator


def _scores(support: int, found: int, predicted: int, correct: int) -> Scores:
    precision = correct / predicted if predicted else 1.0
    recall = found / support if support else 1.0
    return Scores(
        support=support,
        found=found,
        predicted=predicted,
        correct=correct,
        precision=precision,
        recall=recall,
        f1=f_beta(precision, recall, 1.0),
        f2=f_beta(precision, recall, 2.0),
    )


def fleiss_kappa(table: Any) -> float:
    """Fleiss' kappa for a table of items × categories holding how many raters chose each.

    Every item must have the same number of raters (≥ 2). Follows Fleiss (1971): with ``n``
    raters, ``P_i = (Σ_j n_ij² − n) / (n(n − 1))``, ``P̄`` their mean, ``p_j`` the share of all
    assignments to category ``j`` and ``P_e = Σ_j p_j²``, kappa is ``(P̄ − P_e) / (1 − P_e)``.
    When ``P_e == 1`` (everyone always chose one category) the formula is 0/0; we return 1.0,
    since the raters agree on every item. An empty table also gives 1.0.

    >>> round(fleiss_kappa([[2, 0], [0, 2], [1, 1]]), 4)
    0.3333
    """
    import numpy as np

    try:
        counts = np.asarray(table, dtype=np.int64)
    except ValueError as exc:
        raise ValueError("every item must have the same number of categories") from exc
    if counts.size == 0:
        return 1.0
    if counts.ndim != 2:
        raise ValueError("every item must have the same number of categories")
    per_item = counts.sum(axis=1)
    raters = int(per_item[0])
    if raters < 2:
        raise ValueError("Fleiss' kappa needs at least two raters per item")
    if (per_item != raters).any():
        raise ValueError("every item must be rated by the same number of raters")
    items = counts.shape[0]
    p_bar = float(((counts * counts).sum(axis=1) - raters).sum()) / (items * raters * (raters - 1))
    shares = counts.sum(axis=0) / (items * raters)
    p_e = float((shares * shares).sum())
    if p_e >= 1.0:
        return 1.0
    return (p_bar - p_e) / (1.0 - p_e)


def fleiss_kappa_two_raters(a: Sequence[str], b: Sequence[str]) -> float:
    """:func:`fleiss_kappa` for two raters, straight from their labels (no items × categories
    table, so memory stays linear in the number of units): ``P̄`` is the share of units where
    both agree and ``p_j`` the share of all assignments to category ``j``.
    """
    if len(a) != len(b):
        raise ValueError("both raters must rate the same units")
    if not a:
        return 1.0
    p_bar = sum(1 for x, y in zip(a, b, strict=True) if x == y) / len(a)
    totals = Counter(a)
    totals.update(b)
    p_e = sum((t / (2 * len(a))) ** 2 for t in totals.values())
    if p_e >= 1.0:
        return 1.0
    return (p_bar - p_e) / (1.0 - p_e)


# The ``krippendorff`` package materializes a units × values × values array; above this many
# elements (≈ 40 MB of floats) the same nominal alpha is computed from the coincidence matrix
# directly (identical result, checked against the package in the tests).
_KRIPPENDORFF_PACKAGE_LIMIT = 5_000_000


def krippendorff_alpha(a: Sequence[str], b: Sequence[str]) -> float:
    """Krippendorff's alpha (nominal) of two raters who both rated every unit.

    Computed with the ``krippendorff`` package for ordinary sizes; for large inputs (where the
    package would need gigabytes) from the coincidence matrix: each unit ``(x, y)`` adds 1 to
    ``o[x][y]`` and ``o[y][x]``, ``n_c`` are the row sums, ``n = 2·units`` and
    ``alpha = 1 − (n − 1)·Σ_{c≠k} o_ck / Σ_{c≠k} n_c·n_k``.
    Returns 1.0 when both raters use one single category throughout (the package refuses a
    one-value domain; the raters do agree on every unit), and for no units at all.
    """
    import numpy as np

    if len(a) != len(b):
        raise ValueError("both raters must rate the same units")
    categories = sorted(set(a) | set(b))
    if len(categories) <= 1:
        return 1.0
    code = {c: i for i, c in enumerate(categories)}
    x = np.fromiter((code[v] for v in a), dtype=np.int64, count=len(a))
    y = np.fromiter((code[v] for v in b), dtype=np.int64, count=len(b))
    size = len(categories)
    if len(a) * size * size <= _KRIPPENDORFF_PACKAGE_LIMIT:
        import krippendorff

        data = np.vstack([x, y]).astype(float)
        return float(krippendorff.alpha(reliability_data=data, level_of_measurement="nominal"))
    coincidence = np.zeros((size, size), dtype=np.float64)
    np.add.at(coincidence, (x, y), 1.0)
    coincidence += coincidence.T.copy()
    n_c = coincidence.sum(axis=1)
    n = n_c.sum()
    observed = coincidence.sum() - np.trace(coincidence)
    expected = n_c.sum() ** 2 - (n_c * n_c).sum()
    return float(1.0 - (n - 1.0) * observed / expected)


def word_tokens(text: str) -> list[tuple[int, int]]:
    """Character ranges of the word tokens of ``text`` (letters/digits, inner - ' . : @ /)."""
    return [m.span() for m in _WORD_RE.finditer(text)]


def token_labels(
    text: str, spans: Sequence[Annotation], tokens: Sequence[tuple[int, int]] | None = None
) -> list[str]:
    """The label of each word token: that of the span covering most of it, else ``none``."""
    tokens = word_tokens(text) if tokens is None else tokens
    ordered = sorted(spans, key=lambda s: s.start)
    labels: list[str] = []
    first = 0
    for start, end in tokens:
        while first < len(ordered) and ordered[first].end <= start:
            first += 1
        best, best_overlap = NONE, 0
        for span in ordered[first:]:
            if span.start >= end:
                break
            overlap = min(end, span.end) - max(start, span.start)
            if overlap > best_overlap:
                best, best_overlap = span.label, overlap
        labels.append(best)
    return labels


def span_confusion(a: Sequence[Annotation], b: Sequence[Annotation]) -> Counter[tuple[str, str]]:
    """Label confusion between two span sets.

    Each span of ``a`` is paired with the overlapping span of ``b`` that shares the most
    characters (preferring the same label on ties), or with ``none``; each span of ``b`` that
    overlaps nothing in ``a`` counts as ``(none, label)``.
    """
    counts: Counter[tuple[str, str]] = Counter()
    for x in a:
        best: Annotation | None = None
        for y in b:
            if x.overlaps(y):
                key = (x.overlap(y), y.label == x.label)
                if best is None or key > (x.overlap(best), best.label == x.label):
                    best = y
        counts[(x.label, best.label if best else NONE)] += 1
    for y in b:
        if not any(y.overlaps(x) for x in a):
            counts[(NONE, y.label)] += 1
    return counts


def _agreement_from_labels(
    a_labels: Sequence[str], b_labels: Sequence[str], confusion: Counter[tuple[str, str]]
) -> Agreement:
    same = sum(1 for x, y in zip(a_labels, b_labels, strict=True) if x == y)
    return Agreement(
        tokens=len(a_labels),
        observed=same / len(a_labels) if a_labels else 1.0,
        fleiss_kappa=fleiss_kappa_two_raters(a_labels, b_labels),
        krippendorff_alpha=krippendorff_alpha(a_labels, b_labels),
        confusion=dict(confusion),
    )


def agreement(annotations_a: Iterable[Any], annotations_b: Iterable[Any], text: str) -> Agreement:
    """Agreement of two annotators on one essay.

    ``annotations_a``/``annotations_b`` are span dicts (SPEC §4) or Span objects with character
    offsets into ``text``. Kappa and alpha are computed over word tokens (label or ``none``);
    the confusion matrix pairs overlapping spans (see :func:`span_confusion`).
    """
    a = [to_annotation(s, text) for s in annotations_a if _get(s, "label") not in COMMENT_LABELS]
    b = [to_annotation(s, text) for s in annotations_b if _get(s, "label") not in COMMENT_LABELS]
    tokens = word_tokens(text)
    return _agreement_from_labels(
        token_labels(text, a, tokens), token_labels(text, b, tokens), span_confusion(a, b)
    )


def _context(text: str, start: int, end: int, width: int = 40) -> str:
    left = text[max(0, start - width) : start]
    right = text[end : end + width]
    return " ".join(f"{left}[{text[start:end]}]{right}".split())


def evaluate(
    gold_records: Sequence[Any],
    pred_records: Sequence[Any],
    *,
    labels: Iterable[str] | None = None,
    examples: int = 3,
) -> Report:
    """Score predicted spans against gold spans (SPEC §6) and return a :class:`Report`.

    Records are SPEC §4 objects (dicts, or objects with ``id``, ``text``, ``spans``, optional
    ``genre`` and ``level``); predicted records are paired with gold records by ``id`` and must
    carry the same text. ``labels`` restricts everything (scores, privacy recall, agreement) to
    those labels. ``examples`` is how many false negatives and false positives to keep per label.
    """
    pairs = _pair_records(gold_records, pred_records)
    keep = frozenset(labels) if labels is not None else None

    def selected(spans: Iterable[Annotation]) -> list[Annotation]:
        return [s for s in spans if keep is None or s.label in keep]

    support: Counter[str] = Counter()
    found: Counter[str] = Counter()
    predicted: Counter[str] = Counter()
    correct: Counter[str] = Counter()
    # Micro counts per genre and per level: (support, found, predicted, correct).
    groups: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    confusion: Counter[tuple[str, str]] = Counter()
    fn_examples: dict[str, list[ErrorExample]] = defaultdict(list)
    fp_examples: dict[str, list[ErrorExample]] = defaultdict(list)
    flag_pairs = flag_exact = 0
    per_flag: dict[str, Counter[str]] = defaultdict(Counter)
    covered_chars = total_chars = covered_all = total_all = 0
    a_labels: list[str] = []
    b_labels: list[str] = []

    for gold_essay, pred_essay in pairs:
        text = gold_essay.text
        gold = selected(gold_essay.spans)
        pred = selected(pred_essay.spans)
        counts = [0, 0, 0, 0]
        for g in gold:
            support[g.label] += 1
            counts[0] += 1
            same = [p for p in pred if p.label == g.label and p.overlaps(g)]
            if same:
                found[g.label] += 1
                counts[1] += 1
                # Flags are compared with the predicted span that shares most characters.
                best = max(same, key=g.overlap)
                flag_pairs += 1
                flag_exact += g.flags == best.flags
                for flag in g.flags | best.flags:
                    if flag in g.flags and flag in best.flags:
                        per_flag[flag]["tp"] += 1
                    else:
                        per_flag[flag]["fn" if flag in g.flags else "fp"] += 1
            elif len(fn_examples[g.label]) < examples:
                other = next((p.label for p in pred if p.overlaps(g)), None)
                fn_examples[g.label].append(_example("fn", gold_essay, g, other))
        for p in pred:
            predicted[p.label] += 1
            counts[2] += 1
            if any(g.label == p.label and g.overlaps(p) for g in gold):
                correct[p.label] += 1
                counts[3] += 1
            elif len(fp_examples[p.label]) < examples:
                other = next((g.label for g in gold if g.overlaps(p)), None)
                fp_examples[p.label].append(_example("fp", gold_essay, p, other))
        for kind, value in (("genre", gold_essay.genre), ("level", gold_essay.level)):
            if value:
                key = (kind, str(value))
                groups[key] = [x + y for x, y in zip(groups[key], counts, strict=True)]
        confusion.update(span_confusion(gold, pred))

        # Privacy recall: non-space characters of gold spans inside any prediction, counted for
        # the replaced labels (the figure that matters) and for all labels.
        covered = bytearray(len(text))
        for p in pred:
            covered[p.start : p.end] = b"\x01" * (p.end - p.start)
        for g in gold:
            inside = sum(1 for i in range(g.start, g.end) if covered[i] and not text[i].isspace())
            chars = sum(1 for ch in g.text if not ch.isspace())
            covered_all += inside
            total_all += chars
            if g.label not in MARKUP_ONLY_LABELS:
                covered_chars += inside
                total_chars += chars

        tokens = word_tokens(text)
        a_labels += token_labels(text, gold, tokens)
        b_labels += token_labels(text, pred, tokens)

    all_labels = sorted(set(support) | set(predicted))
    per_label = {
        label: _scores(support[label], found[label], predicted[label], correct[label])
        for label in all_labels
    }
    micro = _scores(
        sum(support.values()),
        sum(found.values()),
        sum(predicted.values()),
        sum(correct.values()),
    )
    macro_f1 = sum(s.f1 for s in per_label.values()) / len(per_label) if per_label else 1.0
    macro_f2 = sum(s.f2 for s in per_label.values()) / len(per_label) if per_label else 1.0
    by_group: dict[str, dict[str, Scores]] = defaultdict(dict)
    for (kind, value), c in sorted(groups.items()):
        by_group[kind][value] = _scores(*c)
    examples_list: list[ErrorExample] = []
    for label in all_labels:
        examples_list += fn_examples.get(label, [])
        examples_list += fp_examples.get(label, [])
    return Report(
        essays=len(pairs),
        per_label=per_label,
        micro=micro,
        macro_f1=macro_f1,
        macro_f2=macro_f2,
        privacy_recall=covered_chars / total_chars if total_chars else 1.0,
        privacy_chars=(covered_chars, total_chars),
        privacy_recall_all_labels=covered_all / total_all if total_all else 1.0,
        agreement=_agreement_from_labels(a_labels, b_labels, confusion),
        flags=FlagScores(
            pairs=flag_pairs,
            exact=flag_exact,
            accuracy=flag_exact / flag_pairs if flag_pairs else 1.0,
            per_flag={
                flag: {k: per_flag[flag][k] for k in ("tp", "fp", "fn")}
                for flag in sorted(per_flag)
            },
        ),
        false_negatives={
            label: s.false_negatives for label, s in per_label.items() if s.false_negatives
        },
        false_positives={
            label: s.false_positives for label, s in per_label.items() if s.false_positives
        },
        examples=examples_list,
        groups=dict(by_group),
    )


def _example(kind: str, essay: Essay, span: Annotation, other: str | None) -> ErrorExample:
    return ErrorExample(
        kind=kind,
        essay_id=essay.id,
        label=span.label,
        text=span.text,
        start=span.start,
        end=span.end,
        context=_context(essay.text, span.start, span.end),
        other_label=other,
    )


# --------------------------------------------------------------------------------------------
# Running the annotator, reading files, the command line


def predict(
    gold_records: Iterable[Any], annotate: Callable[..., Any] | None = None
) -> Iterator[dict[str, Any]]:
    """Run the annotator on each gold text (with the record's genre) and yield span records.

    ``annotate`` defaults to :func:`pseudonymizer.annotate`; the essay id is the seed, so the
    run is reproducible.
    """
    if annotate is None:
        from pseudonymizer import annotate as default_annotate

        annotate = default_annotate
    for index, record in enumerate(gold_records):
        text = _get(record, "text")
        if not isinstance(text, str):
            raise EvaluationError(f"record {index + 1}: no text")
        essay_id = _get(record, "id")
        essay_id = str(essay_id) if essay_id not in (None, "") else str(index + 1)
        result = annotate(
            text, lang=_get(record, "lang") or "sv", genre=_get(record, "genre"), seed=essay_id
        )
        spans: list[Any] = [s.to_json() if hasattr(s, "to_json") else s for s in result.spans]
        yield {"id": essay_id, "text": text, "spans": spans}


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    """Read a JSONL file (``-`` = standard input); errors name the file and line."""
    name = str(path)
    stream = sys.stdin.buffer if name == "-" else None
    try:
        handle = stream or open(name, "rb")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise EvaluationError(f"cannot read {name}: {exc.strerror}") from exc
    records = []
    try:
        for number, raw in enumerate(handle, 1):
            try:  # line by line, so that a bad byte is reported with its line
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")  # a BOM may open it
            except UnicodeDecodeError as exc:
                raise EvaluationError(f"{name}, line {number}: not UTF-8 ({exc.reason})") from exc
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise EvaluationError(f"{name}, line {number}: not JSON ({exc.msg})") from exc
            if not isinstance(record, dict):
                raise EvaluationError(f"{name}, line {number}: not a JSON object")
            records.append(record)
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
    return records


def unknown_labels(records: Iterable[Any]) -> Counter[str]:
    """Span labels of ``records`` that are not in the SweLL taxonomy (legacy names count as
    known): usually typing errors in a gold file."""
    found: Counter[str] = Counter()
    for record in records:
        for span in _get(record, "spans") or ():
            label = _get(span, "label")
            if isinstance(label, str) and label not in LABELS and label not in LEGACY:
                found[label] += 1
    return found


def build_parser() -> argparse.ArgumentParser:
    """The ``evaluate`` command's arguments (other schemes add theirs in :func:`main`)."""
    parser = argparse.ArgumentParser(
        prog="python -m pseudonymizer evaluate",
        description=(
            "Compare predicted spans with gold spans (SPEC §6): per-label precision, recall, "
            "F1, F2, micro/macro averages, privacy recall, Fleiss' kappa and Krippendorff's "
            "alpha over word tokens, a label confusion matrix and error examples."
        ),
    )
    parser.add_argument("--gold", required=True, help="gold span JSONL (SPEC §4 records)")
    parser.add_argument(
        "--pred",
        help="predicted span JSONL; without it the annotator runs on the gold texts "
        "(with each record's genre)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--labels",
        nargs="+",
        metavar="LABEL",
        help="evaluate only these labels (space- or comma-separated)",
    )
    parser.add_argument(
        "--errors",
        type=int,
        default=3,
        metavar="N",
        help="false negatives and positives shown per label (default 3, 0 = none)",
    )
    parser.add_argument(
        "--scheme",
        default="swell",
        choices=sorted(SCHEMES),
        help="annotation scheme of the files (default swell)",
    )
    return parser


def _run_swell(args: argparse.Namespace) -> int:
    gold = read_jsonl(args.gold)
    pred = read_jsonl(args.pred) if args.pred else list(predict(gold))
    labels = None
    if args.labels:
        labels = [part for item in args.labels for part in item.split(",") if part]
    for name, records in (("gold", gold), ("prediction", pred)):
        odd = unknown_labels(records)
        if odd:
            listed = ", ".join(f"{label} ({n})" for label, n in odd.most_common())
            print(f"evaluate: warning: {name} labels not in the taxonomy: {listed}",
                  file=sys.stderr)
    report = evaluate(gold, pred, labels=labels, examples=max(args.errors, 0))
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(report.format())
    return 0


def _run_dab(args: argparse.Namespace) -> int:
    # TAB measures of scheme dab; --gold/--pred are Label Studio or TAB JSON (or annotate's
    # JSONL for --pred), without --pred the Danish pre-annotator runs on the gold texts.
    from pseudonymizer.dab.metrics import main as dab_metrics

    argv = ["--gold", args.gold, *(["--pred", args.pred] if args.pred else ["--annotate"])]
    return dab_metrics(argv + (["--json"] if args.json else []))


# One runner per scheme; a new scheme adds its function here (and its options to the parser).
SCHEMES: dict[str, Callable[[argparse.Namespace], int]] = {"swell": _run_swell, "dab": _run_dab}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m pseudonymizer evaluate``; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return SCHEMES[args.scheme](args)
    except EvaluationError as exc:
        print(f"evaluate: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
