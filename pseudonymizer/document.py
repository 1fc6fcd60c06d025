"""Shared value types of the pipeline: essay text → tokens → candidate spans.

Data flows ``text → Document (tokenize.py) → Candidate (detectors/) → Span (pipeline.py:
resolved, numbered, with pseudonym) → graph (graph.py)``. These types are the contract between
the tokenizer, the detectors and the pipeline; keep them small and immutable. ``Token``,
``Candidate`` and ``Span`` are read-only by contract rather than ``frozen=True``: a pass makes
thousands of them, and a frozen dataclass cannot set its fields with plain attribute stores
(its ``__init__`` costs two to three times as much, even with :func:`fast_init`). Their
equality and hashing are those of a frozen dataclass (by value); never change one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import MISSING, dataclass, field, fields
from typing import Protocol, TypeVar

_T = TypeVar("_T", bound=type)


def fast_init(cls: _T) -> _T:
    """Give a frozen slots dataclass a faster ``__init__`` with the same signature and effect.

    The ``__init__`` that ``dataclass`` writes for a frozen class sets each field with
    ``object.__setattr__`` (a global and an attribute look-up per field): ~1.5 µs for eight
    fields (the gazetteer's entries use this). This one, generated the same
    way (``exec`` of a ``def``), calls each slot's descriptor ``__set__`` directly, three to
    four times faster. Equality, hashing, ``repr`` and frozenness are untouched. Only for classes
    whose fields have plain defaults (no ``default_factory``); apply it after ``@dataclass``.
    """
    names: list[str] = []
    params: list[str] = []
    scope: dict[str, object] = {"_new": object.__new__}
    for f in fields(cls):
        if f.default_factory is not MISSING or not f.init:
            raise TypeError(f"fast_init: field {f.name} of {cls.__name__} needs the dataclass init")
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        names.append(f.name)
    body = "".join(f"    _set_{n}(self, {n})\n" for n in names)
    source = f"def __init__(self, {', '.join(params)}):\n{body}"
    namespace: dict[str, object] = {}
    exec(source, scope, namespace)  # noqa: S102 (generated from the field names, as dataclass does)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    init.__annotations__ = dict(cls.__init__.__annotations__)  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls


@dataclass(slots=True, unsafe_hash=True)
class Token:
    """A fine token: a word, a number or one punctuation mark, with character offsets.

    ``text == doc.text[start:end]``; whitespace is never part of a fine token.
    ``lower`` is the case-folded text, ``norm`` the lower-cased text with diacritics that learners
    often drop or confuse normalized (see tokenize.normalize), used for gazetteer look-ups.

    Read-only by contract (see the module doc): every detector of a pass reads the same tokens.
    """

    start: int
    end: int
    text: str
    lower: str
    norm: str
    is_word: bool  # contains a letter
    is_digit: bool  # only digits
    is_title: bool  # first character upper-case, rest not all upper-case
    sentence: int  # index of the sentence this token belongs to


@dataclass(frozen=True, slots=True)
class Document:
    """An essay as the detectors see it.

    ``tokens`` are the fine tokens in text order. ``sentences`` holds for each sentence the
    half-open range ``(first_token_index, last_token_index + 1)``. ``sentence_starts`` is the set
    of token indices that begin a sentence (capitalisation there is no evidence of a name).
    ``genre`` is the essay's genre when known (e.g. ``narrative``, ``evaluative``), ``lang`` its
    language code (``sv`` or ``da``).

    ``starts``, ``ends``, ``lowers`` and ``norms`` are the tokens' fields as columns
    (``starts[i] == tokens[i].start``): the tokenizer has them anyway, and a stage that needs a
    whole column (a bisect over the starts, a scan of the lower-cased words) takes it from here
    instead of building it again from the tokens. Left out, they are filled from the tokens.
    """

    text: str
    tokens: tuple[Token, ...]
    sentences: tuple[tuple[int, int], ...]
    sentence_starts: frozenset[int]
    lang: str = "sv"
    genre: str | None = None
    starts: tuple[int, ...] = ()
    ends: tuple[int, ...] = ()
    lowers: tuple[str, ...] = ()
    norms: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.tokens and not self.starts:
            for name in ("starts", "ends", "lowers", "norms"):
                column = tuple(getattr(t, name[:-1]) for t in self.tokens)
                object.__setattr__(self, name, column)

    def sentence_tokens(self, sentence: int) -> tuple[Token, ...]:
        first, last = self.sentences[sentence]
        return self.tokens[first:last]

    def window(self, index: int, before: int, after: int) -> tuple[Token, ...]:
        """Tokens around ``tokens[index]`` within the same sentence (the token itself excluded)."""
        first, last = self.sentences[self.tokens[index].sentence]
        lo = max(first, index - before)
        hi = min(last, index + after + 1)
        return self.tokens[lo:index] + self.tokens[index + 1 : hi]


@dataclass(slots=True, unsafe_hash=True)
class Candidate:
    """A detector's proposal: the characters ``text[start:end]`` carry ``label``.

    ``flags`` are morphology and ``foreign`` flags (``gen``, ``def``, ``pl``, ``foreign``).
    ``score`` in 0..1 orders competing proposals for overlapping text (higher wins).
    ``key`` is the normalized form of the entity used to give mentions of the same entity the
    same running number (``Stockholms`` and ``stokholm`` → ``stockholm``); detectors set it
    when they know the base form, otherwise the pipeline normalizes the text.
    ``value`` carries a parsed number where the replacement needs it (age_string "tjugofemm" → 25).
    ``source`` names the detector, for evaluation and debugging.
    """

    start: int
    end: int
    label: str
    flags: frozenset[str] = frozenset()
    score: float = 0.5
    key: str | None = None
    value: int | None = None
    source: str = ""


@dataclass(slots=True, unsafe_hash=True)
class Span:
    """A resolved, numbered annotation as written by ``annotate`` (SPEC §4)."""

    start: int
    end: int
    text: str
    label: str
    flags: tuple[str, ...] = ()
    number: int | None = None
    pseudonym: str = ""
    source: str = ""

    def to_json(self) -> dict:
        return {
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "label": self.label,
            "flags": list(self.flags),
            "number": self.number,
            "pseudonym": self.pseudonym,
        }


class Detector(Protocol):
    """A recognizer in the shape of Presidio's: its labels, and a scan of a document.

    Detectors are constructed once (with the immutable gazetteer they need) and must be pure:
    ``detect`` may be called concurrently from several threads on different documents.
    """

    name: str
    labels: tuple[str, ...]

    def detect(self, doc: Document) -> Iterable[Candidate]: ...


@dataclass(frozen=True, slots=True)
class Options:
    """Per-project settings that change what the pipeline does.

    ``geo_strategy``: ``placeholder`` (strategy (b) of the guideline: A-stad, A-land…) or
    ``real`` (strategy (a): a real name of the same type). ``swedish_city_strategy``:
    ``invented`` (a Swedish-looking invented town) or ``placeholder`` (A-stad).
    ``enabled_optional_labels``: the optional newer labels switched on for the project.
    ``disabled_labels``: labels never to propose. ``genre_profile``: ``auto`` (use the
    genre and first-person cues), ``personal`` (label everything) or ``evaluative``.
    """

    geo_strategy: str = "placeholder"
    swedish_city_strategy: str = "invented"
    enabled_optional_labels: frozenset[str] = frozenset()
    disabled_labels: frozenset[str] = frozenset()
    genre_profile: str = "auto"
    extra: dict = field(default_factory=dict)
