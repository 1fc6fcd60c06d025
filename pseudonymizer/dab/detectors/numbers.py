"""Codes and numbers found by their shape: e-mail, URL, CPR (also spelled out after its name),
IBAN, bank account, phone number, case and personal numbers, licence plates, other alphanumeric
codes and long numbers.

All are regular expressions over the raw text (one pass each). A code that belongs to one person
(CPR, phone, e-mail, account, plate, passport…) is DIRECT; a case number, URL or unknown code
is QUASI.
"""

from __future__ import annotations

import regex
from stdnum.dk import cpr as dk_cpr

from pseudonymizer.dab.detectors.base import Unit
from pseudonymizer.dab.lexicon import DanishLexicon

EMAIL_RE = regex.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# An address written to fool harvesters: "anne [at] gmail.com", "anne(at)gmail.com".
EMAIL_AT_RE = regex.compile(
    r"(?<![\w.+-])[\w.+-]+[ \t]?(?:\[at\]|\(at\)|\[snabel-a\])[ \t]?[\w-]+(?:\.[\w-]+)+", regex.I)
URL_RE = regex.compile(
    r"(?:https?://|www\.)[^\s<>\"»«]+"
    r"|(?<![@\w.-])[\w-]+(?:\.[\w-]+)*\.(?:dk|com|org|net|eu|se|no|de|nu|info|io|uk)\b(?:/[^\s]*)?"
)
# (not after a group of four digits: "9070 1622847311" is a registration and an account number)
CPR_RE = regex.compile(r"(?<![\w-])(?<!\d{4}[ \t])(\d{6})[-– ]?(\d{4})(?![\w-])")
# A Danish diagnosis code (SKS: "D" and the ICD-10 code) with its decimals or in brackets:
# "(DF31.4)", "DT39.1".
DIAGNOSIS_CODE_RE = regex.compile(
    r"(?<![\w.])D[A-Z]\d{2}\.\d{1,2}(?![\w.]|\.\d)|(?<=\()D[A-Z]\d{2}(?=\))")
CPR_CONTEXT_RE = regex.compile(r"\b(?:cpr|personnummer|personnr|cpr-nr|cpr-nummer)", regex.I)
PHONE_RE = regex.compile(
    # "/" may join two numbers ("75721103/30271937") but not a date ("12/3"); a number glued to
    # the next sentence ("86848225Ved") still ends before the capital.
    r"(?<![\w+.,-])(?<!(?<!\d)\d{1,4}/)(?:(?:\+|00)45[ \t]?)?"
    r"(?:\d{8}|\d{2}(?:[ \t.-]|\n)\d{2}(?:[ \t.-]|\n)\d{2}(?:[ \t.-]|\n)\d{2}|\d{4}[ \t]\d{4})"
    r"(?![\d\p{Ll}_-]|/\d{1,4}(?!\d)|[.,]\d)"
)
IBAN_RE = regex.compile(r"\bDK\d{2}(?: ?\d{4}){3} ?\d{2}\b")
BANK_RE = regex.compile(
    r"(?<![\w-])(?:reg\.?\s*(?:nr\.?)?:?\s*)?\d{4}(?:[ -]|\s*/\s*)(?:(?:konto)?(?:nr\.?)?:?\s*)?"
    r"\d{6,10}(?![\w-])", regex.I)
CASE_RE = regex.compile(r"(?<![\w-])[A-Z]{1,3} {0,2}\d{4} {0,2}\d{4,5}(?![\w-])")
CASE_CONTEXT_RE = regex.compile(
    r"\b(?:sags?nr|sagsnummer|j\.\s?nr|jnr|journalnr|journalnummer|journal nr|ref|reference|"
    r"kundenr|kundenummer|medlemsnr|medlemsnummer|ordrenr|ordrenummer|fakturanr|fakturanummer|"
    r"policenr|policenummer|pasnr|pasnummer|patentnr|registreringsnummer|reg\.nr|nr|"
    r"kørekortnr|kørekortnummer|sygesikringsnr|sygesikringsnummer|medarbejdernr|"
    r"medarbejdernummer|studienr|studienummer|elevnr|elevnummer|"
    # numbers a person is filed under ("lejernummer", "kontraktnr."); "spørgsmål nr. S 1187":
    # a series letter may stand before the number
    r"(?:lejer|lejemåls?|kontrakt|aftale|abonnements?|forsikrings?|skades?|patient|borger|"
    r"ansøgnings?|låne?|klage|bruger|bolig|ejendoms?|matrikel|cvr|billet|booknings?|"
    r"reservations?|henvendelses?|indberetnings?|tilmeldings?|eksamens?|ansættelses?|job|"
    r"stillings?|annonce)"
    r"(?:nummer|nr))\.?:?[ \t]*(?:er[ \t]+)?"
    # a series letter or a name may stand before the number ("S 1187", "CashWorks 1")
    r"((?-i:\p{Lu}\p{L}{2,20})[ \t]\d{1,6}(?![\w/-])"
    r"|(?:(?-i:\p{Lu}{1,3})[ \t](?=\d))?(?=[\w/.-]*\d)[\p{L}\d][\w/.-]*[\w])", regex.I)
