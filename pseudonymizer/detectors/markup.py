"""Mark-up labels (guideline §3.15): ``fam``, ``prof``, ``edu`` and ``sensitive``.

These words are kept as written; they are marked so that a later review can decide about them.

* ``fam``: words for relatives, partners and friends (``mamma``, ``bror``, ``kusinen``,
  ``sambo``, ``kompisar``). Ambiguous ones need a possessive before them: ``min man`` (not
  "man kan"), ``mina barn`` (not "barn i Sverige"), ``min far`` (not "far till").
* ``prof``: professions in a role context — ``jobbar som``, ``är/var/blev lärare``,
  ``utbildad till`` — from the list or by a profession tail (``röntgenläkare``,
  ``gruvarbetare``, ``byggnadsingenjör``).
* ``edu``: degrees (``kandidatexamen``) always; subjects and professions studied after
  ``studerar``, ``läser``, ``examen i``, ``utbildning till`` (``juridik``, ``undersköterska``).
* ``sensitive``: religion, politics, health and sexual orientation words, only in a sentence
  about the writer or their family (first-person cue) — the reliable cases.
* ``extra``: a singular event that can identify the writer — a title or prize won, a medal or
  scholarship received (``jag vann fiske-VM för juniorer``); other ``extra`` cases are left to
  the annotators.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator

from rapidfuzz.distance import OSA

from pseudonymizer.detectors import context as cx
from pseudonymizer.detectors.common import TokenIndex, WordMemo, Words
from pseudonymizer.document import Candidate, Document
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.tokenize import normalize

__all__ = ["MarkupDetector"]

# fam words that are also ordinary words or generic: need a possessive (or a number) before.
_FAM_NEEDS_POSSESSIVE = frozenset(
    "man mannen mannens far fars fadern mor mors modern barn barnet barnets barnen barnens "
    "föräldrar föräldrarna föräldrars föräldrarnas förälder vänner vännerna maka make "
    "maken makan partner partnern partners "
    # the definite "mamman", "pappan", "frun": a parent or wife of a story or of anyone
    # ("pappan i filmen", "särskilt åt mamman"); the writer says "mamma", "min mamma"
    "mamman mammans pappan pappans frun fruns "
    # and the grandfather's in the same form ("först pappans namn och sedan farfaderns")
    "farfadern farfaderns morfadern morfaderns".split()
)
# Plural/definite words that mean the writer's own relatives in a sentence about the writer.
_FAM_PERSONAL = frozenset("föräldrarna vänner vännerna".split())
# "barnen" is the writer's children only when the essay has already said the writer has
# children ("mina två barn", "min son", "vi har tre barn"); otherwise, and in opinions about
# children in general ("jag tror att det är bra för barnen"), it means children in general.
_CHILDREN_DEF = frozenset("barnen barnens barna".split())  # "barna": the spoken form
# The staff and the day of a school: "barnen" in their sentence are a school's children.
_SCHOOL_DAY = frozenset(
    "rasten rasterna läraren lärarna fröken personalen lektionen lektionerna klassen "
    "klassrummet skoluniform".split()
)
_OWN_CHILD_WORDS = frozenset(
    "son sonen söner sönerna dotter dottern döttrar döttrarna barn barnen tvillingar "
    "tvillingarna".split()
)
_OWN_CHILD_OWNERS = frozenset("min mina vår våra".split())
# Children counted by "alla/många/fler": "åt alla barnen", "alla barnbarn stod i kö".
_COUNTED_CHILDREN = frozenset("barnen barnens barna barnbarn barnbarnen".split())
_ALL_OR_MANY = frozenset("alla många fler flera några".split())
_TOLD = frozenset("berättade berättar berättat".split())
_BECOME = frozenset("blev blir är var har varit".split())
# Judging adjectives: "en bra arbetare", "en duktig lärare" praise, they name no job; "en
# känd sångerska" presents a public person, not a job of the writer's circle.
_QUALITY_ADJECTIVES = frozenset(
    "bra duktig duktiga flitig flitiga snäll snälla bättre bäst bästa dålig dåliga sämre "
    "sämsta god goda känd kända berömd berömda".split()
)
# A prize's title: "priset som årets företagare", "Månadens förare".
_PRIZE_GENITIVES = frozenset("årets månadens veckans dagens".split())
# Definite plurals of agent nouns ("lärarna", "läkarna", "sjuksköterskorna"): a group named
# as the subject, never the role in "är/jobbar som X".
_DEFINITE_PLURALS = ("arna", "erna", "orna")
# Professional degree titles listed as edu that name a job after a copula or "som".
_DEGREE_TITLES = frozenset("socionom civilekonom agronom audionom".split())
# Religious practices, feasts and mosques (not the Mass, which annotators keep): marked only
# when the essay marks no word of the faith itself (see detect).
_RELIGIOUS_PRACTICES = frozenset(
    "fasta fastar fastade fastat fastan ramadan ramadanen moské moskén moskéer moskéerna "
    "bön bönen".split()
)
# Per-thread memo of _first_circle_mention for the document in hand.
_CIRCLE = threading.local()
# The pronouns of one person: "Min vän heter Sten … Han är 72 år … hans barnbarn".
_SAME_PERSON = {
    "hans": frozenset("han hans honom".split()),
    "hennes": frozenset("hon hennes henne".split()),
}
# Possessives of a third person, and the writer's own.
_THIRD_POSSESSIVES = frozenset("hans hennes sin sina sitt deras dess".split())
_WRITER_POSSESSIVES = frozenset("min mitt mina vår vårt våra".split())
_KIN_ADJECTIVES_BEFORE = frozenset(
    "äldsta yngsta äldre yngre lilla lille stora store nya gamla bästa minsta enda".split()
)
# A kin word as a role: "jag är (ensamstående) mamma (till …)" (see _role_predicate).
_COPULAS = frozenset("är var blev blir".split())
_ROLE_SUBJECTS = frozenset("jag du han hon hen vi ni de".split())
_ROLE_FILLERS = frozenset(
    "ensamstående ensam gift gifta skild skilda frånskild frånskilda ung unga stolt stolta "
    "och också även redan nu snart en ny nyblivna nybliven blivande glad lycklig "
    "heltidsarbetande hemmavarande år gammal".split()
)
_STILL = frozenset("fortfarande alltid redan nu snabbt direkt".split())
_CHILD_ADJECTIVES = frozenset("små stora vuxna unga underbara fina".split())
# Words of an opinion or a general statement: "jag tycker att barnen …", "några säger att …".
_OPINION_WORDS = frozenset(
    "tror tycker tyckte anser ansåg menar säger sa sade borde bör".split()
)
# Indefinite plurals that are generic without a possessive ("andra mammor", "skolan och
# föräldrar"), and friends/classmates in an opinion ("barnen får kompisar").
# Grandparents and parents-in-law in the indefinite plural are a generation in general ("Mor-
# och farföräldrar som är pensionärer har mer tålamod"); the writer's own have an owner.
_FAM_GENERIC_PLURAL = frozenset(
    "mammor pappor föräldrar farföräldrar morföräldrar svärföräldrar".split()
)
# Infinitives of gaining friends ("svårt att få vänner", "hitta nya vänner") and the
# adjectives that may stand between.
_GAIN_VERBS = frozenset("få skaffa hitta".split())
_FRIEND_ADJECTIVES = frozenset("svenska nya fler flera många några bra goda riktiga".split())
_FAM_FRIENDS_PLURAL = frozenset("kompisar vänner kamrater klasskompisar klasskamrater".split())
# Relatives who are the subject of a sentence about faith or health ("Farmor är muslim"):
# kinship words without the ambiguous "man"/"far"/"mor" (generic pronoun, verbs, nouns).
_KIN_SUBJECTS = (cx.FAMILY_MALE | cx.FAMILY_FEMALE | frozenset(
    "mamman pappan föräldrar föräldrarna barnen sonen dottern svärföräldrar".split()
)) - frozenset("man far mor fru kille killen tjej tjejen".split())
_THIRD_PERSON = frozenset("han hon hen de".split())
_THIRD_OBJECTS = frozenset("henne honom".split())
# "min man", "min fru" (the bare words are also "one" and "Mrs"): the writer's partner.
_OWN_PARTNERS = frozenset("man mannen fru frun make maka".split())
# Sentences that name no one: "Det tar tid.", "Det är svårt.".
_IMPERSONAL_OPENERS = frozenset("det detta här där".split())
# A religion or party adjective before these nouns describes the institution, not a person.
_INSTITUTION_NOUNS = frozenset(
    "skola skolan skolor förskola förskolan gymnasium gymnasiet universitet universitetet "
    "förening föreningen församling församlingen kyrka kyrkan organisation organisationen "
    "sjukhus sjukhuset land landet länder tidning tidningen".split()
)
# Quantifiers and the plural article before a people's or a faith's plural: "många samer",
# "de flesta muslimer", "de kristna bönderna" are a group in general, not the writer's circle.
# Health words that are also everyday moods, and the words that make them one: a little
# ("lite ångest") or a state only feared ("skulle bli deprimerad").
_MOOD_WORDS = frozenset("ångest deprimerad deprimerade stressad stressade".split())
_MILD = frozenset("lite litegrann lätt lättare".split())
_HYPOTHETICAL = frozenset("skulle kunde kan kanske".split())
_GROUP_QUANTIFIERS = frozenset("många alla några flera flesta andra somliga de dom".split())
_HOLY_BOOKS = frozenset("koranen koran bibeln bibel toran".split())
# People presented with an attribute: "en gravid kvinna", "ett religiöst ledare".
_PERSON_NOUNS = frozenset(
    "kvinna man flicka pojke tjej kille person människa familj granne kollega ledare "
    "mamma pappa elev patient".split()
)
_RELIGIOUS_BUILDINGS = frozenset("moské moskén moskéer".split())
_DESCRIBING_VERBS = frozenset("finns fanns ligger låg byggdes står".split())
# Kinship words from the writers' first languages, used as written in Swedish learner texts
# ("min babcia", "min mamá"). Hand-listed from general knowledge of Polish, Spanish,
# Portuguese, Italian, German, Russian/Ukrainian (transliterated), Arabic, Persian, Turkish,
# Somali, Tigrinya and Bosnian/Croatian/Serbian kinship terms, and (round 2) Romanian,
# Finnish, Albanian, Kurdish, Hindi/Urdu, Tagalog and more Serbian/Persian/Arabic/Russian
# ones; only forms that are not Swedish words. They need a possessive before them (an
# adjective may stand between: "min egen oma") or a name after them ("ujak Goran"), handled
# in the detector, not via the gazetteer list.
_FAM_FOREIGN = Words.track(
    "babcia babci dziadek dziadka ciocia wujek mamá papá mamita abuela abuelo abuelita "
    "abuelito abuelos tía tío avó avô vovó vovô nonna nonno nonni oma opa babushka babusjka "
    "dedushka babusia dido teta jiddo sitti madarbozorg pedarbozorg babaanne anneanne "
    "hooyo aabo ayeeyo awoowe ujak ujna stric strina djed deda sestra amca dayı "
    "teyze tetka tetak bunica bunică bunicul mătușa unchiul mummo mummi ukki äiti gjyshe "
    "gjyshja gjysh dapîr bapîr nani dadi chachi mausi khalto khalti khaleh amoo daei dede "
    "lolo lola tita kuya tyotya djadja "
    # round 3: a learner's spelling or an English/Slavic word for a parent or a sibling
    # ("min mama", "min papa", "min sister"): the possessive makes them kin
    "mama papa sister".split()
)
# Praising prefixes of a kinship compound: "favoritkusin", "älsklingsmoster".
_FAVOURITE_PREFIXES = ("favorit", "älsklings")
# Adjectives between a possessive and a kinship word: "min egen oma", "min kära babcia".
_FAM_FOREIGN_ADJECTIVES = _KIN_ADJECTIVES_BEFORE | frozenset(
    "egen egna kära käre älskade snälla söta gamle".split()
)
_FAM_EXTRA_BASE = frozenset(
    "lillebror lillebrors storebror storebrors lillasyster lillasysters storasyster "
    "storasysters småsyskon halvbror halvsyster bonusbarn bonuspappa bonusmamma styvpappa "
    "styvmamma styvfar styvmor svärson svärdotter farbroder lillasystrar storasystrar "
    "lillebröder storebröder halvbröder halvsystrar småsyskonen fosterpappa fostermamma "
    "fosterfar fostermor fosterföräldrar fosterbror fostersyster styvson "
    "styvdotter styvbror styvsyster halvsyskon "
    # round 3: grandchildren and great-grandparents by their line (sonson, dotterdotter),
    # nephews' and cousins' children, bonus relatives, a beloved ("käresta"), and the
    # colloquial parents and brother ("morsan", "farsan", "brorsan")
    "sonson sondotter dotterson dotterdotter sonsöner sondöttrar dottersöner dotterdöttrar "
    "barnbarnsbarn gammelmormor gammelmorfar gammelfarmor gammelfarfar kusinbarn "
    "syskonbarn brorsbarn systerbarn svärdottern svärsonen bonusdotter bonusson "
    "bonussyskon bonusbror bonussyster lillkusin käresta kärestan morsa morsan farsa "
    "farsan brorsa".split()
)
# Their genitives ("min halvbrors bröllop", "min bonuspappas bil"), marked with the flag gen.
_FAM_EXTRA_GEN = frozenset(
    w + "s" for w in _FAM_EXTRA_BASE if not w.endswith(("s", "x", "z"))
) - _FAM_EXTRA_BASE
_FAM_EXTRA = Words.track(_FAM_EXTRA_BASE | _FAM_EXTRA_GEN)
# The words of fewer than four letters a rule of the compound loop needs (the loop skips other
# short words): the short kinship words and "au" of "au pair".
_SHORT_NEEDED = frozenset({w for w in _FAM_FOREIGN | _FAM_EXTRA if len(w) < 4} | {"au"})
_PROF_CUES = frozenset(
    "som är var blev bli blir varit blivit jobbade jobbar arbetar arbetade yrke yrket "
    "jobbet".split()
)
# ("vara" is no cue: "vill vara lärare här också", "att vara journalist i X" are wishes and
# comparisons the gold sets leave unmarked.)
# Words between two steps of a career plan: "X först, sen kanske Y", "X och sedan Y".
_NEXT_STEP_JOINERS = frozenset(", och eller sen sedan".split())
_NEXT_STEP_WORDS = _NEXT_STEP_JOINERS | frozenset("först kanske senare efter det".split())
_RETIRED = frozenset("pensionerad pensionerade".split())
# "jobb" with a quantifier before a profession: the job market, not a person's job.
_JOB_NOUNS = frozenset("jobb jobben arbeten".split())
_JOB_QUANTIFIERS = frozenset("många mest flera några inga lediga fler".split())
_PROF_TAILS = (
    "läkare", "ingenjör", "sekreterare", "arbetare", "lärare", "sköterska", "chaufför",
    "förare", "tekniker", "konsult", "säljare", "assistent", "skötare", "biträde", "snickare",
    "mekaniker", "elektriker", "ekonom", "handläggare", "pedagog", "terapeut", "utvecklare",
    "programmerare", "designer", "analytiker", "kock", "rådgivare", "tolk", "ledare",
    # more productive job tails: "maskinoperatör", "verktygsmakare", "guldsmed",
    # "fiskhandlare", "lokalstädare", "kökschef"
    "operatör", "montör", "makare", "smed", "handlare", "städare", "forskare", "inspektör",
    "samordnare", "chef", "vårdare", "väktare", "vaktare", "guide", "slagare", "konstruktör",
    "journalist", "fotograf", "konstnär", "musiker", "frisör",
    # "fårbonde", "elinstallatör", "plattläggare", "kranmaskinist"
    "bonde", "installatör", "läggare", "maskinist",
)


# "Min examen motsvarar en svensk kandidatexamen", "är jämförbar med en svensk master": the
# Swedish degree a foreign one is measured against.
_EQUIVALENT_WORDS = frozenset(
    "motsvarar motsvarade motsvara motsvarande jämförbar jämförbart jämförbara "
    "likvärdig likvärdigt likvärdiga".split()
)
_EQUIVALENT_SKIP = frozenset("en ett med svensk svenskt svenska".split())


def _equivalent_degree(doc: Document, i: int) -> bool:
    """The degree word ``tokens[i]`` follows "motsvarar", "jämförbar med", "likvärdig med"
    (with "en", "svensk" between)."""
    for w in cx.prev_words(doc, i, 4):
        if w in _EQUIVALENT_WORDS:
            return True
        if w not in _EQUIVALENT_SKIP:
            return False
    return False


def _works_as(doc: Document, i: int) -> bool:
    """``tokens[i]`` follows "jobbar som" / "arbetade som en" / "jobb som" in its sentence."""
    # the word right before must be "som" (or an article before it): most words stop here,
    # without the seven words before them
    tokens = doc.tokens
    first = doc.sentences[tokens[i].sentence][0]
    j = i - 1
    while j >= first and not tokens[j].is_word:
        j -= 1
    if j < first or tokens[j].lower not in ("som", "en", "ett"):
        return False
    prev = [w for w in cx.prev_words(doc, i, 7) if w not in ("en", "ett")]
    if len(prev) < 2 or prev[0] != "som":
        return False
    for w in prev[1:6]:
        if w in _WORK_AS_CUES:
            return True  # "jobbar som X", "arbetade länge som X", "har jobbat i tio år som X"
        if w in ("och", "men", "eftersom", "när", "att", "än", "som", "så", "på", "hos", "vid",
                 "för"):
            return False  # "jobbade på ett äldreboende som heter X": a relative clause
    return False


_WORK_AS_CUES = frozenset(
    "jobbar jobbade jobbat jobba arbetar arbetade arbetat arbeta jobb jobbet arbete tjänst "
    "anställd anställning praktik praktiserar praktiserade extrajobbar extrajobbade "
    "sommarjobb sommarjobbar sommarjobbade jobar jobade".split()
)
# Words after "jobbar som" that are no job: "jobbar som vanligt", "arbetade som aldrig förr".
_NOT_AFTER_WORKS_AS = frozenset(
    "vanligt vanlig förut tidigare innan sagt nämnt jag du han hon vi ni de man alla andra "
    "många mycket mest bäst aldrig alltid förr nu då där här det den detta anställd "
    "timanställd frivillig volontär ideell heltid deltid vikarie praktikant heter hette "
    "kallas kallades är var har hade ligger låg finns fanns gör gjorde kan kunde ska skulle "
    "vill ville måste annars också ofta sällan inte kanske dock nästan utrikes inrikes".split()
)
# Past-tense endings of verbs in a relative clause after "som" ("ett jobb genom en granne
# som kände en chef"): a vocabulary word with one of them is no job.
_PAST_TENSE = ("ade", "dde", "tte", "nde", "kte", "pte", "ste")

# Agent-noun suffixes of professions no list holds ("bryggare", "städerska", "montör",
# "florist", "geolog", "mekaniker").
_AGENT_SUFFIXES = ("are", "erska", "ör", "ist", "log", "iker")
# Adjective stems: a word of these before "-are" is a comparative ("lyckligare", "ensammare").
_ADJECTIVE_STEMS = ("ig", "lig", "sam", "isk", "ad", "en", "ös", "bar", "ell", "iv")
# Subjects of a role verb before an unlisted profession: "jag är bryggare", "min man var X".
_PERSONS = frozenset(
    "jag han hon du vi ni de hen man fru pappa mamma bror syster make maka sambo son dotter "
    "far mor farfar morfar farmor mormor fästman fästmö pojkvän flickvän".split()
)
# Cues that name a job without a role verb: "utbildad bryggare", "yrke: bryggare".
_UNLISTED_CUES = frozenset("utbildad utbildade yrke yrket yrkesverksam".split())
# Number words after "sedan" in "(städerska sedan fyra år)".
_SPAN_NUMBERS = frozenset("ett en två tre fyra fem sex sju åtta nio tio elva tolv många".split())
# Counts before a plural profession: "vi är två sjuksköterskor och en läkare".
_COUNT_WORDS = frozenset("två tre fyra fem sex sju åtta nio tio många några flera".split())
# Role words right before a misspelt profession: "jag är X", "jobbar som X", "vill bli X".
_ROLE_WORDS = frozenset("som är var blev bli blir".split())
# Words that may stand between a role cue and the profession: "är jag själv lärare", "jobbar
# nu som en kock", "var också läkare".
_ROLE_SKIP = frozenset(
    "jag han hon vi de du själv själva också nu idag fortfarande redan bara även en ett "
    "numera sedan länge många år".split()
)
# Upper-case abbreviation before a hyphen: "IT-konsult", "UX-designer", "HR-assistent".
_ABBR_COMPOUND = re.compile(r"^[A-ZÅÄÖ]{2,4}-[a-zåäö]{3,}$")
# School subjects that have numbered courses in the Swedish upper-secondary and adult
# education (Skolverket: Svenska 1–3, Svenska som andraspråk 1–3, Engelska 5–7,
# Matematik 1a–5 …), and the learners' short forms.
_COURSE_SUBJECTS = Words.track(
    "svenska engelska matematik matte historia samhällskunskap samhälle biologi kemi fysik "
    "naturkunskap religionskunskap religion geografi sva sas moderna spanska franska tyska "
    "idrott".split()
)
_COURSE_LEVEL = re.compile(r"[1-7][abc]?")
# Before a Swedish course (the one every learner takes): passed ("klarat Svenska 3") or named
# as the setting of a task ("i kursen svenska 3"); the SweLL sets from train4 on leave these
# out (other courses passed stay: "klarade Matematik 2b").
_SWEDISH_COURSES = frozenset("svenska sva sas".split())
_COURSE_PASSED = frozenset("klarat klarade klarar klara godkänd godkänt".split())
_COURSE_NOUNS = frozenset("kursen kurs kurserna".split())
_NOT_COURSE_AFTER = frozenset(
    "timme timmar gång gånger dag dagar vecka veckor år månader minuter kr procent "
    "personer elever lärare".split()
)
# Subject compounds ("materialteknik", "miljövetenskap", "samhällskunskap", "mikrobiologi").
_SUBJECT_TAILS = ("teknik", "vetenskap", "kunskap", "biologi", "ekonomi", "kemi", "fysik",
                  "psykologi", "medicin", "juridik", "informatik")
# Compounds with a profession tail that name a status, not a profession.
_NOT_PROFESSIONS = frozenset(
    "gästarbetare gästarbetarna medarbetare medarbetaren deltagare besökare invånare "
    "ledare".split()
)
_EDU_CUES = frozenset(
    "studerar studerade studerat studera pluggar pluggade pluggat plugga läser läste läst "
    "läsa examen utbildning utbildningen utbildar utbildade utbildad program programmet "
    "inom i till master magister kandidat doktor examina".split()
)
_EDU_VERBS = frozenset(
    "studerar studerade studerat studera pluggar pluggade pluggat plugga läser läste läst "
    "läsa utbildar utbildade utbildad".split()
)
_TRAINING_TAILS = ("utbildning", "utbildningen")
_EDU_TAILS = ("examen", "examina", "program", "programmet", "utbildning", "utbildningen")
# Generic compounds that name no subject.
_EDU_GENERIC = frozenset(
    "vuxenutbildning vuxenutbildningen yrkesutbildning yrkesutbildningen grundutbildning "
    "grundutbildningen vidareutbildning vidareutbildningen högskoleutbildning "
    "högskoleutbildningen universitetsutbildning universitetsutbildningen "
    "gymnasieutbildning gymnasieutbildningen svenskutbildning tv-program tv-programmet "
    "radioprogram dataprogram datorprogram sfi-utbildning sfi-utbildningen "
    "introduktionsprogram introduktionsprogrammet språkintroduktion körkortsutbildning "
    "körkortsutbildningen trafikskola barnprogram barnprogrammet barnprogrammen "
    # programmes that are no studies: housing ("miljonprogrammet"), society's schemes
    "miljonprogram miljonprogrammet mentorsprogram mentorsprogrammet distansutbildning "
    "distansutbildningen".split()
)
_WIN_VERBS = frozenset("vann vinna vunnit vinner fick fått tog".split())
# Other verbs of a singular, identifying event, each with the words that must follow it:
# "jag var med i tv", "jag kom tvåa i SM", "jag slog svenskt rekord", "jag blev svensk
# mästare", "jag överlevde en flygolycka".
_EVENT_VERBS: dict[str, tuple[str, ...]] = {
    "var": ("tv", "tv4", "svt", "teve", "radio", "radion", "tidningen", "programmet",
            "nyheterna", "melodifestivalen", "tv-serie", "tv-serien", "dokumentär",
            "dokumentären"),
    "medverkade": ("tv", "tv4", "svt", "radio", "radion", "programmet", "filmen", "tidningen",
                   "melodifestivalen", "dokumentären"),
    "kom": ("etta", "tvåa", "trea"),
    "slog": ("rekord", "rekordet", "världsrekord", "världsrekordet"),
    "satte": ("rekord", "rekordet", "världsrekord", "världsrekordet"),
    "blev": ("mästare", "mästarinna", "världsmästare", "europamästare", "svensk mästare",
             "årets", "etta", "tvåa", "trea"),
    "överlevde": ("olycka", "olyckan", "flygolycka", "flygolyckan", "jordbävning",
                  "jordbävningen", "tsunami", "tsunamin", "bombning", "bombningen", "branden",
                  "kraschen", "krocken", "explosionen", "skeppsbrott", "skeppsbrottet"),
}
# verb → its event words (None for the prize verbs, which take any prize word)
_ALL_EVENT_VERBS: dict[str, tuple[str, ...] | None] = {
    **_EVENT_VERBS, **dict.fromkeys(_WIN_VERBS)
}
_NO_VERB: tuple[str, ...] = ()
_EVENT_VERB_WORDS = Words.track(_ALL_EVENT_VERBS)
_WRITER = frozenset("jag vi".split())
# The writer or someone close: "min mamma … fick en medalj", "hon vann".
_PEOPLE = frozenset("jag vi han hon min mitt mina vår vårt våra".split())
_PRIZE_TAILS = (
    "mästerskap", "mästerskapet", "mästerskapen", "-vm", "-em", "-sm", "tävling", "tävlingen",
    "medalj", "medaljen", "medaljer", "stipendium", "stipendiet", "utmärkelse", "utmärkelsen",
    "priset", "pokal", "pokalen", "guld", "silver", "brons", "titeln",
)
_PRIZE_WORDS = frozenset("vm em sm os dm nm jsm jvm pris nobelpriset grammis guldbagge".split())
# Finite verbs that open a new clause inside an event's phrase.
_NEW_CLAUSE_VERBS = frozenset(
    "är var har hade bor bodde blev blir kom kommer fick får gick går jobbar jobbade".split()
)
_CLAUSE_END = frozenset("och men så eftersom när att som där".split())
_TRAILING = frozenset("i på av för med till från under vid en ett den det".split())
# (not "kurs": "kursen i data", "en kurs i svetsning" are a course taken, unmarked)
_DEGREE_WORDS = frozenset(
    "examen utbildning utbildningen program programmet master magister kandidat doktor "
    "examina studier studierna".split()
)
_SUBJECTS = frozenset("jag han hon vi du ni de hen".split())
_NUMBER_WORDS = frozenset("en ett två tre fyra fem sex sju åtta nio tio många några".split())
# "jag röstar på SD", "min pappa röstade på Kurdiska partiet": the party voted for is a
# political view even when it is not in the list (abbreviations, foreign parties).
_VOTE_VERBS = Words.track("röstar röstade röstat rösta röstat röster".split())


# Health compounds not in the list: a disease head ("bröstcancer", "hjärntumör",
# "sköldkörtelsjukdom", "pollenallergi", "tarminflammation") or a body part or function with a
# complaint head ("knäskada", "axelproblem", "sömnproblem", "ryggbesvär").
_HEALTH_HEADS = (
    "cancer", "cancern", "tumör", "tumören", "sjukdom", "sjukdomen", "sjukdomar", "infarkt",
    "infarkten", "inflammation", "inflammationen", "allergi", "allergin", "allergier",
    "syndrom", "syndromet", "svikt", "skleros", "diabetes", "blödning", "blödningen",
    "propp", "proppen", "förlamning", "störning", "störningar", "nedsättning",
    "depression", "depressionen",  # "förlossningsdepression", "vinterdepression"
)
_COMPLAINT_HEADS = ("skada", "skadan", "skador", "problem", "problemen", "besvär", "fel",
                    "operation", "operationen", "brott", "ont", "värk", "värken", "smärta",
                    "smärtor")
_BODY_STEMS = frozenset(
    """rygg knä axel nack nacke höft hjärt hjärn lung njur lever mag tarm hud ögon syn hörsel
    led fot hand arm ben huvud bröst prostata livmoder äggstock sköldkörtel bukspottkörtel
    sömn nerv muskel skelett käk hals öron blod lår""".split()
)
# Compounds with such heads that are no one's condition ("folksjukdom" is a topic).
_NOT_HEALTH = frozenset(
    "barnsjukdom barnsjukdomar folksjukdom folksjukdomar arbetsskada personskada "
    "vattenskada vattenskadan bilskada stormskada frostskada frostskador".split()
)
# "diabetes typ 1", "typ 2-diabetes": the type belongs to the condition.
_TYPE_WORDS = frozenset("1 2 ett två i ii".split())


def _join_sensitive(doc: Document, cands: list[Candidate]) -> Iterator[Candidate]:
    """Sensitive words side by side are one mark ("ortodox kristen", "sunni muslim"), and a
    condition takes its type ("diabetes typ 2")."""
    if not cands:
        return
    text = doc.text
    tokens = doc.tokens
    cands.sort(key=lambda c: (c.start, c.end))
    merged: list[Candidate] = []
    for cand in cands:
        last = merged[-1] if merged else None
        if last is not None and cand.start >= last.end and not text[last.end : cand.start].strip():
            merged[-1] = Candidate(last.start, cand.end, "sensitive", last.flags,
                                   max(last.score, cand.score),
                                   text[last.start : cand.end].lower(), source=last.source)
        else:
            merged.append(cand)
    ends = TokenIndex.of(doc).ends  # (ascending: the token ending at cand.end, bisected)
    for cand in merged:
        k = bisect_left(ends, cand.end)
        if k < len(ends) and ends[k] == cand.end and k + 2 < len(tokens) and \
                tokens[k + 1].lower == "typ" and tokens[k + 2].lower in _TYPE_WORDS:
            cand = Candidate(cand.start, tokens[k + 2].end, "sensitive", cand.flags, cand.score,
                             text[cand.start : tokens[k + 2].end].lower(), source=cand.source)
        yield cand


def _compound_positions(doc: Document, words: Words) -> list[int]:
    """The indices of the tokens the compound rules of ``MarkupDetector._detect`` can take,
    ascending: the listed words (vote verbs, foreign kinship words, "au"), the words with one
    of the rules' tails or prefixes, and the words a role cue comes before (``_works_as`` and
    ``_misspelt_profession`` need "som", "är", "var", "blev", "bli" or "blir" as the nearest
    word before, past words of ``_ROLE_SKIP``: "jobbar nu som en X"; at most three of them,
    or six "en"/"ett" for ``_works_as``, which reads seven words)."""
    at = set(words.where(_COMPOUND_LOOP_WORDS))
    # the essay's words with a tail or prefix of a rule, told by a memo of every word seen:
    # the test runs in Python only for words new to the process, the rest is picked in C
    tailed = set(_COMPOUND_WORD_MEMO.pick(words.present)[0])
    if tailed:
        at.update(words.where(tailed))
    tokens = doc.tokens
    n = len(tokens)
    for k in words.where(_ROLE_WORDS):
        sentence = tokens[k].sentence
        passed = 0  # words passed after the cue
        j = k + 1
        while j < n and tokens[j].sentence == sentence:
            low = tokens[j].lower
            if len(low) >= 4 or low in _SHORT_NEEDED:
                at.add(j)  # (_detect passes by the other short words at once)
            if tokens[j].is_word:
                if low not in _ROLE_SKIP or passed == 6:
                    break  # the words after this one have a nearer word than the cue
                passed += 1
            j += 1
    return sorted(at)


def _health_compound(low: str) -> bool:
    """``low`` is a compound naming a health condition: a disease head after three or more
    letters ("bröstcancer", "hjärntumör", "pollenallergi") or a body part or function before
    a complaint head ("knäskada", "axelproblem", "sömnproblem", "benbrott")."""
    if not low.endswith(_HEALTH_TAILS) or low in _NOT_HEALTH or not low.isalpha():
        return False  # one C-level endswith first: most words end with no head
    for head in _HEALTH_HEADS:
        if low.endswith(head) and len(low) >= len(head) + 3:
            return True
    for head in _COMPLAINT_HEADS:
        if low.endswith(head) and len(low) > len(head):
            stem = low[: -len(head)]
            return stem in _BODY_STEMS or (stem.endswith("s") and stem[:-1] in _BODY_STEMS)
    return False


_HEALTH_TAILS = (*_HEALTH_HEADS, *_COMPLAINT_HEADS)
# The words and tails of the compound rules of MarkupDetector._detect (_compound_positions).
_COMPOUND_LOOP_WORDS = Words.track(_VOTE_VERBS | _FAM_FOREIGN | _FAM_EXTRA | {"au"})
_COMPOUND_LOOP_TAILS = (
    _EDU_TAILS + _SUBJECT_TAILS + _HEALTH_TAILS + _PROF_TAILS + _AGENT_SUFFIXES
)


def _compound_loop_word(w: str) -> bool:
    """A tail of _COMPOUND_LOOP_TAILS (six letters or more: the shortest rule, the agent
    nouns) or a prefix of _FAVOURITE_PREFIXES."""
    return (len(w) >= 6 and w.endswith(_COMPOUND_LOOP_TAILS)) or w.startswith(_FAVOURITE_PREFIXES)


# word → whether the compound rules may take it, for every word seen
_COMPOUND_WORD_MEMO = WordMemo(_compound_loop_word)
Words.track(_ROLE_WORDS)


# Degrees that name their subject after "i": "master i statsvetenskap", "magisterexamen i
# biologi" (any "-examen" but the bare word: "min examen i juridik" marks only the subject).
_DEGREE_NAMES = frozenset(
    "master masters magister kandidat bachelor licentiat".split()
)


def _is_degree_name(low: str) -> bool:
    return low in _DEGREE_NAMES or (
        low.endswith(("examen", "examina")) and low not in ("examen", "examina")
    )


def _join_degrees(doc: Document, cands: list[Candidate]) -> Iterator[Candidate]:
    """A degree and its subject are one ``edu`` mark: "en [master i träteknik]", "en
    [magisterexamen i biologi]" (the annotators mark the degree as a whole); the degree's own
    mark, if any, is folded in."""
    if not cands:
        return
    tokens = doc.tokens
    starts = doc.starts
    dropped: set[int] = set()
    joined: dict[int, Candidate] = {}
    for n, cand in enumerate(cands):
        k = bisect_right(starts, cand.start) - 1
        if k < 2 or tokens[k].start != cand.start or tokens[k - 1].lower != "i" or \
                tokens[k - 2].sentence != tokens[k].sentence or \
                not _is_degree_name(tokens[k - 2].lower):
            continue
        degree = tokens[k - 2]
        joined[n] = Candidate(degree.start, cand.end, "edu", cand.flags, max(cand.score, 0.6),
                              doc.text[degree.start : cand.end].lower(), source=cand.source)
        dropped.update(m for m, other in enumerate(cands)
                       if other.start <= degree.start < other.end)
    for n, cand in enumerate(cands):
        if n in joined:
            yield joined[n]
        elif n not in dropped:
            yield cand


# "god man" (a guardian appointed by the court) and "man" after a place ("I Paris man …").
_GOOD_MAN = frozenset("man mannen".split())
_GOOD = frozenset("god gode goda".split())
_PLACE_PREPOSITIONS = frozenset("i från".split())
# The reflexive's subject (see MarkupDetector._reflexive_outside): pronouns of a person, people
# in general, and the prepositions before a place (not a subject: "från Damaskus med sin man").
_SUBJECT_PRONOUNS = frozenset("han hon hen de dom vi jag den det".split())
_GENERIC_PEOPLE = frozenset(
    "barn ungdomar unga elever människor folk invandrare kvinnor män flickor pojkar "
    "föräldrar alla många man".split()
)
_NAME_PREPOSITIONS = frozenset("i från till på med hos vid av om".split())
# Possessives that name an owner; the reflexive "sin/sitt/sina" only points back to the
# sentence's subject ("de flesta män blir munkar en tid i sitt liv": anybody).
_REFLEXIVES = frozenset("sin sitt sina".split())
_OWNER_POSSESSIVES = cx.POSSESSIVES - _REFLEXIVES
_ONE_PERSON = frozenset("han hon hen".split())  # "Han fick sin första hjärtinfarkt"
# "kamrat" alone is a friend; its compounds ("klasskamrat", "arbetskamrat") are fellows.
_FRIEND_KAMRAT = frozenset("kamrat kamraten kamrater kamraterna kamrats".split())
# Words for friends (not kin): after another person's genitive ("Lisas kompis") they name
# someone else's friend, outside the writer's circle (kin words are kept: "Olas föräldrar"
# are often the partner's parents).
_FRIEND_WORDS = frozenset(
    "vän vännen vänner vännerna väninna väninnan kompis kompisen kompisar kompisarna "
    "klasskompis klasskompisar".split()
)
# Courtesy titles: "fru Berg", "herr Lind" address a person, they name no relative.
_COURTESY_TITLES = frozenset("fru herr".split())
# The reader's possessives: "Hälsa din mamma", "hälsa till era barn".
_AGE_ADJECTIVE_TAILS = ("årige", "åriga", "årig")
_READER_POSSESSIVES = frozenset("din ditt dina er ert era".split())


def _part_of_name(doc: Document, first: int) -> bool:
    """A capitalised word inside a sentence right after a capitalised name or after "heter"
    ("Jag heter Karim Islam", "Hon heter Islam"): a name's part, not the common word."""
    tokens = doc.tokens
    tok = tokens[first]
    if not tok.is_title or first == 0 or cx.is_sentence_initial(doc, first):
        return False
    prev = tokens[first - 1]
    if not prev.is_word or prev.sentence != tok.sentence:
        return False
    if prev.lower in cx.NAME_INTRO:
        return True
    return prev.is_title and not cx.is_sentence_initial(doc, first - 1)


