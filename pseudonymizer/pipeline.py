"""The whole automatic pass for one essay: ``annotate(text) -> Result``.

tokenize → every detector → genre profile filter (``pseudonymizer.profiles``, when present) →
overlap resolution (higher score, then longer span, then earlier span, then the earlier detector
wins; spans trimmed of surrounding space and punctuation) → running numbers → pseudonyms → SVALA
graph.

>>> r = annotate("Ring mig på 070-123 45 67 eller mejla anna@example.se.", seed="e1")
>>> [(s.text, s.label, s.number) for s in r.spans]
[('070-123 45 67', 'phone_nr', 1), ('anna@example.se', 'email', 2)]
>>> r.target
'Ring mig på 000-000 00 00 eller mejla email@dot.com.'
"""

from __future__ import annotations

import gc
import importlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter

from rapidfuzz.distance import Levenshtein

from pseudonymizer.detectors import build_detectors
from pseudonymizer.detectors.geo import join_institution_places
from pseudonymizer.detectors.common import TokenIndex
from pseudonymizer.document import Candidate, Detector, Document, Options, Span
from pseudonymizer.graph import build_graph, build_target
from pseudonymizer.numbering import Numberer, entity_key
from pseudonymizer.replace import Replacer
from pseudonymizer.taxonomy import LABELS
from pseudonymizer.tokenize import tokenize

__all__ = ["Result", "annotate", "get_detectors", "resolve"]

# Characters trimmed from both ends of a span ("London," → "London", "(Malmö)" → "Malmö").
_TRIM = " \t\n\r\f\v\u00a0,;:!?\"'()[]{}«»“”‘’„<>*"
# Labels whose final dot belongs to them ("A.K.", e-mail and URLs are trimmed by their detector).
_KEEP_FINAL_DOT = frozenset({"initials"})


@dataclass(frozen=True, slots=True)
class Result:
    """What :func:`annotate` returns; ``to_json`` gives the SPEC §4 output object.

    ``graph`` (the SVALA graph of SPEC §3) is built from ``text`` and ``spans`` when it is
    first asked for, then kept: a pass that only needs the spans and the target text (an
    evaluation, a count) does not pay for it (it was a seventh of the pass: five small
    containers per token). ``target`` is computed without it, the same text.
    """

    text: str
    spans: list[Span]
    target: str
    _graph: dict | None = field(default=None, repr=False, compare=False)
    lang: str = "sv"
    genre: str | None = None
    candidates: list[Candidate] = field(default_factory=list)

    @property
    def graph(self) -> dict:
        """The SVALA graph of ``text`` with ``spans`` applied (built on first use)."""
        graph = self._graph
        if graph is None:
            graph = _without_gc(build_graph, self.text, self.spans)
            object.__setattr__(self, "_graph", graph)  # a cache, not a change of value
        return graph

    def to_json(self, id: object = None) -> dict:  # noqa: A002 (the SPEC's field name)
        """``{"id", "text", "spans", "target", "graph"}`` (``id`` only when given)."""
        out: dict = {}
        if id is not None:
            out["id"] = id
        out["text"] = self.text
        out["spans"] = [span.to_json() for span in self.spans]
        out["target"] = self.target
        out["graph"] = self.graph
        return out


