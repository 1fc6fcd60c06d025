"""Build a corpus release archive from final essay graphs, and check it for leaks.

Pure Python (no Django): the Celery task feeds it essay records from the database, the benchmark
feeds it synthetic ones. Data flow::

    EssayRecord(id, metadata, graph)          graph = final SVALA graph (source = ORIGINAL text)
        └─ _render()         → JSON, text and XML whose source AND target are the pseudonyms
        └─ leak_patterns()   → the original strings that must not survive (kept in memory only)
    write_release(records, path, version=…)   streams every file into one deterministic zip
    check_release(path, patterns)             reads the zip back and fails on any leak
    build_release(…)                          both; a leaking archive is deleted

Released files never read the original side of a graph: ``_render`` only reads the target
tokens and their edges' labels. The archive (``<version>/…`` inside the zip)::

    essays/<id>.json        per-essay SVALA JSON (pseudonymized source and target, labels)
    essays/<id>.txt         pseudonymized plain text
    corpus.xml              one Korp-style XML file: <corpus><essay …><sentence><w label=…>
    metadata.csv            permitted learner metadata, one row per essay
    label_statistics.json   span counts per label, per level and per genre
    README.md               names the version and describes the files
    MANIFEST.sha256         SHA-256 of every other file (``sha256sum -c`` format)

Determinism: records must come sorted by id (checked), every zip entry has the same fixed
timestamp and permissions, JSON is written in a fixed key order, so building again from the same
essays gives byte-identical archives.
"""

from __future__ import annotations

import bisect
import contextlib
import csv
import dataclasses
import functools
import gc
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
from pseudonymizer.tokenize import ABBREVIATIONS, MAY_END_SENTENCE

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
_SENT_END = re.compile(r"^[.!?…]+$")
_PUNCT_EDGES = re.compile(r"^(\W*?)([\w\[].*?[\w\]]|\w?)(\W*)$", re.S)
# The library's multi-dot abbreviation shape ("t.ex.", "d.v.s.", "fr.o.m.": 1–4 letters and a
# dot, twice or more), as pseudonymizer.tokenize reads it; single-dot ones come from its list.
# Token ids and JSON token openings of the first tokens of an essay, made once per process.
_N_IDS = 4096
_S_IDS = tuple(f"s{k}" for k in range(_N_IDS))
_T_IDS = tuple(f"t{k}" for k in range(_N_IDS))
_SRC_OPEN = tuple(f'{{"id":"s{k}","text":' for k in range(_N_IDS))
# The JSON of an unlabelled one-to-one edge sk–tk, by its source id (what _render writes).
_PLAIN_EDGE_JSON = {
    f"s{k}": f'"e-s{k}-t{k}":{{"id":"e-s{k}-t{k}","ids":["s{k}","t{k}"],"labels":[],'
    '"manual":false}'
    for k in range(_N_IDS)
}
# Release info (labels, comment, XML attributes, labelled, manual) of an unlabelled edge.
_PLAIN: tuple[tuple[str, ...], None, str, bool, bool] = ((), None, _NO_LABEL, False, False)
_PLAIN_MANUAL: tuple[tuple[str, ...], None, str, bool, bool] = ((), None, _NO_LABEL, False, True)
_MULTI_DOT_ABBR = re.compile(r"(?:[^\W\d_]{1,4}\.){2,}")


def is_running_number(label: str) -> bool:
    """A running number label (``"3"``)."""
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


@dataclass(slots=True)
class _Graph:
    """An index of a final graph: the edge of every token, token positions."""

    source: list[dict[str, str]]
    target: list[dict[str, str]]
    s_pos: dict[str, int]
    t_pos: dict[str, int]
    s_edge: list[dict[str, Any]]
    t_edge: list[dict[str, Any]]


