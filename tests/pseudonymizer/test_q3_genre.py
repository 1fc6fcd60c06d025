"""Genre-aware filter, q3: a film, series or book retold inside a narrative, a letter or a
description. Its characters, authors and places are not about the writer; the writer's own
people and places in the same essay stay. Invented examples only."""

from __future__ import annotations

from pseudonymizer.document import Options
from tests.pseudonymizer.detector_helpers import profile_kept as run


def test_narrative_retelling_a_series_drops_its_family_and_town() -> None:
    text = (
        "Min favoritserie på tv är bra. Den handlar om en familj i Västerås. "
        "Lina och Tobias har tre barn. Jag tittar på serien med min man Omar. "
        "Jag gillar Lina mest."
    )
    got = run(text, "narrative")
    assert ("Omar", "firstname_male") in got
    assert not any(t in ("Västerås", "Lina", "Tobias") for t, _ in got)


def test_story_clause_before_the_writers_clause_is_dropped() -> None:
    text = "Boken handlar om Ahmed i Malmö, och jag tyckte mycket om den. Jag bor i Lund."
    got = run(text, "informal_mail")
    assert ("Lund", "city") in got
    assert not any(t in ("Ahmed", "Malmö") for t, _ in got)


def test_bare_first_word_of_a_famous_name_goes_on_with_the_story() -> None:
    text = "Vi läste boken om Nils Holgersson i skolan. Nils flyger till Lappland. Jag bor i Umeå."
    got = run(text, "narrative")
    assert ("Umeå", "city") in got
    assert not any(t in ("Nils", "Lappland") for t, _ in got)


def test_signature_after_a_story_sentence_stays() -> None:
    text = "Jag såg en bra film i helgen.\nDen handlar om vänskap.\n\nMaja Ekström"
    got = run(text, "informal_mail")
    assert ("Maja", "firstname_female") in got and ("Ekström", "surname") in got


def test_the_writers_own_relative_with_the_same_name_as_a_character_stays() -> None:
    # guard: "min bror Ali" ties the name to the writer in every mention
    text = "Filmen handlar om Ali. Jag såg den med min bror Ali i Göteborg."
    got = run(text, "narrative")
    assert got.count(("Ali", "firstname_male")) == 2 and ("Göteborg", "city") in got


def test_personal_profile_option_keeps_the_story() -> None:
    text = "Den handlar om en familj i Västerås. Lina och Tobias har tre barn."
    got = run(text, "narrative", Options(genre_profile="personal"))
    assert ("Västerås", "city") in got and ("Lina", "firstname_female") in got


def test_actor_and_role_are_dropped_in_any_genre() -> None:
    text = "Vi såg pjäsen i Borås. Karin Holm spelar Elsa och hon är bra. Elsa är modig."
    got = run(text, "narrative")
    assert ("Borås", "city") in got
    assert not any(t in ("Karin", "Holm", "Elsa") for t, _ in got)


def test_the_writers_child_playing_a_role_stays() -> None:
    text = "Min dotter Greta spelade Elsa i skolans pjäs. Greta var nervös."
    got = run(text, "argumentative")
    assert got.count(("Greta", "firstname_female")) == 2
    assert ("Elsa", "firstname_female") not in got


def test_narrator_of_a_documentary_is_dropped() -> None:
    text = "Jag såg en dokumentär med Olof Lindqvist som berättare. Lindqvist pratar lugnt."
    got = run(text, "expository")
    assert not any(t in ("Olof", "Lindqvist") for t, _ in got)


def test_towns_right_after_an_article_sentence_are_the_articles() -> None:
    text = (
        "I går läste jag en artikel om skolan. Enligt artikeln är skolorna för stora. "
        "I Västerås och Örebro har klasserna trettio elever. Jag bor i Kalmar och där är "
        "det bättre."
    )
    got = run(text, "expository")
    assert ("Kalmar", "city") in got
    assert not any(t in ("Västerås", "Örebro") for t, _ in got)


def test_the_writers_town_after_an_article_sentence_stays() -> None:
    # guard: a town the writer ties to themselves is kept in every mention
    text = (
        "Enligt artikeln är skolorna för stora. I Kalmar har klasserna trettio elever. "
        "Jag bor i Kalmar."
    )
    got = run(text, "descriptive")
    assert got.count(("Kalmar", "city")) == 2


def test_clause_opened_by_the_writers_person_is_no_story() -> None:
    text = "Jag bor med min sambo Kalle. Kalles föräldrar bor i Ystad och de har sett filmen."
    got = run(text, "narrative")
    assert ("Ystad", "city") in got


def _months(text: str, genre: str) -> list[str]:
    from pseudonymizer.pipeline import annotate

    result = annotate(text, genre=genre)
    return [text[s.start : s.end] for s in result.spans if s.label == "month_word"]


def test_instructive_general_advice_month_is_dropped() -> None:
    text = "Här är mina råd. Köp varma stövlar i september. Du flyttar hit i mars."
    assert _months(text, "instructive") == ["mars"]
    assert _months(text, "narrative") == ["september", "mars"]
