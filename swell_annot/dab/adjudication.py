"""Agreement and adjudication of doubly annotated ``dab`` documents (reached through the scheme
registry, ``swell_annot.corpus.schemes.DabScheme``).

- ``agreement(pairs)``: what the dashboard shows for the two independent annotations of each
  doubly annotated document: the TAB measures (``pseudonymizer.dab.metrics.tab_metrics``) of
  one annotation taken as gold and the other as prediction, both ways, and a per-mention
  agreement (same offsets; of those, same category and same masking decision).
- ``differences(doc_a, doc_b)``: the mentions the two annotations do not share, for the lead.
- ``adjudicated(candidates, chosen, main)``: the lead chooses one annotation per document; the
  new main-chain document has it as the working annotation (``annotations[0]``) and keeps the
  other annotators' annotations after it (a TAB export then lists every annotator, as TAB does)
  and then every main annotation no chain came from.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from pseudonymizer.dab.metrics import tab_metrics
from pseudonymizer.dab.scheme import MASKED

from .document import document_from_json


def _working(doc: dict) -> list[dict]:
    anns = doc.get("annotations") or []
    return list(anns[0].get("mentions", [])) if anns else []


def _ratio(hit: int, total: int) -> float | None:
    return None if total == 0 else hit / total


def mention_agreement(pairs: Sequence[tuple[dict, dict]]) -> dict[str, Any]:
    """Per-mention agreement of the working annotations of document pairs.

    ``matched``: mentions with the same offsets in both; ``f1`` = 2·matched / (|A| + |B|);
    ``same_category`` and ``same_masking`` (both masked or both not, with the same identifier
    type) are shares of the matched mentions; ``masked_f1`` is the F1 of the masked mentions'
    offsets alone (what decides the anonymized text).
    """
    n_a = n_b = matched = same_label = same_type = 0
    m_a = m_b = m_both = 0
    for doc_a, doc_b in pairs:
        a = {(m["start"], m["end"]): m for m in _working(doc_a)}
        b = {(m["start"], m["end"]): m for m in _working(doc_b)}
        n_a += len(a)
        n_b += len(b)
        for key in a.keys() & b.keys():
            matched += 1
            same_label += a[key]["label"] == b[key]["label"]
            same_type += a[key]["identifier_type"] == b[key]["identifier_type"]
        masked_a = {k for k, m in a.items() if m["identifier_type"] in MASKED}
        masked_b = {k for k, m in b.items() if m["identifier_type"] in MASKED}
        m_a += len(masked_a)
        m_b += len(masked_b)
        m_both += len(masked_a & masked_b)
    return {
        "a": n_a,
        "b": n_b,
        "matched": matched,
        "f1": _ratio(2 * matched, n_a + n_b),
        "same_category": _ratio(same_label, matched),
        "same_masking": _ratio(same_type, matched),
        "masked_f1": _ratio(2 * m_both, m_a + m_b),
    }


def agreement(pairs: Sequence[tuple[dict, dict]]) -> dict[str, Any]:
    """The dashboard's agreement block of scheme dab for ``(doc_a, doc_b)`` pairs."""
    gold_a, gold_b, pred_a, pred_b = [], [], {}, {}
    for k, (doc_a, doc_b) in enumerate(pairs):
        a, b = document_from_json(doc_a), document_from_json(doc_b)
        for doc in (a, b):
            doc.id = str(k)
            doc.annotations = doc.annotations[:1]
            doc.predictions = []
        gold_a.append(a)
        gold_b.append(b)
        pred_a[str(k)] = a.annotations[0].mentions if a.annotations else []
        pred_b[str(k)] = b.annotations[0].mentions if b.annotations else []
    return {
        "scheme": "dab",
        "documents": len(pairs),
        "mentions": mention_agreement(pairs),
        "b_against_a": tab_metrics(gold_a, pred_b),
        "a_against_b": tab_metrics(gold_b, pred_a),
    }


def _describe(m: dict) -> str:
    extra = f" · {m['confidential']}" if m.get("confidential") else ""
    return f"{m['label']} · {m['identifier_type']}{extra}"


def differences(doc_a: dict, doc_b: dict) -> list[dict[str, Any]]:
    """``[{start, end, text, a, b}]``: offsets marked differently by the two working
    annotations (``a``/``b`` describe each side's mention there, None when it has none)."""
    a = {(m["start"], m["end"]): m for m in _working(doc_a)}
    b = {(m["start"], m["end"]): m for m in _working(doc_b)}
    out = []
    for key in sorted(a.keys() | b.keys()):
        ma, mb = a.get(key), b.get(key)
        da = _describe(ma) if ma else None
        db = _describe(mb) if mb else None
        if da != db:
            text = (ma or mb)["text"]
            out.append({"start": key[0], "end": key[1], "text": text, "a": da, "b": db})
    return out


def adjudicated(candidates: Sequence[tuple[str, dict]], chosen: int, main: dict) -> dict:
    """The main-chain document after the lead chose ``candidates[chosen]``.

    ``candidates`` are ``(username, document)`` of the annotators' submitted chains; ``main`` is
    the current main-chain document. The chosen document is kept whole (its predictions, the
    settled pre-annotations, the names to protect); its working annotation comes first, named
    after its annotator, then the other candidates' working annotations, then the main
    document's annotations of annotators who had no chain (imported ones of non-members).
    """
    username, doc = candidates[chosen]
    out = copy.deepcopy(doc)
    own: list[dict] = []
    names: set[str] = set()
    for k, (user, cand) in enumerate(candidates):
        anns = cand.get("annotations") or []
        if not anns:
            continue
        if anns[0].get("annotator"):
            names.add(str(anns[0]["annotator"]))
        ann = copy.deepcopy(anns[0])
        ann["annotator"] = user
        if k == chosen:
            own.insert(0, ann)
        else:
            own.append(ann)
    if not (doc.get("annotations") or []):
        own.insert(0, {"annotator": username, "mentions": [], "relations": [], "extra": {}})
    out["annotations"] = own + _not_in_chains(main, candidates, names)
    return out


def _not_in_chains(main: dict, candidates: Sequence[tuple[str, dict]],
                   names: set[str]) -> list[dict]:
    """The main document's annotations that no candidate's chain came from.

    The import starts a member's chain from the first annotation of the document that is
    theirs (``services._split_annotations``): so each candidate accounts for one main
    annotation with its annotator's name, the first one. A second annotation of the same
    member, annotations of non-members and imported annotations without a name stay (they got
    no chain; dropping them would lose them). Main annotations named after a candidate's username (a
    previous adjudication's copies) are replaced by the candidates' own.
    """
    owed: dict[str | None, int] = {}
    for _user, cand in candidates:
        anns = cand.get("annotations") or []
        if not anns:
            continue
        # a chain whose annotation has no name started from the main document itself (not
        # from an import, which names every annotation it assigns): it owes the main
        # document's working annotation, if that has no name either
        name = anns[0].get("annotator") or None
        key = None if name is None else str(name)
        owed[key] = owed.get(key, 0) + 1
    usernames = {u for u, _ in candidates} - names
    rest = []
    for a in main.get("annotations") or []:
        name = a.get("annotator") or None
        key = None if name is None else str(name)
        if owed.get(key, 0) > 0:
            owed[key] -= 1
            continue
        if key in usernames:
            continue
        rest.append(copy.deepcopy(a))
    return rest
