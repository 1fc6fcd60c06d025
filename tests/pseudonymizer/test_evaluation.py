"""Evaluation metrics against small hand-computed cases (SPEC §6)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from pseudonymizer import evaluation
from pseudonymizer.evaluation import (
    EvaluationError,
    agreement,
    evaluate,
    f_beta,
    fleiss_kappa,
    fleiss_kappa_two_raters,
    krippendorff_alpha,
    to_annotation,
    token_labels,
)


def span(text: str, surface: str, label: str, *flags: str, number: int = 1, nth: int = 0) -> dict:
    """A span dict for the ``nth`` occurrence of ``surface`` in ``text``."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(surface, start + 1)
    return {
        "start": start,
        "end": start + len(surface),
        "text": surface,
        "label": label,
        "flags": list(flags),
        "number": number,
    }


def rec(text: str, spans: list[dict], essay_id: str = "e1") -> dict:
    return {"id": essay_id, "text": text, "spans": spans}


TEXT = "Jag heter Anna och bor i Stockholm. Jag är 25 år och min bror Ali bor i Bagdad."


def gold_spans() -> list[dict]:
    return [
        span(TEXT, "Anna", "firstname_female", number=1),
        span(TEXT, "Stockholm", "city", number=2),
        span(TEXT, "25", "age_digits", number=3),
        span(TEXT, "bror", "fam", number=4),
        span(TEXT, "Ali", "firstname_male", number=5),
        span(TEXT, "Bagdad", "city", "foreign", number=6),
    ]


def test_perfect_agreement_gives_one_everywhere():
    gold = [rec(TEXT, gold_spans())]
    report = evaluate(gold, gold)
    assert report.micro.precision == report.micro.recall == 1.0
    assert report.micro.f1 == report.micro.f2 == 1.0
    assert report.per_label["city"].support == 2
    assert report.privacy_recall == 1.0
    assert report.agreement.fleiss_kappa == pytest.approx(1.0)
    assert report.agreement.krippendorff_alpha == pytest.approx(1.0)
    assert report.flags.accuracy == 1.0
    assert report.false_negatives == {} and report.false_positives == {}
    assert all(g == p for g, p in report.agreement.confusion)


def test_no_overlap_scores_zero_and_confusion_has_none():
    text = "Anna bor i Lund."
    gold = [rec(text, [span(text, "Anna", "firstname_female")])]
    pred = [rec(text, [span(text, "Lund", "city")])]
    report = evaluate(gold, pred)
    assert report.micro.precision == 0.0
    assert report.micro.recall == 0.0
    assert report.micro.f1 == 0.0 and report.micro.f2 == 0.0
    assert report.privacy_recall == 0.0
    assert report.agreement.confusion == {("firstname_female", "none"): 1, ("none", "city"): 1}
    assert report.false_negatives == {"firstname_female": 1}
    assert report.false_positives == {"city": 1}
    # Vacuous conventions: nothing predicted for the name, no gold city.
    assert report.per_label["firstname_female"].precision == 1.0
    assert report.per_label["city"].recall == 1.0


def test_partial_overlap_counts_as_found_and_privacy_counts_characters():
    text = "Hon heter Anna-Karin Svensson."
    gold = [
        rec(
            text,
            [
                span(text, "Anna-Karin", "firstname_female", number=1),
                span(text, "Svensson", "surname", number=2),
            ],
        )
    ]
    pred = [rec(text, [span(text, "Anna", "firstname_female")])]
    report = evaluate(gold, pred)
    assert report.per_label["firstname_female"].recall == 1.0
    assert report.per_label["firstname_female"].precision == 1.0
    assert report.per_label["surname"].recall == 0.0
    # 10 + 8 gold characters, 4 covered.
    assert report.privacy_chars == (4, 18)
    assert report.privacy_recall == pytest.approx(4 / 18)


