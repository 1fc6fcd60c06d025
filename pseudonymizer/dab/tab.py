"""TAB JSON (Text Anonymization Benchmark) export and import for scheme ``dab``.

A TAB document is ``{"doc_id", "text", "annotations": {annotator: {"entity_mentions": [...]}},
...}``; each mention has ``entity_type``, ``entity_mention_id``, ``start_offset``,
``end_offset``, ``span_text``, ``identifier_type`` (DIRECT/QUASI/NO_MASK),
``confidential_status`` (a category or NOT_CONFIDENTIAL) and ``entity_id``. Entities are the
transitive closure of the relations and explicit entity ids (``Annotation.entities``).

>>> from pseudonymizer.dab.scheme import Annotation, DabDocument, Mention
>>> doc = DabDocument(id="d1", text="Kim bor i Vejle.", annotations=[Annotation(
...     mentions=[Mention("m1", 0, 3, "Kim", "PERSON", "DIRECT", entity="e1")],
...     annotator="a1")])
>>> tab = export_tab([doc])
>>> tab[0]["annotations"]["a1"]["entity_mentions"][0]["confidential_status"]
'NOT_CONFIDENTIAL'
>>> import_tab(tab)[0].annotations[0].mentions[0].identifier_type
'DIRECT'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pseudonymizer.dab.scheme import (
    CATEGORIES,
    CONFIDENTIAL,
    IDENTIFIER_TYPES,
    TAB_NOT_CONFIDENTIAL,
    Annotation,
    DabDocument,
    Mention,
    SchemeError,
    is_offset,
)

_MENTION_KEYS = {
    "entity_type",
    "entity_mention_id",
    "start_offset",
    "end_offset",
    "span_text",
    "identifier_type",
    "confidential_status",
    "entity_id",
}
_DOC_KEYS = {"doc_id", "text", "annotations"}


def export_tab(docs: list[DabDocument]) -> list[dict]:
    """Documents → TAB JSON documents (one annotator key per annotation)."""
    out = []
    for doc in docs:
        annotations: dict[str, dict] = {}
        for k, ann in enumerate(doc.annotations):
            name = ann.annotator or f"annotator{k + 1}"
            if name in annotations:
                name = f"{name}_{k + 1}"
            entities = ann.entities()
            mentions = []
            for m in sorted(ann.mentions, key=lambda m: (m.start, m.end)):
                item = {
                    "entity_type": m.label,
                    "entity_mention_id": m.id,
                    "start_offset": m.start,
                    "end_offset": m.end,
                    "span_text": m.text,
                    "identifier_type": m.identifier_type,
                    "entity_id": entities[m.id],
                    "confidential_status": m.confidential or TAB_NOT_CONFIDENTIAL,
                }
                rest = dict(m.extra.get("tab", {"edit_type": "check"}))
                theirs = rest.get("span_text")
                if not isinstance(theirs, str) or theirs.split() != m.text.split():
                    rest.pop("span_text", None)  # the span was corrected since the import
                item.update(rest)
                mentions.append(item)
            annotations[name] = {"entity_mentions": mentions}
        item = {"doc_id": doc.id, "text": doc.text, "annotations": annotations}
        if doc.data:
            item["meta"] = dict(doc.data)
        if doc.protected:
            item["protected"] = list(doc.protected)
        item.update(doc.extra.get("tab", {}))
        out.append(item)
    return out


def load_tab(path: str | Path) -> list[DabDocument]:
    """Read a TAB JSON file (a list of documents or one document)."""
    with open(path, encoding="utf-8") as fh:
        return import_tab(json.load(fh))


def import_tab(items: Any) -> list[DabDocument]:
    """TAB JSON documents → documents of scheme ``dab``; SchemeError names what is wrong."""
    if isinstance(items, dict):
        items = [items]
    if not isinstance(items, list):
        raise SchemeError("a TAB file is a JSON list of documents")
    docs = []
    for k, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise SchemeError(f"TAB document {k}: no 'text' string")
        doc_id = str(item.get("doc_id", k))
        raw_ann = item.get("annotations", {})
        if not isinstance(raw_ann, dict):
            raise SchemeError(f"TAB document {doc_id}: 'annotations' is not an object")
        annotations = []
        for name, body in raw_ann.items():
            ems = body.get("entity_mentions") if isinstance(body, dict) else None
            if not isinstance(ems, list):
                raise SchemeError(f"TAB document {doc_id}/{name}: no 'entity_mentions' list")
            mentions = [
                _mention(em, item["text"], f"{doc_id}/{name}/{j}") for j, em in enumerate(ems)
            ]
            annotations.append(Annotation(mentions=mentions, annotator=str(name)))
        meta = item.get("meta") or {}
        if not isinstance(meta, dict):
            raise SchemeError(f"TAB document {doc_id}: 'meta' is not an object")
        protected = item.get("protected", [])
        if not isinstance(protected, list) or not all(isinstance(p, str) for p in protected):
            raise SchemeError(f"TAB document {doc_id}: 'protected' must be a list of names "
                              "(strings)")
        doc = DabDocument(
            id=doc_id,
            text=item["text"],
            annotations=annotations,
            data=dict(meta),
            protected=list(protected),
        )
        doc.extra["tab"] = {
            k: v for k, v in item.items() if k not in _DOC_KEYS | {"meta", "protected"}
        }
        doc.check()
        docs.append(doc)
    return docs


def _mention(em: Any, text: str, where: str) -> Mention:
    if not isinstance(em, dict):
        raise SchemeError(f"{where}: mention is not an object")
    missing = [k for k in ("entity_type", "start_offset", "end_offset") if k not in em]
    if missing:
        raise SchemeError(f"{where}: mention lacks {', '.join(missing)}")
    label = em["entity_type"]
    if label not in CATEGORIES:
        raise SchemeError(f"{where}: unknown entity_type {label!r}")
    idt = em.get("identifier_type", "NO_MASK")
    if idt not in IDENTIFIER_TYPES:
        raise SchemeError(f"{where}: unknown identifier_type {idt!r}")
    conf = em.get("confidential_status", TAB_NOT_CONFIDENTIAL)
    if conf in (TAB_NOT_CONFIDENTIAL, None, ""):
        conf = None
    elif conf not in CONFIDENTIAL:
        raise SchemeError(f"{where}: unknown confidential_status {conf!r}")
    start, end = em["start_offset"], em["end_offset"]
    if not (is_offset(start) and is_offset(end)):
        raise SchemeError(f"{where}: offsets {start!r}..{end!r} are not whole numbers")
    if not 0 <= start < end <= len(text):
        raise SchemeError(f"{where}: offsets {start}..{end} outside the text")
    span_text = em.get("span_text", text[start:end])
    if not isinstance(span_text, str) or span_text.split() != text[start:end].split():
        # Offsets that do not point at the span's words would mark the wrong characters.
        raise SchemeError(f"{where}: span_text {span_text!r} is not the text at "
                          f"{start}..{end} ({text[start:end]!r})")
    # Fields TAB has and the model does not (edit_type, a span_text with other spacing) go
    # back on export.
    rest = {k: v for k, v in em.items() if k not in _MENTION_KEYS}
    if span_text != text[start:end]:
        rest["span_text"] = span_text
    extra = {"tab": rest}
    entity = em.get("entity_id")
    return Mention(
        id=str(em.get("entity_mention_id", f"{where}")),
        start=start,
        end=end,
        text=text[start:end],
        label=label,
        identifier_type=idt,
        confidential=conf,
        entity=None if entity is None else str(entity),
        extra=extra,
    )
