"""Pages that host the TypeScript editor. The pages carry no essay data themselves: the script
loads everything through the REST API, so permissions and audit logging stay in one place."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse


def _boot(request: HttpRequest, view: str, **extra: object) -> dict[str, object]:
    """The JSON the script starts from: which view, the API root, the user and a CSRF token."""
    boot = {
        "view": view,
        "api": reverse("schema").removesuffix("schema/"),
        "csrf": get_token(request),
        "user": {"id": request.user.pk, "username": request.user.get_username()},
        "essaysUrl": reverse("editor:essays"),
        "editorUrl": reverse("editor:essay", args=[0]).replace("/0/", "/{id}/"),
        **extra,
    }
    return {"boot": boot, "view": view}


@login_required
def my_essays(request: HttpRequest) -> HttpResponse:
    """The "My essays" page: assigned essays with filters, sorting and "open next"."""
    return render(request, "editor/app.html", _boot(request, "essays"))


@login_required
def essay_editor(request: HttpRequest, essay_id: int) -> HttpResponse:
    """The editor for one essay (the API decides whether the user may see it).

    The project's scheme picks the editor mode (``swell``: three panes; ``dab``: the four steps
    of the Danish guide); it is only told to someone who may read the essay.
    """
    from swell_annot.corpus.models import Essay

    essay = (
        Essay.objects.filter(pk=essay_id).select_related("project").defer("original_encrypted")
    ).first()
    scheme = "swell"
    if essay is not None and request.user.has_perm("corpus.read_essay", essay):
        scheme = essay.project.scheme
    return render(
        request, "editor/app.html", _boot(request, "editor", essayId=essay_id, scheme=scheme)
    )
