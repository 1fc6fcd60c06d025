"""The SweLL label set as data (SPEC §2; guideline seed 000 §2–§3).

Everything the pipeline, the validator, the web app and the editor need to know about a label
lives here: its group, what it means, whether and how it is replaced, which flags it may carry,
examples from the guideline for tooltips. ``taxonomy_json()`` is what ``GET /api/taxonomy/``
returns.

Label kinds:

* ``main``: a category; at most one per span. ``numbered`` main labels (everything that is
  pseudonymized, plus ``extra``) need exactly one running number; the mark-up-only labels
  (``edu``, ``fam``, ``prof``, ``sensitive``, ``Cit-FL``) may carry one but need none;
* ``flag``: morphology (``gen``, ``def``, ``pl``) and ``foreign``;
* ``comment``: ``OBS!`` and ``Com!``, which carry an edge comment.

Running numbers are not labels here: any label that is a positive integer is one
(:func:`is_running_number`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "FLAGS",
    "GEO_FOREIGN_LABELS",
    "LABELS",
    "LEGACY",
    "MONTHS",
    "WEEKDAYS",
    "Label",
    "is_running_number",
    "label_info",
    "load_surrogates",
    "main_labels",
    "map_legacy_labels",
    "taxonomy_json",
]


@dataclass(frozen=True, slots=True)
class Label:
    """One label of the taxonomy (see the module docstring for ``kind`` and ``numbered``).

    ``replacement`` is a rule id that replace.py implements and the editor mirrors:
    ``firstname`` (a name of the label's gender), ``surname``, ``letter`` (``A``),
    ``swedish_town``, ``placeholder`` (``A-`` + ``placeholder``), ``number_order`` (1, 2, 3 by
    running number), ``small_number``, ``zip`` / ``license`` (letters → ABC, digits → 0),
    ``digits0`` / ``digits1`` (every digit → 0 / 1), ``fixed`` (always ``fixed``),
    ``age``/``year`` (± 2), ``day``, ``month_digit``, ``month_word``, ``keep`` (mark-up only),
    ``manual`` (the annotator writes it) or ``none`` (flags and comments).
    """

    name: str
    group: str
    kind: str
    description: str
    replacement: str
    replacement_text: str
    allowed_flags: tuple[str, ...] = ()
    optional: bool = False
    numbered: bool = True
    placeholder: str = ""
    fixed: str = ""
    examples: tuple[str, ...] = ()

    def to_json(self) -> dict:
        data = {
            "group": self.group,
            "description": self.description,
            "kind": self.kind,
            "replacement": self.replacement,
            "replacement_text": self.replacement_text,
            "allowed_flags": list(self.allowed_flags),
            "optional": self.optional,
            "numbered": self.numbered,
            "examples": list(self.examples),
        }
        if self.placeholder:
            data["placeholder"] = self.placeholder
        if self.fixed:
            data["fixed"] = self.fixed
        return data


_MORPH = ("gen", "def", "pl")
_MORPH_FOREIGN = ("gen", "def", "pl", "foreign")

GROUPS: tuple[tuple[str, str], ...] = (
    ("morphology", "Morphology (flags)"),
    ("names", "Personal names"),
    ("geographic", "Geographic data"),
    ("institutions", "Institutions"),
    ("transportation", "Transportation"),
    ("age", "Age"),
    ("dates", "Dates"),
    ("numbers", "Miscellaneous numbers"),
    ("markup", "Mark up, do not pseudonymize"),
    ("other", "Other"),
    ("optional", "Optional newer labels"),
)


def _l(
    name: str,
    group: str,
    kind: str,
    description: str,
    replacement: str,
    text: str,
    flags: tuple[str, ...] = (),
    **kw: object,
) -> Label:
    return Label(name, group, kind, description, replacement, text, flags, **kw)  # type: ignore[arg-type]


_LABEL_LIST: tuple[Label, ...] = (
    # --- morphology and the foreign flag
    _l(
        "gen",
        "morphology",
        "flag",
        "Genitive case (only marked forms are tagged).",
        "none",
        "the pseudonym gets a genitive -s",
        examples=("Volvos", "Iraks"),
    ),
    _l(
        "def",
        "morphology",
        "flag",
        "Definite form.",
        "none",
        "the pseudonym is put in the definite form",
        examples=("Stadsbibliotekets",),
    ),
    _l(
        "pl",
        "morphology",
        "flag",
        "Plural.",
        "none",
        "the pseudonym is put in the plural",
        examples=("Mölndalsbor",),
    ),
    # --- names
    _l(
        "firstname_male",
        "names",
        "main",
        "A man's first name.",
        "firstname",
        "a common male first name; different numbers get different names",
        _MORPH,
        examples=("Ahmed", "Erik"),
    ),
    _l(
        "firstname_female",
        "names",
        "main",
        "A woman's first name.",
        "firstname",
        "a common female first name; different numbers get different names",
        _MORPH,
        examples=("Anna", "Fatima"),
    ),
    _l(
        "firstname_unknown",
        "names",
        "main",
        "A first name whose bearer's gender is unknown.",
        "firstname",
        "a gender-neutral first name",
        _MORPH,
        examples=("Kim", "Robin"),
    ),
    _l(
        "initials",
        "names",
        "main",
        "Initials standing for a name.",
        "letter",
        "A",
        _MORPH,
        examples=("A.K.", "J"),
    ),
    _l(
        "middlename",
        "names",
        "main",
        "A middle name.",
        "letter",
        "A",
        _MORPH,
        examples=("Maria (in Anna Maria Svensson)",),
    ),
    _l(
        "surname",
        "names",
        "main",
        "A family name.",
        "surname",
        "a common surname",
        _MORPH,
        examples=("Svensson", "Hussein"),
    ),
    # --- geographic
    _l(
        "area",
        "geographic",
        "main",
        "Part of a city outside Sweden (always with foreign; Swedish city parts are city).",
        "placeholder",
        "A-område, B-område …",
        _MORPH_FOREIGN,
        placeholder="område",
        examples=("Vesterbro", "Greenwich Village"),
    ),
    _l(
        "city",
        "geographic",
        "main",
        "A populated place: city, town, village or (in Sweden) a city district.",
        "swedish_town",
        "Swedish: an invented Swedish-looking town or A-stad (project setting); "
        "foreign: A-stad, B-stad … or a real city of the same country (strategy a)",
        _MORPH_FOREIGN,
        placeholder="stad",
        examples=("Stockholm", "Rinkeby", "Damaskus"),
    ),
    _l(
        "country",
        "geographic",
        "main",
        "A country other than Sweden.",
        "placeholder",
        "A-land, B-land … or a real country (strategy a)",
        _MORPH,
        placeholder="land",
        examples=("Syrien", "Turkiet", "Storbritannien"),
    ),
    _l(
        "geo",
        "geographic",
        "main",
        "Any other geographic name: lakes, forests, mountains, islands …",
        "placeholder",
        "A-geoplats, B-geoplats …",
        _MORPH_FOREIGN,
        placeholder="geoplats",
        examples=("Vättern", "Kebnekaise"),
    ),
    _l(
        "place",
        "geographic",
        "main",
        "A specific place: street, square, bridge, station or stop.",
        "placeholder",
        "A-plats, B-plats …",
        _MORPH_FOREIGN,
        placeholder="plats",
        examples=("Mariatorget", "Drottninggatan", "Centralen"),
    ),
    _l(
        "region",
        "geographic",
        "main",
        "A unit larger than a city but not a country (län, landskap, province).",
        "placeholder",
        "A-region, B-region …",
        _MORPH_FOREIGN,
        placeholder="region",
        examples=("Sörmland", "Stockholms län", "Toscana", "Baltikum"),
    ),
    _l(
        "street_nr",
        "geographic",
        "main",
        "A street or place number.",
        "small_number",
        "a small number",
        examples=("12 (in Storgatan 12)",),
    ),
    _l(
        "zip_code",
        "geographic",
        "main",
        "A postal code.",
        "zip",
        "digits → 0, letters → A, B, C, delimiters kept (123 45 → 000 00)",
        examples=("123 45", "41319"),
    ),
    _l(
        "foreign",
        "geographic",
        "flag",
        "With area, city, place, region or geo: the place is outside Sweden.",
        "none",
        "real-name strategy picks a foreign name",
        examples=("Damaskus", "Toscana"),
    ),
    # --- institutions
    _l(
        "school",
        "institutions",
        "main",
        "An education-providing institution (school, SFI, Komvux, university).",
        "placeholder",
        "A-skolan, B-skolan …",
        _MORPH,
        placeholder="skolan",
        examples=("Göteborgs universitet", "Komvux Malmö"),
    ),
    _l(
        "work",
        "institutions",
        "main",
        "An institution revealed as the workplace of the writer or someone close.",
        "placeholder",
        "A-arbetsplatsen, B-arbetsplatsen …",
        _MORPH,
        placeholder="arbetsplatsen",
        examples=("Volvo", "ICA"),
    ),
    _l(
        "other_institution",
        "institutions",
        "main",
        "Any other institution in need of pseudonymization: a sports team, an NGO.",
        "placeholder",
        "A-institutionen, B-institutionen …",
        _MORPH,
        placeholder="institutionen",
        examples=("Röda korset", "IFK Göteborg"),
    ),
    # --- transportation
    _l(
        "transport_name",
        "transportation",
        "main",
        "A named transport line or system (not a transport type such as buss).",
        "placeholder",
        "A-linjen, B-linjen …",
        _MORPH,
        placeholder="linjen",
        examples=("gröna linjen", "Lidingöbanan", "Pågatågen", "Tvärbanan"),
    ),
    _l(
        "transport_nr",
        "transportation",
        "main",
        "The number of a line; only the number is labelled (buss 528, linje 3).",
        "number_order",
        "1, 2, 3 … by running number",
        examples=("528 (in buss 528)", "3 (in linje 3)"),
    ),
    # --- age
    _l(
        "age_digits",
        "age",
        "main",
        "A person's age in digits.",
        "age",
        "the age ± 2 (random within the range)",
        examples=("18 (in 18 år gammal)",),
    ),
    _l(
        "age_string",
        "age",
        "main",
        "A person's age in words, also misspelled.",
        "age",
        "the age ± 2, written in digits",
        examples=("nitton", "niotton", "tjugofemm"),
    ),
    # --- dates
    _l(
        "date_digits",
        "dates",
        "main",
        "A date written as digits with delimiters.",
        "digits1",
        "every digit → 1, delimiters kept (2018-12-01 → 1111-11-11)",
        examples=("2018-12-01", "18/01/12", "180112", "18.01.12", "01/12"),
    ),
    _l(
        "day",
        "dates",
        "main",
        "A day of the month, or a weekday name.",
        "day",
        "1–28; weekday names: a random weekday",
        examples=("15 (in den 15 maj)", "lördag"),
    ),
    _l(
        "month_digit",
        "dates",
        "main",
        "A month written as a number.",
        "month_digit",
        "1–12",
        examples=("5 (in den 5:e månaden)", "12 (in månad 12)"),
    ),
    _l(
        "month_word",
        "dates",
        "main",
        "A month name.",
        "month_word",
        "a random Swedish month name",
        _MORPH,
        examples=("januari", "maj"),
    ),
    _l(
        "year",
        "dates",
        "main",
        "A year (four digits with temporal context).",
        "year",
        "the year ± 2",
        examples=("2013", "1998"),
    ),
    # --- numbers
    _l(
        "account_nr",
        "numbers",
        "main",
        "A bank account, bankgiro, plusgiro or IBAN number.",
        "digits0",
        "every digit → 0, delimiters kept",
        examples=("8327-9 123 456 789-0", "5050-1055"),
    ),
    _l(
        "email",
        "numbers",
        "main",
        "An e-mail address.",
        "fixed",
        "email@dot.com",
        fixed="email@dot.com",
        examples=("anna.svensson@gmail.com",),
    ),
    _l(
        "extra",
        "numbers",
        "main",
        "Other identifying information not covered by a category (a very specific event).",
        "manual",
        "pseudonymized by hand by the annotator",
        examples=("vann guld i SM i judo 2015",),
    ),
    _l(
        "license_nr",
        "numbers",
        "main",
        "A certificate or licence number, e.g. a vehicle registration plate.",
        "license",
        "letters → ABC…, digits → 0 (ABC 123 → ABC 000)",
        examples=("ABC 123", "ABC 12A"),
    ),
    _l(
        "other_nr_seq",
        "numbers",
        "main",
        "Any other identifying sequence of digits.",
        "digits0",
        "every digit → 0, delimiters kept",
        examples=("123456789",),
    ),
    _l(
        "phone_nr",
        "numbers",
        "main",
        "A phone number.",
        "digits0",
        "every digit → 0, delimiters kept (070-123 45 67 → 000-000 00 00)",
        examples=("070-123 45 67", "+46 8 123 456 78"),
    ),
    _l(
        "personid_nr",
        "numbers",
        "main",
        "A personal identity number (personnummer, samordningsnummer).",
        "fixed",
        "123456-0000",
        fixed="123456-0000",
        examples=("850709-9805", "19850709-9805"),
    ),
    _l(
        "url",
        "numbers",
        "main",
        "A web address.",
        "fixed",
        "url.com",
        fixed="url.com",
        examples=("www.annasblogg.se",),
    ),
    # --- mark-up only
    _l(
        "edu",
        "markup",
        "main",
        "Education: degrees, subjects studied.",
        "keep",
        "kept as written",
        numbered=False,
        examples=("datavetare", "jag har en examen i kemi"),
    ),
    _l(
        "fam",
        "markup",
        "main",
        "Family members, friends.",
        "keep",
        "kept as written",
        _MORPH,
        numbered=False,
        examples=("mamma", "farfar", "kusin", "kompis"),
    ),
    _l(
        "prof",
        "markup",
        "main",
        "A profession.",
        "keep",
        "kept as written",
        numbered=False,
        examples=("webbutvecklare", "sjuksköterska"),
    ),
    _l(
        "sensitive",
        "markup",
        "main",
        "Sensitive information (political views, religion, health, sexual orientation) "
        "to be decided on in review.",
        "keep",
        "kept as written until the review decides",
        numbered=False,
        examples=("demonstration", "fri"),
    ),
    # --- other
    _l(
        "Cit-FL",
        "other",
        "main",
        "A citation in a foreign language.",
        "keep",
        "kept as written",
        numbered=False,
        examples=("I love you",),
    ),
    _l(
        "Com!",
        "other",
        "comment",
        "A comment for the users of the corpus (kept in the release).",
        "none",
        "carries an edge comment",
        examples=(),
    ),
    _l(
        "OBS!",
        "other",
        "comment",
        "Attention: a place to return to (internal; an error on approval).",
        "none",
        "carries an edge comment",
        examples=(),
    ),
    # --- optional newer SVALA labels (switched on per project)
    _l(
        "nickname",
        "optional",
        "main",
        "A nickname.",
        "firstname",
        "a gender-neutral name",
        _MORPH,
        optional=True,
        examples=("Mackan",),
    ),
    _l(
        "public_authority",
        "optional",
        "main",
        "A public authority.",
        "placeholder",
        "A-myndigheten, B-myndigheten …",
        _MORPH,
        optional=True,
        placeholder="myndigheten",
        examples=("Migrationsverket", "Försäkringskassan"),
    ),
    _l(
        "past_timepoint",
        "optional",
        "main",
        "A point in time in the past.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("förra sommaren",),
    ),
    _l(
        "future_timepoint",
        "optional",
        "main",
        "A point in time in the future.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("nästa år",),
    ),
    _l(
        "time_span",
        "optional",
        "main",
        "A span of time.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("i tre år",),
    ),
    _l(
        "username",
        "optional",
        "main",
        "A user name on a web site or app.",
        "fixed",
        "användare",
        optional=True,
        fixed="användare",
        examples=("anna_92",),
    ),
    _l(
        "pet_type",
        "optional",
        "main",
        "The kind of a pet.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("katt",),
    ),
    _l(
        "language",
        "optional",
        "main",
        "A language.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("arabiska", "tigrinja"),
    ),
    _l(
        "ethnicity",
        "optional",
        "main",
        "Ethnicity or nationality.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("kurd",),
    ),
    _l(
        "currency",
        "optional",
        "main",
        "A currency.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("lira",),
    ),
    _l(
        "hobby",
        "optional",
        "main",
        "A hobby.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("judo",),
    ),
    _l(
        "crime",
        "optional",
        "main",
        "A crime.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=(),
    ),
    _l(
        "health_condition",
        "optional",
        "main",
        "A health condition.",
        "keep",
        "kept as written",
        optional=True,
        numbered=False,
        examples=("diabetes",),
    ),
)

LABELS: dict[str, Label] = {label.name: label for label in _LABEL_LIST}
FLAGS: frozenset[str] = frozenset(n for n, lab in LABELS.items() if lab.kind == "flag")
GEO_FOREIGN_LABELS: frozenset[str] = frozenset({"area", "city", "place", "region", "geo"})

# Old label names met in older SVALA data → current name (None: dropped with an OBS! note).
LEGACY: dict[str, str | None] = {
    "firstname:male": "firstname_male",
    "firstname:female": "firstname_female",
    "firstname:unknown": "firstname_unknown",
    "city-SWE": "city",
    "city_swe": "city",
    "country_of_origin": "country",
    "street": "place",
    "transport": "transport_name",
    "transport_line": "transport_nr",
    "month-word": "month_word",
    "month-digit": "month_digit",
    "age": "age_digits",
    "ort": None,
}

MONTHS: tuple[str, ...] = (
    "januari",
    "februari",
    "mars",
    "april",
    "maj",
    "juni",
    "juli",
    "augusti",
    "september",
    "oktober",
    "november",
    "december",
)
WEEKDAYS: tuple[str, ...] = (
    "måndag",
    "tisdag",
    "onsdag",
    "torsdag",
    "fredag",
    "lördag",
    "söndag",
)


def is_running_number(label: str) -> bool:
    """True when ``label`` is a running number (a positive integer without leading zero)."""
    return label.isascii() and label.isdigit() and label[0] != "0"


def label_info(name: str) -> Label | None:
    """The :class:`Label` called ``name``, or None for unknown labels and running numbers."""
    return LABELS.get(name)


def main_labels(*, include_optional: bool = True) -> tuple[str, ...]:
    """Names of the main labels (categories), in taxonomy order."""
    return tuple(
        n
        for n, lab in LABELS.items()
        if lab.kind == "main" and (include_optional or not lab.optional)
    )


def map_legacy_labels(labels: list[str]) -> tuple[list[str], list[str]]:
    """Map old label names to current ones.

    Returns the new label list (order kept, duplicates removed) and notes for the annotator.
    A label that maps to nothing (``ort``) is dropped and ``OBS!`` is added, with a note saying
    what was dropped, so that someone looks at the span again.

    >>> map_legacy_labels(["firstname:male", "3"])
    (['firstname_male', '3'], [])
    >>> map_legacy_labels(["ort", "2"])
    (['2', 'OBS!'], ["legacy label 'ort' dropped: choose the right label"])
    """
    out: list[str] = []
    notes: list[str] = []
    for label in labels:
        if label in LEGACY:
            new = LEGACY[label]
            if new is None:
                notes.append(f"legacy label {label!r} dropped: choose the right label")
                new = "OBS!"
            label = new
        if label not in out:
            out.append(label)
    return out, notes


# --- surrogate lists (resources/surrogates/)

_SURROGATE_FILES = {
    "firstname_male": "firstname_male.txt",
    "firstname_female": "firstname_female.txt",
    "firstname_unknown": "firstname_unknown.txt",
    "surname": "surname.txt",
    "swedish_towns": "swedish_towns.txt",
    "street_names": "street_names.txt",
}


def surrogates_dir() -> Path:
    """Where the pseudonym lists live.

    ``$PSEUDONYMIZER_SURROGATES`` wins; then the copy installed inside the package
    (``pseudonymizer/data/surrogates``, for ``pip install``); then ``resources/surrogates`` of
    the source tree.
    """
    env = os.environ.get("PSEUDONYMIZER_SURROGATES")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    packaged = here / "data" / "surrogates"
    if packaged.is_dir():
        return packaged
    return here.parent / "resources" / "surrogates"


def _read_list(path: Path) -> list[str]:
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                rows.append(line)
    return rows


@lru_cache(maxsize=1)
def load_surrogates() -> dict[str, tuple]:
    """Load the pseudonym lists once per process.

    Keys: the six name/town/street lists of ``_SURROGATE_FILES`` (tuples of strings),
    ``countries`` (tuple of Swedish country names), ``cities_by_country`` (a tuple of
    ``(country name, (cities…))`` pairs), ``regions_by_country`` (likewise; ``Sverige`` holds
    the län), ``month_word`` and ``weekday``.
    Raises FileNotFoundError naming the directory when a list is missing.
    """
    base = surrogates_dir()
    data: dict[str, tuple] = {}
    for key, filename in _SURROGATE_FILES.items():
        path = base / filename
        if not path.is_file():
            raise FileNotFoundError(
                f"surrogate list {filename} not found in {base} "
                "(run scripts/build_surrogates.py or set PSEUDONYMIZER_SURROGATES)"
            )
        data[key] = tuple(_read_list(path))
    countries = [row.split("\t") for row in _read_list(base / "countries.tsv")]
    data["countries"] = tuple(name for _, name in countries)
    cities: dict[str, list[str]] = {}
    for row in _read_list(base / "cities_by_country.tsv"):
        _code, country, city = row.split("\t")
        cities.setdefault(country, []).append(city)
    data["cities_by_country"] = tuple((c, tuple(v)) for c, v in cities.items())
    regions: dict[str, list[str]] = {}
    path = base / "regions_by_country.tsv"
    for row in _read_list(path) if path.is_file() else []:
        _code, country, region = row.split("\t")
        regions.setdefault(country, []).append(region)
    data["regions_by_country"] = tuple((c, tuple(v)) for c, v in regions.items())
    data["month_word"] = MONTHS
    data["weekday"] = WEEKDAYS
    return data


def taxonomy_json(scheme: str = "swell") -> dict:
    """The label set as JSON for the web app and the editor (ARCHITECTURE.md, Library API).

    ``scheme="dab"`` is delegated to ``pseudonymizer.dab.taxonomy_json`` when that package
    exists; any other scheme raises ValueError.
    """
    if scheme == "dab":
        try:
            from pseudonymizer import dab  # optional, written separately
        except ImportError as exc:
            raise ValueError("scheme 'dab' is not available (pseudonymizer.dab missing)") from exc
        return dab.taxonomy_json()  # type: ignore[attr-defined]
    if scheme != "swell":
        raise ValueError(f"unknown scheme {scheme!r} (known: swell, dab)")
    groups = [
        {"id": gid, "name": name, "labels": [n for n, lab in LABELS.items() if lab.group == gid]}
        for gid, name in GROUPS
    ]
    sur = load_surrogates()
    return {
        "scheme": "swell",
        "groups": groups,
        "labels": {name: lab.to_json() for name, lab in LABELS.items()},
        "legacy": dict(LEGACY),
        "running_number": {
            "description": "Any positive integer; one counter per essay shared by all "
            "categories, in order of first appearance.",
            "pattern": "^[1-9][0-9]*$",
        },
        "surrogates": {
            key: list(sur[key])
            for key in (
                "firstname_male",
                "firstname_female",
                "firstname_unknown",
                "surname",
                "swedish_towns",
                "month_word",
                "weekday",
            )
        },
    }
