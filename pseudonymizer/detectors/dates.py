"""Detectors for dates (guideline §3.6): ``date_digits``, ``day`` (day of month and weekday
names), ``month_word``, ``month_digit`` and ``year`` (four digits with temporal context only).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pseudonymizer.detectors.common import (
    UNITS,
    TokenIndex,
    WordMemo,
    Words,
    digit_runs,
    finditer_digits,
    followed_by_unit,
    generic_sentences,
)
from pseudonymizer.document import Candidate, Document, Token
from pseudonymizer.taxonomy import MONTHS, WEEKDAYS

__all__ = [
    "DateDigitsDetector", "DayMonthDetector", "YearDetector", "MONTH_FORMS", "ORDINAL_DAYS"
]


def _valid_day_month(day: int, month: int) -> bool:
    return 1 <= day <= 31 and 1 <= month <= 12


class DateDigitsDetector:
    """Dates written as digits with delimiters: ``2018-12-01``, ``18/01/12``, ``18.01.12``,
    ``01/12``, ``12/3``, and ``180112`` after a context word (``född``, ``datum``).

    Times of day (``kl. 14.30``, ``14:30``), fractions (``1/2 kg``) and decimals do not fire.
    """

    name = "date_digits"
    labels: tuple[str, ...] = ("date_digits",)
    _ISO = re.compile(r"(?<![\w\-./])(?:19|20)\d{2}([\-./])\d{1,2}\1\d{1,2}(?![\w\-/]|[.]\d)")
    _DMY = re.compile(r"(?<![\w\-./])\d{1,2}([\-./])\d{1,2}\1(?:\d{4}|\d{2})(?![\w\-/]|[.]\d)")
    _DM = re.compile(r"(?<![\w\-./:,])\d{1,2}/\d{1,2}(?![\w\-/]|[.,]\d)")
    # "fyller år 31.10", "född den 3.4": day.month needs a date word before (else a decimal
    # or a time of day)
    _DM_DOT = re.compile(r"(?<![\w\-./:,])\d{1,2}\.\d{1,2}(?![\w\-/]|[.,]\d)")
    _DOT_ANY = re.compile(r"\d\.\d")
    _DOT_CONTEXT = frozenset(
        "född födde föddes datum den födelsedag födelsedatum datumet f. fyller fyllde".split()
    )
    _DOT_PREPOSITIONS = frozenset("sedan sen från till efter innan före tills".split())
    _COMPACT = re.compile(r"(?<![\w\-./])\d{6}(?:\d{2})?(?![\w\-/]|[.,]\d)")
    _MONTH_YEAR = re.compile(r"(?<![\w\-./:,])(?:0?[1-9]|1[0-2])/(?:19|20)\d{2}(?![\w\-/]|[.,]\d)")
    # "14/6-2023", "5/8-19", "3.2-2016": day and month with a slash or dot, the year after a
    # hyphen (a common Swedish handwritten form)
    _DM_HYPHEN_YEAR = re.compile(
        r"(?<![\w\-./:,])(\d{1,2})[/.](\d{1,2})-(?:(?:19|20)\d{2}|\d{2})(?![\w\-/]|[.,]\d)"
    )
    # "2019-08": a year and a two-digit month with its zero (not a range of years, "2010-12")
    _YEAR_MONTH = re.compile(r"(?<![\w\-./:,])(?:19|20)\d{2}-0[1-9](?![\w\-/]|[.,]\d)")
    _CONTEXT = frozenset(
        "född födde föddes datum den dag dagen födelsedag födelsedatum datumet f.".split()
    )
    _TIME_BEFORE = frozenset({"kl.", "kl", "klockan", "vid", "mellan"})
    _FRACTIONS = frozenset(
        {"1/2", "1/3", "1/4", "2/3", "3/4", "1/8", "1/10", "1/5", "2/5", "3/5", "4/5"}
    )

    # Where matches can start: one-character classes first, which re scans for in C (a
    # pattern that opens with a look-behind is tried at every character).
    # where a match can start: its first characters (the rest is tried only there)
    _ISO_FIRST = re.compile(r"[12](?<![\w\-./][12])\d{3}[\-./]")
    _DMY_FIRST = re.compile(r"\d(?<![\w\-./]\d)\d?[\-./]\d")
    _COMPACT_FIRST = re.compile(r"\d(?<![\w\-./]\d)\d{5}")
    _DM_FIRST = re.compile(r"\d(?<![\w\-./:,]\d)")
    _ANY = re.compile(r"\d(?:[\-./]\d|\d{5})")  # = \d[\-./]\d|\d{6}, a digit first
    _SIX = re.compile(r"\d\d{5}")
    # the same three tests tried at the first digit of each run of digits (digit_runs)
    _RUN_ANY = re.compile(r"\d{6}|\d+[\-./]\d")
    _RUN_DOT = re.compile(r"\d+\.\d")
    _RUN_SIX = re.compile(r"\d{6}")

    @staticmethod
    def _found(search: re.Pattern[str], at_run: re.Pattern[str], text: str) -> bool:
        """``search.search(text)`` is not None, tested only where a run of digits begins."""
        runs = digit_runs(text)
        if runs is None:
            return search.search(text) is not None
        match = at_run.match
        return any(match(text, at) for at in runs)

    def detect(self, doc: Document) -> Iterator[Candidate]:
        text = doc.text
        if not self._found(self._ANY, self._RUN_ANY, text):
            return  # no digit-separator-digit and no six-digit run: no date written in digits
        found: list[tuple[int, int]] = []
        index = None
        for m in finditer_digits(self._ISO, self._ISO_FIRST, text):
            parts = re.split(r"[\-./]", m.group())
            if _valid_day_month(int(parts[2]), int(parts[1])):
                found.append(m.span())
        for m in finditer_digits(self._DMY, self._DMY_FIRST, text):
            a, b, c = re.split(r"[\-./]", m.group())
            # day-month-year or year-month-day with a two-digit year (18/01/12)
            if _valid_day_month(int(a), int(b)) or _valid_day_month(int(c), int(b)):
                index = index or TokenIndex.of(doc)
                before = index.before(m.start(), 1)
                if m.group(1) == "." and before and before[-1].lower in self._TIME_BEFORE:
                    continue
                found.append(m.span())
        slash = "/" in text
        for m in finditer_digits(self._DM, self._DM_FIRST, text) if slash else ():
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
        dot = self._found(self._DOT_ANY, self._RUN_DOT, text)
        for m in finditer_digits(self._DM_DOT, self._DM_FIRST, text) if dot else ():
            day, month = (int(x) for x in m.group().split("."))
            if not _valid_day_month(day, month):
                continue
            index = index or TokenIndex.of(doc)
            near = index.before(m.start(), 3)
            before = {t.lower for t in near}
            if before & self._TIME_BEFORE:
                continue
            if not before & self._DOT_CONTEXT and not (
                near and near[-1].lower in self._DOT_PREPOSITIONS and day > 23
            ):
                # "sedan 31.10": a preposition of time and a day that no hour can be
                continue
            if followed_by_unit(index, m.end()):
                continue
            found.append(m.span())
        six = self._found(self._SIX, self._RUN_SIX, text)
        for m in finditer_digits(self._COMPACT, self._COMPACT_FIRST, text) if six else ():
            value = m.group()
            index = index or TokenIndex.of(doc)
            near = {t.lower for t in index.before(m.start(), 3)}
            if not near & self._CONTEXT:
                continue
            tail = value[-6:] if len(value) == 8 else value
            yy, mm, dd = int(tail[:2]), int(tail[2:4]), int(tail[4:])
            if _valid_day_month(dd, mm) or _valid_day_month(yy, mm):
                found.append(m.span())
        # "sedan 10/2020"
        for m in finditer_digits(self._MONTH_YEAR, self._DM_FIRST, text) if slash else ():
            found.append(m.span())
        for m in finditer_digits(self._DM_HYPHEN_YEAR, self._DM_FIRST, text):
            if _valid_day_month(int(m.group(1)), int(m.group(2))):
                found.append(m.span())
        for m in finditer_digits(self._YEAR_MONTH, self._DM_FIRST, text):
            index = index or TokenIndex.of(doc)
            if not followed_by_unit(index, m.end()):
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
    # "jan." and "jul." are left out: "Jan" is a name and "jul" is Christmas
    abbrev = "feb. febr. apr. aug. sep. sept. okt. nov. dec.".split()
    for number, name in enumerate(MONTHS, start=1):
        forms[name] = number
        if name != "maj":  # "majs" is maize ("en kaka av majs"), not May's
            forms[name + "s"] = number
        for spelled in extra[number].split():
            forms[spelled] = number
    for ab in abbrev:
        forms[ab] = MONTHS.index(next(m for m in MONTHS if m.startswith(ab[:3]))) + 1
    return forms


MONTH_FORMS: dict[str, int] = _month_forms()


def _ordinal_days() -> dict[str, int]:
    """Ordinal number words of the days of a month: "första" 1 … "trettioförsta" 31."""
    first = (
        "första andra tredje fjärde femte sjätte sjunde åttonde nionde tionde elfte tolfte "
        "trettonde fjortonde femtonde sextonde sjuttonde artonde nittonde".split()
    )
    days = {word: k for k, word in enumerate(first, start=1)}
    units = list(days.items())[:9]
    for tens, value in (("tjugo", 20), ("trettio", 30)):
        days[tens + "nde"] = value  # "tjugonde", "trettionde"
        for word, k in units:
            if value + k <= 31:
                days[tens + word] = value + k
    return days


# "den första maj", "den tjugoandra juni": a day of the month written as an ordinal word.
ORDINAL_DAYS: dict[str, int] = _ordinal_days()

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
# every word DayMonthDetector looks at
_DAY_MONTH_WORDS = Words.track([*WEEKDAY_FORMS, *MONTH_FORMS, "den", "månad", "månaden"])
_MONTH_CUES = frozenset(
    "i den under sedan från till efter före innan början slutet mitten av på".split()
)


_HABITUAL = frozenset({"varje", "alla", "varannan", "vissa", "några", "flera", "somliga"})


# Words of routine that frame any time word of their clause ("vi brukar träffas på söndag",
# "varje morgon i juli", "oftast den 20 mars"); "varje"/"varannan" before a calendar unit
# makes even a full date yearly or monthly ("den 25:e varje månad").
_STRONG_ROUTINE = frozenset("brukar brukade alltid ofta oftast vanligtvis".split())
_EVERY = frozenset({"varje", "varannan"})
_CALENDAR_UNITS = frozenset("år året månad månaden vecka veckan gång".split())
# Opening hours ("öppet varje dag", "stängt på söndag") tell a routine, but "öppet hus" is an
# event, and a full date stays one day ("öppet på lördag den 12 oktober").
_OPENING = frozenset("öppen öppet öppna stängt stängd stänger öppettider".split())


def _routine_near(doc: Document, i: int, explicit: bool) -> bool:
    """A word of routine in the clause of ``tokens[i]`` that governs it. ``explicit``: the
    word is part of a full date (a day number with its month, a month with its year), which
    only a strong routine word or "varje år/månad" makes habitual."""
    tokens = doc.tokens
    first, last = doc.sentences[tokens[i].sentence]
    if _ROUTINE_WORDS.isdisjoint(Words.of(doc).lowers[first:last]):
        return False  # no word of routine in the sentence at all (most): no clause to find
    start, end = _clause(tokens, i, first, last)
    start, end = _och_clause(tokens, i, start, end)
    for k in range(start, end):
        low = tokens[k].lower
        if low in _STRONG_ROUTINE:
            if low == "alltid" and k > start and tokens[k - 1].lower == "för":
                continue  # "förändrades mitt liv för alltid": forever, once, not a routine
            return True
        if low in _EVERY:
            if not explicit or (k + 1 < end and tokens[k + 1].lower in _CALENDAR_UNITS):
                return True
        elif low in _OPENING and not explicit and not (
            k + 1 < last and tokens[k + 1].lower == "hus"
        ):
            return True
    return False


_ROUTINE_WORDS = _STRONG_ROUTINE | _EVERY | _OPENING  # (what _routine_near looks for)
_PRONOUN_SUBJECTS = frozenset("jag du han hon hen vi ni de dom".split())


def _och_clause(tokens: tuple, i: int, start: int, end: int) -> tuple[int, int]:
    """``start..end`` narrowed to the clause of ``tokens[i]`` where "och" + a pronoun opens
    a new one: "Min födelsedag är 14 maj och han skickar alltid" — the routine is hers."""
    for k in range(i + 1, end - 1):
        if tokens[k].lower == "och" and tokens[k + 1].lower in _PRONOUN_SUBJECTS:
            end = k
            break
    for k in range(i - 1, start, -1):
        if tokens[k - 1].lower == "och" and tokens[k].lower in _PRONOUN_SUBJECTS:
            start = k - 1
            break
    return start, end


# Payments that fall on the same day of every month: "Lönen kommer den 25:e", "hyran ska
# betalas den 28" — the day is a routine, not one date of the writer's life.
_MONTHLY_PAYMENTS = frozenset(
    "lön lönen löner lönerna hyra hyran hyror räkning räkningen räkningar räkningarna "
    "bidrag bidraget barnbidrag barnbidraget pension pensionen".split()
)


def _monthly_payment(doc: Document, i: int) -> bool:
    """A payment word in the sentence of ``den N`` (``tokens[i]`` is "den") and no month."""
    first, last = doc.sentences[doc.tokens[i].sentence]
    words = doc.tokens[first:last]
    return any(t.lower in _MONTHLY_PAYMENTS for t in words) and not any(
        t.lower in MONTH_FORMS for t in words
    )


# Degrees in the clause of a bare month tell the climate ("bara 17 grader i juli!"), not one
# month of the writer's life; a year ("35 grader i juli 2019") keeps it.
_DEGREES = frozenset("grader grad minusgrader plusgrader °c".split())


def _degrees_near(doc: Document, i: int) -> bool:
    tokens = doc.tokens
    first, last = doc.sentences[tokens[i].sentence]
    if _DEGREES.isdisjoint(Words.of(doc).lowers[first:last]):
        return False  # none in the sentence: no clause to find
    start, end = _clause(tokens, i, first, last)
    return any(tokens[k].lower in _DEGREES for k in range(start, end))


# Activities that recur every week: "Träningen är på tisdag kl. 19", "jag sjunger i en kör
# i kyrkan på söndag". A weekday in such a sentence is the schedule, not one day, unless the
# sentence points to one time ("ska", "nästa", "börjar", a date).
_RECURRING = frozenset(
    "träning träningen träningar träningarna kurs kursen kurser lektion lektionen lektioner "
    "lektionerna kör kören körövning repetition repetitionen gudstjänst gudstjänsten mässan "
    "fredagsbön läxhjälp läxhjälpen".split()
)
_ONE_TIME_CUES = frozenset(
    "ska skulle kommer nästa börjar började slutar slutade startar startade imorgon "
    "morgon igår förra sist inte ingen".split()
)


def _schedule_sentence(doc: Document, sentence: int) -> bool:
    """A sentence with a weekly activity and no cue of one time (see ``_RECURRING``)."""
    first, last = doc.sentences[sentence]
    words = doc.tokens[first:last]
    lows = set(Words.of(doc).lowers[first:last])
    if not lows & _RECURRING or lows & _ONE_TIME_CUES:
        return False
    return not any(t.lower in MONTH_FORMS for t in words) and not any(
        t.lower == "den" and k + 1 < len(words) and words[k + 1].is_digit
        for k, t in enumerate(words)
    )


# "första tisdagen i månaden", "sista onsdagen på året", "sista fredagen före jul": an
# ordinal weekday of a month, a year or a feast is a recurring day, not one day.
_WEEKDAY_ORDINALS = frozenset("första andra tredje fjärde sista näst".split())


def _ordinal_weekday(tokens: tuple, i: int) -> bool:
    """``tokens[i]`` is a definite weekday after an ordinal and before ``i månaden``,
    ``på året``, ``varje …`` or ``före``/``innan`` (see ``_WEEKDAY_ORDINALS``)."""
    if i == 0 or tokens[i - 1].lower not in _WEEKDAY_ORDINALS or i + 1 >= len(tokens):
        return False
    nxt = tokens[i + 1]
    if nxt.sentence != tokens[i].sentence:
        return False
    if nxt.lower in ("före", "innan", "varje", "varannan"):
        return True
    return i + 2 < len(tokens) and nxt.lower in ("i", "på", "av") and \
        tokens[i + 2].lower in ("månaden", "året", "månad", "år")


_SINCE_MONTH = frozenset({"sedan", "sen"})


def _since_month(tokens: tuple, i: int) -> bool:
    """``sedan (i) januari``: the month a change began, one time, whatever routine follows
    ("Sedan i februari cyklar jag varje dag")."""
    if i >= 1 and tokens[i - 1].lower in _SINCE_MONTH:
        return True
    return i >= 2 and tokens[i - 1].lower == "i" and tokens[i - 2].lower in _SINCE_MONTH


def _own_event_after(tokens: tuple, i: int) -> bool:
    """``I oktober fick jag …``: the month opens a clause whose inverted subject is the
    writer ("jag", "vi"), so a generic "man" elsewhere in the sentence does not rule it."""
    return i >= 1 and tokens[i - 1].lower == "i" and i + 2 < len(tokens) and \
        tokens[i + 1].is_word and tokens[i + 2].lower in ("jag", "vi") and \
        tokens[i + 2].sentence == tokens[i].sentence


def _weekday_range(tokens: tuple, i: int) -> bool:
    """``måndag till fredag``, ``mån–fre``: a range of weekdays (a working week, hours)."""
    n = len(tokens)
    if i + 2 < n and tokens[i + 1].lower in ("till", "-", "–") and \
            tokens[i + 2].lower in WEEKDAY_FORMS:
        return True
    return i >= 2 and tokens[i - 1].lower in ("till", "-", "–") and \
        tokens[i - 2].lower in WEEKDAY_FORMS


class DayMonthDetector:
    """Weekday names (incl. ``lördag``/``söndag`` and their inflected forms) → ``day``; month
    names → ``month_word``; the day number of ``den 15 maj``/``15:e maj``/``den 3:e`` → ``day``;
    ``den 2 i 8`` → ``day`` + ``month_digit``; ``5:e månaden``/``månad 5`` → ``month_digit``.

    Habitual weekdays (``varje söndag``, ``på måndagar``) and dates in sentences that state
    general facts (``I december firar man Lucia``) are not personal and do not fire.
    """

    name = "day_month"
    labels: tuple[str, ...] = ("day", "month_word", "month_digit")

    @staticmethod
    def _habitual_sentence(doc: Document, i: int, explicit: bool = False) -> bool:
        """A word of routine in the clause of ``tokens[i]`` (see ``_routine_near``)."""
        return _routine_near(doc, i, explicit)

    def _c(
        self,
        tok: Token,
        label: str,
        key: str,
        flags: frozenset[str] = frozenset(),
        score: float = 0.8,
    ) -> Candidate:
        return Candidate(tok.start, tok.end, label, flags, score=score, key=key, source=self.name)

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        n = len(tokens)
        months = MONTH_FORMS
        weekdays = WEEKDAY_FORMS
        generic: frozenset[int] | None = None
        for i in Words.of(doc).where(_DAY_MONTH_WORDS):  # the loop skips every other word
            tok = tokens[i]
            low = tok.lower
            if low in weekdays:
                flags = weekdays[low]
                prev = tokens[i - 1].lower if i else ""
                if "pl" in flags or prev in _HABITUAL:
                    continue
                explicit = i + 2 < n and tokens[i + 1].lower == "den" and tokens[i + 2].is_digit
                if "def" in flags and _ordinal_weekday(tokens, i):
                    continue  # "första tisdagen i månaden": every month's, not one day
                if _weekday_range(tokens, i) or self._habitual_sentence(doc, i, explicit) or (
                    not (prev == "i" and "gen" in flags)  # "i onsdags" is always last Wednesday
                    and _schedule_sentence(doc, tok.sentence)
                ):
                    continue  # "öppet måndag till fredag", "vi brukar träffas på söndag"
                generic = generic_sentences(doc) if generic is None else generic
                if tok.sentence not in generic:
                    yield self._c(tok, "day", "wd:" + low[:3], flags)
            elif low in months:
                if low in _NAME_LIKE_MONTHS and tok.is_title and i not in doc.sentence_starts:
                    prev_tok = tokens[i - 1] if i else None
                    if not (prev_tok and (prev_tok.is_digit or prev_tok.lower in _MONTH_CUES)):
                        continue
                generic = generic_sentences(doc) if generic is None else generic
                if tok.sentence in generic and not _own_event_after(tokens, i):
                    continue
                # a day number before it or a year after it: one date ("den 12 oktober",
                # "augusti 2023"), whatever routine the rest of the sentence tells
                left = tokens[i - 1] if i else tok
                right = tokens[i + 1] if i + 1 < n else tok
                explicit = (
                    (left.is_digit and left.sentence == tok.sentence)
                    or (i >= 3 and left.lower in ("e", "a") and tokens[i - 3].is_digit)
                    or (right.is_digit and len(right.text) == 4 and right.sentence == tok.sentence)
                    or (i >= 2 and left.lower in ORDINAL_DAYS and tokens[i - 2].lower == "den")
                    or _GLUED_ORDINAL.fullmatch(left.text) is not None
                    or _since_month(tokens, i)
                )
                # "en måndag i januari": one day of the month, not its climate
                one_day = i >= 2 and left.lower == "i" and tokens[i - 2].lower in WEEKDAY_FORMS
                if self._habitual_sentence(doc, i, explicit) or \
                        (not explicit and not one_day and _degrees_near(doc, i)) or \
                        _impersonal_sentence(doc, tok.sentence, i) or \
                        _yearly_feast(doc, tok.sentence, i) or _holiday_date(doc, i):
                    continue  # "varje morgon i juli", "i december blir det ljust kl. 9"
                number = months[low]
                gen = low.endswith("s") and low[:-1] in months
                yield self._c(
                    tok, "month_word", f"month:{number}", frozenset({"gen"}) if gen else frozenset()
                )
                # the day before the month: "15 maj", "den 15:e maj"
                j = i - 1
                if j >= 2 and tokens[j].lower in ("e", "a") and tokens[j - 1].text == ":":
                    j -= 2  # "3:e december"
                if (
                    j >= 0
                    and tokens[j].is_digit
                    and 1 <= int(tokens[j].text) <= 31
                    and tokens[j].sentence == tok.sentence
                ):
                    yield self._c(tokens[j], "day", "day:" + tokens[j].text.lstrip("0"), score=0.85)
                elif j >= 0 and tokens[j].sentence == tok.sentence and \
                        _GLUED_ORDINAL.fullmatch(tokens[j].text):
                    # "den 15e augusti": the ordinal ending written onto the number
                    day = tokens[j]
                    yield self._c(day, "day", "day:" + day.text[:-1].lstrip("0"), score=0.85)
                elif i >= 2 and tokens[i - 1].lower in ORDINAL_DAYS and \
                        tokens[i - 2].lower == "den" and tokens[i - 2].sentence == tok.sentence:
                    # "den första maj", "den tjugoandra juni"
                    day = tokens[i - 1]
                    yield self._c(day, "day", f"day:{ORDINAL_DAYS[day.lower]}", score=0.85)
            elif low == "den" and i + 1 < n and tokens[i + 1].is_digit:
                num = tokens[i + 1]
                if not 1 <= int(num.text) <= 31 or num.sentence != tok.sentence:
                    continue
                if self._habitual_sentence(doc, i, True):
                    continue  # "oftast den 20 eller 21 mars": a yearly date, not one day
                if _monthly_payment(doc, i):
                    continue  # "Lönen kommer den 25:e": the day of every month
                after = tokens[i + 2].lower if i + 2 < n else ""
                if (
                    after == "i"
                    and i + 3 < n
                    and tokens[i + 3].is_digit
                    and 1 <= int(tokens[i + 3].text) <= 12
                ):
                    # "den 2 i 8 2016": day and month as numbers
                    month = tokens[i + 3]
                    yield self._c(num, "day", "day:" + num.text.lstrip("0"), score=0.85)
                    yield self._c(month, "month_digit", "mon:" + month.text.lstrip("0"), score=0.85)
                    continue
                if _spaced_date(tokens, i + 1):
                    # "den 3 9 2020": day, month and year written apart with spaces
                    month = tokens[i + 2]
                    yield self._c(num, "day", "day:" + num.text.lstrip("0"), score=0.85)
                    yield self._c(month, "month_digit", "mon:" + month.text.lstrip("0"), score=0.85)
                    continue
                ordinal = after == ":" and i + 3 < n and tokens[i + 3].lower in ("e", "a")
                nxt = tokens[i + 4].lower if i + 4 < n else ""
                if ordinal and nxt not in months and nxt not in ("månad", "månaden"):
                    yield self._c(num, "day", "day:" + num.text.lstrip("0"))  # "den 3:e"
                elif (
                    i + 2 >= n
                    or tokens[i + 2].sentence != tok.sentence
                    or (after in _BARE_DAY_FOLLOWERS)
                    or (after in (".", "!", "?") and (i + 3 >= n or tokens[i + 3].is_title))
                ):
                    # "Vi ses den 17.", "den 17 kl. 18", "den 3 och den 4": a day of the
                    # month on its own (not "den 3 maj", which the month rule takes, nor
                    # "den 3 bästa", "den 17,5")
                    yield self._c(num, "day", "day:" + num.text.lstrip("0"), score=0.8)
            elif low in {"månad", "månaden"} and tok.is_word:
                if i + 1 < n and tokens[i + 1].is_digit and 1 <= int(tokens[i + 1].text) <= 12:
                    num = tokens[i + 1]
                    yield self._c(num, "month_digit", "mon:" + num.text.lstrip("0"))
                elif i >= 3 and tokens[i - 1].lower in ("e", "a") and tokens[i - 2].text == ":":
                    num = tokens[i - 3]
                    if num.is_digit and 1 <= int(num.text) <= 12:
                        yield self._c(num, "month_digit", "mon:" + num.text.lstrip("0"))


# Verbs and nouns of money right before a number: "betalade 2000", "hyran är 1800" —
# the number is an amount even when the currency is left out, never a year or an id.
AMOUNT_BEFORE: frozenset[str] = frozenset(
    """kostar kostade kostat kosta betalar betalade betalat betala tjänar tjänade tjänat tjäna
    sparar sparade sparat spara lånade lånar lånat låna spenderade spenderar spenderat hyran
    hyra lönen lön priset pris kostnaden avgiften""".split()
)


# Buying and selling: "för N" after them is a price ("köpte bilen för 1990").
_TRADE_VERBS = frozenset(
    "köpte köper köpt köpa sålde säljer sålt sälja hyrde hyr hyrt hyra betalade betalar "
    "handlade".split()
)


def _year_shaped(w: str) -> bool:
    """A year's shape: four characters or nine (a range, "2010-2015") opening with a digit."""
    return (len(w) == 4 or len(w) == 9) and w[:1].isdecimal()


