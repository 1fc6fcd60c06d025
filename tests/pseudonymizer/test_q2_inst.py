"""Institutions: the cases of branch q2-inst (invented sentences)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.institutions import InstitutionDetector
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.pipeline import annotate
from tests.pseudonymizer.knowledge_helpers import labelled

S, W, OI = "school", "work", "other_institution"


@pytest.fixture(scope="module")
def det() -> InstitutionDetector:
    return InstitutionDetector(Gazetteer.default())


CASES = [
    # listed state agencies (the government's list of agencies)
    ("Jag måste göra ett prov hos Jordbruksverket nästa vecka.", [("Jordbruksverket", OI)]),
    ("Jag ringde Skogsstyrelsen i går.", [("Skogsstyrelsen", OI)]),
    ("Jag har stått i kön hos Bostadsförmedlingen i sex år.", [("Bostadsförmedlingen", OI)]),
    # an unlisted capitalised word with an agency's tail
    ("Jag fick ett brev från Fiskeriverket i går.", [("Fiskeriverket", OI)]),
    ("Jag jobbar på Tandvårdsstyrelsen.", [("Tandvårdsstyrelsen", W)]),
    # works named "-verket", and known common nouns, are no agency
    ("Jag gick till Sågverket i går.", []),
    ("Kraftverket är stort.", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_institutions(det: InstitutionDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected


def _spans(text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in annotate(text).spans]


def test_agency_not_a_town() -> None:
    got = _spans("Jag bor i Ronneby med min familj. Jag fick ett brev från Fiskeriverket.")
    assert ("Fiskeriverket", OI) in got


def test_regional_transport_body_opening_a_sentence() -> None:
    got = _spans("Jag bor i Ronneby med min familj. Ekbygdstrafiken säger att bussen är dyr.")
    assert ("Ekbygdstrafiken", OI) in got
