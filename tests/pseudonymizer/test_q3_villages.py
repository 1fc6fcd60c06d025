"""Unlisted Swedish villages (q3-villages): hunspell-sv's place-flagged stems as evidence.
Invented sentences; the village names are dictionary entries that no gazetteer lists."""

from __future__ import annotations

import pytest

from pseudonymizer import annotate
from pseudonymizer.detectors.geo import SWEDISH_PROPER
from pseudonymizer.gazetteer import Gazetteer


def _flagged(text: str) -> list[tuple[str, str, bool]]:
    return [(s.text, s.label, "foreign" in s.flags) for s in annotate(text).spans]


def test_q3_villages_list_holds_unlisted_swedish_places() -> None:
    gaz = Gazetteer.default()
    assert len(SWEDISH_PROPER) > 500
    for word in ("tidavad", "ödskölt", "norrmjöle", "kappelshamn", "skillingmark"):
        assert word in SWEDISH_PROPER
    # no listed place, person's name or Swedish word, no town abroad of the dictionary
    for word in ("bankeryd", "anna", "skola", "tromsö", "hangö"):
        assert word not in SWEDISH_PROPER
    for word in sorted(SWEDISH_PROPER)[:200]:
        assert not gaz.lookup("places", word.capitalize())
        assert not gaz.is_common_word(word)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # weaker place words than "i/från/till": around, via, past, between, the whole of
        ("Vi jobbar i skogen runt Ödskölt.", "Ödskölt"),
        ("Bussen går via Norrmjöle.", "Norrmjöle"),
        ("Jag har vänner från hela Skillingmark.", "Skillingmark"),
        ("Vi bor norr om Kappelshamn.", "Kappelshamn"),
        ("Jag läste en text om Tidavad.", "Tidavad"),
        # after a listed town and "och"
        ("Jag gillar Bankeryd och Tidavad mest.", "Tidavad"),
        # "X är en liten by", "små orter som X"
        ("Tidavad är en liten by i Västergötland.", "Tidavad"),
        ("Jag har bott i små orter som Liared.", "Liared"),
        # in lower case after a town preposition, without a place name's usual ending
        ("Jag åkte till tidavad igår.", "tidavad"),
    ],
)
def test_q3_villages_weak_contexts(text: str, name: str) -> None:
    assert (name, "city", False) in _flagged(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # after a town abroad, a Swedish village is no part of that town (area) nor abroad
        ("Jag kommer från Balkh men nu bor jag i Svanvik med min fru.", "Svanvik"),
        # a Swedish village is no misspelling of a listed town abroad
        ("Vi åkte till Hassela i helgen.", "Hassela"),
        ("Vi flyttade till Hinseberg förra året.", "Hinseberg"),
    ],
)
def test_q3_villages_swedish_not_foreign(text: str, name: str) -> None:
    assert (name, "city", False) in _flagged(text)


def test_q3_villages_two_unlisted_names_alone_stay_unlabelled() -> None:
    # "och" counts only after a listed town: two dictionary names alone may be manors
    assert _flagged("Vi besökte Ödskölt och Tidavad.") == []
