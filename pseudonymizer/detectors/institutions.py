"""Institutions (guideline §3.3): ``school``, ``work``, ``other_institution``.

Candidates come from the gazetteer (universities, SFI, Komvux, employers, authorities, clubs)
and from name patterns: a capitalised word with an institution head (``Kroksbäcksskolan``,
``Hvitfeldtska gymnasiet``, ``Lunds universitet``, ``Danderyds sjukhus``, ``Haninge kommun``,
``Komvux Gävle``, ``IFK Tumba``, ``Volvo AB``). The label comes from the context of the
sentence — ``jobbar på``/``arbetar på``/``praktik på`` → ``work`` (also for a school the writer
works at, as the guideline asks), ``studerar på``/``går på``/``läser på`` → ``school`` — and
otherwise from the kind of institution. A company without a work context is not labelled (a
sofa bought at IKEA does not identify anybody).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress

from pseudonymizer.detectors import context as cx
from pseudonymizer.detectors.common import WordMemo, Words, lower_text
from pseudonymizer.detectors.dates import MONTH_FORMS, WEEKDAY_FORMS
from pseudonymizer.detectors.geo import EVENT_TAILS
from pseudonymizer.detectors.transport import line_name_like
from pseudonymizer.document import Candidate, Document, Options
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.tokenize import normalize

__all__ = ["InstitutionDetector"]

# Head words (last word or compound tail) and the kind of institution they make.
_SCHOOL_HEADS = (
    "förskola",
    "förskolan",
    "förskolor",
    "skolan",
    "skola",
    "gymnasiet",
    "gymnasium",
    "gymnasiets",
    "vuxenutbildning",
    "vuxenutbildningen",
    "universitet",
    "universitetet",
    "universitets",
    "högskolan",
    "högskola",
    "folkhögskola",
    "folkhögskolan",
    "institut",
    "institutet",
    "akademin",
    "akademi",
    "college",
    "school",
    "academy",
    "university",
    "universität",
    "schule",
    "universidad",
    "université",
    "polytechnic",
    "lyceum",
    # municipal adult-education centres ("Nässjö Lärcenter", "Lärcentrum Väst", "Yrkesvux")
    "lärcenter",
    "lärcentrum",
    "lärcentret",
    "utbildningscentrum",
    "utbildningscenter",
    "yrkesvux",
)
_WORK_HEADS = (
    "sjukhus",
    "sjukhuset",
    "universitetssjukhus",
    "universitetssjukhuset",
    "vårdcentral",
    "vårdcentralen",
    "lasarett",
    "lasarettet",
    "hälsocentral",
    "hälsocentralen",
    "vårdcentrum",
    "vårdcentret",
    "sjukhem",
    "sjukhemmet",
    "äldreboende",
    "äldreboendet",
    # care homes ("Orrefors vårdboende", "Lindens gruppboende")
    "vårdboende",
    "vårdboendet",
    "gruppboende",
    "gruppboendet",
    "kommun",
    "kommuns",
    "tandvården",
    # a dental clinic named after its place ("Alsike tandvård")
    "tandvård",
    "livs",
    "restaurang",
    "restaurangen",
    "bageri",
    "bageriet",
    "frisörsalong",
    "hotell",
    "hotellet",
    "fabrik",
    "fabriken",
    # care clinics ("Barnmorskemottagningen X", "Ungdomsmottagningen"): capitalised only
    "mottagning",
    "mottagningen",
    # small hospitals and clinics ("Arvidsjaurs sjukstuga", "Tandkliniken")
    "sjukstuga",
    "sjukstugan",
    "klinik",
    "kliniken",
    "vårdhem",
    "vårdhemmet",
    # home care named after its place ("Ekby hemtjänst")
    "hemtjänst",
    "hemtjänsten",
    "ab",
    "hb",
)
_OTHER_HEADS = (
    "bibliotek",
    "biblioteket",
    "bibliotekets",
    "trafikskola",
    "trafikskolan",
    "lokaltrafik",
    "trafiken",
    "länstrafik",
    "länstrafiken",
    "bostäder",
    # municipal landlords and property companies ("Kommunfastigheter"): capitalised only
    "fastigheter",
    "förening",
    "föreningen",
    "församling",
    "församlingen",
    "moské",
    "moskén",
    "kyrka",
    "kyrkan",
    "klubb",
    "klubben",
    "club",
    # a choir named in English ("Ekby Gospel Choir")
    "choir",
    "sällskapet",
    "tempel",
    "templet",
    "synagoga",
    "synagogan",
    # village associations and teams the writer belongs to ("Åmots byalag", "Orust
    # folkdanslag", "Hälla innebandylag"): a place's name and the group's head
    "byalag",
    "byalaget",
    "danslag",
    "danslaget",
    "bollslag",
    "bollslaget",
    "bandylag",
    "hockeylag",
    "basketlag",
    "innebandylag",
    # a place's museum, language café or service office ("Ekby hembygdsmuseum", "Ekby
    # språkcafé", "Ekby servicekontor")
    "museum",
    "museet",
    "språkcafé",
    "språkcaféet",
    "servicekontor",
    "servicekontoret",
    "medborgarkontor",
    "medborgarkontoret",
    # meeting places for older people ("Ekby seniorcenter", "Ekby träffpunkt")
    "seniorcenter",
    "seniorcentret",
    "seniorcentrum",
    "träffpunkt",
    "träffpunkten",
)
# The team and group heads among them.
_TEAM_TAILS = ("byalag", "byalaget", "lag", "laget")
# Heads of places of worship and congregations.
_WORSHIP_HEADS = frozenset(
    "kyrka kyrkan moské moskén församling församlingen tempel templet synagoga synagogan "
    "katedral katedralen".split()
)
# Tails of a congregation's one-word name ("Betelkyrkan", "Pingstförsamlingen").
_WORSHIP_TAILS = ("kyrkan", "moskén", "församlingen")
_CLUB_PREFIXES = frozenset("ifk ik if bk ff aik gif sk fk hk ibk kfum".split())
# Club abbreviations written after the club's name ("Kalmar FF", "Mjällby AIF", "Storvreta
# IBK", "Hammarby IF", "Djurgårdens IF"): Swedish sports-club naming (Riksidrottsförbundet's
# register uses these forms); they must be written in capitals.
_CLUB_SUFFIXES = frozenset(
    "if ff bk sk ik fk hk aif aik gif ibk bois fbk ifk bik ssk hf bbk vbk tk gik is ois gais fc "
    "afc ufc sc fif ck sif ais kif goif".split()
)
# The tokenizer keeps a sentence's full stop on a short capital word ("i Husby FF."): the
# abbreviation at the end of a sentence is the same club or company form.
_CLUB_SUFFIXES = _CLUB_SUFFIXES | frozenset(s + "." for s in _CLUB_SUFFIXES)
# Words that show a "X skola"/"X universitet" is generic, not a name.
_NOT_NAME_BEFORE = frozenset(
    "en ett den det min mitt mina vår vårt våra din ditt deras hans hennes denna detta "
    "svenska ny nya gamla bra stor stora liten lilla första andra "
    # prepositions and adverbs that open a sentence: "Efter skolan", "I skolan", "På sjukhuset"
    "efter före innan under mellan från till med utan vid hos om sedan när då nu på i för av "
    "genom bakom framför också även bara men och eller "
    # "Där skolan är dyr", "I Sverige skolan är öppen": an adverb or the home country before
    # a learner's "skolan" (the schools there), no school's name
    "där här dit hit sverige sveriges".split()
)


class InstitutionDetector:
    """Detects ``school``, ``work`` and ``other_institution`` (or ``public_authority``)."""

    name = "institutions"
    labels = ("school", "work", "other_institution", "public_authority")

    def __init__(self, gazetteer: Gazetteer, options: Options | None = None) -> None:
        self.gaz = gazetteer
        enabled = options.enabled_optional_labels if options else frozenset()
        self.authority_label = (
            "public_authority" if "public_authority" in enabled else "other_institution"
        )

    def detect(self, doc: Document) -> Iterator[Candidate]:
        tokens = doc.tokens
        if not tokens:
            return
        gaz = self.gaz
        found: dict[int, tuple[int, str, frozenset[str], float, str]] = {}
        # first token → (last token, kind, flags, score, key)
        for m in gaz.scan(doc, "institutions"):
            if m.first in found:
                continue
            first_tok = tokens[m.first]
            entry = m.entries[0]
            single = m.last == m.first + (2 if m.suffix == ":s" else 0)
            if single and not entry.manual:
                low = first_tok.lower
                if (
                    not m.suffix
                    and not low.isascii()
                    and any(not c.isascii() for c in set(low) - set(entry.canonical.lower()))
                    and first_tok.norm == normalize(entry.canonical)
                    and gaz.is_known_word(low)
                ):
                    # "pratar skånska": a word with marks the name has not ("Skanska") is a
                    # word of its own (a name written without its marks, "Åhlens", stays)
                    continue
                # "Max", "If", "Vision", "Handels": a common word needs a capital inside the
                # sentence; short acronyms must be written in capitals (SFI, KTH, CSN).
                if gaz.is_common_word(low) or low in _COMMON_INSTITUTION_WORDS:
                    if not first_tok.is_title or cx.is_sentence_initial(doc, m.first):
                        continue
                if len(low) <= 3 and not first_tok.text.isupper() and low not in ("sfi", "abf"):
                    prev3 = cx.prev_words(doc, m.first, 3)
                    if not (prev3 and prev3[0] in ("på", "hos")
                            and not cx.WORK_CUES.isdisjoint(prev3[1:])):
                        continue  # "jobbar på ica" is the employer; a bare "ica" is not
                if (
                    entry.kind in ("authority", "other")
                    and gaz.is_known_word(low)
                    and not (entry.kind == "authority" and low.endswith(_UNIQUE_AUTHORITY_TAILS)
                             and not first_tok.text[:1].isupper()
                             and not cx.is_sentence_initial(doc, m.first))
                    and (
                        not first_tok.text[:1].isupper()
                        # "Migrationsverket gav mig …": a capitalised name of one authority
                        # is a name at the start of a sentence too; "Polisen kom" is not
                        or (
                            cx.is_sentence_initial(doc, m.first)
                            and not (entry.kind == "authority"
                                     and low.endswith(_UNIQUE_AUTHORITY_TAILS))
                        )
                    )
                ):
                    continue  # "polisen kom", "kommunen": the common noun
            if single and not m.suffix and first_tok.text.islower() and \
                    first_tok.lower in _GENERIC_COMPOUNDS:
                continue  # "för mig var folkhögskolan den första plats": the common noun
            if (
                single
                and entry.kind == "company"
                and m.first > 0
                and tokens[m.first - 1].lower in _TOWN_PREPOSITIONS
                and gaz.entries_for_key("places", first_tok.norm)
            ):
                continue  # "hos en familj i Getinge": the town a company is named after
            if (
                m.last > m.first
                and tokens[m.last].lower in ("stad", "kommun")
                and _lives_in(doc, m.first)
            ):
                continue  # "jag har bott i Malmö stad": the town, not the municipality
            if (
                single
                and not m.suffix
                and entry.kind == "other"
                and first_tok.text.islower()
                and m.last + 1 < len(tokens)
                and cx.capitalised(tokens[m.last + 1])
                and tokens[m.last + 1].is_word
                and tokens[m.last + 1].sentence == first_tok.sentence
            ):
                continue  # "fritidsgården Gnistan": the common noun before the name
            flags = frozenset({"gen"}) if m.suffix else frozenset()
            last = m.last
            if (
                not m.suffix
                and entry.kind == "other"
                and tokens[last].lower.endswith("kyrkan")
                and last + 2 < len(tokens)
                and tokens[last + 1].lower == "i"
                and tokens[last + 2].is_title
                and tokens[last + 2].sentence == first_tok.sentence
                and any(e.label == "city" and e.country == "SE"
                        for e in gaz.entries_for_key("places", tokens[last + 2].norm))
            ):
                # "Pingstkyrkan i Kristianstad", "Svenska kyrkan i Kinna": a congregation of
                # a church found all over the country, named by its town
                last += 2
            if entry.label == "school" and single and not m.suffix and last + 1 < len(tokens):
                nxt = tokens[last + 1]
                # "Komvux Gävle", "SFI Rinkeby": the school type plus its place; in an essay
                # written in lower case "sfi skellefteå" too
                if (nxt.is_title or (not first_tok.text[:1].isupper() and nxt.is_word
                                     and nxt.sentence == first_tok.sentence)) \
                        and gaz.entries_for_key("places", nxt.norm):
                    last += 1
                elif (
                    first_tok.lower in _TYPE_SCHOOLS | {"sfi"}
                    and nxt.is_title
                    and nxt.is_word
                    and nxt.sentence == first_tok.sentence
                    and len(nxt.lower) >= 4
                    and not gaz.is_known_word(nxt.lower)
                    and not gaz.is_common_word(nxt.lower)
                    and not gaz.entries_for_key("names", nxt.norm)
                ):
                    last += 1  # "SFI Klingsberg": an unlisted part of the town (a place too)
                elif (
                    first_tok.lower in _TYPE_SCHOOLS | {"sfi"}
                    and nxt.lower in ("centrum", "center")
                    and nxt.is_title
                    and last + 2 < len(tokens)
                    and tokens[last + 2].is_title
                    and tokens[last + 2].sentence == first_tok.sentence
                    and gaz.entries_for_key("places", tokens[last + 2].norm)
                ):
                    last += 2  # "SFI Centrum Ekby": the centre is named after its town
                elif (
                    nxt.lower == "i"
                    and first_tok.lower in _TYPE_SCHOOLS
                    and last + 2 < len(tokens)
                    and tokens[last + 2].is_title
                    and tokens[last + 2].sentence == first_tok.sentence
                    and gaz.entries_for_key("places", tokens[last + 2].norm)
                ):
                    last += 2  # "Komvux i Borlänge": the municipality's school is its name
            if (
                not m.suffix
                and last == m.last
                and last + 1 < len(tokens)
                and tokens[last + 1].is_title
                and tokens[last + 1].sentence == first_tok.sentence
                and any(
                    (e.label == "region" and e.country == "SE")
                    # a town after a long public body's name (Folktandvården,
                    # Arbetsförmedlingen), not after a short brand ("Ica Sundsvall" is left
                    # to the store-format rule)
                    or (e.label == "city" and e.country == "SE" and e.weight >= 1_000
                        and first_tok.is_title and len(first_tok.lower) > 8)
                    for e in gaz.entries_for_key("places", tokens[last + 1].norm)
                )
            ):
                # "Folktandvården Västernorrland", "Folktandvården Hudiksvall": the county's or
                # the town's branch is its name
                last += 1
            elif (
                not m.suffix
                and last == m.last
                and last + 1 < len(tokens)
                and tokens[last + 1].sentence == first_tok.sentence
                and (
                    # "Sahlgrenska sjukhuset", "Karolinska institutet": the listed short name
                    # and its head
                    tokens[last + 1].lower in _ANY_HEAD
                    # "Coop Forum", "Ica Maxi", "Scandic Hotel": a chain and its store format
                    or (tokens[last + 1].is_title and tokens[last + 1].lower in _FORMAT_WORDS)
                    # "Elgiganten Logistik", "Ica Bygg": a listed company's trade branch
                    or (tokens[last + 1].is_title and entry.kind == "company"
                        and _business_word(tokens[last + 1].lower))
                )
            ):
                last += 1
            if (
                not m.suffix
                and last > m.first
                and tokens[last].lower in _FORMAT_WORDS
                and tokens[last].is_title
                and last + 1 < len(tokens)
                and tokens[last + 1].is_title
                and tokens[last + 1].is_word
                and tokens[last + 1].sentence == first_tok.sentence
            ):
                last += 1  # "Ica Maxi Ingelsta": the store is named after its place
            if not m.suffix and last + 1 < len(tokens) and \
                    tokens[last + 1].lower in _CLUB_SUFFIXES and tokens[last + 1].text.isupper() \
                    and tokens[last + 1].sentence == first_tok.sentence:
                last += 1  # "Hammarby IF": the listed club with its abbreviation
            key = (
                normalize(entry.canonical)
                if last == m.last
                else normalize(doc.text[first_tok.start : tokens[last].end])
            )
            start = m.first
            if (
                first_tok.lower in _TYPE_SCHOOLS | {"sfi"}
                and single
                and start > 0
                and tokens[start - 1].is_title
                and tokens[start - 1].sentence == first_tok.sentence
                and not cx.is_sentence_initial(doc, start - 1)
                and (self._swedish_town(tokens[start - 1].lower)
                     or (tokens[start - 1].lower.endswith("s")
                         and self._swedish_town(tokens[start - 1].lower[:-1])))
            ):
                # "min klass på Kävlinge Komvux": the town's school, named with it
                start -= 1
                key = normalize(doc.text[tokens[start].start : tokens[last].end])
            elif (
                single
                and first_tok.lower in _CLUB_SUFFIXES
                and first_tok.text.isupper()
                and start > 0
                and tokens[start - 1].is_title
                and tokens[start - 1].is_word
                and tokens[start - 1].sentence == first_tok.sentence
                and tokens[start - 1].lower not in _PRONOUNS
                and not self.gaz.is_common_word(tokens[start - 1].lower)
                and (start - 1) not in found
            ):
                # "träna med Tibro AIK": a listed club's letters after a town are that
                # town's club
                start -= 1
                key = normalize(doc.text[tokens[start].start : tokens[last].end])
            found[start] = (
                last,
                entry.label if not entry.manual else "=" + entry.label,
                flags,
                # "ett lager som heter Dagab": named after its noun, above a first-name
                # reading after "heter"
                0.86 if _institution_noun_before(doc, m.first) is not None else 0.85,
                key,
            )
        self._company_divisions(doc, found)
        self._agency_names(doc, found)
        self._patterns(doc, found)
        self._lower_case_names(doc, found)
        self._landlords(doc, found)
        self._town_companies(doc, found)
        self._clubs(doc, found)
        self._regional_branches(doc, found)
        self._municipal_units(doc, found)
        self._services_in_town(doc, found)
        self._branch_towns(doc, found)
        self._elided_coordination(doc, found)
        self._hiring(doc, found)
        labelled: dict[str, str] = {}
        decided = []
        for first, (last, kind, flags, score, key) in sorted(found.items()):
            if (
                first == last
                and first > 0
                and tokens[first].text.islower()
                and tokens[first - 1].lower in ("en", "ett")
            ):
                continue  # "arbetade på en läkemedelsfabrik": an indefinite common noun
            if (
                first == last
                and kind == "school"
                and tokens[first].text.islower()
                and tokens[first].lower.endswith(("skola", "skolan"))
            ):
                continue  # "gick på fotbollsskola", "nomadskolan": a kind of school, no name
            label = self._label(doc, first, last, kind)
            decided.append((first, last, label, flags, score, key))
            if label:
                labelled.setdefault(key, label)
        for first, last, label, flags, score, key in decided:
            if label == "":
                continue  # never this mention ("Försäkringskassans webbplats")
            if label is None:
                # the same institution labelled elsewhere in the essay keeps its label
                label = labelled.get(key)
                if label is None:
                    continue
            if label == "other_institution" and last > first and \
                    tokens[last].lower in _WORSHIP_HEADS:
                # "Kungsmarkens kyrka", "Linköpings moské": a congregation the writer's circle
                # belongs to, above the building's place reading
                score = max(score, 0.88)
            end = tokens[last].end
            tail = tokens[last].text
            if last > first and tail.endswith(".") and tail[:-1].isupper() and len(tail) <= 5:
                end -= 1  # "i Husby FF.": the sentence's full stop is no part of the name
                key = key.rstrip(".")
            yield Candidate(
                tokens[first].start, end, label, flags, score, key, source=self.name
            )
        yield from self._lower_case_repeats(doc, decided)
        later = {k: (v, k) for k, v in labelled.items() if " " not in k}
        for first, last, label, _flags, _score, key in decided:
            if label and last > first and tokens[first].lower not in _TYPE_SCHOOLS | {"sfi"}:
                # (not "SFI Klingsberg": the school type is named after its place)
                # "Föreningen Bayanihan … Bayanihan har betytt allt": the own name of a
                # longer institution's name, mentioned alone later, is the same institution
                # (not its first word: "Lyckeby GoIF", "Adelsnäs Trädgårdsbutik" are named
                # after a place)
                for k in range(first + 1, last + 1):
                    # (not the town after "i": "hemtjänsten i Furudal")
                    if self._own_name_word(tokens[k]) and tokens[k - 1].lower != "i":
                        later.setdefault(tokens[k].norm, (label, key))
        if later:
            # Later mentions of a one-word institution found by a pattern ("han älskar
            # Hammarby" after "Hammarby vann mot AIK").
            taken = {k for f, v in found.items() for k in range(f, v[0] + 1)}
            # only the tokens of a learned norm can be a later mention (picked in C)
            norms = doc.norms if len(doc.norms) == len(tokens) else [t.norm for t in tokens]
            for i in compress(range(len(tokens)), map(later.__contains__, norms)):
                tok = tokens[i]
                if i in taken or not tok.is_title:
                    continue
                label, key = later.get(tok.norm, (None, None))
                if label == "work" and i > 0 and tokens[i - 1].lower in _TOWN_PREPOSITIONS \
                        and self.gaz.entries_for_key("places", tok.norm):
                    continue  # "på Getinge i Halmstad … bor i Getinge": the town
                if label is not None and (
                    not cx.is_sentence_initial(doc, i)
                    # "… hyresvärden Fastighets AB Eken. Eken måste laga fönstren": an own
                    # name no dictionary knows opens a sentence as the same institution
                    or (" " in key and not self.gaz.is_known_word(tok.lower)
                        and not self.gaz.is_common_word(tok.lower))
                ):
                    # above a place reading: one entity keeps one label in an essay
                    yield Candidate(tok.start, tok.end, label, frozenset(), 0.85, key,
                                    source=self.name)

    def _own_name_word(self, tok) -> bool:
        """A capitalised word of an institution's name that is neither its head nor an
        ordinary word, a place or a person's name ("Bayanihan", not "Föreningen", "Halland")."""
        low = tok.lower
        return (
            tok.is_title
            and tok.is_word
            and len(low) >= 4
            and low not in _ANY_HEAD
            and _head_kind(low, compound=True) is None
            and not self.gaz.is_known_word(low)
            and not self.gaz.is_common_word(low)
            and not self.gaz.entries_for_key("places", tok.norm)
            and not self.gaz.entries_for_key("names", tok.norm)
        )

    @staticmethod
    def _elided_coordination(doc: Document, found: dict) -> None:
        """"Vård- och omsorgscollege", "Bygg- och anläggningsgymnasiet": the first member of
        a coordination with an elided head ("Vård-") belongs to the name."""
        tokens = doc.tokens
        items = list(found.items())
        taken = None  # the tokens of the names found before this pass, when asked for
        for first, (last, kind, flags, score, _key) in items:
            if (
                first >= 3
                and tokens[first - 1].lower in ("och", "eller")
                and tokens[first - 2].text == "-"
                and tokens[first - 3].is_word
                and tokens[first - 3].end == tokens[first - 2].start
                and tokens[first - 3].sentence == tokens[first].sentence
            ):
                if taken is None:
                    taken = {k for f, v in items for k in range(f, v[0] + 1)}
                if first - 3 in taken:
                    continue
                del found[first]
                found[first - 3] = (last, kind, flags, score,
                                    normalize(doc.text[tokens[first - 3].start :
                                                       tokens[last].end]))

    def _hiring(self, doc: Document, found: dict) -> None:
        """"Trängbo söker folk till våren", "Saltviks Fisk söker personal": the name before
        "söker" + staff is an employer, a workplace offered to the writer's circle."""
        tokens = doc.tokens
        n = len(tokens)
        ends = {v[0]: f for f, v in found.items()}
        for i in Words.of(doc).where(_HIRING_VERBS):
            if not (0 < i and i + 1 < n and tokens[i + 1].lower in _STAFF_WORDS
                    and tokens[i + 1].sentence == tokens[i].sentence):
                continue
            k = i - 1
            if k in ends:
                first = ends[k]
                last, kind, flags, score, key = found[first]
                if not kind.startswith("="):
                    found[first] = (last, "=work", flags, score, key)
                continue
            tok = tokens[k]
            if (
                not tok.is_title
                or not tok.is_word
                or tok.sentence != tokens[i].sentence
                or tok.lower in _PRONOUNS
                or any(k2 <= k <= v[0] for k2, v in found.items())
                or self.gaz.is_common_word(tok.lower)
                or self.gaz.is_known_word(tok.lower)
                or any(e.label == "firstname" for e in self.gaz.entries_for_key("names", tok.norm))
            ):
                continue
            found[k] = (k, "=work", frozenset(), 0.86, tok.norm)

    def _agency_names(self, doc: Document, found: dict) -> None:
        """An unlisted capitalised word with the tail of a state agency's name
        ("Fiskeriverket", "Tandvårdsstyrelsen", "Sjömansförmedlingen") names that agency; an
        unlisted capitalised "-trafiken" ("Blekingetrafiken") a regional transport body, also
        at the start of a sentence. Known lower-case compounds ("kraftverket",
        "kollektivtrafiken") are common nouns there."""
        tokens = doc.tokens
        gaz = self.gaz
        for i in _free_titles_ending(doc, found, _AGENCY_TAILS, 9):
            tok = tokens[i]
            low = tok.lower
            tail = next(t for t in _AGENCY_TAILS if low.endswith(t))
            if len(low) < len(tail) + 4 or (i + 1 < len(tokens) and tokens[i + 1].is_title):
                continue  # (a longer name goes to the rules of names)
            if low.endswith(_PLANT_NAMES) or gaz.is_known_word(low) and (
                    tail == "trafiken" or cx.is_sentence_initial(doc, i)):
                continue  # "Sågverket", "Kollektivtrafiken": a works, the common noun
            found[i] = (i, "town_company" if tail == "trafiken" else "authority", frozenset(),
                        0.88, tok.norm)

    def _workplace_before_where(self, doc: Document, i: int) -> bool:
        """Token ``i`` (a plain capitalised word before "där") is no place, person or common
        word, inside its sentence, and "där" opens a clause of the writer's or a close one's
        work ("där jag själv arbetar", "där min man jobbar")."""
        tok = doc.tokens[i]
        low = tok.lower
        gaz = self.gaz
        if (
            len(low) < 3
            or cx.is_sentence_initial(doc, i)
            or gaz.is_known_word(low)
            or gaz.is_common_word(low)
            or gaz.entries_for_key("places", tok.norm)
            or any(e.label == "firstname" for e in gaz.entries_for_key("names", tok.norm))
            # "bodde i Lingbo där jag arbetade": an unlisted village, not the employer
            or cx.prev_word(doc, i) in _PLACE_PREPOSITIONS
        ):
            return False
        return _work_verb_after(doc, i)

    def _company_divisions(self, doc: Document, found: dict) -> None:
        """"Volvo Powertrain", "Volvo CE", "Scania CV": a listed company and the name of its
        division or subsidiary right after it — a capitalised word in no vocabulary and no
        gazetteer of places or names, or a short acronym in capitals."""
        tokens = doc.tokens
        n = len(tokens)
        gaz = self.gaz
        for first, (last, kind, flags, score, _key) in list(found.items()):
            nxt = last + 1
            if kind != "company" or flags or nxt >= n or nxt in found:
                continue
            tok = tokens[nxt]
            if not tok.is_word or tok.sentence != tokens[last].sentence:
                continue
            # A division's acronym ("Volvo CE", not "Ikea IT") or its own unlisted name.
            acronym = tok.text.isupper() and 2 <= len(tok.text) <= 4 and tok.text.isalpha() \
                and tok.text not in _DEPARTMENT_ACRONYMS
            if not acronym and not (
                tok.is_title
                and len(tok.text) >= 4
                and not gaz.is_known_word(tok.lower)
                and not gaz.is_common_word(tok.lower)
                and not gaz.entries_for_key("places", tok.norm)
                and not gaz.entries_for_key("names", tok.norm)
                and not gaz.entries_for_key("institutions", tok.norm)
            ):
                continue
            if nxt + 1 < n and tokens[nxt + 1].is_title and tokens[nxt + 1].is_word and \
                    tokens[nxt + 1].sentence == tok.sentence:
                continue  # a longer capitalised run: other rules read it
            found[first] = (nxt, kind, flags, score,
                            normalize(doc.text[tokens[first].start : tok.end]))

    def _landlords(self, doc: Document, found: dict) -> None:
        """An unlisted capitalised housing company's name ("Ekhem", "Dalbo", "Ekbostäder")
        in an essay about a flat ("lägenhet", "hyresvärd", "hyran"): the writer's landlord."""
        if Words.of(doc).present.isdisjoint(_HOUSING_WORDS):
            return
        tokens = doc.tokens
        gaz = self.gaz
        for i in _free_titles_ending(doc, found, _LANDLORD_TAILS, 6):
            tok = tokens[i]
            low = tok.lower
            if (
                gaz.is_known_word(low)
                or gaz.is_common_word(low)
                or gaz.entries_for_key("places", tok.norm)
                or gaz.entries_for_key("names", tok.norm)
                or (i + 1 < len(tokens) and tokens[i + 1].is_title)
            ):
                continue
            # contacted ("ringde (till) X", "hyresvärden X") or acting as the landlord ("X
            # måste laga …"); not a place lived in ("bor i Solhem") or a person
            if _LANDLORD_CUES.isdisjoint(cx.prev_words(doc, i, 3)) and not (
                i + 1 < len(tokens) and tokens[i + 1].lower in _LANDLORD_ACTS
                and tokens[i + 1].sentence == tok.sentence
            ):
                continue
            found[i] = (i, "town_company", frozenset(), 0.86, tok.norm)

    def _lower_case_names(self, doc: Document, found: dict) -> None:
        """A learner's lower-case name before a separate head after a preposition ("i kålby
        skolan", "som ekdals biblioteket har", "besökte hammarby bibliotek"): a word no
        dictionary knows (a place's or an own name) and the head make the institution's
        name, of the head's kind."""
        tokens = doc.tokens
        words = Words.of(doc)
        heads = words.where(_LOWER_NAME_HEADS)
        if not heads:
            return
        taken = {k for f, v in found.items() for k in range(f, v[0] + 1)}
        gaz = self.gaz
        for i in heads:
            if i < 2 or i in taken or i - 1 in taken:
                continue
            name, head = tokens[i - 1], tokens[i]
            if (
                not head.text.islower()
                or not name.is_word
                or not name.text.islower()
                or name.sentence != head.sentence
                or len(name.lower) < 4
                or tokens[i - 2].lower not in _LOWER_NAME_CUES
                or gaz.is_known_word(name.lower)
                or gaz.is_common_word(name.lower)
                or name.lower in _NOT_NAME_BEFORE
                or name.lower in cx.POSSESSIVES
            ):
                continue
            kind = _head_kind(head.lower, compound=False)
            if kind is None:
                continue
            found[i - 1] = (i, kind, frozenset(), 0.84,
                            normalize(doc.text[name.start : head.end]))

    def _town_companies(self, doc: Document, found: dict) -> None:
        """Municipal and regional companies named after their town.

        Swedish housing, energy, transport and savings-bank companies are named with the
        town and a company word: one compound (``Växjöbostäder``, ``Uppsalahem``), the
        town's genitive and a capitalised word (``Umeå Energi``, ``Jönköpings Länstrafik``)
        or a bank head first (``Sparbanken Nord``). Without this the town inside reads as the
        city. The label comes from the context; without a work cue, from the essay being
        about the writer.
        """
        tokens = doc.tokens
        n = len(tokens)
        # a generic "X Energi" found by its head is re-read as the town's company
        covered = {k for f, v in found.items() if v[1] != "other" for k in range(f, v[0] + 1)}
        # Only these words can meet a rule below (speed: the loop skips the others, in text
        # order; a new rule for other words must widen this filter): a bank head, the word
        # before a company word and the words of seven letters or more with a company tail.
        words = Words.of(doc)
        visit = set(words.where(_BANK_HEADS_FIRST))
        visit.update(k - 1 for k in words.where(_TOWN_COMPANY_WORDS) if k > 0)
        tailed = words.ending(_TOWN_COMPOUND_TAILS, 7)
        if tailed:
            visit.update(words.where(tailed))
        for i in sorted(visit):
            tok = tokens[i]
            if i in covered or not tok.is_word or not tok.is_title:
                continue
            low = tok.lower
            last = None
            if low in _BANK_HEADS_FIRST:
                if (
                    i + 1 < n
                    and tokens[i + 1].is_title
                    and tokens[i + 1].is_word
                    and tokens[i + 1].sentence == tok.sentence
                ):
                    last = i + 1  # "Sparbanken Tanum", "Sparbanken Syd"
            elif (
                i + 1 < n
                and tokens[i + 1].is_title
                and tokens[i + 1].lower in _TOWN_COMPANY_WORDS
                and tokens[i + 1].sentence == tok.sentence
                and i + 1 not in covered
                # "Umeå Energi" as well as "Jönköpings Länstrafik"
                and (self._swedish_town(low)
                     or (low.endswith("s") and self._swedish_town(low[:-1])))
            ):
                last = i + 1
            elif (
                len(low) > 6
                and low.endswith(_TOWN_COMPOUND_TAILS)  # one C-level test before the loop
                and not self.gaz.entries_for_key("places", tok.norm)
            ):
                for tail in _TOWN_COMPOUND_TAILS:
                    if not low.endswith(tail) or len(low) - len(tail) < 3:
                        continue
                    stem = low[: -len(tail)]
                    if self._swedish_town(stem) or (
                        stem.endswith("s") and self._swedish_town(stem[:-1])
                    ):
                        last = i  # "Gislavedshus", "Strömstadsbyggen", "Växjöbostäder"
                    break
            if last is None or any(
                f != i and f <= last and v[0] >= i for f, v in found.items()
            ):
                continue
            found[i] = (last, "town_company", frozenset(), 0.9,
                        normalize(doc.text[tok.start : tokens[last].end]))
            covered.update(range(i, last + 1))
        # an essay in lower case: "hoforshus lovade fixa fönstren" (an unknown word only)
        lower_compounds = [
            w for w in tailed  # (words.ending(_TOWN_COMPOUND_TAILS, 7), listed above)
            if not self.gaz.is_known_word(w) and not self.gaz.is_common_word(w)
            and not self.gaz.entries_for_key("places", normalize(w))
            and self._town_compound(w)
        ]
        for i in words.where(lower_compounds) if lower_compounds else ():
            tok = tokens[i]
            if i in covered or not tok.text.islower() or i in found:
                continue
            found[i] = (i, "town_company", frozenset(), 0.9, tok.norm)
            covered.add(i)

    def _town_compound(self, low: str) -> bool:
        """A listed Swedish town (or its genitive) and a company tail in one lower-case word
        ("hoforshus", "växjöbostäder")."""
        for tail in _TOWN_COMPOUND_TAILS:
            if low.endswith(tail) and len(low) - len(tail) >= 3:
                stem = low[: -len(tail)]
                return self._swedish_town(stem) or (
                    stem.endswith("s") and self._swedish_town(stem[:-1]))
        return False

    def _regional_branches(self, doc: Document, found: dict) -> None:
        """"Kinesiska föreningen i Norrbotten", "Somaliska förbundet i Skåne": an association
        named after its county or province keeps it in its name (like "Folktandvården
        Västernorrland"), not as the region where the writer lives."""
        tokens = doc.tokens
        n = len(tokens)
        for first, (last, kind, flags, score, _key) in list(found.items()):
            low = tokens[last].lower
            named = (  # "Föreningen Bayanihan": the head, then the association's own name
                last > first and tokens[last - 1].lower in _ASSOCIATION_HEADS
                and tokens[last].is_title and tokens[last].is_word
            )
            if not (
                named
                or low in _ASSOCIATION_HEADS
                # "Iranska kulturföreningen i Kristinehamn", "Hyresgästföreningen i Kalmar"
                or (len(low) > 12 and low.endswith(_ASSOCIATION_TAILS))
                # "Högskolan i Borås": a generic head that is one school's name with its town
                or (first == last and tokens[last].text in _TOWN_SCHOOL_HEADS)
            ):
                continue
            if (
                # "Föreningen X", "Vitryska kulturföreningen X"
                (low in _ASSOCIATION_HEADS
                 or (len(low) > 12 and low.endswith(_ASSOCIATION_TAILS)
                     and tokens[last].text.islower()))
                and last + 1 < n
                and tokens[last + 1].is_title
                and tokens[last + 1].is_word
                and tokens[last + 1].sentence == tokens[last].sentence
                and (last + 1) not in found
                and not self.gaz.is_known_word(tokens[last + 1].lower)
                and not self.gaz.is_common_word(tokens[last + 1].lower)
                and not self.gaz.entries_for_key("places", tokens[last + 1].norm)
                # a surname reading is no person here ("kulturföreningen Kupala")
                and not any(e.label == "firstname"
                            for e in self.gaz.entries_for_key("names", tokens[last + 1].norm))
            ):
                # "Filippinska Föreningen Bayanihan (i Halland)": the association's own name
                # after its head belongs to the name
                last += 1
                found[first] = (last, kind, flags, score,
                                normalize(doc.text[tokens[first].start : tokens[last].end]))
            if not (
                last + 2 < n
                and tokens[last + 1].lower == "i"
                and tokens[last + 2].is_title
                and tokens[last + 2].sentence == tokens[last].sentence
                and (last + 2) not in found
            ):
                continue
            place = tokens[last + 2]
            end = None
            if any(e.label == "region" and e.country == "SE"
                   for e in self.gaz.entries_for_key("places", place.norm)):
                end = last + 2
                if end + 1 < n and tokens[end + 1].lower == "län":
                    end += 1  # "… i Kalmar län"
            elif self._swedish_town(place.lower):
                end = last + 2
                if end + 1 < n and tokens[end + 1].lower == "län":
                    end += 1
                elif low in _ASSOCIATION_HEADS and first == last:
                    end = None  # "föreningen i Lund": the generic noun, then the town
            if end is not None:
                found[first] = (end, kind, flags, score,
                                normalize(doc.text[tokens[first].start : tokens[end].end]))

    def _branch_towns(self, doc: Document, found: dict) -> None:
        """"Hallands sjukhus Halmstad", "Yrkesvux Hässleholm": an institution named by its
        head and the Swedish town of its branch right after it."""
        tokens = doc.tokens
        n = len(tokens)
        for first, (last, kind, flags, score, _key) in list(found.items()):
            nxt = last + 1
            low = tokens[last].lower
            if (
                nxt < n
                and not flags
                and (low in _ANY_HEAD or _head_kind(low, compound=True))
                and tokens[nxt].is_title
                and tokens[nxt].sentence == tokens[last].sentence
                and nxt not in found
                and not (nxt + 1 < n and tokens[nxt + 1].is_title
                         and tokens[nxt + 1].sentence == tokens[nxt].sentence)
                and (self._swedish_town(tokens[nxt].lower)
                     # "Länstrafiken Kronoberg", "Folktandvården Västernorrland": the county's
                     or any(e.label == "region" and e.country == "SE"
                            for e in self.gaz.entries_for_key("places", tokens[nxt].norm)))
            ):
                found[first] = (nxt, kind, flags, score,
                                normalize(doc.text[tokens[first].start : tokens[nxt].end]))

    def _municipal_units(self, doc: Document, found: dict) -> None:
        """"Ånge kommuns hemtjänst", "Region Skånes vårdcentral": a public body in the genitive
        and the lower-case name of its service are one workplace."""
        tokens = doc.tokens
        n = len(tokens)
        for first, (last, kind, _flags, score, _key) in list(found.items()):
            nxt = last + 1
            if (
                nxt < n
                and (tokens[last].lower in _GENITIVE_BODIES
                     or (tokens[last].lower.endswith("s")
                         and tokens[last].lower[:-1] in ("kommun", "region", "stad")))
                and tokens[nxt].lower in _MUNICIPAL_SERVICES
                and tokens[nxt].sentence == tokens[last].sentence
                and nxt not in found
            ):
                found[first] = (nxt, kind, frozenset(), score,
                                normalize(doc.text[tokens[first].start : tokens[nxt].end]))

    def _services_in_town(self, doc: Document, found: dict) -> None:
        """"hemtjänsten i Järvsö", "vårdcentralen i Säffle": the municipality's care service or
        health centre of one Swedish town, named by the generic noun and the town, is one
        institution (the town inside it is no span of its own)."""
        words = Words.of(doc)
        at = words.where(_SERVICES_IN_TOWN)
        capital = [i for i in words.where(_CAPITAL_OTHER_IN_TOWN)
                   if doc.tokens[i].is_title and not cx.is_sentence_initial(doc, i)]
        if capital:
            at = sorted(set(at) | set(capital))
        if not at:
            return
        tokens = doc.tokens
        n = len(tokens)
        taken = {k for f, v in found.items() for k in range(f, v[0] + 1)}
        for i in at:
            town = i + 2
            if (
                town < n
                and i not in taken
                and town not in taken
                and tokens[i + 1].lower == "i"
                and tokens[town].is_word
                and tokens[town].sentence == tokens[i].sentence
                and not (town + 1 < n and tokens[town + 1].is_title
                         and tokens[town + 1].sentence == tokens[i].sentence)
                and self._town_word(tokens[town])
            ):
                found[i] = (town, "other" if tokens[i].lower in _CAPITAL_OTHER_IN_TOWN
                            else "work", frozenset(), 0.86,
                            normalize(doc.text[tokens[i].start : tokens[town].end]))

    def _town_word(self, tok) -> bool:
        """A listed Swedish town or city part, or a capitalised word no list or dictionary
        knows (a village: "i Furudal")."""
        entries = self.gaz.entries_for_key("places", tok.norm)
        if entries:
            return any(e.label in ("city", "area") and e.country == "SE" for e in entries)
        return tok.is_title and not self.gaz.is_known_word(tok.lower) and \
            not self.gaz.is_common_word(tok.lower)

    def _swedish_town(self, low: str) -> bool:
        """True when the lower-case word is a listed Swedish town (not only a city part)."""
        if len(low) < 3:
            return False
        return any(
            e.label == "city" and e.country == "SE" and e.weight >= 1_000
            for e in self.gaz.entries_for_key("places", normalize(low))
        )

    def _clubs(self, doc: Document, found: dict) -> None:
        """Sports clubs named in a match result: "Hammarby vann mot AIK", "mötte Malmö FF"."""
        tokens = doc.tokens
        n = len(tokens)
        verbs = Words.of(doc).where(_MATCH_VERBS)
        if not verbs:
            return
        taken = {k for f, v in found.items() for k in range(f, v[0] + 1)}
        for i in verbs:
            tok = tokens[i]
            if tok.lower not in _MATCH_VERBS:
                continue
            if tok.lower == "spelade" and not (i + 1 < n and tokens[i + 1].lower == "mot"):
                continue  # "spelade Dvořáks nionde symfoni", "Hellström spelade alla klassiker"
            sides = []
            if i > 0 and tokens[i - 1].is_title and tokens[i - 1].is_word:
                sides.append(i - 1)
            j = i + 1
            if j < n and tokens[j].lower in ("mot", "över", "med"):
                j += 1
            if j < n and tokens[j].is_title and tokens[j].is_word and \
                    tokens[j].sentence == tok.sentence:
                sides.append(j)
            for k in sides:
                if k in taken or self.gaz.is_common_word(tokens[k].lower) or \
                        tokens[k].lower in _PRONOUNS or tokens[k].lower.endswith(EVENT_TAILS):
                    continue  # "vann Östgötamästerskapet": the event won, not a team
                if any(e.label == "firstname" for e in self.gaz.entries_for_key(
                        "names", tokens[k].norm)):
                    continue  # "Anna vann mot Eva": people
                if k > 0 and tokens[k - 1].is_title and any(
                        e.label == "firstname"
                        for e in self.gaz.entries_for_key("names", tokens[k - 1].norm)):
                    continue  # "Håkan Hellström vann": a person's surname
                found[k] = (k, "club", frozenset(), 0.8, tokens[k].norm)
                taken.add(k)

    # ------------------------------------------------------------------ patterns
    def _patterns(self, doc: Document, found: dict) -> None:
        tokens = doc.tokens
        n = len(tokens)
        covered = {k for f, v in found.items() for k in range(f, v[0] + 1)}
        # Named transport lines are no organisations ("Arlanda Express").
        covered.update(
            k for m in self.gaz.scan(doc, "transport") for k in range(m.first, m.last + 1)
        )
        # The loop visits only the tokens a rule below can take (see _pattern_positions), in
        # text order: a new rule for other words must widen that filter.
        positions, compound_kinds, line_like = _pattern_positions(doc)
        sentences = doc.sentences
        for i in positions:
            tok = tokens[i]
            if i in covered or not tok.is_word:
                continue
            low = tok.lower
            # A title-case word of none of the forms that rules read (a head, a school's or
            # club's word, a compound): most of the capitalised words.
            plain = (
                tok.is_title
                and low not in _FORM_RULE_WORDS
                and tok.text not in _FORM_RULE_TEXTS
                and low not in compound_kinds
            )
            before = None  # cx.prev_word(doc, i), when asked for
            if (
                plain
                and i + 2 < n
                and (tokens[i + 1].lower == "där"
                     or (tokens[i + 1].text == "," and tokens[i + 2].lower == "där"))
                and tokens[i + 2].sentence == tok.sentence
                and self._workplace_before_where(doc, i)
            ):
                # "stora företag, till exempel Brennerco där jag själv arbetar": an unlisted
                # name right before "där" (or ", där") + a work verb is the employer
                start = i
                if (
                    i > 0
                    and tokens[i - 1].is_title
                    and tokens[i - 1].lower in _PREFIX_NOUNS_AND_HOTEL
                    and i - 1 not in covered
                    and i - 1 not in found
                ):
                    start = i - 1  # "Hotell Ekeborg där vi jobbar": the noun is in the name
                found[start] = (i, "work", frozenset(), 0.88,
                                normalize(doc.text[tokens[start].start : tok.end]))
                covered.update(range(start, i + 1))
                continue
            if (
                plain
                and not (i + 1 < n and tokens[i + 1].is_title)
                and (
                    i == sentences[tok.sentence][0]
                    or ((before := cx.prev_word(doc, i)) not in _NEAREST_CUES
                        and (i < 2 or tokens[i - 1].text != ","))
                )
            ):
                # A plain word meets only the rules of a capitalised word after it and, inside
                # the sentence, of a cue right before it (see the tests of the sentence opener
                # and of _NEAREST_CUES below): without any, every rule passes it by. A new rule
                # for such words must widen this test.
                continue
            if plain:
                # none of the rules of _form_rules reads it but the line test
                if low in line_like:
                    continue  # "lokförare på Kinnekullebanan": the line, not an employer
            elif self._form_rules(doc, i, found, covered, compound_kinds, line_like):
                continue
            # "Nilssons Städ", "Söderbergs Bygg AB", "Hassans Bilverkstad": a name (often a
            # family name in the genitive) and a capitalised trade word make a small firm
            if (
                tok.is_title
                and i + 1 < n
                and i + 1 not in covered
                and tokens[i + 1].is_title
                and tokens[i + 1].sentence == tok.sentence
                and _business_word(tokens[i + 1].lower)
                and not self.gaz.is_common_word(low)
                and low not in _NOT_NAME_BEFORE
                and low not in _PRONOUNS
                and _institution_noun_before(doc, i) is None  # "Affären heter X Livs"
            ):
                last = i + 1
                if (
                    last + 2 < n
                    and tokens[last + 2].is_title
                    and tokens[last + 2].sentence == tok.sentence
                    and (tokens[last + 1].text == "&"
                         or (tokens[last + 1].lower == "och"
                             and _business_word(tokens[last + 2].lower)))
                ):
                    last += 2  # "Hultsfreds Plåt & Ventilation", "Mörlunda Trä och Montage"
                if last + 1 < n and tokens[last + 1].text in _COMPANY_FORMS and \
                        tokens[last + 1].sentence == tok.sentence:
                    last += 1
                found[i] = (last, "company", frozenset(), 0.88,
                            normalize(doc.text[tok.start : tokens[last].end]))
                covered.update(range(i, last + 1))
                continue
            if not (plain or cx.capitalised(tok)) or cx.is_sentence_initial(doc, i):
                if (
                    not tok.is_title
                    and len(low) >= 4
                    and i > 0
                    and tokens[i - 1].lower in ("heter", "hette")
                    and i - 1 not in covered
                ):
                    noun = _institution_noun_before(doc, i)
                    if noun is not None:
                        # "ett äldreboende som heter solgården": after "heter" a learner's
                        # lower-case word is the name
                        found[i] = (i, noun, frozenset(), 0.8, tok.norm)
                        covered.add(i)
                continue
            # Every rule below that reads the words before needs the nearest one in
            # _NEAREST_CUES (or a comma right before: _institution_noun_before): for the other
            # words (most) only the last rule is tried, without the list of six, and only when
            # a capitalised word follows. A new rule reading other words before must widen
            # _NEAREST_CUES.
            if before is None:
                before = cx.prev_word(doc, i)
            if before not in _NEAREST_CUES and (i < 2 or tokens[i - 1].text != ","):
                if i + 1 >= n or not tokens[i + 1].is_title:
                    continue
                prev = prev6 = _NO_WORDS
            else:
                # the six words before, once: the rules below read the nearest three or five
                # (prev_words(doc, i, n) is the first n of them) and _institution_noun_before
                # all
                prev6 = cx.prev_words(doc, i, 6)
                prev = prev6[:3]
            if prev and len(prev) > 1 and prev[0] == "av" and prev[1] in _HIRED_WORDS:
                titled, work_before = False, True  # "Jag är anställd av X"
            elif not prev or prev[0] not in _WORK_PREPOSITIONS:
                # every work cue below needs one of these prepositions right before
                titled = work_before = False
            else:
                titled = _job_title_before(prev6[:5])
                work_before = titled or (
                    any(_is_work_cue(w) or (_is_profession(self.gaz, w)
                                            and not _definite_professional(self.gaz, w)
                                            and not (k + 1 < len(prev)
                                                     and (prev[k + 1] == "till"
                                                          or prev[k + 1] in cx.POSSESSIVES
                                                          or prev[k + 1] in _TRAINED_WORDS))
                                            and not _person_met(prev6, k))
                        for k, w in enumerate(prev[1:], start=1))
                    or _duty_before(prev)
                    or _colleague_before(prev)
                    or _workplace_for(prev6)
                    # "arbetat som kock i tolv år på X": the job before a length of time
                    or self._work_before_duration(doc, i, prev6)
                    # "Nu jobbar jag heltid på X": the inverted work verb a word further
                    or (len(prev6) > 3 and prev6[2] in _PRONOUNS and prev6[3] in _WORK_VERBS
                        and prev6[1] not in _PLACE_PREPOSITIONS)
                    # "På Brennerco jobbar jag med kunder": the work verb right after
                    or (prev[0] in ("på", "hos") and _work_verb_after(doc, i))
                    # "Jag började på X som lagerarbetare": the job taken there
                    or (prev[0] == "på" and len(prev) > 1 and prev[1] in _START_VERBS
                        and (_work_after(self.gaz, doc, i)
                             # "… börjar på X. Jag lagar mat där."
                             or _duty_there_after(doc, i)
                             # "började på Nordfrakts terminal": a firm's work place
                             or (low.endswith("s") and i + 1 < n
                                 and tokens[i + 1].lower in _SITE_NOUNS
                                 and tokens[i + 1].sentence == tok.sentence)))
                )
            if (
                work_before
                and i + 1 < n
                and (tokens[i + 1].lower in _HUB_HEADS
                     # "laboratorieassistent på Biomedicinskt centrum": a centre named
                     # by no place (not "Kista centrum", a shopping centre)
                     or (tokens[i + 1].lower in ("centrum", "center")
                         and not self.gaz.entries_for_key("places", tok.norm)
                         and not (low.endswith("s")
                                  and self.gaz.entries_for_key("places", tok.norm[:-1]))))
                and tokens[i + 1].sentence == tok.sentence
            ):
                # "lokalvårdare på Arlanda flygplats", "jobbar på Göteborgs hamn": the hub
                # where the writer works is the workplace (above the place reading)
                found[i] = (i + 1, "work", frozenset(), 0.9,
                            normalize(doc.text[tok.start : tokens[i + 1].end]))
                covered.update((i, i + 1))
                continue
            if (
                work_before
                and (not _spelled_place(self.gaz, tok) or _company_run(tokens, i))
                and not _genitive_place_before_name(self.gaz, tokens, i)
                and (
                    not self.gaz.is_known_word(tok.lower)
                    or _employer_word(tokens, i, prev)
                    or (titled and tok.lower not in _WORK_TIME_WORDS)
                    # "kör taxi för Taxi Väst Bergstad": a run of capitalised words inside the
                    # sentence after the cue is a name, whatever its first word means
                    or (i + 1 < n and tokens[i + 1].is_title and tokens[i + 1].is_word
                        and tokens[i + 1].sentence == tok.sentence
                        and not cx.is_sentence_initial(doc, i)
                        and tok.lower not in _WORK_TIME_WORDS
                        and not self.gaz.entries_for_key("places", tokens[i + 1].norm))
                    # "började på X som …", "börjar på X. Jag lagar mat där."
                    or (len(prev) > 1 and prev[1] in _START_VERBS
                        and tok.lower not in _WORK_TIME_WORDS)
                    # "jobbar som läkare på Karolinska": the profession's employer
                    or (len(prev) > 2 and prev[0] == "på" and prev[2] == "som"
                        and _is_profession(self.gaz, prev[1])
                        and tok.lower not in _WORK_TIME_WORDS)
                    # "busschaufför hos Din Tur": two capitalised words inside the sentence
                    # right after a profession and "hos/på" are the employer's name
                    or (len(prev) > 1 and prev[0] in ("hos", "på")
                        and _is_profession(self.gaz, prev[1])
                        and not _definite_professional(self.gaz, prev[1])
                        and i + 1 < n and tokens[i + 1].is_title and tokens[i + 1].is_word
                        and tokens[i + 1].sentence == tok.sentence
                        and tok.lower not in _WORK_TIME_WORDS)
                )
            ):
                # "jobbade på Siemens", "revisor på Deloitte": an unlisted employer, with its
                # head word when one follows ("på Norrbackas äldreboende")
                # "på Trollhättans stad": the municipality as employer
                last = i + 1 if i + 1 < n and tokens[i + 1].sentence == tok.sentence and (
                    tokens[i + 1].lower in _ANY_HEAD
                    or tokens[i + 1].lower == "stad"
                    # "praktikant på Karbennings plantskola": a lower-case compound head
                    or (tokens[i + 1].text.islower()
                        and _head_kind(tokens[i + 1].lower, compound=True) is not None)
                    # "på Brattfors bruksmuseum": a town's genitive needs the noun after it
                    or _genitive_town_noun(self.gaz, tokens, i)
                ) else i
                if last == i:
                    last = _name_run_end(self.gaz, tokens, i, covered)
                # right after "jobbar på" the employer reading beats a first name ("Max")
                score = 0.85 if _employer_word(tokens, i, prev) else 0.8
                found[i] = (last, "work", frozenset(), score,
                            normalize(doc.text[tok.start : tokens[last].end]))
                covered.update(range(i, last + 1))
                continue
            if (
                prev
                and prev[0] in ("på", "vid")
                and len(prev) > 1
                and (
                    prev[1] in _STUDY_VERBS
                    # "pluggar till sjuksköterska på X", "nu studerar jag vid X"
                    or (len(prev6) > 3 and prev6[3] in _STUDY_VERBS
                        and (prev6[2] == "till" or (prev6[2] in _PRONOUNS
                                                    and prev6[1] not in _PLACE_PREPOSITIONS)))
                    or (len(prev) > 2 and prev[2] in _STUDY_VERBS and prev[1] in _PRONOUNS)
                )
                and not self.gaz.entries_for_key("places", tok.norm)
                and (
                    # "pluggar på LiU", "studerar vid KTH": capitals inside the word make an
                    # abbreviation, whatever word or name it spells in lower case
                    any(c.isupper() for c in tok.text[1:])
                    or (
                        not self.gaz.is_known_word(tok.lower)
                        and not any(e.label == "firstname"
                                    for e in self.gaz.entries_for_key("names", tok.norm))
                    )
                )
            ):
                # "studerade på Teknikum", "pluggar vid Hermods": an unlisted school, with the
                # rest of its name ("vid Addis Abeba universitet")
                last = _head_after(tokens, i, covered)
                found[i] = (last, "school", frozenset(), 0.8,
                            normalize(doc.text[tok.start : tokens[last].end]))
                covered.update(range(i, last + 1))
                continue
            if (
                len(prev) > 1
                and prev[0] == "i"
                # "är med i X" needs "med i" ("är med i kören och i X"), not "backa med
                # släpvagn i Sverige"
                # (the seven words before: the six when the sentence has no more)
                and _member_before(prev6 if len(prev6) < 6 else cx.prev_words(doc, i, 7))
                and not tok.lower.endswith(("hallen", "arenan", "planen", "badet", "gymmet"))
                # "tränar i Arena Ekby": a sports venue named head first
                and tok.lower not in ("arena", "stadion", "stadium")
                # "jag var med i Vasaloppet": an event taken part in, not a club
                and not tok.lower.endswith(EVENT_TAILS)
                and tok.norm not in self.gaz.not_labelled
                and not self.gaz.entries_for_key("places", tok.norm)
                # "spelade i Dominikanska republikens landslag": a country of two words
                and not _two_word_place(self.gaz, tokens, i)
                # "spelade i Litauens landslag": a country's national team
                and not (tok.lower.endswith("s") and any(
                    e.label == "country"
                    for e in self.gaz.entries_for_key("places", tok.norm[:-1])))
                and not any(e.label == "firstname"
                            for e in self.gaz.entries_for_key("names", tok.norm))
            ):
                # "jag är med i LiU Kendo", "hon spelar i Hammarby IF": a club or association
                last = i
                while last + 1 < n and (
                    tokens[last + 1].is_title
                    or (tokens[last + 1].lower in _CLUB_SUFFIXES
                        and tokens[last + 1].text.isupper())  # "Gunnilse IS"
                ) and last + 1 not in covered \
                        and last - i < 3 and tokens[last + 1].sentence == tok.sentence:
                    last += 1
                if (
                    last + 1 < n
                    and (tokens[last + 1].lower in _ANY_HEAD
                         or (tokens[last + 1].text.islower()
                             and (tokens[last + 1].lower.endswith(_ENSEMBLE_TAILS)
                                  or _head_kind(tokens[last + 1].lower, compound=True))))
                    and last + 1 not in covered
                    and tokens[last + 1].sentence == tok.sentence
                ):
                    # "medlem i Kurdiska föreningen", "spelar i Leksands kammarorkester": the
                    # head word of the name
                    last += 1
                # a club or association the writer's circle belongs to: tied to the essay
                # ("Ahmad spelar fotboll i Mariefreds IK"), and no workplace ("jobbar på X
                # och är med i Y")
                # (with a club's abbreviation at its end as sure as "Kalmar FF" is)
                score = 0.88 if tokens[last].lower in _CLUB_SUFFIXES else 0.8
                found[i] = (last, "club", frozenset(), score,
                            normalize(doc.text[tok.start : tokens[last].end]))
                covered.update(range(i, last + 1))
                continue
            # "en fabrik som heter Turboatom", "Affären heter Habesha Livs".
            noun = _institution_noun_before(doc, i, prev6)
            if noun is not None and _bare_noun_before(tokens, i) and \
                    self.gaz.entries_for_key("places", tok.norm):
                noun = None  # "gick i skola Malmö": a learner's "i skola i Malmö"
            if noun is not None and _name_and_initial(self.gaz, tokens, i):
                noun = None  # "… heter Greta K. Lind": a first name and an initial, a person
            if (
                noun is not None
                and tokens[i - 1].text == ","
                and not (i + 1 < n and tokens[i + 1].is_title
                         and tokens[i + 1].sentence == tok.sentence)
                and any(e.label == "firstname" for e in self.gaz.entries_for_key("names", tok.norm))
            ):
                # "en vän från skolan, Yasin", "Min förra hyresvärd, Göran, …": a listed first
                # name set off by a comma after the noun is a person of that place
                noun = None
            if noun is not None:
                last = i
                while last + 1 < n and last + 1 not in covered and last - i < 3:
                    if tokens[last + 1].is_title:
                        last += 1
                    elif (
                        tokens[last + 1].text in ("-", "–")
                        and last + 2 < n
                        and tokens[last + 2].is_title
                        and tokens[last].end == tokens[last + 1].start
                        and tokens[last + 1].end == tokens[last + 2].start
                    ):
                        last += 2  # "en förening, Borås–Gambia Vänskap": a dash inside the name
                    else:
                        break
                if (
                    last + 1 < n
                    and tokens[last + 1].lower in _CLUB_SUFFIXES
                    and _club_abbreviation(tokens[last + 1].text)
                    and last + 1 not in covered
                    and tokens[last + 1].sentence == tok.sentence
                ):
                    # "en fotbollsklubb, Älvsby IF": the club's abbreviation ends the name
                    last += 1
                    noun = "club"
                elif (
                    last + 1 < n
                    and tokens[last + 1].text in _COMPANY_FORMS
                    and tokens[last + 1].sentence == tok.sentence
                ):
                    last += 1  # "Nordic Clean AB": the company form belongs to the name
                elif (
                    last + 1 < n
                    and (tokens[last + 1].lower in _ANY_HEAD
                         # "en förening, Vitryska kulturföreningen": a compound head
                         or (tokens[last + 1].text.islower()
                             and _head_kind(tokens[last + 1].lower, compound=True) == noun))
                    and last + 1 not in covered
                    and tokens[last + 1].sentence == tok.sentence
                ):
                    # "föreningen Nepalesiska föreningen": the name has its own head
                    last += 1
                    if tokens[i - 1].text == "," and tokens[last].lower in _ANY_HEAD:
                        # "en matbutik, ett apotek, Skäggetorps bibliotek": a list, not an
                        # apposition; the name's own head says its kind
                        noun = _head_kind(tokens[last].lower, compound=False) or noun
                first = i
                venue = _venue_noun_before(doc, i)
                lower_noun = not tokens[i - 1].is_title  # "Pizzeria Beirut" is one name
                if (
                    tokens[i - 1].lower in _NOUN_KINDS
                    and tokens[i - 1].lower not in _NOUNS_OUTSIDE_NAME
                    and not (lower_noun and (venue or last > i))
                    and not _bare_noun_before(tokens, i)  # "i förskola [Solrosen]"
                ):
                    # "förskolan Solrosen": the noun belongs to a one-word name; a name of its
                    # own ("sågverket Bjästa Trä", "affären Habesha Livs") stands without it
                    first = i - 1
                found[first] = (
                    last,
                    "venue" if venue and noun == "work" else noun,
                    frozenset(),
                    0.86,
                    normalize(doc.text[tokens[first].start : tokens[last].end]),
                )
                covered.update(range(first, last + 1))
                continue
            # "Helsingborgs Energi", "Luleå Lokaltrafik", "Stockholms Schackklubb": a place
            # (often in the genitive) and a capitalised word make an organisation's name.
            if (
                i + 1 < n
                and tokens[i + 1].is_title
                and i + 1 not in covered
                and tokens[i + 1].is_word
                and tokens[i + 1].sentence == tok.sentence
            ):
                place = self.gaz.entries_for_key("places", tok.norm) or (
                    tok.norm.endswith("s") and self.gaz.entries_for_key("places", tok.norm[:-1])
                )
                nxt = tokens[i + 1]
                if (
                    place
                    and not self.gaz.entries_for_key("places", nxt.norm)
                    and not self.gaz.entries_for_key("names", nxt.norm)
                    and nxt.lower not in _PLACE_HEADS
                    and not nxt.lower.endswith(_VENUE_TAILS)  # "Malmö Stadsteater": a place
                    # "vid Stora Hjulsjön", "Lilla Björkfjället": a lake's or a mountain's name
                    and not (len(nxt.lower) > 6 and nxt.lower.endswith(_NATURE_TAILS))
                    # "en artikel i Ekby Dagblad": a newspaper, read by anyone
                    and nxt.lower not in _NEWSPAPER_WORDS
                    # "på Ekby Folkets Hus": a people's hall, a place
                    and nxt.lower != "folkets"
                    # "på Stora Östergatan", "vid Lilla Torgvägen": a street's name
                    and not (len(nxt.lower) > 6 and nxt.lower.endswith(_STREET_TAILS))
                    # "Dire Dawa", "Addis Abeba": the two words are one listed place
                    and not self.gaz.entries_for_key(
                        "places", normalize(doc.text[tok.start : nxt.end])
                    )
                    # "Jonas Hassen Khemiri": a frequent first name opens a person's name
                    and not any(e.label == "firstname" and e.weight >= 20
                                for e in self.gaz.entries_for_key("names", tok.norm))
                    # "Jag heter Milagros Quispe": a person
                    and not (prev and prev[0] in cx.NAME_INTRO)
                    # "Colombia Tiene Talento": a foreign country opens no Swedish body's name
                    and not any(e.label == "country" for e in (place or ()))
                ):
                    # "Växjö Folkhögskola", "Umeå Universitet": a capitalised head keeps its kind
                    head = _head_kind(nxt.lower, compound=False) or \
                        _head_kind(nxt.lower, compound=True)
                    last = i + 1
                    if (
                        head is None
                        and i + 2 < n
                        and tokens[i + 2].is_title
                        and tokens[i + 2].lower in _ANY_HEAD
                        and tokens[i + 2].sentence == tok.sentence
                    ):
                        # "Stockholm Cricket Club", "Malmö Kurdiska Förening": the head after
                        last = i + 2
                        head = _head_kind(tokens[i + 2].lower, compound=False)
                    if head is None and all(e.foreign for e in place) and \
                            not self.gaz.is_known_word(nxt.lower):
                        # "från Herat Jebrael", "i Kabul Khair Khana": a town abroad and an
                        # unknown word without an institution's head is a district of it
                        continue
                    if head is None and last == i + 1 and _business_word(nxt.lower) \
                            and nxt.lower not in _SHOP_WORDS:
                        # "Bjärred Tryckeri", "Ekby Gruvservice": a town and a trade word make
                        # a small firm, like a family name and a trade word
                        head = "company"
                        if (
                            i + 3 < n
                            and tokens[i + 2].text == "&"
                            and tokens[i + 3].is_title
                            and tokens[i + 3].is_word
                            and tokens[i + 3].sentence == tok.sentence
                        ):
                            last = i + 3  # "Ekby Färg & Tapet": two trades
                    found[i] = (
                        last,
                        head or "org",
                        frozenset(),
                        0.86,
                        normalize(doc.text[tok.start : tokens[last].end]),
                    )
                    covered.update(range(i, last + 1))

    def _lower_case_repeats(self, doc: Document, decided: list) -> Iterator[Candidate]:
        """"praktik på Ekby Bildelar … fast jobb på ekby bildelar": a labelled name of two or
        more capitalised words, repeated in lower case in the same essay, is the same
        institution (a learner's lower-case repeat)."""
        tokens = doc.tokens
        text = doc.text
        low_text = None
        for first, last, label, _flags, _score, key in decided:
            if not label or last == first or not all(
                    t.is_title and t.is_word for t in tokens[first : last + 1]):
                continue
            if low_text is None:
                low_text = lower_text(text)  # (shared with the other stages of the pass)
            phrase = text[tokens[first].start : tokens[last].end].lower()
            pos = low_text.find(phrase)
            while pos >= 0:
                end = pos + len(phrase)
                if (
                    text[pos:end].islower()
                    and (pos == 0 or not text[pos - 1].isalnum())
                    and (end == len(text) or not text[end].isalnum())
                ):
                    yield Candidate(pos, end, label, frozenset(), 0.85, key, source=self.name)
                pos = low_text.find(phrase, end)

    def _work_before_duration(self, doc: Document, i: int, prev6: list[str]) -> bool:
        """``arbetat som kock i tolv år på X``, ``jobbade i tre månader hos X`` (``prev6``
        nearest first): a work cue before a length of time right before the preposition."""
        if not (len(prev6) > 3 and prev6[0] in ("på", "hos", "vid")
                and prev6[1] in _DURATION_NOUNS and prev6[3] in ("i", "under")):
            return False
        rest = cx.prev_words(doc, i, 9)[4:]
        return any(_is_work_cue(w) for w in rest) or (
            len(rest) > 2 and rest[1] == "som" and _is_profession(self.gaz, rest[0])
            and rest[2] in _WORK_VERBS
        )

    def _form_rules(
        self, doc: Document, i: int, found: dict, covered: set[int],
        compound_kinds: dict[str, str | None], line_like: set[str],
    ) -> bool:
        """The rules of _patterns that read the form of ``tokens[i]`` itself (a head, a
        compound, a school's or club's word, a lower-case name after an institution noun):
        True when the token is done with (taken, or passed by every rule of _patterns).
        A title-case word of none of these forms meets none of them but the line test (see
        ``plain`` in _patterns)."""
        tokens = doc.tokens
        n = len(tokens)
        tok = tokens[i]
        low = tok.lower
        if (
            tok.text in _TOWN_SCHOOL_HEADS
            and i + 2 < n
            and tokens[i + 1].lower == "i"
            and tokens[i + 2].is_title
            and tokens[i + 2].sentence == tok.sentence
            and i + 2 not in covered
            and any(e.label == "city"
                    for e in self.gaz.entries_for_key("places", tokens[i + 2].norm))
        ):
            # "Universitetet i Damaskus", "Högskolan i Jönköping": the one school of a town
            found[i] = (i + 2, "school", frozenset(), 0.86,
                        normalize(doc.text[tok.start : tokens[i + 2].end]))
            covered.update(range(i, i + 3))
            return True
        if (
            tok.text.islower()
            and i >= 2
            and i - 1 not in covered
            and len(low) >= 4
            and tokens[i - 2].lower in ("på", "i", "vid", "hos")
            and tokens[i - 1].sentence == tok.sentence
            and (tokens[i - 1].lower in _NAME_PREFIX_NOUNS
                 or (tokens[i - 1].lower in _NOUN_KINDS
                     and tokens[i - 1].lower.endswith(("an", "en", "et"))
                     and tokens[i - 1].lower not in _NOUNS_OUTSIDE_NAME))
            and (
                (not self.gaz.is_known_word(low) and not self.gaz.is_common_word(low)
                 and (tokens[i - 1].lower in _NAME_PREFIX_NOUNS
                      or not self.gaz.entries_for_key("places", tok.norm)))
                # "pizzeria roma": a town's or a person's name names a restaurant
                or (tokens[i - 1].lower in _NAME_PREFIX_NOUNS
                    and (self.gaz.entries_for_key("places", tok.norm)
                         or self.gaz.entries_for_key("names", tok.norm)))
            )
            # not a learner's inverted subject: "På restaurangen arbetstiderna var sena"
            and not (low.endswith(("erna", "arna", "orna"))
                     and i + 1 < n and tokens[i + 1].lower in _SUBJECT_VERBS)
        ):
            # "jobbar på pizzeria roma", "går på förskolan solrosen": a learner's lower-case
            # name after the institution noun
            kind = _NOUN_KINDS[tokens[i - 1].lower]
            if tokens[i - 1].lower in _VENUE_NOUNS and kind == "work":
                kind = "venue"  # a restaurant visited is a place, worked at a workplace
            found[i - 1] = (i, kind, frozenset(), 0.8,
                            normalize(doc.text[tokens[i - 1].start : tok.end]))
            covered.update((i - 1, i))
            return True
        if len(low) <= 7 and not tok.is_title and low not in _ANY_HEAD and \
                low not in _HEAD_FIRST and not tok.text.isupper():
            return True  # the bulk of short lower-case words: nothing to do
        if low in line_like and tok.is_title:
            return True  # "lokförare på Kinnekullebanan": the line, not an employer
        # "University of San Agustin", "Universidad de Chile", "Université de Lyon": a
        # foreign school's head, a particle and its capitalised name.
        if (
            tok.text in _FOREIGN_SCHOOL_HEADS
            and i + 2 < n
            and tokens[i + 1].lower in ("of", "de", "du", "di", "do", "der", "des")
            and (tokens[i + 2].is_title or _article_then_title(tokens, i + 2))
            and tokens[i + 2].sentence == tok.sentence
        ):
            last = i + 2 if tokens[i + 2].is_title else i + 3
            while last + 1 < n and tokens[last + 1].is_title and \
                    tokens[last + 1].sentence == tok.sentence and last - i < 4:
                last += 1
            found[i] = (last, "school", frozenset(), 0.88,
                        normalize(doc.text[tok.start : tokens[last].end]))
            covered.update(range(i, last + 1))
            return True
        if (
            tok.text in _FOREIGN_SCHOOL_HEADS
            and tok.text not in ("Universitet", "Universitetet", "School", "College")
            and i + 1 < n
            and tokens[i + 1].is_title
            and tokens[i + 1].sentence == tok.sentence
            and i + 1 not in covered
        ):
            # "Universidad San Antonio Abad", "Institut Teknologi Bandung", "Liceul Mihai
            # Eminescu": a foreign school's head right before its name
            last = i + 1
            while last + 1 < n and (tokens[last + 1].is_title or tokens[last + 1].is_digit) \
                    and tokens[last + 1].sentence == tok.sentence and last - i < 4:
                last += 1
            found[i] = (last, "school", frozenset(), 0.86,
                        normalize(doc.text[tok.start : tokens[last].end]))
            covered.update(range(i, last + 1))
            return True
        if (
            tok.is_title
            and low in _SCHOOL_TYPE_NAMES
            and not cx.is_sentence_initial(doc, i)
        ):
            # "Jag gick Yrkesvux i Norrtälje", "kurs på Lärcentrum": the municipality's school
            # of that type, named by it
            # above a first-name reading after "heter" ("SFI heter Lärcentrum Väst")
            found[i] = (i, "school", frozenset(), 0.86, tok.norm)
            covered.add(i)
            return True
        # A compound with the head inside one token: "Kroksbäcksskolan".
        # _head_kind(low, compound=True), looked up: the essay's compounds with a head
        kind = compound_kind = compound_kinds.get(low)
        if kind and not tok.is_title and low.endswith(_CAPITAL_ONLY_TAILS):
            kind = None  # "ungdomsmottagningen", "hyresfastigheter": the common noun
        if (
            kind
            and not tok.is_title
            and i + 1 < n
            and cx.capitalised(tokens[i + 1])
            and tokens[i + 1].is_word
            and tokens[i + 1].sentence == tok.sentence
        ):
            # "löparklubben Sala FIF", "schackklubben SK Rockaden": the lower-case noun
            # before the name
            kind = None
        if (
            kind
            and len(low) > 8
            and (
                # a generic compound is a name only when capitalised inside a sentence
                # ("Stadsbiblioteket", "Folktandvården"); other compounds also in lower case
                (tok.is_title and not cx.is_sentence_initial(doc, i))
                or (
                    low not in _GENERIC_COMPOUNDS
                    and (tok.is_title or not self.gaz.is_known_word(low))
                )
            )
        ):
            last = i
            # "Montessoriskolan Gläntan": a capitalised name right after.
            if (
                i + 1 < n
                and tokens[i + 1].is_title
                and not self.gaz.is_known_word(tokens[i + 1].lower)
            ):
                last = i + 1
            gen = (
                frozenset({"gen"})
                if low.endswith("s") and not kind == "school" and low[:-1].endswith(_ALL_HEADS)
                else frozenset()
            )
            first = i
            # "Sven Eriksonsgymnasiet": a capitalised first part before the compound.
            if cx.name_word_before(doc, i, covered):
                first = i - 1
            found[first] = (
                last,
                kind,
                gen,
                0.86,
                normalize(doc.text[tokens[first].start : tokens[last].end]),
            )
            covered.update(range(first, last + 1))
            return True
        # Name + separate head: "Lunds universitet", "Danderyds sjukhus", "Haninge kommun";
        # the head may be a lower-case compound ("Norra Älvsborgs länssjukhus", "Piteå
        # kammarkör", "Gävle vuxenutbildning").
        kind = _HEAD_KIND.get(low)  # _head_kind(low, compound=False)
        if (
            kind is None
            and low in _TOWN_SERVICES
            and tok.text.islower()
            and i > 0
            and tokens[i - 1].is_title
            and tokens[i - 1].lower.endswith("s")
            and self._swedish_town(tokens[i - 1].lower[:-1])
        ):
            kind = "work"  # "Doroteas hemtjänst": the town's service in its genitive
        if kind is None and not tok.is_title and len(low) > 6:
            kind = compound_kind or (
                # an ensemble the writer sings or plays in: tied to the essay like a club
                "club" if low.endswith(_ENSEMBLE_TAILS) else None
            )
            if (low.endswith(_CAPITAL_ONLY_TAILS) or low in _GENERIC_COMPOUNDS) and \
                    low not in _TOWN_NAMED_GENERICS:
                kind = None  # "Göteborgs gymnasieskola": a generic noun after a town
        if kind and i > 0:
            start = i - 1
            if start in covered:
                return True
            if not cx.capitalised(tokens[start]):
                if (
                    # "på hvitfeldtska gymnasiet", "i kroksbäcks skolan": a learner's
                    # lower-case name, an unknown word right after a place preposition
                    start >= 1
                    and tokens[start - 1].lower in ("på", "i", "vid")
                    and tokens[start].is_word
                    and len(tokens[start].lower) >= 5
                    and not self.gaz.is_known_word(tokens[start].lower)
                    and not self.gaz.is_common_word(tokens[start].lower)
                    and not self.gaz.entries_for_key("places", tokens[start].norm)
                ):
                    pass
                elif (
                    # "jobbar på mora lasarett": a learner's lower-case town before the
                    # head of its hospital or university
                    start >= 1
                    and tokens[start - 1].lower in ("på", "vid")
                    and tokens[start].is_word
                    and (low in _TOWN_CARE_HEADS
                         or (low.endswith("s") and low[:-1] in _TOWN_CARE_HEADS))
                    and (self._swedish_town(tokens[start].lower)
                         or (tokens[start].lower.endswith("s")
                             and self._swedish_town(tokens[start].lower[:-1])))
                ):
                    pass
                elif (
                    # "jobbar på mora bageri": after a work verb, a learner's lower-case town
                    # before the head of a workplace
                    start >= 2
                    and kind == "work"
                    and tokens[start - 1].lower in ("på", "hos", "vid")
                    and (tokens[start - 2].lower in _WORK_VERBS
                         or _is_work_cue(tokens[start - 2].lower))
                    and tokens[start].is_word
                    and (self._swedish_town(tokens[start].lower)
                         or (tokens[start].lower.endswith("s")
                             and self._swedish_town(tokens[start].lower[:-1])))
                ):
                    pass
                # "Charkivs polytekniska institut", "Syriska ortodoxa kyrkan": an adjective
                # between name and head
                elif not (i >= 2 and cx.capitalised(tokens[i - 2])
                          and tokens[start].lower.endswith(("ska", "a"))
                          and len(tokens[start].lower) >= 5
                          and tokens[start].lower not in _NOT_NAME_BEFORE):
                    return True
                else:
                    start -= 1
            if tokens[start].lower in _NOT_NAME_BEFORE:
                return True
            if low in ("kommun", "stad") and _lives_in(doc, start):
                # "Jag bor i Edsbyn i Ovanåkers kommun": where the writer lives, the
                # municipality is the area around the town (a region), not the body
                if low == "kommun" and tokens[start].is_word and \
                        tokens[start].lower not in _NOT_NAME_BEFORE:
                    found[start] = (i, "=region", frozenset(), 0.86,
                                    normalize(doc.text[tokens[start].start : tok.end]))
                    covered.update(range(start, i + 1))
                return True
            if any(
                e.label == "country"
                for e in self.gaz.entries_for_key("places", tokens[start].norm.rstrip("s"))
            ):
                return True  # "Irans skola": a country's schools, not a named school
            # Up to two more capitalised words before: "Frans Schartaus gymnasium".
            if start - 1 >= 0 and tokens[start - 1].text in ("St.", "S:t", "Sankt", "St"):
                start -= 1
            while (
                start - 1 >= 0
                and cx.capitalised(tokens[start - 1])
                and start - 1 not in covered
                and not cx.is_sentence_initial(doc, start)
                and tokens[start - 1].lower not in cx.PLACE_PREPOSITIONS
                and i - start < 3
                # "Enligt Kungliga biblioteket …": a word of the language opening the sentence
                # (not a name's first word: "Frans Schartaus gymnasium", "Norra Real
                # gymnasium")
                and not (cx.is_sentence_initial(doc, start - 1)
                         and not tokens[start - 1].lower.endswith("a")  # "Norra", "Gamla"
                         and self.gaz.is_known_word(tokens[start - 1].lower)
                         and not self.gaz.entries_for_key("places", tokens[start - 1].norm)
                         and not self.gaz.entries_for_key("names", tokens[start - 1].norm))
            ):
                start -= 1
            if start == i - 1 and tok.text.islower() and \
                    _first_name_genitive(self.gaz, tokens[start]):
                return True  # "i Saras skola": the school a person goes to, not a name
            start = _saint_before(tokens, start, covered)
            if _stop_name_before(tokens, start):
                # "till hållplatsen Västerängs skola": the stop's name, a place
                found[start] = (i, "=place", frozenset(), 0.86,
                                normalize(doc.text[tokens[start].start : tok.end]))
                covered.update(range(start, i + 1))
                return True
            if cx.is_sentence_initial(doc, start) and (
                self.gaz.is_common_word(tokens[start].lower)
                # "Välj trafikskola noga": an imperative opening the sentence before an
                # lower-case head, no name (not a genitive or a weak adjective: "Lunds
                # universitet", "Karolinska sjukhuset", "Västra skolan")
                or (start == i - 1 and tok.text.islower()
                    and not tokens[start].lower.endswith(("s", "a"))
                    and self.gaz.is_known_word(tokens[start].lower)
                    and not self.gaz.entries_for_key("places", tokens[start].norm)
                    and not self.gaz.entries_for_key("names", tokens[start].norm))
            ):
                return True
            found[start] = (
                i,
                kind,
                frozenset(),
                0.86,
                normalize(doc.text[tokens[start].start : tok.end]),
            )
            covered.update(range(start, i + 1))
            return True
        # Club name + abbreviation: "Kalmar FF", "Halmstads BK", "Mjällby AIF", "Ljungby
        # GoIF" (a lower-case letter inside: "Godtemplarnas IF")
        if (
            (low in _CLUB_SUFFIXES or (tok.text == "AI" and i > 0 and _place_before(
                self.gaz, tokens[i - 1].norm)))
            and _club_abbreviation(tok.text)
            and i > 0
            and i - 1 not in covered
            and tokens[i - 1].is_title
            and tokens[i - 1].is_word
            and tokens[i - 1].sentence == tok.sentence
            and tokens[i - 1].lower not in _PRONOUNS
        ):
            start = i - 1
            # "Djurgårdens IF", "Örgryte IS", "Bollnäs GIF": one name word before; two
            # when both are capitalised inside the sentence ("Västra Frölunda IF").
            if (
                start > 0
                and tokens[start - 1].is_title
                and start - 1 not in covered
                and not cx.is_sentence_initial(doc, start)
                and tokens[start - 1].lower not in cx.PLACE_PREPOSITIONS
                and not cx.is_sentence_initial(doc, start - 1)
            ):
                start -= 1
            found[start] = (i, "club", frozenset(), 0.88,
                            normalize(doc.text[tokens[start].start : tok.end]))
            covered.update(range(start, i + 1))
            return True
        # "Region Skåne", "Region Västra Götaland": the regional authority (health care,
        # public transport), not the landscape; written with a capital R.
        if (
            tok.text == "Region"
            and i + 1 < n
            and tokens[i + 1].is_title
            and i + 1 not in covered
            and tokens[i + 1].sentence == tok.sentence
        ):
            last = i + 1
            if last + 1 < n and tokens[last + 1].is_title and \
                    tokens[last + 1].sentence == tok.sentence and \
                    tokens[i + 1].lower in ("västra", "östra", "norra", "södra"):
                last += 1
            found[i] = (last, "authority", frozenset(), 0.88,
                        normalize(doc.text[tok.start : tokens[last].end]))
            covered.update(range(i, last + 1))
            return True
        # "Hotel Kilima", "Hotell Rival": a hotel named head first; a workplace after a work
        # cue, otherwise a place visited (a venue)
        if (
            tok.text in ("Hotel", "Hotell")
            and i + 1 < n
            and tokens[i + 1].is_title
            and tokens[i + 1].is_word
            and i + 1 not in covered
            and tokens[i + 1].sentence == tok.sentence
        ):
            last = i + 1
            if last + 1 < n and tokens[last + 1].is_title and tokens[last + 1].is_word \
                    and last + 1 not in covered and tokens[last + 1].sentence == tok.sentence:
                last += 1
            found[i] = (last, "venue", frozenset(), 0.86,
                        normalize(doc.text[tok.start : tokens[last].end]))
            covered.update(range(i, last + 1))
            return True
        # Head first: "Komvux Gävle", "IFK Tumba", "TU Berlin".
        if (
            (low in _CLUB_PREFIXES or low in ("komvux", "sfi", "tu"))
            and i + 1 < n
            and tokens[i + 1].is_title
            and i + 1 not in covered
        ):
            if low in _CLUB_PREFIXES and not tok.text.isupper():
                return True
            # a club is tied to the essay ("Han spelar i IFK Värnamo": the writer's son)
            kind = "club" if low in _CLUB_PREFIXES else "school"
            last = i + 1
            if (
                kind == "school"
                and tokens[i + 1].lower in ("centrum", "center")
                and i + 2 < n
                and i + 2 not in covered
                and tokens[i + 2].is_title
                and tokens[i + 2].sentence == tok.sentence
                and self.gaz.entries_for_key("places", tokens[i + 2].norm)
            ):
                last = i + 2  # "SFI Centrum Ekby": the centre is named after its town
            found[i] = (
                last,
                kind,
                frozenset(),
                0.86,
                normalize(doc.text[tok.start : tokens[last].end]),
            )
            covered.update(range(i, last + 1))
            return True
        return False

    # ------------------------------------------------------------------ label
    def _label(self, doc: Document, first: int, last: int, kind: str) -> str | None:
        """The label of a found institution; None when the context gives none (another
        mention of it may), "" when this mention is never labelled."""
        if kind.startswith("="):
            return kind[1:]
        words = cx.prev_words(doc, first, 12)
        if words and (
            words[0] == "enligt"
            or (words[0] == "från" and len(words) > 1 and words[1] in _SOURCE_NOUNS)
        ):
            # "Enligt Skolverket går …", "en rapport från Naturvårdsverket": a source the
            # essay cites, the same for every reader (no label for this mention)
            return ""
        if len(words) > 1 and words[0] in ("vid", "på") and words[1] == "av":
            # "gå av vid Ekbyskolan": the stop named after it, a place (as "hållplatsen X")
            return "place"
        if (
            kind == "authority"
            and last + 1 < len(doc.tokens)
            and doc.tokens[last + 1].lower in _PUBLISH_VERBS
        ):
            return ""  # "X publicerade nyligen en rapport": a source, as "Enligt X"
        if (
            first == last
            and doc.tokens[first].lower == "sfi"
            and len(words) > 1
            and words[0] in ("till", "på")
            and (
                # "Anmäl dig till SFI", "skriva in sig på SFI": advice to the reader
                not {"dig", "sig"}.isdisjoint(words[1:3])
                # "Gå på SFI, men prata också …": an imperative opening the sentence
                or (words[1] in _ADVICE_VERBS and first >= 2
                    and cx.is_sentence_initial(doc, first - 2))
            )
        ):
            return ""  # the course every newcomer can take, not the writer's school
        if (
            first == last
            and doc.tokens[first].lower == "sfi"
            and words
            and (
                # "Jag läser SFI på X", "läste SFI i Boxholm": the course read, as "läser svenska"
                words[0] in _READ_COURSE_VERBS
                # "Efter sex månaders SFI": a length of the course
                or words[0].endswith(_COURSE_LENGTHS)
            )
        ):
            return ""
        if kind == "authority" and _example_before(words):
            # "olika myndigheter, till exempel X eller Y": examples of a kind, no one's own
            return ""
        # "min lärare (Håkan) på X": the writer's own teacher, so the writer's school
        own_teacher = (
            bool(words)
            and words[0] in ("på", "vid", "i")
            and any(
                (w in _TEACHER_WORDS or (len(w) > 8 and w.endswith(("lärare", "läraren"))))
                and k + 1 < len(words) and words[k + 1] in cx.POSSESSIVES
                for k, w in enumerate(words[1:4], start=1)
            )
        )
        work = (
            any(_is_work_cue(w) for w in words)
            or _colleague_before(words)
            # "min första dag på X": the first day of a job, unless X is a school
            or (kind != "school" and len(words) > 2 and words[0] in ("på", "vid", "hos")
                and words[1] in _DAY_WORDS and words[2] == "första")
            # "städar på X", "kör buss för X", "lagar mat på X": the job's task at the place
            or _duty_before(words)
            # "tagit ledigt från X", "gick ner i tid på X": leave from, or fewer hours at, a job
            or _leave_before(words)
            # "Jag är på Ekby Åkeri sedan mars": a firm the writer has been at since a time
            or (kind == "company" and len(words) > 2 and words[0] == "på"
                and {words[1], words[2]} & {"är", "var"} and {words[1], words[2]} & _PRONOUNS
                and last + 1 < len(doc.tokens) and doc.tokens[last + 1].lower == "sedan")
            # "undervisar i kinesiska på X": a teacher's school is a workplace
            or (bool(words) and words[0] in ("på", "vid")
                and not _TEACH_VERBS.isdisjoint(words[1:5])
                # "han undervisade mig i svenska på X": the writer was taught there
                and not any(w in _TEACH_VERBS and words[k - 1] in ("mig", "oss")
                            for k, w in enumerate(words[2:5], start=2)))
            or _work_verb_after(doc, last)
            # "Välkommen till X! … jag har jobbat här i sju år": the writer's workplace
            or (len(words) > 1 and words[0] == "till" and words[1] == "välkommen"
                and _work_here_after(doc, last))
            # "sjuksköterska på X" (not "utbildad tandläkare från X", "vidareutbildningen för
            # tandläkare på X")
            or (
                bool(words)
                and words[0] in ("på", "hos", "vid", "i")
                and any(_is_profession(self.gaz, w) and not _definite_professional(self.gaz, w)
                        and not (k + 1 < len(words)
                                 and (words[k + 1] in ("för", "till")
                                      # "utbildad veterinär vid X": where the writer trained
                                      or words[k + 1] in _TRAINED_WORDS))
                        and not _person_met(words, k)
                        # "min psykolog på X": the writer's carer there, not a job held
                        and not (k + 1 < len(words) and words[k + 1] in cx.POSSESSIVES)
                        for k, w in enumerate(words[1:4], start=1))
                and not own_teacher
            )
        )
        if work and kind == "authority" and not _close_work_cue(self.gaz, words):
            # "Om du vill ha jobb … gå till Arbetsförmedlingen", "fick jobb via
            # Arbetsförmedlingen": an authority is the workplace only right after the job
            # ("jobbar på Skatteverket", "handläggare på X", "ditt nya jobb på X")
            work = False
        study = own_teacher or (
            # "tog lektioner på X (trafikskola)": lessons taken there
            bool(words) and words[0] in ("på", "hos", "vid") and not _LESSON_WORDS.isdisjoint(words[1:3])
        ) or (not cx.SCHOOL_CUES.isdisjoint(words) and any(
            w in cx.SCHOOL_CUES
            # "Hur går det på X?": how things go, no studies
            and not (w in ("går", "gick") and k > 0 and words[k - 1] == "det")
            for k, w in enumerate(words)
        ))
        if _work_after(self.gaz, doc, last):
            return "work"  # "har börjat på X som elevassistent": the job held there
        if (
            kind in ("work", "company")
            and len(words) > 1
            and words[0] == "på"
            and (words[1] in _JOB_CHANGE_VERBS
                 # "slutade jag på X": the verb before its subject
                 or (len(words) > 2 and words[1] in _PRONOUNS
                     and words[2] in _JOB_CHANGE_VERBS))
            and not _head_is_school_like(doc, last)
            and _WISH_WORDS.isdisjoint(words[:8])
        ):
            return "work"  # "Jag började på Nordviks fabrik i mars": a job started there
        if not work and not study and kind in ("work", "venue", "company"):
            # "Jag jobbar på ett kafé. Kaféet heter Kaffebönan.": the previous sentence, when
            # this one only names the place ("heter X", "Kaféet X"); not a hospital the
            # family travels to after a sentence about the writer's job
            sent = doc.tokens[first].sentence
            if sent > 0 and (kind == "venue" or set(words[:4]) & _NAMING_WORDS
                             or (words and words[0] in _NOUN_KINDS)):
                a, b = doc.sentences[sent - 1]
                before = doc.tokens[a:b]
                work = any(t.lower in cx.WORK_CUES for t in before) or any(
                    # "… i min pappas affär. Affären heter X": a relative's work place
                    _NOUN_KINDS.get(t.lower) == "work"
                    and k >= 1
                    and (
                        before[k - 1].lower in cx.POSSESSIVES
                        or (k >= 2 and before[k - 1].lower.endswith("s")
                            and before[k - 2].lower in cx.POSSESSIVES)
                    )
                    for k, t in enumerate(before)
                )
            if not work and set(words[:4]) & _NAMING_WORDS:
                # "Företaget hette X. Jag började 2020. Min chef hette Y.": the next two
                for nxt in (sent + 1, sent + 2):
                    if nxt < len(doc.sentences):
                        a, b = doc.sentences[nxt]
                        work = work or any(t.lower in cx.WORK_CUES for t in doc.tokens[a:b])
        if not work and not study and kind in ("work", "venue", "company"):
            # "Mitt företag heter X", "min farbror har en restaurang som heter X": a business
            # of the writer's circle is their working place; "… en gul pizzeria, X. Där jobbar
            # min fru som kock": the next sentence says so
            work = _owned_business(words) or _work_in_next_sentence(doc, last)
        if work and kind == "club" and not (
            len(words) > 1 and words[0] in ("på", "hos", "för", "i")
            and (words[1] in _WORK_VERBS or words[1] in _WORK_NOUNS)
        ):
            work = False  # "… är jobb och gemenskap: Edsbyns IF har ett bandylag"
        if work and (not study or _nearest_is_work(self.gaz, words) or _leave_before(words)
                     or _duty_before(words)):
            if kind != "school" and not _WISH_WORDS.isdisjoint(words[:8]):
                # "Mitt mål är att jobba på Arvika sjukhus", "hoppas få jobb på X": a wished-for
                # employer is not (yet) the workplace
                return "other_institution"
            return "work"
        if kind == "school":
            return "school"
        if study and kind in ("company", "work", "other") and _head_is_school_like(doc, last):
            return "school"
        if (kind in ("venue", "work") and not _OWNER_VERBS.isdisjoint(words[:8])) or (
            # "han visade sig äga ett litet rökeri, Lönnqvists Fisk": a small firm owned
            kind == "company" and not _OWNER_VERBS.isdisjoint(words[:5])
        ):
            # "min man driver salongen X", "pappa öppnade ett bageri som hette X": the
            # business of the writer's circle is their working place
            return "work"
        if kind == "venue":
            # "köper teff i affären X", "åt på restaurangen X": a shop or restaurant the
            # writer visits is a place (guideline §3.2 "specific place"), not an institution
            return "place" if _personal(doc, first) or _doc_personal(doc) else None
        if kind in ("club", "town_company"):
            # a club, or the writer's landlord or bus company named after the town: tied to
            # an essay about the writer's life, also in its instruction sentences
            return "other_institution" if _doc_personal(doc) else None
        if kind == "hospital":
            # "Min pappa opererades. Han ligger på Sahlgrenska.": a named hospital in an essay
            # about the writer's circle places them
            return "other_institution" if _personal(doc, first) or _doc_personal(doc) else None
        nxt = last + 1
        if (
            kind in ("authority", "other")
            and nxt < len(doc.tokens)
            and doc.tokens[last].lower.endswith("s")
            and doc.tokens[nxt].lower in _WEBSITE_WORDS
            # the writer before it: "Jag läste på Migrationsverkets hemsida om mitt ärende"
            and not cx.FIRST_PERSON.intersection(words)
        ):
            # "Gå in på Försäkringskassans webbplats", "läs på Naturvårdsverkets hemsida (eller
            # kom på en av mina turer)": the agency's website, which every reader shares (not
            # taken from another mention either: "")
            return ""
        if kind == "authority" and not _personal(doc, first) and _advice_sentence(doc, first):
            # "Gör flyttanmälan till Skatteverket", "Ta med beslutet från Migrationsverket":
            # advice any newcomer gets, not the writer's own case
            return None
        if kind == "authority" and not _personal(doc, first) and _doc_personal(doc):
            # "Först: gå till Arbetsförmedlingen", "man får vänta länge på Migrationsverket":
            # the writer's own authority in an essay about the writer's life
            return self.authority_label
        if (
            kind == "other"
            and (
                (last > first
                 and any(t.lower in _OTHER_HEADS or t.lower.endswith(_ENSEMBLE_TAILS)
                         or _head_kind(t.lower, compound=True) == "other"
                         for t in doc.tokens[first : last + 1]))
                # "en förening som träffas i Betelkyrkan": a congregation's one-word name
                or (first == last and doc.tokens[first].is_title
                    and len(doc.tokens[first].lower) > 9
                    and doc.tokens[first].lower.endswith(_WORSHIP_TAILS))
                # "… i vår moské. Den heter X", "Klubben heter X": named by its noun
                or _naming_noun(doc, first) not in (None, "band", "bandet")
            )
            # a team or village group only in a sentence about the writer ("jag dansar i
            # Orust folkdanslag"), not a town's team talked about ("Göteborgs fotbollslag")
            and not doc.tokens[last].lower.endswith(_TEAM_TAILS)
            and not _personal(doc, first, addressed=True)
            and _doc_personal(doc)
        ):
            # "Det finns också en stor moské, Linköpings moské", "På Filipstads bibliotek finns
            # språkcafé": a named library, church or club of the writer's town, in an essay
            # about the writer's life
            return "other_institution"
        if kind in ("authority", "org", "other") and not _personal(
            doc, first, addressed=kind != "authority"
        ):
            return None  # "Gå in på Försäkringskassans webbplats": general instructions
        if kind == "authority":
            return self.authority_label
        if kind in ("org", "other"):
            return "other_institution"
        if kind == "work":
            # A named hospital, municipality or shop without a work cue: still an institution
            # that places the writer. A hospital or health centre anywhere in an essay about
            # the writer's circle ("Min dotter föddes … Det var på X sjukhus")
            if (doc.tokens[last].lower.endswith(_CARE_TAILS) or _care_noun(doc, first, last)) \
                    and _doc_personal(doc):
                return "other_institution"
            return "other_institution" if _personal(doc, first) else None
        if (
            kind == "company"
            and last > first
            # a trade word in the name ("Ekby Bygg AB", "Ekby Färg & Tapet"), not a listed
            # company ("Volvo", "Swedbank": a car, a bank account)
            and any(_business_word(t.lower) for t in doc.tokens[first + 1 : last + 1])
            and doc.tokens[last].lower not in _SHOP_WORDS
            # "köpte en soffa på Nilssons Möbler": a shop the writer buys at
            and _BUY_VERBS.isdisjoint(words[:6])
            and _doc_personal(doc)
        ):
            # "Nilssons Städ", "Ekby Tryckeri" in an essay about the writer's life: a small
            # firm named by its trade is where someone of the writer's circle works (the
            # gold sets label nearly all of them `work`); a food shop one buys at is not
            return "work"
        return None  # a company without a work context


# An authority publishing what the essay cites ("X publicerade en rapport").
_PUBLISH_VERBS = frozenset(
    "publicerade publicerar publicerat rapporterar rapporterade uppskattar uppskattade".split()
)
# Verbs that take a course as their object ("läser SFI", "studerade SFI").
_READ_COURSE_VERBS = frozenset(
    "läser läste läst läsa läs studerar studerade studerat studera pluggar pluggade "
    "pluggat plugga".split()
)
_COURSE_LENGTHS = ("månaders", "veckors", "terminers")


def _example_before(words: list[str]) -> bool:
    """``till exempel X``, ``t.ex. X eller Y`` (nearest word first): named as an example."""
    if len(words) > 2 and words[0] in ("och", "eller"):
        words = words[2:]  # "till exempel X eller [Y]"
    return bool(words) and (
        words[0] in ("t.ex.", "t.ex", "exempelvis")
        or (len(words) > 1 and words[0] == "exempel" and words[1] == "till")
    )


def _close_work_cue(gaz: Gazetteer, words: list[str]) -> bool:
    """A work cue right before the preposition before an authority (nearest word first):
    "jobbar på X", "handläggare på X", "mitt nya jobb på X", "anställd vid X"."""
    if not words or words[0] not in _WORK_PREPOSITIONS:
        return False
    if any(_is_work_cue(w) or w in _WORK_NOUNS or _is_profession(gaz, w) for w in words[1:4]):
        return True
    # "Jag jobbar på Byggmax och min bror på X": the work verb of the first clause
    for j, w in enumerate(words[1:4], start=1):
        if w == "och":
            return any(_is_work_cue(v) for v in words[j + 1 : j + 5])
    return False


# Imperatives of advice before a course ("Gå på SFI", "Börja på SFI").
_ADVICE_VERBS = frozenset("gå börja sök välj plugga studera läs".split())
# Reports and figures of an organisation cited as a source ("en rapport från X").
_SOURCE_NOUNS = frozenset(
    "rapport rapporten rapporter undersökning undersökningen undersökningar statistik "
    "statistiken siffror siffrorna studie studien studier".split()
)
_NOUN_KINDS = {
    "fabrik": "work",
    "fabriken": "work",
    "företag": "work",
    "företaget": "work",
    "firma": "work",
    "firman": "work",
    "affär": "work",
    "affären": "work",
    "butik": "work",
    "butiken": "work",
    "restaurang": "work",
    "restaurangen": "work",
    "kafé": "work",
    "kaféet": "work",
    "kafét": "work",
    "café": "work",
    "caféet": "work",
    "cafét": "work",
    "äldreboende": "work",
    "äldreboendet": "work",
    # "Boendet heter X" (a care home or a residence named)
    "boendet": "work",
    "hotell": "work",
    "hotellet": "work",
    # inns and hostels ("Värdshuset X", "Vandrarhemmet X")
    "värdshus": "work",
    "värdshuset": "work",
    "vandrarhem": "work",
    "vandrarhemmet": "work",
    "gästgiveri": "work",
    "gästgiveriet": "work",
    "sjukhus": "work",
    "sjukhuset": "work",
    "vårdcentral": "work",
    "vårdcentralen": "work",
    "förskola": "school",
    "förskolan": "school",
    "bolag": "work",
    "bageri": "work",
    "bageriet": "work",
    "pizzeria": "work",
    "pizzerian": "work",
    "konditori": "work",
    "salong": "work",
    "frisörsalong": "work",
    "frisörsalongen": "work",
    "mataffär": "work",
    "mataffären": "work",
    "verkstad": "work",
    "verkstaden": "work",
    "kiosk": "work",
    "kiosken": "work",
    "bolaget": "work",
    "kontor": "work",
    "kontoret": "work",
    # more workplaces named after "som heter" or before their name ("ett lager som heter X",
    # "sågverket X", "en städfirma som heter X")
    "lager": "work",
    "lagret": "work",
    "varuhus": "work",
    "varuhuset": "work",
    "sågverk": "work",
    "sågverket": "work",
    "tryckeri": "work",
    "tryckeriet": "work",
    "åkeri": "work",
    "åkeriet": "work",
    "byrå": "work",
    "byrån": "work",
    "klinik": "work",
    "kliniken": "work",
    "apotek": "work",
    "apoteket": "work",
    "städfirma": "work",
    "städfirman": "work",
    "plantskola": "work",
    "plantskolan": "work",
    "handelsträdgård": "work",
    "handelsträdgården": "work",
    "vandrarhem": "work",
    "vandrarhemmet": "work",
    "tvätteri": "work",
    "tvätteriet": "work",
    "skola": "school",
    "skolan": "school",
    "gymnasium": "school",
    "gymnasiet": "school",
    "universitet": "school",
    "universitetet": "school",
    "högskola": "school",
    "högskolan": "school",
    "trafikskola": "school",
    "trafikskolan": "school",
    "språkskola": "school",
    "språkskolan": "school",
    "klubb": "other",
    "klubben": "other",
    "förening": "other",
    "föreningen": "other",
    "lag": "other",
    "laget": "other",
    "organisation": "other",
    "organisationen": "other",
    "kyrka": "other",
    "kyrkan": "other",
    "moské": "other",
    "moskén": "other",
    "tempel": "other",
    "templet": "other",
    "bibliotek": "other",
    "biblioteket": "other",
    "församling": "other",
    "församlingen": "other",
    # associations the writer belongs to: "kören Lyran", "en kör som heter Lyran",
    # "bandet Nattugglorna", "scoutkåren Tranan", "förbundet Unga Örnar"
    "kör": "other",
    "kören": "other",
    "band": "other",
    "bandet": "other",
    "orkester": "other",
    "orkestern": "other",
    "scoutkår": "other",
    "scoutkåren": "other",
    "förbund": "other",
    "förbundet": "other",
    "idrottsförening": "other",
    "idrottsföreningen": "other",
    "fotbollslag": "other",
    "fotbollslaget": "other",
    # the writer's landlord: "Min hyresvärd är X", "hyresvärden X"
    "hyresvärd": "other",
    "hyresvärden": "other",
    "bostadsbolag": "other",
    "bostadsbolaget": "other",
}
# Nouns of _NOUN_KINDS that say what X is without being part of its name ("hyresvärden X").
_NOUNS_OUTSIDE_NAME = frozenset("hyresvärd hyresvärden bostadsbolag bostadsbolaget".split())
# The tails of lakes, mountains and other natural places ("Hålsjön", "Björkfjället").
_NATURE_TAILS = ("sjön", "fjället", "berget", "älven", "viken", "udden", "dammen", "skogen",
                 "tjärnen", "forsen")
_PLACE_HEADS = frozenset(
    "fjällstation fjällstationen turiststation turiststationen vandrarhem vandrarhemmet "
    "centrum city torg torget kyrka kyrkan station stationen strand stranden hamn hamnen "
    "slott slottet park parken c central centralen centralstation centralstationen "
    "busstation busstationen resecentrum bussterminal terminal terminalen".split()
)


# The words opening a noun phrase right before "heter": "min handledare heter X", "en kompis
# heter X" (the noun is the subject of "heter").
_SUBJECT_OPENERS = frozenset(cx.POSSESSIVES) | {"en", "ett", "den", "det", "vår", "er"}


def _institution_noun_before(
    doc: Document, i: int, prev: list[str] | None = None
) -> str | None:
    """The kind named by "en fabrik som heter X" / "affären heter X" / "på förskolan X".
    ``prev`` is ``cx.prev_words(doc, i, 6)`` when the caller has it."""
    if prev is None:
        # the nearest word first: the test below without a list of six ("" when none)
        if cx.prev_word(doc, i) not in _NOUN_BEFORE_CUES and (
            i < 2 or doc.tokens[i - 1].text != ","
        ):
            return None
        prev = cx.prev_words(doc, i, 6)
    if not prev:
        return None
    if prev[0] not in _NOUN_BEFORE_CUES and (i < 2 or doc.tokens[i - 1].text != ","):
        return None  # every rule below needs one of these words or a comma right before
    if prev[0] in ("heter", "hette", "kallas"):
        if prev[1:2] == ["den"] or prev[1:2] == ["det"]:
            # "… i vår moské. Den heter X", "jobbar på kaféet, det heter X"
            noun = _pronoun_antecedent(doc, i)
            return _NOUN_KINDS[noun] if noun else None
        if len(prev) > 2 and prev[1] not in _NOUN_KINDS and prev[2] in _SUBJECT_OPENERS:
            return None  # "min handledare heter X": a noun of its own names whoever is named
        for k, w in enumerate(prev[1:], start=1):
            if w in _NOUN_KINDS:
                # "Ledaren i min klubb heter X", "chefen på företaget heter X": the noun is
                # the place of the one named (the subject before the preposition)
                j = k + 1
                if j < len(prev) and prev[j] in _SUBJECT_OPENERS:
                    j += 1
                if (
                    k == 1
                    and j + 1 < len(prev)
                    and prev[j] in _OF_PREPOSITIONS
                    and prev[j + 1].endswith(("en", "an", "et", "na"))
                    and prev[j + 1] not in _NOUN_KINDS
                ):
                    return None
                return _NOUN_KINDS[w]
        return None
    if (
        prev[0] in ("är", "var")
        and len(prev) > 2
        and (prev[1] in _NOUN_KINDS or prev[1] in _EMPLOYER_NOUNS)
        and prev[2] in cx.POSSESSIVES
    ):
        # "Min hyresvärd är X", "Vår klubb var X", "Min arbetsgivare är X"
        return _NOUN_KINDS.get(prev[1], "work")
    tokens = doc.tokens
    if (
        i >= 2
        and tokens[i - 1].text == ","
        and tokens[i - 2].is_word
        and tokens[i - 2].text.islower()
        and len(prev) > 1
        and (prev[1] in ("en", "ett", "egen", "eget", "stor", "stort", "liten", "litet")
             or (len(prev) > 2 and prev[2] in ("en", "ett")))  # "en gul pizzeria, X"
    ):
        # "en yrkesskola, Shkolla Teknike", "en egen verksamhet, Silkeshuset": the name in
        # apposition to an indefinite institution noun
        low = prev[0]
        if low in _NOUN_KINDS:
            return _NOUN_KINDS[low]
        for tail, kind in _APPOSITION_TAILS.items():
            if len(low) > len(tail) + 2 and low.endswith(tail):
                return kind
    if prev[0] == "hos" and len(prev) > 1 and prev[1].endswith(("kön", "kö")) and \
            len(prev[1]) > 4:
        return "club"  # "stod i bostadskön hos X": the organisation keeping the queue
    genitive_of_name = (
        # "hyresvärden Hallstahems personal": the name in the genitive before a noun
        i + 1 < len(tokens)
        and tokens[i + 1].is_word
        and tokens[i + 1].text.islower()
        and tokens[i + 1].sentence == tokens[i].sentence
    )
    if prev[0] in _NOUNS_OUTSIDE_NAME and (
        not tokens[i].lower.endswith("s") or genitive_of_name
    ):
        # "hyresvärden Hallstahems personal": the writer's landlord, in any sentence of a
        # personal essay (kind "club": tied to the essay, not to the sentence)
        return "club"
    if (
        prev[0] in _NOUN_KINDS
        and (
            (prev[0].endswith(("an", "en", "et"))
             and (not tokens[i].lower.endswith("s") or genitive_of_name
                  # "föreningen Ekbygdens Vänner": a genitive inside a longer name
                  or (i + 1 < len(tokens) and tokens[i + 1].is_title
                      and tokens[i + 1].is_word
                      and tokens[i + 1].sentence == tokens[i].sentence)))
            or prev[0] in _NAME_PREFIX_NOUNS
        )
    ):
        return _NOUN_KINDS[prev[0]]  # "förskolan Solrosen", "restaurang Pinchos"
    if (
        len(prev) > 1
        and prev[1] in ("i", "på", "vid")
        and _NOUN_KINDS.get(prev[0]) in ("school", "other")
        and not prev[0].endswith(("an", "en", "et", "s"))
        and not tokens[i].lower.endswith("s")
    ):
        # "går i förskola Solrosen", "sjunger i kör Lyran": a learner's indefinite noun
        # right after the preposition still introduces the name
        return _NOUN_KINDS[prev[0]]
    return None


# The prepositions of "ledaren i min klubb", "chefen på företaget".
_OF_PREPOSITIONS = frozenset("i på hos vid för".split())
# The writer's employer named after "är": "Min arbetsgivare är X".
_EMPLOYER_NOUNS = frozenset("arbetsgivare arbetsplats arbetsplatsen".split())
# The nearest words before a name that a rule of _institution_noun_before reads (besides a
# comma right before it).
_NOUN_BEFORE_CUES = frozenset(
    {"heter", "hette", "kallas", "är", "var", "hos"} | _NOUNS_OUTSIDE_NAME | set(_NOUN_KINDS)
)


def _name_and_initial(gaz: Gazetteer, tokens: tuple, i: int) -> bool:
    """``tokens[i]`` is a listed first name followed by an initial ("Greta K.", "Greta K")
    in its sentence: a person's name."""
    if i + 1 >= len(tokens):
        return False
    nxt = tokens[i + 1]
    return (
        len(nxt.text.rstrip(".")) == 1
        and nxt.text[:1].isupper()
        and nxt.sentence == tokens[i].sentence
        and any(e.label == "firstname" for e in gaz.entries_for_key("names", tokens[i].norm))
    )


def _bare_noun_before(tokens: tuple, i: int) -> bool:
    """``i förskola X``: an indefinite lower-case school or association noun (not a name
    prefix like "restaurang") right after "i/på/vid" before ``tokens[i]``."""
    if i < 2:
        return False
    low = tokens[i - 1].lower
    return (
        tokens[i - 2].lower in ("i", "på", "vid")
        and tokens[i - 1].text.islower()
        and _NOUN_KINDS.get(low) in ("school", "other")
        and low not in _NAME_PREFIX_NOUNS
        and not low.endswith(("an", "en", "et", "s"))
    )


# Compound tails of institution nouns before a name in apposition ("en yrkesskola, X").
_APPOSITION_TAILS = {
    "skola": "school", "gymnasium": "school", "universitet": "school", "högskola": "school",
    "företag": "work", "verksamhet": "work", "firma": "work", "butik": "work",
    "restaurang": "work", "fabrik": "work", "förening": "other", "klubb": "other",
    "församling": "other", "kyrka": "other", "moské": "other", "tempel": "other",
}
# Verbs of owning or running a business ("driver", "öppnade", "äger").
_OWNER_VERBS = frozenset(
    "driver drev drivit driva äger ägde ägt äga öppnade öppnat startade startat grundade "
    "grundat".split()
)
# Shops, restaurants, cafés and hotels: places the writer visits (also after "som heter").
_VENUE_NOUNS = frozenset(
    "affär affären butik butiken mataffär mataffären restaurang restaurangen kafé kaféet "
    "café caféet kafét cafét hotell hotellet bageri bageriet pizzeria pizzerian konditori "
    "konditoriet kiosk kiosken värdshus värdshuset vandrarhem vandrarhemmet gästgiveri "
    "gästgiveriet".split()
)


def _venue_noun_before(doc: Document, i: int) -> bool:
    """True when the noun introducing the name at ``i`` is a shop, restaurant or café."""
    prev = cx.prev_words(doc, i, 6)
    if not prev:
        return False
    if prev[0] in ("heter", "hette", "kallas"):
        if prev[1:2] == ["den"] or prev[1:2] == ["det"]:
            return _pronoun_antecedent(doc, i) in _VENUE_NOUNS
        for w in prev[1:]:
            if w in _NOUN_KINDS:
                return w in _VENUE_NOUNS
        return False
    return prev[0] in _VENUE_NOUNS


def _pronoun_antecedent(doc: Document, i: int) -> str | None:
    """The institution noun that "den"/"det" before "heter" (right before ``tokens[i]``)
    stands for: the last word of the sentence before ("Jag går till vår moské. Den heter X"),
    or the last but one or two after "i/på/vid" ("… en restaurang i Ekby. Den heter X"), or
    the word before a comma ("jobbar på kaféet, det heter X"); None for any other."""
    tokens = doc.tokens
    j = i - 2  # the pronoun
    if j < 1 or tokens[j].lower not in ("den", "det"):
        return None
    if tokens[j - 1].text == ",":
        low = tokens[j - 2].lower if j >= 2 else ""
        return low if low in _NOUN_KINDS and low not in _NOUNS_OUTSIDE_NAME else None
    if not cx.is_sentence_initial(doc, j):
        return None
    sent = tokens[j].sentence
    if sent == 0:
        return None
    a, b = doc.sentences[sent - 1]
    words = [t.lower for t in tokens[a:b] if t.is_word][::-1][:3]
    for k, w in enumerate(words):
        if w in _NOUN_KINDS and w not in _NOUNS_OUTSIDE_NAME:
            if k == 0 or (k == 2 and words[1] in ("i", "på", "vid")):
                return w
            return None
    return None


# Indefinite nouns written before a business's name as part of it: "restaurang Pinchos",
# "hotell Rival", "café Linnea".
_NAME_PREFIX_NOUNS = frozenset(
    "restaurang hotell café kafé bageri pizzeria konditori salong frisörsalong".split()
)
_PREFIX_NOUNS_AND_HOTEL = _NAME_PREFIX_NOUNS | {"hotel"}
_STUDY_VERBS = frozenset(
    "studerar studerade studerat pluggar pluggade pluggat läser läste läst".split()
)
# Words that introduce a name: "Företaget heter X", "ett kafé som kallas X".
_NAMING_WORDS = frozenset("heter hette heta kallas kallades namn namnet".split())
# An organisation's web pages ("Försäkringskassans webbplats").
_WEBSITE_WORDS = frozenset(
    "webbplats webbplatsen hemsida hemsidan webbsida webbsidan sajt sajten app appen "
    "e-tjänst e-tjänsten e-tjänster".split()
)
# Words of wishing and planning before a work cue.
_WISH_WORDS = frozenset(
    "hoppas hoppades mål målet dröm drömmer drömmen drömde önskar önskan vill ville "
    "förhoppningsvis "
    # applying for a job there ("Man kan söka jobb på X", "jag sökte jobb på X")
    "planerar söka söker sökte sökt ansöka ansöker ansökte".split()
)
_LESSON_WORDS = frozenset("lektion lektioner lektionerna körlektioner körlektionerna".split())
_TEACH_VERBS = frozenset(
    "undervisar undervisade undervisat undervisa föreläser föreläste forskar forskade".split()
)
_WORK_AFTER = frozenset("jobbar jobbade arbetar arbetade jobbat arbetat".split())


_WORK_VERBS = frozenset(
    "jobbar jobbade jobbat jobba arbetar arbetade arbetat arbeta extrajobbar extrajobbade "
    "praktiserar praktiserade jobar jobade".split()
)
# Capitalised words after "jobbar på" that still say when, not where ("jobbar på Helgerna").
_WORK_TIME_WORDS = frozenset(
    "morgonen morgnarna kvällen kvällarna natten nätterna helgen helgerna dagen dagarna "
    "förmiddagen eftermiddagen eftermiddagarna sommaren vintern lovet loven".split()
) | frozenset(WEEKDAY_FORMS) | frozenset(MONTH_FORMS)


def _employer_word(tokens: tuple, i: int, prev: list[str]) -> bool:
    """``jobbar på Max``, ``arbetar på Apotek Hjärtat``: right after a work verb and ``på`` a
    capitalised word inside a sentence names the employer even when it is also an ordinary
    word or a first name (people are worked *with* or *hos*, not *på*)."""
    return (
        prev[0] == "på"
        and len(prev) > 1
        and (prev[1] in _WORK_VERBS or prev[1] in _WORK_NOUNS)
        and tokens[i].lower not in _WORK_TIME_WORDS
    )


# "på jobbet på Max", "min praktik på Hemköp": the job noun before "på" works like the verb.
_WORK_NOUNS = frozenset(
    "jobbet arbetet jobb extrajobb sommarjobb extrajobbet sommarjobbet praktik praktiken".split()
)


def _is_profession(gaz: Gazetteer, word: str) -> bool:
    """A profession word ("sjuksköterska", "röntgenläkare"): "sjuksköterska på X" is work."""
    if len(word) < 4:
        return False
    entries = gaz.entries_for_key("markup", normalize(word))
    if any(e.label == "prof" and e.canonical == word for e in entries):
        return True
    if len(word) >= 8 and word.endswith(_PROF_TAILS):
        return True
    # the plural ("receptionister på X", "sjuksköterskor på X"): the listed singular
    if len(word) > 6 and word.endswith(("er", "or")):
        single = word[:-2] if word.endswith("er") else word[:-2] + "a"
        return any(e.label == "prof" and e.canonical == single
                   for e in gaz.entries_for_key("markup", normalize(single)))
    return False


def _definite_professional(gaz: Gazetteer, word: str) -> bool:
    """"läkaren på X", "sköterskan på X": a definite professional is the one the writer meets
    there (a patient's health centre), not a job held in the writer's circle ("som läkare på
    X", "min mans lön som lärare på X")."""
    if word in _DEFINITE_CARERS:
        return True
    return word.endswith("n") and (
        _is_profession(gaz, word[:-1]) or (word.endswith("en") and _is_profession(gaz, word[:-2]))
    )


def _person_met(words: list[str], k: int) -> bool:
    """``words[k]`` (a profession, nearest word first) is someone the writer met or talked
    to there: "prata med en kurator på X", "träffade en läkare på X"."""
    return (
        k + 2 < len(words)
        and words[k + 1] in ("en", "ett")
        and words[k + 2] in _MEETING_WORDS
    )


# Words of an essay about renting a flat, and the tails of housing companies' names (_landlords).
_HOUSING_WORDS = frozenset(
    "lägenhet lägenheten lägenheter hyresvärd hyresvärden hyra hyran hyreskontrakt "
    "hyreskontraktet tvättstugan bostadskö bostadskön".split()
)
_LANDLORD_TAILS = ("hem", "bo", "bostäder")
_LANDLORD_CUES = frozenset(
    "ringde ringer ringa ring ringt kontaktade kontaktar kontakta mejlade mejla mejlar "
    "hyresvärd hyresvärden värden".split()
)
_LANDLORD_ACTS = frozenset("måste skickade lagade lagar borde".split())
def _free_titles_ending(doc: Document, found: dict, tails: tuple, shortest: int) -> Iterator[int]:
    """Positions of the capitalised words ending in one of ``tails`` (at least ``shortest``
    letters long) that no institution in ``found`` covers yet (``found`` as it was when the
    walk began: a caller may add to it)."""
    words = Words.of(doc)
    tailed = words.ending(tails, shortest)
    if not tailed:
        return
    tokens = doc.tokens
    taken = {k for f, v in found.items() for k in range(f, v[0] + 1)}
    for i in words.where(tailed):
        if tokens[i].is_title and i not in taken:
            yield i


# Heads after a learner's lower-case name (_lower_case_names) and the words before that name.
_LOWER_NAME_HEADS = Words.track(
    "skola skolan gymnasium gymnasiet bibliotek biblioteket kyrka kyrkan moské moskén "
    "vårdcentral vårdcentralen sjukhus sjukhuset förskola förskolan".split()
)
_LOWER_NAME_CUES = frozenset("i på till vid från som hos besökte".split())
_NEWSPAPER_WORDS = cx.NEWSPAPER_WORDS
# Finite verbs right after an inverted subject ("På restaurangen arbetstiderna var sena").
_SUBJECT_VERBS = frozenset("är var blev blir har hade kan kunde ska skulle måste".split())
# The tails of streets and squares ("Östergatan", "Kvarngränd"): no organisation's head.
_STREET_TAILS = ("gatan", "vägen", "gränd", "gränden", "torget", "stigen", "allén", "backen",
                 "platsen", "leden", "esplanaden", "promenaden", "kajen", "stråket")
_PLACE_PREPOSITIONS = frozenset(
    "i på från till nära utanför vid mot genom runt mellan över norr söder öster väster".split()
)
_MEETING_WORDS = frozenset(
    "med träffa träffade träffat träffar ringa ringde ringer fråga frågade frågar".split()
    # "fick hjälp av en handledare på X", "ett brev från en handläggare på X": someone who
    # helped the writer there
    + ["av", "från"]
)
# Words of having trained for a profession ("utbildad sjuksköterska vid X": the school).
_TRAINED_WORDS = frozenset(
    "utbildad utbildade examinerad examinerade nyutbildad nyutbildade färdigutbildad".split()
)
# Carers met at a clinic, named by their title: "doktorn på X sa att …".
_DEFINITE_CARERS = frozenset("doktorn doktorns läkaren sköterskan barnmorskan".split())
_PROF_TAILS = ("läkare", "ingenjör", "sköterska", "arbetare", "lärare", "tekniker", "skötare",
               "utvecklare", "chaufför", "förare", "assistent", "konsult", "biträde", "operatör",
               "mekaniker", "montör", "programmerare", "sekreterare", "handläggare",
               # "apotekschef", "butikschef", "naturguide", "projektledare", "fritidsledare"
               "chef", "guide", "ledare", "samordnare", "projektör")


def _job_title_before(words: list[str]) -> bool:
    """``började jag som projektör på X``, ``anställdes som lagerarbetare hos X``: a job title
    after "som" right after a verb of starting or holding a job (nearest word first) makes the
    capitalised word after "på/hos/vid" the employer, whether or not the title is a listed
    profession. Not "en kvinna som bor på X" (no job verb before "som")."""
    return (
        len(words) > 3
        and words[0] in ("på", "hos", "vid")
        and words[2] == "som"
        and words[1].isalpha()
        and words[1].islower()
        and any(w in _JOB_START_VERBS or w in _WORK_VERBS for w in words[3:5])
    )


# The prepositions before an employer: every work cue of _patterns needs one right before.
_WORK_PREPOSITIONS = frozenset(("på", "hos", "för", "vid", "åt"))
# Words of being hired before "av X" ("anställd av X"); verbs of starting before "på X".
_HIRED_WORDS = frozenset("anställd anställda anställdes anlitad anlitades".split())
_START_VERBS = frozenset("började börjar börjat börja".split())
# Starting or leaving a job at a firm: "började på X", "slutade på X".
_JOB_CHANGE_VERBS = _START_VERBS | frozenset("slutade slutar slutat sluta".split())
# Lower-case work places after a firm's genitive ("Nordfrakts terminal", "Ellos lager").
_SITE_NOUNS = frozenset(
    "lager lagret terminal terminalen kontor kontoret fabrik fabriken verkstad verkstaden "
    "butik butiken".split()
)
# The nearest words before a capitalised word that the rules of _patterns after its
# sentence-initial test read: the work prepositions, "på"/"vid" after a study verb, "i" after a
# membership cue, _institution_noun_before's cues and the name intros of its last rule.
_NEAREST_CUES = _WORK_PREPOSITIONS | {"på", "vid", "i", "av"} | _NOUN_BEFORE_CUES | cx.NAME_INTRO
_NO_WORDS: list[str] = []  # (read only)
# Verbs of getting or starting a job: "började som X på Y", "anställdes som X hos Y".
_JOB_START_VERBS = frozenset(
    "började börjar börjat börja startade anställd anställdes anställda anställt anställde "
    "jobb jobbet".split()
)


_DAY_WORDS = frozenset("dag dagen arbetsdag arbetsdagen".split())


def _is_work_cue(word: str) -> bool:
    """A word of having a job: the shared cues and the compounds of job and employment nouns
    ("provanställning", "helgjobb", "heltidstjänst", "vikariat")."""
    return word in cx.WORK_CUES or word in _MORE_WORK_CUES or (
        len(word) > 6 and word.endswith(_WORK_CUE_TAILS) and not word.startswith(_NO_JOB_HEADS)
    ) or (
        # "LIA-praktik", "sommar-jobb": a hyphenated compound of a work noun
        "-" in word and word.rsplit("-", 1)[1] in _HYPHEN_WORK_TAILS
    ) or (
        # "sommarjobbade", "extraarbetar", "tillsvidareanställd": compounds of the work verbs
        len(word) > 9 and word.endswith(_WORK_VERB_TAILS)
        and not word.startswith(_NOT_WORK_VERB_HEADS)
    )


_WORK_VERB_TAILS = ("jobbar", "jobbade", "jobbat", "arbetar", "arbetade", "arbetat",
                    "anställd", "anställda")
