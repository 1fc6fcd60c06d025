"""Name detector: rules of the q5-sign round, on invented sentences (the names are made up or
common, none from a gold essay)."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.names import NameDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> NameDetector:
    return NameDetector(Gazetteer.default())


F, M, U, S, MID = "firstname_female", "firstname_male", "firstname_unknown", "surname", \
    "middlename"
NAMES = (F, M, U, S, MID)

CASES = [
    # a two-word name alone on the last line signs the text: first name and surname, also
    # when the lists know the second word only as a first name
    ("Vi ses snart!\n\nBritta Hedda", [("Britta", F), ("Hedda", S)]),
    # … but inside a sentence the second given name stays a middle name
    ("Min kusin Britta Hedda bor här.", [("Britta", F), ("Hedda", MID)]),
    # a person ranked among the essay's people, then a pronoun or "från"; later mentions too
    ("Vi är tre i gruppen. Den äldsta är Nalanie, hon är mormor. Nalanie lagar mat.",
     [("Nalanie", F), ("Nalanie", F)]),
    ("Den tredje är Tavoki från Ulvaria. Han tittar på serier.", [("Tavoki", M)]),
    ("Min nya granne, det är Tavoki från Ulvaria. Han är snabb.", [("Tavoki", M)]),
    # … but a club ranked so is no person (no pronoun or "från" after it)
    ("Den första är Solbacka IF, där jag spelar.", []),
    # the writer's partner's name, or a feminine noun of origin after "jag,", gives an
    # unlisted signature its gender
    ("Jag bor med min sambo Malte.\n\nTavoki", [("Malte", M), ("Tavoki", F)]),
    ("Han skrattar åt att jag, en chilenska, simmar.\n\nTavoki", [("Tavoki", F)]),
    # … a friend's name says nothing of the writer (an unlisted name is read as a man's)
    ("Jag bor med min kompis Malte.\n\nTavoki", [("Malte", M), ("Tavoki", M)]),
    # a later mention of a name that is also a word, as the subject of a past-tense verb
    ("Jag har en kompis, Viola. Viola visade mig staden.", [("Viola", F), ("Viola", F)]),
    # … the word itself opening a sentence before a noun stays a word
    ("Min kusin heter Viola. Viola blommor är blå.", [("Viola", F)]),
    # lower-case mentions of a name given with a capital: its genitive before a noun, and a
    # name that is also a word as a subject after "att"
    ("Min vän Tavoki kom. Vi lånade tavokis cykel.", [("Tavoki", M), ("tavokis", M)]),
    ("Min syster heter Nova. Jag tror att nova har en ny pojkvän.", [("Nova", F), ("nova", F)]),
    # … but not a word in a definition ("att nova är en stjärna")
    ("Min syster heter Nova. Jag vet att nova är en stjärna.", [("Nova", F)]),
    # a listed first name before an apposition of a person, above a country's reading
    ("Vid dörren stod Georgia, en ny elev i klassen.", [("Georgia", F)]),
    # … but not before an apposition of a thing
    ("Vid dörren stod Georgia, en ny film i klassen.", []),
    # an unlisted word after an opening adverb and a comma, subject of a finite verb, with a
    # pronoun about it
    ("Förresten, Tavokia har flyttat. Hon vill plugga.", [("Tavokia", F)]),
    # … not without the adverb's comma in front
    ("Tyvärr Tavokia har flyttat. Hon vill plugga.", []),
    # what people call the writer takes the gender of the writer's own name
    ("Jag heter Malte. Alla kallar mig Ulvika nu.", [("Malte", M), ("Ulvika", M)]),
    # … not what they call someone else
    ("Jag heter Malte. Alla kallar henne Ulvika nu.", [("Malte", M), ("Ulvika", F)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_q5_sign(det: NameDetector, text: str, expected: list[tuple[str, str]]) -> None:
    assert [x for x in labelled(det, text) if x[1] in NAMES] == expected