def _index(graph: Mapping[str, Any], essay_id: str) -> _Graph:
    """Index ``graph``; a graph whose tokens are not each in exactly one edge is refused."""
    try:
        source = graph["source"]
        target = graph["target"]
        s_pos = {t["id"]: i for i, t in enumerate(source)}
        t_pos = {t["id"]: i for i, t in enumerate(target)}
        edges = graph["edges"].values()
    except (KeyError, TypeError, AttributeError) as exc:
        raise ReleaseError(f"essay {essay_id}: not a SVALA graph ({exc})") from exc
    s_edge: list[Any] = [None] * len(source)
    t_edge: list[Any] = [None] * len(target)
    n_ids = 0
    for edge in edges:
        ids = edge["ids"]
        n_ids += len(ids)
        for i in ids:
            k = t_pos.get(i)
            if k is not None:
                t_edge[k] = edge
                continue
            k = s_pos.get(i)
            if k is None:
                raise ReleaseError(f"essay {essay_id}: edge {edge['id']} names unknown token {i}")
            s_edge[k] = edge
    # Every token in exactly one edge (SPEC §3): a graph that breaks this is not released.
    if n_ids != len(source) + len(target) or None in s_edge or None in t_edge:
        raise ReleaseError(f"essay {essay_id}: tokens are not each in exactly one edge")
    return _Graph(source, target, s_pos, t_pos, s_edge, t_edge)


_encode = json.encoder.encode_basestring  # the C encoder of json.dumps(ensure_ascii=False)


@functools.lru_cache(maxsize=8192)
def _edge_release(
    labels: tuple[str, ...], comment: str | None
) -> tuple[tuple[str, ...], str | None, str, bool]:
    """What an edge's labels become in the release: (labels, comment, XML attributes, labelled).

    ``OBS!`` labels and their comments are internal and dropped; ``Com!`` comments are kept.
    """
    kept = tuple(lab for lab in labels if lab not in INTERNAL_LABELS)
    note = comment if comment and "Com!" in kept else None
    if not kept and not note:
        return kept, None, _NO_LABEL, False
    names = [lab for lab in kept if not lab.isdigit()]
    number = next((lab for lab in kept if lab.isdigit()), "")
    attr = f" label={_attr(_korp_set(names))}"
    if number:
        attr += f' nr="{number}"'
    if note:
        attr += f" comment={_attr(note)}"
    return kept, note, attr, bool(names)


def is_abbreviation(word: str) -> bool:
    """Whether ``word`` (with its final dot) is an abbreviation whose dot does not by itself end
    a sentence ("t.ex.", "kl.", "osv."), by the library's list and multi-dot rule."""
    return word.lower() in ABBREVIATIONS or _MULTI_DOT_ABBR.fullmatch(word) is not None


def _may_end(word: str) -> bool:
    """An abbreviation that ends a sentence when a capitalised word follows ("… osv. Sen")."""
    return word.lower() in MAY_END_SENTENCE


def _starts_title(text: str) -> bool:
    """The token starts with a capitalised word (not an all-caps one), as the library decides."""
    word = text.lstrip()
    return word[:1].isupper() and not (len(word) > 1 and word.split(None, 1)[0].isupper())


@functools.lru_cache(maxsize=65536)
def _plain_token_xml(text: str) -> tuple[str, bool, bool] | None:
    """The ``<w>`` lines of an unlabelled token, whether it ends a sentence and whether it ends
    in an abbreviation that ends one before a capital ("osv."), or ``None`` when a sentence
    ends inside it (the general path handles that)."""
    words = _split_punct(text)
    lines = []
    for i, (word, _) in enumerate(words):
        if _SENT_END.match(word) and i != len(words) - 1:
            return None
        if "&" in word or "<" in word or ">" in word:
            word = xml_escape(word)
        lines.append(f"<w{_NO_LABEL}>{word}</w>\n")
    ends = bool(words) and bool(_SENT_END.match(words[-1][0]))
    may_end = bool(words) and _may_end(words[-1][0])
    return "".join(lines) + ("</sentence>\n" if ends else ""), ends, may_end


@functools.lru_cache(maxsize=8192)
def _labels_json(labels: tuple[str, ...]) -> str:
    return json.dumps(list(labels), ensure_ascii=False)


