"""Learner metadata within the SweLL restrictions (seed 001).

Allowed: level, genre, topic, task, gender, age as a 5-year span, time in Sweden as a span,
first languages, and a few more general fields. Not allowed: exact dates (birth, arrival),
country of origin, nationality, the educational establishment, names or id numbers.
"""

from __future__ import annotations

import re
from typing import Any

TEXT_FIELDS = {"level": 50, "genre": 50, "topic": 200, "task": 300}
# General, non-identifying extras kept in ``Essay.extra_metadata``.
EXTRA_FIELDS = {"education_level", "other_languages", "course", "semester", "essay_type"}
FORBIDDEN = {
    "age": "exact age is not allowed: give age_span as a 5-year span (e.g. 20-24)",
    "birth_date": "no exact dates: give age_span",
    "date_of_birth": "no exact dates: give age_span",
    "birthdate": "no exact dates: give age_span",
    "birth_year": "no exact dates: give age_span",
    "arrival_date": "no exact dates: give time_in_sweden as a span (e.g. 1-2)",
    "arrival": "no exact dates: give time_in_sweden as a span",
    "country": "the country of origin is not part of the SweLL metadata",
    "country_of_origin": "the country of origin is not part of the SweLL metadata",
    "nationality": "nationality is not part of the SweLL metadata",
    "citizenship": "citizenship is not part of the SweLL metadata",
    "school": "the educational establishment is not part of the SweLL metadata",
    "institution": "the educational establishment is not part of the SweLL metadata",
    "name": "names of learners are never stored",
    "learner_name": "names of learners are never stored",
    "personnummer": "id numbers are never stored",
    "email": "contact details are never stored",
}
_SPAN = re.compile(r"^\s*(\d{1,3})\s*[-–]\s*(\d{1,3})\s*$")
_GENDERS = {
    "": "",
    "f": "F",
    "female": "F",
    "kvinna": "F",
    "k": "F",
    "m": "M",
    "male": "M",
    "man": "M",
    "other": "other",
    "annat": "other",
    "unknown": "",
    "okänt": "",
}
IGNORED = {"id", "text", "graph", "lang", "language"}


def _span(value: Any, *, five_years: bool) -> str:
    text = str(value).strip()
    if not text:
        return ""
    match = _SPAN.match(text)
    if not match:
        raise ValueError("must be a span like 20-24")
    lo, hi = int(match[1]), int(match[2])
    if hi < lo:
        raise ValueError("the span's end is before its start")
    if five_years and (hi - lo != 4 or lo % 5 != 0):
        raise ValueError("age must be a 5-year span starting at a multiple of 5 (e.g. 20-24)")
    return f"{lo}-{hi}"


def clean_metadata(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Turn imported metadata into Essay field values; second item: reasons it is refused.

    >>> clean_metadata({"age_span": "20-24", "gender": "female", "first_languages": "ar, fa"})
    ({'age_span': '20-24', 'gender': 'F', 'first_languages': ['ar', 'fa']}, [])
    >>> clean_metadata({"country_of_origin": "Syrien"})[1]
    ['country_of_origin: the country of origin is not part of the SweLL metadata']
    """
    fields: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    errors: list[str] = []
    for key, value in raw.items():
        name = str(key).strip().lower()
        if name in IGNORED or value is None or value == "":
            continue
        try:
            if name in FORBIDDEN:
                raise ValueError(FORBIDDEN[name])
            if name in TEXT_FIELDS:
                text = str(value).strip()
                if len(text) > TEXT_FIELDS[name]:
                    raise ValueError(f"longer than {TEXT_FIELDS[name]} characters")
                fields[name] = text
            elif name in ("age_span", "age_group"):
                fields["age_span"] = _span(value, five_years=True)
            elif name in ("time_in_sweden", "time_in_sweden_span"):
                fields["time_in_sweden"] = _span(value, five_years=False)
            elif name == "gender":
                gender = _GENDERS.get(str(value).strip().lower())
                if gender is None:
                    raise ValueError("must be F, M, other or empty")
                fields["gender"] = gender
            elif name in ("first_languages", "first_language", "l1", "mother_tongue"):
                items = value if isinstance(value, list) else re.split(r"[;,]", str(value))
                fields["first_languages"] = [str(v).strip() for v in items if str(v).strip()]
            elif name in EXTRA_FIELDS:
                extra[name] = value if isinstance(value, (str, int, float, list)) else str(value)
            else:
                raise ValueError("not a SweLL metadata field")
        except ValueError as exc:
            errors.append(f"{name}: {exc}")
    if extra:
        fields["extra_metadata"] = extra
    return fields, errors
