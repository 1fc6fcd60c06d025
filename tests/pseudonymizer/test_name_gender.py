"""The character model of first-name gender (pseudonymizer/detectors/name_gender.py) and its use
for unlisted first names. The names below are in no gold set and in no shipped list."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.name_gender import GenderModel, cross_validate, model_for
from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def gaz() -> Gazetteer:
    return Gazetteer.default()


# unlisted names whose gender the spelling gives (Igbo, Uzbek, Hindi, Norse, Zulu, Tajik)
UNSEEN = [
    ("chidinma", "female"), ("yulduz", "female"), ("priyanka", "female"),
    ("gunnhild", "female"), ("aigul", "female"),
    ("tochukwu", "male"), ("nkululeko", "male"), ("mthokozisi", "male"), ("bekzod", "male"),
]


@pytest.mark.parametrize(("name", "gender"), UNSEEN)
def test_unseen_names(gaz: Gazetteer, name: str, gender: str) -> None:
    assert name not in gaz._groups["names"].entries  # really unlisted
    assert model_for(gaz).gender(name) == gender


@pytest.mark.parametrize("name", ["bongani", "omphile"])
def test_unsure_names_get_no_gender(gaz: Gazetteer, name: str) -> None:
    # the endings -ani / -ile are shared by men's and women's names: the model abstains
    assert model_for(gaz).gender(name) is None


def test_not_a_name_shape() -> None:
    model = GenderModel([("anna", "female"), ("erik", "male")])
    assert model.gender("x") is None
    assert model.gender("ann-britt") is None


def test_model_learns_endings() -> None:
    names = [("maria", "female"), ("anna", "female"), ("lina", "female"),
             ("mario", "male"), ("pedro", "male"), ("bruno", "male")]
    model = GenderModel(names)
    assert model.log_odds("carla") > 0 > model.log_odds("carlo")


def test_cross_validation_on_the_lists(gaz: Gazetteer) -> None:
    from pseudonymizer.detectors.name_gender import learner_names, listed_names

    # 10-fold accuracy of the confident answers (|log-odds| >= 1) on all listed names
    result = cross_validate(listed_names(gaz), thresholds=(1.0,), weights=learner_names())
    coverage, accuracy = result[1.0]
    assert coverage > 0.7 and accuracy > 0.85


@pytest.fixture(scope="module")
def det(gaz: Gazetteer) -> NameDetector:
    return NameDetector(gaz)


@pytest.mark.parametrize(("text", "expected"), [
    # no gender in the context: the spelling decides
    ("Min kompis Chidinma bor i Kista.", [("Chidinma", "firstname_female")]),
    ("Min kompis Yulduz bor i Kista.", [("Yulduz", "firstname_female")]),
    ("Min kompis Tochukwu bor i Kista.", [("Tochukwu", "firstname_male")]),
    # the context still outweighs the spelling
    ("Min bror Chidinma bor i Kista.", [("Chidinma", "firstname_male")]),
    ("Min syster Tochukwu bor i Kista.", [("Tochukwu", "firstname_female")]),
])
def test_detector_uses_the_model_only_without_context(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # Swedish everyday short forms of the curated list (men's -e/-a, women's -an/-is/-i)
    ("Min kompis Ludde bor i Kista.", [("Ludde", "firstname_male")]),
    ("Igår fikade jag med Perra och Cissi.", [("Perra", "firstname_male"),
                                              ("Cissi", "firstname_female")]),
    ("Min kompis Bittan bor i Kista.", [("Bittan", "firstname_female")]),
    # Sinhala men's names in -a are men's, the women's stay women's
    ("Min kompis Chamara bor i Kista.", [("Chamara", "firstname_male")]),
    ("Min kompis Nadeeka bor i Kista.", [("Nadeeka", "firstname_female")]),
    # a relative still outweighs the list
    ("Min syster Ludde bor i Kista.", [("Ludde", "firstname_female")]),
])
def test_curated_short_forms_and_sinhala_names(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize("word", ["bulle", "ankan", "stickan", "lillan", "gullis"])
def test_short_forms_that_are_swedish_words_are_not_listed(gaz: Gazetteer, word: str) -> None:
    entries = gaz.entries_for_key("names", word)
    assert not any(e.label.startswith("firstname") and e.weight >= 50 for e in entries)


@pytest.mark.parametrize(("text", "expected"), [
    # the masculine weak form of an adjective right before the name makes it a man's
    ("Käre Kim!\nTack för brevet.", [("Kim", "firstname_male")]),
    ("Jag ringde till lille Robin igår.", [("Robin", "firstname_male")]),
    ("Käre Chidinma!\nTack för brevet.", [("Chidinma", "firstname_male")]),
    # the common forms say nothing: a unisex name stays unknown, a woman's name a woman's
    ("Kära Kim!\nTack för brevet.", [("Kim", "firstname_unknown")]),
    ("Jag ringde till lilla Robin igår.", [("Robin", "firstname_unknown")]),
    ("Kära Chidinma!\nTack för brevet.", [("Chidinma", "firstname_female")]),
    # not right before the name
    ("Käre vän, igår träffade jag Kim.", [("Kim", "firstname_unknown")]),
])
def test_masculine_adjective_before_the_name(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # relatives of one gender beyond the common family words: a unisex name takes their gender
    ("Min hustru Kim jobbar på sjukhuset.", [("Kim", "firstname_female")]),
    ("Min bonuspappa Robin lagar mat.", [("Robin", "firstname_male")]),
    ("Kim är min exfru.", [("Kim", "firstname_female")]),
    ("Robin är min styvson.", [("Robin", "firstname_male")]),
    # a neutral relative says nothing
    ("Min kusin Kim jobbar på sjukhuset.", [("Kim", "firstname_unknown")]),
])
def test_more_gendered_relatives(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


def test_gendered_word_sets_do_not_overlap() -> None:
    from pseudonymizer.detectors.name_gender import MAN_BEFORE, WOMAN_BEFORE

    assert not MAN_BEFORE & WOMAN_BEFORE


@pytest.mark.parametrize(("text", "expected"), [
    # kin words of the learners' own languages
    ("Min nonna Kim bor i Bari.", [("Kim", "firstname_female")]),
    ("Min abuelo Robin bor i Lima.", [("Robin", "firstname_male")]),
    # "tio"/"tia" are Swedish number words, not the Spanish uncle and aunt
    ("Klockan tio kom Kim hem.", [("Kim", "firstname_unknown")]),
])
def test_foreign_kin_words(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # what the writer says of themselves gives their own unisex or unlisted name a gender
    ("Jag heter Kim. Jag är mormor till fyra barn.", [("Kim", "firstname_female")]),
    ("Jag heter Kim och jag är son till en fiskare.", [("Kim", "firstname_male")]),
    ("Jag heter Kim. Min exman bor i Malmö.", [("Kim", "firstname_female")]),
    # someone else's relatives say nothing about the writer
    ("Jag heter Kim. Min kompis är son till en fiskare.", [("Kim", "firstname_unknown")]),
])
def test_more_writer_self_statements(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # Thai women's names and nicknames of the curated list
    ("Min kompis Wanpen bor i Kista.", [("Wanpen", "firstname_female")]),
    ("Min kompis Kwan bor i Kista.", [("Kwan", "firstname_female")]),
    ("Min kompis Pongsak bor i Kista.", [("Pongsak", "firstname_male")]),
])
def test_thai_names(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the reader's partner gives the letter's addressee a gender, also over a unisex name
    ("Hej Kim!\nHur mår du? Hälsa din man från mig.\nKram", [("Kim", "firstname_female")]),
    ("Hej Kim!\nHur mår du och din fru?\nKram", [("Kim", "firstname_male")]),
    ("Hej Tochukwu!\nHälsa din man från mig.\nKram", [("Tochukwu", "firstname_female")]),
    # both or neither: nothing changes
    ("Hej Kim!\nHur mår du? Hälsa din bror.\nKram", [("Kim", "firstname_unknown")]),
    ("Hej Kim!\nHälsa din man och din fru.\nKram", [("Kim", "firstname_unknown")]),
    # a listed woman's or man's name keeps its gender
    ("Hej Erik!\nHälsa din man från mig.\nKram", [("Erik", "firstname_male")]),
    # not a letter's addressee: no change
    ("Igår såg jag Kim. Hälsa din man.", [("Kim", "firstname_unknown")]),
])
def test_addressee_partner(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Jag heter Kim. Jag är tvåbarnsmamma.", [("Kim", "firstname_female")]),
    ("Jag heter Kim och jag är pappaledig nu.", [("Kim", "firstname_male")]),
    ("Jag heter Kim och jag är föräldraledig nu.", [("Kim", "firstname_unknown")]),
])
def test_writer_parent_compounds(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the relation after the name: "X är min …", "X som är min …", "X (min …)"
    ("Kim som är min syster bor i Umeå.", [("Kim", "firstname_female")]),
    ("Igår kom Robin (min bror) på besök.", [("Robin", "firstname_male")]),
    ("Kim som är min kompis bor i Umeå.", [("Kim", "firstname_unknown")]),
])
def test_relation_after_the_name(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # Turkic patronymics and the Nordic -dotter give an unsure first name its gender
    ("Jag heter Zewditu Nurlanqyzy och bor i Umeå.",
     [("Zewditu", "firstname_female"), ("Nurlanqyzy", "surname")]),
    ("Jag heter Zewditu Serikuly och bor i Umeå.",
     [("Zewditu", "firstname_male"), ("Serikuly", "surname")]),
    ("Jag heter Chidinma Huseyn Oglu.",
     [("Chidinma", "firstname_male"), ("Huseyn", "middlename"), ("Oglu", "surname")]),
    ("Jag heter Tochukwu Larsdotter.",
     [("Tochukwu", "firstname_female"), ("Larsdotter", "surname")]),
    # a Swedish -sson surname says nothing
    ("Jag heter Kim Andersson.", [("Kim", "firstname_unknown"), ("Andersson", "surname")]),
])
def test_turkic_and_nordic_patronymics(
        det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


@pytest.mark.parametrize("name", ["Kaltun", "Hodo", "Xaawo"])
def test_somali_women_names(det: NameDetector, name: str) -> None:
    text = f"Min kompis {name} bor i Kista."
    assert labelled(det, text) == [(name, "firstname_female")]
