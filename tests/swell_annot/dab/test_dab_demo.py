"""``manage.py load_demo`` also creates the small dab demo project (idempotently)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from swell_annot.corpus.models import Essay
from swell_annot.dab.document import document_errors

pytestmark = pytest.mark.django_db


def test_load_demo_adds_a_preannotated_dab_project(django_capture_on_commit_callbacks):
    for _ in range(2):
        out = io.StringIO()
        with django_capture_on_commit_callbacks(execute=True):
            call_command("load_demo", stdout=out)
        assert "Demo (DAB, Danish)" in out.getvalue()
    essays = Essay.objects.filter(project__name="Demo (DAB, Danish)")
    assert essays.count() == 3
    for essay in essays:
        assert essay.project.scheme == "dab" and essay.current_version == 1
        doc = essay.versions.get(number=1).graph
        assert document_errors(doc, essay.original) == []
        assert doc["predictions"][0]["mentions"], essay.external_id
        assert essay.assignments.filter(annotator__username="annotator").exists()
