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
from pseudonymizer.graph import (
    _E_IDS,
    _KEEP_LABELS,
    _N_IDS,
    _S_IDS,
    _START,
    _T_IDS,
    build_graph,
    labels_for,
)
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
    streams a very long graph in pieces; :func:`join_parts` puts them together). An item may
    hold the entries of a run of untouched tokens, joined by ", " (the runs within the first
    4096 ids of an essay: at most some hundred kB in all)."""
    spans = sorted(spans, key=_START)
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
    # 1. Each stretch of touched tokens is either simple (one token, one span in it, a
    # pseudonym of one word: most of them), whose entries are made here, or goes into one text
    # made of the other stretches one after another (each ends with whitespace, or is the end
    # of the text; only the text's first token can have leading whitespace): build_graph over
    # that text gives their tokens and edges in order.
    plan: list[tuple[int, int, list | None]] = []  # (first, last, entries of a simple one)
    parts: list[str] = []
    shifted: list[Span] = []
    bounds: list[int] = []  # where each of the other stretches ends in their text
    at = 0
    for first, last, members in _stretches(spans, ends):
        a = ends[first - 1] if first else 0
        b = ends[last]
        entries = _simple(text, a, b, members[0]) if first == last and len(members) == 1 else None
        if entries is None:
            shift = at - a
            parts.append(text[a:b])
            at += b - a
            bounds.append(at)
            for sp in members:
                shifted.append(Span(sp.start + shift, sp.end + shift, sp.text, sp.label, sp.flags,
                                    sp.number, sp.pseudonym, sp.source))
        plan.append((first, last, entries))
    sub_source: list[dict] = []
    sub_target: list[dict] = []
    sub_edges: list[dict] = []
    stretch_of: dict[str, int] = {}  # id in the stretch graph → its stretch among the others
    if parts:
        sub = build_graph("".join(parts), shifted)
        sub_source, sub_target = sub["source"], sub["target"]
        sub_edges = list(sub["edges"].values())
        m = pos = 0
        for tok in sub_source:  # source tokens by position
            while pos >= bounds[m]:
                m += 1
            stretch_of[tok["id"]] = m
            pos += len(tok["text"])
        for edge in sub_edges:  # target tokens by their edge
            ids = edge["ids"]
            m = stretch_of[ids[0]]  # "s…" sorts before "t…": a source token
            for t_id in ids:
                if t_id[0] == "t":
                    stretch_of[t_id] = m
    # 2. The entries in text order, numbered as they are written.
    j_s = j_t = j_e = 0  # next source token, target token, edge of the stretch graph
    m = 0  # the next of the other stretches
    i = 0  # next whitespace token of the text
    sid = tid = 0  # the ids of the next source and target tokens
    # the texts of all tokens quoted at once (see _plain), when the text has no _SEP
    quoted = _QUOTE(_SEP.join(pieces))[1:-1].split(_SEP) if _SEP not in text else None
    for first, last, entries in plan:
        if first > i:  # the untouched tokens before it
            _plain(pieces, quoted, i, first, sid, tid, source, target, edges)
            sid += first - i
            tid += first - i
        i = last + 1
        if entries is not None:
            for source_text, target_text, labels in entries:
                if sid == tid and sid < _N_IDS:  # the ids formatted once per process
                    s_id, t_id, e_id = _S_IDS[sid], _T_IDS[sid], _E_IDS[sid]
                else:
                    s_id, t_id = f"s{sid}", f"t{tid}"
                    e_id = f"e-{s_id}-{t_id}"
                sid += 1
                tid += 1
                source.append(f'{{"id": "{s_id}", "text": {_QUOTE(source_text)}}}')
                target.append(f'{{"id": "{t_id}", "text": {_QUOTE(target_text)}}}')
                labels_json = ", ".join(map(_QUOTE, labels))
                edges.append(
                    f'"{e_id}": {{"id": "{e_id}", "ids": ["{s_id}", "{t_id}"], '
                    f'"labels": [{labels_json}], "manual": false}}'
                )
            continue
        new_id: dict[str, str] = {}
        j_s, sid = _renumber(sub_source, j_s, stretch_of, m, "s", sid, new_id, source)
        j_t, tid = _renumber(sub_target, j_t, stretch_of, m, "t", tid, new_id, target)
        while j_e < len(sub_edges) and stretch_of[sub_edges[j_e]["ids"][0]] == m:
            edges.append(_edge_entry(sub_edges[j_e], new_id))
            j_e += 1
        m += 1
    if len(pieces) > i:
        _plain(pieces, quoted, i, len(pieces), sid, tid, source, target, edges)
    return source, target, edges


def _simple(text: str, a: int, b: int, span: Span) -> list[tuple[str, str, list[str]]] | None:
    """The (source text, target text, labels) of the pieces of token ``text[a:b]`` with the one
    span ``span`` in it, as build_graph cuts and labels them, when its pseudonym is one word
    (or the token keeps its text); None otherwise."""
    start, end = span.start, span.end
    if not a <= start < end <= b:
        return None  # an empty span: build_graph's way
    pseudonym = span.pseudonym
    keep = not pseudonym or span.label in _KEEP_LABELS
    if not keep and (" " in pseudonym or not pseudonym.isprintable()):
        return None  # several target words: build_graph's way
    entries = []
    # build_graph's cuts: where there is content on both sides within the token
    if start > a and text[start:b].strip() and text[a:start].strip():
        entries.append((text[a:start],) * 2 + ([],))
        a = start
    after = None
    if end < b and text[end:b].strip() and text[a:end].strip():
        after = text[end:b]
        b = end
    piece = text[a:b]
    if keep:
        word = piece
    else:
        word = piece[: len(piece) - len(piece.lstrip())] + pseudonym + piece[len(piece.rstrip()) :]
    if span.flags:
        labels = labels_for(span.label, span.flags, span.number)
    elif span.number is not None:
        labels = [span.label, str(span.number)]  # what labels_for gives, without the call
    else:
        labels = [span.label]
    entries.append((piece, word, labels))
    if after is not None:
        entries.append((after, after, []))
    return entries


# The fixed parts of the entries of untouched tokens for the first ids of an essay (the id
# numbers were formatted six times per token): made when first needed, for as many ids as the
# essays so far had (building all 4096 up front cost as much as writing twenty essays' graphs).
# The tables are one tuple, replaced whole when it grows: a thread sees old or new tables,
# never a mix.
_TABLE_IDS = _N_IDS  # as many as the graph's ids
_TABLES: tuple[tuple[str, ...], ...] = ((), (), (), (), ())
# Joins the texts of the tokens so that they are quoted at once (see _plain).
_SEP = "\ue000"


def _tables(n: int) -> tuple[tuple[str, ...], ...]:
    """The tables with at least ``min(n, _TABLE_IDS)`` entries: the opening of source token k's
    entry, the same after the closing of the entry before it, both for target token k, and
    the entry of the edge of source token k and target token k."""
    global _TABLES
    tables = _TABLES
    have = len(tables[0])
    if have >= n or have >= _TABLE_IDS:
        return tables
    ks = range(have, min(_TABLE_IDS, max(n, 2 * have)))
    s_open = [f'{{"id": "s{k}", "text": "' for k in ks]
    t_open = [f'{{"id": "t{k}", "text": "' for k in ks]
    tables = _TABLES = (
        tables[0] + tuple(s_open),
        tables[1] + tuple(['"}, ' + x for x in s_open]),
        tables[2] + tuple(t_open),
        tables[3] + tuple(['"}, ' + x for x in t_open]),
        tables[4] + tuple([  # "s…" sorts before "t…": the edge id needs no sort
            f'"e-s{k}-t{k}": {{"id": "e-s{k}-t{k}", "ids": ["s{k}", "t{k}"], "labels": [], '
            '"manual": false}' for k in ks
        ]),
    )
    return tables


def _plain(pieces: list[str], quoted: list[str] | None, start: int, stop: int, sid: int,
           tid: int, source: list, target: list, edges: list) -> None:
    """The entries of the tokens ``start..stop-1`` (ids from ``sid`` and ``tid`` on), which no
    span touches: the same text on both sides, an unlabelled edge (``"s…"`` sorts before
    ``"t…"``: the edge id needs no sort).

    Within the tables (the first ids of an essay: nearly all tokens) and given the ``quoted``
    texts of the tokens (quoted at once: joined by ``_SEP``, a character that the JSON encoder
    writes as it is (it escapes only quotes, backslashes and control characters) and that is
    not in the text, so the quoted whole splits back into the quoted texts) the run's entries
    are one item of each list, the entries joined by ", " as the lists are, made by one join.
    """
    n = stop - start
    s_open, s_next, t_open, t_next, plain_edges = _tables(max(sid, tid) + n)
    if quoted is not None and max(sid, tid) + n <= len(s_open):
        buf: list[str] = [""] * (2 * n + 1)
        buf[1 : 2 * n : 2] = quoted[start:stop]
        buf[-1] = '"}'
        buf[0 : 2 * n : 2] = s_next[sid : sid + n]
        buf[0] = s_open[sid]
        source.append("".join(buf))
        buf[0 : 2 * n : 2] = t_next[tid : tid + n]
        buf[0] = t_open[tid]
        target.append("".join(buf))
        if sid == tid:
            edges.append(", ".join(plain_edges[sid : sid + n]))
            return
        for k in range(n):
            edges.append(_plain_edge(sid + k, tid + k))
        return
    for piece in pieces[start:stop]:
        quoted_text = _QUOTE(piece)
        source.append(f'{{"id": "s{sid}", "text": {quoted_text}}}')
        target.append(f'{{"id": "t{tid}", "text": {quoted_text}}}')
        edges.append(_plain_edge(sid, tid))
        sid += 1
        tid += 1


def _plain_edge(sid: int, tid: int) -> str:
    return (
        f'"e-s{sid}-t{tid}": {{"id": "e-s{sid}-t{tid}", "ids": ["s{sid}", "t{tid}"], '
        '"labels": [], "manual": false}'
    )


def _renumber(
    tokens: list[dict], j: int, stretch_of: dict[str, int], m: int, prefix: str, n: int,
    new_id: dict[str, str], out: list[str],
) -> tuple[int, int]:
    """Write the tokens of stretch ``m`` from ``tokens[j:]`` with running ids ``<prefix><n>``
    (recording old id → new id); return the next index and the next number."""
    while j < len(tokens) and stretch_of[tokens[j]["id"]] == m:
        tok = tokens[j]
        new_id[tok["id"]] = tok_id = f"{prefix}{n}"
        n += 1
        out.append(f'{{"id": "{tok_id}", "text": {_QUOTE(tok["text"])}}}')
        j += 1
    return j, n


def _edge_entry(edge: dict, new_id: dict[str, str]) -> str:
    """The entry of an edge of the stretch graph, its ids renumbered (and sorted again: "s10"
    sorts before "s9", as in the whole graph)."""
    ids = sorted(new_id[i] for i in edge["ids"])
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
    span can cut a token too); touching runs that share a token are one stretch (spans in
    neighbouring tokens, "Anna Berg", make two: build_graph cuts and closes them alike).
    """
    n = len(ends)
    current: list[Span] = []
    first = last = -1
    for span in spans:
        a = min(bisect_right(ends, span.start), n - 1)  # the token holding the span's start
        # the token holding the span's last character (or its position, when empty)
        b = min(bisect_right(ends, max(span.end - 1, span.start)), n - 1)
        if current and a <= last:
            current.append(span)
            last = max(last, b)
            continue
        if current:
            yield first, last, current
        current, first, last = [span], a, b
    if current:
        yield first, last, current
