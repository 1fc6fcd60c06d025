"""TAB JSON export and import."""

from __future__ import annotations

import json

import pytest

from pseudonymizer.dab import Annotation, DabDocument, Mention, Relation, SchemeError
from pseudonymizer.dab.labelstudio import import_labelstudio
from pseudonymizer.dab.tab import export_tab, import_tab

TEXT = "Kim Holm bor i Vejle. Holm er 40 år."


def doc() -> DabDocument:
    ann = Annotation(mentions=[
        Mention("em1", 0, 8, "Kim Holm", "PERSON", "DIRECT"),
        Mention("em2", 15, 20, "Vejle", "LOC", "QUASI"),
        Mention("em3", 22, 26, "Holm", "PERSON", "DIRECT"),
        Mention("em4", 30, 35, "40 år", "DEM", "QUASI", confidential="HEALTH"),
    ], relations=[Relation("em3", "em1")], annotator="ann1")
    return DabDocument(id="doc-1", text=TEXT, annotations=[ann], data={"source": "demo"})


def test_export_fields() -> None:
    out = export_tab([doc()])[0]
    assert out["doc_id"] == "doc-1" and out["text"] == TEXT and out["meta"] == {"source": "demo"}
    ems = out["annotations"]["ann1"]["entity_mentions"]
    assert ems[0] == {
        "entity_type": "PERSON", "entity_mention_id": "em1", "start_offset": 0,
        "end_offset": 8, "span_text": "Kim Holm", "identifier_type": "DIRECT", "entity_id": "em1",
        "confidential_status": "NOT_CONFIDENTIAL", "edit_type": "check",
    }
    # relations become shared entity ids
    assert ems[2]["entity_id"] == ems[0]["entity_id"]
    assert ems[1]["entity_id"] != ems[0]["entity_id"]
    assert ems[3]["confidential_status"] == "HEALTH"
    json.dumps(out)


def test_round_trip() -> None:
    exported = export_tab([doc()])
    back = import_tab(json.loads(json.dumps(exported)))
    assert export_tab(back) == exported
    m = {x.id: x for x in back[0].annotations[0].mentions}
    assert (m["em4"].label, m["em4"].identifier_type, m["em4"].confidential) == (
        "DEM", "QUASI", "HEALTH")
    assert back[0].annotations[0].entities()["em3"] == back[0].annotations[0].entities()["em1"]


def test_tab_native_fields_survive() -> None:
    item = {"doc_id": "001-01", "text": "Ole bor her.", "dataset_type": "test", "task": "x",
            "annotations": {"a1": {"entity_mentions": [
                {"entity_type": "PERSON", "entity_mention_id": "001-01_a1_em1",
                 "start_offset": 0, "end_offset": 3, "span_text": "Ole", "edit_type": "insert",
                 "identifier_type": "DIRECT", "entity_id": "001-01_a1_e1",
                 "confidential_status": "NOT_CONFIDENTIAL"}]}}}
    assert export_tab(import_tab([item])) == [item]


def test_corrected_span_exports_its_own_span_text() -> None:
    text = "Ole  Hansen bor her."
    item = {"doc_id": "d", "text": text, "annotations": {"a1": {"entity_mentions": [
        {"entity_type": "PERSON", "entity_mention_id": "m1", "start_offset": 0,
         "end_offset": 11, "span_text": "Ole Hansen", "identifier_type": "DIRECT",
         "entity_id": "e1", "confidential_status": "NOT_CONFIDENTIAL"}]}}}
    docs = import_tab([item])
    assert export_tab(docs) == [item]  # their spacing while the span is unchanged
    m = docs[0].annotations[0].mentions[0]
    m.start, m.end, m.text = 5, 11, "Hansen"
    em = export_tab(docs)[0]["annotations"]["a1"]["entity_mentions"][0]
    assert (em["start_offset"], em["span_text"]) == (5, "Hansen")


def test_dab_export_to_tab(dab_raw: list) -> None:
    docs = import_labelstudio(dab_raw)
    tab = export_tab(docs)
    back = import_tab(tab)
    for a, b in zip(docs, back, strict=True):
        ma = sorted((m.start, m.end, m.label, m.identifier_type) for m in a.annotations[0].mentions)
        mb = sorted((m.start, m.end, m.label, m.identifier_type) for m in b.annotations[0].mentions)
        assert ma == mb
        # the entities (relations' closure) are the same partition
        ea, eb = a.annotations[0].entities(), b.annotations[0].entities()
        pa = {frozenset(k for k in ea if ea[k] == v) for v in ea.values()}
        pb = {frozenset(k for k in eb if eb[k] == v) for v in eb.values()}
        assert pa == pb


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.pop("text"), "text"),
    (lambda d: d["annotations"]["ann1"]["entity_mentions"][0].update(entity_type="NAME"),
     "NAME"),
    (lambda d: d["annotations"]["ann1"]["entity_mentions"][0].update(identifier_type="X"), "X"),
    (lambda d: d["annotations"]["ann1"]["entity_mentions"][0].update(end_offset=500),
     "outside"),
    (lambda d: d["annotations"]["ann1"]["entity_mentions"][0].update(
        confidential_status="MONEY"), "MONEY"),
    (lambda d: d["annotations"]["ann1"]["entity_mentions"][0].update(start_offset="0"),
     "not whole numbers"),
    # offsets that do not point at the words the file names would mark the wrong characters
    (lambda d: d["annotations"]["ann1"]["entity_mentions"][0].update(start_offset=1),
     "span_text 'Kim Holm' is not the text at 1..8"),
    (lambda d: d["annotations"]["ann1"]["entity_mentions"][1].update(entity_mention_id="em1"),
     "mention id 'em1' is used twice"),
    (lambda d: d.update(protected="Kim Holm"), "'protected' must be a list"),
    (lambda d: d.update(meta=["demo"]), "'meta' is not an object"),
])
def test_errors(mutate, message: str) -> None:
    item = export_tab([doc()])[0]
    mutate(item)
    with pytest.raises(SchemeError, match=message):
        import_tab([item])
