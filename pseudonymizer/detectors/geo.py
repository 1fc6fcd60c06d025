"""Geographic names (guideline §3.2): city, country, region, area, place, geo, street_nr.

* Gazetteer matches (one Aho-Corasick pass over normalized tokens, multi-word entries, a
  genitive ``s`` → flag ``gen``). Sweden, continents and other names that identify nobody are
  never labelled (``not_labelled``).
* A name that is also a common Swedish word (``Lund``/``lund``, ``Mark``, ``Berg``) needs a
  capital inside the sentence; lower-case names are accepted when spelled as in the list
  (``stockholm``, ``syrien``) — the paper's first failure.
* Among several readings, the country mentioned in the essay decides (city–country
  consistency: ``Alexandria`` with ``Egypten``), then Swedish readings, then size.
* Streets: capitalised words ending in ``-gatan``, ``-vägen``, ``-torget`` … are ``place``; a
  house number right after is ``street_nr``. Lakes, mountains and islands by suffix
  (``-sjön``, ``-fjället``, ``-ön``) are ``geo``.
* Triggers (``bor i``, ``kommer från``, ``flyttade till``) make an unlisted capitalised word a
  place: first by fuzzy match against the gazetteer (``Stokholm`` → Stockholm), else ``city``
  (``foreign`` after origin verbs such as ``kommer från``).
"""

from __future__ import annotations

from collections.abc import Iterator

from pseudonymizer.detectors import context as cx
from pseudonymizer.document import Candidate, Document, Token
from pseudonymizer.gazetteer import Entry, Gazetteer, Match, joined_norms
from pseudonymizer.tokenize import normalize

__all__ = ["GeoDetector"]

_STREET_SUFFIXES = (
    "gatan", "gata", "vägen", "väg", "torget", "torg", "gränd", "gränden", "stigen", "allén",
    "backe", "backen", "platsen", "plan", "leden", "esplanaden", "promenaden", "kajen",
    "stråket", "ringen", "gången", "bron",
)
_GEO_SUFFIXES = (
    "sjön", "sjö", "fjället", "fjäll", "skogen", "berget", "älven", "ån", "viken", "udden",
    "holmen", "näset", "dalen", "ön", "parken", "reservatet", "stranden", "badet",
)
# Suffix words that are ordinary nouns even when capitalised ("Motorvägen", "Huvudgatan" are
# rare; these are the frequent false friends).
_SUFFIX_STOP = frozenset(
    "motorvägen motorväg landsvägen vägen gatan torget bron backen planen sjön ön skogen "
    "berget parken stranden badet dalen holmen viken ringen ån järnvägen tunnelbanan "
    "huvudgatan gågatan gågata bygatan bakgatan sidogatan bilvägen cykelvägen skolvägen "
    "hemvägen vägen hemåt gränden centrum kyrkan".split()
)


class GeoDetector:
    """Detects every geographic label with the ``foreign`` flag, and ``street_nr``."""

    name = "geo"
    labels = ("city", "country", "region", "area", "place", "geo", "street_nr")

    def __init__(self, gazetteer: Gazetteer) -> None:
        self.gaz = gazetteer

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        if not tokens:
            return
        gaz = self.gaz
        joined = joined_norms(doc)
        matches = gaz.scan(doc, "places", joined)
        covered: set[int] = set()
        taken: list[tuple[Match, Entry]] = []
        doc_countries = self._countries(matches)
        for m in matches:  # longest first at each start
            if m.first in covered:
                continue
            if m.key in gaz.not_labelled:
                covered.update(range(m.first, m.last + 1))
                continue
            if not self._accept(doc, m):
                continue
            entry = self._choose(m.entries, doc_countries)
            if entry.label == "country" and entry.country == "SE":
                continue
            covered.update(range(m.first, m.last + 1))
            taken.append((m, entry))
        for m, entry in taken:
            tok_first, tok_last = tokens[m.first], tokens[m.last]
            flags = set()
            if m.suffix:
                flags.add("gen")
            if entry.foreign and entry.label != "country":
                flags.add("foreign")
            score = 0.9 if entry.manual else (0.8 if len(m.key) > 3 else 0.6)
            yield Candidate(tok_first.start, tok_last.end, entry.label, frozenset(flags), score,
                            normalize(entry.canonical), source=self.name)
            if entry.label == "place":
                yield from self._street_nr(doc, m.last)
        blocked = {i for m in matches if m.key in gaz.not_labelled
                   for i in range(m.first, m.last + 1)}
        inst = {
            i for m in gaz.scan(doc, "institutions", joined) for i in range(m.first, m.last + 1)
        }
        names = self._listed_names(doc, joined)
        yield from self._by_suffix_and_trigger(doc, covered | blocked | inst, names, doc_countries)

    # ------------------------------------------------------------------ gazetteer matches
    def _accept(self, doc: Document, m: Match) -> bool:
        tokens = doc.tokens
        tok = tokens[m.first]
        if any(e.manual for e in m.entries):
            return True
        multi = m.last > m.first + (2 if m.suffix == ":s" else 0)
        low = tok.lower
        initial = cx.is_sentence_initial(doc, m.first)
        if not multi and (self.gaz.is_common_word(low) or len(low) <= 2):
            if not cx.capitalised(tok):
                return False
            if initial:
                # "Lund är en fin stad" — accept only a strong place reading at the start when
                # a place preposition follows nowhere; common words at the start lose.
                return False
            prev = cx.prev_words(doc, m.first, 1)
            return not prev or prev[0] not in ("en", "ett", "den", "det", "min", "mitt")
        if multi:
            # "gröna linjen"-like lower-case multi-word phrases are rare; a capital anywhere or
            # an exact lower-case spelling is enough.
            return True
        if cx.capitalised(tok):
            if low in self.gaz.languages:
                return False  # "Svenska", "Kurdiska" — languages and nationalities
            return True
        # Lower-case: the list spelling (with or without diacritics) of a well-known place.
        best = max(m.entries, key=lambda e: e.weight)
        known = (
            best.label in ("country", "region")
            or (best.country == "SE" and best.weight >= 1_000)
            or best.weight >= 100_000
        )
        if not known or low in self.gaz.languages:
            return False
        if low != best.canonical.lower() and self.gaz.is_known_word(low):
            return False
        return len(low) >= 4

    @staticmethod
    def _countries(matches: list[Match]) -> set[str]:
        out: set[str] = set()
        for m in matches:
            for e in m.entries:
                if e.label == "country":
                    out.add(e.country)
        return out

    @staticmethod
    def _choose(entries: tuple[Entry, ...], countries: set[str]) -> Entry:
        """The reading that fits the essay: project entry, country, mentioned country, size."""
        manual = [e for e in entries if e.manual]
        if manual:
            return manual[0]
        country = [e for e in entries if e.label == "country"]
        if country:
            return country[0]

        def rank(e: Entry) -> float:
            w = e.weight
            if e.country in countries:
                w *= 1000  # city–country consistency
            if e.country == "SE":
                w *= 20  # learners in Sweden mostly write about Swedish places
            if e.label in ("region", "geo", "place", "area"):
                w *= 2  # curated entries
            return w

        return max(entries, key=rank)

    def _street_nr(self, doc: Document, last: int) -> Iterator[Candidate]:
        tokens = doc.tokens
        j = last + 1
        if j < len(tokens) and tokens[j].sentence == tokens[last].sentence:
            t = tokens[j]
            text = t.text
            digits = text.rstrip("ABCDEFabcdef")
            if digits.isdigit() and len(digits) <= 4 and t.start - tokens[last].end <= 2:
                yield Candidate(t.start, t.end, "street_nr", frozenset(), 0.8, text.lower(),
                                source=self.name)

    # ------------------------------------------------------------------ rules
    def _listed_names(self, doc: Document, joined: tuple[str, list[int]]) -> set[int]:
        return {m.first for m in self.gaz.scan(doc, "names", joined)}

    def _by_suffix_and_trigger(
        self, doc: Document, covered: set[int], names: set[int], countries: set[str]
    ) -> Iterator[Candidate]:
        gaz = self.gaz
        tokens = doc.tokens
        n = len(tokens)
        for i, tok in enumerate(tokens):
            if i in covered or not tok.is_word:
                continue
            low = tok.lower
            cap = cx.capitalised(tok)
            initial = cx.is_sentence_initial(doc, i)
            if cap or len(low) >= 8:
                kind = _suffix_kind(low)
                if kind and low not in _SUFFIX_STOP and (cap or not gaz.is_known_word(low)):
                    if kind == "place" or (cap and not initial):
                        start = tok.start
                        # "Birger Jarlsgatan", "Gamla Kungsvägen": one capitalised word before.
                        if i > 0 and tokens[i - 1].is_title and i - 1 not in covered and \
                                not cx.is_sentence_initial(doc, i - 1) and \
                                tokens[i - 1].lower not in cx.PLACE_PREPOSITIONS:
                            start = tokens[i - 1].start
                        yield Candidate(start, tok.end, kind, frozenset(), 0.65,
                                        normalize(doc.text[start:tok.end]), source=self.name)
                        if kind == "place":
                            yield from self._street_nr(doc, i)
                        continue
            if not cap or initial or i in names:
                continue
            if gaz.is_known_word(low) or gaz.is_common_word(low) or low in gaz.languages:
                continue
            prev = cx.prev_words(doc, i, 3)
            triggered = bool(prev) and prev[0] in cx.PLACE_PREPOSITIONS and (
                len(prev) > 1 and prev[1] in cx.PLACE_VERBS
            )
            key = gaz.fuzzy("places", tok.norm) if len(low) >= 5 else None
            if key is not None and key not in gaz.not_labelled:
                entry = self._choose(gaz.entries_for_key("places", key), countries)
                if entry.label == "country" and entry.country == "SE":
                    continue
                if triggered or entry.weight >= 10_000:
                    flags = {"foreign"} if entry.foreign and entry.label != "country" else set()
                    yield Candidate(tok.start, tok.end, entry.label, frozenset(flags), 0.6,
                                    normalize(entry.canonical), source=self.name)
                    continue
            if triggered and not _near_sweden(gaz, key):
                # An unlisted town: abroad after origin verbs ("kommer från Zakho").
                flags = {"foreign"} if prev[1] in cx.ORIGIN_VERBS else set()
                yield Candidate(tok.start, tok.end, "city", frozenset(flags), 0.45,
                                tok.norm, source=self.name)
        del n


def _suffix_kind(low: str) -> str | None:
    for suf in _STREET_SUFFIXES:
        if low.endswith(suf) and len(low) >= len(suf) + 3:
            return "place"
    for suf in _GEO_SUFFIXES:
        if low.endswith(suf) and len(low) >= len(suf) + 4:
            return "geo"
    return None


def _near_sweden(gaz: Gazetteer, key: str | None) -> bool:
    return key is not None and key in gaz.not_labelled


def _unused(_: Token) -> None:  # pragma: no cover - keeps Token imported for type readers
    return None
