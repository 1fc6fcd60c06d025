"""The immutable gazetteer: names, places, institutions, transport lines and mark-up words.

Loaded once per process from the files in ``resources/`` (built by
``scripts/build_resources.py``), then handed to the detectors. Nothing is downloaded or built
from raw data at run time; loading takes a fraction of a second.

Matching works on the normalized text of a document (``Token.norm`` joined by single spaces):
the shipped groups as one trie of words walked over the tokens' norms, project entries with an
Aho-Corasick automaton per group, so multi-word entries ("Gröna linjen", "Stockholms
universitet") and inflected forms (a genitive ``s`` after the entry) are found in one pass.
Misspelled forms are found by :meth:`Gazetteer.fuzzy`, which compares one word with the entries
of the same first letter and similar length only.

>>> gaz = Gazetteer.default()
>>> [e.label for e in gaz.lookup("names", "Anna")][:1]
['firstname']
>>> extra = gaz.with_entries([("Bromma", "city"), ("Kalles Kaffe", "work")])
>>> extra is not gaz
True
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress, count
from pathlib import Path

import ahocorasick
from rapidfuzz import process
from rapidfuzz.distance import OSA

from pseudonymizer.document import Document, fast_init
from pseudonymizer.tokenize import normalize, tokenize

__all__ = ["Entry", "Gazetteer", "Match", "GROUPS", "LABEL_GROUP", "resources_dir"]

GROUPS = ("names", "places", "institutions", "transport", "markup")

# Which detector group a label belongs to (used for project-specific entries).
LABEL_GROUP: dict[str, str] = {
    "firstname": "names",
    "firstname_male": "names",
    "firstname_female": "names",
    "firstname_unknown": "names",
    "surname": "names",
    "middlename": "names",
    "city": "places",
    "country": "places",
    "region": "places",
    "geo": "places",
    "place": "places",
    "area": "places",
    "school": "institutions",
    "work": "institutions",
    "other_institution": "institutions",
    "public_authority": "institutions",
    "transport_name": "transport",
    "prof": "markup",
    "edu": "markup",
    "fam": "markup",
    "sensitive": "markup",
}


@fast_init
@dataclass(frozen=True, slots=True)
class Entry:
    """One reading of a gazetteer key.

    ``label`` is ``firstname`` (gender in ``male``/``female`` weights), ``surname``, a geographic
    label (``city``, ``country`` …, with ``country`` code and ``foreign``), an institution kind
    label (``school``, ``company``, ``authority``, ``other``), ``transport_name``, a mark-up
    label (``prof``, ``edu``, ``fam``, ``sensitive``) or a final label of a project-specific
    entry (``manual=True``). ``canonical`` is the form in the resource (the base form).
    """

    label: str
    canonical: str
    weight: float = 0.0
    male: float = 0.0
    female: float = 0.0
    country: str = ""
    foreign: bool = False
    kind: str = ""
    manual: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Match:
    """An occurrence of a gazetteer key in a document: tokens ``first..last`` (inclusive).

    ``suffix`` is ``""`` for the exact form, ``"s"`` for a genitive written on the last token
    (``Stockholms``) and ``":s"`` for one written with a colon or apostrophe (``USA:s``,
    ``Ali's``); in the last two cases ``last`` includes the suffix tokens.

    Read-only by contract, like ``document.Token`` (the scans are memoized and shared by the
    detectors of a pass): not ``frozen=True``, so that :meth:`Gazetteer._matches` can make
    thousands of them per essay with plain slot stores (a frozen dataclass sets each field
    through its descriptor, five times the instructions). Equality and hashing are by value,
    as a frozen dataclass's.
    """

    first: int
    last: int
    key: str
    entries: tuple[Entry, ...]
    suffix: str = ""


def resources_dir() -> Path:
    """Where the resource files are: the repository's resources/ or the installed copy."""
    env = os.environ.get("PSEUDONYMIZER_RESOURCES")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "resources", here / "data"):
        if (candidate / "places.tsv").exists():
            return candidate
    raise FileNotFoundError(
        "gazetteer resources not found (looked in resources/ and pseudonymizer/data/); "
        "run scripts/build_resources.py or set PSEUDONYMIZER_RESOURCES"
    )


def phrase_key(text: str) -> str:
    """The normalized look-up key of a phrase: token norms joined by single spaces.

    >>> phrase_key("Gröna  Linjen")
    'grona linjen'
    >>> phrase_key("H&M")
    'h & m'
    """
    if text.replace(" ", "").replace("-", "").isalpha() and "  " not in text:
        return normalize(text)
    return " ".join(t.norm for t in tokenize(text).tokens)


def _rows(path: Path) -> list[list[str]]:
    """Data rows of a resource file (comment lines and the column header skipped)."""
    lines = [ln for ln in path.read_text(encoding="utf-8").split("\n") if ln and ln[0] != "#"]
    if path.suffix == ".tsv":
        lines = lines[1:]
    return [ln.split("\t") for ln in lines]


def _words(path: Path) -> frozenset[str]:
    """A one-word-per-line file as a set (comment lines skipped)."""
    return frozenset(
        ln for ln in path.read_text(encoding="utf-8").split("\n") if ln and ln[0] != "#"
    )


def _automaton(readings: Iterable[tuple[str, list[tuple]]]) -> ahocorasick.Automaton:
    """An Aho-Corasick automaton over the spaced forms of keys; ``readings`` pairs each key
    with what a hit reports, a list of tuples whose last two items are (key, suffix).

    Spaces anchor a key at token boundaries in the joined norms (which are scanned with a final
    space added): ``" key "`` is the exact form, ``" keys "`` its genitive, so a key is never
    reported inside a longer word (a Python step per such hit: most hits of a bare ``" key"``
    were prefixes of longer words). One form can carry several readings ("annas": the key
    ``annas``, and ``anna`` + genitive).
    """
    automaton = ahocorasick.Automaton()
    get, add = automaton.get, automaton.add_word
    for _key, found in readings:
        for reading in found:
            key, suffix = reading[-2], reading[-1]
            form = f" {key}{suffix} "
            # added one by one (no dict of all forms: its memory would stay with the process)
            add(form, get(form, ()) + (reading,))
    automaton.make_automaton()
    return automaton


# The main groups of a gazetteer in one automaton (one pass over a document instead of one per
# group), by identity of the groups dict, which with_entries() shares; built on first use.
_MERGED: dict[int, tuple[dict, ahocorasick.Automaton]] = {}
_MERGED_LOCK = threading.Lock()


def _merged_automaton(groups: dict[str, _Group]) -> ahocorasick.Automaton:
    hit = _MERGED.get(id(groups))
    if hit is not None and hit[0] is groups:
        return hit[1]
    with _MERGED_LOCK:
        hit = _MERGED.get(id(groups))
        if hit is not None and hit[0] is groups:
            return hit[1]
        automaton = _automaton(
            (key, [(name, key, suffix) for suffix in ("", "s")])
            for name, grp in groups.items()
            for key in grp.entries
        )
        if len(_MERGED) >= 4:
            _MERGED.clear()
        _MERGED[id(groups)] = (groups, automaton)  # the groups are kept: their id stays theirs
    return automaton


# The main groups of a gazetteer as a trie of words, for documents whose norms hold no space
# (all that the tokenizer makes): node = (readings, readings_lower, children). readings are
# the merged automaton's for the form that ends at the node (or None), each with the key's
# entries added: (group, key, suffix, entries); readings_lower those left when the form's first
# token is not capitalised (the same tuple when none is left out); children maps the next word
# to its node (or None). Keyed by identity of the groups dict and the common words; built with
# the gazetteer (a few MB, about what the merged automaton took).
_TRIES: dict[tuple[int, int], tuple[dict, frozenset, dict]] = {}


