"""Table of positive and negative cases for the mark-up labels (guideline §3.15)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


CASES = [
    # fam
    ("Min mamma och min bror bor i Irak.", [("mamma", "fam"), ("bror", "fam")]),
    ("Jag bor med min sambo och två kompisar.", [("sambo", "fam"), ("kompisar", "fam")]),
    ("Min man heter Ahmad.", [("man", "fam")]),
    ("Jag har tre barn.", [("barn", "fam")]),
    ("Min lillebror är tolv år.", [("lillebror", "fam")]),
    ("Man kan inte bo här. Barn i Sverige leker ute.", []),
    # a relative addressed in quoted speech is no mention of the family; a list after a colon is
    ("Min dotter frågade: mamma, hur var det?", [("dotter", "fam")]),
    ('Min son ropade: "pappa, kom hit!"', [("son", "fam")]),
    ("Det viktigaste i mitt liv: mamma, pappa och min bror.",
     [("mamma", "fam"), ("pappa", "fam"), ("bror", "fam")]),
    ("Han får inte komma.", []),
    # prof in a role context
    ("Jag jobbar som busschaufför.", [("busschaufför", "prof")]),
    ("I Syrien var jag lärare.", [("lärare", "prof")]),
    ("Min fru är röntgenläkare.", [("fru", "fam"), ("röntgenläkare", "prof")]),
    ("Läkare i Sverige har hög lön.", []),
    # a prize's title, a group as subject, a verb of a relative clause after "som"
    ("Hon var årets sjuksköterska i Lund.", []),
    ("I Chile var läkarna snälla.", []),
    ("Du var min svensklärare i Lund.", []),
    ("Min man var svensklärare i Lund.", [("man", "fam"), ("svensklärare", "prof")]),
    ("Jag fick jobbet genom en granne som kände chefen.", []),
    # sensitive: a pronoun chain back to a relative, or a relative's name
    ("Min mormor är gammal. Förut var hon lärare. Hon är buddhist.",
     [("mormor", "fam"), ("lärare", "prof"), ("buddhist", "sensitive")]),
    ("Min granne är gammal. Förut var hon lärare. Hon är buddhist.", [("lärare", "prof")]),
    ("Min son Elias går i skolan. Förra året fick Elias astma.",
     [("son", "fam"), ("astma", "sensitive")]),
    ("Min chef Elias går i skolan. Förra året fick Elias astma.", []),
    ("Jag jobbar som hundförare.", [("hundförare", "prof")]),
    # edu
    # a degree and its subject are one mark; the bare "examen" marks only the subject
    ("Jag har en kandidatexamen i juridik.", [("kandidatexamen i juridik", "edu")]),
    ("Min master i kemiteknik hjälpte mig.", [("master i kemiteknik", "edu")]),
    ("Jag tog min examen i juridik i Kiev.", [("juridik", "edu")]),
    ("Jag har en kandidatexamen från Kiev.", [("kandidatexamen", "edu")]),
    # a coordinated programme name, a study aim after "läser (jag) till", a researcher's field
    ("Jag läser El- och energiprogrammet.", [("El- och energiprogrammet", "edu")]),
    ("Nu läser jag till socionom.", [("socionom", "edu")]),
    ("Min bror läser till CNC-operatör.", [("bror", "fam"), ("CNC-operatör", "edu")]),
    ("Jag arbetar som forskare i växtbiologi.", [("forskare", "prof"), ("växtbiologi", "edu")]),
    ("Jag var lärare i matematik.", [("lärare", "prof")]),
    ("Nu studerar jag medicin.", [("medicin", "edu")]),
    # subjects coordinated with a studied one
    ("Jag har studerat matematik, fysik och kemi.", [("matematik", "edu"), ("fysik", "edu"),
                                                     ("kemi", "edu")]),
    ("Jag gillar matematik, fysik och kemi.", []),
    ("Jag utbildar mig till undersköterska.", [("undersköterska", "edu")]),
    ("Jag var lärare i matematik.", [("lärare", "prof")]),
    # sensitive only about the writer or family
    ("Jag är muslim och min syster har diabetes.", [("muslim", "sensitive"),
                                                     ("syster", "fam"),
                                                     ("diabetes", "sensitive")]),
    ("Många muslimer bor i Malmö.", []),
    # broader religion, health and orientation lists; the party voted for
    # once the faith is marked its practices are not (guideline: fewer tokens rather than
    # more); without a faith word the practice carries it
    ("Jag är troende och jag fastar under ramadan.", [("troende", "sensitive")]),
    ("Jag fastar under ramadan.", [("fastar", "sensitive"), ("ramadan", "sensitive")]),
    ("Jag är muslim. Varje fredag går jag till moskén.", [("muslim", "sensitive")]),
    ("Min mamma har reumatism och jag fick lunginflammation.", [
        ("mamma", "fam"), ("reumatism", "sensitive"), ("lunginflammation", "sensitive")]),
    ("Jag är bisexuell.", [("bisexuell", "sensitive")]),
    ("Jag röstar på SD men min bror röstade på Kurdiska partiet.", [
        ("SD", "sensitive"), ("bror", "fam"), ("Kurdiska partiet", "sensitive")]),
    ("Många röstar på SD i Skåne.", []),
    # ethnic origin of the writer's circle (a noun, not the language)
    ("Jag är kurd och min fru är hazara.", [("kurd", "sensitive"), ("fru", "fam"),
                                            ("hazara", "sensitive")]),
    ("Jag talar kurdiska.", []),
    ("Många kurder bor i Sverige.", []),
    ("Stroke är vanligt hos äldre.", []),
    ("Under ramadan är affärerna öppna länge.", []),
    # extra: a singular event of the writer's life (won a title, received a prize)
    ("Förra året vann jag SM i schack.", [("vann jag SM i schack", "extra")]),
    ("Min mamma fick en medalj av presidenten.", [("mamma", "fam"),
                                                   ("fick en medalj av presidenten", "extra")]),
    ("Vi vann matchen med 2-1 och jag fick en present.", []),
    # the event takes the names and numbers in it, up to the end of its clause
    ("Han vann Östgötamästerskapet i bordtennis 2018.",
     [("vann Östgötamästerskapet i bordtennis 2018", "extra")]),
    ("Jag vann första pris i maraton i Asmara, och sedan flyttade jag.",
     [("Jag vann första pris i maraton i Asmara", "extra")]),
    ("Jag fick jobb på Volvo i Göteborg 2019.", []),
    ("När vi kom till Eskilstuna 2016 bodde vi i en tvåa.", []),
    # on TV, placed in a championship, a record, a title, a disaster survived
    ("Jag var med i tv-programmet Talang.", [("Jag var med i tv-programmet Talang", "extra")]),
    ("Jag kom tvåa i SM i judo.", [("Jag kom tvåa i SM i judo", "extra")]),
    ("Jag slog svenskt rekord i simning.", [("Jag slog svenskt rekord i simning", "extra")]),
    ("Jag överlevde en flygolycka.", [("Jag överlevde en flygolycka", "extra")]),
    # negatives: ordinary uses of the same verbs
    ("Jag var med om en olycka.", []),
    ("Jag kom fyra gånger för sent.", []),
    ("Vi blev glada när vi var med på festen.", []),
    ("Hon var med i tv.", []),
    # "barnen" without a possessive: the writer's children only after the essay said so, and
    # not in an opinion about children in general
    ("Vi har två barn. På helgen åker vi till sjön med barnen.", [("barn", "fam"),
                                                                  ("barnen", "fam")]),
    ("Min dotter är sju år. Barnen leker på gården varje dag.", [("dotter", "fam"),
                                                                 ("Barnen", "fam")]),
    ("På sommaren badar barnen i sjön och vi grillar.", []),
    ("Jag har en son. Jag tycker att barnen ska ha läxor.", [("son", "fam")]),
    ("Min fru lagar mat och jag hämtar barnen.", [("fru", "fam"), ("barnen", "fam")]),
    ("Jag har två barn. På landet kan barnen leka ute.", [("barn", "fam")]),
    ("Jag har två barn. Där plockar man bär och barnen leker.", [("barn", "fam")]),
    ("Jag har två barn. Barnen leker ute.", [("barn", "fam"), ("Barnen", "fam")]),
    ("Här finns sjöar och många barn drunknar.", []),
    ("Jag bor här med min man och två barn.", [("man", "fam"), ("barn", "fam")]),
    ("Min kollega lagar mat och jag hämtar barnen.", []),
    # an opinion counts only before the word, and "tycker om" is liking, not an opinion
    ("Min son är fem år. Barnen badade men jag tycker inte om kallt vatten.",
     [("son", "fam"), ("Barnen", "fam")]),
    ("Min son är fem år. Barnen badade, tror jag.", [("son", "fam"), ("Barnen", "fam")]),
    ("Jag tycker att skolan borde hjälpa, men föräldrarna måste ta ansvar.", []),
    ("Jag och föräldrarna åkte till Gävle.", [("föräldrarna", "fam")]),
    # generic plurals need a possessive; friends in an opinion are friends in general
    ("Skolan och föräldrar ska prata mer. Hon träffar andra mammor i parken.", []),
    ("Jag tror att laget ger barnen nya kompisar.", []),
    ("Där får du många vänner.", []),
    ("I Irak förlorade jag många vänner.", [("vänner", "fam")]),
    ("I Umeå fick jag min första svenska vän.", []),
    ("Där fick jag mina första vänner.", []),
    ("Min bästa vän bor i Umeå.", [("vän", "fam")]),
    # "-kamrat" compounds are fellows by setting (like kollega); kompis and kamrat are friends
    ("Min klasskamrat Pia kom sent.", []),
    ("Mina arbetskamrater är snälla.", []),
    ("Min klasskompis Pia och min kamrat Ove kom.", [("klasskompis", "fam"), ("kamrat", "fam")]),
    # the reflexive "sitt" alone ties no one to the writer; with "han/hon" it is a person's
    ("De flesta män blir munkar en tid i sitt liv och blir buddhister.", []),
    ("Han fick sin första hjärtinfarkt när han var femtio.", [("hjärtinfarkt", "sensitive")]),
    ("Hej alla klasskompisar!", [("klasskompisar", "fam")]),
    ("Mina föräldrar och Saras föräldrar kommer.", [("föräldrar", "fam"), ("föräldrar", "fam")]),
    # partners, ex-partners and kinship words of the writer's first language
    ("Min hustru och min exman bor i Lund.", [("hustru", "fam"), ("exman", "fam")]),
    ("Jag gick på bio med min partner.", [("partner", "fam")]),
    ("Han är partner i en advokatbyrå.", []),
    ("Jag saknar min babcia och jag ringer min mamá.", [("babcia", "fam"), ("mamá", "fam")]),
    ("Hur mår ujak Goran?", [("ujak", "fam")]),
    ("Vi hälsade på abuela.", []),
    # more first-language kinship words; an adjective may stand after the possessive
    ("Jag saknar min egen oma och min kära bunica.", [("oma", "fam"), ("bunica", "fam")]),
    ("Hur mår tetka Milena?", [("tetka", "fam")]),
    ("Jag ringer min mummo varje vecka.", [("mummo", "fam")]),
    ("Ordet tetka kommer från serbiskan.", []),
    # a praising prefix on a kinship word after a possessive
    ("Min favoritkusin och min älsklingsmoster kommer.", [("favoritkusin", "fam"),
                                                         ("älsklingsmoster", "fam")]),
    ("Min favoritmat är soppa.", []),
    ("En favoritkusin har alla.", []),
    ("Babcia är ett polskt ord.", []),
    # prof: adverbs between the cue and the profession, an apposition to a name, an
    # abbreviation compound, a degree title used as the job
    ("Idag är jag själv gymnasielärare.", [("gymnasielärare", "prof")]),
    ("Vi fick hjälp av Eva Berg, en pensionerad lärarinna.", [("lärarinna", "prof")]),
    ("Sedan 2020 jobbar jag som IT-konsult.", [("IT-konsult", "prof")]),
    ("Hon arbetar som UX-designer.", [("UX-designer", "prof")]),
    ("När jag arbetade som civilingenjör reste jag mycket.", [("civilingenjör", "prof")]),
    ("Han kom till Sverige som gästarbetare.", []),
    ("Jag pratade med en lärarinna.", []),
    ("IT-konsulter tjänar bra.", []),
    # health and sexuality of the writer's circle
    ("Jag har diskbråck och min mamma har högt blodtryck.", [
        ("diskbråck", "sensitive"), ("mamma", "fam"), ("högt blodtryck", "sensitive")]),
    ("Vi är ett homosexuellt par.", [("homosexuellt", "sensitive")]),
    ("Högt blodtryck är vanligt i Sverige.", []),
    # a relative owned by a third person is the writer's circle only when that person is
    ("Jag bor med min fästmö Hanna och hennes föräldrar.",
     [("fästmö", "fam"), ("föräldrar", "fam")]),
    ("Vid bryggan stod en kvinna och skrek. Hennes son hade ramlat i vattnet.", []),
    ("Min kollega går hem tidigt för att hämta sina barn.", []),
    ("Efteråt bjöd pojkens pappa hem oss.", []),
    ("Vi hjälpte pojken. Pojkens pappa bjöd hem oss.", []),
    ("Mammas syster bor i Lund.", [("Mammas", "fam"), ("syster", "fam")]),
    ("Annas morfar lär mig fiska.", [("morfar", "fam")]),
    # a name's genitive: not when the essay gave the name a role outside the writer's circle
    ("Min chef heter Per Holm. Holms fru var också med.", []),
    ("En gammal man, Tore, föll. Sedan ringde Tores dotter.", []),
    ("Jag bor med min man Tore. Tores föräldrar kommer i maj.",
     [("man", "fam"), ("föräldrar", "fam")]),
    ("Grannen bor med sin fru och deras tre barn.", []),
    ("Min vän heter Sten. Han är 72 år. Han bor här. Han lär mig skidor. Vi fikar. "
     "Han säger att jag pratar bättre än hans barnbarn.", [("vän", "fam"), ("barnbarn", "fam")]),
    ("Jag bor med min man och våra tre barn.", [("man", "fam"), ("barn", "fam")]),
    ("Jag åkte med min mammas syster till Lund.", [("mammas", "fam"), ("syster", "fam")]),
    # a faith as a group ("de kristna bönderna") is not the writer's; learner spellings
    ("Min farfar pratade om ezidierna och de kristna bönderna.", [("farfar", "fam")]),
    ("Min familj är buddister.", [("buddister", "sensitive")]),
    # health compounds: a disease head, or a body part with a complaint head
    ("Min mamma har bröstcancer.", [("mamma", "fam"), ("bröstcancer", "sensitive")]),
    ("Jag har en knäskada sedan i fjol.", [("knäskada", "sensitive")]),
    ("Jag har sömnproblem och ryggbesvär.", [("sömnproblem", "sensitive"),
                                             ("ryggbesvär", "sensitive")]),
    ("Min pappa har en hjärntumör.", [("pappa", "fam"), ("hjärntumör", "sensitive")]),
    ("Diabetes är en folksjukdom i Sverige.", []),
    ("Jag har en vattenskada i badrummet.", []),
    ("Lungcancer är vanligt bland rökare.", []),
    ("Jag har stavfel i texten och datorproblem.", []),
    # the type of a condition, and sensitive words side by side, are one mark
    ("Jag har diabetes typ 2.", [("diabetes typ 2", "sensitive")]),
    ("Jag är ortodox kristen.", [("ortodox kristen", "sensitive")]),
    ("Min man är sunni och jag är shia.", [("man", "fam"), ("sunni", "sensitive"),
                                            ("shia", "sensitive")]),
    ("Min bror är homosexuell.", [("bror", "fam"), ("homosexuell", "sensitive")]),
    # a holy book is no person's faith (q5: the gold sets mark none)
    ("Jag är oromo och läser Koranen.", [("oromo", "sensitive")]),
    # a relative as the subject, or "hon/han" right after a sentence naming the relative
    ("Morfar är buddhist.", [("Morfar", "fam"), ("buddhist", "sensitive")]),
    ("Min faster bor i Umeå. Hon har astma.", [("faster", "fam"), ("astma", "sensitive")]),
    ("Umeå är en stad i norr. Hon har astma.", []),
    ("Man kan vara muslim i Sverige.", []),
    # a religious adjective of an institution, a mosque as a sight
    ("Jag gick i en katolsk skola i Manila.", []),
    ("I min stad finns en stor moské.", []),
    ("Jag ber i moskén varje fredag.", [("moskén", "sensitive")]),
    # placed in a championship
    ("Samma år blev jag trea i DM i simning.", [("blev jag trea i DM i simning", "extra")]),
    ("Sedan blev jag trött.", []),
    # numbered school courses; subject compounds after a study cue
    ("Nu läser jag Svenska som andraspråk 3 på kvällen.", [("Svenska som andraspråk 3", "edu")]),
    ("Jag klarade Matematik 2b och Engelska 6.", [("Matematik 2b", "edu"),
                                                   ("Engelska 6", "edu")]),
    ("Vi har svenska 2 timmar varje dag.", []),
    ("Jag talar svenska och engelska.", []),
    ("Jag studerar miljövetenskap.", [("miljövetenskap", "edu")]),
    ("Jag tycker om miljövetenskap.", []),
    # children counted with an adjective between
    ("Då hade jag två små barn.", [("barn", "fam")]),
    ("Det finns två små barn i parken.", []),
    # friends as a relation ("vi blev vänner") vs the word for the friends
    ("Vi blev vänner direkt och vi är fortfarande vänner.", []),
    # a kin word as a role after a pronoun and a copula is not a relative
    ("Han är 40 år och ensamstående pappa.", []),
    ("Jag är gift och farmor till sex barnbarn.", [("barnbarn", "fam")]),
    ("Det är pappa som kör bilen.", [("pappa", "fam")]),
    ("Hon är min mamma.", [("mamma", "fam")]),
    ("Jag heter Tam, är gift och pappa till en dotter.", [("dotter", "fam")]),
    ("Jag ringde, mamma var glad.", [("mamma", "fam")]),
    # praise with a judging adjective names no job
    ("Chefen sa att jag var en flitig arbetare.", []),
    ("Hon är en duktig lärare.", []),
    ("Hon är en bra kompis och jobbar som lärare.", [("kompis", "fam"), ("lärare", "prof")]),
    # a professional degree title after a copula is the job
    ("Nu är jag civilekonom och jobbar på en bank.", [("civilekonom", "prof")]),
    ("Nu är vi bästa vänner.", [("vänner", "fam")]),
    # a studied profession in a clause that leaves out the verb
    ("Min vän läser till läkare och jag till sjuksköterska.", [
        ("vän", "fam"), ("läkare", "edu"), ("sjuksköterska", "edu")]),
    ("Hon åkte till Umeå och jag till sjuksköterska.", []),
    # a learner's misspelling of a listed profession, right after a role word
    ("Jag var sjuksköterka i Eritrea.", [("sjuksköterka", "prof")]),
    ("Jag jobbade som ingenjor i Irak.", [("ingenjor", "prof")]),
    ("Min man är läkere.", [("man", "fam"), ("läkere", "prof")]),
    ("Jag jobbar som busschafför.", [("busschafför", "prof")]),
    ("Jag är glada och det var jättekul.", []),
    ("Hon har en läkere bok.", []),
    # more job tails; a count of staff is no one's job
    ("Jag jobbar som maskinoperatör.", [("maskinoperatör", "prof")]),
    ("Min man arbetar som verktygsmakare.", [("man", "fam"), ("verktygsmakare", "prof")]),
    ("Vi är två sjuksköterskor och en läkare.", []),
    # after "jobbar som" any noun is the job, listed or not
    ("Jag arbetar som plåtslagare.", [("plåtslagare", "prof")]),
    ("Hon jobbade som en naturguide.", [("naturguide", "prof")]),
    ("Jag jobbar som vanligt.", []),
    ("Jag jobbar som volontär.", []),
    # adverbials between the work verb and "som"; a relative clause is no job
    ("Jag arbetade länge som bryggare i Polen.", [("bryggare", "prof")]),
    ("Jag jobbade där som bryggare.", [("bryggare", "prof")]),
    ("Jag jobbade på ett äldreboende i Täby som heter Ekbacken.", []),
    ("Jag jobbade där och som barn lekte jag.", []),
    ("Jag är frilansjournalist.", [("frilansjournalist", "prof")]),
    # an agent noun no list holds, after a person's "är/var" or "yrke"; comparatives are none
    ("Jag är bryggare och bor i Visby.", [("bryggare", "prof")]),
    ("Mitt yrke är bryggare.", [("bryggare", "prof")]),
    ("Det är bryggare.", []),
    ("Nu är jag ensammare än förut.", []),
    ("Han är kvickare än mig.", []),
    ("Jag är lyckligare nu.", []),
    # a profession in parentheses with its years: the writer's own job in a signature
    ("Vi ses! Maricel (städerska sedan 4 år)", [("städerska", "prof")]),
    ("Läkare sedan 1900-talet har vetat det.", []),
    # the two-word job "au pair"
    ("Jag kom för att arbeta som au pair hos en familj.", [("au pair", "prof")]),
    ("Au pair är ett vanligt jobb.", []),
    # "fru"/"herr" as a title before a name address a person; "min fru Ulla" is the wife
    ("Min lärare, fru Berg, var sträng.", []),
    ("Vi träffade herr Lind i parken.", []),
    ("Min fru Ulla var sträng.", [("fru", "fam")]),
    ("Hans fru Berg kom.", []),
    # a relative the reader is asked to greet is the reader's, unless an apposition says mine
    ("Hälsa din mamma från mig!", []),
    ("Hälsa till era barn!", []),
    ("Hälsa din pappa, min morbror, från mig.", [("pappa", "fam"), ("morbror", "fam")]),
    ("Jag träffade din mamma i Lund.", [("mamma", "fam")]),
    # a friend word after another person's genitive is someone else's friend; kin words stay
    ("Lisas bästa kompis heter Moa.", []),
    ("Vi var hos Omars vänner i helgen.", []),
    ("Min bästa kompis heter Moa.", [("kompis", "fam")]),
    ("Jag träffade Olles syster.", [("syster", "fam")]),
    # friends a third person has (a child's friends) are not the writer's
    ("Min son har många kompisar i skolan.", [("son", "fam")]),
    ("Nu har hon inga svenska vänner.", []),
    ("Jag har många kompisar i skolan.", [("kompisar", "fam")]),
    ("Nu har jag nya vänner.", [("vänner", "fam")]),
    # a faith word inside a name is a surname, not the writer's faith
    ("Jag heter Karim Hassan Islam och bor i Lund.", []),
    # "partiet" after a game of chess is the game
    ("Jag spelar schack med min granne. Efter partiet dricker jag kaffe.", []),
    ("Jag var aktiv i partiet i många år.", [("partiet", "sensitive")]),
    ("Min pappa heter Islam.", [("pappa", "fam")]),
    ("Jag är muslim och min familj tror på Islam.", [("muslim", "sensitive"), ("Islam", "sensitive")]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_markup(det: MarkupDetector, text: str, expected) -> None:
    assert labelled(det, text) == expected
