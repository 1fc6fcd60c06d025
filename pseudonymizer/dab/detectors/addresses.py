"""Addresses: street + house number (+ floor, postcode, town, country) as one DIRECT LOC unit,
and a postcode with its town ("8000 Aarhus C") as a QUASI LOC unit.

A street is recognised by its ending (-vej, -gade, -allé … from resources/da/street_suffixes.txt)
or a listed stem, and may have several capitalised words before it ("H.C. Andersens Boulevard").
"""

from __future__ import annotations

import regex

from pseudonymizer.dab.detectors.base import CAPITAL_RE, Unit, Words, strip_genitive
from pseudonymizer.dab.lexicon import DanishLexicon

STREET_NUMBER_RE = regex.compile(
    # bounded whitespace after a letter: "\s+" here made long blank runs quadratic
    # a house letter ("12B", "12 b"), but not the preposition of "Kirkevej 3 i Stege"
    r"(?<=[\p{L}.])[ \t\xa0]{1,3}\d{1,4}(?:[A-Za-z]|\s(?!i\s)[A-Za-z])?(?!\w|[.,]\d)"
    r"(?:,?\s*(?:\d{1,2}\.?\s?(?:tv|th|mf|sal)\.?|st(?:ue)?\.?(?:\s?(?:tv|th|mf)\.?)?)(?!\w))?",
    regex.I)
POSTCODE_TAIL_RE = regex.compile(
    r"(?:\s*,?\s*(?:i\s+)?(?:\p{Lu}[\p{L}.-]+\s*,?\s*)??(?:(?:DK|SE|N)-?\s?)?(?:\d{1,3}\s+)?"
    r"\d{3}\s?\d{1,2}(?!\w)(?:,?[ \t]+\p{Lu}[\p{L}-]*(?:\.\p{Lu}[\p{L}-]*)?"
    r"(?:[ \t]+(?:\p{Lu}[\p{L}-]*|[KVNSCØ]\b))*)?"
    r"|,\s*\p{Lu}[\p{L}]+(?:[ \t]\p{Lu}\b)?(?:,\s*\d{4}(?!\w))?"
    r"|\s+i\s+\p{Lu}[\p{L}]+(?:[ \t][KVNSCØ](?!\w))?(?:,\s*\d{4}(?!\w))?)")
COUNTRY_TAIL_RE = regex.compile(r"\s*,?\s*(?:Danmark|Denmark|Sverige|Norge|Tyskland|DK)(?!\w)")
POSTCODE_CITY_RE = regex.compile(
    r"(?<![\w,-])(?:(?:DK|SE)-?)?\d{4},?[ \t]+(\p{Lu}[\p{L}.]+(?:[ \t]+(?:\p{Lu}[\p{L}.]+|"
    r"[KVNSCØ](?!\w)))?)")


# An address block: a name and a house number with a postcode and town right after, on the next
# line or after a comma ("Skovgrøften 3\n4872 Idestrup"): the layout says street even when the
# street's ending is not a listed one.
BLOCK_POSTCODE_RE = regex.compile(r"[ \t]*(?:,[ \t]*|\n[ \t]*)(?:DK-?)?\d{4}[ \t]+\p{Lu}")

# Words that open a street name although they are ordinary words ("Gl. Kongevej", "Store
# Kongensgade", "Nørre Allé", "Skt. Pauls Gade").
STREET_PREFIXES = frozenset({"gl", "gammel", "gamle", "ny", "nye", "store", "lille", "nørre",
                             "søndre", "vester", "øster", "nordre", "skt", "sankt", "st", "ndr",
                             "sdr", "vestre", "østre"})

YEAR_CONTEXT_RE = regex.compile(r"(?<!\w)(?:i|siden|år|fra|til|indtil|før|efter)\s+$", regex.I)