# "har/hade/fick/får" + friends: whose friends the subject of the verb tells.
_HAVE_VERBS = frozenset("har hade fick får".split())
# Partners the writer says they have: "jag har en man" (not "det kom en man").
_PARTNER_HAD = frozenset("man make maka partner".split())
_SELF = frozenset("själv själva".split())  # "nu har jag själv barn"
# Third-person subjects of "har kompisar": a child or another person, not the writer.
# "där träffade han fel kompisar", "hon hittade nya vänner": someone else's friends.
_MEET_VERBS = frozenset("träffade träffar träffat hittade hittar hittat".split())
_OTHER_SUBJECTS = frozenset(
    "han hon hen de dom barnen barn sonen dottern son dotter söner döttrar sönerna "
    "döttrarna".split()
)


_KIN_OR_PARTNER = _KIN_SUBJECTS | frozenset("man make maka fru hustru sambo".split())


def _third_person_has(doc: Document, first: int) -> bool:
    """The friend word is the object of "har/hade/fick/får" whose subject is a third person
    ("min son har många kompisar", "nu har hon inga vänner", "Mina barn har svenska vänner"),
    within four words before it."""
    prev = cx.prev_words(doc, first, 6)
    for k, w in enumerate(prev[:4]):
        if w in _HAVE_VERBS or w in _MEET_VERBS:
            before = prev[k + 1] if k + 1 < len(prev) else ""
            after = prev[k - 1] if k > 0 else ""
            if before in _OTHER_SUBJECTS or after in _OTHER_SUBJECTS - {"barn"}:
                return True
            # "Min fru Anna har många kompisar", "min son har": a relative (or a name after
            # one) is the subject, they are that person's friends
            j = first - 1 - k - 1  # the token before the verb, when no punctuation between
            tokens = doc.tokens
            if j > 0 and tokens[j].is_word and tokens[j].lower == before:
                if tokens[j].is_title and not cx.is_sentence_initial(doc, j):
                    j -= 1  # the name: "Min fru Anna har"
                return j > 0 and tokens[j].lower in _KIN_OR_PARTNER and \
                    tokens[j - 1].lower in cx.POSSESSIVES
            return False
        if w in cx.POSSESSIVES or w in ("och", "men", "att", "som", "med"):
            return False
    return False


def _reflexive_owner(doc: Document, first: int) -> bool:
    """"sin/sitt/sina" before ``first`` (an adjective may stand between: "sina bästa
    kompisar")."""
    prev = [w for w in cx.prev_words(doc, first, 2) if w not in _FAM_FOREIGN_ADJECTIVES]
    return bool(prev) and prev[0] in _REFLEXIVES


def _third_owner(doc: Document, first: int) -> bool:
    """"hans/hennes" before ``first`` (an adjective may stand between: "hans bästa vän")."""
    prev = [w for w in cx.prev_words(doc, first, 2) if w not in _FAM_FOREIGN_ADJECTIVES]
    return bool(prev) and prev[0] in ("hans", "hennes")


# "parti" is also a game of chess or cards ("ett parti schack"): words of a board or card
# game in the sentence or the two before tell that sense.
_GAME_PARTY_WORDS = frozenset("parti partiet partier partierna".split())
_GAME_WORDS = frozenset(
    "schack schacket drag pjäs pjäser pjäserna brädet brädspel kortspel bridge backgammon "
    "domino dominospel tärning tärningen".split()
)


def _game_near(doc: Document, first: int) -> bool:
    """A word of a board or card game in the sentence of ``first`` or the two before."""
    tokens = doc.tokens
    sentence = tokens[first].sentence
    lo = doc.sentences[max(0, sentence - 2)][0]
    hi = doc.sentences[sentence][1]
    return any(t.lower in _GAME_WORDS or t.lower.startswith("schack")
               for t in tokens[lo:hi])


def _courtesy_title(doc: Document, first: int, last: int, low: str) -> bool:
    """``fru``/``herr`` used as a title before a capitalised name with no possessive or
    article before it ("min lärare, fru Berg, var snäll"; "en patient, fru Eva L.")."""
    if low not in _COURTESY_TITLES:
        return False
    tokens = doc.tokens
    k = last + 1
    if k >= len(tokens) or not tokens[k].is_word or not tokens[k].is_title or \
            tokens[k].sentence != tokens[last].sentence:
        return False
    prev = cx.prev_words(doc, first, 1)
    return not (prev and (prev[0] in cx.POSSESSIVES or prev[0] in _THIRD_POSSESSIVES
                          or prev[0].endswith("s") and len(prev[0]) > 2))


_QUOTE_OPENERS = frozenset(':"”“«–—')
# Words that go on speech addressed to someone: "mamma, du …", "pappa, hur …", "mamma, kom!".
_ADDRESS_NEXT = frozenset(
    "du ni dig hur vad var varför när vem kan kom titta vänta förlåt tack hej snälla jag vi "
    "det får ska".split()
)


def _vocative(doc: Document, first: int, last: int) -> bool:
    """A kin word that opens quoted speech and is set off by a comma ('frågade: mamma, hur var
    det?', '”Pappa, kom!”'): the speaker addresses the relative; no mention of the family."""
    tokens = doc.tokens
    return first > 0 and tokens[first - 1].text in _QUOTE_OPENERS and \
        last + 2 < len(tokens) and tokens[last + 1].text == "," and \
        tokens[last + 2].lower in _ADDRESS_NEXT  # not a list: "i mitt liv: mamma, pappa och …"


_OPENING_QUOTES = frozenset('"”“«')


def _opens_quote(doc: Document, first: int) -> bool:
    """The kin word is the first word of a quotation, written right after its opening mark
    ('"mamma du är …"', '"-son"'); the quoted speech after a colon and a comma ('frågade:
    "mamma, hur …"') is ``_vocative``'s."""
    tokens = doc.tokens
    j = first - 1
    if j >= 0 and tokens[j].text == "-" and tokens[j].end == tokens[first].start:
        j -= 1  # '"-son"': a suffix
        if j < 0 or tokens[j].end != tokens[j + 1].start:
            return False
    elif j < 0 or tokens[j].end != tokens[first].start:
        return False
    return tokens[j].text in _OPENING_QUOTES


_LIST_JOINERS = frozenset(", och".split())
_LIST_WORDS = frozenset(", och eller".split())
_FAM_SUBJECT_STOPS = frozenset("och men att som med".split())


def _listed_after_possessive(doc: Document, first: int) -> bool:
    """The word ends a list of kin words that opens with the writer's possessive: "min
    farfar, farmor, föräldrar" (the possessive covers the whole list)."""
    tokens = doc.tokens
    sentence = tokens[first].sentence
    kin = 0
    for k in range(first - 1, max(-1, first - 9), -1):
        tok = tokens[k]
        low = tok.lower
        if tok.sentence != sentence:
            return False
        if low in _LIST_JOINERS:
            continue
        if low in _WRITER_POSSESSIVES:
            return kin > 0 and tokens[k + 1].lower not in _LIST_JOINERS
        if low in cx.FAMILY_MALE or low in cx.FAMILY_FEMALE or low in _FAM_EXTRA:
            kin += 1
            continue
        return False
    return False


def _capitalised_inside(doc: Document, first: int) -> bool:
    """A capitalised kin word right after a lower-case word of its sentence (no possessive):
    a title or a name ("om Mamma Mia", "läser Bröderna Lejonhjärta"); or a kin word after a
    possessive capitalised inside a sentence ("filmen Min pappa X")."""
    tokens = doc.tokens
    tok = tokens[first]
    if first >= 2 and not tok.is_title and tokens[first - 1].is_title and \
            tokens[first - 1].lower in _WRITER_POSSESSIVES and tokens[first - 2].is_word and \
            tokens[first - 2].text[:1].islower() and tokens[first - 2].text[-1:].isalpha() and \
            tokens[first - 2].sentence == tok.sentence and \
            not doc.text[tokens[first - 2].end : tokens[first - 1].start].strip():
        return True  # "filmen Min pappa X", "dokumentären Vår planet": a capitalised
        # possessive inside a sentence opens a title
    if not tok.is_title or first == 0:
        return False
    before = tokens[first - 1]
    return before.is_word and before.sentence == tok.sentence and before.text[:1].islower() \
        and before.lower not in cx.POSSESSIVES and before.lower not in _READER_POSSESSIVES \
        and before.lower not in _WITH_RELATIVE  # "jag och Mamma", "hos Mormor": a relative


# Words before a relative written with a capital as a name: "jag och Mamma", "hos Mormor".
_WITH_RELATIVE = frozenset("och med hos till åt för".split())


# Verbs that introduce a translation of a (foreign) word: "min babcia, det betyder mormor".
_GLOSS_VERBS = frozenset("betyder betydde översatt".split())
# A bare plural of people as the first word of a sentence is people in general: "Barn kan
# ringa mamma och pappa", "Ungdomar behöver kompisar".
_GENERIC_SUBJECTS = frozenset(
    "barn ungdomar unga elever människor tonåringar flickor pojkar kvinnor män invandrare "
    "studenter".split()
)


def _generic_subject_sentence(doc: Document, first: int, prev: list[str]) -> bool:
    """``tokens[first]`` has no owner before it (no possessive, no genitive) and its sentence
    opens with a bare plural of people in general ("Barn kan ringa mamma")."""
    if prev and (prev[0] in cx.POSSESSIVES or prev[0].endswith("s")):
        return False
    tokens = doc.tokens
    start = doc.sentences[tokens[first].sentence][0]
    k = start
    while k < first and not tokens[k].is_word:
        k += 1
    return k < first and tokens[k].lower in _GENERIC_SUBJECTS


# People in general before "med": "alla med vårdutbildning", "många utrikes födda med
# universitetsexamen", "invandrare med examen".
_GROUP_HOLDERS = _GROUP_QUANTIFIERS | _GENERIC_PEOPLE | frozenset("födda personer".split())


def _group_with(doc: Document, i: int) -> bool:
    """An education held by a group ("alla med vårdutbildning"), not by the writer."""
    prev = cx.prev_words(doc, i, 4)
    return bool(prev) and prev[0] == "med" and any(w in _GROUP_HOLDERS for w in prev[1:4])


def _greeted_before(doc: Document, first: int) -> bool:
    """"Hälsa (till) din bror och din mamma": the words before ``first`` in its sentence go
    back to "hälsa" through the reader's relatives only."""
    tokens = doc.tokens
    start = doc.sentences[tokens[first].sentence][0]
    for k in range(first - 1, max(start, first - 10) - 1, -1):
        low = tokens[k].lower
        if low == "hälsa":
            return True
        if low in _READER_POSSESSIVES or low in ("och", "till", ",") or \
                low in cx.FAMILY_MALE or low in cx.FAMILY_FEMALE or tokens[k].is_title:
            continue
        return False
    return False


def _greeted_relative(doc: Document, first: int, last: int, prev: list[str]) -> bool:
    """A relative the reader is asked to greet ("Hälsa din mamma!", "hälsa till er son"): the
    reader's relative, unless an apposition makes them the writer's own ("Hälsa din mamma,
    min moster"). ``prev`` is ``cx.prev_words(doc, first, 3)``."""
    if len(prev) > 2 and prev[0] == "och" and prev[2] in _READER_POSSESSIVES and \
            (prev[1] in cx.FAMILY_MALE or prev[1] in cx.FAMILY_FEMALE) and \
            _greeted_before(doc, first):
        return True  # "Hälsa din bror och syster!": the possessive covers the list
    if not prev or prev[0] not in _READER_POSSESSIVES:
        return False
    if not (len(prev) > 1 and prev[1] == "hälsa"
            or len(prev) > 2 and prev[1] == "till" and prev[2] == "hälsa"
            or len(prev) > 1 and prev[1] == "och" and _greeted_before(doc, first)):
        return False
    tokens = doc.tokens
    k = last + 1
    if k + 1 < len(tokens) and tokens[k].text == "," and \
            tokens[k + 1].lower in _WRITER_POSSESSIVES:
        return False  # "Hälsa din mamma, min kära moster"
    return True


def _after_name_genitive(doc: Document, first: int) -> bool:
    """A capitalised genitive (a name's: "Lisas", "Annas") stands right before ``first``, or
    before one adjective ("Lisas bästa kompis"); a sentence-initial common noun is no name."""
    tokens = doc.tokens
    j = first - 1
    if j >= 0 and tokens[j].lower in _KIN_ADJECTIVES_BEFORE:
        j -= 1
    if j < 0 or not tokens[j].is_word or not tokens[j].is_title:
        return False
    low = tokens[j].lower
    if not low.endswith("s") or len(low) < 3 or low in _WRITER_POSSESSIVES:
        return False
    return tokens[j].sentence == tokens[first].sentence
# People outside the writer's circle, named with their role ("Min chef heter Göran Lind").
_OUTSIDE_ROLES = frozenset(
    "chef chefen granne grannen grannar kollega kollegan lärare läraren lärarinna rektor "
    "rektorn tränare tränaren handledare handledaren man mannen kvinna kvinnan dam damen "
    "herre pojke pojken flicka flickan patient patienten läkare läkaren hyresvärd "
    "hyresvärden".split()
)
# "och många barn drunknar": a vague count after "och" is children in general.
_VAGUE_COUNTS = frozenset("många några".split())
# Modal verbs of what anyone may do: "barnen kan leka ute" is about children in general.
_POSSIBILITY = frozenset("kan kunna".split())
# A partner of the writer's ("min man", "min fru"): "barnen" after it are the couple's.
_PARTNER_WORDS = frozenset("man make maka fru hustru sambo exman exfru exmake".split())


# Researchers of a subject: "forskare i materialteknik" (a teacher's subject, "lärare i
# matematik", is what the job is about and stays unmarked).
_SUBJECT_TEACHERS = ("forskare", "professor")


_TRAINING_NOUNS = frozenset("utbildning utbildningen".split())
_APPLY_VERBS = frozenset("söka söker sökte sökt sökit ansöka ansöker ansökte ansökt".split())


def _applied_to(doc: Document, i: int) -> bool:
    """``tokens[i]`` is a programme applied to, "sökte (jag) till X-utbildningen": a plan, not
    an education the writer has (an education studied, "läser X-programmet", is marked)."""
    prev = cx.prev_words(doc, i, 4)
    if not prev or prev[0] != "till":
        return False
    rest = [w for w in prev[1:] if w not in _SUBJECTS and w not in _ROLE_SKIP]
    return bool(rest) and rest[0] in _APPLY_VERBS


def _studies_towards(doc: Document, i: int) -> bool:
    """``tokens[i]`` follows "läser/studerar/pluggar till" with a subject between at most
    ("läser till VVS-montör", "Själv läser jag till socionom") or "utbildning till"."""
    prev = cx.prev_words(doc, i, 3)
    if not prev or prev[0] != "till" or len(prev) < 2:
        return False
    if prev[1] in _TRAINING_NOUNS or prev[1].endswith(_TRAINING_TAILS):
        return True  # "min utbildning till fritidsledare", "en yrkesutbildning till
        # barnskötare": the profession trained for
    return prev[1] in _EDU_VERBS or (
        prev[1] in _SUBJECTS and len(prev) > 2 and prev[2] in _EDU_VERBS
    )


def _reader_role(doc: Document, i: int) -> bool:
    """``tokens[i]`` is what the reader of a letter is or was: "Du var min svensklärare",
    "är ni sjuksköterskor?" (the writer's and relatives' jobs are marked, not the reader's)."""
    prev = cx.prev_words(doc, i, 3)
    return not _COPULAS.isdisjoint(prev) and ("du" in prev or "ni" in prev)


_NONE_WORDS = frozenset("inga ingen inget".split())
_PARENTS_PLURAL = frozenset("föräldrar föräldrarna föräldrars föräldrarnas".split())
# Verbs and a preposition right before a condition: "har Parkinson", "lider av Alzheimer".
_HAS_CONDITION = frozenset("har hade fick får fått haft av".split())
# "Säg inget till mamma": the none-word is the object; the relative after the preposition is real.
_NONE_PREPOSITIONS = frozenset("till åt för med om hos av från".split())
# "Vi har ingen farmor här", "jag har ingen mamma eller moster kvar i Sverige": a real relative
# who lives elsewhere, not a relative the writer lacks.
_ABSENT_HERE = frozenset("här kvar".split())


def _absent_relative(doc: Document, first: int, last: int, low: str, prev3: list[str]) -> bool:
    """``ingen <kin word> här``: a single named kind of relative (not friends, children or
    siblings in general) right after "ingen", with "här"/"kvar" among the next four words."""
    if prev3[0] != "ingen" or low not in _ABSENT_KIN:
        return False
    tokens = doc.tokens
    sentence = tokens[first].sentence
    k, seen = last + 1, 0
    while k < len(tokens) and seen < 4 and tokens[k].sentence == sentence:
        if tokens[k].is_word:
            if tokens[k].lower in _ABSENT_HERE:
                return True
            seen += 1
        k += 1
    return False
# Parents and grandparents: after "en" they are anyone's ("en mamma"), or a likeness.
_PARENT_WORDS = frozenset(
    "mamma pappa mor far förälder farmor mormor farfar morfar".split()
)
# Relatives everyone has had (parents, grandparents, aunts and uncles): "ingen mormor här" is
# the writer's grandmother far away, not a lack of one.
_ABSENT_KIN = _PARENT_WORDS | frozenset("moster faster morbror farbror".split())
_QUOTES = frozenset('"”“«»')


def _in_quote(doc: Document, i: int) -> bool:
    """``tokens[i]`` stands inside quoted speech: an odd number of quotation marks before it
    in its sentence ('Hon sa "Nu är jag farmor!"')."""
    tokens = doc.tokens
    first = doc.sentences[tokens[i].sentence][0]
    return sum(1 for t in tokens[first:i] if t.text in _QUOTES) % 2 == 1


# Subjects of anyone: "om man är lärare", "den som är läkare", "alla som jobbar som X".
_ANYONE_BEFORE_SOM = frozenset("den de dom alla ingen var någon nån".split())
_ROLE_COPULAS = frozenset("är var blir blev bli vara".split())
_BETTER = frozenset("bättre sämre mer mindre hellre".split())
_TIME_COMPARATIVES = frozenset("tidigare senare längre sedare".split())


# "Många som har varit lärare …": a group of people; "kan man få jobb som städare": anyone.
_MANY_WHO = frozenset("många alla några flesta".split())
_GET_JOB = frozenset("få fick får".split())


def _anyone_before(raw: list[str]) -> bool:
    """``raw`` (the words before a role, nearest first) is "<quantifier> som (har) varit/är"
    or "man (kan) få jobb som" with the generic "man" (no possessive before it)."""
    k = 0
    if raw and raw[0] in _ROLE_COPULAS or raw[:1] == ["varit"]:
        k = 1
        if k < len(raw) and raw[k] in ("har", "hade"):
            k += 1
        return k + 1 < len(raw) and raw[k] == "som" and raw[k + 1] in _MANY_WHO
    if raw[:2] == ["som", "jobb"] and len(raw) > 2 and raw[2] in _GET_JOB:
        rest = [w for w in raw[3:] if w not in _HYPOTHETICAL]
        return len(rest) > 0 and rest[0] == "man" and (
            len(rest) < 2 or rest[1] not in cx.POSSESSIVES and rest[1] not in ("en", "ny"))
    return False


def _anyone_role(doc: Document, i: int) -> bool:
    """The role word after a copula or "som" has anyone as its subject, not a person of the
    essay: the generic "man" ("om man är lärare", "är man läkare"), "den/de/alla som"
    ("den som är lärare vet det"), or the presenting "det var en X" ("det var en
    sjuksköterska som hjälpte mig")."""
    raw = cx.prev_words(doc, i, 6)
    if _anyone_before(raw):
        return True
    prev = [w for w in raw if w not in _ROLE_SKIP]
    if not prev:
        return False
    if prev[0] in _ROLE_COPULAS:
        before = prev[1] if len(prev) > 1 else ""
        if before == "man" and (len(prev) < 3 or prev[2] not in cx.POSSESSIVES
                                and prev[2] not in ("en", "ny")):
            return True  # "om man är lärare" (not "min man är lärare")
        if before == "som" and len(prev) > 2 and prev[2] in _ANYONE_BEFORE_SOM:
            return True  # "den som är lärare"
        rest = [w for w in prev[1:4] if w not in _HYPOTHETICAL]
        if len(rest) > 1 and rest[0] == "som" and rest[1] in _ANYONE_BEFORE_SOM:
            return True  # "om du har någon som kan vara handledare": anyone fit for it
        tokens = doc.tokens
        if before == "det" and i > 0 and tokens[i - 1].lower in ("en", "ett"):
            return True  # "det var en sjuksköterska som hjälpte mig"
    elif prev[0] == "man" and len(prev) > 1 and prev[1] in _ROLE_COPULAS:
        return True  # "är man lärare har man långa lov"
    elif prev[0] == "som" and len(prev) > 2 and prev[1] in _WORK_AS_CUES:
        if prev[2] == "man" and (len(prev) < 4 or prev[3] not in cx.POSSESSIVES):
            return True  # "om man jobbar som lärare"
        if prev[2] == "som" and len(prev) > 3 and prev[3] in _ANYONE_BEFORE_SOM:
            return True  # "alla som jobbar som lärare"
    if _outside_antecedent(doc, i) or _indefinite_subject(doc, i) or _outsider_pronoun(doc, i):
        return True
    tokens = doc.tokens
    start = doc.sentences[tokens[i].sentence][0]
    if tokens[start].lower == "att" and i - start in (3, 4) and \
            tokens[start + 1].lower in _WORK_AS_CUES and tokens[start + 2].lower == "som":
        return True  # "Att arbeta som elektriker i Sverige kräver …": the job as a topic
    if len(prev) > 1 and prev[0] == "som" and (
        prev[1] == "än" or prev[1] in _BETTER or prev[1].endswith("are") and len(prev[1]) > 6
        and prev[1] not in _WORK_AS_CUES and prev[1] not in _TIME_COMPARATIVES
    ):
        return True  # "jag blir lyckligare som kock än som ingenjör": a role compared
    return _generic_subject(doc, i)


def _indefinite_subject(doc: Document, i: int) -> bool:
    """The sentence opens with an indefinite person ("En läkare från Aleppo kan plötsligt bli
    städare", "Ett barn kan bli läkare") and no first person comes before the role: anyone."""
    tokens = doc.tokens
    start = doc.sentences[tokens[i].sentence][0]
    if i - start < 3 or tokens[start].lower not in ("en", "ett") or tokens[start + 1].is_title:
        return False
    return not any(
        tokens[k].lower in cx.FIRST_PERSON or tokens[k].lower in _WRITER_POSSESSIVES
        for k in range(start + 2, i)
    )


# People outside the writer's circle who may be the antecedent of "som" before a role ("Vår
# granne Sven, som är snickare"); not "man"/"mannen" (also a husband).
_OUTSIDE_ANTECEDENTS = (_OUTSIDE_ROLES | frozenset(
    "grannar kollegor kollegorna kvinnor killen tjejen personen person vän".split()
)) - frozenset("man mannen vän".split())
_RELATIVE_SKIP = frozenset("själv också redan fortfarande nu då numera".split())


def _outside_antecedent(doc: Document, i: int) -> bool:
    """The role after "som är/var/hade varit" (a relative clause) belongs to a person outside
    the writer's circle named just before "som": "vår granne Sven-Olof, som är snickare",
    "en kvinna i kören, Marianne, som var apotekschef"."""
    tokens = doc.tokens
    start = doc.sentences[tokens[i].sentence][0]
    k = i - 1
    while k >= start and tokens[k].lower in ("en", "ett") or k >= start and \
            tokens[k].lower in _RELATIVE_SKIP:
        k -= 1
    if k < start or tokens[k].lower not in _ROLE_COPULAS and tokens[k].lower != "varit":
        return False
    k -= 1
    if k >= start and tokens[k].lower in ("hade", "har"):
        k -= 1
    if k < start or tokens[k].lower != "som":
        return False
    k -= 1
    if k >= start and tokens[k].text == ",":
        k -= 1
    seen = 0
    while k >= start and seen < 6:
        t = tokens[k]
        if t.text == "," or t.is_title and k > start:
            k -= 1  # the name in apposition: "granne Sven-Olof,"
            seen += 1
            continue
        if t.lower in ("i", "på", "min", "mitt", "mina", "vår", "vårt", "våra"):
            k -= 1
            seen += 1
            continue
        return t.lower in _OUTSIDE_ANTECEDENTS
    return False


# The verbs between a pronoun subject and its role: "Han är X", "hon hade varit X", "Han har
# jobbat som X".
_PRONOUN_ROLE_VERBS = _ROLE_COPULAS | _WORK_AS_CUES | frozenset(
    "har hade varit som också förut tidigare då".split()
)
# People outside the writer's circle who are presented before a pronoun that takes their job:
# "min granne Osvald. Han är bagare", "Vår lärare heter X. Han har jobbat som lärare i
# tjugo år", "En gammal dam, Alfhild, … hon hade varit sjuksköterska". ("man", "mannen" are also
# a husband.)
_OUTSIDER_NOUNS = _OUTSIDE_ROLES - frozenset("man mannen".split()) | frozenset(
    "ordförande ordföranden ledare ledaren ägare ägaren".split()
)  # (the chair or the owner of a club, a shop)
_PRESENTERS = cx.POSSESSIVES | frozenset("en ett".split())
_CIRCLE_WORDS = cx.FAMILY_MALE | cx.FAMILY_FEMALE | _FRIEND_WORDS


def _outsider_pronoun(doc: Document, i: int) -> bool:
    """``tokens[i]`` is the role of "han"/"hon" (the first word of its clause, no first person
    or relative in the sentence), and the nearest person presented in the sentence or the two
    before is an outsider ("min granne Osvald", "vår lärare", "en gammal dam") rather than a
    relative or friend ("min syster Idun. Hon är frisör" keeps its job)."""
    tokens = doc.tokens
    sentence = tokens[i].sentence
    start = doc.sentences[sentence][0]
    k = i - 1
    while k >= start and (tokens[k].lower in _PRONOUN_ROLE_VERBS or tokens[k].lower in
                          ("en", "ett") or tokens[k].lower in _RETIRED):
        k -= 1  # (also "han är pensionerad lärare")
    if k < start or k == i - 1:
        return False
    if k == start and tokens[k].lower in _OUTSIDER_NOUNS:
        return True  # "Tränaren är snickare": the role of a person outside the circle
    if tokens[k].lower not in ("han", "hon"):
        # a name as the subject, at the head of its sentence: "Min granne heter Valter …
        # Valter var snickare förut"
        return k == start and tokens[k].is_word and len(tokens[k].lower) > 2 and \
            tokens[k].lower not in cx.FIRST_PERSON and tokens[k].lower not in _ROLE_SKIP and \
            MarkupDetector._name_with_outside_role(doc, tokens[k].lower)  # noqa: SLF001
    words = cx.sentence_words(doc, i)
    if not words.isdisjoint(cx.FIRST_PERSON) or not words.isdisjoint(_CIRCLE_WORDS):
        return False
    lo = doc.sentences[max(0, sentence - 2)][0]
    for m in range(k - 1, lo - 1, -1):
        low = tokens[m].lower
        if low in _CIRCLE_WORDS:
            return False
        if low in _OUTSIDER_NOUNS and m > 0:
            before = tokens[m - 1].lower
            if m > 1 and before not in _PRESENTERS and tokens[m - 2].lower in ("en", "ett"):
                before = "en"  # "en gammal dam"
            nxt = tokens[m + 1] if m + 1 < len(tokens) else None
            if before in _PRESENTERS or nxt is not None and (
                nxt.lower in cx.NAME_INTRO or nxt.is_title and nxt.is_word
            ):
                return True
    return False


# Modal verbs and adverbs between a subject and its role verb: "invandrare kan plötsligt bli".
_SUBJECT_SKIP = frozenset(
    "kan ska vill måste kunde skulle ville brukar får fick plötsligt ofta alltid inte också "
    "bara ofta sällan aldrig snart nu".split()
)
# Adjectives of "det är svårt att bli X": the aim of anyone.
_IMPERSONAL_ADJECTIVES = frozenset(
    "svårt lätt viktigt möjligt omöjligt dyrt enkelt jobbigt tungt vanligt".split()
)


def _generic_subject(doc: Document, i: int) -> bool:
    """The role verb before ``tokens[i]`` has people in general as its subject ("många
    invandrare jobbar som städare", "ungdomar vill bli läkare") or none ("det är svårt att
    bli läkare i Sverige")."""
    prev = cx.prev_words(doc, i, 8)
    k = 0
    while k < len(prev) and prev[k] in ("en", "ett"):
        k += 1
    if k < len(prev) and prev[k] == "som":
        k += 1
    if k >= len(prev) or not (prev[k] in _ROLE_COPULAS or prev[k] in _WORK_AS_CUES):
        return False
    verb = prev[k]
    k += 1
    if verb in ("bli", "vara") and k < len(prev) and prev[k] == "att":
        rest = prev[k + 1 : k + 4]  # "det är svårt att bli"
        return len(rest) > 2 and rest[0] in _IMPERSONAL_ADJECTIVES and \
            rest[1] in ("är", "var", "blir") and rest[2] == "det"
    while k < len(prev) and prev[k] in _SUBJECT_SKIP:
        k += 1
    return k < len(prev) and prev[k] in _GENERIC_PEOPLE and prev[k] != "man" and (
        k + 1 >= len(prev) or prev[k + 1] not in cx.POSSESSIVES)


def _owned_person(doc: Document, i: int) -> bool:
    """A possessive stands right before ``tokens[i]`` ("min lärare", "hans chef"): the word
    names a person by their relation to the owner, not a profession held in a role."""
    j = i - 1
    tokens = doc.tokens
    return j >= 0 and tokens[j].lower in cx.POSSESSIVES and \
        tokens[j].sentence == tokens[i].sentence


# A help given to someone, not a job: "vara tolk för henne", "använda barnen som tolk".
_COPULA_INFINITIVES = frozenset("vara är var blev bli blir varit".split())
_OBJECT_PRONOUNS = frozenset("henne honom mig dig oss er dem dom".split())
_USE_VERBS = frozenset("använd använda använder använde använt".split())


def _service_role(doc: Document, first: int, last: int) -> bool:
    """The profession word names a help given to someone rather than a job: after a copula
    with "för" and a person after it ("jag måste vara tolk för henne", "var chaufför för
    min pappa"), or after "använda … som" ("använd inte dina barn som tolk")."""
    tokens = doc.tokens
    prev = [w for w in cx.prev_words(doc, first, 6) if w not in _ROLE_SKIP]
    if not prev:
        return False
    if prev[0] == "som":
        return not _USE_VERBS.isdisjoint(prev[1:5])
    if prev[0] not in _COPULA_INFINITIVES:
        return False
    k = last + 1
    if k + 1 >= len(tokens) or tokens[k].lower != "för" or \
            tokens[k + 1].sentence != tokens[first].sentence:
        return False
    obj = tokens[k + 1].lower
    return obj in _OBJECT_PRONOUNS or obj in _WRITER_POSSESSIVES or obj in _THIRD_POSSESSIVES


def _opinion_before(doc: Document, i: int) -> bool:
    """A word of opinion stands before ``tokens[i]`` in its sentence ("jag tycker att barnen
    …", "men föräldrarna måste"); "tycker om" (to like) and an opinion in a later clause ("…
    barnen var glada men jag tycker inte om höjd") do not count."""
    tokens = doc.tokens
    first = doc.sentences[tokens[i].sentence][0]
    for k in range(first, i):
        if tokens[k].lower in _OPINION_WORDS and not (
            tokens[k].lower.startswith("tyck") and tokens[k + 1].lower == "om"
        ):
            return True
    return False


# A relative someone else is said to have: "Min kollega har en mamma", "Hon har en ny pojkvän",
# "X har fått en dotter". Adjectives and adverbs that may stand in "har (redan) en (ny) X".
_HAVE_PERFECT = frozenset("fått haft".split())
_GOT_ADVERBS = frozenset("redan också även nu just äntligen bara".split())
_GOT_ADJECTIVES = _FAM_FOREIGN_ADJECTIVES | frozenset(
    "liten ny nytt svensk svenskt god bra nära gammal ung söt".split()
)
# Who the writer is in a clause: the writer, a partner of a letter, people addressed.
_SPEAKERS = frozenset("jag vi du ni".split())
_CLAUSE_BOUNDARIES = frozenset(", och men att som när eftersom för".split())


def _third_person_got(doc: Document, first: int) -> bool:
    """An indefinite singular relative that a third person has or got: "Min granne har en
    mamma på ett äldreboende", "Hon har en ny pojkvän", "X har fått en dotter" (another person's
    relative, introduced). Not when the writer or the reader is the subject ("Vi har en son",
    "Nu har jag en son", "Min man och jag har fått en dotter", "du har redan en vän") nor
    when a relative of the writer's is ("Min dotter har en son": a grandchild)."""
    tokens = doc.tokens
    start = doc.sentences[tokens[first].sentence][0]
    k = first - 1
    while k >= start and k > first - 3 and tokens[k].lower in _GOT_ADJECTIVES:
        k -= 1
    if k < start or tokens[k].lower not in ("en", "ett"):
        return False
    article = k
    k -= 1
    while k >= start and tokens[k].lower in _GOT_ADVERBS:
        k -= 1
    if k >= start and tokens[k].lower in _HAVE_PERFECT:
        k -= 1
        while k >= start and tokens[k].lower in _GOT_ADVERBS | _SPEAKERS:
            k -= 1
    if k < start or tokens[k].lower not in _HAVE_VERBS:
        return False
    verb = k
    # the words between the verb and the article ("Nu har jag en son") and the subject: the
    # words back to a clause boundary (the one before when the clause opens with the verb: "…
    # och har redan en bästa vän" shares the subject of the clause before)
    words = [tokens[m].lower for m in range(verb + 1, article)]
    m = verb - 1
    seen = 0
    while m >= start:
        low = tokens[m].lower
        if low in _CLAUSE_BOUNDARIES and seen:
            break
        if tokens[m].is_word and low not in _CLAUSE_BOUNDARIES:
            words.append(low)
            seen += 1
        m -= 1
    if not _SPEAKERS.isdisjoint(words):
        return False
    return not any(
        w in _WRITER_POSSESSIVES and n > 0 and words[n - 1] in _KIN_OR_PARTNER
        for n, w in enumerate(words)
    )  # (words run backwards: "min dotter" is ["dotter", "min"])


# "Pelle är den snällaste bror man kan ha", "Hon är den bästa vännen i världen": a superlative
# after a copula praises a person; it names no relative.
def _superlative_predicate(doc: Document, first: int) -> bool:
    """``tokens[first]`` follows "är/var/blev den/det <superlative>"."""
    tokens = doc.tokens
    if first < 3:
        return False
    adj, art, verb = tokens[first - 1], tokens[first - 2], tokens[first - 3]
    return adj.lower.endswith("sta") or adj.lower.endswith("aste") if (
        art.lower in ("den", "det") and verb.lower in _COPULAS
        and adj.sentence == tokens[first].sentence and verb.sentence == adj.sentence
    ) else False


def _likeness(doc: Document, first: int, last: int) -> bool:
    """"(jag har) en vän som Elvira": a friend like a named person, at the end of the clause;
    not "en bror som heter Ali"."""
    tokens = doc.tokens
    if first == 0 or tokens[first - 1].lower not in ("en", "ett"):
        return False
    k = last + 1
    if k + 1 >= len(tokens) or tokens[k].lower != "som" or not tokens[k + 1].is_title or \
            tokens[k + 1].sentence != tokens[first].sentence:
        return False
    after = tokens[k + 2] if k + 2 < len(tokens) else None
    return after is None or not after.is_word or after.sentence != tokens[first].sentence


# "ser ut som en liten sjöman", "hon är som en mormor för mig", "vi pratar som systrar": a
# person compared with a relative or a trade, not a mention of one. Words after the compared
# noun that still close the comparison ("som en mamma för mig", "som bröder igen").
_LIKENESS_CLOSERS = frozenset("för igen nu också".split())
_LIKENESS_VERBS = frozenset("ut är var blev blir vara bli varit".split())
_LIKENESS_OBJECTS = frozenset("henne honom dem dom mig dig oss er".split())
_LIKENESS_PREPOSITIONS = frozenset("med till för åt mot".split())


