"""The label set and document model of scheme ``dab`` (SPEC §5), shared by every dab module."""

from __future__ import annotations

from dataclasses import dataclass, field

CATEGORIES: tuple[str, ...] = (
    "PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC",
)
IDENTIFIER_TYPES: tuple[str, ...] = ("DIRECT", "QUASI", "NO_MASK")
MASKED: frozenset[str] = frozenset({"DIRECT", "QUASI"})
CONFIDENTIAL: tuple[str, ...] = ("BELIEF", "POLITICS", "SEX", "ETHNIC", "HEALTH")

# The Danish names the published guide and the DAB export use for identifier types.
DANISH_IDENTIFIER_TYPES: dict[str, str] = {"DIREKTE": "DIRECT", "KVASI": "QUASI"}
# TAB writes "NOT_CONFIDENTIAL" where a mention has no confidential category.
TAB_NOT_CONFIDENTIAL = "NOT_CONFIDENTIAL"


class SchemeError(ValueError):
    """Input that does not fit scheme ``dab`` (unknown label, bad offsets, broken relation)."""


def is_offset(value: object) -> bool:
    """An integer character offset (``True``/``False`` are ints to Python, not offsets)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(slots=True)
class Mention:
    """One marked unit: ``text[start:end]`` with its category, identifier type and entity.

    ``label`` is always one of CATEGORIES: the identifier type is stored beside it, never in its
    place. ``category_source`` says where the category came from when an import had to recover it
    (``annotator``, ``prediction`` when a pre-annotation with the same offsets gave it,
    ``inferred`` when the Danish detectors or the span's shape gave it). ``extra`` keeps every
    field of the source item that the model has no place for, so an export can write it back.
    """

    id: str
    start: int
    end: int
    text: str
    label: str
    identifier_type: str = "NO_MASK"
    confidential: str | None = None
    entity: str | None = None
    category_source: str = "annotator"
    extra: dict = field(default_factory=dict)

    @property
    def masked(self) -> bool:
        return self.identifier_type in MASKED

    def check(self, text: str) -> None:
        """Raise SchemeError when the mention does not fit ``text`` or the scheme."""
        if self.label not in CATEGORIES:
            raise SchemeError(f"mention {self.id}: unknown category {self.label!r}")
        if self.identifier_type not in IDENTIFIER_TYPES:
            raise SchemeError(f"mention {self.id}: unknown identifier type "
                              f"{self.identifier_type!r}")
        if self.confidential is not None and self.confidential not in CONFIDENTIAL:
            raise SchemeError(f"mention {self.id}: unknown confidential category "
                              f"{self.confidential!r}")
        if not (is_offset(self.start) and is_offset(self.end)
                and 0 <= self.start < self.end <= len(text)):
            raise SchemeError(f"mention {self.id}: offsets {self.start}..{self.end} outside the "
                              f"text (length {len(text)})")
        if text[self.start:self.end] != self.text:
            raise SchemeError(f"mention {self.id}: text {self.text!r} differs from the document "
                              f"at {self.start}..{self.end} ({text[self.start:self.end]!r})")


@dataclass(slots=True)
class Relation:
    """A link between two mentions of the same entity (Label Studio ``relation`` item)."""

    from_id: str
    to_id: str
    direction: str = "right"
    labels: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)


@dataclass(slots=True)
class Annotation:
    """One annotator's (or one model's) marks on a document."""

    mentions: list[Mention] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    annotator: str | None = None
    extra: dict = field(default_factory=dict)

    def entities(self) -> dict[str, str]:
        """Mention id → entity id: explicit ``entity`` fields joined by the relations' closure.

        Mentions with neither an entity nor a relation form an entity of their own. The entity
        id of a group is the smallest explicit entity id in it, else the id of its first mention.
        """
        parent: dict[str, str] = {m.id: m.id for m in self.mentions}

        def find(x: str) -> str:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def union(a: str, b: str) -> None:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[rb] = ra

        by_entity: dict[str, str] = {}
        for m in self.mentions:
            if m.entity is not None:
                if m.entity in by_entity:
                    union(by_entity[m.entity], m.id)
                else:
                    by_entity[m.entity] = m.id
        for r in self.relations:
            if r.from_id in parent and r.to_id in parent:
                union(r.from_id, r.to_id)
        groups: dict[str, list[Mention]] = {}
        for m in self.mentions:
            groups.setdefault(find(m.id), []).append(m)
        result: dict[str, str] = {}
        for members in groups.values():
            explicit = sorted(str(m.entity) for m in members if m.entity is not None)
            name = explicit[0] if explicit else members[0].id
            for m in members:
                result[m.id] = name
        return result


@dataclass(slots=True)
class DabDocument:
    """A document of scheme ``dab``: its text, annotations and pre-annotations (predictions).

    ``data`` holds the task's data fields besides ``text`` (e.g. ``source_dataset``), ``extra``
    every other field of the source task; both are written back by the exporters.
    ``protected`` lists the person(s) to protect, when the document notes them.
    """

    id: str
    text: str
    annotations: list[Annotation] = field(default_factory=list)
    predictions: list[Annotation] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    protected: list[str] = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    def check(self) -> None:
        """Raise SchemeError on the first mention or relation that does not fit the text."""
        for ann in self.annotations + self.predictions:
            ids: set[str] = set()
            for m in ann.mentions:
                m.check(self.text)
                if m.id in ids:
                    # relations and entities name mentions by id: two with one id are ambiguous
                    raise SchemeError(f"document {self.id}: mention id {m.id!r} is used twice "
                                      "in one annotation")
                ids.add(m.id)
            for r in ann.relations:
                if r.from_id not in ids or r.to_id not in ids:
                    raise SchemeError(f"document {self.id}: relation {r.from_id}→{r.to_id} "
                                      "names a mention that does not exist")
