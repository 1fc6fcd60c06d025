"""Mark-up labels fam and prof: words the writers leave unmarked (q4 round), invented examples."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


CASES = [
    # a relative another person has, introduced with "en": not the writer's circle
    ("Min kollega har en mamma i Ekerö.", []),
    ("Ragnhild har en liten bror som går i skolan.", []),
    ("Hon har en ny pojkvän nu.", []),
    ("Sandra har fått en dotter.", []),
    # … but the writer's, the reader's, and a relative's relative stay
    ("Vi har en dotter som heter Mira.", [("dotter", "fam")]),
    ("Nu har jag en son.", [("son", "fam")]),
    ("Min fru och jag har fått en son.", [("fru", "fam"), ("son", "fam")]),
    ("Min son har en dotter i Hjärup.", [("son", "fam"), ("dotter", "fam")]),
    ("Du har redan en svensk vän!", [("vän", "fam")]),
    # a superlative after a copula praises; it names no relative
    ("Pelle är den snällaste bror man kan ha.", []),
    ("Hon är den bästa vännen i världen.", []),
    ("Min bästa vän bor i Fristad.", [("vän", "fam")]),
    # "en vän som <Name>": a friend like someone
    ("Jag är glad att jag har en vän som Elvira.", []),
    ("Jag har en bror som heter Tore.", [("bror", "fam")]),
    # an address inside quoted speech, and what someone is called
    ('Den gamla mannen sa "tack min dotter, det räcker".', []),
    ("Min son kallar henne mormor.", [("son", "fam")]),
    ("Min mormor bor i Bjärred.", [("mormor", "fam")]),
    # anyone's parent, and grandparents as a generation
    ("Då vet man vem som är ens mamma.", []),
    ("Mor- och farföräldrar har ofta mer tid.", []),
    ("Jag hälsade på mina morföräldrar.", [("morföräldrar", "fam")]),
    ("Först kommer pappans namn och sedan farfaderns namn.", []),
    # the reader's relatives in a greeting, the whole list
    ("Hälsa din bror och syster!", []),
    ("Hälsa mamma och våra bröder.", [("mamma", "fam"), ("bröder", "fam")]),
    # a third person's friends; a third person's partner after the writer's relative stays
    ("Min bror och hans kompisar spelar fotboll.", [("bror", "fam")]),
    ("Min dotter och hennes pojkvän kom.", [("dotter", "fam"), ("pojkvän", "fam")]),
    # the writer has children "själv"
    ("Nu har jag själv barn.", [("barn", "fam")]),
    ("Jag vet det för att jag själv har barn.", [("barn", "fam")]),
    ("Om man har barn är det svårt.", []),
    # edu: programmes that are no studies
    ("Jag växte upp i miljonprogrammet.", []),
    ("Jag läser på lärarprogrammet.", [("lärarprogrammet", "edu")]),
    # prof: the job of an outsider the pronoun points back to, and of people in general
    ("Sedan träffade jag min granne Osvald. Han är bagare.", []),
    ("Vår lärare heter Konrad. Han har jobbat som lärare länge.", []),
    ("Min syster heter Eva. Hon är undersköterska.",
     [("syster", "fam"), ("undersköterska", "prof")]),
    ("Min man heter Ali. Han är snickare.", [("man", "fam"), ("snickare", "prof")]),
    ("Min granne heter Valter. Han är gammal. Valter var snickare förut.", []),
    ("Min vän heter Einar. Einar var gruvarbetare.", [("vän", "fam"), ("gruvarbetare", "prof")]),
    ("Många som har varit lärare vill fortsätta.", []),
    ("Där kan man få jobb som städare.", []),
    ("Jag har varit lärare i tio år.", [("lärare", "prof")]),
    ("Jag fick jobb som snickare.", [("snickare", "prof")]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_q4_markup(det: MarkupDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected
