"""Small SVALA graphs for release tests, written as segments instead of token lists.

``graph_of(["Jag ", "heter ", ("Anna ", "Maria ", ["firstname_female", "1"]), "."])``: a plain
string is one unchanged token; a tuple ``(original, pseudonym, labels)`` is one edge linking the
original's tokens to the pseudonym's tokens.
"""

from __future__ import annotations

import re
from typing import Any


def _tokens(text: str) -> list[str]:
    return re.findall(r"\S+\s*", text) or ([text] if text else [])


def graph_of(segments: list[Any], comment: str | None = None) -> dict[str, Any]:
    """A valid SVALA graph (source = original) from ``segments``."""
    source: list[dict[str, str]] = []
    target: list[dict[str, str]] = []
    edges: dict[str, dict[str, Any]] = {}
    for seg in segments:
        if isinstance(seg, str):
            original, pseudonym, labels, note = seg, seg, [], None
        else:
            original, pseudonym, labels = seg[:3]
            note = seg[3] if len(seg) > 3 else None
        ids = []
        for text in _tokens(original):
            ids.append(f"s{len(source)}")
            source.append({"id": ids[-1], "text": text})
        for text in _tokens(pseudonym):
            ids.append(f"t{len(target)}")
            target.append({"id": ids[-1], "text": text})
        ids.sort()
        edge: dict[str, Any] = {
            "id": "e-" + "-".join(ids),
            "ids": ids,
            "labels": list(labels),
            "manual": False,
        }
        if note:
            edge["comment"] = note
        edges[edge["id"]] = edge
    graph: dict[str, Any] = {"source": source, "target": target, "edges": edges}
    if comment:
        graph["comment"] = comment
    return graph
