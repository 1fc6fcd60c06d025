"""Named things found by their frame: quoted titles and sayings, work titles after a noun naming
a work ("bogen Mit liv"), party letters ("(DF)"), elections, courts of a town, counted amounts.

Danish titles of works are written in sentence case: only the first word (and proper nouns) is
capitalised ("Scener fra en henrettelse"). ``WorkTitles`` reads such a title, and a list of them
("stykker som Svejk i tredie verdenskrig, Dr. Strangula og Det sidste suk"), after a noun that
names a work.
"""

from __future__ import annotations

import regex

from pseudonymizer.dab.detectors.base import ABBREV, Tok, Unit, is_cap
from pseudonymizer.dab.lexicon import DanishLexicon

QUOTE_RE = regex.compile(r'(?<!\w)"([^"\n]+)"(?!\w)|»([^«»\n]+)«|«([^«»\n]+)»|“([^”\n]+)”')
PARTY_LETTER_RE = regex.compile(r"(?<=\p{L}\s?)\((?:A|B|C|D|F|I|K|M|O|V|Ø|Å|Æ|S|SF|DF|EL|LA|RV|"
                                r"KF|ALT|NB|DD)\)")
ELECTION_RE = regex.compile(
    r"(?<!\w)(?:(?:folketings|kommunal|regionsråds|europaparlaments|EU-|formands|byråds)valg(?:et)?"
    r"|valget|valg(?:kampen|kamp|resultatet|resultat|perioden|periode|sejren|sejr|nederlaget))"
    r"(?:\s+(?:i\s+)?(?:1[89]\d\d|20\d\d))?(?!\w)", regex.I)
COURT_RE = regex.compile(r"(?<!\w)(?:[Rr]etten|[Bb]yretten|[Ff]ogedretten|[Ss]kifteretten)"
                         r"\s+i\s+\p{Lu}[\p{L}-]+")
# A placing in a competition or on a list ("3. pladsen", "en syvendeplads", "top fem", "nummer
# tre på listen").
PLACING_RE = regex.compile(
    r"(?<!\w)(?:\d{1,3}\.\s?plads(?:en)?|(?:første|anden|tredje|fjerde|femte|sjette|syvende|"
    r"ottende|niende|tiende|\d{1,2}\.)\s?plads(?:en)?|(?:første|anden|andet|tredje|fjerde|femte|"
    r"sjette|syvende|ottende|niende|tiende)plads(?:en)?|top\s(?:\d{1,3}|tre|fem|ti|tyve)"
    r"|nummer\s(?:\d{1,2}|et|to|tre|fire|fem|seks|syv|otte|ni|ti)(?=\s+(?:på|i|ved|af)\s)"
    r"|(?:en\s)?(?:sølv|guld|bronze)medalje(?:n)?"
    # a race's jerseys and standings ("den gule førertrøje", "klassementet", "en topplacering")
    r"|(?:(?:gul|gule|grøn|grønne|prikkede|hvid|hvide)\s)?(?:fører|point|bjerg|ungdoms)trøje(?:n)?"
    r"|(?:sammenlagt)?klassement(?:et)?|topplacering(?:en|er)?)(?!\w)", regex.I)
# A position on a team ("venstre back", "mid lane", "stregspiller"): the player's role.
POSITION_RE = regex.compile(
    r"(?<![\w-])(?:(?:venstre|højre)\s(?:back|wing|fløj|fløjspiller|kant|backen|wingen)"
    r"|(?:mid|top|bot|bottom)[\s-]lane|playmaker(?:en)?|stregspiller(?:en)?|midtbanespiller(?:en)?"
    r"|forsvarsspiller(?:en)?|angriber(?:en)?|målmand(?:en)?|keeper(?:en)?"
    # a role written in two words
    r"|au[\s-]pair(?:en)?)(?!\w)", regex.I)
POSITION_WORDS = ("back", "wing", "fløj", "kant", "lane", "playmaker", "stregspiller",
                  "midtbanespiller", "forsvarsspiller", "angriber", "målmand", "keeper", "pair")
# A fishing vessel by its harbour letters, number and name after a word for a boat ("kutteren
# TB 412 Maja Lis", "sin kutter TN 214 Havørnen"): the boat points at its owner.
VESSEL_RE = regex.compile(
    r"(?<=(?<!\w)(?:kutter|kutteren|båd|båden|skib|skibet|fartøj|fartøjet|trawler|trawleren|"
    r"fiskerbåd|fiskerbåden)[ \t]+)[A-ZÆØÅ]{1,3}[ \t]?\d{1,4}(?:[ \t]+\p{Lu}[\p{L}-]+){0,3}"
    r"(?!\w)")
EVENT_WORDS = ("konkurrence", "mesterskab", "festival", "turnering", "stævne", "etape")
# A road by its number ("motorvej E45", "rute 11").
ROAD_RE = regex.compile(r"(?<!\w)(?:motorvej(?:en)?|hovedvej(?:en)?|landevej(?:en)?|rute)[ \t]+"
                        r"(?:E[ \t]?\d{1,3}|\d{1,3})(?![\w.,]\d|\w)", regex.I)
# Being married or divorced for the n-th time ("gift for tredje gang", "for anden gang blev
# skilt"): civil status with its count.
MARRIAGE_COUNT_RE = regex.compile(
    r"(?<!\w)(?:(?:gift|skilt|separeret|forlovet)\s+)?for\s+(?:anden|tredje|fjerde|femte)\s+gang"
    r"(?:\s+(?:blevet\s+|blev\s+)?(?:gift|skilt|separeret|forlovet))?(?!\w)", regex.I)
MARRIAGE_WORDS = ("gift", "skilt", "separeret", "forlovet")
# A public programme named by its definite compound, as Danish writes such names in lower case
# ("landdistriktsprogrammet", "fiskerifondsprogrammet"; "programmet" alone points back).
PROGRAMME_RE = regex.compile(r"(?<![\w-])\p{Ll}{4,}programmet(?!\w)")
# Turning professional: the status itself ("at blive professionel", "gik professionel i 2015").
PRO_RE = regex.compile(r"(?<=(?<!\w)(?:blive|blev|bliver|er|var|være|været|gik|gå)\s+)"
                       r"professionel(?=\s*[.,;!?]|\s+(?:i|som|og|da|efter|før)\b)", regex.I)
# Votes and seats won ("51 personlige stemmer", "16 mandater").
VOTES_RE = regex.compile(r"(?<![\w.,])\d[\d.]*\s+(?:personlige\s+)?(?:stemmer|mandater)(?!\w)")
# An award for the best of a kind ("Bodil for bedste kvindelige hovedrolle", "Robert for årets
# film").
AWARD_RE = regex.compile(
    r"(?<!\w)\p{Lu}[\p{L}-]+\s+for\s+(?:bedste|årets)"
    r"(?:\s+(?!(?:i|på|og|som|der|med|til|fra|af|for|om|ved)\b)\p{Ll}[\p{L}-]*){1,4}")
# An event one takes part in, as a compound ("bodybuilderkonkurrence", "musikfestivalen",
# "danmarksmesterskabet") with a truncated compound before it ("LAN-party- og
# computerfestival"); the bare head ("konkurrencen", "festivalen") names no particular event.
EVENT_RE = regex.compile(
    r"(?<![\w-])(?:\p{L}[\p{L}-]*-[ \t]+(?:og|eller)[ \t]+)?\p{Ll}[\p{Ll}-]{2,}?"
    r"(?:konkurrence|konkurrencen|konkurrencer|mesterskab|mesterskabet|mesterskaber|festival|"
    r"festivalen|festivaler|turnering|turneringen|turneringer|stævne|stævnet|stævner|"
    # a stage of a race ("bjergetape", "kongeetapen")
    r"etape|etapen|etaper|etaperne)(?!\w)")
COUNT_RE = regex.compile(r"(?<![\w.,])\d{1,3}(?:[.,]\d{3})+(?![\w]|[.,]\d)")
# Orders and decorations ("Ridder af Dannebrog", "Kommandør af 1. grad af Dannebrog").
ORDER_RE = regex.compile(
    r"(?<!\w)(?:(?:[Rr]idder|[Kk]ommandør|[Ss]torkorsridder|[Ss]torkors)\s+af\s+"
    r"(?:1\.\s+grad\s+af\s+)?(?:Dannebrog(?:ordenen)?|Elefantordenen|Fortjenstordenen)"
    r"|Dannebrogsmand|[Ff]ortjenstmedaljen)(?!\w)")
