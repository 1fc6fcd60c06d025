"""Genre-aware filtering of detector proposals (seed 003 §4–§5).

In evaluative and investigative essays (book and film reviews, discussions of an article) the
names and places are those of authors, characters, politicians and far-away events: they
reveal nothing about the writer, and the human annotators of SweLL left them unlabelled. In
such an essay a name or place proposal survives only in a sentence that speaks about the writer
or their circle (a first-person or possessive cue: ``jag``, ``vi``, ``min``, ``vår``; the
paper's example is "In Vietnam, we …"). Places, addresses, stops, workplaces and people also
survive in the other sentences of a paragraph about the writer (in topic essays, also the local
details of the next paragraph), after "här i"/"hemma i", and addresses always — unless the
sentence gives examples or, in a review, speaks about the work or another person; a person
introduced with an office ("Ordföranden heter …", "fru Berit S.") is real, and a sentence that
names a person of the writer's circle keeps its details ("i Maryams skola, X"), as does the
sentence after one that names the writer's relatives ("min oma. Hon föddes i …", "mina
föräldrar. De bor i …"). In topic essays the mountains and rivers of a paragraph about the
writer stay ("Runt staden finns berget …"); a region or country right after a kept town stays
("Katowice i Śląsk"); the town signed beside the writer's name on the last line stays
("Name Surname, Town"). Famous people
(``Kallifatides``, ``Astrid Lindgren``, ``Erdogan``) are dropped in every genre when written
with their surname; a bare first name that is also an ordinary first name (``Kristina``) is
dropped only in the evaluative profile. An investigative essay about a study the writer made
("Jag intervjuade fem grannar …", no article or book discussed) is read as a personal one: its
informants and their places are people and places of the writer's life.

A review also credits the performer of a concert ("konsert med X"), the author after the "av"
of a reading sentence ("Jag har läst X av Y") and a creator in the genitive before the work
("Dvořáks symfoni"); it keeps the staff named with their role ("Servitören hette X"), the
writer's own school or workplace in every mention outside the story, and a bare kin word the
writer also uses with "min" ("min mammas födelsedag … mamma var glad"). "mitt på", "mitt i"
are no first-person cue. In every genre an institution cited as a source ("Enligt SCB", "en
rapport från Skolverket") is dropped.

In an argumentative essay (mostly about the writer's own life) only the towns, countries and
regions of general statements are dropped: in a paragraph that never speaks of the writer, or
in a sentence about places in general ("i många kommuner i Norrland", "i hela landet, inte
bara i Göteborg"), unless the writer ties the same place to themselves elsewhere.

A review also drops the places its writer's own sentence retells ("jag hade hört att den
handlar om en kille i X", "en författare med rötter i Y"), and a name after "Hans fru" is a
character's relative, not a titled real person. Reviews and topic essays drop the places listed
as examples of a plural place noun ("länder som Syrien och Irak", "städer nära Malmö"); topic
essays keep the school or workplace the writer names in their own sentence, and a school named
by its own name (not "Komvux", "SFI") in a paragraph about the writer. A name line above a short
last line ("Name Surname\nKlass 3B, Komvux X") is a signature too, and the place after the
comma of a signature ("Name, Town") is a town. Every genre drops the newspaper of "en artikel
i X" with the town inside its name.

In every genre (a narrative, a letter or a description may retell a film, a series or a book)
the clauses that retell a story ("Den handlar om …", "tv-serien …", "Enligt artikeln …", with
no word for the writer or reader) lose their names and places, and so do the clauses that go
on with it (a character named again, the clause right after); the actor and role of "X spelar
Y" and the narrator of "med X som berättare" are dropped too, unless the writer ties the name
to themselves ("min dotter X spelade …").

``Options.genre_profile``: ``auto`` uses ``Document.genre`` and, when no genre is given,
review cues in the text (``boken``, ``filmen``, ``författaren`` …); ``personal`` keeps
everything except famous people; ``evaluative`` always filters.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import accumulate

from pseudonymizer.detectors import context as cx
from pseudonymizer.detectors.common import Words, lower_text
from pseudonymizer.document import Candidate, Document, Options
from pseudonymizer.tokenize import normalize

__all__ = ["filter_candidates", "is_evaluative", "EVALUATIVE_GENRES"]

EVALUATIVE_GENRES = frozenset(
    "evaluative investigative review book_review film_review recension bokrecension "
    "filmrecension".split()
)
# Essays that inform about a topic (how Sweden's schools work, the largest lakes): places and
# people in them are general knowledge unless the sentence is about the writer. Only names
# and places are filtered there; mark-up words stay.
INFORMATIVE_GENRES = frozenset("expository explanatory".split())
# Essays that argue for a view ("Skolan borde vara gratis"): mostly about the writer's own life,
# but places named as general examples ("I Norge och Finland är det likadant", "inte bara i
# Stockholm och Göteborg") reveal nothing about the writer.
ARGUMENT_GENRES = frozenset(["argumentative"])
# Labels about people, places and dates that reviews and topic essays mention without
# revealing the writer ("Kallifatides föddes 1938", "midsommar firas den 19–25 juni").
_FILTERED_LABELS = frozenset(
    "firstname_male firstname_female firstname_unknown surname middlename initials city "
    "country region area place geo street_nr school work other_institution "
    "transport_name fam prof edu year day month_word month_digit date_digits age_digits "
    "age_string".split()
)
_NAME_LABELS = frozenset(
    "firstname_male firstname_female firstname_unknown surname middlename initials".split()
)
_MARKUP_LABELS = frozenset("fam prof edu".split())
_INSTITUTION_LABELS = frozenset(["other_institution"])
# The writer's own country, region and town (not lakes and sights they live near).
_HOME_LABELS = frozenset("city country region area".split())
# Words that tie a sentence to the writer without a pronoun: "Hemlandet Eritrea har nio
# språk", "I hemstaden finns en stor marknad" (the writer's own country and town).
_HOME_CUES = frozenset(
    "hemland hemlandet hemländer hemstad hemstaden hemby hembyn hemort hemorten "
    "födelseland födelselandet födelsestad födelsestaden uppväxt".split()
)
# Words of a study the writer made themselves (interviews, a questionnaire, asking people:
# "Jag frågade tio grannar", "vi fick undersöka hur …").
_OWN_STUDY_CUES = frozenset(
    "intervjuade intervjuat intervjuerna intervjuer enkät enkäten enkäter enkäterna "
    "deltagarna informanterna undersöka undersökte undersökt frågade frågat".split()
)
_STUDY_SUBJECTS = frozenset(["jag", "vi"])
# An essay that discusses a text: "Artikeln i Dagens Nyheter …", "Journalisten intervjuar …".
_SOURCE_CUES = frozenset("journalisten journalistens reportern".split())
_REVIEW_CUES = frozenset(
    "boken bokens filmen filmens romanen romanens novellen författaren författarens "
    "huvudpersonen huvudpersonerna regissören recension recensionen artikeln artikelns "
    "kapitlet karaktären karaktärerna skådespelaren läsaren berättelsen handlingen "
    "tidningen debattartikeln texten".split()
)


def _token_at(starts: Sequence[int], offset: int) -> int:
    """The index of the token that holds the character ``offset`` (``starts``: the tokens'
    start offsets, ``doc.starts``)."""
    return max(0, bisect_right(starts, offset) - 1)


def _own_study(doc: Document) -> bool:
    """The writer made a study themselves: a cue of _OWN_STUDY_CUES in a sentence with "jag" or
    "vi" ("Jag intervjuade fem grannar", "vi delade ut en enkät"), in an essay that discusses no
    text (no review cue: "artikeln", "boken"; no journalist), whose places are its author's."""
    present = Words.of(doc).present  # (the essay's distinct words: no pass over the tokens)
    if _OWN_STUDY_CUES.isdisjoint(present) or not _SOURCE_CUES.isdisjoint(present) or \
            (not _REVIEW_CUES.isdisjoint(present) and not _own_text_only(doc, present)):
        return False  # (an essay about an article or a book keeps the filter)
    return any(  # (the cue tokens picked in C)
        not _STUDY_SUBJECTS.isdisjoint(cx.sentence_words(doc, i))
        for i in Words.of(doc).where(_OWN_STUDY_CUES)
    )


# "den här texten", "denna text": the writer's own text, no work discussed.
_OWN_TEXT_BEFORE = frozenset("här denna min".split())


def _own_text_only(doc: Document, present: frozenset[str] | set[str]) -> bool:
    """The only review cue of the essay is "texten", and every "texten" is the writer's own
    ("Inför den här texten frågade jag sex grannar"): no article or book is discussed."""
    if (_REVIEW_CUES & present) != {"texten"}:
        return False
    lowers = doc.lowers
    return all(k > 0 and lowers[k - 1] in _OWN_TEXT_BEFORE
               for k in Words.of(doc).where(frozenset(["texten"])))


def is_evaluative(doc: Document, options: Options) -> bool:
    """Whether ``doc`` is read with the evaluative profile."""
    profile = options.genre_profile
    if profile == "personal":
        return False
    if profile == "evaluative":
        return True
    if doc.genre:
        genre = doc.genre.lower()
        if genre == "investigative" and _own_study(doc):
            # "Jag intervjuade fem grannar … En kvinna från X, Y, sa att …": a study the writer
            # made among the people around them; its informants and their places are real
            return False
        return genre in EVALUATIVE_GENRES
    # No genre given: a text full of review vocabulary is a review.
    if _REVIEW_CUES.isdisjoint(Words.of(doc).present):
        return False  # no cue at all (most essays): the essay's distinct words, no count
    hits = sum(map(_REVIEW_CUES.__contains__, doc.lowers))
    return hits >= 3


