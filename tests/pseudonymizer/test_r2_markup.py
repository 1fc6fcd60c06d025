"""Round 2 mark-up rules (prof, edu, sensitive): invented examples of each category."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


def _marks(det: MarkupDetector, text: str, label: str) -> list[str]:
    return [t for t, lab in labelled(det, text) if lab == label]


@pytest.mark.parametrize(
    "text",
    [
        # a plural names a group of people, not a person's job
        "I huset bor många familjer. Våra grannar är lastbilschaufförer och kockar.",
        "Många män med examen arbetar som busschaufförer här.",
        "Mina kusiner är sjuksköterskor i Lund.",
        # a quantified "jobb": the job market
        "Hon sa att det finns många jobb i industrin och som lastbilsförare.",
        "Där fanns tjugo jobb. Mest jobb var undersköterska.",
        # a public person presented, not a job of the writer's circle
        "Vi såg en konsert. Hon är en känd sångerska i Norge.",
        # a wish to be something, no job held
        "Nu jag vill vara kock i Sverige också.",
    ],
)
def test_no_profession(det: MarkupDetector, text: str) -> None:
    assert _marks(det, text, "prof") == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Minns du när vi båda var servitriser på hotellet?", ["servitriser"]),
        ("Min granne är sjuttio år och pensionerad bibliotekarie.", ["bibliotekarie"]),
        ("Jag vill bli barnskötare först, sen kanske förskollärare.",
         ["barnskötare", "förskollärare"]),
    ],
)
def test_profession(det: MarkupDetector, text: str, expected: list[str]) -> None:
    assert _marks(det, text, "prof") == expected


def test_retired_person_presented_is_no_job(det: MarkupDetector) -> None:
    assert _marks(det, "I parken träffade jag en pensionerad lärare.", "prof") == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Jag läser på Komvux för att bli barnskötare och sedan kanske förskollärare.",
         ["barnskötare", "förskollärare"]),
        ("Min lärare sa att det finns en kurs för undersköterska i stan.",
         ["undersköterska"]),
    ],
)
def test_study_aim(det: MarkupDetector, text: str, expected: list[str]) -> None:
    assert _marks(det, text, "edu") == expected


def test_health_thread_through_object_pronoun(det: MarkupDetector) -> None:
    text = ("Min morbror bor kvar i byn. Jag skriver till honom varje vecka. "
            "Han är gammal och han har astma.")
    assert _marks(det, text, "sensitive") == ["astma"]


@pytest.mark.parametrize(
    "text",
    [
        "Beslutet säger att min examen från Lima motsvarar en kandidatexamen.",
        "Min utbildning är jämförbar med en svensk masterexamen.",
    ],
)
def test_equivalent_degree_is_no_edu(det: MarkupDetector, text: str) -> None:
    assert _marks(det, text, "edu") == []


def test_held_degree_stays_edu(det: MarkupDetector) -> None:
    assert _marks(det, "Jag har en kandidatexamen från Lima.", "edu") == ["kandidatexamen"]


def test_short_farmer_compound(det: MarkupDetector) -> None:
    assert _marks(det, "Min farfar var risbonde i byn.", "prof") == ["risbonde"]
