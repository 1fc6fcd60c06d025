"""Result.graph is built on first use; the target text is computed without the graph."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymizer import annotate
from pseudonymizer.document import Span
from pseudonymizer.graph import build_graph, build_target, target_text

ESSAY = (
    "Jag heter Anna Svensson och bor i Göteborg.\n\nMin bror Ahmed (Malmö) ringer 070-123 45 67,"
    " han är 25 år.  Jag jobbar som lärare på ICA."
)
LABELS = ("city", "firstname_male", "prof", "phone_nr", "country", "fam", "surname")


def test_graph_is_built_on_first_use_and_kept() -> None:
    r = annotate(ESSAY, seed="e1")
    assert r._graph is None  # nothing built yet
    graph = r.graph
    assert graph == build_graph(ESSAY, r.spans)
    assert r.graph is graph  # kept
    assert target_text(graph) == r.target
    assert r.to_json(id="x")["graph"] is graph


def _spans(text: str, rng: random.Random) -> list[Span]:
    """Non-overlapping spans that neither begin nor end in whitespace (as the pipeline's)."""
    spans = []
    pos = 0
    while pos < len(text) and rng.random() < 0.8:
        a = rng.randint(pos, len(text))
        b = rng.randint(a, min(len(text), a + 10))
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            pseudonym = rng.choice(["", "X", "A B", " P  Q ", "  ", "Lång-stad"])
            label = rng.choice(LABELS)
            spans.append(Span(a, b, text[a:b], label, (), rng.choice([None, 1]), pseudonym))
        pos = b + rng.randint(0, 4)
    return spans


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*"ab .,()\n\t\xa0\u2028\u200bÅé", "Anna ", "  "]), max_size=30).map(
        "".join
    ),
    st.integers(0, 2**32),
)
def test_build_target_equals_the_graphs_target(text: str, seed: int) -> None:
    spans = _spans(text, random.Random(seed))
    assert build_target(text, spans) == target_text(build_graph(text, spans))


def test_build_target_other_spans_take_the_graphs_way() -> None:
    text = "Jag bor i  Malmö nu."
    # a span that begins in whitespace: not the pipeline's, computed through the graph
    spans = [Span(9, 16, text[9:16], "city", (), 1, "A-stad")]
    assert build_target(text, spans) == target_text(build_graph(text, spans))
