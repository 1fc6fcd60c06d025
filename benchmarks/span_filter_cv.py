"""Leave-one-set-out cross-validation of a learned span filter. RESULT: NEGATIVE, NOT SHIPPED.

Usage: PYTHONPATH=$PWD .venv/bin/python benchmarks/span_filter_cv.py [--rebuild] [--l2 X]
       [--entity-mean] [--drop P1,LP1,...] [--in-sample] [--label-choice] [--gbt]
(about 40 s; --gbt needs scikit-learn on the path, which is not a project dependency.)

Step 1 (cached in /tmp/ml-filter/dataset.pkl): every essay of the training pool (dev, heldout,
heldout2, heldout3, train4 … train23: 24 sets; never heldout4–8 or dab_heldout) goes through
the pipeline up to the resolution with its record's genre (what ``predict`` passes); each
resolved span is one example (checked equal to the spans ``predict`` returns), y = 1 when
``evaluate`` counts it correct (a gold span of the same label overlaps it). Features (see
``span_features``): label, detector, label×detector, score bucket, genre, case, tokens, the
1–2 lower-cased words before/after (a vocabulary of words seen >= 10 times in >= 4 training
sets, else <oov>/<num>/<punct>), label×previous/next word, first/second person in the
sentence, quotes, line/sentence start, short last line, mentions of the same surface, flags,
and the competing detector proposals (agreement, rival label, score margin).
Step 2: for each set, a logistic model (L2, numpy, preconditioned gradient descent) is trained
on the other 23 sets (vocabulary too); that set's spans with P(correct) < t are dropped and the
set is scored again with the real ``evaluate``.

Results at integ 599d90e (11 697 resolved spans, 703 of them wrong; micro F2 gain per set):

  set       F2     l2=1,t=.1  l2=3,t=.15  | in-sample l2=1,t=.2 (not an estimate)
  dev       0.9888  +0.0000    +0.0000    |  +0.0000
  heldout   0.9815  +0.0000    +0.0000    |  +0.0000
  heldout2  0.9824  +0.0000    +0.0000    |  +0.0000
  heldout3  0.9481  +0.0000    +0.0000    |  +0.0000
  train4    0.9758  +0.0000    +0.0000    |  +0.0000
  train5    0.9865  +0.0000    +0.0000    |  +0.0000
  train6    0.9520  +0.0000    +0.0000    |  +0.0000
  train7    0.9502  -0.0011    +0.0000    |  -0.0008
  train8    0.9791  -0.0021    +0.0000    |  +0.0000
  train9    0.9495  +0.0000    +0.0000    |  +0.0007
  train10   0.9687  +0.0000    +0.0000    |  +0.0000
  train11   0.9653  +0.0000    +0.0000    |  +0.0005
  train12   0.9414  +0.0000    +0.0000    |  +0.0000
  train13   0.9363  +0.0000    +0.0000    |  +0.0000
  train14   0.9570  +0.0000    +0.0000    |  +0.0003
  train15   0.9365  +0.0000    +0.0000    |  +0.0004
  train16   0.9179  +0.0000    +0.0000    |  +0.0000
  train17   0.9281  +0.0000    +0.0000    |  +0.0005
  train18   0.9528  +0.0006    +0.0000    |  +0.0006
  train19   0.8774  +0.0014    +0.0007    |  +0.0021
  train20   0.9135  +0.0000    +0.0000    |  +0.0009
  train21   0.9121  +0.0000    +0.0000    |  +0.0005
  train22   0.9235  +0.0003    +0.0003    |  +0.0010
  train23   0.9035  +0.0000    +0.0000    |  +0.0025

Summed CV gain over the 24 sets for t = 0.05 / 0.1 / 0.15 / 0.2 / 0.25 / 0.3:
  logistic l2=1            -0.0015 -0.0009 -0.0037 -0.0136 -0.0206 -0.0320
  logistic l2=1, entity    -0.0015 -0.0029 -0.0056 -0.0156 -0.0205 -0.0337
    (mean probability over an entity's mentions)
  logistic l2=3            +0.0000 +0.0000 +0.0010 -0.0004 -0.0007 -0.0037
  logistic l2=1, without label×word, label×genre/score/case, 2nd words, surface:
                           +0.0000 +0.0000 -0.0009 -0.0009 -0.0009 -0.0022
  gradient-boosted trees   all 0: no out-of-fold P below 0.3
  in-sample l2=1           +0.0000 +0.0023 +0.0044 +0.0091 +0.0126 +0.0152
Label choice (one-vs-rest models inside {firstname_male, _female, _unknown} and {city,
place, area, geo, region}; switch when another label is likelier by a margin 0/.1/.2/.3/.4):
  -0.0196 -0.0156 -0.0094 -0.0019 -0.0019 (it rarely switches, and the switches are wrong).

Why: under F2 a span is worth dropping only when P(correct) < F2/5 ≈ 0.19 (dropping a wrong
span gains F2/D, dropping the only match of a gold span costs (5 - F2)/D). Out of fold the
model finds almost no such spans and is not calibrated there (l2=1: 19 spans below 0.2, 10 of
them correct; 42 below 0.3, 25 correct). The wrong spans are a long tail spread over labels
and detectors (kin words, days, professions, small institutions, geo-label confusions), and
the judgement calls (a kin word labelled 40–99 % of the time) sit far above 0.19, where F2
says keep them anyway. In-sample the same model "wins" +0.015: it learns the training sets'
surfaces, not a rule that carries over. Features cost 35–60 µs per span (pure Python), 5–8 %
of the pass, for nothing. Decision: no learned filter, no label-choice model.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import sys
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import regex

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pseudonymizer import pipeline  # noqa: E402
from pseudonymizer.document import Candidate, Document  # noqa: E402
from pseudonymizer.evaluation import evaluate, predict, read_jsonl, to_annotation  # noqa: E402
from pseudonymizer.tokenize import tokenize  # noqa: E402

# --- features of a resolved span (cheap, general; what a run-time filter would compute)

_FIRST = regex.compile(r"(?i)\b(?:jag|mig|mej|min|mitt|mina|vi|oss|vår|vårt|våra)\b")
_SECOND = regex.compile(r"(?i)\b(?:du|dig|dej|din|ditt|dina|ni|er|era|ert)\b")
_QUOTES = '"“”«»„'


def _ctx(word: str, vocab: frozenset[str] | None) -> str:
    if vocab is None or word in vocab or word in ("<s>", "</s>"):
        return word
    if word.isdigit():
        return "<num>"
    if not any(ch.isalnum() for ch in word):
        return "<punct>"
    return "<oov>"


def _proposal_features(
    cand: Candidate, proposals: Sequence[Candidate], pstarts: list[int], maxlen: int
) -> list[str]:
    """Agreement and competition among the detector proposals over the chosen span."""
    lo = bisect_left(pstarts, cand.start - maxlen)
    hi = bisect_left(pstarts, cand.end)
    agree = 0
    rival: Candidate | None = None
    others = 0
    for p in proposals[lo:hi]:
        if p.end <= cand.start or p is cand:
            continue
        if p.label == cand.label:
            if p.source != cand.source:
                agree += 1
        else:
            others += 1
            if rival is None or p.score > rival.score:
                rival = p
    f = ["AG=" + str(min(agree, 2)), "OT=" + str(min(others, 2))]
    if rival is not None:
        f.append("RU=" + cand.label + ">" + rival.label)
        f.append("MG=" + str(max(-2, min(int((cand.score - rival.score) * 10), 5))))
    return f


def span_features(
    doc: Document,
    chosen: Sequence[Candidate],
    vocab: frozenset[str] | None = None,
    proposals: Sequence[Candidate] | None = None,
) -> list[list[str]]:
    """One list of feature names per candidate of ``chosen`` (sorted by start, no overlaps).

    ``vocab`` restricts the context words and surfaces (others become ``<oov>``); ``None``
    keeps them all (for counting the vocabulary when training).
    """
    text = doc.text
    starts = doc.starts
    lowers = doc.lowers
    ntok = len(starts)
    genre = (doc.genre or "none").lower()
    surfaces = [text[c.start : c.end].lower() for c in chosen]
    mentions = Counter(surfaces)
    stripped = text.rstrip()
    last_line_start = stripped.rfind("\n") + 1
    last_line_short = len(stripped[last_line_start:].split()) <= 4
    if proposals is not None:
        proposals = sorted(proposals, key=lambda c: c.start)
        pstarts = [c.start for c in proposals]
        maxlen = max((c.end - c.start for c in proposals), default=0)
    out = []
    for cand, surface in zip(chosen, surfaces, strict=True):
        label = cand.label
        i = bisect_left(starts, cand.start)
        j = bisect_left(starts, cand.end)
        p1 = _ctx(lowers[i - 1], vocab) if i >= 1 else "<s>"
        p2 = _ctx(lowers[i - 2], vocab) if i >= 2 else "<s>"
        n1 = _ctx(lowers[j], vocab) if j < ntok else "</s>"
        n2 = _ctx(lowers[j + 1], vocab) if j + 1 < ntok else "</s>"
        raw = text[cand.start : cand.end]
        if raw.isupper() and len(raw) > 1:
            case = "upper"
        elif raw[:1].isupper():
            case = "title"
        elif raw[:1].islower():
            case = "lower"
        else:
            case = "other"
        n = j - i
        f = [
            "bias",
            "L=" + label,
            "S=" + (cand.source or "-"),
            "LS=" + label + "|" + (cand.source or "-"),
            "G=" + genre,
            "LG=" + label + "|" + genre,
            "C=" + case,
            "LC=" + label + "|" + case,
            "N=" + str(min(n, 3)),
            "SC=" + str(min(int(cand.score * 10), 10)),
            "LSC=" + label + "|" + str(min(int(cand.score * 10), 10)),
            "P1=" + p1,
            "P2=" + p2,
            "N1=" + n1,
            "N2=" + n2,
            "LP1=" + label + "|" + p1,
            "LN1=" + label + "|" + n1,
            "M=" + str(min(mentions[surface], 3)),
        ]
        if case == "lower":
            f.append("W=" + _ctx(surface, vocab))
        sent_lo, sent_hi = 0, len(text)
        if i < ntok:
            first, last = doc.sentences[doc.tokens[i].sentence]
            sent_lo = starts[first]
            sent_hi = doc.ends[last - 1]
        if _FIRST.search(text, sent_lo, sent_hi):
            f.append("first")
        if _SECOND.search(text, sent_lo, sent_hi):
            f.append("second")
        line_start = text.rfind("\n", 0, cand.start) + 1
        if not text[line_start : cand.start].strip():
            f.append("linestart")
        if i in doc.sentence_starts:
            f.append("sentstart")
        if sum(text.count(q, line_start, cand.start) for q in _QUOTES) % 2:
            f.append("quote")
        if last_line_short and cand.start >= last_line_start:
            f.append("lastline")
        for flag in cand.flags:
            f.append("F=" + flag)
        if proposals is not None:
            f += _proposal_features(cand, proposals, pstarts, maxlen)
        out.append(f)
    return out


# --- data set, models, cross-validation

SETS = ["dev", "heldout", "heldout2", "heldout3"] + [f"train{i}" for i in range(4, 24)]
FRESH = [f"train{i}" for i in range(19, 24)]
CACHE = Path("/tmp/ml-filter/dataset.pkl")
WORD_PREFIXES = ("P1=", "P2=", "N1=", "N2=", "W=")
LABEL_WORD_PREFIXES = ("LP1=", "LN1=")


def gold_path(name: str) -> Path:
    if name == "dev":
        return ROOT / "tests/data/gold/dev.jsonl"
    return ROOT / f"tests/data/{name}/{name}.jsonl"


def chosen_for(text: str, genre: str | None):
    """The pipeline of ``pipeline._annotate`` up to the resolved candidates."""
    options = pipeline._DEFAULT_OPTIONS
    gazetteer = pipeline.default_gazetteer()
    doc = tokenize(text, lang="sv", genre=genre)
    proposals: list[Candidate] = []
    for detector in pipeline.get_detectors(gazetteer, options):
        proposals.extend(detector.detect(doc))
    proposals = pipeline._filter_profile(doc, proposals, options)
    chosen = pipeline.resolve(text, proposals, options)
    return doc, chosen, proposals


def build_set(name: str) -> tuple[str, list[dict]]:
    gold = read_jsonl(gold_path(name))
    essays = []
    for rec in gold:
        text = rec["text"]
        doc, chosen, proposals = chosen_for(text, rec.get("genre"))
        feats = span_features(doc, chosen, None, proposals)
        golds = [to_annotation(s, text) for s in rec.get("spans") or ()]
        ys = [
            int(any(g.label == c.label and g.start < c.end and c.start < g.end for g in golds))
            for c in chosen
        ]
        keys = [(c.label, c.key or text[c.start : c.end].lower()) for c in chosen]
        essays.append(
            {
                "id": rec["id"],
                "offsets": [(c.start, c.end) for c in chosen],
                "feats": feats,
                "y": ys,
                "keys": keys,
            }
        )
    # the real predictions, to check that the resolved spans are the predicted spans
    pred = list(predict(gold))
    for e, p in zip(essays, pred, strict=True):
        assert [(s["start"], s["end"]) for s in p["spans"]] == e["offsets"], e["id"]
    return name, essays


def build(rebuild: bool) -> dict[str, list[dict]]:
    if CACHE.exists() and not rebuild:
        return pickle.loads(CACHE.read_bytes())
    with Pool(2) as pool:
        data = dict(pool.map(build_set, SETS))
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_bytes(pickle.dumps(data))
    return data


def make_vocab(data: dict[str, list[dict]], sets: list[str], min_count: int, min_sets: int):
    count: Counter[str] = Counter()
    in_sets: dict[str, set[str]] = {}
    for s in sets:
        for e in data[s]:
            for f in e["feats"]:
                for name in f:
                    if name.startswith(WORD_PREFIXES):
                        w = name.split("=", 1)[1]
                        count[w] += 1
                        in_sets.setdefault(w, set()).add(s)
    return frozenset(w for w, n in count.items() if n >= min_count and len(in_sets[w]) >= min_sets)


def remap(feats: list[str], vocab: frozenset[str]) -> list[str]:
    out = []
    for name in feats:
        if name.startswith(WORD_PREFIXES):
            p, w = name.split("=", 1)
            out.append(p + "=" + _ctx(w, vocab))
        elif name.startswith(LABEL_WORD_PREFIXES):
            p, rest = name.split("=", 1)
            label, w = rest.split("|", 1)
            out.append(p + "=" + label + "|" + _ctx(w, vocab))
        else:
            out.append(name)
    return out


def train(rows: list[list[str]], ys: list[int], l2: float, iters: int = 400, min_df: int = 2):
    """L2 logistic regression: gradient descent preconditioned by each feature's frequency
    (the diagonal of the Hessian's bound), with Nesterov momentum; deterministic."""
    df: Counter[str] = Counter(name for feats in rows for name in set(feats))
    index: dict[str, int] = {}
    cols, rowids = [], []
    for r, feats in enumerate(rows):
        for name in feats:
            if df[name] >= min_df or name == "bias":
                cols.append(index.setdefault(name, len(index)))
                rowids.append(r)
    cols_a = np.array(cols)
    rows_a = np.array(rowids)
    y = np.array(ys, dtype=float)
    n, d = len(rows), len(index)
    counts = np.bincount(cols_a, minlength=d).astype(float)
    active = np.bincount(rows_a, minlength=n).max()
    precond = 1.0 / (0.25 * counts * active + l2)
    w = np.zeros(d)
    v = np.zeros(d)
    bias = index["bias"]
    mask = np.ones(d)
    mask[bias] = 0.0
    for _ in range(iters):
        wl = w + 0.9 * v
        z = np.bincount(rows_a, weights=wl[cols_a], minlength=n)
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -50, 50)))
        g = np.bincount(cols_a, weights=(p - y)[rows_a], minlength=d) + l2 * wl * mask
        v = 0.9 * v - 1.0 * precond * g
        w = w + v
    return {name: float(w[i]) for name, i in index.items()}


def probs_for(weights: dict[str, float], feats: list[list[str]]) -> list[float]:
    out = []
    for f in feats:
        z = sum(weights.get(x, 0.0) for x in f)
        out.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z)))))
    return out


def score(gold: list[dict], essays: list[dict], keep) -> dict:
    """micro F2 (and counts) of the predictions with only the spans ``keep`` allows."""
    pred = []
    for rec, e in zip(gold, essays, strict=True):
        spans = []
        for k, ((s, t), f) in enumerate(zip(e["offsets"], e["feats"], strict=True)):
            if keep(e, k):
                label = f[1][2:]
                spans.append({"start": s, "end": t, "label": label})
        pred.append({"id": rec["id"], "text": rec["text"], "spans": spans})
    rep = evaluate(gold, pred, examples=0)
    return {
        "f2": rep.micro.f2,
        "fp": rep.micro.false_positives,
        "fn": rep.micro.false_negatives,
        "priv": rep.privacy_recall,
    }


GROUPS = {
    "names": ("firstname_male", "firstname_female", "firstname_unknown"),
    "geo": ("city", "place", "area", "geo", "region"),
}


def gold_labels(data: dict[str, list[dict]]) -> None:
    """Add to each essay the label of the gold span each predicted span overlaps (or None)."""
    for s, essays in data.items():
        gold = {r["id"]: r for r in read_jsonl(gold_path(s))}
        for e in essays:
            rec = gold[e["id"]]
            golds = [to_annotation(x, rec["text"]) for x in rec.get("spans") or ()]
            out = []
            for (a, b), f in zip(e["offsets"], e["feats"], strict=True):
                label = f[1][2:]
                over = [g.label for g in golds if g.start < b and a < g.end]
                out.append(label if label in over else (over[0] if over else None))
            e["gold"] = out


