"""Personal names (guideline §3.1): first names by gender, surnames, middle names, initials.

Evidence, strongest first:

* a name cue before the word: ``heter``/``hette``/``kallas``, a title (``herr``, ``fru``), a
  relative (``min bror Ali``, ``min fru Sara``) — then even an unknown word is a name;
* the gazetteer (first names with male/female frequencies, surnames), matched on normalized
  tokens so ``anna``, ``Ánna`` and ``Annas`` (genitive → flag ``gen``) are found;
* capitalisation inside a sentence (the first word of a sentence proves nothing);
* for a word no list knows and that is no Swedish word: a slot only a person fills (the
  subject before a finite verb, "Igår kom X", "träffade X", "pratade med X", "hemma hos X",
  "jag och X"), or a list or coordination with a name ("Farzana och X");
* a misspelling of a listed name (one or two edits, only for capitalised words that are neither
  in the Swedish vocabulary nor in any list).

A listed name that is also a common Swedish word (``hans``, ``bo``, ``björn``, ``rosa``, ``per``)
needs a cue or a capital letter inside the sentence. Runs of capitalised name words become
first name, middle name(s) and surname (``Anna Maria Svensson``); a single capital letter next
to a name is an initial; a man's name after a woman's first name is her father's name, a
surname (``Akberet Kiflom``), and so is a surname-only word inside a three-word name
(``Marisela Zúñiga Ramírez``). Gender comes from the list when one gender dominates, otherwise
from the context (``min bror``, ``mina söner X och Y``, ``en kvinna som heter``, ``En kvinna
från Laos, X,``, ``Min dotter, född i mars, heter X``, a Slavic surname or patronymic such as
``Bekova``/``Petrovna``, for the writer's own name what the writer says of themselves: ``min
man``, ``jag är mamma`` — above any list; ``han``/``hon`` after the name), then the name's
ending; a listed unisex name stays ``firstname_unknown``, an unlisted one without any clue is
read as a man's. In a letter, an addressee or signer with no firm gender of their own takes
the other's (they are mostly of one gender), and a later mention's firm clue also decides
for the earlier mentions; a second spelling of a name (one inner letter) takes the first's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from pseudonymizer.detectors import context as cx
from pseudonymizer.detectors.common import Words
from pseudonymizer.detectors.name_gender import (
    MAN_BEFORE,
    MAN_KIN,
    FOREIGN_TITLES_FEMALE,
    FOREIGN_TITLES_MALE,
    MASCULINE_ADJECTIVES,
    WOMAN_BEFORE,
    WOMAN_KIN,
    model_for,
    naming_object_gender,
    name_genders,
)
from pseudonymizer.document import Candidate, Document, Token
from pseudonymizer.gazetteer import Entry, Gazetteer, resources_dir
from pseudonymizer.tokenize import normalize

__all__ = ["NameDetector"]

_FIRST = "first"
_SUR = "sur"
Words.track(cx.NAME_INTRO)  # names are looked for after these words
# Trigger words of the loops that visit only the words near them (see their comments).
_LIST_JOINERS = Words.track({"och", ","})
_AND_WORDS = Words.track({"och", "&"})
_POSSESSIVES = Words.track(cx.POSSESSIVES)
_WRITER_CUES = Words.track({"min", "mitt", "är", "blev"})
_ADDRESSEE_CUES = Words.track({"din"})


def _vehicle_makes() -> frozenset[str]:
    """The makes of resources/vehicle_makes.tsv (curated/vehicle_makes.txt), lower-cased."""
    try:
        lines = (resources_dir() / "vehicle_makes.tsv").read_text(encoding="utf-8").splitlines()
    except (OSError, RuntimeError):
        return frozenset()
    rows = [line.split("\t")[0] for line in lines if line and not line.startswith("#")]
    return frozenset(r.lower() for r in rows[1:])  # (the first row is the column header)


# "en gammal Mercedes", "min Ford", "kör Mazda": a vehicle make is no person without a person
# cue ("heter Mercedes", "min kompis Mercedes", "herr Ford").
VEHICLE_MAKES = Words.track(_vehicle_makes())
_PERSON_CUES = frozenset(("intro", "family", "sign", "title"))
# Words right before a make that make it a vehicle ("en Mercedes", "kör Mercedes", "min gamla
# Mercedes"), and words near it that speak of vehicles ("bilen", "körde").
VEHICLE_BEFORE = frozenset(
    "en ett min mitt sin sitt din ditt hans hennes vår deras gammal gamla ny nya begagnad "
    "begagnade röd röda vit vita svart svarta blå kör körde köra kört köpte köper köpt sålde "
    "säljer äger ägde hyrde hyr med".split()
)
_VEHICLE_WORDS = frozenset(
    "bil bilen bilar bilarna kör körde köra kört körkort motor motorn modell modellen "
    "märke märket lastbil lastbilen taxi bilverkstad".split()
)


def _vehicle_context(doc: Document, i: int) -> bool:
    """A make at ``i`` names a vehicle: a vehicle's word right before it or near it."""
    tokens = doc.tokens
    if i > 0 and tokens[i - 1].lower in VEHICLE_BEFORE:
        return True
    sentence = tokens[i].sentence
    return any(t.lower in _VEHICLE_WORDS for t in tokens[max(0, i - 6) : i + 7]
               if t.sentence == sentence)


class NameDetector:
    """Detects ``firstname_*``, ``surname``, ``middlename`` and ``initials``."""

    name = "names"
    labels = (
        "firstname_male",
        "firstname_female",
        "firstname_unknown",
        "surname",
        "middlename",
        "initials",
    )

    def __init__(self, gazetteer: Gazetteer) -> None:
        self.gaz = gazetteer

    # ------------------------------------------------------------------ main pass
    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        if not tokens:
            return
        gaz = self.gaz
        # index → (first-name entry, surname entry, genitive suffix, extra suffix tokens)
        readings: dict[int, tuple[Entry | None, Entry | None, str, int]] = {}
        for m in gaz.scan(doc, "names"):
            if m.first != m.last - (2 if m.suffix == ":s" else 0):
                continue  # names are single tokens (hyphenated ones are one token)
            # one loop for the three readings (an unfinished generator per next() cost more
            # than the rest of this step)
            first = sur = manual_other = None
            for e in m.entries:
                if first is None and e.label.startswith("firstname"):
                    first = e
                if sur is None and e.label == "surname":
                    sur = e
                if manual_other is None and e.manual and e.label not in ("firstname", "surname"):
                    manual_other = e
            low = tokens[m.first].lower
            if first is not None and first.canonical.lower() not in (low, low[:-1]):
                # "Linnea" is listed as "Linnéa" and "Linnea": the spelling as written (the
                # diacritic check of _accept), the weights of the most frequent form
                spelled = next((e for e in m.entries if e.label.startswith("firstname")
                                and e.canonical.lower() in (low, low[:-1])), None)
                if spelled is not None:
                    first = replace(first, canonical=spelled.canonical)
            if first is None and sur is None and manual_other is None:
                continue
            old = readings.get(m.first)
            if old is not None and m.suffix == "" and old[2] and old[0] is not None and (
                first is None or first.weight * 10 < old[0].weight
            ):
                continue  # "alis": the genitive of Ali, not the rare name Alis
            stronger_genitive = (
                old is not None and m.suffix != "" and old[2] == "" and first is not None
                and (old[0] is None or old[0].weight * 10 < first.weight)
            )
            if stronger_genitive and sur is None and old[1] is not None:
                sur = old[1]  # "Nunes": the genitive of Nune, or the surname Nunes
            if old is None or m.suffix == "" or stronger_genitive:
                readings[m.first] = (first or manual_other, sur, m.suffix,
                                     2 if m.suffix == ":s" else 0)
        place_tokens = self._place_tokens(doc)
        words = Words.of(doc)
        # "Anders-Per", "Anna-Klara": an unlisted double first name whose parts are listed
        # first names is a first name with the gender of its first part. The loop visits the
        # hyphenated words alone (a new rule for other words must widen its filter).
        for i in words.containing("-"):
            tok = tokens[i]
            if i in readings or not tok.is_title or i in place_tokens:
                continue
            parts = tok.norm.split("-")
            if len(parts) != 2 or not all(len(p) >= 2 and p.isalpha() for p in parts):
                continue
            firsts = [next((e for e in gaz.entries_for_key("names", p)
                            if e.label == "firstname" and e.weight >= 5), None) for p in parts]
            # a first part that is also a word ("Britt", "Bo") only with a capital second part
            if all(firsts) and (not gaz.is_common_word(parts[0])
                                or tok.text.split("-")[1][:1].isupper()):
                head = firsts[0]
                readings[i] = (replace(head, canonical=tok.text), None, "", 0)

        # Capitalised words: the later passes only look at these.
        caps = words.caps  # shared with the other detectors of the pass
        accepted: dict[int, tuple[str, float, str, int, str]] = {}
        fuzzy_entries: dict[int, Entry] = {}
        # index → (role first|sur|middle|unknown, score, gen suffix, extra tokens, key)

        n = len(tokens)
        norms = doc.norms if len(doc.norms) == n else [t.norm for t in tokens]
        intro = cx.NAME_INTRO
        common = gaz.common_words
        # Only words with a reading, capitalised words and words right after "heter" can be
        # names: visit those alone (the bulk of the text is skipped).
        after_intros = {i + 1 for i in words.where(intro) if i + 1 < n}
        todo = set(readings)
        todo.update(caps)
        todo.update(after_intros)
        thing_names: set[int] = set()  # words of a thing's name after "heter"
        for i in sorted(todo):
            tok = tokens[i]
            if not tok.is_word:
                continue
            reading = readings.get(i)
            after_intro = i in after_intros  # right after "heter" (tokens[i - 1] in intro)
            if not tok.is_title and not after_intro:
                # A lower-case word needs a name cue; a common word ("till", "bor") never is
                # a name in lower case.
                if reading is None or tok.lower in common:
                    continue
            kin_word = reading is None and not after_intro and _kin_word_name(doc, i)
            if reading is None and not after_intro and not kin_word and \
                    not self._name_shaped(tok):
                # "Jag", "Det": no reading, no name's shape and no "heter" before: whatever
                # the cue, no rule below takes the word (a new one for such words must go first)
                continue
            if tok.lower in _FOREIGN_WORDS and not after_intro:
                continue  # "Hola", "Deine": a letter's greeting or sign-off (but "hon heter
                # Cher": a name after "heter")
            if tok.lower == "hans" and self._his_opening(doc, i):
                continue  # "Hans fru lagade mat": the pronoun opening the sentence
            if "-" in tok.text and reading is None and _common_noun_tail(gaz, tok.text):
                continue  # "Nakuru-tjejen", "Göteborgs-killen": a noun, not a name
            cue = self._name_cue(doc, i)
            if not cue and tok.lower in _SPOKEN_WORDS:
                continue  # "Barna leker ute": the children
            if not cue and reading is None and not after_intro and i - 1 not in thing_names:
                continue  # no cue, no reading, no thing's name going on: no rule below takes
                # the word (the fast path; a new rule for such words must go before it)
            if (tok.norm in gaz.not_labelled or tok.text in _RELIGIOUS_FIGURES) and \
                    cue not in ("intro", "family", "sign"):
                continue  # "Ramadan", "Lucia": feasts, not people (but "jag heter Lucía",
                # "Hola Lucía!")
            if tok.lower in VEHICLE_MAKES and cue not in _PERSON_CUES and (
                    reading is None or reading[0] is None or _vehicle_context(doc, i)):
                continue  # "en gammal Mercedes", "kör Mazda": a car (see VEHICLE_MAKES; a
                # make that is a first name too, "Mercedes kom hit 2015", needs a car's words)
            if after_intro and not cue:
                thing_names.add(i)
                continue  # "en hund som heter Max", "en by som heter Elena": not a person
            if not cue and i - 1 in thing_names and tok.is_title:
                thing_names.add(i)
                continue  # "en tradition som heter Baba Marta": the rest of the thing's name
            if reading is None and cue == "intro" and after_intro and not tok.is_title:
                # "min chef heter lena": a listed name that is also a word ("lena", "bo"),
                # which the scan leaves to capitals, is the name right after "heter"
                named = next((e for e in gaz.entries_for_key("names", tok.norm)
                              if e.label == "firstname"), None)
                if named is not None and tok.lower not in _NOT_NAMES and \
                        tok.lower not in _CALLERS:  # "kallar alla mig X": the callers
                    reading = (named, None, "", 0)
                    readings[i] = reading
            if reading is None and cue == "family" and tok.lower.endswith(("ens", "ans", "ets")) \
                    and gaz.is_known_word(tok.lower[:-1]):
                continue  # "Pojkens pappa", "Grannens son": a definite noun's genitive
            if reading is None:
                if cue == "sign" and place_tokens.get(i):
                    continue  # a town on the last line ("…\nGöteborg") signs no one
                if cue and (self._name_shaped(tok) or (kin_word and cue == "family")):
                    role = "sur" if cue == "surname" else "first"
                    # "Kasias mamma": an unlisted name in the genitive before a relative
                    gen = "s" if cue == "family" and tok.norm.endswith("s") and i + 1 < n and \
                        tokens[i + 1].lower in _GENITIVE_RELATIVES else ""
                    # a letter's signature is the writer's name above any place reading
                    # "jag heter Golbahar", "min fru Pegah": the cue outweighs a bare place
                    # reading of the same word (a town in the gazetteer, score 0.8)
                    score = 0.9 if cue == "sign" else 0.85 if (
                        cue in ("intro", "title") or (cue == "family" and (
                            _kin_gender(doc, i) or tokens[i - 1].is_word))
                    ) and cx.capitalised(tok) else 0.7
                    accepted[i] = (role, score, gen, 0,
                                   tok.norm[:-1] if gen else tok.norm)
                    if role == "first" and len(tok.norm) >= 5:
                        # "jag heter fatime": a misspelled listed name gives the gender
                        key = gaz.fuzzy("names", tok.norm)
                        near = next((e for e in gaz.entries_for_key("names", key or "")
                                     if e.label == "firstname"), None)
                        if near is not None:
                            fuzzy_entries[i] = near
                continue
            first, sur, suffix, extra = reading
            if suffix == "s" and first is not None and sur is not None and \
                    _key(sur.canonical) == tok.norm and not _genitive_slot(tokens, i):
                # "Gabriela Nunes, hon …", "Ivone Lopes och jag": no noun follows, so the
                # surname, not a genitive of the first name Nune
                first, suffix, extra = None, "", 0
                readings[i] = (None, sur, "", 0)
            if first is None and sur is not None and (
                    cue in ("family", "intro")
                    and not (i + 1 < n and tokens[i + 1].is_title and tokens[i + 1].is_word)
                    # a signature opens with the first name ("Kramar,\nZawadi S. Berg")
                    or cue == "sign"
                    # a relative in apposition: "och Edla, deras dotter,"
                    or (not cue and _relative_after(doc, i))
            ) and not tok.lower.endswith(_SWEDISH_SURNAME_TAILS):
                # relatives are named by their first name ("moster Parwin"), and a lone word
                # after "heter" is what the person is called ("pappa heter Gebremedhin")
                first = sur
            if cue == "surname" and sur is None:
                sur, first = Entry("surname", tok.text), None
            if i in place_tokens and not cue:
                # "Paris", "Elena": a place reading with a place context wins over a name.
                # (Not over a relative in apposition, "Quirino, min man,", or "X från Y".)
                if place_tokens[i] and not _relative_after(doc, i) and \
                        not _from_place_after(doc, i):
                    continue
            if i > 0 and tokens[i - 1].lower in cx.POSSESSIVES and _is_relative(tok.lower):
                continue  # "Min Bror Ali": the relative written with a capital, not "Bror"
            if not cue and suffix == "":
                if _place_slot(doc, i):
                    continue  # "jag bor på Sölve", "jobbar på Max", "i byn Adi": a place
                if i > 0 and tokens[i - 1].lower in _IN_PLACE and \
                        not (i > 1 and tokens[i - 2].lower in ("kär", "förälskad", "förälskade")) \
                        and not (i + 1 < n and tokens[i + 1].is_title and tokens[i + 1].is_word
                                 and tokens[i + 1].lower.endswith("s")):
                    continue  # "i Fredrika", "vid Gara": a person is not "in" or "at" (a
                    # genitive is: "i Maryams skola"; and "kär i Anna")
                if i > 1 and tokens[i - 1].lower == "och" and \
                        place_tokens.get(i - 2) and i - 2 not in accepted and (
                            i + 1 >= n or tokens[i + 1].text in (".", ",", "!", "?")):
                    continue  # "från Överkalix och Töre.": a place coordinated with a place
                    # (not "jag kommer från Etiopien och Johan från Uppsala")
            if first is None and not cue and _lone_after_number_or_place(
                doc, i, common=sur is not None and sur.weight >= 20
            ):
                continue  # "8 Sidor", "sånger från Souss": a surname reading alone is no person
            if not self._accept(doc, i, tok, cue, first or sur):
                continue
            if first is not None and (
                sur is None or cue in ("family", "intro", "sign") or self._prefer_first(first, sur)
            ):
                # after "heter", a relative or a sign-off the first word is the first name
                # even when the word is more often a surname ("min man Abdullahi")
                accepted[i] = ("first", 0.8 if cue or tok.is_title else 0.65, suffix, extra,
                               first.canonical)
            else:
                accepted[i] = ("sur", 0.75, suffix, extra, sur.canonical if sur else tok.norm)

        # The next passes take only capitalised words with no reading and no place reading
        # (neither changes until the lower-case passes below): they visit these alone (a new
        # rule of theirs for other words must visit caps).
        # (set operations in C: cheaper than a Python step per capitalised word; caps_set
        # serves the list passes below too)
        caps_set = set(caps)
        vehicles = words.where(VEHICLE_MAKES)  # (no rule below takes a make)
        free = sorted(caps_set.difference(readings, place_tokens, vehicles))
        # "Teuta är sjuk idag. Hon …": an unlisted word opening a sentence as the subject of a
        # finite verb, with a personal pronoun after it, is a person.
        for i in free:
            tok = tokens[i]
            if i in accepted or i + 1 >= n or \
                    tokens[i + 1].lower not in _FINITE_VERBS or len(tok.lower) < 3 or \
                    not tok.lower.isalpha() or not cx.is_sentence_initial(doc, i):
                continue
            if not self._no_listed_word(tok):
                continue
            if self._gender_from_context(doc, i) or _age_after(doc, i + 1) or (
                    _person_verb_after(doc, i)
                    and not self.gaz.lookup("institutions", tok.text)):
                # "Yannis är nio och …": only a person has an age; "Tesfom sa att …",
                # "Rahel läser till sjuksköterska": only a person says or trains so
                accepted[i] = ("first", 0.65, "", 0, tok.norm)
        # "Förresten, Aigul har flyttat. Hon …": so too after an opening adverb and a comma
        for i in free:
            if i > 1 and i + 2 < n and tokens[i - 1].text == "," and i not in accepted and \
                    self._verb_subject(doc, i) and self._gender_from_context(doc, i):
                accepted[i] = ("first", 0.65, "", 0, tokens[i].norm)
        # The next three passes take only words no list knows that are no Swedish word
        # (_unlisted_word, which depends on the document alone): found once, for them all.
        # (a Swedish word is the commonest answer: tested first, without a call)
        vocabulary = gaz.vocabulary
        unlisted = [i for i in free if tokens[i].lower not in vocabulary
                    and self._unlisted_word(doc, i, in_list=True)]
        # "Igår kom Lemlem hem", "jag pratade med Awet", "hemma hos Parvaneh": an unlisted
        # capitalised word inside a sentence, in a slot only a person fills, is a first name
        # (_unlisted_word outside a list: also not at a sentence start).
        for i in unlisted:
            if i in accepted or cx.is_sentence_initial(doc, i) or not _person_slot(doc, i):
                continue
            accepted[i] = _slot_reading(tokens, accepted, i)
        # "Abebe är min bästa kompis", "Hiwot och jag går …", "Abrehet, min fru, lagar mat":
        # an unlisted word opening a sentence as a relative of the writer or next to "jag"
        for i in unlisted:
            if i in accepted or i + 2 >= n or not cx.is_sentence_initial(doc, i):
                continue
            nxt = [t.lower for t in tokens[i + 1 : i + 5]]
            relative = (
                nxt[0] in ("är", "var", ",") and len(nxt) > 2 and (
                    nxt[1] in _MY or nxt[0] == "," and _other_owner(tokens[i + 2])) and (
                    _is_relative(nxt[2]) or (len(nxt) > 3 and nxt[2] in _KIN_ADJECTIVES
                                             and _is_relative(nxt[3])))
            )
            if relative or (nxt[0] == "och" and nxt[1] in ("jag", "mig", "mej")):
                accepted[i] = ("first", 0.7, "", 0, tokens[i].norm)
        # "Farzana och Mahbooba", "Awet och Yonas", "Dawit, Abrehet och Meseret": an unlisted
        # word coordinated with a first name is one too.
        changed = True
        while changed:
            changed = False
            for i in unlisted:
                if i in accepted:
                    continue
                before = i >= 2 and accepted.get(i - 2, ("",))[0] == "first" and \
                    accepted[i - 2][2] == "" and (
                        tokens[i - 1].lower == "och" or (
                            tokens[i - 1].text == "," and i + 1 < n
                            and tokens[i + 1].lower in ("och", ","))
                    )
                after = i + 2 < n and accepted.get(i + 2, ("",))[0] == "first" and (
                    tokens[i + 1].lower == "och" or (
                        tokens[i + 1].text == "," and i >= 1
                        and tokens[i - 1].lower in ("och", ","))
                )
                if (before or after) and tokens[i].sentence in (
                        tokens[i - 2].sentence if before else tokens[i + 2].sentence,):
                    accepted[i] = _slot_reading(tokens, accepted, i)
                    changed = True
        # "Björn och Sten": a sentence-initial common-word name coordinated with a name. The
        # pass visits the capitalised words before "och" and "&" alone (a new rule for other
        # words must widen its filter).
        for i in sorted(caps_set.intersection([j - 1 for j in words.where(_AND_WORDS)])):
            tok = tokens[i]
            if (
                i in readings
                and i not in accepted
                and i + 2 < n
                and tokens[i + 1].lower in ("och", "&")
                and i + 2 in accepted
                and accepted[i + 2][0] == "first"
                and cx.capitalised(tok)
                and readings[i][0] is not None
            ):
                accepted[i] = ("first", 0.7, readings[i][2], readings[i][3],
                               readings[i][0].canonical)
        # "Mina barn Rojin och Baran", "två barn, Drilon, Arta och Besa": the names listed
        # after a plural relative are all people.
        # The pass visits the capitalised words after "och" and "," alone (a new rule for
        # other words must widen its filter).
        in_list: set[int] = set()
        for i in sorted(caps_set.intersection([j + 1 for j in words.where(_LIST_JOINERS)])):
            if i in accepted or i < 3 or tokens[i - 1].lower not in ("och", ",") or \
                    i - 2 not in accepted or accepted[i - 2][0] != "first" or \
                    not cx.capitalised(tokens[i]) or tokens[i].lower in _NOT_NAMES or \
                    tokens[i].lower in _SENTENCE_WORDS:
                continue
            prev = cx.prev_words(doc, i - 2, 1)
            if i - 2 in in_list or (
                prev and prev[0] in _PLURAL_RELATIVES and _relative_before(doc, i - 2)
            ):
                reading = readings.get(i)
                entry = reading[0] if reading else None
                accepted[i] = ("first", 0.8, "", 0, entry.canonical if entry else tokens[i].norm)
                in_list.update((i - 2, i))
        # "vi har två barn, omar och lina": in lower case, a listed first name (also one that
        # is a word) listed after a first name that follows a plural relative. The loop visits
        # the words after "och" and "," alone (a new rule for other words must widen it).
        for i in words.where(_LIST_JOINERS):
            i += 1
            if i < 3 or i >= n:
                continue
            tok = tokens[i]
            if i in accepted or tok.text != tok.lower \
                    or accepted.get(i - 2, ("",))[0] != "first" or not tok.lower.isalpha():
                continue
            named = next((e for e in gaz.entries_for_key("names", tok.norm)
                          if e.label == "firstname" and e.weight >= 5), None)
            if named is None or tok.lower in _NOT_NAMES or tok.lower in _SENTENCE_WORDS:
                continue
            k = i - 2
            while k - 2 >= 0 and tokens[k - 1].lower in ("och", ",") and \
                    accepted.get(k - 2, ("",))[0] == "first":
                k -= 2  # the first name of the list
            before = [t.lower for t in tokens[max(0, k - 3) : k] if t.is_word]
            if any(w in _PLURAL_RELATIVES for w in before) and \
                    tokens[k].sentence == tok.sentence:
                accepted[i] = ("first", 0.7, "", 0, named.canonical)
                readings.setdefault(i, (named, None, "", 0))
        # "L. Berg", "A. Petrosyan": a capitalised word after an initial is a surname. Every
        # rule of this pass needs a dot right before: it visits the capitalised words after
        # a token with a dot alone (a new rule for other words must widen its filter).
        after_dot = caps_set.intersection([j + 1 for j in words.containing(".")])
        for i in sorted(after_dot):
            if i < 2 or not tokens[i - 1].text.endswith("."):
                continue
            tok = tokens[i]
            if not tok.is_word or not cx.capitalised(tok):
                continue
            if i in accepted:
                # "Anders P. Holm": a listed surname after a first name and an initial
                if accepted[i][0] == "sur" and accepted[i][1] < 0.85 and i >= 3 and \
                        tokens[i - 1].text == "." and _is_initial(tokens[i - 2]) and \
                        accepted.get(i - 3, ("",))[0] == "first":
                    accepted[i] = ("sur", 0.85, *accepted[i][2:])
                elif accepted[i][0] == "first" and accepted[i][2] == "" and \
                        tokens[i - 1].text == "." and _is_initial(tokens[i - 2]) and \
                        tokens[i - 2].text not in _ONE_LETTER_WORDS and \
                        accepted.get(i - 3, ("",))[0] != "first" and i + 1 not in accepted:
                    # "Jag heter Y. Tesfay", "Min kompis B. Hassan": after a first name's
                    # initial the name is the surname, even one listed as a first name
                    sur = readings.get(i, (None, None, "", 0))[1]
                    accepted[i] = ("sur", accepted[i][1], "", 0,
                                   sur.canonical if sur else tokens[i].norm)
                continue
            if tokens[i - 1].text == "." and _is_initial(tokens[i - 2]) or \
                    _is_initial(tokens[i - 1]):  # (it ends with a dot)
                # "Karin M. Ås": first name + initial + capitalised word is a full name, also
                # when the word is an ordinary word or a place
                full = i >= 3 and accepted.get(i - 3, ("",))[0] == "first" and \
                    not cx.is_sentence_initial(doc, i)
                if full or not self.gaz.is_known_word(tok.lower) or i in readings:
                    sur = readings.get(i, (None, None, "", 0))[1]
                    accepted[i] = ("sur", 0.85 if full else 0.7, "", 0,
                                   sur.canonical if sur else tok.norm)
        # "Den äldsta är Nalanie, hon …", "Den tredje är Tavoki från X.": a person ranked
        # among others of the essay (a superlative or an ordinal), then a pronoun or "från"
        for i in words.where(_RANK_VERBS):
            i += 1
            if i >= n or place_tokens.get(i) or i in vehicles or \
                    accepted.get(i, ("sur",))[0] != "sur" or not _ranked_person(doc, i):
                continue
            reading = readings.get(i)
            entry = reading[0] if reading else None
            # a listed first name, a rare surname's word ("Den andra är Kuo från X"), or a
            # word no list knows that is no Swedish word (above a place's weak reading)
            if entry is not None or (
                    reading is not None and reading[1] is not None
                    and reading[1].weight < _RARE_SURNAME) or (
                    reading is None and not gaz.is_known_word(tokens[i].lower)
                    and not gaz.is_common_word(tokens[i].lower)):
                accepted[i] = ("first", 0.85, "", 0, entry.canonical if entry else tokens[i].norm)
        # "mötte jag Nova, en ny kollega": a listed first name that is also a word, before
        # an apposition of a person ("en <adjective> elev/kvinna/man …")
        for k in words.where(_PERSON_APPOSITION_NOUNS):
            i = _name_before_apposition(doc, k)
            if i is not None and i not in accepted and \
                    (readings.get(i) or (None,))[0] is not None:
                # (above a place of the same spelling: a place is no "elev")
                accepted[i] = ("first", 0.85, "", 0, readings[i][0].canonical)
        # Later (or earlier) mentions of an accepted name, also at a sentence start ("Tim").
        known = {tokens[i].norm: v for i, v in accepted.items() if v[2] == ""}
        for i, v in accepted.items():
            if v[2] == "s" and tokens[i].norm.endswith("s"):
                # "Kasias mamma … Kasia är": the base form of a genitive
                known.setdefault(tokens[i].norm[:-1], (v[0], v[1], "", 0, v[4]))
        # Both rules need a known name or its genitive: those words alone are visited.
        forms = set(known)
        forms.update([key + "s" for key in known])
        for i in [i for i in caps if norms[i] in forms] if forms else ():
            tok = tokens[i]
            v = known.get(tok.norm)
            if i in accepted or not tok.is_word or not cx.capitalised(tok):
                continue
            if v is not None and gaz.is_common_word(tok.lower) and \
                    cx.is_sentence_initial(doc, i) and not (
                        i + 1 < n and (
                            tokens[i + 1].lower in _FINITE_VERBS
                            or _past_verb(tokens[i + 1])
                            or tokens[i + 1].text == ","
                            or (tokens[i + 1].lower == "och" and i + 2 < n
                                and tokens[i + 2].lower in ("jag", "vi", "hon", "han"))
                        )
                    ):
                # "Hans första fråga …" after "Hans Gustavsson": the pronoun; but "Hans är
                # snäll", "Bo kommer": the name as the subject of a verb
                continue
            if v is not None:
                # a name a cue made sure of stays as sure in its later mentions, but not in a
                # place's slot ("heter Golbahar … bor i Golbahar")
                score = v[1] if v[1] >= 0.7 else v[1] - 0.05
                if tokens[i - 1].lower in cx.PLACE_PREPOSITIONS or _place_slot(doc, i):
                    score = min(score, 0.7)
                accepted[i] = (v[0], score, "", 0, v[4])
            elif tok.norm.endswith("s") and tok.norm[:-1] in known:
                v = known[tok.norm[:-1]]
                # "min bror Chanda … Chandas plan": the genitive of a name a cue made sure of
                # is as sure (above a town of the same spelling), not after a place word
                sure = v[1] >= 0.8 and tokens[i - 1].lower not in cx.PLACE_PREPOSITIONS
                accepted[i] = (v[0], v[1] if sure else v[1] - 0.05, "s", 0, v[4])
        # "min man Deniz … deniz jobbar": a learner writes a name the essay already gave with a
        # capital in lower case later; a word of the language never counts.
        if known:
            for i in words.where(known):  # the loop skips every other word
                tok = tokens[i]
                if tok.is_title or i in accepted or tok.lower not in known or not tok.is_word:
                    continue
                v = known[tok.lower]
                if v[0] == "first" and v[1] >= 0.7 and (
                        not gaz.is_known_word(tok.lower) and tok.lower not in common
                        # "hon heter Viola. viola är nio år": a word of the language too,
                        # when it opens the sentence (where a capital was due) as the subject
                        # of a finite verb, after a cue made sure of the name
                        or v[1] >= 0.8 and i + 1 < n and tokens[i + 1].lower in _FINITE_VERBS
                        and cx.is_sentence_initial(doc, i)):
                    accepted[i] = (v[0], v[1] - 0.05, "", 0, v[4])
        if known:
            _lower_case_mentions(doc, gaz, accepted, known)
        # "Stathis Petridis", "Kostas Georgiou": a first name read as the genitive of a
        # shorter one ("Niko" + s) is the whole name when a capitalised unlisted word or a
        # listed surname follows in the sentence (a genitive is followed by its noun, lower
        # case: "Nikos bil")
        for i in [i for i, a in accepted.items() if a[0] == "first" and a[2] == "s"]:
            j = i + 1
            if j >= n or j in accepted or not tokens[j].is_title or \
                    tokens[j].sentence != tokens[i].sentence or j in place_tokens or \
                    j in vehicles or not tokens[i].text[-1:].isalpha():
                continue
            nxt = readings.get(j)
            if (nxt is not None and nxt[1] is not None and nxt[0] is None) or \
                    self._could_be_unknown_name(tokens[j], j, doc, place_tokens,
                                                after_name=True):
                a = accepted[i]
                accepted[i] = (a[0], a[1], "", 0, tokens[i].norm)
                if i in readings:
                    readings[i] = (readings[i][0], readings[i][1], "", 0)
        # Extend runs: a capitalised unknown word right after a first name is a surname
        # ("Zhyar Khoshnaw"), and misspelled capitalised words get a fuzzy chance.
        # The loop visits the words right after a name or a capitalised word (the names it
        # accepts are capitalised words) and the words of five or more letters with no reading
        # and no place reading: no rule takes the others (a new rule must widen the filter).
        extend = {i for i in caps_set.difference(readings, place_tokens)
                  if len(tokens[i].lower) >= 5}
        extend.update(caps_set.intersection([j + 1 for j in accepted]),
                      caps_set.intersection([j + 1 for j in caps]))
        for i in sorted(extend.difference(accepted, vehicles)):  # (it accepts only the word
            # visited)
            tok = tokens[i]
            if not tok.is_title and len(tok.text) < 2:
                continue  # (a word of caps is capitalised unless a single capital letter)
            prev = i - 1
            # after a first name, or after a first name and one more name ("Hawa Mohamud
            # Jama": three-part names)
            after_first = prev in accepted and accepted[prev][2] == "" and (
                accepted[prev][0] == "first"
                or (prev - 1 in accepted and accepted[prev - 1][0] == "first"
                    and accepted[prev - 1][2] == "" and accepted[prev][0] == "sur")
            )
            if after_first:
                if self._could_be_unknown_name(tok, i, doc, place_tokens, after_name=True) \
                        and not _misspelled_word(tok.lower, gaz.vocabulary):
                    accepted[i] = ("sur", 0.7, "", 0, tok.norm)
                    continue
                if place_tokens.get(i) is False and accepted[prev][1] >= 0.8 and \
                        i not in readings and tok.is_title and \
                        not cx.is_sentence_initial(doc, i) and i + 1 < n and \
                        tokens[i + 1].lower in _FINITE_VERBS and \
                        tokens[i + 1].sentence == tok.sentence and \
                        "\n" not in doc.text[tokens[prev].end:tok.start] and \
                        cx.prev_word(doc, prev) not in cx.PLACE_PREPOSITIONS:
                    # "köksmästaren Per-Olof Ramdala lärde mig": a small place's name
                    # (no place cue) between a person's first name and a verb is the surname
                    accepted[i] = ("sur", 0.85, "", 0, tok.norm)
                    continue
                sur = readings.get(i, (None, None, "", 0))[1]
                if sur is not None and not cx.is_sentence_initial(doc, i):
                    # "Marie-Louise Ek", "Per-Olof Hägg": a listed surname that is also a word
                    accepted[i] = ("sur", 0.7, readings[i][2], readings[i][3], sur.canonical)
                    continue
                low = tok.lower
                # (the run's first name: the word before, or the one before that in a
                # three-part name, "heter Ali Karim Islam")
                start = prev - 1 if prev - 1 in accepted and accepted[prev - 1][0] == "first" \
                    and accepted[prev - 1][2] == "" else prev
                if start > 0 and (tokens[start - 1].lower in cx.NAME_INTRO
                                  or self._name_cue(doc, start) == "sign") and tok.is_title and \
                        low.isalpha() and len(low) >= 2 and \
                        tok.sentence == tokens[prev].sentence and \
                        i not in place_tokens and low not in _NOT_NAMES and \
                        low not in _SURNAME_PARTICLES and \
                        low not in _SENTENCE_WORDS and low not in _FINITE_VERBS and \
                        low not in gaz.languages and tok.norm not in gaz.not_labelled and \
                        low not in _GREETINGS and low not in _CLOSING_WORDS:
                    # "Tränaren heter Lennart Hed", "hon heter Karin Stål": after "heter" and a
                    # first name (and one more name), a capitalised word is the surname even
                    # when it is a word; so in a signature ("Hälsningar\nRosaria Falla")
                    accepted[i] = ("sur", 0.7, "", 0, tok.norm)
                    continue
            low = tok.lower
            if i in readings or i in place_tokens or len(low) < 5 or \
                    cx.is_sentence_initial(doc, i):
                continue  # (the cheap tests first)
            if gaz.is_known_word(low) or gaz.is_common_word(low):
                continue
            if tok.norm in gaz.not_labelled or _in_place_phrase(doc, i) or _place_slot(doc, i) \
                    or (i > 0 and tokens[i - 1].lower in _IN_PLACE) or \
                    _in_place_list(tokens, i, place_tokens):
                continue  # "Sverie" is Sweden misspelled; "på Plaça del Sol", "i Tjärna" places
                # ("från Somalia, Nigera och Syrien": a misspelled place in a list of places)
            if i > 0 and tokens_title_word(doc, i - 1) and i - 1 not in accepted and \
                    not cx.is_sentence_initial(doc, i - 1):
                continue  # "i Hải Phòng": the second word of another proper name
            if tokens[i - 1].lower == "på" and not (
                    i > 1 and tokens[i - 2].lower in _ON_PERSON_VERBS):
                continue  # "lägenheten på Valsta": after "på" a misspelled name is rarer than
                # a district no list holds (but "väntade på Ahmd")
            if i in thing_names:
                continue  # "en moské som heter Masjid …": a thing's name, no misspelled name
            key = gaz.fuzzy("names", tok.norm)
            if key is not None and not gaz.entries_for_key("places", tok.norm):
                entries = gaz.entries_for_key("names", key)
                first = next((e for e in entries if e.label.startswith("firstname")), None)
                sur = next((e for e in entries if e.label == "surname"), None)
                if first is not None:
                    accepted[i] = ("first", 0.6, "", 0, first.canonical)
                    fuzzy_entries[i] = first
                elif sur is not None and not _lone_after_number_or_place(doc, i):
                    accepted[i] = ("sur", 0.6, "", 0, sur.canonical)

        # "min bror yasin", "min kompis abdirahman": in a lower-case essay, a word right after
        # a possessive and a relative that is no Swedish word (nor a misspelled one) is the
        # relative's name. The loop visits the words two after a possessive alone (a new rule
        # for other words must widen it).
        for i in words.where(_POSSESSIVES):
            i += 2
            if i >= n:
                continue
            tok = tokens[i]
            low = tok.lower
            if i in accepted or tok.text != low or len(low) < 3 or \
                    not _is_relative(tokens[i - 1].lower) or \
                    tokens[i - 1].sentence != tok.sentence:
                continue
            if not low.isalpha():
                # "min chef anna-karin": a lower-case double name of two listed first names
                double = self._double_first_name(low)
                if double is not None:
                    readings[i] = (replace(double, canonical=low), None, "", 0)
                    accepted[i] = ("first", 0.7, "", 0, low)
                continue
            if self._word_or_swedish_place(gaz, low, tok.norm):
                # (a foreign place's name is a person's here: "min bror lamin", a town of
                # Gambia in the place list, is the brother)
                continue
            reading = readings.get(i)
            entry = reading[0] if reading else None
            accepted[i] = ("first", 0.7, "", 0, entry.canonical if entry else tok.norm)
        # "Hej kirubor!", "kära kirubor,": a lower-case word that is no Swedish word (nor a
        # misspelled one) between a greeting opening a line and "!" or "," is the reader's
        # name. The loop visits the words after a greeting alone.
        text = doc.text
        for g in words.where(_GREETING_WORDS):
            i = g + 1
            if i + 1 >= n or i in accepted or tokens[i + 1].text not in ("!", ","):
                continue
            tok = tokens[i]
            low = tok.lower
            if tok.text != low or len(low) < 3 or not low.isalpha() or \
                    text[text.rfind("\n", 0, tokens[g].start) + 1 : tokens[g].start].strip():
                continue
            if low in _GREETINGS or low in _CLOSING_WORDS or low in _FOREIGN_WORDS or \
                    self._word_or_swedish_place(gaz, low, tok.norm):
                continue
            reading = readings.get(i)
            entry = reading[0] if reading else None
            accepted[i] = ("first", 0.7, "", 0, entry.canonical if entry else tok.norm)
        # "jag heter nadia ahmadi": in lower case, an unknown word right after a first name
        # that "heter" introduced is its surname.
        for i in list(accepted):
            j = i + 1
            if accepted[i][0] != "first" or accepted[i][2] != "" or j >= n or j in accepted or \
                    i == 0 or tokens[i - 1].lower not in cx.NAME_INTRO:
                continue
            nxt = tokens[j]
            low = nxt.lower
            if nxt.text != low or not low.isalpha() or len(low) < 3 or \
                    nxt.sentence != tokens[i].sentence or self.gaz.is_known_word(low) or \
                    self.gaz.is_common_word(low) or low in _NOT_NAMES or \
                    low in self.gaz.languages or _misspelled_word(low, self.gaz.vocabulary):
                continue
            reading = readings.get(j)
            if reading is not None and reading[0] is not None and reading[1] is None:
                continue  # "jag heter ali reza": a second first name, left alone
            accepted[j] = ("sur", 0.8, "", 0, reading[1].canonical if reading and reading[1]
                           else nxt.norm)
        # "ahmad al-Hashimi", "Omar el-Sayed": a hyphenated particle surname after a first name
        for i in list(accepted):
            j = i + 1
            if accepted[i][0] == "first" and accepted[i][2] == "" and j < n and \
                    j not in accepted and _particle_surname(tokens[j]):
                accepted[j] = ("sur", 0.7, "", 0, tokens[j].norm)
        # "Omar El Amrani", "Peter von Essen", "Karim al Sayed", "Johan van der Berg": a
        # surname particle between a first name and a capitalised word is part of the surname.
        # Vietnamese order: "Nguyen Van Long" is surname, middle name, first name.
        for i in sorted(accepted):
            if tokens[i].norm in _VN_SURNAMES and accepted[i][2] == "" and i + 2 < n and \
                    tokens[i + 1].norm in _VN_MIDDLE and tokens[i + 1].is_title and \
                    tokens[i + 2].is_title and tokens[i + 2].is_word and \
                    tokens[i + 2].sentence == tokens[i].sentence:
                accepted[i] = ("sur", accepted[i][1], "", 0, tokens[i].norm)
                accepted[i + 1] = ("middle", accepted[i][1], "", 0, tokens[i + 1].norm)
                if i + 2 not in accepted:
                    accepted[i + 2] = ("first", accepted[i][1], "", 0, tokens[i + 2].norm)
        for i in sorted(accepted):
            if i not in accepted or accepted[i][0] != "first" or accepted[i][2] != "":
                continue
            if tokens[i].norm in _VN_SURNAMES:
                continue  # "Nguyen Van Long": no particle "van"
            j = i + 1
            while j < n and j - i <= 2 and tokens[j].is_word and \
                    tokens[j].lower in _SURNAME_PARTICLES and j not in accepted:
                j += 1
            if j == i + 1 or j >= n or not tokens[j].is_title or not tokens[j].is_word:
                continue
            if tokens[j].sentence != tokens[i].sentence:
                continue
            if j in accepted and accepted[j][0] == "first":
                continue  # "Anna och Eva" is no surname ("och" is no particle anyway)
            accepted.pop(j, None)
            key = " ".join(t.norm for t in tokens[i + 1 : j + 1])
            accepted[i + 1] = ("sur", 0.7, "", j - i - 1, key)
        # Creators and titles: "en bok av Jonas Jonasson", "regisserad av Mårten Klingberg",
        # "på konsert med Laleh", "filmen "Min pappa Marianne"" name no one of the writer's
        # circle.
        quoted = not words.present.isdisjoint(_QUOTES)  # no title without quotes
        for i in sorted(accepted):
            if i in accepted and accepted[i][0] == "first" and (
                _creator_before(doc, i, full=i + 1 in accepted)
                or (quoted and _in_title(doc, i))
            ):
                j = i
                while j in accepted and (j == i or tokens[j].sentence == tokens[i].sentence):
                    del accepted[j]
                    j += 1
        # "Sankta Lucia", "Sankt Olof", "Saint Clare": a saint names a feast, a church or a
        # place, no one of the writer's circle (the title is no first name either)
        for i in [i for i in accepted if tokens[i].lower in _SAINT_TITLES]:
            if i + 1 < n and tokens[i + 1].is_title and tokens[i + 1].is_word:
                accepted.pop(i + 1, None)
                del accepted[i]
        # "Doña Pilar", "Señor Ruiz", "Madame Diallo": a foreign honorific is no name; the
        # capitalised word after it is a person's name (its gender comes from the title)
        for i in words.where(_FOREIGN_TITLE_POSITIONS):
            if not tokens[i].is_title or i + 1 >= n or not tokens[i + 1].is_title or \
                    not tokens[i + 1].is_word or tokens[i + 1].sentence != tokens[i].sentence:
                continue
            accepted.pop(i, None)
            j = i + 1
            if j in accepted or j in place_tokens:
                continue
            first = (readings.get(j) or (None,))[0]
            if first is not None:
                accepted[j] = ("first", 0.8, readings[j][2], readings[j][3], first.canonical)
            elif self._could_be_unknown_name(tokens[j], j, doc, place_tokens, after_name=True):
                accepted[j] = ("first", 0.7, "", 0, tokens[j].norm)
        # "Mina barn Ilhan och Zakarie", "Bartek, Maciek, Staszek och Ola": a lone word the lists
        # know only as a rare surname (or as a misspelling of one), joined by "och" or a comma
        # to a lone first name, is a first name too (the people of one list are named alike)
        for i in [i for i, a in accepted.items() if a[0] == "sur"]:
            if i - 1 in accepted or i + 1 in accepted or not tokens[i].is_title:
                continue
            reading = readings.get(i)
            if reading is not None and (reading[0] is not None or (
                    reading[1] is not None and reading[1].weight >= _RARE_SURNAME)):
                continue
            if _coordinated_with_first(tokens, accepted, i) or (
                    # "Jag sitter bredvid Zeinab, hon är …": a pronoun resumes a person named
                    # by one word, a first name (a lone surname is rare in these essays)
                    i + 2 < n and tokens[i + 1].text == "," and
                    tokens[i + 2].lower in ("hon", "han") and
                    tokens[i + 2].sentence == tokens[i].sentence):
                a = accepted[i]
                accepted[i] = ("first", a[1], a[2], a[3], tokens[i].norm)
        # "det står Kowalczyk på dörren", "min dörr har namnet Diallo", "på brevlådan står
        # det Berg": the name on a door or a letter box is the family's, a surname
        for d in words.where(_DOOR_POSITIONS):
            j = _door_name(doc, d)
            if j is None or j - 1 in accepted or j + 1 in accepted or j in place_tokens:
                continue
            if j in accepted or self._could_be_unknown_name(tokens[j], j, doc, place_tokens,
                                                            after_name=True):
                suffix = accepted[j][2:4] if j in accepted else ("", 0)
                accepted[j] = ("sur", 0.8, suffix[0], suffix[1], tokens[j].norm)
        # "familjen Berg-Mensah", "En annan familj, Lindholm-Osei,": the word naming a
        # family is its surname (a double one too, which no list holds)
        for d in words.where(_FAMILY_POSITIONS):
            j = d + 1
            if j < n and tokens[j].text == "," and tokens[d].lower == "familj":
                j += 1
            reading = readings.get(j) if j < n else None
            # a word the lists know as a name (also as a first name or beside a place reading:
            # "familjen Ali", "familjen Nasser") names the family there
            named = reading is not None and not tokens[j].text.endswith("s") and (
                reading[1] is not None
                or (reading[0] is not None and reading[0].label == "firstname"))
            if j >= n or (j in accepted and not (named and accepted[j][0] == "first")) or \
                    (j in place_tokens and not named) or not tokens[j].is_title or \
                    tokens[j].sentence != tokens[d].sentence or j in vehicles or \
                    (j + 1 < n and tokens[j + 1].is_title and tokens[j + 1].is_word):
                continue
            if reading is not None and reading[1] is not None and reading[0] is None:
                accepted[j] = ("sur", 0.8, reading[2], reading[3], reading[1].canonical)
            elif named:
                accepted[j] = ("sur", 0.8, reading[2], reading[3],
                               (reading[1] or reading[0]).canonical)
            elif reading is None and "-" in tokens[j].text and \
                    self._could_be_unknown_name(tokens[j], j, doc, place_tokens,
                                                after_name=True) and \
                    not _common_noun_tail(gaz, tokens[j].text):
                accepted[j] = ("sur", 0.8, "", 0, tokens[j].norm)
        # "alltså är jag Jónsdóttir": an Icelandic patronymic is the surname, also alone
        for i in words.containing("ó"):
            if i not in accepted and tokens[i].is_title and \
                    tokens[i].lower.endswith("dóttir") and len(tokens[i].lower) > 8:
                accepted[i] = ("sur", 0.8, "", 0, tokens[i].norm)
        # "han har Parkinson", "diagnosen Asperger": an illness named after a doctor (the
        # mark-up detector's health words) is no person of the essay
        for i in [i for i in accepted if tokens[i].lower in _EPONYM_ILLNESSES
                  and i - 1 not in accepted and i + 1 not in accepted]:
            if cx.prev_word(doc, i) in _ILLNESS_CUES:
                del accepted[i]
        # "Katten heter Sotis", "det heter Vård och omsorg": a lone word right after "heter"
        # whose subject is an animal or a thing ("den"/"det", a place or event noun) names no
        # person, whatever path accepted it (a misspelled-name match among them)
        for i in [i for i in accepted if i > 0 and tokens[i - 1].lower in _HETER_WORDS
                  and i - 1 not in accepted and i + 1 not in accepted]:
            head = heter_head(doc, i)
            if head in _ANIMAL_NOUNS or (is_thing_head(head) and head not in ("den", "det")) \
                    or _det_heter_thing(doc, i):
                del accepted[i]
        # "min LIA gör jag hos …", "ett möte med HR": a word of capitals in a sentence of
        # ordinary case is an abbreviation, no name (a name in capitals only where the writer
        # writes capitals: "JAG HETER ANNA"; or right after "heter")
        # (a surname in capitals after a first name stays: "Anna SVENSSON")
        for i in [i for i in accepted if _acronym(tokens, i)
                  and i - 1 not in accepted and i + 1 not in accepted]:
            del accepted[i]
        places = self._drop_place_names(doc, accepted, words.where(_STREET_WORD_POSITIONS))
        for i, entry in fuzzy_entries.items():
            readings[i] = (entry, None, "", 0)
        yield from self._emit(doc, accepted, readings, n)
        for a, b, label in places:
            # "Carl Larsson-gården", "Klara älv", "Calle 5": the whole name is a place's
            # (kept for privacy: a person's name is in it)
            yield Candidate(tokens[a].start, tokens[b].end, label, frozenset(), 0.6,
                            _key(doc.text[tokens[a].start : tokens[b].end]), source=self.name)
        yield from _signed_initials(doc)

    @staticmethod
    def _drop_place_names(doc: Document, accepted: dict, streets: Iterable[int] = ()
                          ) -> list[tuple[int, int, str]]:
        """Names that are part of a place's or a building's name are no person's: "Carl
        Larsson-gården", "Ho Chi Minh-staden" (a hyphen joins a noun of a place or a building
        to the name), "längs Klara älv", "vid Rönne å" (a water's or a landform's noun after
        it), "på Calle 5", "Plaza 9 de Julio" (a street's number after the name, a place
        preposition before it). Visits the accepted names alone. Returns the token ranges of
        these names of places (the first and the last token) and their labels. Visits the
        accepted names and the words of ``streets`` (_FOREIGN_STREET_WORDS) alone."""
        tokens = doc.tokens
        n = len(tokens)
        places: list[tuple[int, int, str]] = []
        streets = set(streets)
        done = -1
        for i in sorted(streets.union(accepted)):
            if i <= done or (i not in accepted and i not in streets):
                continue
            tok = tokens[i]
            head, sep, tail = tok.text.rpartition("-")
            if sep and head and tail.islower() and (
                    tail in _HYPHEN_PLACE_TAILS or is_thing_head(tail)):
                # the name and the capitalised names right before it in the sentence
                j = i
                while j in accepted and tokens[j].sentence == tok.sentence and j > i - 4:
                    del accepted[j]
                    j -= 1
                if tail in _HYPHEN_PLACE_TAILS and tail not in _HYPHEN_INSTITUTION_TAILS:
                    places.append((j + 1, i, "place"))
                continue
            nxt = tokens[i + 1] if i + 1 < n else None
            if nxt is None or nxt.sentence != tok.sentence:
                continue
            if tok.lower in _FOREIGN_STREET_WORDS and tok.is_title and (
                    nxt.text.isdigit() or nxt.is_title) and not (
                    i - 1 in accepted and tokens[i - 1].sentence == tok.sentence) and not (
                    nxt.text.isdigit() and i + 2 < n and tokens[i + 2].lower in cx.COUNT_NOUNS):
                # "Plaza 14 de Septiembre", "Calle Mayor", "Avenida Paulista": the word of a
                # street or a square and the rest of its name (numbers, capitalised words and
                # the particles between them)
                b = i + 1
                while b + 1 < n and tokens[b + 1].sentence == tok.sentence and (
                        tokens[b + 1].text.isdigit() or tokens[b + 1].is_title or (
                            tokens[b + 1].lower in _STREET_PARTICLES and b + 2 < n
                            and tokens[b + 2].is_title)) and b - i < 5:
                    b += 1
                for k in range(i, b + 1):
                    accepted.pop(k, None)
                places.append((i, b, "place"))
                done = b
                continue
            if i not in accepted:
                continue
            if i + 1 in accepted:
                continue
            if nxt.lower in _WATER_AFTER_NAME and nxt.text == nxt.lower:
                a = i
                if i - 1 in accepted and tokens[i - 1].sentence == tok.sentence:
                    a = i - 1  # "Lilla Rönne å"
                if nxt.lower == "å" and not (a > 0 and tokens[a - 1].lower in cx.RIVER_SLOTS):
                    continue  # "Anna å jag": a learner's "och"
                for k in range(a, i + 1):
                    del accepted[k]
                places.append((a, i + 1, "geo"))
            elif nxt.text.isdigit() and i > 0 and tokens[i - 1].lower in ("på", "vid") and \
                    i - 1 not in accepted:
                del accepted[i]
                places.append((i, i + 1, "place"))
        return places

    # ------------------------------------------------------------------ decisions
    def _accept(self, doc: Document, i: int, tok: Token, cue: str, entry: Entry | None) -> bool:
        gaz = self.gaz
        if entry is not None and entry.manual:
            return True
        low = tok.lower
        base = low[:-1] if low.endswith("s") and entry is not None and \
            entry.canonical.lower() == low[:-1] else low
        if entry is not None and base != entry.canonical.lower() and gaz.is_known_word(low):
            # Matched only through diacritic folding: "Från" is not "Fran", "Kära" not "Kara".
            return False
        if cue:
            return True
        initial = cx.is_sentence_initial(doc, i)
        common = gaz.common_words  # (is_common_word without a call per test)
        ambiguous = base in common or low in common or len(low) <= 2
        if i > 0 and doc.tokens[i - 1].lower in _NAME_PARTICLES:
            return False  # "Plaça del Sol", "Ludwig van Beethoven"'s "van": a longer name
        if _in_place_phrase(doc, i) and (entry is None or entry.weight < 20 or ambiguous):
            return False  # "på Plaça del Sol", "vid Tropical Beach": a place's name
        if ambiguous:
            if initial and cx.capitalised(tok) and _subject_name(doc, i, low, entry):
                return True  # "Rosa är min syster", "Dag ringde mig", "Sten och jag spelade"
            if not cx.capitalised(tok) or initial:
                return False
            if i > 0 and tokens_title_word(doc, i - 1) and not cx.is_sentence_initial(doc, i - 1) \
                    and not any(e.label == "firstname" and e.weight >= 20 for e in
                                gaz.entries_for_key("names", doc.tokens[i - 1].norm)):
                # "Kottbusser Tor": part of another proper name; but after a common first
                # name it is a second name ("Sara Lisa", "Anna Rosa")
                return False
            # "Bo" inside a sentence after "att"/"kan" is still the verb.
            prev = cx.prev_words(doc, i, 1)
            if prev and prev[0] in cx.PLACE_PREPOSITIONS and (entry is None or entry.weight < 20):
                return False  # "till Stan", "i Parken": a rare name after a place word
            return not (prev and prev[0] in _VERB_BEFORE)
        if cx.capitalised(tok):
            if initial and gaz.is_known_word(base) and (
                entry is None or entry.label == "surname" or entry.weight < 20
            ) and not (
                # "Jürgen har äntligen …": a first name that is no dictionary word (the
                # vocabulary also holds names frequent in Swedish text) before a finite verb
                entry is not None and entry.label == "firstname" and i + 1 < len(doc.tokens)
                and _subject_next(doc, i, gaz) and not gaz.is_common_word(base)
            ):
                return False  # "Häll i degen", "Lär dig": a word opening the sentence
            return True
        # Lower-case: only the exact spelling of a reasonably common name (the paper's first
        # failure: "anna", "ahmed" were missed), never an inflected Swedish word ("firas").
        if entry is None or entry.canonical.lower() != base or len(base) < 3:
            return False
        if base != low and gaz.is_known_word(low):
            return False  # "femte klass" is not the genitive of "Klas"
        return entry.weight >= 5

    def _double_first_name(self, low: str) -> Entry | None:
        """The entry of the first part of a double first name whose two parts are listed
        first names ("anna-karin" → Anna), else None."""
        parts = low.split("-")
        if len(parts) != 2 or not all(len(p) >= 2 and p.isalpha() for p in parts):
            return None
        firsts = [next((e for e in self.gaz.entries_for_key("names", normalize(p))
                        if e.label == "firstname" and e.weight >= 5), None) for p in parts]
        return firsts[0] if all(firsts) else None

    def _unlisted_word(self, doc: Document, i: int, in_list: bool = False) -> bool:
        """``tokens[i]`` is a capitalised word inside a sentence that no list knows and that
        is no Swedish word (also not a misspelled or inflected one), no place, language or
        abbreviation, and no part of a longer proper name: it can only be a name. In a list
        of names (``in_list``) it may open the sentence ("Awet och Yonas kom")."""
        tokens = doc.tokens
        tok = tokens[i]
        low = tok.lower
        gaz = self.gaz
        if not tok.is_title or not low.isalpha() or len(low) < 3:
            return False
        if low in gaz.vocabulary or low in gaz.common_words or low in _NOT_NAMES:
            return False  # a Swedish word (the commonest answer: set tests first)
        if not in_list and cx.is_sentence_initial(doc, i):
            return False
        if i > 0 and (tokens[i - 1].is_title and tokens[i - 1].is_word
                      or tokens[i - 1].lower in _NAME_PARTICLES):
            return False  # "Hai Phong", "Plaça del Sol": the second word of a proper name
        if i + 1 < len(tokens) and tokens[i + 1].is_title and tokens[i + 1].is_word and \
                not cx.is_sentence_initial(doc, i + 1):
            return False  # "Awash Bank": a longer proper name (full names are read elsewhere)
        return not (
            tok.norm in gaz.not_labelled or low in gaz.languages
            or gaz.entries_for_key("places", tok.norm)
            or _misspelled_word(low, gaz.vocabulary) or self._inflected_word(low)
        )

    def _word_or_swedish_place(self, gaz: Gazetteer, low: str, norm: str) -> bool:
        """A lower-case word is no name: a Swedish word (also misspelled or inflected), a
        language, a never-name, or a place in Sweden (a foreign place's name may be a person's
        here: "min bror lamin")."""
        return (
            gaz.is_known_word(low) or gaz.is_common_word(low) or low in _NOT_NAMES
            or low in gaz.languages or _misspelled_word(low, gaz.vocabulary)
            or self._inflected_word(low)
            or any(not e.foreign for e in gaz.entries_for_key("places", norm))
        )

    def _inflected_word(self, low: str) -> bool:
        """``low`` is a definite or plural form of a known word or a never-labelled name
        ("Coronan", "Zoomen"), or a past or passive form of a known verb that the word list
        lacks ("min man opererades", "min fru pensionerades": the -s passive of a listed past
        form, the past of a listed first-conjugation infinitive)."""
        gaz = self.gaz
        if low.endswith(("des", "tes")) and len(low) >= 6 and gaz.is_known_word(low[:-1]):
            return True  # "opererades" (opererade), "anställdes" (anställde)
        if low.endswith("ades") and len(low) >= 8 and gaz.is_known_word(low[:-4] + "a"):
            return True  # "diagnostiserades" (diagnostisera)
        if low.endswith("ade") and len(low) >= 7 and gaz.is_known_word(low[:-3] + "a"):
            return True  # "pensionerade" (pensionera)
        for tail in ("en", "an", "et", "n", "na", "erna", "arna", "er", "ar"):
            stem = low[: -len(tail)]
            if low.endswith(tail) and len(stem) >= 3 and (
                gaz.is_known_word(stem) or stem in gaz.not_labelled
            ):
                return True
        return False

    @staticmethod
    def _prefer_first(first: Entry, sur: Entry) -> bool:
        return first.weight >= sur.weight * 0.3

    def _name_cue(self, doc: Document, i: int) -> str:
        """What announces a name at ``i``: "intro" (heter), "title" (herr), "family" (min bror).

        Empty when nothing does. "heter" after a thing or a place ("en by som heter X", "en
        fabrik som heter X") introduces no person.
        """
        tokens = doc.tokens
        n = len(tokens)
        # Fast path: most words have no cue word right before them.
        if i > 0 and tokens[i - 1].is_word:
            before = tokens[i - 1].lower
            if before not in _FAST_CUES and n - i > _SIGNATURE_TAIL and not (
                len(before) > 8 and before.endswith(_RELATION_TAILS)
            ) and not (
                i + 1 < n and tokens[i + 1].lower in _GENITIVE_RELATIVES
                and tokens[i].lower.endswith("s")
            ):
                return ""  # no rule below can find a cue (the test below for a word before)
        else:
            # the word before, across one or two tokens that are no words (tokens[i - 1] is none)
            j = i - 2
            if j >= 0 and not tokens[j].is_word:
                j -= 1
            before = tokens[j].lower if j >= 0 else ""
        if before not in _GENERAL_CUES and n - i > _SIGNATURE_TAIL and (
            i == 0 or tokens[i - 1].lower not in _SLASH_OR_GREETING
        ) and not (
            # "hemma säger vi "Nunne"": see _called; "sa hon "Nunne, det är jag"": a vocative
            i > 0 and tokens[i - 1].text in _QUOTES and (
                before in _INVERTED_CALLERS or (i + 1 < n and tokens[i + 1].text == ","))
        ) and not (len(before) > 8 and before.endswith(_RELATION_TAILS)) and not (
            # "en kvinna från Peru, Rosalía,": see _person_apposition
            i > 2 and tokens[i - 1].text == "," and tokens[i - 3].lower == "från"
        ) and not (
            i + 1 < n and tokens[i + 1].lower in _GENITIVE_RELATIVES
            and tokens[i].lower.endswith("s")
        ):
            return ""  # no rule below can find a cue (one test for them all)
        if (before in _SIGN_OFFS or (i > 0 and tokens[i - 1].text == "/")) and \
                _signature(doc, i, before):
            return "sign"
        if tokens[i].is_title and (
            (len(tokens) - i <= _SIGNATURE_TAIL and _last_line_signature(doc, i))
            or (i > 0 and tokens[i - 1].lower in _GREETINGS and _greeted(doc, i))
        ):
            return "sign"  # "…\n\nDin kusin\nJawad", "Kära Wojtek!"
        if before == "från" and i > 1 and tokens[i - 2].lower in _SIGN_OFFS and \
                _signature(doc, i, tokens[i - 2].lower) and \
                not self.gaz.entries_for_key("places", tokens[i].norm):
            return "sign"  # "Kram från Zerihun" (not "Hälsningar från Lund")
        quote_before = i > 0 and tokens[i - 1].text in _QUOTES
        if quote_before and i + 1 < n and tokens[i + 1].text == "," and \
                _speech_opening(doc, i) and not self._quoted_noun(tokens[i]) and \
                tokens[i].lower not in _GREETINGS and tokens[i].lower not in _CLOSING_WORDS:
            return "intro"  # "Sedan sa hon "Nunne, det är jag!"": the person spoken to
        if (before in _CALLED_WORDS or before in _INVERTED_CALLERS) and _called(doc, i) and \
                tokens[i].lower not in _GREETINGS and tokens[i].lower not in _CLOSING_WORDS \
                and not (quote_before and self._quoted_noun(tokens[i])):
            return "intro"  # "alla säger Bosse", "kallade mig Anh": what someone is called
        if before not in _CUE_WORDS and before not in _APPOSITION_FILLERS and not (
            len(before) > 8 and before.endswith(_RELATION_TAILS)
        ) and not (
            # "en kvinna från Peru, Rosalía,": see _person_apposition
            before in _PERSON_APPOSITION_NOUNS
            or (i > 2 and tokens[i - 1].text == "," and tokens[i - 3].lower == "från")
            or before in _FETCH_VERBS  # "hämta Nok på förskolan": see _fetched_child
        ) and not (
            tokens[i].lower.endswith("s") and i + 1 < len(tokens)
            and tokens[i + 1].lower in _GENITIVE_RELATIVES
        ):
            return ""
        prev = cx.prev_words(doc, i, 4)  # (two words, and two more for "efternamn" below)
        if not prev:
            # "Ardits fru heter …" opening the sentence: a genitive before a relative
            if cx.capitalised(tokens[i]) and tokens[i].lower.endswith("s") and \
                    i + 1 < len(tokens) and tokens[i + 1].lower in _GENITIVE_RELATIVES:
                return "family"
            return ""
        p0 = prev[0]
        if not _SURNAME_WORDS.isdisjoint(prev[:2]) or (  # (no generator to close: in C)
            p0 in ("från", "till", "är", "var") and not _SURNAME_WORDS.isdisjoint(prev)
        ):
            return "surname"  # "mitt efternamn är Nilsson", "bytte efternamn från X till Y"
        if p0 in cx.NAME_INTRO:
            head = heter_head(doc, i)
            if is_thing_head(head) or _neuter_head(doc, i):
                return ""  # "en by som heter X", "en sjö, den heter X", "ett stort bål som
                # heter X": no person
            if head in ("de", "dom") and not tokens[i].is_title and not (
                    i + 1 < len(tokens) and tokens[i + 1].lower in ("och", ",")):
                return ""  # "trådarna, de heter martenitsa": one lower-case word for things
            if head in ("hon", "han") and (
                    _thing_before_pronoun(doc, i) or _pet_in_sentence_before(doc, i)):
                return ""  # "Jag har en katt, hon heter Sol": a pet
            return "intro"
        if _relative_before(doc, i):
            # "min bror Ali", "moster Parwin", "farbror Jawad" (a kin word is no title: a
            # first name follows it), "min äldsta son Abdullahi", "en dotter, Xiaoyu,"
            return "family"
        if tokens[i - 1].text == "," and _person_apposition(doc, i):
            return "family"  # "En kvinna från Peru, Rosalía, sa …", "en äldre man, Bosse,"
        if p0 in _FETCH_VERBS and _fetched_child(doc, i):
            return "family"  # "kan hämta Nok på förskolan": a child fetched from child care
        if p0 in cx.TITLES_MALE or p0 in cx.TITLES_FEMALE:
            return "title"
        if p0 == "till" and len(prev) > 1 and prev[1] in _GREET_VERBS and \
                cx.capitalised(tokens[i]) and (
                    any(e.label == "firstname" for e in
                        self.gaz.entries_for_key("names", tokens[i].norm))
                    or not self.gaz.entries_for_key("places", tokens[i].norm)):
            return "intro"  # "Hälsa till Yuki", "hälsningar till Kim": a person
        if p0 in _DOCTOR_TITLES and cx.capitalised(tokens[i]):
            # "doktor Lindgren", "dr Petrov": a doctor is named by the surname, unless a
            # listed first name opens a full name ("doktor Anna Berg")
            nxt = i + 1 < len(tokens) and tokens[i + 1].is_title and tokens[i + 1].is_word
            first = any(e.label == "firstname" for e in
                        self.gaz.entries_for_key("names", tokens[i].norm))
            return "title" if nxt or first else "surname"
        if p0 in ("är", "var") and len(prev) > 1 and prev[1] in ("namn", "namnet"):
            return "intro"
        if not cx.capitalised(tokens[i]):
            return ""
        # "Sofias moster": a genitive right before a relative word.
        if tokens[i].lower.endswith("s") and i + 1 < len(tokens) and \
                tokens[i + 1].lower in _GENITIVE_RELATIVES:
            return "family"
        return ""

    def _verb_subject(self, doc: Document, i: int) -> bool:
        """``tokens[i]``, a capitalised word no list knows and no Swedish word after an
        adverb opening the sentence and a comma ("Förresten, X ringde mig"), is the subject of
        the finite verb after it."""
        tokens = doc.tokens
        tok, verb = tokens[i], tokens[i + 1]
        low = tok.lower
        if i < 2 or len(low) < 3 or not low.isalpha() or verb.sentence != tok.sentence or \
                verb.text not in _FINITE_VERBS or tokens[i - 1].text != "," or \
                tokens[i - 2].lower not in _OPENING_ADVERBS or \
                not cx.is_sentence_initial(doc, i - 2):
            return False
        return self.gaz.is_known_word(verb.lower) and self._no_listed_word(tok) and \
            not self.gaz.lookup("institutions", tok.text)

    def _no_listed_word(self, tok: Token) -> bool:
        """``tok`` is no Swedish word (known, common, inflected or misspelled), no language,
        no place and nothing the lists keep unlabelled: an unlisted word that may be a name."""
        gaz = self.gaz
        low = tok.lower
        return not (
            gaz.is_known_word(low) or gaz.is_common_word(low) or low in _NOT_NAMES
            or tok.norm in gaz.not_labelled or low in gaz.languages
            or gaz.entries_for_key("places", tok.norm)
            or _misspelled_word(low, gaz.vocabulary) or self._inflected_word(low)
        )

    def _quoted_noun(self, tok: Token) -> bool:
        """A Swedish word that no list knows as a first name: "kallade honom "Chefen"" is a
        nickname made of a noun, no name."""
        return self.gaz.is_known_word(tok.lower) and not any(
            e.label == "firstname" for e in self.gaz.entries_for_key("names", tok.norm))

    def _name_shaped(self, tok: Token) -> bool:
        """``_could_be_unknown_name`` of a word with no place reading and no name before it
        (no place table, no index needed)."""
        low = tok.lower
        gaz = self.gaz
        text = tok.text
        if low in gaz.languages or not text[:1].isalpha() or len(low) < 2:
            return False
        if tok.is_title or (len(text) > 1 and text.isupper()):  # cx.capitalised, inlined
            return low not in gaz.common_words and low not in _NOT_NAMES
        return low not in gaz.vocabulary and low not in _NOT_NAMES

    def _could_be_unknown_name(
        self, tok: Token, i: int, doc: Document, place_tokens: dict[int, bool],
        after_name: bool = False,
    ) -> bool:
        """An unlisted word that may still be a name in a name context."""
        low = tok.lower
        sandwiched = (
            after_name
            and i + 1 < len(doc.tokens)
            and doc.tokens[i + 1].is_title
            and any(e.label == "surname" for e in self.gaz.entries_for_key(
                "names", doc.tokens[i + 1].norm))
        )
        if (i in place_tokens and not sandwiched) or low in self.gaz.languages:
            return False
        if not tok.text[:1].isalpha() or len(low) < 2:
            return False
        if after_name:
            return cx.capitalised(tok) and len(low) > 1 and not self.gaz.is_known_word(low) \
                and not _is_initial(tok)
        if cx.capitalised(tok):
            return not self.gaz.is_common_word(low) and low not in _NOT_NAMES
        return not self.gaz.is_known_word(low) and low not in _NOT_NAMES

    def _person_before_surname(self, doc: Document, i: int) -> bool:
        """``tokens[i]`` is a frequent first name (weight ≥ 20) right before a capitalised
        word of the same sentence that the lists know as a surname, or that has a surname's
        ending (Slavic "-ska", Swedish "-qvist"), and is no place and no Swedish word."""
        tokens = doc.tokens
        if i + 1 >= len(tokens) or not tokens[i + 1].is_title or not tokens[i + 1].is_word or \
                tokens[i + 1].sentence != tokens[i].sentence:
            return False
        gaz = self.gaz
        if not any(e.label == "firstname" and e.weight >= 20
                   for e in gaz.entries_for_key("names", tokens[i].norm)):
            return False
        nxt = tokens[i + 1].norm
        if gaz.entries_for_key("places", nxt) or tokens[i + 1].lower in gaz.vocabulary:
            return False
        return any(e.label == "surname" for e in gaz.entries_for_key("names", nxt)) or \
            _SLAVIC_GENDER(nxt) is not None or nxt.endswith(_SWEDISH_SURNAME_TAILS)

    def _place_tokens(self, doc: Document) -> dict[int, bool]:
        """Tokens that are place names; True when a place context makes that reading sure."""
        out: dict[int, bool] = {}
        for m in self.gaz.scan(doc, "places"):
            first = m.first
            # sure: a country, a region, a manual entry or a place word before
            sure = big = False  # (a loop, not any() over a generator: costly to close)
            for e in m.entries:
                if e.label in ("country", "region") or e.manual:
                    sure = True
                    break
                if e.weight >= 50_000:
                    big = True
            if sure and first == m.last and self._person_before_surname(doc, first):
                sure = False  # "Victoria Kowalczyk": a region's name that is a frequent first name
            p0 = cx.prev_word(doc, first)
            sure = sure or p0 in cx.PLACE_PREPOSITIONS
            if not sure and (big or p0 in cx.PLACE_VERBS):
                # a big city or a place verb before ("bor", "kommer"), but a frequent first
                # name is a big city only with a place cue ("Sofia" is a name far more often
                # than the capital of Bulgaria in these essays)
                name_like = False
                if first == m.last:
                    for e in self.gaz.entries_for_key("names", doc.tokens[first].norm):
                        if e.label == "firstname" and e.weight >= 20:
                            name_like = True
                            break
                sure = not name_like
            for k in range(first, m.last + 1):
                out[k] = out.get(k, False) or sure
        for m in self.gaz.scan(doc, "institutions"):
            for k in range(m.first, m.last + 1):
                out[k] = True
        return out

    # ------------------------------------------------------------------ output
    def _emit(
        self,
        doc: Document,
        accepted: dict[int, tuple[str, float, str, int, str]],
        readings: dict[int, tuple[Entry | None, Entry | None, str, int]],
        n: int,
    ) -> Iterator[Candidate]:
        tokens = doc.tokens
        genders: dict[str, str] = {}
        sentence_gender: dict[int, str] = {}  # sentence → gender of its last first name
        run_roles: dict[str, str] = {}
        order = sorted(accepted)
        # Group adjacent accepted tokens into runs (a person's full name).
        runs: list[list[int]] = []
        for i in order:
            if (
                runs
                and runs[-1][-1] == i - 1
                and accepted[i - 1][2] == ""
                and not tokens[i - 1].text.endswith(".")
            ):
                runs[-1].append(i)
            else:
                runs.append([i])
        runs = [part for run in runs for part in self._split_list(doc, run, accepted, readings)]
        initials_seen: set[int] = set()  # "Karin M. Ås": one initial between two runs
        out: list[Candidate] = []
        mentions: dict[str, list[int]] = {}  # first name → indices in out of its first names
        firm_keys: set[str] = set()  # first names whose gender rests on firm evidence
        addressee = writer = ""  # a letter's greeted first name and its signer's
        for run in runs:
            roles = [accepted[i][0] for i in run]
            if len(run) >= 2:
                # First word first name, last word surname when it can be one, middle ones
                # middle names: "Anna Maria Svensson", "Ali Hassan".
                last = run[-1]
                reading = readings.get(last)
                last_is_sur = (
                    roles[-1] == "sur"
                    or (reading is not None and reading[1] is not None)
                    or reading is None
                    # "Ali-Reza Golestani": an unlisted last word that only looks like a
                    # listed first name (a near match, "Bakhtiyar") is the surname
                    or (reading[0] is not None and tokens[last].norm not in (
                        _key(reading[0].canonical), normalize(reading[0].canonical)))
                )
                if last_is_sur and len(run) == 2 and reading is not None and \
                        reading[0] is not None and reading[1] is not None and \
                        reading[0].label == "firstname" and \
                        reading[0].weight >= 10 * reading[1].weight and \
                        accepted[last][0] != "sur":
                    # "Juan Pablo", "Mateo Alejandro": a second word far more often a first
                    # name than a surname is a second given name
                    last_is_sur = False
                if not last_is_sur and len(run) == 2 and \
                        self._father_after_woman(tokens, run, readings):
                    last_is_sur = True
                if not last_is_sur and _signed_full_name(doc, run):
                    last_is_sur = True
                roles = ["first"] + ["middle"] * (len(run) - 2) + (
                    ["sur"] if last_is_sur else ["middle"]
                )
                if last_is_sur and len(run) >= 3:
                    for k in range(1, len(run) - 1):
                        reading = readings.get(run[k])
                        if reading is not None and reading[0] is None and \
                                reading[1] is not None and not (
                                    # "Xiu Zhou Wang": a Chinese given name of two syllables
                                    _PINYIN.match(tokens[run[k - 1]].norm)
                                    and _PINYIN.match(tokens[run[k]].norm)):
                            # "Marisela Zúñiga Ramírez", "Akberet Hosseini Rezaei": a word the
                            # lists know as a surname alone is the first of two surnames
                            # (a father's and a mother's, a clan's), not a middle name
                            roles[k] = "sur"
                vietnamese = _vietnamese_roles(tokens, run)
                if vietnamese is not None:
                    roles = vietnamese
                if roles[0] == "first" and accepted[run[0]][0] == "sur" and len(run) == 2:
                    # "Andersson Anna" is rare; keep the surname reading of a surname-only word.
                    reading0 = readings.get(run[0])
                    if reading0 is not None and reading0[0] is None:
                        roles = ["sur", "first"]
                for i, role in zip(run, roles, strict=True):
                    run_roles.setdefault(accepted[i][4], role)
            else:
                # A later mention alone keeps the role of the full name ("Mohammad Reza
                # Karimi … Reza är mitt mellannamn").
                # the word before, also across a line break ("Med vänliga hälsningar\nAnh")
                j = run[0] - 1
                while j >= 0 and not tokens[j].is_word and j >= run[0] - 2:
                    j -= 1
                if not (j >= 0 and tokens[j].lower in _ADDRESS_WORDS):
                    roles = [run_roles.get(accepted[run[0]][4], roles[0])]
                if roles[0] == "first":
                    # "min bror Hashemi … min pappa och Hashemi åkte": a word read as a first
                    # name (after a relative, "heter", a sign-off) stays one when it comes
                    # back alone, though the lists know it as a surname only
                    run_roles.setdefault(accepted[run[0]][4], "first")
            # the first name's token (last in "Nguyen Van Long")
            g = run[roles.index("first")] if "first" in roles else run[0]
            # Only a first name's gender is used, and a firm clue of an earlier mention decides
            # for all mentions (below): the clues are looked for once per person, not again for
            # a surname alone or a later mention of a name already firmly gendered
            # (a firm "unknown", a listed unisex name, still looks: a later clue may decide it)
            decided = "first" not in roles or (accepted[g][4] in firm_keys
                                               and genders.get(accepted[g][4]) != "unknown")
            gender, firm = (genders.get(accepted[g][4], "unknown"), True) if decided else \
                self._gender(doc, g, readings.get(g), accepted[g][4])
            if len(run) > 1 and not decided:
                marker_tok = tokens[run[1]] if g == run[-1] else tokens[run[0]]
                marker = _VN_GENDER.get(marker_tok.norm)
                if marker and tokens[run[0]].norm in _VN_SURNAMES | _VN_MIDDLE:
                    gender = marker  # Vietnamese "Van" is a man's, "Thi" a woman's name
                entry = (readings.get(g) or (None,))[0]
                g_norm = tokens[g].norm
                g_base = g_norm[:-1] if g_norm.endswith("s") else g_norm
                near = entry is not None and _key(entry.canonical) not in (g_norm, g_base)
                if "first" in roles and ((entry is None or near) and not firm
                                         or gender == "unknown") and not _kin_gender(doc, g):
                    # (a misspelling's nearest listed name is weaker evidence than these)
                    # "Aigerim Nurlanovna Bekova", "Zhanna Kowalska": a Slavic patronymic
                    # or surname has a woman's or a man's form
                    gendered = [_SLAVIC_GENDER(tokens[k].norm, r == "middle")
                                for k, r in zip(run, roles, strict=True)
                                if r in ("sur", "middle")]
                    gendered = [x for x in gendered if x]
                    if gendered and all(x == gendered[0] for x in gendered):
                        gender, firm = gendered[0], True
                if not firm:
                    # "Yanelis Caridad Pérez", "Siew Lan": a second given name of one listed
                    # gender gives it to a first name whose gender is only guessed
                    for k, r in zip(run, roles, strict=True):
                        second = (readings.get(k) or (None,))[0] if r in ("middle", "join") \
                            else None
                        listed = _listed_gender(second, tokens[k].norm)
                        if listed:
                            gender, firm = listed, True
                            break
            if not firm and "first" in roles and _nickname_of_writer(doc, g):
                # "Jag heter Tavokon … alla kallar mig Tavo": the writer's own gender
                own = _writers_own_key(doc, accepted)
                if own in firm_keys and genders.get(own) in ("male", "female"):
                    gender, firm = genders[own], True
            # All mentions of one person share the gender of the first one ("min fru Nok …
            # Nok tycker …").
            first_key = accepted[g][4]
            sentence = tokens[g].sentence
            unlisted = (readings.get(g) or (None,))[0] is None
            if (gender == "unknown" or unlisted or not firm) and \
                    sentence in sentence_gender and _called(doc, g):
                # "Jag heter Bo … men alla säger Bosse": the same person's other name (also
                # over a guess from the spelling or from a listed name it resembles)
                gender = sentence_gender[sentence]
            if "first" in roles:
                if firm and (first_key not in firm_keys or (
                        # a listed unisex name ("Kim", firm "unknown") takes the gender a
                        # later mention's pronoun or relative gives it
                        genders.get(first_key) == "unknown" and gender != "unknown")):
                    # the first firm clue decides for all mentions, also the earlier ones
                    # ("Hej Lamin … Hälsningar\nLamin" after "min fru"; a pronoun after a
                    # later mention)
                    firm_keys.add(first_key)
                    genders[first_key] = gender
                    for k in mentions.get(first_key, ()):
                        out[k] = replace(out[k], label=f"firstname_{gender}")
                gender = genders.setdefault(first_key, gender)
                sentence_gender[sentence] = gender
                if not addressee and g < 4 and _greeted(doc, g):
                    addressee = first_key  # "Hej Zarema!" opening the letter
                elif addressee and first_key != addressee and len(tokens) - g <= 6 and \
                        _writers_name(doc, g):
                    writer = first_key  # "Kram, Kheda"
            for k, (i, role) in enumerate(zip(run, roles, strict=True)):
                if role == "join":
                    continue  # the second half of "Thi Lan": emitted with the first
                _, score, suffix, extra, key = accepted[i]
                tok = tokens[i]
                end = tokens[i + extra].end if extra else tok.end
                if k + 1 < len(run) and roles[k + 1] == "join":
                    end = tokens[run[k + 1]].end
                    key = f"{key} {accepted[run[k + 1]][4]}"
                if not extra and tok.text.endswith("."):
                    end -= 1  # "Tim." read as an abbreviation: the dot is not the name
                flags = frozenset({"gen"}) if suffix else frozenset()
                if role == "first":
                    label = f"firstname_{gender}"
                    mentions.setdefault(first_key, []).append(len(out))
                elif role == "middle":
                    label = "middlename"
                else:
                    label = "surname"
                out.append(Candidate(tok.start, end, label, flags, score,
                                     _key(key), source=self.name))
            out.extend(self._initials(doc, run, n, initials_seen))
        if len(mentions) > 1 and len(firm_keys) < len(mentions):
            # "En man från Tchad, Kirubora, … Kiruboora sa …": a learner's second spelling
            # of a name (one letter added, dropped or changed inside it, the ending kept) is
            # the same person and takes the gender of the firmly gendered one
            for key in [k for k in mentions if k not in firm_keys]:
                twin = next((f for f in firm_keys if genders.get(f) in ("male", "female")
                             and _spelling_variant(_key(key), _key(f))), None)
                if twin is not None:
                    genders[key] = genders[twin]
                    firm_keys.add(key)
                    for k in mentions[key]:
                        out[k] = replace(out[k], label=f"firstname_{genders[key]}")
        if addressee:
            partner = _addressee_gender(doc)
            if partner and (addressee not in firm_keys or genders[addressee] == "unknown"):
                # "Hälsa din man!": the letter's reader is a woman, "din fru" a man (the
                # three letters of the gold sets that say so), over a guess or a unisex name
                genders[addressee] = partner
                firm_keys.add(addressee)
            # A letter's addressee and its writer are mostly of one gender (friends, sisters,
            # colleagues: 54 of 62 letters of the gold sets whose two names are gendered): a
            # name with no firm gender of its own (unlisted, a misspelling) takes the other's
            # firm one, or for the addressee what the writer says of themselves
            pairs = ((addressee, writer), (writer, addressee)) if writer else ()
            for weak, other in pairs:
                if weak not in firm_keys and other in firm_keys and \
                        genders[other] in ("male", "female"):
                    genders[weak] = genders[other]
                    break
            else:
                if addressee not in firm_keys:
                    genders[addressee] = _writer_gender(doc) or genders[addressee]
            for key in (addressee, writer):
                for k in mentions.get(key, ()) if key else ():
                    out[k] = replace(out[k], label=f"firstname_{genders[key]}")
        yield from out

    def _father_after_woman(self, tokens: list[Token], run: list[int], readings) -> bool:
        """"Akberet Kiflom", "Tsegereda Asmerom": a man's name after a woman's first name is no
        second given name of hers but her father's name, her surname (Eritrean, Ethiopian,
        Somali, Afghan, Bangladeshi naming)."""
        first, second = run[0], run[-1]
        male = _listed_gender((readings.get(second) or (None,))[0], tokens[second].norm)
        if male != "male":
            return False
        norm = tokens[first].norm
        entry = (readings.get(first) or (None,))[0]
        if entry is not None:
            return _listed_gender(entry, norm) == "female"
        return norm.isalpha() and model_for(self.gaz).gender(norm) == "female"

    @staticmethod
    def _split_list(
        doc: Document,
        run: list[int],
        accepted: dict[int, tuple[str, float, str, int, str]],
        readings: dict[int, tuple[Entry | None, Entry | None, str, int]],
    ) -> list[list[int]]:
        """``Erik Anna och Lisa``: learners leave out the comma in a list of people. Two first
        names (the second no surname) that go on with ``och``/``,`` and another first name are
        two people, not a first name and a middle name."""
        tokens = doc.tokens
        if len(run) != 2 or any(
            accepted[i][0] != "first" and (readings.get(i) or (None,))[0] is None for i in run
        ):
            return [run]
        last = readings.get(run[-1])
        if last is None or last[1] is not None:
            return [run]  # "Ahmed Hassan och Sara": a surname can close the first name
        j = run[-1] + 1
        if j + 1 < len(tokens) and tokens[j].lower in ("och", ",") and j + 1 in accepted and \
                accepted[j + 1][0] == "first" and tokens[j + 1].sentence == tokens[run[0]].sentence:
            return [[i] for i in run]
        return [run]

    def _initials(
        self, doc: Document, run: list[int], n: int, seen: set[int]
    ) -> list[Candidate]:
        """Single capital letters right before or after a name: "A. Svensson", "Anna K."
        (a list: a generator per name cost more than the rest)."""
        tokens = doc.tokens
        found: list[Candidate] = []
        for j in (run[0] - 1, run[0] - 2, run[-1] + 1):
            if 0 <= j < n and j not in seen and _is_initial(tokens[j]):
                if j == run[0] - 2 and tokens[j + 1].text != ".":
                    continue
                if j == run[0] - 1 and tokens[j].text in _ONE_LETTER_WORDS:
                    continue  # "I Addis bor fem miljoner": the preposition, not an initial
                if j == run[-1] + 1 and j + 1 < n and tokens[j + 1].is_word and \
                        tokens[j + 1].is_title:
                    continue  # "Anna I Stockholm" — the preposition, not an initial
                t = tokens[j]
                seen.add(j)
                size = len(t.text.rstrip("."))
                found.append(Candidate(t.start, t.start + size, "initials", frozenset(), 0.7,
                                       t.text[:size].lower(), source=self.name))
        return found

    def _gender(self, doc: Document, i: int, reading, key: str = "") -> tuple[str, bool]:
        """The gender of the first name at ``i`` and whether the evidence is firm (a list, a
        relative, a pronoun, what the writer says of themselves) rather than a guess from the
        name's spelling or the default for an unlisted name."""
        entry = reading[0] if reading else None
        if entry is not None and entry.manual and entry.label.startswith("firstname_"):
            return entry.label.split("_", 1)[1], True
        kin = _kin_gender(doc, i)
        if kin:
            return kin, True  # "min fru Nino", "min svägerska Dragana": the relative decides
        norm = doc.tokens[i].norm
        base = norm[:-1] if norm.endswith("s") else norm
        writer = _writer_gender(doc) if _writers_name(doc, i) else None
        if writer:
            # "Jag heter Fatou … min man", "Jag heter X och jag är mamma": what the writer
            # says of themselves outweighs any list (a name's gender differs between
            # countries, and the foreign lists hold errors) and any pronoun after the name
            return writer, True
        if entry is not None and _key(entry.canonical) not in (norm, base):
            # a misspelling's nearest listed name ("Mahad" → "Maha") is weaker evidence
            # than a pronoun about the person
            context = self._gender_from_context(doc, i)
            if context:
                return context, True
            near = _key(entry.canonical)
            ending = _suffix_gender(self.gaz, base) or (
                # "Saule" is no "Saul" (a final letter added or dropped changes the gender in
                # many naming systems: Paul/Paule, Jean/Jeanne); "Sevinj" is "Sevinc" spelt
                # otherwise, and keeps its gender
                model_for(self.gaz).gender(base)
                if base.isalpha() and (base[:-1] == near or near[:-1] == base) else None)
            if ending:
                return ending, False  # "Yusra" is no "Yura": the ending of the name as written
        if entry is not None and entry.label == "firstname":
            total = entry.male + entry.female
            if 0 < total < _RARE_LISTED:
                # a rare name of one foreign list (a few per million): a name's gender differs
                # between countries, so a pronoun or relative about the person decides first
                context = self._gender_from_context(doc, i)
                if context:
                    return context, True
            if total > 0:
                share = entry.male / total
                if share >= 0.85:
                    return "male", _key(entry.canonical) in (norm, base)
                if share <= 0.15:
                    return "female", _key(entry.canonical) in (norm, base)
        context = self._gender_from_context(doc, i)
        if context:
            return context, True
        if entry is None:
            # an unlisted name: the ending its listed namesakes share ("Kasia" like "Maria");
            # with no clue at all the annotators read an unlisted name as a man's (4 of 4 such
            # names in the held-out and training sets were firstname_male, none unknown);
            # "unknown" stays for listed unisex names (Kim, Robin, Alex)
            # when no ending of 2–4 letters is clear, the smoothed character model of all the
            # listed names (name_gender.py: endings backed off to shorter ones, and openings)
            # answers when it is confident; still unsure → a man's (see above)
            name = key or doc.tokens[i].norm
            partner = _partner_writer_gender(doc, self.gaz) if _writers_name(doc, i) else None
            if partner:
                return partner, False  # "min sambo Malte", "jag, en chilenska": the writer's
            return _suffix_gender(self.gaz, name) or \
                (model_for(self.gaz).gender(name) if name.isalpha() else None) or "male", False
        return "unknown", True

    @staticmethod
    def _his_opening(doc: Document, i: int) -> bool:
        """"Vi var hemma hos honom. Hans fru Tsegereda bjöd på kaffe": "Hans" opening a sentence
        before a lower-case word that is no verb ("Hans kommer", "Hans och jag" are the man)
        is the pronoun "his" — unless the essay names a Hans elsewhere with a capital inside
        a sentence ("jag träffade Hans", "min granne Hans")."""
        tokens = doc.tokens
        if not cx.is_sentence_initial(doc, i) or i + 1 >= len(tokens):
            return False
        nxt = tokens[i + 1]
        if not nxt.is_word or nxt.is_title or nxt.lower in _FINITE_VERBS or \
                nxt.lower in ("och", "eller", "som"):
            return False
        lowers = doc.lowers
        if lowers.count("hans") == 1:
            return True  # (the common case, counted in C)
        return not any(low == "hans" and tokens[j].text == "Hans" and
                       not cx.is_sentence_initial(doc, j) for j, low in enumerate(lowers))

    def _listed_first_name(self, tok: Token) -> bool:
        """A sentence's first word that is a listed first name and no Swedish word ("Dardan
        är nio år och han …": the pronoun is about Dardan, not about a name before), or an
        unlisted word that is no Swedish word and no place ("Xiadani bor i X och hennes …")."""
        low = tok.lower
        if low in self.gaz.vocabulary or low in self.gaz.common_words:
            return False
        entries = self.gaz.entries_for_key("names", tok.norm)
        if not entries:
            return low.isalpha() and not self.gaz.entries_for_key("places", tok.norm)
        return any(e.label == "firstname" for e in entries)

    def _gender_from_context(self, doc: Document, i: int) -> str | None:
        prev = cx.prev_words(doc, i, 3)
        if prev and prev[0] in MASCULINE_ADJECTIVES and i and doc.tokens[i - 1].lower == prev[0]:
            return "male"  # "Käre Timo", "lille Kalle": the masculine -e form of the adjective
        naming = naming_object_gender(prev)
        if naming:
            return naming  # "vi kallar honom X", "de döpte henne till X"
        if len(prev) > 1 and prev[0] in cx.NAME_INTRO:
            # "han heter Robin", "hon hette Kim"
            if prev[1] in cx.PRONOUN_MALE:
                return "male"
            if prev[1] in cx.PRONOUN_FEMALE:
                return "female"
        for w in prev:
            if w in MAN_BEFORE:
                return "male"
            if w in WOMAN_BEFORE:
                return "female"
        # "Lemlem är min syster", "Abrehet, min fru, lagar mat": the relation after the name
        tokens = doc.tokens
        after = [t.lower for t in tokens[i + 1 : i + 6] if t.sentence == tokens[i].sentence]
        if after[:2] in (["som", "är"], ["som", "var"]):
            after = after[1:]  # "Lemlem som är min syster"
        elif after[:1] == ["("]:
            after = ["är", *after[1:]]  # "Lemlem (min syster)"
        if len(after) > 2 and after[0] in ("är", "var", ",") and (
                after[1] in _MY or after[0] == "," and _other_owner(tokens[i + 2])):
            # (also "Abebe, hennes man,", "Abebe, Saras man,")
            kin = after[3] if after[2] in _KIN_ADJECTIVES and len(after) > 3 else after[2]
            if kin in MAN_KIN:
                return "male"
            if kin in WOMAN_KIN:
                return "female"
        if len(prev) > 2 and prev[0] in cx.NAME_INTRO and prev[1] == "som":
            # "en kvinna som heter Golbahar", "en gammal man som hette Tesfu"
            if prev[2] in _WOMAN_WORDS:
                return "female"
            if prev[2] in _MAN_WORDS:
                return "male"
        if prev and prev[0] in ("heter", "hette") and tokens[i - 1].lower == prev[0]:
            opener = _heter_subject_gender(doc, i - 1)
            if opener:
                return opener  # "Min dotter, född i mars, heter Noy", "Min son som är fem heter"
        apposition = _apposition_gender(doc, i)
        if apposition:
            return apposition  # "En kvinna från Laos, Noy, …", "Noy, en äldre kvinna, …"
        # The first third-person pronoun after the name, in this or the next sentence.
        tokens = doc.tokens
        if i + 2 < len(tokens) and tokens[i + 1].text == "," and \
                tokens[i + 2].lower in ("du", "ni"):
            return None  # "Ottilia, du sa att du ville hålla honom": a person spoken to is
            # no "han" or "hon"; the pronoun after is somebody else
        sent = tokens[i].sentence
        stop = doc.sentences[min(sent + 1, len(doc.sentences) - 1)][1]
        # "Idun fick läsa för honom": in the clause of which the name is the subject, an
        # object or possessive pronoun is somebody else (the subject's own is "sig", "sin")
        own_clause = i + 1 < len(tokens) and tokens[i + 1].lower in _FINITE_VERBS
        for j in range(i + 1, min(stop, i + 30)):
            t = tokens[j]
            if own_clause:
                if t.lower in _CLAUSE_OPENERS or t.sentence != sent:
                    own_clause = False
                elif t.lower in _OTHER_PERSON_PRONOUNS:
                    continue
            if t.is_title and t.is_word and t.lower not in _SENTENCE_WORDS and "-" not in t.text:
                if (not cx.is_sentence_initial(doc, j) or self._listed_first_name(t)) \
                        and t.norm not in self.gaz.not_labelled \
                        and not (self.gaz.entries_for_key("places", t.norm)
                                 and not self.gaz.entries_for_key("names", t.norm)):
                    # another person may be the one the pronoun is about (but "X-trafik",
                    # "Coca-Cola" are things)
                    return None
            if t.lower in cx.PRONOUN_MALE:
                return "male"
            if t.lower in cx.PRONOUN_FEMALE:
                return "female"
        return None


# Object and possessive pronouns, which never point back to the subject of their own clause
# (that is "sig", "sin"), and the words that open a new clause (_gender_from_context).
_OTHER_PERSON_PRONOUNS = frozenset("honom henne hans hennes".split())
_CLAUSE_OPENERS = frozenset(
    ", ; : och men att som eftersom när medan därför fast innan tills".split()
)


# Nouns for a woman or a man before "som heter X".
_WOMAN_WORDS = frozenset(
    "kvinna kvinnan flicka flickan dam damen tjej tjejen tant tanten gumma gumman "
    "lärarinna lärarinnan".split()
)
_MAN_WORDS = frozenset(
    "man mannen pojke pojken kille killen herre herren farbror gubbe gubben".split()
)


# One syllable of Mandarin pinyin without tones ("xiu", "zhou", "xiao"): Chinese given names
# of two syllables are often written as two words.
_PINYIN = re.compile(
    r"^(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:a|o|e|ai|ei|ao|ou|an|en|ang|eng|ong|er|i|u|ia|ie|iao|iu|ian|in|iang|ing|iong|ua|uo|"
    r"uai|ui|uan|un|uang|ue|ve|v)$"
)


def _in_place_list(tokens: list[Token], i: int, place_tokens: dict[int, bool]) -> bool:
    """``tokens[i]`` stands in a list beside a place: "från Somalia, Nigera och Syrien"."""
    if i >= 2 and (tokens[i - 1].text == "," or tokens[i - 1].lower == "och") and \
            i - 2 in place_tokens:
        return True
    return i + 2 < len(tokens) and (tokens[i + 1].text == "," or tokens[i + 1].lower == "och") \
        and i + 2 in place_tokens


def _heter_subject_gender(doc: Document, h: int) -> str | None:
    """The gender of a relative that opens the sentence of "heter" at ``h`` as its subject,
    with an insert or a relative clause before the verb: "Min dotter, född i juni förra året,
    heter …", "Min äldsta son som är fem år heter …" (not "Min dotter har en kompis som
    heter …": the relative clause must not end right before the verb)."""
    tokens = doc.tokens
    start = doc.sentences[tokens[h].sentence][0]
    k = start
    if k >= h or tokens[k].lower not in cx.POSSESSIVES:
        return None
    k += 1
    if k < h and tokens[k].lower in _KIN_ADJECTIVES:
        k += 1
    if k + 1 >= h:
        return None  # "Min dotter heter …" is the plain case (_kin_gender)
    noun = tokens[k].lower
    gender = "male" if noun in MAN_KIN else "female" if noun in WOMAN_KIN else None
    if gender is None:
        return None
    nxt = tokens[k + 1]
    if nxt.text == "," and tokens[h - 1].text == ",":
        return gender  # "Min dotter, född i mars, heter"
    if nxt.lower == "som" and tokens[h - 1].lower != "som" and \
            not any(t.lower == "som" for t in tokens[k + 2 : h]):
        return gender  # "Min son som är fem år heter"
    return None


def _spelling_variant(a: str, b: str) -> bool:
    """Two spellings of one name: one letter added, dropped or changed inside a name of five
    letters or more, the first and the last letter the same ("kirubora"/"kiruboora",
    "mohamad"/"mohammad"); a changed, added or dropped ending may change the gender
    (Daniel/Daniela, Mario/Maria), so it is no variant."""
    if a == b or min(len(a), len(b)) < 5 or abs(len(a) - len(b)) > 1 or \
            a[0] != b[0] or a[-1] != b[-1]:
        return False
    if len(a) > len(b):
        a, b = b, a
    k = 0
    while k < len(a) and a[k] == b[k]:
        k += 1
    if len(a) == len(b):
        return a[k + 1:] == b[k + 1:]  # one letter changed
    return a[k:] == b[k + 1:]  # one letter added


# Words that open the noun phrase of an apposition about a person ("en kvinna", "en äldre man").
_INDEFINITE = frozenset("en ett".split())
# How far the apposition's noun may stand from the name (adjectives, "från Laos" between).
_APPOSITION_REACH = 6


def _apposition_gender(doc: Document, i: int) -> str | None:
    """The gender of a woman's or a man's noun in an apposition to the name at ``i``: "En
    kvinna från Laos, Noy, säger …", "En äldre man, Kirubor, …" (the noun phrase right before
    the name's comma) or "Noy, en kvinna från Laos, …" (right after it). The noun must follow
    an indefinite article within a few words ("man" alone is also the pronoun "one")."""
    tokens = doc.tokens
    sent = tokens[i].sentence

    def noun_gender(j: int, step: int, stop: int) -> str | None:
        # the first woman's or man's noun from j on, in the direction of step, before stop
        k = j
        while k != stop and tokens[k].sentence == sent:
            t = tokens[k]
            if not t.is_word:
                if t.text != "-":
                    return None  # another comma or a full stop: the phrase is over
            elif t.lower in _WOMAN_WORDS or t.lower in _MAN_WORDS:
                before = [tokens[x].lower for x in range(max(k - 3, 0), k)
                          if tokens[x].sentence == sent]
                if not _INDEFINITE.intersection(before):
                    return None
                return "female" if t.lower in _WOMAN_WORDS else "male"
            k += step
        return None

    if i >= 2 and tokens[i - 1].text == ",":
        found = noun_gender(i - 2, -1, max(i - 2 - _APPOSITION_REACH, -1))
        if found:
            return found
    if i + 2 < len(tokens) and tokens[i + 1].text == "," and tokens[i + 2].lower in _INDEFINITE:
        return noun_gender(i + 3, 1, min(i + 3 + _APPOSITION_REACH, len(tokens)))
    return None


# Slavic (Russian, Ukrainian, Bulgarian, Polish, Czech, Slovak) patronymics and surnames
# have a woman's and a man's form: Ivanova/Ivanov, Petrovna/Petrovitj, Kowalska/Kowalski.
_SLAVIC_FEMALE_TAILS = ("ova", "eva", "ska", "cka", "ina", "yna")
_SLAVIC_MALE_TAILS = ("ov", "ev", "ski", "cki", "sky", "cky", "skij", "skiy", "in", "yn")
_PATRONYMIC_FEMALE_TAILS = ("ovna", "evna", "ivna")
# the Nordic patronymic of a woman, as a surname or a middle name ("Larsdotter", "Jónsdóttir")
_PATRONYMIC_WOMAN_ANYWHERE = ("dottir", "dotter")
# Turkic patronymics written as a word of their own: Azerbaijani qızı/oğlu, Kazakh qyzy/uly,
# Kyrgyz kyzy/uulu, Uzbek qizi/o'g'li (diacritics folded)
_TURKIC_PATRONYMIC_GENDER = {
    "qizi": "female", "kizi": "female", "gizi": "female", "kyzy": "female", "qyzy": "female",
    "oglu": "male", "ogly": "male", "ogli": "male", "uulu": "male", "uly": "male",
}
_PATRONYMIC_MALE_TAILS = ("ovich", "evich", "ovitj", "evitj", "ovitch", "ovic", "ijevitj")
# ... and as the ending of a patronymic surname ("Nurlanqyzy", "Serikuly", "Aliyeva" aside)
_TURKIC_FEMALE_TAILS = ("qizi", "kyzy", "qyzy", "kizi", "gizi")
_TURKIC_MALE_TAILS = ("oglu", "ogly", "uulu")


def heter_head(doc: Document, i: int) -> str:
    """The noun that "heter"/"hette" right before ``tokens[i]`` is about (lower case): "X
    heter", "X som heter", "en liten X som heter", and past prepositional phrases of one or
    two words, also chained: "en by utanför Tomelilla som heter", "en kompis på jobbet som
    heter", "en restaurang i gamla stan som heter", "en kille från byn i Irak som heter"."""
    before = cx.prev_words(doc, i, 10)[1:]
    if before and before[0] == "som":
        before = before[1:]
    for _ in range(2):
        if len(before) >= 3 and before[1] in _HEAD_PREPOSITIONS:
            before = before[2:]
        elif len(before) >= 4 and before[2] in _HEAD_PREPOSITIONS and \
                before[1] not in _HEAD_PREPOSITIONS and before[1] not in _NP_OPENERS:
            before = before[3:]  # "i gamla stan", "från norra Irak"
        elif len(before) >= 4 and before[2] in _HEAD_PREPOSITIONS and \
                before[1] in cx.POSSESSIVES and (
                    before[3] in _DEFINITE_RELATIONS or _is_relative(before[3])):
            before = before[3:]  # "Ledaren i min klubb heter", "Chefen på mitt jobb heter":
            # a person before the place of the possessive
        else:
            break
    return before[0] if before else ""


# Neuter nouns for people: "ett barn som heter X" is a person, "ett bål som heter X" a thing.
_NEUTER_PERSONS = frozenset(
    "barn barnet barnbarn barnbarnet syskon syskonet syskonbarn kusinbarn par paret biträde "
    "vittne offer proffs geni original helgon statsråd befäl bud".split()
)


def _neuter_head(doc: Document, i: int) -> bool:
    """The words before ``tokens[i]`` read "ett [adjectives] <noun> som heter": a neuter noun
    that is no person's ("ett stort bål som heter X")."""
    prev = cx.prev_words(doc, i, 6)
    if len(prev) < 4 or prev[1] != "som" or prev[2] in _NEUTER_PERSONS:
        return False
    for k in (3, 4, 5):
        if k >= len(prev):
            return False
        if prev[k] == "ett":
            return True
        if prev[k] in _NP_OPENERS:
            return False
    return False


# Words that open a noun phrase: "(bodde i) en by som heter" ends the search at "by".
_NP_OPENERS = frozenset(
    "en ett den det de som och min mitt mina din ditt dina sin sitt sina vår vårt våra er "
    "ert era hans hennes deras denna detta dessa".split()
)


def is_thing_head(head: str) -> bool:
    """A place, thing or event noun (or "den"/"det"): what it is called is no person's name."""
    return head in _THING_NOUNS or head.endswith(_THING_TAILS) or head in ("den", "det")


# Total weight (per million) below which a listed first name's gender yields to the context.
_RARE_LISTED = 3.0


def _listed_gender(entry: Entry | None, norm: str) -> str | None:
    """The clear gender (≥ 85 % of its bearers) of a first name listed as written, else None."""
    if entry is None or entry.label != "firstname" or _key(entry.canonical) != norm:
        return None
    total = entry.male + entry.female
    if total <= 0:
        return None
    share = entry.male / total
    return "male" if share >= 0.85 else "female" if share <= 0.15 else None


def _SLAVIC_GENDER(norm: str, middle: bool = False) -> str | None:  # noqa: N802 (a table)
    """"female"/"male" for a Slavic surname (``Ivanova``, ``Kowalski``; diacritics folded:
    ``Nováková`` → ``novakova``) or, as a middle name, a patronymic (``Petrovna``,
    ``Ivanovitj``) with a gendered ending; None otherwise. Surnames of five letters or more
    only, and the two-letter endings ("-in", "-ov") on six or more. Also the Turkic
    patronymic words and endings ("Leyla Huseyn qizi", "Nurlanuly", "Aliyev Rashid oglu")
    and the Nordic "-dottir"/"-dotter" of a woman."""
    turkic = _TURKIC_PATRONYMIC_GENDER.get(norm)
    if turkic:
        return turkic
    if len(norm) < 5 or not norm.isalpha():
        return None
    if norm.endswith(_PATRONYMIC_WOMAN_ANYWHERE) or norm.endswith(_TURKIC_FEMALE_TAILS):
        return "female"
    if norm.endswith(_TURKIC_MALE_TAILS) or (len(norm) >= 7 and norm.endswith("uly")):
        return "male"
    if middle:
        if norm.endswith(_PATRONYMIC_FEMALE_TAILS):
            return "female"
        return "male" if norm.endswith(_PATRONYMIC_MALE_TAILS) else None
    for tails, gender in ((_SLAVIC_FEMALE_TAILS, "female"), (_SLAVIC_MALE_TAILS, "male")):
        for tail in tails:
            if norm.endswith(tail) and (len(tail) > 2 or len(norm) >= 6):
                return gender
    return None


# The commonest Vietnamese family names (they cover most Vietnamese people) and the middle
# names that usually stand between family and given name; Van marks a man, Thi a woman.
_VN_SURNAMES = frozenset(
    """nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly truong dinh lam
    mai trinh luong cao quach doan luu chau vuong""".split()
)
_VN_MIDDLE = frozenset("van thi duc huu ngoc minh thanh quang xuan thu kim hong dinh".split())
_VN_GENDER = {"van": "male", "thi": "female"}
# Middle names that also open other names ("Kim Larsson", "Van Morrison", "Dinh" a surname).
_VN_NOT_JOINED = frozenset("kim van dinh hong".split())


def _vietnamese_roles(tokens: list[Token], run: list[int]) -> list[str] | None:
    """Roles of a three- or four-word Vietnamese name: "Nguyen Van Long" (family name first) →
    surname, middle name, first name ("Phạm Thị Lan Anh": the last two one first name);
    "Thi Lan Nguyen" (Western order) → the two given names are one first name ("join" marks the
    second half), then the surname. None otherwise."""
    if len(run) == 4:
        # "Phạm Thị Lan Anh": family name, middle name, a two-part given name
        a, b, c, d = (tokens[i].norm for i in run)
        if a in _VN_SURNAMES and b in _VN_MIDDLE and d not in _VN_SURNAMES:
            return ["sur", "middle", "first", "join"]
        return None
    if len(run) == 2:
        # "Thu Ha", "Ngoc Lan": a two-part Vietnamese given name is one first name
        a, b = (tokens[i].norm for i in run)
        if a in _VN_MIDDLE and a not in _VN_NOT_JOINED and b not in _VN_SURNAMES and \
                len(b) <= 5 and b.isalpha():
            return ["first", "join"]
        return None
    if len(run) != 3:
        return None
    first, mid, last = (tokens[i].norm for i in run)
    if first in _VN_SURNAMES and mid in _VN_MIDDLE and last not in _VN_SURNAMES:
        return ["sur", "middle", "first"]
    if last in _VN_SURNAMES and first in _VN_MIDDLE and first not in _VN_SURNAMES:
        return ["first", "join", "sur"]
    return None


# Participles and nouns of a work before "av" + its creator ("skriven av", "boken av").
_CREATOR_WORDS = frozenset(
    """skriven skrivet skrivna regisserad regisserat regisserades skrevs gjord gjort gjordes
    producerad komponerad sjungen sjungs målad målade tecknad översatt bok boken roman
    romanen film filmen pjäs pjäsen låt låten sång sången dikt dikten novell novellen
    serie serien album albumet tavla tavlan""".split()
)
# Events whose "med X" is a performer ("på konsert med Laleh").
_PERFORMANCE_WORDS = frozenset(
    "konsert konserten konserter spelning spelningen föreställning föreställningen "
    "show showen turné turnén".split()
)
_QUOTES = frozenset('"“”«»„')
# Participles after which "av X" may be anyone who made or gave a thing ("gjord av Anna").
_MADE_WORDS = frozenset("gjord gjort gjordes målad målade tecknad".split())
_GIVING_VERBS = frozenset("fick får fått få lånade lånat lånar köpte köpt köper".split())


def _creator_before(doc: Document, i: int, full: bool) -> bool:
    """``tokens[i]`` opens the name of a work's creator or a performer: a full name after
    "av" that follows a closing quote or a work word ("»Ett dockhem« av Henrik Ibsen",
    "regisserad av Ali Abbasi"), or a name after "konsert med"."""
    tokens = doc.tokens
    if i < 2:
        return False
    before = tokens[i - 1].lower
    if before == "med":
        prev = cx.prev_words(doc, i, 2)
        return len(prev) == 2 and prev[1] in _PERFORMANCE_WORDS
    if before != "av":
        return False
    if any(w in _GIVING_VERBS for w in cx.prev_words(doc, i, 6)):
        return False  # "jag fick en bok av Anna Berg": a gift, not an author
    two = tokens[i - 2]
    if not full:
        # "en dikt av Hafez", "romanen av Qwerto": a work noun right before "av" credits
        # a single name too (not a quoted title: "»Kärlek« av Anna" may be a friend's)
        return two.lower in _CREATOR_WORDS and two.lower not in _MADE_WORDS
    return two.text in _QUOTES or two.lower in _CREATOR_WORDS


def _in_title(doc: Document, i: int) -> bool:
    """``tokens[i]`` lies inside a quoted title that a work noun announces: filmen "Min pappa
    Marianne", boken "Hundraåringen …"."""
    tokens = doc.tokens
    first = doc.sentences[tokens[i].sentence][0]
    j = i - 1
    while j >= first and i - j <= 8:
        if tokens[j].text in _QUOTES:
            return j > first and tokens[j - 1].lower in _CREATOR_WORDS
        j -= 1
    return False


def _lone_after_number_or_place(doc: Document, i: int, common: bool = False) -> bool:
    """A capitalised word with only a surname reading, alone (no name word next to it), after
    a number ("8 Sidor") or, unless it is a common surname ("från Andersson"), after a place
    preposition ("från Souss"): a noun or a place."""
    tokens = doc.tokens
    if i == 0 or (i + 1 < len(tokens) and tokens[i + 1].is_title and tokens[i + 1].is_word):
        return False
    prev = tokens[i - 1]
    if prev.is_title and prev.is_word:
        return False
    return prev.is_digit or (
        not common and prev.lower in ("från", "i", "på", "vid", "nära", "utanför")
    )


def _particle_surname(tok: Token) -> bool:
    """``al-Hashimi``, ``el-Sayed``, ``abu-Bakr``: an Arabic particle joined to a capitalised
    name by a hyphen (written with a lower-case particle)."""
    head, sep, rest = tok.text.partition("-")
    return bool(sep) and head.lower() in _SURNAME_PARTICLES and rest[:1].isupper() and \
        rest.isalpha()


# What people call someone: "mina vänner säger Bosse", "alla säger bara Rafi", "de kallade
# mig Anh".
_CALLED_WORDS = frozenset("säger sa sade bara mig mej oss honom henne".split())
_NAME_WORDS = frozenset("heter hette namn namnet smeknamn förnamn".split())
_CALLERS = frozenset(
    "alla vänner vännerna kompisar kompisarna folk de dom många familjen man".split()
)
# Subjects that follow "säger" in a main clause opened by an adverbial ("hemma säger vi X").
_INVERTED_CALLERS = frozenset("vi de dom alla".split())


