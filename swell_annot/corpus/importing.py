"""Import of essays: .txt, .zip of .txt/.json, JSONL, CSV and SVALA JSON graphs.

``import_queue`` stores the upload (encrypted: it holds originals) and queues a Job;
``import_run`` (in the worker) parses it row by row. Bad rows — wrong encoding, empty text,
duplicate id, over the size limit, metadata outside the SweLL restrictions, broken graphs — are
listed in ``job.errors`` with their row number and reason; valid rows are imported. An essay is
written together with its imported version in one transaction, so nothing is half-written, and
a re-run of the same job (a worker died) recognises the essays it already created.

Essays imported as plain text are then pre-pseudonymized by a second job
(``job.result["prepseudonymize_job"]``).
"""

from __future__ import annotations

import csv
import io
import json
import logging
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from swell_annot.audit.models import AuditEvent
from swell_annot.audit.services import audit_log
from swell_annot.jobs.models import Job
from swell_annot.jobs.services import job_advance, job_create, job_finish, job_start
from swell_annot.projects.models import Project

from . import crypto
from .metadata import clean_metadata
from .models import Essay, EssayVersion, ImportUpload
from .services import graph_stats

logger = logging.getLogger(__name__)

FORMATS = {
    ".txt": "txt",
    ".zip": "zip",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".json": "svala",
}
MAX_UPLOAD_BYTES = 200 * 2**20
MAX_ZIP_MEMBERS = 100_000
CHUNK = 200


class ImportRefused(ValueError):
    """The upload as a whole cannot be imported (unknown format, empty, not a zip …)."""


@dataclass
class Row:
    """One essay-to-be from an upload, or the reason it cannot be imported."""

    row: int
    file: str
    external_id: str = ""
    text: str = ""
    raw_metadata: dict[str, Any] = field(default_factory=dict)
    graph: dict | None = None
    notes: list[str] = field(default_factory=list)
    error: str = ""


def detect_format(filename: str) -> str:
    """The import format of a file name (``txt``, ``zip``, ``jsonl``, ``csv``, ``svala``)."""
    suffix = PurePosixPath(filename.lower()).suffix
    if suffix not in FORMATS:
        raise ImportRefused(
            f"unsupported file type {suffix or '(none)'}: use .txt, .zip, .jsonl, .csv or .json"
        )
    return FORMATS[suffix]


# --- parsing (pure: bytes in, rows out)


def _decode(data: bytes) -> str:
    """Strict UTF-8 (a BOM is dropped); raises UnicodeDecodeError."""
    return data.decode("utf-8-sig")


def _txt_row(row: int, name: str, data: bytes) -> Row:
    out = Row(row=row, file=name, external_id=PurePosixPath(name).stem)
    try:
        out.text = _decode(data)
    except UnicodeDecodeError as exc:
        out.error = f"not UTF-8 text (byte {exc.start})"
    return out


def _graph_rows(row: int, name: str, value: Any) -> Iterator[Row]:
    """SVALA JSON: one graph, or a list of {id, graph | source/target/edges, …metadata}."""
    items = value if isinstance(value, list) else [value]
    for i, item in enumerate(items, start=row):
        out = Row(row=i, file=name)
        if not isinstance(item, dict):
            out.error = "not a JSON object"
            yield out
            continue
        item = dict(item)
        graph = item.pop("graph", None)
        if graph is None and "source" in item:
            graph = {k: item.pop(k) for k in ("source", "target", "edges", "comment") if k in item}
        default_id = PurePosixPath(name).stem if len(items) == 1 else ""
        out.external_id = str(item.pop("id", "") or default_id)
        out.raw_metadata = item
        if not isinstance(graph, dict):
            out.error = "no SVALA graph (source, target, edges)"
        else:
            out.graph = graph
        yield out


def _jsonl_rows(name: str, data: bytes) -> Iterator[Row]:
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        out = Row(row=number, file=name)
        try:
            value = json.loads(_decode(line))
        except UnicodeDecodeError as exc:
            out.error = f"not UTF-8 text (byte {exc.start})"
        except json.JSONDecodeError as exc:
            out.error = f"invalid JSON: {exc.msg}"
        else:
            if not isinstance(value, dict):
                out.error = "not a JSON object"
            elif "graph" in value or "source" in value:
                yield from _graph_rows(number, name, value)
                continue
            else:
                out.external_id = str(value.pop("id", "") or "")
                text = value.pop("text", "")
                if not isinstance(text, str):
                    out.error = "text is not a string"
                out.text = text if isinstance(text, str) else ""
                out.raw_metadata = value
        yield out