@dataclass(slots=True)
class _Released:
    """The released files of one essay, rendered in one pass over its target tokens."""

    json: bytes
    text: bytes
    xml: str
    labels: list[tuple[str, ...]]  # released labels of every edge
    tokens: int


def _render(g: _Graph, essay_id: str, metadata: Mapping[str, str]) -> _Released:
    """Render an essay's JSON, text and XML from the pseudonymized (target) side only.

    Each edge becomes an edge linking copies of its target tokens on both sides, with the same
    labels; token ids are renumbered ``s0…``/``t0…`` in text order; edges without target tokens
    (deletions) are dropped. The document comment is not released (it may hold notes about the
    writer). JSON is written directly (compact, fixed key order): it is what ``json.dumps(…,
    sort_keys=True)`` would write for the same graph except for the order of the edges.
    """
    src_parts: list[str] = []
    texts: list[str] = []
    groups: dict[str, list[str]] = {}
    info: dict[str, tuple[tuple[str, ...], str | None, str, bool, bool]] = {}
    attrs = "".join(f" {k}={_attr(v)}" for k, v in metadata.items())
    xml = [f"<essay id={_attr(essay_id)}{attrs}>\n"]
    open_sentence = False
    abbr_end = False  # the previous token ended in "osv.", "kr." …: a capital ends the sentence
    t_edge = g.t_edge
    for k, tok in enumerate(g.target):
        text = tok["text"]
        texts.append(text)
        if abbr_end:
            abbr_end = False
            if open_sentence and _starts_title(text):
                xml.append("</sentence>\n")
                open_sentence = False
        if k < _N_IDS:  # ids and JSON openings from fixed tables (formatting them cost a tenth)
            sid, tid = _S_IDS[k], _T_IDS[k]
            src_parts.append(_SRC_OPEN[k] + _encode(text) + "}")
        else:
            sid, tid = f"s{k}", f"t{k}"
            src_parts.append(f'{{"id":"{sid}","text":{_encode(text)}}}')
        edge = t_edge[k]
        eid = edge["id"]
        ids = groups.get(eid)
        if ids is None:
            groups[eid] = [sid, tid]
            edge_labels = edge.get("labels")
            if not edge_labels and not edge.get("comment"):  # most edges: a plain word
                attr, labelled = _NO_LABEL, False
                info[eid] = _PLAIN_MANUAL if edge.get("manual") else _PLAIN
            else:
                kept, note, attr, labelled = _edge_release(
                    tuple(edge_labels or ()), edge.get("comment")
                )
                info[eid] = (kept, note, attr, labelled, bool(edge.get("manual", False)))
        else:
            ids.append(sid)
            ids.append(tid)
            attr, labelled = info[eid][2], info[eid][3]
        plain = _plain_token_xml(text) if attr is _NO_LABEL else None
        if plain is not None:  # most tokens: no label, at most a sentence end at the end
            body, ends, may_end = plain
            if body:
                if not open_sentence:
                    xml.append("<sentence>\n")
                xml.append(body)
                open_sentence = not ends
                abbr_end = open_sentence and may_end
            if open_sentence and "\n\n" in text:
                xml.append("</sentence>\n")
                open_sentence = False
            continue
        for word, is_core in _split_punct(text):
            if not open_sentence:
                xml.append("<sentence>\n")
                open_sentence = True
            if "&" in word or "<" in word or ">" in word:
                word = xml_escape(word)
            xml.append(f"<w{attr if is_core else _NO_LABEL}>{word}</w>\n")
            if not (is_core and labelled) and _SENT_END.match(word):
                xml.append("</sentence>\n")
                open_sentence = False
            abbr_end = open_sentence and not (is_core and labelled) and _may_end(word)
        if open_sentence and "\n\n" in text:
            xml.append("</sentence>\n")  # a paragraph break ends a sentence too
            open_sentence = False
    if open_sentence:
        xml.append("</sentence>\n")
    xml.append("</essay>\n")
    edge_parts = []
    labels = []
    for eid, ids in groups.items():
        edge_info = info[eid]
        if edge_info is _PLAIN and len(ids) == 2:
            plain = _PLAIN_EDGE_JSON.get(ids[0])
            if plain is not None and ids[1] == "t" + ids[0][1:]:
                labels.append(())
                edge_parts.append(plain)
                continue
        if len(ids) > 2:
            ids.sort()  # parallel_corpus sorts edge ids as strings; match it
        kept, note, _, _, manual = edge_info
        labels.append(kept)
        new_id = "e-" + "-".join(ids)
        comment = f'"comment":{_encode(note)},' if note else ""
        edge_parts.append(
            f'"{new_id}":{{{comment}"id":"{new_id}","ids":["' + '","'.join(ids) + '"],'
            f'"labels":{_labels_json(kept)},"manual":{"true" if manual else "false"}}}'
        )
    source_json = ",".join(src_parts)
    # The target side has the same texts under t-ids. Inside an encoded text a quote is
    # escaped, so '{"id":"s' only ever starts a token object.
    target_json = source_json.replace('{"id":"s', '{"id":"t')
    body = (
        '{"edges":{'
        + ",".join(edge_parts)
        + '},"source":['
        + source_json
        + '],"target":['
        + target_json
        + "]}"
    )
    return _Released(body.encode(), "".join(texts).encode(), "".join(xml), labels, len(texts))


