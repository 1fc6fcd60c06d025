"""The last resort for names no list knows (privacy recall on unseen essays).

An unseen essay names villages, districts, shops and people no gazetteer lists. A missed
personal detail is worse than a wrong label, so a word that looks like a proper name in a slot
for a name gets a span even when nobody knows it:

* a capitalised word inside a sentence (not its first word) that is no ordinary Swedish word
  (neither in ``Gazetteer.is_common_word`` nor a frequent or inflected vocabulary word), no
  language or nationality, month or weekday, no famous or never-labelled name, and listed in no
  gazetteer group (listed words are the other detectors' decisions), right after a place
  preposition, ``hos`` or a name verb: ``till Västerhaninge``, ``över Hovärken`` → city;
  ``vid X`` → place; ``jobbar på Apotea``, ``praktik hos X`` → work; ``går på X`` → school;
  ``hos X`` → a body; ``på X`` → place; ``heter X`` → a first name, or what the place noun
  before says (``berget heter X``). A following capitalised unknown word goes with it
  (``på Asia Market``). Not after ``en artikel i`` (a medium) or ``den heter`` (a thing), not
  before a lower-case noun (a genitive: ``på Försäkringskassans webbplats``);
* a short name after ``kallar honom (bara)`` (a person; in capitals initials: ``"PO"``) or ``vi
  säger`` (the place just named when the sentence has ``från``/``i``: ``men vi säger Xela``);
* a lower-case word no Swedish vocabulary knows after ``bor i`` (``bor i kungsmarken``).

Every proposal scores 0.3, below every real detector, so any detector that knows better wins
the overlap; the genre profile still drops them in reviews and topic sentences.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from pseudonymizer.detectors import context as cx
from pseudonymizer.detectors.common import Words
from pseudonymizer.detectors.geo import (
    _PLACE_NOUNS,
    BODY_TAILS,
    CALL_VERBS,
    HOUSE_TAILS,
    SEA_NOUNS,
    SWEDISH_PROPER,
    _kind_plural_before,
    _place_noun_before,
    _town_said_after,
)
from pseudonymizer.detectors.names import _THING_NOUNS, heter_head, is_thing_head
from pseudonymizer.document import Candidate, Document
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.taxonomy import MONTHS, WEEKDAYS
from pseudonymizer.tokenize import normalize

__all__ = ["FallbackDetector"]

SCORE = 0.3
# Adjective endings of the vocabulary ("Statistiska", "Kungliga", "Gamla"): such a word right
# before a lower-case noun opens an institution's or a thing's name, no town.
_ADJECTIVE_TAILS = ("iska", "ska", "liga", "iga", "ella")
# lower-case words that may follow a town in a sentence ("från X och Y", "i X som …")
_AFTER_TOWN_WORDS = frozenset(
    "och eller men som i på till från med och där när så för att det den är var har hade "
    "kommun län stad centrum".split()
)
# A word any list knows was judged by the detector of that list ("Swedbank" is a bank).
_GROUPS = ("names", "places", "institutions", "transport", "markup")
# "en artikel i Dagens Nyheter", "appen heter X": a medium or a thing, not a place or person.
_MEDIA_NOUNS = frozenset(
    "artikel artikeln artiklar tidning tidningen programmet programmet appen app sidan "
    "hemsidan kanalen".split()
)
_THING_SUBJECTS = frozenset("den det appen sidan spelet boken filmen".split())
# Prepositions after which a name is a town or village ("till Västerhaninge", "över X").
_TOWN_PREPS = frozenset("i från till nära över utanför mot genom fran".split())
# Weaker place words, after which only a Swedish place name of the dictionary (SWEDISH_PROPER:
# villages and localities no gazetteer lists) is taken as a town: "i trakten kring X", "bussen
# via X", "från hela X", "mellan X och Y", "norr om X", "en text om X".
_PROPER_PREPS = frozenset("kring runt runtom via förbi mellan bortom hela".split())
# Verbs of residence before "i" ("bor i", "bodde i"): the lower-case slot.
_HOME_VERBS = frozenset("bor bodde bott bo växte föddes född".split())
# "heter X" names a person; "kallas X" mostly names a custom or a dish.
_NAME_VERBS = frozenset("heter hette".split())
# Verbs of greeting before "till X".
_GREET_VERBS = frozenset("hälsa hälsar hälsade hälsningar kramar skicka skickar".split())
_CALENDAR = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS))
# Words that are no place or person even when capitalised and unknown to the common list:
# forms of address and abbreviations of the essay's own world.
_UNKNOWN_MEMO_LIMIT = 200_000  # texts kept by FallbackDetector._unknown_memo

_NOT_NAMES = frozenset("sfi komvux gymnasiet covid corona ok okej hej".split())
_I = Words.track({"i", "från", "till", "nära"})  # "bor i kungsmarken": the lower-case slots
# Swedish place-name endings (the usual "efterled" of Swedish town, village and district names:
# own knowledge of Swedish toponymy, CC0): a lower-case word no vocabulary knows with one of
# these after "i", "från", "till" or "nära" is a village or a district ("i trollbäcken", "från
# österbybruk"); unknown compounds of ordinary nouns ("i bostadskön", "i fikarummet") end
# otherwise.
_TOPONYM_TAILS = ("bäcken", "bergen", "berga", "sjö", "marken", "inge", "köping", "torp", "hult",
                  "ryd", "red", "fors", "viken", "holm", "sund", "näs", "dalen", "hamn", "lund",
                  "backa", "åsen", "heden", "bruk", "tuna", "arp", "stad", "gärdet", "by",
                  "vik", "berg", "löv", "öping", "ånger", "hede")


class FallbackDetector:
    """Unknown proper names in name slots, at a low score (see the module doc)."""

    name = "fallback"
    labels = frozenset(
        "city place geo region area country work school other_institution firstname_unknown "
        "initials"
        .split()
    )

    def __init__(self, gazetteer: Gazetteer) -> None:
        self.gaz = gazetteer
        # text → _unknown_form of it: per process (the detector is built once per gazetteer,
        # which does not change), bounded; replaced when full, never cleared in place
        self._unknown_memo: dict[str, bool] = {}

    def _unknown(self, low: str, text: str) -> bool:
        """``_unknown_form`` of a token's ``lower`` and ``text`` (``low`` follows from
        ``text``: the memo is keyed by the text alone), decided once per text per process."""
        memo = self._unknown_memo
        got = memo.get(text)
        if got is None:
            if len(memo) >= _UNKNOWN_MEMO_LIMIT:
                memo = self._unknown_memo = {}
            got = memo[text] = self._unknown_form(low, text)
        return got

    def _unknown_form(self, low: str, text: str) -> bool:
        """No list and no Swedish word knows the word: it may be a name or a place."""
        gaz = self.gaz
        return not (
            len(low) < 3
            or gaz.is_common_word(low)
            or _swedish_word(gaz, low)
            or low in gaz.languages
            or low in _CALENDAR
            or low in _NOT_NAMES
            or normalize(low) in gaz.not_labelled
            or normalize(low) in gaz.famous
            or normalize(text) in gaz.not_labelled
            or any(gaz.lookup(group, text) for group in _GROUPS)
        )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        n = len(tokens)
        # Only a capitalised word or the word after "i" ("bor i kungsmarken") can fill a slot:
        # the loop visits those alone (speed: most words are neither).
        words = Words.of(doc)
        slots = set(words.caps)
        for j in words.where(_I):
            j += 1
            while j < n and not tokens[j].is_word:
                j += 1
            slots.add(j)
        after = 0  # the first token after the last span
        starts = doc.sentence_starts  # a sentence's first word has no words before it
        for i in sorted(slots.difference(starts)):  # (the first words left out in C)
            if i < after or i >= n:
                continue
            before = tokens[i - 1]  # in the sentence (i opens none)
            if before.is_word and before.lower not in _SLOT_WORDS:
                continue  # the nearest word opens no slot (fast path: most words; every path
                # below needs the test, made here first)
            tok = tokens[i]
            if not tok.is_word or not tok.text.replace("-", "").isalpha():
                continue
            lower_case = not tok.is_title and not tok.text.isupper()
            if lower_case and not tok.text.islower():
                continue
            if before.is_word and (i - 1) not in starts and tokens[i - 2].is_word:
                # the two words right before, both in the sentence: prev_words(doc, i, 2)
                # without its walk (the common case)
                prev = [before.lower, tokens[i - 2].lower]
            elif cx.prev_word(doc, i) not in _SLOT_WORDS:
                continue  # as on the fast path: the nearest word opens no slot
            else:
                prev = cx.prev_words(doc, i, 2)
            if lower_case and (len(prev) < 2 or prev[0] != "i" or prev[1] not in _HOME_VERBS) \
                    and not (prev and prev[0] in _TOWN_PREPS and (
                        _toponym_form(tok.lower) or tok.lower in SWEDISH_PROPER)):
                # a lower-case word: only "bor i kungsmarken" or a word of a place name's
                # form after a town preposition ("i trollbäcken") can take it (the two words
                # before, not four)
                continue
            if not prev or (lower_case and tok.lower in _PLACE_NOUNS):
                continue  # ("i fiskeläget Ekby": the noun of the name after it)
            if prev[0] in _FOUR_WORD_SLOTS:
                prev = cx.prev_words(doc, i, 4)  # (the other slots need two words)
            label = _slot_label(prev)
            if label is None and tok.lower in SWEDISH_PROPER and tok.is_title and (
                    prev[0] in _PROPER_PREPS or prev[0] == "om"
                    or (prev[0] in ("och", "eller") and self._place_before_and(doc, i))
                    or (prev[0] == "som" and _kind_plural_before(doc, i))):
                # "i trakten kring X", "bussen via X", "norr om X", "texten om X", "genom
                # Bankeryd och X", "små orter som X": a Swedish village (the dictionary's place
                # names are places wherever they stand)
                label = "city"
            alias = label is None and _alias_slot(prev)
            if alias:
                # "kallar honom bara "PO"": a person's short name; "men vi säger Xela": the
                # short name of the place the sentence came from
                first = doc.sentences[tok.sentence][0]
                place = any(t.lower in ("från", "i") for t in tokens[first:i])
                label = "city" if prev[0] == "säger" and place else "firstname_unknown"
            if label is None:
                continue
            if label in ("city", "place") and (tok.lower.endswith(BODY_TAILS) or (
                    label == "city" and tok.lower.endswith(HOUSE_TAILS)) or (
                    prev[0] == "till" and not CALL_VERBS.isdisjoint(cx.prev_words(doc, i, 3)))):
                # "från Jordbruksverket", "i Bostadsförmedlingen": a body, no place; "ringde
                # till X": a person or a firm one calls
                continue
            if len(prev) > 1 and prev[1] in _MEDIA_NOUNS or (
                label == "firstname_unknown" and not alias
                and (prev[0] not in _NAME_VERBS or (len(prev) > 1 and prev[1] in _THING_SUBJECTS))
            ):
                continue
            if i + 1 < n and tokens[i + 1].text == "-" or tok.text.endswith("-") or (
                tok.lower.endswith("s") and i + 1 < n and tokens[i + 1].text.islower()
            ):
                continue  # "Vård- och omsorgscollege", "på Försäkringskassans webbplats"
            if tok.lower.endswith(_ADJECTIVE_TAILS) and i + 1 < n and \
                    tokens[i + 1].text.isalpha() and tokens[i + 1].text.islower() and \
                    tokens[i + 1].lower not in _AFTER_TOWN_WORDS and \
                    self.gaz.is_known_word(tok.lower):
                continue  # "från Statistiska centralbyrån": an adjective of a body's name
            if "-" in tok.text and tok.text.rsplit("-", 1)[1].islower():
                continue  # "HVB-hem", "Ica-butiken": a common noun with a prefix
            if label == "firstname_unknown":
                label = _place_noun_before(doc, i) or label  # "berget heter Noshaq"
                head = heter_head(doc, i) if label == "firstname_unknown" and not alias \
                    else ""
                if head and is_thing_head(head) and (
                        head in _THING_NOUNS or head in ("den", "det")
                        or head.endswith(_THING_NOT_PLACE_TAILS)):
                    # "en katt som heter Misse", "en fest som heter X", "en restaurang i
                    # gamla stan som heter X": no person (but "en vän från skolan som heter X"
                    # is one: the noun before the prepositional phrase decides, as in names);
                    # a compound place noun ("raukområdet heter X") still hides its name
                    continue
            if tok.is_title or (alias and tok.text.isupper() and len(tok.text) <= 3):
                caps = bool(alias) and tok.text.isupper()  # "PO": initials, any letters
                if caps:
                    label = "initials"
                # (after a word of the sentence without a dot the word opens no sentence:
                # is_sentence_initial is asked only after other tokens)
                opens = (not before.is_word or before.text.endswith(".")) and \
                    cx.is_sentence_initial(doc, i)
                if (opens and not alias) or not (caps or self._unknown(tok.lower, tok.text)):
                    continue
                end = i
                while (
                    end + 1 < n
                    and end + 1 < i + 3
                    and tokens[end + 1].sentence == tok.sentence
                    and tokens[end + 1].is_title
                    and tokens[end + 1].text.replace("-", "").isalpha()
                    and tokens[end].end + 1 == tokens[end + 1].start
                    and not self.gaz.is_common_word(tokens[end + 1].lower)
                ):
                    end += 1
            elif tok.text.islower() and (
                (prev[0] == "i" and len(prev) > 1 and prev[1] in _HOME_VERBS)
                or (prev[0] in _TOWN_PREPS and (
                    _toponym_form(tok.lower) or tok.lower in SWEDISH_PROPER))
            ) and not self.gaz.is_known_word(tok.lower) and self._unknown(tok.lower, tok.text):
                end = i  # "bor i kungsmarken", "heter xxx"
            else:
                continue
            if end + 1 < n and tokens[end + 1].lower in SEA_NOUNS:
                continue  # "vid Adriatiska havet": the sea's adjective, no place of its own
            start, stop = tok.start, tokens[end].end
            yield Candidate(start, stop, label, frozenset(), SCORE,
                            normalize(doc.text[start:stop]), source=self.name)
            after = end + 1
        # "X är en liten by": a Swedish place name of the dictionary opening a sentence that
        # calls it a town (the loop above leaves the sentences' first words out)
        for i in starts:
            tok = tokens[i] if i < n else None
            if tok is not None and tok.is_title and tok.lower in SWEDISH_PROPER and \
                    _town_said_after(doc, i):
                yield Candidate(tok.start, tok.end, "city", frozenset(), SCORE, tok.norm,
                                source=self.name)

    def _place_before_and(self, doc: Document, i: int) -> bool:
        """Whether the word before the "och"/"eller" right before ``tokens[i]`` is a listed
        town or place ("genom Bankeryd och X"; two names of the dictionary alone may be castles
        or manors)."""
        if i < 2:
            return False
        tok = doc.tokens[i - 2]
        if not tok.is_title or tok.sentence != doc.tokens[i].sentence:
            return False
        return any(
            e.label in ("city", "place") for e in self.gaz.lookup("places", tok.text))


def _toponym_form(low: str) -> bool:
    """Whether ``low`` ends like a Swedish place name, with at least three letters before."""
    return low.endswith(_TOPONYM_TAILS) and any(
        low.endswith(t) and len(low) - len(t) >= 3 for t in _TOPONYM_TAILS)


# Compound tails of things that are no place ("fotbollsappen", "julfesten").
_THING_NOT_PLACE_TAILS = ("appen", "programmet", "tidningen", "boken", "filmen", "låten",
                          "bussen", "tåget", "festen", "rätten", "kakan", "traditionen")


_ADVERBS = frozenset("bara alltid ofta oftast för".split())

# Nearest words after which _slot_label or _alias_slot look further back than two words.
_FOUR_WORD_SLOTS = _ADVERBS | frozenset("hos för honom henne mig dig säger".split())
# Every word that, right before a word, can make a slot of it (the nearest word of
# _slot_label and _alias_slot): a new slot word must be added here.
_SLOT_WORDS = cx.NAME_INTRO | _TOWN_PREPS | _ADVERBS | _PROPER_PREPS | frozenset(
    "vid på till hos för honom henne mig dig säger om och eller som".split()
)


def _alias_slot(prev: list[str]) -> bool:
    """After "kallar honom/henne (bara)" or "(men) vi/man säger": a short name of somebody or
    of a place just named."""
    words = [w for w in prev if w not in _ADVERBS]
    if len(words) >= 2 and words[0] in ("honom", "henne", "mig", "dig") and \
            words[1] in ("kallar", "kallade", "kallas"):
        return True
    return len(words) >= 2 and words[0] == "säger" and words[1] in ("vi", "man", "de")


def _slot_label(prev: list[str]) -> str | None:
    """The label the words before a name give it (nearest first), None outside a name slot."""
    p0 = prev[0]
    p1 = prev[1] if len(prev) > 1 else ""
    # (prev holds up to four words)
    if p0 in cx.NAME_INTRO:
        return "firstname_unknown"
    if p0 == "vid":
        return "place"
    if p0 == "på":
        if p1 in cx.WORK_CUES:
            return "work"
        if p1 in ("går", "gick", "gått", "studerar", "studerade", "pluggar", "läser"):
            return "school"
        return "place"
    if p0 == "till" and p1 in _GREET_VERBS:
        return None  # "Hälsa till Yuki": greetings go to people (the name detectors decide)
    if p0 in _TOWN_PREPS:
        return "city"
    if p0 == "hos" or (p0 == "för" and any(w in cx.WORK_CUES for w in prev[1:])):
        # "praktik hos X", "ett lager för Apotea": an employer; "registrera sig hos X": a body
        return "work" if any(w in cx.WORK_CUES for w in prev[1:]) else "other_institution"
    return None


# Definite and plural endings of Swedish nouns: "Skolan" is "skola" with a capital.
_ENDINGS = (("orna", "a"), ("arna", ""), ("erna", ""), ("an", "a"), ("en", ""), ("et", ""),
            ("na", ""), ("n", ""), ("t", ""))


# Place names are words of the vocabulary too (it holds wordfreq's words of zipf >= 3:
# "Västerhaninge" 3.0, "Sickla" 3.2); an ordinary word is either frequent or an inflected form
# of a known word.
_FREQUENT = 4.0


def _swedish_word(gaz: Gazetteer, low: str) -> bool:
    """Whether ``low`` is an ordinary Swedish word: frequent in the vocabulary, or a definite or
    plural form of a vocabulary word ("Skolan", "Bussarna")."""
    if not gaz.is_known_word(low):
        return False
    if _zipf(low) >= _FREQUENT:
        return True
    for ending, base in _ENDINGS:
        if low.endswith(ending) and len(low) - len(ending) >= 3:
            if gaz.is_known_word(low[: -len(ending)] + base):
                return True
    return False


@lru_cache(maxsize=1 << 16)
def _zipf(low: str) -> float:
    """wordfreq's Swedish zipf frequency; 9 (frequent) when wordfreq is not installed, so that
    every vocabulary word counts as Swedish."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:  # pragma: no cover - wordfreq is in requirements.txt
        return 9.0
    return float(zipf_frequency(low, "sv"))
