"""The second annotations in tests/data/agreement/ are well formed and annotate the same texts.

They are compared with the first gold by benchmarks/agreement.py; a stale second.jsonl or a text
that drifted from the gold set's would make that comparison meaningless.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AGREEMENT = ROOT / "tests" / "data" / "agreement"
SETS = sorted(p.name for p in AGREEMENT.iterdir() if p.is_dir())
CLEAN = {f"heldout{n}" for n in range(4, 10)} | {"dab_heldout"}


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _builder():
    spec = importlib.util.spec_from_file_location("build_gold", ROOT / "scripts" / "build_gold.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load_agreement():
    spec = importlib.util.spec_from_file_location("agreement", ROOT / "benchmarks" / "agreement.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_are_second_annotations_and_none_of_a_clean_set():
    assert len(SETS) >= 4
    assert not CLEAN & set(SETS)


@pytest.mark.parametrize("name", SETS)
def test_second_jsonl_is_up_to_date_with_its_sources(name):
    builder = _builder()
    src = AGREEMENT / name / "src"
    assert builder.to_jsonl(builder.build(src)) == (AGREEMENT / name / "second.jsonl").read_text(
        encoding="utf-8"
    ), f"run python scripts/build_gold.py --src {src} --out {AGREEMENT / name / 'second.jsonl'}"


@pytest.mark.parametrize("name", SETS)
def test_second_annotation_covers_the_same_texts_as_the_gold(name):
    gold = {r["id"]: r for r in _read(ROOT / "tests" / "data" / name / f"{name}.jsonl")}
    second = {r["id"]: r for r in _read(AGREEMENT / name / "second.jsonl")}
    assert second.keys() == gold.keys()
    for essay_id, record in second.items():
        assert record["text"] == gold[essay_id]["text"], essay_id
        assert (record["genre"], record["level"]) == (
            gold[essay_id]["genre"],
            gold[essay_id]["level"],
        )
    assert (AGREEMENT / name / "NOTES.md").is_file()


def test_agreement_script_scores_as_evaluate_does():
    agreement = _load_agreement()
    from pseudonymizer.evaluation import evaluate

    gold, second = agreement.load(SETS[0])
    report = evaluate(gold, second, examples=0)
    row = agreement.compare(gold, second, None)["second_vs_gold"]
    assert row["f2"] == report.micro.f2
    assert row["kappa"] == report.agreement.fleiss_kappa
    # Comparing an annotation with itself is perfect agreement, so the script cannot be
    # reporting a constant.
    assert agreement.compare(gold, gold, None)["second_vs_gold"]["f2"] == 1.0
    assert row["f2"] < 1.0


def test_consensus_errors_are_those_both_annotators_agree_on():
    agreement = _load_agreement()
    text = "Jag bor i Norrvik med Ylva. Vi åker till Sörby."
    span = lambda s, label: {  # noqa: E731
        "start": text.index(s),
        "end": text.index(s) + len(s),
        "text": s,
        "label": label,
    }
    first = [
        {
            "id": "x",
            "text": text,
            "spans": [span("Norrvik", "city"), span("Ylva", "firstname_female")],
        }
    ]
    second = [{"id": "x", "text": text, "spans": [span("Norrvik", "city"), span("Sörby", "city")]}]
    tool = [{"id": "x", "text": text, "spans": [span("Vi", "surname"), span("Sörby", "city")]}]
    errors = agreement.consensus_errors(first, second, tool)
    # Norrvik: both annotators agree, the tool misses it. Ylva: only the first annotator.
    # "Vi": neither annotator has a span there. Sörby: only the second annotator has it.
    assert [(kind, label, surface) for kind, _, label, surface, _ in errors] == [
        ("fn", "city", "Norrvik"),
        ("fp", "surname", "Vi"),
    ]


def test_clean_sets_are_refused():
    agreement = _load_agreement()
    with pytest.raises(SystemExit):
        agreement.load("heldout9")
