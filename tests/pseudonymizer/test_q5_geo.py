"""Geographic categories of the q5-geo pass. Invented sentences."""

from __future__ import annotations

import pytest

from pseudonymizer import annotate


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in annotate(text).spans]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        # an unlisted name after a relative and "i" is where the relative lives
        ("Jag ringer min mamma i Qorwadi varje söndag.", "Qorwadi"),
        ("Jag saknar mina bröder Habtezion och Sennait i Dembe Surtaly varje dag.",
         "Dembe Surtaly"),
    ],
)
def test_q5_geo_relative_lives_in_town(text: str, town: str) -> None:
    assert (town, "city") in _spans(text)


def test_q5_geo_relative_in_a_title_is_no_town() -> None:
    # "i X och Y": a title of a play, not a place
    spans = _spans("Alla skrattade. Min bror Otto i Hamlet och Ofelia var bäst.")
    assert ("Hamlet", "city") not in spans


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # a market abroad named with its own word
        ("Min farmor sålde ost på marknaden Mercado Zentorial i många år.", "Mercado Zentorial"),
        # a street abroad with its head word in lower case
        ("Vi hyrde en liten lägenhet på ulica Wrzosowska nära stationen.", "ulica Wrzosowska"),
    ],
)
def test_q5_geo_foreign_street_or_market(text: str, place: str) -> None:
    assert (place, "place") in _spans(text)


def test_q5_geo_via_is_no_street_head() -> None:
    # "via" is a Swedish preposition: the town after it stays a town
    spans = _spans("Vi reste via Zagreb till Bratislava förra sommaren.")
    assert ("Zagreb", "city") in spans


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a church or a house named by a compound is no town
        ("Kören träffas i Solbergakyrkan varje tisdag.", "Solbergakyrkan"),
        ("Pensionärerna går till Lövängshuset varje dag.", "Lövängshuset"),
    ],
)
def test_q5_geo_house_compound_is_no_town(text: str, word: str) -> None:
    assert (word, "city") not in _spans(text)


def test_q5_geo_town_in_house_cue_sentence_kept() -> None:
    # near miss: an unlisted name without such a head after a verb of living stays a town
    assert ("Lövängsby", "city") in _spans("Vi bor i Lövängsby sedan två år.")


def test_q5_geo_definite_noun_opening_sentence_is_no_hill() -> None:
    # "-åsen" ends hills, but here it is the definite form of "smörgås"
    spans = _spans("Vi köpte en stor ostsmörgås. Ostsmörgåsen var god.")
    assert not [s for s in spans if s[1] == "geo"]


def test_q5_geo_lake_opening_sentence_kept() -> None:
    # near miss: a lake name opening a sentence is no inflected word
    assert ("Kråkesjön", "geo") in _spans("Vi gick en tur. Kråkesjön är djup och kall.")


@pytest.mark.parametrize(
    ("text", "genre", "country"),
    [
        # a country opening a sentence in a topic essay: the writer's comparison
        ("Barn i Sverige börjar skolan när de är sex år. Skolan är gratis. I Lesotho var det "
         "annorlunda. Där hade barnen uniform.", "expository", "Lesotho"),
        # "hemma i" a country in a review: the writer's home
        ("Vi åt en god lunch på kaféet. Kaffet var starkt som hemma i Surinam. Jag ger kaféet "
         "fyra av fem.", "evaluative", "Surinam"),
    ],
)
def test_q5_geo_writers_country_in_topic_essay(text: str, genre: str, country: str) -> None:
    spans = [(s.text, s.label) for s in annotate(text, genre=genre).spans]
    assert (country, "country") in spans


def test_q5_geo_story_land_named_twice_dropped() -> None:
    # near miss: the land a reviewed book is about, named again at a sentence's opening
    text = ("Boken handlar om landet Belize och två bröder. I Belize bor bröderna i en dal. "
            "Jag tyckte om boken.")
    spans = [(s.text, s.label) for s in annotate(text, genre="evaluative").spans]
    assert ("Belize", "country") not in spans


def test_q5_geo_went_to_school_is_no_venue() -> None:
    # "gick på X": a school, not a venue
    spans = _spans("Det är två år sedan vi gick på Lindvikska tillsammans.")
    assert ("Lindvikska", "place") not in spans


def test_q5_geo_lunch_venue_kept() -> None:
    # near miss: "lunch på X" is still a venue
    assert ("Fjällbyggan", "place") in _spans("Vi åt lunch på Fjällbyggan efter jobbet.")


