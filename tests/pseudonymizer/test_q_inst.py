"""Institutions and transport lines: the cases of branch q-inst (invented sentences)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.institutions import InstitutionDetector
from pseudonymizer.detectors.transport import TransportNameDetector
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.pipeline import annotate
from tests.pseudonymizer.knowledge_helpers import labelled

S, W, OI = "school", "work", "other_institution"


@pytest.fixture(scope="module")
def det() -> InstitutionDetector:
    return InstitutionDetector(Gazetteer.default())


@pytest.fixture(scope="module")
def lines() -> TransportNameDetector:
    return TransportNameDetector(Gazetteer.default())


CASES = [
    # a lower-case compound before a name in capitals is no name of its own
    ("Jag gick på ett möte i schackklubben SK Tornet Vimby.", [("SK Tornet", OI)]),
    # an imperative opening the sentence before a lower-case head
    ("Välj trafikskola noga.", []),
    ("Västra skolan är bra.", [("Västra skolan", S)]),
    # a list, not an apposition: the name's own head says its kind
    ("Jag bor i Ekåsen. Där finns en matbutik, ett apotek, Ekåsens bibliotek och en frisör.",
     [("Ekåsens bibliotek", OI)]),
    # care homes
    ("Min kollega Greta på Lindby vårdboende bakade en tårta.", [("Lindby vårdboende", W)]),
    # a colleague after "läste" (a study verb) still places the workplace
    ("Jag läste boken som min kollega Eva på Hallstahammars bruksmuseum tipsade om.",
     [("Hallstahammars bruksmuseum", W)]),
    # "där jag är <yrke>": the job held there
    ("Jag pendlar till Tallby vårdcentral där jag är undersköterska.",
     [("Tallby vårdcentral", W)]),
    # a dash inside an association's name written in apposition
    ("Jag bor här. Vi har startat en förening, Borlby–Kassala Vatten, som samlar pengar.",
     [("Borlby–Kassala Vatten", OI)]),
    # the municipality's care service or health centre of one town
    ("Min fru jobbar på hemtjänsten i Ekeby.", [("hemtjänsten i Ekeby", W)]),
    ("Vi går ofta till vårdcentralen i Ekeby.", [("vårdcentralen i Ekeby", OI)]),
    ("Hemtjänsten i Sverige är bra.", []),
    # a source cited is the same for every reader
    ("Jag bor här. Enligt Skolverket går nästan alla barn i gymnasiet.", []),
    ("Jag bor här. Jag läste en rapport från Boverket.", []),
    ("Jag bor här. Enligt Kungliga biblioteket har utlånen minskat.", []),
    # an authority in advice to the reader, not the writer's own case
    ("Jag kom hit 2016. 2. Gör flyttanmälan till Skatteverket.", []),
    ("Jag kom hit 2016. Jag ringde Skatteverket i går.", [("Skatteverket", OI)]),
    # trained for a profession at a school, not working there
    ("Jag är utbildad veterinär vid Tishbury-universitetet.", [("Tishbury-universitetet", S)]),
    # a club of the writer's circle, not a workplace
    ("Jag bor här. Omar spelar fotboll i Ekeby IK. Han tränar ofta.", [("Ekeby IK", OI)]),
    ("Jag spelade varje torsdag med pensionärer i Ekbacka.", []),
    # a carer met there, not a job held there (without a work cue the clinic is the writer's)
    ("Jag mådde dåligt. Det hjälpte att prata med en kurator på Tallby vårdcentral.",
     [("Tallby vårdcentral", OI)]),
    ("Jag träffar en läkare på Tallby vårdcentral. Det är där jag själv jobbar som städare.",
     [("Tallby vårdcentral", W)]),
    # SFI with an unlisted part of the town; SFI in advice to the reader
    ("Jag läste på SFI Ekvången i två år.", [("SFI Ekvången", S)]),
    ("Anmäl dig till SFI direkt.", []),
    ("Först: lär dig ord. Gå på SFI, men prata också med grannar.", []),
    ("Jag läser på SFI.", [("SFI", S)]),
    # a colleague from a firm; a letter welcoming a new colleague
    ("Vi sov hos min mans kollega från Ekby Textil.", [("Ekby Textil", W)]),
    ("Hej och välkommen till Ekby Hotell! Jag har jobbat här i sju år.", [("Ekby Hotell", W)]),
    # a congregation of a nation-wide church named by its town; a listed generic noun in lower
    # case before a name
    ("Jag sjunger i kören i Pingstkyrkan i Kristianstad.",
     [("Pingstkyrkan i Kristianstad", OI)]),
    ("Jag bor här. Min bror gick till fritidsgården Stjärnan varje kväll.", []),
    # kinds of school in lower case are common nouns; capitalised, a name
    ("Jag bor här. Min son går på kulturskolan efter koranskolan.", []),
    ("Min dotter spelar fiol på Kulturskolan.", [("Kulturskolan", S)]),
    # a learner's lower-case town before a workplace's head, after a work verb
    ("jag jobbar på mora bageri.", [("mora bageri", W)]),
    ("jag köper bröd på mora bageri.", []),
    # more work cues: "åt X", "anställd av X", "Min arbetsgivare är X", "började på X som …"
    ("Jag arbetar åt Nordvik sedan i våras.", [("Nordvik", W)]),
    ("Jag är anställd av Nordvik.", [("Nordvik", W)]),
    ("Min arbetsgivare är Nordvik.", [("Nordvik", W)]),
    ("Jag började på Nordvik som lagerarbetare.", [("Nordvik", W)]),
    ("Boken är skriven av Nordvik.", []),
    # a genitive inside a longer name after its noun
    ("Vi är med i föreningen Ekbygdens Vänner.", [("Ekbygdens Vänner", OI)]),
    # a job started at a firm's work place
    ("När jag började på Nordfrakts terminal i Ekby blev jag glad.", [("Nordfrakts", W)]),
    ("Jag började på Nordviks fabrik i mars.", [("Nordviks fabrik", W)]),
    ("Min son började på Ekbyskolan i höstas.", [("Ekbyskolan", S)]),
    ("Jag har fått jobb! Jag börjar på Blå Lotus i maj. Jag lagar mat där.",
     [("Blå Lotus", W)]),
    # the company a workplace of the writer belongs to
    ("Jag jobbar på ett lager för Nordfrakt.", [("Nordfrakt", W)]),
    # an utbildningscentrum is a school
    ("Jag läser till barnskötare på Ekby utbildningscentrum.", [("Ekby utbildningscentrum", S)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_institutions(det: InstitutionDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected


def _spans(text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in annotate(text).spans]


def test_workplace_place_after_work_cue() -> None:
    # a hostel is a place visited, and the workplace after a work cue
    got = _spans("Nu kör jag varje dag till mitt nya jobb på Ekviks vandrarhem.")
    assert ("Ekviks vandrarhem", W) in got
    got = _spans("Jag jobbar på Ekviks gård och läser svenska.")
    assert ("Ekviks gård", W) in got
    got = _spans("Jag fick jobb som laboratorieassistent på Molekylärt centrum i maj.")
    assert ("Molekylärt centrum", W) in got


def test_town_in_service_name_not_an_institution_later() -> None:
    # the town inside "hemtjänsten i X" is not read as the institution's own name later
    got = _spans("Jag arbetade i hemtjänsten i Furuvik. Jag bor i Furuvik.")
    assert ("hemtjänsten i Furuvik", W) in got
    assert all(label != W for text, label in got if text == "Furuvik")


def test_line_number_after_line_name(lines: TransportNameDetector) -> None:
    assert labelled(lines, "Jag åker med Skåneexpressen 146 till jobbet.") == [
        ("Skåneexpressen", "transport_name"), ("146", "transport_nr")]
    # minutes and years are no line numbers
    assert labelled(lines, "Jag åker med Skåneexpressen 40 minuter.") == [
        ("Skåneexpressen", "transport_name")]
    assert labelled(lines, "Jag tog Roslagsbanan 2023.") == [("Roslagsbanan", "transport_name")]