# A named prize: a name or an acronym, then the prize word ("Weekendavisens litteraturpris",
# "DR Romanprisen", "Otto Gelsted-prisen"); "prisen" alone is the price.
PRIZE_RE = regex.compile(
    r"(?<!\w)(\p{Lu}[\p{L}&'’-]*(?:[ \t]\p{Lu}[\p{L}&'’-]*){0,3})\s+"
    r"(?:\p{L}+(?:pris|prisen|legat|legatet)|"
    r"\p{Lu}[\p{L}]*-(?:prisen|pris|legatet|legat))(?!\w)")
PRICE_WORDS = ("salgspris", "købspris", "kilopris", "stykpris", "timepris", "markedspris",
               "literpris", "udsalgspris", "normalpris", "totalpris", "listepris", "dagspris")
GENITIVE_S = regex.compile(r"['’]?s$")
# Compounds that name an award, not a price ("litteraturpris", "ærespris").
AWARD_HEADS = ("litteraturpris", "litteraturprisen", "kulturpris", "kulturprisen", "ærespris",
               "æresprisen", "hæderspris", "hædersprisen", "debutantpris", "debutantprisen",
               "romanpris", "romanprisen", "musikpris", "musikprisen", "filmpris", "filmprisen",
               "kunstpris", "kunstprisen", "publikumspris", "publikumsprisen")
# A sports club: its town and its letters ("Viborg HK", "Aalborg BK"). Names start only at the
# start of a hyphenated word: starting inside "Aa-Aa-Aa-…" again and again was quadratic.
CLUB_RE = regex.compile(r"(?<![\w-])(\p{Lu}[\p{L}-]+)\s+(?:[A-ZÆØÅ]{2,3})(?!\w)")
# A public office and its town ("Jobcenter Horsens", "Borgerservice Vejle").
OFFICE_RE = regex.compile(
    r"(?<!\w)\p{Lu}\p{Ll}*(?:center|centret|service|pleje|plejen|sygehus|klinik|huset|"
    r"tandpleje|politi|skattecenter)\s+(\p{Lu}[\p{L}-]+)(?!\w)")
# A place's team or body in lower case ("Danmarks kvindelandshold", "Norges landshold").
PLACE_BODY_RE = regex.compile(
    r"(?<![\w-])(\p{Lu}[\p{L}-]+)s\s+(\p{Ll}*(?:landshold|landsholdet|herrelandshold|"
    r"kvindelandshold|ungdomslandshold|kommune|politi|regionsråd|byråd))(?!\w)")
# A national body named by its adjective ("Dansk Forfatterforening", "Danske Fysioterapeuter").
NATIONAL_ORG_RE = regex.compile(
    r"(?<!\w)(?:Dansk|Danske|Nordisk|Nordiske|Europæisk|Europæiske|International|"
    r"Internationale)\s+(?:\p{Lu}\p{L}*\s+)?\p{Lu}\p{L}*(?:forening|foreningen|forbund|forbundet|"
    r"selskab|selskabet|råd|rådet|institut|instituttet|center|akademi|union|sammenslutning)"
    r"(?!\w)")
# A school class after the verb of going ("går i 3.b", "gik i 9. klasse").
SCHOOL_CLASS_RE = regex.compile(
    r"(?<=(?<!\w)(?:(?:går|gik|gå|kommer|starter|startede|begynder|begyndte)\s+i"
    r"|(?:en|sin|min|hans|hendes|afsluttet|afsluttede|tog|taget)(?:\s+afsluttet)?)\s+)"
    r"\d{1,2}\.\s?(?:[a-zæøå]|klasse)(?!\w)")