# "samarbetar med X", "bearbetade", "utarbetat": other verbs
_NOT_WORK_VERB_HEADS = ("sam", "bearbet", "utarbet", "omarbet", "genomarbet", "efterarbet",
                        "motarbet", "inarbet", "upparbet", "förarbet")


_MORE_WORK_CUES = frozenset(
    "tjänst tjänsten vikariat vikariatet provanställd provanställning visstidsanställd "
    "visstidsanställning fastanställd fastanställning "
    # "min praktikplats på X", "lärlingsplats hos X": the place of a traineeship
    "praktikplats praktikplatsen praktikplatser lärlingsplats lärlingsplatsen "
    # "praktisk tjänstgöring på X"; "min LIA gör jag hos X" (lärande i arbete, a traineeship)
    "tjänstgöring tjänstgöringen tjänstgjorde tjänstgör lia "
    # "jobbintervju på X": the employer interviewing the writer
    "jobbintervju jobbintervjun anställningsintervju anställningsintervjun arbetsintervju "
    "arbetsintervjun".split()
)
_HYPHEN_WORK_TAILS = frozenset(
    "praktik praktiken jobb jobbet anställning anställningen tjänst tjänsten".split()
)
_COLLEAGUE_WORDS = frozenset("kollega kollegan kollegor kollegorna arbetskamrat".split())


def _workplace_for(words: list[str]) -> bool:
    """``jobbar på ett lager för X``, ``arbetar i en butik för X`` (nearest word first): the
    company a work place of the writer belongs to."""
    if len(words) < 4 or words[0] != "för" or _NOUN_KINDS.get(words[1]) != "work":
        return False
    k = 3 if words[2] in ("ett", "en") else 2
    return k + 1 < len(words) and words[k] in ("på", "i") and words[k + 1] in _WORK_VERBS


def _colleague_before(words: list[str]) -> bool:
    """``min kollega (Eva) på X``, ``kollegorna hos X``: a colleague placed at X right before
    it (nearest word first) works there with the writer. Only this close: "min kollega har
    en gammal Volvo" says nothing of the car's maker."""
    return (
        len(words) > 1
        # "min mans kollega från X": where the colleague works
        and words[0] in ("på", "hos", "från")
        and (words[1] in _COLLEAGUE_WORDS
             or (len(words) > 2 and words[2] in _COLLEAGUE_WORDS))
    )
_WORK_CUE_TAILS = ("jobb", "jobbet", "anställning", "anställningen", "tidstjänst", "tidstjänsten",
                   # "nattskiftet", "kvällsskift": a shift of work
                   "sskift", "sskiftet", "ttskift", "ttskiftet", "gskift", "gskiftet")
_NO_JOB_HEADS = ("drömjobb", "byggjobb")


def _duty_before(words: list[str]) -> bool:
    """A work task right before "på/för/hos X" (nearest first): "städar på X", "kör buss för
    X", "lagar mat på X", "packar paket på X"."""
    if len(words) < 2 or words[0] not in ("på", "för", "hos", "åt"):
        return False
    if words[1] in _DUTY_VERBS:
        return True
    return len(words) > 2 and words[1] in _DUTY_OBJECTS and (
        words[2] in _DUTY_VERBS or words[2] in ("kör", "köra")  # "kör buss för X" ("kör" is also a choir)
    )


_LEAVE_WORDS = frozenset("ledigt ledig tjänstledigt tjänstledig semester".split())


def _leave_before(words: list[str]) -> bool:
    """``tagit ledigt från X``, ``gick ner i tid på X`` (nearest word first): leave from, or
    part time at, the writer's job; ``anställnings intervju på X``: a job interview there."""
    return len(words) > 1 and (
        (words[0] == "från" and words[1] in _LEAVE_WORDS)
        or (words[0] in ("på", "hos") and len(words) > 2 and words[1] in ("intervju", "intervjun")
            and words[2] in ("anställnings", "jobb", "arbets"))
        or (words[0] == "på" and len(words) > 3 and words[1:4] == ["tid", "i", "ner"])
    )


_DURATION_NOUNS = frozenset("år månader månad veckor vecka dagar".split())
_DUTY_VERBS = frozenset(
    "städar städade städat diskar diskade körde kört lagar lagade lagat packar packade "
    "sorterar sorterade vårdar vårdade sköter skötte bakar bakade serverar serverade "
    "levererar levererade".split()
)
_DUTY_OBJECTS = frozenset(
    "buss bussen taxi lastbil truck mat maten paket paketen pizza pizzor bröd kunder "
    "gamla äldre patienter barn".split()
)


def _work_verb_after(doc: Document, last: int) -> bool:
    """A work verb right after the name ("Min pappa och Volvo jobbar …" is rare; "X, där jag
    jobbar", "X som hon arbetar på", "Ica jobbar jag på"), not one in a later clause ("spelar
    i Lyckeby GoIF i division två och jobbar samtidigt")."""
    tokens = doc.tokens
    sent = tokens[last].sentence
    words = [t.lower for t in tokens[last + 1 : last + 5] if t.sentence == sent and t.is_word]
    if not words:
        return False
    if words[0] in _WORK_AFTER:
        return True
    if len(words) > 2 and words[0] in ("har", "hade") and words[1] in _PRONOUNS and \
            words[2] in _WORK_AFTER:
        return True  # "Hos Samhall har jag jobbat i tre år"
    if words[0] == "och":
        # "Företaget hette X och jag jobbade där"
        return len(words) > 2 and words[1] in _PRONOUNS and words[2] in _WORK_AFTER
    return words[0] in ("där", "som", "dit") and not _WORK_AFTER.isdisjoint(words[1:4])


def _work_after(gaz: Gazetteer, doc: Document, last: int) -> bool:
    """Words right after the name that say it is a workplace: "(har börjat på) X som
    elevassistent", "X, där jag har fått praktik som tolk"."""
    if _WORK_AFTER_OPENERS.isdisjoint(Words.of(doc).lowers[last + 1 : last + 8]):
        return False  # every rule below needs one of them among the words right after
    tokens = doc.tokens
    sent = tokens[last].sentence
    words = [t.lower for t in tokens[last + 1 : last + 8] if t.sentence == sent and t.is_word]
    if len(words) > 1 and words[0] == "som" and _is_profession(gaz, words[1]):
        return True
    if len(words) > 2 and words[0] == "som" and (
        words[1] in ("jag", "vi", "han", "hon") or words[1] in cx.POSSESSIVES
    ) and not _OWNER_VERBS.isdisjoint(words[2:4]):
        return True  # "Silkeshuset, som jag driver hemifrån": the writer's own business
    if (
        len(words) > 3
        and words[0] == "där"
        and words[1] in _PRONOUNS
        and words[2] in ("är", "var", "blev")
        # "X (college), där jag blev ingenjör": the school the writer trained at
        and not (words[2] == "blev" and _head_is_school_like(doc, last))
        and (_is_profession(gaz, words[3])
             or (len(words) > 4 and words[3] in ("en", "ett")
                 and _is_profession(gaz, words[4])))
    ):
        return True  # "X, där jag är undersköterska": the job held there
    return bool(words) and words[0] == "där" and not cx.WORK_CUES.isdisjoint(words[1:6])


_WORK_AFTER_OPENERS = frozenset(("som", "där"))


def _work_in_next_sentence(doc: Document, last: int) -> bool:
    """The sentence after the name opens with "Där jobbar …" / "Där arbetar min fru …" / "Det
    är där jag jobbar …"."""
    sent = doc.tokens[last].sentence + 1
    if sent >= len(doc.sentences):
        return False
    a, b = doc.sentences[sent]
    words = [t.lower for t in doc.tokens[a:b] if t.is_word][:7]
    if len(words) > 1 and words[0] in _WORK_AFTER and words[1] in _PRONOUNS:
        return True  # "Hur går det på X? Jobbar du fortfarande i receptionen?"
    for k, w in enumerate(words[:3]):
        # "Där jobbar min fru …", "Det är där jag själv jobbar som …"
        if w in ("där", "dit"):
            return not _WORK_AFTER.isdisjoint(words[k + 1 : k + 4])
    return False


def _work_here_after(doc: Document, last: int) -> bool:
    """A work word and "här"/"oss" in one of the two sentences after the name's: "Jag har
    jobbat här i sju år", "Du börjar som kock hos oss"."""
    sent = doc.tokens[last].sentence
    for nxt in (sent + 1, sent + 2):
        if nxt >= len(doc.sentences):
            break
        a, b = doc.sentences[nxt]
        words = {t.lower for t in doc.tokens[a:b]}
        if not words.isdisjoint(("här", "oss")) and (
            not words.isdisjoint(_WORK_VERBS) or not words.isdisjoint(cx.WORK_CUES)
            or "börjar" in words
            # "Du ska jobba på nattskiftet, så här skriver jag …"
            or any(_is_work_cue(w) for w in words)
        ):
            return True
    return False


def _duty_there_after(doc: Document, last: int) -> bool:
    """The next sentence does a job "där": "Jag lagar mat där", "Där jobbar jag"."""
    sent = doc.tokens[last].sentence + 1
    if sent >= len(doc.sentences):
        return False
    a, b = doc.sentences[sent]
    words = {t.lower for t in doc.tokens[a:b]}
    return "där" in words and not (words.isdisjoint(_DUTY_VERBS)
                                   and words.isdisjoint(_WORK_VERBS))


def _advice_sentence(doc: Document, index: int) -> bool:
    """The sentence of ``tokens[index]`` opens with an imperative of advice (after a list
    number): "2. Ansök om …", "Ta med …"."""
    a, b = doc.sentences[doc.tokens[index].sentence]
    for t in doc.tokens[a:b]:
        if t.is_word and not t.is_digit:
            return t.lower in _ADVICE_IMPERATIVES
    return False


# Imperatives opening a sentence of advice to the reader.
_ADVICE_IMPERATIVES = frozenset(
    "gå ansök gör ta anmäl kontakta ring skicka sök skriv besök fyll boka läs välj lär "
    "börja glöm fråga ställ skaffa öppna logga registrera ordna spara betala vänta "
    "tänk kom".split()
)


def _owned_business(words: list[str]) -> bool:
    """A work noun owned by the writer's circle among the words before (nearest first):
    "mitt företag (heter)", "vår restaurang", "har en restaurang (som heter)"."""
    for k, w in enumerate(words[:6]):
        if _NOUN_KINDS.get(w) != "work" or k + 1 >= len(words):
            continue
        while k + 2 < len(words) and words[k + 1] in _OWN_ADJECTIVES:
            k += 1  # "ett eget företag", "en liten restaurang"
        nxt = words[k + 1]
        if nxt in cx.POSSESSIVES and nxt not in ("din", "ditt", "dina", "er", "ert", "era"):
            return True
        if nxt in ("en", "ett") and k + 2 < len(words) and words[k + 2] in _HAVE_VERBS:
            return True
    return False


_OWN_ADJECTIVES = frozenset("egen eget egna liten litet lilla stor stort stora nytt ny".split())
_HAVE_VERBS = frozenset("har hade haft äger ägde driver drev öppnade startade".split())


def _nearest_is_work(gaz: Gazetteer, words: list[str]) -> bool:
    for k, w in enumerate(words):
        if _is_work_cue(w) or w in _TEACH_VERBS or w in _COLLEAGUE_WORDS:
            return True  # "min kollega på X" (after "läste boken som …")
        if k + 1 < len(words) and words[k + 1] == "som" and _is_profession(gaz, w):
            return True  # "min mans lön som lärare på X": the job held there
        if w in cx.SCHOOL_CUES:
            return False
    return False


def _head_is_school_like(doc: Document, last: int) -> bool:
    low = doc.tokens[last].lower
    if low.endswith(_NOT_SCHOOL_TAILS):
        return False
    return low.endswith(("skola", "skolan", "institut")) or low in _SCHOOL_HEADS


# Care institutions that name a clinic after them ("vårdcentralen Linden", "Vårdcentralen i
# Ekby heter Björkhagen").
_CARE_NOUNS = frozenset(
    "vårdcentral vårdcentralen sjukhus sjukhuset klinik kliniken".split()
)


def _care_noun(doc: Document, first: int, last: int) -> bool:
    """The institution at ``first`` … ``last`` is named by a care noun: the noun before its
    one-word name ("vårdcentralen Linden"; not "Vårdcentralen i Ekby", the town's) or the
    subject of "heter" before it ("Vårdcentralen i Ekby heter X")."""
    if doc.tokens[first].lower in _CARE_NOUNS:
        return last == first + 1
    return _naming_noun(doc, first) in _CARE_NOUNS


def _naming_noun(doc: Document, first: int) -> str | None:
    """The institution noun of _NOUN_KINDS that "heter"/"hette"/"kallas" right before
    ``first`` names ("Vårdcentralen i Ekby heter X", "en klubb som heter X", "… i vår moské.
    Den heter X"); None when no such word comes before it."""
    prev = cx.prev_words(doc, first, 6)
    if not prev or prev[0] not in ("heter", "hette", "kallas"):
        return None
    if prev[1:2] == ["den"] or prev[1:2] == ["det"]:
        return _pronoun_antecedent(doc, first)
    return next((w for w in prev[1:] if w in _NOUN_KINDS), None)


def _personal(doc: Document, index: int, addressed: bool = False) -> bool:
    """A sentence about the writer (or, in a letter, about the reader's visit)."""
    words = cx.sentence_words(doc, index)
    return bool(words & cx.FIRST_PERSON or (addressed and words & _SECOND_PERSON))


def _doc_personal(doc: Document) -> bool:
    return not Words.of(doc).present.isdisjoint(cx.FIRST_PERSON)


def _member_before(words: list[str]) -> bool:
    """A membership cue among the words before (nearest first): a member verb, or "med i",
    in the same clause ("tränade boxning när jag bodde i X": not the club's name)."""
    if not _CLAUSE_OPENERS.isdisjoint(words):
        for k, w in enumerate(words):
            if w in _CLAUSE_OPENERS:
                words = words[:k]
                break
    if not _MEMBER_CUES.isdisjoint(words[1:4]):
        # near the name: "spelar (fotboll) i X", not "spelade varje torsdag med pensionärer
        # i X" (where, not a club)
        return True
    return "med" in words and any(
        words[k] == "med" and words[k - 1] == "i" for k in range(1, len(words))
    )


# Subordinating conjunctions opening a clause of their own between a cue and a name.
_CLAUSE_OPENERS = frozenset("när medan eftersom innan fast fastän".split())
_MEMBER_VERBS = frozenset(
    "med medlem medlemmar spelar spelade tränar tränade aktiv engagerad ideell volontär "
    "volontärarbetar".split()
)
# "X söker folk/personal": an employer hiring.
_MEMBER_CUES = _MEMBER_VERBS - {"med"}  # (what _member_before reads with any word before)
_HIRING_VERBS = Words.track(("söker", "sökte"))
_STAFF_WORDS = frozenset(
    "folk personal medarbetare arbetare sommarjobbare sommarpersonal extrapersonal "
    "timanställda vikarier".split()
)
_MATCH_VERBS = Words.track("vann förlorade spelade mötte besegrade slog".split())
_PRONOUNS = frozenset("jag du han hon vi ni de den det hen man".split())
_SECOND_PERSON = frozenset("du dig din ditt dina ni er".split())


_ALL_HEADS = _SCHOOL_HEADS + _WORK_HEADS + _OTHER_HEADS


def _pattern_positions(doc: Document) -> tuple[list[int], dict[str, str | None], set[str]]:
    """The indices of the tokens ``_patterns`` can take, ascending; the essay's words with an
    institution head in a compound or an ensemble tail (word → ``_head_kind(word,
    compound=True)``: no other word has a compound head); its words that name a transport line
    (``line_name_like``).

    Every rule of ``_patterns`` needs one of: a capitalised word (title case or capitals:
    ``Words.caps``); a head word or a head-first abbreviation (``_ANY_HEAD``, ``_HEAD_FIRST``);
    a town's service; a compound with an institution head or an ensemble tail; or, for a
    lower-case name, an institution noun or "heter"/"hette" right before it. Any other token
    ends in the loop's early ``continue`` (the bulk of short lower-case words) or falls through
    every test, so it is not visited at all. A rule for other words must widen this filter.
    """
    words = Words.of(doc)
    at = set(words.caps)
    at.update(words.where(_PATTERN_WORDS))
    n = len(doc.tokens)
    at.update(i + 1 for i in words.where(_PATTERN_WORDS_BEFORE) if i + 1 < n)
    # The essay's compounds and line names, told by a memo of every word seen (see
    # _word_forms): the tests run in Python only for words new to the process, the rest of
    # the words are picked in C.
    formed, memo = _WORD_FORMS.pick(words.present)
    compounds: dict[str, str | None] = {}
    line_like: set[str] = set()
    for w in formed:
        kind, compound, line = memo[w]
        if compound:
            compounds[w] = kind
        if line:
            line_like.add(w)
    if compounds:
        at.update(words.where(compounds))
    return sorted(at), compounds, line_like


def _word_forms(w: str) -> tuple[str | None, bool, bool] | bool:
    """What _pattern_positions needs of a word: ``(_head_kind(w, compound=True), whether it is
    a compound with a head or an ensemble tail (seven letters or more), line_name_like(w))``,
    or False when it is neither."""
    compound = False
    kind = None
    if len(w) >= 7 and w.endswith(_PATTERN_TAILS):
        kind = _head_kind(w, compound=True)
        compound = kind is not None or w.endswith(_ENSEMBLE_TAILS)
    line = line_name_like(w)
    return (kind, compound, line) if compound or line else False


# word → _word_forms(word), for every word seen
_WORD_FORMS = WordMemo(_word_forms)


def _head_kind(low: str, *, compound: bool) -> str | None:
    if compound:
        # One C-level endswith over all heads first: most words have none.
        if len(low) <= 7:
            return None
        if not low.endswith(_COMPOUND_HEADS):
            # "Immanuelskyrkans kör", "Kroksbäcksskolans elever": the genitive of a name
            if not (low.endswith("s") and low[:-1].endswith(_COMPOUND_HEADS)):
                return None
            low = low[:-1]
        if low.endswith(_NOT_SCHOOL_TAILS):
            return "work"  # "Karbennings plantskola": a tree nursery, a business
        for heads, kind in (
            (_OTHER_HEADS, "other"),
            (_SCHOOL_HEADS, "school"),
            (_WORK_HEADS, "work"),
        ):
            for h in heads:
                if len(h) >= 5 and low.endswith(h) and len(low) > len(h) + 2:
                    return kind
        return None
    if low in _SCHOOL_HEADS:
        return "school"
    if low in _WORK_HEADS:
        return "work"
    if low in _OTHER_HEADS:
        return "other"
    return None


_COMPOUND_HEADS = tuple(
    h for h in _SCHOOL_HEADS + _WORK_HEADS + _OTHER_HEADS if len(h) >= 5
)
_ANY_HEAD = frozenset(_SCHOOL_HEADS + _WORK_HEADS + _OTHER_HEADS)
# Compounds of "skola" that are businesses, not schools: a tree nursery ("plantskola").
_NOT_SCHOOL_TAILS = ("plantskola", "plantskolan")
_HEAD_FIRST = frozenset("ifk ik if bk ff aik gif sk fk hk ibk kfum komvux sfi tu".split()) | \
    _CLUB_SUFFIXES


# Compounds with an institution head that are generic nouns, not names.
_GENERIC_COMPOUNDS = frozenset(
    "grundskolan grundskola gymnasieskolan gymnasieskola förskolan förskola högskolan "
    "högskola folkhögskolan folkhögskola språkskolan språkskola körskolan körskola "
    "trafikskolan trafikskola sommarskolan yrkesskolan yrkesskola dansskolan musikskolan "
    "musikskola simskolan privatskola privatskolan friskola friskolan kommunala "
    "universitetet universitet universitets universitetssjukhus universitetssjukhuset "
    "tandvården folktandvården vårdcentralen vårdcentral stadsbiblioteket stadsbibliotek "
    "skolbiblioteket skolbibliotek huvudbiblioteket kommunen kommun moskén kyrkan "
    "restaurangen restaurang hotellet fabriken bageriet sjukhuset sjukhus lågstadieskolan "
    "mellanstadieskolan högstadieskolan vuxenskolan kvällsskolan internatskolan "
    "idrottsklubben fotbollsklubben fotbollsklubb idrottsförening idrottsföreningen "
    "bostadsrättsföreningen bostadsrättsförening kollektivtrafiken lokaltrafiken "
    "tunnelbanetrafiken busstrafiken tågtrafiken flygtrafiken biltrafiken vägtrafiken "
    "länstrafiken morgontrafiken rusningstrafiken "
    # kinds of hospitals and a tree nursery ("på barnsjukhuset i Groznyj", "plantskolans
    # lastbil"): common nouns in lower case; after a place's name ("Karbennings plantskola",
    # "Norra Älvsborgs länssjukhus") they are names (_TOWN_NAMED_GENERICS)
    "barnsjukhus barnsjukhuset barnsjukhusets länssjukhus länssjukhuset akutsjukhus "
    "akutsjukhuset plantskola plantskolan plantskolans "
    # kinds of school every town or congregation has ("efter koranskolan", "i
    # söndagsskolan", "på kulturskolan"): common nouns in lower case
    "koranskola koranskolan söndagsskola söndagsskolan kulturskola kulturskolan bibelskola "
    "bibelskolan lekskola lekskolan specialskola specialskolan folkskola folkskolan "
    "realskola realskolan grundsärskola grundsärskolan gymnasiesärskola "
    "gymnasiesärskolan".split()
)
# Generic compounds that are the name of one body after their town ("Tranås stadsbibliotek",
# "Uppsala universitetssjukhus").
_TOWN_NAMED_GENERICS = frozenset(
    "stadsbibliotek stadsbiblioteket huvudbibliotek huvudbiblioteket universitetssjukhus "
    "universitetssjukhuset folkhögskola folkhögskolan barnsjukhus barnsjukhuset länssjukhus "
    "länssjukhuset plantskola plantskolan "
    # "Ekby friskola": a free school named after its village
    "friskola friskolan".split()
)
# Name tails of unique national agencies ("Migrationsverket", "Försäkringskassan",
# "Arbetsförmedlingen", "Pensionsmyndigheten"): a name even at the start of a sentence, unlike
# the generic "Polisen", "Kommunen", "Tingsrätten".
# Institutions tied to a place (a hospital, a municipality): named anywhere in an essay about
# the writer's circle they locate the writer.
_CARE_TAILS = ("sjukhus", "sjukhuset", "lasarett", "lasarettet", "vårdcentral", "vårdcentralen",
               "hälsocentral", "hälsocentralen", "kommun", "kommuns", "sjukstuga", "sjukstugan",
               "klinik", "kliniken",
               # a care home a relative moved to ("flyttade till Ekbackens äldreboende")
               "äldreboende", "äldreboendet", "vårdboende", "vårdboendet")
