"""Steps over the proposals of all detectors: trimming a span to its minimal extent, joining two
people into one unit ("Claus og Karina Rasmussen"), finding later mentions of a found name
(``propagate``) and the joins the guide asks for (date ranges, acronyms, "X af Danmark").
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

import ahocorasick
import regex

from pseudonymizer.dab.detectors.base import (
    ROYAL,
    TITLES,
    Tok,
    Unit,
    Words,
    is_cap,
    resolve,
    strip_genitive,
    stronger,
)

KEEP_PERIOD = frozenset({"kr", "nr", "tv", "th", "mf", "st", "ca", "mio", "mia", "mill", "km",
                         "kl", "co", "ltd", "inc", "hr", "dr", "fru"})
ACRONYM_TAIL_RE = regex.compile(r"\s?\((?:[\p{Lu}][\p{L}\d&.-]{0,9}|[\p{Lu}][\p{L}]+"
                                r"(?:\s[\p{L}]+){1,5})\)")
# One capitalised word in a definite form ("Lægerne", "Kirkehuset", "Alkoholbehandlingen").
INSTITUTION_WORD_RE = regex.compile(r"\p{Lu}\p{Ll}{2,}(?:erne|ene|en|et)")
PART_OF_DAY_RE = regex.compile(
    r"(?<!\w)(?:(?:tidligt|sent|sidst\s+på)\s+)?om\s+(?:morgenen|formiddagen|eftermiddagen|"
    r"aftenen|natten)[ \t]+$", regex.I)
EVENT_NIGHT_RE = regex.compile(r"(?<!\w)(?:natten\s+til|blev)[ \t]+$", regex.I)
WEEKDAY_STARTS = frozenset({"man", "tir", "ons", "tor", "fre", "lør", "søn"})
DEPARTMENT_RE = regex.compile(r"(?:[Aa]fdeling|[Aa]fsnit|[Kk]linik|[Aa]mbulatorium)$")
HOSPITAL_RE = regex.compile(r"(?:hospital|hospitalet|sygehus|sygehuset|[Hh]ospital|[Ss]ygehus)"
                            r"(?:\s+\p{Lu}[\p{L}-]+)?$|^(?:Rigshospitalet|Regionshospitalet)")
EVENT_NAME_RE = regex.compile(r"(?:Cup|Festival|Open|Games|Marathon|Maraton|Rally|Grand Prix|"
                              r"Mesterskab|Mesterskaberne|Challenge|Tour|Race)$")
MODEL_NUMBER_RE = regex.compile(r" \d{1,2}(?![\w.,:/-]|\s+(?:år|måneder|uger|dage|timer|kr|"
                                r"gange|procent|%|minutter|meter|km|kilo))")
UPPER_WORD_RE = regex.compile(r"\p{Lu}{2,}")
# A capitalised compound glued to a common noun after an organisation: its product or licence.
NAMED_COMPOUND_RE = regex.compile(r" \p{Lu}\p{Ll}*-\p{Ll}{3,}(?![\p{L}\d-])")
CLOCK_RE = regex.compile(r"(?:kl\.?\s?|klokken\s)?\d{1,2}[:.]\d{2}")
DIGIT_RE = regex.compile(r"\d")
# An abbreviated weekday before a date, as forums print it ("lør 19 feb 2011").
WEEKDAY_ABBR_RE = regex.compile(r"(?<!\w)(?:[Mm]an|[Tt]irs?|[Oo]ns|[Tt]ors?|[Ff]re|[Ll]ør|[Ss]øn)"
                                r"\.?,?[ \t]$")
# A noun glued to a name by a hyphen makes one word with it ("TV 2-nyhedsvært", "DR-journalist").
GLUED_COMPOUND_RE = regex.compile(r"-\p{Ll}{3,}(?![\p{L}\d-])")
ROYAL_AF_RE = regex.compile(r"\s+af\s+(\p{Lu}[\p{L}]+)")


def trim(text: str, u: Unit) -> Unit:
    """Minimal span: no surrounding space, and no sentence period or comma at the end."""
    start, end = u.start, u.end
    while start < end and text[start].isspace():
        start += 1
    while end > start:
        ch = text[end - 1]
        if ch.isspace() or ch in ",;:":
            end -= 1
            continue
        if ch == ".":
            word = regex.search(r"[\p{L}\d]+$", text[start:end - 1])
            w = word.group() if word else ""
            # keep "kr.", "nr.", "2." (regnal or ordinal) and initials ("Anne E."), but not
            # the period after a postal district ("København V.")
            district = len(w) == 1 and u.source in {"address", "postcode"}
            if w and (len(w) > 1 or district) and not w.isdigit() \
                    and w.lower() not in KEEP_PERIOD:
                end -= 1
                continue
        break
    if (start, end) == (u.start, u.end) or end <= start:
        return u
    return replace(u, start=start, end=end)



def join_couples(text: str, cands: list[Unit]) -> list[Unit]:
    """"Claus og Karina Rasmussen", "Hanne & Anders Larsen": one unit naming two people."""
    persons = sorted((u for u in cands if u.label == "PERSON"), key=lambda u: u.start)
    extra = []
    for x, y in zip(persons, persons[1:], strict=False):
        gap = text[x.end:y.start]
        if gap.strip() in {"og", "&"} and len(gap) <= 5 and x.identifier_type == "QUASI" \
                and y.identifier_type == "DIRECT":
            extra.append(Unit(x.start, y.end, "PERSON", "DIRECT", score=0.72,
                              key=y.key, source="name"))
    return cands + extra



def propagate(text: str, toks: list[Tok], units: list[Unit]) -> list[Unit]:
    """Later mentions of a detected person or name word elsewhere (first name, surname)."""
    parts: dict[str, tuple[str, str]] = {}
    strings: dict[str, Unit] = {}
    for u in units:
        if u.label == "PERSON" and u.key and " " in u.key:
            words = [w for w in u.key.split() if w not in TITLES and w not in ROYAL]
            for k, w in enumerate(words):
                if len(w) > 1:
                    role = "last" if k == len(words) - 1 and len(words) > 1 else "part"
                    parts.setdefault(w, (u.key, role))
        elif u.label in {"ORG", "LOC", "MISC"} and u.identifier_type != "NO_MASK":
            strings.setdefault(text[u.start:u.end], u)
    occupied = sorted((u.start, u.end) for u in units)
    starts = [s for s, _ in occupied]
    new: list[Unit] = []

    def free(s: int, e: int) -> bool:
        k = bisect_right(starts, e - 1) - 1
        return k < 0 or occupied[k][1] <= s

    weak = {(u.start, u.end) for u in units if u.score < 0.5}

    def replaceable(s: int, e: int) -> bool:
        # free, or taken by a weak unit of exactly this word ("Søvndal" as a named thing)
        return free(s, e) or (s, e) in weak

    for t in toks:
        if not is_cap(t.text):
            continue
        base = strip_genitive(t.text).lower()
        hit = parts.get(base) or parts.get(t.text.lower())
        if hit and replaceable(t.start, t.end):
            key, role = hit
            new.append(Unit(t.start, t.end, "PERSON", "DIRECT" if role == "last" else "QUASI",
                            score=0.5, key=key, source="name-propagated"))
    # Names are short; a bound also keeps the automaton linear on pathological input.
    strings = {k: v for k, v in strings.items() if 2 <= len(k) <= 80}
    if strings:
        # One Aho-Corasick pass for all strings: long texts have many distinct names.
        automaton = ahocorasick.Automaton()
        for name in strings:
            automaton.add_word(name, name)
        automaton.make_automaton()
        for last, name in automaton.iter(text):
            pos, e = last - len(name) + 1, last + 1
            if (pos == 0 or not text[pos - 1].isalnum()) and (
                    e == len(text) or not text[e].isalnum()) and free(pos, e):
                new.append(replace(strings[name], start=pos, end=e, score=0.4,
                                   source=strings[name].source + "+"))
    merged = resolve(units + new) if new else units
    # A first name or surname alone joins the entity of the full name it belongs to.
    out = []
    for u in merged:
        if u.label == "PERSON" and u.key and " " not in u.key and u.key in parts:
            key, role = parts[u.key]
            idt = "DIRECT" if role == "last" else u.identifier_type
            u = replace(u, key=key, identifier_type=idt)
        out.append(u)
    return out



def join_neighbours(text: str, units: list[Unit], words: Words) -> list[Unit]:
    """Joins the guide asks for: date ranges ("1/11/2025 - 1/5/2026"), a name with its
    acronym ("Aarhus Universitet (AU)"), a royal name with its country ("Isabella af
    Danmark")."""
    out: list[Unit] = []
    for u in units:
        prev = out[-1] if out else None
        if prev is not None and prev.label == u.label == "DATETIME" \
                and text[prev.end:u.start].strip() in {"-", "–", "til"} \
                and "\n" not in text[prev.end:u.start]:
            out[-1] = replace(prev, end=u.end,
                              identifier_type=stronger(prev.identifier_type,
                                                        u.identifier_type))
            continue
        if prev is not None and prev.label == u.label == "DATETIME" \
                and text[prev.end:u.start] in {" ", ", ", ",  ", "  "} \
                and CLOCK_RE.fullmatch(text, u.start, u.end) and DIGIT_RE.search(
                    text, prev.start, prev.end) and prev.identifier_type != "NO_MASK":
            # "11.09.2022 07:58", "02-03-2019, 23:41": a post's or a record's date and time
            out[-1] = replace(prev, end=u.end)
            continue
        if prev is not None and u.label == "LOC" and prev.label != "PERSON" \
                and text[prev.end:u.start] in {" i ", " på "} \
                and INSTITUTION_WORD_RE.fullmatch(text, prev.start, prev.end) \
                and not words.is_place(text[prev.start:prev.end]) \
                and "NO_MASK" not in {prev.identifier_type, u.identifier_type}:
            # "Lægerne i Idestrup", "Alkoholbehandlingen i Sønderborg", "Gågaderne i Viborg"
            # (the guide): a capitalised common noun and its town make one name
            head = text[prev.start:prev.end].lower()
            people = any(head.endswith(e) and head[: len(head) - len(e)] in words.lex.jobs
                         for e in ("erne", "rne", "ne"))  # "Lægerne", "Tandlægerne"
            label = "LOC" if prev.label == "LOC" and not people else "ORG"
            out[-1] = replace(prev, end=u.end, label=label, identifier_type="QUASI",
                              key=text[prev.start:u.end].lower(), source="org")
            continue
        if u.label == "DATETIME" and text[u.start:u.start + 1].isdigit():
            m = WEEKDAY_ABBR_RE.search(text, max(0, u.start - 6), u.start)
            if m and (prev is None or prev.end <= m.start()):
                u = replace(u, start=m.start())  # "lør 19 feb 2011 14:06"
        if u.label == "DATETIME" and u.identifier_type != "NO_MASK":
            m = PART_OF_DAY_RE.search(text, max(0, u.start - 24), u.start)
            if m and (prev is None or prev.end <= m.start()):
                u = replace(u, start=m.start())  # "om aftenen den 6. december 2008"
        elif u.label == "DATETIME" and u.source == "relative":
            m = EVENT_NIGHT_RE.search(text, max(0, u.start - 14), u.start)
            if m and text[u.start:u.start + 3].lower() in WEEKDAY_STARTS:
                # "natten til søndag", "blev tirsdag idømt": the day an event of the story
                # happened, not a day of the week in general
                u = replace(u, identifier_type="QUASI")
        if prev is not None and prev.label in {"ORG", "MISC"} and u.label in {"ORG", "MISC"} \
                and text[prev.end:u.start] == ", " and DEPARTMENT_RE.search(text, prev.start,
                                                                              prev.end) \
                and HOSPITAL_RE.search(text, u.start, u.end) \
                and "NO_MASK" not in {prev.identifier_type, u.identifier_type}:
            # "Psykiatrisk Afdeling, Regionshospitalet Gødstrup": a ward of its hospital
            out[-1] = replace(prev, end=u.end, label="ORG")
            continue
        if prev is not None and u.label == "DATETIME" and u.source == "year" \
                and prev.label in {"MISC", "LOC", "ORG"} and text[prev.end:u.start] == " " \
                and EVENT_NAME_RE.search(text, prev.start, prev.end):
            # "Science Cup 2022", "Roskilde Festival 2019": an event of one year
            out[-1] = replace(prev, end=u.end, label="MISC")
            continue
        if u.label == "MISC" and u.source == "proper":
            m = MODEL_NUMBER_RE.match(text, u.end)
            if m:
                u = replace(u, end=m.end())  # "PlayStation 5": a product with its model
        if prev is not None and prev.label == u.label == "ORG" and text[prev.end:u.start] == " " \
                and UPPER_WORD_RE.fullmatch(text, u.start, u.end):
            out[-1] = replace(prev, end=u.end)  # "TV 2 NEWS": a channel of the company
            continue
        if u.label in {"MISC", "LOC"} and u.source == "proper" \
                and " " not in text[u.start:u.end]:
            m = ROYAL_AF_RE.match(text, u.end)
            if m and m.group(1).lower() in words.lex.countries:
                # "Alexia af Nederlandene": a royal's name with the country
                u = replace(u, end=m.end(), label="PERSON", source="name")
        if 0 < u.start and u.end < len(text) and text[u.start - 1] in "'‘" \
                and text[u.end] in "'’" and (u.start < 2 or not text[u.start - 2].isalnum()) \
                and (u.end + 1 >= len(text) or not text[u.end + 1].isalnum()) \
                and (prev is None or prev.end < u.start - 1):
            u = replace(u, start=u.start - 1, end=u.end + 1)  # "som 'aktivitetsguide'"
        if u.label in {"ORG", "MISC", "LOC"} and u.identifier_type != "NO_MASK":
            m = GLUED_COMPOUND_RE.match(text, u.end) or (
                NAMED_COMPOUND_RE.match(text, u.end) if u.label == "ORG" else None)
            if m:
                # "TV 2-nyhedsvært", '"up-and-coming"-spillere', "UEFA Pro-licens"
                u = replace(u, end=m.end())
        if u.label in {"ORG", "MISC", "LOC", "PERSON"} or u.source == "education":
            m = ACRONYM_TAIL_RE.match(text, u.end)
            if m and u.label != "PERSON":
                u = replace(u, end=m.end())  # "MBA (Master of Business Administration)"
            elif u.label == "PERSON":
                m = ROYAL_AF_RE.match(text, u.end)
                if m and words.is_place(m.group(1)):
                    u = replace(u, end=m.end())
        if prev is not None and prev.end > u.start:
            continue  # the extension reached into this unit: keep the first
        out.append(u)
    # an extension may now overlap a later unit: drop what it covers
    kept: list[Unit] = []
    for u in out:
        if kept and kept[-1].end > u.start:
            continue
        kept.append(u)
    return kept



GENITIVE_RE = regex.compile(r"(?:s|['’]s?)$")
# Lower-case nouns for a part of an organisation ("de Konservatives folketingsgruppe").
PART_OF_ORG = ("gruppe", "gruppen", "ledelse", "ledelsen", "afdeling", "afdelingen",
               "bestyrelse", "bestyrelsen", "landsledelse", "landsledelsen", "hovedbestyrelse",
               "ungdomsorganisation", "ungdomsparti", "byrådsgruppe", "sekretariat",
               "sekretariatet")
NEXT_WORD_RE = regex.compile(r" (\p{Ll}[\p{L}-]*)")


def join_phrases(text: str, units: list[Unit]) -> list[Unit]:
    """Phrases DAB's annotators mark as one unit across two of ours:

    - an organisation's or a place's role: "Enhedslistens trafikpolitiske ordfører" (genitive
      + role → one DEM unit);
    - a part of an organisation: "de Konservatives folketingsgruppe" (ORG + part noun);
    - two units of one kind with a slash: "kundechef/ledende medarbejder", "HK/PROSA",
      "Uccle/Ukkel".
    """
    out: list[Unit] = []
    for u in units:
        prev = out[-1] if out else None
        if prev is not None and prev.label in {"ORG", "LOC"} and u.label == "DEM" \
                and u.source == "job" and text[prev.end:u.start] == " " \
                and GENITIVE_RE.search(text[prev.start:prev.end]) \
                and prev.identifier_type != "NO_MASK":
            out[-1] = replace(u, start=prev.start)
            continue
        if prev is not None and text[prev.end:u.start] == "/" \
                and (prev.label == u.label and u.label == "DEM"
                     or {prev.label, u.label} <= {"ORG", "LOC", "MISC"}) \
                and "NO_MASK" not in {prev.identifier_type, u.identifier_type}:
            out[-1] = replace(prev, end=u.end,
                              identifier_type=stronger(prev.identifier_type, u.identifier_type))
            continue
        if prev is not None and prev.source == "education" and u.source == "job" \
                and text[prev.end:u.start] == " af " \
                and text[prev.start:prev.end].lower().startswith("uddannelse"):
            out[-1] = replace(prev, end=u.end)  # "uddannelsen af receptionister"
            continue
        if u.label == "ORG" and GENITIVE_RE.search(text[u.start:u.end]):
            m = NEXT_WORD_RE.match(text, u.end)
            if m and m.group(1).endswith(PART_OF_ORG):
                u = replace(u, end=m.end())
        if prev is not None and prev.end > u.start:
            continue
        out.append(u)
    return out


# National authorities and courts, and the platforms nearly everyone uses: naming one
# identifies no one (the guide ignores attributes shared by very many people); they stay
# units, unmasked.
# Local bodies ("Struer Kommune", "byrådet") and Folketinget (membership of it singles out a
# politician) are not among them.
NATIONAL_BODY_NAME_RE = regex.compile(
    r"(?:\p{L}[\p{L}-]*-[ \t]+og[ \t]+|\p{L}[\p{L}-]*-og[ \t]+)?"
    r"\p{L}[\p{L}-]{2,}(?:styrelsen|styrelsens|nævnet|nævnets|ministeriet|ministeriets|"
    r"tilsynet|tilsynets)"
    r"|[Rr]egeringen|[Rr]egeringens|Vestre[ \t]+Landsret|Østre[ \t]+Landsret|Højesteret|"
    r"Højesterets|Politiet"
    # platforms nearly everyone uses
    r"|(?:Facebook|Instagram|Twitter|TikTok|YouTube|Youtube|LinkedIn|Snapchat|Google|"
    r"Messenger|WhatsApp|Jobindex)(?:s|-\p{Ll}+|\p{Ll}+)?")


def relatives_before_names(text: str, units: list[Unit]) -> list[Unit]:
    """"min kone Jonna", "sin hustru, Anette Uttenthal": the name right after a relative word
    carries the identity; the relation word alone is proposed unmasked."""
    out = list(units)
    for k in range(len(out) - 1):
        u, nxt = out[k], out[k + 1]
        if u.source != "family" or u.identifier_type != "QUASI" \
                or " " in text[u.start:u.end]:
            continue
        gap = text[u.end:nxt.start]
        if (nxt.label == "PERSON" and gap in {" ", ", "}) or (
                gap in {" af ", " til "} and (nxt.label == "PERSON" or nxt.source == "job")
                and text[max(0, u.start - 4):u.start] in {"som ", " er "}):
            # "min kone Jonna"; "som søn af husmand Peter Søvndal", "er datter af landmand …"
            out[k] = replace(u, identifier_type="NO_MASK")
    return out


def national_bodies(text: str, units: list[Unit]) -> list[Unit]:
    """National authorities and courts are proposed unmasked ("Ankestyrelsen",
    "Patent- og Varemærkestyrelsen", "Vestre Landsret")."""
    return [replace(u, identifier_type="NO_MASK")
            if u.label in {"ORG", "MISC", "LOC"} and u.identifier_type != "NO_MASK"
            and NATIONAL_BODY_NAME_RE.fullmatch(text, u.start, u.end) else u
            for u in units]
