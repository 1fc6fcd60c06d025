"""Releases of scheme ``dab``: anonymized texts plus TAB JSON without the masked originals.

Pure Python (no Django), the counterpart of ``swell_annot.releases.builder`` for SVALA graphs,
reached through the scheme registry (``swell_annot.corpus.schemes.DabScheme.release_build``).
It reuses the builder's archive conventions (deterministic zip, manifest) and its leak check
(``builder.check_release`` over ``builder.LeakPattern``), so a dab release fails exactly like a
SweLL one when an original survives.

What is released of one document (its working annotation, ``annotations[0]``, at the approved
version):

- every mention whose identifier type is DIRECT or QUASI is replaced in the text by a
  placeholder ``[CATEGORY-n]``: ``n`` numbers the document's masked entities per category in
  order of first appearance, so all mentions of one entity (the closure of relations and
  entity ids, ``Annotation.entities``) share it (``[PERSON-1] … [PERSON-1]``). The guide (seed
  004) only shows masked units as black/grey bars; a placeholder keeps the category, which SPEC
  §5 asks not to lose;
- overlapping masked mentions are masked as one region (the placeholder of the first mention);
- the TAB document of the release has the anonymized text, offsets into it, and ``span_text``
  = the placeholder for masked mentions (the original string is never written); NO_MASK
  mentions keep their text, which is in the released text anyway. Mention and entity ids are
  renumbered (``m1``…, ``e1``…), annotator names, ``protected`` names, document ``data`` and
  the mentions' ``extra`` fields (which may hold a differing original ``span_text``) are not
  released.

Archive (``<version>/…``)::

    essays/<id>.txt        anonymized text
    essays/<id>.json       the document as TAB JSON (one annotator, ``final``)
    documents.csv          id, tokens, mentions, masked mentions per document
    label_statistics.json  mentions per category and identifier type
    README.md, MANIFEST.sha256
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
import zipfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from pseudonymizer.dab.scheme import (
    MASKED,
    TAB_NOT_CONFIDENTIAL,
    Annotation,
    Mention,
    SchemeError,
)
from swell_annot.releases import builder
from swell_annot.releases.builder import EssayRecord, LeakPattern, ReleaseError, ReleaseSummary

from .document import document_from_json

RELEASED_ANNOTATOR = "final"
#: Categories whose strings point at someone on their own, even when marked QUASI (a first name,
#: a case number): searched in the whole release like DIRECT identifiers.
SELF_IDENTIFYING = frozenset({"PERSON", "CODE"})
_WS_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Region:
    """A stretch of the original text that the release replaces by ``placeholder``."""

    start: int
    end: int
    placeholder: str


@dataclass(slots=True)
class AnonymizedDocument:
    """One document as released, and what the leak check and the key need (in memory only)."""

    text: str
    tab: dict[str, Any]
    regions: list[Region]
    masked: list[tuple[Mention, str]]  # masked mention (original!) and its placeholder
    mention_count: int
    labels: Counter[str]


def working_annotation(doc_json: Mapping[str, Any], essay_id: str) -> tuple[str, Annotation]:
    """The original text and the working annotation (``annotations[0]``) of a stored document."""
    try:
        doc = document_from_json(doc_json)
        doc.check()
    except SchemeError as exc:
        raise ReleaseError(f"essay {essay_id}: not a dab document ({exc})") from exc
    return doc.text, (doc.annotations[0] if doc.annotations else Annotation())


def masked_regions(ann: Annotation) -> tuple[list[Region], dict[str, str]]:
    """The masked mentions merged where they overlap, in text order, and the placeholder of
    every masked mention (a mention inside another one's region gets that region's).

    Placeholders are ``[CATEGORY-n]``, ``n`` numbering the entities per category in order of
    first appearance.
    """
    entities = ann.entities()
    numbers: dict[tuple[str, str], int] = {}
    per_label: Counter[str] = Counter()
    regions: list[Region] = []
    names: dict[str, str] = {}
    for m in sorted(ann.mentions, key=lambda m: (m.start, -m.end, m.id)):
        if m.identifier_type not in MASKED:
            continue
        if regions and m.start < regions[-1].end:
            last = regions[-1]
            regions[-1] = Region(last.start, max(last.end, m.end), last.placeholder)
            names[m.id] = last.placeholder
            continue
        key = (m.label, entities[m.id])
        if key not in numbers:
            per_label[m.label] += 1
            numbers[key] = per_label[m.label]
        names[m.id] = f"[{m.label}-{numbers[key]}]"
        regions.append(Region(m.start, m.end, names[m.id]))
    return regions, names


def anonymize(doc_json: Mapping[str, Any], *, essay_id: str) -> AnonymizedDocument:
    """The released text and TAB document of one stored dab document."""
    text, ann = working_annotation(doc_json, essay_id)
    regions, names = masked_regions(ann)
    parts: list[str] = []
    # (original start, original end, released start, released end) of every region
    moved: list[tuple[int, int, int, int]] = []
    pos = out_len = 0
    for r in regions:
        parts.append(text[pos:r.start])
        out_len += r.start - pos
        parts.append(r.placeholder)
        moved.append((r.start, r.end, out_len, out_len + len(r.placeholder)))
        out_len += len(r.placeholder)
        pos = r.end
    parts.append(text[pos:])
    released = "".join(parts)

    def shift(p: int, *, is_end: bool) -> int:
        """An original offset in the released text; inside a region: the placeholder's edge."""
        delta = 0
        for o_start, o_end, n_start, n_end in moved:
            if p <= o_start:
                break
            if p < o_end:
                return n_end if is_end else n_start
            delta = n_end - o_end
        return p + delta

    entities = ann.entities()
    entity_ids: dict[str, str] = {}
    mentions = []
    labels: Counter[str] = Counter()
    masked: list[tuple[Mention, str]] = []
    for k, m in enumerate(sorted(ann.mentions, key=lambda m: (m.start, -m.end, m.id)), 1):
        ent = entity_ids.setdefault(entities[m.id], f"e{len(entity_ids) + 1}")
        start, end = shift(m.start, is_end=False), shift(m.end, is_end=True)
        if m.id in names:
            masked.append((m, names[m.id]))
            span_text = names[m.id]
        else:
            span_text = released[start:end]
        labels[m.label] += 1
        mentions.append({
            "entity_type": m.label,
            "entity_mention_id": f"m{k}",
            "start_offset": start,
            "end_offset": end,
            "span_text": span_text,
            "identifier_type": m.identifier_type,
            "entity_id": ent,
            "confidential_status": m.confidential or TAB_NOT_CONFIDENTIAL,
        })
    tab = {
        "doc_id": essay_id,
        "text": released,
        "annotations": {RELEASED_ANNOTATOR: {"entity_mentions": mentions}},
    }
    return AnonymizedDocument(released, tab, regions, masked, len(mentions), labels)