# word → whether it has a year's shape, for every word seen
_YEAR_SHAPED = WordMemo(_year_shaped)


class YearDetector:
    """Four-digit years (1900–2039) only with temporal context: a preceding ``i``, ``år``,
    ``sedan``, ``född``, a season or a month (``maj 2015``), or ``sommaren 2015``; never before a
    unit or currency (``2000 kr``, ``1500 m``) and never after ``kl.``/``sidan``."""

    name = "year"
    labels: tuple[str, ...] = ("year",)
    _BEFORE = frozenset(
        """
        i år året sedan sen från till under efter innan före född födde föddes år: sommaren för
        hösten våren vintern julen påsken midsommar mellan fram omkring kring runt ca ca.
        cirka slutet början mitten årsskiftet läsåret läsår höstterminen vårterminen
        """.split()
    )
    _RANGE = re.compile(r"\d{4}-\d{4}")
    _NOT_BEFORE = frozenset(
        {"kl.", "kl", "klockan", "sidan", "sida", "nummer", "nr", "buss", "linje", "rum", "tåg"}
    ) | AMOUNT_BEFORE

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        n = len(tokens)
        months = MONTH_FORMS
        generic: frozenset[int] | None = None
        found: set[int] = set()  # the years yielded, for the second year of a list
        # a year (four digits) or a range of years ("2010-2015", nine characters): the loop
        # skips every other token
        # (told by a memo of every word seen: the test runs in Python only for words new to
        # the process, the rest are picked in C)
        todo = _YEAR_SHAPED.pick(Words.of(doc).present)[0]
        for i in Words.of(doc).where(todo):
            tok = tokens[i]
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
                and not (nxt.text == ":" and i - 2 in found and tokens[i - 1].text in "-–")
            ):  # (but "2013–2016: yrkesexamen", a range of a CV line)
                continue
            if nxt is not None and nxt.text in ("-", "–", "—") and i + 3 < n and \
                    tokens[i + 2].is_digit and tokens[i + 3].lower in UNITS and \
                    tokens[i + 3].sentence == tok.sentence:
                continue  # "2000–3000 kronor": a range of an amount
            prev = tokens[i - 1] if i and tokens[i - 1].sentence == tok.sentence else None
            if prev is not None and prev.lower in self._NOT_BEFORE:
                continue
            if prev is not None and prev.lower == "för" and i >= 2 and any(
                tokens[k].lower in _TRADE_VERBS
                for k in range(max(0, i - 6), i - 1)
                if tokens[k].sentence == tok.sentence
            ):
                continue  # "köpte bilen för 1990": a price
            context = prev is not None and (
                prev.lower in self._BEFORE
                or (prev.lower == "av" and i >= 2 and tokens[i - 2].lower in _PART_OF)
                or prev.lower in months
                or (prev.is_digit and i >= 2 and tokens[i - 2].lower in months)
                or (prev.is_digit and i >= 2 and tokens[i - 2].lower == "i")  # "den 2 i 8 2016"
                or (i >= 3 and tokens[i - 3].lower == "den" and _spaced_date(tokens, i - 2))
                or _DAY_MONTH_DIGITS.fullmatch(prev.text) is not None  # "3/2 2021"
            )
            if not context and prev is not None and prev.text == ":" and i >= 2 and \
                    tokens[i - 2].lower in ("född", "födelseår"):
                context = True  # "Född: 1987 i Lagos" (a CV)
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
            if not context and prev is not None and prev.is_word and (
                prev.lower in _AFTER_VERB
                or (prev.lower.endswith(_PAST_ENDINGS) and len(prev.lower) > 4)
            ) and (
                nxt is None
                or nxt.sentence != tok.sentence
                or not nxt.is_word
                or nxt.is_title
                or nxt.lower in _YEAR_FOLLOWERS
                or (nxt.lower == "av" and prev.lower.endswith(("ades", "des", "tes")))
            ):
                # "flyttade 2015 till Malmö", "kom hit 2019.", "gifte oss 2010 och": a past
                # event and a year; not "köpte 1500 böcker" (a lower-case noun follows);
                # "grundades 1994 av": a passive verb and its agent
                context = True
            if not context and prev is not None and _after_event_noun(doc, i, prev, nxt):
                # "efter en demonstration 2014 kom polisen", "sedan en olycka 2019."
                context = True
            if not context and _from_to(tokens, i):
                context = True
            if not context and prev is not None and i - 2 in found and \
                    prev.lower in ("och", "eller", ",", "-", "–"):
                context = True  # "på SFI 2019 och 2020": the second year of a list
            if context and prev is not None and prev.lower in _SINCE and \
                    not _personal_sentence(doc, i):
                # "gratis för invånarna sedan 2013", "en Toyota från 2012", "ökat sedan 2000":
                # a fact about a town, a thing or a country, not a date of the writer's life
                context = False
            if not context and prev is not None and prev.is_title and prev.is_word:
                # after a place or an institution: "till en gård utanför Sala 1942"
                context = i - 1 not in doc.sentence_starts
            if not context and prev is None and nxt is not None:
                # learner word order: "2022 jag flydde", "2018 min familj kom"
                context = nxt.lower in _SUBJECT_START
            if (
                context
                and nxt is not None
                and nxt.text == "-"
                and i + 2 < n
                and tokens[i + 2].lower.startswith("tal")
            ):
                context = False  # "1970-talet" is a decade
            if context:
                generic = generic_sentences(doc) if generic is None else generic
                context = tok.sentence not in generic
            if context:
                found.add(i)
                yield Candidate(
                    tok.start, tok.end, "year", score=0.75, key="year:" + tok.text, source=self.name
                )
        yield from self._short_years(doc)

    def _short_years(self, doc: Document) -> Iterator[Candidate]:
        """A two-digit year with a dash after a birth, season or month word: "född -95",
        "hösten -18", "den 1 juli -19" (the digits only)."""
        tokens = doc.tokens
        n = len(tokens)
        generic: frozenset[int] | None = None
        for i in Words.of(doc).where(_SHORT_YEAR_CUES):
            if i + 2 >= n:
                continue
            dash, num = tokens[i + 1], tokens[i + 2]
            if dash.text not in ("-", "'", "’") or not num.is_digit or len(num.text) != 2 or \
                    dash.end != num.start or num.sentence != tokens[i].sentence:
                continue
            after = tokens[i + 3] if i + 3 < n and tokens[i + 3].sentence == num.sentence else None
            if after is not None and (after.lower in UNITS or after.text in ("-", "–", "%")):
                continue  # "född - 95 kr", a range
            generic = generic_sentences(doc) if generic is None else generic
            if num.sentence in generic:
                continue
            yield Candidate(
                num.start, num.end, "year", score=0.7, key="year:" + num.text, source=self.name
            )


