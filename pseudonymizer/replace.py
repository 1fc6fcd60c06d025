"""Pseudonyms (SPEC §2.2; guideline §3): the target text of every labelled span.

Randomness is seeded per essay (``seed``), so the same essay, labels and seed always give the
same pseudonyms; :func:`new_pseudonyms` re-rolls with a derived seed. Mentions with the same
label and running number get the same pseudonym; different numbers with the same list get
different names. Letter placeholders (``A-stad``, ``B-stad``…) follow the order of the running
numbers. Flags inflect the pseudonym (``gen`` → ``-s`` unless it ends in s/x/z; ``def``/``pl`` →
definite and plural forms of placeholders).

Usage::

    rep = Replacer("essay-42", Options())
    rep.pseudonym("city", ("gen",), 3, "Stockholms")   # e.g. "Ekmoras"
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable

from pseudonymizer.document import Options
from pseudonymizer.taxonomy import (
    FLAGS,
    LABELS,
    MONTHS,
    WEEKDAYS,
    is_running_number,
    load_surrogates,
)

__all__ = [
    "Replacer",
    "apply_pseudonyms",
    "inflect",
    "letters",
    "new_pseudonyms",
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
        self._key = "\x1f".join(map(str, parts)).encode()
        self._n = 0

    def _next(self) -> int:
        self._n += 1
        digest = hashlib.blake2b(self._key, digest_size=8, salt=self._n.to_bytes(8, "big"))
        return int.from_bytes(digest.digest(), "big")

    def randrange(self, n: int) -> int:
        return self._next() % n

    def randint(self, low: int, high: int) -> int:
        return low + self._next() % (high - low + 1)

    def choice(self, seq):  # noqa: ANN001, ANN201
        return seq[self._next() % len(seq)]


def _rng(*parts: object) -> _Draws:
    return _Draws(*parts)


def _read_int(text: str) -> int | None:
    digits = re.findall(r"\d+", text)
    return int(digits[0]) if digits else None


class Replacer:
    """Chooses pseudonyms for one essay.

    Call :meth:`plan` with every ``(label, flags, number)`` of the essay first when you can (the
    pipeline does): letters and distinct names are then given in number order, whatever order
    the spans are replaced in. Without it they are given in call order.
    """

    def __init__(self, seed: object, options: Options | None = None) -> None:
        # a short digest: the seed may be the whole essay text (annotate's default), and every
        # draw hashes the seed again
        self.seed = hashlib.blake2b(str(seed).encode(), digest_size=12).hexdigest()
        self.options = options or Options()
        self._chosen: dict[tuple[str, int], str] = {}  # (pool, number) → base pseudonym
        self._letter_of: dict[tuple[str, int], int] = {}  # (pool, number) → letter index
        self._used: dict[str, set[str]] = {}
        self._real_country: str | None = None

    # --- planning
    def plan(self, items: Iterable[tuple[str, Iterable[str], int | None]]) -> None:
        """Fix letter order and name choices by ascending running number."""
        for label, flags, number in sorted(
            ((lab, tuple(f), n) for lab, f, n in items if n is not None), key=lambda x: x[2]
        ):
            self._base(label, set(flags), number, "")

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
        info = LABELS.get(label)
        if info is None or info.kind != "main":
            return ""
        flags = set(flags)
        rule = info.replacement
        if rule in ("keep", "manual", "none"):
            return ""
        if rule == "fixed":
            return info.fixed
        if rule == "digits0":
            return _mask(text, "0")
        if rule == "digits1":
            return _mask(text, "1")
        if rule in ("zip", "license"):
            return _mask(text, "0", "abc")
        if rule == "letter":
            return inflect("A", flags)
        rng = _rng(self.seed, rule, number, text if number is None else "")
        if rule == "age":
            age = value if value is not None else _age_value(text)
            if age is None:
                return _mask(text, "0") if any(c.isdigit() for c in text) else "20"
            return str(max(1, age + rng.randint(-2, 2)))
        if rule == "year":
            year = _read_int(text)
            return str(year + rng.randint(-2, 2)) if year is not None else _mask(text, "1")
        if rule == "day":
            low = text.lower()
            if low[:1].isalpha():
                return _weekday(low, rng)
            return str(rng.randint(1, 28))
        if rule == "month_digit":
            return str(rng.randint(1, 12))
        if rule == "month_word":
            month = rng.choice(MONTHS)
            return inflect(month.capitalize() if text[:1].isupper() else month, flags)
        if rule == "small_number":
            return str(rng.randint(1, 40))
        base = self._base(label, flags, number, text)
        return inflect(base, flags) if rule in ("firstname", "surname") else base

    def _base(self, label: str, flags: set[str], number: int | None, text: str) -> str:
        """Pseudonyms that depend on the entity (names, places, institutions, line numbers)."""
        info = LABELS[label]
        rule = info.replacement
        opts = self.options
        if rule in ("firstname", "surname"):
            pool = {
                "firstname_male": "firstname_male",
                "firstname_female": "firstname_female",
            }.get(label, "firstname_unknown" if rule == "firstname" else "surname")
            return self._pick(pool, number, text)
        if rule == "number_order":
            return str(self._letter_index("transport_nr", number) + 1)
        if label == "city" and "foreign" not in flags:
            if opts.swedish_city_strategy == "invented":
                return inflect(self._pick("swedish_towns", number, text), flags)
            return _placeholder(letters(self._letter_index("city", number)), "stad", flags)
        if opts.geo_strategy == "real" and label == "country":
            return inflect(self._real_country_for(number), flags)
        if opts.geo_strategy == "real" and label == "city":
            return inflect(self._real_city(number, text), flags)
        if opts.geo_strategy == "real" and label == "region":
            region = self._real_region(number, text, "foreign" in flags)
            if region:
                return inflect(region, flags)
        if rule in ("placeholder", "swedish_town"):
            noun = info.placeholder
            return _placeholder(letters(self._letter_index(label, number)), noun, flags)
        return ""

    def _letter_index(self, pool: str, number: int | None) -> int:
        key = (pool, number if number is not None else -1)
        if key not in self._letter_of:
            self._letter_of[key] = sum(1 for p, _ in self._letter_of if p == pool)
        return self._letter_of[key]

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
        original = text.strip().lower()
        choice = names[start]
        for step in range(len(names)):
            candidate = names[(start + step * 7919) % len(names)]
            if candidate not in used and candidate.lower() != original:
                choice = candidate
                break
        used.add(choice)
        self._chosen[key] = choice
        return choice

    def _real_country_for(self, number: int | None) -> str:
        key = ("real_country", number if number is not None else -1)
        if key not in self._chosen:
            countries = load_surrogates()["countries"]
            rng = _rng(self.seed, "country", key[1])
            used = self._used.setdefault("real_country", set())
            choice = rng.choice(countries)
            for _ in range(50):
                if choice not in used:
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
        choice = _pick_other(rng, options, used, text)
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
        country = self._real_country or rng.choice(sorted(table))
        cities = list(table.get(country) or table[rng.choice(sorted(table))])
        used = self._used.setdefault("real_city", set())
        options = [c for c in cities if c not in used and c.lower() != text.lower()] or cities
        choice = rng.choice(options)
        used.add(choice)
        self._chosen[key] = choice
        return choice


def _pick_other(rng: _Draws, options: list[str], used: set[str], text: str) -> str:
    fresh = [o for o in options if o not in used and o.lower() != text.lower()] or options
    return rng.choice(fresh)


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


def _edge_texts(graph: dict, edge: dict) -> str:
    order = {tok["id"]: k for k, tok in enumerate(graph["source"])}
    src = sorted((i for i in edge["ids"] if i in order), key=order.__getitem__)
    by_id = {tok["id"]: tok for tok in graph["source"]}
    return "".join(by_id[i]["text"] for i in src).strip()


def apply_pseudonyms(
    graph: dict, seed: object, options: Options | None = None, *, keep: Iterable[str] = ()
) -> dict:
    """Recompute the target of every labelled edge of ``graph`` from its labels.

    Edges whose ids are in ``keep`` (e.g. targets the annotator typed) are left alone, as are
    edges with only mark-up labels (their target stays as written). Returns a new graph.
    """
    from pseudonymizer.graph import set_edge_target

    keep = set(keep)
    rep = Replacer(seed, options)
    items = []
    work = []
    for eid, edge in graph["edges"].items():
        labels = edge.get("labels") or []
        main = [x for x in labels if x in LABELS and LABELS[x].kind == "main"]
        if not main or eid in keep:
            continue
        numbers = [int(x) for x in labels if is_running_number(x)]
        number = numbers[0] if numbers else None
        flags = tuple(x for x in labels if x in FLAGS)
        items.append((main[0], flags, number))
        work.append((eid, main[0], flags, number))
    rep.plan(items)
    graph = copy.deepcopy(graph)  # one copy, then edited in place
    for eid, label, flags, number in work:
        text = _edge_texts(graph, graph["edges"][eid])
        pseudo = rep.pseudonym(label, flags, number, text)
        if pseudo:
            graph = set_edge_target(graph, eid, pseudo, in_place=True)
    return graph


def new_pseudonyms(graph: dict, seed: object, options: Options | None = None) -> dict:
    """The "new pseudonyms" action: re-roll the random choices (names, towns, ages, days…).

    The seed is combined with the current target text, so each re-roll gives new choices and
    the same graph re-rolled with the same seed gives the same result. Deterministic categories
    (placeholders, masks, fixed strings) come out the same.
    """
    from pseudonymizer.graph import target_text

    current = hashlib.blake2b(target_text(graph).encode(), digest_size=8).hexdigest()
    return apply_pseudonyms(graph, f"{seed}\x1freroll\x1f{current}", options)