# The filed thing's own noun right before a code with a separator or of five digits or more:
# "lejemål 4417-23", "sag 2023-0412", "police 5530192" (a short plain number such as "sag 2" or
# a year after it is no code).
FILED_CODE_RE = regex.compile(
    r"(?<!\w)(?:lejemål(?:et)?|sag(?:en)?|police(?:n)?|kontrakt(?:en)?|faktura(?:en)?|"
    r"ordre(?:n)?|skade(?:n)?|journal(?:en)?)[ \t]+"
    r"(\d{2,}[-/]\d{2,}(?:[-/]\d+)*|\d{5,})(?![\w/-]|[.,]\d)", regex.I)
# Numbers that belong to one person (passport, driving licence, health card, staff/student no.).
PERSONAL_CODE_RE = regex.compile(r"^(?:pas|kørekort|sygesikring|medarbejder|studie|elev)", regex.I)
ALNUM_CODE_RE = regex.compile(
    r"(?<![\w@.-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-]{4,}(?![\w@-])")
# A number glued to a word is an ordinary compound, no code ("24-timers", "3-værelses").
NUMBER_COMPOUND_RE = regex.compile(r"\d{1,4}-\p{Ll}{3,}")
LONG_NUMBER_RE = regex.compile(r"(?<![\w.,-])\d{6,}(?![\w-]|[.,]\d)")
# An account number after its name, digits in groups ("Kontonummer 9070 4418 220 561",
# "reg.nr. 1234 kontonr. 0012345678"): a cue makes any grouping of 8-18 digits an account.
ACCOUNT_CONTEXT_RE = regex.compile(
    r"(?<!\w)(?:konto(?:nummer|nr\.?)?|kontonr\.?|reg\.?\s?nr\.?(?:\s?(?:og|/)\s?konto(?:nr\.?|nummer)?)?)"
    r":?[ \t]*(?:er[ \t]+)?(\d[\d \t.-]{6,24}\d)(?![\w-]|[.,]\d)", regex.I)
# User names (guide: PERSON covers "brugernavne"): a word with an inner underscore
# ("mor_til_3", "Bo_Flyt") is a handle wherever it stands; a word with digits or without
# (kattemor82, kattemor) is one after a forum cue: "Skrevet af X", "Svar fra X", "@X",
# "X skrev:" at the start of a line.
HANDLE_RE = regex.compile(r"(?<![\w@./-])[\p{L}\d]+(?:_+[\p{L}\d]+)+(?![\w@]|[.-]\w)")
HANDLE_CUE_RE = regex.compile(
    r"(?:(?<!\w)(?:[Ss]krevet|[Ss]var|[Kk]ommentar|[Ii]ndlæg|[Oo]pslag|[Cc]itat|[Bb]esked|[Ss]endt)"
    r"[ \t]+(?:af|fra)[ \t]+(?:(?:moderator|moderatoren|bruger|brugeren|admin)[ \t]+)?"
    r"|(?<![\w@.])@|^[ \t]*(?=[\w.-]+[ \t]+(?:skrev|skriver|svarede|svarer|kommenterede)\b)"
    # a post's header: the user, a dash and the date ("fagligfrank – 03-03-2019, 08:12")
    r"|^[ \t]*(?=[\w.-]+[ \t]+[–-][ \t]+\d{1,4}[-./]\d))"
    r"([\p{L}\d][\w.-]*[\p{L}\d]|\p{L})"
    r"(?=[ \t]*[:,\n]|[ \t]+\d|[ \t]+(?:skrev|skriver|svarede|svarer|kommenterede)\b"
    r"|[ \t]+[–-][ \t]+\d)",
    regex.M)
# "@kaj88", "@Hestemor": an at-sign before a word addresses a user (an e-mail has a word before
# its "@").
AT_HANDLE_RE = regex.compile(r"(?<![\w.@])@([\p{L}\d][\w.-]*[\p{L}\d]|\p{L})(?![\w@])")
# The cue words HANDLE_CUE_RE needs (a substring test is much cheaper than its pass).
HANDLE_CUE_WORDS = ("skrev", "svar", "kommentar", "indlæg", "opslag", "citat", "besked", "sendt",
                    "@", " – ", " - ")
PLATE_RE = regex.compile(r"(?<![\w-])[A-Z]{2} ?\d{2} ?\d{3}(?![\w-])")