def _comparison(doc: Document, first: int, last: int, fam: bool) -> bool:
    """``tokens[first:last + 1]`` is the noun of a comparison with "som": after "ser ut som"
    or "är/var/blev som" ("han ser ut som en liten sjöman", "hon är som en mormor för mig");
    for a kin word also after another verb when the comparison closes the clause ("vi pratar
    som systrar", "lärarna pratar med barnen som kompisar"). Not "älskar henne som en
    syster" (the gold sets mark that one), nor a relative clause ("en klocka som morfar
    gjorde"), nor "som min bror"."""
    tokens = doc.tokens
    start = doc.sentences[tokens[first].sentence][0]
    k = first - 1
    if k >= start and not tokens[k].is_title and tokens[k].is_word and \
            tokens[k].lower not in cx.POSSESSIVES and tokens[k].lower not in ("som", "en", "ett"):
        k -= 1  # one adjective: "en liten sjöman", "en extra mamma"
    if k >= start and tokens[k].lower in ("en", "ett"):
        k -= 1
    if k <= start or tokens[k].lower != "som":
        return False
    before = tokens[k - 1].lower
    if before in _LIKENESS_VERBS:
        return True
    if not fam or not tokens[k - 1].is_word or before in _LIKENESS_OBJECTS and not (
            k - 2 >= start and tokens[k - 2].lower in _LIKENESS_PREPOSITIONS):
        return False  # "älskar henne som en syster" (not "prata med dem som kompis")
    n = last + 1
    if n >= len(tokens) or tokens[n].sentence != tokens[first].sentence:
        return True
    return not tokens[n].is_word or tokens[n].lower in _LIKENESS_CLOSERS


# Closing marks after an address: 'han sa "tack min son, men …"', '"vad snällt, min son!"'.
_ADDRESS_END = frozenset(',!?"”“»')


def _quoted_address(doc: Document, first: int, last: int) -> bool:
    """"min dotter" said to someone inside quoted speech and set off by a comma, "!" or the
    closing quote: a form of address ("tack min son, men jag är redan mätt"); also a bare kin
    word after a comma ('han sa "grattis, lillasyster!"')."""
    tokens = doc.tokens
    if first == 0 or tokens[first - 1].lower not in _WRITER_POSSESSIVES and \
            tokens[first - 1].text != "," or \
            last + 1 >= len(tokens) or tokens[last + 1].text not in _ADDRESS_END:
        return False
    return _in_quote(doc, first)


_CALL_VERBS = frozenset("kallar kallade kallat kalla kallas kallades".split())


def _called(doc: Document, first: int) -> bool:
    """The kin word is what someone is called: "min son kallar henne mormor", "han kallade mig
    'sin ryska son'" (a word used as a name, not a mention of the relative)."""
    prev = [w for w in cx.prev_words(doc, first, 5)
            if w not in _FAM_FOREIGN_ADJECTIVES and not w.endswith(("sk", "ska"))]
    if prev and (prev[0] in cx.POSSESSIVES):
        prev = prev[1:]
    if prev and prev[0] == "för":
        prev = prev[1:]  # "kallas för mormor"
    if prev and prev[0] in _OBJECT_PRONOUNS:
        prev = prev[1:]
    return bool(prev) and prev[0] in _CALL_VERBS


# Number of a fam word (the flags `pl` and `def`+`pl`, as the SweLL sets flag "kusiner",
# "barnen"; a definite singular "sonen" carries no flag). Plural tails, so that compounds
# ("klasskompisar", "svärföräldrar", "lillasystrar") are covered; the singulars that end alike
# ("syster", "moster", "svåger", "farbror") do not end in these tails.
_FAM_PLURAL_TAILS = (
    "mammor", "pappor", "mödrar", "fäder", "föräldrar", "bröder", "systrar", "döttrar",
    "söner", "kusiner", "vänner", "väninnor", "kompisar", "kamrater", "fruar", "hustrur",
    "tvillingar", "makar", "tonåringar", "ungar", "grabbar", "tjejer", "killar", "sambor",
    "partners",
)
_FAM_DEF_PLURAL_TAILS = ("arna", "erna", "orna", "barnen", "barna", "syskonen", "ungarna")
# Neuters with one form for both numbers ("barn", "syskon", "barnbarn"): plural unless a
# singular determiner stands before them ("mitt barn", "ett syskon", "vårt första barn").
_FAM_NEUTER_TAILS = ("barn", "syskon")
_SINGULAR_DETERMINERS = frozenset("ett mitt ditt sitt vårt ert eget det detta varje".split())
_GEN = frozenset(("gen",))
_NEUTER_ADJECTIVES = frozenset(
    "första andra tredje yngsta äldsta lilla stora enda nya nyfödda älskade".split()
)


def _fam_number(doc: Document, first: int, word: str) -> frozenset[str]:
    """``pl``/``def``+``pl`` for a plural fam word (``word`` without its genitive -s)."""
    if word.endswith(_FAM_DEF_PLURAL_TAILS):
        return frozenset(("def", "pl"))
    if word.endswith(_FAM_PLURAL_TAILS):
        return frozenset(("pl",))
    if word.endswith(_FAM_NEUTER_TAILS):
        for w in cx.prev_words(doc, first, 3):
            if w in _SINGULAR_DETERMINERS:
                return frozenset()
            if w not in _NEUTER_ADJECTIVES:
                break
        return frozenset(("pl",))
    return frozenset()


def _with_number(doc: Document, cand: Candidate, is_fam: Callable[[str], bool]) -> Candidate:
    """``cand`` (a fam candidate) with the flags of its word: ``gen`` for a genitive listed as
    a form of its own ("mammas", "föräldrars", not "kompis"), ``pl``/``def`` (_fam_number)."""
    low = doc.text[cand.start : cand.end].lower()
    flags = cand.flags
    if low.endswith("s") and ("gen" in flags or is_fam(low[:-1])):
        low = low[:-1]
        flags = flags | _GEN
    first = TokenIndex.of(doc).first_at(cand.start)
    flags = flags | _fam_number(doc, first, low)
    if flags == cand.flags:
        return cand
    return Candidate(cand.start, cand.end, cand.label, flags, cand.score, cand.key,
                     cand.value, cand.source)