def test_privacy_recall_ignores_label_and_inner_spaces():
    text = "Jag studerar på Stockholms universitet nu."
    gold = [rec(text, [span(text, "Stockholms universitet", "school")])]
    pred = [rec(text, [span(text, "Stockholms", "city", "gen"), span(text, "universitet", "x")])]
    report = evaluate(gold, pred)
    assert report.privacy_recall == 1.0  # 21 non-space characters, all covered
    assert report.per_label["school"].recall == 0.0
    # Paired with the prediction sharing most characters ("universitet", 11 > 10).
    assert report.agreement.confusion == {("school", "x"): 1}


def test_wrong_label_is_a_confusion_and_both_an_fn_and_an_fp():
    text = "Jag kommer från Irak."
    gold = [rec(text, [span(text, "Irak", "country")])]
    pred = [rec(text, [span(text, "Irak", "city", "foreign")])]
    report = evaluate(gold, pred, examples=5)
    assert report.per_label["country"].recall == 0.0
    assert report.per_label["city"].precision == 0.0
    assert report.agreement.confusion == {("country", "city"): 1}
    kinds = {(e.kind, e.label, e.other_label) for e in report.examples}
    assert kinds == {("fn", "country", "city"), ("fp", "city", "country")}


def test_micro_average_hand_computed():
    text = "Erik bor i Malmö sedan 2015 och ringer 070-123 45 67 på 40 kvm."
    gold = [
        rec(
            text,
            [
                span(text, "Erik", "firstname_male", number=1),
                span(text, "Malmö", "city", number=2),
                span(text, "2015", "year", number=3),
            ],
        )
    ]
    pred = [
        rec(
            text,
            [
                span(text, "Erik", "firstname_male"),
                span(text, "Malmö", "city"),
                span(text, "40", "year"),
                span(text, "070-123 45 67", "phone_nr"),
            ],
        )
    ]
    report = evaluate(gold, pred)
    # found 2 of 3 gold spans, 2 of 4 predictions correct.
    assert report.micro.recall == pytest.approx(2 / 3)
    assert report.micro.precision == pytest.approx(0.5)
    assert report.micro.f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    assert report.micro.f2 == pytest.approx(0.625)
    assert report.per_label["year"].to_json()["false_positives"] == 1
    assert report.per_label["year"].false_negatives == 1
    assert report.macro_f1 == pytest.approx((1 + 1 + 0 + 0) / 4)


def test_two_predictions_on_one_gold_span_are_both_correct():
    text = "Bor på Storgatan 12 i Lund."
    gold = [rec(text, [span(text, "Storgatan 12", "place")])]
    pred = [rec(text, [span(text, "Storgatan", "place"), span(text, "12", "place")])]
    scores = evaluate(gold, pred).per_label["place"]
    assert (scores.support, scores.found, scores.predicted, scores.correct) == (1, 1, 2, 2)


def test_empty_sets_do_not_divide_by_zero():
    text = "Det kostar 200 kr."
    empty = [rec(text, [])]
    report = evaluate(empty, empty)
    assert report.micro.precision == report.micro.recall == report.micro.f2 == 1.0
    assert report.privacy_recall == 1.0
    assert report.agreement.fleiss_kappa == 1.0
    assert report.agreement.krippendorff_alpha == 1.0
    assert report.per_label == {}
    assert evaluate([], []).essays == 0

    missed = evaluate([rec(text, [span(text, "200", "other_nr_seq")])], empty)
    assert missed.micro.recall == 0.0 and missed.micro.f2 == 0.0
    assert missed.privacy_recall == 0.0


def test_flags_scored_on_matched_pairs():
    text = "Jag gillar Stockholms gator och Bagdad."
    gold = [
        rec(
            text,
            [
                span(text, "Stockholms", "city", "gen", number=1),
                span(text, "Bagdad", "city", "foreign", number=2),
            ],
        )
    ]
    pred = [
        rec(
            text,
            [span(text, "Stockholms", "city"), span(text, "Bagdad", "city", "foreign", "def")],
        )
    ]
    flags = evaluate(gold, pred).flags
    assert (flags.pairs, flags.exact, flags.accuracy) == (2, 0, 0.0)
    assert flags.per_flag == {
        "def": {"tp": 0, "fp": 1, "fn": 0},
        "foreign": {"tp": 1, "fp": 0, "fn": 0},
        "gen": {"tp": 0, "fp": 0, "fn": 1},
    }


