"""Every replacement rule of SPEC §2.2, seeding, inflection, re-roll and strategies."""

import re

import pytest

from pseudonymizer.document import Options, Span
from pseudonymizer.graph import apply_spans, from_text, target_text
from pseudonymizer.replace import (
    Replacer,
    _real_places,
    apply_pseudonyms,
    inflect,
    letters,
    new_pseudonyms,
    place_kind,
)
from pseudonymizer.taxonomy import MONTHS, WEEKDAYS, load_surrogates

SUR = load_surrogates()


def rep(**kw) -> Replacer:  # noqa: ANN003
    return Replacer("essay-1", Options(**kw))


@pytest.mark.parametrize(
    ("label", "flags", "text", "expected"),
    [
        ("zip_code", (), "123 45", "000 00"),
        ("zip_code", (), "SE-123 45", "AB-000 00"),
        ("date_digits", (), "2018-12-01", "1111-11-11"),
        ("date_digits", (), "18/01/12", "11/11/11"),
        ("phone_nr", (), "070-123 45 67", "000-000 00 00"),
        ("phone_nr", (), "+46 70 123 45 67", "+00 00 000 00 00"),
        ("account_nr", (), "8327-9 123 456", "0000-0 000 000"),
        ("other_nr_seq", (), "123/456", "000/000"),
        ("personid_nr", (), "850709-9805", "123456-0000"),
        ("license_nr", (), "ABC 123", "ABC 000"),
        ("license_nr", (), "XYZ 12A", "ABC 00D"),
        ("email", (), "anna@gmail.com", "email@dot.com"),
        ("url", (), "www.annasblogg.se", "url.com"),
        ("middlename", (), "Maria", "A"),
        ("initials", (), "A.K.", "A"),
        ("edu", (), "datavetare", ""),
        ("fam", (), "mamma", ""),
        ("prof", (), "läkare", ""),
        ("sensitive", (), "demonstration", ""),
        ("extra", (), "vann SM", ""),
        ("Cit-FL", (), "I love you", ""),
        ("country", (), "Syrien", "A-land"),
        ("country", ("gen",), "Syriens", "A-lands"),
        ("region", (), "Toscana", "A-region"),
        ("area", ("foreign",), "Vesterbro", "A-område"),
        ("place", (), "Mariatorget", "A-plats"),
        ("geo", (), "Vättern", "A-geoplats"),
        ("school", (), "Komvux", "A-skolan"),
        ("work", (), "Volvo", "A-arbetsplatsen"),
        ("other_institution", ("gen",), "Röda korsets", "A-institutionens"),
        ("transport_name", (), "gröna linjen", "A-linjen"),
        ("transport_nr", (), "528", "1"),
        ("city", ("foreign",), "Damaskus", "A-stad"),
        ("city", ("foreign", "def"), "Damaskus", "A-staden"),
        ("city", ("foreign", "pl"), "Damaskus", "A-städer"),
    ],
)
def test_fixed_rules(label: str, flags: tuple, text: str, expected: str) -> None:
    assert rep().pseudonym(label, flags, 1, text) == expected


def test_names_by_gender_and_distinct() -> None:
    r = rep()
    male = {r.pseudonym("firstname_male", (), n, f"M{n}") for n in range(1, 6)}
    female = r.pseudonym("firstname_female", (), 10, "Anna")
    unknown = r.pseudonym("firstname_unknown", (), 11, "Kim")
    assert len(male) == 5 and male <= set(SUR["firstname_male"])
    assert female in SUR["firstname_female"] and female != "Anna"
    assert unknown in SUR["firstname_unknown"]
    assert r.pseudonym("surname", (), 12, "Svensson") in SUR["surname"]
    # same label + number ⇒ same pseudonym, and genitive inflection
    first = r.pseudonym("firstname_male", (), 1, "Ahmed")
    assert r.pseudonym("firstname_male", ("gen",), 1, "Ahmeds") == inflect(first, ("gen",))


def test_genitive_after_s_x_z() -> None:
    assert inflect("Lars", ("gen",)) == "Lars"
    assert inflect("Max", ("gen",)) == "Max"
    assert inflect("Eva", ("gen",)) == "Evas"
    assert inflect("Eva", ()) == "Eva"


def test_letters_follow_number_order() -> None:
    r = rep()
    r.plan([("country", (), 5), ("country", (), 2), ("region", (), 3)])
    assert r.pseudonym("country", (), 5, "Irak") == "B-land"
    assert r.pseudonym("country", (), 2, "Syrien") == "A-land"
    assert r.pseudonym("region", (), 3, "Toscana") == "A-region"
    assert [letters(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_transport_numbers_enumerate() -> None:
    r = rep()
    r.plan([("transport_nr", (), 4), ("transport_nr", (), 9)])
    assert r.pseudonym("transport_nr", (), 9, "528") == "2"
    assert r.pseudonym("transport_nr", (), 4, "3") == "1"


def test_swedish_city_strategies() -> None:
    invented = rep().pseudonym("city", (), 1, "Stockholm")
    assert invented in SUR["swedish_towns"]
    assert rep().pseudonym("city", ("gen",), 1, "Stockholms") == inflect(invented, ("gen",))
    assert rep(swedish_city_strategy="placeholder").pseudonym("city", (), 1, "Lund") == "A-stad"


def test_real_strategy_is_consistent_with_country() -> None:
    r = rep(geo_strategy="real")
    r.plan([("country", (), 1), ("city", ("foreign",), 2)])
    country = r.pseudonym("country", (), 1, "Syrien")
    city = r.pseudonym("city", ("foreign",), 2, "Damaskus")
    assert country in SUR["countries"] and country != "Syrien"
    assert city in dict(SUR["cities_by_country"])[country]


def test_real_countries_are_countries_with_cities() -> None:
    cities = dict(SUR["cities_by_country"])
    chosen = set()
    for k in range(150):
        r = Replacer(f"s{k}", Options(geo_strategy="real"))
        r.plan([("country", (), 1, "Irak")])
        chosen.add(r.pseudonym("country", (), 1, "Irak"))
    assert len(chosen) > 50
    assert all(len(cities[c]) >= 5 for c in chosen)  # no Antarktis, Bouvetön, Norfolkön


@pytest.mark.parametrize(
    ("label", "text", "low", "high"),
    [
        ("age_digits", "18", 16, 20),
        ("age_string", "niotton", 17, 21),
        ("age_string", "tjugofemm", 23, 27),
        ("year", "2013", 2011, 2015),
    ],
)
def test_ranges(label: str, text: str, low: int, high: int) -> None:
    values = {int(Replacer(f"s{k}").pseudonym(label, (), 1, text)) for k in range(60)}
    assert values <= set(range(low, high + 1))
    assert len(values) >= 3  # really random within the range


def test_days_months() -> None:
    days = {int(Replacer(f"s{k}").pseudonym("day", (), 1, "15")) for k in range(80)}
    assert days <= set(range(1, 29)) and len(days) > 10
    months = {int(Replacer(f"s{k}").pseudonym("month_digit", (), 1, "5")) for k in range(80)}
    assert months <= set(range(1, 13))
    assert Replacer("a").pseudonym("month_word", (), 1, "maj") in MONTHS
    wd = Replacer("a").pseudonym("day", ("def",), 1, "lördagen")
    assert wd.endswith("en") and wd[:-2] in WEEKDAYS
    # a two-digit year ("född -99") stays two digits
    short = {Replacer(f"s{k}").pseudonym("year", (), 1, "99") for k in range(40)}
    assert all(len(y) == 2 and y.isdigit() for y in short) and len(short) > 2
    # an ordinal day ("den första maj") gets an ordinal word of a day 1–28
    from pseudonymizer.detectors.dates import ORDINAL_DAYS

    ordinals = {Replacer(f"s{k}").pseudonym("day", (), 1, "första") for k in range(40)}
    assert all(ORDINAL_DAYS.get(w, 99) <= 28 for w in ordinals) and len(ordinals) > 5


def test_seeded_and_reroll() -> None:
    text = "Anna och Eva bor i Lund. Anna är 18 år."
    spans = [
        Span(0, 4, "Anna", "firstname_female", (), 1, ""),
        Span(9, 12, "Eva", "firstname_female", (), 2, ""),
        Span(19, 23, "Lund", "city", (), 3, ""),
        Span(25, 29, "Anna", "firstname_female", (), 1, ""),
        Span(33, 35, "18", "age_digits", (), 4, ""),
    ]
    g = apply_spans(from_text(text), spans)
    a = apply_pseudonyms(g, "seed-1")
    b = apply_pseudonyms(g, "seed-1")
    assert target_text(a) == target_text(b)
    words = target_text(a).split()
    assert words[0] == words[6]  # both Anna → same pseudonym
    assert words[0] != words[2]  # Anna and Eva differ
    rerolls = {target_text(new_pseudonyms(a, "seed-1"))}
    c = a
    for _ in range(5):
        c = new_pseudonyms(c, "seed-1")
        rerolls.add(target_text(c))
    assert len(rerolls) > 1
    assert new_pseudonyms(a, "seed-1") == new_pseudonyms(a, "seed-1")
    assert all(re.search(r"bor i \S+\.", t) for t in rerolls)


def test_real_strategy_regions() -> None:
    r = rep(geo_strategy="real")
    r.plan([("country", (), 1), ("region", ("foreign",), 2), ("region", (), 3)])
    country = r.pseudonym("country", (), 1, "Syrien")
    foreign = r.pseudonym("region", ("foreign",), 2, "Aleppo")
    swedish = r.pseudonym("region", (), 3, "Sörmland")
    regions = dict(SUR["regions_by_country"])
    assert foreign in regions[country]
    assert swedish in regions["Sverige"] and swedish.endswith("län")


# --- strategy (a) for place, area and geo (resources/surrogates/places_real.tsv)

REAL = _real_places()["rows"]


def real_names(label: str, kind: str | None = None, where: str | None = None) -> set[str]:
    return {
        name
        for lab, k, countries, name in REAL
        if lab == label and (kind is None or k == kind) and (where is None or where in countries)
    }


@pytest.mark.parametrize(
    ("label", "text", "kind"),
    [
        ("place", "Kungsgatan", "street"),
        ("place", "Storgatans", "street"),
        ("place", "Drottninggatan", "street"),
        ("place", "Rue de Rivoli", "street"),
        ("place", "Atatürk Caddesi", "street"),
        ("place", "Mariatorget", "square"),
        ("place", "Place de la Concorde", "square"),
        ("place", "Centralen", "station"),
        ("place", "Gare du Nord", "station"),
        ("place", "Slottsparken", "park"),
        ("place", "Västerbron", "bridge"),
        ("place", "Ikea", "street"),  # unknown kind: a street, the commonest place
        ("geo", "Vättern", "lake"),  # a listed name
        ("geo", "Storsjöns", "lake"),
        ("geo", "Lake Michigan", "lake"),
        ("geo", "Kebnekaise", "mountain"),
        ("geo", "Mount Everest", "mountain"),
        ("geo", "Fyrisån", "river"),
        ("geo", "Visingsö", "island"),
        ("geo", "Björkholmen", "island"),
        ("geo", "Hälleskogen", "forest"),
        ("geo", "Tyresta", None),
        ("area", "Kreuzberg", None),
    ],
)
def test_place_kind(label: str, text: str, kind: str | None) -> None:
    assert place_kind(label, text) == kind


def test_real_strategy_swedish_place_and_geo_keep_their_kind() -> None:
    for k in range(40):
        r = Replacer(f"s{k}", Options(geo_strategy="real"))
        items = [
            ("place", (), 1, "Kungsgatan"),
            ("place", (), 2, "Mariatorget"),
            ("geo", (), 3, "Vättern"),
            ("geo", ("gen",), 4, "Storsjöns"),
            ("geo", (), 5, "Kebnekaise"),
        ]
        r.plan(items)
        street = r.pseudonym("place", (), 1, "Kungsgatan")
        assert street in real_names("place", "street", "SE") and street != "Kungsgatan"
        assert r.pseudonym("place", ("gen",), 1, "Kungsgatans") == inflect(street, ("gen",))
        assert r.pseudonym("place", (), 2, "Mariatorget") in real_names("place", "square", "SE")
        lake = r.pseudonym("geo", (), 3, "Vättern")
        assert lake in real_names("geo", "lake", "SE") and lake != "Vättern"
        other_lake = r.pseudonym("geo", ("gen",), 4, "Storsjöns")
        assert other_lake[:-1] in real_names("geo", "lake", "SE") or other_lake in real_names(
            "geo", "lake", "SE"
        )
        assert inflect(lake, ("gen",)) != other_lake  # two numbers, two lakes
        assert r.pseudonym("geo", (), 5, "Kebnekaise") in real_names("geo", "mountain", "SE")


def test_real_strategy_foreign_places_follow_the_country() -> None:
    codes = _real_places()["codes"]
    for k in range(60):
        r = Replacer(f"s{k}", Options(geo_strategy="real"))
        # the city comes first in the text, the country later: countries are planned first
        r.plan(
            [
                ("city", ("foreign",), 1, "Berlin"),
                ("area", ("foreign",), 2, "Kreuzberg"),
                ("place", ("foreign",), 3, "Alexanderplatz"),
                ("geo", ("foreign",), 4, "Wannsee"),
                ("country", (), 5, "Tyskland"),
            ]
        )
        country = r.pseudonym("country", (), 5, "Tyskland")
        code = codes[country]
        assert r.pseudonym("city", ("foreign",), 1, "Berlin") in dict(SUR["cities_by_country"])[
            country
        ]
        area = r.pseudonym("area", ("foreign",), 2, "Kreuzberg")
        assert area in (real_names("area", where=code) or real_names("area", where="*"))
        square = r.pseudonym("place", ("foreign",), 3, "Alexanderplatz")
        assert square in (
            real_names("place", "square", code) or real_names("place", "square", "*")
        )
        lake = r.pseudonym("geo", ("foreign",), 4, "Wannsee")
        # a real lake of that country, else the placeholder (a lake of another country would
        # contradict the text)
        assert lake in real_names("geo", "lake", code) or lake == "A-geoplats"


def test_real_strategy_foreign_without_country_and_area_always_foreign() -> None:
    r = rep(geo_strategy="real")
    r.plan([("area", (), 1, "Vesterbro"), ("geo", ("foreign",), 2, "Gardasjön")])
    assert r.pseudonym("area", (), 1, "Vesterbro") in real_names("area") - real_names(
        "area", where="SE"
    )
    lake = r.pseudonym("geo", ("foreign",), 2, "Gardasjön")
    assert lake in real_names("geo", "lake") - real_names("geo", "lake", "SE")
    assert lake != "Gardasjön"


def test_real_names_are_never_the_original() -> None:
    for label, kind, countries, name in REAL:
        flags = () if "SE" in countries else ("foreign",)
        for k in range(3):
            r = Replacer(f"{name}{k}", Options(geo_strategy="real"))
            r.plan([(label, flags, 1, name)])
            assert r.pseudonym(label, flags, 1, name) != name, (label, kind, name)


def test_planned_names_are_never_an_original_of_the_essay() -> None:
    # planning with the mention texts: no pseudonym is the name it replaces, nor another
    # person's original name (the pipeline plans before it replaces)
    female = SUR["firstname_female"]
    for k in range(300):
        r = Replacer(f"s{k}")
        r.plan([("firstname_female", (), 1, female[0]), ("firstname_female", (), 2, female[1])])
        first = r.pseudonym("firstname_female", (), 1, female[0])
        second = r.pseudonym("firstname_female", (), 2, female[1])
        assert {first, second}.isdisjoint(female[:2]) and first != second
    for k in range(100):
        r = Replacer(f"s{k}", Options(geo_strategy="real"))
        r.plan([("country", (), 1, "Irak"), ("country", ("gen",), 2, "Syriens")])
        assert r.pseudonym("country", (), 1, "Irak") not in ("Irak", "Syrien")
        assert r.pseudonym("country", ("gen",), 2, "Syriens") not in ("Iraks", "Syriens")


def test_real_strategy_in_the_pipeline() -> None:
    from pseudonymizer.graph import check_invariant
    from pseudonymizer.pipeline import annotate

    text = "Vi badade i Vättern och gick på Kungsgatan. Sedan bodde vi i Kreuzberg i Berlin."
    res = annotate(text, seed="e1", options=Options(geo_strategy="real"))
    by_label = {s.label: s for s in res.spans}
    assert {"geo", "place"} <= set(by_label), res.spans  # the detectors find both
    for label in ("geo", "place"):
        span = by_label[label]
        assert not re.match(r"[A-Z]+-", span.pseudonym), span
        assert span.pseudonym != span.text
    assert check_invariant(res.graph) == []


def test_reroll_keeps_hard_replacements() -> None:
    # seed 003 §3.5: hard-replacement categories are replaced once; only the placeholder group
    # (names, places…) gets new pseudonyms
    text = "Anna är 18 år, född 1999, på en lördag i maj. Ring 070-123 45 67."
    spans = [
        Span(0, 4, "Anna", "firstname_female", (), 1, ""),
        Span(8, 10, "18", "age_digits", (), 2, ""),
        Span(20, 24, "1999", "year", (), 3, ""),
        Span(32, 38, "lördag", "day", (), 4, ""),
        Span(41, 44, "maj", "month_word", (), 5, ""),
        Span(51, 64, "070-123 45 67", "phone_nr", (), 6, ""),
    ]
    assert [text[s.start : s.end] for s in spans] == [s.text for s in spans]
    g = apply_pseudonyms(apply_spans(from_text(text), spans), "seed-1")
    before = target_text(g).split()
    names = set()
    current = g
    for _ in range(6):
        current = new_pseudonyms(current, "seed-1")
        words = target_text(current).split()
        names.add(words[0])
        assert words[1:] == before[1:]  # age, year, day, month and phone stay as set
    assert len(names) > 1
    # edges without a pseudonym yet get the same hard replacements as apply_pseudonyms gives
    fresh = new_pseudonyms(apply_spans(from_text(text), spans), "seed-1")
    assert target_text(fresh).split()[1:] == before[1:]
    assert " ".join(before).endswith("Ring 000-000 00 00.")


def test_kept_edges_still_count_for_the_letters() -> None:
    text = "Vi åkte från Syrien till Irak."
    spans = [
        Span(13, 19, "Syrien", "country", (), 1, ""),
        Span(25, 29, "Irak", "country", (), 2, ""),
    ]
    g = apply_spans(from_text(text), spans)
    syrien = next(eid for eid, e in g["edges"].items() if "1" in e["labels"])
    kept = apply_pseudonyms(g, "s", keep=[syrien])
    assert target_text(kept) == "Vi åkte från Syrien till B-land."
