"""Build a corpus release archive from final essay graphs, and check it for leaks.

Pure Python (no Django): the Celery task feeds it essay records from the database, the benchmark
feeds it synthetic ones. Data flow::

    EssayRecord(id, metadata, graph)          graph = final SVALA graph (source = ORIGINAL text)
        └─ released_graph()  → graph whose source AND target are the pseudonymized text
        └─ leak_patterns()   → the original strings that must not survive (kept in memory only)
    write_release(records, path, version=…)   streams every file into one deterministic zip
    check_release(path, patterns)             reads the zip back and fails on any leak

Released files never read the original side of a graph: the writers only see the output of
``released_graph``. The archive (``<version>/…`` inside the zip)::

    essays/<id>.json        per-essay SVALA JSON (pseudonymized source and target, labels)
    essays/<id>.txt         pseudonymized plain text
    corpus.xml              one Korp-style XML file: <corpus><essay …><sentence><w label=…>
    metadata.csv            permitted learner metadata, one row per essay
    label_statistics.json   span counts per label, per level and per genre
    README.md               names the version and describes the files
    MANIFEST.sha256         SHA-256 of every other file (``sha256sum -c`` format)

Determinism: records must come sorted by id (checked), every zip entry has the same fixed
timestamp and permissions, JSON is written with sorted keys, so building again from the same
essays gives byte-identical archives.
"""

from __future__ import annotations

import bisect
import csv
import dataclasses
import functools
import hashlib
import io
import json
import re
import shutil
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from xml.sax.saxutils import escape as xml_escape

import ahocorasick

from pseudonymizer.taxonomy import FLAGS, LABELS

# --- labels -------------------------------------------------------------------------------------

#: Labels that only mark text up: the text under them is released as written (SPEC §2.2; in
#: the taxonomy their replacement is ``keep``: edu, fam, prof, sensitive, Cit-FL, optional ones).
MARKUP_LABELS = frozenset(
    name
    for name, info in LABELS.items()
    if info.kind != "flag" and info.replacement in ("keep", "none")
)
#: Morphology and ``foreign`` flags: they qualify a main label.
FLAG_LABELS = frozenset(FLAGS)
#: Internal labels that never leave the platform (OBS! is a note to the team, seed 000 §3.15).
INTERNAL_LABELS = frozenset({"OBS!"})
#: Labels whose pseudonym is drawn at random near the original value (a year ± 2, a day 1–28…):
#: another number of the same essay may be drawn onto the same value, which reveals nothing.
NUMERIC_SHIFT_LABELS = frozenset(
    {
        "year",
        "age_digits",
        "age_string",
        "day",
        "month_digit",
        "month_word",
        "street_nr",
        "transport_nr",
    }
)
#: Learner metadata that may be released (SPEC §7, seed 001: spans only, no origin, no school).
RELEASED_METADATA = (
    "level",
    "genre",
    "topic",
    "task",
    "age_span",
    "gender",
    "first_languages",
    "time_in_sweden",
)
#: Placeholder written for a suppressed sensitive mark.
SUPPRESSED_PLACEHOLDER = "[känslig uppgift]"

# Zip entries get this fixed timestamp (the earliest a zip can hold) so rebuilds are identical.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_WORD = re.compile(r"[^\W_]+")
_NO_LABEL = ' label="|"'
_SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$")
_EDGE_ID_NUM = re.compile(r"\d+")
_SENT_END = re.compile(r"^[.!?…]+$")
_PUNCT_EDGES = re.compile(r"^(\W*?)([\w\[].*?[\w\]]|\w?)(\W*)$", re.S)


def is_running_number(label: str) -> bool:
    return label.isdigit()


@functools.lru_cache(maxsize=4096)
def _replacing(labels: tuple[str, ...]) -> bool:
    return any(
        not lab.isdigit() and lab not in MARKUP_LABELS and lab not in FLAG_LABELS for lab in labels
    )


def is_replacing(labels: Iterable[str]) -> bool:
    """True when one of ``labels`` makes the pipeline replace the text (a main label)."""
    return _replacing(tuple(labels))


class ReleaseError(ValueError):
    """The input cannot be released (unsorted or unsafe ids, broken graph)."""


