"""Name detector: rules of the q2-names round (issue 4), on invented sentences (the names are
made up or common, none from a gold essay)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> NameDetector:
    return NameDetector(Gazetteer.default())


F, M, S, MID = "firstname_female", "firstname_male", "surname", "middlename"

CASES = [
    # a past or passive verb form the word list lacks, after a relative, is no name
    ("Min man opererades i våras.", []),
    ("Min fru pensionerades förra året.", []),
    ("min bror diagnostiserades med astma.", []),
    # … but an unknown lower-case word after a relative still is
    ("min bror kirubor jobbar i Lund.", [("kirubor", M)]),
    # also when a foreign town of the place list is spelt so (Brikama, Gambia)
    ("min bror brikama jobbar i Lund.", [("brikama", M)]),
    # a lower-case name after a relative takes the relative's gender, as a capitalised one
    ("Min fru kirubor säger att det är kallt.", [("kirubor", F)]),
    ("min syster kirubor kom hem.", [("kirubor", F)]),
    # a lower-case unknown word between a greeting opening the line and "!" or ","
    ("Hej kirubor! Hur mår du?", [("kirubor", M)]),
    ("Hej alla! Hur mår ni?", []),
    ("Hej habibi! Jag saknar dig.", []),
    # names in the names of places: a building's noun joined by a hyphen, a water's noun
    # after the name, a street's number after "på"
    ("Vi åkte till Erik Jansson-gården i helgen.", []),
    ("Vi gick längs Lisa älv och sedan hem.", []),
    ("Min pappa hade en restaurang på Calle 19 i staden.", []),
    # a street's or a square's word of the learners' languages opens a place's name
    ("Vi bodde på Calle Mayor i Madrid.", []),
    ("Mitt i staden ligger Plaza 9 de Julio med palmer.", []),
    ("Jag heter Maria Plaza.", [("Maria", F), ("Plaza", S)]),
    # a religious figure is no person without a cue; with one, the name is a man's
    ("Vi såg bilder av Jesus i kyrkan.", []),
    ("Min son heter Jesus.", [("Jesus", M)]),
    # after "på" (with no verb of waiting or thinking before it), a word a letter away from
    # a listed name (Vlasta) is a district, not a misspelled name
    ("Vi åkte till lägenheten på Valsta i Märsta.", []),
    # the spoken definite plural of "barn" (a listed Hungarian name) is no name without a cue
    ("Barna ska leka ute i dag.", []),
    ("Min kusin heter Barna.", [("Barna", M)]),
]


def test_place_names_are_places(det: NameDetector) -> None:
    assert labelled(det, "Vi åkte till Erik Jansson-gården i helgen.") == [
        ("Erik Jansson-gården", "place")]
    assert labelled(det, "Vi gick längs Lisa älv och sedan hem.") == [("Lisa älv", "geo")]
    assert labelled(det, "Vi bodde på Calle Mayor i Madrid.")[0] == ("Calle Mayor", "place")
    text = "Min pappa hade en restaurang på Calle 19 i staden."
    assert ("Calle 19", "place") in labelled(det, text)


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_q2_names(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert [x for x in labelled(det, text) if x[1] in (F, M, S, MID)] == expected