def released_graph(graph: Mapping[str, Any], *, essay_id: str = "") -> dict[str, Any]:
    """The graph as released: its source side is the pseudonymized text, never the original.

    Each edge of the final graph becomes an edge linking copies of its target tokens on both
    sides, with the same labels; ``OBS!`` labels and comments are internal and dropped, ``Com!``
    comments are kept for corpus users. Token ids are renumbered ``s0…``/``t0…`` in text order.
    """
    return json.loads(_render(_index(graph, essay_id), essay_id, {}).json)


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
    index: _Graph | None = None,
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
      itself released unchanged (``nummer 5``), in its own essay only; with no such neighbour
      it is not searched;
    - the original essay text itself: a window of ``context_window`` (8) original tokens around
      its first pseudonymized span is searched in the whole release (the original text cannot
      appear without it); a window of fewer than ``min_window_words`` (5) words is too common
      to mean anything and is left out;
    - files that belong to no essay (README, statistics) are searched for every original of the
      corpus scope, whatever its case.
    """
    g = index if index is not None else _index(graph, essay_id)
    memo: dict[str, tuple[str, list[str], int, int] | None] = {}

    def changed(edge: Mapping[str, Any]) -> tuple[str, list[str], int, int] | None:
        eid = edge["id"]
        if eid in memo:
            return memo[eid]
        ids = edge["ids"]
        if len(ids) == 2:  # the common one-to-one edge: compare its two tokens directly
            k_s, k_t = g.s_pos.get(ids[0]), g.t_pos.get(ids[1])
            if (
                k_s is not None
                and k_t is not None
                and g.source[k_s]["text"] == g.target[k_t]["text"]
            ):
                memo[eid] = None
                return None
        s = sorted(g.s_pos[i] for i in edge["ids"] if i in g.s_pos)
        t = sorted(g.t_pos[i] for i in edge["ids"] if i in g.t_pos)
        src = "".join(g.source[k]["text"] for k in s)
        tgt = "".join(g.target[k]["text"] for k in t)
        result = None
        if src != tgt:
            words = _norm_words(src)
            if words and words != _norm_words(tgt):
                result = (src, words, s[0], s[-1])
        memo[eid] = result
        return result

    patterns: list[LeakPattern] = []
    first_changed: int | None = None
    seen: set[str] = set()
    s_pos, t_pos, source, target = g.s_pos, g.t_pos, g.source, g.target
    for edge in g.s_edge:
        ids = edge["ids"]
        if len(ids) == 2:  # the common one-to-one edge, unchanged: nothing to look for
            k_s, k_t = s_pos.get(ids[0]), t_pos.get(ids[1])
            if k_s is not None and k_t is not None and source[k_s]["text"] == target[k_t]["text"]:
                continue
        if edge["id"] in seen:
            continue
        seen.add(edge["id"])
        found = changed(edge)
        if found is None:
            continue
        src, words, first, last = found
        if first_changed is None:
            first_changed = first
        label = next((lab for lab in edge.get("labels") or () if is_replacing([lab])), "")
        joined = " ".join(words)
        if len(joined) >= min_length:
            patterns.append(
                LeakPattern(
                    essay=essay_id,
                    edge=edge["id"],
                    kind="span",
                    text=src.strip(),
                    label=label,
                    words=joined,
                    exact=tuple(_WORD.findall(unicodedata.normalize("NFC", src))),
                    scope="corpus" if len(joined) >= corpus_min_length else "essay",
                )
            )
            continue
        for k in (first - 1, last + 1):
            if not 0 <= k < len(g.source) or changed(g.s_edge[k]) is not None:
                continue
            neighbour = _norm_words(g.source[k]["text"])
            if not neighbour:
                continue
            ctx = neighbour[-1:] + words if k < first else words + neighbour[:1]
            raw = g.source[k]["text"] + src if k < first else src + g.source[k]["text"]
            patterns.append(
                LeakPattern(
                    essay=essay_id,
                    edge=edge["id"],
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
        raw = "".join(t["text"] for t in g.source[lo : lo + context_window])
        if len(_norm_words(raw)) >= min_window_words:
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
    if trail[:1] == "." and is_abbreviation(mid + "."):
        # "t.ex." is one word, and its dot does not end the sentence
        mid, trail = mid + ".", trail[1:]
    return (*((c, False) for c in lead), (mid, True), *((c, False) for c in trail))


def _attr(value: str) -> str:
    """An XML attribute value, always in double quotes (the leak check reads them back)."""
    return '"' + xml_escape(value, {'"': "&quot;", "\n": "&#10;", "\t": "&#9;"}) + '"'


def _korp_set(labels: Iterable[str]) -> str:
    return "|" + "".join(f"{lab}|" for lab in labels)


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


def check_version(version: str) -> None:
    """Refuse (``ReleaseError``) a release version that cannot name the archive's folder."""
    if not _SAFE_ID.match(version):
        raise ReleaseError(f"version {version!r}: use letters, digits, '.', '_' or '-'")


