"""Tables of positive and negative cases for the age detector, and the number-word reader."""

import pytest

from pseudonymizer.detectors.age import AgeDetector, parse_number_word
from pseudonymizer.tokenize import tokenize

AGE = [
    ("Jag är 25 år gammal.", [("25", "age_digits", 25)]),
    ("Jag är 25 år och bor i Lund.", [("25", "age_digits", 25)]),
    ("Min son är 7.", [("7", "age_digits", 7)]),
    ("Hon fyller 40 på lördag", [("40", "age_digits", 40)]),
    ("Jag fyllde 18 i maj", [("18", "age_digits", 18)]),
    ("När jag var 12 flyttade vi", [("12", "age_digits", 12)]),
    ("Då var jag 12 år.", [("12", "age_digits", 12)]),
    ("Han är en 18-åring från Lund", [("18", "age_digits", 18)]),
    ("I 20 års ålder kom jag hit", [("20", "age_digits", 20)]),
    ("Jag är nitton år gammal", [("nitton", "age_string", 19)]),
    ("Min bror är niotton år", [("niotton", "age_string", 19)]),
    ("Jag fyllde tjugofemm i går", [("tjugofemm", "age_string", 25)]),
    ("Mamma är fyrtiotre år gammal", [("fyrtiotre", "age_string", 43)]),
    ("Min 18:e födelsedag var kul", [("18", "age_digits", 18)]),
    ("min son heter noah, han är ett år.", [("ett", "age_string", 1)]),
    ("Jag är en lärare.", []),
    # a coordinated verb keeps the subject of the sentence; a range of hours; a typical age
    ("Karin har börjat i ettan och är 7 år nu.", [("7", "age_digits", 7)]),
    ("Min son går i skolan och är bara sju år.", [("sju", "age_string", 7)]),
    ("Skolan ligger nära och är 100 år.", []),
    ("Karin har börjat i ettan och är 2 i klassen.", []),
    ("Öppettiden är 8–10 varje dag.", []),
    ("En vanlig femtonåring sover för lite.", []),
    ("Min son är en glad femtonåring.", [("femtonåring", "age_string", 15)]),
    # a relative clause about a person; a baby's months; an inverted verb after a place or
    # an adverb; a name after the verb
    ("Vi har en dotter, Lina, som är två år.", [("två", "age_string", 2)]),
    ("Min bror som är tolv år spelar fotboll.", [("tolv", "age_string", 12)]),
    ("Utbildningen som är tre år lång är bra.", []),
    # a name in apposition as subject; an age adjective before a person noun; -åring in a
    # sentence about people in general
    ("Min yngsta, Tova, är elva och älskar hästar.", [("elva", "age_string", 11)]),
    ("Jag träffade en trettioårig man på bussen.", [("trettioårig", "age_string", 30)]),
    ("Det är en treårig utbildning.", []),
    ("Min son blir fem den 3 maj.", [("fem", "age_string", 5)]),
    ("Vi var tre den dagen.", []),
    ("I Norge får man jobba redan som fjortonåring.", []),
    ("Som fjortonåring flyttade jag till Umeå.", [("fjortonåring", "age_string", 14)]),
    ("Kursen som är tre veckor börjar i maj.", []),
    ("Min son är bara sex månader.", [("sex", "age_string", 6)]),
    ("I Lund var jag tre veckor i maj.", []),
    ("När vi flyttade till Umeå var jag 43 år.", [("43", "age_digits", 43)]),
    ("Det var roligt. Nu är Selma snart fem år.", [("fem", "age_string", 5)]),
    ("Nu är Sverige mitt hem i fem år.", []),
    # a hedge between the verb and the number; a tens word split from its unit
    ("Min dotter är bara ett år och sover mycket.", [("ett", "age_string", 1)]),
    ("Min son är nästan tio år.", [("tio", "age_string", 10)]),
    ("När jag var bara sju år flyttade vi.", [("sju", "age_string", 7)]),
    ("Jag är tjugo fem år gammal.", [("tjugo fem", "age_string", 25)]),
    ("Mamma fyllde fyrtio tre i maj.", [("fyrtio tre", "age_string", 43)]),
    ("Jag är bara en student.", []),
    ("Jag är nu tjugo fem.", []),  # hedged: only with "år" after it
    ("Vi var tjugo fem personer på festen.", []),
    ("Jag har bott här i tjugo fem år.", []),
    # a misspelled number inside an -åring compound
    ("Min son är en sjutonåring.", [("sjutonåring", "age_string", 17)]),
    ("Läraren är en pensionsåring.", []),
    ("Min dotter Tilde, 8 år, ger katten mat", [("8", "age_digits", 8)]),
    ("Barnen är mellan ett och fem år gamla", []),
    ("Vi stannade där, 3 år, och flyttade", []),  # a duration
    ("Min son, 5 år, älskar fotboll", [("5", "age_digits", 5)]),
    # negatives: durations, counts, prices, times
    ("Jag har bott här i 5 år.", []),
    ("För 5 år sedan kom jag hit.", []),
    ("Det är 5 år sedan.", []),
    ("Jag har 3 barn och 2 katter", []),
    ("Det kostar 25 kr", []),
    ("Vi ses kl. 18.", []),
    ("Jag är trött.", []),
    ("Jag var där i 3 år", []),
    ("Hon är tjugo minuter sen", []),
    # other subjects, inverted order, number word + -åring
    ("Min svärfar är 80 år.", [("80", "age_digits", 80)]),
    ("Farmor blev 92 år förra veckan.", [("92", "age_digits", 92)]),
    ("Nästa år fyller jag trettio år.", [("trettio", "age_string", 30)]),
    ("Jag var en fjortonåring då.", [("fjortonåring", "age_string", 14)]),
    ("Alla tjugoåringar vill resa.", []),  # a group of that age, nobody's own age
    ("Mina tjugoåringar vill resa.", [("tjugoåringar", "age_string", 20)]),
    ("Han går en treårig utbildning.", []),  # a duration, not an age
    ("Det var en vacker åring.", []),
    # "en pojke på (kanske) sex år": a person noun, "på" and the years; not a course's length
    ("Hennes son, en pojke på kanske sex år, ramlade i.", [("sex", "age_string", 6)]),
    ("Vi har en dotter på 3 år.", [("3", "age_digits", 3)]),
    ("Det är en kurs på tre år.", []),
    ("Han var borta på fem år.", []),
    # ages listed with "och" and commas; a difference of ages is none
    ("Mina barn är 5 och 8 år.", [("5", "age_digits", 5), ("8", "age_digits", 8)]),
    (
        "Mina döttrar är 3, 7 och 10 år gamla.",
        [("10", "age_digits", 10), ("7", "age_digits", 7), ("3", "age_digits", 3)],
    ),
    ("Barnen är fem och åtta år.", [("fem", "age_string", 5), ("åtta", "age_string", 8)]),
    ("Jag var 20 och 3 barn kom.", [("20", "age_digits", 20)]),
    ("Min bror är två år äldre än mig.", []),
    # every kind of word that may open an age right after the verb (a hedge, a name, a
    # subject, a misspelt or hyphenated number word, digits)
    ("Min dotter är snart fyra år.", [("fyra", "age_string", 4)]),
    ("Nu är Lovisa nästan tio år.", [("tio", "age_string", 10)]),
    ("I höstas var hon 9 år.", [("9", "age_digits", 9)]),
    ("Min syster är femtonn år.", [("femtonn", "age_string", 15)]),
    ("Min kusin är tjugo-tre år.", [("tjugo-tre", "age_string", 23)]),
    ("När jag var bara sju år flyttade vi.", [("sju", "age_string", 7)]),
    ("Farfar blev 92.", [("92", "age_digits", 92)]),
    ("Jag är trött och glad.", []),
]


@pytest.mark.parametrize(("text", "expected"), AGE)
def test_age(text: str, expected: list[tuple[str, str, int]]) -> None:
    doc = tokenize(text)
    got = [(text[c.start : c.end], c.label, c.value) for c in AgeDetector().detect(doc)]
    assert got == expected


@pytest.mark.parametrize(
    ("word", "fuzzy", "value"),
    [
        ("tjugofem", False, 25),
        ("Nitton", False, 19),
        ("arton", False, 18),
        ("aderton", False, 18),
        ("sjuttiosju", False, 77),
        ("hundra", False, 100),
        ("niotton", True, 19),
        ("tjugofemm", True, 25),
        ("sIxtton", True, 16),
        ("trettitvå", False, 32),
        ("niotton", False, None),
        ("mamma", True, None),
        ("tro", True, None),
        ("sexton", True, 16),
    ],
)
def test_parse_number_word(word: str, fuzzy: bool, value: int | None) -> None:
    assert parse_number_word(word, fuzzy=fuzzy) == value
