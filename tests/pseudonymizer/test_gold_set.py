"""The gold sets are well formed and cover what they must.

The development set (tests/data/gold/dev.jsonl) and the held-out sets
(tests/data/heldout/heldout.jsonl, tests/data/heldout2/heldout2.jsonl and
tests/data/heldout3/heldout3.jsonl, tests/data/heldout4/heldout4.jsonl and
tests/data/heldout5/heldout5.jsonl, tests/data/heldout6/heldout6.jsonl and
tests/data/heldout7/heldout7.jsonl and tests/data/heldout8/heldout8.jsonl, the last five never
used for tuning) and the training sets
train4 … train23
share the structural checks; the coverage checks that name particular essays or strings apply to
the development set only.
"""

from __future__ import annotations

import importlib.util
import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLD = ROOT / "tests" / "data" / "gold" / "dev.jsonl"
HELDOUT = ROOT / "tests" / "data" / "heldout" / "heldout.jsonl"
HELDOUT2 = ROOT / "tests" / "data" / "heldout2" / "heldout2.jsonl"
HELDOUT3 = ROOT / "tests" / "data" / "heldout3" / "heldout3.jsonl"
HELDOUT4 = ROOT / "tests" / "data" / "heldout4" / "heldout4.jsonl"
HELDOUT5 = ROOT / "tests" / "data" / "heldout5" / "heldout5.jsonl"
HELDOUT6 = ROOT / "tests" / "data" / "heldout6" / "heldout6.jsonl"
HELDOUT7 = ROOT / "tests" / "data" / "heldout7" / "heldout7.jsonl"
HELDOUT8 = ROOT / "tests" / "data" / "heldout8" / "heldout8.jsonl"
HELDOUT9 = ROOT / "tests" / "data" / "heldout9" / "heldout9.jsonl"
# Held-out sets of ordinary essays (not weighted to hard labels, as an unseen corpus would be): they
# need not show every label, so only their separation from the other sets is checked.
ORDINARY_HELDOUT = (HELDOUT8, HELDOUT9)
# name -> (sources, built file, minimum number of essays)
SETS = {
    "dev": (ROOT / "tests" / "data" / "gold" / "src", GOLD, 60),
    "heldout": (ROOT / "tests" / "data" / "heldout" / "src", HELDOUT, 40),
    "heldout2": (ROOT / "tests" / "data" / "heldout2" / "src", HELDOUT2, 36),
    "heldout3": (ROOT / "tests" / "data" / "heldout3" / "src", HELDOUT3, 40),
    "heldout4": (ROOT / "tests" / "data" / "heldout4" / "src", HELDOUT4, 30),
    "heldout5": (ROOT / "tests" / "data" / "heldout5" / "src", HELDOUT5, 30),
    "heldout6": (ROOT / "tests" / "data" / "heldout6" / "src", HELDOUT6, 30),
    "heldout7": (ROOT / "tests" / "data" / "heldout7" / "src", HELDOUT7, 30),
    "heldout8": (ROOT / "tests" / "data" / "heldout8" / "src", HELDOUT8, 30),
    "heldout9": (ROOT / "tests" / "data" / "heldout9" / "src", HELDOUT9, 30),
    **{
        f"train{n}": (ROOT / "tests" / "data" / f"train{n}" / "src",
                      ROOT / "tests" / "data" / f"train{n}" / f"train{n}.jsonl", 30)
        for n in range(4, 32)
    },
}
WEEKDAY = r"(?:mån|tis|ons|tors|fre|lör|sön)dag"
HABITUAL_WEEKDAY = rf"(?i)\bvarje {WEEKDAY}\b|\b{WEEKDAY}ar\b|\b{WEEKDAY} till {WEEKDAY}\b"
PAST_WEEKDAY = rf"(?i)\bi {WEEKDAY}s\b"

# SPEC §2 main labels, written out here on purpose (an independent check of the build script).
MAIN_LABELS = """
firstname_male firstname_female firstname_unknown initials middlename surname
area city country geo place region street_nr zip_code school work other_institution
transport_name transport_nr age_digits age_string date_digits day month_digit month_word year
account_nr email extra license_nr other_nr_seq phone_nr personid_nr url edu fam prof sensitive
""".split()
GENRES = {
    "argumentative",
    "descriptive",
    "evaluative",
    "expository",
    "explanatory",
    "informal_mail",
    "instructive",
    "investigative",
    "narrative",
}


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return _read(GOLD)


@pytest.fixture(scope="module", params=sorted(SETS))
def any_records(request) -> list[dict]:
    """Each gold set in turn (the structural checks hold for both)."""
    return _read(SETS[request.param][1])


