"""Writes on projects, and the pipeline options a project's settings stand for."""

from __future__ import annotations

from typing import Any

from pseudonymizer.document import Options

from .models import Membership, Project

OPTION_KEYS = ("geo_strategy", "swedish_city_strategy", "genre_profile")


def project_options(*, project: Project) -> Options:
    """``pseudonymizer.Options`` from ``project.settings`` (unknown keys go to ``extra``)."""
    cfg: dict[str, Any] = dict(project.settings or {})
    kwargs: dict[str, Any] = {k: cfg.pop(k) for k in OPTION_KEYS if k in cfg}
    for key in ("enabled_optional_labels", "disabled_labels"):
        if key in cfg:
            kwargs[key] = frozenset(cfg.pop(key) or ())
    return Options(**kwargs, extra=cfg)


def membership_set(*, project: Project, user, role: str) -> Membership:
    """Give ``user`` a role in ``project`` (creating or changing the membership)."""
    membership, _ = Membership.objects.update_or_create(
        project=project, user=user, defaults={"role": role}
    )
    return membership
