"""Tables of positive and negative cases for the date detectors."""

import pytest

from pseudonymizer.detectors.dates import (
    ORDINAL_DAYS,
    DateDigitsDetector,
    DayMonthDetector,
    YearDetector,
)
from tests.pseudonymizer.detector_helpers import found

DATE_DIGITS = [
    ("Jag fyller år 31.10 och vi ska ha fest.", ["31.10"]),
    ("Hon är född den 3.4.", ["3.4"]),
    ("Vi ses kl. 10.30 den dagen.", []),  # a time
    ("Det kostade 31.10 kr.", []),  # a price
    ("Jag kom 2018-12-01 till Sverige.", ["2018-12-01"]),
    ("Den 18/01/12 flyttade vi", ["18/01/12"]),
    ("född 180112 i Kabul", ["180112"]),
    ("Datum: 18.01.12", ["18.01.12"]),
    ("Vi ses 01/12!", ["01/12"]),
    ("Den 12/3 har jag födelsedag", ["12/3"]),
    ("Han kom 3.4.2019 hit", ["3.4.2019"]),
    # negatives: times of day, fractions, decimals, scores, impossible dates
    ("Vi ses kl. 14.30 i morgon", []),
    ("Bussen går 14:30", []),
    ("Ta 1/2 kg mjöl", []),
    ("Det kostar 12.50 kr", []),
    ("Matchen slutade 3-1", []),
    ("Jag bodde där 2010-2015", []),
    ("Numret 123456 är fel", []),
    ("Den 45/13 finns inte", []),
    ("Jag bor i Hägersten sedan 10/2020.", ["10/2020"]),
    ("Vi ses kl. 10.15.30", []),
    # day/month with the year after a hyphen; a year and a zero-padded month
    ("Min bästa dag var 14/6-2023. Den dagen", ["14/6-2023"]),
    ("Vi flyttade hit 5/8-19 med barnen.", ["5/8-19"]),
    ("Jag började SFI 2019-08 i Malmö.", ["2019-08"]),
    ("Jag bodde där 2010-12 och sedan i Lund.", []),
    ("Den 45/8-2019 finns inte.", []),
    # after a preposition of time only when the day cannot be an hour
    ("Hissen är trasig sedan 28.11 och jag", ["28.11"]),
    ("Jag har väntat sedan 10.05 i morse.", []),
    ("Bussen går från 23.10 varje kväll.", []),
]


@pytest.mark.parametrize(("text", "expected"), DATE_DIGITS)
def test_date_digits(text: str, expected: list[str]) -> None:
    assert found(DateDigitsDetector(), text) == expected


