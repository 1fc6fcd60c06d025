"""Pseudonyms typed by hand: the edge attribute ``"typed": true`` of a SweLL graph.

SPEC §2.2 lets an annotator (or a lead deciding on a sensitive mark) override the automatic
pseudonym of a span by typing one. The graph records it on the edge, next to SVALA's own
``manual`` (which says that a person checked the *labels*, not who wrote the target)::

    {"id": "e-s3-t9", "ids": ["s3", "t9"], "labels": ["firstname_female", "1"],
     "manual": true, "typed": true}

SVALA's JSON tolerates the extra key (it reads ``id``, ``ids``, ``labels``, ``manual``,
``comment``). Whatever recomputes targets keeps a typed edge's text: the editor's automatic
pseudonyms, the server's ``POST /pseudonyms/`` (also "new pseudonyms": the library's re-roll
rewrites every placeholder-group target, so the typed ones are put back afterwards) and the
automatic pass (it never replaces a manual version, where typed edges live). Review pages show
the mark. Edges are matched by their source token ids, which no pseudonym change alters.
"""

from __future__ import annotations

TYPED_KEY = "typed"


def _sources(graph: dict) -> set[str]:
    return {t["id"] for t in graph["source"]}


def _target_texts(graph: dict) -> dict[str, str]:
    """Text of every target token by id (made once per graph, not once per edge)."""
    return {t["id"]: t["text"] for t in graph["target"]}


def _target_text(texts: dict[str, str], edge: dict) -> str:
    """The edge's target text (stripped), from ``_target_texts`` of its graph."""
    return "".join(texts[i] for i in edge["ids"] if i in texts).strip()


def typed_edge_ids(graph: dict) -> list[str]:
    """Ids of the edges whose target was typed by hand."""
    return [eid for eid, e in graph.get("edges", {}).items() if e.get(TYPED_KEY) is True]


def typed_targets(graph: dict) -> dict[tuple[str, ...], str]:
    """Typed targets keyed by their edge's source token ids (sorted)."""
    sources = _sources(graph)
    texts = _target_texts(graph)
    out = {}
    for eid in typed_edge_ids(graph):
        edge = graph["edges"][eid]
        key = tuple(sorted(i for i in edge["ids"] if i in sources))
        if key:
            out[key] = _target_text(texts, edge)
    return out


def restore_typed(graph: dict, typed: dict[tuple[str, ...], str]) -> dict:
    """``graph`` (changed in place and returned) with the typed targets ``typed`` put back on
    the edges over the same source tokens, and those edges marked typed again."""
    from pseudonymizer.graph import set_edge_target

    if not typed:
        return graph
    sources = _sources(graph)
    texts = _target_texts(graph)
    for eid, edge in list(graph["edges"].items()):
        key = tuple(sorted(i for i in edge["ids"] if i in sources))
        text = typed.get(key)
        if text is None:
            continue
        if _target_text(texts, edge) != text:
            graph = set_edge_target(graph, eid, text, in_place=True)
            texts = _target_texts(graph)  # the target tokens changed
            eid = next(
                k
                for k, e in graph["edges"].items()
                if tuple(sorted(i for i in e["ids"] if i in sources)) == key
            )
        graph["edges"][eid][TYPED_KEY] = True
    return graph


def mark_typed(graph: dict, eid: str) -> dict:
    """Mark edge ``eid`` of ``graph`` (in place) as typed by hand; returns the graph."""
    graph["edges"][eid][TYPED_KEY] = True
    return graph


def typed_errors(graph: dict) -> list[str]:
    """Problems with the typed marks of a graph (the attribute must be a boolean)."""
    return [
        f"edge {eid} typed must be true or false"
        for eid, e in graph.get("edges", {}).items()
        if isinstance(e, dict) and TYPED_KEY in e and not isinstance(e[TYPED_KEY], bool)
    ]


def edge_source_spans(graph: dict) -> dict[str, tuple[int, int]]:
    """Each edge with source tokens: (start, end) character offsets of its stripped source
    text in the essay. What survives rebuilding a graph from spans, so marks kept across an
    adjudication (typed pseudonyms here, OBS!/Com! notes in review) are matched by it."""
    starts: dict[str, int] = {}
    pos = 0
    for tok in graph["source"]:
        starts[tok["id"]] = pos
        pos += len(tok["text"])
    text_of = {tok["id"]: tok["text"] for tok in graph["source"]}
    out = {}
    for eid, edge in graph["edges"].items():
        src = sorted((i for i in edge["ids"] if i in starts), key=starts.__getitem__)
        if not src:
            continue
        first, last = text_of[src[0]], text_of[src[-1]]
        start = starts[src[0]] + len(first) - len(first.lstrip())
        out[eid] = (start, starts[src[-1]] + len(last.rstrip()))
    return out


def _edge_ranges(graph: dict) -> dict[str, tuple[int, int, str]]:
    """Each edge with source tokens: (start, end) of its stripped source text and its target."""
    texts = _target_texts(graph)
    return {
        eid: (start, end, _target_text(texts, graph["edges"][eid]))
        for eid, (start, end) in edge_source_spans(graph).items()
    }


def typed_ranges(graph: dict) -> set[tuple[int, int, str]]:
    """The typed pseudonyms of ``graph`` as (start, end, pseudonym) over the source text: what
    survives rebuilding a graph from spans (the adjudication merges two annotations so)."""
    ranges = _edge_ranges(graph)
    return {ranges[eid] for eid in typed_edge_ids(graph) if eid in ranges}


def mark_typed_ranges(graph: dict, typed: set[tuple[int, int, str]]) -> dict:
    """Mark (in place) the edges of ``graph`` that carry one of the ``typed`` pseudonyms over
    the same characters; returns the graph."""
    for eid, where in _edge_ranges(graph).items():
        if where in typed:
            graph["edges"][eid][TYPED_KEY] = True
    return graph
