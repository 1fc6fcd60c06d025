"""Text → tokens: fine tokens with offsets and sentences, and SVALA whitespace tokens.

Two tokenizations of the same text are needed:

* **fine tokens** (:func:`tokenize`) for the detectors: words, numbers and single punctuation
  marks with character offsets, so that ``Göteborg.`` and ``Ahmed,`` yield the names alone.
  Swedish abbreviations (``t.ex.``, ``bl.a.``, ``kl.``) are one token and do not end a sentence;
* **whitespace tokens** (:func:`whitespace_tokens`) for the SVALA graph: the text split on
  whitespace, every token carrying its trailing whitespace. Joining them gives back the text
  exactly, character for character.

Both are one pass of a compiled regular expression (the speed budget is ~10 µs per token for
the whole pipeline).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import fields
from functools import lru_cache
from itertools import compress, count, repeat
from operator import add, itemgetter, le

from pseudonymizer.document import Document, Token

__all__ = [
    "ABBREVIATIONS",
    "MAY_END_SENTENCE",
    "normalize",
    "tokenize",
    "whitespace_spans",
    "whitespace_tokens",
]

# Swedish abbreviations written with a final dot (lower-case, as typed by learners). Multi-dot
# abbreviations such as "t.ex." are caught by the general pattern as well; this list adds the
# single-dot ones ("kl.", "ca.") whose dot must not end a sentence.
ABBREVIATIONS: frozenset[str] = frozenset(
    """
    t.ex. tex. bl.a. bla. ca. cirka. kl. osv. o.s.v. m.m. d.v.s. dvs. fr.o.m. t.o.m. m.fl.
    p.g.a. pga. e.d. o.d. s.k. resp. etc. jfr. st. nr. tel. tfn. ang. avd. enl. f.d.
    fd. f.ö. forts. f.kr. e.kr. gm. hr. inkl. exkl. jr. kap. kr. mån. tis. ons.
    tors. fre. lör. sön. feb. febr. apr. aug. sep. sept. okt. nov. dec.
    obs. omkr. sek. sid. skr. ss. tim. t.v. t.h. u.a. u.p.a. vs. äv. ev.
    prof. dr. mr. mrs. e.g. i.e. a.m. p.m. o.a. o.dyl. ff. gr. nb. ggr.
    """.split()
)
# Left out on purpose: abbreviations that are also words or names and often end a sentence
# ("boken min.", "en bil.", "Jag heter Jan.", "varje jul.", "en gång."), and single letters
# (initials such as "P.").

# Abbreviations that often close a sentence ("… och böcker osv. Sen gick vi", "Det kostar
# 100 kr. Sedan"): they end the sentence when the next word is capitalised. The others
# ("t.ex.", "kl.") never do.
_MAY_END_SENTENCE: frozenset[str] = frozenset(
    """osv. o.s.v. m.m. etc. m.fl. e.d. o.d. o.dyl. ff. o.a. u.a. kr. st. tim. sek. sid. nr.
    mån. tis. ons. tors. fre. lör. sön. ggr.""".split()
)
#: The abbreviations that end a sentence before a capitalised word (public: the release's XML
#: sentences follow the same rule).
MAY_END_SENTENCE = _MAY_END_SENTENCE

_LETTER = r"[^\W\d_]"  # a Unicode letter (re has no \p{L})
_MARK = "\u0300-\u036f"  # combining diacritics (decomposed input: "e\u0301")
_WORDCH = rf"[^\W_]|[{_MARK}]"

# One alternation, tried left to right at each position:
#  1. multi-dot abbreviations "t.ex.", "d.v.s.", "fr.o.m." (1–4 letters, dot, repeated)
#  2. words: letters/digits with inner hyphens and apostrophes ("A-stad", "Lund's", "ABC123"),
#     optionally followed by a dot that is kept only for known abbreviations (checked below)
#  3. numbers with inner separators "2018-12-01", "14.30", "1 000" is two tokens (space)
#  4. any other non-space character (punctuation, symbols, emoji), one at a time
_TOKEN_RE = re.compile(
    rf"""
    (?P<abbr>(?:{_LETTER}{{1,4}}\.){{2,}}(?!{_LETTER}))
  | (?P<word>(?:{_LETTER}|[{_MARK}])(?:{_WORDCH})*(?:['’\-](?:{_WORDCH})+)*(?:\.)?)
  | (?P<num>\d+(?:[.,:/\-]\d+)*(?:{_LETTER}(?:{_WORDCH})*)?)
  | (?P<other>\S)
    """,
    re.VERBOSE,
)

# Group numbers of _TOKEN_RE (``Match.lastindex``), in the order of the alternation.
_ABBR, _WORD, _NUM, _OTHER = (_TOKEN_RE.groupindex[k] for k in ("abbr", "word", "num", "other"))
assert (_ABBR, _WORD, _NUM, _OTHER) == (1, 2, 3, 4)

_WS_TOKEN_RE = re.compile(r"\S+\s*")
_FINAL_MARKS = frozenset(".,!?")
_LEADING_WS_RE = re.compile(r"\s*")
_SENTENCE_END = frozenset(".!?…")
_SENTENCE_TAIL = frozenset(".!?…\"'”»)]")

# Learners drop or confuse diacritics ("Goteborg", "Malmo", "Åsa"/"Asa"): ``norm`` folds them.
_FOLD = str.maketrans(
    {"ø": "o", "æ": "ä", "ß": "ss", "’": "'", "ð": "d", "þ": "th", "ł": "l", "đ": "d"}
)


@lru_cache(maxsize=200_000)
def normalize(text: str) -> str:
    """Lower-case ``text`` and fold diacritics that learners drop or confuse.

    ``å``, ``ä`` and ``ö`` become ``a``, ``a`` and ``o``; accents go (``é`` → ``e``); ``ø``/``æ``
    are treated like ``ö``/``ä``. Used for gazetteer look-ups and running-number keys.

    >>> normalize("Göteborgs")
    'goteborgs'
    >>> normalize("Åsa")
    'asa'
    """
    lowered = text.lower().translate(_FOLD)
    if lowered.isascii():
        return lowered
    decomposed = unicodedata.normalize("NFD", lowered)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# Words that open a new sentence after a name ending in an initial ("… heter Anna K. Hon bor").
_SENTENCE_OPENERS = frozenset(
    "jag du han hon hen vi ni de den det där här då nu sen sedan men och så hennes hans min "
    "mitt mina vår vårt våra i på en ett efter när om".split()
)


def _is_middle_initial(j: int, texts: list[str], kinds: list[int]) -> bool:
    """The "." at ``j`` closes a one-letter initial between a capitalised name and a
    capitalised word ("Anders P. Holm", "Göran P. Ek"): no sentence ends there."""
    if j < 2 or j + 1 >= len(texts) or texts[j] != ".":
        return False
    letter, before, after = texts[j - 1], texts[j - 2], texts[j + 1]
    return (
        len(letter) == 1 and letter.isupper() and kinds[j - 1] == _WORD
        and kinds[j - 2] == _WORD and _is_title(before) and len(before) > 1
        and kinds[j + 1] == _WORD and _is_title(after) and after.lower() not in _SENTENCE_OPENERS
    )


def _tail(i: int, texts: list[str], kinds: list[int]) -> bool:
    """Token ``i`` is closing punctuation that stays with the sentence before it. (A function
    of its own, not a closure in :func:`tokenize`: its lists stay plain locals there.)"""
    return kinds[i] == _OTHER and texts[i] in _SENTENCE_TAIL


def _is_title(text: str) -> bool:
    return text[:1].isupper() and not (len(text) > 1 and text.isupper())


def tokenize(text: str, *, lang: str = "sv", genre: str | None = None) -> Document:
    """Split ``text`` into fine tokens and sentences.

    Every token satisfies ``text[token.start:token.end] == token.text``; whitespace is never part
    of a token and every non-space character belongs to exactly one token.

    >>> doc = tokenize("Jag bor i Göteborg, t.ex. på Hisingen. Du?")
    >>> [t.text for t in doc.tokens][:6]
    ['Jag', 'bor', 'i', 'Göteborg', ',', 't.ex.']
    >>> len(doc.sentences)
    2
    """
    # 1. Token texts, offsets and kinds. The text is split on single spaces (str.split, in C)
    # and the offset of each part is counted along (no search for it): a part of letters only
    # (str.isalpha: no space, no line break in it), most of an essay, is one word token and
    # needs no regular expression, nor does a word with one final , . ! or ? (not an
    # abbreviation); the others go through _TOKEN_RE. A part that holds other whitespace (a
    # line break, a tab) is split on it first; the empty parts of runs of spaces are skipped.
    # No token crosses whitespace, so tokenizing piece by piece gives the same tokens. The end
    # offsets are added in bulk afterwards.
    starts: list[int] = []
    texts: list[str] = []
    kinds: list[int] = []
    nums: list[int] = []  # indices of the tokens of kind _NUM
    # indices of tokens after which a sentence ends (unless more closing punctuation follows)
    closers: list[int] = []
    add_start, add_text, add_kind = starts.append, texts.append, kinds.append
    finditer = _TOKEN_RE.finditer
    pos = 0  # the offset of the current part
    # (list.append called as a method, not through a bound alias, in the three fast paths:
    # the interpreter specialises that call)
    for part in text.split(" "):
        if part.isalpha():
            starts.append(pos)
            texts.append(part)
            kinds.append(_WORD)
            pos += len(part) + 1
            continue
        part_start = pos
        pos += len(part) + 1
        if not part:
            continue  # between two spaces, or a space at either end of the text
        mark = part[-1]
        if mark in _FINAL_MARKS:
            # "Göteborg," "Malmö." "Ahmed!" (not an abbreviation): the word, then the mark, as
            # _TOKEN_RE would make them; "2014," "2005.": the number, then the mark. (A part
            # of letters or digits and a mark holds no whitespace: no other piece.)
            head = part[:-1]
            if head.isalpha():
                kind = _WORD if mark != "." or part.lower() not in ABBREVIATIONS else None
            else:
                kind = _NUM if head.isdecimal() else None
            if kind is not None:
                if kind == _NUM:
                    nums.append(len(texts))
                starts.append(part_start)
                texts.append(head)
                kinds.append(kind)
                if mark in _SENTENCE_END:
                    closers.append(len(texts))
                starts.append(pos - 2)
                texts.append(mark)
                kinds.append(_OTHER)
                continue
        elif part.isdecimal():  # "123", "2018": one number (\d is str.isdecimal)
            nums.append(len(texts))
            starts.append(part_start)
            texts.append(part)
            kinds.append(_NUM)
            continue
        if part.isprintable():  # no whitespace in it (and no control or format character)
            pieces: tuple | list = ((part, part_start),)
        else:
            pieces = []
            at = part_start
            for piece in part.split():
                at = text.find(piece, at)
                pieces.append((piece, at))
                at += len(piece)
        for piece, piece_start in pieces:
            piece_end = piece_start + len(piece)
            if piece.isalpha():
                add_start(piece_start)
                add_text(piece)
                add_kind(_WORD)
                continue
            mark = piece[-1]
            if (
                mark in _FINAL_MARKS
                and piece[:-1].isalpha()
                and (mark != "." or piece.lower() not in ABBREVIATIONS)
            ):
                # "Göteborg," "Malmö." "Ahmed!": the word, then the mark (as _TOKEN_RE would)
                add_start(piece_start)
                add_text(piece[:-1])
                add_kind(_WORD)
                if mark in _SENTENCE_END:
                    closers.append(len(texts))
                add_start(piece_end - 1)
                add_text(mark)
                add_kind(_OTHER)
                continue
            for m in finditer(text, piece_start, piece_end):
                start, end = m.span()
                tok = m.group()
                kind: int = m.lastindex  # type: ignore[assignment]
                if kind == _WORD and tok[-1] == "." and tok.lower() not in ABBREVIATIONS:
                    # Keep the dot only on known abbreviations ("kl."); otherwise it is
                    # punctuation (a "." token of kind other, which closes the sentence).
                    add_start(start)
                    add_text(tok[:-1])
                    add_kind(_WORD)
                    start = end - 1
                    tok = "."
                    kind = _OTHER
                if kind == _OTHER:
                    if tok in _SENTENCE_END:
                        closers.append(len(texts))
                elif tok.lower() in _MAY_END_SENTENCE:
                    # "… och böcker osv. Sen gick vi": ends the sentence only before a capital.
                    nxt = _TOKEN_RE.match(text, _skip_space(text, end))
                    if nxt is not None and _is_title(nxt.group()):
                        closers.append(len(texts))
                elif kind == _NUM:
                    nums.append(len(texts))
                add_start(start)
                add_text(tok)
                add_kind(kind)
    ends = list(map(add, starts, map(len, texts)))

    n = len(texts)
    if not n:
        return Document(text, (), (), frozenset(), lang=lang, genre=genre)

    # 2. Sentences. One ends after . ! ? … (a run of them and closing quotes stay with it) and
    # at a line break: titles and list items carry no final dot. Only the few closing tokens
    # and line breaks are visited, not every token.
    breaks: set[int] = set()
    pending: set[int] = set()  # tokens reached while a closed sentence waits for its tail
    for j in closers:
        if _is_middle_initial(j, texts, kinds):
            continue  # "Anders P. Holm": the dot of an initial between two names
        i = j + 1
        while i < n and _tail(i, texts, kinds):
            pending.add(i)
            i += 1
        if i < n:
            breaks.add(i)
    find = text.find
    newline = find("\n")
    while newline >= 0:
        i = bisect_right(starts, newline)  # the first token after the line break
        if i >= n:
            break
        if i and not (i in pending and _tail(i, texts, kinds)):
            breaks.add(i)
        newline = find("\n", starts[i])
    bounds = [0, *sorted(breaks), n]
    sentences = tuple(zip(bounds, bounds[1:]))  # noqa: B905 (one shorter on purpose)
    sentence_ids: list[int] = []
    for k, (first, last) in enumerate(sentences):
        sentence_ids += repeat(k, last - first)

    # 3. The other fields. What depends on a token's text alone (lower-cased, norm, digits,
    # title case) is looked up per distinct text in a process-wide table (an essay's words
    # recur, within it and across essays), the Token objects take them from there, and the
    # document's lowers and norms columns are picked out in C.
    fields_of = list(map(_TEXT_FIELDS.__getitem__, texts))
    # a word (is_word) is a token of kind abbr or word, or a number token with a letter and
    # not only digits ("3a", "1990-talet"): the number tokens, few, are visited alone
    words = list(map(le, kinds, repeat(_WORD)))  # kind <= _WORD (operator.le: a fast call)
    for i in nums:
        words[i] = not fields_of[i][2] and _has_letter(texts[i])
    tokens = _tokens(starts, ends, texts, fields_of, words, sentence_ids)
    lowers = tuple(map(_LOWER, fields_of))
    norms = tuple(map(_NORM, fields_of))
    return Document(
        text=text,
        tokens=tokens,
        sentences=sentences,
        sentence_starts=frozenset(bounds[:-1]),
        lang=lang,
        genre=genre,
        starts=tuple(starts),
        ends=tuple(ends),
        lowers=lowers,
        norms=norms,
    )


class _TextFields(dict):
    """token text → (lower-cased, norm, only decimal digits, title case), filled on first look-up
    (``__missing__``: a hit stays a C-level dict look-up); cleared when full."""

    __slots__ = ()

    def __missing__(self, text: str) -> tuple[str, str, bool, bool]:
        fields = _text_fields(text)
        if len(self) >= _TEXT_FIELDS_MAX:
            self.clear()
        self[text] = fields
        return fields


_TEXT_FIELDS = _TextFields()
_TEXT_FIELDS_MAX = 50_000  # a few MB at most


def _text_fields(text: str) -> tuple[str, str, bool, bool]:
    """The fields of a token that follow from its text: ``lower``, ``norm``, ``is_digit``
    (``str.isdecimal``: what int() reads, not "²" or "①") and ``is_title`` (first character
    upper-case, the rest not all capitals)."""
    lower = text.lower()
    return (
        lower,
        lower if lower.isascii() else normalize(text),
        text.isdecimal(),
        text[0].isupper() and not (len(text) > 1 and text.isupper()),
    )


def _tokens(
    starts: list[int],
    ends: list[int],
    texts: list[str],
    fields_of: list[tuple[str, str, bool, bool]],
    words: list[bool],
    sentence_ids: list[int],
) -> tuple[Token, ...]:
    """The Token objects, made by ``object.__new__`` (mapped in C, no call per token in the
    loop) and nine slot stores in one loop (the text fields from ``_text_fields``): calling
    ``Token`` runs its ``__init__`` through ``type.__call__`` and a Python frame per token, a
    sixth more instructions. The same objects (Token has no ``__post_init__``; keep this in
    step with its fields)."""
    out = list(map(object.__new__, repeat(Token, len(texts))))  # the empty objects, in C
    rows = zip(out, starts, ends, texts, fields_of, words, sentence_ids)  # noqa: B905
    for token, start, end, text, (lower, norm, is_digit, is_title), is_word, sentence in rows:
        token.start = start
        token.end = end
        token.text = text
        token.lower = lower
        token.norm = norm
        token.is_word = is_word
        token.is_digit = is_digit
        token.is_title = is_title
        token.sentence = sentence
    return tuple(out)


_LOWER = itemgetter(0)
_NORM = itemgetter(1)


# _tokens sets these fields, in this order: a change of Token must change it too
assert [f.name for f in fields(Token)] == [
    "start", "end", "text", "lower", "norm", "is_word", "is_digit", "is_title", "sentence"
]


def _has_letter(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def _skip_space(text: str, pos: int) -> int:
    n = len(text)
    while pos < n and text[pos].isspace():
        pos += 1
    return pos


def whitespace_spans(text: str) -> list[tuple[int, int]]:
    """Character ranges of the SVALA source tokens of ``text`` (see :func:`whitespace_tokens`)."""
    spans = [m.span() for m in _WS_TOKEN_RE.finditer(text)]
    if not spans:
        # Empty text has no token; whitespace-only text is one token so nothing is lost.
        return [(0, len(text))] if text else []
    if spans[0][0] > 0:
        # Leading whitespace is glued to the first token (as SVALA and parallel-corpus do).
        spans[0] = (0, spans[0][1])
    return spans


def whitespace_tokens(text: str) -> list[str]:
    """Split ``text`` on whitespace; each token keeps its trailing whitespace.

    Leading whitespace of the text is kept at the start of the first token, like the SVALA editor
    and ``parallel_corpus`` do; unlike them no space is appended to the last token, so
    ``"".join(whitespace_tokens(text)) == text`` always holds. A whitespace-only text is a single
    token, an empty text has none.

    >>> whitespace_tokens("  Jag bor i London, nu.\\n")
    ['  Jag ', 'bor ', 'i ', 'London, ', 'nu.\\n']
    """
    if text.replace("\n", " ").isprintable():
        # No other whitespace than spaces and line breaks (nor a NUL): a NUL put after each
        # of them and a split there give every token with one whitespace character after it,
        # or whitespace alone where a run of whitespace goes on; those few are glued to the
        # token before them (or, at the start of the text, after them). All in C but the
        # glueing: the regular expression below cost a seventh of build_graph.
        pieces = text.replace(" ", " \0").replace("\n", "\n\0").split("\0")
        if not pieces[-1]:
            pieces.pop()  # the text ends with whitespace (or is empty)
        if " " not in pieces and "\n" not in pieces:
            return pieces  # no whitespace alone (the usual case: list searches, in C)
        for k in reversed(list(compress(count(), map(str.isspace, pieces)))):
            if k:
                pieces[k - 1] += pieces[k]
                del pieces[k]
            elif len(pieces) > 1:
                pieces[1] = pieces[0] + pieces[1]  # leading whitespace
                del pieces[0]
        return pieces
    # findall returns the strings in C; only a leading run of whitespace needs a Python step
    pieces = _WS_TOKEN_RE.findall(text)
    if not pieces:
        return [text] if text else []
    if text[0].isspace():
        pieces[0] = text[: _LEADING_WS_RE.match(text).end()] + pieces[0]  # type: ignore[union-attr]
    return pieces
