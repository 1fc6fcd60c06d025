"""fam flags (`gen`, `pl`, `def`+`pl`) and fam precision rules, on invented sentences."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.pipeline import annotate
from tests.pseudonymizer.knowledge_helpers import flagged


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


FLAG_CASES = [
    # plural forms, also in compounds
    ("Jag saknar mina kusiner och mina klasskompisar.",
     {"kusiner": {"pl"}, "klasskompisar": {"pl"}}),
    ("Mina svärföräldrar och mina bröder bor i Lund.",
     {"svärföräldrar": {"pl"}, "bröder": {"pl"}}),
    # definite plurals
    ("Mina två söner går i skolan. Sönerna spelar fotboll.",
     {"söner": {"pl"}, "Sönerna": {"def", "pl"}}),
    # a neuter with one form for both numbers: plural unless a singular determiner stands before
    ("Vi har fyra barn och mina syskon bor i Malmö.", {"barn": {"pl"}, "syskon": {"pl"}}),
    ("Mitt yngsta barn heter Olle.", {"barn": set()}),
    # singulars that end like a plural get nothing; a definite singular gets nothing either
    ("Min syster och min svåger bor i Umeå.", {"syster": set(), "svåger": set()}),
    ("Min farbror och sonen i Lund.", {"farbror": set()}),
    # genitives: listed as a form of their own ("mammas") or not
    ("Min mammas syster och mina föräldrars hus.",
     {"mammas": {"gen"}, "föräldrars": {"gen", "pl"}}),
    # "kompis" ends in s but is no genitive
    ("Min kompis heter Sven.", {"kompis": set()}),
]


@pytest.mark.parametrize(("text", "expected"), FLAG_CASES)
def test_fam_flags(det: MarkupDetector, text: str, expected: dict[str, set[str]]) -> None:
    got = flagged(det, text)
    for word, flags in expected.items():
        assert word in got, (word, got)
        label, cand_flags, _ = got[word]
        assert label == "fam"
        assert set(cand_flags) == flags, (word, cand_flags)


def test_fam_flags_keep_the_word() -> None:
    """fam is kept as written whatever its flags: the target text is the source text."""
    text = "Mina barn och mina föräldrars vänner. Barnen leker med mina kusiner."
    result = annotate(text)
    assert result.target == text
    assert {s.text for s in result.spans if s.label == "fam"} >= {"barn", "Barnen", "kusiner"}


LABEL_CASES = [
    # a translation of a foreign kin word is no second mention
    ("Min nonna, det betyder mormor, bakade bröd.", ["nonna"]),
    ("Jag saknar min lola. Det betyder på svenska farmor.", ["lola"]),
    # a sentence about people in general: their parents and friends are anyone's
    ("Barn kan ringa mamma och pappa om något händer.", []),
    ("Ungdomar behöver kompisar och föräldrar.", []),
    # the writer's own relatives in the same kind of sentence stay
    ("Barn i Sverige leker ute, men min mamma är orolig.", ["mamma"]),
    # plural compounds of the extra kin words
    ("Mina lillasystrar och storebröder bor i Lund.", ["lillasystrar", "storebröder"]),
]


@pytest.mark.parametrize(("text", "expected"), LABEL_CASES)
def test_fam_labels(det: MarkupDetector, text: str, expected: list[str]) -> None:
    got = [w for w, (label, _, _) in flagged(det, text).items() if label == "fam"]
    assert sorted(got) == sorted(expected)


OTHER_CASES = [
    # edu: a course passed or named as the setting of a task is not what the writer studies
    ("Jag har klarat svenska 3 på Komvux.", []),
    ("I kursen Svenska som andraspråk 3 fick vi skriva en text.", []),
    ("Nu läser jag Svenska 2 på Komvux.", [("Svenska 2", "edu")]),
    # prof: the job of a person outside the writer's circle, named before "som är"
    ("Vår granne Olle, som är snickare, hjälpte oss.", []),
    ("Min kollega, som var läkare i Syrien, jobbar här.", []),
    ("Min bror, som är läkare, bor i Lund.", [("bror", "fam"), ("läkare", "prof")]),
    # sensitive: an everyday or a feared mood is no condition
    ("Jag har redan lite ångest inför provet.", []),
    ("Jag trodde att jag skulle bli deprimerad.", []),
    ("Jag har ångest sedan kriget.", [("ångest", "sensitive")]),
]


@pytest.mark.parametrize(("text", "expected"), OTHER_CASES)
def test_markup_labels(det: MarkupDetector, text: str, expected: list[tuple[str, str]]) -> None:
    got = sorted((w, label) for w, (label, _, _) in flagged(det, text).items())
    assert got == sorted(expected)


def test_friends_wished_for(det: MarkupDetector) -> None:
    """Friends one hopes to gain are nobody yet; friends gained are the writer's."""
    text = "Det är svårt att få svenska vänner. Jag fick många kompisar i klubben."
    got = [w for w, (label, _, _) in flagged(det, text).items() if label == "fam"]
    assert got == ["kompisar"]