@dataclass(frozen=True, slots=True)
class EssayRecord:
    """One approved essay as the builder needs it. ``graph`` is the final SVALA graph."""

    id: str
    metadata: Mapping[str, Any]
    graph: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class LeakPattern:
    """An original string that must not appear in released text (kept out of the archive).

    ``words`` is the normalized (lower-cased, punctuation-free) word sequence that is searched;
    ``exact`` the words as written in the original, for the cross-essay rule; ``scope`` is
    ``corpus`` (searched in every released file) or ``essay`` (only in the files of its essay).
    """

    essay: str
    edge: str
    kind: str  # "span" | "context" | "original_text"
    text: str  # the original as written, for the error report
    label: str
    words: str
    exact: tuple[str, ...]
    scope: str


@dataclass(frozen=True, slots=True)
class Leak:
    """A released file contains the original string of a pseudonymized span."""

    essay: str
    edge: str
    kind: str
    text: str
    label: str
    file: str
    found_in_essay: str | None

    def describe(self) -> str:
        where = f" (in the text of essay {self.found_in_essay})" if self.found_in_essay else ""
        return (
            f"essay {self.essay}, span {self.edge} ({self.label or self.kind}): "
            f"original {self.text!r} appears in {self.file}{where}"
        )


class LeakError(Exception):
    """The release must not be published: originals appear in released files."""

    def __init__(self, leaks: list[Leak]):
        self.leaks = leaks
        shown = "; ".join(leak.describe() for leak in leaks[:10])
        more = f" … and {len(leaks) - 10} more" if len(leaks) > 10 else ""
        super().__init__(f"leak check failed: {len(leaks)} leak(s): {shown}{more}")


@dataclass
class ReleaseSummary:
    """What ``write_release`` wrote: per-file checksums and counts (for the Release row)."""

    version: str
    essay_ids: list[str]
    files: dict[str, str]  # archive path → sha256
    label_counts: dict[str, int]
    token_count: int
    sha256: str = ""  # of the whole zip file, filled by build_release
    patterns: list[LeakPattern] = field(default_factory=list, repr=False)


# --- graphs ------------------------------------------------------------------------------------


def _id_number(token_id: str) -> int:
    m = _EDGE_ID_NUM.search(token_id)
    return int(m.group()) if m else 0


@dataclass(frozen=True, slots=True)
class _Unit:
    """One edge of the final graph, reduced to what release and leak check need."""

    edge_id: str
    source: str  # original text (never written to the archive)
    target_tokens: tuple[str, ...]
    labels: tuple[str, ...]
    manual: bool
    comment: str | None


def _units(graph: Mapping[str, Any], essay_id: str) -> list[_Unit]:
    """The edges of ``graph`` in text order (by their first target, else first source token)."""
    try:
        source = {t["id"]: (i, t["text"]) for i, t in enumerate(graph["source"])}
        target = {t["id"]: (i, t["text"]) for i, t in enumerate(graph["target"])}
        edges = graph["edges"].values()
    except (KeyError, TypeError, AttributeError) as exc:
        raise ReleaseError(f"essay {essay_id}: not a SVALA graph ({exc})") from exc
    units: list[tuple[tuple[int, int], _Unit]] = []
    n_ids = 0
    for edge in edges:
        ids = edge["ids"]
        n_ids += len(ids)
        s_pos = [source[i] for i in ids if i in source]
        t_pos = [target[i] for i in ids if i in target]
        if len(s_pos) + len(t_pos) != len(ids):
            raise ReleaseError(f"essay {essay_id}: edge {edge['id']} names unknown tokens")
        if len(s_pos) > 1:
            s_pos.sort()
        if len(t_pos) > 1:
            t_pos.sort()
        if t_pos:
            order = (t_pos[0][0], 0)
        elif s_pos:
            order = (s_pos[0][0], 1)
        else:
            continue
        unit = _Unit(
            edge_id=edge["id"],
            source=s_pos[0][1] if len(s_pos) == 1 else "".join(t for _, t in s_pos),
            target_tokens=tuple(t for _, t in t_pos),
            labels=tuple(edge.get("labels") or ()),
            manual=bool(edge.get("manual", False)),
            comment=edge.get("comment"),
        )
        units.append((order, unit))
    # Every token in exactly one edge (SPEC §3): a graph that breaks this is not released.
    if n_ids != len(source) + len(target):
        raise ReleaseError(f"essay {essay_id}: tokens are not each in exactly one edge")
    units.sort(key=lambda pair: pair[0])
    return [u for _, u in units]


def released_graph(
    graph: Mapping[str, Any], *, essay_id: str = "", units: list[_Unit] | None = None
) -> dict[str, Any]:
    """The graph as released: its source side is the pseudonymized text, never the original.

    Each edge of the final graph becomes an edge linking copies of its target tokens on both
    sides, with the same labels; ``OBS!`` labels and comments are internal and dropped, ``Com!``
    comments are kept for corpus users. Token ids are renumbered ``s0…``/``t0…`` in text order.
    The document comment is not released (it may hold notes about the writer).
    """
    out_source: list[dict[str, str]] = []
    out_target: list[dict[str, str]] = []
    edges: dict[str, dict[str, Any]] = {}
    n = 0
    for unit in units if units is not None else _units(graph, essay_id):
        if not unit.target_tokens:
            continue  # a deletion: nothing of it is released
        ids = []
        for text in unit.target_tokens:
            sid, tid = f"s{n}", f"t{n}"
            out_source.append({"id": sid, "text": text})
            out_target.append({"id": tid, "text": text})
            ids.append(sid)
            ids.append(tid)
            n += 1
        if len(ids) > 2:
            ids.sort()  # parallel_corpus sorts edge ids as strings; match it
        labels = [lab for lab in unit.labels if lab not in INTERNAL_LABELS]
        edge: dict[str, Any] = {
            "id": "e-" + "-".join(ids),
            "ids": ids,
            "labels": labels,
            "manual": unit.manual,
        }
        if unit.comment and "Com!" in labels:
            edge["comment"] = unit.comment
        edges[edge["id"]] = edge
    return {"source": out_source, "target": out_target, "edges": edges}


def _norm_words(text: str) -> list[str]:
    return _WORD.findall(unicodedata.normalize("NFC", text).lower())


def leak_patterns(
    graph: Mapping[str, Any],
    *,
    essay_id: str,
    min_length: int = 3,
    corpus_min_length: int = 4,
    context_window: int = 8,
    min_window_words: int = 5,
    units: list[_Unit] | None = None,
) -> list[LeakPattern]:
    """The original strings of ``graph`` that must not appear in released files.

    Rules (documented in the README of every release and in docs):

    - every edge whose original (source) text differs from its released (target) text gives its
      original string, compared as lower-cased words without punctuation (``Stokholm,`` and
      ``stokholm`` are the same string; a trailing genitive ``s`` also counts);
    - an original of ``min_length`` (3) characters or more is searched in every file of its
      essay; one of ``corpus_min_length`` (4) or more also in the whole release, where it
      counts only when written exactly as in the original (``Berg`` the surname is not ``berg``
      the mountain in someone else's essay);
    - a shorter original (a one-digit street number, ``Bo``, an initial) would match everywhere,
      so it is searched together with its original neighbouring word on each side that is
      itself released unchanged (``Storgatan 5`` → ``nummer 5``), in its own essay only; with no
      such neighbour it is not searched;
    - the original essay text itself: a window of ``context_window`` (8) original tokens around
      its first pseudonymized span is searched in the whole release (the original text cannot
      appear without it); a window of fewer than ``min_window_words`` (5) words is too common
      to mean anything and is left out;
    - files that belong to no essay (README, statistics) are searched for every original of the
      corpus scope, whatever its case.
    """
    units = units if units is not None else _units(graph, essay_id)
    changed = [
        u.source != "".join(u.target_tokens)
        and bool(_norm_words(u.source))
        and _norm_words(u.source) != _norm_words("".join(u.target_tokens))
        for u in units
    ]
    patterns: list[LeakPattern] = []
    first_changed: int | None = None
    for i, unit in enumerate(units):
        if not changed[i]:
            continue
        if first_changed is None:
            first_changed = i
        words = _norm_words(unit.source)
        exact = tuple(_WORD.findall(unicodedata.normalize("NFC", unit.source)))
        label = next((lab for lab in unit.labels if is_replacing([lab])), "")
        joined = " ".join(words)
        if len(joined) >= min_length:
            patterns.append(
                LeakPattern(
                    essay=essay_id,
                    edge=unit.edge_id,
                    kind="span",
                    text=unit.source.strip(),
                    label=label,
                    words=joined,
                    exact=exact,
                    scope="corpus" if len(joined) >= corpus_min_length else "essay",
                )
            )
            continue
        for j in (i - 1, i + 1):
            if 0 <= j < len(units) and not changed[j] and _norm_words(units[j].source):
                neighbour = _norm_words(units[j].source)
                ctx = neighbour[-1:] + words if j < i else words + neighbour[:1]
                raw = units[j].source + unit.source if j < i else unit.source + units[j].source
                patterns.append(
                    LeakPattern(
                        essay=essay_id,
                        edge=unit.edge_id,
                        kind="context",
                        text=" ".join(raw.split()),
                        label=label,
                        words=" ".join(ctx),
                        exact=tuple(ctx),
                        scope="essay",
                    )
                )
    if first_changed is not None:
        lo = max(0, first_changed - context_window // 2)
        window = units[lo : lo + context_window]
        raw = "".join(u.source for u in window)
        if len(_norm_words(raw)) < min_window_words:
            return patterns
        patterns.append(
            LeakPattern(
                essay=essay_id,
                edge="(essay text)",
                kind="original_text",
                text=" ".join(raw.split()),
                label="",
                words=" ".join(_norm_words(raw)),
                exact=tuple(_WORD.findall(unicodedata.normalize("NFC", raw))),
                scope="corpus",
            )
        )
    return patterns


# --- the files of a release -------------------------------------------------------------------


def released_metadata(metadata: Mapping[str, Any]) -> dict[str, str]:
    """Only the permitted metadata fields, as strings (lists joined by ``;``)."""
    out: dict[str, str] = {}
    for key in RELEASED_METADATA:
        value = metadata.get(key, "")
        if isinstance(value, (list, tuple)):
            value = ";".join(str(v) for v in value)
        out[key] = "" if value is None else str(value)
    return out


@functools.lru_cache(maxsize=65536)
def _split_punct(token: str) -> tuple[tuple[str, bool], ...]:
    """Korp-style words of one whitespace token: leading/trailing punctuation apart.

    Returns ``(word, is_core)``; only the core carries the edge's labels (a span never includes
    surrounding punctuation, but SVALA's whitespace tokens do: ``Tuna.``).
    """
    core = token.strip()
    if core.isalnum():
        return ((core, True),)
    if not core:
        return ()
    m = _PUNCT_EDGES.match(core)
    if not m or not m.group(2):
        return ((core, True),)
    lead, mid, trail = m.groups()
    return (*((c, False) for c in lead), (mid, True), *((c, False) for c in trail))


def _attr(value: str) -> str:
    """An XML attribute value, always in double quotes (the leak check reads them back)."""
    return '"' + xml_escape(value, {'"': "&quot;", "\n": "&#10;", "\t": "&#9;"}) + '"'


def _korp_set(labels: Iterable[str]) -> str:
    return "|" + "".join(f"{lab}|" for lab in labels)


def xml_essay(
    essay_id: str, metadata: Mapping[str, str], rgraph: Mapping[str, Any]
) -> Iterator[str]:
    """The ``<essay>`` element of one released graph, line by line (Korp-style)."""
    attrs = "".join(f" {k}={_attr(v)}" for k, v in metadata.items())
    yield f"<essay id={_attr(essay_id)}{attrs}>\n"
    target_edge: dict[str, dict[str, Any]] = {}
    for edge in rgraph["edges"].values():
        for tid in edge["ids"]:
            if tid.startswith("t"):
                target_edge[tid] = edge
    open_sentence = False
    for token in rgraph["target"]:
        edge = target_edge[token["id"]]
        labels = [lab for lab in edge["labels"] if not is_running_number(lab)]
        if not edge["labels"] and not edge.get("comment"):
            attr = _NO_LABEL
        else:
            number = next((lab for lab in edge["labels"] if is_running_number(lab)), "")
            attr = f" label={_attr(_korp_set(labels))}"
            if number:
                attr += f' nr="{number}"'
            if edge.get("comment"):
                attr += f" comment={_attr(edge['comment'])}"
        for word, is_core in _split_punct(token["text"]):
            if not open_sentence:
                yield "<sentence>\n"
                open_sentence = True
            if "&" in word or "<" in word or ">" in word:
                word = xml_escape(word)
            yield f"<w{attr if is_core else _NO_LABEL}>{word}</w>\n"
            if _SENT_END.match(word) and not (is_core and labels):
                yield "</sentence>\n"
                open_sentence = False
        if open_sentence and "\n\n" in token["text"]:
            yield "</sentence>\n"  # a paragraph break ends a sentence too
            open_sentence = False
    if open_sentence:
        yield "</sentence>\n"
    yield "</essay>\n"


class _HashingWriter(io.RawIOBase):
    """Passes bytes on to a zip entry while hashing them (the manifest)."""

    def __init__(self, raw: IO[bytes]):
        self.raw = raw
        self.sha = hashlib.sha256()

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:  # type: ignore[override]
        self.sha.update(b)
        return self.raw.write(b)


def _zipinfo(name: str, compress: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
    info.compress_type = compress
    info.external_attr = 0o100644 << 16
    info.create_system = 3  # unix, whatever the platform that builds
    return info


def _readme(version: str, summary: ReleaseSummary, title: str) -> str:
    return f"""# {title} — release {version}

This archive holds {len(summary.essay_ids)} pseudonymized learner essays
({summary.token_count} tokens). Every personal detail marked by the annotators was replaced by a
pseudonym or a placeholder (SweLL pseudonymization guidelines); the labels say what kind of
detail each replacement stands for. The original texts are not part of this release.

Version: {version}

## Files

- `essays/<id>.json`: one SVALA graph per essay. Its `source` and `target` sides are both the
  pseudonymized text; each edge carries the pseudonymization labels (e.g. `city`, `3` = running
  number 3, `gen`), `Com!` edges carry a comment for corpus users.
- `essays/<id>.txt`: the pseudonymized plain text.
- `corpus.xml`: all essays in one XML file for corpus tools such as Korp:
  `<corpus><essay id level genre …><sentence><w label="|city|foreign|" nr="3">A-stad</w>`.
  `label` is a Korp set (`|` alone: no label), `nr` the running number.
- `metadata.csv`: permitted learner metadata (age and time in Sweden as spans only).
- `label_statistics.json`: number of labelled spans per label, per level and per genre.
- `MANIFEST.sha256`: SHA-256 of every file (check with `sha256sum -c MANIFEST.sha256`).

## Leak check

The release was built only after a check that no original string of a pseudonymized span, and
no original essay text, appears in any of its files (strings of three characters or more in
their own essay, four or more anywhere in the release; shorter ones together with a neighbouring
word).
"""


def write_release(
    records: Iterable[EssayRecord],
    path: str | Path,
    *,
    version: str,
    title: str = "SweLL pseudonymized corpus",
    progress: Callable[[int], None] | None = None,
    compresslevel: int = 1,
) -> ReleaseSummary:
    """Stream ``records`` (sorted by id) into a deterministic zip at ``path``.

    Memory stays flat: one essay is held at a time, the XML and CSV are spooled to temporary
    files, only ids, counters and the (small) leak patterns are kept. ``progress(n)`` is called
    after every essay with the number written so far.
    """
    if not _SAFE_ID.match(version):
        raise ReleaseError(f"version {version!r}: use letters, digits, '.', '_' or '-'")
    compress = zipfile.ZIP_DEFLATED
    root = f"{version}/"
    files: dict[str, str] = {}
    essay_ids: list[str] = []
    patterns: list[LeakPattern] = []
    label_counts: Counter[str] = Counter()
    label_essays: Counter[str] = Counter()
    by_level: dict[str, Counter[str]] = defaultdict(Counter)
    by_genre: dict[str, Counter[str]] = defaultdict(Counter)
    token_count = 0
    summary = ReleaseSummary(
        version=version, essay_ids=essay_ids, files=files, label_counts={}, token_count=0
    )
    with (
        tempfile.TemporaryFile() as xml_tmp,
        tempfile.TemporaryFile() as csv_tmp,
        zipfile.ZipFile(path, "w", compression=compress, compresslevel=compresslevel) as zf,
    ):
        xml_out = io.TextIOWrapper(xml_tmp, encoding="utf-8", newline="\n", write_through=False)
        csv_out = io.TextIOWrapper(csv_tmp, encoding="utf-8", newline="")
        csv_writer = csv.writer(csv_out, lineterminator="\n")
        csv_writer.writerow(["id", *RELEASED_METADATA, "tokens", "labelled_spans"])
        xml_out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        xml_out.write(f"<corpus id={_attr(title)} version={_attr(version)}>\n")
        previous: str | None = None
        for record in records:
            eid = str(record.id)
            if not _SAFE_ID.match(eid):
                raise ReleaseError(f"essay id {eid!r} cannot name a file")
            if previous is not None and eid <= previous:
                raise ReleaseError(
                    f"essays must come sorted by id, unique: {eid!r} after {previous!r}"
                )
            previous = eid
            units = _units(record.graph, eid)
            rgraph = released_graph(record.graph, essay_id=eid, units=units)
            patterns.extend(leak_patterns(record.graph, essay_id=eid, units=units))
            meta = released_metadata(record.metadata)
            # compact: the C encoder (indent= falls back to the slow pure-Python one)
            body = json.dumps(
                rgraph, ensure_ascii=False, sort_keys=True, separators=(",", ":")
            ).encode()
            name = f"essays/{eid}.json"
            zf.writestr(_zipinfo(root + name, compress), body)
            files[name] = hashlib.sha256(body).hexdigest()
            text = "".join(t["text"] for t in rgraph["target"]).encode()
            name = f"essays/{eid}.txt"
            zf.writestr(_zipinfo(root + name, compress), text)
            files[name] = hashlib.sha256(text).hexdigest()
            xml_out.write("".join(xml_essay(eid, meta, rgraph)))
            spans = 0
            seen: set[str] = set()
            for edge in rgraph["edges"].values():
                for lab in edge["labels"]:
                    if is_running_number(lab):
                        continue
                    spans += 1 if is_replacing([lab]) or lab in MARKUP_LABELS else 0
                    label_counts[lab] += 1
                    by_level[meta["level"]][lab] += 1
                    by_genre[meta["genre"]][lab] += 1
                    seen.add(lab)
            for lab in seen:
                label_essays[lab] += 1
            token_count += len(rgraph["target"])
            csv_writer.writerow([eid, *meta.values(), len(rgraph["target"]), spans])
            essay_ids.append(eid)
            if progress is not None:
                progress(len(essay_ids))
        xml_out.write("</corpus>\n")
        for name, tmp, out in (
            ("corpus.xml", xml_tmp, xml_out),
            ("metadata.csv", csv_tmp, csv_out),
        ):
            out.flush()
            tmp.seek(0)
            with zf.open(_zipinfo(root + name, compress), "w") as entry:
                hashing = _HashingWriter(entry)
                shutil.copyfileobj(tmp, hashing, 1 << 20)
            files[name] = hashing.sha.hexdigest()
            out.detach()
        summary.label_counts = dict(sorted(label_counts.items()))
        summary.token_count = token_count
        stats = {
            "version": version,
            "essays": len(essay_ids),
            "tokens": token_count,
            "labels": {
                lab: {"spans": n, "essays": label_essays[lab]}
                for lab, n in sorted(label_counts.items())
            },
            "by_level": {k: dict(sorted(v.items())) for k, v in sorted(by_level.items())},
            "by_genre": {k: dict(sorted(v.items())) for k, v in sorted(by_genre.items())},
        }
        for name, data in (
            (
                "label_statistics.json",
                json.dumps(stats, ensure_ascii=False, sort_keys=True, indent=1).encode(),
            ),
            ("README.md", _readme(version, summary, title).encode()),
        ):
            zf.writestr(_zipinfo(root + name, compress), data)
            files[name] = hashlib.sha256(data).hexdigest()
        manifest = "".join(f"{sha}  {name}\n" for name, sha in sorted(files.items())).encode()
        zf.writestr(_zipinfo(root + "MANIFEST.sha256", compress), manifest)
    summary.patterns = patterns
    return summary


# --- leak check --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Doc:
    """Released text of one essay in one file: pieces with a flag 'is a generated pseudonym'."""

    file: str
    essay: str | None
    pieces: list[tuple[str, bool]]
    same_as_previous: bool = False  # the text of the previous document again: same leaks


def _graph_pieces(
    rgraph: Mapping[str, Any],
) -> tuple[list[tuple[str, bool]], list[tuple[str, bool]]]:
    """(target pieces, all other pieces) of a released graph, flagged when a pseudonym."""
    protected: set[str] = set()
    for edge in rgraph.get("edges", {}).values():
        if is_replacing(edge.get("labels") or ()):
            protected.update(edge["ids"])
    target = [(t["text"], t["id"] in protected) for t in rgraph.get("target", [])]
    other = [(t["text"], t["id"] in protected) for t in rgraph.get("source", [])]
    for edge in rgraph.get("edges", {}).values():
        for value in (edge.get("comment"), *edge.get("labels", ())):
            if isinstance(value, str) and value:
                other.append((value, False))
    return target, other


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


_XML_ESSAY = re.compile(r'<essay id="([^"]*)"')
_XML_W = re.compile(r'<w label="([^"]*)"[^>]*>(.*)</w>')
_XML_ATTR = re.compile(r'="([^"]*)"')


def _xml_docs(name: str, stream: IO[bytes]) -> Iterator[_Doc]:
    """The XML file as one document per ``<essay>`` (plus the text outside any essay).

    It is read line by line with the layout ``xml_essay`` writes; any other line is scanned as
    plain text, so a hand-edited or unexpected file is still checked, only more strictly.
    """
    from html import unescape

    essay: str | None = None
    pieces: list[tuple[str, bool]] = []
    plain = _NO_LABEL.join(("<w", ">"))
    for raw in io.TextIOWrapper(stream, encoding="utf-8"):
        line = raw.rstrip("\n")
        if line.startswith(plain) and line.endswith("</w>") and "<" not in line[len(plain) : -4]:
            word = line[len(plain) : -4]
            pieces.append((unescape(word) if "&" in word else word, False))
            continue
        m = _XML_ESSAY.match(line)
        if m:
            if pieces:
                yield _Doc(name, essay, pieces)
            essay, pieces = unescape(m.group(1)), []
            pieces.extend((unescape(v), False) for v in _XML_ATTR.findall(line))
            continue
        m = _XML_W.fullmatch(line)
        if m:
            labels = [lab for lab in unescape(m.group(1)).split("|") if lab]
            pieces.append((unescape(m.group(2)), is_replacing(labels)))
            rest = line[: m.start(2)]
            pieces.extend((unescape(v), False) for v in _XML_ATTR.findall(rest)[1:])
            continue
        if line == "</essay>":
            yield _Doc(name, essay, pieces)
            essay, pieces = None, []
            continue
        pieces.append((unescape(re.sub(r"<[^>]*?>", " ", line)), False))
        pieces.extend((unescape(v), False) for v in _XML_ATTR.findall(line))
    if pieces:
        yield _Doc(name, essay, pieces)


def _release_docs(zf: zipfile.ZipFile) -> Iterator[_Doc]:
    """Every file of the archive as documents of released text, essay by essay where known."""
    last_target: tuple[str, list[tuple[str, bool]]] | None = None
    for info in zf.infolist():
        name = info.filename
        base = name.split("/", 1)[1] if "/" in name else name
        m = re.fullmatch(r"essays/(.+)\.(json|txt)", base)
        with zf.open(info) as stream:
            if m and m.group(2) == "json":
                data = json.load(stream)
                if isinstance(data, dict) and isinstance(data.get("target"), list):
                    target, other = _graph_pieces(data)
                    if [p for p in other[: len(target)]] == target:
                        # the released source side is the target side (as written by
                        # released_graph): the same text with the same flags, scanned once
                        other = other[len(target) :]
                    rest = {k: v for k, v in data.items() if k not in ("source", "target", "edges")}
                    other += [(s, False) for s in _strings(rest)]
                    last_target = (m.group(1), target)
                    yield _Doc(name, m.group(1), other)
                    yield _Doc(name, m.group(1), target)  # last: the .txt may repeat it
                else:
                    yield _Doc(name, m.group(1), [(s, False) for s in _strings(data)])
            elif m:
                text = stream.read().decode("utf-8", errors="replace")
                # The text should be the target side of the essay's JSON: reuse its pseudonym
                # flags when it is exactly that, otherwise scan it with no pseudonym excused.
                if last_target and last_target[0] == m.group(1):
                    if "".join(p for p, _ in last_target[1]) == text:
                        yield _Doc(name, m.group(1), [], same_as_previous=True)
                        continue
                yield _Doc(name, m.group(1), [(text, False)])
            elif base == "corpus.xml":
                yield from _xml_docs(name, stream)
            elif base == "metadata.csv":
                reader = csv.reader(io.TextIOWrapper(stream, encoding="utf-8", newline=""))
                for row in reader:
                    yield _Doc(name, row[0] if row else None, [(cell, False) for cell in row])
            else:
                text = stream.read().decode("utf-8", errors="replace")
                yield _Doc(name, None, [(text, False)])


def _scan_doc(doc: _Doc, automaton: ahocorasick.Automaton, allow: frozenset[str]) -> list[Leak]:
    """Matches of the leak patterns in one document, with the rules of ``leak_patterns``."""
    # Fast path: one normalization of the whole document; most documents match nothing.
    text = " ".join(piece for piece, _ in doc.pieces)
    norm = " " + " ".join(_norm_words(text)) + " "
    hits = list(automaton.iter(norm))
    if not hits:
        return []
    # Slow path: map the normalized text back to pieces (which are generated pseudonyms?).
    norm_parts: list[str] = []
    starts: list[int] = []  # start offset of each piece's words in the normalized text
    flags: list[bool] = []
    pos = 1
    for piece, flag in doc.pieces:
        words = _norm_words(piece)
        if not words:
            continue
        starts.append(pos)
        flags.append(flag)
        part = " ".join(words)
        norm_parts.append(part)
        pos += len(part) + 1
    norm = " " + " ".join(norm_parts) + " "
    hits = list(automaton.iter(norm))
    leaks: list[Leak] = []
    exact_words: list[str] | None = None
    for end, (words, owners) in hits:
        start = end - len(words) + 1
        if norm[start - 1] != " ":
            continue
        after = norm[end + 1]
        if after != " " and not (after == "s" and norm[end + 2] == " "):
            continue
        first = bisect.bisect_right(starts, start) - 1
        last = bisect.bisect_right(starts, end) - 1
        all_pseudonyms = all(flags[first : last + 1])
        for pat in owners:
            if pat.text in allow or pat.words in allow:
                continue
            same = pat.essay == doc.essay
            other = doc.essay is not None and not same
            if (other or doc.essay is None) and pat.scope != "corpus":
                continue
            if all_pseudonyms and (other or (same and pat.label in NUMERIC_SHIFT_LABELS)):
                # A pseudonym the pipeline wrote that equals an original of another essay (or
                # a shifted number of this one): it reveals nothing about that original.
                continue
            if other:
                if exact_words is None:
                    exact_words = [
                        w
                        for piece, _ in doc.pieces
                        for w in _WORD.findall(unicodedata.normalize("NFC", piece))
                    ]
                index = norm.count(" ", 0, start) - 1
                found = list(exact_words[index : index + len(pat.exact)])
                if found and found[-1] == pat.exact[-1] + "s":
                    found[-1] = pat.exact[-1]  # genitive
                if tuple(found) != pat.exact:
                    continue
            leaks.append(
                Leak(
                    essay=pat.essay,
                    edge=pat.edge,
                    kind=pat.kind,
                    text=pat.text,
                    label=pat.label,
                    file=doc.file,
                    found_in_essay=doc.essay,
                )
            )
    return leaks


def check_release(
    path: str | Path, patterns: Iterable[LeakPattern], *, allow: Iterable[str] = ()
) -> list[Leak]:
    """All leaks of ``patterns`` in the archive at ``path`` (empty list: safe to publish).

    One Aho-Corasick automaton holds every pattern; each released file is read back from the
    zip and scanned once. ``allow`` lists strings the lead accepted (e.g. a famous name that is
    labelled in one essay and rightly kept in a review essay).
    """
    automaton = ahocorasick.Automaton()
    grouped: dict[str, list[LeakPattern]] = defaultdict(list)
    for pat in patterns:
        grouped[pat.words].append(pat)
    if not grouped:
        return []
    for words, owners in grouped.items():
        automaton.add_word(words, (words, owners))
    automaton.make_automaton()
    allowed = frozenset(allow) | frozenset(" ".join(_norm_words(a)) for a in allow)
    leaks: list[Leak] = []
    seen: set[tuple[str, str, str, str]] = set()
    with zipfile.ZipFile(path) as zf:
        previous: list[Leak] = []
        for doc in _release_docs(zf):
            if doc.same_as_previous:
                found = [dataclasses.replace(leak, file=doc.file) for leak in previous]
            else:
                found = previous = _scan_doc(doc, automaton, allowed)
            for leak in found:
                key = (leak.essay, leak.edge, leak.kind, leak.file)
                if key not in seen:
                    seen.add(key)
                    leaks.append(leak)
    return leaks


def build_release(
    records: Iterable[EssayRecord],
    path: str | Path,
    *,
    version: str,
    title: str = "SweLL pseudonymized corpus",
    progress: Callable[[int], None] | None = None,
    allow: Iterable[str] = (),
) -> ReleaseSummary:
    """Write the release to ``path`` and run the leak check on the written archive.

    Raises ``LeakError`` (naming essay and span) and deletes the archive when anything leaks.
    """
    path = Path(path)
    try:
        summary = write_release(records, path, version=version, title=title, progress=progress)
        leaks = check_release(path, summary.patterns, allow=allow)
        if leaks:
            raise LeakError(leaks)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    sha = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            sha.update(chunk)
    summary.sha256 = sha.hexdigest()
    return summary


def export_key(records: Iterable[EssayRecord], out: IO[str]) -> int:
    """Write the original ↔ pseudonym key as CSV (never part of a release). Returns rows."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["essay", "edge", "labels", "original", "pseudonym"])
    rows = 0
    for record in records:
        for unit in _units(record.graph, str(record.id)):
            target = "".join(unit.target_tokens)
            if _norm_words(unit.source) != _norm_words(target) or is_replacing(unit.labels):
                writer.writerow(
                    [
                        record.id,
                        unit.edge_id,
                        " ".join(unit.labels),
                        unit.source.strip(),
                        target.strip(),
                    ]
                )
                rows += 1
    return rows