def _called(doc: Document, i: int) -> bool:
    """``tokens[i]`` is the name people use: after "<people> säger (bara)" or "<kallar> mig",
    closing its clause."""
    tokens = doc.tokens
    tok = tokens[i]
    # a quoted name right after the verb or its object ("alla sa "Bibbi"", "vi kallar henne
    # "Nunne"") opens no sentence of speech when it is all the quote holds (not "kallar henne
    # "Mama Nunne"": a kin word before the name)
    quoted = i > 1 and tokens[i - 1].text in _QUOTES and tokens[i - 2].is_word and \
        tokens[i - 2].sentence == tok.sentence and i + 1 < len(tokens) and \
        tokens[i + 1].text in _QUOTES
    if not tok.is_title or not tok.is_word or (cx.is_sentence_initial(doc, i) and not quoted):
        return False
    prev = cx.prev_words(doc, i, 4)
    if not prev:
        return False
    if prev[0] in ("mig", "mej", "oss", "honom", "henne"):
        return len(prev) > 1 and (prev[1] in cx.NAME_INTRO or prev[1] in ("kallade", "kallat")
                                  or (len(prev) > 2 and prev[1] in _CALLERS  # inverted order
                                      and prev[2] in ("kallar", "kallade")))
    k = 1 if prev[0] == "bara" else 0
    if len(prev) > k + 1 and prev[k] in _INVERTED_CALLERS and prev[k + 1] in ("säger", "sa"):
        # the subject after the verb: "hemma säger vi "Nunne"", "på jobbet säger de Bibbi",
        # only beside the person's name ("hon heter X men hemma säger vi Y")
        if _NAME_WORDS.isdisjoint(cx.sentence_words(doc, i)):
            return False
    elif len(prev) < k + 2 or prev[k] not in ("säger", "sa", "sade") or (
            prev[k + 1] not in _CALLERS and prev[k + 1] != "vi"):
        return False
    elif prev[k + 1] == "vi" and _NAME_WORDS.isdisjoint(cx.sentence_words(doc, i)):
        return False  # "hon heter X men vi säger Y" (not "från X, men vi säger Y": a town)
    j = i + 1
    if quoted and j < len(tokens) and tokens[j].text in _QUOTES:
        j += 1  # the closing quote
    return j >= len(tokens) or tokens[j].text in (",", ".", "!", "?") or \
        tokens[j].lower in ("till", "och", "men", "för")


_SAYING_VERBS_SHORT = frozenset("sa sade säger ropade ropar frågade frågar skrek svarade".split())


def _speech_opening(doc: Document, i: int) -> bool:
    """``tokens[i]`` opens a quote right after a saying verb and its subject pronoun, if any:
    "sa hon "X,", "ropade: "X,"."""
    prev = cx.prev_words(doc, i, 2)
    if prev and prev[0] in ("hon", "han", "jag", "de", "vi", "hen"):
        prev = prev[1:]
    return bool(prev) and prev[0] in _SAYING_VERBS_SHORT


# Endings of Swedish surnames: "heter Lindqvist" is a surname even alone.
_SWEDISH_SURNAME_TAILS = (
    "son", "berg", "ström", "strom", "qvist", "quist", "kvist", "lund", "gren", "blad",
    "dahl", "holm", "stedt", "stam", "ér", "én", "ius",
)


# Suffix evidence for unlisted names: an ending needs this many listed names and this share
# of one gender. Measured by 5-fold cross-validation on the curated learner names
# (firstnames_extra.txt, each fold predicted from all other names): 10 / 0.9 answers for 20 %
# of them with 84 % right; 5 / 0.75 answers for 61 % with 77 % right. A wrong gender costs
# the same as "unknown" wherever the annotators know the name's gender (the gold sets use
# firstname_unknown only for listed unisex names: Robin, Kim, Alex, Sam), so the wider rule.
_SUFFIX_SUPPORT = 5
_SUFFIX_SHARE = 0.75


def _suffix_gender(gaz: Gazetteer, norm: str) -> str | None:
    """The gender the last four, three or two letters of an unlisted first name point to:
    the longest ending with enough listed names decides, or abstains when it is mixed."""
    if not norm.isalpha():
        return None
    table = _suffix_table(gaz)
    for size in (4, 3, 2):
        if len(norm) <= size + 1:
            continue
        counts = table.get(norm[-size:])
        if counts is None or sum(counts) < _SUFFIX_SUPPORT:
            continue
        male, female, total = counts[0], counts[1], sum(counts)
        if male / total >= _SUFFIX_SHARE:
            return "male"
        if female / total >= _SUFFIX_SHARE:
            return "female"
        return None
    return None


_SUFFIX_TABLES: dict[int, tuple[Gazetteer, dict[str, list[int]]]] = {}


def _suffix_table(gaz: Gazetteer) -> dict[str, list[int]]:
    """Endings (2–4 letters) of the listed first names → [male, female, unisex] name counts;
    built once per gazetteer from its name entries."""
    cached = _SUFFIX_TABLES.get(id(gaz))
    if cached is not None and cached[0] is gaz:
        return cached[1]
    table: dict[str, list[int]] = {}
    slots = {"male": 0, "female": 1, "unisex": 2}
    for key, gender in name_genders(gaz):
        slot = slots[gender]
        for size in (4, 3, 2):
            if len(key) > size + 1:
                table.setdefault(key[-size:], [0, 0, 0])[slot] += 1
    if len(_SUFFIX_TABLES) > 8:
        _SUFFIX_TABLES.clear()
    _SUFFIX_TABLES[id(gaz)] = (gaz, table)
    return table


_DIACRITIC_SWAPS = {"a": "åä", "o": "ö", "e": "ä", "å": "a", "ä": "ae", "ö": "o"}


def _misspelled_word(low: str, vocabulary: frozenset[str]) -> bool:
    """True when an unlisted word is a Swedish word with a typical learner misspelling: a
    single consonant written double or a double one single ("Tilsammans", "Hurr"), two letters
    swapped, å/ä/ö written without the dots or a final letter dropped ("Promenerad").
    After a first name such a word is a sentence part written with a capital, not a surname.
    Only these edits: any one-letter edit would also turn real surnames into words
    (Benali → bengali). Words under six letters are left alone."""
    if len(low) < 6 or not low.isalpha():
        return False
    n = len(low)
    for k in range(n):
        ch = low[k]
        if k + 1 < n and low[k + 1] == ch and low[:k] + low[k + 1 :] in vocabulary:
            return True  # a double letter that should be single
        if ch not in "aeiouyåäö" and (k + 1 == n or low[k + 1] != ch) and \
                low[: k + 1] + ch + low[k + 1 :] in vocabulary:
            return True  # a single consonant that should be double
        if k + 1 < n and low[:k] + low[k + 1] + ch + low[k + 2 :] in vocabulary:
            return True  # swapped letters
        for alt in _DIACRITIC_SWAPS.get(ch, ""):
            if low[:k] + alt + low[k + 1 :] in vocabulary:
                return True
    return any(low + c in vocabulary for c in "aenrt")  # a dropped final letter


class _Keys(dict):
    """text → normalize(text), filled on first look-up (``__missing__``: a hit stays a
    C-level dict look-up, the fold of the same list names again and again cost more);
    cleared when full."""

    __slots__ = ()

    def __missing__(self, text: str) -> str:
        key = normalize(text)
        if len(self) >= 50_000:
            self.clear()
        self[text] = key
        return key


_key = _Keys().__getitem__


# Words before a name used alone as what the person is called ("kallade mig Anh",
# "Med vänliga hälsningar Anh"): a first name, whatever role it had in the full name.
_ADDRESS_WORDS = frozenset(
    "mig mej heter hette kallas kallade kallar hälsningar hälsning kram kramar puss hej "
    "hejsan kära".split()
)
_NAME_PARTICLES = frozenset("del de la le di da do dos das von van der den".split())
# Particles inside surnames (Arabic, Dutch, German, Spanish, French, Scandinavian nobility).
_SURNAME_PARTICLES = frozenset(
    "al el bin ibn abu ben von van der den de di da du la le dos das del af ter".split()
)
# Frequent finite verbs after a sentence-initial subject ("Hans är", "Bo kommer", "Sten har").
_FINITE_VERBS = frozenset(
    """är var har hade blir blev kommer kom bor bodde jobbar jobbade arbetar arbetade går gick
    ska skulle kan kunde vill ville tycker tyckte säger sa sade gillar gillade älskar älskade
    pratar pratade ringer ringde heter hette brukar brukade tror trodde fick får åker åkte
    hjälper hjälpte bjöd bjuder lagar lagade spelar spelade studerar studerade läser läste
    berättade berättar skrev skriver köpte köper träffade träffar började börjar
    frågade frågar svarade svarar förklarade förklarar menar menade tänkte tänker lärde lär
    pluggar pluggade""".split()
)
# A verb of saying or thinking before "att" or a colon ("Tesfom sa att", "Rahel tycker att"),
# of teaching before "mig"/"oss" ("Kalle lärde mig"), of studying before "till" ("Rahel
# läser till sjuksköterska"): a person's verbs (_person_verb_after).
_SAYING_VERBS = frozenset(
    """sa sade säger berättade berättar tycker tyckte tror trodde frågade frågar svarade svarar
    förklarade förklarar menar menade tänkte tänker""".split()
)
_TEACHING_VERBS = frozenset("lärde lär".split())
_DWELL_NEXT = frozenset("i på hos med nära nu fortfarande också kvar ihop själv ensam".split())
_STUDY_VERBS = frozenset("läser läste studerar studerade pluggar pluggade".split())


def _person_verb_after(doc: Document, i: int) -> bool:
    """The subject at ``i`` does what only a person does (see _SAYING_VERBS)."""
    tokens = doc.tokens
    if i + 2 >= len(tokens) or tokens[i + 2].sentence != tokens[i].sentence:
        return False
    verb, nxt = tokens[i + 1].lower, tokens[i + 2].lower
    return (verb in _SAYING_VERBS and nxt in ("att", ":")) or (
        verb in _TEACHING_VERBS and nxt in ("mig", "mej", "oss")) or (
        verb in _STUDY_VERBS and nxt == "till") or (
        verb in ("bor", "bodde") and nxt in _DWELL_NEXT)  # "Tyra bor i Malung"
# Common-word first names that open sentences as pronouns, quantifiers or mass nouns before a
# verb ("Vi är", "Inga är perfekta", "Liv är viktigt", "Mark är dyr"): never a name there
# without another cue.
_NOT_SUBJECT_NAMES = frozenset(
    "vi jo inga mina dina sina per liv mark saga milan linda klara eden finn inge lo rim chi "
    "lama hoa avin rodel tor maj man du de dom den det hon han".split()
)


def _subject_next(doc: Document, i: int, gaz: Gazetteer) -> bool:
    """The word after a sentence's first word at ``i`` makes that word a person: a finite verb
    ("Helga har"), a past tense ("Helga viskade"), "från" ("Helga från Oman berättade") or an
    age in apposition ("Helga, 84 år, …")."""
    tokens = doc.tokens
    nxt = tokens[i + 1]
    if nxt.sentence != tokens[i].sentence:
        return False
    low = nxt.lower
    if low in _FINITE_VERBS or low == "från":
        return True
    if low.endswith("ade") and len(low) > 5 and gaz.is_known_word(low):
        return True
    return nxt.text == "," and i + 3 < len(tokens) and tokens[i + 3].lower == "år" and (
        tokens[i + 2].lower in _AGE_NUMBER_WORDS
        or (tokens[i + 2].is_digit and len(tokens[i + 2].text) <= 2))


_MONTH_NAMES = frozenset(
    "januari februari mars april maj juni juli augusti september oktober november "
    "december".split()
)


def _subject_name(doc: Document, i: int, low: str, entry: Entry | None) -> bool:
    """A common-word first name at a sentence start is the subject when a finite verb follows
    ("Bo jobbar", "Hans pratar", "Rosa är min syster") or "och jag/vi" ("Sten och jag …"):
    a bare noun, adjective or infinitive cannot open a Swedish clause that way. Only names
    common in the list (weight ≥ 20), or rarer ones (≥ 2) of one gender that are no month
    ("Helga går", "Tyra jobbar": names the list weighs low)."""
    if entry is None or entry.label != "firstname" or low in _NOT_SUBJECT_NAMES:
        return False
    if entry.weight < 20 and (
            entry.weight < 2 or low in _MONTH_NAMES
            or min(entry.male, entry.female) * 9 >= max(entry.male, entry.female)):
        return False  # a rarer name only when one gender's ("Helga går", not "April är")
    tokens = doc.tokens
    if i + 1 >= len(tokens) or tokens[i + 1].sentence != tokens[i].sentence:
        return False
    nxt = tokens[i + 1].lower
    if nxt in _FINITE_VERBS:
        return True
    if _is_initial(tokens[i + 1]) and i + 3 < len(tokens) and tokens[i + 2].text == "." and \
            tokens[i + 3].is_title and tokens[i + 3].is_word:
        return True  # "Britt M. Stål, som har jobbat här": a name, its initial, a surname
    return nxt == "och" and i + 2 < len(tokens) and tokens[i + 2].lower in ("jag", "vi")


# Sign-offs of a letter: the capitalised word after them at the end of a line is the writer.
# Greetings and sign-offs of the writers' other languages ("Hola Lucía!", "Querida Belén!",
# "Liebe Anna,", "Labas Rūta!"; "Deine Sabine", "Besos, Carmen"): never names themselves.
# Titles of saints before their name.
_SAINT_TITLES = frozenset("sankt sankta saint sainte".split())
# Foreign honorifics that learners keep before a name (Spanish, Portuguese, Italian, French,
# German); their gender is in name_gender.FOREIGN_TITLES_*.
_FOREIGN_TITLE_POSITIONS = Words.track(FOREIGN_TITLES_FEMALE | FOREIGN_TITLES_MALE)
# A surname reading below this weight (per million) is too rare to outweigh a list of first
# names around the word.
_RARE_SURNAME = 5.0


_HETER_WORDS = frozenset("heter hette".split())
_FAMILY_POSITIONS = Words.track({"familjen", "familj"})
# Illnesses named after a physician, and the words before them that speak of having one.
_EPONYM_ILLNESSES = frozenset(
    "parkinson parkinsons alzheimer alzheimers asperger aspergers tourette tourettes crohn "
    "crohns bechterew bechterews".split())
_ILLNESS_CUES = frozenset(
    "har hade fick fått får med av mot diagnosen diagnos sjukdomen drabbades".split())
_DOOR_WORDS = frozenset(
    "dörr dörren ytterdörren lägenhetsdörren brevlåda brevlådan namnskylt namnskylten "
    "porttelefon porttelefonen".split())
_DOOR_POSITIONS = Words.track(_DOOR_WORDS)


def _door_name(doc: Document, d: int) -> int | None:
    """The index of the one capitalised word a door or letter-box word ``tokens[d]`` shows:
    "står [X] på dörren", "dörren har (namnet) [X]", "på dörren står (det) [X]"."""
    tokens = doc.tokens
    n = len(tokens)

    def name_at(j: int) -> bool:
        return 0 <= j < n and tokens[j].is_title and tokens[j].is_word and \
            tokens[j].sentence == tokens[d].sentence and \
            not (j + 1 < n and tokens[j + 1].is_title and tokens[j + 1].is_word)

    if d >= 3 and tokens[d - 1].lower == "på" and name_at(d - 2) and \
            "står" in (tokens[d - 3].lower, tokens[d - 4].lower if d >= 4 else ""):
        return d - 2  # "det står X på dörren", "står det X på dörren"
    k = d + 1
    if k < n and tokens[k].lower == "har":
        k += 1
        if k < n and tokens[k].lower in ("namnet", "namn", "skylten"):
            k += 1
        return k if name_at(k) else None
    if d >= 1 and tokens[d - 1].lower == "på" and k < n and tokens[k].lower == "står":
        k += 1
        if k < n and tokens[k].lower == "det":
            k += 1
        return k if name_at(k) else None
    return None


def _det_heter_thing(doc: Document, i: int) -> bool:
    """"på kurs i Hedeby, det heter Vård": "det heter" right after a comma resumes the
    thing of the clause before (no person is "det")."""
    tokens = doc.tokens
    return i >= 3 and tokens[i - 2].lower == "det" and tokens[i - 3].text == ","


def _kin_word_name(doc: Document, i: int) -> bool:
    """"min dotter Svala.", "med min son Stig och …": a capitalised Swedish word right after
    a possessive and a relative, closing the phrase (a punctuation mark or "och" after it), is
    the relative's name though it is a word of the language too."""
    tokens = doc.tokens
    # (the possessive two words before first: it rules out nearly every word at once)
    if i < 2 or tokens[i - 2].lower not in cx.POSSESSIVES:
        return False
    tok = tokens[i]
    if not tok.is_title or not tok.lower.isalpha() or len(tok.lower) < 3 or \
            tok.lower in _NOT_NAMES or cx.is_sentence_initial(doc, i):
        return False
    if not _is_relative(tokens[i - 1].lower):
        return False
    return i + 1 >= len(tokens) or tokens[i + 1].text in (".", ",", "!", "?") or \
        tokens[i + 1].lower == "och"


def _acronym(tokens: list[Token], i: int) -> bool:
    """``tokens[i]`` is a word of 2–5 capitals (an abbreviation) among words of ordinary case
    in its sentence, and no "heter"/"namn" introduces it."""
    text = tokens[i].text
    if not (2 <= len(text) <= 5 and text.isalpha() and text.isupper()):
        return False
    if i > 0 and tokens[i - 1].lower in cx.NAME_INTRO:
        return False
    sentence = tokens[i].sentence
    others = [t.text for t in tokens[max(0, i - 6): i + 7]
              if t.sentence == sentence and t.is_word and t is not tokens[i] and len(t.text) > 1]
    return bool(others) and not any(t.isupper() for t in others)


def _coordinated_with_first(tokens: list[Token], accepted: dict, i: int) -> bool:
    """``tokens[i]`` is joined by "och" or "," to a lone word accepted as a first name, in
    the same sentence: "Amal och [X]", "[X], Amal", "Amal, [X] och Sara"."""
    for joiner, j in ((i - 1, i - 2), (i + 1, i + 2)):
        if j < 0 or j >= len(tokens) or tokens[joiner].lower not in ("och", ","):
            continue
        a = accepted.get(j)
        if a is None or a[0] != "first" or a[2] or tokens[j].sentence != tokens[i].sentence:
            continue
        if (j - 1) in accepted or (j + 1) in accepted:
            continue  # "Anna Berg och Nilsson": a full name, not a list of first names
        return True
    return False
_FOREIGN_GREETINGS = frozenset(
    "hola querida querido queridas queridos dear hi hello hallo liebe lieber salut bonjour "
    "chère cher ciao olá oi labas sveiki tere privet zdravo merhaba".split()
)
_FOREIGN_SIGN_OFFS = frozenset(
    "deine dein besos beso abrazos abrazo beijos beijo bisous saludos cariños love xoxo "
    "kramis".split()
)
# Endearments of the learners' languages used as a form of address ("Hej habibi!", "Kära
# azizam,"): Arabic, Persian, Turkish, Spanish, Italian.
_FOREIGN_ENDEARMENTS = frozenset(
    "habibi habibti habibty hayati azizam canım canim cariño mijo mija amore".split()
)
_FOREIGN_WORDS = _FOREIGN_GREETINGS | _FOREIGN_SIGN_OFFS | _FOREIGN_ENDEARMENTS
_SIGN_OFFS = frozenset(
    "hälsningar hälsning mvh kram kramar puss pussar hälsar vänligen hejdå".split()
) | _FOREIGN_SIGN_OFFS


def _signature(doc: Document, i: int, before: str) -> bool:
    """``tokens[i]`` signs a letter: after a sign-off word or a slash at a line start, and the
    last word of its line (or followed only by a surname)."""
    tokens = doc.tokens
    tok = tokens[i]
    if not tok.is_title or not tok.is_word:
        return False
    text = doc.text
    if before not in _SIGN_OFFS:
        # "/Abdiwali" on its own line
        if not (i > 0 and tokens[i - 1].text == "/" and tokens[i - 1].end == tok.start):
            return False
        line_start = text.rfind("\n", 0, tokens[i - 1].start) + 1
        if text[line_start : tokens[i - 1].start].strip():
            return False
    nxt = i + 1
    if nxt < len(tokens) and tokens[nxt].is_title and tokens[nxt].is_word and \
            "\n" not in text[tok.end : tokens[nxt].start]:
        nxt += 1  # "Mvh Tesfalem Haile": the surname too
    if nxt >= len(tokens):
        return True
    between = text[tokens[nxt - 1].end : tokens[nxt].start]
    if "\n" in between:
        return True
    return tokens[nxt].text in (".", "!") and (
        nxt + 1 >= len(tokens) or "\n" in text[tokens[nxt].end : tokens[nxt + 1].start]
    )



# Adjectives between a possessive and a relative ("min äldsta son Abdullahi").
_KIN_ADJECTIVES = frozenset(
    "äldsta yngsta äldre yngre lilla lille stora store nya gamla bästa älskade enda första "
    "andra kära käre söta".split()
)
# Words between a relative and an apposed name ("en son nu, Kuba,").
_APPOSITION_FILLERS = frozenset("nu också".split())


def _signed_full_name(doc: Document, run: list[int]) -> bool:
    """A two-word name alone on the text's last line ("…\n\nChinwe Adeyemi") signs it: the
    writer's first name and surname, also when the lists know the second word only as a first
    name (no second given name signs a letter without the surname)."""
    tokens = doc.tokens
    if len(run) != 2 or any(t.is_word for t in tokens[run[1] + 1 :]):
        return False
    text = doc.text
    line_start = text.rfind("\n", 0, tokens[run[0]].start) + 1
    return line_start > 0 and not text[line_start : tokens[run[0]].start].strip() and \
        "\n" not in text[tokens[run[0]].end : tokens[run[1]].start]


# "Den äldsta är X", "Den tredje är X": a ranking of the essay's people (see _ranked_person)
_RANK_VERBS = Words.track({"är", "var"})
_RANK_WORDS = frozenset(
    "äldsta yngsta första andra tredje fjärde femte sjätte sista förste andre siste "
    "äldste yngste".split()
)


def _ranked_person(doc: Document, i: int) -> bool:
    """``tokens[i]`` is a person ranked among others: "Den äldsta är X" or "Den tredje var X"
    opening a sentence, followed by a pronoun ("X, hon är …", "X. Han …") or by "från" and a
    capitalised word ("X från Y"); or "det är X från Y. Han …". The caller tests the
    lists. "Den första är Solbacka IF" (a club, no pronoun after it) is none."""
    tokens = doc.tokens
    tok = tokens[i]
    if i < 3 or not tok.is_title or not tok.is_word or not tok.lower.isalpha():
        return False
    if tokens[i - 2].lower == "det" and i + 4 < len(tokens) and \
            tokens[i + 1].lower == "från" and tokens[i + 2].is_title and \
            tokens[i + 3].text in (".", ",") and tokens[i + 4].lower in ("han", "hon"):
        return True  # "min nya granne, det är X från Y. Han …"
    if tokens[i - 2].lower not in _RANK_WORDS or tokens[i - 3].lower != "den" or \
            not cx.is_sentence_initial(doc, i - 3):
        return False
    nxt = [t.lower for t in tokens[i + 1 : i + 3]]
    if len(nxt) < 2:
        return False
    if nxt[0] in (",", ".") and nxt[1] in ("hon", "han"):
        return True
    return nxt[0] == "från" and tokens[i + 2].is_title and tokens[i + 2].is_word


def _is_relative(word: str) -> bool:
    return word in _RELATIVE_WORDS or (len(word) > 8 and word.endswith(_RELATION_TAILS))


def _relative_after(doc: Document, i: int) -> bool:
    """The word at ``i`` is a relative's name, a relative word in apposition after it: "Quirino,
    min man,", "Abebe, hennes äldsta son,", "Abebe, Saras man,"."""
    tokens = doc.tokens
    if i + 3 >= len(tokens) or tokens[i + 1].text != "," or not (
            tokens[i + 2].lower in _MY or _other_owner(tokens[i + 2])):
        return False
    k = i + 3
    if tokens[k].lower in _KIN_ADJECTIVES and k + 1 < len(tokens):
        k += 1
    return tokens[k].sentence == tokens[i].sentence and _is_relative(tokens[k].lower)


def _from_place_after(doc: Document, i: int) -> bool:
    """"och Soledad från Tabora, som …": a word with a name reading before "från" and a
    capitalised word is a person from a place (a town is "in" a country, not "from" it) —
    unless a place word comes before it ("tåget till X från Y")."""
    tokens = doc.tokens
    if i + 2 >= len(tokens) or tokens[i + 1].lower != "från" or not tokens[i + 2].is_title:
        return False
    p0 = cx.prev_word(doc, i)
    return p0 not in cx.PLACE_PREPOSITIONS and p0 not in cx.PLACE_VERBS


def _relative_before(doc: Document, i: int) -> bool:
    """A relative or friend names the capitalised ``tokens[i]``: "min bror Ali", "moster
    Parwin", "min äldsta son Abdullahi", or an apposition closed by a comma or full stop:
    "en dotter, Xiaoyu.", "Hennes tränare, Mikaela,", "en son nu, Kuba,"."""
    tokens = doc.tokens
    if not cx.capitalised(tokens[i]):
        return False
    p0 = cx.prev_word(doc, i)
    if not p0:
        return False
    if tokens[i - 1].text not in (",", ":"):
        if p0 in _KIN_TITLES or p0 in _DEFINITE_RELATIONS:
            return True  # "moster Parwin", "Läraren Fatos", "grannen Agim"
        if not (_is_relative(p0) or p0 in _PLURAL_RELATIVES):
            return False  # (fast path: the words before are not needed)
        prev = cx.prev_words(doc, i, 4)
        if len(prev) < 2:
            return False
        return prev[1] in cx.POSSESSIVES or (
            prev[1] in _KIN_ADJECTIVES and len(prev) > 2 and prev[2] in cx.POSSESSIVES
        )
    prev = cx.prev_words(doc, i, 4)
    k = 1 if prev[0] in _APPOSITION_FILLERS else 0
    if len(prev) < k + 2:
        return False
    if prev[k] in _PLURAL_RELATIVES:
        # "Jag har två barn, Drilon och Arta", "mina barn: Sami, Lina och Adam"
        return prev[k + 1] in cx.POSSESSIVES or prev[k + 1] in _NUMBER_WORDS or \
            prev[k + 1] in ("har", "hade")
    if not _is_relative(prev[k]):
        return False
    if prev[k + 1] not in cx.POSSESSIVES and prev[k + 1] not in ("en", "ett"):
        return False
    j = i + 1
    return j >= len(tokens) or tokens[j].text in (",", ".", "!", "?") or tokens[j].lower == "och"


# Nouns for a person met (an informant, a stranger) before a name in apposition.
_PERSON_APPOSITION_NOUNS = frozenset(
    "kvinna man dam tjej kille flicka pojke elev "
    # people of the writer's circle: "en vän från skolan, X.", "en ny kollega, X,"
    "vän kompis kollega granne klasskamrat bekant väninna arbetskamrat".split()
)
_APPOSITION_CLOSERS = frozenset(",.!")


def _person_apposition(doc: Document, i: int) -> bool:
    """``tokens[i]`` names "en kvinna", "en man" in an apposition closed by a comma: "En kvinna
    från Peru, Rosalía, sa …", "en äldre man, Bosse, berättade …" (an informant in a report of
    interviews)."""
    words = cx.prev_words(doc, i, 5)
    if len(words) > 2 and words[1] == "från":
        words = words[2:]  # "en kvinna från Peru,"
    if len(words) > 2 and words[0] in _PERSON_APPOSITION_NOUNS and words[1] not in ("en", "ett"):
        words = [words[0], *words[2:]]  # "en äldre man,"
    if len(words) < 2 or words[0] not in _PERSON_APPOSITION_NOUNS or words[1] != "en":
        return False
    tokens = doc.tokens
    j = i + 1
    # closed by a comma, or the name ends the sentence: "Bredvid mig bor en ung man, Bo."
    return j < len(tokens) and tokens[j].text in _APPOSITION_CLOSERS


def _name_before_apposition(doc: Document, k: int) -> int | None:
    """The capitalised word inside a sentence right before an apposition ending in the person
    noun at ``k``: "mötte jag Nova, en ny kollega …" (not after "om": "handlar om X, en
    pojke …" names a character of a book or film)."""
    tokens = doc.tokens
    j = k - 1
    if j >= 0 and tokens[j].lower != "en":
        j -= 1  # one adjective: "en ny elev"
    i = j - 2
    if i < 1 or tokens[j].lower != "en" or tokens[j + 1 if j + 1 < k else k].text == "," or \
            tokens[i + 1].text != "," or not tokens[i].is_title or not tokens[i].is_word or \
            cx.is_sentence_initial(doc, i) or tokens[i - 1].lower == "om" or \
            tokens[i].sentence != tokens[k].sentence:
        return None
    return i


# Verbs of taking a child to or from child care, and the places ("hämta Nok på förskolan").
_FETCH_VERBS = frozenset("hämta hämtar hämtade hämtat lämna lämnar lämnade lämnat".split())
_CHILD_CARE = frozenset(
    "förskolan förskola dagis dagiset fritids fritidshemmet skolan".split()
)


def _fetched_child(doc: Document, i: int) -> bool:
    """``tokens[i]`` (capitalised) right after a verb of _FETCH_VERBS and before "på"/"från"/
    "till"/"i" and a child-care place: "hämta Nok på förskolan", "lämnar Ali på dagis"."""
    tokens = doc.tokens
    if not cx.capitalised(tokens[i]) or i + 2 >= len(tokens):
        return False
    return tokens[i + 1].lower in ("på", "från", "till", "i") and \
        tokens[i + 2].lower in _CHILD_CARE and tokens[i + 2].sentence == tokens[i].sentence


def _kin_gender(doc: Document, i: int) -> str | None:
    """The gender a relative word right before the name gives it ("min fru Nino" → female,
    "en son nu, Kuba" → male); None for a neutral relative or none."""
    plural = _plural_kin_gender(doc, i)
    if plural:
        return plural
    if not _relative_before(doc, i) and not _lower_relative_before(doc, i):
        return None
    for w in cx.prev_words(doc, i, 2):
        if w in MAN_BEFORE:
            return "male"
        if w in WOMAN_BEFORE:
            return "female"
    return None


def _lower_relative_before(doc: Document, i: int) -> bool:
    """"min fru kirubor": a lower-case name right after a possessive and a relative (the
    lower-case pass of detect takes these as the relative's name)."""
    tokens = doc.tokens
    tok = tokens[i]
    return i >= 2 and tok.text == tok.lower and _is_relative(tokens[i - 1].lower) and \
        tokens[i - 2].lower in _POSSESSIVES and tokens[i - 2].sentence == tok.sentence


# Plural relatives of one gender before a list of names ("mina söner Ali och Omar").
_PLURAL_MEN = frozenset("söner sönerna bröder bröderna pojkar pojkarna".split())
_PLURAL_WOMEN = frozenset("döttrar döttrarna systrar systrarna flickor flickorna".split())
_PLURAL_KIN = _PLURAL_MEN | _PLURAL_WOMEN


def _plural_kin_gender(doc: Document, i: int) -> str | None:
    """The gender of a plural relative word before the list of names ``tokens[i]`` ends or
    opens: "mina söner Ali och Omar", "två döttrar, Lina, Sara och Nour" → every name of
    the list is a son's or a daughter's."""
    tokens = doc.tokens
    sent = tokens[i].sentence
    j = i - 1
    for _ in range(4):  # back over "Lina, Sara och" to the word before the list
        if j >= 1 and (tokens[j].text == "," or tokens[j].lower == "och") and \
                tokens[j - 1].is_title and tokens[j - 1].sentence == sent:
            j -= 2
        else:
            break
    if j >= 0 and tokens[j].text in (",", ":"):
        j -= 1
    if j < 0 or tokens[j].sentence != sent or tokens[j].lower not in _PLURAL_KIN:
        return None
    return "male" if tokens[j].lower in _PLURAL_MEN else "female"


# Words after which a name in "-s" is no genitive ("Lopes och", "Nunes är").
_NO_GENITIVE_NEXT = frozenset("och eller som men i på från till med är var har hade".split())


def _genitive_slot(tokens: list[Token], i: int) -> bool:
    """A lower-case word follows ``tokens[i]`` that a genitive can govern ("Annas mamma",
    "Chandas plan")."""
    if i + 1 >= len(tokens):
        return False
    nxt = tokens[i + 1]
    return nxt.is_word and nxt.text.islower() and nxt.lower not in _NO_GENITIVE_NEXT and \
        nxt.lower not in _FINITE_VERBS


def _common_noun_tail(gaz: Gazetteer, text: str) -> bool:
    """"Nakuru-tjejen", "Malmö-killen": the part after the last hyphen is a lower-case Swedish
    word of four letters or more that is no first name ("Anna-lena" stays a name)."""
    tail = text.rsplit("-", 1)[1]
    return len(tail) >= 4 and tail.isalpha() and tail.islower() and \
        gaz.is_known_word(tail) and not gaz.entries_for_key("names", normalize(tail))


def _pet_in_sentence_before(doc: Document, i: int) -> bool:
    """"Ge katten mat. Hon heter X": "hon"/"han" opens the sentence of "heter", and the
    sentence before it speaks of an animal and of no relative or other person word."""
    tokens = doc.tokens
    sent = tokens[i].sentence
    first = doc.sentences[sent][0]
    words = [t.lower for t in tokens[first:i] if t.is_word]
    if sent == 0 or len(words) != 2 or words[0] not in ("hon", "han"):
        return False
    start, end = doc.sentences[sent - 1]
    prev = [t.lower for t in tokens[start:end] if t.is_word]
    return any(w in _ANIMAL_NOUNS for w in prev) and not any(
        _is_relative(w) or w in _WOMAN_WORDS or w in _MAN_WORDS for w in prev)


def _thing_before_pronoun(doc: Document, i: int) -> bool:
    """"en katt, hon heter X": the pronoun before "heter" resumes a thing or animal noun of the
    same sentence (the noun right before the pronoun's comma)."""
    tokens = doc.tokens
    j = i - 1
    while j >= 0 and tokens[j].lower not in ("hon", "han"):
        j -= 1
    if j < 2 or tokens[j - 1].text != ",":
        return False
    noun = tokens[j - 2].lower
    return noun in _THING_NOUNS or noun in _ANIMAL_NOUNS or noun.endswith(_THING_TAILS)


# Pets: their names are not people's (gold conventions: "a pet's name" is not labelled).
_ANIMAL_NOUNS = frozenset(
    "katt katten kattunge kattungen hund hunden valp valpen häst hästen kanin kaninen "
    "hamster hamstern fågel fågeln papegoja papegojan marsvin marsvinet ko kon get geten "
    "fisk fisken sköldpadda sköldpaddan".split()
)


# Verbs and nouns after which "i X"/"på X" names where one lives or works, never a person.
_DWELL_WORDS = frozenset(
    """bor bodde bott bo flyttade flytta flyttat flyttar flytt född föddes växte uppvuxen
    landade stannade stannat jobbar jobbade jobbat jobba jobbet jobb arbetar arbetade arbetat
    arbeta arbetet praktik praktiken praktiserar praktiserade""".split()
)
# Place nouns right before a name: "i byn Adi Keyh", "i staden Elena".
_PLACE_HEADS = frozenset(
    """by byn stad staden ort orten område området stadsdel stadsdelen förort förorten
    kvarter kvarteret provins provinsen region regionen land landet ö ön
    floden älven sjön berget fjället kanalen bukten viken dalen öknen""".split()
)


_MY = frozenset("min mitt mina vår vårt våra".split())
# Owners of a relative other than the writer: "Abebe, hennes man,", "Abebe, deras son,".
_OTHER_OWNERS = frozenset("hans hennes deras din ditt dina er ert era".split())


def _other_owner(tok: Token) -> bool:
    """``tok`` owns a relative named after it: a possessive pronoun other than the writer's
    or a capitalised genitive ("Abebe, Saras man,")."""
    return tok.lower in _OTHER_OWNERS or (
        tok.is_title and tok.is_word and len(tok.lower) > 3 and tok.lower.endswith("s"))
# Prepositions of being in or at a place, never before a person's name.
_IN_PLACE = frozenset("i vid nära utanför inom".split())
# Verbs whose object right after them is a person ("träffade Awet", "ringde Mahbooba").
_PERSON_OBJECT_VERBS = frozenset(
    """träffade träffar träffat träffa träffas ringde ringer ringt ringa kramade kramar
    frågade frågar frågat hjälpte hjälper hjälpt bjöd bjuder bjudit saknar saknade saknat
    älskar älskade älskat gifte""".split()
)
# Verbs before "på X" where X is a person ("väntade på Awet", "tänker på Awet").
_ON_PERSON_VERBS = frozenset(
    """väntar väntade väntat vänta tänker tänkte tänkt tänka hälsar hälsade hälsat hälsa
    litar litade litat lita hälsade""".split()
)
# Verbs before "med X" where X is a person ("pratade med Awet", "gifte mig med Dawit").
_WITH_PERSON_VERBS = frozenset(
    """pratade pratar pratat prata talade talar pratade lekte leker lekt umgås umgicks
    gifte gift gifta dansade bråkade bråkar skrattade chattade chattar mig""".split()
)
# Verbs before "till X" where X is a person ("sa till Awet", "ringde till Lemlem").
_TO_PERSON_VERBS = frozenset("sa sade säger ringde ringer berättade berättar".split())
# Fronted adverbials after which a finite verb comes before its subject ("Igår kom X hem").
_FRONTED = frozenset(
    """igår idag imorgon sedan sen då nu ibland plötsligt senare efteråt därför så
    veckan helgen månaden sommaren vintern våren hösten morgonen kvällen dagen året
    natten""".split()
)
# Prepositions: a capitalised word after them is a place or a thing's name, not a subject.
_PREPOSITIONS = frozenset(
    "i på från till vid mot över under genom efter för om av med hos nära utanför inom "
    "bakom framför mellan runt längs".split()
)


def _slot_reading(
    tokens: list[Token], accepted: dict[int, tuple[str, float, str, int, str]], i: int
) -> tuple[str, float, str, int, str]:
    """The reading of an unlisted word found in a person's slot: that of an earlier sure
    mention of the same word ("Min son Dren … Igår var Dren sjuk"), else a first name."""
    norm = tokens[i].norm
    for j, v in accepted.items():
        if v[2] == "" and v[0] == "first" and tokens[j].norm == norm:
            return ("first", max(v[1], 0.65), "", 0, v[4])
    return ("first", 0.65, "", 0, norm)


# Subjects of "är X från Y" that present a person.
_PRESENTING_SUBJECTS = frozenset(
    "det den hon han som första andra tredje fjärde femte sista äldsta yngsta".split()
)


def _person_slot(doc: Document, i: int) -> bool:
    """``tokens[i]`` stands where Swedish puts a person: the subject before a finite verb
    ("när Lemlem kom"), the inverted subject after a fronted adverbial ("Igår kom Lemlem
    hem"), the object of a social verb ("träffade Awet", "pratade med Awet", "hemma hos
    Parvaneh", "sa till Awet"), next to "jag" ("jag och Awet", "Awet och jag") or the one
    "är X från Y" presents."""
    tokens = doc.tokens
    n = len(tokens)
    sent = tokens[i].sentence
    prev = cx.prev_words(doc, i, 3)
    p0 = prev[0] if prev else ""
    p1 = prev[1] if len(prev) > 1 else ""
    nxt = tokens[i + 1] if i + 1 < n and tokens[i + 1].sentence == sent else None
    nlow = nxt.lower if nxt is not None else ""
    if p0 in _PLACE_HEADS or p0.endswith(_THING_TAILS) or p0 in _THING_NOUNS:
        return False  # "i provinsen Sichuan är", "hemstaden Adwa": a place or a thing
    if p0 in _PREPOSITIONS:
        # "i Porsön och jag", "i Gondar bor": after a preposition only a person's slot
        return (p0 == "med" and p1 in _WITH_PERSON_VERBS) or (
            p0 == "hos" and p1 in ("hemma", "bor", "bodde", "bott", "sov", "sover")) or (
            p0 == "till" and p1 in _TO_PERSON_VERBS) or (
            p0 == "på" and p1 in ("hälsade", "hälsar", "hälsat", "hälsa"))
    if nlow in _FINITE_VERBS and p0 not in _FINITE_VERBS and tokens[i - 1].is_word:
        return True  # "när Lemlem kom", "och Awet sa" (not "är X är")
    if p0 in _FINITE_VERBS and p1 in _FRONTED and len(prev) >= 2:
        return True  # "Igår kom Lemlem", "Förra veckan ringde Awet"
    if p0 in _PERSON_OBJECT_VERBS and tokens[i - 1].is_word:
        return True
    if p0 == "och" and p1 in ("jag", "mig", "mej") and tokens[i - 1].is_word:
        return True
    if p0 in ("är", "var") and nlow == "från" and tokens[i - 1].is_word and (
            p1 in _PRESENTING_SUBJECTS or _is_relative(p1)):
        return True  # "det är Awet från Asmara", "den tredje är Awet från …", "min kompis
        # är Awet från …": who is from where (not "kaffet är X från Italien")
    return nlow == "och" and i + 2 < n and tokens[i + 2].lower in ("jag", "mig", "mej")


def _place_slot(doc: Document, i: int) -> bool:
    """``tokens[i]`` stands where Swedish puts a place: "bor på X", "jobbar i X", "på jobbet
    på X", "i byn X", "staden X"."""
    p0 = cx.prev_word(doc, i)
    if p0 in _PLACE_HEADS:
        return True
    if p0 not in ("i", "på"):
        return False  # (fast path: no second word needed)
    prev = cx.prev_words(doc, i, 2)
    return len(prev) > 1 and prev[1] in _DWELL_WORDS


# Definite relation nouns name the person right after them without a possessive
# ("Läraren Fatos hjälper mig", "grannen Agim").
_DEFINITE_RELATIONS = frozenset(
    "läraren lärarinnan chefen grannen grannflickan kompisen kusinen vännen väninnan "
    "kollegan tränaren handledaren rektorn doktorn "
    # the head of a club, a shop, a group ("ägaren Garbo", "ledaren Kjell")
    "ledaren ägaren ägarinnan föreståndaren ordföranden".split()
)
_NUMBER_WORDS = frozenset("två tre fyra fem sex sju åtta nio tio 2 3 4 5 6 7 8 9 10".split())


# Greetings that open a letter: the capitalised word after them, closed by punctuation or the
# line end, is the addressee ("Kära Wojtek!", "Hej Anna,").
_GREETINGS = frozenset(
    "kära käre käraste bästa älskade hej hejsan hallå tjena tjenare hejhej".split()) | \
    _FOREIGN_GREETINGS
_GREETING_WORDS = Words.track(_GREETINGS)


def _greeted(doc: Document, i: int) -> bool:
    """``tokens[i]`` is the addressee right after a greeting at the start of a line."""
    tokens = doc.tokens
    if i == 0 or tokens[i - 1].lower not in _GREETINGS or not tokens[i].is_title:
        return False
    text = doc.text
    g = tokens[i - 1]
    if text[text.rfind("\n", 0, g.start) + 1 : g.start].strip():
        return False  # the greeting must open its line
    j = i + 1
    if j >= len(tokens):
        return True
    return tokens[j].text in (",", "!", ".") or "\n" in text[tokens[i].end : tokens[j].start]


def _last_line_signature(doc: Document, i: int) -> bool:
    """``tokens[i]`` is alone (or with one more capitalised word) on the last line of the
    text, under a line break: the writer's signature ("…\n\nDin kusin\nJawad"), also with
    the writer's place after a comma or "från" ("Dalia Haddad, Kalmar", "Shirin från
    Herat")."""
    tokens = doc.tokens
    tok = tokens[i]
    if not tok.is_title or not tok.is_word or i == 0 or len(tokens) - i > _SIGNATURE_TAIL:
        return False
    if tok.lower in _SIGN_OFFS or tok.lower in _GREETINGS or tok.lower in _CLOSING_WORDS:
        return False
    text = doc.text
    line_start = text.rfind("\n", 0, tok.start) + 1
    rest = tokens[i + 1 :]
    cut = next((k for k, t in enumerate(rest) if t.text == "," or t.lower == "från"), -1)
    if cut >= 0:
        # the place after the name: one to three capitalised words (and commas), nothing else
        place = rest[cut + 1 :]
        if not 1 <= sum(t.is_word for t in place) <= 3 or any(
                not (t.is_word and t.is_title) and t.text not in (",", ".", "!")
                for t in place):
            return False
        rest = rest[:cut]
    elif len(tokens) - i > 4:
        return False
    words = [t for t in rest if t.is_word]
    # "Kheda Lomievna Musaeva": a first name with a middle name (or patronymic) and surname
    if len(words) > 2 or any(not (t.is_word or t.text in ".!") for t in rest):
        return False
    if any(not w.is_title or "\n" in text[tok.end : w.start] for w in words):
        return False
    if "\n" in text[tok.end :].strip():
        return False
    if not text[line_start : tok.start].strip():
        return line_start > 0
    # "Vi ses! Meseret" closing a letter that opened with a greeting
    opening = tokens[0].lower if tokens else ""
    return tokens[i - 1].text in ("!", ".") and opening in _GREETINGS and not (
        i > 1 and _is_initial(tokens[i - 2])
    )


# How many tokens from the text's end a last-line signature may start ("Dalia Haddad, Nya
# Kalmar"): the fast path of _name_cue lets these through.
_SIGNATURE_TAIL = 6
# Closing words of a letter that are no signature ("Hälsningar", "Tack", "Vänligen").
_CLOSING_WORDS = frozenset(
    "tack hälsning hälsningar vänligen hejdå hej adjö kram kramar mvh puss ses "
    # closing wishes of an invitation or a card ("Välkommen!", "Grattis!")
    "välkommen välkomna grattis".split()
)


_PLACE_PREPS = frozenset("i på vid nära från till utanför".split())


def _in_place_phrase(doc: Document, i: int) -> bool:
    """``tokens[i]`` opens a multi-word name after a place preposition ("på Plaça del Sol")."""
    tokens = doc.tokens
    if i == 0 or tokens[i - 1].lower not in _PLACE_PREPS or i + 1 >= len(tokens):
        return False
    nxt = tokens[i + 1]
    if nxt.is_title and nxt.is_word:
        return True
    return nxt.lower in _NAME_PARTICLES and i + 2 < len(tokens) and tokens[i + 2].is_title


def tokens_title_word(doc: Document, j: int) -> bool:
    """A capitalised word at ``j`` that is no listed name (part of a longer proper name)."""
    t = doc.tokens[j]
    return t.is_word and t.is_title and len(t.text) > 1 and not t.text.endswith(".")


# Swedish one-letter words written with a capital at a sentence start ("I", "Å", "Ö").
_ONE_LETTER_WORDS = frozenset("I Å Ö".split())


# Number words of a child's or an adult's age.
_AGE_NUMBER_WORDS = frozenset(
    "ett en två tre fyra fem sex sju åtta nio tio elva tolv tretton fjorton femton sexton "
    "sjutton arton nitton tjugo trettio fyrtio femtio sextio sjuttio åttio".split()
)