# "15e", "1a": a day number with its ordinal ending glued on.
_GLUED_ORDINAL = re.compile(r"(?:0?[1-9]|[12]\d|3[01])[ea]")
# Words before a two-digit year with a dash ("född -95", "hösten -18", "juli -19").
_SHORT_YEAR_CUES = Words.track(
    ["född", "föddes", "födde", "hösten", "våren", "sommaren", "vintern", "julen", "år",
     *MONTH_FORMS]
)


# A day and a month in digits as one token ("3/2", "14.6"): a year after it completes the date.
_DAY_MONTH_DIGITS = re.compile(r"(?:0?[1-9]|[12]\d|3[01])[/.](?:0?[1-9]|1[0-2])")


# "i slutet av 2015", "i början av 2020": a part of the year.
_PART_OF = frozenset("slutet början mitten hälften halvan våren hösten sommaren".split())


_BARE_DAY_FOLLOWERS = frozenset(
    "kl kl. klockan och eller på så då när ska vid i mellan , !".split()
)
# Past tense (-ade, -de, -te, -dde) and the adverbs and objects that close a verb phrase
# before a year ("kom hit 2019", "gifte oss 2010", "tog examen 2012").
_PAST_ENDINGS = ("ade", "dde", "de", "te", "ades", "des", "tes")
_AFTER_VERB = frozenset(
    "hit dit hem hemma tillbaka oss mig sig dem examen studenten körkort körkortet "
    "kom for flög fick blev var gick föddes dog".split()
)
_YEAR_FOLLOWERS = frozenset(
    "och till från i med när men som efter på eftersom då för utan".split()
)
_SUBJECT_START = frozenset("jag vi han hon hen de dom min mitt mina vår vårt våra hela".split())


