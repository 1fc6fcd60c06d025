"""The command line end to end: annotate (files, stdin/stdout, broken lines), text, help."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pseudonymizer.cli import encode_line, main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pseudonymizer", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


RECORDS = [
    {"id": "e1", "text": "Ring 070-123 45 67 på lördag.", "genre": "narrative"},
    {"id": "e2", "text": "Jag är 25 år gammal.", "lang": "sv"},
    {"id": "e3", "text": ""},
]


def test_annotate_files(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    lines = [json.dumps(r, ensure_ascii=False) for r in RECORDS]
    lines.insert(1, "{not json")
    lines.insert(3, "[1, 2]")
    lines.insert(4, '{"id": "x", "text": 5}')
    src.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code = main(["annotate", "--input", str(src), "--output", str(out), "--no-progress"])
    assert code == 1  # some lines were broken
    results = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r.get("id") for r in results] == ["e1", None, "e2", None, "x", "e3"]
    assert results[1]["line"] == 2 and "error" in results[1]
    assert results[3]["line"] == 4 and results[4]["line"] == 5
    first = results[0]
    assert first["text"] == RECORDS[0]["text"]
    assert {s["label"] for s in first["spans"]} == {"phone_nr", "day"}
    assert first["target"].startswith("Ring 000-000 00 00 på ")
    assert first["graph"]["source"][0] == {"id": "s0", "text": "Ring "}
    assert first["genre"] == "narrative"
    assert results[2]["spans"][0]["label"] == "age_digits"
    assert results[5]["spans"] == [] and results[5]["target"] == ""


def test_annotate_stdin_stdout_and_progress() -> None:
    stdin = "\n".join(json.dumps(r) for r in RECORDS) + "\n"
    proc = run("annotate", "--input", "-", "--output", "-", "--no-graph", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["id"] for r in results] == ["e1", "e2", "e3"]
    assert "graph" not in results[0]


def test_annotate_reports_broken_line_on_stderr(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'{"id": "a", "text": "ok"}\n\xff\xfe broken\n{"id": "b", "text": "ok"}\n')
    out = tmp_path / "out.jsonl"
    proc = run("annotate", "--input", str(src), "--output", str(out))
    assert proc.returncode == 1
    assert "line 2:" in proc.stderr
    assert "annotate" in proc.stderr  # the tqdm bar, on stderr only
    results = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r.get("id") for r in results] == ["a", None, "b"]


def test_missing_input_file(tmp_path: Path) -> None:
    assert main(["annotate", "--input", str(tmp_path / "nope.jsonl"), "--output", "-"]) == 2


def test_text_command() -> None:
    proc = run("text", "Ring 070-123 45 67 på lördag.", "--seed", "s")
    assert proc.returncode == 0
    assert "[070-123 45 67→000-000 00 00 phone_nr 1]" in proc.stdout
    assert "[lördag→" in proc.stdout


def test_help_explains_commands() -> None:
    proc = run("--help")
    assert proc.returncode == 0
    for word in ("annotate", "text", "evaluate", "JSONL"):
        assert word in proc.stdout
    proc = run("annotate", "--help")
    assert "--input" in proc.stdout and "--output" in proc.stdout


def test_evaluate_is_delegated(monkeypatch: pytest.MonkeyPatch) -> None:
    import pseudonymizer.evaluation as evaluation

    seen = []
    monkeypatch.setattr(evaluation, "main", lambda argv: seen.append(list(argv)) or 0)
    assert main(["evaluate", "--gold", "g.jsonl"]) == 0
    assert seen == [["--gold", "g.jsonl"]]


def test_dab_records_are_delegated(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps({"id": "d", "text": "Jeg hedder Mette.", "lang": "da"}) + "\n", encoding="utf-8"
    )
    out = tmp_path / "out.jsonl"
    code = main(["annotate", "--input", str(src), "--output", str(out), "--no-progress"])
    result = json.loads(out.read_text(encoding="utf-8"))
    if code == 0:
        assert result["id"] == "d" and "spans" in result
    else:  # the dab package is missing or broken: a clear error object, not a crash
        assert "dab" in result["error"]


def test_encode_line_is_json_dumps() -> None:
    from pseudonymizer import annotate
    from pseudonymizer.cli import encode_line

    text = 'Jag heter Ånna "Ö" och bor i Malmö.\n\tRing 070-123 45 67 \x01 \u2028 مرحبا'
    result = annotate(text, seed="e1").to_json(id="e1")
    line = json.dumps(result, ensure_ascii=False).replace("\u2028", "\\u2028")
    assert encode_line(result) == line
    assert json.loads(encode_line(result)) == result
    assert len(encode_line(result).splitlines()) == 1  # one record, one line


BAD_INPUT = [
    {"id": "ws", "text": "  \n\t "},
    {"id": "ar", "text": "اسمي أحمد. Jag heter Ahmed och bor i Damaskus."},
    {"id": "cy", "text": "Меня зовут Иван. Jag heter Ivan och kommer från Moskva."},
    {"id": "ctrl", "text": "Jag\x00heter\x07 Anna\x1b[31m och\u200b bor i\xa0Lund.\r\n\u2028\x85"},
    {"id": "emoji", "text": "Anna 👩\u200d👩\u200d👧 bor i Lund 🇸🇪 e\u0301."},
    {"text": "Jag heter Anna \ud800 och bor i Lund."},  # unpaired surrogate, no id (seed = text)
]


def test_bad_input_never_crashes_nor_loses_a_character(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    # json.dumps escapes everything as ASCII, the unpaired surrogate included (valid JSON)
    src.write_text("\n".join(json.dumps(r) for r in BAD_INPUT) + "\n", encoding="ascii")
    out = tmp_path / "out.jsonl"
    code = main(["annotate", "--input", str(src), "--output", str(out), "--no-progress"])
    assert code == 0
    results = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(results) == len(BAD_INPUT)
    for record, result in zip(BAD_INPUT, results, strict=True):
        assert result["text"] == record["text"]
        assert "".join(t["text"] for t in result["graph"]["source"]) == record["text"]
    assert "Anna" not in results[-1]["target"] and "\ud800" in results[-1]["target"]


def test_byte_order_mark_on_the_first_line(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'\xef\xbb\xbf{"id": "a", "text": "Jag heter Anna."}\r\n{"id":"b","text":""}')
    out = tmp_path / "out.jsonl"
    assert main(["annotate", "--input", str(src), "--output", str(out), "--no-progress"]) == 0
    results = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in results] == ["a", "b"]
    assert results[0]["spans"][0]["text"] == "Anna"


def test_text_command_with_odd_input() -> None:
    assert run("text", "").stdout == "\n"
    proc = subprocess.run(
        [sys.executable, "-m", "pseudonymizer", "text", b"\xff Jag heter Anna.\x07"],
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"\xff Jag heter [Anna\xe2\x86\x92")  # bytes come back as given
    assert proc.stdout.endswith(b".\x07\n")


def test_long_results_are_written_in_pieces_with_the_same_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from pseudonymizer import annotate, cli

    text = "Anna bor i Lund.\u2028 Hon är 25 år och ringer 070-123 45 67. " * 8
    result = annotate(text, seed="e1").to_json(id="e1")
    result["extra"] = {"1": [1, 2, 3, 4, 5], "n": None}
    monkeypatch.setattr(cli, "_STREAM_CHARS", 10)
    monkeypatch.setattr(cli, "_BATCH", 3)  # every list and the edges in several batches
    assert len(result["graph"]["edges"]) > 3 * cli._BATCH
    out = io.StringIO()
    cli._write_line(out, result)
    assert out.getvalue() == encode_line(result) + "\n"
    # an unpaired surrogate: escaped in place, the line still reads back to the same record
    odd = annotate("Anna \ud800 bor i Lund. " * 3, seed="e2").to_json(id="e2")
    raw = io.BytesIO()
    wrapper = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
    cli._write_line(wrapper, odd)
    wrapper.flush()
    assert json.loads(raw.getvalue().decode("utf-8")) == odd


def test_output_onto_the_input_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "a", "text": "Jag heter Anna."}\n', encoding="utf-8")
    assert main(["annotate", "--input", str(src), "--output", str(src), "--no-progress"]) == 2
    assert src.read_text(encoding="utf-8") == '{"id": "a", "text": "Jag heter Anna."}\n'


def test_text_command_danish_goes_to_the_dab_annotator() -> None:
    pytest.importorskip("pseudonymizer.dab")
    proc = run("text", "--lang", "da", "Jeg hedder Anders Jensen og bor i Odense.")
    assert proc.returncode == 0, proc.stderr
    assert "[Anders Jensen PERSON DIRECT" in proc.stdout


@pytest.mark.parametrize("stream_chars", [None, 10])
def test_annotate_writes_the_graph_as_json_dumps_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stream_chars: int | None
) -> None:
    """The command line writes the graph's JSON from the spans (graph_json) instead of
    building the graph: the lines are those of the built graph, for short records and for long
    ones written in pieces, with the fields before and after the graph."""
    from pseudonymizer import cli
    from pseudonymizer.document import Options

    if stream_chars is not None:
        monkeypatch.setattr(cli, "_STREAM_CHARS", stream_chars)
        monkeypatch.setattr(cli, "_BATCH", 3)
    records = [
        {"id": "a", "text": "Jag heter Anna och bor i Lund.", "lang": "sv", "genre": "narrative"},
        {"text": "  Ring 070-123 45 67\u2028 eller mejla anna@example.se.\n", "genre": "narrative"},
        {"id": 7, "text": 'Min bror "Ali" bor i Malmö. ' * 30},
        {"id": "tom", "text": ""},
        {"id": "d", "text": "Jeg hedder Mette.", "lang": "da"},
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    out = tmp_path / "out.jsonl"
    main(["annotate", "--input", str(src), "--output", str(out), "--no-progress"])
    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines.pop() == ""
    expected = [encode_line(cli.process_record(r, Options())) for r in records]
    assert lines == expected
    assert "graph" in json.loads(lines[0]) and list(json.loads(lines[0]))[-2:] == ["lang", "genre"]


def test_jobs_give_the_same_bytes_in_the_same_order(tmp_path: Path) -> None:
    """``--jobs 2``: worker processes, batches written in input order; broken lines, a Danish
    record, a line separator inside a text and an unpaired surrogate come out as with one
    process, and so do the stderr reports and the exit status."""
    dev = [json.loads(line) for line in (ROOT / "tests" / "data" / "gold" / "dev.jsonl")
           .read_text(encoding="utf-8").splitlines()[:70]]
    lines = [json.dumps({"id": r["id"], "text": r["text"]}, ensure_ascii=False) for r in dev]
    lines[3:3] = ["{not json", '{"id": "x", "text": 5}', ""]
    lines.insert(40, json.dumps({"id": "da", "text": "Mette Holm bor i Vejle.", "lang": "da"}))
    lines.insert(50, json.dumps({"id": "sep", "text": "Jag heter Sara\u2028Berg."}))
    lines.insert(60, '{"id": "sur", "text": "Jag bor i Lund \\ud800."}')
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.jsonl"
        proc = run("annotate", "-i", str(src), "-o", str(out), "--no-progress", "--jobs", jobs)
        assert proc.returncode == 1
        assert sorted(proc.stderr.splitlines()) == [
            "2 line(s) could not be processed",
            "line 4: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
            'line 5: the object needs a string "text"',
        ]
        outputs[jobs] = out.read_bytes()
    assert outputs["1"] == outputs["2"]
    results = [json.loads(line) for line in outputs["2"].decode("utf-8").splitlines()]
    assert len(results) == len(lines) - 1  # the blank line carries nothing
    assert [r.get("id") for r in results[:3]] == [r["id"] for r in dev[:3]]
    assert results[3] == {"line": 4, "error": results[3]["error"]}
    assert {"sep", "sur", "da"} <= {r.get("id") for r in results}


def test_jobs_must_be_a_positive_number() -> None:
    proc = run("annotate", "--jobs", "0")
    assert proc.returncode == 2
    assert "--jobs" in proc.stderr and "at least 1" in proc.stderr


def test_a_dying_worker_loses_no_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A worker process that dies (killed, out of memory) mid-batch: the lines not yet written
    are annotated in the main process, and the output is the same as with one process."""
    import argparse
    import io
    import os

    from pseudonymizer import cli

    texts = [f"Jag heter Sara och bor i Lund. Det är dag {k}." for k in range(150)]
    raw = [(k + 1, json.dumps({"id": f"t{k}", "text": t}).encode()) for k, t in enumerate(texts)]
    parent = os.getpid()
    worker = cli._annotate_in_worker

    def dies_on_line_90(line: tuple[int, bytes]) -> tuple[str, int]:
        if line[0] == 90 and os.getpid() != parent:
            os._exit(1)
        return worker(line)

    # pickled by name: the workers look up cli._annotate_in_worker, which is this function
    dies_on_line_90.__qualname__ = "_annotate_in_worker"
    dies_on_line_90.__module__ = cli.__name__
    monkeypatch.setattr(cli, "_annotate_in_worker", dies_on_line_90)
    args = argparse.Namespace(jobs=2, no_graph=True)
    options = cli.Options()
    parallel, single = io.StringIO(), io.StringIO()
    assert cli._annotate_parallel(iter(raw), parallel, options, args) == 0
    assert "worker process stopped" in capsys.readouterr().err
    for number, line in raw:
        cli._annotate_line(number, line, options, True, single)
    assert parallel.getvalue() == single.getvalue()
    assert len(parallel.getvalue().splitlines()) == 150
