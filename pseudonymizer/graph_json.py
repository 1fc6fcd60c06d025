"""The SVALA graph of :func:`pseudonymizer.graph.build_graph` written straight as JSON text.

The command line writes every result as one JSON line with its graph (SPEC §4). Building the
graph as dicts and lists (five small containers per whitespace token) and then encoding them
cost more than half as much as finding the spans. Here the graph's JSON is written without
building it: nine tokens in ten are untouched by any span and their three entries (source
token, target token, edge) are a fixed pattern of their ids and text; only the few stretches of
tokens a span touches are built by :func:`~pseudonymizer.graph.build_graph` itself (on that
stretch alone) and renumbered. The text is exactly ``json.dumps(build_graph(text, spans),
ensure_ascii=False)``; the tests check it on hand-made and generated texts and spans.

>>> from pseudonymizer.document import Span
>>> graph_json("Jag bor i Lund.", [Span(10, 14, "Lund", "city", (), 1, "Tuna")])[:60]
'{"source": [{"id": "s0", "text": "Jag "}, {"id": "s1", "text"'
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate

from pseudonymizer.document import Span
from pseudonymizer.graph import build_graph
from pseudonymizer.tokenize import whitespace_tokens

__all__ = ["GraphParts", "graph_json", "graph_json_parts"]

# Same text as json.dumps(..., ensure_ascii=False) (default separators); no cycle check needed
# for the library's own dicts.
_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_QUOTE = json.encoder.encode_basestring  # a str as a JSON string, as the encoder above writes it

# (source entries, target entries, edge entries "<id>": {…}), each a JSON text without the
# enclosing brackets and separators
GraphParts = tuple[list[str], list[str], list[str]]


def graph_json(text: str, spans: Iterable[Span]) -> str:
    """``json.dumps(build_graph(text, spans), ensure_ascii=False)``, without building the graph."""
    return join_parts(graph_json_parts(text, spans))


def join_parts(parts: GraphParts) -> str:
    source, target, edges = parts
    return (
        '{"source": [' + ", ".join(source) + '], "target": [' + ", ".join(target)
        + '], "edges": {' + ", ".join(edges) + "}}"
    )


def graph_json_parts(text: str, spans: Iterable[Span]) -> GraphParts:
    """The entries of the graph's three collections as JSON texts, in order (for a writer that
    streams a very long graph in pieces; :func:`join_parts` puts them together)."""
    spans = sorted(spans, key=lambda sp: sp.start)
    pieces = whitespace_tokens(text)
    source: list[str] = []
    target: list[str] = []
    edges: list[str] = []
    if not pieces:
        graph = build_graph(text, spans)  # spans on an empty text: whatever the graph does
        for tok in graph["source"]:
            source.append(_ENCODE(tok))
        for tok in graph["target"]:
            target.append(_ENCODE(tok))
        for eid, edge in graph["edges"].items():
            edges.append(_QUOTE(eid) + ": " + _ENCODE(edge))
        return source, target, edges
    ends = list(accumulate(map(len, pieces)))
    stretches = list(_stretches(spans, ends))
    # The touched stretches one after another make a text of their own (each ends with
    # whitespace, or is the end of the text; only the text's first token can have leading
    # whitespace): one build_graph over it gives their tokens and edges in order, numbered as
    # if the untouched tokens were not there.
    parts = []
    shifted = []
    bounds = []  # (end in the stretch text, untouched tokens before the stretch)
    at = untouched = i = 0
    for first, last, members in stretches:
        untouched += first - i
        a = ends[first - 1] if first else 0
        shift = at - a
        parts.append(text[a : ends[last]])
        at += ends[last] - a
        bounds.append((at, untouched))
        for sp in members:
            shifted.append(Span(sp.start + shift, sp.end + shift, sp.text, sp.label, sp.flags,
                                sp.number, sp.pseudonym, sp.source))
        i = last + 1
    sub = build_graph("".join(parts), shifted)
    # Each token of the stretch graph goes to its stretch: source tokens by position, target
    # tokens by their edge. Its id in the whole graph is its id here plus the number of
    # untouched tokens before its stretch.
    shift_of: dict[str, int] = {}
    m = pos = 0
    for tok in sub["source"]:
        while pos >= bounds[m][0]:
            m += 1
        shift_of[tok["id"]] = bounds[m][1]
        pos += len(tok["text"])
    sub_edges = list(sub["edges"].values())
    for edge in sub_edges:
        ids = edge["ids"]
        shift = shift_of[ids[0]]  # "s…" sorts before "t…": a source token
        for t_id in ids:
            if t_id[0] == "t":
                shift_of[t_id] = shift
    sub_source, sub_target = sub["source"], sub["target"]
    j_s = j_t = j_e = 0  # next source token, target token, edge of the stretch graph
    i = 0  # next whitespace token of the text
    for (first, last, _), (_, shift) in zip(stretches, bounds, strict=True):
        _plain(pieces, i, first, source, target, edges)  # the untouched tokens before it
        while j_s < len(sub_source) and shift_of[sub_source[j_s]["id"]] == shift:
            tok = sub_source[j_s]
            source.append(f'{{"id": "s{j_s + shift}", "text": {_QUOTE(tok["text"])}}}')
            j_s += 1
        while j_t < len(sub_target) and shift_of[sub_target[j_t]["id"]] == shift:
            tok = sub_target[j_t]
            target.append(f'{{"id": "t{j_t + shift}", "text": {_QUOTE(tok["text"])}}}')
            j_t += 1
        while j_e < len(sub_edges) and shift_of[sub_edges[j_e]["ids"][0]] == shift:
            edges.append(_edge_entry(sub_edges[j_e], shift_of))
            j_e += 1
        i = last + 1
    _plain(pieces, i, len(pieces), source, target, edges)
    return source, target, edges


def _plain(pieces: list[str], start: int, stop: int, source: list, target: list, edges: list
           ) -> None:
    """The entries of the tokens ``start..stop-1``, which no span touches: the same text on
    both sides, an unlabelled edge (``"s…"`` sorts before ``"t…"``: the edge id needs no
    sort). Their ids follow the entries written so far."""
    sid = len(source)
    tid = len(target)
    for piece in pieces[start:stop]:
        quoted = _QUOTE(piece)
        source.append(f'{{"id": "s{sid}", "text": {quoted}}}')
        target.append(f'{{"id": "t{tid}", "text": {quoted}}}')
        edges.append(
            f'"e-s{sid}-t{tid}": {{"id": "e-s{sid}-t{tid}", "ids": ["s{sid}", "t{tid}"], '
            '"labels": [], "manual": false}'
        )
        sid += 1
        tid += 1


def _edge_entry(edge: dict, shift_of: dict[str, int]) -> str:
    """The entry of an edge of the stretch graph, its ids renumbered (and sorted again: "s10"
    sorts before "s9", as in the whole graph)."""
    ids = sorted(f"{i[0]}{int(i[1:]) + shift_of[i]}" for i in edge["ids"])
    eid = "e-" + "-".join(ids)
    if edge.keys() != {"id", "ids", "labels", "manual"}:
        return f'"{eid}": ' + _ENCODE({**edge, "id": eid, "ids": ids})
    ids_json = ", ".join(f'"{i}"' for i in ids)
    labels_json = ", ".join(map(_QUOTE, edge["labels"]))
    manual = "true" if edge["manual"] else "false"
    return (
        f'"{eid}": {{"id": "{eid}", "ids": [{ids_json}], "labels": [{labels_json}], '
        f'"manual": {manual}}}'
    )


def _stretches(spans: Sequence[Span], ends: list[int]) -> Iterable[tuple[int, int, list[Span]]]:
    """Runs of whitespace tokens ``first..last`` (inclusive) that spans touch, with their spans.

    A token is touched by a span that overlaps it or that begins or ends inside it (an empty
    span can cut a token too); touching runs that meet or share a token are one stretch.
    """
    n = len(ends)
    current: list[Span] = []
    first = last = -1
    for span in spans:
        a = min(bisect_right(ends, span.start), n - 1)  # the token holding the span's start
        # the token holding the span's last character (or its position, when empty)
        b = min(bisect_right(ends, max(span.end - 1, span.start)), n - 1)
        if current and a <= last + 1:
            current.append(span)
            last = max(last, b)
            continue
        if current:
            yield first, last, current
        current, first, last = [span], a, b
    if current:
        yield first, last, current
