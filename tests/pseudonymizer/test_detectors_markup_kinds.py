"""Mark-up kinds found over the training sets (q-markup): a role word owned by someone, the
guardian "god man", "man" after a place, the trade one trains for, more listed trades."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


CASES = [
    # a profession word right after a possessive names a person by their role, not a job
    ("Min kusin Teodor var min handledare på bygget.", [("kusin", "fam")]),
    ("Boken som min lärare på Komvux rekommenderade var bra.", []),
    ("Hans chef var sträng.", []),
    # … while the role itself is marked
    ("Min kusin Teodor var handledare på bygget.", [("kusin", "fam"), ("handledare", "prof")]),
    ("Jag jobbar som lärare på Komvux.", [("lärare", "prof")]),
    # "god man" is a guardian appointed by the court, not a husband
    ("Min gode man hette Gunbritt och hjälpte mig.", []),
    ("Min god man ringde i går.", []),
    ("Min man ringde i går.", [("man", "fam")]),
    # "man" after a place ending in -s is the generic pronoun, not a husband
    ("I Paris man äter sent.", []),
    ("Jag bor nära Tovas man.", [("man", "fam")]),
    # the trade one trains for is edu
    ("Jag går en utbildning till behandlingspedagog i Ludvika.", [("behandlingspedagog", "edu")]),
    ("Min utbildning till undersköterska tar ett år.", [("undersköterska", "edu")]),
    # more trades of the list, in a role
    ("Nu jobbar jag på en verkstad som svarvare.", [("svarvare", "prof")]),
    ("Jag började som projektör på ett konsultbolag.", [("projektör", "prof")]),
    ("Min bror är tränare i en fotbollsklubb.", [("bror", "fam"), ("tränare", "prof")]),
    ("Tränaren sa att vi spelade bra.", []),
    ("Han var lagerplockare i två år.", [("lagerplockare", "prof")]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_markup_kinds(det: MarkupDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected
