"""Danish pre-annotation for scheme ``dab``: units with a category and a first DIRECT/QUASI guess.

Everything is offline: regular expressions for the shaped units (codes, phone numbers, CPR,
addresses, dates, amounts) and word lists from resources/da/ for names, places, organisations
and demographic cues. Danish writes common nouns in lower case, so a capitalised word inside a
sentence is strong evidence of a proper noun; the lists then say which kind.

Each detector returns ``Unit`` proposals; ``resolve`` keeps the best non-overlapping ones (score,
then length); ``_propagate`` finds later mentions of a found name and links a first name or
surname alone to the full name (``Unit.key``, which ``annotate_dab`` turns into entity ids).

The identifier type is a first proposal for the annotator (guide, step 2):

- DIRECT: full names (two name words, or a title and a name), CPR numbers, phone numbers,
  e-mail addresses, street addresses, bank accounts and IBANs, licence plates, passport and
  similar personal numbers, and a surname alone once the full name is known.
- QUASI: a first name alone, places, organisations, dates, years, times and durations, ages,
  job titles, nationalities, diagnoses and other demographic cues, amounts, case numbers, URLs,
  titles of works and other named things.
- NO_MASK (a unit, not an identifier): relative times ("i går", "mandag"), physical
  measures ("25 km"), the home country and its nationality ("Danmark", "dansk").
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache

import ahocorasick
import regex
from stdnum.dk import cpr as dk_cpr

from pseudonymizer.dab.lexicon import DanishLexicon


@dataclass(frozen=True, slots=True)
class Unit:
    """A proposed unit ``text[start:end]``; ``key`` groups mentions of one entity."""

    start: int
    end: int
    label: str
    identifier_type: str
    confidential: str | None = None
    score: float = 0.5
    key: str | None = None
    source: str = ""


# ---------------------------------------------------------------------------------------------
# Tokens

TOKEN_RE = regex.compile(r"[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*|\S")


@dataclass(frozen=True, slots=True)
class Tok:
    start: int
    end: int
    text: str
    sent_start: bool  # first token of a sentence, a line or the text


def tokenize(text: str) -> list[Tok]:
    """Words (with inner hyphens/apostrophes), numbers and single punctuation marks."""
    toks: list[Tok] = []
    prev_end = 0
    prev_text = ""
    for m in TOKEN_RE.finditer(text):
        gap = text[prev_end:m.start()]
        # An abbreviation's period ("hr.", "kl.", "d.") does not start a sentence.
        starts = (not toks or prev_text in {"!", "?", ":", "•", "-", "–", "*", "\"", "»", "("}
                  or "\n" in gap
                  or (prev_text == "." and len(toks) >= 2 and toks[-2].text.lower() not in ABBREV
                      and not (len(toks[-2].text) == 1 and toks[-2].text.isupper())))
        toks.append(Tok(m.start(), m.end(), m.group(), starts))
        prev_end = m.end()
        prev_text = m.group()
    return toks


ABBREV = frozenset({"hr", "fru", "frk", "dr", "kl", "d", "nr", "ca", "bl", "a", "f", "eks", "jf",
                    "st", "mht", "evt", "inkl", "ekskl", "tlf", "mr", "mrs", "ms", "prof", "sankt",
                    "pt", "vedr", "ang", "mv", "osv", "etc", "dvs", "vs", "adm"})

# ---------------------------------------------------------------------------------------------
# Shaped units (one regex pass each)

EMAIL_RE = regex.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
URL_RE = regex.compile(
    r"(?:https?://|www\.)[^\s<>\"»«]+"
    r"|(?<![@\w.-])[\w-]+(?:\.[\w-]+)*\.(?:dk|com|org|net|eu|se|no|de|nu|info|io|uk)\b(?:/[^\s]*)?"
)
CPR_RE = regex.compile(r"(?<![\w-])(\d{6})[-– ]?(\d{4})(?![\w-])")
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
    r"medarbejdernummer|studienr|studienummer|elevnr|elevnummer)\.?:?\s*(?:er\s+)?"
    r"((?=[\w/.-]*\d)[\p{L}\d][\w/.-]*[\w])", regex.I)
# Numbers that belong to one person (passport, driving licence, health card, staff/student no.).
PERSONAL_CODE_RE = regex.compile(r"^(?:pas|kørekort|sygesikring|medarbejder|studie|elev)", regex.I)
ALNUM_CODE_RE = regex.compile(
    r"(?<![\w@.-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-]{4,}(?![\w@-])")
LONG_NUMBER_RE = regex.compile(r"(?<![\w.,-])\d{6,}(?![\w-]|[.,]\d)")
PLATE_RE = regex.compile(r"(?<![\w-])[A-Z]{2} ?\d{2} ?\d{3}(?![\w-])")

# Atomic: never backtrack into a long digit run ("1.1.1.1…" made the amount patterns explode).
NUM = r"(?>\d+(?:[.,]\d+)*)"
QUOTE_RE = regex.compile(r'(?<!\w)"([^"\n]+)"(?!\w)|»([^«»\n]+)«|«([^«»\n]+)»|“([^”\n]+)”')
PARTY_LETTER_RE = regex.compile(r"(?<=\p{L}\s?)\((?:A|B|C|D|F|I|K|M|O|V|Ø|Å|Æ|S|SF|DF|EL|LA|RV|"
                                r"KF|ALT|NB|DD)\)")
ELECTION_RE = regex.compile(
    r"(?<!\w)(?:(?:folketings|kommunal|regionsråds|europaparlaments|EU-|formands|byråds)valg(?:et)?"
    r"|valget)"
    r"(?:\s+(?:i\s+)?(?:1[89]\d\d|20\d\d))?(?!\w)", regex.I)
# A capitalised title right after a noun naming a work ("bogen Med håbet som drivkraft i …").
WORK_TITLE_RE = regex.compile(
    r"(?<!\w)(?:\w+-)?(?:bogen|romanen|novellen|digtsamlingen|filmen|dokumentarfilmen|serien|"
    r"tv-serien|programmet|albummet|pladen|sangen|forestillingen|stykket|kogebogen|"
    r"udstillingen|podcasten|artiklen|kronikken|værket)\s+"
    r"(\p{Lu}[\p{L}\d'’-]*(?:\s+(?!(?:i|på|og|der|hvor|ved|udkom|blev|var|er|har|hvilket)\b)"
    r"[\p{L}\d'’:-]+){0,8})")
COURT_RE = regex.compile(r"(?<!\w)(?:[Rr]etten|[Bb]yretten|[Ff]ogedretten|[Ss]kifteretten)"
                         r"\s+i\s+\p{Lu}[\p{L}-]+")
COUNT_RE = regex.compile(r"(?<![\w.,])\d{1,3}(?:[.,]\d{3})+(?![\w]|[.,]\d)")


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


def _patterns(lex: DanishLexicon) -> _Patterns:
    month = _alt(lex.months)
    weekday = _alt(lex.weekdays)
    numw = _alt(lex.number_words - {"en", "et", "halv"})
    numw_all = _alt(lex.number_words)
    time = r"(?:(?:kl\.?|klokken)\s*\d{1,2}(?:[:.]\d{2})?|\d{1,2}:\d{2})"
    weekday_time = rf"(?:{weekday})\s+\d{{1,2}}[.:]\d{{2}}"
    flags = regex.I | regex.V0
    return _Patterns(
        date=regex.compile(
            rf"(?<!\w)(?:{weekday},?\s+(?:(?:den|d\.)\s+)?)?(?:(?:den|d\.)\s+)?"
            rf"\d{{1,2}}\.?(?:\s+og\s+\d{{1,2}}\.?)?\s*(?:{month})\.?(?!\w)"
            rf"(?:,?\s+(?:\d{{4}}|'?\d{{2}})(?!\w))?(?:,?\s+(?:kl\.?\s*)?\d{{1,2}}[:.]\d{{2}})?",
            flags),
        month_year=regex.compile(
            rf"(?<!\w)(?:(?:{month})\.?(?:\s+og\s+(?:{month}))?(?:\s+måned)?|(?:foråret|efteråret|sommeren|"
            rf"vinteren|forår|efterår|sommer|vinter))\s+(?:\d{{4}})(?!\w)", flags),
        numeric_date=regex.compile(
            r"(?<![\w/.-])(?:(?:den|d\.)\s+)?(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})"
            r"|\d{4}-\d{2}-\d{2}|(?<=(?:den|d\.)\s+)\d{1,2}/\d{1,2})(?![\w/-]|\.\d)"
            r"|(?<!\w)(?:den|d\.)\s+\d{1,2}/\d{1,2}(?![\w/])", flags),
        time=regex.compile(rf"(?<!\w)(?:(?:{weekday}\s+)?{time}|{weekday_time})(?!\w)", flags),
        year_range=regex.compile(r"(?<![\w-])(?:1[6-9]\d\d|20\d\d)\s?[-–]\s?(?:\d{4}|\d{2})(?![\w-])"),
        year=regex.compile(r"(?<![\w.,/-])(?:1[6-9]\d\d|20[0-4]\d)(?![\w/-]|[.,]\d)"),
        duration=regex.compile(
            rf"(?<![\w.,])(?:{NUM}|{numw})(?:\s+og\s+(?:en\s+)?halv)?\s+(?:år|måneder|måned|uger|uge|"
            rf"døgn|dage|dag|timer|time|minutter|sekunder)(?!\w)"
            rf"(?:\s+og\s+(?:{NUM}|{numw})\s+(?:måneder|dage|timer|minutter|sekunder)(?!\w))?"
            rf"|(?<!\w)(?:halvandet|halvanden)\s+(?:år|måned|uge|dag|time)(?!\w)"
            rf"|(?<!\w)(?:en|et)\s+(?:halv\s+)?(?:år|måned|uge|døgn|time)(?!\w)",
            flags),
        age=regex.compile(
            rf"(?<![\w-])(?:\d{{1,3}}|{numw})[- ]?årig(?:e)?(?!\w)"
            rf"|(?<!\w)(?:\d{{1,3}}|{numw})\s+år\s+gammel(?:t|e)?(?!\w)", flags),
        money=regex.compile(
            rf"(?<![\w.,])(?:{NUM}|{numw_all})(?:\s*[-–]\s*{NUM})?(?:\s+(?:millioner|million|mio\.?|"
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


# ---------------------------------------------------------------------------------------------
# The annotator


ORG_SUFFIXES = ("skolen", "skole", "gymnasium", "gymnasiet", "hospital", "hospitalet", "sygehus",
                "sygehuset", "seminarium", "seminariet", "højskole", "efterskole", "akademi",
                "akademiet", "universitet", "universitetet", "museet", "museum", "teatret",
                "klinikken", "børnehave", "børnehaven", "vuggestue", "vuggestuen")
TITLE_COUPLE_RE = regex.compile(r"(?<!\w)(?:[Hh]r|[Ff]ru|[Dd]r)\.?\s+og\s+$")
INITIALS_RE = regex.compile(r"^(?:\p{Lu}\.){2,4}$")
NAME_CUES = frozenset({"til", "med", "hilsen", "mvh", "kh", "knus", "hej", "kære", "fra", "og",
                       "ved", "spurgte", "sagde", "hedder"})
# Role nouns that are also present-tense verbs ("han spiller", "hun leder"): only compounds count.
VERB_LIKE_ROLES = frozenset({"spiller", "leder", "kører", "træner", "arbejder", "rytter",
                             "handler", "maler", "elev", "medlem", "mester", "vært", "kvinde",
                             "model", "agent", "kandidat", "planlægger", "sælger"})
JOB_ENDINGS = ("", "n", "en", "e", "ne", "er", "erne", "ere", "s", "ens", "ns", "nes", "inde",
               "inden")
INFLECTIONS = ("", "en", "et", "n", "t", "s", "ens", "ets", "ne", "e", "es", "ske")
ARTICLES = frozenset({"Det", "Den", "De"})
HOME_COUNTRY = frozenset({"danmark", "denmark", "danmarks"})
DIGIT_RE = regex.compile(r"\d")
DURATION_WORDS = ("år", "måned", "uge", "døgn", "dag", "time", "minut", "sekund")
MONEY_WORDS = ("kr", "dkk", "eur", "sek", "nok", "usd", "dollar", "$", "€", "pund", "%",
               "procent", "mandat")
MEASURE_WORDS = ("km", "meter", "m2", "kvm", "kg", "kilo", "ton", "liter", "hektar", "tdr")
KEEP_PERIOD = frozenset({"kr", "nr", "tv", "th", "mf", "st", "ca", "mio", "mia", "mill", "km",
                         "kl", "co", "ltd", "inc", "hr", "dr", "fru"})
LOCAL_BODIES = frozenset({
    "byrådet", "byrådets", "byretten", "byrettens", "landsretten", "landsrettens",
    "regionsrådet", "regionsrådets", "kommunalbestyrelsen", "kommunalbestyrelsens",
    "skoleledelsen", "bestyrelsen", "bestyrelsens", "menighedsrådet", "sognerådet"})
# Definite forms that point back at one named organisation ("flyselskabet", "partiet").
DEFINITE_ORGS = frozenset({
    "selskabet", "selskabets", "firmaet", "firmaets", "virksomheden", "virksomhedens",
    "partiet", "partiets", "kommunen", "kommunens", "regionen", "regionens", "universitetet",
    "universitetets", "klubben", "klubbens", "foreningen", "foreningens", "koncernen",
    "koncernens", "flyselskabet", "it-selskabet", "vagtfirmaet", "rederiet", "banken",
    "bankens", "avisen", "avisens", "forlaget", "forlagets", "holdet", "holdets",
    "sygehuset", "hospitalet", "institutionen", "myndigheden", "myndighederne"})
TITLES = frozenset({"hr", "fru", "frk", "dr", "mr", "mrs", "ms", "prof", "professor"})
ROYAL = frozenset({"kong", "dronning", "prins", "prinsesse", "kronprins", "kronprinsesse",
                   "grevinde", "greve", "hertug"})
# "af" and "den" are left out: "bog af Karen Blixen", "SF af Annette" join two different units.
PARTICLES = frozenset({"von", "van", "der", "de", "d'", "la", "le", "di", "da", "du", "bin", "al",
                       "el", "ten", "ter", "zu", "dos", "del"})
LOC_PREPS = frozenset({"i", "fra", "til", "på", "ved", "nær", "mod", "omkring", "gennem",
                       "udenfor", "nord", "syd", "øst", "vest"})
NATIONAL_BODY_RE = regex.compile(r"(?:ministeri(?:et|ets|um)|styrelsen?s?|tilsynet?s?)$")
ROYAL_TAIL_RE = regex.compile(r"(?:\s+\d{1,2}\.)?(?:\s+af\s+\p{Lu}[\p{L}]+)?")
COMPANY_FORMS = regex.compile(
    r"\s*(?:A/S|ApS|I/S|K/S|P/S|IVS|A\.m\.b\.A\.|AMBA|Ltd\.?|Inc\.?|GmbH|AB|AS|Co\.)(?!\w)")
CAPITAL_RE = regex.compile(r"^(?:[dl]['’])?\p{Lu}")
UPPER_RE = regex.compile(r"^[\p{Lu}\d&'’-]+$")
STREET_NUMBER_RE = regex.compile(
    # bounded whitespace after a letter: "\s+" here made long blank runs quadratic
    r"(?<=[\p{L}.])[ \t\xa0]{1,3}\d{1,4}\s?[A-Za-z]?(?!\w|[.,]\d)"
    r"(?:,?\s*(?:\d{1,2}\.?\s?(?:tv|th|mf|sal)\.?|st(?:ue)?\.?(?:\s?(?:tv|th|mf)\.?)?)(?!\w))?",
    regex.I)
POSTCODE_TAIL_RE = regex.compile(
    r"(?:\s*,?\s*(?:i\s+)?(?:\p{Lu}[\p{L}.-]+\s*,?\s*)??(?:(?:DK|SE|N)-?\s?)?(?:\d{1,3}\s+)?"
    r"\d{3}\s?\d{1,2}(?!\w)(?:,?[ \t]+\p{Lu}[\p{L}-]*(?:\.\p{Lu}[\p{L}-]*)?"
    r"(?:[ \t]+(?:\p{Lu}[\p{L}-]*|[KVNSCØ]\b))*)?"
    r"|,\s*\p{Lu}[\p{L}]+(?:[ \t]\p{Lu}\b)?(?:,\s*\d{4}(?!\w))?"
    r"|\s+i\s+\p{Lu}[\p{L}]+(?:,\s*\d{4}(?!\w))?)")
COUNTRY_TAIL_RE = regex.compile(r"\s*,?\s*(?:Danmark|Denmark|Sverige|Norge|Tyskland|DK)(?!\w)")
POSTCODE_CITY_RE = regex.compile(
    r"(?<![\w,-])(?:(?:DK|SE)-?)?\d{4},?[ \t]+(\p{Lu}[\p{L}.]+(?:[ \t]+(?:\p{Lu}[\p{L}.]+|"
    r"[KVNSCØ](?!\w)))?)")


def _strip_genitive(word: str) -> str:
    if len(word) > 3 and word[-1] in "s'’" and not word.endswith("ss"):
        return word[:-1].rstrip("'’")
    return word


class DanishAnnotator:
    """Pre-annotates Danish text for scheme ``dab``; build once, call ``units(text)`` often."""

    def __init__(self, lexicon: DanishLexicon | None = None) -> None:
        self.lex = lexicon or DanishLexicon.default()
        self.pat = _patterns(self.lex)
        self._org_known_lower = {o.lower(): o for o in self.lex.org_known}
        by_first: dict[str, list[str]] = {}
        for org in self.lex.org_known:
            by_first.setdefault(TOKEN_RE.match(org).group(), []).append(org)
            first = org.split(" ", 1)[0]
            if first in ("De", "Det", "Den") and " " in org:
                # "de Konservative": the article may be written in lower case
                low_org = first.lower() + org[len(first):]
                by_first.setdefault(first.lower(), []).append(low_org)
        self._org_by_first = {k: sorted(v, key=len, reverse=True) for k, v in by_first.items()}

    # -- shaped units -------------------------------------------------------------------------

    def shaped(self, text: str) -> list[Unit]:
        """Codes, contact details, addresses, dates, times and amounts found by pattern."""
        out: list[Unit] = []
        add = out.append
        for m in EMAIL_RE.finditer(text):
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
        for m in IBAN_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.96, source="iban"))
        for m in BANK_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.93, source="bank"))
        for m in PHONE_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.9, source="phone"))
        for m in CASE_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "QUASI", score=0.88, source="case"))
        for m in CASE_CONTEXT_RE.finditer(text):
            idt = "DIRECT" if PERSONAL_CODE_RE.match(m.group()) else "QUASI"
            add(Unit(m.start(1), m.end(1), "CODE", idt, score=0.87, source="case"))
        for m in PLATE_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "DIRECT", score=0.8, source="plate"))
        for m in ALNUM_CODE_RE.finditer(text):
            word = m.group()
            digits = sum(c.isdigit() for c in word)
            if digits >= 2 and word.lower() not in self.lex.common_words:
                add(Unit(m.start(), m.end(), "CODE", "QUASI", score=0.55, source="code"))
        for m in LONG_NUMBER_RE.finditer(text):
            add(Unit(m.start(), m.end(), "CODE", "QUASI", score=0.5, source="number"))
        out.extend(self._addresses(text))
        out.extend(self._times(text))
        return out

    def extras(self, text: str) -> list[Unit]:
        """Quoted titles and sayings, party letters, elections, counted amounts."""
        out = []
        for m in QUOTE_RE.finditer(text):
            inner = next(g for g in m.groups() if g is not None)
            if 2 <= len(inner) <= 200 and "\n" not in inner and inner[:1].isalnum():
                out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.75, source="quote"))
        for m in COURT_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "ORG", "QUASI", score=0.7, source="court"))
        for m in PARTY_LETTER_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "ORG", "QUASI", confidential="POLITICS",
                            score=0.8, source="party"))
        for m in ELECTION_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.7, source="election"))
        for m in WORK_TITLE_RE.finditer(text):
            out.append(Unit(m.start(1), m.end(1), "MISC", "QUASI", score=0.72, source="title"))
        for m in COUNT_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "QUANTITY", "QUASI", score=0.4, source="count"))
        return out

    def _addresses(self, text: str) -> list[Unit]:
        """Street + house number (+ floor, postcode, town, country) → one DIRECT LOC unit."""
        out: list[Unit] = []
        for m in STREET_NUMBER_RE.finditer(text):
            start = self._street_start(text, m.start())
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
            city = m.group(1).split()[0].lower()
            if 1000 <= code <= 9990 and (city in self.lex.places or len(m.group(1).split()) > 1
                                         or city not in self.lex.common_words):
                out.append(Unit(m.start(), m.end(), "LOC", "QUASI", score=0.75, source="postcode"))
        return out

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
            if len(wl) > 1 and wl in self.lex.common_words and not self._is_name_word(wl) \
                    and not self._is_name_word(_strip_genitive(wl)):
                break
            start = offset + w.start()
            i -= 1
        if not CAPITAL_RE.match(text[start:]) and start == offset + last.start():
            # A lower-case single word ending in "vej" is a street only in a list of stems.
            if stem not in self.lex.street_stems:
                return None
        return start

    def _times(self, text: str) -> list[Unit]:
        """Dates, times, years, durations, ages and amounts. A pattern runs only when the text
        holds what every one of its matches needs (a digit, "år", a currency word…): a C-level
        substring test is much cheaper than a regex pass that finds nothing."""
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
        ):
            if has[gate]:
                out.extend(Unit(m.start(), m.end(), label, idt, score=score, source=source)
                           for m in pattern.finditer(text))
        return out

    # -- words --------------------------------------------------------------------------------

    def _street_word(self, word: str) -> bool:
        low = word.lower()
        return any(low.endswith(s) and len(low) > len(s) + 2 for s in ("vej", "gade", "allé",
                                                                       "stræde", "vænget"))

    def _base(self, word: str) -> str:
        """Lower-cased base form: "Claus" stays "claus", "Søvndals" becomes "søvndal"."""
        low = word.lower()
        lex = self.lex
        if self._is_name_word(low) or low in lex.places or low in lex.countries:
            return low
        stripped = _strip_genitive(word).lower()
        if stripped != low and (self._is_name_word(stripped) or stripped in lex.places
                                or stripped in lex.countries):
            return stripped
        return stripped if low.endswith(("'", "’")) else low

    def _is_name_word(self, low: str) -> bool:
        return low in self.lex.first_names or low in self.lex.surnames

    def _looks_surname(self, low: str) -> bool:
        return (low in self.lex.surnames
                or (low.endswith(("sen", "sson", "gaard", "gård")) and len(low) > 5
                    and low not in self.lex.common_words))

    def proper_nouns(self, text: str, toks: list[Tok]) -> list[Unit]:
        """Capitalised chains: persons, organisations, places, other named things."""
        chains: list[tuple[int, int]] = []  # token index ranges [i, j)
        n = len(toks)
        i = 0
        while i < n:
            t = toks[i]
            if not self._cap(t.text):
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
                            toks[j - 1].text in ARTICLES and not toks[j - 1].sent_start)):
                    break  # "Tjæreborg Mvh Rikke", "Renana Jeg"
                if "\n" in gap and not (self._is_name_word(toks[j - 1].text.lower())
                                        and self._is_name_word(nxt.lower())):
                    break  # a line break ends a name unless it splits a known first + last name
                if gap and self._cap(nxt):
                    if self._street_word(nxt) and j + 1 < n and toks[j + 1].text[0].isdigit():
                        break  # "Trine Berg Fredericiavej 88": the address starts here
                    j += 1
                    continue
                if not gap and self._cap(nxt) and toks[j - 1].text == "." and j >= 2 \
                        and len(toks[j - 2].text) == 1 and toks[j - 2].text.isupper():
                    j += 1  # "N.J": initials glued by a period
                    continue
                # an initial "H." / "N.J": letter + period glued
                if not gap and nxt == "." and len(toks[j - 1].text) <= 2 \
                        and toks[j - 1].text.isupper():
                    j += 1
                    continue
                if gap and nxt.lower() in PARTICLES and j + 1 < n and self._cap(toks[j + 1].text) \
                        and text[toks[j].end:toks[j + 1].start] == " ":
                    j += 2
                    continue
                break
            chains.append((i, j))
            i = j
        # Known proper nouns: what appears capitalised inside a sentence at least once.
        inside = {toks[a].text for a, _ in chains if not toks[a].sent_start}
        out: list[Unit] = []
        for a, b in chains:
            out.extend(self._classify_chain(text, toks, a, b, inside))
        return out

    def _cap(self, word: str) -> bool:
        return bool(CAPITAL_RE.match(word)) and any(c.isalpha() for c in word)

    def _classify_chain(self, text: str, toks: list[Tok], a: int, b: int,
                        inside: set[str]) -> list[Unit]:
        lex = self.lex
        # Drop a sentence-initial ordinary word ("Han", "Jeg", "Derfor") and titles at the ends.
        while a < b:
            w = toks[a].text
            low = w.lower()
            if w in ARTICLES and not toks[a].sent_start and a + 1 < b:
                break  # "i Det Danske Akademi": a capitalised article inside a sentence is named
            if w in lex.not_names or low in TITLES or low in ROYAL:
                a += 1
                continue
            if toks[a].sent_start and low in lex.common_words and not self._is_name_word(low) \
                    and low not in lex.places and low not in lex.countries \
                    and w not in inside and not UPPER_RE.match(w):
                a += 1
                continue
            break
        while b > a + 1 and toks[b - 1].sent_start and toks[b - 1].text.lower() in \
                lex.common_words and not self._is_name_word(toks[b - 1].text.lower()):
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
            if with_article in lex.org_known or with_article.lower() in self._org_known_lower:
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
        if phrase in lex.org_known or _strip_genitive(phrase) in lex.org_known:
            idt = "QUASI"
            return [Unit(start, end, "ORG", idt, score=0.75, key=_strip_genitive(phrase).lower(),
                         confidential=None, source="org")]
        if lows[-1] in lex.org_heads or (len(lows) > 1 and lows[0] in lex.org_heads) \
                or self._org_suffix(lows[-1]) or NATIONAL_BODY_RE.search(lows[-1]):
            return [Unit(start, end, "ORG", "QUASI", score=0.75, key=phrase.lower(),
                         source="org")]
        nxt = self._next_word(toks, b)
        if nxt is not None and self._org_head_word(nxt.text):
            return [Unit(start, nxt.end, "ORG", "QUASI", score=0.75,
                         key=text[start:nxt.end].lower(), source="org")]
        base = [self._base(w) for w in words]
        names = sum(1 for w in base if self._is_name_word(w))
        first = sum(1 for w in base if w in lex.first_names)
        # Places and countries.
        joined = " ".join(base)
        if names == 0 or (len(words) == 1 and (joined in lex.places or joined in lex.countries)
                          and title_start is None and first == 0):
            if joined in lex.countries or _strip_genitive(phrase).lower() in lex.countries:
                # The home country is shared by nearly everyone written about in Danish.
                idt = "NO_MASK" if joined in HOME_COUNTRY else "QUASI"
                return [Unit(start, end, "LOC", idt, score=0.55, key=joined, source="country")]
            if joined in lex.places:
                return [Unit(start, end, "LOC", "QUASI", score=0.6, key=joined, source="place")]
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
                    and w not in lex.countries and not self._compound_of_common(w)

            # "Divya Das", "Trym Bagger": an unknown first word before a capitalised word
            personish = any(self._looks_surname(w) for w in base) or all(map(unknown, base)) \
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
        if len(words) == 1 and not first_tok_initial and self._looks_surname(base[0]) \
                and not acronym:
            return [Unit(start, end, "PERSON", "QUASI", score=0.5, key=base[0], source="name")]
        if len(words) == 1 and self._org_suffix(lows[0]):
            return [Unit(start, end, "ORG", "QUASI", score=0.6, key=joined, source="org")]
        if first_tok_initial and len(words) == 1 and words[0] not in inside and (
                lows[0] in lex.common_words or self._compound_of_common(lows[0])
                or lows[0].endswith(("nr", "nummer"))):
            return []  # a capitalised ordinary word at the start of a sentence or line
        # Other proper nouns: a place after a place preposition, else an organisation acronym or
        # a named thing. Danish capitalises only proper nouns, so these are rarely wrong.
        prev_word = toks[a - 1].text.lower() if a > 0 else ""
        if acronym and len(words) == 1 and len(words[0]) <= 6:
            if lows[0] in {"cpr", "cvr", "dkk", "eur", "usd", "sek", "tv", "pc", "it", "ok", "id",
                           "pdf", "nb", "ps", "mvh", "jeg", "og", "i", "vi", "de", "ceo"}:
                return []
            return [Unit(start, end, "ORG", "QUASI", score=0.5, key=joined, source="acronym")]
        if prev_word in LOC_PREPS:
            return [Unit(start, end, "LOC", "QUASI", score=0.5, key=joined, source="proper")]
        return [Unit(start, end, "MISC", "QUASI", score=0.45, key=joined, source="proper")]

    @staticmethod
    def _org_suffix(low: str) -> bool:
        """"Rosenlundskolen", "Nørrelandsskolen": one capitalised word naming an institution."""
        return len(low) > 8 and low.endswith(ORG_SUFFIXES)

    def _compound_of_common(self, low: str) -> bool:
        """"brugsmodelregistreringen": a Danish compound whose last part is an ordinary word."""
        if len(low) < 8 or len(low) > 40:
            return False  # a 40+ letter "word" is no Danish compound; also bounds the work
        for k in range(3, len(low) - 3):
            tail = low[k:]
            for cut in (tail, tail[:-1], tail[:-2], tail[:-3]):
                if len(cut) >= 4 and cut in self.lex.common_words:
                    return True
        return False

    def _next_word(self, toks: list[Tok], b: int) -> Tok | None:
        return toks[b] if b < len(toks) and toks[b].text[0].isalpha() else None

    def _org_head_word(self, word: str) -> bool:
        low = word.lower()
        if not low.isalpha() or CAPITAL_RE.match(word):
            return False
        return low in self.lex.org_heads or any(
            low.endswith(h) and len(h) >= 4 for h in ("skole", "kommune", "byråd", "byrådet",
                                                      "seminarium", "gymnasium", "hospital",
                                                      "sygehus", "sygehuset", "skolevæsen",
                                                      "klinik", "sadelmageri"))

    def known_orgs(self, text: str, toks: list[Tok]) -> list[Unit]:
        """Organisations every Danish reader knows ("TV 2", "Dansk Folkeparti"), as written."""
        out = []
        for t in toks:
            for name in self._org_by_first.get(t.text, ()):
                end = t.start + len(name)
                if text.startswith(name, t.start) and (end == len(text) or not text[end].isalnum()
                                                       or text[end] == "s"):
                    if end < len(text) and text[end] == "s":
                        end += 1  # genitive
                    if end < len(text) and text[end].isalnum():
                        continue
                    out.append(Unit(t.start, end, "ORG", "QUASI", score=0.78,
                                    key=name.lower(), source="org"))
                    break
        return out

    def demographics(self, toks: list[Tok]) -> list[Unit]:
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

    def lowercase_names(self, toks: list[Tok]) -> list[Unit]:
        """Names written in lower case in informal text ("ring til janne", "hilsen pia"): only
        after a word that often precedes a name, and only when the name is no ordinary word."""
        lex = self.lex
        out = []
        for k in range(1, len(toks)):
            t = toks[k]
            low = t.text
            if not low.islower() or len(low) < 3 or low not in lex.first_names \
                    or low in lex.common_words or low in lex.months or low in lex.weekdays:
                continue
            if toks[k - 1].text.lower() in NAME_CUES:
                out.append(Unit(t.start, t.end, "PERSON", "QUASI", score=0.45, key=low,
                                source="name-lower"))
        return out

    def institutions(self, toks: list[Tok]) -> list[Unit]:
        """Lower-case institution nouns that point at one body ("byrådet", "landsretten")."""
        out = []
        for t in toks:
            low = t.text.lower()
            if t.text[0].isupper() and not t.sent_start:
                continue
            if low in LOCAL_BODIES or (low in DEFINITE_ORGS and not t.sent_start):
                out.append(Unit(t.start, t.end, "ORG", "QUASI", score=0.45, key=low,
                                source="institution"))
            elif NATIONAL_BODY_RE.search(low) and len(low) > 12:
                out.append(Unit(t.start, t.end, "ORG", "QUASI", score=0.45, key=low,
                                source="institution"))
        return out

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

    def units(self, text: str) -> list[Unit]:
        """Resolved, non-overlapping units of ``text`` in text order."""
        toks = tokenize(text)
        cands = (self.shaped(text) + self.proper_nouns(text, toks) + self.demographics(toks)
                 + self.institutions(toks) + self.extras(text) + self.known_orgs(text, toks)
                 + self.lowercase_names(toks))
        cands = self._join_couples(text, cands)
        units = resolve([self._trim(text, u) for u in cands])
        units = self._propagate(text, toks, units)
        return self._join_neighbours(text, units)

    def _join_neighbours(self, text: str, units: list[Unit]) -> list[Unit]:
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
                                  identifier_type=_stronger(prev.identifier_type,
                                                            u.identifier_type))
                continue
            if u.label in {"ORG", "MISC", "LOC", "PERSON"}:
                m = ACRONYM_TAIL_RE.match(text, u.end)
                if m and u.label != "PERSON":
                    u = replace(u, end=m.end())
                elif u.label == "PERSON":
                    m = ROYAL_AF_RE.match(text, u.end)
                    if m and _base_in(m.group(1), self.lex):
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

    @staticmethod
    def _trim(text: str, u: Unit) -> Unit:
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

    def _join_couples(self, text: str, cands: list[Unit]) -> list[Unit]:
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

    def _propagate(self, text: str, toks: list[Tok], units: list[Unit]) -> list[Unit]:
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
            if not self._cap(t.text):
                continue
            base = _strip_genitive(t.text).lower()
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


ACRONYM_TAIL_RE = regex.compile(r"\s?\((?:[\p{Lu}][\p{L}\d&.-]{0,9}|[\p{Lu}][\p{L}]+"
                                r"(?:\s[\p{L}]+){1,5})\)")
ROYAL_AF_RE = regex.compile(r"\s+af\s+(\p{Lu}[\p{L}]+)")
_STRENGTH = {"NO_MASK": 0, "QUASI": 1, "DIRECT": 2}


def _stronger(a: str, b: str) -> str:
    return a if _STRENGTH[a] >= _STRENGTH[b] else b


def _base_in(word: str, lex: DanishLexicon) -> bool:
    low = word.lower()
    return low in lex.countries or low in lex.places


@lru_cache(maxsize=65536)
def _word_cue_cached(annotator: DanishAnnotator, low: str) -> tuple[str | None, str]:
    # Words repeat across texts; the classification depends only on the (immutable) lexicon.
    return annotator._classify_word(low)


def resolve(cands: list[Unit]) -> list[Unit]:
    """Best non-overlapping units: higher score first, then the longer, then the earlier."""
    order = sorted(cands, key=lambda u: (-u.score, -(u.end - u.start), u.start))
    taken: list[tuple[int, int]] = []
    starts: list[int] = []
    kept: list[Unit] = []
    for u in order:
        if u.end <= u.start:
            continue
        k = bisect_right(starts, u.end - 1) - 1
        if k >= 0 and taken[k][1] > u.start:
            continue
        if k + 1 < len(taken) and taken[k + 1][0] < u.end:
            continue
        taken.insert(k + 1, (u.start, u.end))
        starts.insert(k + 1, u.start)
        kept.append(u)
    kept.sort(key=lambda u: u.start)
    return kept