VOCABULARY_CASES = [
    # professions the list lacked, and compounds of productive job tails
    ("Min pappa var agronom i Kabul.", [("pappa", "fam"), ("agronom", "prof")]),
    ("Min bror jobbar som plattläggare.", [("bror", "fam"), ("plattläggare", "prof")]),
    ("Min svåger är mjölkbonde.", [("svåger", "fam"), ("mjölkbonde", "prof")]),
    ("Jag läser till kemist på universitetet.", [("kemist", "edu")]),
    # health words the list lacked
    ("Jag har haft ischias sedan i våras.", [("ischias", "sensitive")]),
    ("Första året hade jag svår sömnlöshet.", [("sömnlöshet", "sensitive")]),
    # a farmer as a person, not a job held
    ("Bonden var snäll mot oss.", []),
]


@pytest.mark.parametrize(("text", "expected"), VOCABULARY_CASES)
def test_vocabulary(det: MarkupDetector, text: str, expected: list[tuple[str, str]]) -> None:
    got = sorted((w, label) for w, (label, _, _) in flagged(det, text).items())
    assert got == sorted(expected)


def test_children_of_an_ex_partner(det: MarkupDetector) -> None:
    """An ex-husband's and the writer's children: "barnen" after "min exman" is the family's."""
    text = "Min exman bor i Gdańsk. Nu fungerar det bra för barnen."
    got = sorted(w for w, (label, _, _) in flagged(det, text).items() if label == "fam")
    assert got == ["barnen", "exman"]


GROUP_EDU_CASES = [
    ("Kursen passar alla med vårdutbildning från ett annat land.", []),
    ("Många invandrare med universitetsexamen får inget jobb.", []),
    ("Jag har en universitetsexamen från Kabul.", [("universitetsexamen", "edu")]),
]


@pytest.mark.parametrize(("text", "expected"), GROUP_EDU_CASES)
def test_group_education(det: MarkupDetector, text: str, expected: list[tuple[str, str]]) -> None:
    got = sorted((w, label) for w, (label, _, _) in flagged(det, text).items() if label == "edu")
    assert got == sorted(expected)


READER_CASES = [
    # every relative of a greeting's list is the reader's
    ("Hälsa till din bror och din mamma! Vi ses i juli.", []),
    # the writer's own relative in the same kind of list stays
    ("Jag och din mamma åker till Lund.", ["mamma"]),
    # an age adjective between a reflexive and the kin word: the subject decides
    ("Jag minns en kvinna som hade med sig sin tioårige son.", []),
    ("Min tioårige son spelar fotboll.", ["son"]),
]


@pytest.mark.parametrize(("text", "expected"), READER_CASES)
def test_reader_and_reflexive(det: MarkupDetector, text: str, expected: list[str]) -> None:
    got = sorted(w for w, (label, _, _) in flagged(det, text).items() if label == "fam")
    assert got == sorted(expected)


PARTNER_CASES = [
    # a partner the writer says they have, without a possessive
    ("Jag har en man och två barn.", ["man", "barn"]),
    ("Det kom en man och frågade om vägen.", []),
    ("Hon har en man som heter Ali.", []),
    # foster and step relatives
    ("Min fosterpappa bor i Umeå och mina fosterföräldrar hälsar.", ["fosterpappa",
                                                                     "fosterföräldrar"]),
]


@pytest.mark.parametrize(("text", "expected"), PARTNER_CASES)
def test_partner_and_foster(det: MarkupDetector, text: str, expected: list[str]) -> None:
    got = sorted(w for w, (label, _, _) in flagged(det, text).items() if label == "fam")
    assert got == sorted(expected)


PROF_SUBJECT_CASES = [
    ("En läkare från Aleppo kan plötsligt bli städare.", []),
    ("En dag blev jag lärare.", [("lärare", "prof")]),
    ("En vän till mig jobbar som lärare.", [("vän", "fam"), ("lärare", "prof")]),
]


@pytest.mark.parametrize(("text", "expected"), PROF_SUBJECT_CASES)
def test_indefinite_subject(det: MarkupDetector, text: str,
                            expected: list[tuple[str, str]]) -> None:
    got = sorted((w, label) for w, (label, _, _) in flagged(det, text).items())
    assert got == sorted(expected)


COMPARED_ROLE_CASES = [
    ("Jag tror att jag blir lyckligare som kock än som ingenjör.", []),
    ("Han är bättre som tränare.", []),
    ("Jag började tidigare som städare.", [("städare", "prof")]),
    ("Jag jobbar som kock.", [("kock", "prof")]),
]


@pytest.mark.parametrize(("text", "expected"), COMPARED_ROLE_CASES)
def test_compared_role(det: MarkupDetector, text: str, expected: list[tuple[str, str]]) -> None:
    got = sorted((w, label) for w, (label, _, _) in flagged(det, text).items())
    assert got == sorted(expected)


MEET_CASES = [
    ("Han gick ut varje kväll, och där träffade han fel kompisar.", []),
    ("Min son träffade nya kompisar.", ["son"]),
    ("Där träffade jag mina vänner.", ["vänner"]),
]


@pytest.mark.parametrize(("text", "expected"), MEET_CASES)
def test_friends_met_by_others(det: MarkupDetector, text: str, expected: list[str]) -> None:
    got = sorted(w for w, (label, _, _) in flagged(det, text).items() if label == "fam")
    assert got == sorted(expected)
