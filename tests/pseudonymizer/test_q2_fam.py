"""Round 2 of fam precision and recall rules (branch q2-fam), on invented sentences."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.pipeline import annotate
from tests.pseudonymizer.knowledge_helpers import flagged


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


def fam_words(det: MarkupDetector, text: str) -> list[str]:
    return sorted(w for w, (label, _, _) in flagged(det, text).items() if label == "fam")


FAM_CASES = [
    # friends the writer has stay
    ("Jag fick många kompisar i klubben.", ["kompisar"]),
    ("Jag har bara polska kompisar.", ["kompisar"]),
    # the friends of a relative named as the subject
    ("Min fru Greta har många kompisar från jobbet.", ["fru"]),
    # "sin/sina": the friends of a third-person subject, never the writer's
    ("Mina barn pratar turkiska med sina kompisar.", ["barn"]),
    ("Min son leker med sina bästa vänner.", ["son"]),
    ("Han reste med sin vän Tore.", []),
    # the writer's own friends stay
    ("Jag leker med mina kompisar.", ["kompisar"]),
    # children counted by "alla/fler": every child of a gathering or of a grandparent
    ("Min fru bakar kakor åt alla barnen.", ["fru"]),
    ("Farfar satt på gården och alla barnbarn stod i kö.", ["Farfar"]),
    ("Mina många barnbarn kom på besök.", ["barnbarn"]),
    # "barnen" of a general contrast with adults, or reported by a teller
    ("Vi har två barn. De vuxna äter som förut, men barnen vill ha pizza.", ["barn"]),
    ("Vi har två barn. Läraren berättade att barnen i klassen är trötta.", ["barn"]),
    ("Vi har två barn. På sommaren badar barnen i sjön.", ["barn", "barnen"]),
    # the children of a country, in a sentence opened by it
    ("Vi har två barn. I Peru börjar barnen skolan när de är sex år.", ["barn"]),
]


@pytest.mark.parametrize(("text", "expected"), FAM_CASES)
def test_fam_friends(det: MarkupDetector, text: str, expected: list[str]) -> None:
    assert fam_words(det, text) == sorted(expected)


VOCABULARY_CASES = [
    # a learner's or an English word for a parent or a sibling, after a possessive
    ("Jag bor med min mama och min papa.", ["mama", "papa"]),
    ("Min sister bor i Kiruna.", ["sister"]),
    ("Papa Smurf är blå.", []),
    # grandchildren by their line, great-grandparents, bonus relatives, a beloved
    ("Min sonson och min dotterdotter kom.", ["dotterdotter", "sonson"]),
    ("Min gammelmormor och min bonusdotter.", ["bonusdotter", "gammelmormor"]),
    ("Min käresta heter Tove.", ["käresta"]),
    # the colloquial parents
    ("Morsan ringde och farsan skrev.", ["Morsan", "farsan"]),
]


@pytest.mark.parametrize(("text", "expected"), VOCABULARY_CASES)
def test_fam_vocabulary(det: MarkupDetector, text: str, expected: list[str]) -> None:
    assert fam_words(det, text) == sorted(expected)


def test_spoken_definite_plural_of_barn(det: MarkupDetector) -> None:
    """"barna" (spoken "barnen") is the writer's children like "barnen", flagged def+pl."""
    got = flagged(det, "Vi har två barn. Men barna förstår svenska.")
    assert got["barna"][0] == "fam"
    assert set(got["barna"][1]) == {"def", "pl"}
    assert "barna" not in {w for w, (label, _, _) in flagged(
        det, "Jag tror att barna i Sverige kan leka ute.").items() if label == "fam"}


def test_new_words_keep_their_text() -> None:
    text = "Min sonson och min mama. Vi har två barn, och barna leker."
    result = annotate(text)
    assert result.target == text
    assert {s.text for s in result.spans if s.label == "fam"} >= {"sonson", "mama", "barna"}


SENSITIVE_CASES = [
    # the partner named as "min man" is a relative; a remark naming no one between keeps the
    # chain ("Det tar tid.")
    ("Min man jobbar i Umeå och han åker buss. Det tar tid. Han har diabetes.",
     ["diabetes"]),
    # a friend described over many sentences: her faith is marked like a relative's
    ("Jag intervjuade min kompis Tekla. Hon bor i Gävle. Hon är 40 år. Hon tränar. "
     "Hon läser mycket. Hon har en katt. Hon är muslim.", ["muslim"]),
    # a neighbour is no relative
    ("Min granne är snäll. Det är bra. Han har diabetes.", []),
]


@pytest.mark.parametrize(("text", "expected"), SENSITIVE_CASES)
def test_sensitive_after_partner(det: MarkupDetector, text: str, expected: list[str]) -> None:
    got = sorted(w for w, (label, _, _) in flagged(det, text).items() if label == "sensitive")
    assert got == expected


PROF_EDU_CASES = [
    # a job as the topic of a sentence opened by "Att arbeta som": anyone's
    ("Att arbeta som snickare i Sverige kräver utbildning.", []),
    ("Jag arbetar som snickare i Borås.", [("snickare", "prof")]),
    # the degree taken "som X" is an education
    ("Jag hade precis tagit examen som ingenjör.", [("ingenjör", "edu")]),
    # "jobb som utrikes född": no job; a children's TV programme: no study programme
    ("Det är svårt att hitta jobb som utrikes född.", []),
    ("Jag tittade på barnprogram på kvällen.", []),
]


@pytest.mark.parametrize(("text", "expected"), PROF_EDU_CASES)
def test_prof_edu(det: MarkupDetector, text: str, expected: list[tuple[str, str]]) -> None:
    got = sorted((w, label) for w, (label, _, _) in flagged(det, text).items()
                 if label in ("prof", "edu"))
    assert got == sorted(expected)
