"""Detector for ages (guideline §3.5): ``age_digits`` and ``age_string``.

A number is an age only in an age context: ``18 år gammal``, ``jag är 18 (år)``, ``fyller 18``,
``fyllde 18``, ``blev 18 år``, ``18-åring``, ``18 års ålder``, ``när jag var 12``,
``min 18:e födelsedag``. Durations (``för 5 år sedan``, ``i 5 år``) do not fire. Number words
(``nitton``, ``tjugofem``) are read exactly or — only in such a context — by fuzzy matching with
rapidfuzz, so misspellings like ``niotton`` or ``tjugofemm`` are labelled ``age_string`` with
their value (``Candidate.value``) for the replacement.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from pseudonymizer.detectors import context as cx
from pseudonymizer.detectors.common import Words
from pseudonymizer.document import Candidate, Document, Token

__all__ = ["AgeDetector", "parse_number_word"]

_UNITS = {
    "en": 1,
    "ett": 1,
    "två": 2,
    "tre": 3,
    "fyra": 4,
    "fem": 5,
    "sex": 6,
    "sju": 7,
    "åtta": 8,
    "nio": 9,
}
_TEENS = {
    "tio": 10,
    "elva": 11,
    "tolv": 12,
    "tretton": 13,
    "fjorton": 14,
    "femton": 15,
    "sexton": 16,
    "sjutton": 17,
    "arton": 18,
    "aderton": 18,
    "nitton": 19,
}
_TENS = {
    "tjugo": 20,
    "tjugu": 20,
    "tjugi": 20,
    "trettio": 30,
    "tretti": 30,
    "fyrtio": 40,
    "förtio": 40,
    "fyrti": 40,
    "förti": 40,
    "femtio": 50,
    "femti": 50,
    "sextio": 60,
    "sexti": 60,
    "sjuttio": 70,
    "sjutti": 70,
    "åttio": 80,
    "åtti": 80,
    "nittio": 90,
    "nitti": 90,
}


def _all_number_words() -> dict[str, int]:
    words = dict(_UNITS)
    words.update(_TEENS)
    for tens, value in _TENS.items():
        words[tens] = value
        for unit, u in _UNITS.items():
            words[tens + unit] = value + u
    words["hundra"] = words["etthundra"] = 100
    return words


NUMBER_WORDS: dict[str, int] = _all_number_words()
# Fuzzy reading only for words long enough to be a misspelled number rather than another word
# ("tre" is 1 edit from "tro", "sex" from "sez"): five letters and more.
_FUZZY_KEYS: tuple[str, ...] = tuple(w for w in NUMBER_WORDS if len(w) >= 5)


@lru_cache(maxsize=4096)
def parse_number_word(word: str, *, fuzzy: bool = False) -> int | None:
    """The value of a Swedish number word 1–100 (``"tjugofem"`` → 25), or None.

    With ``fuzzy=True`` misspelled words are read by the closest number word within one edit
    (two for words of seven letters or more): ``"niotton"`` → 19, ``"tjugofemm"`` → 25.
    """
    word = word.lower().replace("-", "")
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if not fuzzy or len(word) < 5 or not word.isalpha():
        return None
    limit = 1 if len(word) < 7 else 2
    best = process.extractOne(word, _FUZZY_KEYS, scorer=Levenshtein.distance, score_cutoff=limit)
    return NUMBER_WORDS[best[0]] if best else None


_SUBJECTS = frozenset(
    """
    jag du han hon hen vi ni de dom mamma pappa mor far bror brorsan syster systern son sonen
    dotter dottern barnet barn kusin kusinen farmor farfar mormor morfar fru frun man mannen
    make maken sambo sambon flickvän pojkvän kompis vän väninna lillebror lillasyster storebror
    storasyster tvillingar tvillingarna barnen sönerna döttrarna mamman pappan
    granne grannen kollega kollegan chef chefen lärare läraren kompisen vännen
    """.split()
) | cx.FAMILY_MALE | cx.FAMILY_FEMALE  # "min svärfar är 80 år", "farmor blev 92"
# "en fjortonåring", "tjugoåringen": a number word and -åring in one token.
# Only the nouns: "en treårig utbildning" is a duration, not somebody's age.
_AGE_COMPOUND_TAILS = ("åring", "åringen", "åringar", "åringarna")
_BE = frozenset({"är", "var", "blev", "blir", "e", "va"})
_FILL = frozenset({"fyller", "fyllde", "fyllt", "fylla", "fyllda", "fylld"})
_OLD = frozenset({"gammal", "gamla", "gammalt", "ung", "unga", "ungt", "old", "gammel"})
# "en fyrtiofemårig kvinna": the adjective before a noun for a person.
_AGE_ADJECTIVE_TAILS = ("årig", "årige", "åriga")
# "morfars åttioårsdag", "min femtioårsfest": a birthday compound after one person's
# possessive ("vår tioårsdag" may be a wedding anniversary: not read).
_BIRTHDAY_TAILS = ("årsdag", "årsdagen", "årsfest", "årsfesten", "årskalas", "årskalaset")
_ONE_OWNER = frozenset("min mitt din ditt hans hennes sin sitt".split())
_AGE_TAILS = _AGE_COMPOUND_TAILS + _AGE_ADJECTIVE_TAILS + _BIRTHDAY_TAILS
_PERSON_NOUNS = frozenset(
    "kvinna kvinnan man mannen pojke pojken flicka flickan tjej tjejen kille killen son "
    "sonen dotter dottern barn barnet bror brodern syster systern mamma pappa mor far "
    "elev eleven student studenten person personen invandrare flykting pensionär".split()
)
_PLURAL_PEOPLE = frozenset(
    "barn barnen söner sönerna döttrar döttrarna bröder bröderna systrar systrarna "
    "syskon syskonen tvillingar tvillingarna kusiner kusinerna".split()
)
_GENERIC_OWNERS = frozenset("min din hennes hans vår er deras sin".split())


# "en vanlig tolvåring", "varje sjuåring": a typical person of an age, nobody's age.
_TYPICAL = frozenset("vanlig vanliga typisk typiska genomsnittlig genomsnittliga varje".split())


def _named_subject_opens(tokens: tuple[Token, ...], i: int) -> bool:
    """The sentence of ``tokens[i]`` opens with a person: a pronoun or a capitalised name
    (not a sentence-opening adverb), the subject of "… och är N år"."""
    k = i
    sentence = tokens[i].sentence
    while k > 0 and tokens[k - 1].sentence == sentence:
        k -= 1
    head = tokens[k]
    if head.lower in ("min", "mitt", "mina", "vår", "våra") and k + 1 < len(tokens):
        head = tokens[k + 1]  # "Min son har börjat skolan och är sju år"
        return head.lower in _SUBJECTS
    return head.lower in _SUBJECTS or (
        head.is_word and head.is_title and head.lower not in _OPENING_ADVERBS
        and not head.lower.endswith(("et", "en", "an", "na", "or", "er", "ar"))
    )  # a name ("Lujain"), not a definite noun ("Huset", "Skolan", "Husen")


def _after_names(tokens: tuple[Token, ...], k: int) -> int:
    """The index after up to two capitalised words from ``k`` in the sentence ("min son Ivar
    Leopold sju år" → the index of "sju")."""
    n = len(tokens)
    for _ in range(2):
        if k < n and tokens[k].is_title and tokens[k].is_word and \
                tokens[k].sentence == tokens[k - 1].sentence:
            k += 1
    return k


def _apposition_digits(tokens: tuple[Token, ...], i: int) -> bool:
    """``tokens[i]`` is the comma of "min kusin Tarik, 19, …" / "Min pappa, 58, …": a
    relative (with or without a name) and a bare number closed by a comma."""
    n = len(tokens)
    if i < 2 or i + 2 >= n or not tokens[i + 1].is_digit or tokens[i + 2].text != "," or \
            len(tokens[i + 1].text) > 3 or tokens[i + 2].sentence != tokens[i].sentence:
        return False
    who = tokens[i - 1]
    if who.is_title and who.is_word and who.lower not in _SUBJECTS:
        who = tokens[i - 2]  # the relative before the name
    return who.lower in _SUBJECTS and who.lower not in _ONE_PERSON and \
        who.lower not in ("vi", "ni", "de", "dom") and who.sentence == tokens[i].sentence


def _one_owner(tok: Token) -> bool:
    """``tok`` names the one person a birthday belongs to: "min", "hennes", "farmors",
    "Annas" (a relative's or a name's genitive)."""
    low = tok.lower
    if low in _ONE_OWNER:
        return True
    if not (tok.is_word and low.endswith("s") and len(low) > 2):
        return False
    return low[:-1] in _SUBJECTS or low[:-1] in _PERSON_NOUNS or tok.is_title


def _generic_man(doc: Document, i: int) -> bool:
    """A sentence about people in general with the pronoun ``man`` and no word for the
    writer: "I USA får man köra bil redan som sextonåring"."""
    tokens = doc.tokens
    first, last = doc.sentences[tokens[i].sentence]
    generic = False
    for k in range(first, last):
        low = tokens[k].lower
        if low in cx.FIRST_PERSON:
            return False
        if low == "man" and not (k > first and tokens[k - 1].lower in _GENERIC_OWNERS):
            generic = True
    return generic


_AGE_NOUNS_AFTER_DASH = ("åring", "årig", "årige", "åriga", "årsdag", "årsdagen", "årsåldern")
_TRIGGER_KIND: dict[str, str] = {
    "år": "years",
    "års": "years",
    "ålder": "age_word",
    "åldern": "age_word",
}
_TRIGGER_KIND.update(dict.fromkeys(("födelsedag", "födelsedagen", "årsdag"), "birthday"))
_TRIGGER_KIND.update(dict.fromkeys(_FILL, "fill"))
_TRIGGER_KIND.update(dict.fromkeys(_BE, "be"))
_TRIGGER_KIND.update(
    dict.fromkeys(
        (p + s for p in _AGE_NOUNS_AFTER_DASH for s in ("", "en", "ar", "arna", "s")), "dash_noun"
    )
)
_TRIGGER_WORDS = Words.track(_TRIGGER_KIND)  # every key of _TRIGGER_KIND
_COMMAS = Words.track([","])  # "Min kusin Tarik, 19, spelar": an age in apposition
_COMPARATIVES = frozenset("äldre yngre mer mindre".split())
_DURATION_AFTER = frozenset(
    {"sedan", "sen", "kvar", "senare", "tidigare", "till", "i", "på", "efter", "innan",
     "lång", "långa", "långt", "borta", "hemma"}
)
# Adverbs that open a sentence before an inverted verb ("Nu är Mariam fyra år").
_OPENING_ADVERBS = frozenset(
    "nu då idag igår imorgon sedan sen där här det detta så också snart redan i på "
    "efter förra nästa samma hemma där".split()
)
# The unit after an age: years, and months/weeks of a baby ("hon är bara fyra månader").
_AGE_UNITS = frozenset("år års månader månad veckor vecka".split())
# Hedges between the verb and the number: "hon är bara ett år", "jag är nästan trettio".
_HEDGES = frozenset(
    "bara endast nästan snart redan nu ungefär cirka runt typ just också ju då"
    .split()
)


def _split_tens(tokens: tuple[Token, ...], j: int) -> tuple[int, int]:
    """The token range of a number written in two words: ``tjugo fem`` (learners often split
    the compound); ``(j, j)`` for a single word."""
    low = tokens[j].lower
    if low in _TENS and j + 1 < len(tokens) and tokens[j + 1].lower in _UNITS and \
            tokens[j + 1].sentence == tokens[j].sentence:
        return j, j + 1
    if low in _UNITS and j > 0 and tokens[j - 1].lower in _TENS and \
            tokens[j - 1].sentence == tokens[j].sentence:
        return j - 1, j
    return j, j


def _may_open_age_after_be(tok: Token) -> bool:
    """``tok``, right after "är/var/blev", can open what ``_after_be`` reads as an age: a
    number (digits, a number word, or a word a misspelt number may be: five letters or more,
    or with a hyphen; see ``parse_number_word``), a hedge ("bara"), a subject ("jag") or a
    name. Every age it finds starts with one of them right after the verb."""
    low = tok.lower
    return tok.is_digit or tok.is_title or low in _AFTER_BE_OPENERS or (
        tok.is_word and (len(low) >= 5 or "-" in low)
    )


_AFTER_BE_OPENERS = frozenset(NUMBER_WORDS) | _HEDGES | _SUBJECTS
# Subjects of one person: "jag är bara 27," is an age, "vi är bara fem," a count of people.
_ONE_PERSON = frozenset("jag du han hon hen".split())


class AgeDetector:
    """Ages in digits (``age_digits``) and in words (``age_string``), see the module docstring."""

    name = "age"
    labels: tuple[str, ...] = ("age_digits", "age_string")

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        n = len(tokens)
        seen: set[int] = set()
        kinds = _TRIGGER_KIND
        # only the tokens of a trigger or of an age compound: the rest of the loop skips all
        # others (one set intersection instead of a look-up per token)
        words = Words.of(doc)
        todo = words.present.intersection(_TRIGGER_WORDS)
        # the compounds of eight letters or more and the adjectives of seven or more, from
        # one pass over the essay's words (Words.ending) instead of one per kind
        todo.update(
            w for w in words.ending(_AGE_TAILS, 7)
            if len(w) >= 8 or w.endswith(_AGE_ADJECTIVE_TAILS)
        )
        for i in words.where(todo):
            tok = tokens[i]
            # one dict look-up per token; the rare triggers then look around them
            kind = kinds.get(tok.lower)
            if kind is None:
                # "treåring" is the shortest: a length test first keeps the bulk cheap
                if len(tok.lower) > 7 and tok.lower.endswith(_AGE_COMPOUND_TAILS) \
                        and i not in seen:
                    cand = self._compound(tok)
                    if cand is not None and not _generic_man(doc, i) and not (
                        i > 0 and tokens[i - 1].lower in _TYPICAL
                    ) and not (
                        tok.lower.endswith(("åringar", "åringarna"))
                        and not (i > 0 and tokens[i - 1].lower in cx.POSSESSIVES)
                    ):  # "en vanlig tolvåring", "artonåringar borde få köra": anybody
                        # of that age; not "mina sjuåringar"
                        seen.add(i)
                        yield cand
                elif len(tok.lower) > 8 and tok.lower.endswith(_BIRTHDAY_TAILS) and \
                        i > 0 and i not in seen and _one_owner(tokens[i - 1]):
                    cand = self._compound(tok, _BIRTHDAY_TAILS)
                    if cand is not None:
                        seen.add(i)
                        yield cand
                elif len(tok.lower) > 6 and tok.lower.endswith(_AGE_ADJECTIVE_TAILS) \
                        and i + 1 < n and tokens[i + 1].lower in _PERSON_NOUNS and i not in seen:
                    # "en fyrtiofemårig kvinna": the age of a person, not "en treårig utbildning"
                    cand = self._compound(tok, _AGE_ADJECTIVE_TAILS)
                    if cand is not None:
                        seen.add(i)
                        yield cand
                continue
            if kind == "be":  # the most frequent triggers ("är", "var") first
                if i + 1 >= n or not _may_open_age_after_be(tokens[i + 1]) and not (
                    tokens[i + 1].lower == "i" and i + 2 < n and tokens[i + 2].lower == "dag"
                ):  # ("är i dag fyrtio")
                    continue  # most verbs: none of what an age after them starts with
                hits = self._after_be(tokens, i)
            elif kind == "years":
                hits = self._before_years(tokens, i)
            elif kind == "fill" or kind == "age_word":
                hits = (i + 1,) if i + 1 < n else ()
                if kind == "fill" and i + 2 < n and tokens[i + 1].lower in _SUBJECTS:
                    hits = (i + 2,)  # "nästa år fyller jag trettio": inverted word order
                elif kind == "fill" and i + 3 < n and tokens[i + 1].lower in cx.POSSESSIVES \
                        and tokens[i + 2].lower in _SUBJECTS:
                    hits = (_after_names(tokens, i + 3),)
                    # "i fjol fyllde min son (Ali) sju år": the inverted subject is a person
            elif kind == "dash_noun":
                hits = (i - 2,) if i >= 2 and tokens[i - 1].text == "-" else ()
            else:  # birthday: "min 18:e födelsedag"
                j = i - 1
                if j >= 2 and tokens[j].lower in ("e", "a") and tokens[j - 1].text == ":":
                    j -= 2
                hits = (j,) if j >= 0 else ()
            if hits and kind != "dash_noun" and "man" in words.present and \
                    _generic_man(doc, i):
                continue  # "Här får man ta körkort när man har fyllt sjutton": anybody
            if hits and (kind == "be" or kind == "fill") and "du" in words.present and \
                    doc.genre == "instructive" and (
                        tokens[i - 1].lower == "du" or i + 1 < n and tokens[i + 1].lower == "du"):
                continue  # instructions: "Du får övningsköra när du är sexton år", any reader
            for j in hits:
                if j in seen or j < 0 or j >= n or tokens[j].sentence != tok.sentence:
                    continue
                first, last = _split_tens(tokens, j)
                if last > first and (first in seen or last in seen):
                    continue
                cand = self._candidate(tokens[j]) if first == last else \
                    self._two_words(tokens[first], tokens[last])
                if cand is not None and first == last and tokens[j].lower in ("en", "ett"):
                    # "han är ett år" is an age, "jag är en lärare" is not
                    if not (j + 1 < n and tokens[j + 1].lower in ("år", "års")):
                        cand = None
                if cand is not None:
                    seen.update((first, last))
                    yield cand
                    yield from self._listed_before(tokens, first, seen)
                    yield from self._listed_after(tokens, last, seen)
        if "," in words.present:
            for i in words.where(_COMMAS):  # (a digit after the comma first: most have none)
                if i + 1 < n and tokens[i + 1].is_digit and i + 1 not in seen and \
                        _apposition_digits(tokens, i):
                    cand = self._candidate(tokens[i + 1])
                    if cand is not None:
                        seen.add(i + 1)
                        yield cand

    def _listed_before(
        self, tokens: tuple[Token, ...], j: int, seen: set[int]
    ) -> Iterator[Candidate]:
        """The ages listed before an age: "Mina barn är 5 och 8 år", "är 3, 7 och 10 år
        gamla" — numbers of the same kind joined by "och", "eller" or commas."""
        kind_digit = tokens[j].is_digit
        while j >= 2 and tokens[j - 1].lower in ("och", ",", "eller") and \
                tokens[j - 2].sentence == tokens[j].sentence and j - 2 not in seen:
            prev = tokens[j - 2]
            if prev.is_digit != kind_digit or prev.lower in ("en", "ett") or (
                not prev.is_digit and prev.lower not in NUMBER_WORDS
            ):
                return
            cand = self._candidate(prev)
            if cand is None:
                return
            seen.add(j - 2)
            yield cand
            j -= 2

    def _listed_after(
        self, tokens: tuple[Token, ...], j: int, seen: set[int]
    ) -> Iterator[Candidate]:
        """The ages listed after an age: "Mina barn är 5 och 8 år" — the last one closes with
        "år", "gamla" or the end of the clause."""
        n = len(tokens)
        kind_digit = tokens[j].is_digit
        found: list[int] = []
        while j + 2 < n and tokens[j + 1].lower in ("och", ",", "eller") and \
                tokens[j + 2].sentence == tokens[j].sentence and j + 2 not in seen:
            nxt = tokens[j + 2]
            if nxt.is_digit != kind_digit or nxt.lower in ("en", "ett") or (
                not nxt.is_digit and nxt.lower not in NUMBER_WORDS
            ):
                break
            found.append(j + 2)
            j += 2
        if not found:
            return
        end = tokens[j + 1] if j + 1 < n and tokens[j + 1].sentence == tokens[j].sentence else None
        if end is not None and end.is_word and end.lower not in _AGE_UNITS and \
                end.lower not in _OLD:
            return  # "jag var 20 och 3 barn kom": no age closes the list
        for k in found:
            cand = self._candidate(tokens[k])
            if cand is not None:
                seen.add(k)
                yield cand

    @staticmethod
    def _before_years(tokens: tuple[Token, ...], i: int) -> tuple[int, ...]:
        """``N år gammal`` / ``N års ålder`` / ``(jag är|fyllde) N år`` → N."""
        if i == 0:
            return ()
        j = i - 1
        n = len(tokens)
        nxt = (
            tokens[i + 1].lower
            if i + 1 < n and tokens[i + 1].sentence == tokens[i].sentence
            else ""
        )
        if nxt in _DURATION_AFTER:
            return ()
        if j >= 2 and tokens[j - 1].lower == "och" and tokens[j - 3].lower == "mellan":
            return ()  # "mellan ett och fem år gamla": a range, nobody's age
        if nxt in _OLD or (tokens[i].lower == "års" and nxt in ("ålder", "åldern", "födelsedag")):
            if nxt == "ålder" and j >= 1 and tokens[j - 1].lower == "från":
                return ()  # "alla elever från sju års ålder": a limit of a rule, nobody's age
            return (j,)
        k = j - 1
        if k >= 1 and (tokens[k].lower in _HEDGES or tokens[k].lower == "kanske"):
            k -= 1
        if k >= 1 and tokens[k].lower == "på" and tokens[k - 1].sentence == tokens[i].sentence \
                and (tokens[k - 1].lower in _PERSON_NOUNS or tokens[k - 1].lower in _SUBJECTS) \
                and tokens[k - 1].lower not in _BE:
            return (j,)  # "en pojke på (kanske) sex år": a person's age; not "en kurs på sex år"
        if j >= 4 and tokens[j - 1].lower == "och" and tokens[j - 3].text == "," and \
                tokens[j - 2].is_digit == tokens[j].is_digit and nxt in (",", ".", ")", "") \
                and tokens[j - 4].lower in _PLURAL_PEOPLE:
            return (j,)  # "Mina två döttrar, 6 och 9 år, sov": a list in apposition
        if j >= 2 and tokens[j - 1].text == "," and nxt in (",", ".", ")", ""):
            # an apposition to a person: "Min dotter Tilde, 8 år, ger katten mat"
            who = tokens[j - 2]
            if who.lower in _SUBJECTS or (who.is_title and who.is_word and who.lower not in _BE):
                return (j,)
        # "jag är 18 år", "när hon blev 40 år": the verb/subject are checked by _after_be and
        # _FILL on their own; here only the "gammal", "års ålder" and apposition cues.
        return ()

    @staticmethod
    def _after_be(tokens: tuple[Token, ...], i: int) -> tuple[int, ...]:
        """``<subject> är|var|blev N`` followed by ``år``, punctuation or the end → N."""
        n = len(tokens)
        if i == 0 or i + 1 >= n:
            return ()
        prev = tokens[i - 1]
        subject = prev.lower in _SUBJECTS or (
            prev.is_title and prev.is_word and i >= 1 and prev.lower not in _OPENING_ADVERBS
        )  # "Rojin är nio", but "Nu är Mariam snart fyra år": the adverb is no subject
        if prev.text == "," and i >= 4 and tokens[i - 2].is_title and tokens[i - 2].is_word \
                and tokens[i - 3].text == "," and tokens[i - 4].is_word:
            subject = True  # "Min äldsta, Putri, är fjorton": a name in apposition
        som = i - 1
        if prev.lower in _HEDGES and i >= 4 and tokens[i - 2].lower == "som":
            som = i - 2  # "Min son Ali, som nu är åtta år": a hedge between "som" and the verb
        if som < i - 1 and tokens[som - 1].text == "," and \
                AgeDetector._person_before(tokens, som - 1):
            return AgeDetector._number_then_end(tokens, i + 1, hedged=True)
        if prev.lower == "som" and i >= 3 and tokens[i - 2].text == "," and \
                AgeDetector._person_before(tokens, i - 2):
            # "Edvin, som är sju, går i skolan": a relative clause in commas
            j = i + 2 if tokens[i + 1].lower in _HEDGES else i + 1  # "som är nästan sextio."
            if AgeDetector._number_then_comma(tokens, j):
                return (j,)
        if prev.lower == "som" and i >= 2 and AgeDetector._person_before(tokens, i - 2):
            # "en son, Kuba, som är tre år": the relative clause of a person; only with
            # "år"/"månader" after the number ("en kurs som är tre år lång" is a length)
            return AgeDetector._number_then_end(tokens, i + 1, hedged=True) or (
                AgeDetector._number_then_end(tokens, i + 2, hedged=True)
                if tokens[i + 1].lower in _HEDGES else ()
            )
        if prev.text == "," and i >= 2 and _named_subject_opens(tokens, i) and \
                i + 2 < n and tokens[i + 2].lower in ("år", "års"):
            # "Jag heter Ali Omar, är 32 år och …": the subject of the first verb
            return AgeDetector._number_then_end(tokens, i + 1, hedged=True)
        if prev.lower in _HEDGES and i >= 2 and tokens[i - 2].lower in _SUBJECTS:
            # "när jag bara var elva år": a hedge between the subject and the verb
            return AgeDetector._number_then_end(tokens, i + 1, hedged=True)
        if prev.lower == "och" and _named_subject_opens(tokens, i):
            # "Lujain har börjat skolan och är 7 år nu": the subject of the first verb; only
            # with "år"/"månader" after the number ("och är 2 i klassen" is a rank)
            return AgeDetector._number_then_end(tokens, i + 1, hedged=True) or (
                AgeDetector._number_then_end(tokens, i + 2, hedged=True)
                if i + 2 < n and tokens[i + 1].lower in _HEDGES else ()
            )
        if subject and tokens[i + 1].lower in _SUBJECTS and prev.lower not in _SUBJECTS:
            subject = False  # "i Lund var jag 43 år": the place is no subject, "jag" is
        if not subject and i + 2 < n and tokens[i + 1].is_title and tokens[i + 1].is_word \
                and tokens[i + 1].lower not in _SUBJECTS:
            # "Nu är Mariam snart fyra år": a name after the verb; "år" must follow
            j = i + 3 if tokens[i + 2].lower in _HEDGES else i + 2
            return AgeDetector._number_then_end(tokens, j, hedged=True)
        if not subject:
            # "när jag var 12" has the subject right before the verb; "Då var jag 12" after it
            if i + 2 < n and tokens[i + 1].lower in _SUBJECTS:
                j = i + 2
                if j + 1 < n and tokens[j].lower in _HEDGES:
                    return AgeDetector._number_then_end(tokens, j + 1, hedged=True)
                return AgeDetector._number_then_end(tokens, j)
            return ()
        if i >= 2 and tokens[i - 2].lower in ("när", "då", "sedan", "innan", "tills"):
            if i + 2 < n and tokens[i + 1].lower in _HEDGES:
                return (i + 2,)  # "när jag var bara sju år"
            return (i + 1,)  # "när jag var 12 flyttade vi": the clause itself says age
        if i + 3 < n and tokens[i + 1].lower == "i" and tokens[i + 2].lower == "dag":
            return AgeDetector._number_then_end(tokens, i + 3)  # "Tarik är i dag trettiotvå"
        if i + 2 < n and tokens[i + 1].lower in _HEDGES:
            if prev.lower in _ONE_PERSON and AgeDetector._number_then_comma(tokens, i + 2):
                return (i + 2,)  # "jag är bara 27, men …": one person, the number alone
            return AgeDetector._number_then_end(tokens, i + 2, hedged=True)
        return AgeDetector._number_then_end(tokens, i + 1)

    @staticmethod
    def _number_then_comma(tokens: tuple[Token, ...], j: int) -> bool:
        """A single number at ``j`` closed by a comma, a full stop or the end of the
        sentence ("som är sju, …", "är bara 27."); not "en"/"ett" ("som är en, …")."""
        if j >= len(tokens) or tokens[j].lower in ("en", "ett"):
            return False
        tok = tokens[j]
        if not (tok.is_digit or tok.lower in NUMBER_WORDS):
            return False
        if j + 1 >= len(tokens) or tokens[j + 1].sentence != tok.sentence:
            return True
        return tokens[j + 1].text in (",", ".", "!", ";")

    @staticmethod
    def _person_before(tokens: tuple[Token, ...], k: int) -> bool:
        """``tokens[k]`` (before a relative ``som``) is a person: a relative, a pronoun or a
        name inside the sentence, also through an apposition comma ("min son, Kuba, som")."""
        if k >= 1 and tokens[k].text == ",":
            k -= 1
        tok = tokens[k]
        if tok.lower in _SUBJECTS:
            return True
        return tok.is_title and tok.is_word and k > 0 and \
            tokens[k - 1].sentence == tok.sentence

    @staticmethod
    def _number_then_end(
        tokens: tuple[Token, ...], j: int, *, hedged: bool = False
    ) -> tuple[int, ...]:
        """``j`` when the number there ends a clause or is followed by ``år``; with
        ``hedged`` ("är bara ett år") only the ``år`` form counts: "är bara en" is no age."""
        n = len(tokens)
        if j >= n:
            return ()
        end = _split_tens(tokens, j)[1]  # "tjugo fem år": look after the second word
        after = (
            tokens[end + 1]
            if end + 1 < n and tokens[end + 1].sentence == tokens[j].sentence
            else None
        )
        if hedged and (after is None or after.lower not in _AGE_UNITS):
            return ()
        if after is not None and after.text in ("–", "-", "—") and end + 2 < n and \
                tokens[end + 2].is_digit and not (
                    end + 3 < n and tokens[end + 3].lower in _AGE_UNITS):
            return ()  # "Telefontiden är 8–10 på morgonen": a range of hours, not an age
        if after is None or not after.is_word and not after.is_digit:
            return (j,)
        if after.lower in _AGE_UNITS:
            k = j + 2
            nxt = tokens[k].lower if k < n and tokens[k].sentence == tokens[j].sentence else ""
            # "två år äldre än mig": a difference of ages, not an age
            return () if nxt in _DURATION_AFTER or nxt in _COMPARATIVES else (j,)
        if after.lower in ("och", "när", "då", "men", "så", "nu", "idag", "gammal", "gamla"):
            return (j,)
        if after.lower == "den" and end + 2 < n and tokens[end + 2].text[:1].isdigit():
            return (j,)  # "hon blir tre den 12/12": the age and the birthday
        return ()

    def _two_words(self, tens: Token, unit: Token) -> Candidate:
        """``tjugo fem`` → one age_string span 25."""
        value = _TENS[tens.lower] + _UNITS[unit.lower]
        return Candidate(tens.start, unit.end, "age_string", score=0.85, key=f"age:{value}",
                         value=value, source=self.name)

    def _compound(
        self, tok: Token, tails: tuple[str, ...] = ()
    ) -> Candidate | None:
        """``fjortonåring`` → age_string 14; a misspelled number part is read by the fuzzy
        reader (``sjutonåring`` → 17)."""
        low = tok.lower
        for tail in tails or _AGE_COMPOUND_TAILS:
            if low.endswith(tail):
                stem = low[: -len(tail)].rstrip("-")
                # "sjutonåring": the number part misspelled too (fuzzy from five letters on)
                value = NUMBER_WORDS.get(stem)
                if value is None:
                    value = parse_number_word(stem, fuzzy=True)
                if value is not None and value > 1:
                    return Candidate(tok.start, tok.end, "age_string", score=0.85,
                                     key=f"age:{value}", value=value, source=self.name)
        return None

    def _candidate(self, tok: Token) -> Candidate | None:
        if tok.is_digit:
            value = int(tok.text) if len(tok.text) <= 3 else 0
            if 1 <= value <= 120:
                return Candidate(
                    tok.start,
                    tok.end,
                    "age_digits",
                    score=0.85,
                    key=f"age:{value}",
                    value=value,
                    source=self.name,
                )
            return None
        if tok.is_word:
            read = parse_number_word(tok.lower, fuzzy=True)
            if read is not None:
                return Candidate(
                    tok.start,
                    tok.end,
                    "age_string",
                    score=0.85,
                    key=f"age:{read}",
                    value=read,
                    source=self.name,
                )
        return None
