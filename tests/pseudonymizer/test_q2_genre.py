"""Genre profile rules of the q2-genre branch, on invented sentences."""

from __future__ import annotations

from pseudonymizer.document import Candidate
from pseudonymizer.pipeline import annotate
from pseudonymizer.profiles import _named_school
from pseudonymizer.tokenize import tokenize


def spans(text: str, genre: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in annotate(text, genre=genre).spans]


def test_topic_essay_keeps_a_named_school_in_a_paragraph_about_the_writer() -> None:
    text = (
        "Jag vill förklara varför unga hamnar utanför.\n\n"
        "Den andra orsaken är segregationen. På Ekbackens skola var nästan alla elever "
        "födda utomlands. Vi lärde oss svenska av varandra."
    )
    assert ("Ekbackens skola", "school") in spans(text, "explanatory")


def test_topic_essay_drops_school_types_named_in_general() -> None:
    text = (
        "I Sverige är skolan gratis. För vuxna finns Komvux och SFI. "
        "Jag läser svenska varje dag."
    )
    got = spans(text, "explanatory")
    assert not any(t in ("Komvux", "SFI") for t, _ in got)


def test_topic_essay_keeps_the_writers_workplace_in_every_mention() -> None:
    text = (
        "Jag jobbar på Lindby Bilverkstad sedan fem år.\n\n"
        "Många unga vill jobba med bilar. Lindby Bilverkstad tar emot praktikanter varje år."
    )
    got = spans(text, "explanatory")
    assert got.count(("Lindby Bilverkstad", "work")) == 2


def test_review_drops_a_characters_spouse_named_after_his_fru() -> None:
    text = (
        "Jag såg filmen Bruket. Harald är en gammal man. Hans fru Greta är död. "
        "Jag tyckte om filmen. Min fru Anna grät. Rektor Berit Ek var också där."
    )
    got = spans(text, "evaluative")
    assert ("Greta", "firstname_female") not in got
    assert ("Anna", "firstname_female") in got and ("Berit", "firstname_female") in got


def test_review_drops_the_places_the_work_tells_of_in_the_writers_sentence() -> None:
    text = (
        "Jag läste boken Kuben. Jag hade hört att den handlar om en kille i Göteborg, och jag "
        "var nyfiken på hur en författare med rötter i Marocko skriver. Jag bor själv i Lund."
    )
    got = spans(text, "evaluative")
    assert not any(t in ("Göteborg", "Marocko") for t, _ in got)
    assert ("Lund", "city") in got


def test_review_keeps_the_writers_country_the_work_tells_of() -> None:
    text = (
        "Jag läste boken Gryning. Den betyder mycket för mig eftersom den handlar om Peru, "
        "om vår historia och vår mat."
    )
    assert ("Peru", "country") in spans(text, "evaluative")


def test_signed_town_after_the_writers_name_is_a_city() -> None:
    text = "Jag har läst boken. Den var bra.\n\nLejla, Landvetter"
    assert ("Landvetter", "city") in spans(text, "evaluative")



def test_a_school_name_in_lower_case_is_a_named_school() -> None:
    text = "I alingsås skolan får alla lunch. För vuxna finns komvux."
    doc = tokenize(text)
    named = Candidate(2, 17, "school")
    generic = Candidate(text.index("komvux"), text.index("komvux") + 6, "school")
    assert _named_school(doc, named) and not _named_school(doc, generic)


def test_the_newspaper_of_an_article_is_dropped() -> None:
    text = (
        "Jag bor i Sandviken. Jag intervjuade tre grannar och läste dessutom en artikel i "
        "Borås Tidning om bussarna."
    )
    got = spans(text, "investigative")
    assert not any(t in ("Borås", "Borås Tidning") for t, _ in got)


def test_signature_above_a_school_line_is_kept_in_a_filtered_genre() -> None:
    text = (
        "Jag har läst en artikel om bostäder. Jag håller med artikeln.\n\n"
        "Maria Okello\nKlass 3B, Komvux Gävle"
    )
    got = spans(text, "investigative")
    assert ("Okello", "surname") in got and ("Komvux Gävle", "school") in got


def test_a_heading_over_a_short_last_line_is_no_signature() -> None:
    text = (
        "Jag vill förklara varför föreningar är viktiga. Man får vänner.\n\n"
        "Slutsats\nMalmö är bäst"
    )
    assert ("Malmö", "city") not in spans(text, "explanatory")


def test_places_listed_as_examples_of_a_plural_place_noun_are_dropped() -> None:
    text = (
        "Jag har läst en artikel om flyktingar. Jag tror att många länder som Syrien, Irak "
        "och Eritrea har problem. Jag kommer från Bagdad."
    )
    got = spans(text, "investigative")
    assert not any(t in ("Syrien", "Irak", "Eritrea") for t, _ in got)
    assert ("Bagdad", "city") in got
    text = "Att hitta en bostad är svårt, särskilt i städer nära Malmö. Jag bor i Lund."
    assert [t for t, _ in spans(text, "expository")] == ["Lund"]
