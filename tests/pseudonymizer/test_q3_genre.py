"""Genre-aware filter, q3: a film, series or book retold inside a narrative, a letter or a
description. Its characters, authors and places are not about the writer; the writer's own
people and places in the same essay stay. Invented examples only."""

from __future__ import annotations

import pytest

from pseudonymizer.document import Options
from tests.pseudonymizer.detector_helpers import profile_kept as run


@pytest.mark.parametrize(
    ("text", "genre", "kept", "dropped"),
    [
        pytest.param(  # a series retold inside a narrative: its family and town
            "Min favoritserie på tv är bra. Den handlar om en familj i Västerås. "
            "Lina och Tobias har tre barn. Jag tittar på serien med min man Omar. "
            "Jag gillar Lina mest.",
            "narrative", [("Omar", "firstname_male")], ("Västerås", "Lina", "Tobias"),
            id="series-retold-in-a-narrative"),
        pytest.param(  # the story clause before the writer's clause
            "Boken handlar om Ahmed i Malmö, och jag tyckte mycket om den. Jag bor i Lund.",
            "informal_mail", [("Lund", "city")], ("Ahmed", "Malmö"),
            id="story-clause-before-the-writers"),
        pytest.param(  # the bare first word of a famous name goes on with the story
            "Vi läste boken om Nils Holgersson i skolan. Nils flyger till Lappland. "
            "Jag bor i Umeå.",
            "narrative", [("Umeå", "city")], ("Nils", "Lappland"),
            id="bare-word-of-a-famous-name"),
        pytest.param(  # actor and role, in any genre
            "Vi såg pjäsen i Borås. Karin Holm spelar Elsa och hon är bra. Elsa är modig.",
            "narrative", [("Borås", "city")], ("Karin", "Holm", "Elsa"),
            id="actor-and-role"),
        pytest.param(  # towns right after an article's sentence are the article's
            "I går läste jag en artikel om skolan. Enligt artikeln är skolorna för stora. "
            "I Västerås och Örebro har klasserna trettio elever. Jag bor i Kalmar och där är "
            "det bättre.",
            "expository", [("Kalmar", "city")], ("Västerås", "Örebro"),
            id="towns-after-an-article-sentence"),
    ],
)
def test_retold_story_is_dropped_and_the_writers_own_stays(
    text: str, genre: str, kept: list[tuple[str, str]], dropped: tuple[str, ...]
) -> None:
    got = run(text, genre)
    assert all(k in got for k in kept)
    assert not any(t in dropped for t, _ in got)


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


def test_the_writers_child_playing_a_role_stays() -> None:
    text = "Min dotter Greta spelade Elsa i skolans pjäs. Greta var nervös."
    got = run(text, "argumentative")
    assert got.count(("Greta", "firstname_female")) == 2
    assert ("Elsa", "firstname_female") not in got


def test_narrator_of_a_documentary_is_dropped() -> None:
    text = "Jag såg en dokumentär med Olof Lindqvist som berättare. Lindqvist pratar lugnt."
    got = run(text, "expository")
    assert not any(t in ("Olof", "Lindqvist") for t, _ in got)


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
