#!/usr/bin/env python3
"""Build the development gold set (tests/data/gold/dev.jsonl) from its inline sources.

Each essay is one file ``tests/data/gold/src/NNN.txt``::

    id: dev-001
    level: A
    genre: narrative
    topic: Presentera dig själv
    # lines starting with '#' before the '---' line are notes for people
    ---
    Jag heter [Anna](firstname_female) och bor i [Stokholm](city 2). Jag gillar
    [Stockholms](city gen 2) parker ...

A span is ``[surface](label flag… [entity])``: one main label of SPEC §2, any flags
(``gen def pl foreign``) and optionally an entity id (an integer). Mentions with the same entity
id are one entity; a mention without an id belongs to the entity of an earlier or later mention
with the same label and the same case-folded text (a genitive ``-s`` form also joins its base
form), otherwise it is a new entity. Running numbers are then given in order of first
appearance, one counter per essay shared by all labels (SPEC §2.1), so the ids in the sources
only need to be consistent, not ordered.

The essay text is the body after ``---`` with the mark-up removed (trailing whitespace dropped).
Output: one JSON object per essay, sorted by file name:
``{id, text, lang, level, genre, topic, spans: [{start, end, text, label, flags, number}]}``.

Usage: ``python scripts/build_gold.py`` (writes), ``--check`` (fails when dev.jsonl is stale),
``--summary`` (prints label counts); ``--src DIR --out FILE`` build another set in the same format
(the held-out set: ``--src tests/data/heldout/src --out tests/data/heldout/heldout.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "tests" / "data" / "gold" / "src"
OUT = ROOT / "tests" / "data" / "gold" / "dev.jsonl"

# SPEC §2 main labels (the 2021 SVALA list without flags and comments).
MAIN_LABELS = frozenset(
    """
    firstname_male firstname_female firstname_unknown initials middlename surname
    area city country geo place region street_nr zip_code
    school work other_institution transport_name transport_nr age_digits age_string
    date_digits day month_digit month_word year
    account_nr email extra license_nr other_nr_seq phone_nr personid_nr url
    edu fam prof sensitive
    """.split()
)
FLAGS = ("gen", "def", "pl", "foreign")
FOREIGN_OK = frozenset({"area", "city", "place", "region", "geo"})
LEVELS = ("A", "B", "C")
GENRES = (
    "argumentative",
    "descriptive",
    "evaluative",
    "expository",
    "explanatory",
    "informal_mail",
    "instructive",
    "investigative",
    "narrative",
)
HEADER_KEYS = ("id", "level", "genre", "topic")
SPAN_RE = re.compile(r"\[([^\[\]\n]+)\]\(([^()\n]+)\)")
SWEDEN = re.compile(r"^sv[ea]?ri[gk]?e", re.IGNORECASE)


class GoldError(ValueError):
    """A source file that breaks the format or the annotation rules."""


def _is_punct_or_space(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch).startswith("P")


def parse_source(path: Path) -> dict:
    """Parse one source file into a gold record (see the module docstring)."""
    raw = path.read_text(encoding="utf-8")
    if "\n---\n" not in raw:
        raise GoldError(f"{path.name}: no '---' line between header and text")
    head, body = raw.split("\n---\n", 1)
    meta: dict[str, str] = {}
    for line in head.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep or key.strip() not in HEADER_KEYS:
            raise GoldError(f"{path.name}: bad header line {line!r}")
        meta[key.strip()] = value.strip()
    missing = [k for k in HEADER_KEYS if not meta.get(k)]
    if missing:
        raise GoldError(f"{path.name}: header lacks {', '.join(missing)}")
    if meta["level"] not in LEVELS:
        raise GoldError(f"{path.name}: level {meta['level']!r} not one of {LEVELS}")
    if meta["genre"] not in GENRES:
        raise GoldError(f"{path.name}: genre {meta['genre']!r} not one of {GENRES}")

    body = body.rstrip()
    parts: list[str] = []
    mentions: list[dict] = []
    pos = 0
    length = 0
    for m in SPAN_RE.finditer(body):
        plain = body[pos : m.start()]
        parts.append(plain)
        length += len(plain)
        surface, spec = m.group(1), m.group(2).split()
        where = f"{path.name}: [{surface}]({m.group(2)})"
        if not spec or spec[0] not in MAIN_LABELS:
            raise GoldError(f"{where}: first word must be a main label")
        label, flags, entity = spec[0], [], None
        for item in spec[1:]:
            if item in FLAGS:
                flags.append(item)
            elif item.isdigit():
                entity = int(item)
            else:
                raise GoldError(f"{where}: unknown item {item!r}")
        if _is_punct_or_space(surface[0]) or _is_punct_or_space(surface[-1]):
            raise GoldError(f"{where}: span starts or ends with space or punctuation")
        if "foreign" in flags and label not in FOREIGN_OK:
            raise GoldError(f"{where}: foreign only with {sorted(FOREIGN_OK)}")
        if label == "area" and "foreign" not in flags:
            raise GoldError(f"{where}: area is always foreign")
        if label == "country" and SWEDEN.match(surface):
            raise GoldError(f"{where}: Sweden is never labelled as a country")
        mentions.append(
            {
                "start": length,
                "end": length + len(surface),
                "text": surface,
                "label": label,
                "flags": [f for f in FLAGS if f in flags],
                "entity": entity,
            }
        )
        parts.append(surface)
        length += len(surface)
        pos = m.end()
    parts.append(body[pos:])
    text = "".join(parts)
    if "[" in text and "](" in text:
        raise GoldError(f"{path.name}: unparsed mark-up left in the text")

    return {
        "id": meta["id"],
        "text": text,
        "lang": "sv",
        "level": meta["level"],
        "genre": meta["genre"],
        "topic": meta["topic"],
        "spans": _number(mentions, path.name),
    }


def _number(mentions: list[dict], name: str) -> list[dict]:
    """Give running numbers in order of first appearance (SPEC §2.1)."""
    # Entity keys: explicit ids, and (label, case-folded text) for the mentions without one.
    explicit_by_text: dict[tuple[str, str], int] = {}
    for m in mentions:
        if m["entity"] is not None:
            key = (m["label"], m["text"].casefold())
            if explicit_by_text.setdefault(key, m["entity"]) != m["entity"]:
                raise GoldError(f"{name}: {m['text']!r} carries two different entity ids")
    texts = {(m["label"], m["text"].casefold()) for m in mentions}

    def key_of(m: dict) -> tuple:
        if m["entity"] is not None:
            return ("id", m["entity"])
        label, folded = m["label"], m["text"].casefold()
        if "gen" in m["flags"] and folded.endswith("s"):
            base = (label, folded[:-1].rstrip(":'’"))
            if base in texts:
                folded = base[1]
        if (label, folded) in explicit_by_text:
            return ("id", explicit_by_text[(label, folded)])
        return ("text", label, folded)

    numbers: dict[tuple, int] = {}
    labels_of: dict[tuple, str] = {}
    spans = []
    for m in mentions:
        key = key_of(m)
        if key not in numbers:
            numbers[key] = len(numbers) + 1
            labels_of[key] = m["label"]
        elif labels_of[key] != m["label"]:
            raise GoldError(
                f"{name}: entity of {m['text']!r} has labels {labels_of[key]} and {m['label']}"
            )
        spans.append(
            {
                "start": m["start"],
                "end": m["end"],
                "text": m["text"],
                "label": m["label"],
                "flags": m["flags"],
                "number": numbers[key],
            }
        )
    return spans


def build(src: Path = SRC) -> list[dict]:
    """All gold records, sorted by source file name; ids must be unique."""
    records = [parse_source(p) for p in sorted(src.glob("*.txt"))]
    seen: Counter[str] = Counter(r["id"] for r in records)
    doubles = [i for i, n in seen.items() if n > 1]
    if doubles:
        raise GoldError(f"duplicate essay ids: {', '.join(doubles)}")
    return records


def to_jsonl(records: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def summary(records: list[dict]) -> str:
    labels = Counter(s["label"] for r in records for s in r["spans"])
    flags = Counter(f for r in records for s in r["spans"] for f in s["flags"])
    tokens = sum(len(r["text"].split()) for r in records)
    lines = [f"{len(records)} essays, {tokens} whitespace tokens, {sum(labels.values())} spans"]
    lines += [f"  {label:<20} {labels.get(label, 0):>4}" for label in sorted(MAIN_LABELS)]
    lines += [f"  flag {flag:<15} {flags.get(flag, 0):>4}" for flag in FLAGS]
    lines.append("  levels: " + str(Counter(r["level"] for r in records)))
    lines.append("  genres: " + str(Counter(r["genre"] for r in records)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if dev.jsonl is stale")
    parser.add_argument("--summary", action="store_true", help="print label counts")
    parser.add_argument("--src", type=Path, default=SRC, help="folder of NNN.txt sources")
    parser.add_argument("--out", type=Path, default=OUT, help="JSONL file to write or check")
    args = parser.parse_args(argv)
    out: Path = args.out
    try:
        records = build(args.src)
    except GoldError as exc:
        print(f"build_gold: error: {exc}", file=sys.stderr)
        return 2
    content = to_jsonl(records)
    if args.check:
        if not out.exists() or out.read_text(encoding="utf-8") != content:
            print(f"{out} is stale: run scripts/build_gold.py", file=sys.stderr)
            return 1
    else:
        out.write_text(content, encoding="utf-8")
    if args.summary or not args.check:
        print(summary(records))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
