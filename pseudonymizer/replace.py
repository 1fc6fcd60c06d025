"""Pseudonyms (SPEC §2.2; guideline §3): the target text of every labelled span.

Randomness is seeded per essay (``seed``), so the same essay, labels and seed always give the
same pseudonyms; :func:`new_pseudonyms` re-rolls with a derived seed. Mentions with the same
label and running number get the same pseudonym; different numbers with the same list get
different names. Letter placeholders (``A-stad``, ``B-stad``…) follow the order of the running
numbers. Flags inflect the pseudonym (``gen`` → ``-s`` unless it ends in s/x/z; ``def``/``pl`` →
definite and plural forms of placeholders).

Strategy (a) (``Options(geo_strategy="real")``) gives real names of the same type: countries,
cities and regions from open data, and for ``place``, ``area`` and ``geo`` a curated list
(``resources/surrogates/places_real.tsv``) of names of the same kind (a street for a street, a
lake for a lake, told by the name's ending: ``-gatan``, ``-torget``, ``-sjön``…) from the
country that replaces the essay's country, so that the text stays consistent (seed 003 §3.5). A
pseudonym is never one of the essay's original strings.

Usage::

    rep = Replacer("essay-42", Options())
    rep.pseudonym("city", ("gen",), 3, "Stockholms")   # e.g. "Ekmoras"
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable
from functools import lru_cache
from operator import itemgetter

from pseudonymizer.document import Options
from pseudonymizer.taxonomy import (
    FLAGS,
    LABELS,
    MONTHS,
    WEEKDAYS,
    is_running_number,
    load_surrogates,
    surrogates_dir,
)

__all__ = [
    "Replacer",
    "apply_pseudonyms",
    "inflect",
    "HARD_REPLACEMENT_LABELS",
    "letters",
    "new_pseudonyms",
    "place_kind",
]

# Definite, plural and definite plural of the placeholder nouns (A-stad → A-staden, A-städer).
_PLACEHOLDER_FORMS: dict[str, tuple[str, str, str]] = {
    "stad": ("staden", "städer", "städerna"),
    "land": ("landet", "länder", "länderna"),
    "region": ("regionen", "regioner", "regionerna"),
    "område": ("området", "områden", "områdena"),
    "plats": ("platsen", "platser", "platserna"),
    "geoplats": ("geoplatsen", "geoplatser", "geoplatserna"),
    "skolan": ("skolan", "skolor", "skolorna"),
    "arbetsplatsen": ("arbetsplatsen", "arbetsplatser", "arbetsplatserna"),
    "institutionen": ("institutionen", "institutioner", "institutionerna"),
    "linjen": ("linjen", "linjer", "linjerna"),
    "myndigheten": ("myndigheten", "myndigheter", "myndigheterna"),
}

_WEEKDAY_STEMS = tuple(WEEKDAYS)


def letters(index: int) -> str:
    """The placeholder letter for the ``index``-th entity: A, B, … Z, AA, AB …"""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def inflect(word: str, flags: Iterable[str]) -> str:
    """Add the genitive ``-s`` when ``gen`` is among ``flags`` (not after s, x or z)."""
    if "gen" in flags and word and word[-1].lower() not in "sxz":
        return word + "s"
    return word


def _placeholder(letter: str, noun: str, flags: Iterable[str]) -> str:
    flags = set(flags)
    definite, plural, def_plural = _PLACEHOLDER_FORMS.get(noun, (noun, noun, noun))
    if "pl" in flags:
        form = def_plural if "def" in flags else plural
    elif "def" in flags:
        form = definite
    else:
        form = noun
    return inflect(f"{letter}-{form}", flags)


def _mask(text: str, digit: str, letter_mode: str | None = None) -> str:
    """Digits → ``digit``; letters → A, B, C… (``letter_mode="abc"``) or kept; rest kept."""
    out = []
    k = 0
    for ch in text:
        if ch.isdigit():
            out.append(digit)
        elif ch.isalpha() and letter_mode == "abc":
            out.append(chr(ord("A") + k % 26))
            k += 1
        else:
            out.append(ch)
    return "".join(out)


class _Draws:
    """Deterministic pseudo-random draws from a hash of ``parts``.

    Seeding ``random.Random`` costs ~8 µs; one BLAKE2b digest per draw costs well under 1 µs, and
    the choices only need to be unpredictable-looking and reproducible, not statistically
    perfect.
    """

    __slots__ = ("_key", "_n")

    def __init__(self, *parts: object) -> None:
        # surrogatepass: a text with an unpaired surrogate (valid in JSON) is a valid seed too
        self._key = "\x1f".join(map(str, parts)).encode("utf-8", "surrogatepass")
        self._n = 0

    def _next(self) -> int:
        self._n += 1
        n = self._n
        salt = _SALTS[n] if n < len(_SALTS) else n.to_bytes(8, "big")
        digest = hashlib.blake2b(self._key, digest_size=8, salt=salt)
        return int.from_bytes(digest.digest(), "big")

    def randrange(self, n: int) -> int:
        return self._next() % n

    def randint(self, low: int, high: int) -> int:
        return low + self._next() % (high - low + 1)

    def choice(self, seq):  # noqa: ANN001, ANN201
        return seq[self._next() % len(seq)]


# the salts of the first draws of a _Draws (most take one to three)
_SALTS = tuple(n.to_bytes(8, "big") for n in range(16))

_rng = _Draws  # the draws for an entity or a mention: _rng(seed, rule, number, text)


# The rules whose pseudonym is drawn anew for each mention (see Replacer._random).
_RANDOM_RULES = frozenset("age year day month_digit month_word small_number".split())
_NAME_POOLS = {"firstname_male": "firstname_male", "firstname_female": "firstname_female"}

# What Replacer.pseudonym does for a label, by its rule (the tests it made in this order for
# every call, made once per label here): an unknown or not main label gives "" (_NO_RULE), a
# mark-up-only, manual or "none" rule "" after the flags are read (_KEEP); the entity rules go
# to Replacer._base, names inflected after it (_NAME_BASE).
_NO_RULE, _KEEP, _FIXED, _DIGITS0, _DIGITS1, _ZIP, _LETTER, _RANDOM, _BASE, _NAME_BASE = range(10)


def _rule_code(rule: str) -> int:
    if rule in ("keep", "manual", "none"):
        return _KEEP
    if rule == "fixed":
        return _FIXED
    if rule == "digits0":
        return _DIGITS0
    if rule == "digits1":
        return _DIGITS1
    if rule in ("zip", "license"):
        return _ZIP
    if rule == "letter":
        return _LETTER
    if rule in _RANDOM_RULES:
        return _RANDOM
    return _NAME_BASE if rule in ("firstname", "surname") else _BASE


_RULE_CODES: dict[str, int] = {
    name: _rule_code(info.replacement) for name, info in LABELS.items() if info.kind == "main"
}


def _read_int(text: str) -> int | None:
    digits = re.findall(r"\d+", text)
    return int(digits[0]) if digits else None


_PLAN_ORDER = itemgetter(0, 1)  # countries first, then by running number


class Replacer:
    """Chooses pseudonyms for one essay.

    Call :meth:`plan` with every ``(label, flags, number)`` of the essay first when you can (the
    pipeline does): letters and distinct names are then given in number order, whatever order
    the spans are replaced in. Without it they are given in call order.
    """

    def __init__(self, seed: object, options: Options | None = None) -> None:
        # a short digest: the seed may be the whole essay text (annotate's default), and every
        # draw hashes the seed again
        self.seed = hashlib.blake2b(
            str(seed).encode("utf-8", "surrogatepass"), digest_size=12
        ).hexdigest()
        self.options = options or Options()
        self._chosen: dict[tuple[str, int], str] = {}  # (pool, number) → base pseudonym
        # (label, flags, number) → what _base gave: once an entity's pseudonym is chosen,
        # _base gives it again for every mention (its choices are kept by number), so the
        # mentions after the first (and the replacement after the plan) just look it up
        self._bases: dict[tuple[str, tuple[str, ...], int], str] = {}
        self._letter_of: dict[tuple[str, int], int] = {}  # (pool, number) → letter index
        self._letters_in: dict[str, int] = {}  # pool → letters given in it
        self._used: dict[str, set[str]] = {}
        self._real_country: str | None = None  # the pseudonym of the essay's first country
        self._real_city_country: str | None = None  # the country of the first real city
        self._originals: set[str] = set()  # the essay's mentions, never chosen as pseudonyms
        self._remembered: set[str] = set()  # the mention texts already added to _originals

    # --- planning
    def plan(self, items: Iterable[tuple]) -> None:
        """Fix letter order and name choices by ascending running number.

        ``items`` are ``(label, flags, number)`` or ``(label, flags, number, text)``; with the
        mention texts no pseudonym can be one of the essay's original strings (without them a
        name drawn at planning time may equal the name it replaces). Countries are planned
        first, so the real cities and places of strategy (a) follow the country's pseudonym.
        """
        planned = []  # (not a country, number, label, flags, text)
        for given in items:
            item = tuple(given)
            text = item[3] if len(item) > 3 else ""
            if text and text not in self._remembered:
                self._remember(text)
            if item[2] is not None:
                planned.append((item[0] != "country", item[2], item[0], tuple(item[1]), text))
        planned.sort(key=_PLAN_ORDER)  # stable: mentions of one number in text order
        bases = self._bases
        for _, number, label, flags, text in planned:
            key = (label, flags, number)
            if key not in bases:
                bases[key] = self._base(label, set(flags), number, text)

    def _remember(self, text: str) -> None:
        """Mark ``text`` (and its form without a genitive ``-s``) as an original string."""
        if text in self._remembered:
            return  # a name is remembered when planned and again when replaced
        self._remembered.add(text)
        low = " ".join(text.lower().split())
        if low:
            self._originals.add(low)
            if low.endswith("s") and len(low) > 2:
                self._originals.add(low[:-1])

    def _is_original(self, candidate: str) -> bool:
        return candidate.lower() in self._originals

    # --- the rules
    def pseudonym(
        self,
        label: str,
        flags: Iterable[str],
        number: int | None,
        text: str,
        value: int | None = None,
    ) -> str:
        """The pseudonym for a mention ``text`` with ``label``, ``flags`` and running ``number``.

        Returns ``""`` for mark-up-only labels and ``extra`` (the text is kept or written by
        the annotator). Unknown labels give ``""`` as well.
        """
        # the label's rule, told once per label (_RULE_CODES), not by a chain of tests per call
        code = _RULE_CODES.get(label, _NO_RULE)
        if code >= _BASE:  # names, places, institutions, line numbers: most mentions
            if text and text not in self._remembered:  # (planned mentions are remembered)
                self._remember(text)  # unplanned calls: this mention is an original from now on
            if number is None:
                base = self._base(label, set(flags), number, text)
            else:
                flags = tuple(flags)
                key = (label, flags, number)
                base = self._bases.get(key)
                if base is None:
                    base = self._bases[key] = self._base(label, set(flags), number, text)
            return inflect(base, flags) if code == _NAME_BASE else base
        if code == _NO_RULE:
            return ""
        flags = set(flags)
        if code == _KEEP:
            return ""
        if code == _RANDOM:
            return self._random(LABELS[label].replacement, flags, number, text, value)
        if code == _FIXED:
            return LABELS[label].fixed
        if code == _DIGITS0:
            return _mask(text, "0")
        if code == _DIGITS1:
            return _mask(text, "1")
        if code == _ZIP:
            return _mask(text, "0", "abc")
        return inflect("A", flags)  # _LETTER

    def _random(
        self, rule: str, flags: set[str], number: int | None, text: str, value: int | None
    ) -> str:
        """The pseudonyms drawn at random for each mention (ages, years, days, months)."""
        rng = _rng(self.seed, rule, number, text if number is None else "")
        if rule == "age":
            age = value if value is not None else _age_value(text)
            if age is None:
                return _mask(text, "0") if any(c.isdigit() for c in text) else "20"
            return str(max(1, age + rng.randint(-2, 2)))
        if rule == "year":
            year = _read_int(text)
            if year is not None and len(text) == 2:
                return f"{(year + rng.randint(-2, 2)) % 100:02d}"  # "född -95" → "-97"
            return str(year + rng.randint(-2, 2)) if year is not None else _mask(text, "1")
        if rule == "day":
            low = text.lower()
            if low in _ordinal_days():
                # "den första maj" → "den tolfte maj": an ordinal word for an ordinal word
                word = rng.choice(_ordinal_day_words())
                return word.capitalize() if text[:1].isupper() else word
            if low[:1].isalpha():
                return _weekday(low, rng)
            return str(rng.randint(1, 28))
        if rule == "month_digit":
            return str(rng.randint(1, 12))
        if rule == "month_word":
            month = rng.choice(MONTHS)
            return inflect(month.capitalize() if text[:1].isupper() else month, flags)
        # small_number
        return str(rng.randint(1, 40))

    def _base(self, label: str, flags: set[str], number: int | None, text: str) -> str:
        """Pseudonyms that depend on the entity (names, places, institutions, line numbers)."""
        info = LABELS[label]
        rule = info.replacement
        opts = self.options
        if rule in ("firstname", "surname"):
            pool = _NAME_POOLS.get(label, "firstname_unknown" if rule == "firstname" else "surname")
            return self._pick(pool, number, text)
        if rule == "number_order":
            return str(self._letter_index("transport_nr", number) + 1)
        if label == "city" and "foreign" not in flags:
            if opts.swedish_city_strategy == "invented":
                return inflect(self._pick("swedish_towns", number, text), flags)
            return _placeholder(letters(self._letter_index("city", number)), "stad", flags)
        if opts.geo_strategy == "real":
            if label == "country":
                return inflect(self._real_country_for(number), flags)
            if label == "city":
                return inflect(self._real_city(number, text), flags)
            if label == "region":
                region = self._real_region(number, text, "foreign" in flags)
                if region:
                    return inflect(region, flags)
            elif label in ("place", "area", "geo"):
                real = self._real_place(label, flags, number, text)
                if real:
                    return inflect(real, flags)
        if rule in ("placeholder", "swedish_town"):
            noun = info.placeholder
            return _placeholder(letters(self._letter_index(label, number)), noun, flags)
        return ""

    def _letter_index(self, pool: str, number: int | None) -> int:
        key = (pool, number if number is not None else -1)
        index = self._letter_of.get(key)
        if index is None:
            # the number of letters given in this pool so far
            index = self._letter_of[key] = self._letters_in.get(pool, 0)
            self._letters_in[pool] = index + 1
        return index

    def _pick(self, pool: str, number: int | None, text: str) -> str:
        """A name from ``pool`` for entity ``number``, different from the other numbers' names
        and from the original (a pseudonym equal to the original would leak nothing new but
        reads as unpseudonymized)."""
        key = (pool, number if number is not None else -1)
        if key in self._chosen:
            return self._chosen[key]
        names = load_surrogates()[pool]
        used = self._used.setdefault(pool, set())
        rng = _rng(self.seed, pool, key[1], text if number is None else "")
        start = rng.randrange(len(names))
        if text and text not in self._remembered:
            self._remember(text)
        choice = names[start]
        for step in range(len(names)):
            candidate = names[(start + step * 7919) % len(names)]
            if candidate not in used and not self._is_original(candidate):
                choice = candidate
                break
        used.add(choice)
        self._chosen[key] = choice
        return choice

    def _real_country_for(self, number: int | None) -> str:
        key = ("real_country", number if number is not None else -1)
        if key not in self._chosen:
            countries = _pseudonym_countries()
            rng = _rng(self.seed, "country", key[1])
            used = self._used.setdefault("real_country", set())
            choice = rng.choice(countries)
            for _ in range(50):
                if choice not in used and not self._is_original(choice):
                    break
                choice = rng.choice(countries)
            used.add(choice)
            self._chosen[key] = choice
            if self._real_country is None:
                self._real_country = choice
        return self._chosen[key]

    def _real_region(self, number: int | None, text: str, foreign: bool) -> str:
        """A real region: another Swedish län for a Swedish region, else a region of the country
        that replaces the essay's first country (or of a random country)."""
        key = ("real_region", number if number is not None else -1)
        if key in self._chosen:
            return self._chosen[key]
        table = dict(load_surrogates().get("regions_by_country", ()))
        if not table:
            return ""
        rng = _rng(self.seed, "region", key[1])
        if foreign:
            country = self._real_country or rng.choice(sorted(c for c in table if c != "Sverige"))
        else:
            country = "Sverige"
        options = list(table.get(country) or table[rng.choice(sorted(table))])
        used = self._used.setdefault("real_region", set())
        choice = self._fresh(rng, options, used, text)
        used.add(choice)
        self._chosen[key] = choice
        return choice

    def _real_city(self, number: int | None, text: str) -> str:
        """A real city of the country that replaces the essay's first country (so the text
        stays consistent: seed 003 §3.5), else of a random country."""
        key = ("real_city", number if number is not None else -1)
        if key in self._chosen:
            return self._chosen[key]
        table = dict(load_surrogates()["cities_by_country"])
        rng = _rng(self.seed, "city", key[1])
        country = self._real_country or rng.choice(_pseudonym_countries())
        if country not in table:
            country = rng.choice(_pseudonym_countries())
        if self._real_city_country is None:
            self._real_city_country = country
        cities = list(table[country])
        used = self._used.setdefault("real_city", set())
        choice = self._fresh(rng, cities, used, text)
        used.add(choice)
        self._chosen[key] = choice
        return choice

    def _real_place(self, label: str, flags: set[str], number: int | None, text: str) -> str:
        """A real name of the same kind for ``place``, ``area`` or ``geo`` (strategy (a)).

        Swedish mentions get a Swedish name (Storgatan, Stortorget, Stensjön…); foreign ones a
        name from the country that replaces the essay's country (or the country of its first
        replaced city), else a name used everywhere (Old Town, Main Street); a foreign lake or
        mountain of a country without one in the list keeps its placeholder (returns "").
        """
        key = ("real_" + label, number if number is not None else -1)
        if key in self._chosen:
            return self._chosen[key]
        foreign = "foreign" in flags or label == "area"
        kind = place_kind(label, text)
        table = _real_places()
        rows = [r for r in table["rows"] if r[0] == label and (kind is None or r[1] == kind)]
        if text:
            self._remember(text)
        if not foreign:
            tiers = [[name for _, _, where, name in rows if "SE" in where]]
        else:
            country = self._real_country or self._real_city_country
            code = table["codes"].get(country) if country else None
            abroad = [r for r in rows if "SE" not in r[2] or len(r[2]) > 1]
            tiers = [
                [name for _, _, where, name in abroad if code and code in where],
                [name for _, _, where, name in abroad if "*" in where],
            ]
            if code is None:
                tiers.append([name for _, _, _, name in abroad])
        # the first tier with a name that is not an original of the essay
        options = next(
            (t for t in ([o for o in tier if not self._is_original(o)] for tier in tiers) if t),
            [],
        )
        if not options:
            self._chosen[key] = ""
            return ""
        rng = _rng(self.seed, label, key[1])
        used = self._used.setdefault("real_" + label, set())
        choice = self._fresh(rng, options, used, text)
        used.add(choice)
        self._chosen[key] = choice
        return choice

    def _fresh(self, rng: _Draws, options: list[str], used: set[str], text: str) -> str:
        """A random option not used for another number and not an original string."""
        if text:
            self._remember(text)
        fresh = [o for o in options if o not in used and not self._is_original(o)]
        if not fresh:
            fresh = [o for o in options if not self._is_original(o)] or options
        return rng.choice(fresh)


