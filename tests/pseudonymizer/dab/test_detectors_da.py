"""Danish detectors one mechanism at a time: invented positives (the exact unit, its category and
identifier type) and negatives (what must stay unmasked), plus the package split's contract."""

from __future__ import annotations

import pytest

from pseudonymizer.dab import annotate_dab
from pseudonymizer.dab.detectors.base import Unit, resolve, tokenize
from pseudonymizer.dab.detectors.demographics import DemographicDetector
from pseudonymizer.dab.detectors.misc import WorkTitles
from pseudonymizer.dab.lexicon import DanishLexicon


def spans(text: str) -> list[tuple[str, str, str]]:
    return [(s["text"], s["label"], s["identifier_type"]) for s in annotate_dab(text)["spans"]]


def find(text: str, part: str) -> dict | None:
    for s in annotate_dab(text)["spans"]:
        if s["text"] == part:
            return s
    return None


def masked(text: str) -> list[str]:
    return [s["text"] for s in annotate_dab(text)["spans"] if s["identifier_type"] != "NO_MASK"]


# (mechanism, text, exact unit, category, identifier type, confidential category)
POSITIVES = [
    # roles with the words that narrow them down
    ("role modifier", "Hun er administrerende direktør i en bank.", "administrerende direktør",
     "DEM", "QUASI", None),
    ("role modifier", "Han var professionel håndboldspiller i ti år.",
     "professionel håndboldspiller", "DEM", "QUASI", None),
    ("role + country", "Hun blev senere dronning af Norge.", "dronning af Norge", "DEM", "QUASI",
     None),
    ("role + country", "Han var ambassadør i Frankrig.", "ambassadør i Frankrig", "DEM", "QUASI",
     None),
    ("genitive + role", "Vi spurgte Venstres retspolitiske ordfører om sagen.",
     "Venstres retspolitiske ordfører", "DEM", "QUASI", None),
    ("role with hyphen", "Hun arbejder som radio-vært om morgenen.", "radio-vært", "DEM", "QUASI",
     None),
    ("short compound", "Min bror er byplanlægger.", "byplanlægger", "DEM", "QUASI", None),
    ("position", "Hun overtog borgmesterposten efter valget.", "borgmesterposten", "DEM", "QUASI",
     None),
    ("role / role", "Hun blev ansat som butikschef/ledende medarbejder.",
     "butikschef/ledende medarbejder", "DEM", "QUASI", None),
    # origin, health, crime
    ("origin", "Hun har tyrkisk baggrund og bor i Vejle.", "tyrkisk baggrund", "DEM", "QUASI",
     "ETHNIC"),
    ("diagnosis + body part", "Han fik en blodprop i hjernen sidste vinter.",
     "blodprop i hjernen", "DEM", "QUASI", "HEALTH"),
    ("crime degree", "Hun er tiltalt for groft tyveri.", "groft tyveri", "MISC", "QUASI", None),
    ("sentence", "Han fik tre års ubetinget fængsel.", "tre års ubetinget fængsel", "MISC",
     "QUASI", None),
    # education
    ("degree", "Hun har en ph.d. fra Odense.", "ph.d.", "DEM", "QUASI", None),
    ("degree", "Han tog en MBA'en i London.", "MBA'en", "DEM", "QUASI", None),
    ("education compound", "Hun tog læreruddannelsen i Skive.", "læreruddannelsen", "DEM",
     "QUASI", None),
    ("education compound", "Han gik på et pædagogseminarium.", "pædagogseminarium", "DEM",
     "QUASI", None),
    ("study cue", "Bagefter studerede hun jura i Aarhus.", "jura", "DEM", "QUASI", None),
    ("study cue + list", "Han læste fysik og kemi på DTU.", "fysik og kemi", "DEM",
     "QUASI", None),
    # the guide's annotators mark a degree with its field as one unit
    ("degree with its field", "Han har en kandidatgrad i fysik og kemi.",
     "kandidatgrad i fysik og kemi", "DEM", "QUASI", None),
    ("degree with its field", "Hun er cand.mag. i nordisk sprog og litteratur fra AU.",
     "cand.mag. i nordisk sprog og litteratur", "DEM", "QUASI", None),
    ("subject that is a language", "Hun underviser i dansk og tysk på en efterskole.",
     "dansk og tysk", "DEM", "QUASI", None),
    ("language", "Hun taler flydende baskisk.", "baskisk", "DEM", "QUASI", None),
    ("relation", "Han tog på ferie med sin svigermor.", "svigermor", "DEM", "QUASI", None),
    ("relation modifier", "Hun rejste med sin ældste søn til Rom.", "ældste søn", "DEM", "QUASI",
     None),
    ("counted relatives", "Parret har fire børn og bor i Ribe.", "fire børn", "DEM", "QUASI",
     None),
    ("place on a list", "Hun stillede op som nummer to på partiets liste.", "nummer to", "MISC",
     "QUASI", None),
    ("person role", "Den vrede buspassager klagede til selskabet.", "buspassager", "DEM", "QUASI",
     None),
    # works, awards, events
    ("title after work noun", "Hun skrev romanen Sommeren ved havet sidste år.",
     "Sommeren ved havet", "MISC", "QUASI", None),
    ("title after work noun", "En film om hans barndom, Drengen fra skoven, vandt en pris.",
     "Drengen fra skoven", "MISC", "QUASI", None),
    ("list of titles", "Hun spillede i stykker som Den lange nat, Frost i april og Byen sover.",
     "Frost i april", "MISC", "QUASI", None),
    ("list of titles", "Hun spillede i stykker som Den lange nat, Frost i april og Byen sover.",
     "Byen sover", "MISC", "QUASI", None),
    ("adjective inside title", "Han skrev stykker som Kulden, Den sidste dans og Byen.",
     "Den sidste dans", "MISC", "QUASI", None),
    ("title at sentence start", "Filmen Festen af Thomas Vinterberg vandt en pris.", "Festen",
     "MISC", "QUASI", None),
    ("author before title", "Han læste dramaer som Ibsens Et dukkehjem igen.", "Ibsens",
     "PERSON", "QUASI", None),
    ("award", "Filmen fik en Robert for bedste mandlige birolle.",
     "Robert for bedste mandlige birolle", "MISC", "QUASI", None),
    ("election", "Under valgkampen talte hun i Herning.", "valgkampen", "MISC", "QUASI", None),
    ("placing", "Han sluttede på 4. pladsen i løbet.", "4. pladsen", "MISC", "QUASI", None),
    ("placing", "Hun fik en femteplads ved mesterskabet.", "femteplads", "MISC", "QUASI", None),
    ("votes", "Hun blev valgt med 1.212 personlige stemmer.", "1.212 personlige stemmer",
     "QUANTITY", "QUASI", None),
    ("two names of a place", "Hun er født i Aabenraa/Apenrade.", "Aabenraa/Apenrade", "LOC",
     "QUASI", None),
    ("nickname in a name", 'Holdet hyrede Mia "Lynet" Krogh som træner.', 'Mia "Lynet" Krogh',
     "PERSON", "DIRECT", None),
    ("genitive apostrophe", "Vi lånte Jens' cykel i går.", "Jens'", "PERSON", "QUASI", None),
    ("plural role", "Tre sygeplejersker blev ansat i går.", "sygeplejersker", "DEM", "QUASI",
     None),
    # times and amounts
    ("period start", "I begyndelsen af marts 2011 flyttede hun.", "begyndelsen af marts 2011",
     "DATETIME", "QUASI", None),
    ("time after an event", "De blev skilt to år senere.", "to år senere", "DATETIME", "QUASI",
     None),
    ("amount range in words", "Bøden blev på mellem tre og fem millioner kroner.",
     "tre og fem millioner kroner", "QUANTITY", "QUASI", None),
    ("half amount", "Firmaet blev solgt for en halv milliard kroner.",
     "en halv milliard kroner", "QUANTITY", "QUASI", None),
    # names of organisations and named things
    ("article + lower-case adjective", "Han dansede på Det kongelige Balletakademi i ti år.",
     "Det kongelige Balletakademi", "ORG", "QUASI", None),
    ("foreign connector", "Holdet vandt World Championship of Ping Pong sidste år.",
     "World Championship of Ping Pong", "MISC", "QUASI", None),
    ("ORG + part noun", "Han var formand for Venstres byrådsgruppe i Ry.",
     "Venstres byrådsgruppe", "ORG", "QUASI", None),
    # spelled-out CPR
    ("spelled CPR", "Mit cpr-nummer er nul en nul fire otte ni - en to tre fire, tak.",
     "nul en nul fire otte ni - en to tre fire", "CODE", "DIRECT", None),
    ("spaced CPR", "Personnummer: 1 2 0 3 8 5 - 4 4 2 1", "1 2 0 3 8 5 - 4 4 2 1", "CODE",
     "DIRECT", None),
    # user names, accounts, address blocks, filed numbers (DIRECT variants)
    ("handle with underscore", "Tak for svaret, kage_mor_77 :)", "kage_mor_77", "PERSON",
     "DIRECT", None),
    ("handle after forum cue", "Svar fra havemand1962: prøv med kalk.", "havemand1962",
     "PERSON", "DIRECT", None),
    ("at-handle", "Tak @Hestemor, det hjalp!", "@Hestemor", "PERSON", "DIRECT", None),
    ("lower-case handle after cue", "Skrevet af blomsterpigen: hej alle", "blomsterpigen",
     "PERSON", "DIRECT", None),
    ("grouped account after cue", "Kontonummer 1551 0012 345 678 bedes brugt.",
     "1551 0012 345 678", "CODE", "DIRECT", None),
    ("address block", "Karl Vestergaard\nBirkemosen 14\n7100 Vejle", "Birkemosen 14\n7100 Vejle",
     "LOC", "DIRECT", None),
    ("lower-case full name", "hej jeg hedder mads kristoffersen og er ny her",
     "mads kristoffersen", "PERSON", "DIRECT", None),
    ("address in running text", "Vi bor på Kløvermarken 12, 7400 Herning, og har det godt.",
     "Kløvermarken 12, 7400 Herning", "LOC", "DIRECT", None),
    ("title chain", "Prof. dr.med. Jens Ulrik Staehr skrev artiklen.",
     "Prof. dr.med. Jens Ulrik Staehr", "PERSON", "DIRECT", None),
    ("e-mail with (at)", "Skriv til k.holm(at)mail.dk i dag.", "k.holm(at)mail.dk", "CODE",
     "DIRECT", None),
    ("lower-case town", "mvh rikke fra viborg", "viborg", "LOC", "QUASI", None),
    ("street with an ordinary first word", "Adressen er Gl. Kongevej 12A, 1610 København V.",
     "Gl. Kongevej 12A, 1610 København V", "LOC", "DIRECT", None),
    ("filed number", "Lejernummer 1203-0044 skal stå på brevet.", "1203-0044", "CODE", "QUASI",
     None),
    # dates, ages and counts
    ("month alone", "Hun blev opereret i marts og har ventet siden.", "marts", "DATETIME",
     "QUASI", None),
    ("month with its part", "Hun flyttede i slutningen af august.", "slutningen af august",
     "DATETIME", "QUASI", None),
    ("holiday with year", "Julen 2019 holdt vi i Skagen.", "Julen 2019", "DATETIME", "QUASI",
     None),
    ("semester", "Jeg læser på 3. semester.", "3. semester", "DATETIME", "QUASI", None),
    ("week number", "Han har været sygemeldt siden uge 12.", "uge 12", "DATETIME", "QUASI", None),
    ("date with hour", "Mødet er 3. april 2024 kl. 9 på kontoret.", "3. april 2024 kl. 9",
     "DATETIME", "QUASI", None),
    ("bare age", "Jeg er 41 og har aldrig været syg.", "41", "DEM", "QUASI", None),
    ("age of a relative", "Min søn på 12 går til håndbold.", "12", "DEM", "QUASI", None),
    ("age in brackets", "Lone Kjær (52) fandt hunden.", "52", "DEM", "QUASI", None),
    ("crime", "Han blev sigtet for hæleri.", "hæleri", "MISC", "QUASI", None),
    ("staff count", "Firmaet har 45 ansatte i Kolding.", "45 ansatte", "QUANTITY", "QUASI", None),
    # roles, diagnoses, beliefs, relatives
    ("role compound head", "Han arbejder som lastbilchauffør om natten.", "lastbilchauffør",
     "DEM", "QUASI", None),
    ("role with pensioneret", "Han er pensioneret skolelærer.", "pensioneret skolelærer", "DEM",
     "QUASI", None),
    ("truncated compound", "Det svarede social- og ældreministeren på.",
     "social- og ældreministeren", "DEM", "QUASI", None),
    ("diagnosis with modifier", "Hun har kronisk bronkitis.", "kronisk bronkitis", "DEM", "QUASI",
     "HEALTH"),
    ("diagnosis compound head", "Han fik en lungehindebetændelse.", "lungehindebetændelse",
     "DEM", "QUASI", "HEALTH"),
    ("type N diagnosis", "Hun har type 1-diabetes.", "type 1-diabetes", "DEM", "QUASI", "HEALTH"),
    ("measurement out of range", "Han har forhøjet kolesterol.", "forhøjet kolesterol", "DEM",
     "QUASI", "HEALTH"),
    ("belief compound", "De er sunnimuslimer begge to.", "sunnimuslimer", "DEM", "QUASI",
     "BELIEF"),
    ("relative after possessive", "Min mand er fra Tyrkiet.", "mand", "DEM", "QUASI", None),
    # named things with a place or a name
    ("order", "Hun blev Ridder af Dannebrog i 2015.", "Ridder af Dannebrog", "MISC", "QUASI",
     None),
    ("prize", "Bogen fik Politikens litteraturpris.", "Politikens litteraturpris", "MISC",
     "QUASI", None),
    ("club", "Hun spiller i Randers HK.", "Randers HK", "ORG", "QUASI", None),
    ("office and town", "Jeg har møde på Jobcenter Aalborg i morgen.", "Jobcenter Aalborg",
     "ORG", "QUASI", None),
    ("place's team", "Han debuterede på Norges landshold.", "Norges landshold", "ORG", "QUASI",
     None),
    ("national body", "Hun er medlem af Dansk Sygeplejeråd.", "Dansk Sygeplejeråd", "ORG",
     "QUASI", None),
    ("school class", "Min datter går i 4.c på Vestre Skole.", "4.c", "MISC", "QUASI", None),
    # two ages side by side, and an age before a person's verb
    ("first of two ages", "Vi har to piger på 4 og 9 år.", "4", "DEM", "QUASI", None),
    ("two bare ages", "- De er 58 og 61, og de vil sælge gården.", "58", "DEM", "QUASI", None),
    ("two bare ages", "- De er 58 og 61, og de vil sælge gården.", "61", "DEM", "QUASI", None),
    ("age before a person's verb", "Nabodrengen, som hedder Ib, er 12 og bor hos sin far.", "12",
     "DEM", "QUASI", None),
    ("half a year", "Hun gik til genoptræning i et halvt år.", "et halvt år", "DATETIME",
     "QUASI", None),
    # a verb-like role noun after a work cue and "som"
    ("role after 'arbejdet som'", "Han har arbejdet som sælger i en bilforretning.", "sælger",
     "DEM", "QUASI", None),
    ("role after inverted copula", "I 2010 var han tjener på en restaurant.", "tjener", "DEM",
     "QUASI", None),
    # an address with "i" and its town is one unit (no house letter "i")
    ("address + i + town", "Hun bor på Bøgevej 14 i Ribe sammen med sin søster.",
     "Bøgevej 14 i Ribe", "LOC", "DIRECT", None),
    ("address + i + town + district", "Han har bolig på Søvej 2 i Aarhus V nu.",
     "Søvej 2 i Aarhus V", "LOC", "DIRECT", None),
    # the filed thing's noun right before its code
    ("noun + code", "Vedr. lejemål 2210-07 og reparation af vinduer.", "2210-07", "CODE",
     "QUASI", None),
    # a body part with an injury or operation head, as a compound or a phrase
    ("body-part compound", "Efter sin knæoperation gik han med krykker.", "knæoperation", "DEM",
     "QUASI", "HEALTH"),
    ("body-part compound", "Hun fik et kravebensbrud på cykelturen.", "kravebensbrud", "DEM",
     "QUASI", "HEALTH"),
    ("injury + body part", "Han blev indbragt med brud på anklen.", "brud på anklen", "DEM",
     "QUASI", "HEALTH"),
    ("truncated compound in a name", "Sagen ligger hos Social- og Handicapafdelingen nu.",
     "Social- og Handicapafdelingen", "MISC", "QUASI", None),
    ("civil status + relative", "Han er enlig far til to piger.", "enlig far", "DEM", "QUASI",
     None),
    ("what a patient smokes", "Hun ryger 15 cigaretter om dagen.", "15 cigaretter", "QUANTITY",
     "QUASI", None),
    ("what a patient drinks", "Han drikker 30 genstande om ugen.", "30 genstande", "QUANTITY",
     "QUASI", None),
    ("certificate compound", "Jeg har et kranførercertifikat fra 2019.", "kranførercertifikat",
     "DEM", "QUASI", None),
    ("health word + health head", "Hun har levet med bipolar lidelse i mange år.",
     "bipolar lidelse", "DEM", "QUASI", "HEALTH"),
    # day and month without a year, with its time
    ("day.month. + time", "Operationen blev udført 07.05. kl. 09.40 uden problemer.",
     "07.05. kl. 09.40", "DATETIME", "QUASI", None),
]