DAY_MONTH = [
    ("Affären är öppen måndag till fredag.", []),
    ("Vi brukar äta tillsammans på söndag.", []),
    ("På lördag ska vi äta tillsammans.", [("lördag", "day")]),
    ("Vi ses den 17 kl. 18.", [("17", "day")]),
    ("Kan du komma den 3? Festen är den 3 eller den 4.", [("3", "day"), ("3", "day"),
                                                             ("4", "day")]),
    ("Det var den 3 bästa dagen.", []),
    ("På lördag och söndag vilar jag.", [("lördag", "day"), ("söndag", "day")]),
    ("Jag jobbar på måndagar och lördagen var rolig", [("lördagen", "day")]),
    ("Jag kom till Sverige den 2 i 8 2016.", [("2", "day"), ("8", "month_digit")]),
    # day, month and year apart with spaces; not a count after "den"
    ("Vi flyttade hit den 14 6 2019.", [("14", "day"), ("6", "month_digit")]),
    ("Hon fick den 14 6 gånger.", []),
    ("Jag ringer min mamma varje söndag.", []),  # habitual
    ("I december firar man Lucia den 13 december.", []),  # a general fact
    # the clause of the month decides; degrees are no date; a yearly feast
    ("Det är kallt i februari men jag tycker om vintern.", []),
    ("I mars är det ofta minus 10 grader.", []),
    ("I Eritrea firar vi nyår i september.", []),
    # a fixed feast's date after a sentence about the feast is every year's
    ("Vi firar jul hemma. Den 24 december äter vi fisk.", []),
    ("Vi firar jul hemma. Den 24 december 2019 kom min bror.",
     [("24", "day"), ("december", "month_word")]),
    ("Vi firar jul hemma. Den 3 december kom min bror.", [("3", "day"), ("december", "month_word")]),
    ("Den 24 december kom min bror till Sverige.", [("24", "day"), ("december", "month_word")]),
    ("I mars flyttade vi, men det var kallt.", [("mars", "month_word")]),
    ("Det var kallt i februari 2010.", [("februari", "month_word")]),
    ("Min man kom hem i december.", [("december", "month_word")]),  # "man" the noun
    ("Jag föddes den 15 maj.", [("15", "day"), ("maj", "month_word")]),
    (
        "Vi kom i januari och åkte i Februari",
        [("Februari", "month_word"), ("januari", "month_word")],
    ),
    ("Det var den 3:e december", [("3", "day"), ("december", "month_word")]),
    ("Hon kom i agusti", [("agusti", "month_word")]),
    # the day as an ordinal word after "den"
    ("Den första september började jag.", [("första", "day"), ("september", "month_word")]),
    ("Vi gifte oss den tjugoandra juni.", [("tjugoandra", "day"), ("juni", "month_word")]),
    ("Min andra september här var bättre.", [("september", "month_word")]),
    ("Jag kom hit den 15e augusti.", [("15e", "day"), ("augusti", "month_word")]),
    ("Den 5:e månaden", [("5", "month_digit")]),
    # negatives
    ("Jag träffade Maj igår", []),  # a name, not a month
    ("Det var mars idag.", [("mars", "month_word")]),
    ("Dagen var lång och maten god", []),
    ("Vi ses om 15 minuter", []),
    # habits and the seasons: "varje morgon i juli", "oftast den 20 mars", "i december blir
    # det ljust"; but one time told with "det var", "en gång", "förra året"
    ("Min bror springer varje morgon i juli.", []),
    ("Festen är oftast den 20 eller 21 mars.", []),
    ("Vintern är mörk, i december blir det ljust först kl. 9.", []),
    ("Det var i januari förra året.", [("januari", "month_word")]),
    ("Det är halt, och en gång i december fastnade bussen.", [("december", "month_word")]),
    # a weekly activity's weekday is its schedule; one time when the sentence says so
    ("Träningen är på tisdag kl. 19.", []),
    ("Jag sjunger i en kör på söndag.", []),
    ("Kursen börjar på måndag.", [("måndag", "day")]),
    ("På lördag ska jag gå på en lektion i dans.", [("lördag", "day")]),
    ("Festen är på lördag kl. 18.", [("lördag", "day")]),
    ("Jag glömde boken efter lektionen i onsdags.", [("onsdags", "day")]),
    ("Jag kan inte komma till lektion på måndag.", [("måndag", "day")]),  # one missed time
    # routine words count only in the clause of the date, and a full date (a day number with
    # its month, a month with its year) is one day unless "brukar"/"varje år" frames it
    ("Vi har öppet hus den 12 oktober i föreningen.", [("12", "day"), ("oktober", "month_word")]),
    (
        "Vi har öppet på lördag den 12 oktober.",
        [("lördag", "day"), ("12", "day"), ("oktober", "month_word")],
    ),
    ("Jag tog körkort i februari 2019, och jag kör varje dag.", [("februari", "month_word")]),
    ("Men från augusti 2023 går bussen bara varje halvtimme.", [("augusti", "month_word")]),
    ("Nu är det februari och ingen har kommit.", [("februari", "month_word")]),
    ("Butiken är öppen på lördag.", []),
    ("Jag har öppet varje dag i juli.", []),
    ("Lönen kommer den 25:e varje månad.", []),
    ("Vi brukar resa dit den 12 oktober.", []),
    ("Vi firar den 12 oktober varje år.", []),
    # the day a salary or the rent comes is every month's; degrees tell the climate
    ("Lönen kommer till mitt konto den 25:e.", []),
    ("Hyran ska betalas den 28.", []),
    ("Jag fick lönen den 25 maj.", [("25", "day"), ("maj", "month_word")]),
    ("Vattnet är kallt, bara 17 grader i juli!", []),
    ("Det var 35 grader i juli 2019.", [("juli", "month_word")]),
    # a weekday of the month is one day, whatever the weather; "för alltid" is no routine
    ("Det var en tisdag i februari och minus tjugo grader.",
     [("tisdag", "day"), ("februari", "month_word")]),
    ("Varje tisdag i februari är det minus tjugo grader.", []),
    ("Den 3 mars 2019 förändrades allt för alltid.",
     [("3", "day"), ("mars", "month_word")]),
    ("Vi åker alltid till stugan den 3 mars.", []),
    # the sun or the snow in the present tense tell every year's month; "majs" is maize
    ("I januari går solen ner redan klockan tre.", []),
    ("I april smälter isen på sjön.", []),
    ("I april kom min bror och isen smälte.", [("april", "month_word")]),
    ("Vi åt gröt av majs.", []),
    # what a place is like in a month is every year's; an event in it is one time
    ("Kom hit i sommar, byn är vacker i juni.", []),
    ("Vi åkte dit i juli och det var fint.", [("juli", "month_word")]),
    ("Jag kom hit i maj.", [("maj", "month_word")]),
]


@pytest.mark.parametrize(("text", "expected"), DAY_MONTH)
def test_day_month(text: str, expected: list[tuple[str, str]]) -> None:
    from pseudonymizer.tokenize import tokenize

    doc = tokenize(text)
    got = sorted((text[c.start : c.end], c.label) for c in DayMonthDetector().detect(doc))
    assert got == sorted(expected)


