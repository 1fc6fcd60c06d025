"""Tables of positive and negative cases for the number-like detectors."""

import pytest

from pseudonymizer.detectors.numbers import (
    AccountDetector,
    EmailDetector,
    LicenseDetector,
    OtherNumberDetector,
    PersonIdDetector,
    PhoneDetector,
    TransportNumberDetector,
    UrlDetector,
    ZipCodeDetector,
)
from tests.pseudonymizer.detector_helpers import found

PHONE = [
    ("Ring mig på 070-123 45 67.", ["070-123 45 67"]),
    ("Mitt nummer är 0701234567", ["0701234567"]),
    ("Ring +46 70 123 45 67 i kväll", ["+46 70 123 45 67"]),
    ("Hemma: 08-123 456 78", ["08-123 456 78"]),
    ("Tel 031-12 34 56", ["031-12 34 56"]),
    ("ring 0046 70 123 45 67", ["0046 70 123 45 67"]),
    ("Kontoret: 040 - 12 34 56.", ["040 - 12 34 56"]),
    # negatives: dates, personnummer, prices, counts, years
    ("Jag föddes 2018-12-01 i Lund.", []),
    ("Mitt personnummer är 850709-9805.", []),
    ("Det kostade 1 250 000 kr.", []),
    ("Vi var 1500 personer och 200 barn.", []),
    ("Mellan 2010 och 2015 bodde jag där.", []),
    ("sidan 123 456", []),
    ("ring Försäkringskassan på 0771-524 524", []),  # an authority's service number
    ("Ring 020-123 456 gratis", []),
]


@pytest.mark.parametrize(("text", "expected"), PHONE)
def test_phone(text: str, expected: list[str]) -> None:
    assert found(PhoneDetector(), text) == expected


PERSONID = [
    ("Mitt personnummer är 850709-9805.", ["850709-9805"]),
    ("pnr 198507099805", ["198507099805"]),
    ("Han har 19850709-9805 som nummer", ["19850709-9805"]),
    ("Samordningsnummer 701063-2391", ["701063-2391"]),
    ("mitt personnummer är 850709-1234", ["850709-1234"]),  # bad checksum, but context
    # bad checksum, the context word in the sentence before, a birth date and the dash
    ("Skriv barnets personnummer. Hennes är 240203-4417.", ["240203-4417"]),
    ("Skriv personnummer. Ordern är 991399-4417.", []),  # no date (month 13)
    ("Skriv personnummer. Ordern är 2402034417.", []),  # no dash
    # negatives
    ("Numret 850709-1234 fungerar inte", []),  # bad checksum, no context
    ("Jag betalade 1234567890 kr", []),
    ("Ring 070-123 45 67", []),
    ("Det var år 2015 och 2016.", []),
]


@pytest.mark.parametrize(("text", "expected"), PERSONID)
def test_personid(text: str, expected: list[str]) -> None:
    assert found(PersonIdDetector(), text) == expected


ACCOUNT = [
    ("Mitt konto är 8327-9 123 456 789-0.", ["8327-9 123 456 789-0"]),
    ("Betala till bankgiro 5050-1055", ["5050-1055"]),
    ("plusgiro 123 45 67-8", ["123 45 67-8"]),
    ("IBAN SE45 5000 0000 0583 9825 7466 tack", ["SE45 5000 0000 0583 9825 7466"]),
    ("kontonummer: 1234-123456789", ["1234-123456789"]),
    ("ni kan swisha till 123 456 78 90. Tack!", ["123 456 78 90"]),
    ("Mitt är i Handelsbanken, 6000 123 456 789, och", ["6000 123 456 789"]),
    ("du kan swisha 50 kr till 072-555 31 90, vi", []),  # a mobile number: phone_nr
    # negatives
    ("Det kostar 5050-1055 kr", []),  # no context word
    ("Vi åkte 12345 mil", []),
    ("SE45 5000 0000 0583 9825 7467", []),  # IBAN with a bad checksum
    # a bad checksum after a bank word is still the account (a mistyped IBAN)
    ("skicka till mitt konto LT60 7300 0101 2345 6789.", ["LT60 7300 0101 2345 6789"]),
    ("Koden är LT60 7300 0101 2345 6789.", []),
    # compounds of "konto"; a card number after the bank's name is the card's
    ("Mitt lönekonto har nummer 8214-9, 944 018 372-1, och", ["8214-9, 944 018 372-1"]),
    ("Mitt sparkonto: 8327-9 123 456 789-0.", ["8327-9 123 456 789-0"]),
    ("Jag har Nordea och mitt busskort har nummer 2204-118736 i", []),
]


@pytest.mark.parametrize(("text", "expected"), ACCOUNT)
def test_account(text: str, expected: list[str]) -> None:
    assert found(AccountDetector(), text) == expected


LICENSE = [
    ("Min bil har nummer ABC 123.", ["ABC 123"]),
    ("Registreringsnummer XYZ12A", ["XYZ12A"]),
    ("Skylten var KLM 45B", ["KLM 45B"]),
    ("Mitt körkort har nummer 21 604 977 och", ["21 604 977"]),
    ("mitt pass, passnummer AB4471932, och", ["AB4471932"]),
    ("Det passar 12345678 bra", []),  # "passar" is not "pass"
    ("Mitt körkort kostade 12000 kr", []),
    # negatives
    ("Det kostade SEK 100.", []),
    ("Hon läser på SFI 123", []),  # I is never used on plates
    ("Han har ABC 123 kr", []),
    ("ABCD 123", []),
    ("abc 123", []),
]


