"""Detectors for number-like identifiers: phone, personal id, account, licence plate, zip code,
e-mail, URL, transport line numbers and other long digit sequences (guideline §3.2, §3.4,
§3.7–§3.13).

Each detector is a small object in the shape of a Presidio recognizer: a regular expression that
finds candidates in one pass over the text, context words that raise or are required for a
match, and a validator (``phonenumbers``, ``personnummer``, ``stdnum``). Numbers that are prices,
sizes, times of day, counts or page numbers never fire.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator

import phonenumbers
from personnummer import personnummer
from stdnum import iban as std_iban

from pseudonymizer.detectors.common import (
    NOT_PERSONAL_BEFORE,
    TokenIndex,
    Words,
    finditer_digits,
    followed_by_unit,
    lower_text,
    words,
)
from pseudonymizer.detectors.dates import AMOUNT_BEFORE
from pseudonymizer.document import Candidate, Document, Token

__all__ = [
    "AccountDetector",
    "EmailDetector",
    "LicenseDetector",
    "OtherNumberDetector",
    "PersonIdDetector",
    "PhoneDetector",
    "TransportNumberDetector",
    "UrlDetector",
    "ZipCodeDetector",
]


# text.lower() of the last essay, per thread (common.lower_text): three detectors ask for it
_lower_text = lower_text


def _digits(text: str) -> str:
    return "".join(filter(str.isdigit, text))


# Non-geographic Swedish numbers (free-phone 020, shared-cost 077x, premium 0900/0939/0944):
# they reach companies and authorities ("ring Försäkringskassan på 0771-524 524").
_SERVICE_PREFIXES = ("20", "77", "900", "939", "944", "99")

# The letters of ``[A-Z]`` (a prefix before the digits: "ABC 123", "VCC-558 213"), for
# finditer_digits.
_CAPS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class PhoneDetector:
    """Swedish mobile and landline numbers (``070-123 45 67``, ``08-123 456 78``, ``+46 70…``).

    A cheap regex finds runs of digits and separators with at least 7 digits; ``phonenumbers``
    with ``Leniency.VALID`` decides (the lower leniencies also match dates and personnummer).
    """

    name = "phone"
    labels: tuple[str, ...] = ("phone_nr",)
    # Swedish numbers start with 0 (national) or +/00 (international); counts and prices that
    # start with another digit never reach phonenumbers (which costs ~0.3 ms per call).
    _CANDIDATE = re.compile(r"(?<![\w+\-])(?:\+|\(?0)[\d \-–/().]{5,18}\d(?!\w)")
    _FIRST = re.compile(r"[+(0](?<![\w+\-][+(0])")  # where a candidate can start
    _LEAD = "+ -–/()."  # what may stand between a candidate's start and its first digit
    _CONTEXT = frozenset(
        "tel tel. telefon telefonnummer mobil mobilnummer nummer ring ringa "
        "ringde numret nr nr. sms:a mobilen".split()
    )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        text = doc.text
        seen: dict[str, list[tuple[int, int]]] = {}  # a number repeated in the essay is parsed once
        # "+" and the separators may come before the first digit ("+46 …", "(08) …")
        for m in finditer_digits(self._CANDIDATE, self._FIRST, text, self._LEAD, 19):
            chunk = m.group()
            if "\n" in chunk or len(_digits(chunk)) < 7:
                continue
            found = seen.get(chunk)
            if found is None:
                found = [
                    (match.start, match.end)
                    for match in phonenumbers.PhoneNumberMatcher(
                        chunk, "SE", leniency=phonenumbers.Leniency.VALID
                    )
                ]
                seen[chunk] = found
            for a, b in found:
                start, end = m.start() + a, m.start() + b
                if (
                    _digits(text[start:end]).lstrip("0").startswith(_SERVICE_PREFIXES)
                    and text[start] == "0"
                ):
                    continue  # 020/077x/0900 numbers belong to organisations, not persons
                yield Candidate(
                    start,
                    end,
                    "phone_nr",
                    score=0.9,
                    key="phone:" + _digits(text[start:end])[-9:],
                    source=self.name,
                )


def _birth_date(yymmdd: str) -> bool:
    """Six digits that read as a date YYMMDD (a samordningsnummer adds 60 to the day)."""
    month, day = int(yymmdd[2:4]), int(yymmdd[4:6])
    if day > 60:
        day -= 60
    return 1 <= month <= 12 and 1 <= day <= 31


def _previous_sentence(doc: Document, index: TokenIndex, char: int) -> tuple[Token, ...]:
    """The tokens of the sentence before the one at ``char`` and of its own start."""
    at = bisect_left(index.starts, char)
    if at >= len(doc.tokens) or at == 0:
        return ()
    sentence = doc.tokens[min(at, len(doc.tokens) - 1)].sentence
    first = doc.sentences[max(0, sentence - 1)][0]
    return doc.tokens[first:at]


class PersonIdDetector:
    """Personnummer and samordningsnummer, 10 or 12 digits, with or without ``-``/``+``.

    A valid checksum is enough; an invalid one needs a context word (learners mistype, and the
    number is still personal).
    """

    name = "personid"
    labels: tuple[str, ...] = ("personid_nr",)
    _PATTERN = re.compile(r"(?<![\w\-])(?:19|20)?\d{6}[\-+ ]?\d{4}(?![\w\-])")
    _FIRST = re.compile(r"\d(?<![\w\-]\d)\d{5}")  # where a match can start: six digits
    _CONTEXT = frozenset(
        "personnummer personnumret personnr pnr pnr. personnummret "
        "samordningsnummer födelsenummer id-nummer idnummer personummer "
        "personnumer".split()
    )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        index = None
        for m in finditer_digits(self._PATTERN, self._FIRST, doc.text):
            value = m.group()
            digits = _digits(value)
            if len(digits) not in (10, 12):
                continue
            compact = value.replace(" ", "-") if " " in value else value
            try:
                valid = personnummer.valid(compact)
            except personnummer.PersonnummerException:  # raised on malformed input
                valid = False
            if not valid:
                index = index or TokenIndex.of(doc)
                # a birth date in front (YYMMDD) and the dash of the form: the word may stand
                # in the sentence before ("barnets personnummer. Valentinas är 240203-4417")
                near = set(words(index.before(m.start(), 4)))
                if not near & self._CONTEXT and "-" in value and _birth_date(digits[-10:-4]):
                    near = {t.lower for t in _previous_sentence(doc, index, m.start())}
                if not near & self._CONTEXT:
                    continue
            yield Candidate(
                m.start(),
                m.end(),
                "personid_nr",
                score=0.95 if valid else 0.85,
                key="pid:" + digits[-10:],
                source=self.name,
            )


class AccountDetector:
    """Bank accounts (clearing + account), bankgiro, plusgiro and IBAN.

    IBAN is accepted on its checksum alone; the Swedish formats only after a context word such as
    ``konto``, ``bankgiro`` or ``plusgiro`` because they look like any other number.
    """

    name = "account"
    labels: tuple[str, ...] = ("account_nr",)
    _IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
    _NUMBER = re.compile(r"(?<![\w\-])\d[\d \-,.]{3,24}\d(?![\w\-])")
    # where matches can start (one-character classes that re scans for in C)
    # where a match can start: its first characters (a capitalised word is no IBAN start)
    _IBAN_FIRST = re.compile(r"[A-Z](?<!\w[A-Z])[A-Z]\d\d")
    _NUMBER_FIRST = re.compile(r"\d(?<![\w\-]\d)[\d \-,.]{3}")
    _CONTEXT = frozenset(
        "konto kontot kontonummer kontonumret kontonr konto-nummer bankkonto "
        "bankkontot bankgiro bankgironummer bg plusgiro plusgironummer pg "
        "clearingnummer clearing iban swish-nummer swishnummer swish swisha swishar swishade "
        "handelsbanken swedbank nordea seb danske icabanken ica-banken länsförsäkringar "
        "sparbanken skandiabanken skandia avanza".split()
    )
    _CONTEXT_TAILS = ("konto", "kontot", "kontonummer", "kontonumret")
    # A nearer noun of another numbered thing after the bank word: the number is that thing's.
    _OTHER_CARD_TAILS = ("kort", "kortet", "kortets", "nummer", "numret")
    # substrings of the context words, checked on the lower-cased text before any regex runs
    _CONTEXT_STEMS = (
        "konto",
        "giro",
        "bg",
        "pg",
        "clearing",
        "iban",
        "swish",
        "bank",
        "nordea",
        "seb",
        "danske",
        "avanza",
    )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        text = doc.text
        index = None
        for m in finditer_digits(self._IBAN, self._IBAN_FIRST, text, _CAPS, 2):
            valid = std_iban.is_valid(m.group())
            if not valid:
                # a mistyped IBAN after a bank word ("till ditt konto LT60 7300 …") is still
                # the account: the words decide, as for the Swedish formats
                index = index or TokenIndex.of(doc)
                valid = any(
                    t.lower in self._CONTEXT or t.lower.endswith(self._CONTEXT_TAILS)
                    for t in index.before(m.start(), 4)
                )
            if valid:
                yield Candidate(
                    m.start(),
                    m.end(),
                    "account_nr",
                    score=0.95,
                    key="acc:" + m.group().replace(" ", ""),
                    source=self.name,
                )
        # no context word anywhere: the Swedish formats cannot fire (the text is searched for
        # the words at the first number, most essays have none of these numbers)
        context: bool | None = None
        ibans: list[tuple[int, int]] = []
        for m in finditer_digits(self._NUMBER, self._NUMBER_FIRST, text):
            if context is None:
                low = _lower_text(text)
                context = any(word in low for word in self._CONTEXT_STEMS)
                if context:
                    ibans = [(i.start(), i.end()) for i in
                             finditer_digits(self._IBAN, self._IBAN_FIRST, text, _CAPS, 2)]
            if not context:
                return
            if any(a <= m.start() < b for a, b in ibans):
                continue  # the digits of an IBAN (valid or not) are not a Swedish account
            value = m.group().rstrip(",. -")
            digits = _digits(value)
            if len(digits) < 5 or (len(digits) == 10 and digits.startswith("07")):
                continue  # a private Swish number is a mobile number: the phone detector's
            index = index or TokenIndex.of(doc)
            before = words(index.before(m.start(), 6))
            hits = [k for k, w in enumerate(before) if w in self._CONTEXT
                    or w.endswith(self._CONTEXT_TAILS)]  # "lönekonto", "sparkontot"
            if not hits:
                continue
            if any(w.endswith(self._OTHER_CARD_TAILS) and not w.endswith(self._CONTEXT_TAILS)
                   and w not in ("nummer", "numret") for w in before[hits[-1] + 1 :]):
                continue  # "Swedbank och mitt LMA-kort med nummer …": the card's number
            yield Candidate(
                m.start(),
                m.start() + len(value),
                "account_nr",
                score=0.92,
                key="acc:" + _digits(value),
                source=self.name,
            )


class LicenseDetector:
    """Licence and certificate numbers.

    * Swedish registration plates: three letters and three digits or two digits and a letter
      (``ABC 123``, ``ABC 12A``). Letters that plates never use (I, Q, V, Å, Ä, Ö) rule a match
      out; so does a following unit (``SEK 100 kr``);
    * any number of 5+ digits (letters allowed) right after a document word such as
      ``körkort``, ``passnummer``, ``legitimation``, ``certifikat`` (``Mitt körkort har nummer
      21 604 977``, ``passnummer AB4471932``).
    """

    name = "license"
    labels: tuple[str, ...] = ("license_nr",)
    _PATTERN = re.compile(r"(?<![\w\-])[A-HJ-PR-UW-Z]{3} ?\d{2}[\dA-HJ-PR-UW-Z](?![\w\-])")
    # where a match can start: three letters and two digits (not every capitalised word)
    _FIRST = re.compile(r"[A-HJ-PR-UW-Z](?<![\w\-][A-HJ-PR-UW-Z])[A-HJ-PR-UW-Z]{2} ?\d\d")
    _CONTEXT = frozenset(
        "bil bilen bilens registreringsnummer regnummer reg.nr regnr skylt "
        "skylten körkort körkortsnummer nummerplåt nummerplåten".split()
    )
    _DOCUMENT_WORDS = (
        "körkort",
        "pass",
        "passet",
        "passnummer",
        "passnumret",
        "legitimation",
        "legitimationen",
        "id-kort",
        "idkort",
        "id-kortet",
        "certifikat",
        "certifikatet",
        "licens",
        "licensen",
        "licensnummer",
        "intyg",
        "intyget",
        "uppehållstillstånd",
        "uppehållskort",
        "arbetstillstånd",
        "registreringsnummer",
        "regnummer",
        "regnr",
    )
    _DOCUMENT_SET = frozenset(_DOCUMENT_WORDS)
    # compounds ("körkortsnummer", "legitimationsnummer"); "pass" alone would match "passar"
    _DOCUMENT_STEMS = ("körkort", "legitimation", "certifikat", "uppehålls", "passnum", "licens")
    _DOC_STEMS = (
        "körkort",
        "pass",
        "legitimation",
        "id-kort",
        "idkort",
        "certifikat",
        "licens",
        "intyg",
        "uppehålls",
        "arbetstillstånd",
        "regnummer",
        "regnr",
        "registreringsnummer",
    )
    _CODE = re.compile(
        r"(?<![\w\-])(?:[A-Z]{1,3} ?)?\d[\d \-]{3,14}\d(?![\w\-])|(?<![\w\-])[A-Z]{1,3}\d{5,}"
    )
    _CODE_FIRST = re.compile(r"[A-Z\d](?<![\w\-][A-Z\d])(?:(?<=\d)|[A-Z]{0,2} ?\d)")
    _NOT = frozenset("SEK EUR USD GBP NOK DKK ISK".split())

    def detect(self, doc: Document) -> Iterator[Candidate]:
        index = None
        text = doc.text
        taken: list[tuple[int, int]] = []
        for m in finditer_digits(self._PATTERN, self._FIRST, text, _CAPS + " ", 4):
            if m.group()[:3] in self._NOT:
                continue
            index = index or TokenIndex.of(doc)
            if followed_by_unit(index, m.end()):
                continue
            context = set(words(index.before(m.start(), 5))) & self._CONTEXT
            taken.append(m.span())
            yield Candidate(
                m.start(),
                m.end(),
                "license_nr",
                score=0.9 if context else 0.7,
                key="lic:" + m.group().replace(" ", ""),
                source=self.name,
            )
        # no document word anywhere: no code follows one (the text is searched for the words
        # at the first code, most essays have none)
        documents: bool | None = None
        for m in finditer_digits(self._CODE, self._CODE_FIRST, text, _CAPS + " ", 4):
            if documents is None:
                low = _lower_text(text)
                documents = any(stem in low for stem in self._DOC_STEMS)
            if not documents:
                return
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            value = m.group()
            if len(_digits(value)) < 5:
                continue
            index = index or TokenIndex.of(doc)
            if followed_by_unit(index, m.end()):
                continue
            before = words(index.before(m.start(), 4))
            if not any(
                w in self._DOCUMENT_SET or w.startswith(self._DOCUMENT_STEMS) for w in before
            ):
                continue
            yield Candidate(
                m.start(),
                m.end(),
                "license_nr",
                score=0.88,
                key="lic:" + value.replace(" ", ""),
                source=self.name,
            )


# Public service numbers written like a postal code ("114 14", the Swedish police's number for
# what is not an emergency): nobody's address when no place name or address word comes with them.
_PUBLIC_NUMBERS = frozenset({"11414"})


class ZipCodeDetector:
    """Swedish postal codes: ``123 45`` (alone, or better before a place name) and ``12345`` only
    with context (``postnummer``, or a capitalised place name right after it)."""

    name = "zip"
    labels: tuple[str, ...] = ("zip_code",)
    _SPACED = re.compile(r"(?<![\w\-:.,])(?:SE-?)?[1-9]\d{2} \d{2}(?![\w\-]|[.,:]\d|\s\d)")
    _COMPACT = re.compile(r"(?<![\w\-:.,])[1-9]\d{4}(?![\w\-]|[.,:]\d|\s\d)")
    # where matches can start (one-character classes that re scans for in C)
    # where a match can start: its first characters
    _SPACED_FIRST = re.compile(r"[S1-9](?<![\w\-:.,][S1-9])(?:(?<=[1-9])|E-?[1-9])\d{2} \d{2}")
    _COMPACT_FIRST = re.compile(r"[1-9](?<![\w\-:.,][1-9])\d{4}")
    _CONTEXT = frozenset("postnummer postnumret postnr adress adressen box".split())

    def detect(self, doc: Document) -> Iterator[Candidate]:
        text = doc.text
        index = None
        for pattern, first, needs_context, lead in (
            (self._SPACED, self._SPACED_FIRST, False, "SE-"),
            (self._COMPACT, self._COMPACT_FIRST, True, ""),
        ):
            for m in finditer_digits(pattern, first, text, lead, len(lead)):
                index = index or TokenIndex.of(doc)
                if followed_by_unit(index, m.end()):
                    continue
                before = index.before(m.start(), 4)
                if before and before[-1].lower in NOT_PERSONAL_BEFORE:
                    continue
                nxt = index.after(m.end(), 1)
                place_after = bool(nxt) and nxt[0].is_title and nxt[0].is_word
                context = bool(set(words(before)) & self._CONTEXT)
                if needs_context and not (context or place_after):
                    continue
                if not (context or place_after) and _digits(m.group()) in _PUBLIC_NUMBERS:
                    continue  # "ring polisen på 114 14": a public number, not a postal code
                score = 0.85 if (context or place_after) else 0.6
                yield Candidate(
                    m.start(),
                    m.end(),
                    "zip_code",
                    score=score,
                    key="zip:" + _digits(m.group()),
                    source=self.name,
                )


class EmailDetector:
    """E-mail addresses."""

    name = "email"
    labels: tuple[str, ...] = ("email",)
    _PATTERN = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")

    def detect(self, doc: Document) -> Iterator[Candidate]:
        if "@" not in doc.text:
            return  # a C-speed check saves a regex scan that starts at every word
        for m in self._PATTERN.finditer(doc.text):
            value = m.group().rstrip(".-")
            yield Candidate(
                m.start(),
                m.start() + len(value),
                "email",
                score=0.99,
                key="email:" + value.lower(),
                source=self.name,
            )


class UrlDetector:
    """Web addresses: ``http(s)://…``, ``www.…`` and bare domains with a common top-level domain
    (``annasblogg.se``; the domain in lower case, so "Lund.Se" typed without a space is not one).

    Bare domains are found from their top-level domain backwards: a regex that tried every word
    as a possible domain start would cost a scan per word.
    """

    name = "url"
    labels: tuple[str, ...] = ("url",)
    _PREFIXED = re.compile(r"(?i:https?://|www\.)[^\s<>\"]+")
    _TLD = re.compile(
        r"\.(?:se|com|nu|org|net|dk|no|fi|eu|io|info|biz|de|uk|fr|tv|me)(?:/[^\s<>\"]*)?(?![\w@\-])"
    )
    _DOMAIN_TAIL = re.compile(r"[\w\-]+(?:\.[\w\-]+)*$")
    _TRAIL = ".,;:!?)]\"'"

    def detect(self, doc: Document) -> Iterator[Candidate]:
        text = doc.text
        taken: list[tuple[int, int]] = []
        low = _lower_text(text)
        # the prefixed pattern has no literal start for re to search for: skip its scan of
        # every character when neither prefix occurs (the usual essay)
        prefixed = self._PREFIXED.finditer(text) if "http" in low or "www." in low else ()
        for m in prefixed:
            value = m.group().rstrip(self._TRAIL)
            if "@" in value:
                continue
            taken.append((m.start(), m.start() + len(value)))
        for m in self._TLD.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            head = self._DOMAIN_TAIL.search(text, max(0, m.start() - 80), m.start())
            if head is None:
                continue
            start = head.start()
            if start > 0 and text[start - 1] in "@.-" or start > 0 and text[start - 1].isalnum():
                continue  # part of an e-mail address or of a longer token
            end = m.end() - (len(m.group()) - len(m.group().rstrip(self._TRAIL)))
            taken.append((start, end))
        for start, end in sorted(taken):
            value = text[start:end]
            yield Candidate(
                start, end, "url", score=0.97, key="url:" + value.lower(), source=self.name
            )


class TransportNumberDetector:
    """The number of a line after ``buss``, ``linje``, ``tåg``, ``spårvagn`` (``buss 4``,
    ``linje 3``, ``tåg 528``, ``buss nummer 4``): only the number is labelled."""

    name = "transport_nr"
    labels: tuple[str, ...] = ("transport_nr",)
    _TRIGGER_ENDINGS = (
        "buss",
        "bussen",
        "bussarna",
        "linje",
        "linjen",
        "tåg",
        "tåget",
        "spårvagn",
        "spårvagnen",
        "tunnelbana",
        "tunnelbanan",
        "pendeltåg",
        "pendeltåget",
        "färja",
        "färjan",
        "spårvagnslinje",
        "bussar",
        "line",
    )
    _FILLER = frozenset({"nummer", "nr", "nr.", "num", "number"})
    _NUMBER = re.compile(r"\d{1,4}[A-Za-z]?")
    Words.track(_TRIGGER_ENDINGS)  # the words themselves (compounds are found by their tail)

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        endings = self._TRIGGER_ENDINGS
        n = len(tokens)
        words = Words.of(doc)
        for i in words.where(words.ending(endings)):  # the loop skips every other word
            tok = tokens[i]
            if not tok.is_word or not tok.lower.endswith(endings):
                continue
            j = i + 1
            if j < n and tokens[j].lower in self._FILLER:
                j += 1
            if j >= n or tokens[j].sentence != tok.sentence:
                continue
            target = tokens[j]
            if not self._NUMBER.fullmatch(target.text):
                continue
            after = tokens[j + 1] if j + 1 < n else None
            if after is not None and after.lower in ("minuter", "min", "kr", "kronor", "timmar"):
                continue
            if (
                after is not None
                and after.text in (":", ".")
                and j + 2 < n
                and tokens[j + 2].is_digit
            ):
                continue  # "tåget 14.30" is a time
            yield Candidate(
                target.start,
                target.end,
                "transport_nr",
                score=0.9,
                key="line:" + target.lower,
                source=self.name,
            )
            # "buss 7 eller 11", "linje 3, 4 och 14": the other lines of the list
            k = j + 1
            while (
                k + 1 < n
                and tokens[k].lower in ("eller", "och", ",", "/")
                and tokens[k + 1].sentence == tok.sentence
                and self._NUMBER.fullmatch(tokens[k + 1].text)
            ):
                after = tokens[k + 2].lower if k + 2 < n else ""
                if after in ("minuter", "min", "kr", "kronor", "timmar", ":", "."):
                    if after not in (".",) or (k + 3 < n and tokens[k + 3].is_digit):
                        break
                nxt = tokens[k + 1]
                yield Candidate(nxt.start, nxt.end, "transport_nr", score=0.9,
                                key="line:" + nxt.lower, source=self.name)
                k += 2


# The code of the writer's door ("Portkoden är 6620", "Porten har kod 1234"): with the street
# it opens the writer's home, and most gold sets label it (train6, train8, train21; dev not).
_DOOR_CODE_WORDS = frozenset(
    "kod koden koder portkod portkoden dörrkod dörrkoden kodlås kodlåset".split()
)


def _door_code(before: list[Token]) -> bool:
    """A door-code word among the tokens right ``before`` a number, in its sentence."""
    if not before or not (before[-1].lower in _DOOR_CODE_WORDS or
                          before[-1].lower in ("är", "var", ":")):
        return False  # "koden är 6620", "kod 1234", "kod: 1234"; not "kod sedan 2015"
    for t in reversed(before):
        if t.text in (".", "!", "?"):
            return False  # the code word of another sentence
        if t.lower in _DOOR_CODE_WORDS:
            return True
    return False


class OtherNumberDetector:
    """Other identifying digit sequences: 8 or more digits (with ``-``/``/``/space inside), or 4+
    digits after a word such as ``kundnummer``, ``medlemsnummer``, ``ärendenummer``. Prices,
    sizes, counts, page numbers and times never fire (a unit after or ``sidan``/``kl.`` before).
    The pipeline lets the specific detectors win on overlaps (they score higher)."""

    name = "other_nr_seq"
    labels: tuple[str, ...] = ("other_nr_seq",)
    # digits with - / or space inside, optionally a letter prefix ("VCC-558 213") or letter
    # groups after a dash ("2023-114597-BB")
    _PATTERN = re.compile(
        r"(?<![\w\-./:,])(?:[A-Z]{1,4}-?)?\d[\d\-/ ]*\d(?:-[A-Z0-9]{1,6})*(?![\w\-/:]|[.,]\d)"
    )
    # where a match can start: a digit, or up to four capitals (and a dash) before one
    _FIRST = re.compile(r"[A-Z\d](?<![\w\-./:,][A-Z\d])(?:(?<=\d)|[A-Z]{0,3}-?\d)")
    _CONTEXT_SUFFIXES = ("nummer", "numret", "nr", "id")
    _LINK_WORDS = frozenset("är var blev har hade heter".split())
    # a flat number ("lägenhet 1203", "lgh 1102"): it finds the writer's home with the street
    # (door codes: see _DOOR_CODE_WORDS)
    _CONTEXT_WORDS = frozenset("lägenhet lägenheten lgh lgh. lägenhetsnr".split())

    def detect(self, doc: Document) -> Iterator[Candidate]:
        index = None
        for m in finditer_digits(self._PATTERN, self._FIRST, doc.text, _CAPS + "-", 5):
            value = m.group()
            # a run like "1 000 000" or "3 4 5" is a count, not an identifier: split on spaces
            # unless groups look like an id
            digits = _digits(value)
            if len(digits) < 4:
                continue
            index = index or TokenIndex.of(doc)
            if followed_by_unit(index, m.end()):
                continue
            before = index.before(m.start(), 5)
            if before and (before[-1].lower in NOT_PERSONAL_BEFORE
                           or before[-1].lower in AMOUNT_BEFORE):
                continue  # a page, a time, or an amount ("lägenheten kostar 1800")
            # the number noun right before, or up to five words before with only a verb of
            # being and a short phrase between ("mitt kundnummer hos er är 557 203")
            near = words(before[-3:])
            far = words(before[:-3])
            context = any(
                (w.endswith(self._CONTEXT_SUFFIXES) and len(w) > 3) or w in self._CONTEXT_WORDS
                for w in near
            ) or (bool(set(near) & self._LINK_WORDS) and any(
                w.endswith(self._CONTEXT_SUFFIXES) and len(w) > 5 for w in far))
            if not context and len(digits) <= 6 and value.isdigit() and _door_code(before):
                context = True  # "Portkoden är 6620", "Koden till porten är 7781"
            prefixed = value[0].isalpha()
            if prefixed and len(digits) >= 5 and not value[:4].isdigit():
                context = True  # "UT2021-48820", "VCC-558 213": a letter-prefixed identifier
            if " " in value and not context and re.fullmatch(r"\d{1,3}(?: \d{3})+", value):
                continue  # thousands written with spaces: a quantity
            if not context and value[0] == "0" and 7 <= len(digits) <= 10:
                continue  # phone-shaped: valid ones are phone_nr, service numbers are not personal
            if len(digits) >= 8 or context:
                yield Candidate(
                    m.start(),
                    m.end(),
                    "other_nr_seq",
                    score=0.6 if context else 0.35,
                    key="nr:" + digits,
                    source=self.name,
                )
