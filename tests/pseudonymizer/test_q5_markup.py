"""Mark-up labels (fam, prof, sensitive), q5 round: comparisons with "som", a kin word said to
someone in quotes, one owner for coordinated kin words, "vars", a school's children,
attributive sensitive words, holy books, jobs of outsiders and of anyone, trades listed in the
plural, trainings for a trade. Invented examples only; each rule has a near miss."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


CASES = [
    # a comparison with "som": after "ser ut"/a copula, or closing the clause
    ("Grannen säger att jag är som en dotter för henne.", []),
    ("Vi pratar som bröder.", []),
    ("Min son ser ut som en liten pilot i mössan.", [("son", "fam")]),
    # … not after a verb with its object, nor a relative clause, nor a genitive
    ("Jag älskar henne som en syster.", [("syster", "fam")]),
    ("Vi bakar bröd som mormor gjorde.", [("mormor", "fam")]),
    ("Kakan luktade som farmors.", [("farmors", "fam")]),
    # a bare kin word said to someone in quoted speech
    ('Min bror ringde och sa "grattis, lillasyster!".', [("bror", "fam")]),
    ("Jag ringde min lillasyster i går.", [("lillasyster", "fam")]),
    # one owner for two coordinated kin words
    ("Grannen Oddvar bor ensam, men hans barn och barnbarn bor i stan.", []),
    # "vars": the owner is the noun or name before the comma
    ("Min kollega Gunnbritt Stjärnkvist, vars moster hyr ut ett rum, hjälpte mig.", []),
    ("Jag bor hos min syster Isidora, vars son är kock.",
     [("syster", "fam"), ("son", "fam"), ("kock", "prof")]),
    # the friends a named relative has; a kin word the writer is called
    ("Min dotter Isidora är sju. Hon tycker om skolan och isidora har många kompisar.",
     [("dotter", "fam")]),
    ("Min dotter Isidora är sju. Jag har många kompisar.",
     [("dotter", "fam"), ("kompisar", "fam")]),
    ('Hennes barn kallar mig "tía Gunnbritt".', []),
    ("Hur mår tía Gunnbritt?", [("tía", "fam")]),
    # a capitalised possessive inside a sentence opens a title
    ("Min favoritfilm är Min bror Gudmar från 1990.", []),
    ("Maila till ab.cd77@post.se. Min brors fru heter Isidora.",
     [("brors", "fam"), ("fru", "fam")]),
    # the children of a school, described with its staff or its day
    ("Min dotter går i fyran. På rasten leker barnen i snön.", [("dotter", "fam")]),
    ("Min dotter och min son är hemma. Barnen leker i snön.",
     [("dotter", "fam"), ("son", "fam"), ("Barnen", "fam")]),
    # an attributive sensitive word of someone presented; holy books
    ("Bredvid mig satt en gravid kvinna.", []),
    ("Min fru är gravid.", [("fru", "fam"), ("gravid", "sensitive")]),
    ("Jag har en knäskada sedan i fjol.", [("knäskada", "sensitive")]),
    ("Vi läste ur Koranen hos farfar.", [("farfar", "fam")]),
    # jobs of an outsider presented by role, of anyone, of a list of plural trades
    ("Tränaren är snickare och han är lite sträng.", []),
    ("Klubben är liten. Ordföranden heter Gudmar Ulfsäter, han är pensionerad lärare.", []),
    ("Min pappa är snickare.", [("pappa", "fam"), ("snickare", "prof")]),
    ("Om du har någon som kan vara handledare blir det billigare.", []),
    ("På ett sjukhus arbetar läkare, sjuksköterskor och städare.", []),
    ("Jag arbetar som städare.", [("städare", "prof")]),
    # a training compound is edu when it trains for a trade
    ("Jag läser en kompletteringsutbildning nu.", []),
    ("Jag läser undersköterskeutbildningen nu.", [("undersköterskeutbildningen", "edu")]),
    # the trade a compound training leads to
    ("I våras avslutade jag en yrkesutbildning till barnskötare.", [("barnskötare", "edu")]),
    ("Jag jobbar som barnskötare.", [("barnskötare", "prof")]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_q5_markup(det: MarkupDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected
