"""Table of positive and negative cases for named transport lines (guideline §3.4)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.transport import TransportNameDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> TransportNameDetector:
    return TransportNameDetector(Gazetteer.default())


T = "transport_name"
CASES = [
    # indefinite train brands by their tail; train types are not names
    ("Vi tar Norrtåg till Umeå.", [("Norrtåg", T)]),
    ("Sedan tog vi Bergslagståg hem.", [("Bergslagståg", T)]),
    ("Jag åker Pendeltåg och Nattåg ibland.", []),
    ("Jag åker Gröna linjen till jobbet.", [("Gröna linjen", T)]),
    ("jag tar gröna linjen varje dag", [("gröna linjen", T)]),
    ("Vi tog den blåa linjen.", [("blåa linjen", T)]),
    ("Jag åker Tvärbanan och sedan Roslagsbanan.", [("Tvärbanan", T), ("Roslagsbanan", T)]),
    ("I Skåne åker jag Pågatågen.", [("Pågatågen", T)]),
    ("Sedan tog jag Öresundståget till Malmö.", [("Öresundståget", T)]),
    ("Vi åkte med Lidingöbanan.", [("Lidingöbanan", T)]),
    # types are never names
    ("Jag åker tunnelbana och buss.", []),
    ("Tunnelbanan var full och pendeltåget var sent.", []),
    ("Jag tar buss 4 till skolan.", []),
    ("Vi gick till bowlingbanan.", []),
    # a vehicle noun and its line's name; a hyphenated line; a system with an inner capital
    ("Jag kom dit med bussen Härjedalingen i november.", [("Härjedalingen", T)]),
    ("Jag tog bussen Kista till stan.", []),
    ("Jag åkte Luobao-linjen i en timme.", [("Luobao-linjen", T)]),
    ("Jag åkte TransMilenio till jobbet.", [("TransMilenio", T)]),
    ("Jag åkte Stockholm till Uppsala.", []),
    # a boat line; an inner capital makes a name at the start of a sentence too
    ("Vi åker till Fårö med Gotlandsbåten.", [("Gotlandsbåten", T)]),
    ("MalmöExpressen går bara var tjugonde minut.", [("MalmöExpressen", T)]),
    ("Vi såg Räddningsbåten.", []),
    # a commuter train named after its region; a ferry route after a travel verb (a trail
    # walked is no line); a line named by a phrase with a hyphenated tail
    ("Sedan tar du Hjälmarpendeln till Örebro.", [("Hjälmarpendeln", T)]),
    ("Jag åker pendeln varje dag.", []),
    ("Efter lunch tog vi Ljusnanleden över sundet.", [("Ljusnanleden", T)]),
    ("Förra sommaren gick vi Ljusnanleden i fem dagar.", []),
    ("Vi tog tåget på Fjäll till fjäll-banan en söndag.", [("Fjäll till fjäll-banan", T)]),
    ("Vi åkte från Kiruna till fjäll-banan.", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_transport(det: TransportNameDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected


# The name loop visits the colours, the words after a vehicle noun or a travel verb and the
# words with a line's or a route's tail: one case per kind.
VISITED = [
    ("Sedan tog vi Hisingsleden ut till ön.", [("Hisingsleden", T)]),
    ("Vi åkte med bussen Silverpilen hela vägen.", [("Silverpilen", T)]),
    ("Vi åker TransMilenio från centrum.", [("TransMilenio", T)]),
    ("Jag tar röda linjen hem.", [("röda linjen", T)]),
    ("Vi åkte Kustpilen till Kalmar.", [("Kustpilen", T)]),
]


@pytest.mark.parametrize(("text", "expected"), VISITED)
def test_visited_words(det: TransportNameDetector, text: str, expected: list) -> None:
    assert labelled(det, text) == expected
