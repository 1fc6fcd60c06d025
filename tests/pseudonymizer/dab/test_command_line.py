"""The annotate command delegates Danish lines to annotate_dab; its output feeds the metrics."""

from __future__ import annotations

import json
import subprocess
import sys

from pseudonymizer.dab import Annotation, DabDocument, Mention
from pseudonymizer.dab.metrics import main as metrics_main
from pseudonymizer.dab.tab import export_tab

TEXT = "Hej Mette Holm, ring til mig på 26 35 58 65. Jeg bor i Vejle."


def test_annotate_then_evaluate(tmp_path, capsys) -> None:
    line = json.dumps({"id": "d1", "lang": "da", "scheme": "dab", "text": TEXT})
    proc = subprocess.run([sys.executable, "-m", "pseudonymizer", "annotate"], input=line,
                          capture_output=True, text=True, check=True)
    out = json.loads(proc.stdout.splitlines()[0])
    assert out["id"] == "d1" and out["scheme"] == "dab"
    got = {(s["text"], s["label"], s["identifier_type"]) for s in out["spans"]}
    assert {("Mette Holm", "PERSON", "DIRECT"), ("26 35 58 65", "CODE", "DIRECT"),
            ("Vejle", "LOC", "QUASI")} <= got
    pred = tmp_path / "pred.jsonl"
    pred.write_text(proc.stdout, encoding="utf-8")
    gold = DabDocument(id="d1", text=TEXT, annotations=[Annotation(mentions=[
        Mention("a", 4, 14, "Mette Holm", "PERSON", "DIRECT"),
        Mention("b", 32, 43, "26 35 58 65", "CODE", "DIRECT"),
        Mention("c", 55, 60, "Vejle", "LOC", "QUASI")])])
    gold_file = tmp_path / "gold.json"
    gold_file.write_text(json.dumps(export_tab([gold])), encoding="utf-8")
    assert metrics_main(["--gold", str(gold_file), "--pred", str(pred), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["entity_recall"] == {"DIRECT": 1.0, "QUASI": 1.0, "ALL": 1.0}


def test_evaluate_command_has_the_dab_scheme(tmp_path, capsys) -> None:
    from pseudonymizer.evaluation import main as evaluate_main

    gold = DabDocument(id="d1", text=TEXT, annotations=[Annotation(mentions=[
        Mention("a", 4, 14, "Mette Holm", "PERSON", "DIRECT")])])
    gold_file = tmp_path / "gold.json"
    gold_file.write_text(json.dumps(export_tab([gold])), encoding="utf-8")
    assert evaluate_main(["--scheme", "dab", "--gold", str(gold_file), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["entity_recall"]["DIRECT"] == 1.0
