"""Table of positive and negative cases for the name detector (guideline §3.1)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import flagged, labelled


@pytest.fixture(scope="module")
def det() -> NameDetector:
    return NameDetector(Gazetteer.default())


F, M, U, S = "firstname_female", "firstname_male", "firstname_unknown", "surname"

CASES = [
    # an unlisted name in apposition to "en kvinna", "en man" (an informant of a survey)
    ("En kvinna från Ghana, Adwoakye, berättade att hon saknar marknaden.", [("Adwoakye", F)]),
    ("En äldre man, Tesfalem, sa att han trivs.", [("Tesfalem", M)]),
    # a place after "från" in apposition is no name; a bare noun before is no person
    ("Jag kom från Ghana, Kumasi, för två år sedan.", []),
    ("Vi köpte en soffa, Klippan, på Ikea.", []),
    # an unlisted name of a child fetched from or left at child care
    ("Jag slutar tidigt och kan hämta Adwoakye på förskolan varje dag.", [("Adwoakye", F)]),
    ("Jag hämtar Posten på morgonen innan jobbet.", []),
    ("Vi lämnade Ghana på hösten och kom hit.", []),
    # first names with their gender from the list
    ("Jag heter Anna och bor i Lund.", [("Anna", F)]),
    ("Min kompis Erik kommer i morgon.", [("Erik", M)]),
    ("Igår träffade jag Fatima och Mohammed.", [("Fatima", F), ("Mohammed", M)]),
    # cross-cultural names with their usual gender (curated list); unisex ones stay unknown
    ("Min kompis Kwame bor i Kista.", [("Kwame", M)]),
    ("Min kompis Ngozi bor i Kista.", [("Ngozi", F)]),
    ("Min kompis Svitlana bor i Kista.", [("Svitlana", F)]),
    ("Min kompis Gurpreet bor i Kista.", [("Gurpreet", U)]),
    # names of the Faker locales added later: Nigerian, Algerian, Russian in Swedish and
    # English transliteration, Japanese romanized (each with its gender)
    ("Min kompis Adebowale bor i Kista.", [("Adebowale", M)]),
    ("Min kompis Abdelkader bor i Kista.", [("Abdelkader", M)]),
    ("Min kompis Jevgenij bor i Kista.", [("Jevgenij", M)]),
    ("Min kompis Nadezhda bor i Kista.", [("Nadezhda", F)]),
    ("Min kompis Haruka bor i Kista.", [("Haruka", F)]),
    # Kikuyu women's names that Faker's en_KE lists among men's are women's (curated list);
    # names of further communities: Kazakh, Burmese, Haitian, Shona (unisex)
    ("Min kompis Wanjiku bor i Kista.", [("Wanjiku", F)]),
    ("Min kompis Aizhan bor i Kista.", [("Aizhan", F)]),
    ("Min kompis Yadanar bor i Kista.", [("Yadanar", F)]),
    ("Min kompis Guerline bor i Kista.", [("Guerline", F)]),
    ("Min kompis Tatenda bor i Kista.", [("Tatenda", U)]),
    # full names: first, middle, surname; unknown surname after a first name
    ("Hon heter Anna Maria Svensson.", [("Anna", F), ("Maria", "middlename"),
                                         ("Svensson", S)]),
    ("Min lärare heter Karin Lindqvist.", [("Karin", F), ("Lindqvist", S)]),
    ("Jag heter Zhyar Khoshnaw och jag är från Irak.", [("Zhyar", M), ("Khoshnaw", S)]),
    # a misspelled sentence word written with a capital after a name is no surname; an
    # unlisted surname one ordinary letter away from a word still is
    # a common-word first name opening a sentence is a name when a finite verb follows
    ("Rosa är min syster.", [("Rosa", F)]),
    ("Hans pratar mycket.", [("Hans", M)]),
    ("Bo jobbar på Volvo.", [("Bo", M)]),
    ("Sten och jag spelade fotboll.", [("Sten", M)]),
    ("Hans bil är röd.", []),
    ("Dag efter dag väntade jag.", []),
    ("Inga är perfekta.", []),
    ("Liv är viktigt.", []),
    # a list of people without its comma; a full name before "och" stays one person
    ("Jag träffade Erik Anna och Lisa.", [("Erik", M), ("Anna", F), ("Lisa", F)]),
    # a common-word name right after a first name is a second name, not a lost word
    ("Jag och Sara Lisa gick hem.", [("Sara", F), ("Lisa", "middlename")]),
    ("Jag träffade Maria Hem.", [("Maria", F)]),
    # a rare name that is a common word, after a place preposition: the noun
    ("Jag åker till Stan.", []),
    ("Jag gav boken till Björn.", [("Björn", M)]),
    ("Min kompis Ahmed Hassan och Sara kom.", [("Ahmed", M), ("Hassan", S), ("Sara", F)]),
    ("Jag och Erik Tilsammans gick till skolan.", [("Erik", M)]),
    ("Jag och Maria Promenerad i parken.", [("Maria", F)]),
    ("Hej, jag heter Karim Benali.", [("Karim", M), ("Benali", S)]),
    ("Min kompis heter Ahmed Karimzadeh.", [("Ahmed", M), ("Karimzadeh", S)]),
    # gender from context: relative, title, pronoun
    ("Min bror heter Zhyar.", [("Zhyar", M)]),
    ("Min syster heter Nasrinah.", [("Nasrinah", F)]),
    ("Min kompis Kim är snäll. Hon bor i Malmö.", [("Kim", F)]),
    ("Min kompis Kim är snäll. Han bor i Malmö.", [("Kim", M)]),
    # lower case and misspelled
    ("jag heter ahmed och min fru heter fatima.", [("ahmed", M), ("fatima", F)]),
    ("Igår ringde Mohamad och Fatime till mig.", [("Mohamad", M), ("Fatime", F)]),
    ("jag heter fatime och bor i lund.", [("fatime", F)]),
    # common words that are also names
    ("Hans bil är röd.", []),
    ("Jag tycker om hans bil.", []),
    ("Vi vill bo i ett hus. Det var en fin dag.", []),
    ("Vi såg en björn och en sten i skogen.", []),
    ("Jag träffade Hans och Björn på festen.", [("Hans", M), ("Björn", M)]),
    ("Från mitt fönster ser jag parken. Där jag bor är det lugnt.", []),
    ("Kära Farid! Hur mår du?", [("Farid", M)]),
    # initials
    ("Min chef L. Berg hjälpte mig.", [("L", "initials"), ("Berg", S)]),
    ("Det är kallt. I Karin Lunds hus är det varmt.", [("Karin", F), ("Lunds", S)]),
    # role nouns of the writer's circle (and their compounds) name the person after them
    ("Min handledare Gudrun visade allt.", [("Gudrun", F)]),
    ("Vår klasslärare Teodor var sträng.", [("Teodor", M)]),
    ("Min handledare sa att det var bra.", []),
    # Swedish nicknames are first names with their gender
    ("Min kollega Micke bor i Kalmar.", [("Micke", M)]),
    ("Jag fikade med Kicki Holm igår.", [("Kicki", F), ("Holm", S)]),
    # a name given with a capital and later written in lower case
    ("Min syster Yaretzi kom. yaretzi bor i Mexiko.", [("Yaretzi", F), ("yaretzi", F)]),
    ("Min vän Anna kom. anna är snäll.", [("Anna", F), ("anna", F)]),
    ("Jag heter Dimitri P. och jag är 27 år.", [("Dimitri", M), ("P", "initials")]),
    # first name + initial + a surname that is also a word or a place
    ("Vår tränare Karin M. Ås bor nära.", [("Karin", F), ("M", "initials"), ("Ås", S)]),
    # names after a thing are not people
    ("Vi bodde i en by som heter Apiranthos.", []),
    ("Jag jobbade på en fabrik som heter Turboatom.", []),
    ("Vi har en hund som heter Max.", []),
    ("I köket står en växt som heter Gustav.", []),
    ("Byn ligger vid floden Linnea.", []),
    ("Hon går på Rinkebyskolan och hennes lärare heter Fredrik.", [("Fredrik", M)]),
    ("Jag heter Max och min katt heter Misse.", [("Max", M)]),
    # a middle name keeps its role when mentioned alone, unless the writer is called by it
    ("Jag heter Mohammad Reza Karimi. Reza är mitt mellannamn.",
     [("Mohammad", M), ("Reza", "middlename"), ("Karimi", S), ("Reza", "middlename")]),
    ("Jag heter Maria Guadalupe Hernández.", [("Maria", F), ("Guadalupe", "middlename"),
                                              ("Hernández", S)]),
    # surnames announced as such
    ("Han bytte efternamn från Nilla till Nilsson.", [("Nilla", S), ("Nilsson", S)]),
    ("Mitt efternamn är Berg.", [("Berg", S)]),
    # parts of place names are no people
    ("Alla kände alla på Plaça del Sol.", []),
    # one person, one gender
    ("Min fru heter Nok. Nok tycker inte om snö.", [("Nok", F), ("Nok", F)]),
    # a place with a place context is not a name
    ("Jag bor i Paris nu.", []),
    # a name that is also a word, again at a sentence start as a verb's subject
    ("Min granne heter Bo. Bo är 70 år gammal.", [("Bo", M), ("Bo", M)]),
    ("Min kollega Sten jobbar mycket. Sten kommer från Kiruna.", [("Sten", M), ("Sten", M)]),
    ("Vi träffade Hans Berg. Hans bil var ny.", [("Hans", M), ("Berg", S)]),
    ("Min granne heter Bo. Bo och jag fiskar. Bo, som är pensionär, har en båt.",
     [("Bo", M), ("Bo", M), ("Bo", M)]),
    # accents and the pronoun before "heter" for gender
    ("Jag heter Lucía och bor här.", [("Lucía", F)]),
    ("Han heter Robin och hon heter Kim.", [("Robin", M), ("Kim", F)]),
    # surname particles
    ("Min granne heter Omar El Amrani.", [("Omar", M), ("El Amrani", S)]),
    ("Min chef heter Peter von Essen.", [("Peter", M), ("von Essen", S)]),
    ("Min lärare heter Johan van der Berg.", [("Johan", M), ("van der Berg", S)]),
    ("Anna och Eva gick hem.", [("Anna", F), ("Eva", F)]),
    ("Jag heter Hawa Mohamud Jama.", [("Hawa", F), ("Mohamud", "middlename"), ("Jama", S)]),
    # signatures of a letter
    ("Hej Erik!\nVi ses snart.\nHälsningar\nTesfalem", [("Erik", M), ("Tesfalem", M)]),
    # a letter's addressee and writer are mostly of one gender: a name with no firm gender
    # of its own (unlisted, a misspelling) takes the other's listed one, or for the addressee
    # what the writer says of themselves; a listed or cued gender stays
    ("Hej Sara!\nVi ses snart.\nHälsningar\nTumbelok", [("Sara", F), ("Tumbelok", F)]),
    ("Hej Kalvutor!\nHur mår du?\nKram\nAnna", [("Kalvutor", F), ("Anna", F)]),
    ("Hej Sara!\nVi ses snart.\nHälsningar\nErik", [("Sara", F), ("Erik", M)]),
    ("Hej Kalvutor!\nMin man hälsar. Ring mig!", [("Kalvutor", F)]),
    ("Hej Kalvutor!\nMin fru hälsar. Ring mig!", [("Kalvutor", M)]),
    ("Hej Kalvutor!\nVi ses snart.\nKram\nTumbelok", [("Kalvutor", M), ("Tumbelok", M)]),
    ("Jag träffade Kalvutor. Sen ringde Sara.\nKram\nAnna", [("Kalvutor", M),
                                                              ("Sara", F), ("Anna", F)]),
    # a second given name of one listed gender gives it to a first name whose gender is only
    # guessed; a listed first name keeps its own
    ("Min kompis Kalvutor Marisol Qwerberg bor här.",
     [("Kalvutor", F), ("Marisol", "middlename"), ("Qwerberg", S)]),
    ("Min kompis Erik Marisol Qwerberg bor här.",
     [("Erik", M), ("Marisol", "middlename"), ("Qwerberg", S)]),
    # a saint names a feast, a church or a place: neither the title nor the name is a person
    ("Vi firar Sankta Qwerbrigid i mars.", []),
    ("Kyrkan heter Sankt Qwerolof.", []),
    ("Min vän heter Sankta.", [("Sankta", F)]),
    # the noun "heter" is about, past a prepositional phrase of one or two words
    ("Vi åt på en restaurang i gamla stan som heter Qwertopia.", []),
    ("Jag har en kompis från byn i Irak som heter Kalvutor.", [("Kalvutor", M)]),
    # the first firm clue about a name decides for its earlier mentions too
    ("Igår ringde Kalvutor. Kalvutor är min syster.", [("Kalvutor", F), ("Kalvutor", F)]),
    ("Tack för allt.\nMvh Habtom Gebremedhin", [("Habtom", M), ("Gebremedhin", S)]),
    ("Vi hörs!\n/Abdiwali", [("Abdiwali", M)]),
    ("Hälsningar från Göteborg och Malmö.", []),
    # an unlisted name with no clue is read as a man's (the gold sets' convention); the
    # Ethiopian woman's name Tsion, once read so, is now listed as a woman's
    ("Tack för senast.\nKram\nQwersion", [("Qwersion", M)]),
    ("Tack för senast.\nKram\nTsion", [("Tsion", F)]),
    # a genitive of a frequent name over a rare name spelled the same
    ("Min vän heter ali. alis mamma lagar mat.", [("ali", M), ("alis", M)]),
    # a frequent first name that is also a place is a person without a place cue
    ("Sedan kom Nora och Linnea hem till mig.", [("Nora", F), ("Linnea", F)]),
    ("Igår ringde Sofia till mig.", [("Sofia", F)]),
    ("Vi flyttade från Sofia till Lund.", []),
    ("Många kramar\nVi ses på Konsum imorgon.", []),
    # a relative before the name: first name even when the word is mostly a surname, the
    # relative's gender over the list's; an adjective between; an apposition with commas
    ("Min man Abdullahi arbetar på ett lager.", [("Abdullahi", M)]),
    ("Min farbror Karlsson bor i Borås.", [("Karlsson", S)]),
    ("Min farbror Naser bor i Borås.", [("Naser", M)]),
    ("Min fru Nino lagar mat.", [("Nino", F)]),
    ("Min yngsta dotter Kim går i skolan.", [("Kim", F)]),
    ("Jag har en bror, Tewodros, och en syster.", [("Tewodros", M)]),
    ("Hans tränare, Zerabruk, är snäll.", [("Zerabruk", M)]),
    ("Jag har en bror, Stockholm är stort.", []),
    # a greeting at a line start names the addressee; the last line of a letter signs it
    ("Kära Oluwaseun!\nTack för brevet.", [("Oluwaseun", U)]),
    ("Hej alla!\nTack för brevet.", []),
    ("Hej!\nVi ses på lördag.\n\nDin vän\nTsegay", [("Tsegay", M)]),
    ("Hej!\nVi ses på lördag! Tsegay", [("Tsegay", M)]),
    # a misspelling's nearest listed name gives way to a pronoun about the person
    ("Min kompis Mahad kom och han skrattade.", [("Mahad", M)]),
    ("Hej!\nJag bor nu i Sverige.\nHälsningar Ruth", [("Ruth", F)]),
    ("Jag bor nu i Sverige. Det är kallt. Tack", []),
    # "heter" about a thing or a pet ("den heter", "en katt, hon heter") is no person
    ("Vi har en sjö här, den heter Tolvsjön.", []),
    ("Vi har en hund, han heter Bamse.", []),
    ("Jag har en syster, hon heter Ebba.", [("Ebba", F)]),
    # "bor på X", "jobbar på X", "i byn X": where one lives or works is a place
    ("Jag bor på Sölve nu.", []),
    ("Min pappa jobbar på Max i Luleå.", []),
    ("Jag växte upp i byn Elena.", []),
    ("Jag hälsade på Max igår.", [("Max", M)]),
    # the second word of another proper name gets no fuzzy name reading
    ("Min mamma bor i Hải Phòng nu.", []),
    # an unlisted name takes the gender its ending has in the list, or none when mixed
    ("Min kompis Zuzia bor i Kista.", [("Zuzia", F)]),
    ("Min kompis Tesfalem bor i Kista.", [("Tesfalem", M)]),
    # an unlisted name in the genitive before a relative, then alone at a sentence start
    ("Vi ses snart, och Zuzias mamma kommer. Zuzia är glad.",
     [("Zuzias", F), ("Zuzia", F)]),
    # a lone word after "heter" is what the person is called, even a listed surname
    ("Jag heter Tesfay Gebremedhin. Min pappa heter Gebremedhin.",
     [("Tesfay", M), ("Gebremedhin", S), ("Gebremedhin", M)]),
    ("Min lärare heter Lindqvist.", [("Lindqvist", S)]),
    # Vietnamese names: family name first, or two given names as one first name
    ("Jag bor med min man Pham Van Hung.", [("Pham", S), ("Van", "middlename"), ("Hung", M)]),
    ("Jag heter Thi Mai Tran.", [("Thi Mai", F), ("Tran", S)]),
    # names after a plural relative and "och" are all people
    ("Mina barn Dilan och Zerabruk leker.", [("Dilan", U), ("Zerabruk", M)]),
    ("Min bror Ali och Jönköping.", [("Ali", M)]),
    ("Jag har tre barn, Drilon, Besnika och Liridon.",
     [("Drilon", M), ("Besnika", F), ("Liridon", M)]),
    ("Mina kusiner Dren och Liridon bor i Tyskland.", [("Dren", M), ("Liridon", M)]),
    ("Jag har två barn, och de går i skolan.", []),
    # a definite relation noun names the person without a possessive; a genitive before a
    # relative opens the sentence
    ("Läraren Fatos hjälper mig.", [("Fatos", M)]),
    ("Läraren Svenska är svår.", []),
    ("Ardits fru heter Teuta.", [("Ardits", M), ("Teuta", F)]),
    # a work's creator or a performer is no one of the writer's circle
    ('Jag läste "Vägen hem" av Jonas Berglund i somras.', []),
    ("Boken är skriven av Anna Lindqvist.", []),
    ("Jag var på konsert med Sara Berg igår.", []),
    ('Vi såg filmen "Min vän Emil" i går.', []),
    ("Jag fick en present av Anna Svensson.", [("Anna", F), ("Svensson", S)]),
    ("Jag fick en bok av Anna Svensson.", [("Anna", F), ("Svensson", S)]),
    ("Hej!\nJag bor nu i en ny stad.\nGöteborg", []),
    # what people call someone ("alla säger X", "kallade mig X"); no greeting word
    ("Jag heter Karl men alla säger Kalle.", [("Karl", M), ("Kalle", M)]),
    ("De kallade mig Tesfalem när jag var liten.", [("Tesfalem", M)]),
    ("Jag heter Bo Berg men alla säger Bosse.", [("Bo", M), ("Berg", S), ("Bosse", M)]),
    ("Alla säger Hej till mig.", []),
    # a hyphenated Arabic particle surname after a first name, also in lower-case essays
    ("jag heter samir al-Tamimi och jag bor här.", [("samir", M), ("al-Tamimi", S)]),
    # a relative written with a capital after a possessive is no name ("Bror", "Son")
    ("Min Bror Ali kommer i morgon.", [("Ali", M)]),
    ("Igår ringde Bror Svensson.", [("Bror", M), ("Svensson", S)]),
    # in lower case, an unknown word right after "heter" + first name is the surname
    ("hej jag heter nadia ahmadi och jag bor här.", [("nadia", F), ("ahmadi", S)]),
    ("jag heter samira khalili.", [("samira", F), ("khalili", S)]),
    ("jag heter anna tilsammans med min mamma.", [("anna", F)]),
    # a lone surname reading after a number or a place preposition is no person
    ("Jag läste 8 Sidor varje dag.", []),
    ("Min mormor kommer från Tafilalt i Marocko.", []),
    ("Jag fick ett brev från Andersson.", [("Andersson", S)]),
    # an unlisted word opening a sentence before a finite verb, a pronoun after it: a person
    ("Teuta är sjuk idag. Hon har feber.", [("Teuta", F)]),
    ("Drilon bor i Malmö. Han är min kusin.", [("Drilon", M)]),
    ("Coronan är farlig. Han var sjuk.", []),
    # ... or with an age after the copula: only a person has one
    ("Vi har två barn. Tirsit är sju och går i skolan.", [("Tirsit", M)]),
    ("Vi har två barn. Rumänien är sju timmar bort.", []),
    ("Xyloband är roligt. Vi har det hemma.", []),
    # an unlisted capitalised word inside a sentence, in a slot only a person fills, is a
    # first name: subject before a finite verb, inverted subject after a fronted adverbial,
    # object of a social verb, next to "jag", coordinated with a name
    ("Igår kom Qwerlem hem sent.", [("Qwerlem", M)]),
    ("Jag pratade med Qwerawit i går.", [("Qwerawit", M)]),
    # (its ending is the Persian woman's name Parvaneh: the spelling model reads it as hers)
    ("Vi var hemma hos Qwerparvaneh på lördag.", [("Qwerparvaneh", F)]),
    ("Jag träffade Qwerawit och Yonas på bussen.", [("Qwerawit", M), ("Yonas", M)]),
    ("Jag träffade Yonas och Qwerawit på bussen.", [("Yonas", M), ("Qwerawit", M)]),
    # (the spelling model reads the Tigrinya woman's ending of Abrehet as hers)
    ("Jag har vänner här, Dawit, Qwerabrehet och Qwermeserok.",
     [("Dawit", M), ("Qwerabrehet", F), ("Qwermeserok", M)]),
    ("Sedan sa jag och Qwerawit hej.", [("Qwerawit", M)]),
    ("Jag vet att Qwerlemlem kommer i morgon.", [("Qwerlemlem", M)]),
    # ... but not after a place preposition, a place noun, or as part of a longer name
    ("Jag bor i Qwerporsön och jag tar bussen.", []),
    ("I min hemstad i provinsen Qwersichuan är det varmt.", []),
    ("Jag åkte till Qwergondar och sedan hem.", []),
    ("Vi jobbar på Qwerawash Bank och trivs.", []),
    ("Jag gillar att SFI är gratis.", []),
    # the gender of an unlisted name: "en kvinna som heter X", a Slavic surname or
    # patronymic with a woman's or a man's ending; a listed name keeps its own gender
    ("Jag träffade en kvinna som heter Qwerbahar.", [("Qwerbahar", F)]),
    ("Jag träffade en kille som heter Qwerbahara.", [("Qwerbahara", M)]),
    ("Jag heter Qwergerim Bekova.", [("Qwergerim", F), ("Bekova", S)]),
    ("Jag heter Qwergerima Nurlanovitj Bekov.",
     [("Qwergerima", M), ("Nurlanovitj", "middlename"), ("Bekov", S)]),
    ("Jag heter Qwergerim Nurlanovna Bekova.",
     [("Qwergerim", F), ("Nurlanovna", "middlename"), ("Bekova", S)]),
    ("Min kollega heter Qwerhanna Kowalska.", [("Qwerhanna", F), ("Kowalska", S)]),
    ("Jag heter Erik Petrova.", [("Erik", M), ("Petrova", S)]),
    # initials that sign a letter or name the writer, one span per letter
    ("Vi ses snart!\nHälsningar från A.K.", [("A", "initials"), ("K", "initials")]),
    ("Tack för allt.\nMvh\nM.A.", [("M", "initials"), ("A", "initials")]),
    ("Jag läser på KTH och bor i U.S.A. nu.", []),
    # after a first name's initial the name is the surname, also a listed first name
    ("Jag heter Y. Tesfay och bor i Luleå.", [("Y", "initials"), ("Tesfay", S)]),
    ("Min kompis, B. Hassan, jobbar här.", [("B", "initials"), ("Hassan", S)]),
    ("Min chef Anders P. Holm är snäll.", [("Anders", M), ("P", "initials"), ("Holm", S)]),
    # the writer's own unlisted name takes the gender the writer gives themselves ("min
    # man", "jag är mamma"), not that of a pronoun about someone else
    ("Jag heter Qwerfatou Jallow. Min man jobbar och han är snäll.",
     [("Qwerfatou", F), ("Jallow", S)]),
    ("Jag heter Qwerfatou. Jag är ensamstående mamma.", [("Qwerfatou", F)]),
    ("Jag heter Qwerfatoua. Min fru är sjuksköterska och hon trivs.", [("Qwerfatoua", M)]),
    ("Vi ses!\nHälsningar\nQwerfatou\n\nPS. Min man hälsar.", [("Qwerfatou", F)]),
    # … also over a listed name of the other gender (a name's gender differs between
    # countries; the foreign lists hold errors)
    ("Jag heter Erik och min man heter Kalvutor.", [("Erik", F), ("Kalvutor", M)]),
    # a listed name that is also a word, in lower case right after "heter"
    ("Min chef heter lena och hon är bra.", [("lena", F)]),
    ("Det heter bo på svenska.", []),
    # after "heter" and a first name, a capitalised word is the surname even as a word
    ("Tränaren heter Lennart Hed, han är snäll.", [("Lennart", M), ("Hed", S)]),
    ("Jag heter Anna Och jag bor här.", [("Anna", F)]),
    # a common-word first name opening a sentence before its initial and a surname; a
    # digraph initial
    ("Fråga om hjälp. Britt M. Stål kan allt.", [("Britt", F), ("M", "initials"),
                                                 ("Stål", S)]),
    ("Min mentor Malin Th. Ohlsson är bra.", [("Malin", F), ("Th", "initials"),
                                              ("Ohlsson", S)]),
    # a four-part Vietnamese name: family name, middle name, a two-part given name
    ("Min mor, Phạm Thị Lan Anh, sydde kläder.",
     [("Phạm", S), ("Thị", "middlename"), ("Lan Anh", F)]),
    # a listed name right after "i"/"vid" is a place (a genitive is not: "i Maryams skola"),
    # and so is one coordinated with a place at the end of the phrase
    ("Vi åkte till templet i Fredrika i Lappland.", []),
    ("Bönderna bor i bergen vid Gara.", []),
    ("Så gör man redan i Maryams skola.", [("Maryams", F)]),
    ("Jag är kär i Anna.", [("Anna", F)]),
    ("Många kom från Överkalix och Töre.", []),
    ("Jag kommer från Etiopien och Johan från Uppsala.", [("Johan", M)]),
    # an unlisted double first name of two listed ones; a listed first name that is a
    # frequent word form but no dictionary word, opening a sentence before a finite verb
    ("Min kompis Anna-Klara bor i Lund.", [("Anna-Klara", F)]),
    ("Sedan kom Anders-Per Jonsson in.", [("Anders-Per", M), ("Jonsson", S)]),
    ("Vi åkte sträckan Umeå-Luleå.", []),
    ("Det var kallt i München. Jürgen har börjat trivas.", [("Jürgen", M)]),
    # a second word far more often a first name than a surname is a second given name
    ("Jag heter Juan Pablo och jag är 28 år.", [("Juan", M), ("Pablo", "middlename")]),
    ("Jag heter Ahmed Hassan och bor här.", [("Ahmed", M), ("Hassan", S)]),
    # people named after the writer's colleagues, classmates or neighbours; a relative
    # cue right before an unlisted name outweighs a town of the same spelling
    ("Mina kollegor Qweramal och Rukia hjälper mig.", [("Qweramal", M), ("Rukia", F)]),
    ("Mina klasskompisar Dawit, Qwerabrehet och Meron är från Eritrea.",
     [("Dawit", M), ("Qwerabrehet", F), ("Meron", F)]),
    # a lower-case essay: after a possessive and a relative, a word that is no Swedish word
    ("jag bor med min mamma och min bror qweryasin.", [("qweryasin", M)]),
    ("min bror jobar mycket och min syster idag.", []),
    # lower-case lists of children; a misspelled-name match after "i" is a place
    ("vi har två barn, omar och lina.", [("omar", M), ("lina", F)]),
    ("jag köpte ett rep och lina.", []),
    ("Jag bor i Borlänge, i Tjärnaa ängar.", []),
    # an unlisted name one edit from a listed one takes the gender of its own ending
    ("Hej Yusra! Hur mår du?", [("Yusra", F)]),
    # an unlisted word opening a sentence as the writer's relative or next to "jag"; the
    # relation gives the gender; "Sverige" does not hide the pronoun after the name
    ("Qwerabebe är min bästa kompis.", [("Qwerabebe", M)]),
    ("Qwerlemlem är min syster.", [("Qwerlemlem", F)]),
    ("Qwerabrehet, min fru, lagar mat.", [("Qwerabrehet", F)]),
    ("Qwerhiwot och jag går på samma kurs.", [("Qwerhiwot", M)]),
    ("Qwertesfay kom till Sverige 2015. Hon var 17 år.", [("Qwertesfay", F)]),
    ("Kabulstan är ett land i Asien.", []),
    ("Qwerstad är min hemstad.", []),
    # a pronoun after a thing with a hyphen still gives the gender
    ("Min kollega Mahadi jobbar på X-trafik och han gillar det.", [("Mahadi", M)]),
    # "heter"/"kallas" after a thing noun, also behind a prepositional phrase, names no
    # person; a person noun behind one still introduces a person
    ("Jag bor i en by utanför Qwerby som heter Qwertorp.", []),
    ("Vi äter en kaka av ris som heter Qwerbolo.", []),
    ("Vi firar en fest som heter Qwerfesta.", []),
    ("Där finns små minibussar som kallas qwertaxi.", []),
    ("Jag bor i ett litet samhälle som heter Qwerån.", []),
    ("De har röda armband, de heter qwertråd.", []),
    ("Jag har en kompis på jobbet som heter Farida.", [("Farida", F)]),
    ("Min kompis från skolan som heter Karwan kommer.", [("Karwan", M)]),
    ("Mina barn, de heter Ali och Sara.", [("Ali", M), ("Sara", F)]),
    # "hon heter X" right after a sentence about a pet names the pet
    ("Ge katten mat varje dag. Hon heter Qwermimi.", []),
    ("Min syster har en katt. Hon heter Amina.", [("Amina", F)]),
    # greetings and sign-offs of other languages are no names, and the name after them is
    # the addressee or the writer
    ("Hola Pilar! Hur mår du?", [("Pilar", F)]),
    ("Querida Carmen! Förlåt att jag inte skrev.", [("Carmen", F)]),
    ("Labas Yvette! Hur mår du?", [("Yvette", F)]),
    ("Hej!\nJag mår bra.\nDeine Anneliese", [("Anneliese", F)]),
    ("Hej!\nJag mår bra.\nBesos,\nPilar", [("Pilar", F)]),
    # a hyphenated word ending in a Swedish noun is a nickname phrase, not a name
    ("Hej!\nJag mår bra.\nKram Malmö-tjejen Carmen", [("Carmen", F)]),
    ("Kram Qwerby-killen Lucas", [("Lucas", M)]),
    # a double first name whose first part is also a word; in lower case after a relative
    ("Vår granne Ann-Sofie hjälper oss.", [("Ann-Sofie", F)]),
    ("Min chef ann-sofie är snäll.", [("ann-sofie", F)]),
    # a misspelling that only adds a final letter to a listed name takes its own ending's
    # gender ("Paule" is no "Paul")
    ("Hej!\nJag mår bra.\nPuss\nPaule", [("Paule", F)]),
    # a full name of three words alone on the last line signs the letter; a Slavic
    # patronymic and surname give the gender of an unlisted first name
    ("Hej!\nJag mår bra.\nDin gamla kollega från Grozny,\nAyshat Zaurbekovna Dudaeva",
     [("Ayshat", F), ("Zaurbekovna", "middlename"), ("Dudaeva", S)]),
    # a doctor is named by the surname
    ("Hälsa alla, särskilt doktor Qwertajev, och skriv snart.", [("Qwertajev", S)]),
    ("Jag träffade doktor Anna Berg igår.", [("Anna", F), ("Berg", S)]),
    # the rest of a thing's name after "heter" is no person either
    ("Vi har en tradition som heter Qwerbaba Marta.", []),
    # "Älskade X!" opening a letter greets a person
    ("Älskade Qwerdima!\nTack för bilderna.", [("Qwerdima", F)]),
    # a word in -s after a first name with no noun after it is the surname, not a genitive
    # of a first name (Nune); before a noun it is the genitive
    ("Ring min kusin Carmen Nunes, hon bor i Umeå.", [("Carmen", F), ("Nunes", S)]),
    ("Annas mamma heter Eva.", [("Annas", F), ("Eva", F)]),
    # the genitive of a name a relative introduced is as sure as the name
    ("Min bror Qwerchanda kommer. Qwerchandas plan är bra.",
     [("Qwerchanda", M), ("Qwerchandas", M)]),
    # a work noun before "av" credits a single name too; a gift or a made thing does not
    ("Min dotter läste en dikt av Qwerhafez.", []),
    ("Jag fick en bok av Carmen.", [("Carmen", F)]),
    ("Kakan var gjord av Carmen.", [("Carmen", F)]),
    # "hälsa till X" greets a person, also one whose name is a town abroad
    ("Hälsa till Yuki och Carmen.", [("Yuki", U), ("Carmen", F)]),
    # the genitive of a definite noun before a relative is no name
    ("Flickans mamma ringde. Grannens son heter Ali.", [("Ali", M)]),
    # a signature's first word is the first name even when only a surname list has it
    ("Hej!\nJag mår bra. Kramar,\nGutierrez S. Qwerkvist", [("Gutierrez", M),
                                                              ("S", "initials"),
                                                              ("Qwerkvist", S)]),
    # a vehicle make is no person ("en gammal Mercedes", "kör Mazda", "min Ford") unless a
    # person cue names someone so ("min kompis Mercedes", "jag heter Mercedes")
    ("Min morbror kör en gammal Mercedes till jobbet.", []),
    ("Vi köpte en Ford förra året, men nu vill pappa ha en Mazda.", []),
    ("Jag gillar min Peugeot mer än hans Dacia.", []),
    ("Min kompis Mercedes bor i Kista.", [("Mercedes", F)]),
    ("Jag heter Mercedes Quintanilla.", [("Mercedes", F), ("Quintanilla", S)]),
    # a make that is a first name too is a person without a vehicle's words around it
    ("Mercedes kom till Sverige 2015 och hon bor i Malmö.", [("Mercedes", F)]),
    ("Jag träffade Mercedes i skolan.", [("Mercedes", F)]),
    ("Mercedes är bäst, bilen går aldrig sönder.", []),
    # a last-line signature with the writer's place after a comma or "från"; a last line of
    # places, or a closing word before "från", signs no one
    ("Tack för allt.\n\nMunira Qaderi, Eksjö", [("Munira", F), ("Qaderi", S)]),
    ("Tack för allt.\n\nZarghuna från Herat", [("Zarghuna", F)]),
    ("Vi åkte till Gotland.\n\nVisby, Slite och Fårö.", []),
    ("Jag tycker om boken.\n\nTack från Herat", []),
    ("Det var allt.\n\nMalmö, 12 maj 2023", []),
    # an unlisted word opening a sentence before a verb only a person fills that way: saying
    # or thinking before "att", teaching "mig", studying "till" a trade; not an authority,
    # a noun, or the verb without its complement
    ("Vi pratade länge. Tesfom sa att maten är dyr.", [("Tesfom", M)]),
    ("Jag jobbar mycket. Ghirmay läser till elektriker på Komvux.", [("Ghirmay", M)]),
    ("I föreningen finns många. Welday lärde mig att cykla.", [("Welday", M)]),
    ("Jag bor i Sverige. Migrationsverket sa att jag måste vänta.", []),
    ("Jag söker jobb. Arbetsförmedlingen sa att jag ska vänta.", []),
    ("Vi läste om det. Studien sa att det var fel.", []),
    ("Det är kallt. Tesfom sa ingenting.", []),
    # after "heter", the third word of a three-part name is the surname even when it is a
    # Swedish word; a lower-case word after the name is none
    ("Han heter Abdul Karim Islam och bor i Umeå.",
     [("Abdul", M), ("Karim", "middlename"), ("Islam", S)]),
    ("Hon heter Eva Karin Sand.", [("Eva", F), ("Karin", "middlename"), ("Sand", S)]),
    ("Han heter Abdul Karim och bor i Umeå.", [("Abdul", M), ("Karim", S)]),
    # a signature's second capitalised word is the surname even when it is a Swedish word
    ("Tack för allt.\n\nRosaria Falla", [("Rosaria", F), ("Falla", S)]),
    ("Kram,\nIngrid Sand", [("Ingrid", F), ("Sand", S)]),
    ("Vi ses!\n\nAnna Kom", [("Anna", F)]),
    # "Kram från X" closing a letter signs it, unless X is a place
    ("Jag mår bra.\n\nKram från Zerihun", [("Zerihun", M)]),
    ("Jag mår bra.\n\nKramar från Tesfom Haile!", [("Tesfom", M), ("Haile", S)]),
    ("Jag mår bra.\n\nHälsningar från Lund", []),
    # "ett <noun> som heter x": a neuter noun names a thing, unless it is a person's noun
    ("Till påsk gör vi ett stort bål som heter damara.", []),
    ("Vi har ett barn som heter Tesfom.", [("Tesfom", M)]),
    ("Jag har ett litet syskon som heter Tesfom.", [("Tesfom", M)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_names(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert labelled(det, text) == expected


def test_genitive_flag_and_key(det: NameDetector) -> None:
    got = flagged(det, "Annas mamma heter Eva. Jag gillar Anna.")
    assert got["Annas"] == (F, frozenset({"gen"}), "anna")
    assert got["Anna"][2] == "anna"


def test_later_mentions_at_sentence_start(det: NameDetector) -> None:
    text = "Min son heter Tim. Tim är två år."
    assert labelled(det, text) == [("Tim", M), ("Tim", M)]


def test_later_mention_keeps_the_score_of_a_cued_name(det: NameDetector) -> None:
    """A name a relative introduced competes with a place reading as strongly later on."""
    from pseudonymizer.tokenize import tokenize

    doc = tokenize("Min son Dren är glad. Igår var Dren sjuk.")
    scores = [c.score for c in det.detect(doc) if c.label.startswith("firstname")]
    assert len(scores) == 2 and scores[0] == scores[1] >= 0.7


def test_a_name_after_heter_outweighs_a_bare_place_reading_later_on() -> None:
    """"en kvinna som heter Golbahar. Golbahar kommer …": the town of the gazetteer (Golbahār,
    Iran) loses to the person a name cue introduced; in a place's slot it does not."""
    from pseudonymizer.pipeline import annotate

    text = "På kursen träffade jag en kvinna som heter Golbahar. Golbahar kommer från Iran."
    labels = [(text[s.start : s.end], s.label) for s in annotate(text).spans]
    assert labels[:2] == [("Golbahar", F), ("Golbahar", F)]
