"""Institutions: the cases of branch q5-inst (invented sentences)."""

from __future__ import annotations

import pytest

from pseudonymizer import annotate
from pseudonymizer.detectors.institutions import InstitutionDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled

S, W, OI = "school", "work", "other_institution"


@pytest.fixture(scope="module")
def det() -> InstitutionDetector:
    return InstitutionDetector(Gazetteer.default())


CASES = [
    # a clinic named by its care noun, in an essay about the writer's life
    ("Jag var sjuk. Vårdcentralen i Ekby heter Granliden och den ligger nära torget.",
     [("Granliden", OI)]),
    ("Om du behöver läkare är vårdcentralen Granliden bäst. Jag går alltid dit.",
     [("vårdcentralen Granliden", OI)]),
    # near miss: no sentence about the writer's life
    ("Vårdcentralen Granliden har öppet till fem på fredagar.", []),
    # a pronoun after a sentence ending with the institution noun names it
    ("Jag tycker om att vara i vår moské. Den heter Al-Rahma och ligger vid ån.",
     [("Al-Rahma", OI)]),
    ("Jag jobbar på ett kafé. Det heter Tekoppen och ligger vid torget.",
     [("Tekoppen", W)]),
    # near miss: a pet named after the same pronoun
    ("Jag har en katt. Den heter Tekoppen.", []),
    # a congregation's one-word name in an essay about the writer's life
    ("Jag är med i en kör som övar i Sälgekyrkan varje torsdag.",
     [("Sälgekyrkan", OI)]),
    # the care home named after "Boendet heter", where the writer works
    ("Jag arbetar som undersköterska på ett äldreboende. Boendet heter Lönnhagen.",
     [("Lönnhagen", W)]),
    # a listed first name set off by a comma after the noun is a person
    ("Jag reste med en vän från skolan, Yasin. Vi var trötta.", []),
    ("Min förra hyresvärd, Leopold, skrev ett brev om mig.", []),
    # near miss: a foreign school's name after a comma stays a school
    ("Jag läste boken på bussen till skolan, Colegio Santa Lucía, varje dag.",
     [("Colegio Santa Lucía", S)]),
    # a learner's inverted subject after "restaurangen" is no name
    ("Jag frågade mina kollegor. På restaurangen arbetstiderna var sena.", []),
    # near miss: a learner's lower-case name after the noun
    ("Jag jobbar på restaurangen tallbrynet.", [("restaurangen tallbrynet", W)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_cases(det: InstitutionDetector, text: str, expected: list) -> None:
    got = [(t, lab) for t, lab in labelled(det, text) if lab in (S, W, OI)]
    assert got == expected


def _spans(text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in annotate(text, seed="t").spans]


def test_street_after_place_word_is_no_organisation() -> None:
    text = "Jag startade en syateljé på Stora Ekgatan i maj, och nu har jag kunder."
    assert ("Stora Ekgatan", "place") in _spans(text)
    assert all(lab != OI for _, lab in _spans(text))


def test_sfi_centrum_town_is_one_school() -> None:
    text = "Jag gjorde en undersökning i min klass på SFI Centrum Bjärred."
    assert ("SFI Centrum Bjärred", S) in _spans(text)


def test_sports_arena_is_no_club() -> None:
    text = "Mina söner spelar i Ekby IBK. De tränar i Arena Ekby tre gånger i veckan."
    spans = _spans(text)
    assert ("Ekby IBK", OI) in spans
    assert not any(t.startswith("Arena") and lab == OI for t, lab in spans)


def test_peoples_hall_after_town_is_no_organisation(det: InstitutionDetector) -> None:
    # "<town> Folkets Hus" is a hall (a place by the gold sets' majority), not "<town> <Org>"
    got = labelled(det, "Vi lånade en lokal på Bjärred Folkets Hus till festen.")
    assert [lab for _, lab in got if lab in (S, W, OI)] == []


def test_stop_named_after_a_school_is_a_place(det: InstitutionDetector) -> None:
    got = labelled(det, "Ta bussen en kvart och gå av vid Tallbyskolan. Där väntar jag.")
    assert ("Tallbyskolan", "place") in got
    # near miss: the school a child goes to
    got = labelled(det, "Min son går på Tallbyskolan i tredje klass.")
    assert ("Tallbyskolan", S) in got


def test_choir_named_in_english(det: InstitutionDetector) -> None:
    got = labelled(det, "Min syster är med i Bjärred Gospel Choir och övar varje tisdag.")
    assert ("Bjärred Gospel Choir", OI) in got


def test_study_association_is_an_association(det: InstitutionDetector) -> None:
    got = labelled(det, "I höstas gick jag en kurs i keramik på Studiefrämjandet.")
    assert ("Studiefrämjandet", OI) in got
    # near miss: a study association named as a school stays a school
    got = labelled(det, "Jag läser svenska på Medborgarskolan två kvällar i veckan.")
    assert ("Medborgarskolan", S) in got