def filter_candidates(
    doc: Document,
    candidates: Iterable[Candidate],
    options: Options,
    gazetteer: object | None = None,
) -> list[Candidate]:
    """Drop the proposals the genre profile says are not personal (see the module doc).

    >>> from pseudonymizer.tokenize import tokenize
    >>> doc = tokenize("Boken handlar om Karl-Oskar. Jag bor i Malmö.", genre="evaluative")
    >>> c1 = Candidate(17, 27, "firstname_male")
    >>> c2 = Candidate(41, 46, "city")
    >>> [c.label for c in filter_candidates(doc, [c1, c2], Options())]
    ['city']
    """
    candidates = list(candidates)
    if not candidates or not doc.tokens:
        return candidates
    present = Words.of(doc).present  # the essay's distinct words, for the cue tests below
    if options.genre_profile != "personal":
        candidates = _drop_cited_sources(doc, candidates)
    if options.genre_profile == "auto" and (doc.genre or "").lower() in ARGUMENT_GENRES:
        candidates = _drop_general_places(doc, candidates)
    if options.genre_profile == "auto" and (doc.genre or "").lower() == "instructive" and \
            any(c.label == "month_word" for c in candidates):
        candidates = _drop_general_months(doc, candidates)
    evaluative = is_evaluative(doc, options)
    informative = (
        not evaluative
        and options.genre_profile == "auto"
        and (doc.genre or "").lower() in INFORMATIVE_GENRES
    )
    gazetteer = _gazetteer(gazetteer)
    famous = _famous(gazetteer)
    starts = doc.starts

    personal_sentences: set[int] = set()
    # Sentences of a paragraph in which the writer speaks of themselves ("Vi bor i Kalmar. …
    # Förra året var festen i Oxhagen"), and sentences anchored to the writer's place ("här i
    # X", "hemma i X"): details there belong to the writer's life, not to a topic.
    writer_sentences: set[int] = set()
    local_sentences: set[int] = set()
    # Entities the writer ties to themselves somewhere in the essay ("Jag kommer från Irak.
    # … I Irak finns det två floder."): in a topic essay every mention of the writer's
    # places and people is about the writer. Not in reviews and article discussions, whose
    # annotators keep only the first-person sentence ("Artikeln handlar om Malmö").
    own_keys: set[str] = set()
    quoted = _quoted_spans(doc.text)
    if evaluative or informative:
        tokens = doc.tokens
        words = Words.of(doc)
        for k in words.where(_PERSONAL_CUES):  # (the few tokens with a cue, picked in C)
            t = tokens[k]
            if not (
                quoted and _inside_span(t.start, t.end, quoted)
            ) and not (  # "Min pappa Marianne" as a film title says nothing about the writer
                t.lower == "mitt" and _middle(tokens, k)
            ):  # "mitt på bron", "mitt i natten": in the middle of, not "my"
                personal_sentences.add(t.sentence)
        personal_sentences |= _relative_pronoun_sentences(doc, personal_sentences, quoted)
        writer_sentences = _writer_paragraph_sentences(
            doc, personal_sentences if evaluative
            else personal_sentences - _discourse_sentences(doc, personal_sentences),
            None if evaluative else local_sentences,
        )
        home_sentences: dict[int, list[Candidate]] = {}
        for c in candidates:
            if informative and c.key and (c.label in _HOME_LABELS or c.label in _NAME_LABELS):
                index = _token_at(starts, c.start)
                sentence = doc.tokens[index].sentence
                if sentence in personal_sentences:
                    own_keys.add(c.key)
                if c.label in _HOME_LABELS:
                    home_sentences.setdefault(sentence, []).append(c)
        if informative and gazetteer is not None:
            own_keys |= _own_country_keys(doc, candidates, starts, personal_sentences, gazetteer)
        if informative:
            # "Sörmland är ett landskap … Jag har bott här i nio år": the town, region or
            # country just named is where the writer lives
            for s in _lived_here_sentences(doc, personal_sentences):
                if s not in home_sentences and s - 1 in home_sentences:
                    own_keys.add(home_sentences[s - 1][0].key)
            # "Jag ska berätta om mitt hemland. Eritrea ligger i Afrika.": the home named
            # without a name is the first country or town of the next two sentences.
            for s in sorted(_unnamed_home_sentences(doc)):
                if s in home_sentences:
                    continue
                for nxt in (s + 1, s + 2):
                    if nxt in home_sentences:
                        own_keys.add(home_sentences[nxt][0].key)
                        break
    famous_spans = _famous_spans(doc, famous, candidates) if famous else []
    # an essay of any genre that retells a film or a book ("Vi såg filmen …", "boken X av Y")
    storyish = not evaluative and options.genre_profile == "auto" and not (
        _STORY_CUES.isdisjoint(present) and _REVIEW_CUES.isdisjoint(present)
    )
    credited = (
        _credited_name_starts(doc, quoted, evaluative or storyish)
        if quoted or evaluative or storyish else set()
    )
    if options.genre_profile != "personal" and not _ROLE_VERBS.isdisjoint(present):
        candidates = _drop_roles(doc, candidates, starts)
    if not evaluative and options.genre_profile == "auto":
        candidates = _drop_story_sentences(doc, candidates, starts, famous_spans, credited)
    # In a review, a character named in the story sentences is still a character when the
    # writer's own sentence mentions them ("Jag gillade Ove mest"); only a name right after a
    # possessive ("min vän Sara") is the writer's.
    story_names: set[str] = set()
    origin_keys: set[str] = set()
    own_institutions: set[str] = set()
    topic_tokens: set[int] = set()
    story_sentences: set[int] = set()
    if (evaluative or informative) and not _retells_work(present) and \
            any(c.label in _NAME_LABELS for c in candidates):
        # "Caféet leds av två volontärer, X och Y", "Ordförande är X": the people of a course,
        # a café or a club the essay reviews or describes (no book or film retold) are real
        own_keys |= _local_role_name_keys(doc, candidates, starts)
    if evaluative:
        # "min kusin Nikita", "min dotter Maryam": the writer's people keep every mention
        for c in candidates:
            if c.label in _NAME_LABELS and c.key:
                index = _token_at(starts, c.start)
                if set(cx.prev_words(doc, index, 2)) & _WRITER_POSSESSIVES and not (
                    quoted and _inside_span(c.start, c.end, quoted)
                ):  # not the title "Min pappa Marianne"
                    own_keys.add(c.key)
        # "Ordföranden heter Dilan Karimi", "fru Berit S.", "Anders-Per Jonsson, rektor,":
        # a person named with a title or office is somebody real, not a character
        own_keys |= _titled_name_keys(doc, candidates, starts)
        for c in candidates:
            if c.label in _NAME_LABELS and c.key and c.key not in own_keys:
                index = _token_at(starts, c.start)
                if doc.tokens[index].sentence not in personal_sentences:
                    story_names.add(c.key)
        topic_tokens = _topic_tokens(doc)
        story_sentences = {doc.tokens[k].sentence
                           for k in Words.of(doc).where(_STORY_OR_REVIEW_CUES)}
        if story_sentences and own_keys:
            # "min sambo Kalle … Kalles föräldrar bor i X och de hade berättat om filmen": a
            # sentence opened by a person of the writer's circle is about that person, even
            # when it mentions the work
            for c in candidates:
                if c.label in _NAME_LABELS and c.key in own_keys:
                    index = _token_at(starts, c.start)
                    sentence = doc.tokens[index].sentence
                    if sentence in story_sentences and doc.sentences[sentence][0] == index:
                        story_sentences.discard(sentence)
        # the writer's home town or country ("Nu bor jag i Halmstad", "Jag föddes i
        # Istanbul") stays labelled in the writer's other sentences ("Kanske Istanbul och
        # Halmstad kan dela på turisterna"), not in the article's ("Artikeln intervjuar en
        # kvinna i Malmö")
        tokens = doc.tokens
        residence = {
            tokens[k].sentence for k in Words.of(doc).where(cx.PLACE_VERBS)
            if (
                (k > 0 and tokens[k - 1].lower in ("jag", "vi"))
                or (k + 1 < len(tokens) and tokens[k + 1].lower in ("jag", "vi"))
            )
        }  # "jag bor", "bor jag", "vi kom": not "någon som bor i Kiruna"
        for c in candidates:
            if c.label in _HOME_LABELS and c.key:
                sentence = doc.tokens[_token_at(starts, c.start)].sentence
                if sentence in personal_sentences and sentence in residence:
                    own_keys.add(c.key)
        origin_keys = _origin_keys(doc, candidates, starts, personal_sentences, quoted)
        own_keys |= origin_keys
        # the school, workplace or club the writer names in their own sentence ("Jag gick
        # en utbildning på Naturbruksskolan"): every mention of it is about the writer's life
        # ("Sammanfattningsvis borde Naturbruksskolan erbjuda …"), as in a course review
        for c in candidates:
            if c.label in _SOURCE_LABELS and c.key:
                sentence = doc.tokens[_token_at(starts, c.start)].sentence
                if sentence in personal_sentences:
                    own_institutions.add(c.key)

    if informative:
        # the school or workplace the writer names in their own sentence ("Jag läser på
        # Komvux Gävle"): its later mentions are the writer's too ("På Komvux Gävle finns …")
        for c in candidates:
            if c.label in _SOURCE_LABELS and c.key and c.key not in _GENERIC_SCHOOLS:
                sentence = doc.tokens[_token_at(starts, c.start)].sentence
                if sentence in personal_sentences:
                    own_institutions.add(c.key)
    general_sentences = (
        _general_sentences(doc, famous_spans, evaluative) if writer_sentences else set()
    )
    # "Så gör man redan i Maryams skola, Skogsängsskolan": a sentence about a person of the
    # writer's circle (a name the writer tied to themselves) is about the writer's life
    circle_sentences: set[int] = set()
    if own_keys:
        for c in candidates:
            if c.label in _NAME_LABELS and c.key in own_keys:
                sentence = doc.tokens[_token_at(starts, c.start)].sentence
                if sentence not in story_sentences:
                    circle_sentences.add(sentence)
    if evaluative and credited:
        # the author of the reviewed work is never the writer's person: "… av Kerstin Berg.
        # … Berg skriver långsamt, för långsamt för en läsare som jag" (a sentence with
        # "jag" in it) drops the surname too
        # (the credited words themselves: a famous author is no candidate at all)
        story_names.update(doc.tokens[k].lower for k in credited
                           if doc.tokens[k].lower not in own_keys)
        story_names.update(doc.tokens[k].norm for k in credited  # "García" → "garcia"
                           if doc.tokens[k].norm not in own_keys)
        story_names.update(  # "Dvořáks symfoni … För mig är Dvořák …"
            doc.tokens[k].norm[:-1] for k in credited
            if doc.tokens[k].norm.endswith("s") and doc.tokens[k].norm[:-1] not in own_keys
        )
    signed = _signature_line(doc) if evaluative or informative else None
    # Mountains and rivers of a topic essay's paragraph about the writer ("Jag kommer från X.
    # … Runt staden finns berget Y") are the writer's; in a sentence of superlatives ("De
    # största sjöarna är …") only when the paragraph names the writer's origin ("Jag kommer
    # från Afghanistan. … det högsta berget heter Y"), not the lakes of where they live now.
    landmark_geo: set[int] | None = None
    if informative and writer_sentences and any(c.label == "geo" for c in candidates):
        landmark = {doc.tokens[k].sentence for k in Words.of(doc).where(_LANDMARK_CUES)}
        landmark_geo = set(writer_sentences)
        if landmark:
            landmark_geo -= landmark
            origins = _origin_keys(doc, candidates, starts, personal_sentences, quoted)
            if origins:
                para_of = _paragraph_of(doc)
                origin_paras = {
                    para_of[doc.tokens[_token_at(starts, c.start)].sentence]
                    for c in candidates if c.key in origins and c.label in _ORIGIN_LABELS
                }
                landmark_geo |= {s for s in landmark & writer_sentences
                                 if para_of[s] in origin_paras}
        if local_sentences:
            # the next paragraph goes on about the writer's town: "Som barn lekte jag i X. ‖
            # Norr om staden ligger bergen Y" ("staden", "byn": the town just named)
            landmark_geo |= {
                doc.tokens[k].sentence for k in Words.of(doc).where(_TOWN_BACK)
                if doc.tokens[k].sentence in local_sentences
            }
    # the place right after "här i", "hemma i", "hit till": the writer's own ("Här i Blekinge
    # går solen ner sent")
    here_places: set[int] = set()
    if (evaluative or informative) and not _HERE_WORDS.isdisjoint(present):
        lowers = doc.lowers
        here_places = {  # (the "här"/"hemma" tokens picked in C)
            k + 2 for k in Words.of(doc).where(_HERE_WORDS)
            if k < len(lowers) - 2 and lowers[k + 1] in _HERE_PREPOSITIONS
        }
    # the relatives the writer names with "min"/"mitt"/"mina" ("min mammas födelsedag"):
    # the same bare word elsewhere ("mamma älskade den") is the writer's relative too
    own_kin: set[str] = set()
    if evaluative and any(c.label == "fam" for c in candidates):
        lowers = doc.lowers
        own_kin = {  # (the kin words picked in C)
            lowers[k].removesuffix("s") for k in Words.of(doc).where(_KIN_GENITIVE)
            if k >= 1 and lowers[k - 1] in _WRITER_POSSESSIVES
        }
    # the sentences that give one person's age ("Han är bara femton år", "Den äldsta Ingeborg är
    # tretton") in an essay that retells no work and names no famous person: the person is
    # somebody the writer knows (a relative, a classmate, an interviewee), even when the
    # sentence has no "jag"/"vi"
    person_age_sentences: set[int] = set()
    if (evaluative or informative) and not famous_spans and \
            any(c.label in _AGE_LABELS for c in candidates) and \
            _WORK_CUES.isdisjoint(present):
        person_age_sentences = _person_age_sentences(doc, candidates, starts, quoted)
    origin_countries = (
        _people_origin_countries(doc, candidates, starts) if informative else frozenset()
    )
    # (one count per mention: two detectors may propose the same span)
    country_mentions = Counter(
        key for key, _ in {(c.key, c.start) for c in candidates if c.label == "country"})
    out: list[Candidate] = []
    # words dropped as a review's character: not a place either ("Jag kände igen mig i X")
    character_spans: set[tuple[int, int]] = set()
    for c in candidates:
        if signed and (c.label in _NAME_LABELS or c.label in _HOME_LABELS
                       or c.label in _SOURCE_LABELS) and signed[0] <= c.start < signed[1]:
            # the writer's name under the text ("…\n\nSiriporn Wongsakul"), and the town
            # signed beside it ("Siriporn Wongsakul, Kalix")
            out.append(c)
            continue
        if signed and c.label in _SIGNED_TOWN_LABELS and signed[0] < c.start < signed[1] and \
                doc.text[signed[0] : c.start].rstrip().endswith(","):
            # "Lejla, Landvetter": the place after the writer's name is their town, even
            # when it is also the name of a lake or a field
            out.append(replace(c, label="city"))
            continue
        if c.label in _NAME_LABELS and _inside(c, famous_spans, evaluative):
            continue
        if famous_spans and c.label in _ORIGIN_LABELS | _LOCAL_LABELS and any(
            start <= c.start and c.end <= end and (start, end) != (c.start, c.end)
            for start, end, _strong in famous_spans
        ):
            continue  # the place inside a famous name: "Emil i Lönneberga", "Nils Holgersson"
        if credited and c.label in _NAME_LABELS and (
            _token_at(starts, c.start) in credited
        ):
            continue  # the author, director or actor of a work: "”Ett dockhem” av Henrik Ibsen"
        if evaluative and quoted and _inside_span(c.start, c.end, quoted):
            continue  # inside the title of the reviewed work: "Hundraåringen som klev ut …"
        if (evaluative and c.label in _FILTERED_LABELS) or (
            informative and c.label in _FILTERED_LABELS and c.label not in _MARKUP_LABELS
            and c.label not in _INSTITUTION_LABELS
        ):
            index = _token_at(starts, c.start)
            sentence = _sentence_across_initial(doc, index)
            own = c.key in own_keys and not (evaluative and sentence in story_sentences)
            if c.label == "fam" and own_kin and sentence not in story_sentences and \
                    _bare_own_kin(doc, c, index, own_kin):
                out.append(c)  # "min mammas födelsedag … Men mamma var glad"
                continue
            if index in here_places and (c.label in _HERE_LABELS or c.label == "country"):
                out.append(c)  # "som hemma i X"
                continue
            if c.label == "country" and index in origin_countries:
                # "Vår lärare kommer från X", "Många i klassen kommer från X, Y och Z": in a
                # topic essay, where the people of the writer's life come from (4 of 4 in
                # the gold sets; in reviews the same words tell a character's origin)
                out.append(c)
                continue
            if c.label == "country" and index > 0 and doc.lowers[index - 1] == "i" and \
                    (index - 1) in doc.sentence_starts and country_mentions[c.key] == 1 and (
                        "sverige" in present
                        or not _CONTRAST_WORDS.isdisjoint(
                            doc.lowers[slice(*doc.sentences[doc.tokens[index].sentence])]
                        )):
                # "I X måste man betala mer", "I X var det annorlunda": a country
                # named once, opening a sentence, frames the writer's comparison of their
                # other country with Sweden (the gold sets label 148 of 150 countries after
                # a sentence's opening "I", in every genre); a country the essay keeps
                # discussing is its topic (an article's country, a story's land), and one
                # compared with nothing is a fact ("I Norge finns det många fjordar")
                out.append(c)
                continue
            if c.key in own_institutions and c.label in _SOURCE_LABELS and \
                    sentence not in story_sentences:
                out.append(c)
                continue
            if c.key in origin_keys and c.label in _ORIGIN_LABELS:
                out.append(c)  # "mitt hemland Kosovo … I Kosovo är situationen annorlunda"
                continue
            near_writer = (
                (sentence in writer_sentences and (
                    c.label in _NEAR_WRITER_LABELS
                    or informative and c.label == "school" and _named_school(doc, c))
                 or c.label == "geo" and landmark_geo is not None and sentence in landmark_geo
                 or sentence in local_sentences and c.label in _LOCAL_LABELS)
                and sentence not in general_sentences
                and not (evaluative and (sentence in story_sentences
                                         or c.label in _NAME_LABELS))
            )  # a review's characters are named in the writer's paragraphs too
            if sentence not in personal_sentences and not near_writer and \
                    sentence not in circle_sentences and \
                    c.label not in _ALWAYS_KEPT and not (
                own and (c.label in _HOME_LABELS or c.label in _NAME_LABELS
                         or (informative and c.label in _LANDMARK_LABELS))
            ) and not (
                c.label in _DATE_LABELS and sentence - 1 in personal_sentences
                and _continues(doc, sentence, gazetteer)
                and not (evaluative and sentence in story_sentences)  # "Filmen kom 2011"
            ) and not (c.label == "day" and _last_weekday(doc, index)) and not (
                c.label in _AGE_LABELS and sentence in person_age_sentences
            ):
                continue
            if c.label in _NAME_LABELS and c.key in story_names and not (
                set(cx.prev_words(doc, index, 2)) & cx.POSSESSIVES
            ):
                character_spans.add((c.start, c.end))
                continue
            if topic_tokens and index in topic_tokens and c.label not in _MARKUP_LABELS and \
                    not own:
                continue  # "Jag har läst en artikel om Zlatan och hans uppväxt i Rosengård"
            if c.label in _GENERAL_PLACE_LABELS and not own and c.key not in origin_keys and \
                    _listed_example(doc, index):
                continue  # "i städer nära Göteborg", "länder som Syrien och Irak"
        out.append(c)
    if character_spans:
        out = [c for c in out if c.label in _NAME_LABELS or c.label not in _ORIGIN_LABELS
               or (c.start, c.end) not in character_spans]
    if (evaluative or informative) and len(out) < len(candidates):
        out = _keep_circle_origins(doc, candidates, out, starts, quoted)
        out = _keep_located_regions(doc.text, candidates, out)
    return out


_AGE_LABELS = frozenset("age_digits age_string".split())
_COME_FORMS = frozenset("kommer kom kommit".split())
_LIST_LINKS = frozenset((",", "och", "eller"))


def _people_origin_countries(
    doc: Document, candidates: list[Candidate], starts: Sequence[int]
) -> frozenset[int]:
    """Token indices of the countries right after "kommer från" (and the rest of their list:
    "kommer från X, Y och Z")."""
    lowers = doc.lowers
    found: set[int] = set()
    for index in sorted({_token_at(starts, c.start)
                         for c in candidates if c.label == "country"}):
        if index >= 2 and lowers[index - 1] == "från" and lowers[index - 2] in _COME_FORMS:
            found.add(index)
        elif index >= 2 and lowers[index - 1] in _LIST_LINKS and (index - 2) in found:
            found.add(index)
    return frozenset(found)


# Words of a comparison ("I X är maten billigare", "I X var det annorlunda").
_CONTRAST_WORDS = frozenset(
    "annorlunda olika mer mera mindre billigare dyrare bättre sämre större vanligare "
    "lättare svårare".split()
)
_ONE_PERSON_PRONOUNS = frozenset("han hon hen".split())
_GENERIC_SUBJECTS = frozenset("man de dom många barn barnen ungdomar".split())


def _person_age_sentences(
    doc: Document, candidates: list[Candidate], starts: Sequence[int],
    quoted: list[tuple[int, int]],
) -> set[int]:
    """The sentences with an age candidate that speak of one person: "han"/"hon" or a
    name candidate in it, no generic subject ("man", "barnen", "de") and the age not quoted."""
    tokens = doc.tokens
    out: set[int] = set()
    named: set[int] | None = None
    for c in candidates:
        if c.label not in _AGE_LABELS or (quoted and _inside_span(c.start, c.end, quoted)):
            continue
        sentence = tokens[_token_at(starts, c.start)].sentence
        first, last = doc.sentences[sentence]
        lowers = Words.of(doc).lowers[first:last]
        if not _GENERIC_SUBJECTS.isdisjoint(lowers):
            continue
        if _ONE_PERSON_PRONOUNS.isdisjoint(lowers):
            if named is None:
                named = {tokens[_token_at(starts, n.start)].sentence
                         for n in candidates if n.label in _NAME_LABELS}
            if sentence not in named:
                continue
        out.add(sentence)
    return out


# The definite town nouns that point back to the town the text just named.
_TOWN_BACK = frozenset("staden stan byn orten".split())


# "Bogdan kommer från X", "Han är från X": the verbs before "från" that give where a person
# comes from.
_FROM_VERBS = frozenset("kommer kom är var".split())
_FROM_LABELS = frozenset("city country region area".split())


def _keep_circle_origins(
    doc: Document, candidates: list[Candidate], kept: list[Candidate],
    starts: Sequence[int], quoted: list[tuple[int, int]],
) -> list[Candidate]:
    """Put back the town or country a person of the writer's circle comes from: "Vi har två
    lärare, Sigrun och Leo. Leo kommer från X", "Jag träffade Kalle där. Han är från Y". The
    subject right before "kommer/är från" is a name the filter kept (a character or a famous
    person is dropped already), or "han"/"hon" with such a name earlier in the sentence or in
    the sentence before. Not in quotes."""
    tokens = doc.tokens
    ids = {id(c) for c in kept}
    dropped = [c for c in candidates if id(c) not in ids and c.label in _FROM_LABELS]
    if not dropped:
        return kept
    name_at = {
        _token_at(starts, c.start)
        for c in kept if c.label in _NAME_LABELS
    }
    if not name_at:
        return kept
    back = set()
    for c in dropped:
        i = _token_at(starts, c.start)
        if i < 3 or tokens[i].start != c.start or (quoted and _inside_span(c.start, c.end, quoted)):
            continue
        if tokens[i - 1].lower != "från" or tokens[i - 2].lower not in _FROM_VERBS:
            continue
        subject = i - 3
        sentence = tokens[i].sentence
        if tokens[subject].sentence != sentence:
            continue
        if subject in name_at or (
            tokens[subject].lower in _ONE_PERSON_PRONOUNS
            and any(
                k < subject and tokens[k].sentence in (sentence, sentence - 1)
                for k in name_at
            )
        ):
            back.add(id(c))
    if not back:
        return kept
    return [c for c in candidates if id(c) in ids or id(c) in back]


# "Katowice i Śląsk", "Gdańsk, Polen": the region or country that locates a town.
_LOCATING = re.compile(r"(?:\s+i\s+|,\s*)$")
_LOCATING_LABELS = frozenset("region country".split())


def _keep_located_regions(
    text: str, candidates: list[Candidate], kept: list[Candidate]
) -> list[Candidate]:
    """Put back the regions and countries written right after a kept town ("Hon kommer från
    Katowice i Śląsk"): they say where the writer's town is and are as personal as the town.
    (Without it the fallback detector's "city" for the same words would survive alone.)"""
    town_ends = {c.end for c in kept if c.label == "city"}
    if not town_ends:
        return kept
    ids = {id(c) for c in kept}
    back = set()
    for c in candidates:
        if c.label in _LOCATING_LABELS and id(c) not in ids:
            m = _LOCATING.search(text, max(0, c.start - 6), c.start)
            if m is not None and m.start() in town_ends:
                back.add(id(c))
    if not back:
        return kept
    return [c for c in candidates if id(c) in ids or id(c) in back]


# An address number names the writer's home or a place they go to in any genre.
_ALWAYS_KEPT = frozenset(["street_nr"])
# "här i Ronneby", "hemma i Nablus", "hos oss i Kalmar": the writer's own place.
_HERE_WORDS = frozenset("här hemma hit härifrån".split())
_HERE_PREPOSITIONS = frozenset("i på till".split())
_HERE_LABELS = frozenset("city region area place geo".split())


# What a paragraph about the writer's life may keep outside the writer's own sentences:
# places, addresses, stops, lines, people and workplaces — not countries, regions and natural
# features, schools in general, dates or ages, which topic essays name as general knowledge
# ("den firas också i Afghanistan", "För vuxna finns Komvux", "Loppet startade 1990", "när de
# är sex år").
_NEAR_WRITER_LABELS = frozenset(
    "city area place street_nr transport_name work other_institution firstname_male "
    "firstname_female firstname_unknown surname middlename initials".split()
)
_LOCAL_LABELS = frozenset("place street_nr transport_name area".split())
# School types that a topic essay names in general ("För vuxna finns Komvux och SFI", "Efter
# gymnasiet kan man läsa på universitetet"): no particular school of the writer's.
_GENERIC_SCHOOLS = frozenset(
    "komvux sfi gymnasiet gymnasium gymnasieskolan universitet universitetet högskola "
    "högskolan folkhögskola folkhögskolan grundskola grundskolan förskola förskolan "
    "yrkeshögskola yrkeshögskolan vuxenutbildningen vuxenutbildning".split()
) | frozenset(["svenska för invandrare"])


