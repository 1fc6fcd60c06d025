"""Detectors for dates (guideline §3.6): ``date_digits``, ``day`` (day of month and weekday
names), ``month_word``, ``month_digit`` and ``year`` (four digits with temporal context only).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pseudonymizer.detectors.common import UNITS, TokenIndex, followed_by_unit
from pseudonymizer.document import Candidate, Document
from pseudonymizer.taxonomy import MONTHS, WEEKDAYS

__all__ = ["DateDigitsDetector", "DayMonthDetector", "YearDetector", "MONTH_FORMS"]


def _valid_day_month(day: int, month: int) -> bool:
    return 1 <= day <= 31 and 1 <= month <= 12


class DateDigitsDetector:
    """Dates written as digits with delimiters: ``2018-12-01``, ``18/01/12``, ``18.01.12``,
    ``01/12``, ``12/3``, and ``180112`` after a context word (``född``, ``datum``).

    Times of day (``kl. 14.30``, ``14:30``), fractions (``1/2 kg``) and decimals do not fire.
    """

    name = "date_digits"
    labels = ("date_digits",)
    _ISO = re.compile(r"(?<![\w\-./])(?:19|20)\d{2}([\-./])\d{1,2}\1\d{1,2}(?![\w\-/]|[.]\d)")
    _DMY = re.compile(r"(?<![\w\-./])\d{1,2}([\-./])\d{1,2}\1(?:\d{4}|\d{2})(?![\w\-/]|[.]\d)")
    _DM = re.compile(r"(?<![\w\-./:,])\d{1,2}/\d{1,2}(?![\w\-/]|[.,]\d)")
    _COMPACT = re.compile(r"(?<![\w\-./])\d{6}(?:\d{2})?(?![\w\-/]|[.,]\d)")
    _CONTEXT = frozenset(
        "född födde föddes datum den dag dagen födelsedag födelsedatum datumet f.".split()
    )
    _TIME_BEFORE = frozenset({"kl.", "kl", "klockan", "vid", "mellan"})
    _FRACTIONS = frozenset(
        {"1/2", "1/3", "1/4", "2/3", "3/4", "1/8", "1/10", "1/5", "2/5", "3/5", "4/5"}
    )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        text = doc.text
        found: list[tuple[int, int]] = []
        index = None
        for m in self._ISO.finditer(text):
            parts = re.split(r"[\-./]", m.group())
            if _valid_day_month(int(parts[2]), int(parts[1])):
                found.append(m.span())
        for m in self._DMY.finditer(text):
            a, b, c = re.split(r"[\-./]", m.group())
            # day-month-year or year-month-day with a two-digit year (18/01/12)
            if _valid_day_month(int(a), int(b)) or _valid_day_month(int(c), int(b)):
                index = index or TokenIndex.of(doc)
                before = index.before(m.start(), 1)
                if m.group(1) == "." and before and before[-1].lower in self._TIME_BEFORE:
                    continue
                found.append(m.span())
        for m in self._DM.finditer(text):
            day, month = (int(x) for x in m.group().split("/"))
            if not _valid_day_month(day, month):
                continue
            index = index or TokenIndex.of(doc)
            before = index.before(m.start(), 2)
            context = bool({t.lower for t in before} & self._CONTEXT)
            if m.group() in self._FRACTIONS and not context:
                continue
            if followed_by_unit(index, m.end()):
                continue
            found.append(m.span())
        for m in self._COMPACT.finditer(text):
            value = m.group()
            index = index or TokenIndex.of(doc)
            before = {t.lower for t in index.before(m.start(), 3)}
            if not before & self._CONTEXT:
                continue
            tail = value[-6:] if len(value) == 8 else value
            yy, mm, dd = int(tail[:2]), int(tail[2:4]), int(tail[4:])
            if _valid_day_month(dd, mm) or _valid_day_month(yy, mm):
                found.append(m.span())
        for start, end in found:
            yield Candidate(
                start,
                end,
                "date_digits",
                score=0.88,
                key="date:" + re.sub(r"\D", "", text[start:end]),
                source=self.name,
            )


# Month names with their inflected and common misspelled forms (learners write "januri",
# "febuari", "agusti"); abbreviations with a dot are tokens of their own ("jan.", "dec.").
def _month_forms() -> dict[str, int]:
    forms: dict[str, int] = {}
    extra = {
        1: "januri janauri jannuari",
        2: "febuari februri febrari",
        3: "",
        4: "aprill",
        5: "",
        6: "juny",
        7: "july",
        8: "agusti augusi augustu",
        9: "septembe septemper",
        10: "oktobär oktöber octobär",
        11: "novembe novämber",
        12: "desember decembär",
    }
    abbrev = "jan. feb. febr. mar. apr. jun. jul. aug. sep. sept. okt. nov. dec.".split()
    for number, name in enumerate(MONTHS, start=1):
        forms[name] = number
        forms[name + "s"] = number
        for spelled in extra[number].split():
            forms[spelled] = number
    for ab in abbrev:
        forms[ab] = MONTHS.index(next(m for m in MONTHS if m.startswith(ab[:3]))) + 1
    return forms


MONTH_FORMS: dict[str, int] = _month_forms()

# Weekday forms: definite, plural, genitive and "-s" ("på lördagen", "söndagar", "måndags").
WEEKDAY_FORMS: dict[str, frozenset[str]] = {}
for _wd in WEEKDAYS:
    WEEKDAY_FORMS[_wd] = frozenset()
    WEEKDAY_FORMS[_wd + "en"] = frozenset({"def"})
    WEEKDAY_FORMS[_wd + "ar"] = frozenset({"pl"})
    WEEKDAY_FORMS[_wd + "arna"] = frozenset({"pl", "def"})
    WEEKDAY_FORMS[_wd + "s"] = frozenset({"gen"})
    WEEKDAY_FORMS[_wd + "ens"] = frozenset({"def", "gen"})
for _wd in ("lörda", "sönda", "lordag", "sondag", "mondag", "tisda", "onsda", "torsda", "freda"):
    WEEKDAY_FORMS.setdefault(_wd, frozenset())

# A month name capitalised mid-sentence may be a first name (Maj, Juni, Augusti): only with a
# date cue around it.
_NAME_LIKE_MONTHS = frozenset({"maj", "juni", "augusti", "april", "mars"})
_MONTH_CUES = frozenset(
    "i den under sedan från till efter före innan början slutet mitten av på".split()
)


class DayMonthDetector:
    """Weekday names (incl. ``lördag``/``söndag`` and their inflected forms) → ``day``; month
    names → ``month_word``; the day number of ``den 15 maj``/``15:e maj``/``den 3:e`` → ``day``;
    ``5:e månaden``/``månad 5`` → ``month_digit``."""

    name = "day_month"
    labels = ("day", "month_word", "month_digit")

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        n = len(tokens)
        months = MONTH_FORMS
        weekdays = WEEKDAY_FORMS
        for i, tok in enumerate(tokens):
            low = tok.lower
            if low in weekdays:
                yield Candidate(
                    tok.start,
                    tok.end,
                    "day",
                    weekdays[low],
                    score=0.8,
                    key="wd:" + low[:3],
                    source=self.name,
                )
            elif low in months:
                if low in _NAME_LIKE_MONTHS and tok.is_title and i not in doc.sentence_starts:
                    prev = tokens[i - 1] if i else None
                    if not (prev and (prev.is_digit or prev.lower in _MONTH_CUES)):
                        continue
                number = months[low]
                flags = frozenset({"gen"}) if low.endswith("s") and low[:-1] in months else None
                yield Candidate(
                    tok.start,
                    tok.end,
                    "month_word",
                    flags or frozenset(),
                    score=0.8,
                    key=f"month:{number}",
                    source=self.name,
                )
                # the day before the month: "15 maj", "den 15:e maj"
                j = i - 1
                if j >= 2 and tokens[j].lower in ("e", "a") and tokens[j - 1].text == ":":
                    j -= 2  # "3:e december"
                if (
                    j >= 0
                    and tokens[j].is_digit
                    and 1 <= int(tokens[j].text) <= 31
                    and (tokens[j].sentence == tok.sentence)
                ):
                    yield Candidate(
                        tokens[j].start,
                        tokens[j].end,
                        "day",
                        score=0.85,
                        key="day:" + tokens[j].text.lstrip("0"),
                        source=self.name,
                    )
            elif low == "den" and i + 1 < n and tokens[i + 1].is_digit:
                # "den 3:e", "den 15 i 5"
                num = tokens[i + 1]
                ordinal = (
                    i + 3 < n and tokens[i + 2].text == ":" and tokens[i + 3].lower in ("e", "a")
                )
                if (
                    1 <= int(num.text) <= 31
                    and ordinal
                    and not (i + 4 < n and tokens[i + 4].lower in months)
                    and not (i + 4 < n and tokens[i + 4].lower in ("månad", "månaden"))
                ):
                    yield Candidate(
                        num.start,
                        num.end,
                        "day",
                        score=0.8,
                        key="day:" + num.text.lstrip("0"),
                        source=self.name,
                    )
            elif low in ("månad", "månaden") and tok.is_word:
                if i + 1 < n and tokens[i + 1].is_digit and 1 <= int(tokens[i + 1].text) <= 12:
                    num = tokens[i + 1]
                    yield Candidate(
                        num.start,
                        num.end,
                        "month_digit",
                        score=0.8,
                        key="mon:" + num.text.lstrip("0"),
                        source=self.name,
                    )
                elif i >= 3 and tokens[i - 1].lower in ("e", "a") and tokens[i - 2].text == ":":
                    num = tokens[i - 3]
                    if num.is_digit and 1 <= int(num.text) <= 12:
                        yield Candidate(
                            num.start,
                            num.end,
                            "month_digit",
                            score=0.8,
                            key="mon:" + num.text.lstrip("0"),
                            source=self.name,
                        )


class YearDetector:
    """Four-digit years (1900–2039) only with temporal context: a preceding ``i``, ``år``,
    ``sedan``, ``född``, a season or a month (``maj 2015``), or ``sommaren 2015``; never before a
    unit or currency (``2000 kr``, ``1500 m``) and never after ``kl.``/``sidan``."""

    name = "year"
    labels = ("year",)
    _BEFORE = frozenset(
        """
        i år året sedan sen från till under efter innan före född födde föddes år: sommaren
        hösten våren vintern julen påsken midsommar mellan fram omkring kring runt ca ca.
        cirka slutet början mitten årsskiftet läsåret läsår höstterminen vårterminen
        """.split()
    )
    _RANGE = re.compile(r"\d{4}-\d{4}")
    _NOT_BEFORE = frozenset(
        {"kl.", "kl", "klockan", "sidan", "sida", "nummer", "nr", "buss", "linje", "rum", "tåg"}
    )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        n = len(tokens)
        months = MONTH_FORMS
        for i, tok in enumerate(tokens):
            if not tok.is_digit or len(tok.text) != 4:
                if len(tok.text) == 9 and self._RANGE.fullmatch(tok.text):
                    # "2010-2015" is one token: two years
                    first, second = int(tok.text[:4]), int(tok.text[5:])
                    if 1900 <= first <= second <= 2039:
                        yield Candidate(
                            tok.start,
                            tok.start + 4,
                            "year",
                            score=0.75,
                            key=f"year:{first}",
                            source=self.name,
                        )
                        yield Candidate(
                            tok.end - 4,
                            tok.end,
                            "year",
                            score=0.75,
                            key=f"year:{second}",
                            source=self.name,
                        )
                continue
            value = int(tok.text)
            if not 1900 <= value <= 2039:
                continue
            nxt = tokens[i + 1] if i + 1 < n else None
            if (
                nxt is not None
                and nxt.sentence == tok.sentence
                and (nxt.lower in UNITS or nxt.text in ("%", ":", "$", "€"))
            ):
                continue
            prev = tokens[i - 1] if i and tokens[i - 1].sentence == tok.sentence else None
            if prev is not None and prev.lower in self._NOT_BEFORE:
                continue
            context = prev is not None and (
                prev.lower in self._BEFORE
                or prev.lower in months
                or (prev.is_digit and i >= 2 and tokens[i - 2].lower in months)
            )
            if not context and prev is not None and prev.text == "," and i >= 2:
                context = tokens[i - 2].lower in months or tokens[i - 2].lower in WEEKDAY_FORMS
            if not context and nxt is not None and nxt.sentence == tok.sentence:
                # "2015 flyttade vi", "2015 kom jag", "2015, när"
                context = (
                    nxt.text == ","
                    or (
                        nxt.is_word
                        and nxt.lower.endswith(("ade", "de", "te", "dde"))
                        and not nxt.is_title
                    )
                    or nxt.lower
                    in ("kom", "for", "flög", "fick", "blev", "var", "gick", "började", "föddes")
                )
            if not context and _from_to(tokens, i):
                context = True
            if context:
                yield Candidate(
                    tok.start, tok.end, "year", score=0.75, key="year:" + tok.text, source=self.name
                )


def _from_to(tokens: tuple, i: int) -> bool:
    """``2010-2015`` and ``2010–2015``: the other side of the dash is a year too."""
    n = len(tokens)
    if (
        i + 2 < n
        and tokens[i + 1].text in ("-", "–")
        and tokens[i + 2].is_digit
        and len(tokens[i + 2].text) == 4
    ):
        return True
    return (
        i >= 2
        and tokens[i - 1].text in ("-", "–")
        and tokens[i - 2].is_digit
        and len(tokens[i - 2].text) == 4
    )