def test_labels_filter_restricts_everything():
    gold = [rec(TEXT, gold_spans())]
    pred = [rec(TEXT, [s for s in gold_spans() if s["label"] != "fam"])]
    report = evaluate(gold, pred, labels=["fam"])
    assert list(report.per_label) == ["fam"]
    assert report.micro.recall == 0.0
    assert report.privacy_chars == (0, 0)  # fam is mark-up only ...
    assert report.privacy_recall == 1.0
    assert report.privacy_recall_all_labels == 0.0  # ... but counts among all labels


def test_micro_scores_per_genre_and_level():
    text = "Anna bor i Lund."
    gold = [
        dict(
            rec(text, [span(text, "Anna", "firstname_female")], "a"), genre="narrative", level="A"
        ),
        dict(rec(text, [span(text, "Lund", "city")], "b"), genre="evaluative", level="A"),
    ]
    pred = [
        rec(text, [span(text, "Anna", "firstname_female")], "a"),
        rec(text, [span(text, "Anna", "firstname_female")], "b"),
    ]
    report = evaluate(gold, pred)
    assert report.groups["genre"]["narrative"].f2 == 1.0
    evaluative = report.groups["genre"]["evaluative"]
    assert (evaluative.support, evaluative.found, evaluative.predicted) == (1, 0, 1)
    level_a = report.groups["level"]["A"]
    assert (level_a.recall, level_a.precision) == (0.5, 0.5)
    assert report.to_json()["groups"]["level"]["A"]["support"] == 2


def test_error_examples_are_limited_per_label():
    text = "Anna, Eva och Lisa."
    gold = [
        rec(
            text,
            [
                span(text, n, "firstname_female", number=i)
                for i, n in enumerate(["Anna", "Eva", "Lisa"], 1)
            ],
        )
    ]
    report = evaluate(gold, [rec(text, [])], examples=2)
    assert report.false_negatives == {"firstname_female": 3}
    assert [e.text for e in report.examples] == ["Anna", "Eva"]
    assert "[Anna]" in report.examples[0].context


def test_comment_labels_are_ignored():
    text = "Anna bor här."
    gold = [rec(text, [span(text, "Anna", "firstname_female")])]
    pred = [rec(text, [span(text, "Anna", "firstname_female"), span(text, "bor", "OBS!")])]
    assert evaluate(gold, pred).micro.precision == 1.0


@pytest.mark.parametrize(
    ("pred", "message"),
    [
        ([], "no prediction"),
        ([rec("Annat.", [], "e1")], "differs"),
        ([rec(TEXT, [], "e1"), rec(TEXT, [], "e1")], "twice"),
        ([rec(TEXT, [], "e1"), rec(TEXT, [], "e9")], "not in the gold"),
        ([rec(TEXT, [{"start": 10, "end": 99, "label": "city"}])], "outside the text"),
        ([rec(TEXT, [{"start": 10, "end": 14, "label": "city", "text": "Anne"}])], "differs"),
        ([rec(TEXT, [{"start": 10, "end": 14, "label": "gen"}])], "flag"),
        ([rec(TEXT, [{"start": 10, "end": 14}])], "label"),
    ],
)
def test_bad_input_gives_a_clear_error(pred, message):
    with pytest.raises(EvaluationError, match=message):
        evaluate([rec(TEXT, gold_spans())], pred)


def test_span_objects_are_accepted():
    obj = SimpleNamespace(
        start=10, end=14, text="Anna", label="firstname_female", flags=(), number=1
    )
    assert to_annotation(obj, TEXT).label == "firstname_female"


def test_f_beta():
    assert f_beta(0.5, 1.0, 1.0) == pytest.approx(2 / 3)
    assert f_beta(0.5, 1.0, 2.0) == pytest.approx(5 * 0.5 / (4 * 0.5 + 1))
    assert f_beta(0.0, 0.0, 2.0) == 0.0


def test_fleiss_kappa_published_example():
    # Fleiss' kappa worked example (Wikipedia, "Fleiss' kappa": 10 subjects, 14 raters,
    # 5 categories): P̄ = 0.378, P_e = 0.213, kappa = 0.210.
    table = [
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
    ]
    assert fleiss_kappa(table) == pytest.approx(0.2099, abs=5e-4)


