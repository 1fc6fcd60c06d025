"""The context helpers that read the words before a token (``prev_words``, ``prev_word``):
pinned against a plain reference walk, so that a faster version (an index, a slice) can be
checked for sameness on every token of any text."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymizer.detectors import context as cx
from pseudonymizer.document import Document
from pseudonymizer.tokenize import tokenize


def walk_prev_words(doc: Document, index: int, n: int) -> list[str]:
    """The reference: the tokens of the sentence walked back, word tokens only, nearest first."""
    out: list[str] = []
    first = doc.sentences[doc.tokens[index].sentence][0]
    for i in range(index - 1, first - 1, -1):
        if len(out) >= n:
            break
        if doc.tokens[i].is_word:
            out.append(doc.tokens[i].lower)
    return out


def check(doc: Document) -> None:
    for i in range(len(doc.tokens)):
        for n in range(-1, 14):
            assert cx.prev_words(doc, i, n) == walk_prev_words(doc, i, n), (doc.text, i, n)
        nearest = walk_prev_words(doc, i, 1)
        assert cx.prev_word(doc, i) == (nearest[0] if nearest else ""), (doc.text, i)


def at(text: str, word: str) -> tuple[Document, int]:
    doc = tokenize(text)
    return doc, next(i for i, t in enumerate(doc.tokens) if t.text == word)


@pytest.mark.parametrize(
    ("text", "word", "n", "expected"),
    [
        ("Jag bor i Malmö.", "Malmö", 2, ["i", "bor"]),
        ("Jag bor, i Malmö.", "Malmö", 3, ["i", "bor", "jag"]),  # punctuation skipped
        ("Jag bor i Lund. Malmö är fint.", "Malmö", 3, []),  # never across a sentence
        ("Han heter Ali", "Ali", 0, []),
        ("Min bror , 12 år , heter Ali", "Ali", 3, ["heter", "år", "bror"]),  # "12" no word
        ("Han bor i lägenhet 3a i Kabul", "Kabul", 2, ["i", "3a"]),  # a number with a letter
        ("Vi åkte t.ex. till Lund", "Lund", 2, ["till", "t.ex."]),  # an abbreviation is a word
    ],
)
def test_prev_words(text: str, word: str, n: int, expected: list[str]) -> None:
    doc, i = at(text, word)
    assert cx.prev_words(doc, i, n) == expected
    assert cx.prev_word(doc, i) == (expected[0] if expected else "") or n == 0


TEXTS = [
    "Jag heter Anna och bor i Malmö.",
    "Jag bor, i Lund. Hej! Min bror Ali, 12 år, bor i Kabul …",
    '  Hon sa: "Man kan" – och sen? 2018-12-01 kl. 14.30 t.ex. osv. Sen flyttade vi.',
    "Titel\nJag heter Erik\n\n– Hej, sa Maria.\t(Malmö)\u00a0och «Kabul»…",
    "1990-talet , 3a , 5 , ! ? . Anders P. Holm bor i Go\u0308teborg 😀 och A\u030asa.",
    "!",
    "Hej",
]


@pytest.mark.parametrize("text", TEXTS)
def test_prev_words_match_the_walk(text: str) -> None:
    check(tokenize(text))


PIECES = (
    'Jag bor i Lund , . ! ? \n t.ex. osv. 12 3a – " « » : Hej kr. P. … ( ) ÅSA 1990-talet'
).split(" ")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_prev_words_match_the_walk_on_any_text(words: list[str]) -> None:
    check(tokenize(" ".join(words)))
