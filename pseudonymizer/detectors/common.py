"""Small helpers shared by the number-like detectors: context words around a character offset."""

from __future__ import annotations

import re
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from itertools import compress, repeat

from pseudonymizer.document import Document, Token

# Words that follow a number and make it a quantity, a price, a size or a time — never a personal
# detail. Checked on the token right after the number.
UNITS: frozenset[str] = frozenset(
    """
    kr kronor krona kr. sek :- euro eur euros dollar dollars usd $ € £ pund lira liror dinar rial
    öre procent % kvm m2 m² kvadratmeter m meter meters km kilometer mil cm mm dm kg kilo kilogram
    g gram hg ton l liter dl cl ml st stycken stycks sidor sida sid s. timmar timme tim h min
    minuter minut sekunder sekund dagar dag dygn veckor vecka månader månad år åren års gånger
    gång grader °c ° personer person människor elever barn studenter rum våningar poäng hp mb gb
    """.split()
)

# Words before a number that make it a page, a count or a time of day.
NOT_PERSONAL_BEFORE: frozenset[str] = frozenset(
    "sidan sida sid s. kapitel kap. kl. kl klockan klockan. nummer_sida version".split()
)


class TokenIndex:
    """Maps character offsets of ``doc.text`` to token indices.

    Use :meth:`of` to share one index between the detectors that run on the same document.
    """

    __slots__ = ("doc", "starts", "ends")

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        if len(doc.starts) == len(doc.tokens):  # the tokenizer's columns (tuples: bisect them)
            self.starts = doc.starts
            self.ends = doc.ends
        else:
            self.starts = [t.start for t in doc.tokens]
            self.ends = [t.end for t in doc.tokens]

    @classmethod
    def of(cls, doc: Document) -> TokenIndex:
        """The index of ``doc``, reusing the last one built in this thread (the detectors of a
        pass run one after another on the same immutable document)."""
        last = getattr(_LAST, "index", None)
        if last is not None and last.doc is doc:
            return last
        index = cls(doc)
        _LAST.index = index
        return index

    @staticmethod
    def forget(doc: Document) -> None:
        """Drop this thread's index if it is ``doc``'s (the pipeline's pass is done with it)."""
        last = getattr(_LAST, "index", None)
        if last is not None and last.doc is doc:
            _LAST.index = None
        words = getattr(_LAST, "words", None)
        if words is not None and words.doc is doc:
            _LAST.words = None
        digits = getattr(_LAST, "digits", None)
        if digits is not None and digits[0] is doc.text:
            _LAST.digits = None  # digit_runs' memo of the text

    def first_at(self, char: int) -> int:
        """Index of the first token ending after ``char``."""
        return bisect_right(self.ends, char)

    def last_before(self, char: int) -> int:
        """Index of the last token starting before ``char`` (-1 if none)."""
        return bisect_left(self.starts, char) - 1

    def before(self, char: int, n: int) -> list[Token]:
        """Up to ``n`` tokens before ``char`` (nearest last), within the same sentence."""
        last = bisect_left(self.ends, char + 1) - 1
        while last >= 0 and self.doc.tokens[last].end > char:
            last -= 1
        if last < 0:
            return []
        tokens = self.doc.tokens
        sentence_first = self.doc.sentences[tokens[last].sentence][0]
        return list(tokens[max(sentence_first, last - n + 1) : last + 1])

    def after(self, char: int, n: int) -> list[Token]:
        """Up to ``n`` tokens starting at or after ``char``, within the same sentence."""
        first = bisect_left(self.starts, char)
        tokens = self.doc.tokens
        if first >= len(tokens):
            return []
        sentence_last = self.doc.sentences[tokens[first].sentence][1]
        return list(tokens[first : min(sentence_last, first + n)])


# One entry per thread (detectors may run concurrently on different documents).
_LAST = threading.local()


class Words:
    """The lower-cased texts of a document's tokens, for detectors that look for a few words:
    instead of a Python step per token, they ask which of their words the essay has at all
    (a set intersection, in C) and visit those tokens alone.

    The positions of every distinct word are listed in one pass over the tokens at the first
    :meth:`where` that finds a word, shared by every detector that asks. Use :meth:`of` to
    share one between the detectors of a pass (like :class:`TokenIndex`, whose ``forget``
    drops it too).
    """

    __slots__ = ("doc", "lowers", "present", "_at", "_by_end", "_caps", "_containing")

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        lowers = doc.lowers  # the tokenizer's column, copied in C
        self.lowers = (
            list(lowers) if len(lowers) == len(doc.tokens) else [t.lower for t in doc.tokens]
        )
        self.present = set(self.lowers)
        self._at: dict[str, list[int]] | None = None  # word → positions (see _positions)
        # Words.ending's index: (the state it was made with, bit → words)
        self._by_end: tuple[_EndingState, dict[int, list[str]]] | None = None
        self._caps: list[int] | None = None
        self._containing: dict[str, list[int]] = {}

    @classmethod
    def track(cls, words: Iterable[str]) -> frozenset[str]:
        """``words`` as a frozenset (the detectors name their trigger words with it at import;
        :meth:`where` lists every word's positions, so no word needs registering)."""
        return frozenset(words)

    @classmethod
    def of(cls, doc: Document) -> Words:
        """The words of ``doc``, reusing the last ones built in this thread."""
        last = getattr(_LAST, "words", None)
        if last is not None and last.doc is doc:
            return last
        words = cls(doc)
        _LAST.words = words
        return words

    @property
    def caps(self) -> list[int]:
        """Indices of the capitalised words (title case or all capitals), ascending."""
        if self._caps is None:
            self._caps = [
                i for i, t in enumerate(self.doc.tokens)
                if t.is_word and (t.is_title or t.text.isupper())
            ]
        return self._caps

    def where(self, words: Iterable[str]) -> list[int]:
        """Indices of the tokens whose lower-cased text is one of ``words``, ascending."""
        hits = self.present.intersection(words)  # (in C, over the smaller set)
        if not hits:
            return []
        at = self._at
        if at is None:
            at = self._at = self._positions()
        if len(hits) == 1:
            return list(at[next(iter(hits))])
        out: list[int] = []
        for word in hits:
            out += at[word]
        out.sort()
        return out

    def _positions(self) -> dict[str, list[int]]:
        """Every distinct word's positions, in one pass over the tokens (made at the first
        :meth:`where` of an essay that finds a word): a detector asks for fifty word sets
        in an essay, a pass over the tokens for the words each new set brought cost more
        than this one pass for all."""
        at: dict[str, list[int]] = {word: [] for word in self.present}
        for i, word in enumerate(self.lowers):
            at[word].append(i)
        return at

    def containing(self, char: str) -> list[int]:
        """Indices of the tokens whose text contains ``char``, ascending; ``char`` is one
        character that lower-casing leaves alone (``"-"``, ``"."``).

        Found in the text with ``str.find`` (C-speed) and mapped to the tokens by bisection:
        Python steps only for the occurrences (testing every token cost more). Kept per
        character (several passes ask for the same one): callers must not change the list.
        """
        found = self._containing.get(char)
        if found is not None:
            return found
        doc = self.doc
        tokens = doc.tokens
        ends = doc.ends if len(doc.ends) == len(tokens) else [t.end for t in tokens]
        text = doc.text
        found = []
        at = text.find(char)
        while at >= 0:
            i = bisect_right(ends, at)  # the first token ending after the character
            if i < len(tokens) and tokens[i].start <= at and (not found or found[-1] != i):
                found.append(i)
            at = text.find(char, at + 1)
        self._containing[char] = found
        return found

    def ending(self, tails: tuple[str, ...], min_len: int = 0) -> set[str]:
        """The essay's distinct lower-cased words of ``min_len`` or more characters that end
        with one of ``tails``.

        Each ``(tails, min_len)`` asked for is registered (a few fixed ones, one per detector
        rule) and every word form carries, per process, the set of registered tails it ends
        with (a bit mask, worked out once per form). At the first call in an essay the essay's
        words are sorted by those bits (the masks looked up in C, a Python step only for the
        few words with a tail), so every call after is a look-up: an ``endswith`` over a score
        of tails per word, or a pass over the essay's words per call, cost more than the rest
        of several detectors.
        """
        key = (tails, min_len)
        state = _ENDINGS
        bit = state.keys.get(key)
        if bit is None:
            if len(state.keys) >= _ENDING_KEYS_MAX:  # tails made on the fly: not kept
                return {w for w in self.present if len(w) >= min_len and w.endswith(tails)}
            state = _register_ending(key)
            bit = state.keys[key]
        by_bit = self._by_end
        if by_bit is None or by_bit[0] is not state:
            if len(state.masks) > _ENDING_MEMO_MAX:
                state = _renew_endings(state)  # (the same bits)
            by_bit = self._by_end = (state, _words_by_ending(self.present, state))
        return set(by_bit[1].get(bit, ()))


class _EndingState:
    """The registered ``(tails, min_len)`` of :meth:`Words.ending`, each with a bit, and the
    per-process memo of word form → the bits of the tails it ends with. Never changed once
    published: a new registration (or a full memo) makes a new state."""

    __slots__ = ("keys", "masks")

    def __init__(self, keys: dict[tuple[tuple[str, ...], int], int]) -> None:
        self.keys = keys
        self.masks = _EndingMasks(keys)