def test_fleiss_kappa_small_cases():
    assert fleiss_kappa([[2, 0], [0, 2], [1, 1]]) == pytest.approx(1 / 3)
    assert fleiss_kappa([[2, 0], [0, 2]]) == pytest.approx(1.0)
    # Systematic disagreement on balanced categories is worse than chance.
    assert fleiss_kappa([[1, 1], [1, 1]]) == pytest.approx(-1.0)
    assert fleiss_kappa([[2, 0], [2, 0]]) == 1.0  # one category only: defined as agreement
    with pytest.raises(ValueError):
        fleiss_kappa([[2, 0], [1, 0]])


def test_two_rater_shortcuts_equal_the_general_formulas():
    rng = random.Random(7)
    labels = ["none"] * 12 + ["city", "country", "firstname_male", "fam"]
    for size in (1, 5, 40, 400):
        a = [rng.choice(labels) for _ in range(size)]
        b = [x if rng.random() < 0.8 else rng.choice(labels) for x in a]
        categories = sorted(set(a) | set(b))
        table = [[(x == c) + (y == c) for c in categories] for x, y in zip(a, b, strict=True)]
        assert fleiss_kappa_two_raters(a, b) == pytest.approx(fleiss_kappa(table))
        # The coincidence-matrix path (used for large inputs) equals the package.
        expected = krippendorff_alpha(a, b)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(evaluation, "_KRIPPENDORFF_PACKAGE_LIMIT", 0)
            assert krippendorff_alpha(a, b) == pytest.approx(expected)


def test_krippendorff_alpha_hand_computed():
    # Units (a, b): (x,x) (y,y) (y,x) (x,x): D_o = 2/8, D_e = 2·5·3/(8·7) → alpha = 0.5333.
    assert krippendorff_alpha(["x", "y", "y", "x"], ["x", "y", "x", "x"]) == pytest.approx(
        1 - 0.25 / (30 / 56)
    )
    assert krippendorff_alpha(["none"] * 3, ["none"] * 3) == 1.0


def test_agreement_of_two_annotators_hand_computed():
    text = "Anna bor i Lund ."
    a = [span(text, "Anna", "firstname_female"), span(text, "Lund", "city", number=2)]
    b = [span(text, "Anna", "firstname_female")]
    result = agreement(a, b, text)
    # Word tokens Anna bor i Lund; rows F:2, none:2, none:2, (city, none).
    assert result.tokens == 4
    assert result.observed == 0.75
    assert result.fleiss_kappa == pytest.approx(0.28125 / 0.53125)
    assert result.krippendorff_alpha == pytest.approx(1 - 0.25 / (34 / 56))
    assert result.confusion == {("firstname_female", "firstname_female"): 1, ("city", "none"): 1}


def test_token_labels_cover_multiword_spans():
    text = "Jag åker Gröna linjen till T-Centralen."
    spans = [
        to_annotation(span(text, "Gröna linjen", "transport_name"), text),
        to_annotation(span(text, "T-Centralen", "place"), text),
    ]
    assert token_labels(text, spans) == [
        "none",
        "none",
        "transport_name",
        "transport_name",
        "none",
        "place",
    ]


def _write(path, records):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    return str(path)


