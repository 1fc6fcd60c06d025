"""Demographic and confidential cues written in lower case: job titles, nationalities, education,
family roles, diagnoses, beliefs, sexual orientation, political leanings and crimes.

A word is classified once (cached) by the lexicon lists of resources/da/ with the inflection
endings Danish nouns and adjectives take ("depressionen", "muslimske", "lærerne").
"""

from __future__ import annotations

from functools import lru_cache

from pseudonymizer.dab.detectors.base import CAPITAL_RE, Tok, Unit
from pseudonymizer.dab.lexicon import DanishLexicon

# Role nouns that are also present-tense verbs ("han spiller", "hun leder"): only compounds count.
VERB_LIKE_ROLES = frozenset({"spiller", "leder", "kører", "træner", "arbejder", "rytter",
                             "handler", "maler", "elev", "medlem", "mester", "vært", "kvinde",
                             "model", "agent", "kandidat", "planlægger", "sælger"})
JOB_ENDINGS = ("", "n", "en", "e", "ne", "er", "erne", "ere", "s", "ens", "ns", "nes", "inde",
               "inden")
INFLECTIONS = ("", "en", "et", "n", "t", "s", "ens", "ets", "ne", "e", "es", "ske")


class DemographicDetector:
    """Lower-case demographic cues (``find(toks)``)."""

    def __init__(self, lex: DanishLexicon) -> None:
        self.lex = lex

    def find(self, toks: list[Tok]) -> list[Unit]:
        """Lower-case cues: job titles, nationalities, diagnoses, beliefs, family roles."""
        lex = self.lex
        out: list[Unit] = []
        for k, t in enumerate(toks):
            w = t.text
            if not w[0].isalpha():
                continue
            low = w.lower()
            if CAPITAL_RE.match(w) and not t.sent_start and low not in lex.nationalities \
                    and not w.isupper():
                continue  # a capitalised word is a name; all capitals may be "ADHD", "CEO"
            conf, source = self._word_cue(low)
            if source:
                score = 0.35 if source == "family" else 0.6 if conf else 0.5
                label = "MISC" if source == "crime" else "DEM"
                # The country's own nationality is shared by most people written about.
                idt = "NO_MASK" if source == "nationality" and low.startswith("dansk") else "QUASI"
                start = t.start
                if source == "job":
                    # "trafikpolitiske ordfører", "politiske analytiker": a relational
                    # adjective narrows the role down and belongs to the unit
                    j = k - 1
                    while j >= 0 and toks[j].text.islower() and toks[j].text.endswith("iske") \
                            and toks[j].end in (toks[j + 1].start - 1, toks[j + 1].start):
                        start = toks[j].start
                        j -= 1
                out.append(Unit(start, t.end, label, idt, confidential=conf, score=score,
                                key=low, source=source))
        return out

    def _word_cue(self, low: str) -> tuple[str | None, str]:
        """(confidential category, cue kind) of a lower-case word; ("", "") when it is none."""
        return _word_cue_cached(self, low)

    def _classify_word(self, low: str) -> tuple[str | None, str]:
        lex = self.lex
        # inflected forms of a listed noun or adjective ("depressionen", "muslimske")
        forms = tuple(low[: len(low) - len(e)] for e in INFLECTIONS
                      if low.endswith(e) and len(low) - len(e) >= 3)
        if any(f in lex.health for f in forms) or low.endswith(("kræft", "sygdom", "syge")):
            return "HEALTH", "health"
        if any(f in lex.belief for f in forms):
            return "BELIEF", "belief"
        if any(f in lex.sex for f in forms):
            return "SEX", "sex"
        if any(f in lex.politics for f in forms):
            return "POLITICS", "politics"
        if low in lex.crime:
            return None, "crime"
        if low in lex.education or low.endswith(("uddannelsen", "uddannelse")):
            return None, "education"
        if self._nationality(low):
            return None, "nationality"
        if self._job(low):
            return None, "job"
        if low in lex.family or (low.endswith("s") and low[:-1] in lex.family):
            return None, "family"
        return None, ""

    def _nationality(self, low: str) -> bool:
        for ending in ("", "e", "en", "n", "ns", "ne", "ere", "erne", "es", "s"):
            if low.endswith(ending) and low[: len(low) - len(ending)] in self.lex.nationalities:
                return True
        return False


    def _job(self, low: str) -> bool:
        lex = self.lex
        # only the endings of nouns for people ("lærer", "læreren", "lærere", "lærerne"): a free
        # cut made "økonomiske" an "økonom" and "kongelige" a "konge"
        for ending in JOB_ENDINGS:
            if low.endswith(ending) and low[: len(low) - len(ending)] in lex.jobs:
                return True
        for ending in JOB_ENDINGS:
            stem = low[: len(low) - len(ending)]
            if low.endswith(ending) and stem in lex.job_suffixes and stem not in VERB_LIKE_ROLES:
                return True  # "analytiker", "journalisten"
        if len(low) < 8:
            return False
        for suf in lex.job_suffixes:
            for ending in JOB_ENDINGS:
                if low.endswith(suf + ending) and len(low) - len(suf) - len(ending) >= 3:
                    return True
        return False

    # -- all together ------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def _word_cue_cached(detector: DemographicDetector, low: str) -> tuple[str | None, str]:
    # Words repeat across texts; the classification depends only on the (immutable) lexicon.
    return detector._classify_word(low)
