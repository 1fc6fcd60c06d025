"""Geographic categories of the q3-geo pass. Invented sentences."""

from __future__ import annotations

import pytest

from pseudonymizer import annotate


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in annotate(text).spans]


def _flagged(text: str) -> list[tuple[str, str, bool]]:
    return [(s.text, s.label, "foreign" in s.flags) for s in annotate(text).spans]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # a close alternate spelling of a foreign town under 500,000 inhabitants (the Swedish
        # "j" for "y", "Aksaray" written "Aksaraj"), with no place word before it: a town
        # abroad, not a man's name
        ("Jag saknar Adijaman och min familj.", "Adijaman"),
        ("Jag saknar Aksaraj varje dag.", "Aksaraj"),
        # a Vietnamese town whose name has letters of Latin Extended Additional, written
        # without its diacritics
        ("Min mormor saknar Buon Ma Thuot.", "Buon Ma Thuot"),
        # the first part of a hyphenated town's name is the town, not its county
        ("Hon jobbar som lärare i Cluj.", "Cluj"),
    ],
)
def test_q3_geo_foreign_town_spellings(text: str, name: str) -> None:
    assert (name, "city", True) in _flagged(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "ström" after a listed town names the river, not the town
        ("På söndagar promenerar vi längs Viskafors ström.", ("Viskafors ström", "geo")),
        # … and after an unlisted name
        ("Vi fiskade vid Häljarpa ström i somras.", ("Häljarpa ström", "geo")),
    ],
)
def test_q3_geo_river_stroem(text: str, expected: tuple[str, str]) -> None:
    spans = _spans(text)
    assert expected in spans
    assert (expected[0].split()[0], "city") not in spans


@pytest.mark.parametrize(
    ("text", "name", "noun"),
    [
        # a compound noun of a village or a town before an unlisted name: the name is the
        # town, the noun is no town of its own
        ("Vi hyrde en stuga i fiskeläget Brännvik förra sommaren.", "Brännvik", "fiskeläget"),
        ("Min farmor bodde i bergsbyn Tamazirt hela livet.", "Tamazirt", "bergsbyn"),
        ("Efter kriget flyttade vi till kuststaden Oravelo.", "Oravelo", "kuststaden"),
        # a part of a town after a compound noun of an area
        ("Lagret ligger i industriområdet Lövmossa norr om stan.", "Lövmossa", "industriområdet"),
    ],
)
def test_q3_geo_compound_town_nouns(text: str, name: str, noun: str) -> None:
    spans = _spans(text)
    assert (name, "city") in spans
    assert all(span != noun for span, _ in spans)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a named sea: a capitalised adjective and "havet"
        ("Min morfar fiskade i Gula havet hela sitt liv.", ("Gula havet", "geo")),
        ("Vattnet i Egeiska havet var varmt när vi badade.", ("Egeiska havet", "geo")),
    ],
)
def test_q3_geo_named_seas(text: str, expected: tuple[str, str]) -> None:
    assert expected in _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "Hela havet var blått den morgonen.",
        # a sea in a statement about a country, without the writer
        "Landet ligger vid Gula havet och har många öar.",
    ],
)
def test_q3_geo_sea_not_named(text: str) -> None:
    assert all(label != "geo" for _, label in _spans(text))


def test_q3_geo_aaland_is_a_region() -> None:
    # Åland is an autonomous region of Finland, not a country
    assert ("Åland", "region") in _spans("I somras åkte vi färja till Åland.")


def test_q3_geo_country_like_name_in_a_landskap_is_a_town() -> None:
    # an unlisted name spelled like a country ("Iran") in a Swedish landskap is a town there
    assert ("Irann", "city") in _spans("Nu bor jag i Irann i Värmland med min familj.")


@pytest.mark.parametrize(
    "text",
    [
        # a lake of two words ("Stora" and a compound with "-sjön") is water, not a body
        "Vi grillade korv på en äng vid Stora Ekesjön.",
        "På sommaren fiskar vi i Stora Ekesjön.",
    ],
)
def test_q3_geo_two_word_lake(text: str) -> None:
    assert ("Stora Ekesjön", "geo") in _spans(text)