class MarkupDetector:
    """Detects the mark-up-only labels ``fam``, ``prof``, ``edu`` and ``sensitive``."""

    name = "markup"
    labels = ("fam", "prof", "edu", "sensitive", "extra")

    def __init__(self, gazetteer: Gazetteer) -> None:
        self.gaz = gazetteer

    def detect(self, doc: Document) -> Iterator[Candidate]:
        sensitive: list[Candidate] = []
        edu: list[Candidate] = []
        for cand in self._detect(doc):
            if cand.label == "sensitive":
                sensitive.append(cand)
            elif cand.label == "edu":
                edu.append(cand)
            elif cand.label == "fam":
                if not self._compared(doc, cand, fam=True):
                    yield _with_number(doc, cand, self._is_fam_word)
            elif cand.label == "prof" and (self._generic_profession(doc, cand)
                                           or self._compared(doc, cand, fam=False)):
                continue
            else:
                yield cand
        yield from _join_sensitive(doc, sensitive)
        yield from _join_degrees(doc, edu)

    def _compared(self, doc: Document, cand: Candidate, fam: bool) -> bool:
        """``cand`` is the noun of a comparison ("ser ut som en sjöman"; see _comparison)."""
        index = TokenIndex.of(doc)
        first = index.first_at(cand.start)
        if first <= 1 or doc.tokens[first - 1].lower not in ("som", "en", "ett") and \
                doc.tokens[first - 2].lower not in ("som", "en", "ett"):
            return False  # (the common case: one look at the two words before)
        last = bisect_left(index.ends, cand.end, first)
        low = doc.tokens[last].lower
        if fam and low.endswith("s") and self._is_fam_word(low[:-1]):
            return False  # "kakan luktade som farmors": her baking, the relative mentioned
        return _comparison(doc, first, last, fam)

    def _detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        if not tokens:
            return
        yield from self._achievements(doc)
        yield from _named_events(doc)
        seen: set[int] = set()
        words = Words.of(doc)
        for i in words.where(_COURSE_SUBJECTS):
            tok = tokens[i]
            if tok.lower in _COURSE_SUBJECTS:  # one set look-up per token
                cand = self._course(doc, i)
                if cand is not None:
                    # the tokens from i that end inside it (the ends ascend: bisected)
                    seen.update(range(i, bisect_right(TokenIndex.of(doc).ends, cand.end, i)))
                    yield cand
        practices: list[Candidate] = []
        faith_marked = False
        for m in self.gaz.scan(doc, "markup"):
            if m.first in seen:
                continue
            tok = tokens[m.first]
            surface = doc.text[tok.start : tokens[m.last].end].lower()
            entry = None
            for e in m.entries:  # a loop: an unfinished next() generator costs ~1 µs to close
                canonical = e.canonical.lower()
                if surface == canonical or surface == canonical + "s" or e.manual:
                    entry = e
                    break
            if entry is None:
                continue  # the norm matched but not the spelling ("får" is not "far")
            if m.first >= 3 and tokens[m.first - 2].lower == "på" and \
                    tokens[m.first - 3].lower in _VOTE_VERBS:
                continue  # "röstade på Kurdiska partiet": the vote rule takes both words
            label = self._decide(doc, m.first, m.last, entry.label, tok.lower)
            if label is None:
                continue
            seen.update(range(m.first, m.last + 1))
            flags = frozenset({"gen"}) if m.suffix and label == "fam" else frozenset()
            score = 0.6
            if label == "sensitive" and entry.kind == "health" and tok.is_title and \
                    m.first > 0 and tokens[m.first - 1].lower in _HAS_CONDITION:
                score = 0.8  # "han har Parkinson", "lider av Alzheimer": a disease named
                # after a person, not that person's surname
            cand = Candidate(tok.start, tokens[m.last].end, label, flags, score, m.key,
                             source=self.name)
            if label == "sensitive" and entry.kind == "religion":
                if tok.lower in _RELIGIOUS_PRACTICES:
                    practices.append(cand)
                    continue
                faith_marked = True
            yield cand
        if not faith_marked:
            # "Jag är muslim och jag fastar": once the faith is marked, its practices (a fast,
            # a feast, a place of worship) are not marked again — fewer tokens rather than
            # more (guideline §3.15); without the faith word they carry it
            yield from practices
        # Compounds not in the list: "röntgenläkare", "lillebror". The loop visits only the
        # tokens a rule below can take (see _compound_positions): a new rule for other words
        # must widen that filter.
        for i in _compound_positions(doc, words):
            tok = tokens[i]
            if len(tok.lower) < 4 and tok.lower not in _SHORT_NEEDED:
                continue  # every rule below wants four letters (speed: "jag", "och", ",")
            if tok.lower in _VOTE_VERBS:
                cand = self._voted_party(doc, i, seen)
                if cand is not None:
                    yield cand
                continue
            if i in seen or not tok.is_word or tok.is_title and not \
                    cx.is_sentence_initial(doc, i) and not _ABBR_COMPOUND.match(tok.text):
                continue
            low = tok.lower
            if low in _FAM_FOREIGN:
                prev = [w for w in cx.prev_words(doc, i, 3) if w not in _FAM_FOREIGN_ADJECTIVES]
                nxt = tokens[i + 1] if i + 1 < len(tokens) else None
                if _called(doc, i):
                    continue  # 'de kallar mig "tía Ana"': what someone is called
                if prev and prev[0] in cx.POSSESSIVES or (
                    nxt is not None and nxt.is_title and nxt.is_word
                    and nxt.sentence == tok.sentence and not tok.is_title
                ):  # "min babcia", "min mamá", "Hur mår ujak Goran?"
                    yield Candidate(tok.start, tok.end, "fam", frozenset(), 0.55, low,
                                    source=self.name)
            elif low in _FAM_EXTRA:
                if i > 0 and tokens[i - 1].text == "," and _quoted_address(doc, i, i):
                    continue  # 'han sa "grattis, lillasyster!"': a form of address
                flags = frozenset({"gen"}) if low in _FAM_EXTRA_GEN else frozenset()
                yield Candidate(tok.start, tok.end, "fam", flags, 0.6, low,
                                source=self.name)
            elif low.startswith(_FAVOURITE_PREFIXES) and self._favourite_kin(doc, i):
                # "min favoritkusin", "min älsklingsmoster": a relative with a praising prefix
                yield Candidate(tok.start, tok.end, "fam", frozenset(), 0.55, low,
                                source=self.name)
            elif (
                len(low) >= 9
                and low.endswith(_EDU_TAILS)
                and low not in _EDU_GENERIC
                and not low.startswith(_EDU_TAILS)
                and cx.sentence_words(doc, i) & cx.FIRST_PERSON
                and (not low.endswith(_TRAINING_TAILS) or self._trade_head(low))
                and not _applied_to(doc, i)
                and not _group_with(doc, i)
                and not _equivalent_degree(doc, i)
            ):
                # "civilingenjörsexamen", "lärarprogram": degrees and study programmes
                start = tok.start
                if i >= 3 and tokens[i - 1].lower == "och" and tokens[i - 2].text == "-" and \
                        tokens[i - 3].is_word and tokens[i - 3].end == tokens[i - 2].start:
                    start = tokens[i - 3].start  # "Bygg- och anläggningsprogrammet"
                yield Candidate(start, tok.end, "edu", frozenset(), 0.55,
                                doc.text[start : tok.end].lower(), source=self.name)
            elif len(low) >= 9 and low.endswith(_SUBJECT_TAILS) and \
                    self._decide(doc, i, i, "edu", low) == "edu":
                # "studerar miljövetenskap", "en examen i materialteknik"
                yield Candidate(tok.start, tok.end, "edu", frozenset(), 0.55, low,
                                source=self.name)
            elif len(low) >= 7 and _health_compound(low) and \
                    self._decide(doc, i, i, "sensitive", low) == "sensitive":
                # "bröstcancer", "hjärntumör", "knäskada": a condition of the writer's circle
                yield Candidate(tok.start, tok.end, "sensitive", frozenset(), 0.55, low,
                                source=self.name)
            elif (len(low) >= 8 or len(low) == 7 and low.endswith("bonde")) \
                    and low.endswith(_PROF_TAILS) and low not in _NOT_PROFESSIONS \
                    and tokens[i - 1].lower not in _QUALITY_ADJECTIVES \
                    and tokens[i - 1].lower not in _PRIZE_GENITIVES \
                    and not low.endswith(_DEFINITE_PLURALS) \
                    and (self._role_context(doc, i) or _studies_towards(doc, i)):
                label = "edu" if self._study_context(doc, i) else "prof"
                yield Candidate(tok.start, tok.end, label, frozenset(), 0.55, low,
                                source=self.name)
            elif len(low) >= 4 and tok.is_word and _works_as(doc, i) and \
                    low not in _NOT_AFTER_WORKS_AS and not low.endswith(("ligt", "ligen")) \
                    and not (low.endswith(_PAST_TENSE) and self.gaz.is_known_word(low)) \
                    and not self._not_a_job(doc, i):
                # "jag arbetar som plåtslagare", "jobbade som naturguide": after "jobbar som"
                # the noun is the job, listed or not
                yield Candidate(tok.start, tok.end, "prof", frozenset(), 0.5, low,
                                source=self.name)
            elif len(low) >= 6 and tok.is_word and self._misspelt_profession(doc, i) and \
                    not self._not_a_job(doc, i):
                # "jag var sjuksköterka", "min man är läkere", "jobbar som busschafför": a
                # learner's spelling of a listed profession, in a role
                yield Candidate(tok.start, tok.end, "prof", frozenset(), 0.5, low,
                                source=self.name)
            elif len(low) >= 6 and low.endswith(_AGENT_SUFFIXES) and tok.is_word and \
                    self._unlisted_profession(doc, i) and not self._not_a_job(doc, i):
                # "Jag är bryggare", "hon är utbildad florist": an agent noun no list holds,
                # after a person's "är/var/blev" or a work cue
                label = "edu" if self._study_context(doc, i) else "prof"
                yield Candidate(tok.start, tok.end, label, frozenset(), 0.5, low,
                                source=self.name)
            elif low == "au" and i + 1 < len(tokens) and tokens[i + 1].lower == "pair" and \
                    self._role_context(doc, i):
                # "arbeta som au pair": the two-word job
                yield Candidate(tok.start, tokens[i + 1].end, "prof", frozenset(), 0.5,
                                "au pair", source=self.name)

    def _trade_head(self, low: str) -> bool:
        """The training ``low`` ("-utbildning(en)") is for a trade: its head is a listed
        profession or ends like one ("undersköterskeutbildning", "kockutbildningen"), not a
        kind of training ("kompletteringsutbildning", "vårdutbildningen"): the gold sets
        mark 4 trainings of the first kind and none of the second."""
        head = low[: -len("utbildningen")] if low.endswith("utbildningen") else \
            low[: -len("utbildning")]
        forms = {head, head.rstrip("s"), head + "e"}  # "lärar": "lärare"
        if head.endswith("e"):
            forms.add(head[:-1] + "a")  # "sköterske": "sköterska"
        return any(
            f.endswith(_PROF_TAILS) or any(
                e.label == "prof" for e in self.gaz.entries_for_key("markup", normalize(f)))
            for f in forms if len(f) >= 3
        )

    def _unlisted_profession(self, doc: Document, i: int) -> bool:
        """A word with an agent-noun suffix (-are, -erska, -ör, -ist, -log, -iker) that is in
        no vocabulary, right after a person's role verb ("jag är X", "han var utbildad X") or
        a work cue ("yrke", "utbildad"). Frequent comparatives ("gladare") are vocabulary
        words; rarer ones are told by their adjective stem ("ensammare", "nyfiknare")."""
        low = doc.tokens[i].lower
        gaz = self.gaz
        if gaz.is_known_word(low) or gaz.is_common_word(low) or "-" in low or \
                low in _NOT_PROFESSIONS:
            return False
        if low.endswith("are"):
            stem = low[:-3]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                stem = stem[:-1]  # "ensammare": "ensam"
            tokens = doc.tokens
            than = i + 1 < len(tokens) and tokens[i + 1].lower == "än"
            if than or stem.endswith(_ADJECTIVE_STEMS) or gaz.is_known_word(stem + "ast") or \
                    gaz.is_known_word(stem + "aste") or gaz.is_known_word(stem + "t"):
                return False  # a comparative: "lyckligare", "ensammare än", "snabbast"
        raw = cx.prev_words(doc, i, 5)
        prev = [w for w in raw if w not in _ROLE_SKIP]
        if not prev:
            return False
        if prev[0] in _UNLISTED_CUES:
            return True  # "utbildad bryggare", "mitt yrke: bryggare"
        if prev[0] not in ("är", "var", "blev"):
            return False
        k = raw.index(prev[0])
        # "jag är X", "är jag X", "min man var X": a person's role, not "det är X"
        return any(w in _PERSONS or w in _UNLISTED_CUES
                   for w in raw[max(0, k - 1) : k + 2] if w != prev[0])

    def _misspelt_profession(self, doc: Document, i: int) -> bool:
        """An unknown word one or two edits from a listed profession, right after a role cue
        ("är", "var", "som", "bli")."""
        low = doc.tokens[i].lower
        if self.gaz.is_known_word(low) or self.gaz.is_common_word(low) or "-" in low:
            return False
        prev = [w for w in cx.prev_words(doc, i, 4) if w not in _ROLE_SKIP]
        if not prev or prev[0] not in _ROLE_WORDS:
            return False
        if prev[0] in ("är", "var") and len(prev) > 1 and prev[1] in ("det", "den", "detta"):
            return False  # "det var fantastiskt": no person
        word = normalize(low)
        limit = 1 if len(word) < 9 else 2
        for key in self._prof_keys():
            if key[:1] == word[:1] and abs(len(key) - len(word)) <= limit and \
                    OSA.distance(word, key, score_cutoff=limit) <= limit:
                return True
        return False

    def _prof_keys(self) -> tuple[str, ...]:
        """The single-word profession keys of the list (six letters or more), computed once."""
        keys = self.__dict__.get("_prof_key_cache")
        if keys is None:
            group = self.gaz._groups["markup"]  # noqa: SLF001 (read-only walk of the keys)
            keys = tuple(
                k for k, entries in group.entries.items()
                if len(k) >= 6 and k.isalpha() and any(e.label == "prof" for e in entries)
            )
            self.__dict__["_prof_key_cache"] = keys
        return keys

    def _voted_party(self, doc: Document, i: int, seen: set[int]) -> Candidate | None:
        """``röstar på <Party>`` in a sentence about the writer's circle → the party name."""
        tokens = doc.tokens
        j = i + 2
        if j >= len(tokens) or tokens[i + 1].lower != "på" or j in seen:
            return None
        party = tokens[j]
        if not party.is_word or not (party.is_title or party.text.isupper()) or \
                party.sentence != tokens[i].sentence:
            return None
        words = cx.sentence_words(doc, i)
        if not (words & cx.FIRST_PERSON or words & cx.POSSESSIVES):
            return None  # "många röstar på SD" is a general statement
        last = j
        if j + 1 < len(tokens) and tokens[j + 1].lower in ("partiet", "partiets") and \
                tokens[j + 1].sentence == party.sentence:
            last = j + 1  # "Kurdiska partiet"
        seen.update(range(j, last + 1))
        return Candidate(party.start, tokens[last].end, "sensitive", frozenset(), 0.6,
                         party.lower, source=self.name)

    def _decide(
        self, doc: Document, first: int, last: int, label: str, low: str, depth: int = 0
    ) -> str | None:
        if label == "fam":
            prev3 = cx.prev_words(doc, first, 3)
            if prev3 and (prev3[0] in _NONE_WORDS or len(prev3) > 1 and prev3[1] in _NONE_WORDS
                          and prev3[0] not in cx.POSSESSIVES
                          and prev3[0] not in _NONE_PREPOSITIONS) \
                    and not _absent_relative(doc, first, last, low, prev3):
                return None  # "jag har inga syskon", "inga svenska vänner": nobody to mark
                # (not "säg inget till mamma", nor "vi har ingen mormor här": she lives elsewhere)
            if low in _PARENT_WORDS and prev3:
                k = 0 if prev3[0] in ("en", "ett") else 1 if (
                    len(prev3) > 1 and prev3[1] in ("en", "ett")
                    and prev3[0] not in cx.POSSESSIVES) else -1
                if k >= 0 and not (len(prev3) > k + 1 and prev3[k + 1] in _HAVE_VERBS):
                    return None  # "en mamma ska skydda sitt barn", "snäll som en mamma",
                    # "med en pappa från Marocko": any parent, a likeness (not "har en pappa")
            if prev3 and (prev3[0] in _GLOSS_VERBS or len(prev3) > 2 and prev3[2] in _GLOSS_VERBS
                          and prev3[1] == "på"):
                return None  # "min lola, det betyder mormor", "betyder på svenska farmor":
                # a translation of the kin word just marked, not a second mention
            if _generic_subject_sentence(doc, first, prev3):
                return None  # "Barn kan ringa mamma och pappa": anyone's parents
            if prev3 and prev3[0] == "ens":
                return None  # "vem som är ens mamma": anyone's
            if _superlative_predicate(doc, first):
                return None  # "Pelle är den snällaste bror man kan ha": praise, no mention
            if _likeness(doc, first, last):
                return None  # "jag har en vän som Elvira": a friend like her
            if _quoted_address(doc, first, last):
                return None  # 'han sa "tack min son, men …"': a form of address
            if _called(doc, first):
                return None  # "min son kallar henne mormor": what someone is called
            if _third_person_got(doc, first):
                return None  # "Min kollega har en mamma", "Hon har en ny pojkvän": another
                # person's relative, introduced with "en" (not "Vi har en son")
            if self._role_predicate(doc, first) and not _in_quote(doc, first):
                return None  # "jag är ensamstående mamma", "hon är gift och mamma till två"
                # (not in quoted speech: 'Mamma sa: "Nu är jag farmor!"' is a relative's word)
            if not self._owner_in_circle(doc, first):
                return None  # "Hennes son" of a stranger, "Pojkens pappa", "hans kompisar"
            if _courtesy_title(doc, first, last, low):
                return None  # "min lärare, fru Berg": Mrs Berg, a form of address
            if _greeted_relative(doc, first, last, prev3):
                return None  # "Hälsa din mamma!": the reader's relative, not the writer's
            if _opens_quote(doc, first):
                return None  # 'säger "pappa du jobbar för mycket"', 'kallar henne "mormor Anna"',
                # 'plus "-son"': a word quoted (a call, a nickname, a suffix), not a mention
            if _capitalised_inside(doc, first):
                return None  # 'om Mamma Mia', 'läser Bröderna Lejonhjärta': a title or a
                # name, not a relative (the writer's relatives are written in lower case)
            if _vocative(doc, first, last):
                return None  # 'Min son säger: pappa, du måste öva!': a form of address
            if (low in _FRIEND_WORDS or low in _PARENTS_PLURAL) and "deras" in prev3[:2]:
                return None  # "alla deras kompisar", "för deras föräldrar": a group's friends
                # and parents (the writer's children's friends are not marked either)
            if low in _FRIEND_WORDS and _after_name_genitive(doc, first):
                return None  # "Lisas bästa kompis", "hos Annas kompis": someone else's friend
            if low in _FRIEND_WORDS and _reflexive_owner(doc, first):
                return None  # "mina barn pratade arabiska med sina kompisar", "med sin vän
                # Niila": "sin/sina" points to a third-person subject, the writer says "mina"
            if low in _FRIEND_WORDS and _third_owner(doc, first):
                return None  # "Han och hans vänner åker skidor", "Hon och hennes grannar":
                # a third person's friends (a partner or a relative of theirs is kept)
            if low in _FRIEND_WORDS and _third_person_has(doc, first):
                return None  # "min son har många kompisar": the child's friends
            if low in _FRIEND_WORDS and self._circle_name_has(doc, first):
                return None  # "Min dotter Sigrun … Sigrun har många kompisar": hers
            if low in _COUNTED_CHILDREN and prev3 and prev3[0] in _ALL_OR_MANY and not (
                    len(prev3) > 1 and prev3[1] in cx.POSSESSIVES):
                return None  # "alla barnen", "ännu fler barnbarn": every child of a
                # gathering or of a grandparent, not the writer's own (not "mina många barnbarn")
            if low in _CHILDREN_DEF:
                return self._own_children(doc, first)
            if "kamrat" in low and low not in _FRIEND_KAMRAT:
                return None  # "min klasskamrat", "en arbetskamrat": a fellow by the setting,
                # like a colleague (kollega), not a friend (kompis, klasskompis, vän)
            if low in ("vän", "vänner"):
                prev = [w for w in prev3 if not w.endswith(("sk", "ska"))]
                if prev and prev[0] == "första":
                    return None  # "min första svenska vän": a milestone of friendship, like
                    # "vi blev vänner", not a word for the friend (the name says who)
            if low in _FAM_GENERIC_PLURAL or low in _FAM_FRIENDS_PLURAL:
                prev = prev3
                if not cx.POSSESSIVES.isdisjoint(prev[:2]) or (
                    first > 0 and doc.tokens[first - 1].is_title
                    and doc.tokens[first - 1].lower.endswith("s")
                ):
                    return "fam"
                if low in _FAM_GENERIC_PLURAL:
                    if _listed_after_possessive(doc, first):
                        return "fam"  # "min mormor, morfar, föräldrar och tre kusiner"
                    return None  # "andra mammor", "skolan och föräldrar": people in general
                words = cx.sentence_words(doc, first)
                if _opinion_before(doc, first):
                    return None  # "för att barnen får kompisar": an opinion about children
                if low in _FAM_NEEDS_POSSESSIVE and not words & cx.FIRST_PERSON:
                    return None  # "där får du vänner": friends in general
                wish = [w for w in prev3 if w not in _FRIEND_ADJECTIVES]
                if low in _FAM_FRIENDS_PLURAL and wish and wish[0] in _GAIN_VERBS:
                    return None  # "svårt att få vänner", "skaffa svenska kompisar":
                    # friends wished for, not people of the writer's circle
                prev = prev3
                if low in ("vänner", "kompisar") and prev and (
                    prev[0] in _BECOME or (prev[0] in _STILL and len(prev) > 1
                                           and prev[1] in _BECOME)
                ):
                    return None  # "vi blev vänner", "vi är fortfarande vänner": a relation,
                    # not a word for the friends ("bästa vänner" is kept: an adjective between)
                return "fam"
            if low in _FAM_NEEDS_POSSESSIVE or low.rstrip("s") in _FAM_NEEDS_POSSESSIVE:
                prev = prev3
                if low in _GOOD_MAN and prev and prev[0] in _GOOD:
                    return None  # "min gode man": a legal guardian, not a husband
                if low in _PARTNER_HAD and len(prev) > 2 and prev[0] == "en" and \
                        prev[1] in _HAVE_VERBS and prev[2] in _WRITER:
                    return "fam"  # "Jag har en man och två barn", "vi fick en son"
                if not cx.POSSESSIVES.isdisjoint(prev[:2]):
                    return "fam"
                if _listed_after_possessive(doc, first):
                    return "fam"  # "min mormor, morfar, föräldrar och tre kusiner"
                if first > 0 and doc.tokens[first - 1].is_title and \
                        doc.tokens[first - 1].lower.endswith("s") and \
                        not (low in _GOOD_MAN and len(prev) > 1 and prev[1] in _PLACE_PREPOSITIONS):
                    return "fam"  # "Anna-Karins föräldrar", not "i Laos man sitter …"
                if low in _FAM_PERSONAL and cx.sentence_words(doc, first) & cx.FIRST_PERSON \
                        and not _opinion_before(doc, first):
                    return "fam"  # "jag är hemma med barnen", "jag förlorade många vänner"
                # "har två barn", "med två barn", "har egna barn", "hade två små barn"
                counted = [w for w in cx.prev_words(doc, first, 5) if w not in _CHILD_ADJECTIVES]
                near = set(counted[:3])
                if low.startswith("barn") and len(near) == 3 and near & _SELF and \
                        near & _WRITER and near & _HAVE_VERBS:
                    return "fam"  # "nu har jag själv barn", "för att jag själv har barn"
                if low.startswith("barn") and counted and \
                        counted[0] in _NUMBER_WORDS | {"egna"} and len(counted) > 1 and (
                            counted[1] in ("har", "hade", "fick", "med", "och", "våra")
                            and not (counted[0] in _VAGUE_COUNTS and counted[1] == "och")
                            or (counted[1] in _WRITER and len(counted) > 2
                                and counted[2] in ("har", "hade", "fick"))  # "hade jag två"
                            or (len(counted) > 2 and counted[2] in _WRITER_POSSESSIVES
                                and self._is_fam_word(counted[1]))  # "min man, tre barn"
                        ):
                    return "fam"
                return None
            return "fam"
        if label == "prof":
            if _owned_person(doc, first):
                return None  # "var min handledare", "som min lärare rekommenderade": a person
                # of the writer's life named by their role, not anyone's profession
            if _service_role(doc, first, last):
                return None  # "jag måste vara tolk för henne", "använd inte barnen som tolk"
            prev1 = cx.prev_words(doc, first, 1)
            if prev1 and (prev1[0] in _QUALITY_ADJECTIVES or prev1[0] in _PRIZE_GENITIVES):
                return None  # "jag var en bra arbetare", "hon är bra lärare": a judgement;
                # "priset som årets barnmorska": the title of a prize
            if low.endswith(_DEFINITE_PLURALS):
                return None  # "I Liberia var lärarna stränga": the subject, not a role
            if _reader_role(doc, first):
                return None  # "Du var min svensklärare": the reader's job, not the writer's
            if prev1 and prev1[0] in _COUNT_WORDS:
                return None  # "vi är två sjuksköterskor": a count of staff, not one's job
            if self._study_context(doc, first):
                return "edu"
            if self._role_context(doc, first):
                return "prof"
            tokens = doc.tokens
            k = last + 1
            if first > 0 and tokens[first - 1].text == "(" and k + 1 < len(tokens) and \
                    tokens[k].lower == "sedan" and \
                    (tokens[k + 1].is_digit or tokens[k + 1].lower in _SPAN_NUMBERS):
                return "prof"  # "Maricel (städerska sedan 4 år)": the writer's own job
            if depth < 2:
                j = self._coordinated_profession(doc, first)
                if j >= 0:
                    # "vill bli barnskötare först, sen kanske förskollärare", "för att bli
                    # lokalvårdare och sedan kanske undersköterska": the next step of the
                    # same plan takes the first one's label
                    return self._decide(doc, j, j, "prof", tokens[j].lower, depth=depth + 1)
            return None
        if label == "edu":
            if _group_with(doc, first):
                return None  # "många utrikes födda med universitetsexamen": a group's
            if _equivalent_degree(doc, first):
                return None  # "motsvarar en svensk kandidatexamen": the yardstick of a
                # validation, not a degree the writer holds
            if low.endswith(("examen", "examina")):
                return "edu"
            if low in ("civilingenjör", "högskoleingenjör"):
                prev2 = cx.prev_words(doc, first, 2)
                if any(w in ("som", "är", "var", "blev") for w in prev2) and \
                        not self._study_context(doc, first):
                    return "prof"  # "jag arbetade som civilingenjör"
                return "edu"
            if low in _DEGREE_TITLES:
                prev2 = cx.prev_words(doc, first, 2)
                if any(w in ("som", "är", "var", "blev") for w in prev2) and \
                        not self._study_context(doc, first):
                    return "prof"  # "Idag är jag socionom": the title of one's job
            prev = cx.prev_words(doc, first, 4)
            if not prev:
                return None
            if first >= 2 and depth < 3 and doc.tokens[first - 1].lower in ("och", "eller", ","):
                # "pluggar sociologi och psykologi": a subject coordinated with a studied one
                j = first - 2
                if doc.tokens[j].is_word and any(
                    e.label == "edu" for e in self.gaz.entries_for_key("markup", doc.tokens[j].norm)
                ):
                    return self._decide(doc, j, j, "edu", doc.tokens[j].lower, depth=depth + 1)
                return None
            if prev[0] in _EDU_VERBS or prev[0] in _DEGREE_WORDS:
                return "edu"
            if prev[0] in _SUBJECTS and len(prev) > 1 and prev[1] in _EDU_VERBS:
                return "edu"  # "Nu studerar jag medicin"
            if _studies_towards(doc, first):
                return "edu"  # "Själv läser jag till socionom"
            if prev[0] == "i" and len(prev) > 1 and prev[1].endswith(_SUBJECT_TEACHERS):
                return "edu"  # "forskare i materialteknik"
            if prev[0] in ("i", "inom", "till") and len(prev) > 1 and (
                prev[1] in _DEGREE_WORDS or prev[1] in _EDU_VERBS
                or prev[1].endswith(("examen", "utbildning", "program"))
            ):
                return "edu"
            return None
        if label == "sensitive":
            tokens = doc.tokens
            nxt = tokens[last + 1].lower if last + 1 < len(tokens) else ""
            if nxt in _INSTITUTION_NOUNS:
                return None  # "en katolsk skola", "den muslimska föreningen": not a person
            if _part_of_name(doc, first):
                return None  # "Jag heter Karim Islam", "Anna Kristen": a surname, no faith
            if low in _HOLY_BOOKS:
                return None  # "läser ur Koranen", "sedlar inuti Koranen": a book, no faith
                # of a person (the gold sets mark no holy book)
            if first > 1 and tokens[first - 1].lower in ("en", "ett") and \
                    tokens[first - 2].lower not in _COPULA_INFINITIVES and nxt in _PERSON_NOUNS:
                return None  # "med en gravid kvinna från Iran", "en sjuk människa": an
                # attribute of someone presented (not "vi är ett homosexuellt par")
            if low in _GAME_PARTY_WORDS and _game_near(doc, first):
                return None  # "ett parti schack … Efter partiet": a game, not a party
            prev3 = cx.prev_words(doc, first, 3)
            if prev3 and (prev3[0] in _GROUP_QUANTIFIERS or prev3[0] in ("och", "eller")
                          and len(prev3) > 2 and prev3[2] in _GROUP_QUANTIFIERS):
                return None  # "många samer och tornedalingar förlorade sitt språk": a group
            if low in _MOOD_WORDS and prev3 and (
                prev3[0] in _MILD or len(prev3) > 1 and prev3[0] == "bli"
                and prev3[1] in _HYPOTHETICAL
            ):
                return None  # "jag har redan lite ångest", "jag trodde att jag skulle bli
                # deprimerad": an everyday mood or a feared one, not a condition
            words = cx.sentence_words(doc, first)
            if first > 0 and tokens[first - 1].lower in ("de", "dom") and "vi" not in words:
                return None  # "ezidierna och de kristna bönderna": a group, not the writer's
            if low in _RELIGIOUS_BUILDINGS and words & _DESCRIBING_VERBS:
                return None  # "där finns en stor moské": a sight, not the writer's faith
            if words & cx.FIRST_PERSON or words & _OWNER_POSSESSIVES or words & _KIN_SUBJECTS \
                    or words & _REFLEXIVES and words & _ONE_PERSON:
                return "sensitive"  # "Farmor är muslim", "min svärfar har dålig hjärta"
            if words & _THIRD_PERSON and self._after_relative(doc, first):
                return "sensitive"  # "Min mamma bor i Lund. Hon har högt blodtryck."
            if self._names_circle_person(doc, first):
                return "sensitive"  # "Min dotter Lina … Förra året fick Lina astma."
            return None
        return None

    def _owner_in_circle(self, doc: Document, i: int) -> bool:
        """A relative word owned by someone else ("hans fru", "hennes föräldrar", "sina
        barn", "Pojkens pappa") is a word for the writer's circle only when that someone is:
        after a third-person possessive, the sentence or the one before names a relative or
        friend of the writer ("min fästmö Hanna och hennes föräldrar", "min flickvän Eleni.
        Hennes pappa …"); after the genitive of a common noun, that noun is a relative
        ("mammas syster", not "grannens son"). Other owners (a first-person possessive, a
        name's genitive, none) are left to the other rules."""
        tokens = doc.tokens
        j = i - 1
        if j > 0 and tokens[j].lower in ("och", "eller") and self._is_fam_word(tokens[j - 1].lower):
            return self._owner_in_circle(doc, j - 1)  # "hans barn och barnbarn": one owner
        if j > 0 and (tokens[j].lower in _KIN_ADJECTIVES_BEFORE or
                      tokens[j].lower in _NUMBER_WORDS or tokens[j].is_digit or
                      tokens[j].lower.endswith(_AGE_ADJECTIVE_TAILS)):
            j -= 1  # "hennes minsta dotter", "deras tre barn", "sin tioårige son"
        if j < 0 or not tokens[j].is_word:
            return True
        owner = tokens[j].lower
        if owner == "vars":
            return self._vars_in_circle(doc, j)
        if owner in _REFLEXIVES and self._reflexive_outside(doc, j):
            return False  # "små barn behöver sin mamma", "Kristina säger adjö till sina
            # föräldrar": the subject is anyone, or a person outside the writer's circle
        if owner in ("hans", "hennes") and self._owner_named_outside(doc, j):
            return False  # "Ingvar var pensionär … På hans begravning berättade hans dotter"
        if owner in _THIRD_POSSESSIVES:
            # this possessive, or an earlier one of the same word (the same person: "min
            # flickvän Eleni. Hennes föräldrar … Hennes mamma Sofia"), follows a relative or
            # friend of the writer within three sentences
            return self._first_circle_mention(doc, owner) <= j
        if owner.endswith("s") and len(owner) > 4 and \
                (not tokens[j].is_title or cx.is_sentence_initial(doc, j)
                 and not self.gaz.lookup("names", tokens[j].text[:-1])) and \
                self.gaz.is_known_word(owner[:-1]):
            # "pojkens", "grannens", "kvinnans": a common noun's genitive
            return self._is_fam_word(owner[:-1]) or self._is_fam_word(owner[:-2])
        if tokens[j].is_title and owner.endswith("s") and len(owner) > 2 and \
                self._name_with_outside_role(doc, owner[:-1]):
            return False  # "Min chef heter Göran Lind. … Linds fru": the boss's wife
        return True

    def _circle_name_has(self, doc: Document, first: int) -> bool:
        """The friend word is the object of "har/hade" whose subject, right before the verb,
        is the name of a relative of the writer's ("min dotter Sigrun" earlier, "Sigrun har många
        kompisar", also written in lower case)."""
        prev = cx.prev_words(doc, first, 4)
        for k, w in enumerate(prev[:3]):
            if w in _HAVE_VERBS:
                return k + 1 < len(prev) and prev[k + 1] in self._circle_names(doc)
            if w in cx.POSSESSIVES or w in _FAM_SUBJECT_STOPS:
                return False
        return False

    def _vars_in_circle(self, doc: Document, j: int) -> bool:
        """"vars" (whose) at ``tokens[j]`` points back to the noun or name before its comma:
        the writer's circle when that is a relative or friend ("min syster Ottilia, vars man"),
        not a colleague or a neighbour ("min kollega Eva Berg, vars moster")."""
        tokens = doc.tokens
        k = j - 1
        if k >= 0 and tokens[k].text == ",":
            k -= 1
        while k >= 0 and tokens[k].is_title and tokens[k].is_word and j - k <= 4:
            k -= 1  # back over the name
        return k >= 0 and self._is_fam_word(tokens[k].lower)

    def _reflexive_outside(self, doc: Document, j: int) -> bool:
        """The subject that the reflexive ``tokens[j]`` ("sin", "sina") points back to is
        people in general (an indefinite "barn", "ungdomar" without a possessive) or a name
        the essay never gives to the writer's relative or friend ("min syster Hiba"): the
        nearest such word before it in its clause, unless a pronoun comes first."""
        tokens = doc.tokens
        start = doc.sentences[tokens[j].sentence][0]
        for k in range(j - 1, max(start, j - 12) - 1, -1):
            t = tokens[k]
            if not t.is_word:
                continue
            low = t.lower
            if low in _SUBJECT_PRONOUNS:
                return False  # "hon hälsade på sin syster": the pronoun's person decides
            before = tokens[k - 1].lower if k > start else ""
            if low in _GENERIC_PEOPLE:
                return before not in cx.POSSESSIVES  # "barn som pratar med sina …"
            if low in _OUTSIDE_ROLES:
                return True  # "en kvinna som hade med sig sin son", "min chef besöker sin
                # mamma": a person outside the writer's circle
            if t.is_title and before not in _NAME_PREPOSITIONS and \
                    self.gaz.lookup("names", t.text):
                return low not in self._circle_names(doc)  # "Kristina säger adjö till sina"
        return False

    def _coordinated_profession(self, doc: Document, i: int) -> int:
        """The listed profession that ``tokens[i]`` follows as a second step ("X först, sen
        kanske Y", "X och sedan Y", "X eller Y") within five tokens of its sentence, or -1."""
        tokens = doc.tokens
        start = doc.sentences[tokens[i].sentence][0]
        joined = False
        for j in range(i - 1, max(start, i - 6) - 1, -1):
            low = tokens[j].lower
            if low in _NEXT_STEP_WORDS:
                joined = joined or low in _NEXT_STEP_JOINERS
                continue
            if joined and tokens[j].is_word and any(
                e.label == "prof" for e in self.gaz.entries_for_key("markup", tokens[j].norm)
            ):
                return j
            return -1
        return -1

    def _generic_profession(self, doc: Document, cand: Candidate) -> bool:
        """A profession candidate that names a group or a job market, not a person's job: a
        plural ("mina grannar är busschaufförer", "arbetar som städerskor") or a job
        after a quantified "jobb" ("det finns många jobb som lastbilschaufför", "mest jobb var
        undersköterska"). The gold sets label no such word."""
        low = doc.text[cand.start : cand.end].lower()
        i = TokenIndex.of(doc).first_at(cand.start)
        prev = cx.prev_words(doc, i, 7)
        if " " not in low and "vi" not in prev[:4] and self._plural_profession(low):
            return True  # (not "när vi båda var servitriser": the writer's own job)
        if self._listed_with_plural(doc, i, TokenIndex.of(doc).first_at(cand.end - 1)):
            return True  # "arbetar allmänläkare, sjuksköterskor och …", "jurister och
            # läkare": one of a list of trades in the plural ("-are" has one form for both)
        return any(
            w in _JOB_NOUNS and k + 1 < len(prev) and prev[k + 1] in _JOB_QUANTIFIERS
            for k, w in enumerate(prev)
        )

    def _listed_with_plural(self, doc: Document, first: int, last: int) -> bool:
        """The word next to ``tokens[first:last + 1]`` across a comma, "och" or "eller" is
        the plural of a profession."""
        tokens = doc.tokens
        sentence = tokens[first].sentence
        for joiner, word in ((last + 1, last + 2), (first - 1, first - 2)):
            if 0 <= word < len(tokens) and tokens[joiner].lower in _LIST_WORDS and \
                    tokens[word].sentence == sentence and tokens[word].is_word and \
                    self._plural_profession(tokens[word].lower):
                return True
        return False

    def _plural_profession(self, low: str) -> bool:
        """``low`` is the indefinite plural of a listed profession or of a compound with a
        profession tail: "-skor" of "-ska", "-er"/"-ar" of a word ending in a consonant
        ("ingenjörer", "kockar"), "-män" of "-man"."""
        if low.endswith("or"):
            stem = low[:-2] + "a"
        elif low.endswith(("er", "ar")):
            stem = low[:-2]
        elif low.endswith("män"):
            stem = low[:-3] + "man"
        else:
            return False
        if len(stem) < 4:
            return False
        if stem.endswith(_PROF_TAILS):
            return True
        return any(e.label == "prof" for e in self.gaz.entries_for_key("markup", normalize(stem)))

    def _not_a_job(self, doc: Document, i: int) -> bool:
        """The word after a role cue names no job: a person owned ("min lärare"), a help
        given ("vara tolk för henne")."""
        return _owned_person(doc, i) or _service_role(doc, i, i) or _anyone_role(doc, i)

    def _owner_named_outside(self, doc: Document, j: int) -> bool:
        """The nearest name before the possessive ``tokens[j]`` (in its sentence or the two
        before) is a person the essay never introduces with a kin or friend word ("min vän
        Ayan", "hans syster Vesna"), and no relative of the writer's is named between: the
        possessive is that outsider's."""
        tokens = doc.tokens
        lo = doc.sentences[max(0, tokens[j].sentence - 2)][0]
        for k in range(j - 1, lo - 1, -1):
            t = tokens[k]
            if not t.is_word:
                continue
            if t.lower in _WRITER_POSSESSIVES and k + 1 < j and \
                    self._is_fam_word(tokens[k + 1].lower):
                return False  # "min farfar" nearer than any name
            if t.is_title and self.gaz.lookup("names", t.text) and \
                    not (k > 0 and tokens[k - 1].lower in _NAME_PREPOSITIONS) and \
                    self._name_mid_sentence(doc, t.lower):
                # a name (capitalised inside a sentence somewhere: not "Vi", "Där"), not a
                # place after a preposition
                return not self._kin_introduced(doc, t.lower)
        return False

    @staticmethod
    def _name_mid_sentence(doc: Document, name: str) -> bool:
        """``name`` stands capitalised inside a sentence somewhere in the essay."""
        return any(t.lower == name and t.is_title and not cx.is_sentence_initial(doc, k)
                   for k, t in enumerate(doc.tokens))

    def _kin_introduced(self, doc: Document, name: str) -> bool:
        """Some mention of ``name`` follows a kin or friend word ("min vän Ayan", "hans
        syster Vesna", "vän heter Ayan")."""
        tokens = doc.tokens
        for k in range(1, len(tokens)):
            if tokens[k].lower != name:
                continue
            m = k - 1
            if tokens[m].lower in cx.NAME_INTRO and m > 0:
                # "min vän heter Ayan", "en kompis som heter Sara"
                if any(self._is_fam_word(tokens[q].lower) for q in range(max(0, m - 3), m)):
                    return True
            if self._is_fam_word(tokens[m].lower):
                return True
        return False

    def _circle_names(self, doc: Document) -> frozenset[str]:
        """The names the essay gives to the writer's relatives and friends ("min syster
        Hiba", "min bästa vän Sara")."""
        tokens = doc.tokens
        names = set()
        for k in range(2, len(tokens)):
            if tokens[k].is_title and tokens[k].is_word and self._is_fam_word(tokens[k - 1].lower):
                m = k - 2
                if m >= 1 and tokens[m].lower in _KIN_ADJECTIVES_BEFORE:
                    m -= 1
                if tokens[m].lower in _WRITER_POSSESSIVES:
                    names.add(tokens[k].lower)
        return frozenset(names)

    @staticmethod
    def _name_with_outside_role(doc: Document, name: str) -> bool:
        """The essay introduces ``name`` with a role outside the writer's circle: "Min chef
        heter Göran Lind", "grannen Helga", "En gammal man, Helge, hade ramlat"."""
        tokens = doc.tokens
        for k in Words.of(doc).where((name,)):  # (the name's tokens alone, in text order)
            m = k - 1
            while m >= 0 and tokens[m].is_title and tokens[m].is_word and k - m <= 2:
                m -= 1  # "Göran Lind": back over the first name
            while m >= 0 and tokens[m].lower in cx.NAME_INTRO | {","}:
                m -= 1  # "heter", an apposition comma
            if m >= 0 and tokens[m].lower in _OUTSIDE_ROLES and not (
                tokens[m].lower in ("man", "mannen") and m > 0
                and tokens[m - 1].lower in cx.POSSESSIVES
            ):  # "min man Rustam" is the writer's husband
                return True
        return False

    def _first_circle_mention(self, doc: Document, owner: str) -> int:
        """The first token of ``owner``'s person (its pronouns) that follows a relative or
        friend of the writer (see _circle_before); len(tokens) when none does. Memoized per
        document (one pass, not one per relative word)."""
        memo = getattr(_CIRCLE, "memo", None)
        if memo is None or memo.get("doc") is not doc:
            memo = _CIRCLE.memo = {"doc": doc}  # this thread's, for the document in hand
        if owner not in memo:
            same = _SAME_PERSON.get(owner, frozenset({owner}))
            tokens = doc.tokens
            memo[owner] = next(
                (p for p, t in enumerate(tokens)
                 if t.lower in same and self._circle_before(doc, p)),
                len(tokens),
            )
        return memo[owner]  # type: ignore[return-value]

    def _circle_before(self, doc: Document, j: int) -> bool:
        """A first-person possessive and a relative or friend word ("min flickvän", "mina
        bästa vänner") stand in the three sentences up to ``tokens[j]``."""
        tokens = doc.tokens
        lo = doc.sentences[max(0, tokens[j].sentence - 3)][0]
        return any(
            tokens[k].lower in _WRITER_POSSESSIVES and any(
                self._is_fam_word(tokens[m].lower) for m in range(k + 1, min(k + 4, j))
            )
            for k in range(lo, j)
        )

    def _favourite_kin(self, doc: Document, i: int) -> bool:
        """``favorit-``/``älsklings-`` and a kinship word after a possessive ("min
        favoritkusin"); not the prefix alone ("favoritmat") nor without an owner."""
        low = doc.tokens[i].lower
        rest = low[len(next(p for p in _FAVOURITE_PREFIXES if low.startswith(p))):]
        if len(rest) < 3 or not self._is_fam_word(rest):
            return False
        prev = cx.prev_words(doc, i, 1)
        return bool(prev) and prev[0] in cx.POSSESSIVES

    def _is_fam_word(self, low: str) -> bool:
        return low in _FAM_EXTRA or any(
            e.label == "fam" for e in self.gaz.entries_for_key("markup", normalize(low))
        )

    @staticmethod
    def _role_predicate(doc: Document, i: int) -> bool:
        """``tokens[i]`` is a kin word used as what someone is (a role), not as a word for a
        relative: the predicate of a personal pronoun and a copula, with only adjectives of
        marital state between ("Jag är ensamstående mamma", "hon är gift och mamma till en
        son", "han var far"). "Det är mamma som lagar mat" and "min mamma" stay."""
        tokens = doc.tokens
        j = i - 1
        start = doc.sentences[tokens[i].sentence][0]
        while j >= start and (tokens[j].lower in _ROLE_FILLERS or tokens[j].is_digit):
            j -= 1
        if j < start or tokens[j].lower not in _COPULAS:
            return False
        before = tokens[j - 1].lower if j - 1 >= start else ""
        after = tokens[j + 1].lower if j + 1 < i else ""
        if before == "," and any(t.lower == "jag" for t in tokens[start:j]):
            return True  # "Jag heter Liu, är ensamstående mamma": the subject left out
        return before in _ROLE_SUBJECTS or after in _ROLE_SUBJECTS

    def _achievements(self, doc: Document) -> Iterator[Candidate]:
        """``extra``: a singular event of the writer's life that can identify them — a title or
        prize won, a medal or scholarship received, an appearance on TV ("jag vann fiske-VM för
        juniorer", "jag fick ett stipendium av kungen"). The span runs from the verb to the end
        of its phrase and stops before names, places and numbers (they get their own labels)."""
        tokens = doc.tokens
        n = len(tokens)
        for i in Words.of(doc).where(_EVENT_VERB_WORDS):  # the loop skips every other word
            tok = tokens[i]
            low = tok.lower
            event_words = _ALL_EVENT_VERBS.get(low, _NO_VERB)
            if event_words is _NO_VERB:
                continue  # one dict look-up for the bulk of the words
            if low == "var" and not (i + 1 < n and tokens[i + 1].lower == "med"):
                continue  # only "var med i/på …"
            if event_words is not None and low not in _WIN_VERBS and not any(
                t.lower in event_words or t.lower.endswith("programmet")
                for t in tokens[i + 1 : i + 11]
            ):
                continue  # "kom hem", "blev glad": none of the verb's event words follows
            prev = cx.prev_words(doc, i, 3)
            nxt = [t.lower for t in tokens[i + 1 : i + 3]]
            subject = bool(set(prev[:2]) & _WRITER) or bool(set(nxt[:1]) & _WRITER) or bool(
                cx.sentence_words(doc, i) & _PEOPLE
            )
            if event_words is not None and low not in _WIN_VERBS:
                # the stricter verbs: the writer ("jag", "vi") right before or after
                subject = bool(set(prev[:1]) & _WRITER) or bool(set(nxt[:1]) & _WRITER)
            if not subject:
                continue
            end = i
            hit = False
            j = i + 1
            while j < n and tokens[j].sentence == tok.sentence and j - i <= 10:
                t = tokens[j]
                if not (t.is_word or t.is_digit) and t.text not in ("-", "+"):
                    break
                if t.lower in _CLAUSE_END or (j > i + 1 and t.lower in _NEW_CLAUSE_VERBS):
                    break  # "… till Eskilstuna 2016 bodde vi …": a new clause
                if event_words is not None and low not in _WIN_VERBS:
                    if (t.lower in event_words or t.lower.endswith(event_words[:1]) or (
                        low in ("var", "medverkade") and t.lower.endswith("programmet")
                    )) and not (t.lower in ("etta", "tvåa", "trea")
                                and tokens[j - 1].lower in ("en", "ett")):
                        hit = True  # not "en tvåa" (a flat)
                elif t.lower.endswith(_PRIZE_TAILS) or t.lower in _PRIZE_WORDS:
                    hit = True
                end = j
                j += 1
            while end > i and tokens[end].lower in _TRAILING:
                end -= 1
            if hit and end > i:
                start = tokens[i - 1].start if prev and prev[0] in _WRITER and \
                    tokens[i - 1].is_word else tok.start
                text = doc.text[start : tokens[end].end]
                # the event with the names and numbers in it ("vann Östgötamästerskapet i
                # bordtennis 2018", "första pris i maraton för ungdomar i Asmara"): the event is
                # pseudonymized by hand as a whole, so it outweighs its parts
                yield Candidate(start, tokens[end].end, "extra", frozenset(), 0.9,
                                text.lower(), source=self.name)

    def _course(self, doc: Document, i: int) -> Candidate | None:
        """A school course with its level: "Svenska 2", "Svenska som andraspråk 3",
        "Matematik 1b", "SVA 3" (Skolverket's course names; the level makes it a course the
        writer took, not the language or the subject in general)."""
        tokens = doc.tokens
        n = len(tokens)
        j = i + 1
        if j + 1 < n and tokens[j].lower == "som" and tokens[j + 1].lower in (
            "andraspråk", "andra språk"
        ):
            j += 2
        if j >= n or tokens[j].sentence != tokens[i].sentence:
            return None
        level = tokens[j].text
        if not _COURSE_LEVEL.fullmatch(level):
            return None
        if j + 1 < n and tokens[j + 1].sentence == tokens[i].sentence and \
                tokens[j + 1].lower in _NOT_COURSE_AFTER:
            return None  # "svenska 2 timmar", "engelska 3 gånger i veckan"
        prev = cx.prev_words(doc, i, 2)
        if tokens[i].lower in _SWEDISH_COURSES and prev and (
                prev[0] in _COURSE_PASSED or prev[0] in _COURSE_NOUNS
                or len(prev) > 1 and prev[1] in _COURSE_PASSED):
            return None  # "jag har klarat svenska 3", "I kursen svenska 3 fick vi …": the
            # Swedish course every learner takes, passed or the setting of a task
        return Candidate(tokens[i].start, tokens[j].end, "edu", frozenset(), 0.6,
                         doc.text[tokens[i].start : tokens[j].end].lower(), source=self.name)

    def _names_circle_person(self, doc: Document, i: int) -> bool:
        """The sentence of ``tokens[i]`` names, or a pronoun of it refers to, a person the
        essay introduced as the writer's relative or friend ("min dotter Lina", "min man
        Jürgen"): "Förra året fick Lina ångest", "Jürgen sjunger i kören, fast han är ateist"."""
        tokens = doc.tokens
        names = {
            tokens[k].lower for k in range(2, len(tokens))
            if tokens[k].is_title and tokens[k].is_word
            and tokens[k - 2].lower in _WRITER_POSSESSIVES
            and self._is_fam_word(tokens[k - 1].lower)
        }
        if not names:
            return False
        first, last = doc.sentences[tokens[i].sentence]
        return any(t.lower in names or t.lower.rstrip("s") in names for t in tokens[first:last])

    @staticmethod
    def _after_relative(doc: Document, i: int) -> bool:
        """A sentence before names one of the writer's relatives or friends ("min mamma",
        "Farmor", "min kompis"): the previous one, or one up to eight sentences back when every
        sentence between goes on about a third person ("Min mormor är 72 år. Förut var hon
        lärare. Hon är buddhist.")."""
        sentence = doc.tokens[i].sentence
        for back in range(sentence - 1, max(-1, sentence - 9), -1):
            first, last = doc.sentences[back]
            words = [t.lower for t in doc.tokens[first:last]]
            if MarkupDetector._names_relative(words):
                return True
            if any(w in _THIRD_PERSON or w in _THIRD_POSSESSIVES or w in _THIRD_OBJECTS
                   for w in words):
                continue  # (also "Jag ringer henne varje söndag": the same person)
            if len(words) <= 6 and words and words[0] in _IMPERSONAL_OPENERS and \
                    cx.FIRST_PERSON.isdisjoint(words):
                continue  # "Min man pendlar. Det tar tid. Han har diabetes": a remark about
                # the relative's day, no new person, goes on about the same one
            return False
        return False

    @staticmethod
    def _names_relative(words: list[str]) -> bool:
        return any(
            w in _KIN_SUBJECTS and (k == 0 or words[k - 1] in cx.POSSESSIVES or k == 0)
            for k, w in enumerate(words)
        ) or any(
            w in cx.POSSESSIVES and k + 1 < len(words) and (
                words[k + 1] in _KIN_SUBJECTS
                or w in _WRITER_POSSESSIVES and (words[k + 1] in _OWN_PARTNERS
                                                 or words[k + 1] in _FRIEND_WORDS))
            for k, w in enumerate(words)
        )  # "min man", "min fru": a partner (bare "man" is anyone)

    @staticmethod
    def _own_children(doc: Document, i: int) -> str | None:
        """``barnen`` without a possessive: the writer's children when the essay said before
        that the writer has children ("min son", "mina två barn", "vi har tre barn") or a
        partner ("min man Ali hämtar barnen") and the
        sentence is not an opinion or general statement ("jag tror att det är bra för
        barnen", "alla barnen")."""
        tokens = doc.tokens
        prev = cx.prev_words(doc, i, 3)
        if not cx.POSSESSIVES.isdisjoint(prev[:2]) or (
            i > 0 and tokens[i - 1].is_title and tokens[i - 1].lower.endswith("s")
        ):
            return "fam"
        if _opinion_before(doc, i):
            return None
        words = cx.sentence_words(doc, i)
        start = doc.sentences[tokens[i].sentence][0]
        if i - start <= 6 and tokens[start].lower == "i" and start + 1 < i and (
                tokens[start + 1].is_title or tokens[start + 1].lower == "sverige"):
            return None  # "I Vietnam börjar barnen skolan när de är sex år": the children of
            # a country, in a sentence opened by the country
        if not words.isdisjoint(_SCHOOL_DAY):
            return None  # "På rasten leker barnen ute", "Barnen säger du till läraren": the
            # children of a school, described (no gold set marks these)
        if "vuxna" in words:
            return None  # "de vuxna behåller sina vanor, men barnen …": children against
            # adults, a general contrast
        if not words.isdisjoint(_TOLD) and any(
            doc.tokens[k].lower in _TOLD
            for k in range(doc.sentences[tokens[i].sentence][0], i)
        ):
            return None  # "hon berättade att barnen inte leker på rasten": the children a
            # teller speaks of (a class, a village), reported, not the writer's
        if words & _POSSIBILITY:
            return None  # "Så kan barnen lära sig", "där barnen kan leka ute": any children
        first, last = doc.sentences[tokens[i].sentence]
        if any(tokens[k].lower == "man" and (k == first or (
            tokens[k - 1].lower not in cx.POSSESSIVES and tokens[k - 1].lower not in ("en", "ny")
        )) for k in range(first, last)):
            return None  # "På landet man kan plocka bär och barnen leker ute": people in general
        for j in range(i - 1, 0, -1):
            if tokens[j].lower not in _OWN_CHILD_WORDS:
                continue
            # "min son", "mina (två/små) barn", "våra tre barn", "vi har två barn"
            before = [tokens[k].lower for k in range(max(0, j - 3), j)]
            if before and (before[-1] in _OWN_CHILD_OWNERS or any(
                w in _OWN_CHILD_OWNERS for w in before[-3:]
            ) and before[-1] in _NUMBER_WORDS | {"små", "egna", "stora"}):
                return "fam"
            if tokens[j].lower == "barn" and before and before[-1] in _NUMBER_WORDS and \
                    cx.sentence_words(doc, j) & _WRITER:
                return "fam"  # "vi har två barn", "jag bor här med min man och två barn"
        for j in range(i - 1, 0, -1):
            if tokens[j].lower in _PARTNER_WORDS and tokens[j - 1].lower in _WRITER_POSSESSIVES:
                return "fam"  # "Min man Mohammad hämtar barnen": a family's children
        return None

    @staticmethod
    def _role_context(doc: Document, i: int) -> bool:
        """A profession word in a role: "jobbar som X", "är/var/blev X", also with adverbs
        and an article between ("är jag själv X", "jobbar nu som en X"), or in an apposition
        to a name ("Gunnel Åkesson, en pensionerad lärarinna")."""
        if _reader_role(doc, i) or _owned_person(doc, i) or _service_role(doc, i, i) or \
                _anyone_role(doc, i):
            return False  # "Du var min svensklärare", "Kaveh var min handledare", "om man
            # är lärare"
        prev = [w for w in cx.prev_words(doc, i, 6) if w not in _ROLE_SKIP]
        tokens = doc.tokens
        if i >= 2 and tokens[i - 1].lower in _RETIRED and tokens[i - 2].is_word and \
                tokens[i - 2].lower not in ("en", "ett"):
            return True  # "hon är pensionerad bibliotekarie": the job held (not "träffade
            # en pensionerad lärare", a person presented)
        if not _PROF_CUES.isdisjoint(prev[:2]) or (
            len(prev) > 2 and prev[2] in ("som", "blev", "bli")
        ):
            return True
        tokens = doc.tokens
        j = i - 1
        while j > 0 and tokens[j].is_word and tokens[j].lower not in ("en", "ett") and \
                i - j <= 2 and not tokens[j].is_title:
            j -= 1  # adjectives between the article and the profession
        return (
            j >= 2 and tokens[j].lower in ("en", "ett") and tokens[j - 1].text == ","
            and tokens[j - 2].is_title and tokens[j - 2].is_word
            and not cx.is_sentence_initial(doc, j - 2)
        )

    @staticmethod
    def _study_context(doc: Document, i: int) -> bool:
        prev = cx.prev_words(doc, i, 4)
        if len(prev) > 1 and prev[0] == "som" and prev[1].endswith(("examen", "examina")):
            return True  # "jag hade precis tagit examen som ingenjör": the degree
        if prev[:3] == ["bli", "att", "för"] and any(
            w in _EDU_VERBS for w in cx.prev_words(doc, i, 12)[3:]
        ):
            return True  # "jag läser på Komvux för att bli barnskötare": the aim of studies
        if prev and prev[0] == "till" and any(
                w.startswith("utbild") or w.endswith(_TRAINING_TAILS) for w in prev[1:]):
            return True  # "utbildad till", "en yrkesutbildning till barnskötare"
        if len(prev) > 1 and prev[0] in ("för", "till") and prev[1] in _COURSE_NOUNS:
            return True  # "en kurs för undersköterska", "kursen till barnskötare": the aim
        if len(prev) > 2 and prev[0] == "till" and prev[1] in _SUBJECTS and \
                prev[2] == "och" and cx.sentence_words(doc, i) & _EDU_VERBS:
            return True  # "hon läser till socionom och jag till sjuksköterska"
        return not _EDU_VERBS.isdisjoint(prev[:3]) and "som" not in prev[:2]