# Prepositions of a starting point: a year after them belongs to the writer only in a sentence
# about the writer or a person.
_SINCE = frozenset("sedan sen från".split())
_PERSONAL = frozenset(
    "jag mig mej min mitt mina vi oss vår vårt våra han hon hen hans hennes honom henne "
    "de dem deras du dig din ditt dina ni er".split()
)
# Nouns of numbers and places that carry an identifier, not a year: "lägenhet 1204".
_ID_NOUN_TAILS = (
    "nummer", "nr", "kod", "koden", "lägenhet", "lägenheten", "lgh", "rum", "rummet",
    "våning", "våningen", "port", "porten", "buss", "bussen", "linje", "linjen", "spår",
    "spåret", "sidan", "sida", "kapitel", "modell", "modellen", "kort", "kortet", "konto",
    "kontot", "pin", "lösenord", "lösenordet", "gata", "gatan", "vägen", "väg",
)
# Words right before a number that are not nouns of an event.
_NOT_EVENT_BEFORE = frozenset(
    "är var blir blev har hade heter hette och eller med på av om att den det en ett alla "
    "bara nästan över under cirka ungefär ca minst max kanske typ än som".split()
)


# Present tense only: "det var i januari förra året" tells of one time in the writer's life.
_EXPLETIVE_VERBS = frozenset("blir är finns brukar kan".split())
_ONE_TIME = frozenset("förra nästa fjol sist senast gång gången nu".split())


