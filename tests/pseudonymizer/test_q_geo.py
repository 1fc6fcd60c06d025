"""Geographic categories of the q-geo pass: bus termini and villages on bus and train lines,
Swedish regions in general statements, an island that is a landskap, towns that share their
name with an island or a lake, and meeting houses named after their noun. Invented sentences."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.geo import GeoDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> GeoDetector:
    return GeoDetector(Gazetteer.default())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bus line is named after the city part at its end; a tram or underground line after
        # its last stop
        ("Sedan tar du buss 4 mot Lambohov och går av vid torget.", [("Lambohov", "city")]),
        ("Ta spårvagn 6 mot Lambohov.", [("Lambohov", "place")]),
        # a village that a bus or a train goes to is the village; a centre is a stop
        ("Bussen från Grönhamra gick bara två gånger per dag.", [("Grönhamra", "city")]),
        ("Jag tar bussen från Västercentrum varje morgon.", [("Västercentrum", "place")]),
        # Swedish regions in general statements
        ("I många små kommuner i Norrland är bussarna dyra.", []),
        ("Många kommer från små orter i Norrland eller Småland.", []),
        ("Många nyanlända som placeras i Norrland fryser.", []),
        ("Nu vet jag hur ljust det är på sommaren i Norrland.", [("Norrland", "region")]),
        ("Min familj bor i Småland.", [("Småland", "region")]),
        # an island that is a landskap but no county is the island
        ("Vi hyrde en stuga på Öland.", [("Öland", "geo")]),
        ("Jag kom till Gotland för fyra år sedan.", [("Gotland", "region")]),
        # a town that shares its name with an island or a mountain: the town where the essay
        # calls it one or one lives there
        ("Vaxholm är en liten gammal stad. Jag tycker om Vaxholm.",
         [("Vaxholm", "city"), ("Vaxholm", "city")]),
        ("Vi bor i Taberg sedan 2019.", [("Taberg", "city")]),
        ("Vi cyklade längs Lagan i somras.", [("Lagan", "geo")]),
        # meeting houses named after the noun
        ("Han gick till fritidsgården Ankaret varje kväll.", [("Ankaret", "place")]),
        ("Vi dansar på kulturhuset Fenix.", [("Fenix", "place")]),
    ],
)
def test_q_geo(det: GeoDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Sweden's big cities listed together in a sentence without the writer
        ("Många vill bo i Stockholm, Göteborg eller Malmö.", []),
        ("Kurserna måste finnas överallt, inte bara i Stockholm och Göteborg.", []),
        ("Jag har bott i Stockholm och Göteborg.", [("Stockholm", "city"), ("Göteborg", "city")]),
        ("De flesta pendlar till Lund eller Malmö.", [("Lund", "city"), ("Malmö", "city")]),
        # sports grounds, sand beaches, fortresses and lighthouses named after their place
        ("Fabriken ligger bredvid Ljungby IP.", [("Ljungby IP", "place")]),
        ("Vi badade vid Skanörs sand i juli.", [("Skanörs sand", "place")]),
        ("Mitt i vattnet ligger Karlskrona kastell.", [("Karlskrona kastell", "place")]),
        # a Swedish city-centre station; "X City" abroad is the city
        ("Ta pendeltåget från Göteborg City.", [("Göteborg City", "place")]),
        ("Jag gick i skolan i Iloilo City.", [("Iloilo", "city")]),
    ],
)
def test_q_geo_big_cities_and_place_heads(
    det: GeoDetector, text: str, expected: list[tuple[str, str]]
) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the adjective of a sea's name is no place of its own
        ("Landet ligger vid Joniska havet.", []),
        # a farm, a lighthouse or a castle named in an apposition or after its noun
        ("Det finns en kyrka och Ekegård, en gammal gård med kafé.", [("Ekegård", "place")]),
        ("Vi cyklade till Stora Jöns, en gammal fyr i norr.", [("Stora Jöns", "place")]),
        ("Staden är känd för borgen Vargaborg.", [("Vargaborg", "place")]),
    ],
)
def test_q_geo_seas_and_sights(det: GeoDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a learner's k for c at the start of a country's name
        ("Jag kommer från Kuba och min man från Kolombia.",
         [("Kuba", "country"), ("Kolombia", "country")]),
    ],
)
def test_q_geo_learner_country_spellings(
    det: GeoDetector, text: str, expected: list[tuple[str, str]]
) -> None:
    assert labelled(det, text) == expected


def test_q_geo_misspelled_country_in_a_list_beats_a_first_name() -> None:
    from pseudonymizer import annotate

    result = annotate("Vi firar med familjer från Maroko, Somalia och Irak.")
    labels = {(s.text, s.label) for s in result.spans}
    assert ("Maroko", "country") in labels


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a building or a named venue by an unlisted name: the lake, the river, the mountain
        ("Vi fikar på ett kafé vid Grävlången.", [("Grävlången", "geo")]),
        ("Vi gick upp till en kyrka vid Tsaghkadzor.", [("Tsaghkadzor", "geo")]),
        # a harbour is a place, and by itself a name after "vid" stays a place
        ("Vi åt på en restaurang vid Lillhamnen.", [("Lillhamnen", "place")]),
        ("Vi satt och pratade vid Brännkullen i går.", [("Brännkullen", "place")]),
    ],
)
def test_q_geo_by_a_building(det: GeoDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a misspelled town in lower case after a sentence's opening "I" or after "nära"
        ("Staden är stor. I hudiksval det är lugnt.", [("hudiksval", "city")]),
        ("Vi bodde nära samarkan i Uzbekistan.", [("samarkan", "city"),
                                                   ("Uzbekistan", "country")]),
        # a misspelled common word there stays a word
        ("I skolen vi lär oss svenska.", []),
        ("Vi bor nära skolen.", []),
    ],
)
def test_q_geo_lower_case_towns(det: GeoDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # districts and counties of ISO 3166-2 (pycountry) are regions; a city left out as a
        # Swedish word comes back through its district of the same name
        ("Jag kommer från Samtse i södra Bhutan.", [("Samtse", "region"), ("Bhutan", "country")]),
        ("Min syster bor i Varna.", [("Varna", "city")]),
    ],
)
def test_q_geo_districts(det: GeoDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


def test_q_geo_district_spelled_as_a_first_name_stays_a_name() -> None:
    from pseudonymizer import annotate

    result = annotate("Min bästa vän heter Malin Sofia Berg och hon bor i Umeå.")
    labels = {s.text: s.label for s in result.spans}
    assert labels.get("Sofia") == "middlename"
