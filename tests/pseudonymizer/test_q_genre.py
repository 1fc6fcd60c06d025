"""Genre profile rules of the q-genre branch, on invented sentences: general places in
argumentative essays."""

from __future__ import annotations

from pseudonymizer.detectors.geo import GeoDetector
from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.document import Options
from pseudonymizer.gazetteer import Gazetteer
from pseudonymizer.profiles import filter_candidates
from pseudonymizer.tokenize import tokenize


def run(text: str, genre: str | None, options: Options | None = None) -> list[tuple[str, str]]:
    options = options or Options()
    gaz = Gazetteer.default()
    doc = tokenize(text, genre=genre)
    cands = list(NameDetector(gaz).detect(doc)) + list(GeoDetector(gaz).detect(doc))
    kept = filter_candidates(doc, cands, options, gaz)
    return sorted((text[c.start : c.end], c.label) for c in kept)


ARGUMENT = (
    "Till Folkhögskolan i Mariestad\n\n"
    "Jag tycker att bussen borde vara gratis. Jag bor i Hjo och åker varje dag.\n\n"
    "I Tallinn i Estland har bussarna varit gratis länge. Det fungerar bra där.\n\n"
    "Men i många små kommuner i Jämtland är bussarna dyra. Kurserna borde finnas i hela "
    "landet, inte bara i Göteborg. Jag har en kompis i Lidköping."
)


def test_argumentative_drops_places_of_a_general_paragraph() -> None:
    got = run(ARGUMENT, "argumentative")
    assert ("Tallinn", "city") not in got and ("Estland", "country") not in got


def test_argumentative_drops_places_of_a_general_statement() -> None:
    got = run(ARGUMENT, "argumentative")
    assert not any(t in ("Jämtland", "Göteborg") for t, _ in got)


def test_argumentative_keeps_the_writers_places() -> None:
    got = run(ARGUMENT, "argumentative")
    assert ("Hjo", "city") in got and ("Lidköping", "city") in got
    assert ("Mariestad", "city") in got  # the addressee line


def test_argumentative_keeps_a_place_the_writer_ties_to_themselves() -> None:
    text = (
        "Skolan borde vara gratis.\n\nI Norge och Estland är skolan gratis.\n\n"
        "Jag kommer från Estland och bor i Hjo."
    )
    got = run(text, "argumentative")
    assert got.count(("Estland", "country")) == 2 and ("Norge", "country") not in got


def test_other_genres_keep_general_places() -> None:
    got = run(ARGUMENT, "narrative")
    assert ("Tallinn", "city") in got and ("Göteborg", "city") in got