def _without_gc(func: Callable, *args: object) -> object:
    """``func(*args)`` with the cyclic garbage collector paused (see :func:`annotate`); a
    plain function with try/finally rather than a context manager: no generator per call."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return func(*args)
    finally:
        if was_enabled:
            gc.enable()


# --- detectors, built once per (gazetteer, options) per process

_CACHE: OrderedDict[tuple, tuple[object, tuple[Detector, ...]]] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 16
_MISSING = object()
_optional_modules: dict[str, object] = {}
# gazetteer id → (gazetteer, detectors) for the default options
_DEFAULT_DETECTORS: dict[int, tuple[object, tuple[Detector, ...]]] = {}


def _optional(name: str) -> object | None:
    """Import a module written by another part of the project, or None while it does not exist."""
    module = _optional_modules.get(name, _MISSING)
    if module is _MISSING:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise  # the module exists but one of its imports is broken: say so
            module = None
        _optional_modules[name] = module
    return module  # type: ignore[return-value]


_frozen = threading.Event()


def default_gazetteer() -> object | None:
    """``pseudonymizer.gazetteer.Gazetteer.default()``, or None when that module is absent.

    After the first load the process's objects are moved out of the garbage collector's reach
    (``gc.freeze()``): the gazetteer is large and immutable and lives as long as the process;
    without this every full collection walks it again, which cost a third of the run time.
    """
    module = _optional("pseudonymizer.gazetteer")
    if module is None:
        return None
    gazetteer = module.Gazetteer.default()  # type: ignore[attr-defined]
    if not _frozen.is_set():
        _frozen.set()
        gc.freeze()
    return gazetteer


_DEFAULT_OPTIONS = Options()


def get_detectors(gazetteer: object | None, options: Options) -> tuple[Detector, ...]:
    """The detectors for ``gazetteer`` and ``options``, built on first use and cached."""
    if options is _DEFAULT_OPTIONS:
        # annotate() without options: no repr of the options per essay
        hit = _DEFAULT_DETECTORS.get(id(gazetteer))
        if hit is not None and hit[0] is gazetteer:
            return hit[1]
        detectors = get_detectors(gazetteer, Options())
        if len(_DEFAULT_DETECTORS) > _CACHE_SIZE:
            _DEFAULT_DETECTORS.clear()
        _DEFAULT_DETECTORS[id(gazetteer)] = (gazetteer, detectors)
        return detectors
    key = (id(gazetteer), repr(options))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None and hit[0] is gazetteer:
            _CACHE.move_to_end(key)
            return hit[1]
    detectors = build_detectors(gazetteer, options)
    with _CACHE_LOCK:
        # the gazetteer is kept in the entry so its id cannot be reused while cached
        _CACHE[key] = (gazetteer, detectors)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return detectors


# --- resolution


def _trim(text: str, cand: Candidate) -> Candidate | None:
    start, end = cand.start, cand.end
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and (
        text[end - 1] in _TRIM or (text[end - 1] == "." and cand.label not in _KEEP_FINAL_DOT)
    ):
        end -= 1
    while start < end and text[start] == ".":
        start += 1
    if start >= end:
        return None
    if (start, end) == (cand.start, cand.end):
        return cand
    return Candidate(
        start, end, cand.label, cand.flags, cand.score, cand.key, cand.value, cand.source
    )


_START_END = attrgetter("start", "end")
_START = attrgetter("start")
_GEO_LABELS = frozenset({"country", "city", "region", "area", "place", "geo"})
_SWEDEN = ("sverige", "sweden")


def _is_sweden(mention: str) -> bool:
    """``Sverige`` and the ways learners spell it (``Sverie``, ``sverje``, ``Svärige``)."""
    key = entity_key(mention)
    if not key.startswith(("sv", "sw")) or len(key) > 9:
        return False
    if key.endswith("s"):
        key = key[:-1]  # genitive
    limit = 2 if len(key) >= 6 else 1
    return any(Levenshtein.distance(key, form, score_cutoff=limit) <= limit for form in _SWEDEN)


_ALLOWED: dict[tuple[frozenset[str], frozenset[str]], frozenset[str]] = {}


def _allowed(options: Options) -> frozenset[str]:
    """The labels ``options`` lets through (computed once per setting, not once per essay)."""
    key = (options.disabled_labels, options.enabled_optional_labels)
    allowed = _ALLOWED.get(key)
    if allowed is None:
        allowed = frozenset(
            name
            for name, info in LABELS.items()
            if info.kind == "main"
            and name not in options.disabled_labels
            and (not info.optional or name in options.enabled_optional_labels)
        )
        if len(_ALLOWED) > 64:
            _ALLOWED.clear()
        _ALLOWED[key] = allowed
    return allowed


def resolve(
    text: str, candidates: Iterable[Candidate], options: Options | None = None
) -> list[Candidate]:
    """Non-overlapping candidates sorted by start.

    Candidates are trimmed of surrounding whitespace and punctuation, labels that are disabled
    (or optional and not enabled) are dropped, and of overlapping candidates the one with the
    higher score wins, then the longer one, then the earlier one. On a full tie (the same
    words, the same score) the earlier proposal wins: the detectors' order in
    ``build_detectors`` (names before places before institutions, markup and the fallback) is
    the last preference, and a detector's own earlier proposal beats its later one.

    Measured on the thirteen training sets (``benchmarks/resolve_losses.py``), this order
    loses 24 of 260 missed gold spans; every pair of detector proposals it resolves wrongly is
    resolved rightly at least as often, or occurs once, so no pair has a rule of its own here:
    a wrong winner's score belongs to its detector.
    """
    allowed = _allowed(options or Options())
    trimmed = []
    for cand in candidates:
        if cand.label not in allowed:
            continue
        kept = _trim(text, cand)
        if kept is None:
            continue
        if kept.label in _GEO_LABELS and _is_sweden(text[kept.start : kept.end]):
            continue  # Sweden is never labelled (SPEC §2), however it is spelled
        trimmed.append(kept)
    # Overlaps are resolved cluster by cluster (a cluster is a run of candidates that overlap
    # one another transitively): candidates in different clusters never compete, so the greedy
    # choice by priority inside each small cluster equals the global one, in linear time.
    trimmed.sort(key=_START_END)  # (c.start, c.end), made in C
    chosen: list[Candidate] = []
    cluster: list[Candidate] = []
    cluster_end = -1
    for cand in trimmed:
        if cluster and cand.start >= cluster_end:
            chosen.extend(_pick(cluster))
            cluster = []
        cluster.append(cand)
        cluster_end = max(cluster_end, cand.end) if len(cluster) > 1 else cand.end
    if cluster:
        chosen.extend(_pick(cluster))
    return chosen


def _pick(cluster: list[Candidate]) -> list[Candidate]:
    """Greedy choice by score, then length, then position, then proposal order (``sorted`` is
    stable and the cluster is in (start, end, proposal) order); returned sorted by start."""
    if len(cluster) == 1:
        return cluster
    kept: list[Candidate] = []
    for cand in sorted(cluster, key=lambda c: (-c.score, -(c.end - c.start), c.start)):
        if all(cand.end <= k.start or cand.start >= k.end for k in kept):
            kept.append(cand)
    kept.sort(key=_START)
    return kept


def _filter_profile(
    doc: Document, candidates: list[Candidate], options: Options
) -> list[Candidate]:
    profiles = _optional("pseudonymizer.profiles")
    if profiles is None:
        return candidates
    return list(profiles.filter_candidates(doc, candidates, options))  # type: ignore[attr-defined]


def annotate(
    text: str,
    *,
    lang: str = "sv",
    genre: str | None = None,
    seed: object = None,
    options: Options | None = None,
    gazetteer: object | None = None,
    keep_candidates: bool = False,
) -> Result:
    """Pre-pseudonymize one essay.

    ``seed`` fixes the random choices (the same text, seed and options always give the same
    output); ``None`` uses the text itself as seed. ``gazetteer=None`` uses the default
    gazetteer, loaded once per process. ``keep_candidates`` keeps every detector proposal in
    ``Result.candidates`` (for debugging and evaluation).
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    # The cyclic garbage collector is paused for the pass. A pass allocates hundreds of
    # thousands of small containers (tokens, candidates, graph dicts) and creates no reference
    # cycles; the collector would walk the growing graph again and again (it cost two thirds of
    # the graph building on a 1 MB text). Plain reference counting still frees everything; the
    # collector is switched back on afterwards only if it was on.
    result = _without_gc(_annotate, text, lang, genre, seed, options, gazetteer, keep_candidates)
    if not _warm.is_set() and _frozen.is_set():
        _freeze_after_first_pass()
    return result


_warm = threading.Event()


def _freeze_after_first_pass() -> None:
    """Move the detectors out of the garbage collector's reach, once per process.

    Like the gazetteer (see :func:`default_gazetteer`, which froze the process's objects when
    it was loaded), the detectors and the tables they build on first use are large, immutable
    and live as long as the process, but they are made after that first freeze: every full
    collection walked them again (tens of thousands of objects, a few per cent of the run
    time). Done only in a process that loaded the default gazetteer, after its first pass.
    """
    with _CACHE_LOCK:
        if _warm.is_set():
            return
        _warm.set()
        gc.freeze()


def _annotate(
    text: str,
    lang: str,
    genre: str | None,
    seed: object,
    options: Options | None,
    gazetteer: object | None,
    keep_candidates: bool,
) -> Result:
    options = options or _DEFAULT_OPTIONS
    if gazetteer is None:
        gazetteer = default_gazetteer()
    doc = tokenize(text, lang=lang, genre=genre)
    proposals: list[Candidate] = []
    for detector in get_detectors(gazetteer, options):
        proposals.extend(detector.detect(doc))
    proposals = _filter_profile(doc, proposals, options)
    chosen = resolve(text, proposals, options)
    chosen = join_institution_places(text, chosen, gazetteer)

    spans = _spans(text, chosen, seed, options, gazetteer)
    forget = getattr(gazetteer, "forget", None)
    if forget is not None:
        forget(doc)  # its scans are of no further use
    TokenIndex.forget(doc)
    # the graph is built when asked for (Result.graph); the target text needs only the spans
    return Result(
        text, spans, build_target(text, spans), None, lang, genre,
        proposals if keep_candidates else [],
    )