class _EndingMasks(dict):
    """word form → bit mask of the registered tails it ends with (at their minimum length),
    filled on first look-up (``__missing__``: a hit stays a C-level dict look-up)."""

    __slots__ = ("_keys",)

    def __init__(self, keys: dict[tuple[tuple[str, ...], int], int]) -> None:
        super().__init__()
        self._keys = tuple((tails, min_len, 1 << bit) for (tails, min_len), bit in keys.items())

    def __missing__(self, word: str) -> int:
        mask = 0
        for tails, min_len, flag in self._keys:
            if len(word) >= min_len and word.endswith(tails):
                mask |= flag
        self[word] = mask
        return mask


_ENDINGS_LOCK = threading.Lock()
_ENDINGS = _EndingState({})
_ENDING_MEMO_MAX = 100_000  # word forms kept per state
_ENDING_KEYS_MAX = 64  # (tails, min_len) registered (the detectors ask for a few fixed ones)


def _register_ending(key: tuple[tuple[str, ...], int]) -> _EndingState:
    """The state with ``key`` registered (published as the new ``_ENDINGS``)."""
    global _ENDINGS
    with _ENDINGS_LOCK:
        state = _ENDINGS
        if key not in state.keys:
            state = _ENDINGS = _EndingState({**state.keys, key: len(state.keys)})
        return state


def _renew_endings(state: _EndingState) -> _EndingState:
    """A state with the same registrations and an empty memo, published unless another thread
    changed the state meanwhile (a thread holding the old one still finds its words)."""
    global _ENDINGS
    with _ENDINGS_LOCK:
        if _ENDINGS is state:
            _ENDINGS = _EndingState(state.keys)
        return _ENDINGS


def _words_by_ending(present: set[str], state: _EndingState) -> dict[int, list[str]]:
    """The words of ``present`` by the bit of each registered tails they end with."""
    distinct = list(present)
    masks = list(map(state.masks.__getitem__, distinct))
    by_bit: dict[int, list[str]] = {}
    for word, mask in zip(compress(distinct, masks), filter(None, masks)):  # noqa: B905
        for bit in range(mask.bit_length()):
            if mask >> bit & 1:
                found = by_bit.get(bit)
                if found is None:
                    by_bit[bit] = [word]
                else:
                    found.append(word)
    return by_bit


def lower_text(text: str) -> str:
    """``text.lower()``, computed once per essay (the last text's, per thread) for the stages
    that look for their words in the whole text (account, license, url, the profiles' story
    test): a lower-casing of the whole essay cost each of them as much as the rest of its
    work."""
    last = getattr(_LAST, "lower", None)
    if last is not None and last[0] is text:
        return last[1]
    low = text.lower()
    _LAST.lower = (text, low)
    return low


def words(tokens: list[Token]) -> list[str]:
    """Lower-cased texts of the word tokens (punctuation left out)."""
    return [t.lower for t in tokens if t.is_word or t.is_digit]


def followed_by_unit(index: TokenIndex, end: int) -> bool:
    """True when the token right after ``end`` is a unit, a currency or ``:-``."""
    nxt = index.after(end, 2)
    if not nxt:
        return False
    first = nxt[0]
    if first.lower in UNITS:
        return True
    if first.text == ":" and len(nxt) > 1 and nxt[1].text == "-":
        return True
    return first.text in {"%", "$", "€", "£", "°"}


# "man" as the generic pronoun ("I december firar man Lucia") vs the noun ("min man"): after
# these words it is the noun.
_MAN_NOUN_BEFORE = frozenset(
    "min din sin hans hennes vår er deras en ingen den varje annan gammal ung ny snäll "
    "hennes.".split()
)


def generic_sentences(doc: Document) -> frozenset[int]:
    """Sentences that state general facts with the generic pronoun ``man`` ("Man firar
    midsommar i juni"): dates and ages in them are not personal details of the writer."""
    out = set()
    tokens = doc.tokens
    for i in Words.of(doc).where(_MAN):
        if i == 0 or tokens[i - 1].lower not in _MAN_NOUN_BEFORE:
            out.add(tokens[i].sentence)
    return frozenset(out)


_MAN = Words.track({"man"})


def finditer_from(
    pattern: re.Pattern[str], first: re.Pattern[str], text: str
) -> Iterator[re.Match[str]]:
    """The matches of ``pattern.finditer(text)``, found by trying ``pattern`` only where
    ``first`` matches.

    ``first`` must match at every position where a match of ``pattern`` can begin; it starts
    with a one-character class (``\\d(?<![\\w\\-]\\d)``), which ``re`` scans for in C, whereas
    a pattern that opens with a look-behind is tried at every character of the essay (three to
    four times slower on text with few numbers). Look-behinds and ``\\b`` in ``pattern`` still
    see the characters before the start position, so the matches are the same.
    """
    search = first.search
    match = pattern.match
    pos = 0
    while True:
        hit = search(text, pos)
        if hit is None:
            return
        start = hit.start()
        found = match(text, start)
        if found is None:
            pos = start + 1
            continue
        yield found
        end = found.end()
        pos = end if end > start else start + 1


# A character beyond Latin-1 (U+0100 and up): the only place a non-ASCII decimal digit can be.
_WIDE = re.compile(r"[^\x00-\xff]")


def digit_runs(text: str) -> list[int] | None:
    """The offset of the first digit of every run of decimal digits (``\\d``) in ``text``,
    ascending; ``None`` when ``text`` has a decimal digit other than 0–9 (Arabic-Indic, …).

    Found with ``str.find`` per ASCII digit (C-speed, about 1 ns per character), fifteen to
    twenty times faster than a regular expression that opens with ``\\d``; Latin-1 has no
    other decimal digits, so only a text with wider characters is checked further. The
    number-like detectors share the result (the last text's, per thread).
    """
    last = getattr(_LAST, "digits", None)
    if last is not None and last[0] is text:
        return last[1]
    try:
        text.encode("latin-1")
        other = False
    except UnicodeEncodeError:
        other = any(ch.isdecimal() for ch in set(_WIDE.findall(text)))
    runs: list[int] | None = None
    if not other:
        found = []
        find = text.find
        for digit in "0123456789":
            at = find(digit)
            while at >= 0:
                found.append(at)
                at = find(digit, at + 1)
        found.sort()
        runs = [at for k, at in enumerate(found) if k == 0 or found[k - 1] != at - 1]
    _LAST.digits = (text, runs)
    return runs


def finditer_digits(
    pattern: re.Pattern[str],
    first: re.Pattern[str],
    text: str,
    lead: str = "",
    back: int = 0,
) -> Iterator[re.Match[str]]:
    """The matches of ``finditer_from(pattern, first, text)`` for a pattern whose every match
    begins at the first digit of a run of digits (a look-behind rules out a digit before it),
    or at most ``back`` characters before that digit with only characters of ``lead``
    between (``[A-Z]{1,4}-?\\d``: ``lead`` the capitals and ``-``, ``back`` 5).

    ``pattern`` is tried only at those positions (found once per text by :func:`digit_runs`)
    instead of searching the whole text for ``first``; a text with other decimal digits than
    0–9 falls back to :func:`finditer_from`.
    """
    runs = digit_runs(text)
    if runs is None:
        yield from finditer_from(pattern, first, text)
        return
    match = pattern.match
    pos = 0
    if not back:
        # every match begins at a run's first digit: the pattern is tried at every run in C
        # (a match does not depend on where the last one ended) and only the matches are
        # visited, those inside the last match passed by
        for found in filter(None, map(match, repeat(text), runs)):
            start = found.start()
            if start < pos:
                continue  # inside the last match
            yield found
            end = found.end()
            pos = end if end > start else start + 1
        return
    for digit in runs:
        if digit < pos:
            continue  # inside the last match
        start = digit
        while start > pos and digit - start < back and text[start - 1] in lead:
            start -= 1
        if start == digit:  # no lead character before the digit (the common case)
            found = match(text, digit)
            if found is not None:
                yield found
                end = found.end()
                pos = end if end > digit else digit + 1
            continue
        while start <= digit:
            found = match(text, start)
            if found is None:
                start += 1
                continue
            yield found
            end = found.end()
            pos = end if end > start else start + 1
            break


class WordMemo:
    """A per-process memo of a pure test on word forms, for the detectors' filtered loops.

    ``pick(present)`` runs the test in Python only for the words the process has not seen
    before (on the memo's first look-up of them); the words whose answer is true are then
    picked in C. The memo stays bounded for a long-running worker: when full it is replaced
    by a new dict, never cleared in place, so a thread that still holds the old one finds
    every word it added.
    """

    __slots__ = ("_limit", "_memo", "_test")

    def __init__(self, test: Callable[[str], object], limit: int = 200_000) -> None:
        self._test = test
        self._limit = limit
        self._memo = _Memo(test)

    def pick(self, present: set[str]) -> tuple[list[str], dict[str, object]]:
        """The words of ``present`` the test takes (in the set's order) and the memo that holds
        every word of ``present`` with its answer."""
        memo = self._memo
        if len(memo) + len(present) > self._limit:
            memo = self._memo = _Memo(self._test)
        distinct = list(present)
        return list(compress(distinct, map(memo.__getitem__, distinct))), memo


class _Memo(dict):
    """word → ``test(word)``, filled on first look-up (``__missing__``: a hit stays a C-level
    dict look-up, and no pass over the words looks for the new ones first)."""

    __slots__ = ("_test",)

    def __init__(self, test: Callable[[str], object]) -> None:
        super().__init__()
        self._test = test

    def __missing__(self, word: str) -> object:
        answer = self[word] = self._test(word)
        return answer