def _spaced_date(tokens: tuple, d: int) -> bool:
    """``tokens[d:d+3]`` are a day, a month number and a year written apart with spaces in one
    sentence ("den 3 9 2020", "den 12 3 2022"), as learners write a numeric date."""
    if d + 2 >= len(tokens):
        return False
    day, month, year = tokens[d], tokens[d + 1], tokens[d + 2]
    return (
        day.is_digit and month.is_digit and year.is_digit
        and len(day.text) <= 2 and len(month.text) <= 2 and len(year.text) == 4
        and 1 <= int(day.text) <= 31 and 1 <= int(month.text) <= 12
        and 1900 <= int(year.text) <= 2039
        and day.sentence == month.sentence == year.sentence
        and _valid_day_month(int(day.text), int(month.text))
    )


def _impersonal_sentence(doc: Document, sentence: int, i: int | None = None) -> bool:
    """A sentence about the weather or the season with the expletive ``det`` and no person or
    name in it ("Vintern är lång, i december blir det ljust först kl. 9"). With ``i`` (the
    month) only its clause counts: "Det är mörkt i december men jag gillar snö"."""
    tokens = doc.tokens
    first, last = doc.sentences[sentence]
    if i is not None:
        first, last = _clause(tokens, i, first, last)
    words = tokens[first:last]
    if any(t.lower in _PERSONAL or t.lower in _ONE_TIME or (
        t.is_digit and not (k > 0 and words[k - 1].lower in ("kl.", "kl", "klockan"))
        and not (k + 1 < len(words) and words[k + 1].lower in UNITS)
    ) for k, t in enumerate(words)):
        return False  # a year or a date makes it one time; "kl. 9", "30 grader" do not
    if any(t.is_title and t.is_word and k > 0 for k, t in enumerate(words)):
        return False  # a name or a place may tie it to someone
    return any(
        t.lower == "det" and (
            (k > 0 and words[k - 1].lower in _EXPLETIVE_VERBS)
            or (k + 1 < len(words) and words[k + 1].lower in _EXPLETIVE_VERBS)
        ) or t.lower in _NATURE_SUBJECTS and any(
            w.lower in _NATURE_VERBS for w in words[max(0, k - 1) : k + 2]
        ) or t.lower in ("är", "blir") and k + 1 < len(words) and (
            words[k + 1].lower in _SEASON_ADJECTIVES
            or words[k + 1].lower in ("så", "mycket", "extra", "väldigt") and k + 2 < len(words)
            and words[k + 2].lower in _SEASON_ADJECTIVES
        )
        for k, t in enumerate(words)
    )


