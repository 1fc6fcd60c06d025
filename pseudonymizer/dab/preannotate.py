"""Danish pre-annotation for scheme ``dab``: units with a category and a first DIRECT/QUASI guess.

Everything is offline: regular expressions for the shaped units (codes, phone numbers, CPR,
addresses, dates, amounts) and word lists from resources/da/ for names, places, organisations
and demographic cues. Danish writes common nouns in lower case, so a capitalised word inside a
sentence is strong evidence of a proper noun; the lists then say which kind.

Each detector returns ``Unit`` proposals; ``resolve`` keeps the best non-overlapping ones (score,
then length); ``mentions.propagate`` finds later mentions of a found name and links a first
name or surname alone to the full name (``Unit.key``, which ``annotate_dab`` turns into entity ids).

The identifier type is a first proposal for the annotator (guide, step 2):

- DIRECT: full names (two name words, or a title and a name; also in lower case after a name
  cue), user names (a word with an inner underscore, "@name", a name after a forum cue such as
  "Skrevet af"), CPR numbers, phone numbers,
  e-mail addresses, street addresses, bank accounts and IBANs, licence plates, passport and
  similar personal numbers, and a surname alone once the full name is known.
- QUASI: a first name alone, places, organisations, dates, years, times and durations, ages,
  job titles, nationalities, education, relatives, diagnoses and other demographic cues, crimes
  and sentences, amounts, votes and placings, case numbers, URLs, titles of works, awards and
  other named things, each with the extent DAB's annotators give the phrase.
- NO_MASK (a unit, not an identifier): relative times ("i går", "mandag"), physical
  measures ("25 km"), the home country and its nationality ("Danmark", "dansk").

The detectors live in ``pseudonymizer.dab.detectors`` (one module per kind of unit); this module
runs them in order and keeps the public names (``DanishAnnotator``, ``Unit``, ``TOKEN_RE``,
``tokenize``, ``resolve``).
"""

from __future__ import annotations

from pseudonymizer.dab.detectors.addresses import AddressDetector
from pseudonymizer.dab.detectors.base import TOKEN_RE, Tok, Unit, Words, resolve, tokenize
from pseudonymizer.dab.detectors.dates import DateDetector
from pseudonymizer.dab.detectors.demographics import DemographicDetector
from pseudonymizer.dab.detectors.mentions import (
    join_couples,
    join_neighbours,
    join_phrases,
    national_bodies,
    propagate,
    relatives_before_names,
    trim,
)
from pseudonymizer.dab.detectors.misc import WorkTitles, find_extras
from pseudonymizer.dab.detectors.names import NameDetector
from pseudonymizer.dab.detectors.numbers import CodeDetector
from pseudonymizer.dab.detectors.orgs import OrgDetector
from pseudonymizer.dab.lexicon import DanishLexicon

__all__ = ["TOKEN_RE", "DanishAnnotator", "Tok", "Unit", "resolve", "tokenize"]


class DanishAnnotator:
    """Pre-annotates Danish text for scheme ``dab``; build once, call ``units(text)`` often."""

    def __init__(self, lexicon: DanishLexicon | None = None) -> None:
        self.lex = lexicon or DanishLexicon.default()
        self.words = Words(self.lex)
        self.codes = CodeDetector(self.lex)
        self.addresses = AddressDetector(self.lex, self.words)
        self.dates = DateDetector(self.lex)
        self.orgs = OrgDetector(self.lex)
        self.names = NameDetector(self.lex, self.words, self.orgs)
        self.demographics = DemographicDetector(self.lex)
        self.titles = WorkTitles(self.lex)

    def units(self, text: str) -> list[Unit]:
        """Resolved, non-overlapping units of ``text`` in text order."""
        toks = tokenize(text)
        cands = (self.codes.find(text) + self.addresses.find(text) + self.dates.find(text)
                 + self.names.proper_nouns(text, toks) + self.demographics.find(text, toks)
                 + self.orgs.institutions(toks) + find_extras(text, self.lex)
                 + self.orgs.known(text, toks) + self.names.lowercase_names(toks)
                 + self.names.lowercase_places(toks)
                 + self.titles.find(text, toks))
        cands = join_couples(text, cands)
        units = resolve([trim(text, u) for u in cands])
        units = propagate(text, toks, units)
        units = join_phrases(text, join_neighbours(text, units, self.words))
        return relatives_before_names(text, national_bodies(text, units))
