"""Label Studio import/export: round trips, the DAB export, errors."""

from __future__ import annotations

import copy
import json

import pytest

from pseudonymizer.dab import Annotation, DabDocument, Mention, Relation, SchemeError
from pseudonymizer.dab.labelstudio import export_labelstudio, import_labelstudio, label_config

TEXT = "Hr. Jens Hansen bor i Vejle. Hansen er diabetiker."


def sample_doc() -> DabDocument:
    ann = Annotation(
        mentions=[
            Mention("m1", 0, 15, "Hr. Jens Hansen", "PERSON", "DIRECT"),
            Mention("m2", 22, 27, "Vejle", "LOC", "QUASI"),
            Mention("m3", 29, 35, "Hansen", "PERSON", "DIRECT"),
            Mention("m4", 39, 49, "diabetiker", "DEM", "QUASI", confidential="HEALTH"),
            Mention("m5", 16, 19, "bor", "MISC", "NO_MASK"),
        ],
        relations=[Relation("m3", "m1")],
        annotator="7",
    )
    pred = Annotation(mentions=[Mention("p1", 22, 27, "Vejle", "LOC", "NO_MASK")])
    return DabDocument(id="12", text=TEXT, annotations=[ann], predictions=[pred],
                       data={"source_dataset": "demo"}, protected=["Jens Hansen"])


def semantic(doc: DabDocument) -> list:
    """What must survive any round trip: spans, categories, types, confidentiality, entities."""
    out = []
    for ann in doc.annotations + doc.predictions:
        ents = ann.entities()
        groups: dict[str, set] = {}
        for m in ann.mentions:
            groups.setdefault(ents[m.id], set()).add(m.id)
        out.append((
            sorted((m.id, m.start, m.end, m.text, m.label, m.identifier_type, m.confidential,
                    m.category_source) for m in ann.mentions),
            sorted(sorted(g) for g in groups.values()),
        ))
    return [doc.id, doc.text, doc.data, doc.protected, out]


def test_export_shape() -> None:
    task = export_labelstudio([sample_doc()])[0]
    assert task["id"] == 12 and task["data"] == {"text": TEXT, "source_dataset": "demo"}
    assert task["meta"] == {"protected": ["Jens Hansen"]}
    result = task["annotations"][0]["result"]
    labels = [r for r in result if r["type"] == "labels"]
    assert [r["value"]["labels"] for r in labels] == [["PERSON"], ["LOC"], ["PERSON"], ["DEM"],
                                                      ["MISC"]]
    choices = {(r["id"], r["from_name"]): r["value"]["choices"] for r in result
               if r["type"] == "choices"}
    assert choices == {("m1", "identifier_type"): ["DIRECT"], ("m2", "identifier_type"): ["QUASI"],
                       ("m3", "identifier_type"): ["DIRECT"], ("m4", "identifier_type"): ["QUASI"],
                       ("m4", "confidential"): ["HEALTH"]}
    rel = [r for r in result if r["type"] == "relation"]
    assert rel == [{"from_id": "m3", "to_id": "m1", "type": "relation", "direction": "right"}]
    assert task["predictions"][0]["result"][0]["value"]["labels"] == ["LOC"]
    json.dumps(task)  # JSON-ready


@pytest.mark.parametrize("danish", [False, True])
def test_round_trip(danish: bool) -> None:
    doc = sample_doc()
    tasks = export_labelstudio([doc], danish_labels=danish)
    back = import_labelstudio(json.loads(json.dumps(tasks)))[0]
    assert semantic(back) == semantic(doc)
    # and a second round is stable
    again = import_labelstudio(export_labelstudio([back], danish_labels=danish))[0]
    assert semantic(again) == semantic(doc)


def test_danish_labels_carry_category() -> None:
    task = export_labelstudio([sample_doc()], danish_labels=True)[0]
    result = task["annotations"][0]["result"]
    m1 = [r for r in result if r.get("id") == "m1"]
    assert {tuple(r["value"].get("labels", r["value"].get("choices"))) for r in m1} == {
        ("DIREKTE",), ("PERSON",)}


def test_dab_style_import_recovers_category() -> None:
    text = "Ring til Kim Larsen på 26355865 i Vejle."
    task = {
        "id": 5,
        "data": {"text": text},
        "annotations": [{
            "id": 1,
            "result": [
                {"id": "a", "type": "labels", "from_name": "entity_mentions", "to_name": "doc",
                 "value": {"start": 9, "end": 19, "text": "Kim Larsen", "labels": ["DIREKTE"]}},
                {"id": "b", "type": "labels", "from_name": "entity_mentions", "to_name": "doc",
                 "value": {"start": 23, "end": 31, "text": "26355865", "labels": ["KVASI"]}},
                {"id": "c", "type": "labels", "from_name": "entity_mentions", "to_name": "doc",
                 "value": {"start": 34, "end": 39, "text": "Vejle", "labels": ["LOC"]}},
            ],
            "prediction": {"result": [
                {"type": "labels", "from_name": "entity_mentions", "to_name": "doc",
                 "value": {"start": 9, "end": 19, "text": "Kim Larsen", "labels": ["PERSON"]}}]},
        }],
    }
    doc = import_labelstudio([task])[0]
    got = {m.id: (m.label, m.identifier_type, m.category_source)
           for m in doc.annotations[0].mentions}
    assert got == {"a": ("PERSON", "DIRECT", "prediction"),
                   "b": ("CODE", "QUASI", "inferred"),
                   "c": ("LOC", "NO_MASK", "annotator")}
    # without inference the category is marked unknown, never guessed silently
    doc = import_labelstudio([task], infer_categories=False)[0]
    assert doc.annotations[0].mentions[1].category_source == "unknown"
    assert export_labelstudio([doc], original=True) == [task]


def test_dab_export_is_lossless(dab_raw: list) -> None:
    raw = copy.deepcopy(dab_raw)
    docs = import_labelstudio(raw)
    assert raw == dab_raw  # the import does not change its input
    assert len(docs) == 54
    assert export_labelstudio(docs, original=True) == dab_raw
    n_labels = sum(1 for t in dab_raw for a in t["annotations"] for r in a["result"]
                   if r["type"] == "labels")
    n_rel = sum(1 for t in dab_raw for a in t["annotations"] for r in a["result"]
                if r["type"] == "relation")
    assert sum(len(a.mentions) for d in docs for a in d.annotations) == n_labels
    assert sum(len(a.relations) for d in docs for a in d.annotations) == n_rel
    masked = [m for d in docs for a in d.annotations for m in a.mentions if m.masked]
    assert {m.identifier_type for m in masked} == {"DIRECT", "QUASI"}
    # the category is kept beside the identifier type, and said where it came from
    assert all(m.label in {"PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC"}
               for m in masked)
    assert {m.category_source for m in masked} <= {"prediction", "inferred"}
    # the natural export carries categories and identifier types, and re-imports equal
    natural = export_labelstudio(docs)
    again = import_labelstudio(json.loads(json.dumps(natural)))
    assert [semantic(d) for d in again] == [semantic(d) for d in docs]


def test_corrected_span_exports_its_own_text() -> None:
    """A source value.text written differently (an escaped line break) is written back only while
    the region keeps its offsets; a span corrected in the editor exports its own text."""
    text = "Hilsen SAMUELSEN\nAnders i Vejle"
    task = {"id": 7, "data": {"text": text}, "annotations": [{"result": [
        {"id": "r", "type": "labels", "from_name": "label", "to_name": "text",
         "value": {"start": 7, "end": 23, "text": "SAMUELSEN\\nAnders", "labels": ["PERSON"]}}]}]}
    doc = import_labelstudio([copy.deepcopy(task)])[0]
    assert export_labelstudio([doc], original=True) == [task]
    m = doc.annotations[0].mentions[0]
    m.start, m.end, m.text = 17, 23, "Anders"
    value = export_labelstudio([doc], original=True)[0]["annotations"][0]["result"][0]["value"]
    assert (value["start"], value["end"], value["text"]) == (17, 23, "Anders")


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda t: t.pop("data"), "data"),
    (lambda t: t["data"].pop("text"), "data.text"),
    (lambda t: t["annotations"][0]["result"][0]["value"].update(labels=["SECRET"]), "SECRET"),
    (lambda t: t["annotations"][0]["result"][0]["value"].update(end=999), "outside"),
    (lambda t: t["annotations"][0]["result"].append(
        {"type": "relation", "from_id": "m1", "to_id": "nope"}), "nope"),
    (lambda t: t["annotations"][0]["result"].append({"type": "rectangle", "id": "x"}),
     "rectangle"),
    (lambda t: t["annotations"][0]["result"][0]["value"].update(labels=["PERSON", "LOC"]),
     "several categories"),
    (lambda t: t["annotations"][0]["result"].append(
        {"id": "m4", "type": "choices", "from_name": "confidential", "to_name": "text",
         "value": {"choices": ["HEALTH", "BELIEF"]}}), "several confidential"),
    # shapes a hand-edited export may have: refused with the place named, never a crash or a
    # string read letter by letter
    (lambda t: t["annotations"][0]["result"][0]["value"].update(labels="PERSON"),
     "value.labels must be a list of strings"),
    (lambda t: t["annotations"][0]["result"][0]["value"].update(labels=[["PERSON"]]),
     "value.labels must be a list of strings"),
    (lambda t: t["annotations"][0]["result"].append(
        {"id": "m1", "type": "choices", "from_name": "identifier_type", "to_name": "text",
         "value": "DIRECT"}), "choices item's value is not an object"),
    (lambda t: t["annotations"][0]["result"].append(
        {"id": "m1", "type": "choices", "from_name": "identifier_type", "to_name": "text",
         "value": {"choices": "DIRECT"}}), "value.choices must be a list of strings"),
    (lambda t: t["annotations"][0]["result"][0]["value"].update(start=True),
     "not whole numbers"),
    (lambda t: t["annotations"][0]["result"].append(
        {"type": "relation", "from_id": "m1", "to_id": "m3", "labels": "same"}),
     "relation item .* labels must be a list"),
])
def test_errors_are_clear(mutate, message: str) -> None:
    task = export_labelstudio([sample_doc()])[0]
    mutate(task)
    with pytest.raises(SchemeError, match=message):
        import_labelstudio([task])


