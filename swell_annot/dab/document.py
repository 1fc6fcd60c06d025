"""The stored JSON form of a ``dab`` document and the checks made when it is saved.

Stored form (the version's ``graph`` in a ``dab`` project)::

    {"scheme": "dab", "id": "...", "text": "...",
     "annotations": [{"annotator", "mentions": [...], "relations": [...], "extra"}],
     "predictions": [ same shape ],
     "data": {...}, "protected": ["..."], "extra": {...},
     "editor": {"rejected": ["prediction id", ...]}}

A mention is ``{id, start, end, text, label, identifier_type, confidential, entity,
category_source, extra}``; a relation ``{from_id, to_id, direction, labels, extra}``. The
editor works on ``annotations[0]``; ``predictions`` are the pre-annotations it offers for
acceptance. The form mirrors ``pseudonymizer.dab.scheme`` field by field, so an imported Label
Studio or TAB file round-trips through storage without loss (``extra`` keeps what the model has
no field for).
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate
from typing import Any

from pseudonymizer.dab.scheme import (
    Annotation,
    DabDocument,
    Mention,
    Relation,
    SchemeError,
)

SCHEME = "dab"


def mention_json(m: Mention) -> dict[str, Any]:
    """One mention as stored JSON."""
    return {
        "id": m.id,
        "start": m.start,
        "end": m.end,
        "text": m.text,
        "label": m.label,
        "identifier_type": m.identifier_type,
        "confidential": m.confidential,
        "entity": m.entity,
        "category_source": m.category_source,
        "extra": m.extra,
    }


def annotation_json(a: Annotation) -> dict[str, Any]:
    """One annotation (or prediction) as stored JSON."""
    return {
        "annotator": a.annotator,
        "mentions": [mention_json(m) for m in a.mentions],
        "relations": [
            {
                "from_id": r.from_id,
                "to_id": r.to_id,
                "direction": r.direction,
                "labels": list(r.labels),
                "extra": r.extra,
            }
            for r in a.relations
        ],
        "extra": a.extra,
    }


def document_json(doc: DabDocument, *, rejected: list[str] | None = None) -> dict[str, Any]:
    """A library document as the stored JSON of one version."""
    return {
        "scheme": SCHEME,
        "id": doc.id,
        "text": doc.text,
        "annotations": [annotation_json(a) for a in doc.annotations],
        "predictions": [annotation_json(p) for p in doc.predictions],
        "data": doc.data,
        "protected": list(doc.protected),
        "extra": doc.extra,
        "editor": {"rejected": list(rejected or [])},
    }


def _obj(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise SchemeError(f"{where}: expected an object")
    return value


def _list(value: Any, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise SchemeError(f"{where}: expected a list")
    return value


def _str_or_none(value: Any, where: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise SchemeError(f"{where}: expected a string or null")


def _mention(raw: Any, where: str) -> Mention:
    m = _obj(raw, where)
    try:
        start, end = m["start"], m["end"]
        if not (isinstance(start, int) and isinstance(end, int)) or isinstance(start, bool):
            raise SchemeError(f"{where}: start and end must be integers")
        for name in ("id", "text", "label"):
            if not isinstance(m[name], str):
                raise SchemeError(f"{where}: {name} must be a string")
        for name in ("identifier_type", "entity", "category_source"):
            _str_or_none(m.get(name), f"{where}.{name}")
        return Mention(
            id=str(m["id"]),
            start=start,
            end=end,
            text=str(m["text"]),
            label=str(m["label"]),
            identifier_type=str(m.get("identifier_type") or "NO_MASK"),
            confidential=_str_or_none(m.get("confidential"), f"{where}.confidential"),
            entity=None if m.get("entity") is None else str(m["entity"]),
            category_source=str(m.get("category_source") or "annotator"),
            extra=_obj(m.get("extra") or {}, f"{where}.extra"),
        )
    except KeyError as exc:
        raise SchemeError(f"{where}: missing field {exc.args[0]!r}") from None


def _annotation(raw: Any, where: str) -> Annotation:
    a = _obj(raw, where)
    mentions = [_mention(m, f"{where}.mentions[{k}]") for k, m in
                enumerate(_list(a.get("mentions"), f"{where}.mentions"))]
    relations = []
    for k, r in enumerate(_list(a.get("relations"), f"{where}.relations")):
        r = _obj(r, f"{where}.relations[{k}]")
        if "from_id" not in r or "to_id" not in r:
            raise SchemeError(f"{where}.relations[{k}]: needs from_id and to_id")
        relations.append(Relation(
            from_id=str(r["from_id"]),
            to_id=str(r["to_id"]),
            direction=str(r.get("direction") or "right"),
            labels=tuple(str(x) for x in _list(r.get("labels"), f"{where}.relations[{k}]")),
            extra=_obj(r.get("extra") or {}, f"{where}.relations[{k}].extra"),
        ))
    return Annotation(
        mentions=mentions,
        relations=relations,
        annotator=_str_or_none(a.get("annotator"), f"{where}.annotator"),
        extra=_obj(a.get("extra") or {}, f"{where}.extra"),
    )


def document_from_json(raw: Any) -> DabDocument:
    """Stored JSON → library document; SchemeError says what does not fit."""
    d = _obj(raw, "document")
    if d.get("scheme") != SCHEME:
        raise SchemeError(f"document: scheme is {d.get('scheme')!r}, expected 'dab'")
    if not isinstance(d.get("text"), str):
        raise SchemeError("document: no 'text' string")
    return DabDocument(
        id=str(d.get("id", "")),
        text=d["text"],
        annotations=[_annotation(a, f"annotations[{k}]")
                     for k, a in enumerate(_list(d.get("annotations"), "annotations"))],
        predictions=[_annotation(p, f"predictions[{k}]")
                     for k, p in enumerate(_list(d.get("predictions"), "predictions"))],
        data=_obj(d.get("data") or {}, "data"),
        protected=[str(p) for p in _list(d.get("protected"), "protected")],
        extra=_obj(d.get("extra") or {}, "extra"),
    )


def document_errors(doc_json: Any, original: str) -> list[str]:
    """Why ``doc_json`` cannot be stored for an essay whose original is ``original``."""
    try:
        doc = document_from_json(doc_json)
        doc.check()
    except SchemeError as exc:
        return [str(exc)]
    errors = []
    if doc.text != original:
        errors.append("the document's text is not the essay's original text")
    for k, ann in enumerate(doc.annotations + doc.predictions):
        seen: set[str] = set()
        for m in ann.mentions:
            if m.id in seen:
                errors.append(f"annotation {k}: mention id {m.id} is used twice")
            seen.add(m.id)
        for r in ann.relations:
            if r.from_id == r.to_id:
                errors.append(f"annotation {k}: relation {r.from_id} links a mention to itself")
    editor = doc_json.get("editor") or {}
    rejected = editor.get("rejected", []) if isinstance(editor, dict) else None
    if not isinstance(rejected, list) or not all(isinstance(r, str) for r in rejected):
        errors.append("editor.rejected must be a list of prediction ids")
    return errors


def pending_predictions(doc_json: dict) -> list[dict]:
    """Predicted mentions still waiting for a decision: not rejected, and no mention of the
    working annotation over any of their characters (such a mention settles the prediction:
    accepted as it is, accepted with a corrected span, or replaced by the annotator's own unit,
    as an imported annotation made from the predictions did). The editor's
    ``pendingPredictions`` (frontend/src/dab/model.ts) is the same rule."""
    anns = doc_json.get("annotations") or []
    units = sorted((m["start"], m["end"]) for m in (anns[0]["mentions"] if anns else []))
    starts = [u[0] for u in units]
    reach = list(accumulate((u[1] for u in units), max))  # furthest end among the first i+1

    def covered(start: int, end: int) -> bool:
        k = bisect_left(starts, end)  # units starting before the prediction's end
        return k > 0 and reach[k - 1] > start

    rejected = set((doc_json.get("editor") or {}).get("rejected") or [])
    return [
        m
        for p in doc_json.get("predictions") or []
        for m in p.get("mentions", [])
        if m["id"] not in rejected and not covered(m["start"], m["end"])
    ]


def document_stats(doc_json: dict) -> dict[str, int]:
    """Plain-column figures: whitespace tokens, mentions of the working annotation, pending."""
    anns = doc_json.get("annotations") or []
    return {
        "token_count": len(str(doc_json.get("text", "")).split()),
        "label_count": len(anns[0].get("mentions", [])) if anns else 0,
        # A dab document has no OBS! marks; undecided pre-annotations are its open questions.
        "open_obs_count": 0,
    }


def submit_issues(doc_json: Any, original: str) -> list[dict]:
    """Errors block submission; warnings tell the annotator what is still undecided."""
    issues = [
        {"level": "error", "code": "invalid", "message": e, "edge_id": None}
        for e in document_errors(doc_json, original)
    ]
    if issues:
        return issues
    anns = doc_json.get("annotations") or []
    if not anns or not anns[0].get("mentions"):
        issues.append({"level": "warning", "code": "no_mentions",
                       "message": "no unit is marked in this document", "edge_id": None})
    pending = pending_predictions(doc_json)
    if pending:
        issues.append({
            "level": "warning", "code": "pending_predictions",
            "message": f"{len(pending)} pre-annotated unit(s) not yet accepted or rejected",
            "edge_id": pending[0]["id"],
        })
    return issues


def automatic_document(text: str, external_id: str) -> dict[str, Any]:
    """Version 1 of an essay: the Danish pre-annotation as predictions, no decisions yet."""
    from pseudonymizer.dab import preannotation

    doc = DabDocument(id=external_id, text=text, annotations=[], predictions=[preannotation(text)])
    return document_json(doc)


def auto_vs_final(final: list[dict], automatic: list[dict]) -> dict:
    """TAB measures (``pseudonymizer.dab.metrics.tab_metrics``) of the automatic versions'
    proposals (their predictions, or their annotation once one exists) against the working
    annotation of the final versions; pairs are matched by position."""
    from pseudonymizer.dab.metrics import tab_metrics

    gold, predicted = [], {}
    for k, (f, a) in enumerate(zip(final, automatic, strict=True)):
        doc = document_from_json(f)
        doc.id = f"{k}"
        doc.annotations = doc.annotations[:1]
        doc.predictions = []
        auto = document_from_json(a)
        proposal = auto.annotations[:1] or auto.predictions[:1]
        gold.append(doc)
        predicted[doc.id] = proposal[0].mentions if proposal else []
    return tab_metrics(gold, predicted)
