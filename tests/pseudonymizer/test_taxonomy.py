"""Taxonomy as data: the 45 SVALA labels, legacy mapping, surrogates for the editor."""

import json

import pytest

from pseudonymizer.taxonomy import (
    LABELS,
    is_running_number,
    load_surrogates,
    main_labels,
    map_legacy_labels,
    taxonomy_json,
)

SPEC_LABELS = """
gen def pl firstname_male firstname_female firstname_unknown initials middlename surname
area city country geo place region street_nr zip_code foreign school work other_institution
transport_name transport_nr age_digits age_string date_digits day month_digit month_word year
account_nr email extra license_nr other_nr_seq phone_nr personid_nr url edu fam prof sensitive
Cit-FL Com! OBS!
""".split()
OPTIONAL = """nickname public_authority past_timepoint future_timepoint time_span username
pet_type language ethnicity currency hobby crime health_condition""".split()


def test_all_spec_labels_present() -> None:
    assert len(SPEC_LABELS) == 45
    core = [n for n, lab in LABELS.items() if not lab.optional]
    assert sorted(core) == sorted(SPEC_LABELS)
    assert sorted(n for n, lab in LABELS.items() if lab.optional) == sorted(OPTIONAL)


def test_json_shape() -> None:
    data = taxonomy_json()
    json.dumps(data)  # serializable
    assert data["scheme"] == "swell"
    grouped = [name for group in data["groups"] for name in group["labels"]]
    assert sorted(grouped) == sorted(data["labels"])  # every label in exactly one group
    for name, info in data["labels"].items():
        assert {
            "group",
            "description",
            "kind",
            "replacement",
            "allowed_flags",
            "optional",
            "examples",
        } <= set(info), name
        assert info["kind"] in {"main", "flag", "comment"}
        assert info["description"]
    assert data["labels"]["gen"]["kind"] == "flag"
    assert data["labels"]["OBS!"]["kind"] == "comment"
    assert "foreign" in data["labels"]["city"]["allowed_flags"]
    assert "foreign" not in data["labels"]["country"]["allowed_flags"]
    assert "niotton" in data["labels"]["age_string"]["examples"]
    assert data["labels"]["personid_nr"]["fixed"] == "123456-0000"
    for key in (
        "firstname_male",
        "firstname_female",
        "firstname_unknown",
        "surname",
        "swedish_towns",
        "month_word",
        "weekday",
    ):
        assert len(data["surrogates"][key]) >= 7, key
    assert "lördag" in data["surrogates"]["weekday"]


def test_unknown_scheme() -> None:
    with pytest.raises(ValueError, match="unknown scheme"):
        taxonomy_json("nope")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["firstname:male", "1"], ["firstname_male", "1"]),
        (["firstname:female"], ["firstname_female"]),
        (["firstname:unknown"], ["firstname_unknown"]),
        (["city-SWE", "2"], ["city", "2"]),
        (["city_swe"], ["city"]),
        (["country_of_origin"], ["country"]),
        (["street"], ["place"]),
        (["transport"], ["transport_name"]),
        (["transport_line"], ["transport_nr"]),
        (["month-word"], ["month_word"]),
        (["month-digit"], ["month_digit"]),
        (["age"], ["age_digits"]),
        (["city", "foreign", "3", "gen"], ["city", "foreign", "3", "gen"]),
    ],
)
def test_legacy_mapping(old: list[str], new: list[str]) -> None:
    assert map_legacy_labels(old) == (new, [])


def test_legacy_ort_dropped_with_obs() -> None:
    labels, notes = map_legacy_labels(["ort", "4"])
    assert "ort" not in labels and "OBS!" in labels and "4" in labels
    assert notes and "ort" in notes[0]


def test_running_numbers_and_main_labels() -> None:
    assert is_running_number("1") and is_running_number("12")
    assert not is_running_number("0") and not is_running_number("01")
    assert not is_running_number("gen") and not is_running_number("²")
    assert "city" in main_labels() and "gen" not in main_labels()
    assert "nickname" not in main_labels(include_optional=False)


def test_surrogate_lists_loaded() -> None:
    sur = load_surrogates()
    assert len(sur["firstname_male"]) == 50 and len(sur["surname"]) == 50
    assert not set(sur["firstname_male"]) & set(sur["firstname_female"])
    assert "Stockholm" not in sur["swedish_towns"]
    countries = dict(sur["cities_by_country"])
    assert "Syrien" in countries and countries["Syrien"]
