"""Round 2 geography: a town inside an institution's or shop's name (invented examples)."""

from __future__ import annotations

import pytest

from pseudonymizer import pipeline
from pseudonymizer.document import Candidate
from pseudonymizer.detectors.geo import join_institution_places


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in pipeline.annotate(text).spans]


@pytest.mark.parametrize(
    ("text", "name", "label"),
    [
        ("Jag jobbar som tolk på Tolkbyrån Vetlanda sedan maj.", "Tolkbyrån Vetlanda", "work"),
        ("Jag jobbar på Tandvårdshuset Tranås.", "Tandvårdshuset Tranås", "work"),
        (
            "Jag har praktik på Redovisningsbyrån Omberg i tre månader.",
            "Redovisningsbyrån Omberg",
            "work",
        ),
    ],
)
def test_town_right_after_institution_is_part_of_its_name(text, name, label):
    spans = _spans(text)
    assert (name, label) in spans
    assert not any(lab in ("city", "geo") for _, lab in spans)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Jag handlar ofta på Coop Tranås nära min lägenhet.", "Coop Tranås"),
        ("Jag köper kryddor på Eksjö Livs varje fredag.", "Eksjö Livs"),
        ("Vi träffas på PRO Tranås varje onsdag.", "PRO Tranås"),
    ],
)
def test_town_next_to_ordinary_capitalised_word_is_a_shop_or_club(text, name):
    spans = _spans(text)
    assert (name, "place") in spans
    assert not any(lab == "city" for _, lab in spans)


@pytest.mark.parametrize(
    "text",
    [
        "Min mamma bor i Norra Punjab nu.",  # a compass word is part of the place
        "Vi åkte till Tranås och sedan hem.",
    ],
)
def test_place_words_and_clause_openers_keep_the_town(text):
    spans = _spans(text)
    assert any(lab in ("city", "region") for _, lab in spans)
    assert not any(lab == "place" for _, lab in spans)


def test_clause_opener_after_a_missing_full_stop_keeps_the_town():
    gaz = pipeline.default_gazetteer()
    text = "Vi bor i Eksjö Nu har vi en stor lägenhet."
    town = Candidate(9, 14, "city")
    assert join_institution_places(text, [town], gaz) == [town]
    text = "Vi handlar på Eksjö Livs varje dag."
    joined = join_institution_places(text, [Candidate(14, 19, "city")], gaz)
    assert [(c.start, c.end, c.label) for c in joined] == [(14, 24, "place")]


def test_join_keeps_other_spans_apart():
    text = "Hemköp, Tranås"
    chosen = [Candidate(0, 6, "work"), Candidate(8, 14, "city")]
    assert join_institution_places(text, chosen) == chosen
    text = "Hemköp Tranås"
    joined = join_institution_places(text, [Candidate(0, 6, "work"), Candidate(7, 13, "city")])
    assert [(c.start, c.end, c.label) for c in joined] == [(0, 13, "work")]


def test_adjective_before_a_lower_case_noun_is_no_town():
    # an adjective of the vocabulary opening a body's name after "från" is no village
    for text in (
        "Jag jämförde med tal från Demografiska byrån.",
        "Jag läste siffror från Ekologiska sällskapet.",
    ):
        assert not any(lab == "city" for _, lab in _spans(text))
    # the adjective's form alone is not enough: a town before "och" stays a town
    assert ("Demografiska", "city") in _spans("Vi åkte till Demografiska och sedan hem.")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Vi gick till Tivedens nationalpark i juni.", "Tivedens nationalpark"),
        ("Vi vandrade i Ravholmens naturreservat i somras.", "Ravholmens naturreservat"),
    ],
)
def test_park_or_reserve_named_after_its_place_is_one_place(text, name):
    assert (name, "place") in _spans(text)


def test_direction_word_before_a_square_is_a_place():
    assert ("Södra torget", "place") in _spans("Kaféet ligger nära Södra torget i stan.")
    assert ("Norra hamnen", "place") in _spans("Vi bor vid Norra hamnen sedan maj.")
    # water and land keep their own label; a district is no square
    assert ("Stora sjön", "place") not in _spans("Vi badar i Stora sjön.")


def test_apposition_calls_an_island_word_a_village():
    spans = _spans("Jag jobbar på ett boende i Ravholmen, ett litet samhälle vid sjön.")
    assert ("Ravholmen", "city") in spans
    assert ("Ravholmen", "geo") in _spans("Vi paddlade runt Ravholmen, en liten ö i sjön.")
