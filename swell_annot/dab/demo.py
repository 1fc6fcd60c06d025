"""Demo data of scheme ``dab``: a small project with three synthetic Danish documents.

Everything here is invented (names, addresses, numbers); the documents are pre-annotated by the
library's Danish pre-annotation, as an imported document would be.
"""

from __future__ import annotations

from django.db import transaction

from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.schemes import scheme_for
from swell_annot.corpus.services import assignment_create, version_build
from swell_annot.projects.models import Project
from swell_annot.projects.services import membership_set

PROJECT = "Demo (DAB, Danish)"
DOCUMENTS = {
    "dab-demo-1": (
        "Den 3. oktober 2018 henvendte Hr. Mikkel Sørensen (CPR 010203-1234) sig til Vejle "
        "Kommune. Han bor på Skovvej 14, 7100 Vejle, og kan træffes på 26 35 58 65. Mikkel "
        "arbejder som tømrer hos Byg & Co ApS og har haft diabetes siden 2011."
    ),
    "dab-demo-2": (
        "Fru Anne Kristensen, 54 år, mødte kl. 9.48 på Aarhus Universitetshospital. Hun oplyste, "
        "at hun er medlem af Folkekirken og tidligere har boet i Randers. Sagsnummer 2019-4411. "
        "Anne har to børn og en månedlig indtægt på 23.500 kr."
    ),
    "dab-demo-3": (
        "Klageren, en 31-årig sygeplejerske fra Odense, skrev den 12/3 til Region Syddanmark "
        "via e-mail lise.holm@example.dk. Lise Holm ønskede aktindsigt i sin journal. Hendes "
        "bil med nummerpladen AB 12 345 blev fjernet fra parkeringspladsen ved Rosengårdcentret."
    ),
}


def load_dab_demo(*, users: dict[str, tuple[object, str]]) -> str:
    """Create (idempotently) the dab demo project; ``users`` maps username → (user, role).

    Returns a one-line summary for the command's output.
    """
    handler = scheme_for("dab")
    if handler is None:
        raise RuntimeError("scheme dab is not registered in swell_annot.corpus.schemes")
    with transaction.atomic():
        project, _ = Project.objects.get_or_create(
            name=PROJECT,
            defaults={
                "scheme": "dab",
                "language": "da",
                "description": "Synthetic Danish documents for the DAB anonymization guide.",
            },
        )
        for user, role in users.values():
            membership_set(project=project, user=user, role=role)
        for external_id, text in DOCUMENTS.items():
            if Essay.objects.filter(project=project, external_id=external_id).exists():
                continue
            essay = Essay(project=project, external_id=external_id,
                          status=Essay.Status.PRE_PSEUDONYMIZED)
            essay.original = text
            essay.save()
            doc = handler.automatic(text=text, external_id=external_id)
            version_build(essay=essay, graph=doc, origin=EssayVersion.Origin.AUTOMATIC).save()
            essay.save()
        annotator = next((u for u, r in users.values() if r == "annotator"), None)
        lead = next((u for u, r in users.values() if r == "lead"), None)
        if annotator is not None:
            for essay in Essay.objects.filter(project=project):
                assignment_create(essay=essay, annotator=annotator, assigned_by=lead)
    count = Essay.objects.filter(project=project).count()
    return f"demo project {project.name!r} (id {project.pk}): {count} documents"
