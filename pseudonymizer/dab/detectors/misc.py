"""Named things found by their frame: quoted titles and sayings, work titles after a noun naming
a work ("bogen Mit liv"), party letters ("(DF)"), elections, courts of a town, counted amounts.
"""

from __future__ import annotations

import regex

from pseudonymizer.dab.detectors.base import Unit

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


def find_extras(text: str) -> list[Unit]:
    """Quoted titles and sayings, party letters, elections, counted amounts."""
    out: list[Unit] = []
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
