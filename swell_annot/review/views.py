"""Pages of the review app: the review queue, the dashboard (server-rendered SVG charts), the
gazetteer of corrections and the adjudication of doubly annotated essays."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.schemes import scheme_for
from swell_annot.projects.models import Membership, Project
from swell_annot.projects.selectors import project_list

from .models import SensitiveDecision
from .selectors import correction_candidates, dashboard, is_reviewer, review_queue
from .services import (
    GAZETTEER_LABELS,
    REVIEWABLE,
    ApprovalBlocked,
    ReviewError,
    adjudicate,
    adjudicate_document,
    adjudication_candidates,
    adjudication_pair,
    adjudication_pairs,
    adjudication_regions,
    decision_record,
    double_assign,
    essay_approve,
    essay_return,
    gazetteer_entry_add,
    project_double_annotation_set,
    project_gazetteer_entries,
)

FILTERS = ("label", "level", "genre", "annotator")


def _project(request: HttpRequest, project_id: int) -> Project:
    project = get_object_or_404(project_list(user=request.user), pk=project_id)
    if not is_reviewer(user=request.user, project=project):
        raise PermissionDenied("only leads and admins of the project review")
    return project


def _essay(request: HttpRequest, essay_id: int) -> Essay:
    essay = get_object_or_404(Essay.objects.select_related("project"), pk=essay_id)
    if not project_list(user=request.user).filter(pk=essay.project_id).exists():
        raise Http404()
    if not is_reviewer(user=request.user, project=essay.project):
        raise PermissionDenied("only leads and admins of the project review")
    return essay


def _back(request: HttpRequest, project_id: int) -> HttpResponse:
    url = reverse("review:queue", args=[project_id])
    query = request.POST.get("next_query", "")
    return redirect(f"{url}?{query}" if query else url)


@login_required
def queue(request: HttpRequest, project_id: int) -> HttpResponse:
    """The review queue of a project, with filters."""
    project = _project(request, project_id)
    filters = {k: request.GET.get(k, "") for k in FILTERS}
    result = review_queue(project=project, filters=filters)
    AuditEvent.objects.bulk_create(
        AuditEvent(
            user=request.user,
            username=request.user.get_username(),
            action=AuditEvent.Action.VIEW_ORIGINAL,
            project=project,
            essay_id=eid,
            target=f"essay {eid} review queue",
        )
        for eid in result.shown_originals
    )
    from pseudonymizer.taxonomy import main_labels

    # a doubly annotated essay is adjudicated before it is approved
    pairs = adjudication_pairs(e for e in result.essays if e.status == Essay.Status.SUBMITTED)
    for e in result.essays:
        e.awaits_adjudication = e.status == Essay.Status.SUBMITTED and e.pk in pairs
    essays = Essay.objects.filter(project=project)
    return render(
        request,
        "review/queue.html",
        {
            "project": project,
            "queue": result,
            "filters": filters,
            "query": request.GET.urlencode(),
            "levels": sorted(set(essays.values_list("level", flat=True)) - {""}),
            "genres": sorted(set(essays.values_list("genre", flat=True)) - {""}),
            "annotators": Membership.objects.filter(project=project)
            .select_related("user")
            .order_by("user__username"),
            "labels": ["sensitive", "OBS!", *main_labels()],
            "main_labels": main_labels(),
            "decisions": SensitiveDecision.Decision.choices,
        },
    )


@login_required
@require_POST
def decide(request: HttpRequest, essay_id: int) -> HttpResponse:
    """Record a decision on a sensitive mark (form of the queue)."""
    essay = _essay(request, essay_id)
    base = request.POST.get("base_version", "")
    try:
        decision_record(
            essay_id=essay.pk,
            user=request.user,
            edge_id=request.POST.get("edge_id", ""),
            decision=request.POST.get("decision", ""),
            label=request.POST.get("label", ""),
            replacement=request.POST.get("replacement", ""),
            base_version=int(base) if base.isdigit() else None,
        )
        messages.success(request, f"Decision recorded for {essay.external_id}.")
    except ReviewError as exc:
        messages.error(request, f"{essay.external_id}: {exc}")
    return _back(request, essay.project_id)


@login_required
@require_POST
def approve(request: HttpRequest, essay_id: int) -> HttpResponse:
    essay = _essay(request, essay_id)
    try:
        essay_approve(essay_id=essay.pk, user=request.user)
        messages.success(request, f"{essay.external_id} approved.")
    except ApprovalBlocked as exc:
        reasons = "; ".join(f"{e['message']} ({e.get('edge_id') or ''})" for e in exc.errors)
        messages.error(request, f"{essay.external_id} cannot be approved: {reasons}")
    except ReviewError as exc:
        messages.error(request, f"{essay.external_id}: {exc}")
    return _back(request, essay.project_id)


@login_required
@require_POST
def return_essay(request: HttpRequest, essay_id: int) -> HttpResponse:
    essay = _essay(request, essay_id)
    try:
        essay_return(essay_id=essay.pk, user=request.user, message=request.POST.get("message", ""))
        messages.success(request, f"{essay.external_id} returned to its annotator.")
    except ReviewError as exc:
        messages.error(request, f"{essay.external_id}: {exc}")
    return _back(request, essay.project_id)


def bar_chart(items: list[tuple[str, float]], *, width: int = 420, unit: str = "") -> SafeString:
    """A horizontal bar chart as inline SVG (server-rendered: no script, no CDN)."""
    if not items:
        return mark_safe("<p><em>no data yet</em></p>")
    row, label_w = 20, 150
    top = max(v for _, v in items) or 1
    parts = [
        f'<svg class="chart" role="img" width="{width}" height="{row * len(items) + 4}" '
        f'xmlns="http://www.w3.org/2000/svg">'
    ]
    for i, (label, value) in enumerate(items):
        y = i * row + 2
        bar = (width - label_w - 60) * value / top
        shown = (
            f"{value:.2f}"
            if isinstance(value, float) and not value.is_integer()
            else (f"{int(value)}")
        )
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end" font-size="12">'
            f"{escape(label)}</text>"
            f'<rect x="{label_w}" y="{y + 3}" width="{bar:.1f}" height="{row - 6}" fill="#4a8">'
            f"<title>{escape(label)}: {shown}{unit}</title></rect>"
            f'<text x="{label_w + bar + 4:.1f}" y="{y + 14}" font-size="12">{shown}{unit}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped


@login_required
def dashboard_page(request: HttpRequest, project_id: int) -> HttpResponse:
    """Progress and quality figures, with charts; double-annotation setting for leads."""
    project = _project(request, project_id)
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "double_annotation":
                project_double_annotation_set(
                    project=project, enabled=request.POST.get("enabled") == "1", user=request.user
                )
            elif action == "double_assign":
                n = double_assign(project=project, user=request.user)
                messages.success(request, f"{n} assignments made.")
        except ReviewError as exc:
            messages.error(request, str(exc))
        return redirect("review:dashboard", project_id=project.pk)
    data = dashboard(project=project)
    per_label = []
    if data["auto_vs_final"] and "per_label" in data["auto_vs_final"]:  # SweLL's evaluate()
        per_label = [
            {"label": label, **scores}
            for label, scores in sorted(data["auto_vs_final"]["per_label"].items())
        ]
    doubly = Essay.objects.filter(project=project).order_by("external_id")
    # to adjudicate: both annotations submitted (status ``submitted``); adjudicated: in review
    reviewable = list(doubly.filter(status__in=REVIEWABLE))
    pairs = adjudication_pairs(reviewable)
    adjudicable = [e for e in reviewable if e.pk in pairs]
    adjudicated = [e for e in adjudicable if e.status == Essay.Status.IN_REVIEW]
    adjudicable = [e for e in adjudicable if e.status == Essay.Status.SUBMITTED]
    return render(
        request,
        "review/dashboard.html",
        {
            "project": project,
            "data": data,
            "status_chart": bar_chart([(k, v) for k, v in data["by_status"].items()]),
            "throughput_chart": bar_chart(
                [(r["username"] or "?", r["n"]) for r in data["throughput"]]
            ),
            "label_chart": bar_chart(list(data["labels"].items())[:20]),
            "level_charts": [
                (k, bar_chart(list(v.items())[:12])) for k, v in data["labels_by_level"].items()
            ],
            "genre_charts": [
                (k, bar_chart(list(v.items())[:12])) for k, v in data["labels_by_genre"].items()
            ],
            "recall_chart": bar_chart([(r["label"], float(r["recall"])) for r in per_label]),
            "per_label": per_label,
            "double_annotation": bool((project.settings or {}).get("double_annotation")),
            "adjudicable": adjudicable,
            "adjudicated": adjudicated,
        },
    )


@login_required
def gazetteer(request: HttpRequest, project_id: int) -> HttpResponse:
    """Strings labelled by hand that the automatic pass missed; the lead adds them."""
    project = _project(request, project_id)
    if request.method == "POST":
        try:
            gazetteer_entry_add(
                project=project,
                text=request.POST.get("text", ""),
                label=request.POST.get("label", ""),
                user=request.user,
            )
            messages.success(request, "Added to the project gazetteer.")
        except ReviewError as exc:
            messages.error(request, str(exc))
        return redirect("review:gazetteer", project_id=project.pk)
    audit_log(
        user=request.user,
        action=AuditEvent.Action.VIEW_ORIGINAL,
        project_id=project.pk,
        target="correction candidates",
    )
    return render(
        request,
        "review/gazetteer.html",
        {
            "project": project,
            "candidates": correction_candidates(project=project),
            "entries": project_gazetteer_entries(project),
            "labels": GAZETTEER_LABELS,
        },
    )


def _adjudication_post(
    request: HttpRequest, essay: Essay, save: Callable[[int], EssayVersion]
) -> HttpResponse | None:
    """Save an adjudication form: ``save(base_version)`` writes the final version. Returns the
    redirect to the dashboard, or None (error message set, ``essay`` reloaded so that the page
    shown again offers the current version as base)."""
    base = request.POST.get("base_version", "")
    try:
        if not base.isdigit():
            # an old form without the field: never merge blind over the main chain
            raise ReviewError("the form is out of date: reload the page and choose again")
        version = save(int(base))
    except ReviewError as exc:
        messages.error(request, str(exc))
        essay.refresh_from_db()
        return None
    messages.success(request, f"Final version {version.number} saved.")
    return redirect("review:dashboard", project_id=essay.project_id)


def _adjudication_shown(request: HttpRequest, essay: Essay) -> None:
    """What every adjudication page does before it shows the annotations: say when the essay
    can no longer be adjudicated, and log that the lead sees its original text."""
    if request.method != "POST" and essay.status not in REVIEWABLE:
        messages.info(
            request, f"The essay is {essay.status}: only submitted essays are adjudicated."
        )
    audit_log(
        user=request.user,
        action=AuditEvent.Action.VIEW_ORIGINAL,
        project_id=essay.project_id,
        essay_id=essay.pk,
        target=f"essay {essay.pk} adjudication",
    )


def _document_adjudication(request: HttpRequest, essay: Essay) -> HttpResponse:
    """Adjudication of a scheme whose unit of choice is the whole document (``dab``): the lead
    compares the submitted annotations (differences and agreement against the first) and
    chooses one."""
    custom = scheme_for(essay.project.scheme)
    if request.method == "POST":

        def save(base: int) -> EssayVersion:
            chosen = request.POST.get("annotator", "")
            if not chosen.isdigit():
                raise ReviewError("choose one of the annotations, then save")
            return adjudicate_document(essay_id=essay.pk, user=request.user,
                                       annotator_id=int(chosen), base_version=base)

        saved = _adjudication_post(request, essay, save)
        if saved is not None:
            return saved
    _adjudication_shown(request, essay)
    heads = adjudication_candidates(essay=essay)
    first = heads[0]
    candidates = []
    for head in heads:
        mentions = (head.graph.get("annotations") or [{}])[0].get("mentions", [])
        candidates.append({
            "draft": head,
            "mentions": len(mentions),
            "masked": sum(1 for m in mentions if m["identifier_type"] in ("DIRECT", "QUASI")),
            "agreement": None if head is first
            else custom.agreement([(first.graph, head.graph)])["mentions"],
            "differences": None if head is first
            else custom.differences(first.graph, head.graph),
        })
    return render(
        request,
        "review/adjudication_document.html",
        {"essay": essay, "first": first, "candidates": candidates,
         "reviewable": essay.status in REVIEWABLE},
    )


@login_required
def adjudication(request: HttpRequest, essay_id: int) -> HttpResponse:
    """Resolve the differences of two annotations of an essay, span region by region."""
    essay = _essay(request, essay_id)
    pair = adjudication_pair(essay=essay)
    if pair is None:
        raise Http404("this essay has not been annotated twice")
    if scheme_for(essay.project.scheme) is not None:
        return _document_adjudication(request, essay)
    if request.method == "POST":
        choices = {
            int(k.removeprefix("region-")): v
            for k, v in request.POST.items()
            if k.startswith("region-") and k.removeprefix("region-").isdigit()
        }
        saved = _adjudication_post(
            request,
            essay,
            lambda base: adjudicate(
                essay_id=essay.pk, user=request.user, choices=choices, base_version=base
            ),
        )
        if saved is not None:
            return saved
    _adjudication_shown(request, essay)
    regions = adjudication_regions(pair[0].graph, pair[1].graph)
    return render(
        request,
        "review/adjudication.html",
        {
            "essay": essay,
            "a": pair[0],
            "b": pair[1],
            "regions": regions,
            "reviewable": essay.status in REVIEWABLE,
        },
    )
