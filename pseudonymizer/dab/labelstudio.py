"""Label Studio JSON import and export for scheme ``dab`` (pure functions over parsed JSON).

A task is ``{"id", "data": {"text", ...}, "annotations": [{"result": [...], ...}],
"predictions": [...]}``. Result items of ``type: labels`` carry a region (``value {start, end,
text, labels}``); ``type: choices`` items with the same ``id`` carry the region's identifier type
(``from_name: identifier_type``) and confidential category (``from_name: confidential``);
``type: relation`` items link two regions (``from_id``, ``to_id``, ``direction``).

The published DAB export wrote the identifier type *instead of* the category (labels
``DIREKTE``/``KVASI``). Its import maps them to identifier types and recovers the category from
the annotation's pre-annotation when one has the same offsets, else from the Danish detectors or
the span's shape (``Mention.category_source`` says which). Every field the model has no place for
is kept in ``extra`` and written back on export, so an import loses nothing.

>>> task = {"id": 1, "data": {"text": "Ring til Kim."}, "annotations": [{"result": [
...     {"id": "a", "type": "labels", "from_name": "label", "to_name": "text",
...      "value": {"start": 9, "end": 12, "text": "Kim", "labels": ["PERSON"]}},
...     {"id": "a", "type": "choices", "from_name": "identifier_type", "to_name": "text",
...      "value": {"choices": ["QUASI"]}}]}]}
>>> doc = import_labelstudio([task])[0]
>>> m = doc.annotations[0].mentions[0]
>>> (m.text, m.label, m.identifier_type)
('Kim', 'PERSON', 'QUASI')
>>> export_labelstudio([doc]) == [task]
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pseudonymizer.dab.scheme import (
    CATEGORIES,
    CONFIDENTIAL,
    DANISH_IDENTIFIER_TYPES,
    IDENTIFIER_TYPES,
    Annotation,
    DabDocument,
    Mention,
    Relation,
    SchemeError,
    is_offset,
)

ID_CHOICE = "identifier_type"
CONF_CHOICE = "confidential"
CAT_CHOICE = "category"
DEFAULT_FROM = "label"
DEFAULT_TO = "text"
_TASK_KEYS = {"id", "data", "annotations", "predictions"}


def load_labelstudio(path: str | Path) -> list[DabDocument]:
    """Read a Label Studio JSON export (a task list or one task) from a file."""
    with open(path, encoding="utf-8") as fh:
        return import_labelstudio(json.load(fh))


def import_labelstudio(tasks: Any, *, infer_categories: bool = True) -> list[DabDocument]:
    """Label Studio tasks → documents of scheme ``dab``.

    ``tasks`` is the parsed JSON: a list of tasks or one task. Raises SchemeError (with the task
    and item named) on anything that cannot be read; nothing is silently dropped.
    ``infer_categories=False`` leaves a category that neither a label nor a pre-annotation gives
    as ``MISC`` with ``category_source="unknown"`` instead of asking the Danish detectors.
    """
    if isinstance(tasks, dict):
        tasks = [tasks]
    if not isinstance(tasks, list):
        raise SchemeError("a Label Studio export is a JSON list of tasks")
    return [_import_task(t, k, infer_categories) for k, t in enumerate(tasks)]


def _import_task(task: Any, index: int, infer: bool) -> DabDocument:
    if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
        raise SchemeError(f"task {index}: not an object with a 'data' object")
    data = dict(task["data"])
    text = data.pop("text", None)
    if not isinstance(text, str):
        raise SchemeError(f"task {index}: data.text is missing or not a string")
    doc_id = str(task.get("id", index))
    extra = {k: v for k, v in task.items() if k not in _TASK_KEYS}
    if "id" not in task:
        extra["_no_id"] = True
    predictions: list[Annotation] = []
    raw_predictions = task.get("predictions")
    if "predictions" not in task:
        extra["_no_predictions"] = True
    elif raw_predictions is None:
        extra["_predictions"] = None
    elif not isinstance(raw_predictions, list):
        raise SchemeError(f"task {doc_id}: 'predictions' is not a list")
    elif all(isinstance(p, dict) for p in raw_predictions):
        for k, p in enumerate(raw_predictions):
            predictions.append(_import_annotation(p, text, f"{doc_id}/prediction {k}", [], infer))
    else:
        extra["_predictions"] = raw_predictions  # prediction ids only (as in the DAB export)
    annotations = []
    raw_annotations = task.get("annotations")
    if raw_annotations is None:
        raw_annotations = []
        extra["_annotations"] = None if "annotations" in task else "absent"
    if not isinstance(raw_annotations, list):
        raise SchemeError(f"task {doc_id}: 'annotations' is not a list")
    nested_predictions: list[Annotation] = []
    for k, a in enumerate(raw_annotations):
        if not isinstance(a, dict):
            raise SchemeError(f"task {doc_id}/annotation {k}: not an object")
        hints = list(predictions)
        nested = a.get("prediction")
        if isinstance(nested, dict) and isinstance(nested.get("result"), list):
            inner = _import_annotation(nested, text, f"{doc_id}/annotation {k}/prediction",
                                       [], infer)
            hints.append(inner)
            inner.extra["_nested_in"] = k
            nested_predictions.append(inner)
        annotations.append(_import_annotation(a, text, f"{doc_id}/annotation {k}", hints, infer))
    predictions += _lift_nested(predictions, nested_predictions)
    _distinct_prediction_ids(predictions)
    protected: list[str] = []
    meta = extra.get("meta")
    if isinstance(meta, dict) and "protected" in meta:
        # The person(s) to protect travel in the task's meta (see export_labelstudio).
        meta = dict(meta)
        protected = meta.pop("protected")
        if not isinstance(protected, list) or not all(isinstance(p, str) for p in protected):
            raise SchemeError(f"task {doc_id}: meta.protected must be a list of strings")
        if meta:
            extra["meta"] = meta
        else:
            extra.pop("meta")
            extra["_meta_from_protected"] = True
    doc = DabDocument(id=doc_id, text=text, annotations=annotations, predictions=predictions,
                      data=data, protected=protected, extra=extra)
    doc.check()
    return doc


def _lift_nested(predictions: list[Annotation], nested: list[Annotation]) -> list[Annotation]:
    """The pre-annotations nested in annotations that the task's ``predictions`` lack.

    Label Studio's own export (the DAB file) lists a task's predictions by id only and nests
    each one in the annotation made from it (``annotation.prediction``). Those are the task's
    pre-annotations all the same: they become predictions (offered for acceptance in the
    editor), marked ``_nested_in`` (the annotation's index) so that the export leaves them
    where they came from. One prediction nested in several annotations is lifted once.
    """
    def key(p: Annotation) -> object:
        pid = p.extra.get("id")
        if pid is not None:
            return ("id", str(pid))
        return ("spans", tuple(sorted((m.start, m.end, m.label) for m in p.mentions)))

    seen = {key(p) for p in predictions}
    lifted = []
    for p in nested:
        if key(p) not in seen:
            seen.add(key(p))
            lifted.append(p)
    return lifted


def _distinct_prediction_ids(predictions: list[Annotation]) -> None:
    """Regions without an id (``_item{k}``) get one unique over all predictions of the task, so
    that the editor's rejections, which name a prediction's mention by id, name only one. The
    export writes such regions without an id again, as they came."""
    used: set[str] = set()
    for j, p in enumerate(predictions):
        for m in p.mentions:
            if m.id in used and m.extra.get("_no_id"):
                n = j
                while f"{m.id}_{n}" in used:
                    n += 1
                m.id = f"{m.id}_{n}"
            used.add(m.id)


def _import_annotation(raw: dict, text: str, where: str, hints: list[Annotation],
                       infer: bool) -> Annotation:
    result = raw.get("result", [])
    if not isinstance(result, list):
        raise SchemeError(f"{where}: 'result' is not a list")
    regions: dict[str, list[dict]] = {}
    relations: list[Relation] = []
    layout: list[list] = []  # item order, so an original-form export writes items back in place
    for k, item in enumerate(result):
        if not isinstance(item, dict) or "type" not in item:
            raise SchemeError(f"{where}: result item {k} has no 'type'")
        kind = item["type"]
        if kind == "relation":
            if "from_id" not in item or "to_id" not in item:
                raise SchemeError(f"{where}: relation item {k} lacks from_id/to_id")
            rel_labels = _strings(item.get("labels", []), f"{where}: relation item {k} labels")
            rest = {x: v for x, v in item.items()
                    if x not in {"type", "from_id", "to_id", "direction", "labels"}}
            if "direction" not in item:
                rest["_no_direction"] = True
            relations.append(Relation(from_id=str(item["from_id"]), to_id=str(item["to_id"]),
                                      direction=item.get("direction", "right"),
                                      labels=tuple(rel_labels), extra=rest))
            layout.append(["relation", len(relations) - 1])
            continue
        if kind not in {"labels", "choices"}:
            raise SchemeError(f"{where}: result item {k} has unsupported type {kind!r}")
        if "id" in item:
            rid = str(item["id"])
        elif kind == "labels":
            rid = f"_item{k}"  # pre-annotations may come without region ids
        else:
            raise SchemeError(f"{where}: choices item {k} has no region 'id'")
        regions.setdefault(rid, []).append(item)
        layout.append([kind, rid])
    mentions = [_region_to_mention(rid, items, text, where, hints, infer)
                for rid, items in regions.items()]
    extra = {k: v for k, v in raw.items() if k != "result"}
    if "result" not in raw:
        extra["_no_result"] = True
    extra["_layout"] = layout
    # annotations name their annotator, predictions their model
    annotator = raw.get("completed_by", raw.get("model_version"))
    return Annotation(mentions=mentions, relations=relations,
                      annotator=None if annotator is None else str(annotator), extra=extra)


def _interpret(labels: list[str], choices: list[str], where: str
               ) -> tuple[str | None, str, str | None]:
    """(category or None, identifier type, confidential) named by a region's labels/choices."""
    categories: set[str] = set()
    identifiers: set[str] = set()
    confidentials: set[str] = set()
    for v in [*labels, *choices]:
        if v in CATEGORIES:
            categories.add(v)
        elif v in DANISH_IDENTIFIER_TYPES:
            identifiers.add(DANISH_IDENTIFIER_TYPES[v])
        elif v in IDENTIFIER_TYPES:
            identifiers.add(v)
        elif v in CONFIDENTIAL:
            confidentials.add(v)
        else:
            raise SchemeError(f"{where}: unknown label or choice {v!r}")
    # A region has one value of each kind; two would force us to drop one, so refuse.
    for kind, values in (("categories", categories), ("identifier types", identifiers),
                         ("confidential categories", confidentials)):
        if len(values) > 1:
            raise SchemeError(f"{where}: several {kind} {sorted(values)}")
    return (next(iter(categories), None), next(iter(identifiers), "NO_MASK"),
            next(iter(confidentials), None))


def _region_to_mention(rid: str, items: list[dict], text: str, where: str,
                       hints: list[Annotation], infer: bool) -> Mention:
    where = f"{where}: region {rid}"
    label_items = [i for i in items if i["type"] == "labels"]
    if len(label_items) != 1:
        raise SchemeError(f"{where} needs exactly one 'labels' item, has {len(label_items)}")
    item = label_items[0]
    value = item.get("value")
    if not isinstance(value, dict) or "start" not in value or "end" not in value:
        raise SchemeError(f"{where} has no value.start/value.end")
    start, end = value["start"], value["end"]
    if not (is_offset(start) and is_offset(end)):
        raise SchemeError(f"{where} has offsets {start!r}..{end!r}: not whole numbers")
    if not 0 <= start < end <= len(text):
        raise SchemeError(f"{where} has offsets {start}..{end} outside the text")
    labels = _strings(value.get("labels", []), f"{where}: value.labels")
    choice_items = []
    choice_values: list[str] = []
    for ch in items:
        if ch["type"] == "choices":
            cvalue = ch.get("value", {})
            if not isinstance(cvalue, dict):
                raise SchemeError(f"{where}: a choices item's value is not an object")
            values = _strings(cvalue.get("choices", []), f"{where}: value.choices")
            choice_values += values
            rest = {k: v for k, v in ch.items() if k not in {"id", "type", "value"}}
            vrest = {k: v for k, v in cvalue.items() if k != "choices"}
            if vrest:
                rest["_value"] = vrest
            rest["_choices"] = values
            choice_items.append(rest)
    category, identifier, confidential = _interpret(labels, choice_values, where)
    extra: dict = {k: v for k, v in item.items() if k not in {"id", "type", "value"}}
    source = extra.pop("category_source", "annotator")
    if category is None:
        category, source = _recover_category(start, end, text, hints, infer)
    mention_text = text[start:end]
    vrest = {k: v for k, v in value.items() if k not in {"start", "end", "text", "labels"}}
    if vrest:
        extra["_value"] = vrest
    if value.get("text") != mention_text:
        # Label Studio exports sometimes normalise whitespace in value.text; keep theirs.
        extra["_value_text"] = value.get("text")
        extra["_value_text_missing"] = "text" not in value
        extra["_value_span"] = [start, end]  # theirs holds only while the span is unchanged
    if "id" not in item:
        extra["_no_id"] = True
    extra["_labels"] = labels
    extra["_choice_items"] = choice_items
    entity = extra.get("entity_id")
    return Mention(id=rid, start=start, end=end, text=mention_text, label=category,
                   identifier_type=identifier, confidential=confidential,
                   entity=None if entity is None else str(entity), category_source=source,
                   extra=extra)


def _strings(value: Any, where: str) -> list[str]:
    """``value`` as a list of strings; SchemeError when it is anything else (a bare string
    would otherwise be read letter by letter)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SchemeError(f"{where} must be a list of strings, not {value!r}"[:300])
    return list(value)


def _recover_category(start: int, end: int, text: str, hints: list[Annotation],
                      infer: bool) -> tuple[str, str]:
    """Category of a region whose label was overwritten by DIREKTE/KVASI."""
    for hint in hints:
        for m in hint.mentions:
            if m.start == start and m.end == end and m.category_source == "annotator":
                return m.label, "prediction"
    if infer:
        from pseudonymizer.dab import cached_units

        best, overlap = None, 0
        for u in cached_units(text):
            ov = min(u.end, end) - max(u.start, start)
            if ov > overlap:
                best, overlap = u, ov
        if best is not None and overlap >= 0.5 * (end - start):
            return best.label, "inferred"
        span = text[start:end]
        if sum(c.isdigit() for c in span) >= max(1, len(span.strip()) // 2):
            return "CODE", "inferred"
        return "MISC", "inferred"
    return "MISC", "unknown"


# ---------------------------------------------------------------------------------------------
# Export


def export_labelstudio(docs: list[DabDocument], *, original: bool = False,
                       danish_labels: bool = False) -> list[dict]:
    """Documents → Label Studio tasks (JSON-ready).

    Each mention becomes a ``labels`` item with its category and, when masked or confidential,
    ``choices`` items (``identifier_type``, ``confidential``) sharing its id; relations become
    ``relation`` items; pre-annotations go to ``predictions``. Fields kept from an import
    (``origin``, ``entity_id``, task metadata…) are written back.

    ``original=True`` writes each imported region in the form it came in (labels, choices, item
    order) as long as its category, identifier type and confidentiality are unchanged: exporting
    an unchanged import reproduces the source file. ``danish_labels=True`` writes masked mentions
    the way the published DAB project did (label ``DIREKTE``/``KVASI``) plus a ``category``
    choice, so the category still travels.
    """
    return [_export_task(d, original, danish_labels) for d in docs]


def _export_task(doc: DabDocument, original: bool, danish: bool) -> dict:
    extra = dict(doc.extra)
    task: dict = {}
    if not extra.pop("_no_id", False):
        task["id"] = _maybe_int(doc.id)
    raw_ann = extra.pop("_annotations", "list")
    raw_pred = extra.pop("_predictions", "list")
    no_pred = extra.pop("_no_predictions", False)
    if raw_ann != "list" and not doc.annotations:
        if raw_ann is None:
            task["annotations"] = None
    else:
        task["annotations"] = [_export_annotation(a, original, danish) for a in doc.annotations]
    # predictions lifted from an annotation's nested "prediction" stay there (see _lift_nested)
    own = [p for p in doc.predictions if "_nested_in" not in p.extra]
    if no_pred and not own:
        pass
    elif raw_pred != "list" and not own:
        task["predictions"] = raw_pred
    else:
        task["predictions"] = []
        for p in own:
            item = _export_annotation(p, original, danish)
            if p.annotator and "model_version" not in p.extra:
                item["model_version"] = p.annotator  # Label Studio shows it per prediction
            task["predictions"].append(item)
    task["data"] = {"text": doc.text, **doc.data}
    extra.pop("_meta_from_protected", None)
    task.update(extra)
    if doc.protected:
        task["meta"] = {**task.get("meta", {}), "protected": list(doc.protected)}
    return task


def _maybe_int(value: str) -> int | str:
    return int(value) if value.isdigit() and str(int(value)) == value else value


def _export_annotation(ann: Annotation, original: bool, danish: bool) -> dict:
    out = dict(ann.extra)
    no_result = out.pop("_no_result", False)
    layout = out.pop("_layout", None)
    groups: dict[str, tuple[list[dict], list[dict], bool]] = {
        m.id: _mention_items(m, original, danish) for m in ann.mentions}
    rel_items = [_relation_item(r) for r in ann.relations]
    result: list[dict] = []
    usable = original and layout is not None and all(g[2] for g in groups.values()) and \
        _layout_fits(layout, groups, len(rel_items))
    if usable:
        taken: dict[tuple[str, str], int] = {}
        for entry in layout:
            if entry[0] == "relation":
                result.append(rel_items[entry[1]])
                continue
            kind, rid = entry
            k = taken.get((kind, rid), 0)
            labels_items, choice_items, _ = groups[rid]
            result.append((labels_items if kind == "labels" else choice_items)[k])
            taken[(kind, rid)] = k + 1
    else:
        for labels, choices, _ in groups.values():
            result += labels + choices
        result += rel_items
    if not (no_result and not result):
        out["result"] = result
    return out


def _layout_fits(layout: list[list], groups: dict, n_relations: int) -> bool:
    count: dict[tuple[str, str], int] = {}
    rels = 0
    for entry in layout:
        if entry[0] == "relation":
            rels += 1
        else:
            count[(entry[0], entry[1])] = count.get((entry[0], entry[1]), 0) + 1
    want = {}
    for rid, (labels, choices, _) in groups.items():
        want[("labels", rid)] = len(labels)
        if choices:
            want[("choices", rid)] = len(choices)
    return rels == n_relations and count == want


def _mention_items(m: Mention, original: bool, danish: bool
                   ) -> tuple[list[dict], list[dict], bool]:
    """(labels items, choices items, written in the original form?) for one mention."""
    extra = dict(m.extra)
    src_labels = extra.pop("_labels", None)
    src_choices = extra.pop("_choice_items", None)
    value_text = extra.pop("_value_text", m.text)
    text_missing = extra.pop("_value_text_missing", False)
    value_span = extra.pop("_value_span", None)
    if value_span is not None and value_span != [m.start, m.end]:
        # the span was corrected after the import: the source's value.text is stale
        value_text, text_missing = m.text, False
    value_rest = extra.pop("_value", {})
    no_id = extra.pop("_no_id", False)
    from_name = extra.get("from_name", DEFAULT_FROM)
    to_name = extra.get("to_name", DEFAULT_TO)
    as_source = False
    if original and src_labels is not None and src_choices is not None:
        values = [v for ch in src_choices for v in ch["_choices"]]
        cat, idt, conf = _interpret(src_labels, values, f"mention {m.id}")
        as_source = (cat == m.label or (cat is None and m.category_source != "annotator")) \
            and idt == m.identifier_type and conf == m.confidential
    if as_source:
        labels = src_labels
        choice_items = src_choices
    else:
        value_text = m.text if "_value_text" not in m.extra else value_text
        labels = [m.label]
        choice_items = []
        masked = m.identifier_type != "NO_MASK"
        if danish and masked:
            labels = [{"DIRECT": "DIREKTE", "QUASI": "KVASI"}[m.identifier_type]]
            choice_items.append({"from_name": CAT_CHOICE, "to_name": to_name,
                                 "_choices": [m.label]})
        elif masked:
            choice_items.append({"from_name": ID_CHOICE, "to_name": to_name,
                                 "_choices": [m.identifier_type]})
        if m.confidential:
            choice_items.append({"from_name": CONF_CHOICE, "to_name": to_name,
                                 "_choices": [m.confidential]})
        if m.category_source != "annotator":
            extra["category_source"] = m.category_source
    value: dict = {"start": m.start, "end": m.end}
    if not (as_source and text_missing):
        value["text"] = value_text
    value["labels"] = list(labels)
    value.update(value_rest)
    item: dict = {"value": value, "id": m.id, "from_name": from_name, "to_name": to_name,
                  "type": "labels"}
    item.update(extra)
    if m.entity is not None:
        # Label Studio has no entity field; DAB's export adds "entity_id" per region: so do we.
        orig = extra.get("entity_id")
        item["entity_id"] = orig if orig is not None and str(orig) == m.entity else m.entity
    if no_id:
        del item["id"]
    choices = []
    for ch in choice_items:
        rest = dict(ch)
        cvalue = {"choices": list(rest.pop("_choices"))}
        cvalue.update(rest.pop("_value", {}))
        choices.append({"value": cvalue, "id": m.id, "type": "choices", **rest})
    return [item], choices, as_source


def _relation_item(r: Relation) -> dict:
    extra = dict(r.extra)
    item: dict = {"from_id": r.from_id, "to_id": r.to_id, "type": "relation"}
    if not extra.pop("_no_direction", False):
        item["direction"] = r.direction
    if r.labels:
        item["labels"] = list(r.labels)
    item.update(extra)
    return item


def label_config() -> str:
    """A Label Studio labeling configuration for scheme ``dab`` (regions, choices, relations)."""
    labels = "\n".join(f'    <Label value="{c}"/>' for c in CATEGORIES)
    ids = "\n".join(f'    <Choice value="{c}"/>' for c in ("DIRECT", "QUASI"))
    conf = "\n".join(f'    <Choice value="{c}"/>' for c in CONFIDENTIAL)
    return (
        "<View>\n"
        '  <Relations><Relation value="same_entity"/></Relations>\n'
        f'  <Labels name="{DEFAULT_FROM}" toName="{DEFAULT_TO}">\n{labels}\n  </Labels>\n'
        f'  <Text name="{DEFAULT_TO}" value="$text" granularity="word"/>\n'
        f'  <Choices name="{ID_CHOICE}" toName="{DEFAULT_TO}" perRegion="true">\n{ids}\n'
        "  </Choices>\n"
        f'  <Choices name="{CONF_CHOICE}" toName="{DEFAULT_TO}" perRegion="true">\n{conf}\n'
        "  </Choices>\n"
        "</View>\n"
    )