def find_extras(text: str, lex: DanishLexicon | None = None) -> list[Unit]:
    """Quoted titles and sayings, party letters, elections, counted amounts; with the lexicon
    also orders and prizes, clubs, offices and bodies named with a place, school classes."""
    out: list[Unit] = []
    if lex is not None:
        out += _named_with_lexicon(text, lex)
    for m in QUOTE_RE.finditer(text):
        inner = next(g for g in m.groups() if g is not None)
        if inner.islower() and " " not in inner and lex is not None \
                and inner in lex.common_words:
            continue  # one ordinary word in quotes is emphasis ('de "få"'), no title
        if 2 <= len(inner) <= 200 and "\n" not in inner and inner[:1].isalnum():
            out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.75, source="quote"))
    for m in COURT_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "ORG", "QUASI", score=0.7, source="court"))
    for m in PARTY_LETTER_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "ORG", "QUASI", confidential="POLITICS",
                        score=0.8, source="party"))
    for m in ELECTION_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.7, source="election"))
    for m in AWARD_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.74, source="award"))
    for m in PLACING_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.6, source="placing"))
    for m in VOTES_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "QUANTITY", "QUASI", score=0.82, source="amount"))
    low = text.lower()
    for m in POSITION_RE.finditer(text) if any(w in low for w in POSITION_WORDS) else ():
        out.append(Unit(m.start(), m.end(), "DEM", "QUASI", score=0.55, source="job"))
    if "gang" in text:
        for m in MARRIAGE_COUNT_RE.finditer(text):
            if any(w in m.group().lower() for w in MARRIAGE_WORDS):
                out.append(Unit(m.start(), m.end(), "DEM", "QUASI", score=0.6, source="family"))
    if "vej" in low or "rute" in low:
        for m in ROAD_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "LOC", "QUASI", score=0.8, source="place"))
    if "programmet" in text:
        for m in PROGRAMME_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.45, source="proper"))
    if "professionel" in text:
        for m in PRO_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "DEM", "QUASI", score=0.55, source="job"))
    if "kutter" in low or "båd" in low or "skib" in low or "fartøj" in low or "trawler" in low:
        for m in VESSEL_RE.finditer(text):
            out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.85, source="vessel"))
    for m in EVENT_RE.finditer(text) if any(w in text for w in EVENT_WORDS) else ():
        out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.55, source="event"))
    for m in COUNT_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "QUANTITY", "QUASI", score=0.4, source="count"))
    return out


def _named_with_lexicon(text: str, lex: DanishLexicon) -> list[Unit]:
    out: list[Unit] = []
    orders = "Dannebrog" in text or "ordenen" in text or "medaljen" in text
    for m in ORDER_RE.finditer(text) if orders else ():
        out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.8, source="award"))
    if "pris" in text or "legat" in text:
        for m in PRIZE_RE.finditer(text):
            name = m.group(1).lower()
            if (" " not in name and name in lex.common_words and not m.group(1).isupper()
                    and GENITIVE_S.sub("", m.group(1)) not in lex.org_known
                    and not m.group().lower().endswith(AWARD_HEADS)) \
                    or m.group().lower().endswith(PRICE_WORDS):
                continue
            out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.8, source="award"))
    for m in CLUB_RE.finditer(text):
        if m.group(1).lower() in lex.places:
            out.append(Unit(m.start(), m.end(), "ORG", "QUASI", score=0.8, source="org"))
    for m in OFFICE_RE.finditer(text):
        if m.group(1).lower() in lex.places:
            out.append(Unit(m.start(), m.end(), "ORG", "QUASI", score=0.8, source="org"))
    for m in PLACE_BODY_RE.finditer(text):
        place = m.group(1).lower()
        if place in lex.places or place in lex.countries or place + "s" in lex.countries:
            out.append(Unit(m.start(), m.end(), "ORG", "QUASI", score=0.8, source="org"))
    for m in NATIONAL_ORG_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "ORG", "QUASI", score=0.8, source="org"))
    for m in SCHOOL_CLASS_RE.finditer(text):
        out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.7, source="class"))
    return out


# Nouns naming a work, as words or compound endings ("hverdagsdramaet", "romanværket").
WORK_NOUNS = ("bog", "bogen", "bøger", "roman", "romanen", "romaner", "novelle", "novellen",
              "noveller", "digtsamling", "digtsamlingen", "film", "filmen", "serie", "serien",
              "drama", "dramaet", "tragedie", "tragedien", "komedie", "komedien", "skuespil",
              "skuespillet", "stykker", "romanværk", "romanværket", "album", "albummet",
              "forestilling", "forestillingen", "opera", "operaen", "musical", "musicalen",
              "debutroman", "debutromanen", "erindringer", "selvbiografi", "selvbiografien",
              "dramaer", "tragedier", "komedier", "forestillinger", "operaer", "digtsamlinger",
              "serier", "novellesamling", "novellesamlingen")
