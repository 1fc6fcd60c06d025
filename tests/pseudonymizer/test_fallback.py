"""The fallback detector: unknown proper names in name slots, at a low score."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.fallback import SCORE, FallbackDetector
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.pipeline import annotate
from pseudonymizer.tokenize import tokenize


def found(text: str) -> list[tuple[str, str]]:
    doc = tokenize(text)
    return [(text[c.start : c.end], c.label)
            for c in FallbackDetector(Gazetteer.default()).detect(doc)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Jag åker pendeltåget till Västerhaninge varje dag.", [("Västerhaninge", "city")]),
        ("Vi såg norrsken över Hovärken.", [("Hovärken", "city")]),
        ("Vi badade vid Kvarnsjöbadet.", [("Kvarnsjöbadet", "place")]),
        ("Jag jobbar på Apotea i Sickla.", [("Apotea", "work")]),
        ("Min vän heter Zorbek.", [("Zorbek", "firstname_unknown")]),
        # a person noun before a prepositional phrase: the name is the person's
        ("Jag har en vän från gamla skolan som heter Zorbek.", [("Zorbek", "firstname_unknown")]),
        ("Det högsta berget heter Qalmorak.", [("Qalmorak", "geo")]),
        ("Vi bor i kungsmarken nu.", [("kungsmarken", "city")]),
        ("Vi handlar på Zarko Market.", [("Zarko Market", "place")]),
        ("Man måste registrera sig hos Bostadix först.", [("Bostadix", "other_institution")]),
        ("Jag gjorde praktik hos Zelmora i två månader.", [("Zelmora", "work")]),
    ],
)
def test_unknown_names_in_name_slots(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Jag bor i Malmö.",  # listed: the geo detector decides
        "Vi talar Svenska hemma och i Skolan.",  # a language, a common word
        "Jag har läst en artikel i Dagens Nyheter.",  # a medium
        "Jag har konto i Swedbank.",  # listed as an institution
        "Det kallas Khane Tekani.",  # a custom, not a person
        "Appen heter Resrobot.",  # a thing
        "Gå in på Försäkringskassans webbplats.",  # a genitive before its noun
        "Jag bodde på HVB-hem förut.",  # a common noun with a prefix
        "Zorbek kom i Maj.",  # sentence-initial; a month
        "Vi åkte till en by.",  # lower-case Swedish word
        "Vi åkte till badplatsen.",  # lower-case: only after "bor i"
        "Hälsa till Amirkhan från mig.",  # greetings go to people, not to towns
        "Jag har en katt som heter Mossbert.",  # a pet
        "Hemma firar vi en fest som heter Festa Ninjara.",  # a feast
        # a thing or place noun before a prepositional phrase of one or two words
        "Vi åt på en restaurang i gamla stan som heter Qwertopia.",
        "Hemma firar vi en fest för alla barn som heter Qwerfesta.",
    ],
)
def test_no_fallback_outside_unknown_names(text: str) -> None:
    assert found(text) == []


def test_fallback_scores_below_every_detector() -> None:
    doc = tokenize("Jag åker till Västerhaninge.")
    assert all(c.score == SCORE < 0.4 for c in FallbackDetector(Gazetteer.default()).detect(doc))


def test_fallback_spans_reach_the_output() -> None:
    spans = annotate("Jag åker pendeltåget till Västerhaninge.", genre="narrative").spans
    assert [(s.text, s.label) for s in spans] == [("Västerhaninge", "city")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Han heter Per Olof men alla kallar honom bara PO.", [("PO", "initials")]),
        ("Alla kallar henne bara Zizzi.", [("Zizzi", "firstname_unknown")]),
        ("Jag kommer från Quetzaltenango, men vi säger Xeltiko.", [("Xeltiko", "city")]),
        ("Min kompis säger Hejsan.", []),  # no "vi säger", a greeting
    ],
)
def test_short_names_after_kallar_and_vi_sager(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_compound_place_noun_before_heter_keeps_the_name() -> None:
    # a compound place noun ("skogsområdet") is no person, but its name is still hidden (the
    # label is left to the place detectors); a thing's name is not ("fotbollsappen")
    assert [t for t, _ in found("Det största skogsområdet heter Qwermark.")] == ["Qwermark"]
    assert found("Den nya fotbollsappen heter Qwerball.") == []


def test_unknown_word_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-process memo of ``_unknown`` answers as the test itself, warm and after it was
    replaced when full; the same word in two slots (a lower-case one after "bor i") is found
    in both."""
    from pseudonymizer.detectors import fallback as fallback_module

    texts = [
        "Min vän heter Zorbek. Vi bor i kungsmarken nu.",
        "Jag jobbar på Apotea i Sickla. Min vän heter Zorbek.",
        "Vi bor i kungsmarken. Vi åker till Skolan och till Zorbek.",
    ]
    cold = [found(t) for t in texts]
    assert cold[0] == [("Zorbek", "firstname_unknown"), ("kungsmarken", "city")]
    det = FallbackDetector(Gazetteer.default())
    for word in ("Zorbek", "zorbek", "Skolan", "Jag", "kungsmarken"):
        assert det._unknown(word.lower(), word) == det._unknown_form(word.lower(), word)
        assert det._unknown(word.lower(), word) == det._unknown_form(word.lower(), word)
    assert det._unknown("zorbek", "Zorbek") and not det._unknown("skolan", "Skolan")
    monkeypatch.setattr(fallback_module, "_UNKNOWN_MEMO_LIMIT", 2)
    small = FallbackDetector(Gazetteer.default())
    for _ in range(2):
        got = [[(t[c.start : c.end], c.label) for c in small.detect(tokenize(t))] for t in texts]
        assert got == cold
        assert len(small._unknown_memo) <= 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # punctuation between the slot word and the name: the nearest word still decides
        ("Vi åkte hem till, Qorvemark.", [("Qorvemark", "city")]),
        ("Jag såg Zelvira, Qorvemark och alla andra.", []),
        # after an opening quote or a colon the name opens a sentence: no slot
        ('Vi flyttade till "Qorvemark" förra året.', []),
        ("Han sa: Qorvemark är fint.", []),
        # a lower-case name in quotes after "bor i", a short name in quotes after "kallar"
        ('Vi bor i "kungsmarken" nu.', [("kungsmarken", "city")]),
        ('De kallar honom bara "Zorbo".', [("Zorbo", "firstname_unknown")]),
    ],
)
def test_slots_across_punctuation(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected
