"""scripts/build_dab_gold.py: inline mark-up → TAB JSON, its errors, and the committed set."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from pseudonymizer.dab.metrics import tab_metrics
from pseudonymizer.dab.tab import import_tab

REPO = Path(__file__).resolve().parents[3]
SCRIPT = REPO / "scripts" / "build_dab_gold.py"
HELDOUT = REPO / "tests" / "data" / "dab_heldout"

_spec = importlib.util.spec_from_file_location("build_dab_gold", SCRIPT)
bdg = importlib.util.module_from_spec(_spec)
assert _spec.loader is not None
sys.modules["build_dab_gold"] = bdg  # dataclasses look their module up there
_spec.loader.exec_module(bdg)


def write(tmp_path: Path, body: str, name: str = "01_x.txt", header: str | None = None) -> Path:
    head = "id: d1\ntype: forum\nprotected: Mette Holm; Kim\n# a note\n" if header is None \
        else header
    path = tmp_path / name
    path.write_text(head + "---\n" + body, encoding="utf-8")
    return path


# --- parsing -----------------------------------------------------------------------------------


def test_parse_body_offsets_labels_and_defaults():
    text, spans = bdg.parse_body(
        "[Mette Holm](PERSON DIRECT e1) bor på [Skolevej 12](LOC DIRECT e2) og er "
        "[42 år](DEM QUASI) med [diabetes](DEM QUASI HEALTH e3); [Holm](PERSON QUASI) i "
        "[maj](DATETIME).")
    assert text == "Mette Holm bor på Skolevej 12 og er 42 år med diabetes; Holm i maj."
    got = [(s.text, s.category, s.identifier_type, s.confidential, s.entity) for s in spans]
    assert got == [
        ("Mette Holm", "PERSON", "DIRECT", None, "e1"),
        ("Skolevej 12", "LOC", "DIRECT", None, "e2"),
        ("42 år", "DEM", "QUASI", None, None),
        ("diabetes", "DEM", "QUASI", "HEALTH", "e3"),
        ("Holm", "PERSON", "QUASI", None, None),
        ("maj", "DATETIME", "NO_MASK", None, None),
    ]
    for s in spans:
        assert text[s.start:s.end] == s.text


def test_label_words_in_any_order_after_the_category():
    _, spans = bdg.parse_body("[Kim](PERSON e7 QUASI)")
    assert (spans[0].identifier_type, spans[0].entity) == ("QUASI", "e7")


def test_escapes_and_multiline_span():
    text, spans = bdg.parse_body("a \\[b\\] c\\\\ [Vej 1\n9000 By](LOC DIRECT) d")
    assert text == "a [b] c\\ Vej 1\n9000 By d"
    assert spans[0].text == "Vej 1\n9000 By"
    assert text[spans[0].start:spans[0].end] == "Vej 1\n9000 By"


def test_parse_file_gives_tab_that_the_library_reads(tmp_path):
    p = write(tmp_path, "Hej [Kim](PERSON QUASI e1)!\n[Kim](PERSON QUASI e1) ringer på "
                        "[12 34 56 78](CODE DIRECT).\n\n")
    doc = bdg.parse_file(p)
    assert doc["doc_id"] == "d1"
    assert doc["text"] == "Hej Kim!\nKim ringer på 12 34 56 78."
    assert doc["meta"] == {"type": "forum", "source_file": "01_x.txt"}
    assert doc["protected"] == ["Mette Holm", "Kim"]
    ems = doc["annotations"]["W2"]["entity_mentions"]
    assert [m["entity_id"] for m in ems] == ["d1_e1", "d1_e1", "d1_m3"]
    assert ems[2]["confidential_status"] == "NOT_CONFIDENTIAL"
    lib = import_tab([doc])[0]
    ann = lib.annotations[0]
    assert [(m.text, m.identifier_type) for m in ann.mentions] == [
        ("Kim", "QUASI"), ("Kim", "QUASI"), ("12 34 56 78", "DIRECT")]
    ents = ann.entities()
    assert ents["d1_m1"] == ents["d1_m2"] != ents["d1_m3"]


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("body, where, words", [
    ("ok\nsee [Kim](PERSN DIRECT)", "01_x.txt:7:5", "unknown category"),
    ("[Kim](PERSON DIREKT)", "01_x.txt:6:1", "unknown word"),
    ("[Kim](PERSON DIRECT QUASI)", "01_x.txt:6:1", "two identifier types"),
    ("[Kim](PERSON HEALTH SEX)", "01_x.txt:6:1", "two confidential"),
    ("[Kim](PERSON e1 e2)", "01_x.txt:6:1", "two entity ids"),
    ("[Kim]()", "01_x.txt:6:1", "empty label"),
    ("ab [Kim", "01_x.txt:6:4", "never closed"),
    ("ab Kim] x", "01_x.txt:6:7", "without '['"),
    ("[Kim] x", "01_x.txt:6:5", "not followed by '(LABEL)'"),
    ("[Kim](PERSON\nDIRECT)", "01_x.txt:6:6", "not closed"),
    ("[a [b](LOC)](LOC)", "01_x.txt:6:4", "nested"),
    ("[ Kim](PERSON)", "01_x.txt:6:1", "minimal span"),
    ("[Kim ](PERSON)", "01_x.txt:6:1", "minimal span"),
    ("[Kim,](PERSON)", "01_x.txt:6:1", "minimal span"),
    ("x [](PERSON)", "01_x.txt:6:3", "empty span"),
    ("a \\b", "01_x.txt:6:3", "lone backslash"),
    ("[Kim](PERSON DIRECT e1) og\n  [Kim](PERSON QUASI e1)", "01_x.txt:7:3",
     "entity e1 is PERSON QUASI here but PERSON DIRECT at 01_x.txt:6:1"),
])
def test_malformed_markup_names_line_and_column(tmp_path, body, where, words):
    p = write(tmp_path, body)
    with pytest.raises(bdg.MarkupError) as exc:
        bdg.parse_file(p)
    assert str(exc.value).startswith(where + ":"), str(exc.value)
    assert words in str(exc.value)


def test_header_errors(tmp_path):
    with pytest.raises(bdg.MarkupError, match="no '---' line"):
        (tmp_path / "a.txt").write_text("id: x\ntype: forum\n[Kim](PERSON)", encoding="utf-8")
        bdg.parse_file(tmp_path / "a.txt")
    with pytest.raises(bdg.MarkupError, match="lacks 'type:'"):
        bdg.parse_file(write(tmp_path, "x", header="id: x\n"))
    with pytest.raises(bdg.MarkupError, match=r"b\.txt:2:1: header line"):
        bdg.parse_file(write(tmp_path, "x", name="b.txt", header="id: x\nforfatter: W2\n"))


def test_duplicate_ids_and_empty_directory(tmp_path, capsys):
    write(tmp_path, "a", name="01_a.txt")
    write(tmp_path, "b", name="02_b.txt")
    with pytest.raises(bdg.MarkupError, match="id d1 already used by 01_a.txt"):
        bdg.build(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert bdg.main(["--src", str(empty), "--out", str(tmp_path / "o.json")]) == 2
    assert "no *.txt" in capsys.readouterr().err


def test_main_writes_and_checks(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    write(src, "[Kim](PERSON QUASI) bor i [Vejle](LOC QUASI).")
    out = tmp_path / "gold.json"
    assert bdg.main(["--src", str(src), "--out", str(out), "--summary"]) == 0
    assert "documents: 1" in capsys.readouterr().out
    assert bdg.main(["--src", str(src), "--out", str(out), "--check"]) == 0
    write(src, "[Kim](PERSON DIRECT) bor i [Vejle](LOC QUASI).")
    assert bdg.main(["--src", str(src), "--out", str(out), "--check"]) == 1
    write(src, "[Kim](PERSON DIRECT bor")
    assert bdg.main(["--src", str(src), "--out", str(out)]) == 2
    assert "01_x.txt:6:6: label '(' not closed" in capsys.readouterr().err


# --- the committed held-out set ----------------------------------------------------------------


def test_committed_heldout_set_is_current_and_consistent():
    src, gold = HELDOUT / "src", HELDOUT / "dab_heldout.json"
    assert bdg.main(["--src", str(src), "--out", str(gold), "--check"]) == 0
    data = json.loads(gold.read_text(encoding="utf-8"))
    assert len(data) == 30
    docs = import_tab(data)  # checks categories, types and offsets against the text
    for raw in data:
        for m in raw["annotations"]["W2"]["entity_mentions"]:
            assert raw["text"][m["start_offset"]:m["end_offset"]] == m["span_text"]
    # The gold marks, used as a prediction, are found in full; no prediction finds nothing
    # (strictly: TAB's own measures let function words such as "i" count as masked).
    perfect = {d.id: d.annotations[0].mentions for d in docs}
    result = tab_metrics(docs, perfect)
    assert result["entity_recall"]["ALL"] == 1.0
    assert result["precision_uniform"] == 1.0
    assert tab_metrics(docs, {})["mention_recall_strict"]["ALL"] == 0.0