# --- kinds of places (strategy (a)): a street for a street, a lake for a lake

_KIND_SUFFIXES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "place": (
        ("station", tuple("station stationen centralen hållplats hållplatsen resecentrum "
                          "resecentrumet bahnhof gare garı otogar terminal terminalen "
                          "stasjon".split())),
        ("square", tuple("torget torg torgen plan square platz plaza piazza meydanı meydan "
                         "rynek tori torvet markt marktplein pladsen plassen".split())),
        ("park", tuple("parken park trädgården trädgård parque parco parkı jardin garden "
                       "gardens".split())),
        ("bridge", tuple("bron bro brücke bridge köprü köprüsü".split())),
        ("street", tuple("gatan gata vägen väg gränd gränden stigen allén backen leden street "
                         "road lane avenue straße strasse straat gade gate katu caddesi sokak "
                         "sokağı ulica ulitsa prospekt boulevard".split())),
    ),
    "geo": (
        ("lake", tuple("sjön sjö sjöarna träsket träsk vattnet tjärnen tjärn gölen göl lake "
                       "see lago gölü loch järvi".split())),
        ("mountain", tuple("berget berg bergen fjället fjäll fjällen kullen kulle åsen toppen "
                           "mountain mountains dağı dağ spitze horn piggen tunturi".split())),
        ("river", tuple("ån älven älv bäcken floden river fluss nehri joki strömmen".split())),
        ("forest", tuple("skogen skog marken forest wald woods metsä".split())),
        ("island", tuple("ön ö holmen holme öarna skär skäret island islands insel isla isola "
                         "adası saari".split())),
    ),
}
_KIND_PREFIXES: dict[str, dict[str, str]] = {
    "place": {
        **dict.fromkeys("rue avenue avenida calle via corso ulica ulitsa vulytsja".split(),
                        "street"),
        **dict.fromkeys("place plaza piazza plac ploshchad".split(), "square"),
        **dict.fromkeys("pont puente ponte".split(), "bridge"),
        **dict.fromkeys("gare estación stazione dworzec".split(), "station"),
        **dict.fromkeys("parc parque parco".split(), "park"),
    },
    "geo": {
        **dict.fromkeys("lake lago loch lac".split(), "lake"),
        **dict.fromkeys("mount monte mont jabal jebel djebel".split(), "mountain"),
        **dict.fromkeys("isla isola île".split(), "island"),
        **dict.fromkeys("river rio río nahr".split(), "river"),
    },
}


