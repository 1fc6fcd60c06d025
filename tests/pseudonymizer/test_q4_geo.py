"""Geographic categories of the q4-geo pass. Invented sentences."""

from __future__ import annotations

import pytest

from pseudonymizer import annotate


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in annotate(text).spans]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a surname after "familjen" is no town, even when a small town abroad has its letters
        ("Familjen Hamar kom med mat till festen.", "Hamar"),
        # a name in apposition to a relative, closed by a comma
        ("Vi gick på en båttur. Valentin, min man, visade mig huset.", "Valentin"),
        # a person "från" a country, with no place word before the name
        ("Hon pratade tyst, och Dolores från Mexiko sa ingenting.", "Dolores"),
    ],
)
def test_q4_geo_person_cue_is_no_town(text: str, word: str) -> None:
    assert (word, "city") not in _spans(text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a place word before the name keeps the town
        ("Jag flyttade till Ahvaz från Abadan för länge sedan.", "Abadan"),
        ("Jag flyttade till Ahvaz från Abadan för länge sedan.", "Ahvaz"),
        # a list after the town is no apposition
        ("Jag hade lämnat Hamar, min mamma och mina systrar.", "Hamar"),
    ],
)
def test_q4_geo_town_kept(text: str, word: str) -> None:
    assert (word, "city") in _spans(text)


def test_q4_geo_trip_to_a_mountain_is_geo() -> None:
    # a trip goes to the mountain; one lives in a village
    assert ("Storfjället", "geo") in _spans("Vi kan åka till Storfjället och gå upp till toppen.")
    assert ("Bensbyn", "city") in _spans("Jag bor i Bensbyn sedan två år.")


def test_q4_geo_home_town_noun_before_a_misspelled_town() -> None:
    # "min hemstad X": a town noun before a close spelling of a listed town beats a first name
    assert ("Sinjar", "city") in _spans("Min hemstad Sinjar ligger i norra Irak.")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # one walks or cycles to a beach, a hill or a venue: an unlisted name is a place
        ("På helgen cyklar jag till Storklint och badar.", "Storklint"),
        ("På helgerna går vi till Sandlunden eller badar i havet.", "Sandlunden"),
    ],
)
def test_q4_geo_walked_to_is_a_place(text: str, word: str) -> None:
    assert (word, "place") in _spans(text)


def test_q4_geo_ride_to_an_unlisted_name_stays_a_town() -> None:
    assert ("Kerstorp", "city") in _spans("Vi åkte till Kerstorp och hälsade på min moster.")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a village or a house lies by the water or the hill
        ("Vi bor i ett gammalt samhälle vid Hanöbukten.", "Hanöbukten"),
        ("Huset ligger vid Stenfors och är rött.", "Stenfors"),
    ],
)
def test_q4_geo_by_the_water(text: str, word: str) -> None:
    assert (word, "geo") in _spans(text)


def test_q4_geo_named_river_is_no_first_name() -> None:
    assert ("Storälven", "geo") in _spans("Två älvar möts här och den stora heter Storälven.")
    # a surname after a first name is still a surname
    assert ("Forsen", "surname") in _spans("Min kompis heter Lisa Forsen.")


def test_q4_geo_town_without_geonames_city_word() -> None:
    # GeoNames writes "Cabanatuan City"; learners write the town's name alone
    assert ("Cabanatuan", "city") in _spans("Jag växte upp i Cabanatuan med min mormor.")


@pytest.mark.parametrize(
    ("text", "word", "label"),
    [
        # a village noun or a works before "i" makes a water or valley name a village
        ("Vi startade i byn Granlidsdalen och gick upp på fjället.", "Granlidsdalen", "city"),
        ("Han slutade på sågverket i Granvattnet förra året.", "Granvattnet", "city"),
        ("Vi badade i Granvattnet förra året.", "Granvattnet", "geo"),
    ],
)
def test_q4_geo_village_or_water(text: str, word: str, label: str) -> None:
    assert (word, label) in _spans(text)


def test_q4_geo_name_given_without_place_noun_is_no_misspelled_town() -> None:
    assert not [s for s in _spans("Vi har en hund. Hunden heter Burek.") if s[1] == "city"]
    assert ("Kabol", "city") in _spans("Min stad heter Kabol.")