def test_main_prints_table_and_json(tmp_path, capsys):
    gold = _write(tmp_path / "gold.jsonl", [rec(TEXT, gold_spans())])
    pred = _write(
        tmp_path / "pred.jsonl", [rec(TEXT, [s for s in gold_spans() if s["label"] != "city"])]
    )
    assert evaluation.main(["--gold", gold, "--pred", pred]) == 0
    out = capsys.readouterr().out
    assert "micro" in out and "privacy recall" in out and "Fleiss' kappa" in out
    assert "fn city" in out

    assert evaluation.main(["--gold", gold, "--pred", pred, "--json", "--labels", "city,fam"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["per_label"]) == {"city", "fam"}
    assert data["per_label"]["city"]["recall"] == 0.0
    assert data["micro"]["support"] == 3


def test_main_reports_broken_json_with_line_number(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(rec(TEXT, [])) + "\n{broken\n")
    assert evaluation.main(["--gold", str(gold), "--pred", str(gold)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert evaluation.main(["--gold", str(tmp_path / "missing.jsonl")]) == 2


def test_main_bad_files_bom_and_text_less_records(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    # a byte-order mark (Windows tools) on the first line is accepted
    gold.write_bytes(b"\xef\xbb\xbf" + json.dumps(rec(TEXT, gold_spans())).encode() + b"\n")
    assert evaluation.main(["--gold", str(gold), "--pred", str(gold)]) == 0
    capsys.readouterr()
    # a line that is not UTF-8 is an error naming the line, not a traceback
    gold.write_bytes(json.dumps(rec(TEXT, [])).encode() + b'\n{"id": "x", "text": "G\xf6teborg"}\n')
    assert evaluation.main(["--gold", str(gold), "--pred", str(gold)]) == 2
    assert "line 2: not UTF-8" in capsys.readouterr().err
    # without --pred, a gold record without a text is reported before the annotator runs
    gold.write_text('{"id": "x"}\n')
    assert evaluation.main(["--gold", str(gold)]) == 2
    assert "record 1: no text" in capsys.readouterr().err


def test_legacy_labels_are_mapped_and_unknown_ones_warned(tmp_path, capsys):
    old_names = {"firstname_female": "firstname:female", "city": "city-SWE"}
    legacy = [dict(s, label=old_names.get(s["label"], s["label"])) for s in gold_spans()]
    report = evaluate([rec(TEXT, gold_spans())], [rec(TEXT, legacy)])
    assert report.micro.f2 == 1.0
    odd = [dict(s, label="citty") if s["label"] == "city" else s for s in gold_spans()]
    gold = _write(tmp_path / "gold.jsonl", [rec(TEXT, odd)])
    pred = _write(tmp_path / "pred.jsonl", [rec(TEXT, gold_spans())])
    assert evaluation.main(["--gold", gold, "--pred", pred]) == 0
    assert "gold labels not in the taxonomy: citty (2)" in capsys.readouterr().err


def test_predict_runs_the_annotator_with_genre_and_seed():
    calls = []

    def fake_annotate(text, *, lang, genre, seed):
        calls.append((lang, genre, seed))
        start = text.index("Anna")
        return SimpleNamespace(
            spans=[{"start": start, "end": start + 4, "label": "firstname_female", "flags": []}]
        )

    gold = [dict(rec(TEXT, gold_spans()), genre="narrative")]
    pred = list(evaluation.predict(gold, fake_annotate))
    assert calls == [("sv", "narrative", "e1")]
    report = evaluate(gold, pred)
    assert report.per_label["firstname_female"].recall == 1.0
    assert report.micro.recall == pytest.approx(1 / 6)


def test_annotate_output_round_trips_into_evaluate(tmp_path, capsys):
    """The annotate command's JSONL (SPEC §4) is valid --pred input, through the main CLI."""
    cli = pytest.importorskip("pseudonymizer.cli")
    gold_path = Path(__file__).resolve().parents[1] / "data" / "gold" / "dev.jsonl"
    records = [json.loads(line) for line in gold_path.read_text(encoding="utf-8").splitlines()]
    gold = _write(tmp_path / "gold.jsonl", records[:4])
    pred = tmp_path / "pred.jsonl"
    args = ["annotate", "--input", gold, "--output", str(pred), "--no-graph", "--no-progress"]
    assert cli.main(args) == 0
    capsys.readouterr()
    assert cli.main(["evaluate", "--gold", gold, "--pred", str(pred), "--json"]) == 0
    from_file = json.loads(capsys.readouterr().out)
    # Without --pred the annotator runs in-process with the same genre and seed.
    assert cli.main(["evaluate", "--gold", gold, "--json"]) == 0
    in_process = json.loads(capsys.readouterr().out)
    assert from_file["essays"] == 4
    assert from_file["micro"]["support"] == sum(len(r["spans"]) for r in records[:4])
    assert from_file["micro"] == in_process["micro"]
