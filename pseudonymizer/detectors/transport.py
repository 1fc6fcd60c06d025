"""Named transport lines and systems (guideline §3.4): ``transport_name``.

``Gröna linjen``, ``Tvärbanan``, ``Roslagsbanan``, ``Pågatågen`` … from the gazetteer (any case,
inflected forms listed), a colour + ``linjen`` (``röda linjen``, ``den blåa linjen``), and
capitalised compounds ending in ``-banan``/``-tåget``/``-tågen`` inside a sentence
(``Lidingöbanan``). Transport types (``tunnelbana``, ``buss``, ``pendeltåg``) are never
labelled; line numbers (``buss 4``) are ``transport_nr``, found by the numbers detector.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pseudonymizer.detectors import context as cx
from pseudonymizer.detectors.common import Words
from pseudonymizer.document import Candidate, Document
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.tokenize import normalize

__all__ = ["TransportNameDetector", "line_name_like"]

_COLOURS = Words.track(
    "grön gröna gröne röd röda röde blå blåa blåe gul gula orange orangea lila rosa brun "
    "bruna svart svarta vit vita".split()
)
_LINE_WORDS = frozenset("linjen linje linjens linjer linjerna".split())
_COMPOUND_TAILS = ("banan", "banans", "tåget", "tågen", "tågets", "expressen", "pilen", "tåg",
                   "-linjen", "-linjens", "-banan", "-expressen",
                   # named boat and ferry lines: "Gotlandsbåten", "Vaxholmsbåtarna"
                   "båten", "båtarna", "färjan", "färjorna",
                   # commuter trains named after their region: "Bergslagspendeln"
                   "pendeln")
# Compounds with these tails that are ordinary nouns ("Tunnelbanan" at a sentence start).
_TYPE_WORDS = frozenset(
    "tunnelbanan tunnelbana pendeltåget pendeltågen tåget tågen järnvägen spårvagnen "
    "spårvägen motorbanan bowlingbanan golfbanan travbanan skidbanan löparbanan isbanan "
    "cykelbanan racerbanan nattåget nattågen fjärrtåget regionaltåget regiontåget "
    "snabbtåget snabbtågen godståget flygtåget x-tåget pendeltåg nattåg fjärrtåg "
    "regionaltåg regiontåg snabbtåg godståg flygtåg x-tåg höghastighetståg lokaltåg "
    "leksakståg räddningsbåten motorbåten fiskebåten segelbåten roddbåten gummibåten "
    "flyktingbåten bilfärjan".split()
)


# Ferry and boat routes ("Svanesundsleden", "Gullmarsleden"): a name only after a travel
# verb ("tog vi Svanesundsleden"), as "-leden" also ends hiking trails ("gick Kungsleden").
_ROUTE_TAILS = ("leden",)
# Hyphenated lower-case tails of a line named by a phrase ("Kust till kust-banan").
_PHRASE_TAILS = ("-banan", "-linjen")


def line_name_like(low: str) -> bool:
    """A compound that names a line by its tail ("Kinnekullebanan", "Bergslagspendeln"), not
    a transport type ("tunnelbanan"): an employer rule must leave it to this detector."""
    return (
        low.endswith(_COMPOUND_TAILS)
        and low not in _TYPE_WORDS
        and len(low) >= (6 if low.endswith("tåg") else 9)
    )


# A line's number after its name, and the words after a number that make it no line's.
_LINE_NUMBER = re.compile(r"\d{1,3}[A-Za-z]?")  # (not a year: "Roslagsbanan 2023")
_NOT_LINE_AFTER = frozenset(
    "minuter min kr kronor timmar timme procent år gånger km mil meter".split()
)
# Definite vehicle nouns written before the name of a line ("bussen Härjedalingen").
_VEHICLES = frozenset("bussen tåget färjan båten expressbussen nattåget snabbtåget".split())
# Travel verbs before a system's name ("åkte TransMilenio till jobbet").
_TRAVEL_VERBS = frozenset("åker åkte åkt åka tar tog tagit".split())
_SUBJECTS = frozenset("jag du han hon vi ni de man".split())
# The words right before a line's name that a rule reads, and the tails of the names it takes
# by their form (see TransportNameDetector.detect).
_NAME_AFTER = Words.track(_VEHICLES | _TRAVEL_VERBS)
# "Båten hette Sägnen", "färjan heter X": a vehicle noun, a naming verb and the name.
_NAMING_VERBS = Words.track("heter hette kallas kallades".split())
_NAMED_VEHICLES = _VEHICLES | frozenset("fartyget skeppet".split())
_NAME_TAILS = _ROUTE_TAILS + _COMPOUND_TAILS


class TransportNameDetector:
    """Detects ``transport_name`` (named lines and systems, not types or numbers)."""

    name = "transport"
    labels = ("transport_name", "transport_nr")

    def __init__(self, gazetteer: Gazetteer) -> None:
        self.gaz = gazetteer

    def _unlisted_title(self, doc: Document, i: int, low: str) -> bool:
        """A capitalised word inside a sentence that no list knows as a word, place or name:
        free to be the name of a line or a vehicle ("färjan Gotlandia")."""
        tok = doc.tokens[i]
        return (
            tok.is_title
            and not cx.is_sentence_initial(doc, i)
            and not self.gaz.is_known_word(low)
            and not self.gaz.entries_for_key("places", tok.norm)
            and not self.gaz.entries_for_key("names", tok.norm)
        )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        """The names of lines, and a line's number written right after its name
        ("Skåneexpressen 146", "Västtågen 7"): ``transport_nr`` like "buss 146"."""
        ends = None
        tokens = doc.tokens
        n = len(tokens)
        for cand in self._names(doc):
            yield cand
            if ends is None:
                ends = {t.end: k for k, t in enumerate(tokens)}
            k = ends.get(cand.end)
            if k is None or k + 1 >= n:
                continue
            nxt = tokens[k + 1]
            after = tokens[k + 2] if k + 2 < n else None
            if (
                nxt.sentence == tokens[k].sentence
                and _LINE_NUMBER.fullmatch(nxt.text)
                and not (after is not None and (
                    after.lower in _NOT_LINE_AFTER
                    # "… 14.30": a time
                    or (after.text in (":", ".") and k + 3 < n and tokens[k + 3].is_digit)))
            ):
                yield Candidate(nxt.start, nxt.end, "transport_nr", score=0.9,
                                key="line:" + nxt.lower, source=self.name)

    def _names(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        if not tokens:
            return
        covered: set[int] = set()
        for m in self.gaz.scan(doc, "transport"):
            if m.first in covered:
                continue
            covered.update(range(m.first, m.last + 1))
            flags = frozenset({"gen"}) if m.suffix else frozenset()
            yield Candidate(tokens[m.first].start, tokens[m.last].end, "transport_name", flags,
                            0.85, normalize(m.entries[0].canonical), source=self.name)
        n = len(tokens)
        words = Words.of(doc)
        # "Kust till kust-banan": a line named by a phrase, its hyphenated tail in lower case
        phrase_tails = words.ending(_PHRASE_TAILS, 8)
        for i in words.where(phrase_tails) if phrase_tails else ():
            if (
                i >= 2
                and tokens[i - 1].lower in ("till", "och")
                and tokens[i - 2].is_title
                and tokens[i - 2].is_word
                and tokens[i - 2].sentence == tokens[i].sentence
                and i - 2 not in covered
                # the phrase's words repeat ("Kust till kust-banan", "Fjäll till fjäll-linjen")
                and tokens[i].lower.split("-")[0] in (tokens[i - 2].lower,)
            ):
                start, end = tokens[i - 2].start, tokens[i].end
                yield Candidate(start, end, "transport_name", frozenset(), 0.8,
                                normalize(doc.text[start:end]), source=self.name)
                covered.update((i - 2, i - 1, i))
        # Every rule below needs a colour, a capitalised word right after a vehicle noun or a
        # travel verb, or a capitalised word with a line's or a route's tail: the loop visits
        # those tokens alone (a new rule for other words must widen this).
        visit = set(words.where(_COLOURS))
        visit.update(k + 1 for k in words.where(_NAME_AFTER))
        visit.update(k + 1 for k in words.where(_NAMING_VERBS)
                     if k > 0 and tokens[k - 1].lower in _NAMED_VEHICLES)
        tailed = words.ending(_NAME_TAILS, 6)
        if tailed:
            visit.update(words.where(tailed))
        for i in sorted(visit):
            if i >= n:
                continue
            tok = tokens[i]
            if i in covered or not tok.is_word:
                continue
            low = tok.lower
            if low in _COLOURS and i + 1 < n and tokens[i + 1].lower in _LINE_WORDS:
                end = tokens[i + 1].end
                yield Candidate(tok.start, end, "transport_name", frozenset(), 0.8,
                                normalize(doc.text[tok.start:end]), source=self.name)
                covered.update((i, i + 1))
                continue
            if (
                i > 0
                and tokens[i - 1].lower in _VEHICLES
                and tokens[i - 1].sentence == tok.sentence
                and tok.is_word
                and self._unlisted_title(doc, i, low)
            ):
                # "bussen Härjedalingen", "tåget Norrlandståget", "färjan Gotlandia": a
                # vehicle noun and the name of its line
                yield Candidate(tok.start, tok.end, "transport_name", frozenset(), 0.75, low,
                                source=self.name)
                covered.add(i)
                continue
            if (
                i > 1
                and tokens[i - 1].lower in _NAMING_VERBS
                and tokens[i - 2].lower in _NAMED_VEHICLES
                and tokens[i - 2].sentence == tok.sentence
                and self._unlisted_title(doc, i, low)
            ):
                # "Båten hette Sägnen", "färjan heter Gotlandia": the name of the boat or line
                yield Candidate(tok.start, tok.end, "transport_name", frozenset(), 0.75, low,
                                source=self.name)
                covered.add(i)
                continue
            if (
                tok.is_title
                and i > 0
                and tokens[i - 1].lower in _TRAVEL_VERBS
                and i + 1 < n
                and tokens[i + 1].lower in ("till", "från", "mellan")
                and any(c.isupper() for c in tok.text[1:])
                and tok.text.isalpha()
                and not self.gaz.entries_for_key("places", tok.norm)
                and not self.gaz.entries_for_key("institutions", tok.norm)
            ):
                # "Jag åkte TransMilenio till jobbet": a system with a capital inside its name
                yield Candidate(tok.start, tok.end, "transport_name", frozenset(), 0.7, low,
                                source=self.name)
                covered.add(i)
                continue
            if (
                tok.is_title
                and low.endswith(_ROUTE_TAILS)
                and len(low) >= 10
                and not cx.is_sentence_initial(doc, i)
                and (
                    (i > 0 and tokens[i - 1].lower in _TRAVEL_VERBS)
                    # "tog vi Svanesundsleden": the subject after the verb
                    or (i > 1 and tokens[i - 1].lower in _SUBJECTS
                        and tokens[i - 2].lower in _TRAVEL_VERBS)
                )
            ):
                # "Sedan tog vi Svanesundsleden till fastlandet": a ferry route travelled
                yield Candidate(tok.start, tok.end, "transport_name", frozenset(), 0.75, low,
                                source=self.name)
                covered.add(i)
                continue
            if (
                tok.is_title
                and low.endswith(_COMPOUND_TAILS)
                and low not in _TYPE_WORDS
                and len(low) >= (6 if low.endswith("tåg") else 9)
                # "MalmöExpressen går …": a capital inside the word makes it a name even at
                # the start of a sentence
                and (not cx.is_sentence_initial(doc, i)
                     or any(c.isupper() for c in tok.text[1:]))
            ):
                yield Candidate(tok.start, tok.end, "transport_name", frozenset(), 0.7,
                                low, source=self.name)
