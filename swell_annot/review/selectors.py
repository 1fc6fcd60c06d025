"""Reads of the review app: the review queue, the dashboard figures, correction candidates.

The queue and the dashboard read essay graphs (decrypted); only the queue shows original text
(the context of a mark), and it writes an audit event for every essay it shows.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, F, OuterRef, QuerySet, Subquery

from swell_annot.audit.models import AuditEvent
from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.schemes import scheme_for, scheme_of_document
from swell_annot.projects.models import Project
from swell_annot.projects.selectors import project_role

from .models import GazetteerEntry, SensitiveDecision
from .services import GAZETTEER_LABELS, REVIEWABLE, adjudication_pairs

CONTEXT_TOKENS = 8


def is_reviewer(*, user, project: Project) -> bool:
    """Leads and admins of the project (and superusers) review."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or project_role(user=user, project_id=project.pk) in ("lead", "admin")


@dataclass
class QueueItem:
    """A mark to look at: a sensitive mark or an open OBS! note, with its context."""

    essay: Essay
    version: int
    edge_id: str
    kind: str  # "sensitive" | "obs"
    text: str
    before: str
    after: str
    labels: list[str]
    comment: str = ""
    decision: SensitiveDecision | None = None


@dataclass
class Queue:
    essays: list[Essay] = field(default_factory=list)  # submitted or in review
    marks: list[QueueItem] = field(default_factory=list)
    shown_originals: list[int] = field(default_factory=list)  # essay ids: audit them


def _filtered(project: Project, filters: dict[str, str]) -> QuerySet[Essay]:
    qs = Essay.objects.filter(project=project, current_version__gte=1)
    if filters.get("level"):
        qs = qs.filter(level=filters["level"])
    if filters.get("genre"):
        qs = qs.filter(genre=filters["genre"])
    if filters.get("annotator"):
        qs = qs.filter(assignments__annotator__username=filters["annotator"])
    return qs.distinct()


def _current_versions(essays: QuerySet[Essay]) -> Iterator[EssayVersion]:
    yield from (
        EssayVersion.objects.filter(essay__in=essays, number=F("essay__current_version"))
        .select_related("essay")
        .order_by("essay__external_id")
        .iterator(chunk_size=200)
    )


def _items(version: EssayVersion, graph: dict) -> Iterator[QueueItem]:
    position = {t["id"]: k for k, t in enumerate(graph["source"])}
    tokens = graph["source"]
    for eid, edge in graph["edges"].items():
        labels = list(edge.get("labels") or ())
        kinds = [k for k, lab in (("sensitive", "sensitive"), ("obs", "OBS!")) if lab in labels]
        if not kinds:
            continue
        src = sorted(position[i] for i in edge["ids"] if i in position)
        if src:
            first, last = src[0], src[-1]
            text = "".join(tokens[k]["text"] for k in src).strip()
            before = "".join(t["text"] for t in tokens[max(0, first - CONTEXT_TOKENS) : first])
            after = "".join(t["text"] for t in tokens[last + 1 : last + 1 + CONTEXT_TOKENS])
        else:
            text, before, after = "", "", ""
        for kind in kinds:
            yield QueueItem(
                essay=version.essay,
                version=version.number,
                edge_id=eid,
                kind=kind,
                text=text,
                before=before,
                after=after,
                labels=labels,
                comment=edge.get("comment") or "",
            )