def _trie(groups: dict[str, _Group], common: frozenset[str]) -> dict:
    key = (id(groups), id(common))
    hit = _TRIES.get(key)
    if hit is not None and hit[0] is groups and hit[1] is common:
        return hit[2]
    with _MERGED_LOCK:
        hit = _TRIES.get(key)
        if hit is not None and hit[0] is groups and hit[1] is common:
            return hit[2]
        # the readings of each form in the automaton's order (see _merged_automaton)
        forms: dict[str, tuple] = {}
        for name, grp in groups.items():
            for k in grp.entries:
                for suffix in ("", "s"):
                    form = k + suffix
                    forms[form] = forms.get(form, ()) + ((name, k, suffix, grp.entries[k]),)
        root: dict[str, list] = {}
        for form, readings in forms.items():
            node: list | None = None
            level = root
            for word in form.split(" "):
                if level is None:
                    level = node[2] = {}  # type: ignore[index]
                node = level.get(word)
                if node is None:
                    node = level[word] = [None, None, None]
                level = node[2]
            lower = tuple(
                r for r in readings if not (r[1] in common and r[0] in _CASED_GROUPS)
            )
            node[0] = readings  # type: ignore[index]
            node[1] = readings if len(lower) == len(readings) else lower  # type: ignore[index]
        del forms

        def freeze(level: dict[str, list]) -> dict[str, tuple]:
            return {
                w: (n[0], n[1], None if n[2] is None else freeze(n[2])) for w, n in level.items()
            }

        trie = freeze(root)
        if len(_TRIES) >= 4:
            _TRIES.clear()
        _TRIES[key] = (groups, common, trie)  # the objects are kept: their ids stay theirs
    return trie


class _Group:
    """Entries of one detector group with their automaton and fuzzy buckets."""

    __slots__ = ("entries", "automaton", "buckets")

    def __init__(
        self, entries: dict[str, tuple[Entry, ...]], fuzzy: bool, automaton: bool = True
    ) -> None:
        self.entries = entries
        # the main groups are scanned by the gazetteer's merged automaton; project entries
        # (with_entries) by their own
        self.automaton = (
            _automaton((key, [(key, ""), (key, "s")]) for key in entries)
            if entries and automaton
            else None
        )
        buckets: dict[tuple[str, int], list[str]] = {}
        if fuzzy:
            for key in entries:
                if " " in key or len(key) < 4 or not key.isalpha():
                    continue
                buckets.setdefault((key[0], len(key)), []).append(key)
        self.buckets = buckets


class Gazetteer:
    """Immutable look-up tables for the knowledge-based detectors.

    Use :meth:`default` (loaded once per process) and :meth:`with_entries` for
    project-specific additions; the object is never changed after construction, so detectors
    may share it across threads.
    """

    _default: Gazetteer | None = None
    _default_lock = threading.Lock()

    def __init__(
        self,
        groups: dict[str, _Group],
        *,
        common_words: frozenset[str],
        vocabulary: frozenset[str],
        not_labelled: frozenset[str],
        famous: frozenset[str],
        languages: dict[str, str],
        extras: dict[str, _Group] | None = None,
        extra_entries: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self._groups = groups
        self._extras = extras or {}
        # Per-document memo of scans (see :meth:`scan`); not part of the gazetteer's value.
        self._memo: OrderedDict[int, tuple] = OrderedDict()
        self._memo_lock = threading.Lock()
        # Fuzzy results by (group, word): misspellings recur across essays (bounded).
        self._fuzzy_memo: dict[tuple[str, str, int], str | None] = {}
        self.common_words = common_words
        self.vocabulary = vocabulary
        # The two word tests below as the sets' own (C) membership tests: the detectors ask
        # them tens of thousands of times per 100,000 words; same answers, no Python frame.
        self.is_common_word = common_words.__contains__  # type: ignore[method-assign]
        self.is_known_word = vocabulary.__contains__  # type: ignore[method-assign]
        self.not_labelled = not_labelled
        self.famous = famous
        self.languages = languages
        self.extra_entries = extra_entries

    # ------------------------------------------------------------------ loading
    @classmethod
    def default(cls) -> Gazetteer:
        """The gazetteer built from the shipped resources, loaded once per process."""
        if cls._default is None:
            with cls._default_lock:
                if cls._default is None:
                    cls._default = cls.load(resources_dir())
        return cls._default

    @classmethod
    def load(cls, directory: Path) -> Gazetteer:
        """Read every resource file of ``directory`` into a new gazetteer."""
        tables: dict[str, dict[str, list[Entry]]] = {g: {} for g in GROUPS}

        def put(group: str, text: str, entry: Entry) -> None:
            tables[group].setdefault(phrase_key(text), []).append(entry)

        for row in _rows(directory / "firstnames.tsv"):
            name, male, female = row[0], float(row[1]), float(row[2])
            put("names", name, Entry("firstname", name, male + female, male, female))
        for row in _rows(directory / "surnames.tsv"):
            put("names", row[0], Entry("surname", row[0], float(row[1])))
        for row in _rows(directory / "places.tsv"):
            name, label, foreign, country, weight = row
            put("places", name, Entry(label, name, float(weight), country=country,
                                      foreign=foreign == "1"))
        for row in _rows(directory / "institutions.tsv"):
            put("institutions", row[0], Entry(row[1], row[0], kind=row[1]))
        for row in _rows(directory / "transport.tsv"):
            put("transport", row[0], Entry("transport_name", row[0]))
        for row in _rows(directory / "markup.tsv"):
            form, label, base = row
            main, _, kind = label.partition(":")
            # canonical = the exact form: markup matches must agree on diacritics ("får" is
            # not "far")
            put("markup", form, Entry(main, form, kind=kind))

        groups = {
            g: _Group(
                {k: _dedupe(v) for k, v in tables[g].items()},
                fuzzy=g in ("names", "places"),
                automaton=False,
            )
            for g in GROUPS
        }
        common = _words(directory / "common_words.txt")
        vocab = _words(directory / "vocabulary.txt")
        blocked = frozenset(phrase_key(r[0]) for r in _rows(directory / "not_labelled.tsv"))
        famous = frozenset(phrase_key(r[0]) for r in _rows(directory / "famous.tsv"))
        languages = {r[0]: r[1] for r in _rows(directory / "languages.tsv")}
        _trie(groups, common)  # built with the rest, not by the first scan
        return cls(
            groups,
            common_words=common,
            vocabulary=vocab,
            not_labelled=blocked,
            famous=famous,
            languages=languages,
        )

    def with_entries(self, entries: Iterable[tuple[str, str]]) -> Gazetteer:
        """A new gazetteer that also knows ``entries`` (``(text, label)`` pairs).

        This is how annotators' manual labels feed back into detection ("learning from
        corrections"): the web app collects the strings a project's annotators labelled by hand
        and passes them here. Project entries win over the shipped ones for the same text.
        ``label`` is a final SweLL label (``city``, ``work``, ``firstname_female`` …); a
        ``foreign`` place may be given as ``"city+foreign"``. Unknown labels raise ValueError.
        """
        added = list(self.extra_entries)
        for text, label in entries:
            text = " ".join(str(text).split())
            base, _, flag = label.partition("+")
            if base not in LABEL_GROUP:
                raise ValueError(f"unknown label for a gazetteer entry: {label!r}")
            if flag and flag != "foreign":
                raise ValueError(f"unknown flag in {label!r} (only '+foreign')")
            if not text:
                raise ValueError("empty gazetteer entry")
            added.append((text, label))
        tables: dict[str, dict[str, list[Entry]]] = {g: {} for g in GROUPS}
        for text, label in added:
            base, _, flag = label.partition("+")
            entry = Entry(base, text, weight=1e9, foreign=flag == "foreign" or base == "area",
                          manual=True)
            tables[LABEL_GROUP[base]].setdefault(phrase_key(text), []).append(entry)
        extras = {
            g: _Group({k: _dedupe(v) for k, v in t.items()}, fuzzy=g in ("names", "places"))
            for g, t in tables.items()
            if t
        }
        return Gazetteer(
            self._groups,
            common_words=self.common_words,
            vocabulary=self.vocabulary,
            not_labelled=self.not_labelled,
            famous=self.famous,
            languages=self.languages,
            extras=extras,
            extra_entries=tuple(added),
        )

    # ------------------------------------------------------------------ look-ups
    def lookup(self, group: str, text: str) -> tuple[Entry, ...]:
        """All entries of ``group`` for ``text`` (any case or diacritics), project ones first."""
        key = phrase_key(text)
        extra = self._extras.get(group)
        found = extra.entries.get(key, ()) if extra else ()
        return tuple(found) + self._groups[group].entries.get(key, ())

    def entries_for_key(self, group: str, key: str) -> tuple[Entry, ...]:
        """Entries for an already normalized key."""
        extra = self._extras.get(group)
        found = extra.entries.get(key, ()) if extra else ()
        return tuple(found) + self._groups[group].entries.get(key, ())

    def is_common_word(self, lower: str) -> bool:
        """True when the lower-case word is also an ordinary Swedish word ("hans", "björn")."""
        return lower in self.common_words

    def is_known_word(self, lower: str) -> bool:
        """True when the lower-case word is in the Swedish vocabulary (not a misspelling)."""
        return lower in self.vocabulary

    def scan(self, doc: Document, group: str, joined: object = None) -> list[Match]:
        """Every occurrence of a ``group`` key in ``doc``, longest first at each start token.

        Matches may overlap; detectors choose among them. Several detectors scan the same
        document for the same groups, so the last few documents' results are memoized on this
        gazetteer (by identity of the document; thread-safe, bounded). ``joined`` is accepted
        for backward compatibility and ignored.
        """
        memo = self._memo_for(doc)
        found = memo[2].get(group)
        if found is None:
            found = self._scan(memo, group, doc if group in ("names", "places") else None)
            memo[2][group] = found
        return found

    def forget(self, doc: Document) -> None:
        """Drop the memoized scans of ``doc`` (the pipeline calls this when its pass is done:
        the document and its matches are then freed at once instead of surviving into the
        garbage collector's young generation until eight more documents have been scanned)."""
        with self._memo_lock:
            hit = self._memo.get(id(doc))
            if hit is not None and hit[0] is doc:
                del self._memo[id(doc)]

    def _memo_for(self, doc: Document) -> tuple:
        key = id(doc)
        with self._memo_lock:
            hit = self._memo.get(key)
            if hit is not None and hit[0] is doc:
                return hit
        memo = (doc, joined_norms(doc), {})
        with self._memo_lock:
            self._memo[key] = memo
            while len(self._memo) > 8:
                self._memo.popitem(last=False)
        return memo

    def _scan(self, memo: tuple, group: str, doc: Document | None = None) -> list[Match]:
        """The matches of ``group``: its project entries first, then its main entries, whose
        hits come from one pass of the merged automaton over the document (shared by all
        groups). With ``doc``, lower-case common words are left out early ("till", "bor",
        "dag" are never names or places in lower case)."""
        text, index = memo[1]
        scans = memo[2]
        main = scans.get(None)
        if main is None:
            main = scans[None] = self._main_matches(text, index, memo[0])
        out: list[Match] = []
        extra = self._extras.get(group)
        if extra is not None and extra.automaton is not None:
            hits = (  # a project group's readings are (key, suffix): the group's name added
                (end, [(group, key, suffix) for key, suffix in readings])
                for end, readings in extra.automaton.iter(text + " ")
            )
            tokens = doc.tokens if doc is not None else None
            found = {group: out}
            self._matches(hits, {group: extra.entries}, text, index, tokens, (group,), found)
        out += main[group]
        # an exact form before a genitive reading of a shorter key ("Paris", not "Pari" + s)
        out.sort(key=lambda m: (m.first, m.first - m.last, m.suffix != ""))
        return out

    def _main_matches(
        self, text: str, index: dict[int, int] | None, doc: Document
    ) -> dict[str, list[Match]]:
        """The matches of every main group in ``doc`` (``text``, ``index``: its joined norms,
        see :func:`joined_norms`); the lower-case common words are left out of the cased
        groups (``names``, ``places``).

        The same matches as one pass of the merged automaton over the joined norms (see
        :meth:`_matches`), which finds a form exactly where the norms of consecutive tokens,
        joined by spaces, spell it: here the trie of the forms' words is walked from each
        token whose norm begins a form (those tokens picked out in C), no character of the
        text is visited and no hit's tokens need counting. Within a group they come in
        another order (by first token, not by end); :meth:`_scan` sorts them, and no two
        hits give matches that sort as equal. A norm that holds a space (no tokenizer rule
        makes one) takes the automaton.
        """
        groups = self._groups
        found: dict[str, list[Match]] = {name: [] for name in groups}
        tokens = doc.tokens
        if index is not None:
            entries_of = {name: grp.entries for name, grp in groups.items()}
            hits = _merged_automaton(groups).iter(text + " ")
            self._matches(hits, entries_of, text, index, tokens, _CASED_GROUPS, found)
            return found
        norms = doc.norms if len(doc.norms) == len(tokens) else [t.norm for t in tokens]
        n = len(norms)
        trie = _trie(groups, self.common_words)
        new = object.__new__
        for first in compress(count(), map(trie.__contains__, norms)):
            node = trie[norms[first]]
            last = first
            lower = None  # the first token is not capitalised (looked at when needed)
            while True:
                readings = node[0]
                if readings is not None:
                    if node[1] is not readings:  # a lower-case common word is no name
                        if lower is None:
                            lower = not tokens[first].text[:1].isupper()
                        if lower:
                            readings = node[1]
                    colon_s = None  # "USA:s", "Ali's": a genitive as separate tokens follows
                    for name, key, suffix, entries in readings:
                        if not suffix and colon_s is None:
                            colon_s = (
                                last + 2 < n
                                and norms[last + 2] == "s"
                                and norms[last + 1] in _GENITIVE_MARKS
                            )
                        # Match(first, last, key, entries, suffix), its fields stored one by
                        # one: no __init__ frame per match
                        match = new(Match)
                        match.first = first
                        match.key = key
                        match.entries = entries
                        if not suffix and colon_s:
                            match.last = last + 2
                            match.suffix = ":s"
                        else:
                            match.last = last
                            match.suffix = suffix
                        found[name].append(match)
                children = node[2]
                last += 1
                if children is None or last >= n:
                    break
                node = children.get(norms[last])
                if node is None:
                    break
        return found

    def _matches(
        self,
        hits: Iterable[tuple[int, Sequence[tuple[str, str, str]]]],
        entries_of: dict[str, dict[str, tuple[Entry, ...]]],
        text: str,
        index: dict[int, int] | None,
        tokens: tuple | None,
        cased: Container[str],
        found: dict[str, list[Match]],
    ) -> None:
        """Hits ``(end, readings)`` of an automaton (``end``: the space after the form;
        ``readings``: ``(group, key, suffix)`` of the one form found there) as matches, appended
        to ``found[group]`` in the order of the readings.

        A form starts after a space of the joined norms, so its first token's index is the
        number of spaces before it less one; the hits come in text order, so the spaces are
        counted (``str.count``, in C) from the previous hit's start rather than looked up in a
        map of every token's offset, which cost more to build than the whole count. ``index``
        is that map (start → token index) when a norm holds a space (see ``joined_norms``).
        With ``tokens``, a lower-case common word is no match of a group in ``cased`` ("till",
        "bor", "dag" are never names or places in lower case); a genitive written ``:s``/``'s``
        takes its two extra tokens. What depends on the form alone (its tokens, the case of its
        first one, a genitive after it) is worked out once per hit, not once per reading.
        """
        common = self.common_words if tokens is not None else ()
        size = len(text)
        count = text.count
        new = object.__new__
        pos = spaces = 0  # spaces == text.count(" ", 0, pos)
        for end, readings in hits:
            _, key, suffix = readings[0]  # every reading spells the same form: key + suffix
            start = end - len(key) - len(suffix)
            if start > pos:
                spaces += count(" ", pos, start)
            elif start < pos:  # a longer form than the last hit's, starting earlier
                spaces -= count(" ", start, pos)
            pos = start
            first = spaces - 1 if index is None else index.get(start)
            if first is None:
                continue
            last = first + key.count(" ") if " " in key else first
            lower = None  # the first token is not capitalised (looked at when needed)
            colon_s = None  # a genitive written as separate tokens follows (when needed)
            for name, key, suffix in readings:
                if key in common and name in cased:
                    if lower is None:
                        lower = not tokens[first].text[:1].isupper()  # type: ignore[index]
                    if lower:
                        continue
                if not suffix and colon_s is None:
                    # "USA:s", "Ali's": the genitive is written as separate tokens.
                    colon_s = text[end + 1 : end + 4] in (": s", "' s", "’ s") and (
                        end + 4 >= size or text[end + 4] == " "
                    )
                # Match(first, last, key, entries, suffix), its fields stored one by one: no
                # __init__ frame per match
                match = new(Match)
                match.first = first
                match.key = key
                match.entries = entries_of[name][key]
                if not suffix and colon_s:
                    match.last = last + 2
                    match.suffix = ":s"
                else:
                    match.last = last
                    match.suffix = suffix
                found[name].append(match)

    def fuzzy(self, group: str, word: str, max_distance: int | None = None) -> str | None:
        """The closest single-word key of ``group`` to the normalized ``word``, or None.

        Only keys with the same first letter and a length within the distance are compared
        (bucketing keeps this cheap). Distance is optimal string alignment; the default allows
        1 edit for 5–8 letters and 2 for 9 or more; shorter words never match fuzzily.
        """
        n = len(word)
        if max_distance is None:
            if n < 5:
                return None
            max_distance = 1 if n < 9 else 2
        memo_key = (group, word, max_distance)
        hit = self._fuzzy_memo.get(memo_key, _MISSING)
        if hit is not _MISSING:
            return hit  # type: ignore[return-value]
        best: str | None = None
        best_d = max_distance + 1
        best_w = -1.0
        for grp in (self._extras.get(group), self._groups[group]):
            if grp is None:
                continue
            for length in range(n - max_distance, n + max_distance + 1):
                bucket = grp.buckets.get((word[:1], length))
                if not bucket:
                    continue
                # One C-level pass over the bucket; ties are broken by frequency below.
                for key, d, _ in process.extract(
                    word, bucket, scorer=OSA.distance, score_cutoff=max_distance, limit=None
                ):
                    w = max(e.weight for e in grp.entries[key])
                    if d < best_d or (d == best_d and w > best_w):
                        best, best_d, best_w = key, d, w
        if len(self._fuzzy_memo) > 4096:
            self._fuzzy_memo.clear()
        self._fuzzy_memo[memo_key] = best
        return best


_MISSING = object()
# The groups whose lower-case common words are never matches ("till", "bor", "dag"): the ones
# scanned with the document (see Gazetteer.scan).
_CASED_GROUPS = frozenset({"names", "places"})
# The tokens of a genitive written apart ("USA:s", "Ali's"): one of these, then "s".
_GENITIVE_MARKS = (":", "'", "’")


def joined_norms(doc: Document) -> tuple[str, dict[int, int] | None]:
    """The document's token norms joined by spaces, with a space before the first: token
    ``i`` starts after its ``i + 1``-th space. Should a norm hold a space (no tokenizer rule
    makes one), the spaces count no tokens: the map of each token's start to its index comes
    with the text then, else ``None``."""
    norms = doc.norms if len(doc.norms) == len(doc.tokens) else [t.norm for t in doc.tokens]
    text = " " + " ".join(norms)
    if text.count(" ") == len(norms) + (not norms):
        return text, None
    starts = list(accumulate((len(n) + 1 for n in norms), initial=1))[:-1]
    return text, {s: i for i, s in enumerate(starts)}


def _dedupe(entries: list[Entry]) -> tuple[Entry, ...]:
    if len(entries) == 1:
        return (entries[0],)
    seen: dict[tuple, Entry] = {}
    for e in entries:
        seen.setdefault((e.label, e.canonical, e.country, e.kind), e)
    # Heaviest reading first: the frequency approach of seed 003 §3.4.
    return tuple(sorted(seen.values(), key=lambda e: (-e.manual, -e.weight)))
