"""Context cues shared by the knowledge-based detectors (names, geo, institutions, mark-up).

Closed word lists only; everything here is a set look-up on ``Token.lower``. The cue words are
Swedish with the learner spellings met most often ("jobar", "studerat", "flytade").
"""

from __future__ import annotations

from pseudonymizer.document import Document, Token

# First-person and possessive cues: a sentence with one of these talks about the writer or
# their circle (seed 003 §4: "In Vietnam, we…").
FIRST_PERSON: frozenset[str] = frozenset(
    "jag mig mej min mitt mina vi oss vår vårt våra jätte-jag".split()
)
POSSESSIVES: frozenset[str] = frozenset(
    "min mitt mina din ditt dina hans hennes deras vår vårt våra er ert era sin sitt sina".split()
)

# Words after which the next capitalised word(s) are a person's name.
NAME_INTRO: frozenset[str] = frozenset(
    "heter hette heta heter: kallas kallades kallar namn namnet döpte döpt".split()
)
TITLES_MALE: frozenset[str] = frozenset("herr hr hr. mr mr. farbror morbror".split())
TITLES_FEMALE: frozenset[str] = frozenset("fru fröken frk frk. mrs mrs. ms ms. miss".split())
TITLES_NEUTRAL: frozenset[str] = frozenset(
    "doktor dr dr. professor prof prof. lärare läraren kollega kollegan chef chefen "
    "rektor rektorn grannen granne".split()
)

# Relatives and partners whose gender is fixed: "min bror Ali", "min fru Sara".
FAMILY_MALE: frozenset[str] = frozenset(
    "bror brodern brorsan pappa pappan far fadern son sonen farfar morfar farbror morbror "
    "man maken make pojkvän pojkvännen kille killen sambo-kille kusin-kille svåger "
    "brorson systerson morbrodern farbrodern make maken fästman lillebror lillebrodern "
    "storebror storebrodern halvbror kusinen-kille svärfar svärson styvpappa".split()
)
FAMILY_FEMALE: frozenset[str] = frozenset(
    "syster systern syrran mamma mamman mor modern dotter dottern farmor mormor faster "
    "moster fru frun maka makan flickvän flickvännen tjej tjejen svägerska brorsdotter "
    "systerdotter fästmö väninna väninnan lillasyster storasyster halvsyster svärmor "
    "svärdotter styvmamma".split()
)
PRONOUN_MALE: frozenset[str] = frozenset("han hans honom".split())
PRONOUN_FEMALE: frozenset[str] = frozenset("hon hennes henne".split())

# Place triggers: the word(s) right before a place name.
PLACE_PREPOSITIONS: frozenset[str] = frozenset(
    "i från fran till på norr söder öster väster".split()
)
PLACE_VERBS: frozenset[str] = frozenset(
    "bor bodde bott bo flyttade flytta flyttat flytade flyttar kommer kom kommit född födde "
    "föddes växte uppvuxen reste rest resa åkte åker åka besökte besöka besöker hälsade "
    "landade stannade stannat jobbar".split()
)
# Verbs whose "från X"/"i X" strongly suggests a home place abroad.
ORIGIN_VERBS: frozenset[str] = frozenset(
    "kommer kom kommit född föddes växte uppvuxen flydde flytt".split()
)

WORK_CUES: frozenset[str] = frozenset(
    "jobbar jobbade jobbat jobba jobbet jobb jobar jobade arbetar arbetade arbetat arbeta "
    "arbete arbetet anställd anställda anställning praktik praktiken praktiserar "
    "praktiserade praktiserat praktisera jobbplats arbetsplats arbetsplatsen kollegor "
    "kollegorna chef chefen sommarjobb extrajobb timanställd vikarie vikarierar arbetsdag "
    "arbetsdagen arbetsgivare arbetsgivaren arbetsplatsen arbetskamrat arbetskamraten "
    "arbetskamrater arbetskamraterna jobbarkompis jobbarkompisar praktikant praktikanter".split()
)
SCHOOL_CUES: frozenset[str] = frozenset(
    "studerar studerade studerat studera pluggar pluggade pluggat plugga läser läste läst "
    "läsa elev elever eleverna student studenter studenterna går gick gått börjar började "
    "börjat utbildning utbildningen kurs kursen klass klassen "
    "skola skolan studier studierna antagen antogs examen examina".split()
)


