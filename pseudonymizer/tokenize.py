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
from collections.abc import Iterable
from functools import lru_cache

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


# Token is a frozen dataclass whose generated __init__ costs ~2 µs (nine object.__setattr__
# calls); setting the slots through their descriptors is twice as fast and gives an identical
# object. This is the hottest line of the pipeline (one call per token).
_NEW = object.__new__
_SETTERS = tuple(getattr(Token, name).__set__ for name in Token.__slots__)
assert Token.__slots__ == (
    "start",
    "end",
    "text",
    "lower",
    "norm",
    "is_word",
    "is_digit",
    "is_title",
    "sentence",
), "tokenize._make_token must follow the fields of document.Token"


def _make_token(
    start: int,
    end: int,
    text: str,
    lower: str,
    norm: str,
    is_word: bool,
    is_digit: bool,
    is_title: bool,
    sentence: int,
) -> Token:
    s0, s1, s2, s3, s4, s5, s6, s7, s8 = _SETTERS
    tok = _NEW(Token)
    s0(tok, start)
    s1(tok, end)
    s2(tok, text)
    s3(tok, lower)
    s4(tok, norm)
    s5(tok, is_word)
    s6(tok, is_digit)
    s7(tok, is_title)
    s8(tok, sentence)
    return tok


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
    tokens: list[Token] = []
    append = tokens.append
    sentences: list[tuple[int, int]] = []
    sentence = 0
    first = 0  # index of the first token of the current sentence
    end_pending = False  # the previous token closes the sentence unless more punctuation follows
    last_end = 0
    new = _NEW
    set_start, set_end, set_text, set_lower, set_norm, set_word, set_digit, set_title, set_sent = (
        _SETTERS
    )
    find = text.find

    # Whitespace pieces first (str.split, in C): a piece of letters only, most of an essay,
    # is one word token and needs no regular expression; the others go through _TOKEN_RE.
    # No token crosses whitespace, so tokenizing piece by piece gives the same tokens.
    finditer = _TOKEN_RE.finditer
    pos = 0
    for piece in text.split():
        piece_start = find(piece, pos)
        pos = piece_start + len(piece)
        if piece.isalpha():
            items: Iterable[tuple[int, int, int, str]] = ((piece_start, pos, _WORD, piece),)
        else:
            items = [
                (m.start(), m.end(), m.lastindex, m.group())  # type: ignore[misc]
                for m in finditer(text, piece_start, pos)
            ]
        for start, end, kind, tok in items:
            split_dot = False
            if kind == _WORD and tok[-1] == "." and tok.lower() not in ABBREVIATIONS:
                # Keep the dot only on known abbreviations ("kl."); otherwise it is punctuation.
                end -= 1
                tok = tok[:-1]
                split_dot = True

            # A sentence ends after . ! ? … (a run of them and closing quotes stay with it) and
            # at a line break: titles and list items carry no final dot. (A gap of one space,
            # the common case, holds no line break.)
            if (
                end_pending
                or (start - last_end > 1 or (start > last_end and text[last_end] != " "))
                and find("\n", last_end, start) >= 0
            ) and tokens:
                if not (end_pending and kind == _OTHER and tok in _SENTENCE_TAIL):
                    sentences.append((first, len(tokens)))
                    sentence += 1
                    first = len(tokens)
                    end_pending = False

            lower = tok.lower()
            digit = tok.isdecimal()  # int() can read it (not "²" or "①", which isdigit accepts)
            # Token(...) inlined: the frozen dataclass __init__ costs twice as much (_make_token)
            token = new(Token)
            set_start(token, start)
            set_end(token, end)
            set_text(token, tok)
            set_lower(token, lower)
            set_norm(token, lower if lower.isascii() else normalize(tok))
            set_word(
                token,
                kind <= _WORD or (kind == _NUM and not digit and _has_letter(tok)),
            )
            set_digit(token, digit)
            set_title(token, tok[0].isupper() and not (len(tok) > 1 and tok.isupper()))
            set_sent(token, sentence)
            append(token)
            last_end = end
            if split_dot:
                append(_make_token(end, end + 1, ".", ".", ".", False, False, False, sentence))
                last_end = end + 1
                end_pending = True
            elif kind == _OTHER:
                if tok in _SENTENCE_END:
                    end_pending = True
            elif lower in _MAY_END_SENTENCE:
                # "… och böcker osv. Sen gick vi": ends the sentence only before a capital.
                nxt = _TOKEN_RE.match(text, _skip_space(text, end))
                end_pending = nxt is not None and _is_title(nxt.group())

    if tokens:
        sentences.append((first, len(tokens)))
    sentence_starts = frozenset(s for s, _ in sentences)
    return Document(
        text=text,
        tokens=tuple(tokens),
        sentences=tuple(sentences),
        sentence_starts=sentence_starts,
        lang=lang,
        genre=genre,
    )


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
    # findall returns the strings in C; only a leading run of whitespace needs a Python step
    pieces = _WS_TOKEN_RE.findall(text)
    if not pieces:
        return [text] if text else []
    if text[0].isspace():
        pieces[0] = text[: _LEADING_WS_RE.match(text).end()] + pieces[0]  # type: ignore[union-attr]
    return pieces