def test_weekday_flags() -> None:
    from pseudonymizer.tokenize import tokenize

    doc = tokenize("lördagen söndagens lördag")
    flags = [c.flags for c in DayMonthDetector().detect(doc)]
    assert flags == [frozenset({"def"}), frozenset({"def", "gen"}), frozenset()]


YEAR = [
    # an amount with the currency left out is no year, even after a past verb
    ("Det kostade mycket och jag betalade 2000.", []),
    ("Jag tjänade 1900 i månaden.", []),
    ("Jag flyttade 2000.", ["2000"]),
    ("Min pappa köpte bilen för 1990.", []),  # "för N" after buying: a price
    ("Vi flyttade hit för 2015.", ["2015"]),
    ("Vi flyttade 2015 till Sverige.", ["2015"]),
    ("Jag kom hit 2019.", ["2019"]),
    ("Vi gifte oss 2010 och fick barn.", ["2010"]),
    ("Jag köpte 1990 böcker.", []),  # a count: a lower-case noun follows
    ("Vår förening grundades 1994 av några sjuksköterskor.", ["1994"]),  # passive + agent
    ("Vi sålde 1500 av dem.", []),
    ("Jag kom till Sverige i 2015.", ["2015"]),
    ("År 2010 föddes min son", ["2010"]),
    ("Sommaren 2019 var varm", ["2019"]),
    ("Den 5 maj 2015 flyttade vi", ["2015"]),
    ("2016 flyttade vi hit.", ["2016"]),
    ("Jag bodde där från 2008 till 2012.", ["2008", "2012"]),
    ("Jag bodde där 2010-2015", ["2010", "2015"]),
    ("född 1990 i Bagdad", ["1990"]),
    ("hon kom till en gård utanför Sala 1942. Hon var fem", ["1942"]),
    ("2022 jag flydde med min dotter", ["2022"]),
    ("Regissören har flyttat handlingen till 1970-talet", []),
    ("Det har man gjort sedan 1959.", []),
    ("Jag kom till Sverige den 2 i 8 2016.", ["2016"]),
    ("Vi flyttade hit den 14 6 2019.", ["2019"]),
    ("En dag jag aldrig glömmer är 3/2 2021.", ["2021"]),
    # a part of the year; two digits with a dash after a birth, season or month word
    ("Jag kom till Sverige i slutet av 2015.", ["2015"]),
    ("Jag är född -95 i Irak.", ["95"]),
    ("Jag började skolan hösten -18.", ["18"]),
    ("Jag flyttade den 1 juli -19.", ["19"]),
    ("Det var 10-15 år sedan.", []),
    ("Han är född - 95 kr.", []),  # the year of a date in digits
    ("Vi kom hit 14.6 2015 med båt.", ["2015"]),
    # a year in a relative clause about the writer; a range of an amount
    ("I Kalmar, där vi har bott sedan 2014, finns en hamn.", ["2014"]),
    ("I Kalmar, där min faster bor, är bussen gratis sedan 2014.", []),
    ("En cykel kostar ungefär 1500–2500 kronor.", []),
    ("jag hade inte betalat skatt för 2021 och", ["2021"]),
    ("Det kostar för 2000 kr", []),
    # negatives: prices, sizes, counts, page numbers, times
    ("Det kostade 2000 kr", []),
    ("Vi sprang 1500 m", []),
    ("Det bor 2000 människor i byn", []),
    ("Läs sidan 1999", []),
    ("Jag har 2000 kronor", []),
    ("Hon har 1950 böcker", []),
    ("Klockan är 2015 nu", []),
    ("Jag tog buss 2015 hem", []),
    # after a noun of an event at the end of a phrase, in a sentence about a person
    ("Jag har ont i knät sedan en skada 2018.", ["2018"]),
    ("Efter en operation 2016 kunde hon inte jobba.", ["2016"]),
    ("Efter kriget 2011 vi flydde till Turkiet.", ["2011"]),
    ("Vi förlovades 2012 när vi bodde i Rom.", ["2012"]),
    ("Jag bor i lägenhet 2011 på tredje våningen.", []),
    ("Min kod är 1987 och den är hemlig.", []),
    ("Det var en stor olycka 2011.", []),  # no person in the sentence
    # "sedan/från N" only in a sentence about a person, not about a town or a thing
    ("I Riga, där min kusin bor, är bussen gratis sedan 2014.", []),
    ("Bilen är en Volvo från 2009.", []),
    ("Min kusin bor i Riga sedan 2014.", ["2014"]),
]


@pytest.mark.parametrize(("text", "expected"), YEAR)
def test_year(text: str, expected: list[str]) -> None:
    assert found(YearDetector(), text) == expected


def test_ordinal_days() -> None:
    assert ORDINAL_DAYS["första"] == 1
    assert ORDINAL_DAYS["tjugonde"] == 20
    assert ORDINAL_DAYS["trettioförsta"] == 31
    assert "trettioandra" not in ORDINAL_DAYS
    assert sorted(ORDINAL_DAYS.values()) == list(range(1, 32))