def sorted_records(records: Iterable[EssayRecord]) -> Iterator[tuple[str, EssayRecord]]:
    """``(id, record)`` of every record, refusing (``ReleaseError``) an id that cannot name a
    file and records not sorted by unique id (a release is deterministic, one file per id)."""
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
        yield eid, record


def put_file(
    zf: zipfile.ZipFile, root: str, name: str, data: bytes, files: dict[str, str], compress: int
) -> None:
    """Write ``data`` as ``root + name`` (fixed timestamp) and note its SHA-256 in ``files``."""
    zf.writestr(_zipinfo(root + name, compress), data)
    files[name] = hashlib.sha256(data).hexdigest()


def put_manifest(zf: zipfile.ZipFile, root: str, files: Mapping[str, str], compress: int) -> None:
    """Write ``MANIFEST.sha256`` (``sha256sum -c`` format) of every file written so far."""
    manifest = "".join(f"{sha}  {name}\n" for name, sha in sorted(files.items())).encode()
    zf.writestr(_zipinfo(root + "MANIFEST.sha256", compress), manifest)


def checked_release(
    path: str | Path,
    write: Callable[[Path], ReleaseSummary],
    *,
    allow: Iterable[str] = (),
) -> ReleaseSummary:
    """Write a release with ``write(path)``, run the leak check on the written archive and
    note its SHA-256 (read in chunks). Raises ``LeakError`` (naming essay and span) and deletes
    the archive when anything leaks, or when writing fails."""
    path = Path(path)
    try:
        with _gc_paused():
            summary = write(path)
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
    check_version(version)
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
        for eid, record in sorted_records(records):
            g = _index(record.graph, eid)
            patterns.extend(leak_patterns(record.graph, essay_id=eid, index=g))
            meta = released_metadata(record.metadata)
            out = _render(g, eid, meta)
            put_file(zf, root, f"essays/{eid}.json", out.json, files, compress)
            put_file(zf, root, f"essays/{eid}.txt", out.text, files, compress)
            xml_out.write(out.xml)
            spans = 0
            seen: set[str] = set()
            for labels in out.labels:
                if not labels:  # most edges: plain words
                    continue
                if any(not lab.isdigit() and lab not in FLAG_LABELS for lab in labels):
                    spans += 1
                for lab in labels:
                    if lab.isdigit():
                        continue
                    label_counts[lab] += 1
                    by_level[meta["level"]][lab] += 1
                    by_genre[meta["genre"]][lab] += 1
                    seen.add(lab)
            for lab in seen:
                label_essays[lab] += 1
            token_count += out.tokens
            csv_writer.writerow([eid, *meta.values(), out.tokens, spans])
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
        put_file(
            zf, root, "label_statistics.json",
            json.dumps(stats, ensure_ascii=False, sort_keys=True, indent=1).encode(),
            files, compress,
        )
        put_file(zf, root, "README.md", _readme(version, summary, title).encode(), files, compress)
        put_manifest(zf, root, files, compress)
    summary.patterns = patterns
    return summary


# --- leak check --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Doc:
    """Released text of one essay in one file, as pieces (tokens, values, attributes).

    ``flags`` (computed only when a pattern matches) says which pieces are pseudonyms the
    pipeline wrote, i.e. carry a replacing label.
    """

    file: str
    essay: str | None
    texts: list[str]
    flags: Callable[[], list[bool]] | None = None
    same_as_previous: bool = False  # the text of the previous document again: same leaks

    def piece_flags(self) -> list[bool]:
        return self.flags() if self.flags is not None else [False] * len(self.texts)


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


def _json_docs(name: str, essay: str, data: Any) -> Iterator[_Doc]:
    """A per-essay SVALA JSON file: its other strings first, then its target text."""
    if not (
        isinstance(data, dict)
        and isinstance(data.get("target"), list)
        and isinstance(data.get("source"), list)
        and isinstance(data.get("edges"), dict)
    ):
        yield _Doc(name, essay, list(_strings(data)))
        return
    target, source, edges = data["target"], data["source"], data["edges"]
    t_texts = [str(t.get("text", "")) for t in target]
    s_texts = [str(t.get("text", "")) for t in source]

    def protected() -> set[str]:
        return {
            i
            for e in edges.values()
            if is_replacing(e.get("labels") or ())
            for i in e.get("ids", ())
        }

    other = [] if s_texts == t_texts else s_texts  # the source side repeats the target side
    n_source = len(other)
    other += [
        str(v)
        for e in edges.values()
        for v in (*(e.get("labels") or ()), e.get("comment") or "")
        if v
    ]
    other += [str(k) for k in edges]
    other += list(
        _strings({k: v for k, v in data.items() if k not in ("source", "target", "edges")})
    )

    def other_flags() -> list[bool]:
        ids = protected()
        return [t.get("id") in ids for t in source][:n_source] + [False] * (len(other) - n_source)

    yield _Doc(name, essay, other, other_flags)
    yield _Doc(name, essay, t_texts, lambda: [t.get("id") in protected() for t in target])


_XML_ESSAY = re.compile(r'<essay id="([^"]*)"[^>]*>\n')
_XML_W = re.compile(r'<w label="([^"]*)"([^>]*)>([^<]*)</w>\n')
_XML_ATTR = re.compile(r'="([^"]*)"')
_XML_TAG = re.compile(r"<[^>]*>")


def _xml_block(name: str, block: str) -> _Doc:
    """One ``<essay>…</essay>`` block (or the text around them) as a document.

    The ``<w>`` elements ``_render`` writes are read with one regular expression; whatever else
    the block holds (a hand-edited file, a comment) is scanned as plain text, so nothing in the
    file escapes the check.
    """
    from html import unescape

    m = _XML_ESSAY.search(block)
    essay = unescape(m.group(1)) if m else None
    words = _XML_W.findall(block)
    texts = [unescape(w) if "&" in w else w for _, _, w in words]
    leftover = _XML_W.sub(" ", block).replace("<sentence>\n", "").replace("</sentence>\n", "")
    extra = [unescape(v) for v in _XML_ATTR.findall(leftover)]
    extra += [unescape(v) for _, rest, _ in words if rest for v in _XML_ATTR.findall(rest)]
    plain = unescape(_XML_TAG.sub(" ", leftover))
    if plain.strip():
        extra.append(plain)

    def flags() -> list[bool]:
        marks = [
            is_replacing(lab for lab in unescape(labels).split("|") if lab)
            for labels, _, _ in words
        ]
        return marks + [False] * len(extra)

    return _Doc(name, essay, texts + extra, flags)


