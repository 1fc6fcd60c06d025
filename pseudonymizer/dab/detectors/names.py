"""Capitalised chains and what they name: persons, organisations, places, other named things;
and first names written in lower case after a cue word ("hilsen pia").

Danish writes common nouns in lower case, so a capitalised word inside a sentence is strong
evidence of a proper noun; the lexicon lists then say which kind. A chain is a run of
capitalised words (with initials and name particles such as "von"); ``_classify_chain`` trims
sentence-initial ordinary words and titles off its ends and decides its category.
"""

from __future__ import annotations

from dataclasses import replace

import regex

from pseudonymizer.dab.detectors.base import (
    HOME_COUNTRY,
    ROYAL,
    TITLES,
    UPPER_RE,
    Tok,
    Unit,
    Words,
    is_cap,
    strip_genitive,
)
from pseudonymizer.dab.detectors.orgs import (
    COMPANY_FORMS,
    NATIONAL_BODY_RE,
    OrgDetector,
    org_cue,
    org_suffix,
)
from pseudonymizer.dab.lexicon import DanishLexicon

TRUNCATED_NAME_RE = regex.compile(r"(?<!\w)\p{Lu}\p{L}+-[ \t]+(?:og|eller)[ \t]+$")
TITLE_COUPLE_RE = regex.compile(r"(?<!\w)(?:[Hh]r|[Ff]ru|[Dd]r)\.?\s+og\s+$")
# One or more titles, a doctor's with its faculty ("Prof. dr.med.", "dr. phil.", "Hr.").
TITLE_CHAIN_RE = regex.compile(
    r"(?:(?<!\w)(?:prof|professor|dr|hr|fru|frk|mr|mrs|ms)\.?"
    r"(?:[ \t]?(?:med|phil|jur|theol|scient|techn|odont|merc|polit|pæd)\.)?[ \t]+)+$", regex.I)
LOWER_PLACE_CUES = frozenset({"i", "fra", "til", "ved", "nær", "udenfor", "uden", "omkring",
                              "syd", "nord", "øst", "vest", "mod"})
INITIALS_RE = regex.compile(r"^(?:\p{Lu}\.){2,4}$")
NAME_CUES = frozenset({"til", "med", "hilsen", "mvh", "kh", "knus", "hej", "kære", "fra", "og",
                       "ved", "spurgte", "sagde", "hedder", "tak"})
ARTICLES = frozenset({"Det", "Den", "De"})
# "af" and "den" are left out: "bog af Karen Blixen", "SF af Annette" join two different units.
PARTICLES = frozenset({"von", "van", "der", "de", "d'", "la", "le", "di", "da", "du", "bin", "al",
                       "el", "ten", "ter", "zu", "dos", "del"})
# Lower-case words inside foreign names of teams, events and institutions ("League of Legends",
# "Ninjas in Pyjamas", "Ud & Se"); a chain holding one names no person.
CONNECTORS = frozenset({"of", "in", "the", "and", "by", "&", "et", "und"})
LOC_PREPS = frozenset({"i", "fra", "til", "på", "ved", "nær", "mod", "omkring", "gennem",
                       "udenfor", "nord", "syd", "øst", "vest"})
NICKNAME_RE = regex.compile(
    r"(?<!\w)\p{Lu}\p{Ll}+ [\"“»']\p{Lu}[\p{L}-]+[\"”«'] \p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?(?!\w)")
# Lower-case heads that make a capitalised chain before them a named event ("Britiske Formel
# Ford mesterskab", "Roskilde festival").
EVENT_HEADS = frozenset({"mesterskab", "mesterskabet", "festival", "festivalen", "turnering",
                         "turneringen", "stævne", "stævnet", "cup", "cuppen", "konkurrence",
                         "konkurrencen", "løb", "løbet", "marathon", "maraton"})