# "Byn är fin i juni", "Stugan är billig i maj": what a place is like in a month, every year.
_SEASON_ADJECTIVES = frozenset(
    "fin fint vacker vackert dyr dyrt billig billigt kall kallt varm varmt mörk mörkt ljus "
    "ljust grön grönt härlig härligt skön skönt vit vitt blöt blött torr torrt".split()
)


# The sun, the snow or the dark in the present tense tell what a month is like every year:
# "I december går solen upp vid tio", "i april smälter isen".
_NATURE_SUBJECTS = frozenset(
    "solen snön isen mörkret ljuset dagarna nätterna kvällarna vädret temperaturen regnet "
    "midnattssolen".split()
)
_NATURE_VERBS = frozenset(
    "går gå kommer blir är smälter faller lyser skiner försvinner ligger regnar".split()
)


# Present-tense verbs of a yearly feast: "I Nepal firar vi Dashain i oktober" is every year.
_YEARLY_VERBS = frozenset("firar firas infaller".split())


def _yearly_feast(doc: Document, sentence: int, i: int | None = None) -> bool:
    """A month in a sentence about a feast celebrated every year (present tense of fira).
    With ``i`` (the month) and a day number before it, only its clause counts: "Vår dotter
    fyller arton den 9 maj, så vi firar" is one date of the family's."""
    first, last = doc.sentences[sentence]
    lowers = Words.of(doc).lowers
    if _YEARLY_VERBS.isdisjoint(lowers[first:last]):
        return False
    if i is not None and i >= 1 and doc.tokens[i - 1].is_digit:
        first, last = _clause(doc.tokens, i, first, last)
        return not _YEARLY_VERBS.isdisjoint(lowers[first:last])
    return True