def _xml_docs(name: str, stream: IO[bytes], chunk: int = 1 << 22) -> Iterator[_Doc]:
    """The XML file as one document per ``<essay>`` block, read in chunks."""
    reader = io.TextIOWrapper(stream, encoding="utf-8")
    rest = ""
    while True:
        data = reader.read(chunk)
        rest += data
        blocks = rest.split("</essay>\n")
        rest = blocks.pop()
        for block in blocks:
            yield _xml_block(name, block)
        if not data:
            break
    if rest.strip():
        yield _xml_block(name, rest)


def _release_docs(zf: zipfile.ZipFile) -> Iterator[_Doc]:
    """Every file of the archive as documents of released text, essay by essay where known."""
    last_target: tuple[str, list[str]] | None = None
    for info in zf.infolist():
        name = info.filename
        base = name.split("/", 1)[1] if "/" in name else name
        m = re.fullmatch(r"essays/(.+)\.(json|txt)", base)
        with zf.open(info) as stream:
            if m and m.group(2) == "json":
                raw = stream.read().decode("utf-8", errors="replace")
                try:
                    data = json.loads(raw)
                except ValueError:  # not JSON (any more): scan every character of it
                    yield _Doc(name, m.group(1), [raw])
                    continue
                for doc in _json_docs(name, m.group(1), data):
                    yield doc
                last_target = (m.group(1), doc.texts)
            elif m:
                text = stream.read().decode("utf-8", errors="replace")
                # The text should be the target side of the essay's JSON, just scanned with
                # its pseudonym flags: then it has the same leaks. Otherwise scan it strictly.
                if last_target and last_target[0] == m.group(1):
                    if "".join(last_target[1]) == text:
                        yield _Doc(name, m.group(1), [], same_as_previous=True)
                        continue
                yield _Doc(name, m.group(1), [text])
            elif base == "corpus.xml":
                yield from _xml_docs(name, stream)
            elif base == "metadata.csv":
                reader = csv.reader(io.TextIOWrapper(stream, encoding="utf-8", newline=""))
                for row in reader:
                    yield _Doc(name, row[0] if row else None, list(row))
            else:
                text = stream.read().decode("utf-8", errors="replace")
                yield _Doc(name, None, [text])


def _scan_doc(doc: _Doc, automaton: ahocorasick.Automaton, allow: frozenset[str]) -> list[Leak]:
    """Matches of the leak patterns in one document, with the rules of ``leak_patterns``."""
    # Fast path: one normalization of the whole document; most documents match nothing.
    text = " ".join(doc.texts)
    norm = " " + " ".join(_norm_words(text)) + " "
    hits = list(automaton.iter(norm))
    if not hits:
        return []
    # Slow path: map the normalized text back to pieces (which are generated pseudonyms?).
    norm_parts: list[str] = []
    starts: list[int] = []  # start offset of each piece's words in the normalized text
    flags: list[bool] = []
    pos = 1
    for piece, flag in zip(doc.texts, doc.piece_flags(), strict=True):
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
                        for piece in doc.texts
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


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a build.

    A build allocates millions of short-lived dicts and strings (parsed graphs, pieces) that
    form no cycles; the generation-0 collections they trigger cost about an eighth of the
    build's CPU. Reference counting still frees everything; anything cyclic is collected when
    the collector is switched back on.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


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
    return checked_release(
        path,
        lambda out: write_release(records, out, version=version, title=title, progress=progress),
        allow=allow,
    )


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
