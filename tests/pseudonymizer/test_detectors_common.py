"""``finditer_from`` and ``finditer_digits``: the fast searches find exactly what ``finditer``
finds."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymizer.detectors.common import WordMemo, digit_runs, finditer_digits, finditer_from
from pseudonymizer.detectors.dates import DateDigitsDetector as DD
from pseudonymizer.detectors.numbers import (
    AccountDetector,
    LicenseDetector,
    OtherNumberDetector,
    PersonIdDetector,
    PhoneDetector,
    ZipCodeDetector,
)

# every (pattern, start class) pair the detectors use
PAIRS = [
    (PhoneDetector._CANDIDATE, PhoneDetector._FIRST),
    (PersonIdDetector._PATTERN, PersonIdDetector._FIRST),
    (AccountDetector._IBAN, AccountDetector._IBAN_FIRST),
    (AccountDetector._NUMBER, AccountDetector._NUMBER_FIRST),
    (LicenseDetector._PATTERN, LicenseDetector._FIRST),
    (LicenseDetector._CODE, LicenseDetector._CODE_FIRST),
    (ZipCodeDetector._SPACED, ZipCodeDetector._SPACED_FIRST),
    (ZipCodeDetector._COMPACT, ZipCodeDetector._COMPACT_FIRST),
    (OtherNumberDetector._PATTERN, OtherNumberDetector._FIRST),
    (DD._ISO, DD._ISO_FIRST),
    (DD._DMY, DD._DMY_FIRST),
    (DD._DM, DD._DM_FIRST),
    (DD._COMPACT, DD._COMPACT_FIRST),
    (DD._MONTH_YEAR, DD._DM_FIRST),
    (DD._DM_HYPHEN_YEAR, DD._DM_FIRST),
    (DD._YEAR_MONTH, DD._DM_FIRST),
]

# digits, the separators and letters the patterns care about, and a few look-alikes
ALPHABET = "0123456789012 +-–()./:,_ABSEZa\n²١"


def spans(matches: object) -> list[tuple[tuple[int, int], tuple]]:
    return [(m.span(), m.groups()) for m in matches]  # type: ignore[attr-defined]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40))
def test_same_matches_as_finditer(text: str) -> None:
    for pattern, first in PAIRS:
        assert spans(finditer_from(pattern, first, text)) == spans(pattern.finditer(text))


def test_examples_and_a_wrong_start_class() -> None:
    text = "Ring 070-123 45 67, pnr 850709-9805, zip 123 45 Lund, 2018-12-01 och 3/4."
    for pattern, first in PAIRS:
        assert spans(finditer_from(pattern, first, text)) == spans(pattern.finditer(text))
    # a start class that misses where matches begin misses matches: the helper trusts it
    assert list(finditer_from(re.compile(r"\d+"), re.compile("x"), "12 34")) == []


def test_gates_rewritten_with_a_digit_first() -> None:
    old_any = re.compile(r"\d[\-./]\d|\d{6}")
    for text in ("", "12.3", "123456", "12345", "1-", "a 1/2", "99 99"):
        assert bool(DD._ANY.search(text)) == bool(old_any.search(text))


CAPS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# (pattern, start class, lead, back) as the detectors call finditer_digits
DIGIT_LED = [
    (PhoneDetector._CANDIDATE, PhoneDetector._FIRST, PhoneDetector._LEAD, 19),
    (PersonIdDetector._PATTERN, PersonIdDetector._FIRST, "", 0),
    (AccountDetector._IBAN, AccountDetector._IBAN_FIRST, CAPS, 2),
    (AccountDetector._NUMBER, AccountDetector._NUMBER_FIRST, "", 0),
    (LicenseDetector._PATTERN, LicenseDetector._FIRST, CAPS + " ", 4),
    (LicenseDetector._CODE, LicenseDetector._CODE_FIRST, CAPS + " ", 4),
    (ZipCodeDetector._SPACED, ZipCodeDetector._SPACED_FIRST, "SE-", 3),
    (ZipCodeDetector._COMPACT, ZipCodeDetector._COMPACT_FIRST, "", 0),
    (OtherNumberDetector._PATTERN, OtherNumberDetector._FIRST, CAPS + "-", 5),
    (DD._ISO, DD._ISO_FIRST, "", 0),
    (DD._DMY, DD._DMY_FIRST, "", 0),
    (DD._DM, DD._DM_FIRST, "", 0),
    (DD._DM_DOT, DD._DM_FIRST, "", 0),
    (DD._COMPACT, DD._COMPACT_FIRST, "", 0),
    (DD._MONTH_YEAR, DD._DM_FIRST, "", 0),
    (DD._DM_HYPHEN_YEAR, DD._DM_FIRST, "", 0),
    (DD._YEAR_MONTH, DD._DM_FIRST, "", 0),
]
# more letters than ALPHABET: prefixes of plates, ids and IBANs ("ABC 123", "SE-123 45")
DIGIT_ALPHABET = "0123456789012 +-–()./:,_ABCSEZGBa\n²"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=DIGIT_ALPHABET, max_size=40), st.booleans())
def test_digit_runs_find_what_finditer_finds(text: str, wide: bool) -> None:
    if wide:
        text += "١"  # an Arabic-Indic one: \d matches it, so the plain search is used
        assert digit_runs(text) is None
    else:
        runs = digit_runs(text)
        assert runs == [m.start() for m in re.finditer(r"\d+", text)]
    for pattern, first, lead, back in DIGIT_LED:
        got = spans(finditer_digits(pattern, first, text, lead, back))
        assert got == spans(pattern.finditer(text)), pattern.pattern
    for search, at_run in ((DD._ANY, DD._RUN_ANY), (DD._DOT_ANY, DD._RUN_DOT),
                           (DD._SIX, DD._RUN_SIX)):
        assert DD._found(search, at_run, text) == bool(search.search(text))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0012345 +-–/().a", max_size=30))
def test_digit_runs_find_phone_candidates(text: str) -> None:
    pattern, first, lead, back = DIGIT_LED[0]
    assert spans(finditer_digits(pattern, first, text, lead, back)) == \
        spans(pattern.finditer(text))


def test_digit_runs_examples() -> None:
    text = "Ring 070-123 45 67, ABC 123, VCC-558 213, SE-123 45 Lund, 2018-12-01 och 3/4. " \
        "Tel + (46) 70-123 45 67 eller (08) 123 456 78, +46 8 123 45 67."
    for pattern, first, lead, back in DIGIT_LED:
        got = spans(finditer_digits(pattern, first, text, lead, back))
        assert got == spans(pattern.finditer(text))
    assert digit_runs("") == [] and digit_runs("åäö 12 😀 3") == [4, 9]
    assert digit_runs("12 ٣") is None  # an Arabic-Indic three


def test_words_where_and_ending() -> None:
    from pseudonymizer.detectors.common import TokenIndex, Words
    from pseudonymizer.tokenize import tokenize

    doc = tokenize("Man sa att Man och man är tre, en treåring och två tioåringar är det.")
    words = Words.of(doc)
    assert Words.of(doc) is words  # shared by the detectors of a pass
    lowers = [t.lower for t in doc.tokens]

    def naive(ws: set[str]) -> list[int]:
        return [i for i, low in enumerate(lowers) if low in ws]

    tracked = Words.track({"man", "är"})
    for ws in ({"man"}, {"är", "tre"}, {"saknas"}, set(), {"treåring", "man", "det"}, tracked):
        assert words.where(ws) == naive(ws)
    assert words.ending(("åring", "åringar"), 8) == {"treåring", "tioåringar"}
    assert words.ending(("åring",), 9) == set()
    assert words.ending(("e", "åringar"), 3) == {"tre", "tioåringar"}  # a one-letter tail
    assert words.ending(("xyz", "ar")) == {"tioåringar"}
    caps = [i for i, t in enumerate(doc.tokens) if t.is_word and (t.is_title or t.text.isupper())]
    assert words.caps == caps == [0, 3]
    TokenIndex.forget(doc)
    assert Words.of(doc) is not words and Words.of(doc).where({"tre"}) == naive({"tre"})


def test_word_memo_picks_the_words_its_test_takes_and_asks_each_word_once():
    asked: list[str] = []

    def long_word(w: str) -> bool:
        asked.append(w)
        return len(w) > 4

    memo = WordMemo(long_word)
    picked, answers = memo.pick({"bo", "stockholm", "i", "kungsgatan"})
    assert sorted(picked) == ["kungsgatan", "stockholm"]
    assert answers["bo"] is False and answers["stockholm"] is True
    assert sorted(asked) == ["bo", "i", "kungsgatan", "stockholm"]
    picked, _ = memo.pick({"bo", "stockholm", "malmö"})
    assert sorted(picked) == ["malmö", "stockholm"]
    assert asked[4:] == ["malmö"]  # only the new word is tested


def test_word_memo_stays_bounded_and_keeps_the_old_dict_whole():
    memo = WordMemo(str.isupper, limit=3)
    _, first = memo.pick({"A", "b", "C"})
    _, second = memo.pick({"D", "e"})  # 3 + 2 > 3: a new memo with only these words
    assert set(second) == {"D", "e"}
    assert set(first) == {"A", "b", "C"}  # a thread holding the old memo still reads it
    picked, _ = memo.pick({"D", "F"})
    assert sorted(picked) == ["D", "F"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="abeårs", min_size=1, max_size=7), min_size=1, max_size=30),
    st.lists(
        st.tuples(
            st.lists(st.text(alphabet="abeårs", min_size=1, max_size=3), min_size=1, max_size=4),
            st.integers(0, 6),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_ending_is_endswith(forms: list[str], asks: list[tuple[list[str], int]]) -> None:
    """Words.ending gives what an endswith over the essay's distinct words gives, whatever the
    order in which tails are first asked for (new ones registered between two calls of an
    essay, two essays sharing the per-process memo) and when the memo is renewed."""
    from pseudonymizer.detectors import common
    from pseudonymizer.detectors.common import TokenIndex, Words
    from pseudonymizer.tokenize import tokenize

    for text in (" ".join(forms), " ".join(reversed(forms[1:]))):
        doc = tokenize(text)
        words = Words.of(doc)
        present = {t.lower for t in doc.tokens}
        for k, (tails, min_len) in enumerate(asks):
            if k == len(asks) // 2:
                common._renew_endings(common._ENDINGS)  # a full memo, replaced mid-essay
            expected = {w for w in present if len(w) >= min_len and w.endswith(tuple(tails))}
            assert words.ending(tuple(tails), min_len) == expected
        TokenIndex.forget(doc)
