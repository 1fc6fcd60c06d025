"""The SVALA parallel graph (SPEC §3) as plain JSON-ready dicts.

A graph is ``{"source": [token], "target": [token], "edges": {edge_id: edge}, "comment"?}`` with
``token = {"id", "text"}`` (text includes its trailing whitespace) and
``edge = {"id", "ids", "labels", "manual", "comment"?}``. It behaves like the graphs of the PyPI
package ``parallel-corpus`` (a port of SVALA's ``Graph.ts``): ids ``s0…``/``t0…``, a new token
gets ``t``/``s`` + (1 + the largest number used in any id), edge id ``e-`` + the sorted ids
joined by ``-``, every token in exactly one edge, labels flat strings (running number
included). One deliberate difference: ``parallel-corpus`` appends a space to the last token;
we never change the text, so ``source_text(from_text(t)) == t`` for every string ``t``.

>>> g = from_text("Jag bor i London, nu.")
>>> from pseudonymizer.document import Span
>>> g = apply_spans(g, [Span(10, 16, "London", "city", ("foreign",), 1, "A-stad")])
>>> target_text(g)
'Jag bor i A-stad, nu.'
>>> check_invariant(g)
[]
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from operator import attrgetter, itemgetter

from pseudonymizer.document import Span
from pseudonymizer.taxonomy import FLAGS, LABELS, is_running_number
from pseudonymizer.tokenize import whitespace_tokens

__all__ = [
    "apply_spans",
    "build_graph",
    "build_target",
    "check_invariant",
    "edge_id",
    "from_text",
    "labels_for",
    "next_id",
    "set_edge_target",
    "source_text",
    "spans_from_graph",
    "target_text",
]

_DIGITS = re.compile(r"\d+")
_TEXT = itemgetter("text")
_INNER_SPACE = re.compile(r"\s\S")


def edge_id(ids: Iterable[str]) -> str:
    """``e-`` + the sorted token ids joined by ``-`` (``e-s3-t315``), as SVALA writes it."""
    return "e-" + "-".join(sorted(ids))


def _edge(
    ids: Iterable[str], labels: list[str], *, manual: bool = False, comment: str | None = None
) -> dict:
    ids_sorted = sorted(ids)
    edge = {"id": edge_id(ids_sorted), "ids": ids_sorted, "labels": labels, "manual": manual}
    if comment is not None:
        edge["comment"] = comment
    return edge


def next_id(graph: dict) -> int:
    """1 + the largest number used in any token id (0 for an empty graph)."""
    best = -1
    for side in ("source", "target"):
        for tok in graph[side]:
            for digits in _DIGITS.findall(tok["id"]):
                best = max(best, int(digits))
    return best + 1


def from_text(text: str) -> dict:
    """The identity graph of ``text``: source = target = whitespace tokens, edges ``s_i``–``t_i``.

    Leading whitespace stays on the first token; nothing is added or removed, so
    ``source_text(from_text(text)) == text``.
    """
    pieces = whitespace_tokens(text)
    source = [{"id": f"s{i}", "text": piece} for i, piece in enumerate(pieces)]
    target = [{"id": f"t{i}", "text": piece} for i, piece in enumerate(pieces)]
    edges = {}
    for i in range(len(pieces)):
        edge = _edge((f"s{i}", f"t{i}"), [])
        edges[edge["id"]] = edge
    return {"source": source, "target": target, "edges": edges}


def source_text(graph: dict) -> str:
    """The source side as text (the original essay)."""
    return "".join(map(_TEXT, graph["source"]))


def target_text(graph: dict) -> str:
    """The target side as text (the pseudonymized essay)."""
    return "".join(map(_TEXT, graph["target"]))


def labels_for(label: str, flags: Iterable[str] = (), number: int | None = None) -> list[str]:
    """Edge labels in SVALA order: main label, ``foreign``, running number, morphology flags."""
    flags = list(flags)
    out = [label]
    if "foreign" in flags:
        out.append("foreign")
    if number is not None:
        out.append(str(number))
    out.extend(f for f in flags if f != "foreign" and f not in out)
    return out


def _trailing_ws(text: str) -> str:
    return text[len(text.rstrip()) :]


def _leading_ws(text: str) -> str:
    return text[: len(text) - len(text.lstrip())]


class _Builder:
    """Mutable working state for :func:`apply_spans` (the input graph is never changed)."""

    def __init__(self, graph: dict) -> None:
        self.graph = copy.deepcopy(graph)
        self.counter = next_id(self.graph)
        self.edge_of: dict[str, str] = {}
        for eid, edge in self.graph["edges"].items():
            for tid in edge["ids"]:
                self.edge_of[tid] = eid

    def new_id(self, prefix: str) -> str:
        tid = f"{prefix}{self.counter}"
        self.counter += 1
        return tid

    def offsets(self) -> list[int]:
        out = [0]
        for tok in self.graph["source"]:
            out.append(out[-1] + len(tok["text"]))
        return out

    def _is_identity(self, edge: dict) -> tuple[dict, dict] | None:
        src = [i for i in edge["ids"] if self._side(i) == "source"]
        tgt = [i for i in edge["ids"] if self._side(i) == "target"]
        if len(src) != 1 or len(tgt) != 1:
            return None
        s, t = self.token(src[0]), self.token(tgt[0])
        return (s, t) if s["text"] == t["text"] else None

    def _side(self, tid: str) -> str:
        return self.sides[tid]

    def token(self, tid: str) -> dict:
        return self.by_id[tid]

    def index(self) -> None:
        self.by_id = {}
        self.sides = {}
        for side in ("source", "target"):
            for tok in self.graph[side]:
                self.by_id[tok["id"]] = tok
                self.sides[tok["id"]] = side

    def split(self, pos: int) -> None:
        """Make ``pos`` a source token boundary unless only whitespace lies on one side."""
        offsets = self.offsets()
        for i, tok in enumerate(self.graph["source"]):
            start, end = offsets[i], offsets[i + 1]
            if not start < pos < end:
                continue
            left, right = tok["text"][: pos - start], tok["text"][pos - start :]
            if not left.strip() or not right.strip():
                return  # leading or trailing whitespace only: the token already fits
            eid = self.edge_of[tok["id"]]
            edge = self.graph["edges"].pop(eid)
            identity = self._is_identity(edge)
            new_sid = self.new_id("s")
            tok["text"] = left
            new_src = {"id": new_sid, "text": right}
            self.graph["source"].insert(i + 1, new_src)
            if identity is not None:
                # An untouched token: split the target the same way, two identity edges.
                _s, ttok = identity
                ti = self.graph["target"].index(ttok)
                new_tid = self.new_id("t")
                ttok["text"] = left
                self.graph["target"].insert(ti + 1, {"id": new_tid, "text": right})
                first = _edge(
                    edge["ids"],
                    list(edge["labels"]),
                    manual=edge["manual"],
                    comment=edge.get("comment"),
                )
                second = _edge((new_sid, new_tid), [])
                for e in (first, second):
                    self.graph["edges"][e["id"]] = e
                    for tid in e["ids"]:
                        self.edge_of[tid] = e["id"]
            else:
                # An edited edge: the new source piece stays in the same edge.
                merged = _edge(
                    [*edge["ids"], new_sid],
                    list(edge["labels"]),
                    manual=edge["manual"],
                    comment=edge.get("comment"),
                )
                self.graph["edges"][merged["id"]] = merged
                for tid in merged["ids"]:
                    self.edge_of[tid] = merged["id"]
            self.index()
            return

    def label(self, span: Span) -> None:
        offsets = self.offsets()
        covered = [
            tok
            for i, tok in enumerate(self.graph["source"])
            if offsets[i] < span.end and offsets[i + 1] > span.start and tok["text"].strip()
        ]
        if not covered:
            raise ValueError(f"span {span.start}-{span.end} covers no source token")
        covered_ids = {tok["id"] for tok in covered}
        eids = {self.edge_of[tid] for tid in covered_ids}
        edges = [self.graph["edges"][eid] for eid in eids]
        src_ids = {i for e in edges for i in e["ids"] if self.sides[i] == "source"}
        if src_ids != covered_ids:
            raise ValueError(
                f"span {span.start}-{span.end} ({span.text!r}) cuts through an edited edge; "
                "remove that edge's labels first"
            )
        old_targets = [i for e in edges for i in e["ids"] if self.sides[i] == "target"]
        labels = labels_for(span.label, span.flags, span.number)
        info = LABELS.get(span.label)
        keep = not span.pseudonym or (info is not None and info.replacement == "keep")
        target = self.graph["target"]
        positions = [k for k, t in enumerate(target) if t["id"] in set(old_targets)]
        # Positions count only the target tokens that stay, so the insertion point is the number
        # of remaining tokens before the first removed one.
        insert_at = positions[0] if positions else self._target_insert_point(covered[0]["id"])
        old_set = set(old_targets)
        if keep:
            # Mark-up only: the target keeps the text as written, token for token.
            new_targets = [{"id": self.new_id("t"), "text": tok["text"]} for tok in covered]
        else:
            words = span.pseudonym.split() or [span.pseudonym]
            new_targets = [{"id": self.new_id("t"), "text": w + " "} for w in words]
            new_targets[-1]["text"] = words[-1] + _trailing_ws(covered[-1]["text"])
            # the text's leading whitespace lives on the first token: keep it in the target
            new_targets[0]["text"] = _leading_ws(covered[0]["text"]) + new_targets[0]["text"]
        for eid in eids:
            del self.graph["edges"][eid]
        remaining = [t for t in target if t["id"] not in old_set]
        insert_at = min(insert_at, len(remaining))
        remaining[insert_at:insert_at] = new_targets
        self.graph["target"] = remaining
        comment = next((e["comment"] for e in edges if e.get("comment")), None)
        edge = _edge(
            [*covered_ids, *(t["id"] for t in new_targets)],
            labels,
            manual=False,
            comment=comment if any("!" in x for x in labels) else None,
        )
        self.graph["edges"][edge["id"]] = edge
        for tid in edge["ids"]:
            self.edge_of[tid] = edge["id"]
        self.index()

    def _target_insert_point(self, source_id: str) -> int:
        """Where to put target tokens for a source token whose edge has none: after the target
        tokens of the nearest preceding source token that has some."""
        order = [t["id"] for t in self.graph["source"]]
        pos = {t["id"]: k for k, t in enumerate(self.graph["target"])}
        for sid in reversed(order[: order.index(source_id)]):
            edge = self.graph["edges"][self.edge_of[sid]]
            tids = [i for i in edge["ids"] if self.sides[i] == "target"]
            if tids:
                return max(pos[i] for i in tids) + 1
        return 0


def apply_spans(graph: dict, spans: Iterable[Span]) -> dict:
    """Return a copy of ``graph`` with each span as a labelled edge whose target is its pseudonym.

    Offsets are character offsets into ``source_text(graph)``. A source token that a span covers
    only in part is split (``"London, "`` → ``"London"`` + ``", "``) so the label sits on the
    name alone. The target of a span is ``span.pseudonym`` (split on whitespace into tokens) with
    the trailing whitespace of the last covered source token; mark-up-only labels and spans
    without a pseudonym keep the text as written. Raises ValueError for a span outside the text
    or one that cuts through an edge already joining several source tokens.
    """
    builder = _Builder(graph)
    builder.index()
    length = builder.offsets()[-1]
    for span in sorted(spans, key=lambda s: (s.start, s.end)):
        if not 0 <= span.start < span.end <= length:
            raise ValueError(f"span {span.start}-{span.end} outside the text (length {length})")
        builder.split(span.start)
        builder.split(span.end)
        builder.label(span)
    return builder.graph


def check_invariant(graph: dict) -> list[str]:
    """Problems that make ``graph`` invalid (an empty list means valid).

    Checks the shape (lists of ``{id, text}`` tokens, an ``edges`` dict), unique non-empty ids,
    non-empty token texts, that every token is in exactly one edge and every edge id is ``e-`` +
    its sorted ids, that edges only name existing tokens, that labels are strings, and that an
    edge comment only comes with an ``OBS!``/``Com!`` label.
    """
    errors: list[str] = []
    if not isinstance(graph, dict):
        return ["graph is not an object"]
    for key in ("source", "target"):
        if not isinstance(graph.get(key), list):
            errors.append(f"{key} is not a list")
    if not isinstance(graph.get("edges"), dict):
        errors.append("edges is not an object")
    if (
        "comment" in graph
        and graph["comment"] is not None
        and not isinstance(graph["comment"], str)
    ):
        errors.append("comment is not a string")
    if errors:
        return errors
    seen: dict[str, str] = {}
    for side in ("source", "target"):
        for k, tok in enumerate(graph[side]):
            if (
                not isinstance(tok, dict)
                or not isinstance(tok.get("id"), str)
                or not isinstance(tok.get("text"), str)
            ):
                errors.append(f"{side}[{k}] is not a token {{id, text}}")
                continue
            tid = tok["id"]
            if not tid:
                errors.append(f"{side}[{k}] has an empty id")
            elif tid in seen:
                errors.append(f"token id {tid} used twice")
            seen[tid] = side
            if tok["text"] == "":
                errors.append(f"token {tid} has empty text")
            elif (
                side == "source"
                and (k > 0 or tok["text"].strip())
                and _INNER_SPACE.search(tok["text"].lstrip() if k == 0 else tok["text"])
            ):
                errors.append(f"source token {tid} has whitespace inside")
    in_edge: dict[str, str] = {}
    for key, edge in graph["edges"].items():
        if not isinstance(edge, dict) or not isinstance(edge.get("ids"), list):
            errors.append(f"edge {key} is not an edge {{id, ids, labels, manual}}")
            continue
        ids = edge["ids"]
        if not ids or not all(isinstance(i, str) for i in ids):
            errors.append(f"edge {key} has no token ids")
            continue
        expected = edge_id(ids)
        if edge.get("id") != key or key != expected:
            errors.append(f"edge {key} should have id {expected}")
        labels = edge.get("labels", [])
        if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
            errors.append(f"edge {key} labels must be a list of strings")
            labels = []
        if not isinstance(edge.get("manual", False), bool):
            errors.append(f"edge {key} manual must be true or false")
        if edge.get("comment") is not None:
            if not isinstance(edge["comment"], str):
                errors.append(f"edge {key} comment is not a string")
            elif not any("!" in x for x in labels):
                errors.append(f"edge {key} has a comment but no OBS!/Com! label")
        for tid in ids:
            if tid not in seen:
                errors.append(f"edge {key} names unknown token {tid}")
            elif tid in in_edge:
                errors.append(f"token {tid} is in two edges ({in_edge[tid]}, {key})")
            else:
                in_edge[tid] = key
    for tid in seen:
        if tid not in in_edge:
            errors.append(f"token {tid} is in no edge")
    return errors


def spans_from_graph(graph: dict) -> list[Span]:
    """The labelled edges of ``graph`` as spans with character offsets into the source text.

    Only edges carrying a main label become spans (comment-only edges do not). The span covers
    the edge's source tokens without surrounding whitespace; ``pseudonym`` is the edge's target
    text (stripped).
    """
    starts: dict[str, int] = {}
    pos = 0
    for tok in graph["source"]:
        starts[tok["id"]] = pos
        pos += len(tok["text"])
    by_id = {tok["id"]: tok for side in ("source", "target") for tok in graph[side]}
    source_ids = {tok["id"] for tok in graph["source"]}
    target_order = {tok["id"]: k for k, tok in enumerate(graph["target"])}
    spans = []
    for edge in graph["edges"].values():
        labels = edge.get("labels") or []
        main = [x for x in labels if x in LABELS and LABELS[x].kind == "main"]
        main += [x for x in labels if x not in LABELS and not is_running_number(x)]
        src = sorted((i for i in edge["ids"] if i in source_ids), key=starts.__getitem__)
        if not main or not src:
            continue
        first, last = by_id[src[0]], by_id[src[-1]]
        start = starts[src[0]] + len(first["text"]) - len(first["text"].lstrip())
        end = starts[src[-1]] + len(last["text"].rstrip())
        text = "".join(by_id[i]["text"] for i in src).strip()
        numbers = [int(x) for x in labels if is_running_number(x)]
        tgt = sorted((i for i in edge["ids"] if i in target_order), key=target_order.__getitem__)
        spans.append(
            Span(
                start=start,
                end=end,
                text=text,
                label=main[0],
                flags=tuple(x for x in labels if x in FLAGS),
                number=numbers[0] if numbers else None,
                pseudonym="".join(by_id[i]["text"] for i in tgt).strip(),
            )
        )
    spans.sort(key=lambda s: (s.start, s.end))
    return spans


def set_edge_target(graph: dict, eid: str, text: str, *, in_place: bool = False) -> dict:
    """A copy of ``graph`` where edge ``eid`` has ``text`` as its target (the pseudonym).

    The old target tokens of the edge are replaced by new ones (``text`` split on whitespace);
    the last one keeps the trailing whitespace of the edge's last source token. The edge gets the
    new id ``e-`` + sorted ids; labels, ``manual`` and comment are kept. ``in_place=True``
    changes ``graph`` itself (for callers that already work on their own copy).
    """
    if not in_place:
        graph = copy.deepcopy(graph)
    edge = graph["edges"].pop(eid)
    src_pos = {tok["id"]: k for k, tok in enumerate(graph["source"])}
    src_ids = sorted((i for i in edge["ids"] if i in src_pos), key=src_pos.__getitem__)
    old = set(edge["ids"]) - set(src_ids)
    target = graph["target"]
    positions = [k for k, tok in enumerate(target) if tok["id"] in old]
    counter = next_id(graph)
    if src_ids:
        tail = _trailing_ws(graph["source"][src_pos[src_ids[-1]]]["text"])
    else:
        tail = _trailing_ws(target[positions[-1]]["text"]) if positions else " "
    words = text.split() or [text]
    new_tokens = [{"id": f"t{counter + k}", "text": w + " "} for k, w in enumerate(words)]
    new_tokens[-1]["text"] = words[-1] + tail
    if src_ids:
        lead = _leading_ws(graph["source"][src_pos[src_ids[0]]]["text"])
        new_tokens[0]["text"] = lead + new_tokens[0]["text"]
    if positions:
        insert_at = positions[0]
    else:
        builder = _Builder(graph)
        builder.index()
        graph["edges"][eid] = edge  # restore so the insert point can be computed
        insert_at = builder._target_insert_point(src_ids[0]) if src_ids else len(target)
        del graph["edges"][eid]
    remaining = [tok for tok in target if tok["id"] not in old]
    remaining[insert_at:insert_at] = new_tokens
    graph["target"] = remaining
    new_edge = _edge(
        [*src_ids, *(t["id"] for t in new_tokens)],
        edge["labels"],
        manual=edge.get("manual", False),
        comment=edge.get("comment"),
    )
    graph["edges"][new_edge["id"]] = new_edge
    return graph


# Labels whose target keeps the text as written (mark-up only).
_KEEP_LABELS = frozenset(name for name, info in LABELS.items() if info.replacement == "keep")

# Token and edge ids of the first tokens of an essay, made once per process (fixed size, a
# few hundred kB): formatting three ids per token was a fifth of the graph building.
_N_IDS = 4096
_S_IDS = tuple(f"s{k}" for k in range(_N_IDS))
_T_IDS = tuple(f"t{k}" for k in range(_N_IDS))
_E_IDS = tuple(f"e-s{k}-t{k}" for k in range(_N_IDS))
_IDS = tuple(zip(_S_IDS, _T_IDS, _E_IDS))  # the three ids of the k-th untouched token


def _pseudonym_words(sources: list[str], pseudonym: str) -> list[str]:
    """The target token texts of a span over the source pieces ``sources``: the pseudonym's
    words, the first with the leading whitespace of the first piece, the last with the
    trailing whitespace of the last piece, the others with one space."""
    parts = pseudonym.split() or [pseudonym]
    words = [w + " " for w in parts]
    last = sources[-1]
    words[-1] = parts[-1] + last[len(last.rstrip()) :]  # the trailing whitespace
    first = sources[0]
    words[0] = first[: len(first) - len(first.lstrip())] + words[0]  # leading, if any
    return words


def _close(
    span: Span,
    text: str,
    group: list[tuple[int, int]],
    sid: int,
    tid: int,
    source: list[dict],
    target: list[dict],
    edges: dict[str, dict],
) -> tuple[int, int]:
    """The edge of ``span`` over the source pieces in ``group`` (emptied), for
    :func:`build_graph`; returns the next source and target numbers. (A function of its
    own, not a closure: the builder's variables stay plain locals of its loop.)"""
    ids = []
    sources = [text[ga:gb] for ga, gb in group]
    for piece in sources:
        s_id = _S_IDS[sid] if sid < _N_IDS else f"s{sid}"
        ids.append(s_id)
        source.append({"id": s_id, "text": piece})
        sid += 1
    pseudonym = span.pseudonym
    if not pseudonym or span.label in _KEEP_LABELS:
        words = sources
    elif len(sources) == 1 and " " not in pseudonym and pseudonym.isprintable():
        # most spans: one source piece and a pseudonym without whitespace (isprintable:
        # no other whitespace either), what the general case below gives: the piece's
        # leading and trailing whitespace around the pseudonym
        piece = sources[0]
        leading = piece[: len(piece) - len(piece.lstrip())]
        words = [leading + pseudonym + piece[len(piece.rstrip()) :]]
    else:
        words = _pseudonym_words(sources, pseudonym)
    for w in words:
        t_id = _T_IDS[tid] if tid < _N_IDS else f"t{tid}"
        ids.append(t_id)
        target.append({"id": t_id, "text": w})
        tid += 1
    ids.sort()  # as _edge does, sorted once
    eid = "e-" + "-".join(ids)
    if span.flags:
        labels = labels_for(span.label, span.flags, span.number)
    elif span.number is not None:
        labels = [span.label, str(span.number)]  # labels_for without flags
    else:
        labels = [span.label]
    edges[eid] = {"id": eid, "ids": ids, "labels": labels, "manual": False}
    group.clear()
    return sid, tid


def _add_plain(
    chunk: str, sid: int, tid: int, source: list, target: list, edges: dict
) -> None:
    """Source token ``sid`` and target token ``tid`` with the same text ``chunk`` and their
    unlabelled edge (a piece beside a span; an untouched token takes build_graph's hot path)."""
    s_id = _S_IDS[sid] if sid < _N_IDS else f"s{sid}"
    t_id = _T_IDS[tid] if tid < _N_IDS else f"t{tid}"
    source.append({"id": s_id, "text": chunk})
    target.append({"id": t_id, "text": chunk})
    eid = f"e-{s_id}-{t_id}"
    edges[eid] = {"id": eid, "ids": [s_id, t_id], "labels": [], "manual": False}


_START = attrgetter("start")  # the sort key of spans, made in C: no Python call per span


def build_graph(text: str, spans: Iterable[Span]) -> dict:
    """The graph of ``text`` with ``spans`` applied, built in one pass (the pipeline's path).

    Same texts, labels and edges as ``apply_spans(from_text(text), spans)``; token ids are simply
    ``s0…``/``t0…`` in text order. ``spans`` must not overlap. Use :func:`apply_spans` to label
    an existing graph.
    """
    spans = sorted(spans, key=_START)
    big = len(text) + 1
    cuts = sorted({p for sp in spans for p in (sp.start, sp.end)})
    cuts.append(big)
    c = 0  # next cut not yet passed
    source: list[dict] = []
    target: list[dict] = []
    edges: dict[str, dict] = {}
    n_spans = len(spans)
    k = 0
    span_start = spans[0].start if spans else big
    span_end = spans[0].end if spans else big
    group: list[tuple[int, int]] = []  # pieces of the current span
    sid = tid = 0

    ws_pieces = whitespace_tokens(text)
    b = 0
    for piece in ws_pieces:
        b += len(piece)
        if group and b - len(piece) >= span_end:
            # the token after a span: close the span here so that this token, usually
            # untouched, takes the hot path (the slow path would close it the same way)
            sid, tid = _close(spans[k], text, group, sid, tid, source, target, edges)
            k += 1
            span_start, span_end = (spans[k].start, spans[k].end) if k < n_spans else (big, big)
        if b <= span_start and not group:
            # an untouched token: the hot path. "s…" sorts before "t…": no sort for the id.
            # (source.append called as a method: the interpreter specialises it; a bound
            # alias is a plain call)
            if sid == tid and sid < _N_IDS:
                s_id, t_id, eid = _IDS[sid]  # (one look-up for the three ids)
            elif sid < _N_IDS:
                s_id = _S_IDS[sid]
                t_id = _T_IDS[tid] if tid < _N_IDS else f"t{tid}"
                eid = f"e-{s_id}-{t_id}"
            else:
                s_id = f"s{sid}"
                t_id = f"t{tid}"
                eid = f"e-{s_id}-{t_id}"
            source.append({"id": s_id, "text": piece})
            target.append({"id": t_id, "text": piece})
            edges[eid] = {"id": eid, "ids": [s_id, t_id], "labels": [], "manual": False}
            sid += 1
            tid += 1
            continue
        a = b - len(piece)  # where the token starts
        if (
            span_start == a
            and span_end <= b
            and not group
            and a < span_end
            and (k + 1 == n_spans or spans[k + 1].start >= b)
            and not piece[0].isspace()
        ):
            # most spans: one that starts where this token starts and ends in it, the next
            # span after it: its edge at once, what the general path below and _close() give
            # (the token cut at the span's end when content follows, "Göteborg" + ",")
            span = spans[k]
            if span_end < b and not text[span_end:b].isspace():
                chunk = text[a:span_end]
                rest = text[span_end:b]
            else:
                chunk = piece
                rest = ""
            s_id = _S_IDS[sid] if sid < _N_IDS else f"s{sid}"
            sid += 1
            source.append({"id": s_id, "text": chunk})
            pseudonym = span.pseudonym
            if not pseudonym or span.label in _KEEP_LABELS:
                t_id = _T_IDS[tid] if tid < _N_IDS else f"t{tid}"
                tid += 1
                target.append({"id": t_id, "text": chunk})
                ids = [s_id, t_id]  # "s…" sorts before "t…"
                eid = f"e-{s_id}-{t_id}"
            elif " " not in pseudonym and pseudonym.isprintable():
                # (no leading whitespace: the token starts with content)
                t_id = _T_IDS[tid] if tid < _N_IDS else f"t{tid}"
                tid += 1
                target.append({"id": t_id, "text": pseudonym + chunk[len(chunk.rstrip()) :]})
                ids = [s_id, t_id]
                eid = f"e-{s_id}-{t_id}"
            else:
                ids = [s_id]
                for w in _pseudonym_words([chunk], pseudonym):
                    t_id = _T_IDS[tid] if tid < _N_IDS else f"t{tid}"
                    ids.append(t_id)
                    target.append({"id": t_id, "text": w})
                    tid += 1
                ids.sort()
                eid = "e-" + "-".join(ids)
            if span.flags:
                labels = labels_for(span.label, span.flags, span.number)
            elif span.number is not None:
                labels = [span.label, str(span.number)]
            else:
                labels = [span.label]
            edges[eid] = {"id": eid, "ids": ids, "labels": labels, "manual": False}
            if rest:
                _add_plain(rest, sid, tid, source, target, edges)
                sid += 1
                tid += 1
            k += 1
            span_start, span_end = (spans[k].start, spans[k].end) if k < n_spans else (big, big)
            continue
        # cut the token where a span starts or ends inside it (content on both sides)
        pieces = []
        start = a
        while cuts[c] <= a:
            c += 1
        while cuts[c] < b:
            pos = cuts[c]
            # (the part after the cut first: most cuts inside a token are a span's end
            # before the token's trailing whitespace)
            if text[pos:b].strip() and text[start:pos].strip():
                pieces.append((start, pos))
                start = pos
            c += 1
        pieces.append((start, b))
        for pa, pb in pieces:
            if group and pa >= span_end:
                sid, tid = _close(spans[k], text, group, sid, tid, source, target, edges)
                k += 1
                span_start, span_end = (spans[k].start, spans[k].end) if k < n_spans else (big, big)
            while not group and span_end <= pa:  # a span that covered no piece (not trimmed)
                k += 1
                span_start, span_end = (spans[k].start, spans[k].end) if k < n_spans else (big, big)
            if pa < span_end and pb > span_start:
                group.append((pa, pb))
            else:
                _add_plain(text[pa:pb], sid, tid, source, target, edges)
                sid += 1
                tid += 1
    if group:
        _close(spans[k], text, group, sid, tid, source, target, edges)
    return {"source": source, "target": target, "edges": edges}


def build_target(text: str, spans: Iterable[Span]) -> str:
    """The target text of ``build_graph(text, spans)`` without building the graph.

    For non-overlapping spans that do not begin or end in whitespace (the pipeline's, trimmed)
    a span whose label is not mark-up only and that has a pseudonym becomes its pseudonym's
    words joined by single spaces; the whitespace around it, and every other character, stays
    as written. Other spans take the graph's way (``target_text(build_graph(text, spans))``).
    """
    spans = sorted(spans, key=_START)
    out = []
    pos = 0
    for span in spans:
        pseudonym = span.pseudonym
        if not pseudonym or span.label in _KEEP_LABELS:
            continue
        start, end = span.start, span.end
        if start < pos or start >= end or text[start].isspace() or text[end - 1].isspace():
            return target_text(build_graph(text, spans))  # not the pipeline's spans
        out.append(text[pos:start])
        out.append(" ".join(pseudonym.split() or [pseudonym]))
        pos = end
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)
