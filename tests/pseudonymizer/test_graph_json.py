"""``graph_json`` writes exactly the JSON text of ``build_graph`` (SPEC §3), without building it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymizer import annotate
from pseudonymizer.document import Span
from pseudonymizer.graph import build_graph
from pseudonymizer.graph_json import graph_json


def _dumps(text: str, spans: list[Span]) -> str:
    return json.dumps(build_graph(text, spans), ensure_ascii=False)


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("", []),
        ("   ", []),
        ("Jag bor i Lund.", []),
        ("Jag bor i Lund.", [Span(10, 14, "Lund", "city", (), 1, "Tuna")]),
        # a span at each end, one cutting its token ("Lund." → "Lund" + ".")
        ("Anna bor i Lund.", [Span(0, 4, "Anna", "firstname_female", (), 1, "Eva"),
                              Span(11, 15, "Lund", "city", (), 2, "Tuna")]),
        # leading whitespace, a line break, a two-word pseudonym, a multi-token span
        ("  Jag heter Anna Berg.\nHej", [Span(12, 21, "Anna Berg", "surname", (), 1, "Ny Stad")]),
        # mark-up keeps its text; neighbouring spans in one stretch; flags and genitive
        ("min mamma och Olas bror", [Span(4, 9, "mamma", "fam", (), None, ""),
                                     Span(14, 18, "Olas", "firstname_male", ("gen",), 2, "Eriks")]),
        # text past the 4,096 ids the graph formats once per process
        (" ".join(["ord"] * 5000) + " Lund", [Span(20000, 20004, "Lund", "city", (), 1, "Tuna")]),
        # escapes: quotes, backslash, control characters, non-ASCII, U+2028
        ('Han sa "hej" \\ och\x01 Åsa\u2028 bor', [Span(24, 27, "Åsa", "firstname_female", (), 1,
                                                      'E"va')]),
        # an empty span (cuts nothing) and a span on whitespace-free text
        ("abcdef ghi", [Span(3, 3, "", "city", (), 1, "X"), Span(7, 10, "ghi", "city", (), 2, "Y")]),
        # spans on an empty text
        ("", [Span(0, 0, "", "city", (), 1, "X")]),
        # a two-word pseudonym, then a run of untouched tokens (target ids behind source ids)
        ("Jag bor i Lund nu och då.", [Span(10, 14, "Lund", "city", (), 1, "Ny Stad")]),
        # the character that joins untouched runs (graph_json._SEP) in the text itself
        ("Jag \ue000bor i Lund \ue000 nu.", [Span(11, 15, "Lund", "city", (), 1, "Tuna")]),
    ],
)
def test_same_text_as_json_dumps_of_build_graph(text: str, spans: list[Span]) -> None:
    assert graph_json(text, spans) == _dumps(text, spans)


def test_annotated_essay() -> None:
    text = (
        "Hej Sara!\n\nJag heter Ahmed Karimi och bor på Storgatan 12 i Göteborg. Min fru "
        "Leyla jobbar på Volvo. Ring mig på 070-123 45 67 den 12/3. Hälsningar, Ahmed"
    )
    result = annotate(text, seed="e1")
    assert result.spans  # the example must exercise spans
    assert graph_json(text, result.spans) == json.dumps(result.graph, ensure_ascii=False)


_texts = st.text(
    alphabet=st.sampled_from(
        list("ab Å,.\n\t-\"\\") + ["ö", "\u00a0", "\u2003", "x", "\x00", "\ue000"]
    ),
    max_size=80,
)


@st.composite
def text_and_spans(draw):  # noqa: ANN201, ANN001
    """Any non-overlapping spans, also untrimmed ones, empty ones and ones in whitespace."""
    text = draw(_texts)
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=10)))
    spans = []
    for a, b in zip(cuts[::2], cuts[1::2], strict=False):
        label = draw(st.sampled_from(["city", "fam", "firstname_male", "phone_nr"]))
        pseudo = draw(st.sampled_from(["", "X", "A-stad", "Ny Stad", " Z "]))
        flags = draw(st.sampled_from([(), ("gen",)]))
        spans.append(Span(a, b, text[a:b], label, flags, draw(st.sampled_from([None, 1, 2])),
                          pseudo))
    return text, spans


@settings(max_examples=400, deadline=None)
@given(text_and_spans())
def test_any_text_and_spans(case) -> None:  # noqa: ANN001
    text, spans = case
    assert graph_json(text, spans) == _dumps(text, spans)