def sentence_words(doc: Document, index: int) -> set[str]:
    """Lower-cased words of the sentence of ``tokens[index]``."""
    first, last = doc.sentences[doc.tokens[index].sentence]
    return {t.lower for t in doc.tokens[first:last]}


def prev_words(doc: Document, index: int, n: int) -> list[str]:
    """Up to ``n`` lower-cased word tokens before ``index`` in its sentence, nearest first."""
    out: list[str] = []
    if n <= 0:
        return out
    tokens = doc.tokens
    first = doc.sentences[tokens[index].sentence][0]
    i = index - 1
    while i >= first:
        t = tokens[i]
        if t.is_word:
            out.append(t.lower)
            n -= 1  # (a count, not len(out), per word)
            if not n:
                break
        i -= 1
    return out


def prev_word(doc: Document, index: int) -> str:
    """The nearest lower-cased word token before ``index`` in its sentence, "" when none:
    ``prev_words(doc, index, 1)[0]`` without a list (a fast first test for the callers that
    look for a cue word right before)."""
    tokens = doc.tokens
    first = doc.sentences[tokens[index].sentence][0]
    i = index - 1
    while i >= first:
        t = tokens[i]
        if t.is_word:
            return t.lower
        i -= 1
    return ""


def is_sentence_initial(doc: Document, index: int) -> bool:
    """True for the first word of a sentence (also after an opening quote or dash)."""
    tokens = doc.tokens
    first = doc.sentences[tokens[index].sentence][0]
    i = index - 1
    while i >= first:
        t = tokens[i]
        if t.text in _OPENERS:
            return True  # after a colon or an opening quote: "Hon sa: "Man kan …""
        if t.is_word or t.is_digit:
            # An abbreviation-like word with a dot that may end the sentence ("… som min.").
            return t.text.endswith(".") and len(t.text) > 2 and not t.text[:-1].count(".")
        i -= 1
    return True


_OPENERS = frozenset(':"“”«»\'')


def name_word_before(doc: Document, index: int, covered: set[int] | frozenset[int]) -> bool:
    """True when the word before ``index`` is a capitalised word that begins the same name:
    not at a sentence start, not already taken (``covered``), not a place preposition
    ("Birger Jarlsgatan", "Sven Eriksonsgymnasiet"; not "I Jarlsgatan")."""
    if index <= 0:
        return False
    before = doc.tokens[index - 1]
    return (
        before.is_title
        and index - 1 not in covered
        and not is_sentence_initial(doc, index - 1)
        and before.lower not in PLACE_PREPOSITIONS
    )


def capitalised(token: Token) -> bool:
    """Title-case or an all-capitals word of two or more letters."""
    return token.is_title or (len(token.text) > 1 and token.text.isupper())


# Nouns that make a number before them a count ("Calle 19 år", "träffade Calle 3 gånger": a
# person and a count, not the street "Calle 19"); used by the street rules of names and geo.
COUNT_NOUNS = frozenset(
    "år gånger gång timmar timme dagar dag veckor månader minuter kr kronor st procent".split()
)
# Words before a river's name written apart from "å" ("längs Rönne å"); elsewhere "å" is a
# learner's "och" ("Anna å jag").
RIVER_SLOTS = frozenset("i vid längs över på mot till från nära utmed efter".split())
# Second words of newspapers named after their town or province ("Ekby Dagblad", "Ekby
# Tidning", "Ekbygdens Allehanda"): institutions reads no organisation there, profiles drops
# the town of a cited one.
NEWSPAPER_WORDS = frozenset(
    "dagblad dagbladet tidning tidningen tidningar allehanda kuriren posten nyheter "
    "korrespondenten".split()
)