def _load_builder():
    spec = importlib.util.spec_from_file_location("build_gold", ROOT / "scripts" / "build_gold.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def labelled(records: list[dict]) -> set[tuple[str, str]]:
    return {(s["text"], s["label"]) for r in records for s in r["spans"]}


@pytest.mark.parametrize("name", sorted(SETS))
def test_built_file_is_up_to_date_with_the_sources(name):
    src, out, _ = SETS[name]
    builder = _load_builder()
    assert builder.to_jsonl(builder.build(src)) == out.read_text(encoding="utf-8"), (
        f"run python scripts/build_gold.py --src {src} --out {out}"
    )


@pytest.mark.parametrize("name", sorted(SETS))
def test_size_levels_and_genres(name):
    records = _read(SETS[name][1])
    assert len(records) >= SETS[name][2]
    assert len({r["id"] for r in records}) == len(records)
    assert {r["level"] for r in records} == {"A", "B", "C"}
    assert {r["genre"] for r in records} == GENRES
    for r in records:
        assert r["topic"] and r["lang"] == "sv"
        # the training sets hold a few short A-level notes (train5: 59 words)
        shortest = 40 if name.startswith("train") else 80
        assert shortest <= len(r["text"].split()) <= 320, r["id"]


def test_offsets_match_text_and_spans_are_clean(any_records):
    records = any_records
    for r in records:
        text, previous_end = r["text"], 0
        for s in r["spans"]:
            where = f"{r['id']} {s}"
            assert 0 <= s["start"] < s["end"] <= len(text), where
            assert text[s["start"] : s["end"]] == s["text"], where
            assert s["start"] >= previous_end, f"overlapping or unsorted: {where}"
            previous_end = s["end"]
            for ch in (s["text"][0], s["text"][-1]):
                assert not ch.isspace(), where
                assert not unicodedata.category(ch).startswith("P"), where


def test_every_main_label_at_least_three_times(records):
    counts = Counter(s["label"] for r in records for s in r["spans"])
    assert set(counts) <= set(MAIN_LABELS), set(counts) - set(MAIN_LABELS)
    rare = {label: counts[label] for label in MAIN_LABELS if counts[label] < 3}
    assert not rare, rare


def test_labels_exist_in_the_taxonomy(any_records):
    records = any_records
    taxonomy = pytest.importorskip("pseudonymizer.taxonomy")
    known = taxonomy.taxonomy_json()["labels"]
    assert {s["label"] for r in records for s in r["spans"]} <= set(known)


def test_flags_follow_the_guideline(any_records):
    records = any_records
    for r in records:
        for s in r["spans"]:
            assert set(s["flags"]) <= {"gen", "def", "pl", "foreign"}, s
            if "foreign" in s["flags"]:
                assert s["label"] in {"area", "city", "place", "region", "geo"}, s
            if s["label"] == "area":
                assert "foreign" in s["flags"], s
            if s["label"] == "country":
                assert not re.match(r"(?i)sv[ea]?ri", s["text"]), s


def test_running_numbers_in_order_of_first_appearance(any_records):
    records = any_records
    for r in records:
        seen: dict[int, str] = {}
        for s in r["spans"]:
            number = s["number"]
            assert isinstance(number, int) and number >= 1
            if number not in seen:
                assert number == len(seen) + 1, f"{r['id']}: {s}"
                seen[number] = s["label"]
            assert seen[number] == s["label"], f"{r['id']}: {s}"


def test_variants_of_one_entity_share_a_number(records):
    by_id = {r["id"]: r for r in records}

    def number(essay: str, surface: str) -> int:
        return next(s["number"] for s in by_id[essay]["spans"] if s["text"] == surface)

    assert number("dev-001", "Storbritanien") == number("dev-001", "England")
    assert number("dev-001", "Stockholms") == number("dev-001", "Stockholm")
    assert number("dev-061", "Stokholm") == number("dev-061", "stokholm")
    assert number("dev-061", "Stokholm") == number("dev-061", "Stockholms")
    assert number("dev-037", "Götebrog") == number("dev-037", "Göteborg")


@pytest.mark.parametrize(
    ("surface", "label"),
    [
        # lower case
        ("stockholm", "city"),
        ("ali", "firstname_male"),
        ("uppsala", "city"),
        # misspellings
        ("Stokholm", "city"),
        ("Götebrog", "city"),
        # inflection
        ("Stockholms", "city"),
        ("Göteborgs", "city"),
        ("Irans", "country"),
        # names that are also words
        ("Hans", "firstname_male"),
        ("Bo", "firstname_male"),
        ("Rosa", "firstname_female"),
        ("Dag", "firstname_male"),
        ("Björn", "firstname_male"),
        ("Sten", "firstname_male"),
        # multi-word names
        ("Stockholms universitet", "school"),
        ("gröna linjen", "transport_name"),
        ("Anna-Karin", "firstname_female"),
        ("Svensson", "surname"),
        # exonyms
        ("Damaskus", "city"),
        ("Bagdad", "city"),
        ("Teheran", "city"),
        ("Storbritannien", "country"),
    ],
)
def test_hard_cases_are_labelled(records, surface, label):
    assert (surface, label) in labelled(records)


def _unlabelled(records: list[dict], pattern: str) -> int:
    """How many matches of ``pattern`` lie outside every gold span."""
    count = 0
    for r in records:
        for m in re.finditer(pattern, r["text"]):
            if not any(s["start"] < m.end() and m.start() < s["end"] for s in r["spans"]):
                count += 1
    return count


@pytest.mark.parametrize(
    "pattern",
    [
        r"\b\d[\d ]* kr\b",  # prices
        r"\b\d+ ?kvm\b",  # sizes
        r"\bkl\. \d{1,2}(\.\d\d)?",  # times
        r"\bsidan \d+",  # page numbers
        r"\b[Ss]verige\b",
        r"\bEuropa\b",
        r"\b(hans|bo|rosa|dag|sten)\b",  # the words behind ambiguous names
        r"August Strindberg|Astrid Lindgren|Zlatan",  # famous people in reviews
        r"\b(arabiska|spanska|finska)\b",  # languages are not pseudonymized
    ],
)
def test_negatives_are_present_and_unlabelled(records, pattern):
    assert _unlabelled(records, pattern) >= 2, pattern


def test_reviews_label_only_the_writer(records):
    evaluative = [r for r in records if r["genre"] == "evaluative"]
    assert len(evaluative) >= 3
    labels = labelled(evaluative)
    for famous in ("Kallifatides", "Theodor Kallifatides", "Strindberg", "Zlatan", "Lindgren"):
        assert not any(text == famous for text, _ in labels)
    # ... but what the writer tells about themselves is still labelled.
    assert ("Borlänge", "city") in labels


@pytest.mark.parametrize(
    "path",
    [HELDOUT, HELDOUT2, HELDOUT3, HELDOUT4, HELDOUT5, HELDOUT6, HELDOUT7, HELDOUT8, HELDOUT9],
    ids=["heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7",
         "heldout8", "heldout9"],
)
def test_heldout_covers_every_label_and_is_apart_from_the_other_sets(path):
    heldout = _read(path)
    sets = (GOLD, HELDOUT, HELDOUT2, HELDOUT3, HELDOUT4, HELDOUT5, HELDOUT6, HELDOUT7, HELDOUT8,
            HELDOUT9)
    others = [r for other in sets if other != path for r in _read(other)]
    counts = Counter(s["label"] for r in heldout for s in r["spans"])
    assert set(counts) <= set(MAIN_LABELS), set(counts) - set(MAIN_LABELS)
    if path not in ORDINARY_HELDOUT:
        assert not [label for label in MAIN_LABELS if not counts[label]]
    assert not {r["id"] for r in heldout} & {r["id"] for r in others}
    assert not {r["text"] for r in heldout} & {r["text"] for r in others}


def test_weekday_policy(any_records):
    """Specific weekdays in the writer's life are `day`; habitual ones are not labelled."""
    records = any_records
    # habitual: "varje söndag", "på tisdagar", "måndag till fredag" -- never labelled
    assert _labelled_as(records, HABITUAL_WEEKDAY) == set()
    # specific: "i lördags" is always a day in the past of the writer
    assert _labelled_as(records, PAST_WEEKDAY) <= {"day"}
    assert {s["label"] for s in _weekday_spans(records)} <= {"day"}


def _weekday_spans(records: list[dict]) -> list[dict]:
    weekday = re.compile(rf"(?i){WEEKDAY}\w*")
    return [s for r in records for s in r["spans"] if weekday.fullmatch(s["text"])]


def test_weekday_policy_is_shown_in_every_kind_of_set():
    """Both sides of the weekday policy occur in each kind of set (one set of 30 essays need not
    show both)."""
    kinds = (["dev"], [n for n in SETS if n.startswith("heldout")],
             [n for n in SETS if n.startswith("train")])
    for names in kinds:
        records = [r for n in names for r in _read(SETS[n][1])]
        assert _unlabelled(records, HABITUAL_WEEKDAY) >= 2, names
        assert _labelled_as(records, PAST_WEEKDAY) == {"day"}, names
        assert len(_weekday_spans(records)) >= 4, names  # enough specific weekdays to show it


def _labelled_as(records: list[dict], pattern: str) -> set[str]:
    """Labels of the gold spans that overlap a match of ``pattern``."""
    return {
        s["label"]
        for r in records
        for m in re.finditer(pattern, r["text"])
        for s in r["spans"]
        if s["start"] < m.end() and m.start() < s["end"]
    }
