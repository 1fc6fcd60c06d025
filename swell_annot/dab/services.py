"""Import and export of ``dab`` projects: Label Studio JSON and TAB JSON through the library.

An import creates one essay per document (original encrypted, version 1 ``imported`` holding
the whole document, predictions included) in one transaction: a file with any bad task is
refused as a whole with the task named, so nothing is half-imported. Exports contain originals:
every export writes an AuditEvent.

A document annotated by several annotators (a Label Studio task with several ``annotations``,
a TAB document with several annotator keys) becomes a doubly annotated essay: each annotation
whose annotator is a member of the project (by the ``annotators`` mapping of the import, else
by username or e-mail) is assigned to that member and starts their own draft chain
(``corpus.drafts``) holding only their annotation, so each edits their own and submits it; the
main chain keeps every imported annotation for the lead, who chooses among the submitted ones
in the adjudication. Annotations of people who are not members stay in the main version only.

A member has one draft chain per document (``DraftVersion`` is keyed by essay, annotator and
number). When two annotations of one document belong to the same member (the same annotator id
or e-mail twice, or two names the ``annotators`` mapping sends to one username), the first
starts the member's chain and the second stays in the main version only, like an annotation
without a member; the import reports each such annotation (``ImportResult.not_assigned``, in the
API response and on the import page) instead of passing over it in silence. Nothing is lost:
the main version keeps every imported annotation, the export writes them all, and the
adjudication keeps the ones no chain came from. We do not refuse such a file: a Label Studio
user may legitimately submit two annotations of a task, and names in the file cannot tell them
apart, so a refusal could not be fixed from the import form; a second chain for the same person
would break the rule that each annotator submits one annotation of a document.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from pseudonymizer.dab.labelstudio import export_labelstudio, import_labelstudio
from pseudonymizer.dab.scheme import Annotation, DabDocument, SchemeError
from pseudonymizer.dab.tab import export_tab, import_tab
from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.corpus.models import DraftVersion, Essay, EssayVersion
from swell_annot.corpus.services import assignment_create, graph_stats, version_build
from swell_annot.projects.models import Membership, Project

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


def parse_documents(data: bytes, fmt: str | None = None) -> list[DabDocument]:
    """The documents of an uploaded file; ImportRefused says why it cannot be read."""
    return parse_upload(data, fmt)[1]


def parse_upload(data: bytes, fmt: str | None = None) -> tuple[str, list[DabDocument]]:
    """The format (``fmt``, else detected) and the documents of an uploaded file, read once;
    ImportRefused says why it cannot be read."""
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
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        # A structure the readers did not foresee: still the file's fault, not a server error.
        raise ImportRefused(f"the file does not have the structure of a {fmt} export "
                            f"({type(exc).__name__}: {exc})") from None
    if not docs:
        raise ImportRefused("the file holds no documents")
    return fmt, docs


@dataclass
class ImportResult:
    """What an import made: the essays, and the draft chains of multi-annotator documents
    (``[{essay, external_id, annotator, username}]``) and the annotator names of the file that
    matched no member (their annotations stay in the main version only). ``not_assigned``
    lists every annotation of a multi-annotator document that got no chain: ``{essay,
    external_id, annotation (1-based position in the document), annotator, username (the
    member, or None), reason (same_member | no_member | no_name), first (same_member: the
    annotation the member's chain holds), message}``."""

    essays: list[Essay]
    drafts: list[dict]
    unmatched: list[str]
    not_assigned: list[dict] = field(default_factory=list)


def annotation_keys(ann: Annotation) -> list[str]:
    """The names a file gives an annotation's annotator: its ``annotator`` and, for a Label
    Studio ``completed_by`` object, its id and e-mail."""
    keys = [ann.annotator] if ann.annotator else []
    raw = ann.extra.get("completed_by")
    if isinstance(raw, dict):
        keys += [str(raw[k]) for k in ("email", "id") if raw.get(k) not in (None, "")]
    return keys


@dataclass
class Members:
    """The members of a project, looked up once per import: by username and by e-mail (lower
    case)."""

    by_name: dict[str, Any]
    by_mail: dict[str, Any]

    @classmethod
    def of(cls, project: Project) -> Members:
        users = [m.user for m in Membership.objects.filter(project=project).select_related("user")]
        return cls(by_name={u.get_username(): u for u in users},
                   by_mail={u.email.lower(): u for u in users if u.email})

    def member_for(self, keys: list[str], mapping: dict[str, str]):
        """The member an annotation belongs to: ``mapping`` (file name → username) first, then
        a member whose username or e-mail is one of ``keys``; None when nobody matches."""
        for key in keys:
            if key in mapping:
                return self.by_name.get(mapping[key])
        for key in keys:
            if key in self.by_name:
                return self.by_name[key]
        return next((self.by_mail[k.lower()] for k in keys if k.lower() in self.by_mail), None)


def _split_annotations(
    *, members: Members, essay: Essay, doc: DabDocument, mapping: dict[str, str], user,
    result: ImportResult,
) -> None:
    """Give each member's annotation of a multi-annotator document its own draft chain."""
    if len(doc.annotations) < 2:
        return
    taken: dict[int, int] = {}  # member → position of the annotation their chain holds
    for k, ann in enumerate(doc.annotations):
        keys = annotation_keys(ann)
        name = keys[0] if keys else ""
        member = members.member_for(keys, mapping)
        where = {"essay": essay.pk, "external_id": essay.external_id, "annotation": k + 1,
                 "annotator": name}
        if member is None:
            result.unmatched.append(name or "(no name)")
            result.not_assigned.append({
                **where, "username": None, "reason": "no_member" if name else "no_name",
                "message": f"document {essay.external_id}: annotation {k + 1} "
                           + (f"of {name!r} matches no member" if name else
                              "names no annotator")
                           + "; kept in the main version only"})
            continue
        username = member.get_username()
        if member.pk in taken:
            first = taken[member.pk] + 1
            result.not_assigned.append({
                **where, "username": username, "reason": "same_member", "first": first,
                "message": f"document {essay.external_id}: annotations {first} and {k + 1} "
                           f"both belong to member {username}"
                           + (f" (annotator {name!r})" if name else "")
                           + f"; {username}'s draft holds annotation {first}, annotation "
                           f"{k + 1} is kept in the main version only (exported, and kept "
                           "by the adjudication)"})
            continue
        taken[member.pk] = k
        assignment_create(essay=essay, annotator=member, assigned_by=user)  # audit-logged
        own = DabDocument(id=doc.id, text=doc.text, annotations=[ann],
                          predictions=doc.predictions, data=doc.data, protected=doc.protected,
                          extra=doc.extra)
        graph = document_json(own)
        draft = DraftVersion(essay=essay, annotator=member, number=essay.current_version + 1,
                             start_version=essay.current_version, **graph_stats(graph))
        draft.graph = graph
        draft.save()
        result.drafts.append({"essay": essay.pk, "external_id": essay.external_id,
                              "annotator": name, "username": username})
    if taken:
        essay.status = Essay.Status.IN_ANNOTATION
        essay.save(update_fields=["status", "updated_at"])


def import_documents(
    *, project: Project, docs: list[DabDocument], user, fmt: str, filename: str = "",
    annotators: dict[str, str] | None = None,
) -> ImportResult:
    """Create one essay per document with version 1 (origin ``imported``); all or nothing.

    ``annotators`` maps annotator names of the file to usernames of project members, for
    documents with several annotations (see the module's docstring).
    """
    mapping = dict(annotators or {})
    members = Members.of(project)
    strangers = sorted(set(mapping.values()) - set(members.by_name))
    if strangers:
        raise ImportRefused(f"not members of the project: {', '.join(strangers[:10])}")
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
        result = ImportResult(essays=essays, drafts=[], unmatched=[])
        for essay, doc in zip(essays, docs, strict=True):
            _split_annotations(members=members, essay=essay, doc=doc, mapping=mapping,
                               user=user, result=result)
        result.unmatched = sorted(set(result.unmatched))
        audit_log(
            user=user,
            action=AuditEvent.Action.IMPORT,
            project_id=project.pk,
            target=f"{fmt} file {filename}"[:300],
            details={"format": fmt, "documents": len(docs), "scheme": "dab",
                     "draft_chains": len(result.drafts),
                     "not_assigned": len(result.not_assigned)},
        )
    return result


def import_upload(
    *, project: Project, data: bytes, user, fmt: str | None = None, filename: str = "",
    annotators: dict[str, str] | None = None,
) -> tuple[str, ImportResult]:
    """Read an uploaded Label Studio or TAB file and import it (``import_documents``): what the
    import API and the project's import page do. Returns the format read and the result."""
    fmt, docs = parse_upload(data, fmt)
    result = import_documents(project=project, docs=docs, user=user, fmt=fmt,
                              filename=filename, annotators=annotators)
    return fmt, result


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