# A lower-case particle glued to the next part of a foreign name ("Hizb ut-Tahrir",
# "Bashar al-Assad").
GLUED_PARTICLE_RE = regex.compile(r"^\p{Ll}{1,3}-\p{Lu}\p{L}+$")
DEPARTMENT_HEADS = frozenset({"afdeling", "afsnit", "klinik", "ambulatorium", "center"})
NAMED_PREPOSITIONS = frozenset({"Under", "Over", "Mod", "Uden", "Efter", "Mellem"})
FIELD_VALUE_RE = regex.compile(r":[ \t]*\d")
PERSON_FROM_RE = regex.compile(r"\s+fra\s+(\p{Ll}[\p{Ll}\d]{2,})(?![\w-])")
ROYAL_TAIL_RE = regex.compile(r"(?:\s+\d{1,2}\.)?(?:\s+af\s+\p{Lu}[\p{L}]+)?")


def _street_word(word: str) -> bool:
    low = word.lower()
    return any(low.endswith(s) and len(low) > len(s) + 2 for s in ("vej", "gade", "allé",
                                                                   "stræde", "vænget"))


class NameDetector:
    """Proper-noun chains (``proper_nouns``) and lower-case first names (``lowercase_names``)."""

    def __init__(self, lex: DanishLexicon, words: Words, orgs: OrgDetector) -> None:
        self.lex = lex
        self.words = words
        self.orgs = orgs

    def proper_nouns(self, text: str, toks: list[Tok]) -> list[Unit]:
        """Capitalised chains: persons, organisations, places, other named things."""
        chains: list[tuple[int, int]] = []  # token index ranges [i, j)
        n = len(toks)
        i = 0
        while i < n:
            t = toks[i]
            if not is_cap(t.text):
                i += 1
                continue
            j = i + 1
            while j < n:
                gap = text[toks[j - 1].end:toks[j].start]
                if len(gap) > 1 and gap.strip(" ") or "\n\n" in gap or len(gap) > 2:
                    break
                nxt = toks[j].text
                if (nxt in self.lex.not_names and nxt not in ARTICLES) or (
                        toks[j - 1].text in self.lex.not_names and not (
                            toks[j - 1].text in ARTICLES and not toks[j - 1].sent_start)
                        and not (j - 1 == i and self._named_preposition(toks, i))):
                    break  # "Tjæreborg Mvh Rikke", "Renana Jeg"
                if "\n" in gap and not (self.words.is_name_word(toks[j - 1].text.lower())
                                        and self.words.is_name_word(nxt.lower())):
                    break  # a line break ends a name unless it splits a known first + last name
                if gap and is_cap(nxt):
                    if _street_word(nxt) and j + 1 < n and toks[j + 1].text[0].isdigit():
                        break  # "Trine Berg Fredericiavej 88": the address starts here
                    j += 1
                    continue
                if not gap and is_cap(nxt) and toks[j - 1].text == "." and j >= 2 \
                        and len(toks[j - 2].text) == 1 and toks[j - 2].text.isupper():
                    j += 1  # "N.J": initials glued by a period
                    continue
                # an initial "H." / "N.J": letter + period glued
                if not gap and nxt == "." and len(toks[j - 1].text) <= 2 \
                        and toks[j - 1].text.isupper():
                    j += 1
                    continue
                if gap == " " and GLUED_PARTICLE_RE.match(nxt):
                    j += 1  # "Hizb ut-Tahrir"
                    continue
                if gap and (nxt.lower() in PARTICLES or nxt in CONNECTORS) and j + 1 < n \
                        and is_cap(toks[j + 1].text) \
                        and text[toks[j].end:toks[j + 1].start] == " ":
                    j += 2
                    continue
                if j == i + 1 and t.text in ARTICLES and not t.sent_start:
                    # "på Det kongelige Teater": a capitalised article inside a sentence starts
                    # a name whose adjectives are in lower case
                    k = j
                    while k < min(n, j + 2) and toks[k].text.islower() \
                            and toks[k].text.endswith("e") \
                            and text[toks[k - 1].end:toks[k].start] == " ":
                        k += 1
                    if k > j and k < n and is_cap(toks[k].text) \
                            and text[toks[k - 1].end:toks[k].start] == " ":
                        j = k + 1
                        continue
                break
            chains.append((i, j))
            i = j
        # Known proper nouns: what appears capitalised inside a sentence at least once.
        inside = {toks[a].text for a, _ in chains if not toks[a].sent_start}
        out: list[Unit] = []
        for a, b in chains:
            for u in self._classify_chain(text, toks, a, b, inside):
                end = u.end
                if text[end - 1:end] in ("s", "x", "z") \
                        and text[end:end + 1] in ("'", "’") \
                        and not text[end + 1:end + 2].isalnum():
                    u = replace(u, end=end + 1)  # "Euripides' Medea": the genitive mark
                trunc = TRUNCATED_NAME_RE.search(text, max(0, u.start - 40), u.start)
                if trunc:
                    # "Børne- og Familieafdelingen", "Patent- og Varemærkestyrelsen": the
                    # truncated first compound shares the name's head and belongs to it
                    u = replace(u, start=trunc.start())
                out.append(u)
        for u in [u for u in out if u.label == "PERSON"]:
            m = PERSON_FROM_RE.match(text, u.end)
            if m and self._unknown_lower(m.group(1)):
                # "Lena fra patrade": a person "from" a word no dictionary knows is from a
                # company written in lower case (informal text)
                out.append(Unit(m.start(1), m.end(1), "ORG", "QUASI", score=0.45,
                                key=m.group(1), source="org"))
        for m in NICKNAME_RE.finditer(text):
            # "Andy "Reginald" Dinh": a nickname in quotes inside a full name
            out.append(Unit(m.start(), m.end(), "PERSON", "DIRECT", score=0.8,
                            key=m.group().lower(), source="name"))
        return out

    @staticmethod
    def _named_preposition(toks: list[Tok], i: int) -> bool:
        """"til Under Armour": a capitalised preposition inside a sentence, after a lower-case
        word and before a capitalised one, opens a name."""
        return toks[i].text in NAMED_PREPOSITIONS and not toks[i].sent_start and i > 0 \
            and toks[i - 1].text.islower() and i + 1 < len(toks) and is_cap(toks[i + 1].text) \
            and toks[i + 1].start - toks[i].end == 1

    def _inflected_common(self, low: str) -> bool:
        """A plural or participle of an ordinary word ("kunder", "diagnoser", "udskrevet")."""
        lex = self.lex
        for suf in ("erne", "ene", "er", "r", "e", "et", "t"):
            stem = low[: len(low) - len(suf)]
            if low.endswith(suf) and len(stem) >= 4 and stem in lex.common_words \
                    and not self.words.is_name_word(stem) and stem not in lex.places:
                return True
        return False

    def _unknown_lower(self, word: str) -> bool:
        """A lower-case word that is no ordinary word, place, name or compound of one."""
        lex = self.lex
        return len(word) >= 4 and word not in lex.common_words and word not in lex.places \
            and word not in lex.countries and not self.words.is_name_word(word) \
            and not self._definite_noun(word) and not self.words.compound_of_common(word) \
            and word not in lex.jobs and word not in lex.months and word not in lex.weekdays

    def _definite_noun(self, low: str) -> bool:
        """"bageriet", "køberen", "sygeplejerskerne": the definite form of a listed common noun
        (Danish adds the article as an ending, so a sentence-initial "Køberen" is no name)."""
        lex = self.lex
        for suf in ("erne", "ene", "ne", "en", "et", "n", "t"):
            if len(low) - len(suf) < 3 or not low.endswith(suf):
                continue
            stem = low[: -len(suf)]
            if stem in lex.common_words and not self.words.is_name_word(stem):
                return True
            if len(stem) > 3 and stem[-1] == stem[-2] and stem[:-1] in lex.common_words:
                return True  # "retten": "ret" + "ten"
        return False

    def _classify_chain(self, text: str, toks: list[Tok], a: int, b: int,
                        inside: set[str]) -> list[Unit]:
        lex = self.lex
        # Drop a sentence-initial ordinary word ("Han", "Jeg", "Derfor") and titles at the ends.
        while a < b:
            w = toks[a].text
            low = w.lower()
            if w in ARTICLES and not toks[a].sent_start and a + 1 < b:
                break  # "i Det Danske Akademi": a capitalised article inside a sentence is named
            if (w in lex.not_names and not (a + 1 < b and self._named_preposition(toks, a))) \
                    or low in TITLES or low in ROYAL:
                a += 1
                continue
            if toks[a].sent_start and (low in lex.common_words or self._definite_noun(low)) \
                    and not self.words.is_name_word(low) \
                    and low not in lex.places and low not in lex.countries \
                    and w not in inside and not UPPER_RE.match(w) \
                    and not (low.endswith("isk") and a + 1 < b and toks[a + 1].text.lower()
                             in DEPARTMENT_HEADS):
                # ("Psykiatrisk Afdeling" at the top of a record is a name)
                a += 1
                continue
            break
        while b > a + 1 and toks[b - 1].sent_start and toks[b - 1].text.lower() in \
                lex.common_words and not self.words.is_name_word(toks[b - 1].text.lower()):
            b -= 1
        while b > a and (toks[b - 1].text.lower() in PARTICLES or toks[b - 1].text == "."):
            if toks[b - 1].text == "." and b - 2 > a and len(toks[b - 2].text) == 1 \
                    and toks[b - 2].text.isupper():
                break  # the period of a final initial belongs to the name ("Anne E.")
            b -= 1
        if a >= b:
            return []
        if a > 0 and toks[a - 1].text.lower() in {"det", "den", "de"}:
            with_article = text[toks[a - 1].start:toks[b - 1].end]
            if with_article in lex.org_known or with_article.lower() in self.orgs.org_known_lower:
                a -= 1  # "Det Radikale Venstre": the article belongs to the name
        start, end = toks[a].start, toks[b - 1].end
        words = [t.text for t in toks[a:b] if t.text != "."]
        lows = [w.lower() for w in words]
        phrase = text[start:end]
        first_tok_initial = toks[a].sent_start
        # Title or royal word right before the chain (kept inside the span, as the guide asks).
        title_start = None
        if a > 0:
            prev = toks[a - 1]
            pl = prev.text.lower()
            if prev.text == "." and a > 1 and toks[a - 2].text.lower() in TITLES:
                title_start = toks[a - 2].start
            elif pl in TITLES or pl in ROYAL:
                title_start = prev.start
        chain = TITLE_CHAIN_RE.search(text, max(0, start - 40), start)
        if chain and (title_start is None or chain.start() < title_start):
            title_start = chain.start()  # "Prof. dr.med. Jens Ulrik Staehr"
        if title_start is not None:
            couple = TITLE_COUPLE_RE.search(text, max(0, title_start - 12), title_start)
            if couple:  # "Hr. og Fru Jørgensen"
                title_start = couple.start()
        # Organisation: a known name, a company form after it, or an organisation head word.
        m = COMPANY_FORMS.match(text, end)
        for k in range(a + 1, b):
            inner = COMPANY_FORMS.match(text, toks[k - 1].end)
            if inner and inner.end() > toks[k].end:  # "Nordisk Tømmer A/S": the chain took "A"
                m, end = inner, toks[k - 1].end
                break
        if m:
            return [Unit(start, m.end(), "ORG", "QUASI", score=0.8, key=phrase.lower(),
                         source="org")]
        if phrase in lex.org_known or strip_genitive(phrase) in lex.org_known:
            idt = "QUASI"
            return [Unit(start, end, "ORG", idt, score=0.75, key=strip_genitive(phrase).lower(),
                         confidential=None, source="org")]
        if lows[-1] in lex.org_heads or (len(lows) > 1 and lows[0] in lex.org_heads) \
                or org_suffix(lows[-1]) or NATIONAL_BODY_RE.search(lows[-1]):
            return [Unit(start, end, "ORG", "QUASI", score=0.75, key=phrase.lower(),
                         source="org")]
        nxt = self._next_word(toks, b)
        if nxt is not None and self.orgs.head_word(nxt.text):
            return [Unit(start, nxt.end, "ORG", "QUASI", score=0.75,
                         key=text[start:nxt.end].lower(), source="org")]
        if nxt is not None and nxt.text in EVENT_HEADS and nxt.start - end == 1:
            # "det Britiske Formel Ford mesterskab": a named event, no person
            return [Unit(start, nxt.end, "MISC", "QUASI", score=0.75,
                         key=text[start:nxt.end].lower(), source="event")]
        cue = a - 1
        if cue > 0 and toks[cue].text.isdigit() and toks[a].start - toks[cue].end == 1:
            cue -= 1  # "holdet 100 Thieves": a number opens the name
        if cue >= 0 and org_cue(toks[cue].text) and toks[cue + 1].start - toks[cue].end == 1 \
                and title_start is None and not toks[a].sent_start \
                and phrase.lower() not in lex.places and phrase.lower() not in lex.countries:
            # "holdet 100 Thieves", "foreningen Somaliske Kvinder", "organisation Hizb
            # ut-Tahrir": the name after a noun for a kind of organisation is that organisation
            s = toks[cue + 1].start
            return [Unit(s, end, "ORG", "QUASI", score=0.72, key=text[s:end].lower(),
                         source="org")]
        base = [self.words.base(w) for w in words]
        names = sum(1 for w in base if self.words.is_name_word(w))
        first = sum(1 for w in base if w in lex.first_names)
        # Places and countries.
        joined = " ".join(base)
        if (names == 0 and (title_start is None or toks[a - 1].text.lower() in ROYAL
                            or joined in lex.countries)) \
                or (len(words) == 1 and (joined in lex.places or joined in lex.countries)
                    and title_start is None and first == 0):
            # ("Hr. Dybvad": a title makes a place word a surname)
            if joined in lex.countries or strip_genitive(phrase).lower() in lex.countries:
                # The home country is shared by nearly everyone written about in Danish.
                idt = "NO_MASK" if joined in HOME_COUNTRY else "QUASI"
                return [Unit(start, end, "LOC", idt, score=0.55, key=joined, source="country")]
            if joined in lex.places:
                return [Unit(start, end, "LOC", "QUASI", score=0.6, key=joined, source="place")]
        if any(w in CONNECTORS for w in words[1:-1]):
            # "League of Legends Championship Series", "Ninjas in Pyjamas": no person
            return [Unit(start, end, "MISC", "QUASI", score=0.6, key=joined, source="proper")]
        # Persons.
        if INITIALS_RE.match(phrase.replace(" ", "")):
            return [Unit(start, end, "PERSON", "QUASI", score=0.6, key=joined,
                         source="initials")]
        acronym = all(UPPER_RE.match(w) for w in words)
        personish = title_start is not None or (names > 0 and not (acronym and len(words) == 1))
        if not personish and len(words) >= 2 and not acronym and (
                not first_tok_initial or not any(w in lex.common_words for w in base)):
            # Two or more capitalised words inside a Danish sentence that are no known place or
            # organisation: most often a person's name.
            def unknown(w: str) -> bool:
                return w not in lex.common_words and w not in lex.places \
                    and w not in lex.countries and not self.words.compound_of_common(w)

            # "Divya Das", "Trym Bagger": an unknown first word before a capitalised word
            personish = any(self.words.looks_surname(w) for w in base) or all(map(unknown, base)) \
                or (len(base) <= 3 and unknown(base[0]) and not first_tok_initial)
        if personish:
            s = title_start if title_start is not None else start
            if title_start is not None and toks[a - 1].text.lower() in ROYAL:
                m = ROYAL_TAIL_RE.match(text, end)  # "kong Albert 2. af Belgien"
                if m:
                    end = m.end()
            n_words = len([w for w in words if len(w) > 2 or not w.isupper()])
            idt = "DIRECT" if n_words >= 2 or title_start is not None else "QUASI"
            return [Unit(s, end, "PERSON", idt, score=0.7 if names else 0.6,
                         key=" ".join(base), source="name")]
        if len(words) == 1 and not first_tok_initial and self.words.looks_surname(base[0]) \
                and not acronym:
            return [Unit(start, end, "PERSON", "QUASI", score=0.5, key=base[0], source="name")]
        if len(words) == 1 and "-" in lows[0] and lows[0].endswith(("nummer", "nummeret", "-nr")):
            return []  # "CPR-nummer", "CVR-nr": the name of a number, not a named thing
        if len(words) == 1 and org_suffix(lows[0]):
            return [Unit(start, end, "ORG", "QUASI", score=0.6, key=joined, source="org")]
        if first_tok_initial and len(words) == 1 and words[0] not in inside and (
                lows[0] in lex.common_words or self.words.compound_of_common(lows[0])
                or lows[0].endswith(("nr", "nummer")) or self._inflected_common(lows[0])
                or lows[0] + "e" in lex.common_words  # an imperative ("Klag", "Send")
                or (text[end:end + 1] == ":" and not acronym)):
            # a capitalised ordinary word at the start of a sentence or line ("Kunder",
            # "Udskrevet"), or a form's field label ("Anamnese:", "Diagnoser:")
            return []
        if len(words) == 1 and names == 0 and not acronym and (
                FIELD_VALUE_RE.match(text, end) or text.startswith(".nr", end)):
            return []  # a form's field with its value ("Udskrevet: 17.01.2024"), "Matr.nr."
        # Other proper nouns: a place after a place preposition, else an organisation acronym or
        # a named thing. Danish capitalises only proper nouns, so these are rarely wrong.
        prev_word = toks[a - 1].text.lower() if a > 0 else ""
        if acronym and all(len(w) >= 2 and w in lex.common_words for w in lows) \
                and phrase not in lex.org_known and a > 0 and toks[a - 1].text.islower():
            return []  # shouted ordinary words inside a sentence ("der IKKE ER rigtigt")
        if acronym and len(words) == 1 and len(words[0]) <= 6:
            if lows[0] in {"cpr", "cvr", "dkk", "eur", "usd", "sek", "tv", "pc", "it", "ok", "id",
                           "pdf", "nb", "ps", "mvh", "jeg", "og", "i", "vi", "de", "ceo"}:
                return []

            return [Unit(start, end, "ORG", "QUASI", score=0.5, key=joined, source="acronym")]
        if prev_word in LOC_PREPS:
            return [Unit(start, end, "LOC", "QUASI", score=0.5, key=joined, source="proper")]
        return [Unit(start, end, "MISC", "QUASI", score=0.45, key=joined, source="proper")]

    @staticmethod
    def _next_word(toks: list[Tok], b: int) -> Tok | None:
        return toks[b] if b < len(toks) and toks[b].text[0].isalpha() else None

    def lowercase_places(self, toks: list[Tok]) -> list[Unit]:
        """Towns written in lower case in informal text ("bor udenfor randers", "rikke fra
        viborg"): a listed place that is no ordinary word, after a preposition of place."""
        lex = self.lex
        out = []
        for k in range(1, len(toks)):
            low = toks[k].text
            if toks[k - 1].text in LOWER_PLACE_CUES and low in lex.places and low.islower() \
                    and len(low) >= 3 and low not in lex.common_words:
                out.append(Unit(toks[k].start, toks[k].end, "LOC", "QUASI", score=0.45,
                                key=low, source="place-lower"))
        return out

    def lowercase_names(self, toks: list[Tok]) -> list[Unit]:
        """Names written in lower case in informal text ("ring til janne", "hilsen pia"): only
        after a word that often precedes a name, and only when the name is no ordinary word."""
        lex = self.lex
        out = []
        for k in range(1, len(toks)):
            t = toks[k]
            low = t.text
            if not low.islower() or len(low) < 3 or low not in lex.first_names \
                    or low in lex.months or low in lex.weekdays \
                    or toks[k - 1].text.lower() not in NAME_CUES:
                continue
            # "mads kristoffersen", "anne marie holm": lower-case surnames (and a middle name)
            # after the first name make a full name, DIRECT like a capitalised one
            end, j, surname = t.end, k + 1, False
            while j < len(toks) and j <= k + 3 and toks[j].start - end == 1 \
                    and toks[j].text.islower() and len(toks[j].text) >= 3:
                w = toks[j].text
                if w in lex.surnames or (self.words.looks_surname(w)
                                         and w not in lex.common_words):
                    surname = True
                elif w not in lex.first_names or w in lex.common_words:
                    break
                end, j = toks[j].end, j + 1
            if surname:
                out.append(Unit(t.start, end, "PERSON", "DIRECT", score=0.6, key=low,
                                source="name-lower"))
                continue
            # "tak tove." / "tak frank!": a first name thanked at the end of a sentence is the
            # name, even when it is also an ordinary word
            thanked = toks[k - 1].text.lower() == "tak" and k + 1 < len(toks) \
                and toks[k + 1].text in {".", "!", ","} and toks[k + 1].start == t.end
            if low not in lex.common_words or thanked:
                out.append(Unit(t.start, t.end, "PERSON", "QUASI", score=0.45, key=low,
                                source="name-lower"))
        return out