def _words(text: str) -> list[str]:
    return builder._norm_words(text)


def _exact(text: str) -> tuple[str, ...]:
    return tuple(builder._WORD.findall(unicodedata.normalize("NFC", text)))


def leak_patterns(
    text: str,
    anon: AnonymizedDocument,
    *,
    essay_id: str,
    min_length: int = 3,
    corpus_min_length: int = 4,
    context_window: int = 8,
    min_window_words: int = 5,
) -> list[LeakPattern]:
    """The original strings of the masked mentions, with the rules of ``builder.leak_patterns``.

    A mention of 3+ characters is searched in its document's files; a DIRECT one (or a PERSON
    or CODE, whatever its type) of 4+ also in the whole release, written exactly as in the
    original. Another QUASI identifier identifies only together with the rest of its document
    (the guide masks "as few as possible" of them), so the same words in another document
    ("Folketinget", "2020", "sygeplejerske") reveal nothing and are not searched there. A
    shorter mention is searched together with the unmasked word next to it; and a window of
    ``context_window`` original words around the first masked mention stands for the original
    text itself (whole release).
    """
    inside = bytearray(len(text))
    for r in anon.regions:
        inside[r.start:r.end] = b"\x01" * (r.end - r.start)
    words = [(w.start(), w.end()) for w in builder._WORD.finditer(text)]
    patterns: list[LeakPattern] = []
    seen: set[tuple[str, str]] = set()
    for m, _ in anon.masked:
        norm = " ".join(_words(m.text))
        if not norm or (norm, m.id) in seen:
            continue
        seen.add((norm, m.id))
        if len(norm) >= min_length:
            patterns.append(LeakPattern(
                essay=essay_id, edge=m.id, kind="span", text=m.text.strip(), label=m.label,
                words=norm, exact=_exact(m.text),
                scope="corpus" if len(norm) >= corpus_min_length and (
                    m.identifier_type == "DIRECT" or m.label in SELF_IDENTIFYING) else "essay",
            ))
            continue
        before = [w for w in words if w[1] <= m.start]
        after = [w for w in words if w[0] >= m.end]
        phrases = []
        if before and not any(inside[before[-1][0]:before[-1][1]]):
            phrases.append(text[before[-1][0]:m.end])
        if after and not any(inside[after[0][0]:after[0][1]]):
            phrases.append(text[m.start:after[0][1]])
        for phrase in phrases:
            patterns.append(LeakPattern(
                essay=essay_id, edge=m.id, kind="context", text=" ".join(phrase.split()),
                label=m.label, words=" ".join(_words(phrase)), exact=_exact(phrase),
                scope="essay",
            ))
    if anon.regions:
        tokens = [(t.start(), t.end()) for t in _WS_TOKEN.finditer(text)]
        first = anon.regions[0].start
        k = next((i for i, (_, e) in enumerate(tokens) if e > first), 0)
        lo = max(0, k - context_window // 2)
        window = tokens[lo:lo + context_window]
        raw = text[window[0][0]:window[-1][1]] if window else ""
        if len(_words(raw)) >= min_window_words:
            patterns.append(LeakPattern(
                essay=essay_id, edge="(document text)", kind="original_text",
                text=" ".join(raw.split()), label="", words=" ".join(_words(raw)),
                exact=_exact(raw), scope="corpus",
            ))
    return patterns


def _readme(version: str, title: str, summary: ReleaseSummary) -> str:
    return f"""# {title} — release {version}

This archive holds {len(summary.essay_ids)} anonymized documents ({summary.token_count} tokens)
annotated with the Danish anonymization guide (scheme dab, TAB-compatible). Every unit that the
annotators marked as a direct (DIRECT) or indirect (QUASI) identifier is replaced by a
placeholder `[CATEGORY-n]` (e.g. `[PERSON-1]`); mentions of the same entity in one document share
the placeholder. The original texts are not part of this release.

Version: {version}

## Files

- `essays/<id>.txt`: the anonymized text.
- `essays/<id>.json`: the document in TAB JSON (`doc_id`, `text`, `annotations.final.
  entity_mentions` with `entity_type`, `identifier_type`, `confidential_status`, `entity_id`,
  `start_offset`/`end_offset` into the anonymized text); the `span_text` of a masked mention is
  its placeholder. To get one TAB file: `jq -s . essays/*.json > tab.json`.
- `documents.csv`: tokens, mentions and masked mentions per document.
- `label_statistics.json`: mentions per category and identifier type.
- `MANIFEST.sha256`: SHA-256 of every file (check with `sha256sum -c MANIFEST.sha256`).

## Leak check

The release was built only after a check that no original string of a masked mention, and no
original document text, appears in any of its files: strings of three characters or more in
their own document, direct identifiers, names and codes of four or more anywhere in the release
(another indirect identifier identifies only together with the rest of its document), shorter
ones together with a neighbouring word.
"""


def write_release(
    records: Iterable[EssayRecord],
    path: str | Path,
    *,
    version: str,
    title: str,
    progress: Callable[[int], None] | None = None,
) -> ReleaseSummary:
    """Write the dab release of ``records`` (sorted by id) into a deterministic zip."""
    builder.check_version(version)
    compress = zipfile.ZIP_DEFLATED
    root = f"{version}/"
    files: dict[str, str] = {}
    essay_ids: list[str] = []
    patterns: list[LeakPattern] = []
    by_type: dict[str, Counter[str]] = {}
    label_counts: Counter[str] = Counter()
    token_count = 0
    rows = io.StringIO()
    table = csv.writer(rows, lineterminator="\n")
    table.writerow(["id", "tokens", "mentions", "masked"])
    summary = ReleaseSummary(version=version, essay_ids=essay_ids, files=files,
                             label_counts={}, token_count=0)

    def put(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
        builder.put_file(zf, root, name, data, files, compress)

    with zipfile.ZipFile(path, "w", compression=compress, compresslevel=6) as zf:
        for eid, record in builder.sorted_records(records):
            text = working_annotation(record.graph, eid)[0]
            anon = anonymize(record.graph, essay_id=eid)
            patterns.extend(leak_patterns(text, anon, essay_id=eid))
            put(zf, f"essays/{eid}.json",
                json.dumps(anon.tab, ensure_ascii=False, sort_keys=True, indent=1).encode())
            put(zf, f"essays/{eid}.txt", anon.text.encode())
            tokens = len(anon.text.split())
            token_count += tokens
            label_counts.update(anon.labels)
            for mention in anon.tab["annotations"][RELEASED_ANNOTATOR]["entity_mentions"]:
                by_type.setdefault(mention["entity_type"], Counter())[
                    mention["identifier_type"]] += 1
            table.writerow([eid, tokens, anon.mention_count, len(anon.masked)])
            essay_ids.append(eid)
            if progress is not None:
                progress(len(essay_ids))
        summary.label_counts = dict(sorted(label_counts.items()))
        summary.token_count = token_count
        stats = {
            "version": version,
            "documents": len(essay_ids),
            "tokens": token_count,
            "categories": {k: dict(sorted(v.items())) for k, v in sorted(by_type.items())},
        }
        put(zf, "documents.csv", rows.getvalue().encode())
        put(zf, "label_statistics.json",
            json.dumps(stats, ensure_ascii=False, sort_keys=True, indent=1).encode())
        put(zf, "README.md", _readme(version, title, summary).encode())
        builder.put_manifest(zf, root, files, compress)
    summary.patterns = patterns
    return summary


def build_release(
    records: Iterable[EssayRecord],
    path: str | Path,
    *,
    version: str,
    title: str,
    progress: Callable[[int], None] | None = None,
    allow: Iterable[str] = (),
) -> ReleaseSummary:
    """Write the release and leak-check it (``builder.LeakError``; the archive is deleted)."""
    return builder.checked_release(
        path,
        lambda out: write_release(records, out, version=version, title=title, progress=progress),
        allow=allow,
    )


def export_key(records: Iterable[EssayRecord], out: IO[str]) -> int:
    """The original ↔ placeholder key as CSV (never part of a release). Returns rows."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["essay", "mention", "category", "identifier_type", "original",
                     "placeholder"])
    rows = 0
    for record in records:
        anon = anonymize(record.graph, essay_id=str(record.id))
        for m, placeholder in anon.masked:
            writer.writerow([record.id, m.id, m.label, m.identifier_type, m.text, placeholder])
            rows += 1
    return rows
