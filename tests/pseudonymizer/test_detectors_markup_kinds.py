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
    # a reflexive points back to its subject: people in general or a person outside the
    # writer's circle own no relative of the writer's
    ("Jag tror att små barn behöver sin pappa.", []),
    ("I byn finns barn som leker med sina kusiner.", []),
    ("I filmen säger Ingeborg adjö till sina föräldrar.", []),
    ("Min syster Ingeborg kommer från Kairo med sin man.",
     [("syster", "fam"), ("man", "fam")]),
    ("Mina barn leker med sina kusiner.", [("barn", "fam"), ("kusiner", "fam")]),
    ("Jag minns en kvinna som hade med sig sin son.", []),
    ("Min mamma bor i Lund. Min chef besöker sin mamma varje dag.", [("mamma", "fam")]),
    ("Min moster bor i Lund. Hon besöker sin bror varje vecka.",
     [("moster", "fam"), ("bror", "fam")]),
    # a programme applied to is a plan, not an education; a driving course is no education
    ("Sedan sökte jag till barnskötarutbildningen på Komvux.", []),
    ("Nu har jag sökt till lärarprogrammet.", []),
    ("Nu läser jag lärarprogrammet i Umeå.", [("lärarprogrammet", "edu")]),
    ("Jag gick en körkortsutbildning i höstas.", []),
    # a help given to someone is no job: "vara tolk för henne", "använda … som tolk"
    ("Min pappa är sjuk och jag måste vara tolk för honom.", [("pappa", "fam")]),
    ("Använd inte grannens barn som tolk.", []),
    ("Jag jobbar som tolk på sjukhuset.", [("tolk", "prof")]),
    ("Nu är jag tolk i Borlänge.", [("tolk", "prof")]),
    # a programme's aim after a study verb is edu ("läser … för att bli X")
    ("Nu läser jag på Komvux för att bli elektriker.", [("elektriker", "edu")]),
    ("Jag flyttade hit för att bli elektriker.", [("elektriker", "prof")]),
    # the compound and "som" rules heed the same limits as the list
    ("Jag måste vara busschaufför för honom.", []),
    ("Han var min fotbollstränare.", []),
    # the definite "mamman"/"pappan"/"frun" without an owner is anyone's or a story's parent
    ("Pappan i filmen är sträng.", []),
    ("Man bjuder grannarna, särskilt mamman i huset bredvid.", []),
    ("Min pappan jobbar i Malmö.", [("pappan", "fam")]),
    # a kin word as the predicate of "jag" in quoted speech is a relative's word (the
    # writer's own "jag är ensamstående mamma" is a role)
    ('Min mamma ropade "Nu är jag farmor!" och skrattade.', [("mamma", "fam"), ("farmor", "fam")]),
    ("Jag är ensamstående mamma.", []),
    ("Jag är farmor till tre barnbarn.", [("barnbarn", "fam")]),
    # a role of anyone: the generic "man", "den/alla som", the presenting "det var en X"
    ("Om man är lärare har man långa lov.", []),
    ("Är man läkare har man hög lön.", []),
    ("Den som är lärare vet det.", []),
    ("Alla som jobbar som lärare är trötta.", []),
    ("Om man jobbar som bryggare måste man gå upp tidigt.", []),
    ("Det var en sjuksköterska som hjälpte mig.", []),
    ("Många invandrare jobbar som städare.", []),
    ("Ungdomar vill ofta bli läkare.", []),
    ("Det är svårt att bli läkare i Sverige.", []),
    ("Min dröm är att bli läkare.", [("läkare", "prof")]),
    ("Mina föräldrar var lärare.", [("föräldrar", "fam"), ("lärare", "prof")]),
    ("Min man är lärare.", [("man", "fam"), ("lärare", "prof")]),
    ("Min man jobbar som bryggare.", [("man", "fam"), ("bryggare", "prof")]),
    ("Det var min syster som var lärare.", [("syster", "fam"), ("lärare", "prof")]),
    # a course taken is no education ("kursen i data"); a degree's subject is
    ("Jag betalade mycket för kursen i ekonomi.", []),
    ("Jag har en examen i ekonomi.", [("ekonomi", "edu")]),
    # a parent after "en" is anyone's, or a likeness; "har en pappa" is the writer's
    ("En mamma ska alltid skydda sitt barn.", []),
    ("Alla barn behöver en mamma och en pappa.", []),
    ("Min granne Gunvor är som en mormor för mig.", []),
    ("Jag har en pappa som bor i Mosul.", [("pappa", "fam")]),
    # "hans/hennes" after a named person the essay never calls a relative or friend
    ("Min farfar spelade schack. Sedan träffade jag Torvald Ek. Torvald var snäll och "
     "hans dotter hjälpte mig.", [("farfar", "fam")]),
    ("Min flickvän heter Eleni. Hennes mamma Sofia lagade mat. Hennes pappa var glad.",
     [("flickvän", "fam"), ("mamma", "fam"), ("pappa", "fam")]),
    ("Min kompis heter Saga. Saga och hennes mamma kom hit.",
     [("kompis", "fam"), ("mamma", "fam")]),
    # a negated relative names nobody
    ("Jag har inga syskon.", []),
    ("Här har jag inga svenska vänner.", []),
    ("Ingen av mina kusiner bor här.", [("kusiner", "fam")]),
    # children counted in a list of the writer's relatives
    ("Jag bor med min fru, fyra barn och min svärfar.",
     [("fru", "fam"), ("barn", "fam"), ("svärfar", "fam")]),
    ("På bussen satt en gammal man, tre barn och en hund.", []),
    # a quantified people or faith is a group in general, even in a sentence with "vi"
    ("I boken vi läste förlorade många samer och kväner sitt språk.", []),
    ("Vi såg hur de kristna bönderna flydde.", []),
    ("Jag är muslim och min mamma är kristen.",
     [("muslim", "sensitive"), ("mamma", "fam"), ("kristen", "sensitive")]),
    # a body part with "ont"/"värk" is a condition of the writer's
    ("Jag har ryggont sedan i våras.", [("ryggont", "sensitive")]),
    ("Min pappa har knävärk.", [("pappa", "fam"), ("knävärk", "sensitive")]),
    ("Jag hade jätteont efter matchen.", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_markup_kinds(det: MarkupDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected
