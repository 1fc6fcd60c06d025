"""Tokenizer: every character kept, punctuation split off, Swedish abbreviations, sentences."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pseudonymizer.tokenize import normalize, tokenize, whitespace_spans, whitespace_tokens


def texts(text: str) -> list[str]:
    return [t.text for t in tokenize(text).tokens]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Jag bor i Göteborg.", ["Jag", "bor", "i", "Göteborg", "."]),
        ("Ahmed, Sara och jag", ["Ahmed", ",", "Sara", "och", "jag"]),
        ("t.ex. bl.a. d.v.s. fr.o.m. m.m.", ["t.ex.", "bl.a.", "d.v.s.", "fr.o.m.", "m.m."]),
        ("kl. 14.30 ca. 5 kr.", ["kl.", "14.30", "ca.", "5", "kr."]),
        ("född 2018-12-01!", ["född", "2018-12-01", "!"]),
        ("A-stad och Lund's", ["A-stad", "och", "Lund's"]),
        ("(Malmö)", ["(", "Malmö", ")"]),
        ("ABC 12A", ["ABC", "12A"]),
        ("مرحبا بكم", ["مرحبا", "بكم"]),
        ("Привет, мир", ["Привет", ",", "мир"]),
        ("", []),
        ("   \n\t", []),
    ],
)
def test_fine_tokens(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_token_fields() -> None:
    doc = tokenize("Göteborgs 123 HEJ", lang="sv", genre="narrative")
    first, number, upper = doc.tokens
    assert (first.start, first.end, first.lower, first.norm) == (0, 9, "göteborgs", "goteborgs")
    assert first.is_word and first.is_title and not first.is_digit
    assert number.is_digit and not number.is_word
    assert upper.is_word and not upper.is_title
    assert doc.genre == "narrative" and doc.lang == "sv"


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("Jag bor i Lund. Du bor i Ystad.", 2),
        ("Vi åt t.ex. fisk. Sen gick vi.", 2),
        ("Han kom kl. 14. Vi åt bl.a. Fisk.", 2),
        ("Vi köpte mjölk osv. Sen gick vi hem.", 2),
        ("Vi köpte mjölk osv. och bröd.", 1),
        ("Vad?! Nej...", 2),
        ("Min familj\nJag heter Anna", 2),
        ("Det kostar 100 kr. Sedan åt vi.", 2),
        ("Jag heter Jan. Jag bor i Lund.", 2),
        ("Det är boken min. Den är bra.", 2),
        ("Vi köpte 5 kr. godis", 1),
        ('Hon sa "Hej." Sen gick hon.', 2),
        # the dot of an initial between two names ends no sentence; before a pronoun it does
        ("Min chef Maria T. Lund ringde. Vi åkte.", 2),
        ("Jag heter Leo K. Jag bor i Kalmar.", 2),
        ("Vi gick i klass B. Lisa var där.", 2),
    ],
)
def test_sentences(text: str, sentences: int) -> None:
    doc = tokenize(text)
    assert len(doc.sentences) == sentences
    assert doc.sentence_starts == frozenset(first for first, _ in doc.sentences)
    # sentences tile the token list
    assert doc.sentences[0][0] == 0 and doc.sentences[-1][1] == len(doc.tokens)
    for (_, end), (start, _) in zip(doc.sentences, doc.sentences[1:], strict=False):
        assert end == start


def test_normalize() -> None:
    assert normalize("Stokholms") == "stokholms"
    assert normalize("Åsa") == normalize("asa") == "asa"
    assert normalize("Malmö") == normalize("Malmo")
    assert normalize("Søren") == "soren"
    assert normalize("José") == "jose"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Jag bor i London, nu.", ["Jag ", "bor ", "i ", "London, ", "nu."]),
        ("  Hej  du\n", ["  Hej  ", "du\n"]),
        ("   ", ["   "]),
        ("", []),
        ("ett", ["ett"]),
    ],
)
def test_whitespace_tokens(text: str, expected: list[str]) -> None:
    assert whitespace_tokens(text) == expected
    assert "".join(whitespace_tokens(text)) == text


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_every_character_kept(text: str) -> None:
    doc = tokenize(text)
    covered = set()
    for tok in doc.tokens:
        assert tok.text and text[tok.start : tok.end] == tok.text
        assert not any(ch.isspace() for ch in tok.text)
        covered.update(range(tok.start, tok.end))
    # every non-space character is in a token
    assert covered == {i for i, ch in enumerate(text) if not ch.isspace()}
    assert "".join(whitespace_tokens(text)) == text
    spans = whitespace_spans(text)
    assert all(a < b for a, b in spans)


def _regex_tokens(piece: str) -> list[str]:
    """The tokens of a whitespace piece by _TOKEN_RE alone (the tokenizer's general path)."""
    from pseudonymizer.tokenize import _TOKEN_RE, _WORD, ABBREVIATIONS

    out = []
    for m in _TOKEN_RE.finditer(piece):
        tok = m.group()
        if m.lastindex == _WORD and tok.endswith(".") and tok.lower() not in ABBREVIATIONS:
            out += [tok[:-1], "."]
        else:
            out.append(tok)
    return out


@given(
    st.text(alphabet=st.characters(categories=("L",)), min_size=1, max_size=8),
    st.sampled_from(".,!?"),
)
def test_word_with_final_mark_as_the_regular_expression(word: str, mark: str) -> None:
    # "Malmö." and "Ahmed," skip _TOKEN_RE; "kl." (an abbreviation) does not
    assert texts(f"Hej {word}{mark} Du") == ["Hej", *_regex_tokens(word + mark), "Du"]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [("Hej Anna! Du", 2), ("Hej Anna, du", 1), ("Jag bor i Malmö. Du", 2), ("Kom kl. Fem", 1)],
)
def test_final_mark_closes_sentence(text: str, sentences: int) -> None:
    assert len(tokenize(text).sentences) == sentences


def test_document_columns() -> None:
    from pseudonymizer.document import Document

    doc = tokenize("Jag bor i Göteborg, t.ex. på Hisingen.\nDu?")
    assert doc.starts == tuple(t.start for t in doc.tokens)
    assert doc.ends == tuple(t.end for t in doc.tokens)
    assert doc.lowers == tuple(t.lower for t in doc.tokens)
    assert doc.norms == tuple(t.norm for t in doc.tokens)
    # a Document made without the columns gets them from its tokens
    bare = Document(doc.text, doc.tokens, doc.sentences, doc.sentence_starts)
    assert (bare.starts, bare.ends, bare.lowers, bare.norms) == (
        doc.starts, doc.ends, doc.lowers, doc.norms
    )


def test_fast_token_construction_equals_dataclass() -> None:
    from pseudonymizer.document import Token

    tok = tokenize("Göteborg").tokens[0]
    assert tok == Token(0, 8, "Göteborg", "göteborg", "goteborg", True, False, True, 0)
    assert hash(tok) == hash(Token(0, 8, "Göteborg", "göteborg", "goteborg", True, False, True, 0))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a closing quote after the full stop stays with the sentence, across a line break
        ('Hej.\n"Nej," sa han.', [["Hej", ".", '"'], ["Nej", ",", '"', "sa", "han", "."]]),
        ("Hej!\n\nDå", [["Hej", "!"], ["Då"]]),
        # "osv." before a non-capital does not close; the line break does
        ("Vi köpte mat osv.\n) Sen", [["Vi", "köpte", "mat", "osv."], [")", "Sen"]]),
        (
            'Rubrik\nText här. "Citat." Slut',
            [["Rubrik"], ["Text", "här", ".", '"'], ["Citat", ".", '"'], ["Slut"]],
        ),
        (
            "Det kostar 100 kr. Sedan kr. sen",
            [["Det", "kostar", "100", "kr."], ["Sedan", "kr.", "sen"]],
        ),
        ('..."\n\nA', [[".", ".", ".", '"'], ["A"]]),
        ("\nA\nB", [["A"], ["B"]]),
        ("Slut.", [["Slut", "."]]),
    ],
)
def test_sentence_boundaries(text: str, expected: list[list[str]]) -> None:
    doc = tokenize(text)
    assert [[t.text for t in doc.tokens[a:b]] for a, b in doc.sentences] == expected
    assert [t.sentence for t in doc.tokens] == [
        k for k, sentence in enumerate(expected) for _ in sentence
    ]


def test_empty_and_blank_text_have_no_tokens() -> None:
    for text in ("", " \n\t "):
        doc = tokenize(text)
        assert doc.tokens == () and doc.sentences == () and doc.sentence_starts == frozenset()


@given(st.text(alphabet="aö. \n\t\r\xa0\u200b\x00\u2028", max_size=30))
def test_whitespace_tokens_as_the_regular_expression(text: str) -> None:
    # the str.split fast path (spaces and line breaks only) gives the regex's pieces
    import re

    pieces = re.findall(r"\S+\s*", text)
    if pieces and text[0].isspace():
        pieces[0] = text[: len(text) - len(text.lstrip())] + pieces[0]
    expected = pieces if pieces else ([text] if text else [])
    assert whitespace_tokens(text) == expected


@given(
    st.text(alphabet=st.characters(categories=("Nd",)), min_size=1, max_size=6),
    st.sampled_from(["", ".", ",", "!", "?"]),
)
def test_number_with_final_mark_as_the_regular_expression(number: str, mark: str) -> None:
    # "2005." "123" skip _TOKEN_RE: the same tokens, kinds and sentence ends
    doc = tokenize(f"Hej {number}{mark} Du")
    assert [t.text for t in doc.tokens] == ["Hej", *_regex_tokens(number + mark), "Du"]
    assert doc.tokens[1].is_digit and not doc.tokens[1].is_word
    assert len(doc.sentences) == (2 if mark and mark in ".!?" else 1)


def test_fast_paths_match_the_general_path() -> None:
    text = "Hej, jag föddes 2005. Jag har 123 kr! Ring kl. 7? Boken kostar 100 kr. Sen 3a 2014,"
    doc = tokenize(text)
    assert [(t.text, t.start, t.is_word, t.is_digit) for t in doc.tokens] == [
        ("Hej", 0, True, False), (",", 3, False, False), ("jag", 5, True, False),
        ("föddes", 9, True, False), ("2005", 16, False, True), (".", 20, False, False),
        ("Jag", 22, True, False), ("har", 26, True, False), ("123", 30, False, True),
        ("kr", 34, True, False), ("!", 36, False, False), ("Ring", 38, True, False),
        ("kl.", 43, True, False), ("7", 47, False, True), ("?", 48, False, False),
        ("Boken", 50, True, False), ("kostar", 56, True, False), ("100", 63, False, True),
        ("kr.", 67, True, False), ("Sen", 71, True, False), ("3a", 75, True, False),
        ("2014", 78, False, True), (",", 82, False, False),
    ]
    assert doc.sentences == ((0, 6), (6, 11), (11, 15), (15, 19), (19, 23))
