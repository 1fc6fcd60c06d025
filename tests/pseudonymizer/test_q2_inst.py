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
    # a suspended compound in a listed name
    ("Min examen bedömdes av Universitets- och högskolerådet i våras.",
     [("Universitets- och högskolerådet", OI)]),
    ("Min bror jobbar på Havs- och vattenmyndigheten.", [("Havs- och vattenmyndigheten", W)]),
    # a helper met there is no job held; a hoped-for employer is not yet the workplace
    ("Jag fick hjälp av en handledare på Arbetsförmedlingen.", [("Arbetsförmedlingen", OI)]),
    ("Förhoppningsvis kan jag börja arbeta på Ekby sjukhus om ett år.", [("Ekby sjukhus", OI)]),
    # an unlisted name before "där" + a work verb is the employer, an unlisted village is not
    ("Här finns stora företag, till exempel Brennerco där jag själv arbetar.",
     [("Brennerco", W)]),
    ("Vi bodde i Ekmora där jag jobbade.", []),
    ("Min man fick jobb på ett företag. Det heter Brennerco, där han arbetar som ingenjör.",
     [("Brennerco", W)]),
    # a learner's lower-case name before a separate head
    ("Jag bor här. I ekmyra skolan får alla barn gratis lunch.", [("ekmyra skolan", S)]),
    ("Jag går i stora skolan.", []),
    # a newspaper named after its town is no institution of the writer's
    ("Jag bor i Nässjö. Jag läste en artikel i Nässjö Tidning om skolan.", []),
    # a firm the writer has been at since a time
    ("Nu är jag på Ekby Åkeri sedan mars och jag trivs.", [("Ekby Åkeri", W)]),
    # an inverted work verb a word further, compounds of the work verbs
    ("Nu jobbar jag heltid på Brennerco.", [("Brennerco", W)]),
    ("Förra året sommarjobbade jag på Brennerco.", [("Brennerco", W)]),
    ("Jag är tillsvidareanställd på Brennerco.", [("Brennerco", W)]),
    ("På Brennerco jobbar jag med kunder.", [("Brennerco", W)]),
    # a school after a study verb a word or two further
    ("Jag pluggar till sjuksköterska på Brennerco.", [("Brennerco", S)]),
    ("Nu studerar jag vid Brennerco.", [("Brennerco", S)]),
    # a free school named after its village
    ("Min son har börjat på Ekby friskola.", [("Ekby friskola", S)]),
    # an unlisted landlord contacted about the flat; a place lived in is none
    ("Min lägenhet är kall. Jag ringde Brennhem tre gånger men ingen kom.",
     [("Brennhem", OI)]),
    ("Min lägenhet är bra. Ekbostäder måste laga fönstren.", [("Ekbostäder", OI)]),
    ("Vi bor i Solhem i en lägenhet.", []),
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
