"""Institutions: the cases of branch q-inst (invented sentences)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.institutions import InstitutionDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled

S, W, OI = "school", "work", "other_institution"


@pytest.fixture(scope="module")
def det() -> InstitutionDetector:
    return InstitutionDetector(Gazetteer.default())


CASES = [
    # a town and a trade word make a small firm; in an essay about the writer, a workplace
    ("Jag jobbade i tio år. Sedan slutade jag på Bjärred Tryckeri i mars.",
     [("Bjärred Tryckeri", W)]),
    ("Jag får ofta mejl från Fristad Gruvservice.", [("Fristad Gruvservice", W)]),
    ("Jag minns Nilssons Måleri, där var det roligt.", [("Nilssons Måleri", W)]),
    ("Jag var på Bjärred Färg & Tapet tre gånger.", [("Bjärred Färg & Tapet", W)]),
    ("Jag köpte en säng på Bjärred Möbler.", []),
    # a food shop one buys at is no workplace
    ("Jag köper bröd på Nilssons Livs.", []),
    # listed companies without a work cue stay unlabelled (a car, a bank account)
    ("Jag köpte en gammal Volvo förra året.", []),
    ("Mitt konto är i Swedbank.", []),
    # taught there: the writer's school, not a workplace
    ("Han undervisade mig i svenska på Hjärup folkhögskola.", [("Hjärup folkhögskola", S)]),
    ("Hon undervisar i svenska på Hjärup folkhögskola.", [("Hjärup folkhögskola", W)]),
    ("Sedan gick jag på Tamarind Hill College, där jag blev ingenjör.",
     [("Tamarind Hill College", S)]),
    # lessons taken at a driving school
    ("Jag tog lektioner på Hjärup Trafikskola.", [("Hjärup Trafikskola", S)]),
    # the capitalised noun before an employer named before "där … jobbar" is in the name
    ("Efteråt blir det fest på Hotell Ekeborg där Edvin jobbar som kock.",
     [("Hotell Ekeborg", W)]),
    # an inn named by its noun, where the writer's traineeship was
    ("Praktiken gjorde jag på Värdshuset Ekeborg. Där fick jag ansvar.",
     [("Värdshuset Ekeborg", W)]),
    # leaving a job at a firm
    ("Min bror slutade på Hjärup Fabrik förra året.", [("Hjärup Fabrik", W)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_cases(det: InstitutionDetector, text: str, expected: list) -> None:
    got = [(t, lab) for t, lab in labelled(det, text) if lab in (S, W, OI)]
    assert got == expected


SCHOOL_CASES = [
    # a lower-case kind of school, and "skolan" after an adverb or the home country
    ("I somras gick min dotter på simskola hos en klubb.", []),
    ("Jag kommer från Peru. Där skolan är dyr.", []),
    ("I Sverige skolan är mer öppen.", []),
    ("Min son går på Hjärup skola.", [("Hjärup skola", S)]),
]


@pytest.mark.parametrize(("text", "expected"), SCHOOL_CASES)
def test_school_cases(det: InstitutionDetector, text: str, expected: list) -> None:
    got = [(t, lab) for t, lab in labelled(det, text) if lab in (S, W, OI)]
    assert got == expected


HEAD_CASES = [
    # a place's museum, language café, service office and home care
    ("Vi pratade om studiebesöket på Hjärup hembygdsmuseum. Jag vill följa med.",
     [("Hjärup hembygdsmuseum", OI)]),
    ("Jag frågade en tjänsteman på Hjärups servicekontor.", [("Hjärups servicekontor", OI)]),
    ("Jag föreslår en kaffeträff för min chef på Hjärup hemtjänst.", [("Hjärup hemtjänst", W)]),
    ("Jag gör praktik som barnskötare på Hjärup förskolor.", [("Hjärup förskolor", W)]),
    ("Jag jobbar i hemtjänsten.", []),
    # a named care home in an essay about the writer's circle
    ("Jag bor i Ekby. Alfhild, 88 år, flyttade förra året till Ekbackens äldreboende.",
     [("Ekbackens äldreboende", OI)]),
]


@pytest.mark.parametrize(("text", "expected"), HEAD_CASES)
def test_head_cases(det: InstitutionDetector, text: str, expected: list) -> None:
    got = [(t, lab) for t, lab in labelled(det, text) if lab in (S, W, OI)]
    assert got == expected