def place_kind(label: str, text: str) -> str | None:
    """The kind of a ``place`` (street, square, station, park, bridge) or ``geo`` (lake,
    mountain, river, forest, island) mention, from a listed name (Vättern → lake) or the
    name's first or last word (``Kungsgatan`` → street, ``Lago di Garda`` → lake); a genitive
    ``-s`` is ignored. ``place`` defaults to street; ``geo`` of unknown kind and ``area``
    give ``None`` (any kind).
    """
    low = " ".join(text.lower().split())
    if not low or label not in _KIND_SUFFIXES:
        return None
    forms = [low]
    if low.endswith("s") and len(low) > 3:
        forms.append(low[:-1])
    known = _real_places()["kinds"]
    for form in forms:
        if (label, form) in known:
            return known[(label, form)]
    for form in forms:
        words = form.replace("-", " ").split()
        first = _KIND_PREFIXES[label].get(words[0]) if len(words) > 1 else None
        if first:
            return first
        last = words[-1]
        for kind, suffixes in _KIND_SUFFIXES[label]:
            # the ending alone or after at least three letters (Stor|sjön, Visings|ö)
            if any(last == suf or (last.endswith(suf) and len(last) >= len(suf) + 3)
                   for suf in suffixes):
                return kind
    return "street" if label == "place" else None


@lru_cache(maxsize=1)
def _pseudonym_countries() -> tuple[str, ...]:
    """Countries that read naturally as a pseudonym: those with at least five cities of 15,000
    inhabitants (173 of 249 CLDR territories; not Antarktis, Bouvetön or Norfolkön), so that
    there are real cities to go with them."""
    sur = load_surrogates()
    cities = dict(sur["cities_by_country"])
    return tuple(c for c in sur["countries"] if len(cities.get(c, ())) >= 5)


@lru_cache(maxsize=1)
def _real_places() -> dict:
    """``rows``: (label, kind, countries, name) of ``places_real.tsv``; ``kinds``: the kind of
    each listed name; ``codes``: ISO code of each Swedish country name of ``countries.tsv``."""
    base = surrogates_dir()
    rows = []
    kinds: dict[tuple[str, str], str] = {}
    path = base / "places_real.tsv"
    for line in _lines(path) if path.is_file() else ():
        label, kind, where, name = line.split("\t")
        rows.append((label, kind, frozenset(where.split(",")), name))
        kinds.setdefault((label, name.lower()), kind)
    codes = {}
    for line in _lines(base / "countries.tsv"):
        code, name = line.split("\t")
        codes[name] = code
    for line in _lines(base / "cities_by_country.tsv"):
        code, name, _city = line.split("\t")
        codes.setdefault(name, code)
    return {"rows": tuple(rows), "kinds": kinds, "codes": codes}