def relabel(gold: list[dict], essays: list[dict], labels: dict) -> dict:
    pred = []
    for rec, e in zip(gold, essays, strict=True):
        spans = [
            {"start": s, "end": t, "label": labels.get((e["id"], k), f[1][2:])}
            for k, ((s, t), f) in enumerate(zip(e["offsets"], e["feats"], strict=True))
        ]
        pred.append({"id": rec["id"], "text": rec["text"], "spans": spans})
    rep = evaluate(gold, pred, examples=0)
    return {"f2": rep.micro.f2}


def label_cv(data: dict[str, list[dict]], l2: float) -> None:
    """The label-choice variant: inside a group of labels, one-vs-rest models of the gold
    label; a span's label is switched when another label of its group is more likely by
    ``margin``."""
    gold_labels(data)
    margins = [0.0, 0.1, 0.2, 0.3, 0.4]
    total = dict.fromkeys(margins, 0.0)
    fresh = dict.fromkeys(margins, 0.0)
    worst = dict.fromkeys(margins, 0.0)
    golds = {s: read_jsonl(gold_path(s)) for s in SETS}
    for held in SETS:
        train_sets = [s for s in SETS if s != held]
        vocab = make_vocab(data, train_sets, 10, 4)
        decisions = []  # (essay id, k, current label, {label: p})
        for members in GROUPS.values():
            rows, golds_y = [], []
            for s in train_sets:
                for e in data[s]:
                    for f, g in zip(e["feats"], e["gold"], strict=True):
                        if f[1][2:] in members:
                            rows.append(remap(f, vocab))
                            golds_y.append(g)
            models = {c: train(rows, [int(g == c) for g in golds_y], l2) for c in members}
            for e in data[held]:
                for k, f in enumerate(e["feats"]):
                    if f[1][2:] in members:
                        r = [remap(f, vocab)]
                        ps = {c: probs_for(models[c], r)[0] for c in members}
                        decisions.append((e["id"], k, f[1][2:], ps))
        base = relabel(golds[held], data[held], {})["f2"]
        line = []
        for m in margins:
            labels = {}
            for eid, k, cur, ps in decisions:
                best = max(ps, key=ps.get)
                if best != cur and ps[best] - ps[cur] > m:
                    labels[(eid, k)] = best
            gain = relabel(golds[held], data[held], labels)["f2"] - base
            total[m] += gain
            worst[m] = min(worst[m], gain)
            if held in FRESH:
                fresh[m] += gain / len(FRESH)
            line.append(f"{m}:{gain:+.4f}({len(labels)})")
        print(held, f"{base:.4f}", " ".join(line), flush=True)
    print("sum   ", " ".join(f"{m}:{total[m]:+.4f}" for m in margins))
    print("fresh ", " ".join(f"{m}:{fresh[m]:+.4f}" for m in margins))
    print("worst ", " ".join(f"{m}:{worst[m]:+.4f}" for m in margins))


SLOTS = ["L", "S", "G", "C", "N", "SC", "P1", "P2", "N1", "N2", "M", "W", "AG", "OT", "RU", "MG"]
BINARY = [
    "first",
    "second",
    "linestart",
    "sentstart",
    "quote",
    "lastline",
    "F=gen",
    "F=def",
    "F=pl",
    "F=foreign",
]


def gbt_probs(data: dict[str, list[dict]]) -> dict[str, list[float]]:
    """Out-of-fold P(correct) from gradient-boosted trees over the same features as integer
    categories (needs scikit-learn, which is not a dependency of the project: run with it on
    the path)."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    def slots(feats: list[str]) -> dict[str, str]:
        return {k: v for k, v in (n.split("=", 1) for n in feats if "=" in n) if k in SLOTS}

    oof: dict[str, list[float]] = {}
    for held in SETS:
        train_sets = [s for s in SETS if s != held]
        vocab = make_vocab(data, train_sets, 10, 4)
        rows, ys = [], []
        for s in train_sets:
            for e in data[s]:
                rows += [remap(f, vocab) for f in e["feats"]]
                ys += e["y"]
        cats: dict[str, Counter[str]] = {k: Counter() for k in SLOTS}
        for r in rows:
            for k, v in slots(r).items():
                cats[k][v] += 1
        codes = {k: {v: i for i, (v, _) in enumerate(c.most_common(250))} for k, c in cats.items()}

        def matrix(rs: list[list[str]], codes: dict = codes) -> np.ndarray:
            x = np.zeros((len(rs), len(SLOTS) + len(BINARY)), dtype=np.float32)
            for i, r in enumerate(rs):
                d, names = slots(r), set(r)
                for j, k in enumerate(SLOTS):
                    x[i, j] = codes[k].get(d[k], 250) if k in d else 251
                for j, b in enumerate(BINARY):
                    x[i, len(SLOTS) + j] = b in names
            return x

        clf = HistGradientBoostingClassifier(
            max_iter=200,
            learning_rate=0.05,
            max_leaf_nodes=15,
            min_samples_leaf=20,
            l2_regularization=1.0,
            random_state=0,
            categorical_features=list(range(len(SLOTS))),
        )
        clf.fit(matrix(rows), np.array(ys))
        for e in data[held]:
            feats = [remap(f, vocab) for f in e["feats"]]
            oof[e["id"]] = clf.predict_proba(matrix(feats))[:, 1].tolist() if feats else []
    return oof


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--min-count", type=int, default=10)
    ap.add_argument("--min-sets", type=int, default=4)
    ap.add_argument("--entity-mean", action="store_true")
    ap.add_argument("--drop", default="", help="comma-separated feature prefixes to leave out")
    ap.add_argument("--out", default="/tmp/ml-filter/cv.json")
    ap.add_argument("--label-choice", action="store_true")
    ap.add_argument("--gbt", action="store_true", help="trees instead of the logistic model")
    ap.add_argument(
        "--in-sample",
        action="store_true",
        help="train on all 24 sets and score them (not an estimate: a ceiling)",
    )
    args = ap.parse_args()
    data = build(args.rebuild)
    if args.label_choice:
        label_cv(data, args.l2)
        return
    if args.drop:
        drop = tuple(p + "=" for p in args.drop.split(","))
        for essays in data.values():
            for e in essays:
                e["feats"] = [
                    [x for x in f[:2]] + [x for x in f[2:] if not x.startswith(drop)]
                    for f in e["feats"]
                ]
    grid = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3]
    results = {}
    golds = {s: read_jsonl(gold_path(s)) for s in SETS}
    oof = gbt_probs(data) if args.gbt else {}
    calibration: list[tuple[float, int]] = []
    for held in SETS:
        probs = {}
        if not args.gbt and (not args.in_sample or held == SETS[0]):
            train_sets = SETS if args.in_sample else [s for s in SETS if s != held]
            vocab = make_vocab(data, train_sets, args.min_count, args.min_sets)
            rows, ys = [], []
            for s in train_sets:
                for e in data[s]:
                    rows += [remap(f, vocab) for f in e["feats"]]
                    ys += e["y"]
            weights = train(rows, ys, args.l2)
        for e in data[held]:
            if args.gbt:
                p = oof[e["id"]]
            else:
                p = probs_for(weights, [remap(f, vocab) for f in e["feats"]])
            if args.entity_mean:
                groups: dict = {}
                for k, key in enumerate(e["keys"]):
                    groups.setdefault(tuple(key), []).append(k)
                for members in groups.values():
                    m = sum(p[k] for k in members) / len(members)
                    for k in members:
                        p[k] = m
            probs[e["id"]] = p
            calibration += zip(p, e["y"], strict=True)
        base = score(golds[held], data[held], lambda e, k: True)
        row = {"base": base}
        for t in grid:
            row[t] = score(golds[held], data[held], lambda e, k, t=t, pr=probs: pr[e["id"]][k] >= t)
        results[held] = row
        print(
            held,
            f"{base['f2']:.4f}",
            " ".join(f"{t}:{row[t]['f2'] - base['f2']:+.4f}" for t in grid),
            flush=True,
        )
    print(
        "sum   ",
        " ".join(
            f"{t}:{sum(r[t]['f2'] - r['base']['f2'] for r in results.values()):+.4f}" for t in grid
        ),
    )
    print(
        "fresh ",
        " ".join(
            f"{t}:{sum(results[s][t]['f2'] - results[s]['base']['f2'] for s in FRESH) / 5:+.4f}"
            for t in grid
        ),
    )
    print(
        "worst ",
        " ".join(
            f"{t}:{min(r[t]['f2'] - r['base']['f2'] for r in results.values()):+.4f}" for t in grid
        ),
    )
    for lo, hi in ((0, 0.1), (0.1, 0.2), (0.2, 0.3), (0.3, 0.5), (0.5, 0.9), (0.9, 1.01)):
        ys = [y for p, y in calibration if lo <= p < hi]
        print(f"out-of-fold P in [{lo}, {hi}): {len(ys)} spans, {sum(ys)} correct")
    Path(args.out).write_text(
        json.dumps({s: {str(k): v for k, v in r.items()} for s, r in results.items()}, indent=1)
    )


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