class AddressDetector:
    """Street addresses and postcodes with their town (``find(text)``)."""

    def __init__(self, lex: DanishLexicon, words: Words) -> None:
        self.lex = lex
        self.words = words

    def find(self, text: str) -> list[Unit]:
        out: list[Unit] = []
        for m in STREET_NUMBER_RE.finditer(text):
            start = self._street_start(text, m.start())
            if start is None:
                start = self._block_street_start(text, m.start(), m.end())
            if start is None:
                continue
            end = m.end()
            tail = POSTCODE_TAIL_RE.match(text, end)
            if tail and "\n\n" not in tail.group():
                end = tail.end()
            country = COUNTRY_TAIL_RE.match(text, end)
            if country and "\n\n" not in country.group():
                end = country.end()
            out.append(Unit(start, end, "LOC", "DIRECT", score=0.92, source="address"))
        for m in POSTCODE_CITY_RE.finditer(text):
            code = int(regex.sub(r"\D", "", m.group())[:4])
            first = m.group(1).split()[0]
            city = first.lower()
            if first in self.lex.not_names or (
                    1900 <= code <= 2049 and city not in self.lex.places
                    and YEAR_CONTEXT_RE.search(text, max(0, m.start() - 8), m.start())):
                continue  # "i 1972 Det Danske Akademis …": a year, then a name
            if 1000 <= code <= 9990 and (city in self.lex.places or len(m.group(1).split()) > 1
                                         or city not in self.lex.common_words):
                out.append(Unit(m.start(), m.end(), "LOC", "QUASI", score=0.75, source="postcode"))
        return out

    def _block_street_start(self, text: str, num_start: int, num_end: int) -> int | None:
        """Start of a capitalised street name of one or two words at the start of a line whose
        house number a postcode and town follow (an address block in a letter)."""
        if not BLOCK_POSTCODE_RE.match(text, num_end):
            return None
        line_start = text.rfind("\n", 0, num_start) + 1
        line = text[line_start:num_start]
        if not regex.fullmatch(r"[ \t]*\p{Lu}[\p{L}.'’-]+(?:[ \t]\p{Lu}?[\p{L}.'’-]+)?", line):
            # in running text after a comma, a colon or "på": "Fjordside, Bakkedraget 7, 8381
            # Tilst", "bor på Bakkedraget 7, 8381 Tilst"
            m = regex.search(r"(?:[,:][ \t]|(?<!\w)(?:på|i|til|fra|adresse)[ \t])"
                             r"(\p{Lu}[\p{L}'’-]{3,})[ \t]*$", line)
            if not m or m.group(1).lower() in self.lex.common_words:
                return None
            return line_start + m.start(1)
        first = line.strip()
        if first.split()[0].lower() in self.lex.common_words and len(first.split()) == 1:
            return None  # "Side 3", "Bilag 2"
        return line_start + len(line) - len(line.lstrip())

    def _street_start(self, text: str, num_start: int) -> int | None:
        """Start of the street name that ends right before a house number, if there is one."""
        words = list(regex.finditer(r"[\p{L}.'’-]+", text[max(0, num_start - 60):num_start]))
        if not words:
            return None
        offset = max(0, num_start - 60)
        last = words[-1]
        if offset + last.end() != num_start:
            return None
        word = last.group().lower()
        is_street = any(word.endswith(s) and (len(word) > len(s) + 2 or len(words) > 1)
                        for s in self.lex.street_suffixes)
        stem = word[: -3] if word.endswith(("vej", "gade")) else ""
        if word.endswith(("gade", "gaden")):
            stem = word[: -4]
        if not is_street and stem not in self.lex.street_stems:
            return None
        if not CAPITAL_RE.match(last.group()) and word in self.lex.common_words \
                and word not in {"vej", "allé", "alle", "gade"}:
            return None  # "plads 4", "torv 2": a common noun, not a street name
        start = offset + last.start()
        # Multi-word street names: "M Christensens Vej", "H.C. Andersens Boulevard".
        i = len(words) - 2
        while i >= 0:
            w = words[i]
            between = text[offset + w.end():start]
            if between.strip() or "\n" in between or not CAPITAL_RE.match(w.group()):
                break
            wl = w.group().lower().rstrip(".")
            if wl in STREET_PREFIXES:
                start = offset + w.start()  # "Gl. Kongevej", "Lille Strandstræde"
                i -= 1
                continue
            if len(wl) > 1 and wl in self.lex.common_words and not self.words.is_name_word(wl) \
                    and not self.words.is_name_word(strip_genitive(wl)):
                break
            start = offset + w.start()
            i -= 1
        if not CAPITAL_RE.match(text[start:]) and start == offset + last.start():
            # A lower-case single word ending in "vej" is a street only in a list of stems.
            if stem not in self.lex.street_stems:
                return None
        return start