def _csv_rows(name: str, data: bytes) -> Iterator[Row]:
    # surrogateescape keeps undecodable bytes so that only their rows fail, not the file.
    text = data.decode("utf-8", errors="surrogateescape").removeprefix("\ufeff")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect)
    fields = [f.strip().lower() for f in (reader.fieldnames or [])]
    if "text" not in fields or "id" not in fields:
        raise ImportRefused("a CSV file needs a header with the columns id and text")
    reader.fieldnames = fields
    for number, record in enumerate(reader, start=2):  # row 1 is the header
        out = Row(row=number, file=name)
        values = {k: (v or "") for k, v in record.items() if k is not None}
        if None in record:
            out.error = "more values than header columns"
        elif any("\udc80" <= ch <= "\udcff" for v in values.values() for ch in v):
            out.error = "not UTF-8 text"
        else:
            out.external_id = values.pop("id", "").strip()
            out.text = values.pop("text", "")
            out.raw_metadata = values
        yield out


def _zip_rows(name: str, data: bytes, limit: int) -> Iterator[Row]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise ImportRefused("not a valid .zip file") from exc
    members = [
        m
        for m in archive.infolist()
        if not m.is_dir()
        and not m.filename.startswith("__MACOSX/")
        and not PurePosixPath(m.filename).name.startswith(".")
    ]
    if len(members) > MAX_ZIP_MEMBERS:
        raise ImportRefused(f"more than {MAX_ZIP_MEMBERS} files in the archive")
    for number, member in enumerate(members, start=1):
        suffix = PurePosixPath(member.filename.lower()).suffix
        if suffix not in (".txt", ".json"):
            yield Row(row=number, file=member.filename, error="not a .txt or .json file")
            continue
        # Checked before reading, so a zip bomb never gets unpacked.
        if member.file_size > limit * 20:
            yield Row(
                row=number,
                file=member.filename,
                external_id=PurePosixPath(member.filename).stem,
                error=f"over the size limit ({member.file_size} bytes > {limit})",
            )
            continue
        try:
            content = archive.read(member)
        except (zipfile.BadZipFile, OSError, RuntimeError) as exc:
            yield Row(row=number, file=member.filename, error=f"cannot unpack: {exc}")
            continue
        if suffix == ".txt":
            yield _txt_row(number, member.filename, content)
        else:
            yield from _svala_file_rows(member.filename, content, row=number)


def _svala_file_rows(name: str, data: bytes, row: int = 1) -> Iterator[Row]:
    try:
        value = json.loads(_decode(data))
    except UnicodeDecodeError as exc:
        yield Row(row=row, file=name, error=f"not UTF-8 text (byte {exc.start})")
        return
    except json.JSONDecodeError as exc:
        yield Row(row=row, file=name, error=f"invalid JSON: {exc.msg} (line {exc.lineno})")
        return
    yield from _graph_rows(row, name, value)


def parse_upload(filename: str, data: bytes, *, limit: int) -> Iterator[Row]:
    """Rows of an upload, in file order. Raises ``ImportRefused`` for an unusable file."""
    fmt = detect_format(filename)
    if not data.strip():
        raise ImportRefused("the file is empty")
    if fmt == "txt":
        yield _txt_row(1, filename, data)
    elif fmt == "zip":
        yield from _zip_rows(filename, data, limit)
    elif fmt == "jsonl":
        yield from _jsonl_rows(filename, data)
    elif fmt == "csv":
        yield from _csv_rows(filename, data)
    else:
        yield from _svala_file_rows(filename, data)


# --- checking one row


def _check_graph(row: Row) -> None:
    """Map legacy labels, check the invariant, take the text from the source side."""
    from pseudonymizer.graph import check_invariant, source_text
    from pseudonymizer.taxonomy import map_legacy_labels

    graph = row.graph
    problems = check_invariant(graph)
    if problems:
        row.error = "invalid SVALA graph: " + "; ".join(problems[:3])
        return
    for edge in graph["edges"].values():
        labels, notes = map_legacy_labels(list(edge.get("labels", [])))
        edge["labels"] = labels
        if notes:
            edge["comment"] = "; ".join(filter(None, [edge.get("comment", ""), *notes]))
            row.notes.extend(f"{edge['id']}: {n}" for n in notes)
    row.text = source_text(graph)