@pytest.mark.parametrize(("text", "expected"), LICENSE)
def test_license(text: str, expected: list[str]) -> None:
    assert found(LicenseDetector(), text) == expected


ZIP = [
    ("Storgatan 1, 123 45 Ekby", ["123 45"]),
    ("Postnummer: 41319", ["41319"]),
    ("Adress: Box 12, 41319 Göteborg", ["41319"]),
    ("SE-123 45 Lund", ["SE-123 45"]),
    ("adress Flogstavägen 11 C, 752 73. Jag bor", ["752 73"]),
    # negatives
    ("Det kostar 12345 kr", []),
    ("Vi var 12345 personer", []),
    ("Befolkningen är 12345.", []),
    ("sidan 123 45", []),
    ("Ring 070 123 45 67", []),
    ("Det var 150 00 kr", []),
    # the police's number for what is not an emergency, written like a postal code
    ("Om det inte är akut kan du ringa 114 14.", []),
    ("Adress: Sveavägen 9, 114 14 Ekby", ["114 14"]),
]


@pytest.mark.parametrize(("text", "expected"), ZIP)
def test_zip(text: str, expected: list[str]) -> None:
    assert found(ZipCodeDetector(), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mejla anna.svensson@gmail.com.", ["anna.svensson@gmail.com"]),
        ("skriv till a_b+c@skola.stockholm.se, tack", ["a_b+c@skola.stockholm.se"]),
        ("Han är @ hemma", []),
        ("Jag bor i Lund.", []),
    ],
)
def test_email(text: str, expected: list[str]) -> None:
    assert found(EmailDetector(), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Läs www.annasblogg.se!", ["www.annasblogg.se"]),
        ("Se https://example.com/a?b=1.", ["https://example.com/a?b=1"]),
        ("Min sida annasblogg.se är bra", ["annasblogg.se"]),
        ("mejla anna@blogg.se", []),
        ("Det var slut. Sen gick vi.", []),
        ("Hon bor i Lund.Se upp", []),
    ],
)
def test_url(text: str, expected: list[str]) -> None:
    assert found(UrlDetector(), text) == expected


TRANSPORT = [
    ("Jag tar buss 7 eller 11 till skolan.", ["11", "7"]),
    ("Linje 3, 4 och 14 går dit.", ["14", "3", "4"]),
    ("Jag tar buss 7 och 20 minuter senare är jag hemma.", ["7"]),
    ("Jag tar buss 4 till skolan.", ["4"]),
    ("Vi åkte linje 3 och sedan tåg 528.", ["3", "528"]),
    ("Jag tar bussen nummer 178 varje dag", ["178"]),
    ("Spårvagn 7 går hit.", ["7"]),
    ("Nattbuss 94 är sen", ["94"]),
    # negatives: counts, times, prices after the trigger word
    ("Jag har åkt buss i 20 minuter", []),
    ("Bussen kom kl. 8.", []),
    ("Tåget 14.30 var sent", []),
    ("Det finns 4 bussar", []),
    ("Bussen kostar 30 kr", []),
]


@pytest.mark.parametrize(("text", "expected"), TRANSPORT)
def test_transport_nr(text: str, expected: list[str]) -> None:
    assert found(TransportNumberDetector(), text) == expected


OTHER = [
    ("Jag bor i lägenhet 1203 på tredje våningen.", ["1203"]),
    ("Lägenheten kostar 1800 i månaden.", []),  # an amount, not the flat's number
    ("Hyran för lägenheten 1402 är hög.", ["1402"]),
    ("Vi bor på Drottninggatan 3, lgh 1102.", ["1102"]),
    ("Porten har kod 1234.", ["1234"]),  # door codes: gold train6, train8, train21 (not dev)
    ("Mitt kundnummer är 4711.", ["4711"]),
    ("Medlemsnummer 123-456", ["123-456"]),
    ("Ärendet har nummer 12345678901", ["12345678901"]),
    ("Du får ett ärendenummer, mitt var 2023-114597-BB. Spara", ["2023-114597-BB"]),
    # negatives: prices, sizes, counts, page numbers, times, years
    ("Det kostar 12345678 kr", []),
    ("Huset är 40 kvm och 200 m från sjön", []),
    ("Sverige har 10 000 000 invånare", []),
    ("Läs sidan 123456789", []),
    ("Vi ses kl. 14.30", []),
    ("Jag kom 2015.", []),
    ("1 000 000 människor", []),
    ("ring Försäkringskassan på 0771-524 524, men", []),
    # the number noun a few words before, across "hos er är"; letter-prefixed identifiers
    ("Mitt kundnummer hos er är 557 203. Jag", ["557 203"]),
    ("Mitt ärendenummer var UT2021-48820 och", ["UT2021-48820"]),
    ("Min första bil hade VCC-558 213.", ["VCC-558 213"]),
    ("Mitt kundnummer är bra. Vi var 1 500 personer.", []),
    ("Under COVID-19 var jag hemma.", []),
    ("Jag har bott här sedan 2015 och är glad.", []),
]


@pytest.mark.parametrize(("text", "expected"), OTHER)
def test_other_nr_seq(text: str, expected: list[str]) -> None:
    assert found(OtherNumberDetector(), text) == expected
