"""What every Danish detector shares: the ``Unit`` proposal, tokens, word predicates, ``resolve``.

A detector reads the text (and its tokens) and proposes ``Unit`` objects; ``resolve`` keeps the
best non-overlapping ones. ``Words`` bundles the lexicon look-ups several detectors ask (is this
a name word, a surname shape, a compound of an ordinary word?).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

import regex

from pseudonymizer.dab.lexicon import DanishLexicon


@dataclass(frozen=True, slots=True)
class Unit:
    """A proposed unit ``text[start:end]``; ``key`` groups mentions of one entity."""

    start: int
    end: int
    label: str
    identifier_type: str
    confidential: str | None = None
    score: float = 0.5
    key: str | None = None
    source: str = ""


# ---------------------------------------------------------------------------------------------
# Tokens

TOKEN_RE = regex.compile(r"[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*|\S")


@dataclass(frozen=True, slots=True)
class Tok:
    start: int
    end: int
    text: str
    sent_start: bool  # first token of a sentence, a line or the text


ABBREV = frozenset({"hr", "fru", "frk", "dr", "kl", "d", "nr", "ca", "bl", "a", "f", "eks", "jf",
                    "st", "mht", "evt", "inkl", "ekskl", "tlf", "mr", "mrs", "ms", "prof", "sankt",
                    "pt", "vedr", "ang", "mv", "osv", "etc", "dvs", "vs", "adm"})


def tokenize(text: str) -> list[Tok]:
    """Words (with inner hyphens/apostrophes), numbers and single punctuation marks."""
    toks: list[Tok] = []
    prev_end = 0
    prev_text = ""
    for m in TOKEN_RE.finditer(text):
        gap = text[prev_end:m.start()]
        # An abbreviation's period ("hr.", "kl.", "d.") does not start a sentence.
        starts = (not toks or prev_text in {"!", "?", ":", "•", "-", "–", "*", "\"", "»", "("}
                  or "\n" in gap
                  or (prev_text == "." and len(toks) >= 2 and toks[-2].text.lower() not in ABBREV
                      and not (len(toks[-2].text) == 1 and toks[-2].text.isupper())))
        toks.append(Tok(m.start(), m.end(), m.group(), starts))
        prev_end = m.end()
        prev_text = m.group()
    return toks


# ---------------------------------------------------------------------------------------------
# Word shapes and closed word classes used by more than one detector

CAPITAL_RE = regex.compile(r"^(?:[dl]['’])?\p{Lu}")
UPPER_RE = regex.compile(r"^[\p{Lu}\d&'’-]+$")
DIGIT_RE = regex.compile(r"\d")
# Atomic: never backtrack into a long digit run ("1.1.1.1…" made the amount patterns explode).
NUM = r"(?>\d+(?:[.,]\d+)*)"
TITLES = frozenset({"hr", "fru", "frk", "dr", "mr", "mrs", "ms", "prof", "professor"})
ROYAL = frozenset({"kong", "dronning", "prins", "prinsesse", "kronprins", "kronprinsesse",
                   "grevinde", "greve", "hertug"})
HOME_COUNTRY = frozenset({"danmark", "denmark", "danmarks"})


def strip_genitive(word: str) -> str:
    """"Søvndals" → "Søvndal", "Jens'" → "Jens" (not "Ross" → "Ros")."""
    if len(word) > 3 and word[-1] in "s'’" and not word.endswith("ss"):
        return word[:-1].rstrip("'’")
    return word


def is_cap(word: str) -> bool:
    """A capitalised word ("Hansen", "d'Acoz"), not a capitalised number or sign."""
    return bool(CAPITAL_RE.match(word)) and any(c.isalpha() for c in word)


class Words:
    """Lexicon predicates on single words, shared by the name, address and org detectors."""

    def __init__(self, lex: DanishLexicon) -> None:
        self.lex = lex

    def is_name_word(self, low: str) -> bool:
        return low in self.lex.first_names or low in self.lex.surnames

    def looks_surname(self, low: str) -> bool:
        return (low in self.lex.surnames
                or (low.endswith(("sen", "sson", "gaard", "gård")) and len(low) > 5
                    and low not in self.lex.common_words))

    def base(self, word: str) -> str:
        """Lower-cased base form: "Claus" stays "claus", "Søvndals" becomes "søvndal"."""
        low = word.lower()
        lex = self.lex
        if self.is_name_word(low) or low in lex.places or low in lex.countries:
            return low
        stripped = strip_genitive(word).lower()
        if stripped != low and (self.is_name_word(stripped) or stripped in lex.places
                                or stripped in lex.countries):
            return stripped
        return stripped if low.endswith(("'", "’")) else low

    def is_place(self, word: str) -> bool:
        low = word.lower()
        return low in self.lex.countries or low in self.lex.places

    def compound_of_common(self, low: str) -> bool:
        """"brugsmodelregistreringen": a Danish compound whose last part is an ordinary word."""
        if len(low) < 8 or len(low) > 40:
            return False  # a 40+ letter "word" is no Danish compound; also bounds the work
        for k in range(3, len(low) - 3):
            tail = low[k:]
            for cut in (tail, tail[:-1], tail[:-2], tail[:-3]):
                if len(cut) >= 4 and cut in self.lex.common_words:
                    return True
        return False


# ---------------------------------------------------------------------------------------------
# Choosing among proposals

_STRENGTH = {"NO_MASK": 0, "QUASI": 1, "DIRECT": 2}


def stronger(a: str, b: str) -> str:
    """The stronger of two identifier types (DIRECT > QUASI > NO_MASK)."""
    return a if _STRENGTH[a] >= _STRENGTH[b] else b


def resolve(cands: list[Unit]) -> list[Unit]:
    """Best non-overlapping units: higher score first, then the longer, then the earlier."""
    order = sorted(cands, key=lambda u: (-u.score, -(u.end - u.start), u.start))
    taken: list[tuple[int, int]] = []
    starts: list[int] = []
    kept: list[Unit] = []
    for u in order:
        if u.end <= u.start:
            continue
        k = bisect_right(starts, u.end - 1) - 1
        if k >= 0 and taken[k][1] > u.start:
            continue
        if k + 1 < len(taken) and taken[k + 1][0] < u.end:
            continue
        taken.insert(k + 1, (u.start, u.end))
        starts.insert(k + 1, u.start)
        kept.append(u)
    kept.sort(key=lambda u: u.start)
    return kept
