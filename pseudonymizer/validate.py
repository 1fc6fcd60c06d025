"""Annotation rules of SPEC §2, checked on submit and on approval.

``validate_graph(graph, stage="submit"|"approve") -> list[Issue]``: an ``error`` blocks the
step, a ``warning`` is shown to the annotator or the lead. Rules:

* the graph invariant holds (``graph.check_invariant``);
* a span has at most one main label; a numbered main label has exactly one running number; a
  running number or a morphology flag never stands alone; labels are known (legacy names must be
  mapped on import) and optional labels are enabled for the project;
* ``foreign`` only with area/city/place/region/geo; ``area`` always with ``foreign``;
  Sweden is never labelled as a country;
* ``OBS!`` left on an essay is a warning on submit and an error on approval; ``OBS!``/``Com!``
  carry a comment text;
* same main label + same number ⇒ same pseudonym (warning otherwise); a pseudonymized category
  whose target still equals the original is a warning (``extra`` is replaced by hand).
"""

from __future__ import annotations

from dataclasses import dataclass

from pseudonymizer.document import Options
from pseudonymizer.graph import check_invariant
from pseudonymizer.numbering import entity_family
from pseudonymizer.taxonomy import FLAGS, GEO_FOREIGN_LABELS, LABELS, LEGACY, is_running_number
from pseudonymizer.tokenize import normalize

__all__ = ["Issue", "validate_graph"]

_SWEDEN = frozenset(
    {
        "sverige",
        "sveriges",
        "sweden",
        "swedens",
        "sverie",
        "sverje",
        "svärige",
        "sverge",
        "sveirge",
        "konungariket sverige",
    }
)
_MORPH = frozenset({"gen", "def", "pl"})


@dataclass(frozen=True, slots=True)
class Issue:
    """One finding: ``level`` is ``error`` or ``warning``; ``edge_id`` is None for the essay."""

    level: str
    code: str
    message: str
    edge_id: str | None = None

    def to_json(self) -> dict:
        return {
            "level": self.level,
            "code": self.code,
            "message": self.message,
            "edge_id": self.edge_id,
        }


# Whitespace and punctuation an editor selection may glue to a name ("Stockholm." or "(Lund),"):
# pseudonyms are compared without them, so "Tuna" and "Tuna." are one pseudonym.
_SURROUNDING = " \t\n\r\f\v\u00a0.,;:!?\"'()[]{}«»“”‘’„<>*…"


def _bare(text: str) -> str:
    """``text`` without surrounding whitespace and punctuation (itself if nothing else is left)."""
    return text.strip(_SURROUNDING) or text.strip()


class _Sides:
    """Source and target texts of edges; the token indexes are built once per graph."""

    def __init__(self, graph: dict) -> None:
        self.src_order = {tok["id"]: k for k, tok in enumerate(graph["source"])}
        self.tgt_order = {tok["id"]: k for k, tok in enumerate(graph["target"])}
        self.by_id = {
            tok["id"]: tok["text"] for side in ("source", "target") for tok in graph[side]
        }

    def texts(self, edge: dict) -> tuple[str, str]:
        """The edge's source and target text, stripped of surrounding whitespace."""
        src_order, tgt_order, by_id = self.src_order, self.tgt_order, self.by_id
        src = sorted((i for i in edge["ids"] if i in src_order), key=src_order.__getitem__)
        tgt = sorted((i for i in edge["ids"] if i in tgt_order), key=tgt_order.__getitem__)
        return "".join(by_id[i] for i in src).strip(), "".join(by_id[i] for i in tgt).strip()


def validate_graph(
    graph: dict, *, stage: str = "submit", options: Options | None = None
) -> list[Issue]:
    """Check ``graph`` against the annotation rules (see the module docstring).

    ``stage`` is ``submit`` or ``approve``; ``options`` (the project's settings) make labels of
    ``disabled_labels`` and optional labels not enabled errors.
    """
    if stage not in ("submit", "approve"):
        raise ValueError(f"unknown stage {stage!r} (submit or approve)")
    broken = check_invariant(graph)
    if broken:
        return [Issue("error", "invariant", message) for message in broken]
    issues: list[Issue] = []
    # (label, number, flags) → target → edge: inflection may differ, the word may not
    pseudonyms: dict[tuple[str, str, tuple[str, ...]], dict[str, str]] = {}
    labels_of_number: dict[str, set[str]] = {}
    sides = _Sides(graph)
    for eid, edge in graph["edges"].items():
        labels = edge.get("labels") or []
        if not labels:
            continue
        source, target = sides.texts(edge)
        main = [x for x in labels if x in LABELS and LABELS[x].kind == "main"]
        numbers = [x for x in labels if is_running_number(x)]
        flags = [x for x in labels if x in FLAGS]
        for label in labels:
            if label in LABELS or is_running_number(label):
                continue
            hint = f" (legacy name of {LEGACY[label]!r})" if LEGACY.get(label) else ""
            issues.append(Issue("error", "unknown_label", f"unknown label {label!r}{hint}", eid))
        if len(main) > 1:
            issues.append(
                Issue(
                    "error",
                    "several_main_labels",
                    f"one span has several main labels: {', '.join(main)}",
                    eid,
                )
            )
        if len(numbers) > 1:
            issues.append(
                Issue(
                    "error",
                    "several_numbers",
                    f"one span has several running numbers: {', '.join(numbers)}",
                    eid,
                )
            )
        if numbers and not main:
            issues.append(
                Issue("error", "number_alone", f"running number {numbers[0]} without a label", eid)
            )
        if [f for f in flags if f in _MORPH] and not main:
            issues.append(Issue("error", "flag_alone", "a morphology flag needs a label", eid))
        for label in main:
            info = LABELS[label]
            if info.numbered and not numbers:
                issues.append(
                    Issue("error", "missing_number", f"{label} needs a running number", eid)
                )
            if options is not None and (
                label in options.disabled_labels
                or (info.optional and label not in options.enabled_optional_labels)
            ):
                issues.append(
                    Issue(
                        "error", "label_not_enabled", f"{label} is not enabled in this project", eid
                    )
                )
        if "foreign" in labels and not set(main) & GEO_FOREIGN_LABELS:
            issues.append(
                Issue(
                    "error",
                    "foreign_misplaced",
                    "foreign goes only with area, city, place, region or geo",
                    eid,
                )
            )
        if "area" in main and "foreign" not in labels:
            issues.append(
                Issue(
                    "warning",
                    "area_without_foreign",
                    "area is for places outside Sweden: add foreign",
                    eid,
                )
            )
        if "country" in main and normalize(source) in _SWEDEN:
            issues.append(
                Issue("error", "sweden_as_country", "Sweden is never labelled as a country", eid)
            )
        for comment_label in ("OBS!", "Com!"):
            if comment_label in labels and not (edge.get("comment") or "").strip():
                issues.append(
                    Issue("error", "comment_missing", f"{comment_label} needs a comment text", eid)
                )
        if "OBS!" in labels:
            level = "warning" if stage == "submit" else "error"
            issues.append(Issue(level, "open_obs", "an OBS! is still open", eid))
        if main and numbers:
            label = main[0]
            info = LABELS[label]
            labels_of_number.setdefault(numbers[0], set()).add(label)
            if info.replacement not in ("keep", "none"):
                key = (label, numbers[0], tuple(sorted(flags)))
                pseudonyms.setdefault(key, {}).setdefault(_bare(target), eid)
                if _bare(target) == _bare(source) and info.replacement not in (
                    "age",
                    "year",
                    "day",
                    "month_digit",
                    "month_word",
                    "small_number",
                ):
                    issues.append(
                        Issue(
                            "warning",
                            "not_pseudonymized",
                            f"{label} still reads {source!r} in the target",
                            eid,
                        )
                    )
    for (label, number, _flags), seen in pseudonyms.items():
        if len(seen) > 1:
            issues.append(
                Issue(
                    "warning",
                    "inconsistent_pseudonym",
                    f"{label} {number} has different pseudonyms: {', '.join(sorted(seen))}",
                    next(iter(seen.values())),
                )
            )
    for number, labels in labels_of_number.items():
        # one entity may be written in digits and in words (age_digits/age_string) or get two
        # gender guesses: only labels of different entity families are suspicious
        if len({entity_family(label) for label in labels}) > 1:
            issues.append(
                Issue(
                    "warning",
                    "number_shared",
                    f"running number {number} is used by {', '.join(sorted(labels))}",
                )
            )
    return issues
