"""Demographic and confidential cues written in lower case: job titles, nationalities, education,
family roles, diagnoses, beliefs, sexual orientation, political leanings and crimes.

A word is classified once (cached) by the lexicon lists of resources/da/ with the inflection
endings Danish nouns and adjectives take ("depressionen", "muslimske", "lærerne"). The unit then
takes the extent DAB's annotators give such phrases:

- a role with the adjectives that narrow it ("trafikpolitiske ordfører", "professionel
  bodybuilder") and a royal or diplomatic role with its country ("dronning af Belgien");
- a nationality with the noun of origin after it ("indisk baggrund": ETHNIC), a relative with
  the adjective that singles them out ("ældste søn");
- a diagnosis with the body part ("blodprop i hjertet"), a crime with its degree ("grov
  kursmanipulation") and a prison sentence ("syv års ubetinget fængsel");
- education: degrees ("ph.d.", "MBA'en", "cand.jur."), education compounds ("læreruddannelsen",
  "hf-eksamen", "lærerseminarium") and a field of study after a study cue ("læste psykologi",
  "bachelorgrad i regnskab og økonomi").
"""

from __future__ import annotations

from functools import lru_cache

import regex

from pseudonymizer.dab.detectors.base import CAPITAL_RE, Tok, Unit
from pseudonymizer.dab.lexicon import DanishLexicon

# Role nouns that are also present-tense verbs ("han spiller", "hun leder") or ordinary nouns
# alone ("en guide", "følger"): only compounds count.
VERB_LIKE_ROLES = frozenset({"spiller", "leder", "kører", "træner", "arbejder", "rytter",
                             "handler", "maler", "elev", "medlem", "mester", "vært", "kvinde",
                             "model", "agent", "kandidat", "planlægger", "sælger", "følger",
                             "guide", "general", "officer",
                             # compound heads that alone are a man, a helper, a verb or an
                             # adjective ("han plejer at", "mager")
                             "mand", "hjælper", "fører", "mager", "plejer",
                             # athletes whose noun is also a verb ("hun svømmer", "han løber")
                             "svømmer", "løber", "bokser", "roer"})
# Verb-like roles whose definite form is the role, never a verb ("spilleren", "svømmeren",
# "lederne"; "manden", "føreren" are any man or driver)
DEFINITE_ROLES = frozenset({"spiller", "leder", "træner", "rytter", "svømmer", "løber",
                            "bokser", "roer", "sælger"})
DEFINITE_ROLE_ENDINGS = ("en", "ens", "ne", "nes", "erne")
JOB_ENDINGS = ("", "n", "en", "e", "ne", "er", "erne", "ere", "s", "ens", "ns", "nes", "inde",
               "inden", "r", "rne")  # "r", "rne": plurals of nouns in -e ("prinsesser")
INFLECTIONS = ("", "en", "et", "n", "t", "s", "ens", "ets", "ne", "e", "es", "ske")
# Adjectives that narrow a role down and belong to its unit ("administrerende direktør").
ROLE_MODIFIERS = frozenset({
    "professionel", "professionelle", "selvstændig", "selvstændige", "freelance",
    "administrerende", "konstitueret", "konstituerede", "senior", "junior", "assisterende",
    "ledende", "autoriseret", "autoriserede", "statsautoriseret", "statsautoriserede",
    "praktiserende", "uddannet", "uddannede", "vice", "faglært", "faglærte", "ufaglært",
    "ufaglærte", "pensioneret", "pensionerede", "arbejdsløs", "arbejdsløse", "ledig", "ledige",
    "frivillig", "frivillige", "ulønnet", "ulønnede"})
# Relational adjectives narrow a role or an education down ("trafikpolitiske ordfører",
# "boligsocial medarbejder", "pædagogisk assistentuddannelse").
RELATIONAL_ENDINGS = ("iske", "isk", "ial", "ale", "cial", "nal", "ral")
# What a diagnosis may take before it ("akut hjerteinfarkt", "kronisk bronkitis", "type 2-").
HEALTH_MODIFIERS = frozenset({
    "akut", "akutte", "kronisk", "kroniske", "svær", "svære", "alvorlig", "alvorlige", "let",
    "lette", "moderat", "moderate", "medfødt", "medfødte", "arvelig", "arvelige", "fremskreden",
    "fremskredne", "tiltagende", "insulinkrævende", "behandlingskrævende", "mistænkt",
    "mistanke", "begyndende", "diagnosticeret", "paranoid", "paranoide"})
