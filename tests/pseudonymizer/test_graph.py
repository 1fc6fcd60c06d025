"""SVALA graph: construction, spans as labelled edges, invariant, JSON round trip."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from parallel_corpus import graph as pc_graph

from pseudonymizer.document import Span
from pseudonymizer.graph import (
    apply_spans,
    build_graph,
    check_invariant,
    edge_id,
    from_text,
    next_id,
    set_edge_target,
    source_text,
    spans_from_graph,
    target_text,
)
from pseudonymizer.taxonomy import map_legacy_labels

DATA = Path(__file__).parent / "data"


def pc_json(g: pc_graph.Graph) -> dict:
    """parallel-corpus graph → the SVALA JSON shape."""
    edges = {}
    for eid, e in g.edges.items():
        edge = {"id": e.id, "ids": list(e.ids), "labels": list(e.labels), "manual": e.manual}
        if e.comment is not None:
            edge["comment"] = e.comment
        edges[eid] = edge
    return {
        "source": [{"id": t.id, "text": t.text} for t in g.source],
        "target": [{"id": t.id, "text": t.text} for t in g.target],
        "edges": edges,
    }


@pytest.mark.parametrize(
    "text", ["Jag bor i Lund. ", "  Hej  du\n", "a b c d e f g h i j k l ", "Ett\n\ntvå "]
)
def test_from_text_matches_parallel_corpus(text: str) -> None:
    # parallel-corpus appends a space to a last token without one; these texts end in space
    assert from_text(text) == pc_json(pc_graph.init(text))


def test_from_text_keeps_text_exactly() -> None:
    g = from_text("Jag bor i Lund.")
    assert g["source"][-1]["text"] == "Lund."  # no space appended, unlike parallel-corpus
    assert source_text(g) == target_text(g) == "Jag bor i Lund."
    assert from_text("") == {"source": [], "target": [], "edges": {}}
    assert check_invariant(from_text("   ")) == []


def test_edge_ids_sorted_like_svala() -> None:
    assert edge_id(["t3", "s10", "s2"]) == "e-s10-s2-t3"
    assert edge_id(["s3", "t315"]) == "e-s3-t315"


def test_split_token_when_span_covers_part() -> None:
    g = from_text("Jag bor i London, nu.")
    assert next_id(g) == 5
    g2 = apply_spans(g, [Span(10, 16, "London", "city", ("foreign",), 1, "A-stad")])
    assert check_invariant(g2) == []
    assert source_text(g2) == "Jag bor i London, nu."
    assert target_text(g2) == "Jag bor i A-stad, nu."
    texts = [t["text"] for t in g2["source"]]
    assert texts == ["Jag ", "bor ", "i ", "London", ", ", "nu."]
    labelled = [e for e in g2["edges"].values() if e["labels"]]
    assert len(labelled) == 1 and labelled[0]["labels"] == ["city", "foreign", "1"]
    # new ids continue after the largest number in use, never reusing one
    ids = [t["id"] for side in ("source", "target") for t in g2[side]]
    assert len(ids) == len(set(ids))
    assert {"s5", "t6"} <= set(ids)
    assert g == from_text("Jag bor i London, nu.")  # input not mutated


def test_multi_token_span_and_markup_kept() -> None:
    text = "Jag går på Göteborgs universitet och min mamma jobbar."
    g = apply_spans(
        from_text(text),
        [
            Span(11, 32, "Göteborgs universitet", "school", (), 1, "A-skolan"),
            Span(41, 46, "mamma", "fam", (), None, ""),
        ],
    )
    assert check_invariant(g) == []
    assert target_text(g) == "Jag går på A-skolan och min mamma jobbar."
    school = next(e for e in g["edges"].values() if "school" in e["labels"])
    assert sum(i.startswith("s") for i in school["ids"]) == 2
    assert sum(i.startswith("t") for i in school["ids"]) == 1
    spans = spans_from_graph(g)
    assert [(s.start, s.end, s.label, s.number, s.pseudonym) for s in spans] == [
        (11, 32, "school", 1, "A-skolan"),
        (41, 46, "fam", None, "mamma"),
    ]


def test_pseudonym_with_spaces_becomes_several_target_tokens() -> None:
    g = apply_spans(
        from_text("Jag bor i Rom."),
        [Span(10, 13, "Rom", "city", ("foreign",), 1, "Andorra la Vella")],
    )
    assert check_invariant(g) == []
    assert target_text(g) == "Jag bor i Andorra la Vella."


def test_relabel_same_span_and_refuse_cutting_edges() -> None:
    g = apply_spans(
        from_text("Anna Maria bor här"),
        [Span(0, 10, "Anna Maria", "firstname_female", (), 1, "Eva")],
    )
    g2 = apply_spans(g, [Span(0, 10, "Anna Maria", "firstname_unknown", (), 1, "Kim")])
    assert check_invariant(g2) == [] and target_text(g2) == "Kim bor här"
    with pytest.raises(ValueError, match="edited edge"):
        apply_spans(g, [Span(0, 4, "Anna", "firstname_female", (), 1, "Eva")])
    with pytest.raises(ValueError, match="outside"):
        apply_spans(g, [Span(5, 99, "x", "city", (), 1, "A-stad")])


def test_set_edge_target() -> None:
    g = apply_spans(
        from_text("Jag heter Anna."), [Span(10, 14, "Anna", "firstname_female", (), 1, "Eva")]
    )
    eid = next(k for k, e in g["edges"].items() if e["labels"])
    g2 = set_edge_target(g, eid, "Karin")
    assert target_text(g2) == "Jag heter Karin."
    assert check_invariant(g2) == []


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda g: g["edges"].pop("e-s0-t0"), "in no edge"),
        (lambda g: g["edges"]["e-s1-t1"]["ids"].append("s0"), "should have id"),
        (lambda g: g["source"].append({"id": "s1", "text": "x "}), "used twice"),
        (lambda g: g["edges"]["e-s0-t0"].update(comment="hm"), "comment"),
        (lambda g: g["edges"]["e-s0-t0"]["ids"].append("s99"), "should have id"),
        (lambda g: g["source"][0].update(text=""), "empty text"),
        (lambda g: g["source"][0].update(text="Jag bor "), "whitespace inside"),
        (lambda g: g.update(edges=[]), "edges is not an object"),
        (lambda g: g["edges"]["e-s0-t0"].update(labels="city"), "list of strings"),
    ],
)
def test_invariant_catches(mutate, message: str) -> None:  # noqa: ANN001
    g = from_text("Jag bor i Lund.")
    mutate(g)
    errors = check_invariant(g)
    assert any(message in e for e in errors), errors


def test_comment_allowed_with_obs() -> None:
    g = from_text("Jag bor i Lund.")
    g["edges"]["e-s3-t3"].update(labels=["OBS!"], comment="kolla")
    g["comment"] = "dokumentkommentar"
    assert check_invariant(g) == []


def _seed002_spans(text: str) -> list[Span]:
    """The gold labels of the worked example in seed 002 (legacy names mapped)."""
    gold = [
        ("Vasastan", ["area", "1"]),
        ("Rådmansgatan", ["street", "2"]),
        ("tunnelbana", ["transport", "3"]),
        ("Stadsbibliotekets", ["other_institution", "4", "gen"]),
        ("London", ["city", "5"]),
        ("Storbritanien", ["country", "6", "ort"]),
        ("London", ["city", "5"]),
        ("dataventskap", ["edu", "7"]),
        ("Stockholms", ["city-SWE", "8", "gen"]),
        ("England", ["country", "6"]),
        ("Stockholm ", ["city-SWE", "8"]),
    ]
    spans = []
    pos = 0
    for needle, labels in gold:
        start = text.index(needle, pos)
        end = start + len(needle.strip())
        pos = end
        mapped, _notes = map_legacy_labels(labels)
        label = mapped[0]
        number = int(mapped[1])
        flags = tuple(x for x in mapped if x in ("gen", "def", "pl", "foreign"))
        spans.append(
            Span(
                start,
                end,
                text[start:end],
                label,
                flags,
                number,
                f"P{number}" if label != "edu" else "",
            )
        )
    return spans


def test_seed002_example_round_trip(tmp_path: Path) -> None:
    text = (DATA / "seed002_essay.txt").read_text(encoding="utf-8")
    spans = _seed002_spans(text)
    g = apply_spans(from_text(text), spans)
    assert check_invariant(g) == []
    assert source_text(g) == text
    # JSON round trip, through a file as SVALA stores it
    path = tmp_path / "essay.json"
    path.write_text(json.dumps(g, ensure_ascii=False, indent=2), encoding="utf-8")
    loaded = json.loads(path.read_text(encoding="utf-8"))
    assert loaded == g and check_invariant(loaded) == []
    back = spans_from_graph(loaded)
    assert [(s.start, s.end, s.label, s.number, s.flags) for s in back] == [
        (s.start, s.end, s.label, s.number, s.flags) for s in spans
    ]
    assert "i P5, P6 ." in target_text(g)  # "London," was split: the comma stays
    assert "på P8 Universitet" in target_text(g)
    # the same through the one-pass builder
    fast = build_graph(text, spans)
    assert check_invariant(fast) == []
    assert target_text(fast) == target_text(g)
    assert [t["text"] for t in fast["source"]] == [t["text"] for t in g["source"]]


# --- properties

_texts = st.text(
    alphabet=st.sampled_from(list("ab Å,.\n\t-") + ["ö", "\u00a0", "\u2003", "x"]),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=120))
def test_any_text_gives_valid_graph(text: str) -> None:
    g = from_text(text)
    assert check_invariant(g) == []
    assert source_text(g) == target_text(g) == text
    assert json.loads(json.dumps(g)) == g


@st.composite
def text_and_spans(draw):  # noqa: ANN201, ANN001
    text = draw(_texts)
    cuts = sorted(set(draw(st.lists(st.integers(0, len(text)), max_size=8))))
    spans = []
    for a, b in zip(cuts[::2], cuts[1::2], strict=False):
        # trim like the pipeline does: spans never start or end with whitespace
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if a < b:
            label = draw(st.sampled_from(["city", "fam", "firstname_male", "phone_nr"]))
            pseudo = draw(st.sampled_from(["", "X", "A-stad", "Ny Stad"]))
            spans.append(Span(a, b, text[a:b], label, (), 1, pseudo))
    return text, spans


@settings(max_examples=200, deadline=None)
@given(text_and_spans())
def test_any_spans_give_valid_graph(case) -> None:  # noqa: ANN001
    text, spans = case
    g = apply_spans(from_text(text), spans)
    assert check_invariant(g) == []
    assert source_text(g) == text
    fast = build_graph(text, spans)
    assert check_invariant(fast) == []
    assert source_text(fast) == text
    assert target_text(fast) == target_text(g)
    assert [t["text"] for t in fast["source"]] == [t["text"] for t in g["source"]]
    back = spans_from_graph(g)
    assert len(back) == len(spans)
    # the target is the text with each span replaced by its pseudonym (or kept as written)
    expected, pos = [], 0
    for span in spans:
        expected.append(text[pos : span.start])
        kept = not span.pseudonym or span.label == "fam"
        expected.append(text[span.start : span.end] if kept else " ".join(span.pseudonym.split()))
        pos = span.end
    expected.append(text[pos:])
    assert target_text(g) == "".join(expected)
    for span, got in zip(spans, back, strict=True):
        # a span inside a token is recovered exactly; one reaching into a token that could not
        # be split (only whitespace beyond) widens to the token's content
        assert got.start <= span.start and got.end >= span.end
        assert got.label == span.label


@st.composite
def text_and_word_spans(draw):  # noqa: ANN201, ANN001
    """Spans as the pipeline makes them: from a word's start to its end or to the punctuation
    after it, now and then over two words (the builder's fast path and its general path)."""
    words = draw(
        st.lists(st.sampled_from(["Ola", "Vik,", "Bro.", "x", "ja!", "(Al)", "a-b", "Ås's"]))
    )
    seps = draw(st.lists(st.sampled_from([" ", " ", "  ", "\n", " \t"]), min_size=len(words)))
    text = "".join(w + sep for w, sep in zip(words, seps, strict=False))
    spans, pos = [], 0
    for w, sep in zip(words, seps, strict=False):
        if draw(st.booleans()):
            end = pos + len(w) - (not w[-1].isalpha() and draw(st.booleans()))
            if draw(st.integers(0, 4)) == 0 and text.find(" ", end + 1) > 0:
                end = text.find(" ", end + 1)  # over the next word too
            if end > pos and (not spans or spans[-1].end <= pos):
                label = draw(st.sampled_from(["city", "fam", "firstname_male", "phone_nr"]))
                pseudo = draw(st.sampled_from(["", "X", "A-stad", "Ny Stad"]))
                spans.append(Span(pos, end, text[pos:end], label, (), 2, pseudo))
        pos += len(w) + len(sep)
    return text, spans


@settings(max_examples=200, deadline=None)
@given(text_and_word_spans())
def test_word_spans_give_the_same_graph_as_apply_spans(case) -> None:  # noqa: ANN001
    text, spans = case
    g = apply_spans(from_text(text), spans)
    fast = build_graph(text, spans)
    assert check_invariant(fast) == []
    assert target_text(fast) == target_text(g)
    for side in ("source", "target"):
        assert [t["text"] for t in fast[side]] == [t["text"] for t in g[side]]
    assert [e["labels"] for e in fast["edges"].values()] == [
        e["labels"] for e in sorted(g["edges"].values(), key=lambda e: _first_source(g, e))
    ]


def _first_source(g: dict, edge: dict) -> int:
    order = {t["id"]: k for k, t in enumerate(g["source"])}
    return min(order[i] for i in edge["ids"] if i in order)


def test_leading_whitespace_kept_in_target() -> None:
    text = "  Anna bor här"
    span = Span(2, 6, "Anna", "firstname_female", (), 1, "Eva")
    for g in (apply_spans(from_text(text), [span]), build_graph(text, [span])):
        assert target_text(g) == "  Eva bor här"
        eid = next(k for k, e in g["edges"].items() if e["labels"])
        assert target_text(set_edge_target(g, eid, "Karin")) == "  Karin bor här"
