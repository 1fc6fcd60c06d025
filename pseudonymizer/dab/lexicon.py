"""The Danish word lists of scheme ``dab``, loaded once from resources/da/ into a frozen object.

The lists are built by scripts/build_resources_da.py and committed; nothing is downloaded or
generated at run time. ``DanishLexicon.default()`` is cached per process and immutable, so the
detectors can share it across threads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

RESOURCE_DIR = Path(__file__).resolve().parents[2] / "resources" / "da"


def read_list(name: str, directory: Path = RESOURCE_DIR) -> frozenset[str]:
    """Entries of one list file (one a line; ``#`` lines are the source/licence header)."""
    path = directory / name
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
    belief: frozenset[str]
    sex: frozenset[str]
    politics: frozenset[str]
    family: frozenset[str]
    number_words: frozenset[str]
    not_names: frozenset[str]  # exact spelling
    common_words: frozenset[str]  # lower case

    @classmethod
    def load(cls, directory: Path = RESOURCE_DIR) -> DanishLexicon:
        """Read every list from ``directory``."""

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
            belief=low("belief.txt"),
            sex=low("sex.txt"),
            politics=low("politics.txt"),
            family=low("family.txt"),
            number_words=low("number_words.txt"),
            not_names=read_list("not_names.txt", directory),
            common_words=low("common_words.txt"),
        )

    @staticmethod
    @lru_cache(maxsize=1)
    def default() -> DanishLexicon:
        """The lexicon of resources/da/, loaded once per process."""
        return DanishLexicon.load()
