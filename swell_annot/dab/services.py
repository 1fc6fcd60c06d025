"""Import and export of ``dab`` projects: Label Studio JSON and TAB JSON through the library.

An import creates one essay per document (original encrypted, version 1 ``imported`` holding
the whole document, predictions included) in one transaction: a file with any bad task is
refused as a whole with the task named, so nothing is half-imported. Exports contain originals:
every export writes an AuditEvent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from pseudonymizer.dab.labelstudio import export_labelstudio, import_labelstudio
from pseudonymizer.dab.scheme import DabDocument, SchemeError
from pseudonymizer.dab.tab import export_tab, import_tab
from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.corpus.models import Essay, EssayVersion
from swell_annot.corpus.services import version_build
from swell_annot.projects.models import Project

from .document import document_from_json, document_json

FORMATS = ("labelstudio", "tab")


@dataclass
class ImportRefused(Exception):
    """The file cannot be imported (nothing was written)."""

    message: str

    def __str__(self) -> str:
        return self.message


def detect_format(parsed: Any) -> str:
    """``tab`` when the documents carry ``doc_id``/``text`` at the top, else ``labelstudio``."""
    first = parsed[0] if isinstance(parsed, list) and parsed else parsed
    if isinstance(first, dict) and "text" in first and "data" not in first:
        return "tab"
    return "labelstudio"


def detect_format_of_bytes(data: bytes) -> str:
    """``detect_format`` of a file that ``parse_documents`` has already read successfully."""
    return detect_format(json.loads(data.decode("utf-8-sig")))


def parse_documents(data: bytes, fmt: str | None = None) -> list[DabDocument]:
    """The documents of an uploaded file; ImportRefused says why it cannot be read."""
    try:
        parsed = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ImportRefused(f"not a UTF-8 JSON file: {exc}") from None
    fmt = fmt or detect_format(parsed)
    if fmt not in FORMATS:
        raise ImportRefused(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    try:
        docs = import_labelstudio(parsed) if fmt == "labelstudio" else import_tab(parsed)
        for doc in docs:
            doc.check()
    except SchemeError as exc:
        raise ImportRefused(str(exc)) from None
    if not docs:
        raise ImportRefused("the file holds no documents")
    return docs


def import_documents(
    *, project: Project, docs: list[DabDocument], user, fmt: str, filename: str = ""
) -> list[Essay]:
    """Create one essay per document with version 1 (origin ``imported``); all or nothing."""
    if project.scheme != "dab":
        raise ImportRefused(f"project {project.name} has scheme {project.scheme}, not dab")
    ids = [d.id for d in docs]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ImportRefused(f"document ids used twice in the file: {', '.join(dupes[:10])}")
    with transaction.atomic():
        existing = set(
            Essay.objects.filter(project=project, external_id__in=ids).values_list(
                "external_id", flat=True
            )
        )
        if existing:
            raise ImportRefused(
                "documents already in the project: " + ", ".join(sorted(existing)[:10])
            )
        essays, versions = [], []
        for doc in docs:
            essay = Essay(
                project=project, external_id=doc.id, status=Essay.Status.PRE_PSEUDONYMIZED
            )
            essay.original = doc.text
            essay.save()
            version = version_build(
                essay=essay,
                graph=document_json(doc),
                origin=EssayVersion.Origin.IMPORTED,
                author=user,
            )
            essays.append(essay)
            versions.append(version)
        EssayVersion.objects.bulk_create(versions)
        Essay.objects.bulk_update(
            essays, ["current_version", "token_count", "label_count", "open_obs_count"]
        )
        audit_log(
            user=user,
            action=AuditEvent.Action.IMPORT,
            project_id=project.pk,
            target=f"{fmt} file {filename}"[:300],
            details={"format": fmt, "documents": len(docs), "scheme": "dab"},
        )
    return essays


def essay_document(essay: Essay) -> DabDocument:
    """The library document of an essay's current version (raises SchemeError if none)."""
    version = essay.versions.filter(number=essay.current_version).first()
    if version is None:
        raise SchemeError(f"essay {essay.external_id} has no version yet")
    doc = document_from_json(version.graph)
    doc.id = essay.external_id
    return doc


def export_documents(
    *, essays: list[Essay], fmt: str, user, project_id: int, target: str
) -> list[dict]:
    """The essays' current documents as Label Studio tasks or TAB documents (audit-logged)."""
    if fmt not in FORMATS:
        raise ImportRefused(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    docs = [essay_document(e) for e in essays if e.current_version]
    out = export_labelstudio(docs, original=True) if fmt == "labelstudio" else export_tab(docs)
    audit_log(
        user=user,
        action=AuditEvent.Action.EXPORT,
        project_id=project_id,
        essay_id=essays[0].pk if len(essays) == 1 else None,
        target=target[:300],
        details={"format": fmt, "documents": len(docs), "scheme": "dab"},
    )
    return out