def check_row(row: Row, *, limit: int, seen: set[str]) -> dict[str, Any] | None:
    """Validate a row in place (sets ``row.error``); returns the Essay field values if valid."""
    if row.error:
        return None
    if row.graph is not None:
        _check_graph(row)
        if row.error:
            return None
    row.external_id = row.external_id.strip()
    if not row.external_id:
        row.error = "no id"
    elif len(row.external_id) > 200:
        row.error = "id longer than 200 characters"
    elif not row.text.strip():
        row.error = "empty text"
    elif len(row.text.encode("utf-8", errors="surrogatepass")) > limit:
        row.error = f"over the size limit ({len(row.text.encode('utf-8'))} bytes > {limit})"
    elif "\x00" in row.text:
        row.error = "text contains NUL characters"
    elif row.external_id in seen:
        row.error = f"duplicate id {row.external_id!r}"
    if row.error:
        return None
    fields, problems = clean_metadata(row.raw_metadata)
    if problems:
        row.error = "metadata outside the SweLL restrictions: " + "; ".join(problems)
        return None
    seen.add(row.external_id)
    return fields


def _error(row: Row) -> dict[str, Any]:
    return {"row": row.row, "file": row.file, "id": row.external_id, "reason": row.error}


# --- queue and run


def import_queue(
    *, project: Project, filename: str, data: bytes, user=None, queue: bool = True
) -> Job:
    """Store an upload and queue its import job (returned at once).

    ``queue=False`` only stores it: the caller runs ``import_run`` itself (the CLI does).
    """
    from .tasks import import_essays_task

    detect_format(filename)
    if not data.strip():
        raise ImportRefused("the file is empty")
    if len(data) > MAX_UPLOAD_BYTES:
        raise ImportRefused(f"the file is larger than {MAX_UPLOAD_BYTES} bytes")
    with transaction.atomic():
        job = job_create(
            kind=Job.Kind.IMPORT,
            project_id=project.pk,
            created_by=user,
            description=f"import {filename}",
        )
        ImportUpload.objects.create(
            job=job,
            project=project,
            filename=filename,
            size=len(data),
            data_encrypted=crypto.encrypt_bytes(data),
        )
        audit_log(
            user=user,
            action=AuditEvent.Action.IMPORT,
            project_id=project.pk,
            target=filename,
            details={"job": job.pk, "bytes": len(data)},
        )
        if queue:
            transaction.on_commit(lambda: import_essays_task.delay(job.pk))
    return job


def _write_chunk(
    *, project: Project, job: Job, chunk: list[tuple[Row, dict[str, Any]]], errors: list[dict]
) -> list[int]:
    """Write essays (and imported versions) of a chunk; returns ids of plain-text essays.

    One transaction for the chunk; if the database refuses it (an id imported meanwhile), the
    chunk is retried one essay per transaction so that only the offending rows fail.
    """
    try:
        with transaction.atomic():
            return _insert(project=project, job=job, items=chunk)
    except IntegrityError:
        pass
    created: list[int] = []
    for row, fields in chunk:
        try:
            with transaction.atomic():
                created += _insert(project=project, job=job, items=[(row, fields)])
        except IntegrityError:
            row.error = f"duplicate id {row.external_id!r}"
            errors.append(_error(row))
            job_advance(job_id=job.pk)
    return created


def _insert(*, project: Project, job: Job, items: list[tuple[Row, dict[str, Any]]]) -> list[int]:
    essays = []
    for row, fields in items:
        essay = Essay(project=project, external_id=row.external_id, import_job=job, **fields)
        essay.original = row.text
        if row.graph is not None:
            stats = graph_stats(row.graph)
            essay.current_version = 1
            essay.status = Essay.Status.IN_ANNOTATION
            essay.token_count = stats["token_count"]
            essay.label_count = stats["label_count"]
            essay.open_obs_count = stats["open_obs_count"]
        else:
            essay.token_count = len(row.text.split())
        essays.append(essay)
    Essay.objects.bulk_create(essays)
    versions = []
    for (row, _), essay in zip(items, essays, strict=True):
        if row.graph is not None:
            version = EssayVersion(
                essay=essay,
                number=1,
                origin=EssayVersion.Origin.IMPORTED,
                job=job,
                **graph_stats(row.graph),
            )
            version.graph = row.graph
            versions.append(version)
    EssayVersion.objects.bulk_create(versions)
    job_advance(job_id=job.pk, by=len(items))
    return [essay.pk for (row, _), essay in zip(items, essays, strict=True) if row.graph is None]