def _lines(path: object) -> list[str]:
    with open(path, encoding="utf-8") as fh:  # noqa: PTH123
        return [ln.rstrip("\n") for ln in fh if ln.strip() and not ln.startswith("#")]


@lru_cache(maxsize=1)
def _ordinal_days() -> dict[str, int]:
    from pseudonymizer.detectors.dates import ORDINAL_DAYS  # the detector's ordinal words

    return ORDINAL_DAYS


@lru_cache(maxsize=1)
def _ordinal_day_words() -> tuple[str, ...]:
    """The ordinal words of the days 1 to 28 (every month has them), in the detector's order."""
    return tuple(w for w, k in _ordinal_days().items() if k <= 28)


def _weekday(low: str, rng: _Draws) -> str:
    stem = rng.choice(_WEEKDAY_STEMS)
    for wd in _WEEKDAY_STEMS:
        if low.startswith(wd):
            return stem + low[len(wd) :]  # keep the inflection: "lördagen" → "tisdagen"
    return stem


def _age_value(text: str) -> int | None:
    value = _read_int(text)
    if value is not None:
        return value
    from pseudonymizer.detectors.age import parse_number_word  # the number-word reader

    return parse_number_word(text.strip(), fuzzy=True)


# --- graph level


def _edge_texts(graph: dict, edge: dict, order: dict[str, int] | None = None) -> str:
    """The source text of ``edge`` (``order``: position of each source token id, computed
    once per graph by the caller)."""
    if order is None:
        order = {tok["id"]: k for k, tok in enumerate(graph["source"])}
    src = sorted((i for i in edge["ids"] if i in order), key=order.__getitem__)
    return "".join(graph["source"][order[i]]["text"] for i in src).strip()