def _named_school(doc: Document, c: Candidate) -> bool:
    """A school named by its own name ("Ekbackens skola", "Rosengårdsskolan", "Komvux
    Gävle", "alingsås skolan"), not a school type ("Komvux", "SFI", "universitetet") or an
    acronym."""
    text = doc.text[c.start : c.end]
    return (
        (text[:1].isupper() or " " in text) and not text.isupper()
        and text.lower() not in _GENERIC_SCHOOLS
    )  # (learners write "alingsås skolan" in lower case)


# Sentences about others or about the reviewed work, never about the writer's life even in
# a paragraph of it: examples ("till exempel Rinkeby"), a story or article retold ("Den
# handlar om", "Skribenten hänvisar till"), a third person acting or born ("Hon började
# strejka", "född i Iran och uppvuxen i Göteborg").
_EXAMPLE_WORDS = frozenset("exempel t.ex. t.ex bland".split())
_OTHERS_CUES = frozenset(
    "handlar artikel artikeln skribenten journalisten forskare forskaren forskarna "
    "han hon hen honom henne politikerna debattartikel föddes född uppvuxen".split()
)


# Titles and offices that introduce a real person by name ("rektor Anna Berg", "fru Berit
# S.", "Ordföranden heter Dilan Karimi", "Per Olsson, rektor, sa …").
# Not "fröken", "mr", "miss": they open the titles of works ("Fröken Julie", "Mr. Bean").
_OFFICES = cx.TITLES_NEUTRAL | frozenset(
    "fru herr hr hr. ordförande ordföranden rektor rektorn chef chefen kommunalråd kommunalrådet "
    "sjuksköterskan läkaren läkare doktorn tränaren tränare föreståndaren".split()
) | frozenset(  # the staff a writer meets ("Servitören hette …", "Guiden heter …")
    "servitören servitrisen servitör servitris guiden guide kocken kursledaren kursledare "
    "handledaren handledare instruktören instruktör bibliotekarien bibliotekarie "
    "receptionisten expediten säljaren chauffören busschauffören frisören "
    "tandläkaren tandläkare föreläsaren föreläsare".split()
)


# Offices of the people a writer meets, before a bare surname ("doktor Lindgren"): never the
# famous bearer of that surname (not "professor", "kung", "president": famous people's titles).
_EVERYDAY_OFFICES = _OFFICES - frozenset("professor prof prof.".split())


def _titled_name_keys(
    doc: Document, candidates: list[Candidate], starts: Sequence[int]
) -> set[str]:
    """Keys of name candidates whose name (a run of capitalised words and initials) follows
    an office or title, or "<office> heter", or is followed by ", <office>"."""
    tokens = doc.tokens
    n = len(tokens)
    out: set[str] = set()
    for c in candidates:
        if c.label not in _NAME_LABELS or not c.key:
            continue
        k = _token_at(starts, c.start)
        first = doc.sentences[tokens[k].sentence][0]
        i = k
        while i - 1 >= first and (
            tokens[i - 1].is_title or tokens[i - 1].text == "."
        ) and tokens[i - 1].lower not in _OFFICES:
            i -= 1
        before = [t.lower for t in tokens[max(first, i - 2) : i] if t.is_word]
        if before and before[-1] in _OFFICES and i - 2 >= first and \
                tokens[i - 2].lower in cx.POSSESSIVES:
            continue  # "Hans fru Greta", "hennes tränare Micke": a relation, not a title
        j = k
        while j + 1 < n and (tokens[j + 1].is_title or tokens[j + 1].text == "."):
            j += 1
        after = [t.lower for t in tokens[j + 1 : j + 3]]
        if (before and before[-1] in _OFFICES) or (
            len(before) == 2 and before[1] in cx.NAME_INTRO and before[0] in _OFFICES
        ) or (len(after) == 2 and after[0] == "," and after[1] in _OFFICES):
            out.add(c.key)
    return out


def _general_sentences(
    doc: Document, famous_spans: list[tuple[int, int, bool]], evaluative: bool
) -> set[int]:
    """Sentences that give examples and, in a review or article discussion, sentences about
    the work, its people or a famous person."""
    out: set[int] = set()
    tokens = doc.tokens
    # (the few tokens with a cue, picked in C)
    for k in Words.of(doc).where(_GENERAL_CUES if evaluative else _EXAMPLE_WORDS):
        out.add(tokens[k].sentence)
    if evaluative and famous_spans:
        starts = doc.starts if len(doc.starts) == len(tokens) else [t.start for t in tokens]
        for start, _end, _strong in famous_spans:
            out.add(tokens[_token_at(starts, start)].sentence)
    return out


def _paragraph_of(doc: Document) -> list[int]:
    """The paragraph (line of the text) of each sentence."""
    tokens = doc.tokens
    text = doc.text
    breaks = [m.start() for m in re.finditer("\n", text)]
    para_of: list[int] = []
    for first, _last in doc.sentences:
        start = tokens[first].start if first < len(tokens) else len(text)
        para_of.append(bisect_right(breaks, start))
    return para_of


def _writer_paragraph_sentences(
    doc: Document, personal: set[int], local: set[int] | None = None
) -> set[int]:
    """Sentences that share a paragraph (a line of the text) with a sentence about the writer,
    and sentences with "här i"/"hemma i" (the writer's own place). The sentences of the
    paragraph after such a paragraph are added to ``local`` when given."""
    if local is None:
        local = set()
    tokens = doc.tokens
    out: set[int] = set()
    para_of = _paragraph_of(doc)
    personal_paras = {para_of[s] for s in personal if s < len(para_of)}
    for s, para in enumerate(para_of):
        if para in personal_paras:
            out.add(s)
    # the paragraph right after one about the writer goes on with their neighbourhood
    # ("Jag bor i Kungsmarken. … ‖ Förut gick buss 6 till Amiralitetstorget"): its local
    # details (stops, streets, districts, lines) are the writer's too
    paras = sorted(set(para_of))
    following = {b for a, b in zip(paras, paras[1:], strict=False) if a in personal_paras}
    for s, para in enumerate(para_of):
        if para in following and s not in out:
            local.add(s)
    for k in Words.of(doc).where(_HERE_WORDS):  # (those tokens picked in C)
        if k < len(tokens) - 1 and tokens[k + 1].lower in ("i", "på"):
            out.add(tokens[k].sentence)
    return out


def _sentence_across_initial(doc: Document, index: int) -> int:
    """The sentence of ``tokens[index]``, where a name's initial does not end one: "Min chef
    heter Lena K. Falk." — "Falk" belongs to the sentence of "Min chef"."""
    tokens = doc.tokens
    k = index
    while k >= 2 and tokens[k - 1].text == "." and len(tokens[k - 2].text) <= 2 and \
            tokens[k - 2].text[:1].isupper() and tokens[k - 2].text.isalpha() and \
            tokens[k - 2].end == tokens[k - 1].start:
        k -= 2
    return tokens[k].sentence


# Labels a place signed after the writer's name may carry besides ``city``.
_SIGNED_TOWN_LABELS = frozenset("geo place".split())
# Sign-off words that may stand before the writer's name on the last line.
_SIGN_OFF_WORDS = frozenset(
    "hälsningar hälsning mvh kram kramar puss vänligen hejdå /".split()
)


def _signature_line(doc: Document) -> tuple[int, int] | None:
    """The character range of the writer's name on the last line of the text: one to four
    capitalised words or initials alone on that line (after a sign-off word at most), under
    at least one line of text. A name on the line before a short last line (a class, a school,
    a town: "Amani Okello\nKlass 3B, Komvux Gävle") is the signature too; its range then runs
    to the end of the text. None when the last lines are anything else."""
    text = doc.text.rstrip()
    cut = text.rfind("\n")
    if cut <= 0 or not text[:cut].strip():
        return None
    tokens = doc.tokens
    starts = doc.starts if len(doc.starts) == len(tokens) else [t.start for t in tokens]
    words = list(tokens[bisect_right(starts, cut):])  # the tokens after the last line break
    signed = _name_line(words)
    if signed is not None or len(words) > 6 or text.endswith((".", "!", "?")):
        return signed  # (a short last sentence under a heading is no signature)
    before = text.rfind("\n", 0, cut)
    if before <= 0 or not text[:before].strip():
        return None
    line = list(tokens[bisect_right(starts, before) : bisect_left(starts, cut)])
    signed = _name_line(line)
    if signed is None or sum(t.is_word for t in line) < 2:
        return None  # (a one-word line may be a heading: "Slutsats")
    return signed[0], len(text)


def _name_line(words: list) -> tuple[int, int] | None:
    """The range of the name in the tokens of one line (see ``_signature_line``)."""
    while words and (words[0].lower in _SIGN_OFF_WORDS or words[0].text in (",", "/")):
        words = words[1:]
    names = [t for t in words if t.text not in (".", ",", "!")]
    if not names or len(names) > 4 or not all(
        _name_word(t.text) and (t.text.replace("-", "").isalpha() or
                                t.text.rstrip(".").isalpha())
        for t in names
    ) or not names[0].text[:1].isupper():
        return None
    return names[0].start, names[-1].end


# Lower-case particles that open a surname: "al-Saadi", "el-Amin", "van Dijk", "da Silva".
_NAME_PARTICLES = frozenset(
    "al el ul ibn bin bint abu van von der de da dos das du di la le".split()
)


def _name_word(word: str) -> bool:
    """A capitalised word, a surname opened by a lower-case particle ("al-Saadi") or the
    particle alone ("van", "da")."""
    if word[:1].isupper():
        return True
    head, dash, rest = word.partition("-")
    return head in _NAME_PARTICLES and (not dash or rest[:1].isupper())


# A sentence that retells a book, film or play: "Boken handlar om Ove", "Huvudpersonen heter
# Elsa", "I filmen bor Amir i Kabul". Its names and places belong to the story.
_STORY_CUES = frozenset(
    "artikeln enligt boken filmen romanen novellen pjäsen serien berättelsen sagan huvudpersonen "
    "huvudpersonerna huvudkaraktären karaktären karaktärerna handlingen".split()
)
# "Den handlar om en familj", "Filmen utspelar sig på en ö": the next word of the verb.
_STORY_VERBS = {"handlar": "om", "utspelar": "sig"}
# "tv-serien", "Netflix-serien", "Harry Potter-filmen": compounds with a story noun
_STORY_SUFFIXES = ("-serien", "-filmen", "-boken", "-romanen", "-dokumentären", "-musikalen")
_CLAUSE_BREAKS = frozenset(",;:")
_STORY_LABELS = frozenset(
    "firstname_male firstname_female firstname_unknown surname middlename initials city "
    "country region area place geo fam prof edu".split()
)
# The writer or the reader of a letter: such a sentence is never only a story.
_PERSONAL_WORDS = cx.FIRST_PERSON | frozenset("du dig dej din ditt dina ni er ert era".split())
# the words _drop_story_sentences looks at (with the words that contain a "-")
_CLAUSE_WORDS = _STORY_CUES | _STORY_VERBS.keys() | _PERSONAL_WORDS