class CodeDetector:
    """Codes, contact details and long numbers (``find(text)``)."""

    def __init__(self, lex: DanishLexicon) -> None:
        self.lex = lex
        words = sorted(lex.number_words | {"nul"}, key=len, reverse=True)
        item = r"(?:\d{1,4}|" + "|".join(regex.escape(w) for w in words) + r")"
        # A CPR number read aloud or spaced out after its name: "cpr-nummer er to fire en to firs
        # - seksten seksten", "personnummer: 0 1 0 1 9 0 1 2 3 4".
        self.spelled_cpr = regex.compile(
            r"(?:cpr|personnummer|personnr)[\w.-]*:?\s+(?:(?:er|lyder|var)\s+)?"
            rf"({item}(?:(?:\s*[-–]\s*|\s+){item}){{3,15}})(?!\w)", regex.I)

    def find(self, text: str) -> list[Unit]:
        out: list[Unit] = []
        add = out.append
        for m in EMAIL_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.97, source="email"))
        if "(at)" in text or "[at]" in text or "[snabel-a]" in text:
            for m in EMAIL_AT_RE.finditer(text):
                add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.97, source="email"))
        for m in URL_RE.finditer(text):
            end = m.end()
            while end > m.start() and text[end - 1] in ".,;:)!?»\"'":
                end -= 1
            if end - m.start() > 4:
                add(Unit(m.start(), end, "CODE", "QUASI", score=0.9, source="url"))
        for m in CPR_RE.finditer(text):
            digits = m.group(1) + m.group(2)
            context = text[max(0, m.start() - 40):m.start()]
            if dk_cpr.is_valid(digits) or CPR_CONTEXT_RE.search(context):
                add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.96, source="cpr"))
        if "cpr" in text.lower() or "person" in text.lower():
            for m in self.spelled_cpr.finditer(text):
                if sum(c.isdigit() for c in m.group(1)) <= 10:
                    add(Unit(m.start(1), m.end(1), "CODE", "DIRECT", score=0.95, source="cpr"))
        for m in IBAN_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.96, source="iban"))
        for m in BANK_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.93, source="bank"))
        for m in ACCOUNT_CONTEXT_RE.finditer(text):
            if 8 <= sum(c.isdigit() for c in m.group(1)) <= 18:
                add(Unit(m.start(1), m.end(1), "CODE", "DIRECT", score=0.94, source="bank"))
        out += self._handles(text)
        for m in PHONE_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.9, source="phone"))
        for m in CASE_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "QUASI", score=0.88, source="case"))
        for m in CASE_CONTEXT_RE.finditer(text):
            idt = "DIRECT" if PERSONAL_CODE_RE.match(m.group()) else "QUASI"
            add(Unit(m.start(1), m.end(1), "CODE", idt, score=0.87, source="case"))
        for m in FILED_CODE_RE.finditer(text):
            if not regex.fullmatch(r"(?:19|20)\d\d[-/](?:19|20)?\d\d", m.group(1)):
                add(Unit(m.start(1), m.end(1), "CODE", "QUASI", score=0.86, source="case"))
        for m in DIAGNOSIS_CODE_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "QUASI", confidential="HEALTH", score=0.88,
                     source="case"))
        for m in PLATE_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.89, source="plate"))
        for m in ALNUM_CODE_RE.finditer(text):
            word = m.group()
            digits = sum(c.isdigit() for c in word)
            if digits >= 2 and word.lower() not in self.lex.common_words \
                    and not NUMBER_COMPOUND_RE.fullmatch(word):
                add(Unit(m.start(), m.end(), "CODE", "QUASI", score=0.55, source="code"))
        for m in LONG_NUMBER_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "QUASI", score=0.5, source="number"))
        return out

    def _handles(self, text: str) -> list[Unit]:
        """User names: every word with an inner underscore, and a word after a forum cue that
        has a digit or is no ordinary lower-case word; then every other use of a found handle."""
        out: list[Unit] = []
        found: set[str] = set()
        if "_" in text:
            for m in HANDLE_RE.finditer(text):
                if any(c.isalpha() for c in m.group()):
                    found.add(m.group())
        low = text.lower()
        cues = any(w in low for w in HANDLE_CUE_WORDS)
        for m in HANDLE_CUE_RE.finditer(text) if cues else ():
            word = m.group(1)
            low = word.lower()
            if any(c.isdigit() for c in word) or "_" in word:
                if any(c.isalpha() for c in word):
                    found.add(word)
            elif word.islower() and low not in self.lex.common_words and len(word) >= 4:
                found.add(word)  # "Skrevet af kattemor:" (a capitalised one is a name)
        if "@" in text:
            for m in AT_HANDLE_RE.finditer(text):
                found.add(m.group(1))
                out.append(Unit(m.start(), m.end(), "PERSON", "DIRECT", score=0.95,
                                key=m.group(1).lower(), source="handle"))
        for handle in found:
            for m in regex.finditer(rf"(?<![\w@./-]){regex.escape(handle)}(?![\w@]|[.-]\w)", text):
                out.append(Unit(m.start(), m.end(), "PERSON", "DIRECT", score=0.95,
                                key=handle.lower(), source="handle"))
        return out