# A measurement out of range is a diagnosis ("forhøjet blodtryk", "lavt stofskifte").
HEALTH_PHRASE_RE = regex.compile(
    r"(?<!\w)(?:forhøjet|forhøjede|højt|lavt|for\s+højt|for\s+lavt|nedsat|nedsatte)\s+"
    r"(?:blodtryk|kolesterol|kolesteroltal|blodsukker|stofskifte|nyrefunktion|hørelse|syn|"
    r"gangfunktion|funktionsevne|arbejdsevne|lungefunktion|hjertefunktion|førlighed|"
    r"bevægelighed|immunforsvar)(?!\w)"
    # lasting pains are a condition, not a passing symptom ("kroniske smerter i lænden")
    r"|(?<!\w)(?:kroniske|vedvarende|invaliderende)\s+(?:\p{Ll}+)?smerter(?!\w)"
    r"|(?<!\w)indre\s+blødning(?:er)?(?!\w)", regex.I)
BODY_TAIL_RE = regex.compile(r"[ \t]+(?:i|på)[ \t]+(?:begge[ \t]+)?(\p{Ll}+)")
TREATMENT_WORDS = frozenset({"behandling", "behandlingen", "behandlet", "behandles",
                             "sygdomsforløb", "forløb", "kur", "kuren"})
TREATMENT_ADJ_ENDINGS = ("sk", "ske", "igt", "ige", "ig", "ant", "ante")
# A broken or sprained body part ("brækket bækken", "brækkede ribben").
BROKEN_WORDS = frozenset({"brækket", "brækkede", "forstuvet", "forstuvede", "knust", "knuste",
                          "flækket", "forvredet", "forvredne"})
# A verb particle before an agent head makes a verb, not a role ("medfører", "udfører",
# "gennemfører"; "overfører"): the compound reading needs a noun before the head.
VERB_PARTICLES = ("med", "gennem", "ind", "ud", "over", "an", "på", "til", "bort", "frem", "for",
                  "om", "op", "ned", "af", "sammen", "efter", "hen", "igen", "fra", "under",
                  "mis", "be", "er", "for")
VERB_HEADS = frozenset({"fører", "hjælper", "mager", "plejer", "maler", "arbejder", "leder",
                        "kører", "spiller", "sælger", "handler", "træner"})
# A role noun in -er right after a subject pronoun is a present-tense verb ("han tjener
# 45.000 kr.", "hun maler hver dag"), not the occupation.
SUBJECT_PRONOUNS = frozenset({"jeg", "du", "han", "hun", "vi", "de", "man"})
COPULAS = frozenset({"er", "var", "blev", "bliver", "være", "været"})
# "arbejdet som sælger", "job som træner": after a work cue and "som" a verb-like role noun
# (VERB_LIKE_ROLES) is the occupation itself.
WORK_CUES = frozenset({"arbejder", "arbejdede", "arbejdet", "arbejde", "job", "ansat",
                       "ansættelse", "stilling", "uddannet", "uddannelse", "startede",
                       "begyndte", "fungerer", "fungerede", "virker", "virkede"})
BELIEF_HEADS = ("muslim", "kristen", "katolik", "buddhist", "hindu", "jøde", "ateist")
# Words that are a relative only after a possessive ("min mand", "vores to drenge").
POSSESSED_RELATIVES = frozenset({"mand", "manden", "drenge", "piger", "dreng", "pige", "unger",
                                 "drengene", "pigerne",
                                 "faster", "fastre"})  # "faster" is also the verb "fasts"
POSSESSIVES = frozenset({"min", "mine", "din", "dine", "hans", "hendes", "sin", "sine", "vores",
                         "jeres", "deres"})
SMOKER_WORDS = frozenset({"ryger", "storryger", "ikke-ryger", "ikkeryger", "eksryger",
                          "ex-ryger", "rygere"})
# The field a degree or an education is in: "cand.mag. i nordisk sprog og litteratur",
# "akademiuddannelse i ledelse" (lower-case words up to a preposition or a clause).
FIELD_STOP = (r"(?:fra|på|ved|hos|i|som|der|med|til|for|efter|under|og|eller|men|at|da|han|hun|"
              r"jeg|foruden|samt|hvor|hvorefter|inden|før|siden|blev|har|havde|er|var)")
FIELD_RE = regex.compile(
    rf"[ \t]+i[ \t]+(?!{FIELD_STOP}\b)\p{{Ll}}[\p{{L}}-]*"
    rf"(?:(?:[ \t]+og|,)?[ \t]+(?!{FIELD_STOP}\b)\p{{Ll}}[\p{{L}}-]*){{0,3}}(?=[ \t]*[,.;:!?)\n]"
    rf"|[ \t]+{FIELD_STOP}\b)")
# "Indenrigs- og sundhedsministeren": a truncated compound joined to the unit it shares a head with.
TRUNCATED_RE = regex.compile(r"(?<!\w)\p{L}[\p{L}]*-[ \t]+(?:og|eller)[ \t]+$")
# Roles that go with a country ("dronning af Belgien", "ambassadør i Tyskland").
COUNTRY_ROLES = frozenset({
    "dronning", "dronningen", "konge", "kongen", "kong", "prins", "prinsen", "prinsesse",
    "prinsessen", "kronprins", "kronprinsen", "kronprinsesse", "kronprinsessen", "tronfølger",
    "tronfølgeren", "tronarving", "tronarvingen", "hertug", "hertuginde", "greve", "grevinde",
    "kejser", "kejserinde", "storhertug", "fyrste", "ambassadør", "ambassadøren", "konsul"})
# Adjectives that single out one relative ("ældste søn", "lille datter", "afdøde mand").
FAMILY_MODIFIERS = frozenset({"ældste", "yngste", "eneste", "lille", "store", "afdøde",
                              "tidligere", "nuværende", "biologiske", "tvillinge",
                              # civil status: "enlig mor til tre børn", "enlige fædre"
                              "enlig", "enlige"})
# Relatives counted ("tre børn", "to sønner"): how many children someone has is a cue.
COUNTED_RELATIVES = frozenset({"børn", "sønner", "døtre", "børnebørn", "søskende", "brødre",
                               "søstre", "oldebørn"})
# Parents counted by their children ("far til to", "mor til tre børn").
PARENTS = frozenset({"mor", "far", "forælder", "mormor", "morfar", "farmor", "farfar",
                     "bedstemor", "bedstefar", "oldemor", "oldefar"})
# Adjectives between a number and the relatives counted ("tre voksne børn").
COUNT_ADJECTIVES = frozenset({"voksne", "små", "mindre", "store", "hjemmeboende", "udeboende",
                              "mindreårige", "halvvoksne", "fælles", "biologiske", "yngre",
                              "ældre"})
# Ordinals before a deputy's title ("Første næstformand", "2. viceformand").
ORDINALS = frozenset({"første", "anden", "andet", "tredje", "fjerde", "femte", "1.", "2.",
                      "3.", "4."})
DEPUTIES = ("næstformand", "viceformand", "vicepræsident", "næstforman")
ORIGIN_NOUNS = frozenset({"baggrund", "afstamning", "oprindelse", "herkomst", "rødder"})
BODY_PARTS = frozenset({
    "hjertet", "hjernen", "hovedet", "lungerne", "lungen", "brystet", "ryggen", "nakken",
    "knæet", "hoften", "leveren", "nyrerne", "nyren", "tarmen", "tyktarmen", "maven", "benet",
    "benene", "armen", "øjet", "øjnene", "øret", "ørerne", "halsen", "skulderen", "foden",
    "hånden", "huden", "blodet", "bugspytkirtlen", "prostata", "æggestokkene", "livmoderen"})
# Heads that make a health compound with a body part ("hofteoperation", "knæskade",
# "kravebensbrud") and, as a phrase, with a body part after "på"/"i" ("brud på bækkenet",
# "skade i knæet"); alone they are ordinary words ("brud", "skade"). Pains are symptoms, not
# diagnoses ("brystsmerter"): not here.
INJURY_HEADS = ("operationerne", "operationer", "operationen", "operation", "bruddet", "brud",
                "skaderne", "skader", "skaden", "skade", "læsion",
                "protese", "udskiftning")
INJURY_PHRASE_HEADS = frozenset({"brud", "skade", "skader", "operation"})
CRIME_DEGREE = frozenset({"grov", "groft", "grove", "særligt", "særlig", "gentagen",
                          "gentagne", "forsøg", "forsøgt"})
# Ordinary words that split like a role compound ("billeder": "bil" + "leder").
NOT_ROLE_STARTS = ("billede",)
# Words in -isme that name a mechanism, a trade or a condition, no current of thought or
# conviction (compound heads too: "kontrolmekanisme", "masseturisme").
NOT_ISMS = ("mekanisme", "mekanismen", "organisme", "organismen", "turisme", "turismen",
            "metabolisme", "metabolismen", "magnetisme", "magnetismen", "eufemisme",
            "eufemismen", "anakronisme", "anakronismen", "aforisme", "aforismen", "journalisme",
            "journalismen", "alkoholisme", "alkoholismen", "reumatisme", "reumatismen",
            "autisme", "autismen", "dualisme", "dualismen", "prisme", "prismen")
# Words after which a field of study is education ("læste psykologi", "ph.d. i fysik").
STUDY_CUES = frozenset({
    "læste", "læser", "læse", "studerede", "studerer", "studere", "studium", "studiet",
    "studie", "uddannet", "uddannede", "uddannelse", "uddannelsen", "grad", "bachelorgrad",
    "kandidatgrad", "mastergrad", "doktorgrad", "eksamen", "kandidateksamen", "bachelor",
    "kandidat", "master", "underviser", "underviste", "undervise", "lektor", "professor",
    "docent", "adjunkt", "d", "mba", "hd"})