def apply_pseudonyms(
    graph: dict, seed: object, options: Options | None = None, *, keep: Iterable[str] = ()
) -> dict:
    """Recompute the target of every labelled edge of ``graph`` from its labels.

    Edges whose ids are in ``keep`` (e.g. targets the annotator typed) are left alone, as are
    edges with only mark-up labels (their target stays as written); kept edges still count for
    the letter order and the names already given. Returns a new graph.
    """
    from pseudonymizer.graph import set_edge_target

    keep = set(keep)
    rep = Replacer(seed, options)
    items = []
    work = []
    for eid, label, flags, number, text in _labelled_edges(graph):
        # kept edges are planned too: letters and names follow the whole essay
        items.append((label, flags, number, text))
        if eid not in keep:
            work.append((eid, label, flags, number, text))
    rep.plan(items)
    graph = copy.deepcopy(graph)  # one copy, then edited in place
    for eid, label, flags, number, text in work:
        pseudo = rep.pseudonym(label, flags, number, text)
        if pseudo:
            graph = set_edge_target(graph, eid, pseudo, in_place=True)
    return graph


def _labelled_edges(graph: dict) -> list[tuple[str, str, tuple[str, ...], int | None, str]]:
    """``(edge id, main label, flags, number, source text)`` of each edge with a main label."""
    order = {tok["id"]: k for k, tok in enumerate(graph["source"])}
    out = []
    for eid, edge in graph["edges"].items():
        labels = edge.get("labels") or []
        main = [x for x in labels if x in LABELS and LABELS[x].kind == "main"]
        if not main:
            continue
        numbers = [int(x) for x in labels if is_running_number(x)]
        number = numbers[0] if numbers else None
        flags = tuple(x for x in labels if x in FLAGS)
        out.append((eid, main[0], flags, number, _edge_texts(graph, edge, order)))
    return out


