"""The gender of first names the lists do not know: a naming verb with an object pronoun
("vi kallar honom X", "alla kallade henne för X") decides it over the spelling model
(pseudonymizer/detectors/name_gender.py). Invented names and sentences."""

from pseudonymizer import annotate
from pseudonymizer.detectors.name_gender import naming_object_gender


def _labels(text: str) -> dict[str, str]:
    return {text[s.start:s.end]: s.label for s in annotate(text, seed=1).spans}


def test_naming_object_gender_words():
    assert naming_object_gender(["honom", "kallar", "vi"]) == "male"
    assert naming_object_gender(["för", "henne", "kallade"]) == "female"
    assert naming_object_gender(["till", "honom", "döpte"]) == "male"
    assert naming_object_gender(["honom", "såg", "vi"]) is None
    assert naming_object_gender(["henne"]) is None
    assert naming_object_gender([]) is None


def test_nickname_after_kallar_honom_is_a_mans():
    # the ending "-ka" reads as a woman's name; the pronoun says otherwise
    labels = _labels("Min äldsta son är tio år. Vi kallar honom Tomka. Min dotter Ewa är sju.")
    assert labels["Tomka"] == "firstname_male"


def test_nickname_after_kallade_henne_for_is_a_womans():
    # "-ik" reads as a man's name
    labels = _labels("Vi hade en granne. Alla kallade henne för Dorik. Min dotter Ewa är sju.")
    assert labels["Dorik"] == "firstname_female"


def test_pronoun_decides_a_rare_listed_name():
    # "Acarkan" is listed only as a woman's name, with a tiny weight from one foreign list
    # (it is a Turkish man's name): the pronoun about the person decides
    labels = _labels("Min kollega Acarkan är ny på jobbet. Han kommer från Izmir och är snäll.")
    assert labels["Acarkan"] == "firstname_male"


def test_common_listed_name_keeps_its_gender_against_a_pronoun():
    # a common listed name keeps the list's gender (the pronoun may be about someone else)
    labels = _labels("Jag ringde Karin i går. Han var inte hemma, sa hennes son.")
    assert labels["Karin"] == "firstname_female"