def review_queue(*, project: Project, filters: dict[str, str]) -> Queue:
    """Every sensitive mark and open OBS! of the project's essays not yet approved, and the
    essays waiting for review; filters ``level``, ``genre``, ``annotator`` (username) and
    ``label`` (``sensitive``, ``OBS!``, or any label an essay must contain).
    """
    essays = _filtered(project, filters)
    queue = Queue(
        essays=list(
            essays.filter(status__in=REVIEWABLE)
            .annotate(n_assignees=Count("assignments"))
            .prefetch_related("assignments__annotator")
            .order_by("updated_at")
        )
    )
    label = filters.get("label", "")
    open_essays = essays.exclude(status__in=[Essay.Status.APPROVED, Essay.Status.RELEASED])
    # a doubly annotated essay waiting for adjudication: its main chain is only the automatic
    # pass, whose marks neither annotator kept; they are decided after the adjudication
    waiting = list(
        adjudication_pairs(
            open_essays.filter(status=Essay.Status.SUBMITTED)
            .annotate(n_assigned=Count("assignments"))
            .filter(n_assigned__gte=2)
        )
    )
    open_essays = open_essays.exclude(pk__in=waiting)
    decisions: dict[tuple[int, str], SensitiveDecision] = {
        (d.essay_id, d.result_edge_id): d
        for d in SensitiveDecision.objects.filter(essay__in=open_essays).select_related(
            "decided_by"
        )
    }
    for version in _current_versions(open_essays):
        graph = version.graph
        if scheme_of_document(graph) is not None:
            continue  # sensitive marks and OBS! are SweLL labels; other schemes have none
        if label and label not in ("sensitive", "OBS!"):
            if not any(label in (e.get("labels") or ()) for e in graph["edges"].values()):
                continue
        items = list(_items(version, graph))
        if label == "sensitive":
            items = [i for i in items if i.kind == "sensitive"]
        elif label == "OBS!":
            items = [i for i in items if i.kind == "obs"]
        for item in items:
            item.decision = decisions.get((item.essay.pk, item.edge_id))
        if items:
            queue.marks.extend(items)
            queue.shown_originals.append(version.essay_id)
    queue.marks.sort(key=lambda i: (i.decision is not None, i.essay.external_id, i.kind))
    return queue


def essay_decisions(*, essay: Essay) -> QuerySet[SensitiveDecision]:
    """The decisions on an essay's sensitive marks (shown in the editor)."""
    return SensitiveDecision.objects.filter(essay=essay).select_related("decided_by")


# --- dashboard ----------------------------------------------------------------------------


def _main_labels(graph: dict) -> Iterator[str]:
    from pseudonymizer.taxonomy import LABELS

    custom = scheme_of_document(graph)
    if custom is not None:
        yield from custom.labels(graph)
        return
    for edge in graph["edges"].values():
        for lab in edge.get("labels") or ():
            info = LABELS.get(lab)
            if (info is not None and info.kind == "main") or lab == "sensitive":
                yield lab


def _first_automatic(essays: QuerySet[Essay]) -> dict[int, EssayVersion]:
    """The first automatic version of each essay (what the automatic pass proposed)."""
    auto = EssayVersion.Origin.AUTOMATIC
    first = (
        EssayVersion.objects.filter(essay=OuterRef("essay"), origin=auto)
        .order_by("number")
        .values("number")[:1]
    )
    return {
        v.essay_id: v
        for v in EssayVersion.objects.filter(
            essay__in=essays, origin=auto, number=Subquery(first)
        ).iterator(chunk_size=200)
    }


def _record(essay_id: str, graph: dict) -> dict[str, Any]:
    from pseudonymizer.graph import source_text, spans_from_graph

    return {
        "id": essay_id,
        "text": source_text(graph),
        "spans": [s.to_json() for s in spans_from_graph(graph)],
    }


def dashboard(*, project: Project) -> dict[str, Any]:
    """Progress and quality figures of a project (SPEC §6).

    - ``by_status``: essays per status; ``throughput``: submissions per annotator (audit trail);
    - ``labels_by_level`` / ``labels_by_genre``: main-label counts in the current versions;
    - ``auto_vs_final``: the library's ``evaluate`` of the first automatic version (prediction)
      against the current version (gold) of approved and released essays, per label;
    - ``agreement``: Fleiss' kappa, Krippendorff's alpha and the confusion matrix of the two
      annotations of doubly annotated essays (another scheme: its handler's ``agreement``, for
      ``dab`` TAB measures both ways and per-mention agreement).
    """
    from pseudonymizer.evaluation import evaluate

    by_status = dict(
        Essay.objects.filter(project=project).values_list("status").annotate(n=Count("id"))
    )
    throughput = list(
        AuditEvent.objects.filter(project=project, action=AuditEvent.Action.SUBMIT)
        .values("username")
        .annotate(n=Count("id"))
        .order_by("-n", "username")
    )
    by_level: dict[str, Counter[str]] = defaultdict(Counter)
    by_genre: dict[str, Counter[str]] = defaultdict(Counter)
    totals: Counter[str] = Counter()
    essays = Essay.objects.filter(project=project, current_version__gte=1)
    for version in _current_versions(essays):
        labels = Counter(_main_labels(version.graph))
        by_level[version.essay.level or "–"].update(labels)
        by_genre[version.essay.genre or "–"].update(labels)
        totals.update(labels)

    gold, pred = [], []
    final = essays.filter(status__in=[Essay.Status.APPROVED, Essay.Status.RELEASED])
    first_auto = _first_automatic(final)
    custom = scheme_for(project.scheme)
    for version in _current_versions(final):
        auto = first_auto.get(version.essay_id)
        if auto is None:
            continue
        if custom is not None:  # the scheme's own measures over (final, automatic) documents
            gold.append(version.graph)
            pred.append(auto.graph)
            continue
        gold.append(_record(str(version.essay_id), version.graph))
        pred.append(_record(str(version.essay_id), auto.graph))
    if custom is not None:
        auto_report = custom.auto_vs_final(gold, pred) if gold else None
    else:
        auto_report = evaluate(gold, pred).to_json() if gold else None

    pairs_a, pairs_b = [], []
    doubly = list(essays.annotate(n=Count("assignments")).filter(n__gte=2))
    pairs = adjudication_pairs(doubly)
    for essay in doubly:
        pair = pairs.get(essay.pk)
        if pair is None:
            continue
        if custom is not None:  # the scheme's own agreement over the two documents
            pairs_a.append(pair[0].graph)
            pairs_b.append(pair[1].graph)
            continue
        pairs_a.append(_record(str(essay.pk), pair[0].graph))
        pairs_b.append(_record(str(essay.pk), pair[1].graph))
    if not pairs_a:
        agreement = None
    elif custom is not None:
        agreement = custom.agreement(list(zip(pairs_a, pairs_b, strict=True)))
    else:
        agreement = evaluate(pairs_a, pairs_b).agreement.to_json()

    return {
        "by_status": {s.value: by_status.get(s.value, 0) for s in Essay.Status},
        "throughput": throughput,
        "labels": dict(totals.most_common()),
        "labels_by_level": {k: dict(v.most_common()) for k, v in sorted(by_level.items())},
        "labels_by_genre": {k: dict(v.most_common()) for k, v in sorted(by_genre.items())},
        "auto_vs_final": auto_report,
        "agreement": agreement,
        "doubly_annotated": len(pairs_a),
    }


def correction_candidates(*, project: Project, limit: int = 200) -> list[dict[str, Any]]:
    """Strings annotators labelled by hand that the automatic pass missed (for the gazetteer).

    A span of the current version counts when no span of the first automatic version overlaps
    it with the same label; strings already in the project gazetteer are left out. Returns
    ``[{"text", "label", "essays"}]``, most frequent first.
    """
    from pseudonymizer.graph import spans_from_graph

    known = set(GazetteerEntry.objects.filter(project=project).values_list("text", "label"))
    essays = Essay.objects.filter(project=project, current_version__gte=2)
    first_auto = _first_automatic(essays)
    found: Counter[tuple[str, str]] = Counter()
    for version in _current_versions(essays):
        if version.origin == EssayVersion.Origin.AUTOMATIC:
            continue
        auto = first_auto.get(version.essay_id)
        auto_spans = spans_from_graph(auto.graph) if auto else []
        for span in spans_from_graph(version.graph):
            if span.label not in GAZETTEER_LABELS:
                continue
            if any(
                a.label == span.label and a.start < span.end and span.start < a.end
                for a in auto_spans
            ):
                continue
            key = (" ".join(span.text.split()), span.label)
            if key not in known:
                found[key] += 1
    return [
        {"text": text, "label": label, "essays": n} for (text, label), n in found.most_common(limit)
    ]
