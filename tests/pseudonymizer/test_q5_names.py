"""First names and their gender (round q5): a quoted name after a naming verb ("alla sa
"Vivvi"", "hemma säger vi "Tiffi"", "vi kallar henne "Majsan""), the nickname taking the
gender of the person's name in the same sentence. Invented sentences; names and places chosen
outside the gold sets."""

from pseudonymizer import annotate


def _labels(text: str) -> dict[str, str]:
    return {text[s.start:s.end]: s.label for s in annotate(text, seed=1).spans}


def test_quoted_nickname_after_kallar_henne():
    labels = _labels('Vi är grannar. Olvinda kallar henne "Majsan" och bakar bullar åt henne.')
    assert labels.get("Majsan") == "firstname_female"


def test_quoted_nickname_after_inverted_saying_verb_beside_a_name():
    labels = _labels('Min syster heter Ulvhild men hemma säger vi "Tiffi". Hon är tio år.')
    assert labels.get("Tiffi") == "firstname_female"


def test_quoted_nickname_takes_the_gender_of_the_name_it_shortens():
    labels = _labels('Min chef hette Gunbritt på papperet men alla sa "Vivvi". Vivvi var snäll.')
    assert labels.get("Vivvi") == "firstname_female"


def test_quoted_kin_word_with_a_name_is_not_taken_whole():
    # "Mama Zorbek": the quote holds a kin word before the name; "Mama" is no first name
    labels = _labels('Hon heter Zorbeka men alla kallar henne "Mama Zorbek". Hon bor i Kalvträsk.')
    assert "Mama" not in labels


def test_quoted_speech_after_saying_verb_is_no_name():
    labels = _labels('Läraren var glad och alla sa "Grattis". Sedan gick vi hem.')
    assert "Grattis" not in labels


def test_pronoun_after_a_vocative_is_somebody_else():
    # Ebbalina is spoken to ("du"); "honom" is the baby, not her
    labels = _labels("Hej Ebbalina! Tack för presenten till vår son! Ebbalina, du "
                     "sa att du ville hålla honom, nu är det din chans.")
    assert labels.get("Ebbalina") == "firstname_female"


def test_pronoun_after_a_name_without_vocative_still_decides():
    labels = _labels("Vi träffade Torvaldi i parken. Han hade en stor hund.")
    assert labels.get("Torvaldi") == "firstname_male"


def test_frequent_first_name_that_is_a_region_before_a_surname():
    # "Victoria" is a region of several countries, but before a Slavic surname it is a woman
    labels = _labels("Jag bodde i Bydgoszczyk. Victoria Brzozowska var min bästa vän där.")
    assert labels.get("Victoria") == "firstname_female"
    assert labels.get("Brzozowska") == "surname"


def test_region_after_a_place_preposition_stays_a_place():
    labels = _labels("Min moster bor i Victoria. Det är varmt där.")
    assert labels.get("Victoria") != "firstname_female"


def test_name_in_apposition_to_a_friend():
    labels = _labels("Vi var tre: min kusin Fadilo och en kompis från jobbet, Muhtadir. "
                     "Vi åkte tåg.")
    assert labels.get("Muhtadir") == "firstname_male"


def test_town_in_apposition_to_a_neighbour_stays_a_town():
    labels = _labels("Jag flyttade hit med en granne från byn, Sundsvall.")
    assert labels.get("Sundsvall") == "city"


def test_nickname_takes_the_gender_over_a_guess_from_its_spelling():
    # "Ninno" looks like a man's name by its ending; it is what people call Gunbritt
    labels = _labels('Min chef hette Gunbritt på papperet men alla sa "Ninno". Ninno var snäll.')
    assert labels.get("Ninno") == "firstname_female"


def test_listed_name_in_a_called_slot_keeps_its_own_gender():
    # a firm listed man's name after "alla säger" is not overruled by a woman named before
    labels = _labels("Min syster heter Gunbritt och alla säger Tommi till hennes son.")
    assert labels.get("Tommi") == "firstname_male"


def test_quoted_noun_nickname_is_no_name():
    labels = _labels('Eleverna kallade honom "Chefen" bakom hans rygg, men inte elakt.')
    assert "Chefen" not in labels


def test_person_spoken_to_at_the_start_of_a_quote():
    labels = _labels('Först kände jag inte igen henne. Sedan sa hon "Tiffa, det är jag!"')
    assert labels.get("Tiffa") == "firstname_female"


def test_word_opening_a_quote_is_no_name():
    labels = _labels('Min chef sa: "Jobba, jobba!" och sedan gick han hem.')
    assert "Jobba" not in labels


def test_presented_person_from_a_place():
    labels = _labels("En spelar hockey, det är Harpreetu från Gujarat. Han säger att det är kul.")
    assert labels.get("Harpreetu") == "firstname_male"


def test_thing_from_a_place_is_no_person():
    labels = _labels("Det bästa kaffet är Lavazzo från Italien.")
    assert "Lavazzo" not in labels