def import_run(*, job_id: int, prepseudonymize: bool = True) -> Job:
    """Run an import job (in the worker). Safe to run again after a crash.

    Plain-text essays go to a pre-pseudonymization job chunk by chunk while the import goes on
    (other worker processes start on them at once), unless ``prepseudonymize`` is off.
    """
    from swell_annot.jobs.services import job_close

    from .prepseudonymize import prepseudonymize_add, prepseudonymize_open

    job = Job.objects.select_related("upload", "project").get(pk=job_id)
    if job.is_over:
        return job
    upload = job.upload
    project = job.project
    limit = settings.ESSAY_MAX_BYTES
    data = crypto.decrypt_bytes(upload.data_encrypted)
    errors: list[dict] = []
    notes: list[dict] = []
    try:
        rows = list(parse_upload(upload.filename, data, limit=limit))
    except ImportRefused as exc:
        job_finish(job_id=job.pk, failed=True, errors=[{"row": None, "reason": str(exc)}])
        return _done(job, upload)
    # Essays already in the project: duplicates, unless this very job created them before a
    # crash — those count as done without being written again.
    existing = dict(
        Essay.objects.filter(project=project).values_list("external_id", "import_job_id")
    )
    mine = {eid for eid, jid in existing.items() if jid == job.pk}
    Job.objects.filter(pk=job.pk).update(done=0)
    job_start(job_id=job.pk, total=len(rows))
    # A retried run keeps the pre-pseudonymization job of the first run.
    pjob_id = (job.result or {}).get("prepseudonymize_job")
    pjob = Job.objects.filter(pk=pjob_id).first() if pjob_id else None

    def feed(ids: list[int]) -> None:
        nonlocal pjob
        if not ids or not prepseudonymize:
            return
        if pjob is None:
            pjob = prepseudonymize_open(
                project=project,
                user=job.created_by,
                description=f"pre-pseudonymize the essays of import #{job.pk}",
            )
            Job.objects.filter(pk=job.pk).update(result={"prepseudonymize_job": pjob.pk})
        prepseudonymize_add(job=pjob, essay_ids=ids)

    seen: set[str] = set()
    chunk: list[tuple[Row, dict[str, Any]]] = []
    already = 0
    for row in rows:
        if row.graph is not None and project.scheme != "swell" and not row.error:
            row.error = (
                f"a SVALA graph cannot be imported into a {project.scheme} project; import its "
                f"text, or Label Studio/TAB JSON through /api/projects/{project.pk}/dab/import/"
            )
        fields = check_row(row, limit=limit, seen=seen)
        if fields is None:
            errors.append(_error(row))
            job_advance(job_id=job.pk)
            continue
        if row.external_id in mine:
            already += 1
            job_advance(job_id=job.pk)
            continue
        if row.external_id in existing:
            row.error = f"duplicate id {row.external_id!r} (already in the project)"
            errors.append(_error(row))
            job_advance(job_id=job.pk)
            continue
        notes.extend({"row": row.row, "id": row.external_id, "note": n} for n in row.notes)
        chunk.append((row, fields))
        if len(chunk) >= CHUNK:
            feed(_write_chunk(project=project, job=job, chunk=chunk, errors=errors))
            chunk = []
    if chunk:
        feed(_write_chunk(project=project, job=job, chunk=chunk, errors=errors))
    plain = Essay.objects.filter(import_job=job).exclude(versions__origin="imported")
    if already and prepseudonymize:
        # After a crash: plain-text essays of the first run that were never processed.
        feed(
            list(plain.exclude(auto_job=pjob).values_list("pk", flat=True))
            if pjob
            else list(plain.values_list("pk", flat=True))
        )
    imported = len(rows) - len(errors)
    result: dict[str, Any] = {"imported": imported, "rejected": len(errors), "notes": notes}
    if pjob is not None:
        job_close(job_id=pjob.pk, total=plain.count())
        result["prepseudonymize_job"] = pjob.pk
    job_finish(job_id=job.pk, errors=errors, result=result)
    logger.info(
        "import finished", extra={"job": job.pk, "imported": imported, "rejected": len(errors)}
    )
    return _done(job, upload)


def import_abort(*, job_id: int) -> None:
    """After an import failed for good: close its pre-pseudonymization job (what was already
    fed to it is still processed; nothing more will come)."""
    from swell_annot.jobs.services import job_close

    job = Job.objects.filter(pk=job_id).first()
    pjob_id = (job.result or {}).get("prepseudonymize_job") if job else None
    if pjob_id:
        plain = Essay.objects.filter(import_job_id=job_id).exclude(versions__origin="imported")
        job_close(job_id=pjob_id, total=plain.count())


def _done(job: Job, upload: ImportUpload) -> Job:
    # The upload holds originals: keep it no longer than needed.
    ImportUpload.objects.filter(pk=upload.pk).update(data_encrypted=b"")
    job.refresh_from_db()
    return job


def import_file(*, project: Project, path: str, user=None, prepseudonymize: bool = True) -> Job:
    """Import a file from disk in this process, as a Job (``manage.py import_essays``)."""
    with open(path, "rb") as fh:
        data = fh.read()
    job = import_queue(
        project=project, filename=PurePosixPath(path).name, data=data, user=user, queue=False
    )
    return import_run(job_id=job.pk, prepseudonymize=prepseudonymize)
