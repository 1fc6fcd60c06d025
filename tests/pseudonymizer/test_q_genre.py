"""Genre profile rules of the q-genre branch, on invented sentences: general places in
argumentative essays."""

from __future__ import annotations

from tests.pseudonymizer.detector_helpers import profile_kept as run

ARGUMENT = (
    "Till Folkhögskolan i Mariestad\n\n"
    "Jag tycker att bussen borde vara gratis. Jag bor i Hjo och åker varje dag.\n\n"
    "I Tallinn i Estland har bussarna varit gratis länge. Det fungerar bra där.\n\n"
    "Men i många små kommuner i Jämtland är bussarna dyra. Kurserna borde finnas i hela "
    "landet, inte bara i Göteborg. Jag har en kompis i Lidköping."
)


def test_argumentative_drops_places_of_a_general_paragraph() -> None:
    got = run(ARGUMENT, "argumentative")
    assert ("Tallinn", "city") not in got and ("Estland", "country") not in got


def test_argumentative_drops_places_of_a_general_statement() -> None:
    got = run(ARGUMENT, "argumentative")
    assert not any(t in ("Jämtland", "Göteborg") for t, _ in got)


def test_argumentative_keeps_the_writers_places() -> None:
    got = run(ARGUMENT, "argumentative")
    assert ("Hjo", "city") in got and ("Lidköping", "city") in got
    assert ("Mariestad", "city") in got  # the addressee line


def test_argumentative_keeps_a_place_the_writer_ties_to_themselves() -> None:
    text = (
        "Skolan borde vara gratis.\n\nI Norge och Estland är skolan gratis.\n\n"
        "Jag kommer från Estland och bor i Hjo."
    )
    got = run(text, "argumentative")
    assert got.count(("Estland", "country")) == 2 and ("Norge", "country") not in got


def test_other_genres_keep_general_places() -> None:
    got = run(ARGUMENT, "narrative")
    assert ("Tallinn", "city") in got and ("Göteborg", "city") in got


def test_mitt_pa_is_no_first_person_cue() -> None:
    text = (
        "Serien handlar om två poliser.\n\n"
        "En kropp hittas mitt på en bro mellan Sverige och Danmark. Polisen kommer från "
        "Helsingborg.\n\nJag tycker att serien är bra."
    )
    got = run(text, "evaluative")
    assert not any(t in ("Danmark", "Helsingborg") for t, _ in got)


def test_partner_named_before_a_pronoun_sentence_is_the_writers() -> None:
    text = (
        "Filmen handlar om en polis. Jag såg filmen med min sambo Jonas. Han är född i "
        "Arvidsjaur och han säger att filmen är överdriven."
    )
    got = run(text, "evaluative")
    assert ("Arvidsjaur", "city") in got


def test_partner_then_a_story_sentence_stays_the_story() -> None:
    text = (
        "Jag såg filmen med min granne. Filmen handlar om Tobias, som flyttar till Småland "
        "när hans pappa blir sjuk."
    )
    got = run(text, "evaluative")
    assert ("Småland", "region") not in got


def test_place_inside_a_famous_title_is_not_labelled() -> None:
    got = run("Jag läste Emil i Lönneberga för min son. Vi bor i Vimmerby.", "narrative")
    assert ("Vimmerby", "city") in got and not any(t == "Lönneberga" for t, _ in got)


def test_place_after_har_i_is_the_writers() -> None:
    text = "Ramadan är en fest. Solen går ner sent i norr. Här i Halland går solen ner klockan tio."
    got = run(text, "expository")
    assert ("Halland", "region") in got


def test_signature_with_a_particle_surname_is_kept() -> None:
    text = "Bröllop i Irak är stora fester. Gästerna dansar hela natten.\n\nKarim al-Hashimi"
    got = run(text, "explanatory")
    assert ("Karim", "firstname_male") in got


def test_own_study_with_perfect_tense_question_verb() -> None:
    text = (
        "Jag har frågat fem personer i min klass vad de gör på fritiden.\n\n"
        "Amira från Eritrea gillar att promenera vid Storsjön."
    )
    got = run(text, "investigative")
    assert ("Amira", "firstname_female") in got and ("Eritrea", "country") in got


def test_staff_named_with_their_role_is_real() -> None:
    text = "I lördags åt vi på en restaurang. Maten var god. Servitören hette Aldo och var snabb."
    got = run(text, "evaluative")
    assert ("Aldo", "firstname_male") in got


def test_lived_here_ties_the_place_just_named_to_the_writer() -> None:
    text = (
        "Västmanland är ett landskap med många sjöar. Jag har bott här i sex år.\n\n"
        "Västmanland har också gamla bruk."
    )
    got = run(text, "expository")
    assert got.count(("Västmanland", "region")) == 2


def test_bare_kin_word_of_the_writer_in_a_review() -> None:
    from pseudonymizer.pipeline import annotate

    text = (
        "I lördags firade vi min mammas födelsedag på en restaurang. Maten var god.\n\n"
        "Betyg: tre av fem. Men mamma var glad."
    )
    spans = annotate(text, genre="evaluative").spans
    assert [s.text for s in spans if s.label == "fam"] == ["mammas", "mamma"]


def test_author_after_av_in_a_reading_sentence_is_not_labelled() -> None:
    text = "Jag har läst Hundra år av ensamhet av Gabriel Marcos på svenska. Jag tycker om den."
    got = run(text, "evaluative")
    assert not any(t in ("Gabriel", "Marcos") for t, _ in got)


def test_giver_after_av_stays_labelled() -> None:
    got = run("Jag fick boken av Sara. Jag har läst den två gånger.", "evaluative")
    assert ("Sara", "firstname_female") in got


def test_cited_source_is_not_labelled() -> None:
    from pseudonymizer.pipeline import annotate

    text = (
        "Enligt en rapport från Skolverket går alla barn i skolan. Enligt Boverket saknas "
        "bostäder. Jag jobbar på Volvo i Skövde."
    )
    labels = {s.text: s.label for s in annotate(text, genre="argumentative").spans}
    assert "Skolverket" not in labels and "Boverket" not in labels
    assert labels.get("Volvo") == "work"


def test_argumentative_people_in_general_and_their_places() -> None:
    text = (
        "Många nyanlända vill bo i Uppsala eller Västerås. Men jag tycker att en liten ort "
        "är bättre.\n\nJag bor i Åmål och har många vänner här."
    )
    got = run(text, "argumentative")
    assert not any(t in ("Uppsala", "Västerås") for t, _ in got)
    assert ("Åmål", "city") in got


def test_argumentative_keeps_the_people_of_the_writers_town() -> None:
    text = (
        "Jag jobbar på ett lager i Mölndal. Många Mölndalsbor jobbar där.\n\n"
        "Alla borde ha rätt till kortare arbetstid."
    )
    got = run(text, "argumentative")
    assert ("Mölndal", "city") in got and ("Mölndalsbor", "city") in got


def test_review_of_the_writers_course_keeps_its_school() -> None:
    from pseudonymizer.pipeline import annotate

    text = (
        "Förra året gick jag en utbildning till barnskötare på Lindskolan i Hallsberg. "
        "Här vill jag utvärdera den.\n\nLärarna var bra och kursen var lagom lång.\n\n"
        "Sammanfattningsvis är utbildningen bra, men Lindskolan borde ha mer praktik."
    )
    schools = [s.text for s in annotate(text, genre="evaluative").spans if s.label == "school"]
    assert schools.count("Lindskolan") == 2


def test_performer_of_a_concert_is_not_labelled() -> None:
    text = (
        "I fredags var jag på konsert med Anna Ternheim. Jag gick dit med min kompis Sara.\n\n"
        "Anna kom till Sverige som barn, precis som jag."
    )
    got = run(text, "evaluative")
    assert ("Sara", "firstname_female") in got
    assert not any(t in ("Anna", "Ternheim") for t, _ in got)


def test_discourse_sentence_makes_no_paragraph_about_the_writer() -> None:
    text = (
        "Floden är viktig för landet. Jag vill förklara varför. Den går genom Kassala och "
        "Atbara.\n\nJag kommer från Kosti."
    )
    got = run(text, "expository")
    assert ("Kosti", "city") in got
    assert not any(t in ("Kassala", "Atbara") for t, _ in got)


def test_more_famous_people_are_not_labelled() -> None:
    text = "Min syster Amal läser Camilla Läckberg och lyssnar på Evert Taube. Hon bor i Lund."
    got = run(text, "narrative")
    assert ("Amal", "firstname_female") in got and ("Lund", "city") in got
    assert not any(t in ("Camilla", "Läckberg", "Evert", "Taube") for t, _ in got)


def test_famous_single_first_name_is_weak() -> None:
    got = run("Min kusin Darwin bor i Lima. Darwin jobbar på ett hotell.", "narrative")
    assert ("Darwin", "firstname_male") in got


def test_creator_in_the_genitive_before_a_work_is_not_labelled() -> None:
    text = (
        "I lördags lyssnade jag på Dvořáks nionde symfoni med min kompis Mira. "
        "För mig är Dvořák inte bara en kompositör."
    )
    got = run(text, "evaluative")
    assert ("Mira", "firstname_female") in got
    assert not any(t.startswith("Dvořák") for t, _ in got)


def test_argumentative_keeps_the_town_of_the_signature() -> None:
    text = (
        "Skolan borde vara gratis för alla.\n\nI Norge är skolan gratis.\n\n"
        "Amina Yusuf, Ljusdal"
    )
    got = run(text, "argumentative")
    assert ("Ljusdal", "city") in got and ("Norge", "country") not in got