# ---------------------------------------------------------------- extra: named events
# (institutions/extra helper) Events that _achievements does not reach: a quoted prize title or
# headline, "priset som Årets X", a body's prize ("X kommuns kulturpris"), an interview on the
# radio, a national or district team, a place in a contest ("kom på tredje plats i X").
_QUOTE_MARKS = frozenset('"”“«»')
# Nouns whose name or text follows in quotes or after "som": "utmärkelsen "Årets X"",
# "rubriken "…"", "priset som Årets företagare".
_TITLE_NOUNS = frozenset(
    "utmärkelsen priset pris titeln diplomet rubriken rubrik stipendiet".split()
)
_PRIZE_COMPOUND_TAILS = ("pris", "priset", "stipendium", "stipendiet", "utmärkelse",
                         "utmärkelsen")
# Compounds of "pris" that are prices, not prizes ("ett bra hyrespris").
_PRICE_HEADS = (
    "hyres", "bostads", "el", "mat", "biljett", "låg", "hög", "fast", "total", "inköps",
    "försäljnings", "kilo", "bensin", "special", "extra", "rea", "halv", "stor", "bra",
    "mark", "tomt", "aktie", "olje", "energi", "elektricitets", "medlems", "student",
    "barn", "pensionärs", "ordinarie", "fullt", "ut", "netto", "brutto", "fynd", "kampanj",
    "dags", "mini", "max", "reklam", "själv", "kostnads", "marknads",
)
_EVENT_START_VERBS = frozenset(
    "vann vinna vunnit vinner fick fått får tog tilldelades erhöll".split()
)
_INTERVIEW_VERBS = frozenset("intervjuades intervjuad intervjuade".split())
_MEDIA_WORDS = frozenset(
    "radio radion lokalradion tv teve tv4 svt sr p4 tidningen lokaltidningen dagstidningen "
    "nyheterna lokalnyheterna programmet tv-programmet radioprogrammet".split()
)
_TEAM_TAILS = ("landslag", "landslaget", "landslagen", "distriktslag", "distriktslaget")
_TEAM_VERBS = frozenset("spelade spelat spelar spela uttagen uttagna uttogs togs".split())
_PLACE_VERBS = frozenset("kom hamnade slutade kommit hamnat".split())
_ORDINALS = frozenset(
    "första andra tredje fjärde femte sjätte sjunde åttonde nionde tionde".split()
)
# Words that end an event's phrase: a new clause, or what the writer did it with.
_EVENT_TAIL_STOP = frozenset(
    "och men så eftersom när att där med efter innan sedan därför fast medan".split()
)
_NAMED_EVENT_TRIGGERS = Words.track(
    _TITLE_NOUNS | _INTERVIEW_VERBS | {"plats", "platsen"}
)


def _event_tail(doc: Document, j: int, limit: int) -> int:
    """The last token of an event's phrase that runs on from ``j`` (at most ``limit`` more
    tokens, in ``j``'s sentence, up to a new clause or punctuation)."""
    tokens = doc.tokens
    sent = tokens[j].sentence
    end = j
    k = j + 1
    while k < len(tokens) and k - j <= limit and tokens[k].sentence == sent:
        t = tokens[k]
        if not (t.is_word or t.is_digit) and t.text not in ("-", "+"):
            break
        if t.lower in _EVENT_TAIL_STOP:
            break
        end = k
        k += 1
    while end > j and tokens[end].lower in _TRAILING:
        end -= 1
    return end


def _event_start(doc: Document, i: int, verbs: frozenset[str], back: int = 4) -> int | None:
    """The token of one of ``verbs`` up to ``back`` words before ``i`` in its sentence (the
    writer's "jag"/"vi" right before it included), or None."""
    tokens = doc.tokens
    first = doc.sentences[tokens[i].sentence][0]
    k = i - 1
    seen = 0
    while k >= first and seen < back:
        if tokens[k].lower in verbs:
            if k - 1 >= first and tokens[k - 1].lower in _WRITER:
                return k - 1
            return k
        if tokens[k].is_word:
            seen += 1
        elif tokens[k].text not in ('"', "”", "“"):
            return None
        k -= 1
    return None


def _named_events(doc: Document) -> Iterator[Candidate]:
    """``extra`` spans for named events (see the comment above); one candidate each, from the
    verb to the end of the event's phrase, so that it outweighs the names inside it."""
    tokens = doc.tokens
    n = len(tokens)
    words = Words.of(doc)
    if words.present.isdisjoint(_PEOPLE):
        return  # an essay about nobody the writer knows
    spans: list[tuple[int, int]] = []
    for i in words.where(_NAMED_EVENT_TRIGGERS):
        low = tokens[i].lower
        sent = tokens[i].sentence
        if low in _TITLE_NOUNS and i + 1 < n and tokens[i + 1].sentence == sent:
            nxt = tokens[i + 1]
            if nxt.text in _QUOTE_MARKS:
                # 'fick jag utmärkelsen "Årets X"', 'med rubriken "…"': the quoted title
                close = next((k for k in range(i + 2, min(n, i + 16))
                              if tokens[k].text in _QUOTE_MARKS), None)
                if close is None or close == i + 2 or tokens[close].sentence != sent:
                    continue
                start = i + 2 if low.startswith("rubrik") else (
                    _event_start(doc, i, _EVENT_START_VERBS) or i)
                spans.append((start, close - 1))
            elif nxt.lower == "som" and low != "rubriken" and i + 2 < n and (
                tokens[i + 2].is_title or tokens[i + 2].lower in ("årets", "bästa")
            ):
                # "vann vi priset som Årets företagare i X", "priset som Borås bästa företag"
                start = _event_start(doc, i, _EVENT_START_VERBS)
                if start is not None:
                    spans.append((start, _event_tail(doc, i + 2, 8)))
        elif low in _INTERVIEW_VERBS:
            # "intervjuades jag i lokalradion om mina studier"
            after = [t.lower for t in tokens[i + 1 : i + 5] if t.sentence == sent]
            if not _MEDIA_WORDS.isdisjoint(after) and (
                (after and after[0] in _WRITER)
                or (i > 0 and tokens[i - 1].lower in _WRITER)
            ):
                start = i - 1 if i > 0 and tokens[i - 1].lower in _WRITER else i
                spans.append((start, _event_tail(doc, i, 8)))
        elif low in ("plats", "platsen") and i >= 3 and tokens[i - 1].lower in _ORDINALS \
                and tokens[i - 2].lower == "på":
            # "kom på tredje plats i X": a place in a contest
            start = _event_start(doc, i - 2, _PLACE_VERBS, back=2)
            if start is not None:
                spans.append((start, _event_tail(doc, i, 6)))
    for w in words.ending(_PRIZE_COMPOUND_TAILS, 7):
        if w.startswith(_PRICE_HEADS) or w in _TITLE_NOUNS:
            continue
        for i in words.where((w,)):
            # "fick jag Ragunda kommuns civilkuragepris": a body's prize with its name
            start = _event_start(doc, i, _EVENT_START_VERBS, back=4)
            if start is not None and cx.sentence_words(doc, i) & _PEOPLE:
                # (not "Boken fick Augustpriset": a person of the essay wins it)
                end = i
                if i + 2 < n and tokens[i + 1].lower == "för" and \
                        tokens[i + 2].lower == "årets" and tokens[i + 2].sentence == \
                        tokens[i].sentence:
                    end = _event_tail(doc, i + 2, 3)  # "… pris för årets vårdinsats"
                spans.append((start, end))
    for w in words.ending(_TEAM_TAILS, 8):
        for i in words.where((w,)):
            # "spelade i Litauens U18-landslag i basket", "blev uttagen till X distriktslag"
            start = _event_start(doc, i, _TEAM_VERBS, back=4)
            if start is None:
                continue
            verb = start + 1 if tokens[start].lower in _WRITER else start
            if tokens[verb].lower in ("uttagen", "uttagna") and verb >= 1:
                k = verb - 1
                if tokens[k].lower in _WRITER and k >= 1:
                    k -= 1
                if tokens[k].lower in ("blev", "blivit", "bli", "var"):
                    start = k  # "blev jag uttagen till …"
            spans.append((start, _event_tail(doc, i, 8)))
    for a, b in spans:
        if b <= a and not (a == b and tokens[a].is_word):
            continue
        start, end = tokens[a].start, tokens[b].end
        yield Candidate(start, end, "extra", frozenset(), 0.9,
                        doc.text[start:end].lower(), source="markup")
