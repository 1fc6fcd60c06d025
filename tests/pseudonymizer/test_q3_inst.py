"""Institutions and transport: the cases of branch q3-inst (invented sentences)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.institutions import InstitutionDetector
from pseudonymizer.detectors.transport import TransportNameDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled

S, W, OI = "school", "work", "other_institution"


@pytest.fixture(scope="module")
def gaz() -> Gazetteer:
    return Gazetteer.default()


@pytest.fixture(scope="module")
def det(gaz: Gazetteer) -> InstitutionDetector:
    return InstitutionDetector(gaz)


CASES = [
    # an authority is the workplace only right after the job, not after a far "jobb"
    ("Om du vill ha jobb i Sverige måste du gå till Arbetsförmedlingen.", []),
    ("Jag bor i Ekby. Jag gjorde praktik som kock via Arbetsförmedlingen. Min handledare "
     "där var snäll.", [("Arbetsförmedlingen", OI)]),
    ("Min bror jobbar på Skatteverket.", [("Skatteverket", W)]),
    # authorities named as examples of a kind
    ("Jag kom till Sverige 2019 och min examen är från Kabul. Det finns olika myndigheter som "
     "hjälper till, till exempel Skatteverket eller Kronofogden.", []),
    # the course read ("läser SFI") is no school; a school the course is read at is
    ("Jag läser SFI på kvällarna.", []),
    ("Efter fyra månaders SFI började jag jobba.", []),
    ("Jag går på SFI varje dag.", [("SFI", S)]),
    ("Först när jag klarade SFI kunde jag söka jobb.", [("SFI", S)]),
    # a hyphenated traineeship, "praktisk tjänstgöring": the workplace
    ("I april börjar min LIA-praktik på Tallhotellet i Ekby.", [("Tallhotellet", W)]),
    ("Till sist gjorde jag praktisk tjänstgöring på Ekby lasarett.", [("Ekby lasarett", W)]),
    # leave from, or part time at, a job: the workplace (also a school the writer works at)
    ("Jag har tagit ledigt från Björkängens förskola på måndag.", [("Björkängens förskola", W)]),
    ("Jag gick ner i tid på Mora Lager för att hinna.", [("Mora Lager", W)]),
    # the leader of the club is named, not the club
    ("Ledaren i min klubb heter Bosse och han är pensionär.", []),
    ("Min klubb heter Ekby Löparklubb och vi springer varje dag.",
     [("Ekby Löparklubb", OI)]),
    # a work cue before a length of time; a taxi driven for a firm
    ("Jag hade arbetat som kock i tolv år på Lokanta Deniz i Izmir.", [("Lokanta Deniz", W)]),
    ("Efter två år började jag köra taxi för Taxi Norr Tvåstad på nätterna.",
     [("Taxi Norr Tvåstad", W)]),
    # a multi-word name repeated in lower case
    ("Jag började praktik på Ekby Bildelar. Jag vill få fast jobb på ekby bildelar.",
     [("Ekby Bildelar", W), ("ekby bildelar", W)]),
    # a town's library named with a capital inside the sentence, with its town
    ("Jag startade en bokcirkel på Biblioteket i Ludvika förra året.",
     [("Biblioteket i Ludvika", OI)]),
    ("Jag lånade boken på biblioteket i Ludvika där jag bor.", []),
    # an authority after an elided work verb
    ("Jag jobbar på Byggmax och min bror på Skatteverket.",
     [("Byggmax", W), ("Skatteverket", W)]),
    # a lake after a place word is no organisation; an indefinite common noun is no name
    ("Vi firar på en äng vid Stora Hjulsjön varje år.", []),
    ("Jag arbetade sedan på en läkemedelsfabrik i Mora.", []),
    ("Jag jobbar på ett äldreboende som heter solgården.", [("solgården", W)]),
    # the school type YH named with its region
    ("Nu läser jag till fastighetstekniker på YH Dalarna i Ludvika.", [("YH Dalarna", S)]),
    # a job interview at the employer
    ("Jag skulle på anställnings intervju på Ekby Sjukhem klockan tio.", [("Ekby Sjukhem", W)]),
    ("Igår hade jag jobbintervju på Ekby Sjukhem.", [("Ekby Sjukhem", W)]),
    # "Hur går det på X? Jobbar du …": the friend's workplace
    ("Hej! Hur går det på Hotel Miramar i Valparaíso? Jobbar du fortfarande i receptionen?",
     [("Hotel Miramar", W)]),
    # a place's name opening an English firm's name after a work cue
    ("Jag arbetade på Kumasi Electrical Services från 2015 till 2020.",
     [("Kumasi Electrical Services", W)]),
    # an authority publishing a report is a source, one giving the writer a decision is not
    ("Jag bor i Mora och jag är ensam ibland. Folkhälsomyndigheten publicerade nyligen en "
     "rapport om boende.", []),
    ("Jag bor i Mora. Migrationsverket gav mig ett beslut.", [("Migrationsverket", OI)]),
    # a shift of work after "Välkommen till X"
    ("Välkommen till Ekby Bageri! Du ska jobba på nattskiftet, så jag skriver här "
     "hur du hittar.", [("Ekby Bageri", W)]),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_institutions(det: InstitutionDetector, text: str, expected) -> None:
    got = [(t, lab) for t, lab in labelled(det, text) if lab in (S, W, OI)]
    assert got == expected


@pytest.mark.parametrize("text,expected", [
    ("Vi gick ner till hamnen. Båten hette Skärgårdsvind och den var full.",
     [("Skärgårdsvind", "transport_name")]),
    ("Färjan heter Havsörnen och den går varje timme.", [("Havsörnen", "transport_name")]),
    # a first name or a place after "hette" is left to the other detectors
    ("Båten hette Elsa och den var gammal.", []),
])
def test_named_boats(gaz: Gazetteer, text: str, expected) -> None:
    assert labelled(TransportNameDetector(gaz), text) == expected
