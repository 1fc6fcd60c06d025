"""Scheme ``dab`` (SPEC §5): Danish pre-annotation, Label Studio and TAB formats, TAB metrics.

Public API (pure functions; the web app calls them directly):

- ``annotate_dab(text, *, seed=None) -> dict``: spans with category, identifier type,
  confidential category and entity id (what ``python -m pseudonymizer annotate`` writes for
  ``"scheme": "dab"`` / ``"lang": "da"`` lines); ``preannotation(text) -> Annotation``: the same
  as a model object, with relations between mentions that carry the same information.
- ``scheme``: ``DabDocument``, ``Annotation``, ``Mention``, ``Relation``, ``SchemeError`` and
  the label sets; ``Annotation.entities()`` is the closure of relations and entity ids.
- ``labelstudio``: ``import_labelstudio``, ``export_labelstudio(original=…, danish_labels=…)``,
  ``label_config()``; ``tab``: ``import_tab``, ``export_tab``.
- ``metrics``: ``tab_metrics(gold_docs, {doc_id: spans})`` and
  ``python -m pseudonymizer.dab.metrics --gold FILE (--pred FILE | --annotate)``.

>>> result = annotate_dab("Ring til Hanne Larsen på 26 35 58 65.")
>>> [(s["text"], s["label"], s["identifier_type"]) for s in result["spans"]]
[('Hanne Larsen', 'PERSON', 'DIRECT'), ('26 35 58 65', 'CODE', 'DIRECT')]
"""

from __future__ import annotations

from functools import lru_cache

from pseudonymizer.dab.preannotate import DanishAnnotator, Unit
from pseudonymizer.dab.scheme import (
    CATEGORIES,
    CONFIDENTIAL,
    IDENTIFIER_TYPES,
    Annotation,
    DabDocument,
    Mention,
    Relation,
    SchemeError,
)

__all__ = [
    "CATEGORIES", "CONFIDENTIAL", "IDENTIFIER_TYPES", "Annotation", "DabDocument", "Mention",
    "Relation", "SchemeError", "annotate_dab", "preannotation", "default_annotator",
    "cached_units",
]


@lru_cache(maxsize=1)
def default_annotator() -> DanishAnnotator:
    """The process-wide annotator over the default Danish lexicon (built once)."""
    return DanishAnnotator()


@lru_cache(maxsize=32)
def cached_units(text: str) -> tuple[Unit, ...]:
    """The default annotator's units of ``text``, cached (an import asks once per region)."""
    return tuple(default_annotator().units(text))


def _entity_ids(text: str, units: list[Unit]) -> list[str]:
    """One id per unit; units with the same category and key (or same text) share it."""
    ids: dict[tuple[str, str], str] = {}
    out = []
    for u in units:
        key = (u.label, u.key or text[u.start:u.end].lower())
        if key not in ids:
            ids[key] = f"e{len(ids) + 1}"
        out.append(ids[key])
    return out


def annotate_dab(text: str, *, seed: object = None) -> dict:
    """Pre-annotate a Danish text for scheme ``dab``.

    Returns ``{"scheme": "dab", "lang": "da", "spans": [...], "entities": [...]}``; each span is
    ``{start, end, text, label, identifier_type, confidential, entity, source}`` with ``label`` one
    of CATEGORIES, ``identifier_type`` DIRECT/QUASI/NO_MASK (a first proposal an annotator
    confirms) and ``entity`` an id shared by mentions of one entity. ``seed`` is accepted for the
    command line's sake: pre-annotation draws nothing at random, the output depends on the text
    only.
    """
    if not isinstance(text, str):
        raise TypeError(f"annotate_dab needs a str, got {type(text).__name__}")
    units = default_annotator().units(text)
    entities = _entity_ids(text, units)
    spans = [
        {
            "start": u.start,
            "end": u.end,
            "text": text[u.start:u.end],
            "label": u.label,
            "identifier_type": u.identifier_type,
            "confidential": u.confidential,
            "entity": ent,
            "source": u.source,
        }
        for u, ent in zip(units, entities, strict=True)
    ]
    groups: dict[str, list[int]] = {}
    for k, ent in enumerate(entities):
        groups.setdefault(ent, []).append(k)
    return {
        "scheme": "dab",
        "lang": "da",
        "spans": spans,
        "entities": [
            {"id": ent, "label": spans[idx[0]]["label"], "mentions": idx}
            for ent, idx in groups.items()
        ],
    }


def preannotation(text: str, *, annotator: str = "pseudonymizer.dab") -> Annotation:
    """The pre-annotation of ``text`` as an ``Annotation`` (for Label Studio ``predictions``).

    Mentions keep the entity id of ``annotate_dab``. Relations are proposed only between
    mentions of one entity that carry the same information (the same words), as the guide asks:
    "Jørgen Hansen" and a later "Jørgen" share an entity but get no relation.
    """
    result = annotate_dab(text)
    mentions = [
        Mention(id=f"p{k + 1}", start=s["start"], end=s["end"], text=s["text"], label=s["label"],
                identifier_type=s["identifier_type"], confidential=s["confidential"],
                entity=s["entity"], category_source="prediction")
        for k, s in enumerate(result["spans"])
    ]
    relations = []
    last: dict[tuple[str, str], Mention] = {}
    for m in mentions:
        key = (str(m.entity), " ".join(m.text.lower().split()))
        if key in last:
            # Label Studio draws the arrow from the later mention to the earlier one.
            relations.append(Relation(from_id=m.id, to_id=last[key].id))
        last[key] = m
    return Annotation(mentions=mentions, relations=relations, annotator=annotator)