# School types run by every municipality: "Komvux i X" names one school.
# SFI is a course every municipality gives ("SFI i Gävle": the course, then the town), not
# the name of one school, so it is not joined with its town.
_TYPE_SCHOOLS = frozenset("komvux vuxenutbildningen".split())
_UNIQUE_AUTHORITY_TAILS = ("verket", "kassan", "förmedlingen", "myndigheten")
# Tails of the names of state agencies and of regional transport bodies (_agency_names).
_AGENCY_TAILS = ("verket", "myndigheten", "styrelsen", "inspektionen", "förmedlingen",
                 "ombudsmannen", "nämnden", "trafiken")
# Works and plants named "-verket" ("sågverket", "reningsverket") and other "-verket" words: no
# agency.
_PLANT_NAMES = tuple(
    w + "verket" for w in "kraft stål såg renings vatten järn bruks pappers värme gas ur konst "
    "mäster fyr maskin löv bok el hammar tryck ord".split()
)
_COMMON_INSTITUTION_WORDS = frozenset("max if vision handels bring kommunal netto".split())
# Heads that name an institution only when capitalised (the lower-case compound is generic).
_CAPITAL_ONLY_TAILS = ("mottagning", "mottagningen", "fastigheter")
# Ensembles written as a lower-case compound after their town ("Piteå kammarkör", "Umeå
# symfoniorkester").
_ENSEMBLE_TAILS = ("kör", "kören", "orkester", "orkestern")
# Stage words after a town's name: the venue is a place (geo.py), not an organisation.
_VENUE_TAILS = ("teater", "teatern", "konserthus", "konserthuset", "operan")
# Foreign school heads written before their name ("University of X", "Universidad de X").
_FOREIGN_SCHOOL_HEADS = frozenset(
    "University College Institute School Academy Universidad Universidade Universidade "
    "Université Universität Università Universitet Universiteti Colegio Escuela Instituto "
    "Lycée École Politecnico Institut Liceo Liceu Liceul Lise Lisesi Sekolah Shkolla Escola "
    "Scuola Gimnazija Gimnazjum Gymnázium Madrasa Madrasah Universitas Universiti".split()
)
# Municipal school types that name the one school of a town when capitalised ("gick Yrkesvux
# i Norrtälje").
_SCHOOL_TYPE_NAMES = frozenset(
    "yrkesvux lärcentrum lärcenter lärcentret vuxenutbildningen vuxenutbildning".split()
)
# The writer's teacher: "min lärare på X" places the writer's school, not a workplace.
# Company words after a town's name or its genitive ("Umeå Energi", "Jönköpings Länstrafik"):
# the usual names of municipal and regional housing, energy, water, transport and bank
# companies (own knowledge of Swedish company naming, CC0).
_TOWN_COMPANY_WORDS = Words.track(
    "länstrafik länstrafiken lokaltrafik energi kraft vatten bostäder hem stadsnät "
    "fastigheter sparbank renhållning hamn spårvägar buss bussar taxi".split()
)
# The same words as the tail of one compound ("Växjöbostäder", "Uppsalahem", "Gislavedshus",
# "Strömstadsbyggen"); longest first so that "-bostäder" is tried before "-hem"-like tails.
_TOWN_COMPOUND_TAILS = (
    "fastigheter", "bostäder", "byggen", "energi", "trafik", "hem", "hus",
)
# A public body in the genitive and the service it runs ("Ånge kommuns hemtjänst").
_GENITIVE_BODIES = frozenset("kommuns regions stads landstings".split())
# Municipal and regional services named after their body (Swedish municipal organisation, own
# knowledge, CC0).
_MUNICIPAL_SERVICES = frozenset(
    "hemtjänst hemtjänsten äldreomsorg äldreomsorgen äldreboende hemsjukvård hemsjukvården "
    "socialtjänst socialtjänsten vuxenutbildning vuxenutbildningen förskola förskolor "
    "förskoleverksamhet fritidsgård fritidsgårdar bibliotek skolor gymnasieskola "
    "grundskola lokalvård måltidsservice kundtjänst växel gruppboende korttidsboende "
    "ledsagning skolskjuts flyktingmottagning integrationsenhet "
    "arbetsmarknadsenhet omsorg elevhälsa räddningstjänst räddningstjänsten "
    "biståndsenhet städenhet".split()
)
# Care services named after their municipality's town in the genitive ("Doroteas hemtjänst");
# not the schools ("Malmös gymnasieskola" is the town's schools in general).
_TOWN_SERVICES = frozenset(
    "hemtjänst hemtjänsten hemsjukvård hemsjukvården äldreomsorg äldreomsorgen".split()
)
# Definite nouns of a municipal care service or health centre, named by their town after "i".
_SERVICES_IN_TOWN = Words.track(
    "hemtjänsten hemsjukvården vårdcentralen hälsocentralen".split()
)
# Definite nouns of a town's library, named by the town when written with a capital inside a
# sentence ("på Biblioteket i Ekby"; "biblioteket i Ekby" in lower case is the town's only).
_CAPITAL_OTHER_IN_TOWN = Words.track(("biblioteket",))
# Heads named after their town, also in lower case ("på mora lasarett", "vid umeå universitet").
_TOWN_CARE_HEADS = frozenset(
    "sjukhus sjukhuset lasarett lasarettet vårdcentral vårdcentralen universitet "
    "universitetet högskola högskolan".split()
)
# Heads of associations that have regional branches ("Kinesiska föreningen i Norrbotten").
_ASSOCIATION_HEADS = frozenset("föreningen förening förbundet förbund riksförbundet".split())
_ASSOCIATION_TAILS = ("föreningen", "förbundet", "sällskapet",
                      # study and outdoor associations ("Friluftsfrämjandet i X")
                      "främjandet")
# Capitalised generic heads that name the one school of a town: "Högskolan i Borås".
_TOWN_SCHOOL_HEADS = frozenset("Högskolan Universitetet Yrkeshögskolan Folkhögskolan".split())
# Savings banks are named head first ("Sparbanken Nord", "Sparbanken Tanum").
_BANK_HEADS_FIRST = Words.track("sparbanken sparbank".split())

_TEACHER_WORDS = frozenset(
    "lärare läraren lärarinna lärarinnan mentor mentorn handledare handledaren".split()
)
# Transport hubs that are workplaces after a work cue ("på Arlanda flygplats").
_HUB_HEADS = frozenset(
    "flygplats flygplatsen hamn hamnen "
    # places to stay and visit that employ staff ("jobb på Hälleviks vandrarhem"): a place
    # visited, a workplace after a work cue
    "vandrarhem vandrarhemmet camping campingen gästgiveri gästgiveriet museum museet "
    # a farm ("jobbar på Läggesta gård")
    "gård gården".split()
)


_SAINT_FORMS = frozenset(("St.", "S:t", "Sankt", "St", "Saint", "Ste.", "San", "Santa"))


def _saint_before(tokens: tuple, start: int, covered: set[int]) -> int:
    """``St. Anne's Convent School``: a saint's title before the name words that the head
    rule took in is part of the name (the rule takes at most three words before the head, and
    the title is not capitalised like a name word in every spelling)."""
    if (
        start >= 1
        and start - 1 not in covered
        and tokens[start - 1].text in _SAINT_FORMS
        # the tokenizer may end a sentence at "St." ("St. Anne's")
        and (tokens[start - 1].sentence == tokens[start].sentence
             or tokens[start - 1].text.endswith("."))
    ):
        return start - 1
    return start


# Stop and station nouns right before a name: the name is the stop's ("hållplatsen Ekbacka
# skola", "stationen Universitetet"), a place, even when it is built like an institution's.
_STOP_NOUNS = frozenset(
    "hållplats hållplatsen busshållplats busshållplatsen spårvagnshållplatsen "
    "tunnelbanestation tunnelbanestationen station stationen".split()
)


def _stop_name_before(tokens: tuple, start: int) -> bool:
    return start >= 1 and tokens[start - 1].lower in _STOP_NOUNS


def _article_then_title(tokens: tuple, j: int) -> bool:
    """``University of the Punjab``, ``Universidad de la Sabana``: an article between the
    particle and the capitalised name."""
    return (
        j + 1 < len(tokens)
        and tokens[j].lower in ("the", "la", "las", "los", "el")
        and tokens[j + 1].is_title
        and tokens[j + 1].sentence == tokens[j].sentence
    )


# English words ending a firm's name ("Nordic Power Services", "Accra Trading Company").
_ENGLISH_COMPANY_WORDS = frozenset(
    "services solutions group company limited ltd inc systems consulting logistics "
    "engineering industries trading enterprises construction".split()
)


def _company_run(tokens: tuple, i: int) -> bool:
    """A place's name opening a run of capitalised words that ends in an English company word
    ("Bolnäs Electrical Services" after "arbetade på"): the firm, not the place."""
    k = i
    while k + 1 < len(tokens) and k - i < 3 and tokens[k + 1].is_title and \
            tokens[k + 1].is_word and tokens[k + 1].sentence == tokens[i].sentence:
        k += 1
    return k > i and tokens[k].lower in _ENGLISH_COMPANY_WORDS


def _spelled_place(gaz: Gazetteer, tok) -> bool:
    """A place entry spelled as written (diacritics included): "Ellos" is not "Ellös"."""
    return any(e.canonical.lower() == tok.lower for e in gaz.entries_for_key("places", tok.norm))


def _place_before(gaz: Gazetteer, norm: str) -> bool:
    """``norm`` (or its stem without a genitive s) is a listed place: "Mjölby AI", "Kalmar AI"
    (Allmänna Idrottsklubben), where a bare "AI" is artificial intelligence."""
    return bool(gaz.entries_for_key("places", norm)
                or (norm.endswith("s") and gaz.entries_for_key("places", norm[:-1])))


def _club_abbreviation(text: str) -> bool:
    """"IF", "BK", and the mixed forms "GoIF", "BoIS": capitals at both ends, three or more."""
    return text.isupper() or (
        text[:1].isupper() and text[-1:].isupper() and sum(c.isupper() for c in text) >= 3
    )


def _two_word_place(gaz: Gazetteer, tokens: tuple, i: int) -> bool:
    """``tokens[i]`` and the next word (also in the genitive) are one listed place."""
    if i + 1 >= len(tokens) or tokens[i + 1].sentence != tokens[i].sentence:
        return False
    pair = normalize(tokens[i].text + " " + tokens[i + 1].text)
    return bool(gaz.entries_for_key("places", pair)
                or (pair.endswith("s") and gaz.entries_for_key("places", pair[:-1])))


# Lower-case words after a town's genitive that are no noun of an institution's name.
_NOT_HEAD_AFTER_GENITIVE = frozenset(
    "nya gamla stora lilla största bästa egna första andra enda och eller i på".split()
)


def _genitive_town_noun(gaz: Gazetteer, tokens: tuple, i: int) -> bool:
    """``tokens[i]`` is a listed Swedish town in the genitive and a lower-case noun follows in
    its sentence ("Brattfors bruksmuseum", "Hjoviks glasbruk"): the two are one name."""
    tok = tokens[i]
    if i + 1 >= len(tokens) or not tok.is_title or not tok.lower.endswith("s"):
        return False
    nxt = tokens[i + 1]
    return (
        nxt.is_word
        and nxt.text.islower()
        and len(nxt.lower) >= 5
        and nxt.sentence == tok.sentence
        and nxt.lower not in _NOT_HEAD_AFTER_GENITIVE
        and not nxt.lower.endswith(("sta", "ste"))
        and any(e.label == "city" and e.country == "SE"
                for e in gaz.entries_for_key("places", tok.norm[:-1]))
    )


def _first_name_genitive(gaz: Gazetteer, tok) -> bool:
    """``tok`` is a first name in the genitive ("Saras", "Ahmeds") that no list knows as a
    place or a surname."""
    low = tok.lower
    if len(low) < 4 or not low.endswith("s") or low.endswith("ss"):
        return False
    stem = tok.norm[:-1]
    entries = gaz.entries_for_key("names", stem)
    return (
        any(e.label == "firstname" for e in entries)
        and not any(e.label == "surname" for e in entries)
        and not gaz.entries_for_key("places", stem)
        and not gaz.entries_for_key("places", tok.norm)
    )


def _genitive_place_before_name(gaz: Gazetteer, tokens: tuple, i: int) -> bool:
    """"Helsingborgs Energi": a town in the genitive before a capitalised word, left to the
    place + name pattern."""
    tok = tokens[i]
    return (
        i + 1 < len(tokens)
        and tokens[i + 1].is_title
        and tokens[i + 1].sentence == tok.sentence
        and tok.lower.endswith("s")
        and any(e.canonical.lower() == tok.lower[:-1]
                for e in gaz.entries_for_key("places", tok.norm[:-1]))
    )


def _head_after(tokens: tuple, i: int, covered: set[int]) -> int:
    """``i``, or the last token of "X Y universitet" when up to two more capitalised words and
    an institution head follow ``tokens[i]`` in its sentence."""
    j = i
    while (
        j + 1 < len(tokens)
        and j - i < 2
        and tokens[j + 1].is_title
        and j + 1 not in covered
        and tokens[j + 1].sentence == tokens[i].sentence
    ):
        j += 1
    if j > i and tokens[j].lower in _ANY_HEAD:
        return j  # "Addis Ababa University": the capitalised head ends the run
    if (
        j + 1 < len(tokens)
        and tokens[j + 1].lower in _ANY_HEAD
        and j + 1 not in covered
        and tokens[j + 1].sentence == tokens[i].sentence
    ):
        return j + 1
    return i


# Store formats and hotel words written after a listed chain's name: the Swedish grocery
# formats (ICA Nära/Supermarket/Kvantum/Maxi, Coop Forum/Konsum/Extra/Nära, Hemköp City) and
# hotel and restaurant words ("Scandic Hotel", "Max Burgers").
_FORMAT_WORDS = frozenset(
    "maxi kvantum supermarket nära forum konsum extra stormarknad city hotel hotell burgers "
    "express outlet lager center".split()
)


# Trade words that end the name of a small Swedish firm ("Nilssons Städ", "Anderssons Bygg",
# "Karlssons Måleri", "Alis Livs", "Nordic Transport"): the usual branch words of Swedish
# company names (own knowledge of the Swedish trade register's naming habits, CC0), also as
# the tail of a compound ("Bilverkstad", "Städservice").
_BUSINESS_WORDS = frozenset(
    "bygg städ städservice måleri elservice rör vvs plåt snickeri transport "
    "transporter logistik åkeri flytt flyttservice taxi bil bilar bilservice däck verkstad "
    "bilverkstad mekaniska service fastighetsservice trädgård tvätt kemtvätt livs "
    "livsmedel bageri konditori pizzeria grill kebab catering frisör frisörer salong "
    "skönhet optik import export trading handel konsult konsulter data vård omsorg "
    "assistans tandvård entreprenad markentreprenad montage installation kök möbler trä "
    "mekaniska glas plast metall fisk rökeri textil elektronik färg golv kakel "
    "redovisning".split()
)
_BUSINESS_TAILS = ("verkstad", "verkstäder", "service", "städ", "måleri", "snickeri", "åkeri",
                   "entreprenad", "gjuteri", "tryckeri", "mejeri", "bryggeri", "slakteri",
                   "rökeri",
                   "industri", "industrier", "sågverk", "varv")


# Trade words of a shop the writer buys at ("Ekby Livs", "Byns Handel"): a place visited, not
# a workplace by default.
_SHOP_WORDS = frozenset("livs livsmedel handel".split())
_BUY_VERBS = frozenset(
    "köper köpte köpt köpa handlar handlade handlat handla beställde beställer hyrde".split()
)


def _business_word(low: str) -> bool:
    return low in _BUSINESS_WORDS or low in _BUSINESS_TAILS or (
        len(low) > 8 and low.endswith(_BUSINESS_TAILS))


# Swedish company forms written after a name (aktiebolag, handelsbolag, kommanditbolag,
# ekonomisk förening).
# Acronyms after a company that name a department or a topic, not a division's name.
_DEPARTMENT_ACRONYMS = frozenset("IT HR EU TV PR VD SMS USA UK".split())
_COMPANY_FORMS = frozenset("AB HB KB Ab ek.för. AB:s AB. HB. KB.".split())


def _lives_in(doc: Document, i: int) -> bool:
    """``tokens[i]`` follows "i" after a verb of living or moving ("bott i", "flyttade till")."""
    # (eight words: "bor sedan sex år i Ekby i Ekby kommun")
    prev = cx.prev_words(doc, i, 8)
    if len(prev) < 2 or prev[0] not in ("i", "till"):
        return False
    for w in prev[1:]:
        if w in _HOME_VERBS:
            return True  # "bor i Edsbyn i Ovanåkers kommun": a chain of places
        if w in cx.WORK_CUES or w in ("på", "hos", "för", "och", "men", "som"):
            return False
    return False


# Prepositions of a town, never of an employer (one works "på/hos/för" a company).
_TOWN_PREPOSITIONS = frozenset("i från utanför nära norr söder öster väster".split())
_HOME_VERBS = frozenset("bor bodde bott bo flyttade flyttat flytta flyttar".split())


def _name_run_end(gaz: Gazetteer, tokens: tuple, i: int, covered: set[int]) -> int:
    """The last word of an employer's name of up to three more capitalised words after
    ``tokens[i]`` ("Gamla Uppsala Buss", "Apotek Hjärtat"), without a trailing place, which is
    the branch's town ("Volvo Torslanda" → "Volvo")."""
    last = i
    while (
        last + 1 < len(tokens)
        and last - i < 3
        and tokens[last + 1].is_title
        and tokens[last + 1].is_word
        and last + 1 not in covered
        and tokens[last + 1].sentence == tokens[i].sentence
    ):
        last += 1
    if last + 1 < len(tokens) and tokens[last + 1].sentence == tokens[i].sentence and (
        tokens[last + 1].text in _COMPANY_FORMS
        or (tokens[last + 1].lower in _CLUB_SUFFIXES and tokens[last + 1].text.isupper())
    ):
        return last + 1  # "Söderbergs Bygg AB", "Edsbyns IF": the form belongs to the name
    nxt = last + 1
    if (
        last > i
        and nxt < len(tokens)
        and nxt not in covered
        and tokens[nxt].sentence == tokens[i].sentence
        and tokens[nxt].text.islower()
        and (tokens[nxt].lower in _ANY_HEAD or _head_kind(tokens[nxt].lower, compound=True))
    ):
        return nxt  # "Norra Älvsborgs länssjukhus": the head after the name
    if last > i and gaz.entries_for_key(
        "places", normalize(" ".join(t.text for t in tokens[i : last + 1]))
    ):
        return last  # "sommarjobb på Gröna Lund": the whole run is one listed name
    while last > i and gaz.entries_for_key("places", tokens[last].norm):
        last -= 1
    return last


# The words _patterns takes (see _pattern_positions), and the words before the ones it takes:
# an institution noun before a learner's lower-case name, "heter" before any name.
_PATTERN_WORDS = Words.track(_ANY_HEAD | _HEAD_FIRST | _TOWN_SERVICES)
_PATTERN_WORDS_BEFORE = Words.track(
    _NAME_PREFIX_NOUNS | frozenset(_NOUN_KINDS) | {"heter", "hette"}
)
# Compound heads, their genitives and ensemble tails (the words are tested with _head_kind).
_PATTERN_TAILS = _COMPOUND_HEADS + tuple(h + "s" for h in _COMPOUND_HEADS) + _ENSEMBLE_TAILS
# _head_kind(word, compound=False) for every head (the school heads first, as there)
_HEAD_KIND: dict[str, str] = {
    **{h: "other" for h in _OTHER_HEADS},
    **{h: "work" for h in _WORK_HEADS},
    **{h: "school" for h in _SCHOOL_HEADS},
}
# The forms of a title-case word that a rule of _patterns reads by its form (see the test at
# the top of its loop): lower-cased words and written texts.
_FORM_RULE_WORDS = (
    frozenset(_HEAD_KIND) | _CLUB_SUFFIXES | _CLUB_PREFIXES | _SCHOOL_TYPE_NAMES
    | {"komvux", "sfi", "tu"}
)
_FORM_RULE_TEXTS = _TOWN_SCHOOL_HEADS | _FOREIGN_SCHOOL_HEADS | {"Region", "Hotel", "Hotell"}
