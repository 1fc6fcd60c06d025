"""Running numbers (SPEC §2.1; guideline §2.1).

One counter per essay, shared by all categories, in order of first appearance. All mentions of
the same entity share a number, including lower-cased, inflected and misspelled variants
(``Stockholm``, ``stockholm``, ``Stokholm``, ``Stockholms``): keys are normalized
(:func:`pseudonymizer.tokenize.normalize`) and compared with rapidfuzz. Repeated phone numbers
or dates keep one number (their keys are the digits). The published pseudonymizer gave every
mention a new number and turned "Iraks" into number "10s"; here numbers are plain integers kept
apart from flags.

Graph-level helpers for the editor: :func:`renumber` (1, 2, 3… in order of first appearance,
keeping which mentions share a number) and :func:`merge_numbers`.
"""

from __future__ import annotations

from collections.abc import Callable

from rapidfuzz.distance import Levenshtein

from pseudonymizer.document import Options
from pseudonymizer.taxonomy import LABELS, is_running_number
from pseudonymizer.tokenize import normalize

__all__ = ["Numberer", "entity_family", "entity_key", "merge_numbers", "renumber"]


def entity_family(label: str) -> str:
    """Labels whose mentions can be the same entity: first names of any gender are one family
    (a detector may guess the gender differently twice); otherwise the taxonomy group."""
    family = _FAMILIES.get(label)
    if family is None:
        if label.startswith("firstname_") or label == "nickname":
            family = "firstname"
        else:
            info = LABELS.get(label)
            family = info.group if info else label
        if len(_FAMILIES) < 1024:  # the labels of the taxonomy, and a few unknown ones
            _FAMILIES[label] = family
    return family


_FAMILIES: dict[str, str] = {}


def entity_key(text: str) -> str:
    """The normalized form of a mention: case and diacritics folded, inner whitespace single."""
    return " ".join(normalize(text).split())


_NAME_FAMILIES = frozenset({"firstname", "names"})


def _max_edits(key: str) -> int:
    # Short keys are too close to each other to fuzz ("Ali"/"Ola"); the thresholds follow the
    # measured trade-off in NOTES-dependencies.md.
    if len(key) < 5:
        return 0
    return 1 if len(key) < 9 else 2


class Numberer:
    """Gives running numbers to mentions, in the order they are offered.

    >>> nr = Numberer()
    >>> [nr.number("city", "stockholm"), nr.number("firstname_female", "anna"),
    ...  nr.number("city", "stokholm"), nr.number("city", "stockholms")]
    [1, 2, 1, 1]
    """

    def __init__(
        self, start: int = 1, *, is_known_name: Callable[[str], bool] | None = None
    ) -> None:
        """``is_known_name(key)`` tells whether a normalized key is a name of the gazetteer: two
        different known names (Maria, Marie) are two people and are never merged by fuzzy
        matching; a misspelled name (Mohammad → Mohammed when only one is known) still is."""
        self.next = start
        self._is_known_name = is_known_name
        self._exact: dict[tuple[str, str], int] = {}
        self._by_family: dict[str, list[tuple[str, int]]] = {}
        # each family's keys and their forms without a genitive -s → the number of the first
        # key with that form (the exact step of _similar as one look-up per variant)
        self._forms: dict[str, dict[str, int]] = {}
        self._known: dict[str, bool] = {}  # is_known_name, asked once per key

    def _is_known(self, key: str) -> bool:
        """``is_known_name(key)``, memoized: the same keys are compared again and again."""
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = bool(self._is_known_name(key))  # type: ignore[misc]
        return known

    def number(self, label: str, key: str) -> int:
        """The running number of the entity ``key`` (already normalized) with ``label``."""
        family = _FAMILIES.get(label) or entity_family(label)  # (no call: the labels seen)
        found = self._exact.get((family, key))
        if found is not None:
            return found
        fuzzy = ":" not in key  # "phone:0701234567"-style keys of numbers match exactly only
        if fuzzy:
            found = self._similar(family, key)
        if found is None:
            found = self.next
            self.next += 1
        self._exact[(family, key)] = found
        if fuzzy:
            self._by_family.setdefault(family, []).append((key, found))
            forms = self._forms.setdefault(family, {})
            forms.setdefault(key, found)
            if key.endswith("s"):
                forms.setdefault(key[:-1], found)
        return found

    def _similar(self, family: str, key: str) -> int | None:
        known = self._by_family.get(family, ())
        if not known:
            return None
        variants = {key}
        if key.endswith("s") and len(key) > 3:
            variants.add(key[:-1])  # genitive: "stockholms" → "stockholm"
        forms = self._forms[family]
        for variant in variants:
            found = forms.get(variant)
            if found is not None:
                return found
        limit = _max_edits(key)
        if not limit:
            return None
        names = family in _NAME_FAMILIES and self._is_known_name is not None
        key_known = None  # is_known_name(key), asked when a candidate is near enough
        best: tuple[int, int] | None = None
        for other, number in known:
            if abs(len(other) - len(key)) > limit or other[:1] != key[:1] and limit < 2:
                continue
            if key_known is None:
                key_known = names and self._is_known(key)
            if key_known and self._is_known(other):
                continue  # two real names: two people
            dist = Levenshtein.distance(key, other, score_cutoff=limit)
            if dist <= limit and (best is None or dist < best[0]):
                best = (dist, number)
        return best[1] if best else None


def _edge_order(graph: dict) -> list[dict]:
    """Edges in the order of their first source token (target-only edges last)."""
    position = {tok["id"]: k for k, tok in enumerate(graph["source"])}
    far = len(position) + 1

    def first(edge: dict) -> int:
        return min((position[i] for i in edge["ids"] if i in position), default=far)

    return sorted(graph["edges"].values(), key=first)


def renumber(graph: dict, *, seed: object = None, options: Options | None = None) -> dict:
    """A copy of ``graph`` whose running numbers are 1, 2, 3… in order of first appearance.

    Mentions that shared a number still share one; nothing else changes, unless ``seed`` is
    given: then the pseudonyms are recomputed (``replace.apply_pseudonyms``) so that letter
    placeholders follow the new order (A-stad for number 1…).
    """
    mapping: dict[str, str] = {}
    for edge in _edge_order(graph):
        for label in edge.get("labels", []):
            if is_running_number(label) and label not in mapping:
                mapping[label] = str(len(mapping) + 1)
    return _repseudonymize(_relabel(graph, mapping), seed, options)


def merge_numbers(
    graph: dict, keep: int, drop: int, *, seed: object = None, options: Options | None = None
) -> dict:
    """A copy of ``graph`` where every edge numbered ``drop`` gets ``keep`` instead.

    The guideline's example: ``Storbritanien`` and ``England`` are one entity (number 6).
    Only the labels change; pass the essay's ``seed`` (and project ``options``) to recompute
    the pseudonyms as well, so that the merged mentions share one (same label + number ⇒ same
    pseudonym, SPEC §2.1).
    """
    return _repseudonymize(_relabel(graph, {str(drop): str(keep)}), seed, options)


def _repseudonymize(graph: dict, seed: object, options: Options | None) -> dict:
    if seed is None:
        return graph
    from pseudonymizer.replace import apply_pseudonyms

    return apply_pseudonyms(graph, seed, options)


def _relabel(graph: dict, mapping: dict[str, str]) -> dict:
    edges = {}
    for eid, edge in graph["edges"].items():
        labels = [mapping.get(x, x) if is_running_number(x) else x for x in edge.get("labels", [])]
        deduped = list(dict.fromkeys(labels))
        edges[eid] = {**edge, "labels": deduped}
    return {**graph, "edges": edges}