# Feasts on a fixed day of the year (Swedish calendar, general knowledge): Christmas Eve,
# Christmas Day, Boxing Day, New Year's Eve, Lucia, New Year's Day, Epiphany, Walpurgis
# Night and the National Day. Written as "den 24 december" they name the feast's date.
_HOLIDAY_DATES = frozenset(
    {(24, 12), (25, 12), (26, 12), (31, 12), (13, 12), (1, 1), (6, 1), (30, 4), (6, 6)}
)
# Words of a feast in the sentence before: "Vi firar jul. Den 24 december äter vi fisk."
_FEAST_WORDS = _YEARLY_VERBS | frozenset(
    "jul julen julafton julafton juldagen nyår nyåret nyårsafton lucia luciadagen valborg "
    "valborgsmässoafton nationaldagen trettondagen midsommar".split()
)


_FEAST_LINKS = frozenset("är var infaller firas".split())
_FEAST_NOUNS = (_FEAST_WORDS - _YEARLY_VERBS) | frozenset(
    "nationaldag midsommarafton midsommardagen nyårsdagen självständighetsdagen "
    "självständighetsdag".split()
)


def _holiday_date(doc: Document, i: int) -> bool:
    """The month ``tokens[i]`` and the day number before it give a fixed feast's date, no
    year follows, and this sentence or the one before speaks of a feast ("Vi firar jul. Den
    24 december äter vi tolv rätter"): the date of every year, not one day of the writer's."""
    tokens = doc.tokens
    j = i - 1
    if j >= 2 and tokens[j].lower in ("e", "a") and tokens[j - 1].text == ":":
        j -= 2  # "24:e december"
    if j < 0 or not tokens[j].is_digit or tokens[j].sentence != tokens[i].sentence:
        return False
    if i + 1 < len(tokens) and tokens[i + 1].is_digit and \
            tokens[i + 1].sentence == tokens[i].sentence:
        return False  # "den 24 december 2019": one Christmas Eve
    if j >= 2 and tokens[j - 1].lower == "den" and tokens[j - 2].sentence == tokens[i].sentence:
        # "nationaldagen den 9 oktober", "Midsommarafton är den 20 juni": the feast named right
        # before its date, of any country's calendar
        k = j - 3 if j >= 3 and tokens[j - 2].lower in _FEAST_LINKS else j - 2
        if tokens[k].lower in _FEAST_NOUNS and tokens[k].sentence == tokens[i].sentence:
            return True
    if (int(tokens[j].text), MONTH_FORMS[tokens[i].lower]) not in _HOLIDAY_DATES:
        return False
    sentence = tokens[i].sentence
    first = doc.sentences[max(0, sentence - 1)][0]
    last = doc.sentences[sentence][1]
    return any(t.lower in _FEAST_WORDS for t in tokens[first:last])


