"""The Danish word lists of scheme ``dab``, loaded once from resources/da/ into a frozen object.

The lists are built by scripts/build_resources_da.py and committed; nothing is downloaded or
generated at run time. ``DanishLexicon.default()`` is cached per process and immutable, so the
detectors can share it across threads.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


def resource_dir() -> Path:
    """Where the Danish lists are: $PSEUDONYMIZER_RESOURCES/da, the repository's resources/da or
    an installed copy in pseudonymizer/data/da (the same search as the gazetteer's)."""
    env = os.environ.get("PSEUDONYMIZER_RESOURCES")
    here = Path(__file__).resolve().parent.parent
    candidates = [Path(env) / "da"] if env else []
    candidates += [here.parent / "resources" / "da", here / "data" / "da"]
    for candidate in candidates:
        if (candidate / "first_names.txt").exists():
            return candidate
    raise FileNotFoundError(
        "Danish resources not found (looked in " + ", ".join(map(str, candidates)) + "); "
        "run scripts/build_resources_da.py or set PSEUDONYMIZER_RESOURCES")


def read_list(name: str, directory: Path | None = None) -> frozenset[str]:
    """Entries of one list file (one a line; ``#`` lines are the source/licence header)."""
    path = (directory or resource_dir()) / name
    with path.open(encoding="utf-8") as fh:
        return frozenset(
            line.strip() for line in fh if line.strip() and not line.startswith("#")
        )


@dataclass(frozen=True, slots=True)
class DanishLexicon:
    """Word lists used by the Danish detectors (lower-cased where matching is case-insensitive)."""

    first_names: frozenset[str]  # lower case
    surnames: frozenset[str]  # lower case
    places: frozenset[str]  # lower case
    countries: frozenset[str]  # lower case (countries, continents, world regions)
    street_stems: frozenset[str]  # lower case
    street_suffixes: tuple[str, ...]  # lower case, longest first
    months: frozenset[str]  # lower case
    weekdays: frozenset[str]  # lower case
    org_known: frozenset[str]  # exact spelling
    org_heads: frozenset[str]  # lower case
    jobs: frozenset[str]
    job_suffixes: tuple[str, ...]  # longest first
    nationalities: frozenset[str]
    health: frozenset[str]
    crime: frozenset[str]
    education: frozenset[str]
    subjects: frozenset[str]  # fields of study ("psykologi"), education after a study cue
    belief: frozenset[str]
    sex: frozenset[str]
    politics: frozenset[str]
    family: frozenset[str]
    number_words: frozenset[str]
    not_names: frozenset[str]  # exact spelling
    common_words: frozenset[str]  # lower case
    # body-part stems that head a health compound ("hofte" in "hofteoperation", "knæ" in
    # "knæskade"); empty for a lexicon built without the list
    body_parts: frozenset[str] = frozenset()

    @classmethod
    def load(cls, directory: Path | None = None) -> DanishLexicon:
        """Read every list from ``directory`` (default: ``resource_dir()``)."""
        directory = directory or resource_dir()

        def low(name: str) -> frozenset[str]:
            return frozenset(w.lower() for w in read_list(name, directory))

        def by_length(name: str) -> tuple[str, ...]:
            return tuple(sorted(low(name), key=len, reverse=True))

        return cls(
            first_names=low("first_names.txt"),
            surnames=low("surnames.txt"),
            places=low("places.txt"),
            countries=low("countries.txt") | low("regions_continents.txt"),
            street_stems=low("street_stems.txt"),
            street_suffixes=by_length("street_suffixes.txt"),
            months=low("months.txt"),
            weekdays=low("weekdays.txt"),
            org_known=read_list("org_known.txt", directory),
            org_heads=low("org_heads.txt"),
            jobs=low("jobs.txt"),
            job_suffixes=by_length("job_suffixes.txt"),
            nationalities=low("nationalities.txt"),
            health=low("health.txt"),
            crime=low("crime.txt"),
            education=low("education.txt"),
            subjects=low("subjects.txt"),
            belief=low("belief.txt"),
            sex=low("sex.txt"),
            politics=low("politics.txt"),
            family=low("family.txt"),
            number_words=low("number_words.txt"),
            not_names=read_list("not_names.txt", directory),
            common_words=low("common_words.txt"),
            body_parts=low("body_parts.txt"),
        )

    @staticmethod
    @lru_cache(maxsize=1)
    def default() -> DanishLexicon:
        """The lexicon of resources/da/, loaded once per process."""
        return DanishLexicon.load()