def test_label_config_lists_the_scheme() -> None:
    config = label_config()
    for name in ("PERSON", "MISC", "DIRECT", "QUASI", "HEALTH", "perRegion"):
        assert name in config


def test_preannotation_as_predictions() -> None:
    from pseudonymizer.dab import preannotation

    text = "Jørgen Hansen ringede. Senere kom Jørgen Hansen igen, og Jørgen smilede."
    pred = preannotation(text)
    by_text = {}
    for m in pred.mentions:
        by_text.setdefault(m.text, []).append(m)
    full = by_text["Jørgen Hansen"]
    alone = by_text["Jørgen"][0]
    assert len(full) == 2 and full[0].entity == full[1].entity == alone.entity
    # a relation only between mentions with the same information
    assert [(r.from_id, r.to_id) for r in pred.relations] == [(full[1].id, full[0].id)]
    doc = DabDocument(id="1", text=text, predictions=[pred])
    task = export_labelstudio([doc])[0]
    assert task["annotations"] == []
    assert task["predictions"][0]["model_version"] == "pseudonymizer.dab"
    back = import_labelstudio([task])[0]
    assert semantic(back) == semantic(doc)


def _nested_task() -> dict:
    """A task as Label Studio's own export writes it (like the DAB file): the prediction is
    listed by id and nested, whole, in the annotation made from it; its regions have no ids."""
    text = "Kim bor i Vejle og ringer til Ole."

    def region(word: str, label: str, rid: str | None = None) -> dict:
        s = text.index(word)
        item = {"from_name": "label", "to_name": "text", "type": "labels",
                "value": {"start": s, "end": s + len(word), "text": word, "labels": [label]}}
        if rid:
            item["id"] = rid
        return item

    prediction = {"id": 9, "model_version": "dacy",
                  "result": [region("Kim", "PERSON"), region("Vejle", "LOC"),
                             region("Ole", "PERSON")]}
    return {"id": 3, "data": {"text": text}, "predictions": [9], "annotations": [
        {"id": 1, "completed_by": 1, "prediction": prediction,
         "result": [region("Kim", "PERSON", "a1")]},
        {"id": 2, "completed_by": 2, "prediction": copy.deepcopy(prediction),
         "result": [region("Vejle", "LOC", "b1")]},
    ]}


def test_nested_predictions_become_predictions_and_export_where_they_came_from() -> None:
    task = _nested_task()
    doc = import_labelstudio([copy.deepcopy(task)])[0]
    # the prediction nested in both annotations is lifted once, with the task's id list kept
    assert len(doc.predictions) == 1
    pred = doc.predictions[0]
    assert [(m.text, m.label) for m in pred.mentions] == [
        ("Kim", "PERSON"), ("Vejle", "LOC"), ("Ole", "PERSON")]
    assert pred.annotator == "dacy"
    assert export_labelstudio([doc], original=True) == [task]
    assert export_labelstudio([doc]) == export_labelstudio(import_labelstudio(
        export_labelstudio([doc])))


def test_predictions_without_region_ids_get_distinct_ids() -> None:
    task = _nested_task()
    second = copy.deepcopy(task["annotations"][1]["prediction"])
    second["id"] = 10
    second["model_version"] = "other"
    task["annotations"][1]["prediction"] = second
    task["predictions"] = [9, 10]
    doc = import_labelstudio([copy.deepcopy(task)])[0]
    assert len(doc.predictions) == 2
    ids = [m.id for p in doc.predictions for m in p.mentions]
    assert len(ids) == len(set(ids)) == 6
    assert export_labelstudio([doc], original=True) == [task]


def test_task_predictions_are_not_lifted_twice() -> None:
    task = _nested_task()
    task["predictions"] = [copy.deepcopy(task["annotations"][0]["prediction"])]
    doc = import_labelstudio([copy.deepcopy(task)])[0]
    assert len(doc.predictions) == 1 and "_nested_in" not in doc.predictions[0].extra
    assert export_labelstudio([doc], original=True) == [task]


def test_dab_predictions_are_offered(dab_raw: list) -> None:
    docs = import_labelstudio(copy.deepcopy(dab_raw))
    assert all(len(d.predictions) == 1 and d.predictions[0].annotator == "dacy" for d in docs)
    n_nested = sum(1 for t in dab_raw for a in t["annotations"]
                   for r in a["prediction"]["result"] if r["type"] == "labels")
    assert sum(len(d.predictions[0].mentions) for d in docs) == n_nested