def _drop_story_sentences(
    doc: Document,
    candidates: list[Candidate],
    starts: Sequence[int],
    famous_spans: Sequence[tuple[int, int, bool]] = (),
    credited: set[int] | frozenset[int] = frozenset(),
) -> list[Candidate]:
    """In any essay (the genre may be missing, or a narrative, a letter or a description that
    retells a film or a book), drop the names and places of sentences that retell a story (a
    story cue such as ``boken``, ``filmen``, ``tv-serien``, ``huvudpersonen``, or "handlar
    om", "utspelar sig", and no word for the writer or reader), and their later mentions in
    sentences that do not speak about the writer either; a sentence that names a character of
    the story goes on with the story ("Den handlar om Ali. Ali bor i X"). A place the writer
    ties to themselves anywhere in the essay ("Jag bor också i Kabul") is kept everywhere, a
    person only when the writer ties them to themselves ("min bror Ali", "Jag heter Ali"):
    a character stays a character in the writer's own sentence ("Jag gillar Lisa mest")."""
    present = Words.of(doc).present  # (the essay's distinct words: no pass over the tokens)
    if _STORY_CUES.isdisjoint(present) and _STORY_VERBS.keys().isdisjoint(present) and (
        "-" not in doc.text or not any(suffix in lower_text(doc.text) for suffix in _STORY_SUFFIXES)
    ):
        return candidates  # no story cue (most essays)
    # clauses, not whole sentences: "Boken handlar om familjen X i byn Y, och i början
    # förstod jag ingenting" retells the story before the comma
    story: set[int] = set()
    personal: set[int] = set()
    tokens = doc.tokens
    # a clause opens at every sentence but the first and at a clause break inside one; the
    # clause of each token is the running count (accumulated in C)
    words = Words.of(doc)
    n = len(tokens)
    opens = [0] * n
    for first, _ in doc.sentences:
        if first < n:
            opens[first] = 1
    opens[0] = 0  # (the first token's sentence opens no new clause, a break there does)
    for k in words.where(_CLAUSE_BREAKS):
        opens[k] = 1
    clause_of = list(accumulate(opens))
    # the story and personal words alone are visited, in text order
    cued = set(words.where(_CLAUSE_WORDS))
    cued.update(words.containing("-"))
    for k in sorted(cued):
        low = tokens[k].lower
        if low in _STORY_CUES or ("-" in low and low.endswith(_STORY_SUFFIXES)) or (
            low in _STORY_VERBS and k + 1 < len(tokens)
            and tokens[k + 1].lower == _STORY_VERBS[low]
        ):
            story.add(clause_of[k])
        elif low in _PERSONAL_WORDS and not (low == "mitt" and _middle(tokens, k)):
            personal.add(clause_of[k])
    story -= personal
    if not story and not credited and not any(strong for _, _, strong in famous_spans):
        return candidates

    def sentence_of(c: Candidate) -> int:
        return clause_of[_token_at(starts, c.start)]

    sentences = [sentence_of(c) for c in candidates]
    own = {
        c.key for c, s in zip(candidates, sentences, strict=True)
        if s in personal and c.key and (c.label not in _NAME_LABELS or _tied_name(doc, c, starts))
    }
    if own:
        # "min sambo Kalle … Kalles föräldrar bor i X och de hade berättat om filmen": a clause
        # opened by a person the writer ties to themselves is about that person
        # (the first token of clause s: clause_of ascends)
        opened = {
            s for c, s in zip(candidates, sentences, strict=True)
            if c.label in _NAME_LABELS and s in story and c.key
            and (c.key in own or c.key.removesuffix("s") in own)
            and _token_at(starts, c.start) == bisect_left(clause_of, s)
        }
        story -= opened
        personal |= opened
    keys = {
        c.key for c, s in zip(candidates, sentences, strict=True)
        if s in story and c.label in _STORY_LABELS and c.key and c.key not in own
    }
    # the words of a famous name or of the creator credited with the work ("en film om Harry
    # Potter. Harry bor i …", "boken av Karin Ek … Ek skriver"): later bare mentions of them
    # are the story's too
    if famous_spans or credited:
        tokens = doc.tokens
        for start, end, strong in famous_spans:
            if strong:
                first = _token_at(starts, start)
                last = bisect_left(starts, end)
                keys.update(t.norm for t in tokens[first:last] if t.is_title)
        keys.update(tokens[k].norm for k in credited)
        keys -= own
    # "Den handlar om Ali. Ali bor i X": a sentence about a character is the story too, and
    # so is a sentence right after the story that names people or towns nobody ties to the
    # writer ("Den handlar om en familj. Lisa och Ola har barn …", "Enligt artikeln … I X
    # väntar man tio år")
    named: dict[int, list[Candidate]] = {}
    for c, s in zip(candidates, sentences, strict=True):
        if (c.label in _NAME_LABELS or c.label in _HOME_LABELS) and c.key and s not in personal:
            named.setdefault(s, []).append(c)
    for s in sorted(named):
        if s - 1 in story or any(c.key in keys for c in named[s]):
            if all(c.key not in own for c in named[s]):
                story.add(s)
                keys.update(c.key for c in named[s] if c.key)
    keys |= {
        c.key for c, s in zip(candidates, sentences, strict=True)
        if s in story and c.label in _STORY_LABELS and c.key and c.key not in own
    }
    signed = _signature_line(doc)  # the writer's name under the text is never the story's
    out = [
        c for c, s in zip(candidates, sentences, strict=True)
        if (signed and signed[0] <= c.start < signed[1])
        or not (c.label in _STORY_LABELS and c.key not in own
                and (s in story or (c.key in keys and (
                    s not in personal or c.label in _NAME_LABELS))))
    ]
    return out


# "X spelar Y": an actor and a role; "med X som berättare": a narrator.
_ROLE_VERBS = frozenset("spelar spelade berättare".split())
_ROLE_AFTER = frozenset("spelar spelade".split())
_ROLE_WORDS = _ROLE_AFTER | {"berättare"}
_AV = frozenset({"av"})
_AV_MED = frozenset({"av", "med"})


def _drop_roles(
    doc: Document, candidates: list[Candidate], starts: Sequence[int]
) -> list[Candidate]:
    """In any genre, drop the role and the actor of "Anna Berg spelar Lisa", the role after
    "som spelade" ("Skådespelerskan som spelade Nora"), and the narrator of "med X Y som
    berättare", with their later mentions, unless the writer ties the name to themselves
    ("min dotter Wilma spelade …", "min vän Ali")."""
    tokens = doc.tokens
    n = len(tokens)
    index_of = {id(c): _token_at(starts, c.start) for c in candidates
                if c.label in _NAME_LABELS}
    if not index_of:
        return candidates
    name_at = {k for k in index_of.values()}
    roles: set[str] = set()
    for k in Words.of(doc).where(_ROLE_WORDS):  # (the other words meet no rule below)
        t = tokens[k]
        low = t.lower
        if low in _ROLE_AFTER and k + 1 < n and k + 1 in name_at:
            roles.add(tokens[k + 1].norm)  # the role: "spelar Lisa"
            j = k - 1  # the actor: "Anna Berg spelar Lisa" (not "min dotter Wilma spelade")
            while j >= 0 and j in name_at and tokens[j].sentence == t.sentence:
                roles.add(tokens[j].norm)
                j -= 1
        elif low == "berättare" and k >= 2 and tokens[k - 1].lower == "som":
            j = k - 2  # "med David Berg som berättare"
            names = []
            while j >= 0 and j in name_at and tokens[j].sentence == t.sentence:
                names.append(tokens[j].norm)
                j -= 1
            if j >= 0 and tokens[j].lower == "med":
                roles.update(names)
    if not roles:
        return candidates
    own = {c.key for c in candidates if id(c) in index_of and _tied_name(doc, c, starts)}
    return [
        c for c in candidates
        if not (id(c) in index_of and c.key in roles and c.key not in own)
    ]


def _drop_general_months(doc: Document, candidates: list[Candidate]) -> list[Candidate]:
    """In an instructive essay, a month of general advice ("Köp vinterskor i oktober",
    "Vägarna är isiga från december till mars") says nothing about anybody: drop a
    month in a sentence with no word for the writer or reader and no name of a person
    (not "Du flyttar i april", "Ali fick en plats från den 15 augusti")."""
    starts = doc.starts
    tokens = doc.tokens

    def sentence_of(c: Candidate) -> int:
        return tokens[_token_at(starts, c.start)].sentence

    named = {sentence_of(c) for c in candidates if c.label in _NAME_LABELS}
    out = []
    for c in candidates:
        if c.label == "month_word":
            s = sentence_of(c)
            first, last = doc.sentences[s]
            if s not in named and not any(
                t.lower in _PERSONAL_WORDS for t in tokens[first:last]
            ):
                continue
        out.append(c)
    return out


def _tied_name(doc: Document, c: Candidate, starts: Sequence[int]) -> bool:
    """A name the writer ties to themselves: right after a possessive or a kin word ("min bror
    Ali", "min kompis Sara") or "heter" ("Jag heter Ali")."""
    index = _token_at(starts, c.start)
    before = cx.prev_words(doc, index, 3)
    if before and before[0] == "heter":  # "Jag heter Ali", "Min kompis heter Sara"
        return bool(set(before[1:]) & (_KIN_OR_CIRCLE | _STUDY_SUBJECTS))
    return bool(set(before[:2]) & (_WRITER_POSSESSIVES | _KIN_OR_CIRCLE))


# Sentences that name a country's capital or its highest/largest feature: "Huvudstaden är
# Kabul", "det högsta berget heter Noshaq". In an essay about the writer's home country these
# give the country away (tests/data/heldout/README.md).
_LANDMARK_CUES = frozenset(
    "huvudstad huvudstaden huvudstaden. högsta högst största störst längsta längst".split()
)
_LANDMARK_LABELS = frozenset("city geo place region".split())


# Places that are somebody's origin: the writer's (or a relative's) home country, region,
# town or island.
_ORIGIN_LABELS = frozenset("city country region area geo".split())
_OWN_WORDS = frozenset("egen eget egna".split())


def _origin_keys(
    doc: Document,
    candidates: list[Candidate],
    starts: Sequence[int],
    personal: set[int],
    quoted: list[tuple[int, int]],
) -> set[str]:
    """Keys of the places a review or article discussion names as the writer's origin.

    "mitt hemland Kosovo", "Jag är kurd och kommer från Sulaymaniyah i Kurdistan", "Min
    mormor kommer från ön X": the writer's (or a relative's) home country, region, town or
    island is about the writer in every mention of the essay ("I Kosovo är situationen
    annorlunda"), as the gold keeps the writer's home wherever it occurs. Only in a sentence
    with a first-person cue, with a home noun right before the place or an origin verb
    ("kommer", "föddes") right before "från"/"i" at most four words before it; not in quotes,
    not "Artikeln handlar om en kvinna från Syrien" (no first-person cue)."""
    tokens = doc.tokens
    keys: set[str] = set()
    for c in candidates:
        if c.label not in _ORIGIN_LABELS or not c.key:
            continue
        index = _token_at(starts, c.start)
        sentence = tokens[index].sentence
        if sentence not in personal or (quoted and _inside_span(c.start, c.end, quoted)):
            continue
        first = doc.sentences[sentence][0]
        before = [t.lower for t in tokens[max(first, index - 6) : index]]
        if before and before[-1] in _HOME_CUES:
            keys.add(c.key)
            continue
        for k in range(len(before) - 1, max(-1, len(before) - 6), -1):
            verb = before[k - 2] if k > 1 and before[k - 1] == "upp" else before[k - 1] if k else ""
            if before[k] in ("från", "i") and verb in cx.ORIGIN_VERBS:  # "växte upp i" too
                keys.add(c.key)
                break
    return keys


def _country_code(doc: Document, c: Candidate, gazetteer: object) -> str:
    """ISO code of a place candidate from the gazetteer ("" when unknown or Swedish)."""
    lookup = getattr(gazetteer, "lookup", None)
    by_key = getattr(gazetteer, "entries_for_key", None)
    if lookup is None or by_key is None:
        return ""
    entries = tuple(lookup("places", doc.text[c.start : c.end]))
    if not entries and c.key:
        entries = tuple(by_key("places", c.key))
    codes = {e.country for e in entries if e.label == c.label and e.country} or {
        e.country for e in entries if e.country
    }
    if len(codes) != 1:
        return ""
    code = codes.pop()
    return "" if code == "SE" else code


def _own_country_keys(
    doc: Document,
    candidates: list[Candidate],
    starts: Sequence[int],
    personal_sentences: set[int],
    gazetteer: object,
) -> set[str]:
    """Keys of the writer's home country in a topic essay, and of its capital and landmarks.

    A country is the writer's when a place of that country (the country itself, a town, a
    region) appears in a sentence about the writer ("Jag gick i skolan i Iloilo", "min mamma
    bor i Zipaquirá"): then "I Filippinerna är skolsystemet annorlunda" and a misspelled
    mention of the country speak about the writer's home too. Countries in an enumeration
    ("firas i Iran, Afghanistan och Tadzjikistan") stay general. A town or mountain of that
    country is kept in a sentence that names the capital or a highest/largest feature."""
    places = [c for c in candidates if c.label in _HOME_LABELS or c.label in _LANDMARK_LABELS]
    if not places:
        return set()
    codes: dict[int, str] = {id(c): _country_code(doc, c, gazetteer) for c in places}
    sentence: dict[int, int] = {
        id(c): doc.tokens[_token_at(starts, c.start)].sentence for c in places
    }
    own_codes = {
        codes[id(c)] for c in places
        if codes[id(c)] and c.label in _HOME_LABELS and sentence[id(c)] in personal_sentences
    }
    if not own_codes:
        return set()
    countries = sorted((c for c in places if c.label == "country"), key=lambda c: c.start)
    enumerated: set[int] = set()
    for a, b in zip(countries, countries[1:], strict=False):
        between = doc.text[a.end : b.start]
        if len(between.split()) <= 4 and "." not in between:
            enumerated.update((id(a), id(b)))
    keys: set[str] = set()
    for c in places:
        if not c.key or codes[id(c)] not in own_codes:
            continue
        if c.label == "country" and id(c) not in enumerated:
            keys.add(c.key)
        elif c.label in _LANDMARK_LABELS:
            first, last = doc.sentences[sentence[id(c)]]
            if any(t.lower in _LANDMARK_CUES for t in doc.tokens[first:last]):
                keys.add(c.key)
    return keys


_KIN = cx.FAMILY_MALE | cx.FAMILY_FEMALE | frozenset(
    "barn barnen oma omi opa föräldrar föräldrarna syskon syskonen söner sönerna döttrar "
    "döttrarna bröder bröderna systrar systrarna kusiner kusinerna".split()
)  # (oma, opa: the German words many writers use for their grandparents)
_PLURAL_PRONOUNS = frozenset("de dem deras".split())
_KIN_OR_CIRCLE = _KIN | frozenset(  # (= _KIN | _CIRCLE_WORDS, which is defined further down)
    "sambo sambon kompis kompisen vän vännen väninna kusin kusinen granne grannen kollega "
    "kollegan partner barn".split()
)
_PRONOUN_OPENERS = frozenset("han hon hen de".split())


def _relative_pronoun_sentences(
    doc: Document, personal: set[int], quoted: list[tuple[int, int]]
) -> set[int]:
    """Sentences with han/hon/hans/hennes that follow a sentence naming the writer's relative
    ("Min son Omar går i Ekebyskolan. Han är 13 …"), and the sentences that go on with the
    pronoun right after them ("Först när hon fick plats i laget … Hennes tränare …"): they
    speak about the writer's circle. The chain stops at the first sentence without one."""
    tokens = doc.tokens
    out: set[int] = set()
    # the sentences with a pronoun (the few tokens picked in C; a sentence's tokens are its
    # range of ``doc.sentences``)
    words = Words.of(doc)
    singulars = {tokens[k].sentence for k in words.where(_PRONOUNS)}
    if not singulars and not personal:
        return out
    plurals = {tokens[k].sentence for k in words.where(_PLURAL_PRONOUNS)}
    for s, (first, _last) in enumerate(doc.sentences):
        if s == 0 or first >= len(tokens):
            continue
        singular = s in singulars
        if not singular and (s - 1 not in personal or s not in plurals):
            continue
        if singular and s - 1 in out:
            out.add(s)
            continue
        if s - 1 not in personal:
            continue
        pfirst, plast = doc.sentences[s - 1]
        words = [t.lower for t in tokens[pfirst:plast]
                 if not (quoted and _inside_span(t.start, t.end, quoted))]
        possessives = _WRITER_POSSESSIVES if singular else _WRITER_PLURAL_POSSESSIVES
        # a partner or friend ("min sambo Henrik. Han är född i …") only when the pronoun
        # opens the sentence: "min granne. Filmen handlar om Ingemar … hans mamma" is the story
        kin = _KIN_OR_CIRCLE if tokens[first].lower in _PRONOUN_OPENERS else _KIN
        if any(w in possessives and k + 1 < len(words) and (
                words[k + 1] in kin or words[k + 1] in _OWN_WORDS
                and k + 2 < len(words) and words[k + 2] in _KIN)
               for k, w in enumerate(words)):  # "min egen mamma"; "mina barn. De går i …"
            out.add(s)
    return out


# Nouns of the reviewed work: what follows "en artikel om", "boken från" is its topic.
_WORK_NOUNS = frozenset(
    "artikel artikeln bok boken film filmen pjäs pjäsen roman romanen novell novellen "
    "undersökning undersökningen rapport rapporten reportage reportaget text texten serie "
    "serien dokumentär dokumentären intervju intervjun".split()
)
_TOPIC_LINKS = frozenset("om från".split())
# What the work tells and who made it, in the writer's own sentence: "jag hade hört att den
# handlar om en kille i Stockholm", "en författare med rötter i Tunisien".
_RETELL_WORDS = frozenset(
    "handlar handlade utspelar utspelas utspelade utspelades författare författaren "
    "regissören".split()
)
_RETELL_LINKS = frozenset("om i från".split())


def _topic_tokens(doc: Document) -> set[int]:
    """Token indices of the topic of a reviewed work in the writer's own sentence: from
    "artikel om"/"undersökning från" to the end of the sentence or the next word for the
    writer ("Jag har läst en artikel i Aftonbladet om Zlatan och hans uppväxt i Malmö")."""
    tokens = doc.tokens
    out: set[int] = set()
    words = Words.of(doc)
    for i in words.where(_WORK_OR_RETELL):  # (those tokens picked in C)
        if i >= len(tokens) - 1:
            continue
        low = tokens[i].lower
        if low in _WORK_NOUNS:
            links = _TOPIC_LINKS
        elif low in _RETELL_WORDS:
            links = _RETELL_LINKS
        else:
            continue
        last = doc.sentences[tokens[i].sentence][1]
        # "en artikel om", "en artikel i Aftonbladet om"; "den handlar om", "en författare
        # med rötter i"
        j = next((k for k in range(i + 1, min(i + 5, last)) if tokens[k].lower in links),
                 None)
        if j is None or links is _RETELL_LINKS and any(
            tokens[k].lower in _WRITER_POSSESSIVES for k in range(j + 1, last)
        ):  # "den handlar om Colombia, om vår historia": the writer's own country
            continue
        k = j + 1
        while k < last and tokens[k].lower not in _WRITER_WORDS:
            out.add(k)
            k += 1
    # people in general where they live: "en intervju med någon som bor i Kiruna"
    for i in words.where(_SOM):
        if 2 <= i < len(tokens) - 2 and tokens[i - 1].lower in _GENERIC_PEOPLE and \
                tokens[i + 1].lower in cx.PLACE_VERBS:
            last = doc.sentences[tokens[i].sentence][1]
            k = i + 2
            while k < last and tokens[k].is_word and tokens[k].lower not in _WRITER_WORDS and \
                    tokens[k].lower not in ("men", "så", "eftersom"):
                out.add(k)
                k += 1
    return out


_GENERIC_PEOPLE = frozenset(
    "någon några de dem folk människor alla många personer invånare turister".split()
)


_WRITER_POSSESSIVES = frozenset("min mitt mina vår vårt våra".split())
_WRITER_PLURAL_POSSESSIVES = frozenset("mina våra".split())
_WRITER_WORDS = frozenset("jag vi mig oss min mitt mina vår vårt våra".split())
_PRONOUNS = frozenset("han hon hans hennes honom henne".split())


_DATE_LABELS = frozenset("year day month_word month_digit date_digits".split())
# Sentence openers that point back to the event of the sentence before: "Jag vann ett lopp.
# Det var den 5 i 6 2009."
_BACK_OPENERS = frozenset("det då den detta samma".split())


def _continues(doc: Document, sentence: int, gazetteer: object | None = None) -> bool:
    """The sentence opens with a word that refers to the previous sentence's event, or with
    a noun the previous sentence named ("… Föreningen Solrosen, där jag är ordförande.
    Föreningen grundades 1994"): it goes on about the writer's thing."""
    first = doc.sentences[sentence][0]
    tokens = doc.tokens
    if first >= len(tokens):
        return False
    head = tokens[first].lower
    if head in _BACK_OPENERS:
        return True
    known = getattr(gazetteer, "is_known_word", None)
    if len(head) < 5 or not tokens[first].is_word or sentence == 0 or known is None or \
            not known(head):
        return False  # a common noun ("Föreningen"), not a name ("Kallifatides föddes 1938")
    pfirst, plast = doc.sentences[sentence - 1]
    return any(t.lower == head for t in tokens[pfirst:plast])


def _last_weekday(doc: Document, index: int) -> bool:
    """``i fredags``, ``i lördags``: a day counted from the writer's own now, so a day of the
    writer's life even in a review ("I fredags visade filmklubben …")."""
    tok = doc.tokens[index]
    return index > 0 and doc.tokens[index - 1].lower == "i" and tok.lower.endswith("dags")


# "mitt på bron", "mitt i natten", "mitt under filmen": the adverb "in the middle", not "my".
_MIDDLE_NEXT = frozenset("på i under emellan framför bland över genom ute inne uppe nere".split())


def _middle(tokens: Sequence, k: int) -> bool:
    """``tokens[k]`` is "mitt" as the adverb "in the middle" (a preposition follows)."""
    return k + 1 < len(tokens) and tokens[k + 1].lower in _MIDDLE_NEXT


# A title or quotation: "…", “…”, ”…”, «…» on one line, at most 100 characters.
_QUOTED = re.compile(r'"[^"\n]{1,100}"|“[^”“\n]{1,100}”|”[^”\n]{1,100}”|«[^»\n]{1,100}»')
# Participles and verbs that credit a person with a work: "regisserad av", "spelas av".
_CREDIT_VERBS = frozenset(
    "regisserad regisserades regisserade skriven skrivna skrevs skrev skrivits spelas "
    "spelades spelad gjord gjordes komponerad sjungen sjungs illustrerad översatt "
    "översattes producerad".split()
)