def test_q5_geo_lower_case_repeat_of_found_town() -> None:
    # a town found by a rule ("bor i X"), written again in lower case
    spans = _spans("Vi bor i Ullvåg sedan två år. För min familj är ullvåg bäst.")
    assert ("ullvåg", "city") in spans


def test_q5_geo_lower_case_word_after_found_town_stays_a_word() -> None:
    # near miss: the lower-case repeat is a Swedish noun form ("stillheten")
    spans = _spans("Vi bor i Stillheten nu. Jag älskar stillheten här.")
    assert ("stillheten", "city") not in spans


def test_q5_geo_country_fact_without_comparison_dropped() -> None:
    # near miss: a country opening a sentence of facts, compared with nothing
    text = "I Tonga finns det många små öar. Jag bor i en liten stad nu."
    spans = [(s.text, s.label) for s in annotate(text, genre="explanatory").spans]
    assert ("Tonga", "country") not in spans


def test_q5_geo_people_origin_in_topic_essay() -> None:
    # where the people of the writer's life come from, with the rest of the list
    text = ("Jag går på en kurs i svenska. Många i klassen kommer från Belize, Tonga och "
            "Surinam. Vår lärare är snäll.")
    spans = [(s.text, s.label) for s in annotate(text, genre="expository").spans]
    for country in ("Belize", "Tonga", "Surinam"):
        assert (country, "country") in spans


def test_q5_geo_character_origin_in_review_dropped() -> None:
    # near miss: in a review the same words tell a character's origin
    text = "Filmen handlar om en flicka. Hon kommer från Lesotho. Jag tyckte om filmen."
    spans = [(s.text, s.label) for s in annotate(text, genre="evaluative").spans]
    assert ("Lesotho", "country") not in spans


def test_q5_geo_misspelled_town_ending_in_island_form() -> None:
    # a bare "-ö" word one letter away from a listed Swedish town of some size is the town
    assert ("Mallmö", "city") in _spans("Det är tyst här, inte som resten av Mallmö.")


def test_q5_geo_unlisted_island_kept() -> None:
    # near miss: an island near no big town's spelling stays an island
    assert ("Kråkö", "geo") in _spans("Vi badade vid Kråkö i somras.")


def test_q5_geo_lake_named_like_a_country() -> None:
    # the noun before says it is the lake
    spans = _spans("Vi kan cykla till sjön Tonga och bada som förra sommaren.")
    assert ("Tonga", "geo") in spans
    assert ("Tonga", "country") not in spans


def test_q5_geo_island_named_like_a_country_not_forced() -> None:
    # near miss: "ön X" may be the island state itself; the country reading is not overridden
    spans = _spans("Min mamma föddes på ön Tonga och flyttade hit senare.")
    assert ("Tonga", "geo") not in spans


def test_q5_geo_city_gate_is_a_place() -> None:
    spans = _spans("Vi gick in genom den gamla porten Bab Marhala och köpte te.")
    assert ("Bab Marhala", "place") in spans


def test_q5_geo_sight_noun_beats_surname() -> None:
    # a palace named after its noun, even with a surname's letters
    assert ("Ekelöf", "place") in _spans(
        "I staden finns det gamla palatset Ekelöf med en stor park.")


def test_q5_geo_surname_without_sight_noun_kept() -> None:
    # near miss: the same word after a person noun is a person, no place
    spans = _spans("Min granne Ekelöf har en hund.")
    assert ("Ekelöf", "place") not in spans
    assert any(text == "Ekelöf" for text, _ in spans)


def test_peoples_hall_with_capital_hus_and_its_town_is_one_place():
    # "Hus" written with a capital, as on the sign, and a listed town before the genitive:
    # one place span, never a town followed by a stray "Hus" in the pseudonymized text
    for text, span in (
        ("Festen var i Lunds Folkets Hus.", "Lunds Folkets Hus"),
        ("Vi dansade på Folkets Hus i lördags.", "Folkets Hus"),
    ):
        result = annotate(text, seed=1)
        assert [(s.text, s.label) for s in result.spans if s.label != "day"] == [(span, "place")]
        assert "Hus" not in result.target


def test_a_house_with_a_capital_hus_other_than_folkets_is_left_to_the_institutions():
    labels = {s.text: s.label for s in annotate("Jag jobbar på Sagornas Hus i Ekby.", seed=1).spans}
    assert labels.get("Sagornas Hus") != "place"