def _spans(
    text: str, chosen: list[Candidate], seed: object, options: Options, gazetteer: object | None
) -> list[Span]:
    """The spans of the resolved candidates: running numbers, then pseudonyms."""
    numberer = Numberer(is_known_name=_known_name_check(gazetteer))
    numbered = []
    for cand in chosen:
        info = LABELS[cand.label]
        mention = text[cand.start : cand.end]
        number = None
        if info.numbered:
            number = numberer.number(cand.label, cand.key or entity_key(mention))
        numbered.append((cand, mention, number))

    replacer = Replacer(text if seed is None else seed, options)
    replacer.plan((c.label, c.flags, n, m) for c, m, n in numbered)  # texts: never the original
    spans = []
    for cand, mention, number in numbered:
        # only the flags the label allows (a detector's "foreign" on a country would break the
        # rules of SPEC §2); area is always foreign
        allowed = LABELS[cand.label].allowed_flags
        if cand.label == "area":
            flags = _ordered_flags({*cand.flags, "foreign"} & set(allowed))
        elif cand.flags:
            flags = _ordered_flags(f for f in cand.flags if f in allowed)
        else:
            flags = ()  # nine spans in ten: nothing to filter or order
        pseudonym = replacer.pseudonym(cand.label, flags, number, mention, cand.value)
        spans.append(
            Span(cand.start, cand.end, mention, cand.label, flags, number, pseudonym, cand.source)
        )
    return spans


def _known_name_check(gazetteer: object | None) -> Callable[[str], bool] | None:
    lookup = getattr(gazetteer, "lookup", None)
    if lookup is None:
        return None
    return lambda key: bool(lookup("names", key))


_FLAG_ORDER = {"foreign": 0, "gen": 1, "def": 2, "pl": 3}


def _ordered_flags(flags: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(flags, key=lambda f: (_FLAG_ORDER.get(f, 9), f)))
