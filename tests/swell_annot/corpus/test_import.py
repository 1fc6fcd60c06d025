"""Import of every format, including broken files: bad rows listed, good rows imported."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from swell_annot.corpus import importing
from swell_annot.corpus.models import Essay, EssayVersion, ImportUpload
from swell_annot.jobs.models import Job
from tests.factories import EssayFactory, MembershipFactory, ProjectFactory

pytestmark = pytest.mark.django_db


def run(project, filename: str, data: bytes, django_capture_on_commit_callbacks) -> Job:
    """Queue an import and run it in-process (no broker in these tests)."""
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = importing.import_queue(project=project, filename=filename, data=data)
    assert len(callbacks) == 1  # the import task is queued only after commit
    return importing.import_run(job_id=job.pk)


def reasons(job: Job) -> dict[int, str]:
    return {e["row"]: e["reason"] for e in job.errors}


@pytest.fixture
def project():
    return ProjectFactory()


def test_txt(project, django_capture_on_commit_callbacks):
    job = run(project, "e17.txt", b"Jag heter Anna.\n", django_capture_on_commit_callbacks)
    assert job.status == "succeeded" and job.done == job.total == 1 and not job.errors
    essay = Essay.objects.get(project=project)
    assert essay.external_id == "e17" and essay.original == "Jag heter Anna.\n"
    assert essay.status == "imported" and essay.import_job_id == job.pk
    # Plain text goes on to pre-pseudonymization as its own job.
    pjob = Job.objects.get(pk=job.result["prepseudonymize_job"])
    assert pjob.kind == "prepseudonymize" and pjob.total == 1
    # The upload (it holds originals) is emptied once imported.
    assert bytes(ImportUpload.objects.get(job=job).data_encrypted) == b""


def test_txt_wrong_encoding(project, django_capture_on_commit_callbacks):
    job = run(
        project, "e1.txt", "Jag bor i Malmö".encode("latin-1"), django_capture_on_commit_callbacks
    )
    assert "not UTF-8" in reasons(job)[1] and not Essay.objects.exists()


def test_zip_of_txt_with_bad_members(project, django_capture_on_commit_callbacks, settings):
    settings.ESSAY_MAX_BYTES = 100
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("corpus/a.txt", "Hej Ahmed!")
        zf.writestr("corpus/b.txt", "Hej på dig".encode("utf-16"))
        zf.writestr("corpus/c.txt", "   \n")
        zf.writestr("corpus/d.pdf", b"%PDF")
        zf.writestr("corpus/e.txt", "ord " * 40)
        zf.writestr("other/a.txt", "Samma id igen")
        zf.writestr("__MACOSX/._a.txt", b"junk")
    job = run(project, "batch.zip", buf.getvalue(), django_capture_on_commit_callbacks)
    got = reasons(job)
    assert set(got) == {2, 3, 4, 5, 6}
    assert "not UTF-8" in got[2] and got[3] == "empty text" and "not a .txt" in got[4]
    assert "size limit" in got[5] and "duplicate id" in got[6]
    assert list(Essay.objects.values_list("external_id", flat=True)) == ["a"]
    assert job.done == job.total == 6 and job.result["imported"] == 1


def test_jsonl_with_metadata_and_bad_rows(project, django_capture_on_commit_callbacks):
    lines = [
        json.dumps(
            {
                "id": "e1",
                "text": "Jag heter Anna.",
                "level": "B1",
                "age_span": "20-24",
                "gender": "female",
                "first_languages": ["arabiska", "engelska"],
                "time_in_sweden": "1-2",
                "genre": "narrative",
            }
        ),
        "",
        "{not json",
        json.dumps({"id": "e2", "text": ""}),
        json.dumps({"id": "e3", "text": "Hej", "country_of_origin": "Syrien"}),
        json.dumps({"id": "e4", "text": "Hej", "age_span": "23-27"}),
        json.dumps({"id": "e1", "text": "igen"}),
        json.dumps({"text": "utan id"}),
        json.dumps(["a list"]),
        json.dumps({"id": "e5", "text": "Hej då", "birth_date": "1999-01-01"}),
    ]
    data = "\n".join(lines).encode() + b"\n" + b'{"id": "e6", "text": "Malm\xf6"}\n'
    job = run(project, "essays.jsonl", data, django_capture_on_commit_callbacks)
    got = reasons(job)
    assert "invalid JSON" in got[3]
    assert got[4] == "empty text"
    assert "country of origin" in got[5]
    assert "5-year span" in got[6]
    assert "duplicate id" in got[7]
    assert got[8] == "no id"
    assert got[9] == "not a JSON object"
    assert "no exact dates" in got[10]
    assert "not UTF-8" in got[11]
    essay = Essay.objects.get()
    assert (essay.external_id, essay.level, essay.gender, essay.age_span) == (
        "e1",
        "B1",
        "F",
        "20-24",
    )
    assert essay.first_languages == ["arabiska", "engelska"] and essay.time_in_sweden == "1-2"


def test_csv(project, django_capture_on_commit_callbacks):
    data = (
        "id;text;level;genre\n"
        'c1;"Jag bor i Göteborg; det är fint.";A2;narrative\n'
        "c2;;A2;narrative\n"
        "c3;Hej;A2;narrative;extra\n"
    ).encode() + b"c4;Malm\xf6;A2;x\n"
    job = run(project, "essays.csv", data, django_capture_on_commit_callbacks)
    got = reasons(job)
    assert got == {3: "empty text", 4: "more values than header columns", 5: "not UTF-8 text"}
    essay = Essay.objects.get()
    assert essay.original == "Jag bor i Göteborg; det är fint." and essay.level == "A2"


def test_csv_without_header_columns_fails_the_job(project, django_capture_on_commit_callbacks):
    job = run(project, "x.csv", b"a,b\n1,2\n", django_capture_on_commit_callbacks)
    assert job.status == "failed" and "id and text" in job.errors[0]["reason"]


def test_svala_graphs_with_legacy_labels(project, django_capture_on_commit_callbacks):
    from pseudonymizer.graph import from_text

    g1 = from_text("Jag heter Anna och bor i Stokholm .")
    for edge in g1["edges"].values():
        if "s2" in edge["ids"]:
            edge["labels"] = ["firstname:female", "1"]
        if "s6" in edge["ids"]:
            edge["labels"] = ["ort", "2"]
    broken = from_text("Hej")
    broken["edges"] = {}
    data = json.dumps([{"id": "g1", "graph": g1, "level": "B2"}, {"id": "g2", **broken}]).encode()
    job = run(project, "graphs.json", data, django_capture_on_commit_callbacks)
    assert "invalid SVALA graph" in reasons(job)[2]
    essay = Essay.objects.get()
    assert essay.original == "Jag heter Anna och bor i Stokholm ."
    assert essay.status == "in_annotation" and essay.level == "B2"
    version = EssayVersion.objects.get(essay=essay)
    assert version.origin == "imported" and version.number == essay.current_version == 1
    labels = {e["id"]: e["labels"] for e in version.graph["edges"].values()}
    assert labels["e-s2-t2"] == ["firstname_female", "1"]
    assert sorted(labels["e-s6-t6"]) == ["2", "OBS!"]
    assert "ort" in version.graph["edges"]["e-s6-t6"]["comment"]
    assert job.result["notes"] and "prepseudonymize_job" not in job.result


def test_duplicate_of_an_existing_essay(project, django_capture_on_commit_callbacks):
    EssayFactory(project=project, external_id="e1")
    job = run(project, "e1.txt", b"Hej", django_capture_on_commit_callbacks)
    assert "already in the project" in reasons(job)[1]


def test_rerun_of_the_same_job_imports_nothing_twice(project, django_capture_on_commit_callbacks):
    data = "\n".join(json.dumps({"id": f"e{i}", "text": "Hej"}) for i in range(5)).encode()
    with django_capture_on_commit_callbacks(execute=False):
        job = importing.import_queue(project=project, filename="x.jsonl", data=data)
    # Simulate a worker that died after writing two essays.
    Essay.objects.create(
        project=project,
        external_id="e0",
        import_job=job,
        original_encrypted=importing.crypto.encrypt_text("Hej"),
    )
    Essay.objects.create(
        project=project,
        external_id="e1",
        import_job=job,
        original_encrypted=importing.crypto.encrypt_text("Hej"),
    )
    job = importing.import_run(job_id=job.pk)
    assert job.status == "succeeded" and not job.errors and job.done == 5
    assert Essay.objects.filter(project=project).count() == 5
    assert Job.objects.get(pk=job.result["prepseudonymize_job"]).total == 5


@pytest.mark.parametrize(
    "filename,data,message",
    [("e.docx", b"x", "unsupported"), ("e.txt", b"  ", "empty"), ("e.zip", b"PK no", "valid .zip")],
)
def test_unusable_files(project, django_capture_on_commit_callbacks, filename, data, message):
    try:
        job = run(project, filename, data, django_capture_on_commit_callbacks)
    except importing.ImportRefused as exc:
        assert message in str(exc)
    else:
        assert job.status == "failed" and message in job.errors[0]["reason"]


def test_import_api_and_job_progress(project, as_user, django_capture_on_commit_callbacks):
    from django.core.files.uploadedfile import SimpleUploadedFile

    lead = MembershipFactory(project=project, role="lead").user
    client = as_user(lead)
    upload = SimpleUploadedFile("e5.txt", b"Jag heter Anna.")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(
            "/api/imports/", {"file": upload, "project": project.pk}, format="multipart"
        )
    assert response.status_code == 202
    job_id = response.json()["job"]
    assert client.get(f"/api/jobs/{job_id}/").json()["status"] == "queued"
    assert len(callbacks) == 1
    importing.import_run(job_id=job_id)
    data = client.get(f"/api/jobs/{job_id}/").json()
    assert (data["status"], data["done"], data["total"], data["errors"]) == ("succeeded", 1, 1, [])
    bad = client.post(
        "/api/imports/",
        {"file": SimpleUploadedFile("x.exe", b"MZ"), "project": project.pk},
        format="multipart",
    )
    assert bad.status_code == 400 and "unsupported" in bad.json()["file"]


def test_import_essays_command(project, tmp_path, django_capture_on_commit_callbacks):
    from django.core.management import call_command

    path = tmp_path / "e7.txt"
    path.write_text("Jag bor i Lund.", encoding="utf-8")
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command(
            "import_essays", str(path), project=project.name, stdout=out, no_prepseudonymize=True
        )
    assert Essay.objects.get(project=project).external_id == "e7"
    assert "1 imported, 0 rejected" in out.getvalue()


def test_a_failed_import_closes_its_prepseudonymization_job(
    project, monkeypatch, django_capture_on_commit_callbacks
):
    from swell_annot.corpus import tasks

    data = "\n".join(json.dumps({"id": f"e{i}", "text": "Hej"}) for i in range(300)).encode()
    real = importing.check_row
    calls = {"n": 0}

    def failing(row, **kw):
        calls["n"] += 1
        if calls["n"] > 250:  # after the first chunk (200 essays) was written and fed
            raise KeyError("disk on fire")
        return real(row, **kw)

    monkeypatch.setattr(importing, "check_row", failing)
    with django_capture_on_commit_callbacks(execute=False):
        job = importing.import_queue(project=project, filename="x.jsonl", data=data)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(KeyError):
        tasks.import_essays_task.apply(args=[job.pk], throw=True)
    job.refresh_from_db()
    assert job.status == "failed" and "disk on fire" in job.errors[-1]["reason"]
    pjob = Job.objects.get(pk=job.result["prepseudonymize_job"])
    assert not pjob.open and pjob.total == 200 and pjob.status == "succeeded"
    assert pjob.done == 200


def test_import_upload_factory_runs(django_capture_on_commit_callbacks):
    from tests.factories import ImportUploadFactory

    upload = ImportUploadFactory(data=b'{"id": "f1", "text": "Hej Ali!"}\n')
    job = importing.import_run(job_id=upload.job_id, prepseudonymize=False)
    assert job.status == "succeeded" and Essay.objects.get().original == "Hej Ali!"
