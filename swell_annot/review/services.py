"""Writes of the review app: decisions on sensitive marks, approve/return, double annotation,
adjudication, and the project gazetteer (learning from corrections).

Every write that changes an essay's annotation appends a new essay version (never edits one)
and an audit event, under a row lock on the essay.
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.corpus.models import Assignment, DraftVersion, Essay, EssayVersion
from swell_annot.corpus.schemes import scheme_for
from swell_annot.corpus.services import _version_create, assignment_create
from swell_annot.corpus.typed import (
    edge_source_spans,
    mark_typed,
    mark_typed_ranges,
    typed_ranges,
)
from swell_annot.projects.models import Membership, Project
from swell_annot.projects.services import project_options
from swell_annot.releases.builder import SUPPRESSED_PLACEHOLDER as SUPPRESSED

from .models import GazetteerEntry, SensitiveDecision

REVIEWABLE = (Essay.Status.SUBMITTED, Essay.Status.IN_REVIEW)
#: Labels a lead may add to the project gazetteer (what the gazetteer detectors look up).
GAZETTEER_LABELS = (
    "firstname_male",
    "firstname_female",
    "firstname_unknown",
    "surname",
    "city",
    "country",
    "region",
    "area",
    "place",
    "geo",
    "school",
    "work",
    "other_institution",
    "transport_name",
)


class ReviewError(ValueError):
    """The review action is not possible (wrong status, unknown mark, bad input)."""


@dataclass
class ApprovalBlocked(Exception):
    """The essay cannot be approved yet: rule errors or undecided sensitive marks."""

    errors: list[dict] = field(default_factory=list)


# --- graph helpers -------------------------------------------------------------------------


def sensitive_edge_ids(graph: dict) -> list[str]:
    """Ids of the edges that carry a ``sensitive`` mark."""
    edges = graph.get("edges", {})  # documents of other schemes (dab) have no edges
    return [eid for eid, e in edges.items() if "sensitive" in (e.get("labels") or ())]


def undecided_sensitive(*, essay: Essay, graph: dict) -> list[str]:
    """Sensitive marks of ``graph`` no lead has decided on yet."""
    decided = set(
        SensitiveDecision.objects.filter(essay=essay).values_list("result_edge_id", flat=True)
    )
    return [eid for eid in sensitive_edge_ids(graph) if eid not in decided]


def _source_ids(graph: dict, edge: dict) -> list[str]:
    ids = {t["id"] for t in graph["source"]}
    return [i for i in edge["ids"] if i in ids]


def _edge_with_sources(graph: dict, source_ids: list[str]) -> str:
    wanted = set(source_ids)
    for eid, edge in graph["edges"].items():
        if wanted and wanted <= set(edge["ids"]):
            return eid
    raise ReviewError("the decided mark cannot be found in the new version")


def _next_number(graph: dict) -> int:
    numbers = [
        int(lab) for e in graph["edges"].values() for lab in e.get("labels") or () if lab.isdigit()
    ]
    return max(numbers, default=0) + 1


def apply_decision(
    graph: dict,
    edge_id: str,
    *,
    decision: str,
    label: str = "",
    replacement: str = "",
    seed: Any = "",
    options=None,
) -> tuple[dict, str]:
    """The graph with a decision on one sensitive mark applied, and the mark's new edge id.

    >>> g, eid = apply_decision(g, "e-s4-t4", decision="suppress")   # target "[känslig uppgift]"
    """
    from pseudonymizer.graph import check_invariant, labels_for, set_edge_target
    from pseudonymizer.replace import apply_pseudonyms
    from pseudonymizer.taxonomy import LABELS

    edge = graph["edges"].get(edge_id)
    if edge is None or "sensitive" not in (edge.get("labels") or ()):
        raise ReviewError(f"{edge_id} is not a sensitive mark of the current version")
    sources = _source_ids(graph, edge)
    if decision == SensitiveDecision.Decision.KEEP:
        return graph, edge_id
    if decision == SensitiveDecision.Decision.SUPPRESS:
        new = set_edge_target(graph, edge_id, SUPPRESSED)
    elif decision == SensitiveDecision.Decision.PSEUDONYMIZE:
        replacement = " ".join(replacement.split())
        if label:
            info = LABELS.get(label)
            if info is None or info.kind != "main" or info.replacement == "keep":
                raise ReviewError(f"{label!r} is not a label that pseudonymizes")
        elif not replacement:
            raise ReviewError("choose a label or type a replacement")
        typed_by_lead = False
        new = copy.deepcopy(graph)
        kept = [lab for lab in new["edges"][edge_id]["labels"] if lab not in ("sensitive",)]
        if label:
            new["edges"][edge_id]["labels"] = labels_for(label, (), _next_number(graph)) + [
                lab for lab in kept if not lab.isdigit()
            ]
        if replacement:
            new = set_edge_target(new, edge_id, replacement)
            typed_by_lead = True
        else:
            others = [eid for eid in new["edges"] if eid != edge_id]
            new = apply_pseudonyms(new, seed, options, keep=others)
    else:
        raise ReviewError(f"unknown decision {decision!r}")
    errors = check_invariant(new)
    if errors:
        raise ReviewError("; ".join(errors))
    result = _edge_with_sources(new, sources)
    if decision == SensitiveDecision.Decision.PSEUDONYMIZE and typed_by_lead:
        mark_typed(new, result)  # the lead's own replacement: no re-roll may change it
    if decision == SensitiveDecision.Decision.PSEUDONYMIZE:
        by_id = {t["id"]: t["text"] for side in ("source", "target") for t in new[side]}
        ids = new["edges"][result]["ids"]
        src = "".join(by_id[i] for i in ids if i.startswith("s")).split()
        tgt = "".join(by_id[i] for i in ids if i.startswith("t")).split()
        if src == tgt:  # e.g. ``extra``: the library leaves it to a person to pseudonymize
            raise ReviewError(f"{label} is pseudonymized by hand here: type a replacement")
    return new, result


# --- decisions, approve, return -----------------------------------------------------------


def _current(essay: Essay) -> EssayVersion:
    version = essay.versions.filter(number=essay.current_version).first()
    if version is None:
        raise ReviewError("the essay has no annotation yet")
    return version


def decision_record(
    *,
    essay_id: int,
    user,
    edge_id: str,
    decision: str,
    label: str = "",
    replacement: str = "",
    base_version: int | None = None,
) -> SensitiveDecision:
    """Decide on one sensitive mark; a change to the text becomes a new essay version.

    ``base_version`` (optional) guards against deciding on a version that changed meanwhile.
    """
    with transaction.atomic():
        essay = Essay.objects.select_for_update().select_related("project").get(pk=essay_id)
        if essay.status not in REVIEWABLE:
            raise ReviewError(f"essay is {essay.status}: only submitted essays are reviewed")
        if base_version is not None and base_version != essay.current_version:
            raise ReviewError("the essay changed since you opened it: reload the queue")
        if awaits_adjudication(essay):
            raise ReviewError("the essay was annotated twice: adjudicate it first")
        version = _current(essay)
        graph = version.graph
        new_graph, result_edge = apply_decision(
            graph,
            edge_id,
            decision=decision,
            label=label,
            replacement=replacement,
            seed=essay.seed,
            options=project_options(project=essay.project),
        )
        number = version.number
        if new_graph is not graph:
            number = _version_create(
                essay=essay, graph=new_graph, origin=EssayVersion.Origin.MANUAL, author=user
            ).number
        essay.status = Essay.Status.IN_REVIEW
        essay.save()
        made = SensitiveDecision.objects.create(
            essay=essay,
            edge_id=edge_id,
            base_version=version.number,
            version=number,
            result_edge_id=result_edge,
            decision=decision,
            label=label,
            replacement=replacement.strip(),
            decided_by=user,
        )
        audit_log(
            user=user,
            action=AuditEvent.Action.REVIEW,
            project_id=essay.project_id,
            essay_id=essay.pk,
            target=f"essay {essay.pk} {edge_id}: {decision}",
            details={"decision": decision, "label": label, "version": number},
        )
    return made


def _approval_issues(graph: dict) -> list[dict]:
    try:
        from pseudonymizer.validate import validate_graph
    except ImportError:  # the library's validator is not there yet: check the approval rule
        return [
            {
                "level": "error",
                "code": "open_obs",
                "edge_id": eid,
                "message": "an OBS! note is still open",
            }
            for eid, e in graph["edges"].items()
            if "OBS!" in (e.get("labels") or ())
        ]
    return [
        {"level": i.level, "code": i.code, "message": i.message, "edge_id": i.edge_id}
        for i in validate_graph(graph, stage="approve")
    ]


def essay_approve(*, essay_id: int, user) -> Essay:
    """Approve a submitted essay: no rule errors (open OBS!…) and every sensitive mark decided."""
    with transaction.atomic():
        essay = Essay.objects.select_for_update().get(pk=essay_id)
        if essay.status not in REVIEWABLE:
            raise ReviewError(f"essay is {essay.status}: only submitted essays are approved")
        if awaits_adjudication(essay):
            raise ApprovalBlocked(
                [
                    {
                        "level": "error",
                        "code": "not_adjudicated",
                        "edge_id": None,
                        "message": "the essay was annotated twice: adjudicate it first",
                    }
                ]
            )
        graph = _current(essay).graph
        custom = scheme_for(essay.project.scheme)
        # A scheme without SweLL's OBS! and sensitive marks checks its own document.
        issues = (
            _approval_issues(graph)
            if custom is None
            else custom.submit_issues(graph, essay.original)
        )
        errors = [i for i in issues if i["level"] == "error"]
        errors += [
            {
                "level": "error",
                "code": "sensitive_undecided",
                "edge_id": eid,
                "message": "a sensitive mark has no decision yet",
            }
            for eid in undecided_sensitive(essay=essay, graph=graph)
        ]
        if errors:
            raise ApprovalBlocked(errors)
        essay.status = Essay.Status.APPROVED
        essay.return_message = ""
        essay.save(update_fields=["status", "return_message", "updated_at"])
        audit_log(
            user=user,
            action=AuditEvent.Action.REVIEW,
            project_id=essay.project_id,
            essay_id=essay.pk,
            target=f"essay {essay.pk} approved",
            details={"decision": "approve", "version": essay.current_version},
        )
    return essay


def essay_return(*, essay_id: int, user, message: str) -> Essay:
    """Send a submitted essay back to its annotator with a message."""
    message = message.strip()
    if not message:
        raise ReviewError("say what the annotator should change")
    with transaction.atomic():
        essay = Essay.objects.select_for_update().get(pk=essay_id)
        if essay.status not in REVIEWABLE:
            raise ReviewError(f"essay is {essay.status}: only submitted essays are returned")
        essay.status = Essay.Status.IN_ANNOTATION
        essay.return_message = message
        essay.save(update_fields=["status", "return_message", "updated_at"])
        # double annotation: both annotators may change their own chains again
        Assignment.objects.filter(essay=essay).update(submitted_at=None)
        audit_log(
            user=user,
            action=AuditEvent.Action.REVIEW,
            project_id=essay.project_id,
            essay_id=essay.pk,
            target=f"essay {essay.pk} returned",
            details={"decision": "return", "message": message},
        )
    return essay


# --- double annotation and adjudication ----------------------------------------------------


def project_double_annotation_set(*, project: Project, enabled: bool, user) -> None:
    """Switch the project setting ``double_annotation`` (two annotators per essay)."""
    with transaction.atomic():
        locked = Project.objects.select_for_update().get(pk=project.pk)
        locked.settings = {**(locked.settings or {}), "double_annotation": bool(enabled)}
        locked.save(update_fields=["settings", "updated_at"])
        audit_log(
            user=user,
            action=AuditEvent.Action.CHANGE,
            project_id=project.pk,
            target="setting double_annotation",
            details={"enabled": bool(enabled)},
        )
    project.settings = locked.settings


def double_assign(*, project: Project, user) -> int:
    """Give every essay still in annotation two different annotators (round robin).

    Existing assignments are kept; returns how many assignments were made.
    """
    annotators = list(
        Membership.objects.filter(project=project, role=Membership.Role.ANNOTATOR)
        .select_related("user")
        .order_by("user__username")
    )
    if len(annotators) < 2:
        raise ReviewError("double annotation needs at least two annotators in the project")
    users = [m.user for m in annotators]
    cycle = itertools.cycle(range(len(users)))
    made = 0
    essays = Essay.objects.filter(
        project=project,
        status__in=[
            Essay.Status.IMPORTED,
            Essay.Status.PRE_PSEUDONYMIZED,
            Essay.Status.IN_ANNOTATION,
        ],
    ).order_by("pk")
    for essay in essays:
        have = set(Assignment.objects.filter(essay=essay).values_list("annotator_id", flat=True))
        tries = 0
        while len(have) < 2 and tries < 2 * len(users):
            candidate = users[next(cycle)]
            tries += 1
            if candidate.pk in have:
                continue
            assignment_create(essay=essay, annotator=candidate, assigned_by=user)
            have.add(candidate.pk)
            made += 1
    return made


def adjudication_pair(*, essay: Essay) -> tuple[DraftVersion, DraftVersion] | None:
    """The heads of the independent draft chains of the essay's first two assigned annotators
    (``None`` until both have submitted their own annotation: work in progress is neither
    compared nor adjudicated)."""
    return adjudication_pairs([essay]).get(essay.pk)


def adjudication_pairs(
    essays: Iterable[Essay],
) -> dict[int, tuple[DraftVersion, DraftVersion]]:
    """``adjudication_pair`` of many essays (by essay id; essays without a pair left out) in
    two queries whatever their number: the queue and dashboard pages ask it of every essay."""
    ids = [e.pk for e in essays]
    first_two: dict[int, list[Assignment]] = {}
    for a in Assignment.objects.filter(essay_id__in=ids).order_by("essay_id", "created_at", "pk"):
        pair = first_two.setdefault(a.essay_id, [])
        if len(pair) < 2:
            pair.append(a)
    ready = {
        essay_id: pair
        for essay_id, pair in first_two.items()
        if len(pair) == 2 and all(a.submitted_at for a in pair)
    }
    if not ready:
        return {}
    latest = (
        DraftVersion.objects.filter(
            essay_id=OuterRef("essay_id"), annotator_id=OuterRef("annotator_id")
        )
        .order_by("-number")
        .values("number")[:1]
    )
    heads = {
        (d.essay_id, d.annotator_id): d
        for d in DraftVersion.objects.select_related("annotator").filter(
            essay_id__in=list(ready),
            annotator_id__in={a.annotator_id for pair in ready.values() for a in pair},
            number=Subquery(latest),
        )
    }
    out = {}
    for essay_id, (a, b) in ready.items():
        head_a = heads.get((essay_id, a.annotator_id))
        head_b = heads.get((essay_id, b.annotator_id))
        if head_a is not None and head_b is not None:
            out[essay_id] = (head_a, head_b)
    return out


def _draft_heads(essay: Essay, assignments: Sequence[Assignment]) -> list[DraftVersion]:
    """The latest draft of each assignment's annotator, in the order of ``assignments``
    (annotators without a draft left out), in one query rather than one per annotator."""
    latest = (
        DraftVersion.objects.filter(essay_id=essay.pk, annotator_id=OuterRef("annotator_id"))
        .order_by("-number")
        .values("number")[:1]
    )
    by_annotator = {
        d.annotator_id: d
        for d in DraftVersion.objects.select_related("annotator").filter(
            essay_id=essay.pk,
            annotator_id__in=[a.annotator_id for a in assignments],
            number=Subquery(latest),
        )
    }
    return [by_annotator[a.annotator_id] for a in assignments if a.annotator_id in by_annotator]


def awaits_adjudication(essay: Essay) -> bool:
    """A doubly annotated essay whose two annotations are submitted but not yet adjudicated.

    Such an essay is still ``submitted`` (adjudication moves it to ``in_review``); its main
    chain holds only the automatic version, so deciding on marks or approving it would work
    on, or release, neither annotator's work.
    """
    return essay.status == Essay.Status.SUBMITTED and adjudication_pair(essay=essay) is not None


def _check_adjudicable(essay: Essay, base_version: int) -> None:
    """Refuse (``ReviewError``) to adjudicate an essay that is not under review, or whose main
    chain moved on since the page the lead adjudicated from (``base_version``): a stale tab or
    a second submit would otherwise discard review decisions and lead edits made since."""
    if essay.status not in REVIEWABLE:
        raise ReviewError(f"essay is {essay.status}: only submitted essays are adjudicated")
    if base_version != essay.current_version:
        raise ReviewError(
            f"the essay changed since you opened this page (version {base_version}, now "
            f"{essay.current_version}): nothing was saved; check the current version first"
        )


def _adjudicated(
    essay: Essay, *, user, graph: dict, drafts: Sequence[DraftVersion], details: dict
) -> EssayVersion:
    """Save the adjudicated ``graph`` as a new manual main-chain version and move the essay on
    in its life cycle: the result is the one the lead now reviews (``submitted`` →
    ``in_review``). One audit event (REVIEW, ``decision: adjudicate``) names the status change,
    the draft versions and annotators adjudicated from and the new version, with ``details``
    of the kind of adjudication (region choices, or the chosen annotator)."""
    version = _version_create(
        essay=essay, graph=graph, origin=EssayVersion.Origin.MANUAL, author=user
    )
    before = essay.status
    essay.status = Essay.Status.IN_REVIEW
    essay.return_message = ""
    essay.save()  # with the new current version and counts _version_create set
    audit_log(
        user=user,
        action=AuditEvent.Action.REVIEW,
        project_id=essay.project_id,
        essay_id=essay.pk,
        target=f"essay {essay.pk} adjudicated",
        details={
            "decision": "adjudicate",
            "status": [before, essay.status],
            "from": [d.number for d in drafts],
            "annotators": [d.annotator_id for d in drafts],
            "version": version.number,
            **details,
        },
    )
    return version


def adjudication_regions(graph_a: dict, graph_b: dict) -> list[dict]:
    """Where two annotations differ: regions of overlapping spans with each side's spans
    (``typed_A``/``typed_B``: those whose pseudonym the annotator typed)."""
    from pseudonymizer.graph import source_text, spans_from_graph

    text = source_text(graph_a)
    a = spans_from_graph(graph_a)
    b = spans_from_graph(graph_b)
    key = lambda s: (s.start, s.end, s.label, s.flags, s.pseudonym)  # noqa: E731
    same = {key(s) for s in a} & {key(s) for s in b}
    rest = sorted(
        [("A", s) for s in a if key(s) not in same] + [("B", s) for s in b if key(s) not in same],
        key=lambda p: p[1].start,
    )
    regions: list[dict] = []
    for side, span in rest:
        if regions and span.start < regions[-1]["end"]:
            region = regions[-1]
            region["end"] = max(region["end"], span.end)
        else:
            region = {"start": span.start, "end": span.end, "A": [], "B": []}
            regions.append(region)
        region[side].append(span)
    typed = {"A": typed_ranges(graph_a), "B": typed_ranges(graph_b)}
    for i, region in enumerate(regions):
        region["id"] = i
        region["text"] = text[region["start"] : region["end"]]
        for side in ("A", "B"):  # pseudonyms the annotator typed by hand (shown as such)
            region[f"typed_{side}"] = [
                s for s in region[side] if (s.start, s.end, s.pseudonym) in typed[side]
            ]
    return regions


NOTE_LABELS = ("OBS!", "Com!")


def _notes(graph: dict) -> list[tuple[int, int, list[str], str | None]]:
    """The OBS!/Com! notes of a graph: ``(start, end, note labels, comment)`` with character
    offsets of the edge's source text (stripped), in text order."""
    spans = edge_source_spans(graph)
    notes = []
    for eid, edge in graph["edges"].items():
        labels = [x for x in edge.get("labels") or () if x in NOTE_LABELS]
        if not labels or eid not in spans:
            continue
        notes.append((*spans[eid], labels, edge.get("comment")))
    return sorted(notes, key=lambda n: (n[0], n[1]))


def _joined(*texts: str | None) -> str | None:
    """Distinct non-empty texts joined by a blank line (two annotators' notes on one place)."""
    seen: list[str] = []
    for text in texts:
        if text and text.strip() and text.strip() not in seen:
            seen.append(text.strip())
    return "\n\n".join(seen) if seen else None


def merge_annotations(graph_a: dict, graph_b: dict, spans: list) -> dict:
    """The graph of the adjudicated ``spans`` with every OBS!/Com! note of both annotations and
    their document comments kept.

    A note on exactly a labelled span joins that span's edge; a note elsewhere becomes its own
    note edge; a note that cuts through a chosen span joins the first span it overlaps (its
    comment says where it was). Identical notes of both annotators are kept once.
    """
    from pseudonymizer.document import Span
    from pseudonymizer.graph import build_graph, source_text

    text = source_text(graph_a)
    spans = sorted(spans, key=lambda s: s.start)
    notes = _notes(graph_a) + _notes(graph_b)
    on_span: dict[tuple[int, int], list] = {}
    note_spans: list = []
    stray: list = []
    for start, end, labels, comment in sorted(notes, key=lambda n: (n[0], n[1])):
        if any(s.start == start and s.end == end for s in spans):
            on_span.setdefault((start, end), []).append((labels, comment))
        elif any(s.start < end and start < s.end for s in spans + note_spans):
            same = [n for n in note_spans if (n.start, n.end) == (start, end)]
            if same:
                on_span.setdefault((start, end), []).append((labels, comment))
            else:
                stray.append((start, end, labels, comment))
        else:
            note_spans.append(Span(start=start, end=end, text=text[start:end], label=labels[0]))
            on_span.setdefault((start, end), []).append((labels, comment))
    graph = build_graph(text, sorted(spans + note_spans, key=lambda s: s.start))
    # each edge's character range (stripped source text), to find where a note belongs
    starts: dict[str, int] = {}
    pos = 0
    for tok in graph["source"]:
        starts[tok["id"]] = pos
        pos += len(tok["text"])
    text_of = {tok["id"]: tok["text"] for tok in graph["source"]}
    edge_range: dict[tuple[int, int], str] = {}
    for eid, edge in graph["edges"].items():
        src = sorted((i for i in edge["ids"] if i in starts), key=starts.__getitem__)
        if src and edge["labels"]:
            first, last = text_of[src[0]], text_of[src[-1]]
            start = starts[src[0]] + len(first) - len(first.lstrip())
            edge_range[(start, starts[src[-1]] + len(last.rstrip()))] = eid

    def attach(eid: str, labels: list[str], comment: str | None) -> None:
        edge = graph["edges"][eid]
        edge["labels"] = list(edge["labels"]) + [x for x in labels if x not in edge["labels"]]
        merged = _joined(edge.get("comment"), comment)
        if merged is not None:
            edge["comment"] = merged

    for rng, items in on_span.items():
        for labels, comment in items:
            attach(edge_range[rng], labels, comment)
    lost: list[str] = []
    for start, end, labels, comment in stray:
        where = f"(on: {text[start:end]})"
        eid = next((edge_range[r] for r in sorted(edge_range) if r[0] < end and start < r[1]), None)
        if eid is None:  # not expected: keep the note in the document comment, never drop it
            lost.append(f"{' '.join(labels)} {where} {comment or ''}".strip())
        else:
            attach(eid, labels, _joined(where, comment))
    document = _joined(graph_a.get("comment"), graph_b.get("comment"), *lost)
    if document is not None:
        graph["comment"] = document
    return graph


def adjudicate(*, essay_id: int, user, choices: dict[int, str], base_version: int) -> EssayVersion:
    """Resolve the differences of a doubly annotated essay into a final (manual) version.

    ``choices`` maps each region id of ``adjudication_regions`` to ``"A"`` or ``"B"``; spans
    both annotators agree on are kept, and so are the OBS!/Com! notes and document comments of
    both annotations (``merge_annotations``). The result is a new version of the main chain,
    and the essay moves on to ``in_review`` (audit event: ``details.status``), where the lead
    decides on its marks and approves it.

    The merge rebuilds the main chain from the two drafts, so it is refused (``ReviewError``,
    nothing written) unless the essay is under review and its current version is still
    ``base_version``, the one the lead adjudicated from: a stale tab or a second submit would
    otherwise discard review decisions and lead edits made since.
    """
    from pseudonymizer.graph import check_invariant, spans_from_graph

    with transaction.atomic():
        essay = Essay.objects.select_for_update().get(pk=essay_id)
        _check_adjudicable(essay, base_version)
        pair = adjudication_pair(essay=essay)
        if pair is None:
            raise ReviewError("the essay has not been annotated by two annotators")
        graph_a, graph_b = pair[0].graph, pair[1].graph
        regions = adjudication_regions(graph_a, graph_b)
        missing = [r["id"] for r in regions if choices.get(r["id"]) not in ("A", "B")]
        if missing:
            raise ReviewError(f"choose A or B for every difference (missing: {missing})")
        # spans both annotators agree on lie outside every region of difference
        region_bounds = [(r["start"], r["end"]) for r in regions]
        spans = [
            s
            for s in spans_from_graph(graph_a)
            if not any(s.start < end and start < s.end for start, end in region_bounds)
        ]
        for r in regions:
            spans.extend(r[choices[r["id"]]])
        graph = merge_annotations(graph_a, graph_b, spans)
        # pseudonyms an annotator typed stay marked as typed where their span was chosen
        mark_typed_ranges(graph, typed_ranges(graph_a) | typed_ranges(graph_b))
        errors = check_invariant(graph)
        if errors:
            raise ReviewError("; ".join(errors))
        return _adjudicated(
            essay, user=user, graph=graph, drafts=pair,
            details={"choices": {str(k): v for k, v in choices.items()}},
        )


def adjudication_candidates(*, essay: Essay) -> list[DraftVersion]:
    """Heads of the submitted draft chains of every assignee, in assignment order: what the
    lead chooses from in a per-document adjudication (scheme ``dab``)."""
    return _draft_heads(
        essay,
        Assignment.objects.filter(essay=essay, submitted_at__isnull=False).order_by(
            "created_at", "pk"
        ),
    )


def adjudicate_document(
    *, essay_id: int, user, annotator_id: int, base_version: int
) -> EssayVersion:
    """Choose one annotator's submitted annotation for the whole document (schemes whose
    handler has ``adjudicated``, e.g. ``dab``); the result is a new main-chain version.

    The same guards as ``adjudicate``: only while the essay is under review, only from the
    main-chain version the page showed (``base_version``), and only among submitted chains.
    """
    from swell_annot.corpus.services import graph_errors

    with transaction.atomic():
        essay = Essay.objects.select_for_update().select_related("project").get(pk=essay_id)
        custom = scheme_for(essay.project.scheme)
        if custom is None:
            raise ReviewError("SweLL essays are adjudicated region by region")
        _check_adjudicable(essay, base_version)
        heads = adjudication_candidates(essay=essay)
        chosen = next((k for k, h in enumerate(heads) if h.annotator_id == annotator_id), None)
        if len(heads) < 2 or chosen is None:
            raise ReviewError("choose one of the submitted annotations")
        main = essay.versions.get(number=essay.current_version).graph
        doc = custom.adjudicated(
            [(h.annotator.get_username(), h.graph) for h in heads], chosen, main
        )
        errors = graph_errors(graph=doc, original=essay.original, scheme=essay.project.scheme)
        if errors:
            raise ReviewError("; ".join(errors))
        return _adjudicated(
            essay, user=user, graph=doc, drafts=heads, details={"chosen": annotator_id}
        )


# --- learning from corrections ------------------------------------------------------------


def gazetteer_entry_add(*, project: Project, text: str, label: str, user) -> GazetteerEntry:
    """Add a string to the project's gazetteer so the next pre-pseudonymization finds it."""
    text = " ".join(text.split())
    if not text:
        raise ReviewError("the string is empty")
    if label not in GAZETTEER_LABELS:
        raise ReviewError(f"{label!r} cannot be looked up in a gazetteer")
    entry, created = GazetteerEntry.objects.get_or_create(
        project=project, text=text, label=label, defaults={"added_by": user}
    )
    if created:
        audit_log(
            user=user,
            action=AuditEvent.Action.CHANGE,
            project_id=project.pk,
            target="project gazetteer",
            details={"added": label},
        )
    return entry


def project_gazetteer_entries(project: Project) -> list[tuple[str, str]]:
    """``(text, label)`` pairs for ``Gazetteer.default().with_entries(...)`` (pre-pseudonymization).

    The pre-pseudonymization task calls this for the essay's project.
    """
    return list(
        GazetteerEntry.objects.filter(project=project)
        .order_by("label", "text")
        .values_list("text", "label")
    )


@functools.lru_cache(maxsize=8)
def _gazetteer_with(entries: tuple[tuple[str, str], ...]):
    from pseudonymizer.gazetteer import Gazetteer

    return Gazetteer.default().with_entries(entries)


def project_gazetteer(project: Project):
    """The gazetteer for a project's pre-pseudonymization: the default one plus the project's
    entries, or ``None`` (the library's default) when the project has none.

    Cached per set of entries (a few per process): building one copies the gazetteer, and the
    library caches its detectors per gazetteer object.
    """
    entries = tuple(project_gazetteer_entries(project))
    return _gazetteer_with(entries) if entries else None
