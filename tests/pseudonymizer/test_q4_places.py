"""Places, islands and areas of the q2-places pass (round 2). Invented sentences."""

from __future__ import annotations

from pseudonymizer import annotate


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in annotate(text).spans]


def test_small_island_locality_after_pa_is_the_island() -> None:
    # "på" before a small locality named by its island: the island
    assert ("Ekerö", "geo") in _spans("Vi åker till sommarstugan på Ekerö varje sommar.")


def test_island_locality_where_one_lives_stays_a_town() -> None:
    assert ("Ekerö", "city") in _spans("Jag bor på Ekerö med min familj.")
    assert ("Ekerö", "city") in _spans("Min moster bor i Ekerö.")


def test_lower_case_town_after_a_trip_verb() -> None:
    # a listed town that is also a word, in lower case after "åka till"
    assert ("fristad", "city") in _spans("Nästa vecka ska vi åka till fristad med bussen.")


def test_lower_case_definite_noun_after_a_trip_verb_stays_a_word() -> None:
    # "gärdet" is the field ("gärde" + "t") even though a district has its letters
    assert not any(label == "city" for _, label in _spans("Vi åkte till gärdet och hämtade korna."))


def test_meeting_place_for_older_people_is_an_institution() -> None:
    text = "Min farfar spelar kort på Fristad Seniorcenter varje tisdag."
    assert ("Fristad Seniorcenter", "other_institution") in _spans(text)
    text = "Min farfar spelar kort på Fristads träffpunkt varje tisdag."
    assert ("Fristads träffpunkt", "other_institution") in _spans(text)
