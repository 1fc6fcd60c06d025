"""Geographic categories of the q2-geo pass. Invented sentences."""

from __future__ import annotations

import pytest

from pseudonymizer import annotate
from pseudonymizer.detectors.geo import GeoDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import flagged, labelled


@pytest.fixture(scope="module")
def det() -> GeoDetector:
    return GeoDetector(Gazetteer.default())


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in annotate(text).spans]


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        # an unlisted word with the head of a public body, an office or an association is no
        # town, not even after "från" or "i"
        ("Jag fick ett beslut från Fiskeverket förra veckan.", "Fiskeverket"),
        ("Jag har stått i Hyresförmedlingen kö i tre år.", "Hyresförmedlingen"),
        ("Vi fick pengar från Pensionärsföreningen till resan.", "Pensionärsföreningen"),
    ],
)
def test_q2_geo_body_heads_are_no_towns(text: str, absent: str) -> None:
    assert all(span != absent or label not in ("city", "place") for span, label in _spans(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a learner's lower case of a smaller listed place, spelled as listed, after a place
        # word (a preposition or a town noun)
        ("Min moster jobbade i banjul i många år.", [("banjul", "city")]),
        ("I min stad sylhet finns många floder.", [("sylhet", "city")]),
        # a town abroad one misses
        ("Jag saknar cochabamba varje dag.", [("cochabamba", "city")]),
        # a j for g before a front vowel at the start of a misspelled town
        ("Vi flyttade till jöteborj för två år sedan.", [("jöteborj", "city")]),
        ("Jag bor i Jävle nu.", [("Jävle", "city")]),
        # lower-case words that are no listed place stay words
        ("Vi bor i lägenheten nära skolan.", []),
    ],
)
def test_q2_geo_lower_case_and_misspelled_towns(
    det: GeoDetector, text: str, expected: list[tuple[str, str]]
) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a lower-case word no vocabulary knows with the ending of a Swedish place name after
        # a town preposition is a village or a district
        ("Vi firade midsommar i granbäcken med grannarna.", ("granbäcken", "city")),
        ("Bussen från ekeberga går varje timme.", ("ekeberga", "city")),
        ("Min kusin flyttade till norrsjö förra året.", ("norrsjö", "city")),
    ],
)
def test_q2_geo_lower_case_villages_by_their_ending(text: str, expected: tuple[str, str]) -> None:
    assert expected in _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        # compounds of ordinary nouns stay words
        "Jag har stått i bostadskön i fem år.",
        "Vi åt lunch i fikarummet på jobbet.",
        "Han kommer från hembyn i norr.",
    ],
)
def test_q2_geo_lower_case_compounds_are_no_villages(text: str) -> None:
    assert not [s for s in _spans(text) if s[1] == "city"]


def test_q2_geo_lower_case_old_town_abroad_is_no_district() -> None:
    # "gamla stan" in lower case in an essay about a town abroad is that town's old town
    text = "Jag kommer från Hebron. I gamla stan finns smala gator. Vi bodde i gamla stan."
    assert not [s for s in _spans(text) if s[0] == "gamla stan"]
    text = "Vi bor i Stockholm. I gamla stan finns smala gator."
    assert ("gamla stan", "city") in _spans(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a pond is water
        ("Vi satt på en bänk nära Kvarndammen.", [("Kvarndammen", "geo")]),
        # a common noun after an abbreviation is no town
        ("Vi bytte till LED-lampor i hela huset.", []),
    ],
)
def test_q2_geo_ponds_and_abbreviated_nouns(
    det: GeoDetector, text: str, expected: list[tuple[str, str]]
) -> None:
    assert labelled(det, text) == expected


def test_q2_geo_who_one_calls_is_no_town() -> None:
    # "ringde till X": a person or a firm one calls, no (misspelled) town
    text = "När vi flyttade hit ringde jag till Bobostäder varje vecka."
    assert not [s for s in _spans(text) if s[0] == "Bobostäder" and s[1] == "city"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a street or a square abroad named by its number
        ("Vi bodde nära Carrera 7 i centrum.", ("Carrera 7", "place")),
        ("Min farbror hade en affär på Calle 23.", ("Calle 23", "place")),
        ("Torget heter Plaza 25 de Mayo.", ("Plaza 25 de Mayo", "place")),
        # boats go on water
        ("På sommaren paddlar vi kanot på Storkvarn.", ("Storkvarn", "geo")),
    ],
)
def test_q2_geo_numbered_streets_and_water(text: str, expected: tuple[str, str]) -> None:
    assert expected in _spans(text)


def test_q2_geo_a_person_and_a_count_is_no_street() -> None:
    assert ("Calle", "firstname_male") in _spans("Jag har träffat Calle 3 gånger i år.")


def test_q2_geo_a_house_is_no_town() -> None:
    # "från Språkcaféet": a meeting place in the definite form, no town
    text = "Jag intervjuade fem personer från Läsecaféet och från min klass."
    assert not [s for s in _spans(text) if s[0] == "Läsecaféet" and s[1] == "city"]


def test_q2_geo_lower_case_repeat_of_a_town_anywhere() -> None:
    # a town the essay wrote with a capital, repeated in lower case after any word, when the
    # lower-case form is no Swedish word
    text = "Vi flyttade till Hudiksvall i maj. Jag tycker om hudiksvall för det är lugnt."
    assert ("hudiksvall", "city") in _spans(text)


def test_q2_geo_ar_fran_is_where_one_comes_from(det: GeoDetector) -> None:
    # "jag är från X": an unlisted town one comes from, abroad
    label, flags, _ = flagged(det, "Jag är från Mekkele och min man från Sverige.")["Mekkele"]
    assert label == "city" and "foreign" in flags


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a Swedish river written apart from its name
        ("Vi tältade vid Sara älv i tre nätter.", ("Sara älv", "geo")),
        ("Vi cyklade längs Tolle å hela dagen.", ("Tolle å", "geo")),
    ],
)
def test_q2_geo_rivers_written_apart(text: str, expected: tuple[str, str]) -> None:
    assert expected in _spans(text)


def test_q2_geo_a_learners_och_is_no_river() -> None:
    assert ("Anna", "firstname_female") in _spans("Det var bara Anna å jag hemma.")
