"""Numbers with a unit of time or measure: dates, times, years, periods, durations, ages,
amounts of money and physical measures, plus relative times ("i går", a weekday) as NO_MASK.

The month, weekday and number words come from the lexicon; the patterns are compiled once per
lexicon. A pattern runs only when the text holds what every one of its matches needs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import regex

from pseudonymizer.dab.detectors.base import DIGIT_RE, NUM, Unit
from pseudonymizer.dab.lexicon import DanishLexicon

DURATION_WORDS = ("år", "måned", "uge", "døgn", "dag", "time", "minut", "sekund")
MONEY_WORDS = ("kr", "dkk", "eur", "sek", "nok", "usd", "dollar", "$", "€", "pund", "%",
               "procent", "mandat")
BRACKET_AGE_RE = regex.compile(r"(\p{L}+)[ \t]?\(((?:\d|[1-9]\d|1[01]\d))\)")
COUNT_WORDS = ("ansatte", "medarbejdere", "årsværk", "kampe", "mål", "scoringer", "cigaret",
               "genstande")
MEASURE_WORDS = ("km", "meter", "m2", "kvm", "kg", "kilo", "ton", "liter", "hektar", "tdr")


DEADLINE_BEFORE_RE = regex.compile(r"(?<!\w)(?:inden\s*for|frist(?:en)?\s+(?:på|er))\s+$",
                                   regex.I)
FEE_BEFORE_RE = regex.compile(
    r"(?<!\w)\p{L}*(?:gebyr|gebyret|gebyrer|afgift|afgiften|kontingent|kontingentet|"
    r"egenbetaling|egenbetalingen)\s+(?:er|på|af|udgør)\s+$", regex.I)
# A clock time that opens or closes a span of the day ("ring efter kl. 17", "fra kl. 14",
# "mellem kl. 22 og midnat"): office hours and habits, not the time of an event.
OPEN_TIME_BEFORE_RE = regex.compile(r"(?<!\w)(?:efter|fra|mellem|til|inden|før|indtil)\s+$",
                                    regex.I)
# (unless a date stands right before: "den 3. maj fra kl. 14" is the time of that day)
DATE_NEAR_RE = regex.compile(r"\d{1,2}\.\s*\p{L}{3,}|\d{1,2}[/.-]\d{1,2}[/.-]\d")
HUNDRED_PERCENT_RE = regex.compile(r"100\s*(?:%|procent)")


def _alt(words: frozenset[str] | set[str]) -> str:
    # Only for short closed lists (months, weekdays, number words), never for big gazetteers.
    return "(?:" + "|".join(regex.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


@dataclass(frozen=True, slots=True)
class _Patterns:
    date: regex.Pattern
    month_year: regex.Pattern
    numeric_date: regex.Pattern
    time: regex.Pattern
    year_range: regex.Pattern
    year: regex.Pattern
    duration: regex.Pattern
    age: regex.Pattern
    money: regex.Pattern
    measure: regex.Pattern
    relative: regex.Pattern
    month_alone: regex.Pattern
    semester: regex.Pattern
    week: regex.Pattern
    bare_age: regex.Pattern
    counted: regex.Pattern
    month_before: regex.Pattern
    count_before: regex.Pattern


def _patterns(lex: DanishLexicon) -> _Patterns:
    month = _alt(lex.months)
    weekday = _alt(lex.weekdays)
    numw = _alt(lex.number_words - {"en", "et", "halv"})
    numw_all = _alt(lex.number_words)
    # "kl. 9.48", "klokken er 6.30", "14:06", "ved 2-tiden"
    time = (r"(?:(?:kl\.?|klokken(?:\s+(?:er|var)(?=\s+\d))?)\s*\d{1,2}(?:[:.]\d{2})?"
            r"|\d{1,2}:\d{2}|\d{1,2}-tiden)")
    weekday_time = rf"(?:{weekday})\s+\d{{1,2}}[.:]\d{{2}}"
    flags = regex.I | regex.V0
    full_months = _alt({m for m in lex.months if len(m) >= 3 and not m.endswith(".")})
    family = _alt({w for w in lex.family if w.isalpha()})
    return _Patterns(
        # A month alone after a preposition is a point in time of the story ("fik i januar
        # diagnosen", "har ventet siden oktober"); a month before a year is month_year.
        # (the month is found first and its preposition checked behind it: a look-behind
        # tried at every position of the text was the slowest part of the pass)
        month_alone=regex.compile(rf"(?<!\w)(?:{full_months})(?!\w)(?!\s+\d)", flags),
        month_before=regex.compile(
            r"(?:(?<!\w)(?P<part>midt\s+i|sidst\s+i|først\s+i|(?:slutningen|starten|begyndelsen|"
            r"midten|udgangen)\s+af)|(?<!\w)(?:i|siden|fra|til|før|efter|inden|indtil|omkring|"
            r"primo|medio|ultimo|løbet\s+af))\s+$", flags),
        # A week number ("siden uge 12", "i uge 32 2023").
        week=regex.compile(r"(?<!\w)uge\s+\d{1,2}(?:\s+(?:19|20)\d\d)?(?!\w|[.,]\d)", flags),
        # A term of study ("4. semester", "forårssemestret 2023").
        semester=regex.compile(
            r"(?<![\w.])\d{1,2}\.\s?semester(?!\w)|(?<!\w)(?:forårs|efterårs|sommer|vinter)"
            r"semest(?:er|ret|eret|re)(?:\s+(?:\d{4}|\d{2}/\d{2}))?(?!\w)", flags),
        # An age as a bare number: "jeg er 34 og …", "til jeg var 92,", "vi er begge over 60",
        # "min datter på 17", "sin 100-års fødselsdag".
        bare_age=regex.compile(
            # "vi/de er 5" counts people: a plural subject needs "begge"/"alle" or "over"
            rf"(?<=(?<!\w)(?:(?:jeg|han|hun|du)\s+(?:er|var|blev|bliver|fylder|fyldte)\s+"
            rf"(?:(?:nu|snart|lige|netop|allerede|kun|bare|selv)\s+)?"
            rf"(?:(?:over|under|omkring|næsten|knap|godt|cirka|ca\.)\s+)?"
            rf"|(?:vi|de)\s+(?:er|var|blev|bliver)\s+(?:(?:begge|alle)\s+)?"
            rf"(?:over|under|omkring|næsten|knap|godt)\s+"
            rf"|(?:vi|de)\s+(?:er|var|blev|bliver)\s+(?:begge|alle)\s+))\d{{1,3}}(?![.,]\d)"
            rf"(?=\s*[.,;!?)]|\s+(?:og|men|nu|da|så|i\s+dag)(?!\w)|\s*$)"
            rf"|(?<=(?<!\w)(?:{family})\s+på\s+)\d{{1,3}}(?![\d.,]\d)"
            rf"(?=\s*[.,;!?)]|\s+(?!(?:år|måneder|uger|dage|kg|kilo|cm|meter|km|kr|procent)\b)\p{{L}})"
            rf"|(?<=(?<!\w)(?:{family})\s+på\s+\d{{1,3}}\s+og\s+)\d{{1,3}}(?!\d)(?![.,]\d)"
            rf"(?!\s*(?:år|måneder|uger|dage|kg|kilo|cm|meter|km|kr|procent)\b)"
            rf"|(?<![\w-])\d{{1,3}}-års(?=\s+fødselsdag)"
            # "min datter er 22 nu", "hans søn er 15 og …": a relative's age
            rf"|(?<=(?<!\w)(?:min|mit|din|hans|hendes|vores|deres|sin|jeres)\s+(?:{family})\s+"
            rf"(?:er|var|blev|bliver|fylder|fyldte)\s+(?:(?:nu|snart|lige|kun)\s+)?)"
            rf"\d{{1,3}}(?![.,]?\d)(?=\s*[.,;!?]|\s+(?:og|men|nu|i\s+dag)(?!\w)|\s*$)"
            # two ages side by side: the first of "på 7 og 10 år" (the second is "10 år"),
            # both of "vi er 67 og 70" (two numbers joined make two people's ages, not a count)
            rf"|(?<=(?<!\w)på\s+)\d{{1,3}}(?=\s+og\s+\d{{1,3}}\s+år(?!\w))"
            rf"|(?<=(?<!\w)(?:vi|de)\s+(?:er|var)\s+(?:\d{{1,3}}\s+og\s+)?)\d{{1,3}}(?![\d.,]\d)"
            rf"(?:(?=\s+og\s+\d{{1,3}}(?![\d.,]\d)\s*[.,;!?])|(?<=og\s+\d{{1,3}})(?=\s*[.,;!?]))"
            # "er 15 og går i 8. klasse", "er 34 og bor i Aarhus": a person's verb after "og"
            # shows the number is the subject's age, whoever the subject is
            rf"|(?<=(?<!\w)(?:er|var)\s+)\d{{1,3}}(?=\s+og\s+(?:går|gik|bor|boede|har|havde|"
            rf"arbejder|arbejdede|studerer|læser|læste|lever|levede)(?!\w))", flags),
        # Counts that describe a person or a firm: staff ("640 ansatte", "18 medarbejdere") and
        # a player's record ("87 landskampe med 241 mål").
        counted=regex.compile(
            r"(?<!\w)(?:fastansatte|ansatte|medarbejdere|årsværk|landskampe|landsholdskampe|"
            r"ligakampe|mål|scoringer|"
            # what a patient smokes or drinks ("ryger 20 cigaretter dagligt", "14 genstande")
            r"cigaretter|cigarer|genstande)(?!\w)", flags),
        count_before=regex.compile(rf"(?<![\w.,])(?:{NUM}|{numw})\s+$", flags),
        date=regex.compile(
            rf"(?<!\w)(?:{weekday},?\s+(?:(?:den|d\.)\s+)?)?(?:(?:den|d\.)\s+)?"
            rf"\d{{1,2}}\.?(?:\s+og\s+\d{{1,2}}\.?)?\s*(?:{month})\.?(?!\w)"
            rf"(?:,?\s+(?:\d{{4}}|'?\d{{2}})(?!\w))?"
            # the time that follows belongs to the date ("15. november 2023 kl. 10")
            rf"(?:,?\s+(?:kl\.?|klokken)\s*\d{{1,2}}(?:[:.]\d{{2}})?(?![\w.,]\d)|,?\s+\d{{1,2}}[:.]\d{{2}})?",
            flags),
        month_year=regex.compile(
            rf"(?<!\w)(?:(?:slutningen|begyndelsen|midten|starten|udgangen)\s+af\s+)?"
            rf"(?:(?:{month})\.?(?:\s+og\s+(?:{month}))?(?:\s+måned)?|(?:foråret|efteråret|sommeren|"
            rf"vinteren|forår|efterår|sommer|vinter|julen|jul|juleaften|juledag|påsken|påske|"
            rf"pinsen|pinse|nytår|nytårsaften|sankthans|sankthansaften))\s+(?:\d{{4}})(?!\w)",
            flags),
        numeric_date=regex.compile(
            r"(?<![\w/.-])(?:(?:den|d\.)\s+)?(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})"
            r"|\d{4}-\d{2}-\d{2}|(?<=(?:den|d\.)\s+)\d{1,2}/\d{1,2})(?![\w/-]|\.\d)"
            r"|(?<!\w)(?:den|d\.)\s+\d{1,2}/\d{1,2}(?![\w/])"
            # a day and month without the year, as records write it ("stent i LAD 11.03. kl.
            # 14.20"), with the time that follows; never a clock time ("kl. 11.03.")
            # (the digit is tested first: a look-behind tried at every position is slow)
            r"|(?=\d)(?<![\w.,/-])(?<!(?:kl|klokken|afsnit|kapitel|punkt|pkt|§)\.?[ \t]{0,2})"
            r"(?:0?[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.(?![\w.])"
            r"(?:,?\s+(?:kl\.?|klokken)\s*\d{1,2}(?:[:.]\d{2})?(?![\w.,]\d))?", flags),
        time=regex.compile(rf"(?<!\w)(?:(?:{weekday}\s+)?{time}|{weekday_time})(?!\w)", flags),
        year_range=regex.compile(r"(?<![\w-])(?:1[6-9]\d\d|20\d\d)\s?[-–]\s?(?:\d{4}|\d{2})(?![\w-])"),
        year=regex.compile(r"(?<![\w.,/-])(?:1[6-9]\d\d|20[0-4]\d)(?![\w/-]|[.,]\d)"),
        duration=regex.compile(
            rf"(?<![\w.,])(?:{NUM}|{numw})(?:\s+og\s+(?:en\s+)?halv)?\s+(?:år|måneder|måned|uger|uge|"
            rf"døgn|dage|dag|timer|time|minutter|sekunder|måneders|ugers|dages|døgns|timers)(?!\w)"
            rf"(?:\s+og\s+(?:{NUM}|{numw})\s+(?:måneder|dage|timer|minutter|sekunder)(?!\w))?"
            # "fire år efter", "to uger senere": a point in time counted from an event
            rf"(?:\s+(?:efter|senere|tidligere)(?!\s+(?:at|den|det|de|hans|hendes|sin|sit)\b)"
            rf"(?!\w))?"
            rf"|(?<!\w)(?:halvandet|halvanden)\s+(?:år|måned|uge|dag|time)(?!\w)"
            rf"|(?<!\w)(?:en|et)\s+(?:halvt?\s+)?(?:år|måned|uge|døgn|time)(?!\w)",
            flags),
        age=regex.compile(
            rf"(?<![\w-])(?:\d{{1,3}}|{numw})[- ]?årig(?:e)?(?!\w)"
            rf"|(?<!\w)(?:\d{{1,3}}|{numw})\s+år\s+gammel(?:t|e)?(?!\w)", flags),
        money=regex.compile(
            # "37,5 millioner kroner", "en halv milliard kroner", "mellem fem og ti millioner"
            rf"(?<![\w.,])(?:en\s+(?=halv\s))?(?:{NUM}|{numw_all})"
            rf"(?:\s*[-–]\s*{NUM}|\s+(?:og|til)\s+(?:{NUM}|{numw})(?=\s+(?:millioner|milliarder|mio|"
            rf"mia|mill|tusind|kr|kroner|euro|dollars?|procent)))?(?:\s+(?:millioner|million|mio\.?|"
            rf"milliarder|milliard|mia\.?|mill\.?|tusinde?|tusind))?\s*(?:kr\.?|kroner|DKK|EUR|"
            rf"euro|SEK|NOK|USD|dollars?|\$|€|pund|%|procent|procentpoint|mandater)(?!\w)"
            rf"|(?<!\w)(?:DKK|EUR|USD|SEK|kr\.)\s?{NUM}(?![\w])", flags),
        measure=regex.compile(
            rf"(?<![\w.,])(?:{NUM})(?:\s*[-–]\s*{NUM})?\s*(?:km|kilometer|meter|m2|kvm|kg|kilo|"
            rf"ton|liter|hektar|tdr\. land)\.?(?!\w)", flags),
        relative=regex.compile(
            rf"(?<!\w)(?:i\s+(?:dag|går|morgen|aftes|nat|år|fjor)|(?:sidste|næste|forrige|"
            rf"denne|hele)\s+(?:år|uge|måned|weekend|sommer|vinter)|{weekday}(?:s)?"
            rf"(?:\s+(?:morgen|formiddag|eftermiddag|aften|nat))?)(?!\w)", flags),
    )



class DateDetector:
    """Dates, times, years, durations, ages and amounts (``find(text)``)."""

    def __init__(self, lex: DanishLexicon) -> None:
        self.lex = lex
        self.pat = _patterns(lex)
        self._months = tuple(m for m in lex.months if len(m) >= 3 and not m.endswith("."))

    def find(self, text: str) -> list[Unit]:
        """A pattern runs only when the text holds what every one of its matches needs (a digit,
        "år", a currency word…): a C-level substring test is much cheaper than a regex pass that
        finds nothing."""
        p = self.pat
        low = text.lower()
        digit = DIGIT_RE.search(text) is not None
        has = {
            "digit": digit,
            "år": "år" in low,
            "unit": any(w in low for w in DURATION_WORDS),
            "money": any(w in low for w in MONEY_WORDS),
            "measure": digit and any(w in low for w in MEASURE_WORDS),
            "any": True,
            "month": any(m in low for m in self._months),
            "semester": "semest" in low,
            "count": digit and any(w in low for w in COUNT_WORDS) or any(
                w in low for w in ("ansatte", "medarbejdere")),
        }
        out: list[Unit] = []
        for pattern, gate, label, idt, score, source in (
            (p.date, "digit", "DATETIME", "QUASI", 0.86, "date"),
            (p.month_year, "digit", "DATETIME", "QUASI", 0.85, "date"),
            (p.numeric_date, "digit", "DATETIME", "QUASI", 0.85, "date"),
            (p.year_range, "digit", "DATETIME", "QUASI", 0.8, "year"),
            (p.year, "digit", "DATETIME", "QUASI", 0.6, "year"),
            (p.time, "digit", "DATETIME", "QUASI", 0.7, "time"),
            (p.age, "år", "DEM", "QUASI", 0.84, "age"),
            (p.duration, "unit", "DATETIME", "QUASI", 0.6, "duration"),
            (p.money, "money", "QUANTITY", "QUASI", 0.8, "amount"),
            (p.measure, "measure", "QUANTITY", "NO_MASK", 0.6, "amount"),
            (p.relative, "any", "DATETIME", "NO_MASK", 0.3, "relative"),
            (p.semester, "semester", "DATETIME", "QUASI", 0.7, "date"),
            (p.week, "unit", "DATETIME", "QUASI", 0.65, "date"),
            (p.bare_age, "digit", "DEM", "QUASI", 0.7, "age"),
        ):
            if has[gate]:
                out.extend(Unit(m.start(), m.end(), label, idt, score=score, source=source)
                           for m in pattern.finditer(text))
        out = [self._general(text, u) for u in out]
        if "(" in text and digit:
            out.extend(self._bracket_ages(text))
        if has["month"]:
            for m in p.month_alone.finditer(text):
                before = p.month_before.search(text, max(0, m.start() - 20), m.start())
                if before:
                    start = before.start() if before.group("part") else m.start()
                    out.append(Unit(start, m.end(), "DATETIME", "QUASI", score=0.55,
                                    source="date"))
        if has["count"]:
            for m in p.counted.finditer(text):
                before = p.count_before.search(text, max(0, m.start() - 24), m.start())
                if before:
                    out.append(Unit(before.start(), m.end(), "QUANTITY", "QUASI", score=0.8,
                                    source="amount"))
        return out

    @staticmethod
    def _general(text: str, u: Unit) -> Unit:
        """A deadline ("inden for 4 uger"), a fee ("gebyr på 700 kr."), "100 procent" or the
        hours of a day ("efter kl. 17") are the same for everyone who reads the text: a unit,
        not proposed for masking."""
        if u.identifier_type == "NO_MASK":
            return u
        before = text[max(0, u.start - 24):u.start]
        if (u.source == "duration" and DEADLINE_BEFORE_RE.search(before)) \
                or (u.source == "time" and OPEN_TIME_BEFORE_RE.search(before)
                    and not DATE_NEAR_RE.search(before)) or (
                u.source == "amount" and (FEE_BEFORE_RE.search(before)
                                          or HUNDRED_PERCENT_RE.fullmatch(text, u.start, u.end))):
            return replace(u, identifier_type="NO_MASK")
        return u

    def _bracket_ages(self, text: str) -> list[Unit]:
        """News style: a name or a relative with the age in brackets ("Mette Jensen (45)",
        "min søster (38)"); after an organisation or a paragraph it is no age."""
        lex = self.lex
        out = []
        for m in BRACKET_AGE_RE.finditer(text):
            word = m.group(1)
            low = word.lower()
            if low in lex.family or (word[0].isupper() and (
                    low in lex.first_names or low in lex.surnames)):
                out.append(Unit(m.start(2), m.end(2), "DEM", "QUASI", score=0.7, source="age"))
        return out
