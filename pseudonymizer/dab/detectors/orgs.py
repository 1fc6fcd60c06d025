"""Organisations: well-known names as written (resources/da/org_known.txt), lower-case nouns
that point at one body ("byrådet", "landsretten", "partiet"), and the word-shape tests the
proper-noun classifier asks (an institution suffix, an organisation head word).
"""

from __future__ import annotations

import regex

from pseudonymizer.dab.detectors.base import CAPITAL_RE, TOKEN_RE, Tok, Unit
from pseudonymizer.dab.lexicon import DanishLexicon

ORG_SUFFIXES = ("skolen", "skole", "gymnasium", "gymnasiet", "hospital", "hospitalet", "sygehus",
                "sygehuset", "seminarium", "seminariet", "højskole", "efterskole", "akademi",
                "akademiet", "universitet", "universitetet", "museet", "museum", "teatret",
                "klinikken", "børnehave", "børnehaven", "vuggestue", "vuggestuen")
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
# Nouns for a kind of organisation that introduce its name ("holdet 100 Thieves", "foreningen
# Somaliske Kvinder", "det hollandske cykelhold Team Jumbo-Visma"), alone or as a compound head.
ORG_CUE_HEADS = ("organisation", "organisationen", "forening", "foreningen", "klub", "klubben",
                 "hold", "holdet", "firma", "firmaet", "selskab", "selskabet", "virksomhed",
                 "virksomheden", "kæde", "kæden", "koncern", "koncernen", "parti", "partiet",
                 "band", "bandet", "gruppe", "gruppen", "kanal", "kanalen", "fond", "fonden")


NUMBER_NAME_RE = regex.compile(r"\d{1,4}-(?:\d{1,4}|\p{Lu}\p{L}+)")


def org_cue(word: str) -> bool:
    """A lower-case noun for a kind of organisation ("holdet", "cykelhold", "firmaet")."""
    return word.islower() and word.endswith(ORG_CUE_HEADS) and (
        word in ORG_CUE_HEADS or any(word.endswith(h) and len(word) >= len(h) + 3
                                     for h in ORG_CUE_HEADS))


NATIONAL_BODY_RE = regex.compile(r"(?:ministeri(?:et|ets|um)|styrelsen?s?|tilsynet?s?)$")
COMPANY_FORMS = regex.compile(
    r"\s*(?:A/S|ApS|I/S|K/S|P/S|IVS|A\.m\.b\.A\.|AMBA|Ltd\.?|Inc\.?|GmbH|AB|AS|Co\.)(?!\w)")
ORG_HEAD_ENDINGS = ("skole", "kommune", "byråd", "byrådet", "seminarium", "gymnasium", "hospital",
                    "sygehus", "sygehuset", "skolevæsen", "klinik", "sadelmageri")


def org_suffix(low: str) -> bool:
    """"Rosenlundskolen", "Nørrelandsskolen": one capitalised word naming an institution."""
    return len(low) > 8 and low.endswith(ORG_SUFFIXES)


class OrgDetector:
    """Known organisations (``known``) and lower-case institution nouns (``institutions``)."""

    def __init__(self, lex: DanishLexicon) -> None:
        self.lex = lex
        self.org_known_lower = {o.lower(): o for o in lex.org_known}
        by_first: dict[str, list[str]] = {}
        for org in lex.org_known:
            by_first.setdefault(TOKEN_RE.match(org).group(), []).append(org)
            first = org.split(" ", 1)[0]
            if first in ("De", "Det", "Den") and " " in org:
                # "de Konservative": the article may be written in lower case
                low_org = first.lower() + org[len(first):]
                by_first.setdefault(first.lower(), []).append(low_org)
        self._org_by_first = {k: sorted(v, key=len, reverse=True) for k, v in by_first.items()}

    def head_word(self, word: str) -> bool:
        """A lower-case word that ends an organisation name ("Struer kommune")."""
        low = word.lower()
        if not low.isalpha() or CAPITAL_RE.match(word):
            return False
        return low in self.lex.org_heads or any(
            low.endswith(h) and len(h) >= 4 for h in ORG_HEAD_ENDINGS)

    def known(self, text: str, toks: list[Tok]) -> list[Unit]:
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

    def _before_name(self, toks: list[Tok], k: int) -> bool:
        """Is the organisation noun ``toks[k]`` right before a name ("holdet 100 Thieves"),
        or a compound one before a comma and a known name ("nyhedskanal, TV 2 NEWS")?"""
        t = toks[k]
        nxt = k + 1
        if nxt + 1 < len(toks) and toks[nxt].text == "," and t.text not in ORG_CUE_HEADS \
                and toks[nxt + 1].text in self._org_by_first:
            nxt += 1
        return nxt < len(toks) and toks[nxt].start - t.end <= 2 and org_cue(t.text) \
            and not toks[nxt].sent_start \
            and (CAPITAL_RE.match(toks[nxt].text) is not None or toks[nxt].text[0].isdigit())

    def institutions(self, toks: list[Tok]) -> list[Unit]:
        """Lower-case institution nouns that point at one body ("byrådet", "landsretten"); not
        before the body's name ("firmaet La Chance", "holdet Copenhagen Wolves"): the name is
        the unit."""
        out = []
        for k, t in enumerate(toks):
            low = t.text.lower()
            if t.text[0].isupper() and not t.sent_start:
                continue
            if low.endswith(ORG_CUE_HEADS) and k + 1 < len(toks) \
                    and NUMBER_NAME_RE.fullmatch(toks[k + 1].text) and org_cue(t.text) \
                    and toks[k + 1].start - t.end == 1:
                # "kæden 10-4", "butikken 7-Eleven": a name written with digits
                out.append(Unit(toks[k + 1].start, toks[k + 1].end, "ORG", "QUASI", score=0.6,
                                key=toks[k + 1].text.lower(), source="org"))
            if low.endswith(ORG_CUE_HEADS) and self._before_name(toks, k):
                if t.text not in ORG_CUE_HEADS:
                    # a compound names the kind of body and is marked with the name
                    # ("vagtfirmaet BS Consultancy", "cykelhold Team Jumbo-Visma")
                    out.append(Unit(t.start, t.end, "ORG", "QUASI", score=0.45, key=low,
                                    source="institution"))
                continue
            if low in LOCAL_BODIES or (low in DEFINITE_ORGS and not t.sent_start):
                # the body one writes or complains to ("klage til kommunen") is anyone's
                idt = "NO_MASK" if k > 0 and toks[k - 1].text == "til" else "QUASI"
                out.append(Unit(t.start, t.end, "ORG", idt, score=0.45, key=low,
                                source="institution"))
            elif NATIONAL_BODY_RE.search(low) and len(low) > 12:
                out.append(Unit(t.start, t.end, "ORG", "QUASI", score=0.45, key=low,
                                source="institution"))
        return out