# Works named after their creator's genitive: "Dvořáks symfoni", "Strindbergs pjäser".
_CREATED_WORKS = frozenset(
    "symfoni symfonin symfonier opera operan operor pjäs pjäsen pjäser roman romanen romaner "
    "novell noveller dikt dikter diktsamling låt låtar sång sånger skiva skivan album "
    "albumet musik musiken böcker bok film filmer målning målningar tavla tavlor".split()
)
# Shows whose performer follows "med": "konsert med …", "föreställningen med …".
_SHOW_NOUNS = frozenset(
    "konsert konserten konserter spelning spelningen föreställning föreställningen show "
    "showen turné turnén".split()
)
# Reading, seeing and hearing a work: "Jag har läst X av Y", "Vi såg X av Y".
_READ_VERBS = frozenset(
    "läst läste läser läsa sett såg ser se lyssnat lyssnade lyssnar".split()
)
# Getting a thing from somebody: "Jag fick boken av min kompis Sara", "lånade den av Per".
_GIFT_VERBS = frozenset(
    "fick fått får lånade lånat lånar köpte köpt ärvde ärvt present tips tipset "
    "rekommenderade rekommenderat".split()
)


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of quoted titles and quotations (the quotes included)."""
    if '"' not in text and "”" not in text and "«" not in text:
        return []
    return [(m.start(), m.end()) for m in _QUOTED.finditer(text)]


def _inside_span(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= start and end <= e for s, e in spans)


def _credited_name_starts(
    doc: Document, quoted: list[tuple[int, int]], review: bool = False
) -> set[int]:
    """Token indices of the first two words after ``"Titel" av`` or ``regisserad av``: the
    creator of a work, never someone the writer knows. In a review also after the "av" of a
    sentence about reading or seeing a work ("Jag har läst Hundra år av ensamhet av Gabriel
    García Márquez"), not one about a gift or a loan ("Jag fick boken av Sara")."""
    tokens = doc.tokens
    ends = {e for _, e in quoted}
    out: set[int] = set()
    reading: set[int] = set()
    present = Words.of(doc).present
    if review and not _READ_VERBS.isdisjoint(present):
        words = Words.of(doc)
        reading = {tokens[k].sentence for k in words.where(_READ_VERBS)}
        reading -= {tokens[k].sentence for k in words.where(_GIFT_VERBS)}
    if review and not _CREATED_WORKS.isdisjoint(present):
        # the creator named in the genitive before the work: "Dvořáks nionde symfoni",
        # "Strindbergs pjäs", "Lindgrens böcker"
        # (the one or two words before a work word, those tokens picked in C)
        for m in Words.of(doc).where(_CREATED_WORKS):
            for i in (m - 1, m - 2):
                if i < 1:
                    continue
                t = tokens[i]
                if t.is_title and t.lower.endswith("s") and len(t.lower) > 3 and \
                        doc.sentences[t.sentence][0] != i:
                    out.add(i)
    # only "av" (and "med" in a review) meet the rules: they alone are visited, in text order
    for i in Words.of(doc).where(_AV_MED if review else _AV):
        if i < 1 or i >= len(tokens) - 1:
            continue
        if tokens[i].lower != "av":
            if review and tokens[i].lower == "med" and tokens[i - 1].lower in _SHOW_NOUNS:
                # the performer of a show: "på konsert med Anna Ternheim"
                j = i + 1
                while j < len(tokens) and j <= i + 3 and tokens[j].is_word and \
                        tokens[j].is_title:
                    out.add(j)
                    j += 1
            continue
        prev = tokens[i - 1]
        if prev.end in ends or prev.lower in _CREDIT_VERBS or (
            tokens[i].sentence in reading and prev.is_word
        ):
            j = i + 1
            while j < len(tokens) and j <= i + 3 and tokens[j].is_word and tokens[j].is_title:
                out.add(j)
                j += 1
    return out


# "mitt land", "mitt hemland", "min stad", "min hemstad", "min by": the writer's home.
_HOME_NOUNS = frozenset(
    "land hemland stad hemstad by hemby ort hemort födelseland födelsestad".split()
)


def _unnamed_home_sentences(doc: Document) -> set[int]:
    """Sentences with a possessive + home noun ("mitt hemland")."""
    tokens = doc.tokens
    return {
        tokens[i].sentence
        for i in Words.of(doc).where(_HOME_NOUNS)  # (those tokens picked in C)
        if i >= 1 and tokens[i - 1].lower in ("mitt", "min", "vårt", "vår")
    }


# Relatives named by a bare word, as a writer names their own ("mamma", "mormor").
_BARE_KIN = frozenset(
    "mamma pappa mormor morfar farmor farfar moster morbror faster farbror svärmor svärfar"
    .split()
)
_KIN_GENITIVE = _BARE_KIN | frozenset(w + "s" for w in _BARE_KIN)


def _bare_own_kin(doc: Document, c: Candidate, index: int, own_kin: set[str]) -> bool:
    """The fam candidate is a bare kin word ("mamma", no possessive or article before it)
    that the writer also uses with "min" (``own_kin``)."""
    word = doc.text[c.start : c.end].lower().removesuffix("s")
    if word not in own_kin:
        return False
    return index == 0 or doc.tokens[index - 1].lower not in _KIN_DETERMINERS


_KIN_DETERMINERS = cx.POSSESSIVES | frozenset("en ett den det de denna hans hennes".split())


# What a writer does as the writer of the text: "Jag vill förklara varför", "jag tycker att".
_DISCOURSE_VERBS = frozenset(
    "förklara berätta skriva beskriva presentera argumentera diskutera jämföra visa "
    "tycker tror anser menar tänker hoppas".split()
)


def _discourse_sentences(doc: Document, personal: set[int]) -> set[int]:
    """First-person sentences in which the writer only speaks as the writer of the text
    ("Jag vill förklara varför.", "Jag tycker att skolan är viktig."): every first-person
    word is "jag" with a discourse verb right after it (or after "vill"/"ska"). They say
    nothing about the writer's life, so their paragraph is no paragraph about it."""
    if _DISCOURSE_VERBS.isdisjoint(Words.of(doc).present):
        return set()  # (the essay's distinct words)
    tokens = doc.tokens
    out: set[int] = set()
    candidates = {
        tokens[k].sentence for k in Words.of(doc).where(_DISCOURSE_VERBS)
    } & personal
    for s in candidates:
        first, last = doc.sentences[s]
        cues = [k for k in range(first, last) if tokens[k].lower in cx.FIRST_PERSON
                or tokens[k].lower in _HOME_CUES]
        if cues and all(
            tokens[k].lower == "jag" and any(
                tokens[j].lower in _DISCOURSE_VERBS for j in range(k + 1, min(k + 3, last))
            )
            for k in cues
        ):
            out.add(s)
    return out


_HERE_BACK = frozenset("här hit".split())


def _lived_here_sentences(doc: Document, personal: set[int]) -> set[int]:
    """Sentences of the writer living or arriving "here" ("Jag har bott här i nio år", "Jag
    kom hit 2015"): a first-person sentence with a place verb right before "här"/"hit"
    (a word such as "har" or "nu" may stand between)."""
    tokens = doc.tokens
    out: set[int] = set()
    for k in Words.of(doc).where(_HERE_BACK):  # (those tokens picked in C)
        if k >= 1 and tokens[k].sentence in personal and (
            tokens[k - 1].lower in cx.PLACE_VERBS
            or k > 1 and tokens[k - 2].lower in cx.PLACE_VERBS
        ):
            out.add(tokens[k].sentence)
    return out


def _gazetteer(gazetteer: object | None) -> object | None:
    """The given gazetteer, else the shipped default (None when it cannot be loaded)."""
    if gazetteer is None:
        try:
            from pseudonymizer.gazetteer import Gazetteer

            gazetteer = Gazetteer.default()
        except (ImportError, FileNotFoundError):
            return None
    return gazetteer


def _famous(gazetteer: object | None) -> frozenset[str]:
    return getattr(gazetteer, "famous", frozenset()) if gazetteer is not None else frozenset()


def _famous_spans(
    doc: Document, famous: frozenset[str], candidates: list[Candidate]
) -> list[tuple[int, int, bool]]:
    """Character spans of famous names around the name candidates: (start, end, strong).

    Only phrases of up to four capitalised words that contain a name candidate are looked up
    (a genitive "s" is allowed); ``strong`` is False for a bare everyday first name.
    """
    tokens = doc.tokens
    n = len(tokens)
    starts = doc.starts
    out: list[tuple[int, int, bool]] = []
    seen: set[int] = set()
    first_words = _first_words(famous)
    # Token indices that open a name candidate: "Erik Åkesson" is not the famous "Åkesson"
    # (a famous surname after another first name is somebody else).
    name_starts = {
        _token_at(starts, c.start) for c in candidates if c.label in _NAME_LABELS
    }
    # names the writer gives a relative or friend ("min sambo Lucía"): never the famous one
    # (collected at the first famous name found: most essays name none)
    circle: set[str] | None = None
    for c in candidates:
        if c.label not in _NAME_LABELS:
            continue
        k = _token_at(starts, c.start)
        if k in seen:
            continue
        seen.add(k)
        best: tuple[int, int, bool] | None = None
        for i in range(max(0, k - 3), k + 1):
            if not tokens[i].is_word or not tokens[i].text[:1].isupper():
                continue
            first = tokens[i].norm
            if first not in first_words and not (first[-1:] == "s" and first[:-1] in famous):
                continue  # no famous phrase opens with this word (the cheap test first)
            run = 1  # word tokens from i on, up to four
            while run < 4 and i + run < n and tokens[i + run].is_word:
                run += 1
            for length in (4, 3, 2, 1):
                if length > run or i + length <= k:
                    continue  # not all words, or short of the candidate
                words = tokens[i : i + length]
                phrase = " ".join(w.norm for w in words)
                if phrase in famous or (phrase.endswith("s") and phrase[:-1] in famous):
                    strong = length > 1 or not _ordinary_first_name(phrase)
                    if best is None or words[-1].end - words[0].start > best[1] - best[0]:
                        best = (words[0].start, words[-1].end, strong)
                    break
        if best is not None:
            first_of_best = _token_at(starts, best[0])
            if first_of_best == k and k > 0 and tokens[k - 1].lower in cx.NAME_INTRO:
                continue  # "min vän heter Lucia": the name somebody is called
            if first_of_best == k and best[1] == tokens[k].end and k > 0 and \
                    tokens[k - 1].lower in _EVERYDAY_OFFICES:
                continue  # "doktor Lindgren", "rektor Palme": the writer's doctor, a headmaster
            if first_of_best == k and best[1] == tokens[k].end:
                if circle is None:
                    # (the words after a circle word or a greeting: those tokens picked in C)
                    words = Words.of(doc)
                    circle = {
                        tokens[m + 1].norm for m in words.where(_CIRCLE_WORDS)
                        if 1 <= m < n - 1
                        and tokens[m - 1].lower in _WRITER_POSSESSIVES
                        and tokens[m + 1].is_title
                    } | {  # "Hola Lucía!": the addressee of a letter's greeting line
                        tokens[m + 1].norm for m in words.where(_LETTER_GREETINGS)
                        if m < n - 1 and tokens[m + 1].is_title
                        and not doc.text[doc.text.rfind("\n", 0, tokens[m].start) + 1
                                         : tokens[m].start].strip()
                    }
                if tokens[k].norm in circle:
                    continue  # "min sambo Lucía … Lucía kommer från": a person of the writer's
            if (
                first_of_best == k
                and k > 0
                and k - 1 in name_starts
                and tokens[k - 1].is_title
                and tokens[k].sentence == tokens[k - 1].sentence
            ):
                continue  # another person with a famous surname
            out.append(best)
    return out


# famous phrases → the first words of those phrases (a famous set lives as long as its
# gazetteer: one or two per process; the set is kept with its words so its id stays its own)
_FIRST_WORDS: dict[int, tuple[frozenset[str], frozenset[str]]] = {}


def _first_words(famous: frozenset[str]) -> frozenset[str]:
    """The first words of the phrases in ``famous``: a phrase of tokens can only be famous
    when its first token's norm is one of them (or, alone, a genitive of a famous word)."""
    hit = _FIRST_WORDS.get(id(famous))
    if hit is not None and hit[0] is famous:
        return hit[1]
    words = frozenset(phrase.split(" ")[0] for phrase in famous)
    if len(_FIRST_WORDS) >= 8:
        _FIRST_WORDS.clear()
    _FIRST_WORDS[id(famous)] = (famous, words)
    return words


# Greetings that open a letter's first line ("Hej Lucia!", "Querida Lucía,").
_LETTER_GREETINGS = frozenset(
    "hej hejsan hallå kära käre käraste älskade hola querida querido dear hi hello liebe "
    "lieber chère cher ciao olá".split()
)
# Relatives and friends whose name follows "min …" ("min sambo Lucía").
_CIRCLE_WORDS = cx.FAMILY_MALE | cx.FAMILY_FEMALE | frozenset(
    "sambo sambon kompis kompisen vän vännen väninna kusin kusinen granne grannen kollega "
    "kollegan partner barn".split()
)


def _ordinary_first_name(key: str) -> bool:
    # Single-word famous entries that are also everyday first names; kept in personal essays.
    return normalize(key) in _EVERYDAY_FIRST_NAMES


_EVERYDAY_FIRST_NAMES = frozenset(
    "kristina julia romeo victoria ove pippi hermione zlatan malala jesus madicken ofelia "
    "emil nils karl-oskar robyn loreen darwin".split()
)


def _inside(c: Candidate, spans: list[tuple[int, int, bool]], evaluative: bool) -> bool:
    for start, end, strong in spans:
        if c.start >= start and c.end <= end and (strong or evaluative):
            return True
    return False


_GENERAL_PLACE_LABELS = frozenset("city country region".split())
# Plural place nouns of a general statement: "i många länder", "inte bara i storstäderna".
_GENERIC_PLACE_NOUNS = frozenset(
    "länder länderna städer städerna storstäder storstäderna kommuner kommunerna orter "
    "orterna".split()
)
# People in general: "Många nyanlända vill bo i …" (opening the sentence), "där de flesta
# vargar finns".
_GENERIC_QUANTIFIERS = frozenset("många flesta".split())
# "i hela landet", "i hela världen": everywhere, nowhere in particular.
_WHOLE_NOUNS = frozenset("landet världen sverige europa".split())
_GENERIC_CUES = _GENERIC_PLACE_NOUNS | _GENERIC_QUANTIFIERS | _WHOLE_NOUNS
# Words that tie a sentence of an argumentative essay to the writer (or the letter's reader).
_ANCHOR_WORDS = _PERSONAL_WORDS | _HOME_CUES | _HERE_WORDS


# Words between a plural place noun and the places it gives as examples: "länder som
# Syrien", "städer nära Göteborg" (not "i": "Jag har bott i två städer i Polen").
_EXAMPLE_LINKS = frozenset("som såsom nära utanför kring runt".split())
_LIST_JOINERS = frozenset(", och eller samt".split())


def _listed_example(doc: Document, index: int) -> bool:
    """The place at token ``index`` is an example of a plural place noun: it follows
    "<länder|städer|…> <som|nära|i …>", maybe after other places of the same list
    ("länder som Syrien, Irak och Iran")."""
    tokens = doc.tokens
    first = doc.sentences[tokens[index].sentence][0]
    k = index - 1
    steps = 0
    while k > first and steps < 8 and (
        tokens[k].lower in _LIST_JOINERS or tokens[k].is_title
    ) and tokens[k].lower not in _EXAMPLE_LINKS:
        k -= 1
        steps += 1
    return k > first and tokens[k].lower in _EXAMPLE_LINKS and \
        tokens[k - 1].lower in _GENERIC_PLACE_NOUNS


def _drop_general_places(doc: Document, candidates: list[Candidate]) -> list[Candidate]:
    """In an argumentative essay, drop the towns, countries and regions of a paragraph that
    never speaks of the writer, unless the writer ties the same place to themselves somewhere
    ("Jag bor i Kalix")."""
    if not any(c.label in _GENERAL_PLACE_LABELS for c in candidates):
        return candidates
    tokens = doc.tokens
    personal: set[int] = set()
    for k in Words.of(doc).where(_ANCHOR_WORDS):  # (those tokens picked in C)
        if not (doc.lowers[k] == "mitt" and _middle(tokens, k)):
            personal.add(tokens[k].sentence)
    para_of = _paragraph_of(doc)
    personal_paras = {para_of[s] for s in personal}
    starts = doc.starts

    def sentence_of(c: Candidate) -> int:
        return tokens[_token_at(starts, c.start)].sentence

    sentences = [sentence_of(c) for c in candidates]
    # (not a place inside an institution's name: "bidrag från Länsstyrelsen i Värmland")
    names = [(c.start, c.end) for c in candidates if c.label in _SOURCE_LABELS]
    own = {c.key for c, s in zip(candidates, sentences, strict=True)
           if c.key and s in personal and not (
               c.label in _GENERAL_PLACE_LABELS
               and any(a <= c.start and c.end <= b and (a, b) != (c.start, c.end)
                       for a, b in names))}
    lowers = doc.lowers
    generic: set[int] = set()
    if not _GENERIC_CUES.isdisjoint(Words.of(doc).present):
        for k in Words.of(doc).where(_GENERIC_CUES):  # (those tokens picked in C)
            low = lowers[k]
            if low in _GENERIC_PLACE_NOUNS or (
                # "Många nyanlända vill bo i …", "där de flesta vargar finns"
                low in _GENERIC_QUANTIFIERS
                and (doc.sentences[tokens[k].sentence][0] == k or lowers[k - 1] == "de")
            ) or low in _WHOLE_NOUNS and k > 0 and lowers[k - 1] == "hela":
                generic.add(tokens[k].sentence)
    # a heading or addressee line ("Till Folkhögskolan i Kalix") is the writer's own
    cut = doc.text.find("\n")
    head = cut if 0 <= cut and len(doc.text[:cut].split()) <= 8 else 0
    # and so is the town signed under the text ("Amina Yusuf, Ljusdal")
    signed = _signature_line(doc)
    tail = signed[0] if signed else len(doc.text) + 1
    own_prefixes = tuple(k for k in own if len(k) >= 4)
    return [
        c for c, s in zip(candidates, sentences, strict=True)
        if not (c.label in _GENERAL_PLACE_LABELS and c.key not in own
                and s not in personal and head <= c.start < tail
                and (para_of[s] not in personal_paras or s in generic)
                and not (c.key and c.key.startswith(own_prefixes)))
    ]  # ("Mölndalsbor": the people of the writer's "Mölndal")


# Organisations cited as the source of a fact: "Enligt Skolverket går …", "en rapport från
# Boverket visar …". A source of general knowledge, never the writer's own institution.
_SOURCE_LABELS = frozenset("other_institution work school".split())
_REPORT_NOUNS = frozenset(
    "rapport rapporten rapporter rapporterna undersökning undersökningen undersökningar "
    "statistik statistiken siffror siffrorna studie studien studier".split()
)


# What a newspaper prints: "en artikel i X", "reportaget i X".
_ARTICLE_NOUNS = frozenset(
    "artikel artikeln artiklar artiklarna reportage reportaget krönika krönikan "
    "debattartikel debattartikeln insändare insändaren".split()
)


_TOWN_LABELS = frozenset({"city", "region"})


# The verbs of a reported statement put after it: "Det är för lite, säger Skolverket."
_SAYS_VERBS = frozenset("säger skriver varnar menar rekommenderar".split())
_CLAUSE_ENDS = frozenset([",", '"', "”", "»"])


def _quoted_source(tokens: Sequence, k: int) -> bool:
    """``tokens[k]`` opens the source of the statement before it: "…, säger Skolverket",
    "…” skriver Socialstyrelsen" (an authority quoted, like "Enligt X"; not "Alla säger X",
    the name people use)."""
    return k >= 2 and tokens[k - 1].lower in _SAYS_VERBS and tokens[k - 2].text in _CLAUSE_ENDS


def _drop_cited_sources(doc: Document, candidates: list[Candidate]) -> list[Candidate]:
    """Drop the institutions right after "enligt" or after "<report noun> från" ("Enligt
    SCB …", "en rapport från Skolverket"), in any genre, and the town of a newspaper named after
    it when a detector read the town alone ("en artikel i Norrby Tidning")."""
    present = Words.of(doc).present  # (the essay's distinct words: no pass over the tokens)
    if "enligt" not in present and _REPORT_NOUNS.isdisjoint(present) and \
            _ARTICLE_NOUNS.isdisjoint(present) and _SAYS_VERBS.isdisjoint(present):
        return candidates  # (most essays cite nothing)
    tokens = doc.tokens
    starts = doc.starts
    out = []
    cited: list[tuple[int, int]] = []
    for c in candidates:
        if c.label in _SOURCE_LABELS:
            k = _token_at(starts, c.start)
            if k >= 1 and tokens[k - 1].lower == "enligt" or k >= 2 and (
                tokens[k - 1].lower == "från" and tokens[k - 2].lower in _REPORT_NOUNS
                or tokens[k - 1].lower == "i" and tokens[k - 2].lower in _ARTICLE_NOUNS
                or _quoted_source(tokens, k)
            ):
                cited.append((c.start, c.end))
                continue  # "en artikel i Norrby Tidning": the newspaper, not the writer's
        elif c.label in _TOWN_LABELS:
            k = _token_at(starts, c.start)
            e = bisect_left(starts, c.end)
            if k >= 2 and e < len(tokens) and tokens[e].lower in cx.NEWSPAPER_WORDS and \
                    tokens[k - 1].lower == "i" and tokens[k - 2].lower in _ARTICLE_NOUNS:
                continue  # "en artikel i Norrby Tidning" read as the town alone
        out.append(c)
    if cited:  # nor the town inside the source's name ("Norrby" of "Norrby Tidning")
        out = [c for c in out if not any(
            a <= c.start and c.end <= b and (a, b) != (c.start, c.end) for a, b in cited
        )]
    return out


# The cue words of the loops above, one set per loop (looked up with ``Words.where``).
_PERSONAL_CUES = cx.FIRST_PERSON | _HOME_CUES
_STORY_OR_REVIEW_CUES = _STORY_CUES | _REVIEW_CUES
# The words of a retold work, without the essay's own "texten" ("Den här texten beskriver
# vår klass"), which any topic essay may use.
_WORK_CUES = _STORY_OR_REVIEW_CUES - frozenset("texten läsaren tidningen".split())
_GENERAL_CUES = _EXAMPLE_WORDS | _OTHERS_CUES | _REVIEW_CUES | _STORY_CUES
_WORK_OR_RETELL = _WORK_NOUNS | _RETELL_WORDS
_SOM = frozenset(["som"])


# The people of a local activity in a review or topic essay about something the writer takes
# part in (a course, a café, a club, a workplace), not a retold book or film: named with their
# role or relation ("Caféet leds av två volontärer, X och Y", "Ordförande är X Y", "Hennes man
# X", "X, hennes kusin,", "Den leds av X, en gymnasieelev", "Den tredje är X").
_LOCAL_ROLES = frozenset(
    "volontär volontären volontärer volontärerna ledare ledaren ledarna tränare tränaren "
    "tränarna ordförande ordföranden kollega kollegan kollegor kollegorna granne grannen "
    "grannar grannarna chef chefen chefer lärare läraren lärarna lärarinna lärarinnan elev "
    "eleven elever eleverna student studenten studenter medlem medlemmen medlemmar "
    "deltagare deltagaren deltagarna kamrat kamraten kamrater kompis kompisen kompisar vän "
    "vännen vänner väninna handledare handledaren mentor mentorn coach coachen rektor "
    "rektorn kassör kassören sekreterare sekreteraren kock kocken servitör servitören "
    "personal personalen instruktör instruktören kursledare kursledaren föreståndare "
    "föreståndaren pensionär pensionären".split()
)
# compounds ending in a role: "kökschefen", "gymnasieelev", "klasskompis", "fotbollstränare"
_ROLE_ENDINGS = tuple(
    "chef chefen elev eleven ledare ledaren tränare tränaren lärare läraren kompis kamrat "
    "kollega".split()
)
_LOCAL_KIN = cx.FAMILY_MALE | cx.FAMILY_FEMALE | _KIN_OR_CIRCLE
# "Den yngsta är X", "Den tredje är X": one of the people the writer lists
_RANKS = frozenset(
    "första andra tredje fjärde femte sjätte sista yngsta äldsta".split()
)
_LINK_VERBS = frozenset("är var heter hette".split())
_SAY_VERBS = frozenset("säger sa sade berättar berättade svarar svarade".split())
_QUOTE_ENDS = frozenset(['"', "”", "»", ","])
_APPOSITION_DETERMINERS = cx.POSSESSIVES | frozenset("en ett".split())
# the nouns of a retold work (not the essay's own "recension", "texten")
_RETOLD_WORK_CUES = _WORK_CUES - frozenset("recension recensionen".split())


def _role_word(word: str) -> bool:
    return word in _LOCAL_ROLES or word in _LOCAL_KIN or (
        len(word) > 7 and word.endswith(_ROLE_ENDINGS)
    )


def _retells_work(present: frozenset[str] | set[str]) -> bool:
    """The essay retells a book, film, series or article ("boken", "tv-serien")."""
    return not _RETOLD_WORK_CUES.isdisjoint(present) or any(
        "-" in w and w.endswith(_STORY_SUFFIXES) for w in present
    )


def _local_role_name_keys(
    doc: Document, candidates: list[Candidate], starts: Sequence[int]
) -> set[str]:
    """Keys of the names introduced with a local role or relation (see _LOCAL_ROLES): the
    word before the name (over the other names of a list: "volontärer, X och Y"), the word
    before "är"/"heter" ("Ordförande är X"), or ", (en|hennes …) <role>" after the name."""
    tokens = doc.tokens
    out: set[str] = set()
    for c in candidates:
        if c.label not in _NAME_LABELS or not c.key or c.key in out:
            continue
        k = _token_at(starts, c.start)
        first, last = doc.sentences[tokens[k].sentence]
        i = k
        while i - 1 >= first and k - i < 5 and (
            tokens[i - 1].is_title or tokens[i - 1].text == "," or tokens[i - 1].lower == "och"
        ) and not _role_word(tokens[i - 1].lower):
            i -= 1
        before = tokens[i - 1].lower if i - 1 >= first else ""
        if before in _LINK_VERBS and i - 2 >= first:
            word = tokens[i - 2].lower
            if _role_word(word) or word in _RANKS:
                out.add(c.key)
                continue
        elif before in _SAY_VERBS and i - 2 >= first and tokens[i - 2].text in _QUOTE_ENDS:
            out.add(c.key)  # '"…", säger X': the writer quotes somebody they asked
            continue
        elif before and _role_word(before) and before != "man" or (
            before == "man" and i - 2 >= first and tokens[i - 2].lower in cx.POSSESSIVES
        ):  # ("som man X" is no husband; "hennes man X" is)
            out.add(c.key)
            continue
        j = k
        while j + 1 < last and tokens[j + 1].is_title:
            j += 1
        if j + 2 < last and tokens[j + 1].text == ",":
            word = tokens[j + 2].lower
            if word in _APPOSITION_DETERMINERS and j + 3 < last:
                word = tokens[j + 3].lower
            if _role_word(word):
                out.add(c.key)
    return out
