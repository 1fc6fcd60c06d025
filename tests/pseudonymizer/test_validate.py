"""Annotation rules of SPEC §2 on graphs."""

import pytest

from pseudonymizer.document import Options, Span
from pseudonymizer.graph import apply_spans, from_text
from pseudonymizer.validate import validate_graph

TEXT = "Jag bor i Sverige och Lund med mamma."


def graph_with(
    labels: list[str],
    *,
    at: tuple[int, int] = (22, 26),
    target: str = "Ekmora",
    comment: str | None = None,
) -> dict:
    g = apply_spans(
        from_text(TEXT), [Span(at[0], at[1], TEXT[at[0] : at[1]], "city", (), 1, target)]
    )
    eid = next(k for k, e in g["edges"].items() if e["labels"])
    g["edges"][eid]["labels"] = labels
    if comment is not None:
        g["edges"][eid]["comment"] = comment
    return g


def codes(graph: dict, **kw) -> dict[str, str]:  # noqa: ANN003
    return {i.code: i.level for i in validate_graph(graph, **kw)}


def test_valid() -> None:
    assert codes(graph_with(["city", "1"])) == {}


@pytest.mark.parametrize(
    ("labels", "code", "level"),
    [
        (["city", "country", "1"], "several_main_labels", "error"),
        (["city"], "missing_number", "error"),
        (["city", "1", "2"], "several_numbers", "error"),
        (["1"], "number_alone", "error"),
        (["gen"], "flag_alone", "error"),
        (["country", "foreign", "1"], "foreign_misplaced", "error"),
        (["area", "1"], "area_without_foreign", "warning"),
        (["city-SWE", "1"], "unknown_label", "error"),
        (["OBS!"], "comment_missing", "error"),
    ],
)
def test_rules(labels: list[str], code: str, level: str) -> None:
    assert codes(graph_with(labels)).get(code) == level


def test_markup_needs_no_number() -> None:
    g = graph_with(["fam"], at=(31, 36), target="")
    assert codes(g) == {}


def test_sweden_never_a_country() -> None:
    g = graph_with(["country", "1"], at=(10, 17), target="A-land")
    assert codes(g)["sweden_as_country"] == "error"


def test_obs_warning_on_submit_error_on_approve() -> None:
    g = graph_with(["OBS!"], comment="kolla")
    assert codes(g, stage="submit") == {"open_obs": "warning"}
    assert codes(g, stage="approve") == {"open_obs": "error"}
    with pytest.raises(ValueError):
        validate_graph(g, stage="later")


def test_optional_labels_need_enabling() -> None:
    g = graph_with(["nickname", "1"])
    assert "label_not_enabled" in codes(g, options=Options())
    assert "label_not_enabled" not in codes(
        g, options=Options(enabled_optional_labels=frozenset({"nickname"}))
    )


def test_not_pseudonymized_and_inconsistent() -> None:
    g = graph_with(["city", "1"], target="Lund")
    assert codes(g)["not_pseudonymized"] == "warning"
    text = "Lund och Lund"
    g2 = apply_spans(
        from_text(text),
        [Span(0, 4, "Lund", "city", (), 1, "Ekmora"), Span(9, 13, "Lund", "city", (), 1, "Tuneby")],
    )
    assert codes(g2)["inconsistent_pseudonym"] == "warning"


def test_invariant_errors_reported() -> None:
    g = from_text(TEXT)
    g["edges"].pop("e-s0-t0")
    issues = validate_graph(g)
    assert issues and all(i.level == "error" and i.code == "invariant" for i in issues)


def test_number_shared_across_families_only() -> None:
    text = "Jag är 25 år, tjugofem, bor i Lund"
    same = apply_spans(
        from_text(text),
        [
            Span(7, 9, "25", "age_digits", (), 1, "24"),
            Span(15, 23, "tjugofem", "age_string", (), 1, "24"),
        ],
    )
    assert "number_shared" not in codes(same)
    mixed = apply_spans(
        from_text(text),
        [
            Span(7, 9, "25", "age_digits", (), 1, "24"),
            Span(30, 34, "Lund", "city", (), 1, "Ekmora"),
        ],
    )
    assert codes(mixed)["number_shared"] == "warning"


def _label_whole_tokens(graph: dict, pseudonyms: dict[str, str], labels: list[str]) -> dict:
    """Label whole source tokens the way the editor may (punctuation glued to the word)."""
    by_id = {tok["id"]: tok for tok in graph["source"] + graph["target"]}
    for edge in graph["edges"].values():
        src = [i for i in edge["ids"] if i.startswith("s")]
        tgt = [i for i in edge["ids"] if i.startswith("t")]
        word = by_id[src[0]]["text"]
        if word in pseudonyms:
            edge["labels"] = list(labels)
            by_id[tgt[0]]["text"] = pseudonyms[word]
    return graph


def test_glued_punctuation_is_not_a_different_pseudonym() -> None:
    text = "Jag bor i Stockholm. Stockholm är stort"
    g = _label_whole_tokens(
        from_text(text), {"Stockholm. ": "Tuna. ", "Stockholm ": "Tuna "}, ["city", "2"]
    )
    assert "inconsistent_pseudonym" not in codes(g)
    g2 = _label_whole_tokens(
        from_text(text), {"Stockholm. ": "Tuna. ", "Stockholm ": "Ekby "}, ["city", "2"]
    )
    issues = [i for i in validate_graph(g2) if i.code == "inconsistent_pseudonym"]
    assert [i.message for i in issues] == ["city 2 has different pseudonyms: Ekby, Tuna"]


def test_glued_punctuation_still_reads_as_not_pseudonymized() -> None:
    g = _label_whole_tokens(from_text("Jag bor i Lund, nu."), {"Lund, ": "Lund "}, ["city", "1"])
    assert codes(g)["not_pseudonymized"] == "warning"