@pytest.mark.parametrize(("mechanism", "text", "part", "label", "idt", "conf"), POSITIVES,
                         ids=[f"{p[0]}:{p[2]}" for p in POSITIVES])
def test_mechanism_positive(mechanism, text, part, label, idt, conf) -> None:
    span = find(text, part)
    assert span is not None, f"{mechanism}: {part!r} not in {spans(text)}"
    assert (span["label"], span["identifier_type"]) == (label, idt), mechanism
    if conf is not None:
        assert span["confidential"] == conf


# (mechanism, text, strings that must not be inside a masked unit)
NEGATIVES = [
    ("study cue needed", "Matematik er svært, og historie er sjovt.", ["Matematik", "historie"]),
    ("study cue needed", "Hun læste brevet om historie og drak kaffe.", ["historie"]),
    ("verb, not role", "Han følger med i nyhederne.", ["følger"]),
    ("guide alone", "Brug en guide til installationen.", ["guide"]),
    ("no work noun, no title", "Hun sagde at Sommeren var varm i år.", ["varm"]),
    ("a year is no postcode", "I 1999 Det var et godt år.", ["Det var"]),
    ("number name", "Skriv dit CVR-nummer her.", ["CVR-nummer"]),
    ("no CPR context", "Vi talte to fire en to gange om dagen.", ["to fire en to"]),
    ("measures stay unmasked", "Vi gik 12 km i dag.", ["12 km"]),
    ("home nationality", "Hun er dansk statsborger.", ["dansk"]),
    ("common adjective before role", "Han er en god lærer.", ["god"]),
    ("role + non-country", "Han er ambassadør i mange år.", ["mange år"]),
    ("person after film", "Vi så filmen med Mads Mikkelsen i går.", ["med Mads"]),
    ("name in a new clause", "Jeg læste bogen i ferien, og Peter syntes den var god.",
     ["Peter syntes"]),
    ("places after a work noun", "Hun har skrevet bøger om Jylland og Fyn.", ["Jylland og"]),
    ("title stops before a known newspaper", "Læs artiklen Nye tider for landbruget i Politiken.",
     ["i Politiken", "landbruget i"]),
    ("particle verb, not role", "Det medfører udgifter, og han udfører arbejdet.",
     ["medfører", "udfører"]),
    ("counted people, not age", "Vi var 5 i alt, og de var 3 om bordet.", ["5", "3"]),
    ("the verb faster", "Mange faster i ramadanen.", ["faster"]),
    ("man, not husband", "En mand kom ind.", ["mand"]),
    ("price, not prize", "Bilens salgspris steg, og Netto prisen faldt.", ["salgspris", "prisen"]),
    ("a party's number is no age", "Venstre (2) og Folketinget (3) stemte.", ["2", "3"]),
    ("a chapter is no street", "I kapitel 7, 8000 eksemplarer blev solgt.", ["kapitel 7"]),
    ("a height is no age", "Han er 1,92 m høj.", ["1"]),
    ("ordinary words after a place preposition", "vi var i byen og i skoven", ["byen",
                                                                            "skoven"]),
    ("no month without a preposition", "Maj er en god måned.", ["Maj"]),
    ("two numbers before a noun are no ages", "Vi er 5 og 6 personer i huset.", ["5", "6"]),
    ("a role noun after a subject pronoun is the verb", "Hun tjener 30.000 kr. om måneden.",
     ["tjener"]),
    ("verb-like role without a work cue", "Hun optræder som sælger i stykket.", ["sælger"]),
    ("a clock time is no day.month.", "Toget kører kl. 10.05. Vi tager det.", ["10.05."]),
    ("a short number after a case noun is no code", "Sagen er lukket, og sag 14 er også lukket.",
     ["14"]),
    ("a year range after a case noun is no code", "Sagen 2019-2020 var lang.", ["Sagen"]),
    ("a definite common noun opening a sentence is no name",
     "Køberen er glad. Bageriet åbner igen.", ["Køberen", "Bageriet"]),
    ("an address ends before 'i' + a common noun", "Vi bor på Skolevej 4 i en lille lejlighed.",
     ["lejlighed", "Skolevej 4 i"]),
    ("no body part, no health", "Det var et brud på aftalen efter en redningsoperation.",
     ["brud", "redningsoperation"]),
    ("a pain is a symptom", "Hun kom ind med brystsmerter.", ["brystsmerter"]),
    ("a certificate alone is no education", "Hun samler på gamle certifikater.",
     ["certifikater"]),
    ("a section number is no day.month.", "Se afsnit 3.12. i rapporten.", ["3.12"]),
]


