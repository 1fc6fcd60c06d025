"""Name detector: rules of the q2-names round (issue 4), on invented sentences (the names are
made up or common, none from a gold essay)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> NameDetector:
    return NameDetector(Gazetteer.default())


F, M, S, MID = "firstname_female", "firstname_male", "surname", "middlename"

CASES = [
    # a past or passive verb form the word list lacks, after a relative, is no name
    ("Min man opererades i våras.", []),
    ("Min fru pensionerades förra året.", []),
    ("min bror diagnostiserades med astma.", []),
    # … but an unknown lower-case word after a relative still is
    ("min bror kirubor jobbar i Lund.", [("kirubor", M)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_q2_names(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert [x for x in labelled(det, text) if x[1] in (F, M, S, MID)] == expected
