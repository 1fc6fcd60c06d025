"""Object permissions on essays: an annotator works on the essays assigned to them; leads and
admins on every essay of their projects; nobody edits a submitted, approved or released essay
(leads may still edit during review, to adjudicate)."""

from __future__ import annotations

import rules

from swell_annot.projects.rules import is_manager, is_member, is_superuser

from .models import Essay

ANNOTATOR_EDITABLE = {
    Essay.Status.IMPORTED,
    Essay.Status.PRE_PSEUDONYMIZED,
    Essay.Status.IN_ANNOTATION,
}
MANAGER_EDITABLE = ANNOTATOR_EDITABLE | {Essay.Status.IN_REVIEW}
SUBMITTABLE = {Essay.Status.PRE_PSEUDONYMIZED, Essay.Status.IN_ANNOTATION}


@rules.predicate
def is_assignee(user, essay: Essay) -> bool:
    if essay is None or not user.is_authenticated:
        return False
    # Uses the assignments prefetched by the selectors when present (no extra query).
    return any(a.annotator_id == user.pk for a in essay.assignments.all())


@rules.predicate
def annotator_may_edit(user, essay: Essay) -> bool:
    return essay is not None and essay.status in ANNOTATOR_EDITABLE


@rules.predicate
def manager_may_edit(user, essay: Essay) -> bool:
    return essay is not None and essay.status in MANAGER_EDITABLE


@rules.predicate
def is_submittable(user, essay: Essay) -> bool:
    return essay is not None and essay.status in SUBMITTABLE


can_view = is_superuser | is_manager | (is_member & is_assignee)
rules.add_perm("corpus.read_essay", can_view)
rules.add_perm(
    "corpus.edit_essay",
    ((is_superuser | is_manager) & manager_may_edit)
    | (is_member & is_assignee & annotator_may_edit),
)
rules.add_perm("corpus.submit_essay", can_view & is_submittable)
rules.add_perm("corpus.assign_essay", is_superuser | is_manager)
