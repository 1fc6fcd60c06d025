"""factory_boy factories for the platform's models (used by every app's tests).

Examples::

    essay = EssayFactory(original="Jag heter Anna.")          # project created on the fly
    EssayVersionFactory(essay=essay)                          # graph built from the original
    lead = MembershipFactory(project=essay.project, role="lead").user
    AssignmentFactory(essay=essay, annotator=annotator)
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password

from pseudonymizer.graph import from_text
from swell_annot.audit.models import AuditEvent
from swell_annot.corpus import crypto
from swell_annot.corpus.models import Assignment, Essay, EssayVersion, ImportUpload
from swell_annot.jobs.models import Job
from swell_annot.projects.models import Membership, Project

DEFAULT_PASSWORD = "pw-for-tests-only"


def simple_graph(text: str) -> dict:
    """The unlabelled SVALA graph of ``text`` (``pseudonymizer.graph.from_text``)."""
    return from_text(text)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.LazyFunction(lambda: make_password(DEFAULT_PASSWORD))


class ProjectFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Project

    name = factory.Sequence(lambda n: f"Project {n}")
    scheme = Project.Scheme.SWELL
    language = "sv"
    settings = factory.LazyFunction(dict)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    project = factory.SubFactory(ProjectFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.ANNOTATOR


class JobFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Job

    kind = Job.Kind.IMPORT
    project = factory.SubFactory(ProjectFactory)


class EssayFactory(factory.django.DjangoModelFactory):
    """An essay; pass ``original="…"`` for its text (stored encrypted)."""

    class Meta:
        model = Essay
        exclude = ("original",)

    project = factory.SubFactory(ProjectFactory)
    external_id = factory.Sequence(lambda n: f"essay-{n}")
    original = "Jag heter Anna och bor i Stokholm. Min lärare heter Erik."
    original_encrypted = factory.LazyAttribute(lambda o: crypto.encrypt_text(o.original))
    level = "B1"
    genre = "narrative"
    topic = "Mitt liv"
    age_span = "20-24"
    gender = "F"
    first_languages = factory.LazyFunction(lambda: ["arabiska"])
    token_count = factory.LazyAttribute(lambda o: len(o.original.split()))


class EssayVersionFactory(factory.django.DjangoModelFactory):
    """A version; the graph defaults to the essay's original without labels.

    Keeps ``essay.current_version`` in step (as the services do).
    """

    class Meta:
        model = EssayVersion
        exclude = ("graph",)
        skip_postgeneration_save = True

    essay = factory.SubFactory(EssayFactory)
    number = factory.LazyAttribute(lambda o: o.essay.current_version + 1)
    origin = EssayVersion.Origin.AUTOMATIC
    graph = factory.LazyAttribute(lambda o: simple_graph(o.essay.original))
    graph_encrypted = factory.LazyAttribute(lambda o: crypto.encrypt_json(o.graph))
    token_count = factory.LazyAttribute(lambda o: len(o.graph["source"]))

    @factory.post_generation
    def _current(obj, create, extracted, **kwargs):  # noqa: N805
        if create and obj.essay.current_version < obj.number:
            Essay.objects.filter(pk=obj.essay_id).update(current_version=obj.number)
            obj.essay.current_version = obj.number


class AssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Assignment

    essay = factory.SubFactory(EssayFactory)
    annotator = factory.SubFactory(UserFactory)


class AuditEventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AuditEvent

    user = factory.SubFactory(UserFactory)
    username = factory.LazyAttribute(lambda o: o.user.username if o.user else "")
    action = AuditEvent.Action.VIEW_ORIGINAL


class ImportUploadFactory(factory.django.DjangoModelFactory):
    """An upload waiting for its import job; pass ``data=b"…"`` (stored encrypted)."""

    class Meta:
        model = ImportUpload
        exclude = ("data",)

    job = factory.SubFactory(JobFactory)
    project = factory.LazyAttribute(lambda o: o.job.project)
    filename = "essays.jsonl"
    data = b'{"id": "e1", "text": "Hej!"}\n'
    size = factory.LazyAttribute(lambda o: len(o.data))
    data_encrypted = factory.LazyAttribute(lambda o: crypto.encrypt_bytes(o.data))
