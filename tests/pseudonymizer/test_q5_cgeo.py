"""Places of the writer's circle in the filtered genres (q5, consensus errors): the town or
country a person the writer knows comes from ("Leonhard kommer från X", "Han är från Y") stays
labelled in a review or a topic essay; a character's origin in a retold film does not.
Invented sentences; names and places chosen outside the gold sets."""

from pseudonymizer import annotate

_PLACES = {"city", "country", "region", "area"}


def _places(text: str, genre: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in annotate(text, genre=genre, seed=1).spans
            if s.label in _PLACES]


def test_teacher_named_before_kommer_fran_in_a_topic_essay():
    text = ("På min arbetsplats finns många kollegor. Benedikta lagar maten och Leonhard kör "
            "bussen. Leonhard kommer från Namibia och pratar fyra språk.")
    assert ("Namibia", "country") in _places(text, "expository")


def test_pronoun_after_a_named_friend_in_a_review():
    text = ("Kursen var bra och läraren förklarade allt. Jag träffade Ottokar där. "
            "Han är från Perugia och han bakar bröd. Kursen får ett bra betyg av mig.")
    assert ("Perugia", "city") in _places(text, "evaluative")


def test_character_of_a_retold_film_is_not_kept():
    text = ("Filmen handlar om en fiskare på en båt. En dag kommer en ny kock ombord. "
            "Hon kommer från Namibia och hon lär honom att laga mat.")
    assert _places(text, "evaluative") == []


def test_own_study_introduced_with_den_har_texten_is_read_as_personal():
    text = ("Till den här texten intervjuade jag fyra grannar om deras första vinter. "
            "Alla svar var olika.\n"
            "Min klasskamrat Ragnfrid från Namibia tyckte att kylan var värst. Hon flyttade "
            "till Livorno i januari och frös varje dag.")
    assert ("Livorno", "city") in _places(text, "investigative")


def test_an_article_called_texten_keeps_the_filter():
    text = ("Texten handlar om en kvinna som frågade fem grannar om vintern. "
            "Hon kom till Livorno i mars och frös. Jag tycker att den är bra.")
    assert _places(text, "investigative") == []


def _geo_labels(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in annotate(text, seed=1).spans
            if s.label in {"city", "geo", "place"}]


def test_unlisted_suburb_after_a_flat_is_a_town_in_every_mention():
    text = ("Vi bodde i en liten tvåa i Granbergen i sju år. Nu bor vi i ett hus. "
            "Jag saknar alla grannar i Granbergen.")
    assert _geo_labels(text) == [("Granbergen", "city"), ("Granbergen", "city")]


def test_cabin_in_an_unlisted_mountain_area_stays_geo():
    assert _geo_labels("I juli hyrde vi en stuga i Granbergen.") == [("Granbergen", "geo")]


def _institutions(text: str) -> list[str]:
    return [s.text for s in annotate(text, seed=1).spans if s.label == "other_institution"]


def test_authority_quoted_after_the_statement_is_a_source():
    assert _institutions("Många köper för mycket. Det är slöseri, säger Konsumentverket.") == []


def test_authority_the_writer_called_stays():
    assert _institutions("Jag ringde Konsumentverket i går och frågade om min soffa.") == [
        "Konsumentverket"]
