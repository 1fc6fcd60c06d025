"""Mark-up labels (fam, sensitive): cases from the q3 round, invented examples."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


CASES = [
    # "ingen <relative> här": the writer's relative who lives far away, not a lack of one
    ("Vi har ingen farmor här i Lund.", [("farmor", "fam")]),
    ("Min son har ingen morfar kvar i Sverige.", [("son", "fam"), ("morfar", "fam")]),
    ("Jag har ingen pappa eller faster här som kan hjälpa.",
     [("pappa", "fam"), ("faster", "fam")]),
    # … but still nobody to mark without "här"/"kvar", or for siblings and friends
    ("Jag har ingen pappa.", []),
    ("Jag har inga syskon här.", []),
    ("Vi har inga svenska vänner här.", []),
    # a none-word that is the object before a preposition does not deny the relative
    ("Säg inget till pappa!", [("pappa", "fam")]),
    ("Jag sa ingenting om mormor.", [("mormor", "fam")]),
    ("Jag har inga kusiner.", []),
    # the genitive of a compound kin word ("halvbror", "styvpappa", "bonusmamma")
    ("Vi var på min halvsysters fest.", [("halvsysters", "fam")]),
    ("Min styvpappas bil är röd.", [("styvpappas", "fam")]),
    # "deras" before friends or parents: a group's (the children's friends, pupils' parents)
    ("Mina döttrar trivs, för alla deras kompisar bor här.", [("döttrar", "fam")]),
    ("Eleverna berättade om deras föräldrar.", []),
    ("Mina söner och deras pappa bor i Lund.", [("söner", "fam"), ("pappa", "fam")]),
    # plural and definite forms of aunts, in-laws, nephews and friends; a childhood friend
    ("Jag har två fastrar och tre svågrar i Lund.", [("fastrar", "fam"), ("svågrar", "fam")]),
    ("Vi hälsade på mina systerdöttrar.", [("systerdöttrar", "fam")]),
    ("Kram från din barndomskompis Elsa", [("barndomskompis", "fam")]),
    # a possessive before a list of kin words covers the whole list
    ("Jag bodde med min morfar, mormor, föräldrar och två syskon.",
     [("morfar", "fam"), ("mormor", "fam"), ("föräldrar", "fam"), ("syskon", "fam")]),
    ("Jag pratade med min lärare och föräldrar.", []),
    # a kin word that opens a quotation is a call, a nickname or a suffix, not a mention
    ('Mina döttrar ropar "pappa du är sen" varje dag.', [("döttrar", "fam")]),
    ('Grannens barn kallar henne "farmor Ulla".', []),
    ('Efternamnet är pappans namn plus "-son".', []),
    ('Hon sa "Nu är jag mormor!" och log.', [("mormor", "fam")]),
    # a capitalised kin word after a lower-case word is a title or a name
    ("Vi såg Mamma Mia på bio.", []),
    ("Jag läste Bröderna Karamazov i skolan.", []),
    ("Jag ringde min Mamma igår.", [("Mamma", "fam")]),
    ("Jag och Pappa åt middag.", [("Pappa", "fam")]),
    # sensitive: a political view, a faith, a condition (also a compound "-depression")
    ("Min bror är socialist.", [("bror", "fam"), ("socialist", "sensitive")]),
    ("Min moster var bahá'í.", [("moster", "fam"), ("bahá'í", "sensitive")]),
    ("Min syster hade vinterdepression.", [("syster", "fam"), ("vinterdepression", "sensitive")]),
    ("Min morfar blev dement.", [("morfar", "fam"), ("dement", "sensitive")]),
]


# a disease named after a person, after "har"/"fick"/"av", beats the surname reading
@pytest.mark.parametrize(("text", "expected"), [
    ("Min farfar har Parkinson sedan två år.", ("Parkinson", "sensitive")),
    ("Min moster lider av Alzheimer.", ("Alzheimer", "sensitive")),
])
def test_eponymous_condition(text: str, expected) -> None:
    from pseudonymizer import annotate
    spans = [(s.text, s.label) for s in annotate(text, seed="q3").spans]
    assert expected in spans


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_q3_markup(det: MarkupDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected
