"""manage.py load_demo: the demo project, its users and ~10 synthetic essays (idempotent)."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from swell_annot.corpus.importing import import_file
from swell_annot.corpus.models import Essay
from swell_annot.corpus.services import assignment_create
from swell_annot.projects.models import Project
from swell_annot.projects.services import membership_set

DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo_essays.jsonl"
PROJECT = "Demo (SweLL)"
USERS = [("admin", "admin", True), ("lead", "lead", False), ("annotator", "annotator", False)]


class Command(BaseCommand):
    help = "Create the demo project with users admin, lead, annotator and synthetic essays."

    def handle(self, *args, **options) -> None:
        User = get_user_model()
        fixed = os.environ.get("DEMO_PASSWORD", "")
        with transaction.atomic():
            project, _ = Project.objects.get_or_create(
                name=PROJECT,
                defaults={
                    "scheme": "swell",
                    "language": "sv",
                    "description": "Synthetic learner essays for trying the platform.",
                },
            )
            passwords = {}
            for username, role, superuser in USERS:
                user, created = User.objects.get_or_create(username=username)
                # A password is printed only when it is set now: new users, or DEMO_PASSWORD.
                if created or fixed:
                    passwords[username] = fixed or secrets.token_urlsafe(9)
                    user.set_password(passwords[username])
                user.is_staff = user.is_superuser = superuser
                user.save()
                membership_set(project=project, user=user, role=role)
        wanted = [
            json.loads(line)["id"]
            for line in DEMO_FILE.read_text("utf-8").splitlines()
            if line.strip()
        ]
        have = set(Essay.objects.filter(project=project).values_list("external_id", flat=True))
        if not set(wanted) <= have:
            job = import_file(project=project, path=str(DEMO_FILE))
            self.stdout.write(f"imported demo essays: {job.result}")
        annotator = User.objects.get(username="annotator")
        lead = User.objects.get(username="lead")
        for essay in Essay.objects.filter(project=project, external_id__in=wanted[::2]):
            assignment_create(essay=essay, annotator=annotator, assigned_by=lead)
        self.stdout.write(
            f"demo project {project.name!r} (id {project.pk}): "
            f"{Essay.objects.filter(project=project).count()} essays"
        )
        # Scheme dab: a small Danish project beside the SweLL one (issue 7).
        from swell_annot.dab.demo import load_dab_demo

        self.stdout.write(load_dab_demo(users={
            u.username: (u, role)
            for u, role in ((User.objects.get(username=n), r) for n, r, _ in USERS)
        }))
        for username, _, _ in USERS:
            if username in passwords:
                self.stdout.write(f"  user {username:<10} password {passwords[username]}")
            else:
                self.stdout.write(
                    f"  user {username:<10} (password unchanged; set DEMO_PASSWORD to reset it)"
                )
