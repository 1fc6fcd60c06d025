"""Dates and ages: the cases of branch r2-dates (invented sentences)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.age import AgeDetector
from pseudonymizer.detectors.dates import DayMonthDetector
from tests.pseudonymizer.detector_helpers import found

AGE_CASES = [
    # a person's relative clause in commas, the number alone
    ("Min lillasyster Lina, som är nio, spelar fotboll.", ["nio"]),
    ("Jag pratar persiska, medan Omid, som är 6, blandar språken.", ["6"]),
    ("Huset, som är 100, är gammalt.", []),
    ("Min klass, som är 20, är trevlig.", []),
    # one person with a hedge and a comma; a group is a count
    ("Hon är lärare, och jag är bara 27, men vi är vänner.", ["27"]),
    ("Vi är bara fem, så vi får plats i bilen.", []),
    # the subject before an earlier verb: "Jag heter …, är 40 år"
    ("Jag heter Lina Berg, är 40 år och kommer från Ekby.", ["40"]),
    ("Jag bor i Ekby, är 5 år sedan.", []),
    # a hedge between the subject and the verb
    ("Vi flyttade när jag bara var tolv år.", ["tolv"]),
    # a birthday compound of one person
    ("I våras ordnade vi mormors åttioårsdag i parken.", ["åttioårsdag"]),
    ("Nästa år blir det hennes sjuttioårsfest.", ["sjuttioårsfest"]),
    ("Vi firade vår tioårsdag i Rom.", []),
    ("Det var tioårsdagen av olyckan.", []),
    # a list of ages in apposition to plural people
    ("Våra döttrar, 4 och 9 år, sov i bilen.", ["4", "9"]),
]


@pytest.mark.parametrize("text,expected", AGE_CASES)
def test_ages(text: str, expected: list[str]) -> None:
    assert found(AgeDetector(), text) == sorted(expected)


DATE_CASES = [
    # an ordinal weekday of every month / year is recurring
    ("Klubben träffas första torsdagen i månaden.", []),
    ("Sista fredagen på året äter vi tårta.", []),
    ("Vi tänder ljus sista söndagen före jul.", []),
    ("Första måndagen efter lovet var svår.", ["måndagen"]),
    # "sedan (i) <month>": the start of a change, whatever routine follows
    ("Sedan i mars cyklar jag varje dag till jobbet.", ["mars"]),
    ("Jag cyklar varje dag i mars.", []),
    # a routine of another clause ("och hon …") does not make a birthday yearly
    ("Min födelsedag är 9 maj och han ringer alltid på morgonen.", ["9", "maj"]),
    ("Vi brukar alltid åka bort den 9 maj.", []),
    # the writer's own event right after the month; a generic "man" elsewhere
    ("I april fick jag ett nytt jobb, stackars man, han blev så ledsen.", ["april"]),
    ("I april firar man påsk.", []),
]


@pytest.mark.parametrize("text,expected", DATE_CASES)
def test_dates(text: str, expected: list[str]) -> None:
    assert found(DayMonthDetector(), text) == sorted(expected)


def test_year_range_with_mellan() -> None:
    from pseudonymizer.detectors.dates import YearDetector

    assert found(YearDetector(), "Jag bodde i Ekby mellan 2011 och 2016.") == ["2011", "2016"]
    assert found(YearDetector(), "Priset låg mellan 1500 och 2000 kronor.") == []


NR_CASES = [
    # the code of the writer's door
    ("Portkoden är 5831. Välkommen!", ["5831"]),
    ("Koden till porten är 7720, ring sedan på.", ["7720"]),
    ("Porten har kod 3391, jag bor en trappa upp.", ["3391"]),
    # not a code: another sentence, a price, a year
    ("Jag glömde koden. Det var 2019.", []),
    ("Koden kostar 1500 kr.", []),
    ("Jag skriver kod sedan 2015.", []),
]


@pytest.mark.parametrize("text,expected", NR_CASES)
def test_door_codes(text: str, expected: list[str]) -> None:
    from pseudonymizer.detectors.numbers import OtherNumberDetector

    assert found(OtherNumberDetector(), text) == expected
