#!/usr/bin/env python3
"""Build a TAB JSON gold set of scheme ``dab`` (SPEC §5) from inline-marked Danish sources.

Each document is one file ``DIR/NN_type.txt``::

    id: dabh-01
    type: forum
    protected: Mette Holm
    # lines starting with '#' before the '---' line are notes for people
    ---
    [Mette Holm](PERSON DIRECT e1) bor på [Skolevej 12](LOC DIRECT e2) og er
    [42 år](DEM QUASI) gammel, [diabetiker](DEM QUASI HEALTH) ...

A mention is ``[surface](CATEGORY [IDENTIFIER_TYPE] [CONFIDENTIAL] [ENTITY])``:

- CATEGORY: one of PERSON CODE LOC ORG DEM DATETIME QUANTITY MISC (required, first);
- IDENTIFIER_TYPE: DIRECT, QUASI or NO_MASK (default NO_MASK);
- CONFIDENTIAL: BELIEF, POLITICS, SEX, ETHNIC or HEALTH (optional);
- ENTITY: an id ``e`` + letters/digits (``e1``, ``e12b``); mentions that share it are one entity
  (the guide's relations: same entity, same information). Without it a mention is an entity of
  its own.

``\\[``, ``\\]`` and ``\\\\`` stand for literal brackets and a backslash in the text. The guide's
minimal-span rule is enforced: a surface may not be empty nor start or end with whitespace or
``, ; : ! ?``; mentions of one entity must agree on category and identifier type. Every error
names the file, line and column of the offending mark-up.

The document text is the body after ``---`` with the mark-up removed (trailing whitespace of
the body dropped). Output: a JSON list of TAB documents, sorted by file name::

    {"doc_id", "text", "meta": {"type", "source_file"}, "protected": [...],
     "annotations": {"W2": {"entity_mentions": [{entity_type, entity_mention_id, start_offset,
     end_offset, span_text, identifier_type, confidential_status, entity_id}, ...]}}}

which ``pseudonymizer.dab.tab.load_tab`` and ``python -m pseudonymizer.dab.metrics --gold`` read.

Usage: ``python scripts/build_dab_gold.py --src DIR --out FILE`` (writes), ``--check`` (fails
when FILE differs from what the sources give), ``--summary`` (prints counts).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

CATEGORIES = ("PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC")
IDENTIFIER_TYPES = ("DIRECT", "QUASI", "NO_MASK")
CONFIDENTIAL = ("BELIEF", "POLITICS", "SEX", "ETHNIC", "HEALTH")
ANNOTATOR = "W2"
ENTITY_RE = re.compile(r"e[A-Za-z0-9]+")
HEADER_KEYS = ("id", "type", "protected")
BAD_EDGE = " \t\n\r\xa0,;:!?"


class MarkupError(ValueError):
    """Malformed mark-up; the message names ``file:line:column``."""


@dataclass(slots=True)
class Span:
    start: int
    end: int
    text: str
    category: str
    identifier_type: str
    confidential: str | None
    entity: str | None
    where: str


def _where(name: str, source: str, pos: int) -> str:
    line = source.count("\n", 0, pos) + 1
    col = pos - (source.rfind("\n", 0, pos) + 1) + 1
    return f"{name}:{line}:{col}"


def parse_label(label: str, where: str) -> tuple[str, str, str | None, str | None]:
    """``"PERSON DIRECT e1"`` → (category, identifier type, confidential, entity)."""
    parts = label.split()
    if not parts:
        raise MarkupError(f"{where}: empty label '()'")
    category, rest = parts[0], parts[1:]
    if category not in CATEGORIES:
        raise MarkupError(f"{where}: unknown category {category!r} (first word of the label "
                          f"must be one of {' '.join(CATEGORIES)})")
    idt = conf = entity = None
    for p in rest:
        if p in IDENTIFIER_TYPES:
            if idt is not None:
                raise MarkupError(f"{where}: two identifier types in ({label})")
            idt = p
        elif p in CONFIDENTIAL:
            if conf is not None:
                raise MarkupError(f"{where}: two confidential categories in ({label})")
            conf = p
        elif ENTITY_RE.fullmatch(p):
            if entity is not None:
                raise MarkupError(f"{where}: two entity ids in ({label})")
            entity = p
        else:
            raise MarkupError(f"{where}: unknown word {p!r} in label ({label})")
    return category, idt or "NO_MASK", conf, entity


def parse_body(body: str, name: str = "<text>", source: str | None = None,
               offset: int = 0) -> tuple[str, list[Span]]:
    """Strip the mark-up from ``body``: (plain text, spans with offsets into the plain text).

    ``source``/``offset`` locate ``body`` inside its file so errors give file line and column.
    """
    src = body if source is None else source
    out: list[str] = []
    n = 0  # length of the plain text so far
    spans: list[Span] = []
    i = 0
    open_at: int | None = None  # source index of the '[' of the span being read
    span_start = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 < len(body) and body[i + 1] in "[]\\":
                out.append(body[i + 1])
                n += 1
                i += 2
                continue
            raise MarkupError(f"{_where(name, src, offset + i)}: lone backslash (write \\\\ "
                              "for a backslash, \\[ or \\] for a bracket)")
        if ch == "[":
            if open_at is not None:
                raise MarkupError(f"{_where(name, src, offset + i)}: '[' inside the span opened "
                                  f"at {_where(name, src, offset + open_at)} (nested spans are "
                                  "not allowed; write \\[ for a bracket)")
            open_at, span_start = i, n
            i += 1
            continue
        if ch == "]":
            if open_at is None:
                raise MarkupError(f"{_where(name, src, offset + i)}: ']' without '[' "
                                  "(write \\] for a bracket)")
            if not body.startswith("(", i + 1):
                raise MarkupError(f"{_where(name, src, offset + i)}: ']' not followed by "
                                  "'(LABEL)'")
            close = body.find(")", i + 2)
            newline = body.find("\n", i + 2)
            if close < 0 or (0 <= newline < close):
                raise MarkupError(f"{_where(name, src, offset + i + 1)}: label '(' not closed "
                                  "on the same line")
            where = _where(name, src, offset + open_at)
            category, idt, conf, entity = parse_label(body[i + 2:close], where)
            text = "".join(out[span_start:])  # out holds one character per position
            if not text:
                raise MarkupError(f"{where}: empty span")
            if text[0] in BAD_EDGE or text[-1] in BAD_EDGE:
                raise MarkupError(f"{where}: span {text!r} starts or ends with a space or "
                                  "punctuation (mark the minimal span)")
            spans.append(Span(span_start, n, text, category, idt, conf, entity, where))
            open_at = None
            i = close + 1
            continue
        out.append(ch)
        n += 1
        i += 1
    if open_at is not None:
        raise MarkupError(f"{_where(name, src, offset + open_at)}: '[' never closed")
    return "".join(out), spans


def _check_entities(spans: list[Span]) -> None:
    first: dict[str, Span] = {}
    for s in spans:
        if s.entity is None:
            continue
        f = first.setdefault(s.entity, s)
        if (f.category, f.identifier_type) != (s.category, s.identifier_type):
            raise MarkupError(f"{s.where}: entity {s.entity} is {s.category} {s.identifier_type}"
                              f" here but {f.category} {f.identifier_type} at {f.where}")


def parse_file(path: Path) -> dict:
    """One source file → one TAB document (dict)."""
    source = path.read_text(encoding="utf-8")
    name = path.name
    sep = re.search(r"^---[ \t]*$", source, re.M)
    if sep is None:
        raise MarkupError(f"{name}:1:1: no '---' line between header and text")
    header: dict[str, str] = {}
    pos = 0
    for line in source[:sep.start()].splitlines(keepends=True):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            key, colon, value = stripped.partition(":")
            if not colon or key.strip() not in HEADER_KEYS:
                raise MarkupError(f"{_where(name, source, pos)}: header line must be one of "
                                  f"{', '.join(k + ':' for k in HEADER_KEYS)} or a # note")
            header[key.strip()] = value.strip()
        pos += len(line)
    for key in ("id", "type"):
        if not header.get(key):
            raise MarkupError(f"{name}:1:1: header lacks '{key}:'")
    body_start = sep.end() + 1 if source[sep.end():sep.end() + 1] == "\n" else sep.end()
    body = source[body_start:].rstrip()
    text, spans = parse_body(body, name, source, body_start)
    _check_entities(spans)
    doc_id = header["id"]
    mentions = []
    for k, s in enumerate(spans, 1):
        mentions.append({
            "entity_type": s.category,
            "entity_mention_id": f"{doc_id}_m{k}",
            "start_offset": s.start,
            "end_offset": s.end,
            "span_text": s.text,
            "identifier_type": s.identifier_type,
            "confidential_status": s.confidential or "NOT_CONFIDENTIAL",
            "entity_id": f"{doc_id}_{s.entity}" if s.entity else f"{doc_id}_m{k}",
        })
    doc = {"doc_id": doc_id, "text": text,
           "meta": {"type": header["type"], "source_file": name}}
    if header.get("protected"):
        doc["protected"] = [p.strip() for p in header["protected"].split(";") if p.strip()]
    doc["annotations"] = {ANNOTATOR: {"entity_mentions": mentions}}
    return doc


def build(src: Path) -> list[dict]:
    """All ``*.txt`` files of ``src`` (sorted by name) → TAB documents; ids must be unique."""
    docs = [parse_file(p) for p in sorted(src.glob("*.txt"))]
    seen: dict[str, str] = {}
    for d in docs:
        if d["doc_id"] in seen:
            raise MarkupError(f"{d['meta']['source_file']}:1:1: id {d['doc_id']} already used "
                              f"by {seen[d['doc_id']]}")
        seen[d["doc_id"]] = d["meta"]["source_file"]
    return docs


def dumps(docs: list[dict]) -> str:
    return json.dumps(docs, ensure_ascii=False, indent=1) + "\n"


def summary(docs: list[dict]) -> str:
    """Counts for the README: documents and words per type, mentions per category and type."""
    by_type: Counter = Counter()
    words: Counter = Counter()
    cat: Counter = Counter()
    conf: Counter = Counter()
    entities: Counter = Counter()
    for d in docs:
        t = d["meta"]["type"]
        by_type[t] += 1
        words[t] += len(re.findall(r"\w+", d["text"]))
        ents: dict[str, str] = {}
        for m in d["annotations"][ANNOTATOR]["entity_mentions"]:
            cat[(m["entity_type"], m["identifier_type"])] += 1
            if m["confidential_status"] != "NOT_CONFIDENTIAL":
                conf[m["confidential_status"]] += 1
            ents[m["entity_id"]] = m["identifier_type"]
        entities.update(ents.values())
    lines = [f"documents: {len(docs)}, words: {sum(words.values())}",
             "type        docs  words"]
    lines += [f"{t:<12}{by_type[t]:>4}{words[t]:>7}" for t in sorted(by_type)]
    lines.append(f"{'category':<10}{'DIRECT':>8}{'QUASI':>8}{'NO_MASK':>8}{'all':>8}")
    for c in CATEGORIES:
        row = [cat[(c, i)] for i in IDENTIFIER_TYPES]
        lines.append(f"{c:<10}" + "".join(f"{x:>8}" for x in row) + f"{sum(row):>8}")
    tot = [sum(cat[(c, i)] for c in CATEGORIES) for i in IDENTIFIER_TYPES]
    lines.append(f"{'all':<10}" + "".join(f"{x:>8}" for x in tot) + f"{sum(tot):>8}")
    lines.append("entities: " + ", ".join(f"{i} {entities[i]}" for i in IDENTIFIER_TYPES))
    lines.append("confidential: " + ", ".join(f"{c} {conf[c]}" for c in CONFIDENTIAL))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", type=Path, required=True, help="directory of *.txt sources")
    ap.add_argument("--out", type=Path, required=True, help="TAB JSON file to write or check")
    ap.add_argument("--check", action="store_true", help="fail if --out is stale")
    ap.add_argument("--summary", action="store_true", help="print counts")
    args = ap.parse_args(argv)
    try:
        docs = build(args.src)
    except (MarkupError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not docs:
        print(f"error: no *.txt files in {args.src}", file=sys.stderr)
        return 2
    new = dumps(docs)
    if args.check:
        old = args.out.read_text(encoding="utf-8") if args.out.exists() else None
        if old != new:
            print(f"error: {args.out} is stale; rebuild it without --check", file=sys.stderr)
            return 1
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(new, encoding="utf-8")
    if args.summary:
        print(summary(docs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
