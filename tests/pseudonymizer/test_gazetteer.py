"""The immutable gazetteer: loading, look-ups, scans, fuzzy matching, project entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymizer.detectors.geo import GeoDetector
from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.gazetteer import Gazetteer, phrase_key, resources_dir
from pseudonymizer.tokenize import tokenize
from tests.pseudonymizer.knowledge_helpers import labelled

RESOURCE_FILES = [
    "firstnames.tsv",
    "surnames.tsv",
    "places.tsv",
    "institutions.tsv",
    "transport.tsv",
    "markup.tsv",
    "languages.tsv",
    "famous.tsv",
    "not_labelled.tsv",
    "common_words.txt",
    "vocabulary.txt",
]


@pytest.fixture(scope="module")
def gaz() -> Gazetteer:
    return Gazetteer.default()


def test_default_is_loaded_once(gaz: Gazetteer) -> None:
    assert Gazetteer.default() is gaz


@pytest.mark.parametrize("name", RESOURCE_FILES)
def test_every_resource_file_names_source_and_licence(name: str) -> None:
    head = (resources_dir() / name).read_text(encoding="utf-8").splitlines()[:3]
    assert head[0].startswith("# source: ") and len(head[0]) > 12
    assert head[1].startswith("# licence: ") and len(head[1]) > 13


def test_resources_are_small() -> None:
    total = sum((resources_dir() / n).stat().st_size for n in RESOURCE_FILES)
    assert total < 20 * 1024 * 1024


@pytest.mark.parametrize(
    ("group", "text", "label"),
    [
        ("names", "Anna", "firstname"),
        ("names", "anna", "firstname"),
        ("names", "Johansson", "surname"),
        ("names", "Fatima", "firstname"),
        ("places", "Stockholm", "city"),
        ("places", "Göteborg", "city"),
        ("places", "Goteborg", "city"),
        ("places", "Rinkeby", "city"),
        ("places", "Syrien", "country"),
        ("places", "Damaskus", "city"),
        ("places", "Damascus", "city"),
        ("places", "Vänern", "geo"),
        ("places", "Skåne", "region"),
        ("places", "Vesterbro", "area"),
        ("institutions", "Komvux", "school"),
        ("institutions", "Migrationsverket", "authority"),
        ("transport", "Gröna linjen", "transport_name"),
        ("markup", "mamma", "fam"),
    ],
)
def test_lookup(gaz: Gazetteer, group: str, text: str, label: str) -> None:
    assert label in {e.label for e in gaz.lookup(group, text)}


def test_sweden_is_never_a_country(gaz: Gazetteer) -> None:
    assert not any(e.label == "country" and e.country == "SE"
                   for e in gaz.lookup("places", "Sverige"))
    assert phrase_key("Sverige") in gaz.not_labelled


def test_female_and_male_weights(gaz: Gazetteer) -> None:
    anna = next(e for e in gaz.lookup("names", "Anna") if e.label == "firstname")
    erik = next(e for e in gaz.lookup("names", "Erik") if e.label == "firstname")
    assert anna.female > 10 * anna.male
    assert erik.male > 10 * erik.female


@pytest.mark.parametrize("word", ["hans", "bo", "rosa", "sten", "björn", "dag", "alla", "bor"])
def test_common_words_are_known(gaz: Gazetteer, word: str) -> None:
    assert gaz.is_common_word(word)


@pytest.mark.parametrize("word", ["anna", "stockholm", "ahmed", "göteborg"])
def test_names_are_not_common_words(gaz: Gazetteer, word: str) -> None:
    assert not gaz.is_common_word(word)


def test_scan_finds_multiword_and_genitives(gaz: Gazetteer) -> None:
    doc = tokenize("Vi åkte Gröna linjen från Stockholms central till USA:s ambassad.")
    places = {(m.key, m.suffix) for m in gaz.scan(doc, "places")}
    assert ("stockholm", "s") in places
    assert ("usa", ":s") in places
    transport = [m.key for m in gaz.scan(doc, "transport")]
    assert transport == ["grona linjen"]


def test_scan_token_indices_by_counting_spaces(gaz: Gazetteer) -> None:
    """The first token of a match is found by counting the spaces of the joined norms; a
    norm holding a space (no tokenizer rule makes one) falls back to a map of offsets."""
    from dataclasses import replace

    text = "Anna och Erik bor i Stockholm och Gröna linjen går till Malmö."
    doc = tokenize(text)
    got = [(m.first, m.last, m.key) for m in gaz.scan(doc, "places")]
    assert [doc.tokens[f].text for f, _, k in got if k == "malmo"] == ["Malmö"]
    names = [(doc.tokens[m.first].text, m.key) for m in gaz.scan(doc, "names")]
    assert ("Anna", "anna") in names and ("Erik", "erik") in names
    # a spaced norm on "och": later tokens keep their indices, no key matches inside it
    tokens = list(doc.tokens)
    tokens[1] = replace(tokens[1], norm="o ch")
    spaced = replace(doc, tokens=tuple(tokens))
    assert [(m.first, m.last, m.key) for m in gaz.scan(spaced, "places")] == got


@pytest.mark.parametrize(
    "text",
    [
        "Vi åkte Gröna linjen från Stockholms central till USA:s ambassad med Ali's bror.",
        "till dag bor Till Dag Bor, anna annas Annas Anna 's Lund : s lunds.",
        "Hon jobbar på ICA och Stockholms universitet, i New York och i new york.",
        "",
    ],
)
def test_scan_by_words_equals_the_automaton(gaz: Gazetteer, text: str) -> None:
    """The main matches come from a walk over the tokens' norms; the merged automaton over
    the joined norms (the path of a norm holding a space) finds the same ones."""
    from pseudonymizer.gazetteer import joined_norms

    doc = tokenize(text)
    joined, index = joined_norms(doc)
    assert index is None
    # the offset map of joined_norms, as for a spaced norm: the automaton's path
    starts = [1 + sum(len(n) + 1 for n in doc.norms[:i]) for i in range(len(doc.norms))]
    by_words = gaz._main_matches(joined, None, doc)
    by_automaton = gaz._main_matches(joined, {s: i for i, s in enumerate(starts)}, doc)

    def order(m):  # noqa: ANN001, ANN202 (the order of Gazetteer._scan)
        return (m.first, m.first - m.last, m.suffix != "")

    assert by_words.keys() == by_automaton.keys()
    for group in by_words:
        assert sorted(by_words[group], key=order) == sorted(by_automaton[group], key=order)
    if text:
        assert sum(map(len, by_words.values())) > 5


def test_scan_never_matches_inside_a_word(gaz: Gazetteer) -> None:
    doc = tokenize("Malmöhus och Stockholmsvägen")
    assert [m.key for m in gaz.scan(doc, "places") if m.key in ("malmo", "stockholm")] == []


@pytest.mark.parametrize(
    ("group", "word", "expected"),
    [("places", "stockhlom", "stockholm"), ("places", "goteborj", "goteborg"),
     ("names", "mohamad", "mohamad"), ("names", "fattima", "fatima")],
)
def test_fuzzy(gaz: Gazetteer, group: str, word: str, expected: str) -> None:
    assert gaz.fuzzy(group, word) == expected


def test_fuzzy_ignores_short_words(gaz: Gazetteer) -> None:
    assert gaz.fuzzy("places", "lnd") is None


def test_with_entries_returns_a_new_gazetteer(gaz: Gazetteer) -> None:
    extra = gaz.with_entries([("Kvarnbyn", "city"), ("Solrosen", "work")])
    assert extra is not gaz
    assert gaz.lookup("places", "Kvarnbyn") == ()
    assert [e.label for e in extra.lookup("places", "Kvarnbyn")] == ["city"]
    again = extra.with_entries([("Zorblax", "firstname_female")])
    assert again.lookup("places", "Kvarnbyn") and again.lookup("names", "Zorblax")


def test_project_entries_feed_the_detectors(gaz: Gazetteer) -> None:
    text = "Jag gillar Kvarnbyn mycket och min vän Zorblax gillar Prästgårdsängen."
    extra = gaz.with_entries(
        [("Kvarnbyn", "city"), ("Zorblax", "firstname_female"), ("Prästgårdsängen", "place")]
    )
    assert labelled(GeoDetector(gaz), text) == []
    geo = labelled(GeoDetector(extra), text)
    assert ("Kvarnbyn", "city") in geo and ("Prästgårdsängen", "place") in geo
    assert ("Zorblax", "firstname_female") in labelled(NameDetector(extra), text)


def test_project_entry_with_foreign_flag(gaz: Gazetteer) -> None:
    extra = gaz.with_entries([("Qaladiza", "city+foreign")])
    doc = tokenize("Min pappa bor kvar i Qaladiza.")
    cands = [c for c in GeoDetector(extra).detect(doc) if c.label == "city"]
    assert cands and cands[0].flags == frozenset({"foreign"})


@pytest.mark.parametrize(
    "entries",
    [[("Bromma", "stad")], [("Bromma", "city+gen")], [("", "city")], [("   ", "city")]],
)
def test_with_entries_rejects_bad_input(gaz: Gazetteer, entries) -> None:
    with pytest.raises(ValueError):
        gaz.with_entries(entries)


def test_load_from_an_explicit_directory(tmp_path: Path) -> None:
    # A copy of the shipped files loads into an equal gazetteer (no hidden global state).
    for name in RESOURCE_FILES:
        (tmp_path / name).write_bytes((resources_dir() / name).read_bytes())
    other = Gazetteer.load(tmp_path)
    assert other is not Gazetteer.default()
    assert [e.label for e in other.lookup("places", "Rinkeby")] == ["city"]


def test_project_markup_entries(gaz: Gazetteer) -> None:
    from pseudonymizer.detectors.markup import MarkupDetector

    extra = gaz.with_entries([("Nagymama", "fam")])
    text = "Vi badade med min nagymama."
    assert labelled(MarkupDetector(gaz), text) == []
    assert labelled(MarkupDetector(extra), text) == [("nagymama", "fam")]