# Words that open a new clause inside a sentence.
_CLAUSE_BREAKS = frozenset(", ; men fast eftersom därför medan när så".split())


def _clause(tokens: tuple, i: int, first: int, last: int) -> tuple[int, int]:
    """Token bounds of the clause of ``tokens[i]`` inside the sentence ``first..last``."""
    start = i
    while start > first and tokens[start - 1].lower not in _CLAUSE_BREAKS:
        start -= 1
    end = i + 1
    while end < last and tokens[end].lower not in _CLAUSE_BREAKS:
        end += 1
    return start, end


def _subject_and_verb(tokens: tuple, j: int) -> bool:
    """A definite noun and a past-tense verb: the clause after the year in learner word order
    ("efter en demonstration 2014 polisen kom till mitt kontor")."""
    if j + 1 >= len(tokens):
        return False
    noun, verb = tokens[j], tokens[j + 1]
    return (
        noun.is_word and not noun.is_title and noun.lower.endswith(("en", "et", "na"))
        and verb.is_word and (verb.lower in _AFTER_VERB or verb.lower.endswith(_PAST_ENDINGS))
    )


def _personal_sentence(doc: Document, i: int) -> bool:
    """A person word in the sentence of ``tokens[i]``, outside a relative clause that only
    places a relative somewhere ("I Tallinn, där min bror bor, är bussen gratis sedan 2013").
    A year inside that clause is the person's: "I Ludvika, där jag har bott sedan 2017, …"."""
    tokens = doc.tokens
    first, last = doc.sentences[tokens[i].sentence]
    inside = False
    person_inside = holds_year = False
    for k in range(first, last):
        t = tokens[k]
        if t.lower == "där" and k > first and tokens[k - 1].text == ",":
            inside = True
            person_inside = holds_year = False
        elif t.text == "," and inside:
            if person_inside and holds_year:
                return True
            inside = False
        elif t.lower in _PERSONAL:
            if not inside:
                return True
            person_inside = True
        if inside and k == i:
            holds_year = True
    return inside and person_inside and holds_year


def _after_event_noun(doc: Document, i: int, prev: Token, nxt: Token | None) -> bool:
    """A year right after a lower-case noun of an event at the end of a phrase, in a sentence
    about a person: "efter en olycka 2019.", "startade ett flicklag 2019 med hjälp av"."""
    low = prev.lower
    if not prev.is_word or prev.is_title or len(low) < 4 or low in _NOT_EVENT_BEFORE or \
            low in AMOUNT_BEFORE or low.endswith(_ID_NOUN_TAILS):
        return False
    if nxt is not None and nxt.sentence == prev.sentence and nxt.is_word and not (
        nxt.lower in _YEAR_FOLLOWERS or nxt.lower in _SUBJECT_START or nxt.lower in _PERSONAL
        or _subject_and_verb(doc.tokens, i + 1)
    ):
        return False
    if nxt is not None and nxt.sentence == prev.sentence and nxt.is_digit:
        return False
    return _personal_sentence(doc, i)


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
    if (
        i >= 3
        and tokens[i - 1].lower == "och"
        and tokens[i - 3].lower == "mellan"
        and tokens[i - 2].is_digit
        and len(tokens[i - 2].text) == 4
    ):
        return True  # "mellan 2011 och 2015": the end of a range of years
    return (
        i >= 2
        and tokens[i - 1].text in ("-", "–")
        and tokens[i - 2].is_digit
        and len(tokens[i - 2].text) == 4
    )