# The hard-replacement categories of seed 003 (Table 1, §3.5: "replaced once without any
# further possibilities"): ages, dates and the number-like labels. "New pseudonyms" re-rolls
# only the placeholder group (names, places, institutions, transport).
HARD_REPLACEMENT_GROUPS = frozenset({"age", "dates", "numbers"})
HARD_REPLACEMENT_LABELS = frozenset(
    {n for n, lab in LABELS.items() if lab.group in HARD_REPLACEMENT_GROUPS} | {"zip_code"}
)


def new_pseudonyms(graph: dict, seed: object, options: Options | None = None) -> dict:
    """The "new pseudonyms" action: re-roll the random choices of the placeholder group
    (names, towns, places, real countries…).

    The seed is combined with the current target text, so each re-roll gives new choices and
    the same graph re-rolled with the same seed gives the same result. Hard-replacement
    categories (ages, years, days, months, number masks: ``HARD_REPLACEMENT_LABELS``) never
    change: they are computed from the essay's own ``seed``, as by :func:`apply_pseudonyms`.
    Deterministic categories (placeholders, masks, fixed strings) come out the same.
    """
    from pseudonymizer.graph import target_text

    current = hashlib.blake2b(
        target_text(graph).encode("utf-8", "surrogatepass"), digest_size=8
    ).hexdigest()
    hard = [eid for eid, label, *_ in _labelled_edges(graph) if label in HARD_REPLACEMENT_LABELS]
    hard_set = set(hard)
    rerolled = apply_pseudonyms(graph, f"{seed}\x1freroll\x1f{current}", options, keep=hard)
    others = [eid for eid in rerolled["edges"] if eid not in hard_set]
    return apply_pseudonyms(rerolled, seed, options, keep=others)