SUBJECT_PRONOUNS = frozenset({"han", "hun", "de", "jeg", "vi", "du", "man"})
EDUCATION_ENDINGS = ("uddannelse", "uddannelsen", "uddannelser", "eksamen", "eksamener",
                     "seminarium", "seminariet")
# A licence one trains for, only as a compound head ("truckcertifikat", "kranførercertifikatet";
# "certifikater" alone is any document).
CERTIFICATE_ENDINGS = ("certifikat", "certifikatet", "certifikater")
DEGREE_RE = regex.compile(
    r"(?<![\w.])(?:ph\.\s?d\.(?:-grad(?:en)?|['’]en|-studerende)?|[Pp]h\.[Dd]\."
    r"|MBA(?:['’]en)?|cand\.\s?[a-zæøå]+\.(?:[a-zæøå]+\.)?|mag\.\s?art\.|lic\.\s?[a-zæøå]+\.)"
    r"(?!\w)")


class DemographicDetector:
    """Lower-case demographic cues (``find(text, toks)``)."""

    def __init__(self, lex: DanishLexicon) -> None:
        self.lex = lex
        numw = "|".join(sorted(lex.number_words - {"en", "et"}, key=len, reverse=True))
        self.sentence_re = regex.compile(
            rf"(?<!\w)(?:\d{{1,2}}|{numw})(?:\s+og\s+en\s+halv)?\s+(?:års|måneders|ugers|dages)"
            r"\s+(?:(?:ubetinget|betinget|delvist\s+betinget)\s+)?"
            r"(?:fængsel|fængselsstraf|ungdomsfængsel|hæfte|forvaring)(?!\w)", regex.I)

    def find(self, text: str, toks: list[Tok]) -> list[Unit]:
        """Lower-case cues: job titles, nationalities, diagnoses, beliefs, family roles,
        education and crimes, each with the extent of its phrase."""
        lex = self.lex
        out: list[Unit] = []
        n = len(toks)
        for k, t in enumerate(toks):
            w = t.text
            if not w[0].isalpha() and not ("-" in w and w.rsplit("-", 1)[1].isalpha()):
                continue  # a number, unless it heads a compound ("type 2-diabetes")
            low = w.lower()
            if CAPITAL_RE.match(w) and not t.sent_start and low not in lex.nationalities \
                    and not w.isupper():
                continue  # a capitalised word is a name; all capitals may be "ADHD", "CEO"
            if CAPITAL_RE.match(w) and not t.sent_start and k + 1 < n \
                    and _adjacent(t, toks[k + 1]) and CAPITAL_RE.match(toks[k + 1].text) \
                    and not w.isupper():
                continue  # "Fynsk Mejerikompagni": a capitalised adjective opens a name
            if low in SMOKER_WORDS and k > 0 and toks[k - 1].text.lower() in {
                    "er", "var", "blev", "tidligere", "daglig", "storryger", "som"}:
                out.append(Unit(t.start, t.end, "DEM", "QUASI", score=0.6, key=low,
                                source="health"))  # "Patienten er ryger"
                continue
            if low in BROKEN_WORDS and k + 1 < n and _adjacent(t, toks[k + 1]) \
                    and toks[k + 1].text.islower() and (
                        toks[k + 1].text in self.lex.body_parts
                        or self._body_part(toks[k + 1].text)):
                out.append(Unit(t.start, toks[k + 1].end, "DEM", "QUASI", confidential="HEALTH",
                                score=0.7, key=low, source="health"))  # "brækket bækken"
                continue
            if low in TREATMENT_WORDS and k + 2 < n and toks[k + 1].text == "med" \
                    and _adjacent(t, toks[k + 1]) and _adjacent(toks[k + 1], toks[k + 2]) \
                    and self._word_cue(toks[k + 2].text.lower())[1] == "health":
                # "medicinsk behandling med lithium": a treatment with what it treats with
                start = t.start
                if k > 0 and _adjacent(toks[k - 1], t) and toks[k - 1].text.islower() \
                        and toks[k - 1].text.endswith(TREATMENT_ADJ_ENDINGS):
                    start = toks[k - 1].start  # "medicinsk behandling", "langvarigt forløb"
                out.append(Unit(start, toks[k + 2].end, "DEM", "QUASI", confidential="HEALTH",
                                score=0.65, key=low, source="health"))
                continue
            if low in INJURY_PHRASE_HEADS and k + 2 < n and toks[k + 1].text in ("på", "i") \
                    and self._body_part(toks[k + 2].text.lower()):
                out.append(Unit(t.start, toks[k + 2].end, "DEM", "QUASI", confidential="HEALTH",
                                score=0.7, key=low, source="health"))  # "brud på bækkenet"
                continue
            conf, source = self._word_cue(low)
            if source == "job" and low.endswith("er") and k > 0 \
                    and toks[k - 1].text.lower() in SUBJECT_PRONOUNS \
                    and not (k > 1 and toks[k - 2].text.lower() in COPULAS):
                continue  # "han tjener godt": the verb ("var hun medstifter": the role)
            if not source and low in VERB_LIKE_ROLES and k > 1:
                j = k - 1
                if toks[j].text in ROLE_MODIFIERS and j > 1:
                    j -= 1  # "begyndte som frivillig træner"
                if toks[j].text == "som" and toks[j - 1].text.lower() in WORK_CUES:
                    source = "job"  # "har arbejdet som sælger"
            if not source and low in POSSESSED_RELATIVES and k > 0 and _adjacent(toks[k - 1], t):
                j = k - 1
                if toks[j].text.isdigit() or toks[j].text.lower() in lex.number_words:
                    j -= 1  # "vores to drenge"
                if j >= 0 and (toks[j].text.lower() in POSSESSIVES
                               or (j == k - 1 and self._relative_genitive(toks[j].text))):
                    conf, source = None, "family"  # "min mand", "min søsters mand"
            if source in ("", "nationality") and low in lex.subjects \
                    and self._after_study_cue(toks, k):
                conf, source = None, "education"  # "læste psykologi", "underviser i dansk"
            if not source:
                continue
            score = 0.35 if source in ("family", "ism") else 0.6 if conf else 0.5
            label = "MISC" if source in ("crime", "ism") else "DEM"
            # The country's own nationality is shared by most people written about.
            idt = "NO_MASK" if source == "nationality" and low.startswith("dansk") \
                and "-" not in low else "QUASI"
            start, end = t.start, t.end
            if source == "job":
                start = self._role_start(toks, k)
                if start == t.start and k > 0 and _adjacent(toks[k - 1], t) \
                        and toks[k - 1].text.lower() in ORDINALS and low.startswith(DEPUTIES):
                    start = toks[k - 1].start  # "Første næstformand", "2. viceformand"
                trunc = TRUNCATED_RE.search(text, max(0, start - 40), start)
                if trunc:
                    start, score = trunc.start(), 0.8
                if low in COUNTRY_ROLES:
                    end = self._country_end(toks, k, end)
                    if end > t.end:
                        score = 0.6  # over the country's own unit
            elif source == "nationality" and k + 1 < n and toks[k + 1].text in ORIGIN_NOUNS \
                    and _adjacent(toks[k], toks[k + 1]):
                end, conf, idt = toks[k + 1].end, "ETHNIC", "QUASI"  # "indisk baggrund"
            elif source == "health":
                if k + 2 < n and toks[k + 1].text == "i" and toks[k + 2].text in BODY_PARTS:
                    end = toks[k + 2].end  # "blodprop i hjertet"
                elif k + 2 < n and toks[k + 1].text == "med" and _adjacent(t, toks[k + 1]) \
                        and _adjacent(toks[k + 1], toks[k + 2]) \
                        and self._word_cue(toks[k + 2].text.lower())[1] == "health":
                    end, score = toks[k + 2].end, 0.65  # "forgiftning med paracetamol"
                j = k - 1
                if "-" in w and j >= 0 and toks[j].text.lower() == "type":
                    start = toks[j].start  # "type 2-diabetes"
                elif j >= 0 and toks[j].text.lower() in HEALTH_MODIFIERS \
                        and _adjacent(toks[j], t):
                    start = toks[j].start  # "akut hjerteinfarkt"
                elif j >= 0 and _adjacent(toks[j], t) and toks[j].text[:1].islower() \
                        and self._word_cue(toks[j].text.lower())[1] == "health":
                    start = toks[j].start  # "bipolar lidelse": a health word before its head
                elif j >= 1 and _adjacent(toks[j], t) and _adjacent(toks[j - 1], toks[j]) \
                        and toks[j].text.islower() and toks[j].text.endswith(
                            ("iv", "ive", "isk", "iske", "ig", "ige", "el", "elle")) \
                        and self._word_cue(toks[j - 1].text.lower())[1] == "health":
                    start = toks[j - 1].start  # "bipolar affektiv sindslidelse"
            elif source == "ism" and k > 0 and _adjacent(toks[k - 1], t) \
                    and toks[k - 1].text.islower() and len(toks[k - 1].text) >= 5 \
                    and toks[k - 1].text.endswith(("isk", "iske")):
                start = toks[k - 1].start  # "magisk realisme", "politisk liberalisme"
            elif source == "crime" and k > 0 and toks[k - 1].text.lower() in CRIME_DEGREE:
                start = toks[k - 1].start
                if k > 1 and toks[k - 2].text.lower() in {"særlig", "særligt"}:
                    start = toks[k - 2].start  # "særlig grov vold"
            elif source == "family" and k > 0 and not low.endswith("s") \
                    and self._relative_genitive(toks[k - 1].text) and _adjacent(toks[k - 1], t):
                # "sine børns mor", "min søsters mand": a relation through another relative,
                # with the possessive that anchors it, is one unit
                start, score = toks[k - 1].start, 0.5
                if k > 1 and toks[k - 2].text.lower() in POSSESSIVES \
                        and _adjacent(toks[k - 2], toks[k - 1]):
                    start = toks[k - 2].start
            elif source == "family" and low in PARENTS and k + 2 < n \
                    and not (toks[k - 1].text in FAMILY_MODIFIERS and _adjacent(toks[k - 1], t)) \
                    and toks[k + 1].text == "til" and (toks[k + 2].text.isdigit() or toks[
                        k + 2].text in lex.number_words) and toks[k + 2].text not in ("en", "et") \
                    and _adjacent(t, toks[k + 1]) and _adjacent(toks[k + 1], toks[k + 2]):
                # "far til to", "mor til tre børn": a bare parent word says little without its
                # count ("enlig mor" does, and stays alone)
                end, score = toks[k + 2].end, 0.5
                if k + 3 < n and toks[k + 3].text in COUNTED_RELATIVES \
                        and _adjacent(toks[k + 2], toks[k + 3]):
                    end = toks[k + 3].end
            elif source == "family" and low in COUNTED_RELATIVES and k > 1 \
                    and toks[k - 1].text in COUNT_ADJECTIVES and _adjacent(toks[k - 1], t) \
                    and (toks[k - 2].text.isdigit() or toks[k - 2].text in lex.number_words) \
                    and toks[k - 2].text not in ("en", "et") \
                    and _adjacent(toks[k - 2], toks[k - 1]):
                start, score = toks[k - 2].start, 0.5  # "tre voksne børn", "fire små søskende"
            elif source == "family" and k > 0 and (
                    toks[k - 1].text in FAMILY_MODIFIERS
                    or (low in COUNTED_RELATIVES and (toks[k - 1].text.isdigit()
                                                     or toks[k - 1].text in lex.number_words))) \
                    and _adjacent(toks[k - 1], t):
                start = toks[k - 1].start  # "ældste søn", "lille datter", "tre børn"
            elif source == "education" and low in lex.subjects:
                end = self._subjects_end(toks, k)
                score = 0.55
            elif source == "education":
                start = self._role_start(toks, k)  # "pædagogisk assistentuddannelse"
                trunc = TRUNCATED_RE.search(text, max(0, start - 40), start)
                if trunc:
                    start = trunc.start()
                field = FIELD_RE.match(text, end)
                if field:
                    end, score = field.end(), 0.72  # over the subject's own unit
            if source == "job" and low in ("læge", "lægen") and k > 0 \
                    and toks[k - 1].text.lower() == "egen":
                idt = "NO_MASK"  # "egen læge": everyone's general practitioner
            out.append(Unit(start, end, label, idt, confidential=conf, score=score,
                            key=low, source=source))
        for m in DEGREE_RE.finditer(text):
            field = FIELD_RE.match(text, m.end())
            end = field.end() if field else m.end()
            out.append(Unit(m.start(), end, "DEM", "QUASI", score=0.72 if field else 0.7,
                            key=m.group().lower(), source="education"))
        for m in HEALTH_PHRASE_RE.finditer(text):
            end = m.end()
            tail = BODY_TAIL_RE.match(text, end)
            if tail and m.group().lower().endswith("smerter") \
                    and self._body_part(tail.group(1).lower()):
                end = tail.end()  # "kroniske smerter i lænden"
            out.append(Unit(m.start(), end, "DEM", "QUASI", confidential="HEALTH", score=0.7,
                            key=m.group().lower(), source="health"))
        if "fængsel" in text or "hæfte" in text or "forvaring" in text:
            for m in self.sentence_re.finditer(text):
                out.append(Unit(m.start(), m.end(), "MISC", "QUASI", score=0.7,
                                key=m.group().lower(), source="crime"))
        return out

    @staticmethod
    def _role_start(toks: list[Tok], k: int) -> int:
        """"trafikpolitiske ordfører", "politiske analytiker", "administrerende direktør": a
        relational adjective or a role modifier narrows the role down and belongs to the unit."""
        start = toks[k].start
        j = k - 1
        while j >= 0 and _adjacent(toks[j], toks[j + 1]):
            word = toks[j].text
            if not (word.islower() and (word in ROLE_MODIFIERS or (
                    len(word) >= 5 and word.endswith(RELATIONAL_ENDINGS)))):
                break
            start = toks[j].start
            j -= 1
        return start

    def _country_end(self, toks: list[Tok], k: int, end: int) -> int:
        """"dronning af Belgien", "ambassadør i Tyskland": the country belongs to the role."""
        if k + 2 < len(toks) and toks[k + 1].text in {"af", "i"} \
                and CAPITAL_RE.match(toks[k + 2].text) \
                and toks[k + 2].text.lower() in self.lex.countries \
                and _adjacent(toks[k], toks[k + 1]) and _adjacent(toks[k + 1], toks[k + 2]):
            return toks[k + 2].end
        return end

    @staticmethod
    def _after_study_cue(toks: list[Tok], k: int) -> bool:
        """A study verb or degree right before ("læste jura") or before "i" ("ph.d. i fysik")."""
        j = k - 1
        if j >= 0 and toks[j].text == "i":
            j -= 1
        if j >= 0 and toks[j].text.lower() in SUBJECT_PRONOUNS:
            j -= 1  # "studerede hun jura": the subject after the verb
        while j >= 0 and toks[j].text == ".":
            j -= 1  # "ph.d. i", "cand.mag. i"
        if j < 0:
            return False
        prev = toks[j].text.lower()
        return prev in STUDY_CUES or prev.endswith(("grad", "eksamen", "uddannelse"))

    def _subjects_end(self, toks: list[Tok], k: int) -> int:
        """"regnskab og økonomi", "matematik, fysik og kemi": coordinated fields of study."""
        end = toks[k].end
        j = k + 1
        while j + 1 < len(toks) and toks[j].text in {",", "og"} \
                and toks[j + 1].text.lower() in self.lex.subjects:
            end = toks[j + 1].end
            j += 2
        return end

    def _word_cue(self, low: str) -> tuple[str | None, str]:
        """(confidential category, cue kind) of a lower-case word; ("", "") when it is none."""
        return _word_cue_cached(self, low)

    def _classify_word(self, low: str) -> tuple[str | None, str]:
        lex = self.lex
        # inflected forms of a listed noun or adjective ("depressionen", "muslimske")
        forms = tuple(low[: len(low) - len(e)] for e in INFLECTIONS
                      if low.endswith(e) and len(low) - len(e) >= 3)
        if any(f in lex.health for f in forms) or low.endswith(
                ("kræft", "sygdom", "syge", "betændelse", "prolaps", "infarkt", "lidelse",
                 "forstyrrelse", "svigt", "gigt", "misbrug", "misbruget", "misbruger",
                 "misbrugere")) and not low.endswith("omsorgssvigt") \
                or low.startswith("misbrugsproble"):  # "cannabismisbrug", "misbrugsproblemer"
            return "HEALTH", "health"
        if self._body_compound(low):
            return "HEALTH", "health"  # "hofteoperation", "knæskade"
        if "-" in low:
            head = low.rsplit("-", 1)[1]  # "type 2-diabetes", "covid-19" is listed whole
            if len(head) >= 4 and head in lex.health:
                return "HEALTH", "health"
        believers = forms + tuple(low[: len(low) - len(e)] for e in ("er", "erne")
                                  if low.endswith(e) and len(low) > len(e) + 3)
        if any(f in lex.belief or (len(f) > 7 and any(f.endswith(b) for b in BELIEF_HEADS))
               for f in believers):  # "sunnimuslim", "sunnimuslimer"
            return "BELIEF", "belief"
        if any(f in lex.sex for f in forms):
            return "SEX", "sex"
        if any(f in lex.politics for f in forms):
            return "POLITICS", "politics"
        if low in lex.crime:
            return None, "crime"
        if low in lex.education or (low.endswith(EDUCATION_ENDINGS)
                                    and low not in {"eksamen", "eksamener"}) \
                or (low.endswith(CERTIFICATE_ENDINGS) and not low.startswith("certifikat")):
            return None, "education"
        if low.endswith(("isme", "ismen")) and len(low) >= 8 \
                and not low.endswith(NOT_ISMS):
            # a current of thought or a conviction ("eksistentialismen", "socialisme")
            stem = low[: low.rindex("isme")]
            if stem + "ist" in lex.politics or stem + "istisk" in lex.politics:
                return "POLITICS", "politics"
            return None, "ism"
        if self._nationality(low):
            return None, "nationality"
        if self._job(low):
            return None, "job"
        if low in lex.family or (low.endswith("s") and low[:-1] in lex.family):
            return None, "family"
        return None, ""

    def _relative_genitive(self, word: str) -> bool:
        """"børns", "søsters", "mors": a listed relative in the genitive."""
        return word.islower() and len(word) > 3 and word.endswith("s") \
            and word[:-1] in self.lex.family

    def _body_compound(self, low: str) -> bool:
        """A body part joined to an injury or operation head ("knæoperation",
        "kravebensbrud"), with or without the linking "s"."""
        parts = self.lex.body_parts
        for head in INJURY_HEADS:
            if low.endswith(head) and len(low) > len(head) + 1:
                stem = low[: len(low) - len(head)]
                if stem in parts or (stem.endswith(("s", "e")) and stem[:-1] in parts):
                    return True
        return False

    def _body_part(self, low: str) -> bool:
        """A body part in its definite form ("bækkenet", "ryggen", "anklen", "armene")."""
        if low in BODY_PARTS:
            return True
        parts = self.lex.body_parts
        for suf in ("erne", "ene", "et", "en", "ne", "n"):
            if low.endswith(suf):
                stem = low[: len(low) - len(suf)]
                if stem in parts or (len(stem) > 2 and stem[-1] == stem[-2]
                                     and stem[:-1] in parts) \
                        or (stem + "e") in parts or (stem[:-1] + "el") in parts:
                    return True
        return False

    def _nationality(self, low: str) -> bool:
        if "-" in low:  # "dansk-somalisk", "tyrkisk-kurdisk"
            parts = low.split("-")
            return len(parts) == 2 and all(len(p) >= 4 and self._nationality(p) for p in parts)
        for ending in ("", "e", "en", "n", "ns", "ne", "ere", "erne", "es", "s"):
            if low.endswith(ending) and low[: len(low) - len(ending)] in self.lex.nationalities:
                return True
        return False

    def _job(self, low: str) -> bool:
        lex = self.lex
        if low.startswith(NOT_ROLE_STARTS):
            return False  # "billeder" is pictures, no "bil-leder"
        # only the endings of nouns for people ("lærer", "læreren", "lærere", "lærerne"): a free
        # cut made "økonomiske" an "økonom" and "kongelige" a "konge"
        for ending in JOB_ENDINGS:
            if low.endswith(ending) and low[: len(low) - len(ending)] in lex.jobs:
                return True
        for ending in JOB_ENDINGS:
            stem = low[: len(low) - len(ending)]
            if low.endswith(ending) and stem in lex.job_suffixes and (
                    stem not in VERB_LIKE_ROLES
                    or (stem in DEFINITE_ROLES and ending in DEFINITE_ROLE_ENDINGS)):
                return True  # "analytiker", "journalisten", "svømmeren"
        for child in ("søn", "sønnen", "datter", "datteren"):
            # "fiskersøn", "præstedatter": a child named by a parent's trade
            parent = low[: len(low) - len(child)].rstrip("s")
            if low.endswith(child) and len(parent) >= 3 and (
                    parent in lex.jobs or (parent.endswith("e") and parent[:-1] in lex.jobs)):
                return True
        for post in ("sposten", "posten", "sposter", "poster"):
            # "formandsposten", "ministerposten": the position of a role
            if low.endswith(post) and len(low) > len(post) + 3 \
                    and self._job(low[: len(low) - len(post)]):
                return True
        if "-" in low:
            # "tv-vært", "TV 2-nyhedsvært": the part after the hyphen names the role
            head = low.rsplit("-", 1)[1]
            return len(head) >= 3 and (self._job(head) or any(
                head.endswith(e) and head[: len(head) - len(e)] in lex.job_suffixes
                for e in JOB_ENDINGS))
        if len(low) < 8:
            return False
        for suf in lex.job_suffixes:
            for ending in JOB_ENDINGS:
                # a compound: at least three letters before the role ("byplanlægger": two
                # letters before a long role word)
                rest = len(low) - len(suf) - len(ending)
                if low.endswith(suf + ending) and (rest >= 3 or (rest == 2 and len(suf) >= 8)):
                    if suf in VERB_HEADS and low[:rest] in VERB_PARTICLES:
                        continue  # "medfører", "udarbejder", "overfører"
                    return True
        return False


def _adjacent(a: Tok, b: Tok) -> bool:
    """Two tokens separated by at most one character (a space)."""
    return b.start - a.end <= 1


@lru_cache(maxsize=65536)
def _word_cue_cached(detector: DemographicDetector, low: str) -> tuple[str | None, str]:
    # Words repeat across texts; the classification depends only on the (immutable) lexicon.
    return detector._classify_word(low)