def _age_after(doc: Document, v: int) -> bool:
    """``tokens[v]`` is är/var/fyller followed by an age: a number (word) ending the clause
    or followed by "år" ("är nio och", "fyller 12.", "var sju år")."""
    tokens = doc.tokens
    if v + 1 >= len(tokens) or tokens[v].lower not in ("är", "var", "fyller", "fyllde"):
        return False
    num = tokens[v + 1]
    if not (num.lower in _AGE_NUMBER_WORDS or (num.is_digit and len(num.text) <= 2)):
        return False
    if v + 2 >= len(tokens) or tokens[v + 2].sentence != num.sentence:
        return True
    after = tokens[v + 2].lower
    return after in ("år", "och", ",", ".", "!", "men")


_DOTTED_INITIALS = re.compile(r"^(?:[A-ZÅÄÖ]\.){1,2}[A-ZÅÄÖ]\.?$")


def _signed_initials(doc: Document) -> Iterator[Candidate]:
    """Initials that sign a letter or name the writer: "Hälsningar från A.K.", "Mvh\nM.A.",
    "Jag heter A.K.", or "A.K." alone on the last line. Each letter is an ``initials`` span
    (as for "Armen K. Petrosyan")."""
    tokens = doc.tokens
    text = doc.text
    words = Words.of(doc)
    # dotted capitals are capitalised words with a dot: the loop visits those alone (a new
    # rule for other words must widen it)
    for i in sorted(set(words.caps).intersection(words.containing("."))):
        tok = tokens[i]
        if not _DOTTED_INITIALS.match(tok.text):
            continue
        words = [t.lower for t in tokens[max(0, i - 3) : i] if t.is_word]
        before = words[-1] if words else ""
        signed = before in _SIGN_OFFS or before in cx.NAME_INTRO or (
            before == "från" and len(words) > 1 and words[-2] in _SIGN_OFFS
        ) or (before == "är" and len(words) > 1 and words[-2] == "jag")
        if not signed:
            line_start = text.rfind("\n", 0, tok.start) + 1
            signed = line_start > 0 and not text[line_start : tok.start].strip() and \
                not text[tok.end :].strip(" \t\n.!")
        if not signed:
            continue
        for k, ch in enumerate(tok.text):
            if ch.isalpha():
                yield Candidate(tok.start + k, tok.start + k + 1, "initials", frozenset(),
                                0.75, ch.lower(), source="names")


def _writers_name(doc: Document, i: int) -> bool:
    """``tokens[i]`` (or the name run it ends) is the writer's name: after "jag heter",
    "mitt namn är", or signing the letter."""
    tokens = doc.tokens
    k = i
    while k > 0 and tokens[k - 1].is_title and tokens[k - 1].is_word and i - k < 3 and \
            tokens[k - 1].sentence == tokens[k].sentence and \
            tokens[k - 1].lower not in _SIGN_OFFS and tokens[k - 1].lower not in _GREETINGS and \
            "\n" not in doc.text[tokens[k - 1].end : tokens[k].start]:
        k -= 1  # the first word of "Fatou Jallow"
    if cx.prev_word(doc, k) in ("heter", "hette", "är"):  # (fast path: most words)
        prev = cx.prev_words(doc, k, 3)
        if prev and prev[0] in ("heter", "hette") and "jag" in prev[1:3]:
            return True
        if prev[:3] == ["är", "namn", "mitt"]:
            return True
    j = k - 1
    while j >= 0 and not tokens[j].is_word and j >= k - 2:
        j -= 1
    before = tokens[j].lower if j >= 0 else ""
    return (before in _SIGN_OFFS and _signature(doc, k, before)) or \
        _last_line_signature(doc, k)


# What the writer says of themselves: "min man" (a husband) → a woman; "jag är mamma".
_WRITER_FEMALE_AFTER_MY = frozenset("man make maken pojkvän pojkvännen fästman exman "
                                    "exmake exmaken".split())
_WRITER_MALE_AFTER_MY = frozenset("fru frun hustru hustrun maka makan flickvän "
                                  "flickvännen fästmö exfru exfrun".split())
# "jag är mormor", "jag är dotter till en fiskare", "jag är son till en bonde"
_WRITER_FEMALE_AM = frozenset("kvinna mamma tjej flicka hemmafru änka gravid mor "
                              "ensamstående-mamma mormor farmor dotter".split())
_WRITER_MALE_AM = frozenset("pappa kille pojke änkling far morfar farfar son".split())


# What the writer says of the reader's partner: "din man" → the reader is a woman.
_ADDRESSEE_FEMALE_AFTER_YOUR = frozenset("man make maken pojkvän pojkvännen fästman".split())
_ADDRESSEE_MALE_AFTER_YOUR = frozenset("fru frun hustru hustrun maka makan flickvän "
                                       "flickvännen fästmö".split())


def _addressee_gender(doc: Document) -> str | None:
    """The gender of a letter's reader from their partner ("Hälsa din man", "du och din fru"):
    None when nothing or both are said. Visits the tokens "din" alone."""
    tokens = doc.tokens
    n = len(tokens)
    female = male = False
    for j in Words.of(doc).where(_ADDRESSEE_CUES):
        if j + 1 < n:
            low = tokens[j + 1].lower
            female |= low in _ADDRESSEE_FEMALE_AFTER_YOUR
            male |= low in _ADDRESSEE_MALE_AFTER_YOUR
    if female == male:
        return None
    return "female" if female else "male"


_WRITER_GENDER_MEMO: list = [None, None]  # [document, its writer's gender]: one scan per text


def _writer_gender(doc: Document) -> str | None:
    """The writer's gender from what they say of themselves: "min man"/"min fru", "jag är
    mamma/kvinna/gravid", "jag är pappa"; None when nothing or both are said."""
    if _WRITER_GENDER_MEMO[0] is doc:
        return _WRITER_GENDER_MEMO[1]
    gender = _scan_writer_gender(doc)
    _WRITER_GENDER_MEMO[0], _WRITER_GENDER_MEMO[1] = doc, gender
    return gender


def _scan_writer_gender(doc: Document) -> str | None:
    tokens = doc.tokens
    female = male = False
    # Only the word after "min"/"mitt", "jag är"/"jag blev" or "är jag"/"blev jag" can say
    # it: the loop visits the positions of "min", "mitt", "är" and "blev" alone (a new cue
    # word must be added to _WRITER_CUES).
    n = len(tokens)
    for j in Words.of(doc).where(_WRITER_CUES):
        cue = tokens[j].lower
        if cue in ("min", "mitt"):
            if j + 1 < n:
                low = tokens[j + 1].lower
                female |= low in _WRITER_FEMALE_AFTER_MY
                male |= low in _WRITER_MALE_AFTER_MY
            continue
        # "jag är mamma", "Själv är jag kvinna", "jag är ensamstående mamma"
        for k in (j + 1 if j >= 1 and tokens[j - 1].lower == "jag" else n,  # "jag är X"
                  j + 2 if j + 1 < n and tokens[j + 1].lower == "jag" else n):  # "är jag X"
            if k >= n:
                continue
            word = tokens[k].lower
            if word in ("ensamstående", "gift", "en", "stolt") and k + 1 < n:
                word = tokens[k + 1].lower
            # "jag är tvåbarnsmamma", "jag är mammaledig", "jag är småbarnspappa"
            female |= word in _WRITER_FEMALE_AM or word.endswith("mamma") or \
                word.startswith("mammaledig")
            male |= word in _WRITER_MALE_AM or word.endswith("pappa") or \
                word.startswith("pappaledig")
    if female == male:
        return None
    return "female" if female else "male"


# Sentence-opening adverbs before a comma and the subject ("Förresten, X ringde").
_OPENING_ADVERBS = frozenset(
    "förresten plötsligt sedan sen dessutom ibland idag igår nu då tyvärr lyckligtvis "
    "också".split()
)


def _nickname_of_writer(doc: Document, i: int) -> bool:
    """``tokens[i]`` is what people call the writer: "alla kallar mig X", "de kallade mig X"
    (the verb at most two words before "mig")."""
    tokens = doc.tokens
    if i < 2 or tokens[i - 1].lower not in ("mig", "mej"):
        return False
    return any(t.lower.startswith("kalla") and t.sentence == tokens[i].sentence
               for t in tokens[max(0, i - 4) : i - 1])


def _writers_own_key(doc: Document, accepted: dict) -> str | None:
    """The key of the writer's own first name: the accepted first name right after "jag
    heter"/"jag hette" or "mitt namn är". Visits those words alone."""
    tokens = doc.tokens
    for j in Words.of(doc).where(_OWN_NAME_VERBS):
        a = accepted.get(j + 1)
        if a is None or a[0] != "first":
            continue
        if tokens[j].lower in ("heter", "hette") and j >= 1 and tokens[j - 1].lower == "jag" \
                or tokens[j].lower == "är" and j >= 2 and tokens[j - 1].lower == "namn" and \
                tokens[j - 2].lower == "mitt":
            return a[4]
    return None


_OWN_NAME_VERBS = Words.track({"heter", "hette", "är"})


def _past_verb(tok: Token) -> bool:
    """A lower-case past tense of the first conjugation ("rättade", "visade"): after a name
    the essay gave elsewhere, the name is its subject ("Viola visade mig"), no word."""
    low = tok.text
    return len(low) >= 6 and low.endswith("ade") and low.isalpha() and low.islower()


# Conjunctions opening a clause whose subject may follow ("att nova har …").
_SUBJECT_OPENERS = frozenset("att när eftersom om fast medan tills innan".split())


def _lower_case_mentions(doc: Document, gaz: Gazetteer, accepted: dict, known: dict) -> None:
    """Lower-case mentions of a first name the essay gave with a capital, beyond the rule of
    the main pass: its genitive before a noun ("… med tavokis cykel"), and a name that is also
    a word as the subject of a finite verb after a conjunction ("jag tror att nova har …").
    Visits the names' forms alone."""
    tokens = doc.tokens
    n = len(tokens)
    forms = set(known)
    forms.update([key + "s" for key in known])
    for i in Words.of(doc).where(forms):
        tok = tokens[i]
        low = tok.text
        if i in accepted or not low.islower() or not low.isalpha() or i + 1 >= n or \
                not tokens[i + 1].is_word or tokens[i + 1].sentence != tok.sentence:
            continue
        v = known.get(low)
        if v is not None:
            if v[0] == "first" and v[1] >= 0.7 and i > 0 and \
                    tokens[i - 1].lower in _SUBJECT_OPENERS and \
                    tokens[i + 1].lower in _FINITE_VERBS and \
                    tokens[i + 1].lower not in ("är", "var", "blir", "blev"):
                # (not "att nova är en stjärna": the word in a definition)
                accepted[i] = (v[0], v[1] - 0.05, "", 0, v[4])
            continue
        v = known.get(low[:-1])
        if v is not None and v[0] == "first" and v[1] >= 0.7 and \
                tokens[i + 1].text.islower() and not gaz.is_known_word(low) and \
                low not in gaz.common_words:
            accepted[i] = (v[0], v[1] - 0.05, "s", 0, v[4])


_PARTNER_WORDS = Words.track({"sambo", "partner"})
_SELF_WORDS = Words.track({"jag"})


def _partner_writer_gender(doc: Document, gaz: Gazetteer) -> str | None:
    """A weaker clue to the writer's gender than _writer_gender, for a writer's name no list
    knows: the partner's name ("min sambo Malte": a man's name, so mostly a woman writes) or a
    feminine noun of origin in apposition to "jag" ("jag, en chilenska,"). None when nothing or
    both are said. Visits the tokens "sambo", "partner" and "jag" alone."""
    tokens = doc.tokens
    n = len(tokens)
    female = male = False
    words = Words.of(doc)
    for j in words.where(_PARTNER_WORDS):
        if j == 0 or j + 1 >= n or tokens[j - 1].lower != "min" or not tokens[j + 1].is_title:
            continue
        entry = next((e for e in gaz.entries_for_key("names", tokens[j + 1].norm)
                      if e.label == "firstname" and e.male + e.female > 0), None)
        if entry is None or entry.weight < _RARE_SURNAME:
            continue
        share = entry.male / (entry.male + entry.female)
        female |= share >= 0.95
        male |= share <= 0.05
    for j in words.where(_SELF_WORDS):
        if j + 4 < n and tokens[j + 1].text == "," and tokens[j + 2].lower == "en" and \
                tokens[j + 3].lower.endswith("ska") and tokens[j + 4].text == "," and \
                tokens[j + 3].text == tokens[j + 3].lower:
            female = True
    if female == male:
        return None
    return "female" if female else "male"


# Two-letter initials of names that begin with a digraph ("Malin Th. Ohlsson").
_DIGRAPH_INITIALS = frozenset("Th Ch Sh Ph Kh Gh Zh".split())


def _is_initial(tok: Token) -> bool:
    text = tok.text.rstrip(".")
    return (len(text) == 1 and text.isupper() and text.isalpha()) or text in _DIGRAPH_INITIALS


_SENTENCE_WORDS = frozenset("han hon hans hennes honom henne jag vi de den det".split())
_THING_NOUNS = frozenset(
    "by byn stad staden ort orten område området gata gatan torg torget sjö sjön ö ön berg "
    "berget fabrik fabriken företag företaget firma firman affär affären butik butiken "
    "restaurang restaurangen kafé kaféet café skola skolan förskola förskolan äldreboende "
    "äldreboendet hotell hotellet klubb klubben förening föreningen lag laget trafikskola "
    "trafikskolan sjukhus sjukhuset vårdcentral vårdcentralen kyrka kyrkan moské moskén "
    "bageri bageriet pizzeria pizzerian frisörsalong salong salongen mataffär mataffären "
    "verkstad verkstaden kiosk kiosken "
    "katt katten hund hunden häst hästen bok boken film filmen serie serien program "
    "programmet app appen tidning tidningen band bandet låt låten spel spelet "
    # other pets, plants, vehicles, toys and waters that learners name ("en växt som heter X")
    "fågel fågeln papegoja papegojan kanin kaninen hamster hamstern marsvin marsvinet fisk "
    "fisken ko kon get geten kamel kamelen åsna åsnan valp valpen kattunge kattungen växt "
    "växten blomma blomman kaktus kaktusen träd trädet planta plantan bil bilen cykel "
    "cykeln båt båten docka dockan nalle nallen gosedjur gosedjuret leksak leksaken robot "
    "roboten dator datorn flod floden älv älven å ån kanal kanalen "
    # places and buildings ("ett område som heter X", "ett litet samhälle som heter X")
    "område samhälle samhället kommun kommunen stadsdel stadsdelen förort förorten kvarter "
    "kvarteret socken församling församlingen län länet landskap landskapet provins "
    "provinsen region regionen land landet delstat delstaten dal dalen skog skogen park "
    "parken plats platsen strand stranden fjäll fjället vulkan vulkanen halvö halvön vik "
    "viken hav havet insjö insjön vattenfall vattenfallet grotta grottan ruin ruinen slott "
    "slottet herrgård herrgården gård gården centrum köpcentrum galleria gallerian marknad "
    "marknaden hållplats hållplatsen station stationen gymnasium gymnasiet universitet "
    "universitetet högskola högskolan bibliotek biblioteket museum museet teater teatern "
    "biograf biografen arena arenan stadion hall hallen gym gymmet simhall simhallen bank "
    "banken apotek apoteket vandrarhem camping campingen väg vägen bro bron hamn hamnen "
    "flygplats flygplatsen sfi komvux "
    # feasts, customs, food, clothes, vehicles and groups ("en fest som heter X", "en kaka
    # som heter X", "minibussar som kallas X")
    "fest festen högtid högtiden tradition traditionen festival festivalen dans dansen lek "
    "leken sport sporten maträtt maträtten rätt rätten kaka kakan tårta tårtan bröd brödet "
    "soppa soppan dryck drycken gryta grytan efterrätt efterrätten ost osten korv korven sås "
    "såsen krydda kryddan frukt frukten dräkt dräkten klänning klänningen armband armbandet "
    "smycke smycket instrument instrumentet buss bussen bussar bussarna tåg tåget färja "
    "färjan linje linjen parti partiet organisation organisationen kör kören grupp gruppen "
    "projekt projektet kurs kursen utbildning utbildningen ämne ämnet språk språket dialekt "
    "dialekten sjukdom sjukdomen medicin medicinen dikt dikten sång sången kanal sida sidan "
    "hemsida hemsidan märke märket sort sorten ras rasen".split()
)
# Prepositions of a phrase between a head noun and "som heter" ("en by utanför X som heter").
_HEAD_PREPOSITIONS = frozenset("av från i på utanför nära vid med hos till för ur bakom".split())
# Compound tails of place and thing nouns: "flyktingläger", "hemstad", "födelseby".
_THING_TAILS = ("läger", "lägret", "stad", "staden", "byn", "orten", "skola", "skolan",
                "företag", "företaget", "restaurang", "restaurangen", "butik", "butiken",
                "området", "sjön", "ön", "berget", "gatan", "vägen", "torget", "parken",
                "appen", "programmet", "tidningen", "boken", "filmen", "låten",
                "bussar", "bussen", "tåget", "festen", "rätten", "kakan", "traditionen",
                "samhälle", "samhället", "kommun", "kommunen")
# Nouns of places and buildings joined to a person's name by a hyphen in the name of a place,
# a building or an institution ("Carl Larsson-gården", "Ho Chi Minh-staden") beyond
# _THING_NOUNS and _THING_TAILS.
_HYPHEN_PLACE_TAILS = frozenset(
    "gården huset museet kyrkan universitetet högskolan sjukhuset hallen salen institutet "
    "centret centrum stugan arenan biblioteket priset stiftelsen platsen plan kliniken "
    "gymnasiet teatern slottet bron tornet statyn monumentet".split()
)
# Words of streets and squares in the learners' languages that open a place's name ("Calle
# 19", "Plaza 14 de Septiembre", "Avenida Paulista", "Rua Augusta", "Jalan Merdeka"): the
# lists know some of them as names (Plaza, Calle, Via).
_FOREIGN_STREET_WORDS = frozenset(
    "calle plaza avenida rua rue piazza praça plaça paseo carrera jalan".split()
)
_STREET_WORD_POSITIONS = Words.track(_FOREIGN_STREET_WORDS)
_STREET_PARTICLES = frozenset("de del la las los do da dos das di della du des".split())
# Religious figures named like people ("bilder av Jesus"): no person of the writer's circle
# without a cue (Jesús, written with the accent, is a man's name).
_RELIGIOUS_FIGURES = frozenset({"Jesus", "Kristus", "Buddha"})
# (of these, the names of institutions and schools, left to their detectors)
_HYPHEN_INSTITUTION_TAILS = frozenset(
    "kyrkan universitetet högskolan sjukhuset institutet stiftelsen kliniken gymnasiet "
    "teatern biblioteket priset".split()
)
# Nouns of waters and landforms written after the name they belong to ("Klara älv", "Rönne
# å", "Vättern sjö" is rare): the name before them is the place's, no person's.
_WATER_AFTER_NAME = frozenset("älv älven å ån sjö fjord fjorden fjäll bäck bäcken bukt "
                              "udde holme skär".split())
_KIN_TITLES = frozenset(
    "moster faster morbror farbror mormor morfar farmor farfar kusin tant farbroder".split()
)
_GENITIVE_RELATIVES = frozenset(
    "mamma pappa bror syster son dotter moster faster morbror farbror kusin fru man make "
    "maka sambo pojkvän flickvän mormor morfar farmor farfar barn föräldrar".split()
)
_PLURAL_RELATIVES = frozenset(
    "barn barnen söner sönerna döttrar döttrarna bröder bröderna systrar systrarna kusiner "
    "kusinerna vänner vännerna kompisar kompisarna föräldrar syskon syskonen "
    # the writer's people at work, school and home ("mina kollegor Amal och Rukia")
    "kollegor kollegorna klasskompisar klasskompisarna klasskamrater klasskamraterna "
    "arbetskamrater arbetskamraterna grannar grannarna".split()
)
_VERB_BEFORE = frozenset("att kan ska vill måste får brukar skulle kunde inte".split())
_RELATION_WORDS = frozenset(
    "vän vännen kompis kompisen kusin kusinen kollega kollegan granne grannen lärare "
    "läraren chef chefen sambo sambon barn dotter son väninna tränare tränaren".split()
) | frozenset(
    # people of the writer's everyday circle named after a possessive ("min handledare X",
    # "vår rektor X"): work, school, care, home and faith roles, indefinite and definite
    "handledare handledaren mentor mentorn rektor rektorn elev eleven kamrat kamraten "
    "pojkvän pojkvännen flickvän flickvännen fästman fästmannen fästmö fästmön partner "
    "partnern bekant bekanta hyresvärd hyresvärden läkare läkaren doktor doktorn "
    "tandläkare tandläkaren sjuksköterska sjuksköterskan barnmorska barnmorskan kurator "
    "kuratorn coach coachen instruktör instruktören handläggare handläggaren "
    "arbetsgivare arbetsgivaren terapeut terapeuten psykolog psykologen advokat advokaten "
    "präst prästen imam imamen pastor pastorn tolk tolken gudfar gudmor".split()
)
# Compound tails of the same roles: "svenskläraren", "klasskamrat", "arbetskollega".
_RELATION_TAILS = (
    "lärare", "läraren", "kamrat", "kamraten", "kompis", "kompisen", "kollega", "kollegan",
    "chef", "chefen", "handledare", "handledaren", "läkare", "läkaren", "tränare", "tränaren",
    "granne", "grannen",
)
# _is_relative's words in one set (one look-up)
_RELATIVE_WORDS = cx.FAMILY_MALE | cx.FAMILY_FEMALE | _RELATION_WORDS
# Words a name cue may precede that are not names ("jag heter inte", "han heter också").
_NOT_NAMES = frozenset(
    "inte också ju nog bara som det den en ett att och eller men så min mitt mina hans hennes "
    "deras vår dom de han hon jag du vi ni".split()
) | frozenset({"barna"})
# Spoken forms the word list lacks that are listed first names elsewhere: "Barna leker ute"
# (the spoken definite plural of "barn"; a Hungarian man's name) is no name without a cue.
_SPOKEN_WORDS = frozenset({"barna"})

# Every word that can introduce a name right before it (fast pre-check of _name_cue).
_SURNAME_WORDS = frozenset("efternamn efternamnet släktnamn familjenamn".split())
_GREET_VERBS = frozenset("hälsa hälsar hälsade hälsningar hälsning".split())
_DOCTOR_TITLES = frozenset("doktor dr dr. professor prof prof.".split())
_CUE_WORDS = _SURNAME_WORDS | _DOCTOR_TITLES | frozenset({"från", "till"}) | (
    cx.NAME_INTRO | cx.TITLES_MALE | cx.TITLES_FEMALE | cx.FAMILY_MALE | cx.FAMILY_FEMALE
    | _RELATION_WORDS | _KIN_TITLES | _PLURAL_RELATIVES | _DEFINITE_RELATIONS
    | frozenset({"är", "var"})
)
# Every word right before a name that a rule of _name_cue looks for (its fast path): a new
# cue word must be added here.
_ANY_CUE_BEFORE = _CUE_WORDS | _SIGN_OFFS | _CALLED_WORDS | _APPOSITION_FILLERS
_CUE_OR_GREETING = _ANY_CUE_BEFORE | _GREETINGS
# The same pre-checks, one set each: the word before of the fast path and of the full test
# (with _person_apposition's nouns and _fetched_child's verbs), and the token right before.
_FAST_CUES = _CUE_OR_GREETING | _FETCH_VERBS
_GENERAL_CUES = _ANY_CUE_BEFORE | _PERSON_APPOSITION_NOUNS | _FETCH_VERBS
_SLASH_OR_GREETING = _GREETINGS | {"/"}