@pytest.mark.parametrize(("mechanism", "text", "not_masked"), NEGATIVES,
                         ids=[n[0] for n in NEGATIVES])
def test_mechanism_negative(mechanism, text, not_masked) -> None:
    units = masked(text)
    for part in not_masked:
        assert not any(part in m for m in units), f"{mechanism}: {part!r} masked in {units}"


def test_titles_stop_before_a_relative_clause_and_a_person() -> None:
    text = "I serien Gaden som ingen husker spillede hun en læge."
    assert find(text, "Gaden") is not None
    text = "Han instruerede filmen Jens Hansen og Anne Holm."
    assert find(text, "Jens Hansen") is not None  # a name after a work noun stays a name
    assert find(text, "Jens Hansen")["label"] == "PERSON"


def test_detectors_are_usable_alone() -> None:
    lex = DanishLexicon.default()
    text = "Hun læste medicin og fik en ph.d. i 2001."
    units = DemographicDetector(lex).find(text, tokenize(text))
    assert {(text[u.start:u.end], u.source) for u in units} >= {("medicin", "education"),
                                                                ("ph.d.", "education")}
    text = "Han skrev bogen Alt om heste i 1990."
    titles = WorkTitles(lex).find(text, tokenize(text))
    assert [text[u.start:u.end] for u in titles if u.source == "title"] == ["Alt om heste"]


def test_resolve_prefers_score_then_length() -> None:
    a = Unit(0, 5, "PERSON", "QUASI", score=0.5)
    b = Unit(0, 9, "MISC", "QUASI", score=0.5)
    c = Unit(3, 12, "ORG", "QUASI", score=0.9)
    assert resolve([a, b, c]) == [c]
    assert resolve([a, b]) == [b]


def test_public_names_of_the_split_stay() -> None:
    from pseudonymizer.dab.preannotate import TOKEN_RE, DanishAnnotator, Unit, resolve, tokenize

    assert TOKEN_RE.findall("Hr. Hansen") == ["Hr", ".", "Hansen"]
    assert DanishAnnotator().units("Ring til Pia.")[0].label == "PERSON"
    assert callable(resolve) and callable(tokenize) and Unit
