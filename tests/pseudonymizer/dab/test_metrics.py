"""TAB metrics on hand-computed cases."""

from __future__ import annotations

import json

import pytest

from pseudonymizer.dab import Annotation, DabDocument, Mention, Relation
from pseudonymizer.dab.metrics import main, tab_metrics

#       0         1         2         3         4
#       0123456789012345678901234567890123456789012345
TEXT = "Ole Jensen bor i Vejle og Jensen er 40 år."


def gold() -> DabDocument:
    ann = Annotation(mentions=[
        Mention("a", 0, 10, "Ole Jensen", "PERSON", "DIRECT"),
        Mention("b", 17, 22, "Vejle", "LOC", "QUASI"),
        Mention("c", 26, 32, "Jensen", "PERSON", "DIRECT"),
        Mention("d", 36, 41, "40 år", "DEM", "QUASI"),
        Mention("e", 11, 14, "bor", "MISC", "NO_MASK"),
    ], relations=[Relation("c", "a")])
    return DabDocument(id="1", text=TEXT, annotations=[ann])


def span(start: int, end: int, idt: str = "DIRECT") -> dict:
    return {"start": start, "end": end, "identifier_type": idt}


def test_perfect() -> None:
    r = tab_metrics([gold()], {"1": [span(0, 10), span(17, 22, "QUASI"), span(26, 32),
                                     span(36, 41, "QUASI")]})
    assert r["entity_recall"] == {"DIRECT": 1.0, "QUASI": 1.0, "ALL": 1.0}
    assert r["token_recall"]["ALL"] == 1.0
    assert r["precision_uniform"] == 1.0 and r["precision_char"] == 1.0
    assert r["counts"]["entities"] == {"DIRECT": 1, "QUASI": 2}


def test_entity_needs_all_mentions() -> None:
    # "Ole Jensen" masked, the second "Jensen" not: the entity is not protected,
    # although one of its two mentions is.
    r = tab_metrics([gold()], {"1": [span(0, 10), span(17, 22)]})
    assert r["entity_recall"]["DIRECT"] == 0.0
    assert r["mention_recall"]["DIRECT"] == 0.5
    assert r["entity_recall"]["QUASI"] == 0.5  # Vejle yes, "40 år" no
    # tokens of gold DIRECT mentions: Ole, Jensen, Jensen → 2 of 3 covered
    assert r["token_recall"]["DIRECT"] == pytest.approx(2 / 3)
    # QUASI tokens: Vejle, 40, år → 1 of 3
    assert r["token_recall"]["QUASI"] == pytest.approx(1 / 3)


def test_partial_cover_is_not_a_cover_and_precision() -> None:
    # "Jensen bor" masked as one span: covers mention c? no (c is 26..32); covers a? partly.
    pred = [span(4, 14), span(36, 38, "QUASI"), span(0, 3, "NO_MASK")]
    r = tab_metrics([gold()], {"1": pred})
    assert r["mention_recall"]["DIRECT"] == 0.0  # "Ole" is not masked (NO_MASK masks nothing)
    assert r["mention_recall"]["QUASI"] == 0.0  # only "40" of "40 år"
    # predicted masked tokens: Jensen, bor, 40 → Jensen and 40 inside gold masked mentions
    assert r["precision_uniform"] == pytest.approx(2 / 3)
    # characters (no spaces): "Jensen"(6) + "bor"(3) + "40"(2) → 8 of 11 inside gold
    assert r["precision_char"] == pytest.approx(8 / 11)


def test_two_annotators_each_count() -> None:
    g = gold()
    other = Annotation(mentions=[Mention("x", 17, 22, "Vejle", "LOC", "NO_MASK"),
                                 Mention("y", 0, 10, "Ole Jensen", "PERSON", "DIRECT")])
    g.annotations.append(other)
    r = tab_metrics([g], {"1": [span(0, 10)]})
    # annotator 1: DIRECT entity {a, c} not covered (c missing) → 0; annotator 2: {y} → 1
    assert r["entity_recall"]["DIRECT"] == pytest.approx(0.5)
    # precision: token "Ole", "Jensen" masked by both annotators → 1.0
    assert r["precision_uniform"] == 1.0


def test_what_tab_does_not_require_to_be_masked() -> None:
    # "Hr." and the punctuation and spaces inside a mention need no mask (as in TAB/DAB's
    # evaluation); the strict measure asks for every character.
    text = "Til Hr. Jens Hansen, Vejle i dag."
    gold = DabDocument(id="x", text=text, annotations=[Annotation(mentions=[
        Mention("a", 4, 26, "Hr. Jens Hansen, Vejle", "PERSON", "DIRECT")])])
    r = tab_metrics([gold], {"x": [span(8, 19), span(21, 26, "QUASI")]})
    assert r["mention_recall"]["DIRECT"] == 1.0
    assert r["mention_recall_strict"]["DIRECT"] == 0.0
    assert r["token_recall"]["DIRECT"] == 1.0  # Hr (ignored), Jens, Hansen, Vejle
    r = tab_metrics([gold], {"x": [span(4, 26)]})
    assert r["mention_recall_strict"]["DIRECT"] == 1.0


def test_no_prediction_and_unknown_document() -> None:
    r = tab_metrics([gold()], {})
    assert r["entity_recall"]["ALL"] == 0.0 and r["precision_uniform"] is None
    with pytest.raises(ValueError, match="not in the gold"):
        tab_metrics([gold()], {"2": []})


def test_command_line(tmp_path, capsys) -> None:
    from pseudonymizer.dab.tab import export_tab

    gold_file = tmp_path / "gold.json"
    gold_file.write_text(json.dumps(export_tab([gold()])), encoding="utf-8")
    pred_file = tmp_path / "pred.jsonl"
    pred_file.write_text(json.dumps({"id": "1", "spans": [span(0, 10), span(26, 32)]}) + "\n",
                         encoding="utf-8")
    assert main(["--gold", str(gold_file), "--pred", str(pred_file), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["entity_recall"]["DIRECT"] == 1.0 and out["entity_recall"]["QUASI"] == 0.0
    assert main(["--gold", str(gold_file), "--annotate"]) == 0
    assert "entity_recall" in capsys.readouterr().out
    assert main(["--gold", str(tmp_path / "missing.json"), "--annotate"]) == 2


def test_dab_targets(dab_raw: list) -> None:
    """The pre-annotator on the 54 DAB documents: the issue's targets for DIRECT and precision,
    and QUASI no lower than measured when this test was written (see the benchmark)."""
    from pseudonymizer.dab import annotate_dab
    from pseudonymizer.dab.labelstudio import import_labelstudio

    docs = import_labelstudio(dab_raw)
    r = tab_metrics(docs, {d.id: annotate_dab(d.text)["spans"] for d in docs})
    assert r["mention_recall_strict"]["DIRECT"] >= 0.97
    assert r["precision_char"] >= 0.75
    assert r["mention_recall_strict"]["QUASI"] >= 0.72