WORK_WORDS = frozenset({"stykke", "stykket", "værk", "værket", "værker", "titel", "titlen",
                        "sang", "sangen", "sange", "digt", "digtet", "digte", "kronik",
                        "kronikken", "artikel", "artiklen", "podcast", "podcasten"})
# Words that end a title: a relative clause or the sentence's verb comes next.
TITLE_STOP = frozenset({"som", "der", "hvor", "hvilket", "hvis", "udkom", "udgivet", "blev",
                        "var", "har", "havde", "fik", "vandt", "handler", "handlede", "skrev",
                        "fra", "ved", "med", "på", "til", "for", "om", "og", "eller", "sammen",
                        "hos", "efter", "før", "under"})
TIME_NOUNS = frozenset({"år", "uge", "måned", "gang", "weekend", "sommer", "vinter", "forår",
                        "efterår", "dag", "nat", "aften", "morgen", "sæson"})
TITLE_ADVERBS = frozenset({"igen", "også", "nu", "senere", "tidligere",
                           "dengang", "sammen", "netop", "endnu", "allerede"})
# Words that start a new clause between a work noun and a capitalised word.
CLAUSE_WORDS = frozenset({"og", "men", "eller", "da", "fordi", "mens", "når", "hvis", "at",
                          "så", "selvom", "hvor", "der"})
TITLE_PREPOSITIONS = frozenset({"i", "på", "fra", "til", "om", "ved", "med", "for", "af"})
TITLE_END = frozenset({",", ".", ";", "!", "?", "(", ")", "\"", "»", "«", "“", "”", "–"})


class WorkTitles:
    """Sentence-case titles of works after a noun naming a work (``find(text, toks)``)."""

    MAX_WORDS = 8

    def __init__(self, lex: DanishLexicon) -> None:
        self.lex = lex

    @staticmethod
    def _work_noun(low: str) -> bool:
        return low in WORK_WORDS or low.endswith(WORK_NOUNS) and not low.endswith(
            ("hovedbog", "regnskabsbog", "telefonbog"))

    def find(self, text: str, toks: list[Tok]) -> list[Unit]:
        """Titles (MISC), the work noun right before one, and authors' genitive names."""
        out: list[Unit] = []
        n = len(toks)
        for w, t in enumerate(toks):
            if not (t.text[0].islower() or t.sent_start) or not self._work_noun(t.text.lower()):
                continue
            c = self._first_title(toks, w)
            if c is None:
                continue
            if c > w + 1 and self._known_word(toks[c].text):
                continue  # "bogen i sommerferien, og Peter …": a name, not a title
            first = True
            while c < n:
                author = c
                c = self._skip_author(toks, c)
                if c > author:
                    # the author's genitive name is a person of its own ("Barkers Scener …")
                    out.append(Unit(toks[author].start, toks[c - 1].end, "PERSON",
                                    "DIRECT" if c - author > 1 else "QUASI", score=0.72,
                                    key=" ".join(a.text.lower() for a in toks[author:c]),
                                    source="name"))
                if c + 1 < n and toks[c].text.lower() in self.lex.first_names \
                        and is_cap(toks[c + 1].text):
                    # "dokumentarfilmen Svend Åge Madsen - at fortælle menneskene": a name with
                    # a subtitle is the title; a name alone is a person
                    e = c
                    while e < n and is_cap(toks[e].text):
                        e += 1
                    if c == w + 1 and e + 1 < n and toks[e].text in {"-", "–", ":"}:
                        end = self._title_end(text, toks, e + 1)
                        out.append(Unit(toks[c].start, toks[end - 1].end, "MISC", "QUASI",
                                        score=0.72, source="title",
                                        key=text[toks[c].start:toks[end - 1].end].lower()))
                    break
                end = self._title_end(text, toks, c)
                if end <= c:
                    break
                words = end - c
                if first and (words >= 2 or c == w + 1) and c <= w + 2:
                    # the kind of work before its title is marked too ("tv-serien Matador")
                    out.append(Unit(t.start, t.end, "MISC", "QUASI", score=0.5,
                                    key=t.text.lower(), source="work"))
                if words >= 2 or c == w + 1 or not first:
                    out.append(Unit(toks[c].start, toks[end - 1].end, "MISC", "QUASI",
                                    score=0.72, key=text[toks[c].start:toks[end - 1].end].lower(),
                                    source="title"))
                first = False
                # a list of titles: ", Title" or "og Title"
                if end + 1 < n and toks[end].text in {",", "og", "eller"} \
                        and is_cap(toks[end + 1].text) and not toks[end + 1].sent_start:
                    c = end + 1
                    continue
                break
        return out

    def _known_word(self, word: str) -> bool:
        """A name, place or organisation word as written (not a genitive: "Villys verden")."""
        low = word.lower()
        lex = self.lex
        return low in lex.first_names or low in lex.surnames or low in lex.places \
            or low in lex.countries or word in lex.org_known

    @staticmethod
    def _first_title(toks: list[Tok], w: int) -> int | None:
        """Where the first title after the work noun ``toks[w]`` starts: a capitalised word
        within six tokens of lower-case words and commas ("En bog om hans liv, Villys …")."""
        n = len(toks)
        c = w + 1
        while c < n and c <= w + 6 and toks[c].text.lower() not in CLAUSE_WORDS and (
                toks[c].text == "," or toks[c].text[0].isalpha() and not is_cap(toks[c].text)):
            c += 1
        if c >= n or c > w + 6 or toks[c].sent_start or not is_cap(toks[c].text):
            return None
        return c

    def _skip_author(self, toks: list[Tok], c: int) -> int:
        """"Noréns Natten ler", "Stephen Kings Misery": skip the author's genitive name."""
        j = c
        while j < len(toks) and is_cap(toks[j].text) and j - c < 3:
            if toks[j].text.endswith(("s", "'", "’")) and j + 1 < len(toks) \
                    and is_cap(toks[j + 1].text) and toks[j + 1].start - toks[j].end == 1 \
                    and toks[j + 1].text.lower() not in self.lex.surnames \
                    and toks[j + 1].text.lower() not in self.lex.first_names:
                return j + 1  # not "Jens Hansen": a first name ending in s before a surname
            j += 1
        return c

    def _title_end(self, text: str, toks: list[Tok], c: int) -> int:
        """Index after the last token of the title starting at ``toks[c]``."""
        lex = self.lex
        n = len(toks)
        j = c + 1
        while j < n and j - c < self.MAX_WORDS:
            tok = toks[j]
            gap = text[toks[j - 1].end:tok.start]
            if "\n" in gap or tok.sent_start:
                break
            word = tok.text
            if word == "." and toks[j - 1].text.lower() in ABBREV and j + 1 < n \
                    and is_cap(toks[j + 1].text):
                j += 1  # "Dr. Strangula"
                continue
            if word in TITLE_END or word.isdigit():
                break
            if word.lower() in TITLE_ADVERBS or (
                    word.lower() in {"sidste", "næste"} and j + 1 < n
                    and toks[j + 1].text.lower() in TIME_NOUNS):
                break  # "Sommeren ved havet sidste år", "Et dukkehjem igen" (not "Det sidste suk")
            if word == ":" and j + 1 < n and is_cap(toks[j + 1].text):
                j += 2  # "Briterne og brexit: En frontberetning"
                continue
            low = word.lower()
            if low in TITLE_STOP and (j + 1 >= n or is_cap(toks[j + 1].text)
                                      or low not in {"og", "eller", "for", "om", "på", "til",
                                                     "med", "fra", "ved"}):
                break  # a relative clause, a verb, or the next title of a list
            if is_cap(word) and (low in lex.first_names or low in lex.places
                                 or low in lex.countries or word in lex.org_known):
                break  # "filmen Jagten med Mads Mikkelsen", "… i Politiken": not the title
            j += 1
        # no trailing conjunction ("Natten ler og"), nor a preposition unless punctuation
        # follows ("Alt om heste i 1990", but "Sæt verden er til, …")
        while j - 1 > c and (toks[j - 1].text.lower() in {"og", "eller"} or (
                toks[j - 1].text in TITLE_PREPOSITIONS
                and (j >= n or toks[j].text not in TITLE_END))):
            j -= 1
        return j
