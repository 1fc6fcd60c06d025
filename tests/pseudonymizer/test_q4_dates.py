"""Dates, ages and the genre filter, q4: ages after "fyllde min son X", "som nu är",
"som är nästan"; generic ages ("när man har fyllt", "sextonåringar", "från sju års ålder");
the second year of a list; a birthday date in a sentence that also says "vi firar"; and one
person's age kept in a topic essay or a review without "jag"/"vi". Invented examples only."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.age import AgeDetector
from pseudonymizer.detectors.dates import DayMonthDetector, YearDetector
from pseudonymizer.document import Candidate, Options
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.profiles import filter_candidates
from pseudonymizer.tokenize import tokenize


def _found(detector: object, text: str) -> list[tuple[str, str]]:
    doc = tokenize(text)
    return [(text[c.start : c.end], c.label) for c in detector.detect(doc)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("I våras fyllde min dotter Tyra nio år och vi dansade.", ["nio"]),
        ("Förra året fyllde min bror Ivar Lindkvist femtio.", ["femtio"]),
        ("Min syster Jamila, som nu är elva år, spelar fotboll.", ["elva"]),
        ("Längst upp bor Tage, som är nästan åttiofem. Han är snäll.", ["åttiofem"]),
        ("Min kusin, som nu är tre år, sover.", ["tre"]),
        # generic: anybody of that age
        ("I Norge får man köra bil när man har fyllt arton år.", []),
        ("Jag tycker att femtonåringar borde få jobba.", []),
        ("Simskolan är öppen för alla barn från sex års ålder.", []),
        # not a person: the subject of "fyllde" is no person
        ("I år fyllde vår förening tjugo år.", []),
    ],
)
def test_ages(text: str, ages: list[str]) -> None:
    assert [t for t, _label in _found(AgeDetector(), text)] == ages


def test_second_year_of_a_list() -> None:
    found = _found(YearDetector(), "Jag läste på Komvux i Lerbo 2017 och 2018.")
    assert [t for t, _ in found] == ["2017", "2018"]


def test_no_list_without_a_first_year() -> None:
    assert _found(YearDetector(), "Vi sålde 300 och 2018 lampor.") == []


def test_birthday_date_beside_vi_firar() -> None:
    text = "Min son Noa fyller sju den 4 april och han slutar förskolan i juni, så vi firar båda."
    found = _found(DayMonthDetector(), text)
    assert ("4", "day") in found and ("april", "month_word") in found
    assert ("juni", "month_word") not in found  # the clause with "firar" is the feast's


def test_yearly_feast_date_still_dropped() -> None:
    assert _found(DayMonthDetector(), "Nyåret firas den 14 april i vårt land.") == []


def _kept_ages(text: str, genre: str) -> list[str]:
    doc = tokenize(text, genre=genre)
    cands: list[Candidate] = list(AgeDetector().detect(doc))
    kept = filter_candidates(doc, cands, Options(), Gazetteer.default())
    return [text[c.start : c.end] for c in kept]


@pytest.mark.parametrize("genre", ["expository", "explanatory", "evaluative"])
def test_one_persons_age_kept_without_jag(genre: str) -> None:
    text = ("Min klass har tolv elever från sju länder. Den äldsta är Ingeborg.\n"
            "Hon är sjuttiotvå år men hon lär sig snabbt.")
    assert _kept_ages(text, genre) == ["sjuttiotvå"]


@pytest.mark.parametrize("genre", ["expository", "explanatory"])
def test_general_ages_still_dropped(genre: str) -> None:
    text = "I Chile börjar barnen skolan när de är sex år. Skolan är gratis."
    assert _kept_ages(text, genre) == []


def test_character_age_in_a_book_review_dropped() -> None:
    text = ("Boken handlar om en flicka i en liten by. Hon är tolv år och hennes pappa är "
            "fiskare. Jag tyckte om boken.")
    assert _kept_ages(text, "evaluative") == []


def test_a_countrys_feast_date_is_yearly() -> None:
    text = "I mitt hemland är nationaldagen den 9 oktober, med musik på gatorna."
    assert _found(DayMonthDetector(), text) == []


def test_a_dated_feast_with_a_year_is_one_day() -> None:
    text = "Jag fick mitt pass på nationaldagen den 9 oktober 2021."
    found = _found(DayMonthDetector(), text)
    assert ("9", "day") in found and ("oktober", "month_word") in found


def test_age_kept_in_a_topic_essay_that_names_its_own_text() -> None:
    text = ("Den här texten beskriver mitt lag. Vi är tio spelare.\n"
            "Den bästa är Oskar. Han är bara femton år men han springer snabbast.")
    assert _kept_ages(text, "expository") == ["femton"]


def test_year_of_the_reviewed_film_dropped() -> None:
    from pseudonymizer.detectors.dates import YearDetector as _Y
    text = ("I lördags såg jag filmen \"Havet\" på bio med min syster Dunja. Filmen kom 2011 "
            "och den är lång.\n\nFilmen handlar om en fiskare.")
    doc = tokenize(text, genre="evaluative")
    kept = filter_candidates(doc, list(_Y().detect(doc)), Options(), Gazetteer.default())
    assert [text[c.start : c.end] for c in kept] == []


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("Utbildning\n2011–2014: gymnasiet i Adwa.", ["2011", "2014"]),
        ("Född: 1990 i Kigali", ["1990"]),
        ("Vi sålde 1900: det var mycket.", []),
    ],
)
def test_cv_years(text: str, years: list[str]) -> None:
    assert [t for t, _ in _found(YearDetector(), text)] == years


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("Min syster Ottilia, 24, bor i Bjärred.", ["24"]),
        ("Min farfar, 81, spelar schack.", ["81"]),
        ("Vi köpte äpplen, 5, och päron.", []),
        ("Hon bor på Lövåsgatan, 12, i Bjärred.", []),
    ],
)
def test_age_in_apposition(text: str, ages: list[str]) -> None:
    assert [t for t, _ in _found(AgeDetector(), text)] == ages


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("Milan är i dag trettiosex och bor i Bjärred.", ["trettiosex"]),
        ("Det är i dag fem veckor sedan.", []),
        ("Jag är i dag på jobbet.", []),
    ],
)
def test_i_dag_before_an_age(text: str, ages: list[str]) -> None:
    assert [t for t, _ in _found(AgeDetector(), text)] == ages


def test_generic_reader_of_instructions() -> None:
    doc = tokenize("Du får söka jobb när du är femton år.", genre="instructive")
    assert list(AgeDetector().detect(doc)) == []
    doc = tokenize("Du får söka jobb när du är femton år.", genre="informal_mail")
    assert [c.label for c in AgeDetector().detect(doc)] == ["age_string"]
