"""Name detector: the gender and role rules of the q-names round (issue 4), on invented
sentences (the names are made up or common, none from a gold essay)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.names import NameDetector, _spelling_variant
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> NameDetector:
    return NameDetector(Gazetteer.default())


F, M, S, MID = "firstname_female", "firstname_male", "surname", "middlename"

CASES = [
    # a woman's or man's noun in apposition right before the name gives an unlisted name its
    # gender, also against its spelling ("-or" reads as a man's, "-ora" as a woman's)
    ("En kvinna från Tchad, Kirubor, sa att det var kallt.", [("Kirubor", F)]),
    ("En man från Tchad, Kirubora, sa att det var kallt.", [("Kirubora", M)]),
    # a second spelling (one inner letter added) takes the firm gender of the first
    ("En man från Tchad, Kirubora, sa hej. Kiruboora sa att det var kallt.",
     [("Kirubora", M), ("Kiruboora", M)]),
    # but an ending that differs is another name (as Daniel/Daniela)
    ("En man från Tchad, Kirubor, sa hej. Kirubora är min granne.",
     [("Kirubor", M), ("Kirubora", F)]),
    # a man's name after a woman's first name is her father's name: a surname
    ("Jag heter Akberet Kiflom och bor i Lund.", [("Akberet", F), ("Kiflom", S)]),
    # two given names of one gender keep the second as a middle name
    ("Jag heter Juan Pablo och bor i Lund.", [("Juan", M), ("Pablo", MID)]),
    # a word read as a first name after a relative stays one when it comes back alone,
    # though the lists know it as a surname only
    ("Min bror Hashemi kom hem. Min pappa och Hashemi åkte till stan.",
     [("Hashemi", M), ("Hashemi", M)]),
    # a plural relative of one gender before a list of names
    ("Jag har två döttrar, Kiruvat och Bankor.", [("Kiruvat", F), ("Bankor", F)]),
    ("Mina söner Kirubora och Natoa leker ute.", [("Kirubora", M), ("Natoa", M)]),
    ("Jag har tre systrar, Kiruvat, Kirubor och Bankor.",
     [("Kiruvat", F), ("Kirubor", F), ("Bankor", F)]),
    # a relative opening the sentence of "heter", past an insert or a relative clause
    ("Min dotter, född i mars, heter Kirubor.", [("Kirubor", F)]),
    ("Min son som är fem år heter Kiruvata.", [("Kiruvata", M)]),
    # not when the relative clause names someone else
    ("Min dotter har en kompis som heter Kirubor.", [("Kirubor", M)]),
    # a pronoun after another listed first name opening the next sentence is about that one
    ("Jag har två barn, Dardan och Kirubora. Dardan är nio år och han vill ha en mobil.",
     [("Dardan", M), ("Kirubora", F), ("Dardan", M)]),
    # a name a cue made sure of, written in lower case at the start of a later sentence,
    # though it is also a word
    ("Jag har en dotter, hon heter Viola. viola är nio år.", [("Viola", F), ("viola", F)]),
    ("Min syster heter Viola. Jag spelar viola och det är kul.", [("Viola", F)]),
    # "Hans" opening a sentence before a noun is the pronoun "his" …
    ("Vi var hemma hos honom. Hans fru Tsegereda bjöd på kaffe.", [("Tsegereda", F)]),
    ("Hans bror bor i Lund.", []),
    # … but the man when the essay names a Hans, or before a verb
    ("Min granne heter Hans. Hans fru heter Anna.", [("Hans", M), ("Hans", M), ("Anna", F)]),
    ("Jag träffade Hans igår. Hans kommer från Lund.", [("Hans", M), ("Hans", M)]),
    # a word the lists know as a surname alone inside a three-word name is a first surname …
    ("Jag heter Marisela Zúñiga Ramírez.", [("Marisela", F), ("Zúñiga", S), ("Ramírez", S)]),
    # … but two pinyin syllables are a Chinese given name in two words, and a listed first
    # name inside is a middle name
    ("Min kompis heter Xiu Zhou Wang.", [("Xiu", F), ("Zhou", MID), ("Wang", S)]),
    ("Jag heter Anna Maria Svensson.", [("Anna", F), ("Maria", MID), ("Svensson", S)]),
    # a misspelled word listed beside places gets no fuzzy first-name reading
    ("Familjer från Somalia, Nigera och Syrien kom hit.", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_q_names(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert [x for x in labelled(det, text) if x[1] in (F, M, S, MID)] == expected


def test_spelling_variant() -> None:
    assert _spelling_variant("kirubora", "kiruboora")  # one letter added inside
    assert _spelling_variant("kiruvata", "kiruveta")  # one letter changed inside
    assert not _spelling_variant("kirubor", "kirubora")  # the ending differs
    assert not _spelling_variant("kirubo", "kiruba")  # (as Mario/Maria)
    assert not _spelling_variant("kiru", "kieru")  # too short to tell
    assert not _spelling_variant("kiruvata", "kiruvata")
    assert not _spelling_variant("kiruvata", "kyrovata")  # two letters


def test_curated_learner_names(det: NameDetector) -> None:
    # names of the curated list's 2026-11-29 second round, each with its gender
    for name, label in (("Kowsar", F), ("Nurcan", F), ("Tsegereda", F), ("Khurshed", M),
                        ("Otgonbayar", M), ("Meruyert", F)):
        assert labelled(det, f"Min kompis {name} bor i Kista.") == [(name, label)], name
