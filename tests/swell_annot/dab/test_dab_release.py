"""Releases of ``dab`` projects: anonymized texts with ``[CATEGORY-n]`` placeholders, TAB JSON
without the masked originals, the leak check, the key export; through the releases API as an
admin uses it (real PostgreSQL), and the builder on its own."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest

from pseudonymizer.dab.scheme import Annotation, DabDocument, Mention, Relation
from swell_annot.dab.document import document_json
from swell_annot.dab.release import anonymize, build_release
from swell_annot.releases.builder import EssayRecord, LeakError
from swell_annot.releases.models import Release
from tests.factories import EssayFactory, EssayVersionFactory, MembershipFactory, ProjectFactory

TEXT = "Hr. Jens Hansen bor på Nørregade 12, 8000 Aarhus. Jens ringer fra Vejle Kommune."


def _m(mid: str, text: str, label: str, idt: str, *, source: str = TEXT, nth: int = 0,
       entity: str | None = None) -> Mention:
    start = -1
    for _ in range(nth + 1):
        start = source.index(text, start + 1)
    return Mention(mid, start, start + len(text), text, label, idt, entity=entity)


def _doc(text: str = TEXT, mentions: list[Mention] | None = None,
         relations: list[Relation] | None = None, doc_id: str = "d1") -> dict:
    if mentions is None:
        mentions = [
            _m("m1", "Jens Hansen", "PERSON", "DIRECT"),
            _m("m2", "Nørregade 12, 8000 Aarhus", "LOC", "QUASI"),
            _m("m3", "Jens", "PERSON", "DIRECT", nth=1),
            _m("m4", "Vejle Kommune", "ORG", "NO_MASK"),
        ]
        relations = [Relation("m3", "m1")]
    ann = Annotation(mentions=mentions, relations=relations or [], annotator="anna")
    return document_json(DabDocument(id=doc_id, text=text, annotations=[ann],
                                     protected=["Jens Hansen"], data={"case": "Jens Hansen"}))


def test_masked_mentions_become_placeholders_per_entity():
    anon = anonymize(_doc(), essay_id="d1")
    assert anon.text == ("Hr. [PERSON-1] bor på [LOC-1]. [PERSON-1] ringer fra Vejle Kommune.")
    mentions = anon.tab["annotations"]["final"]["entity_mentions"]
    # offsets point into the released text; span_text of a masked mention is its placeholder
    for m in mentions:
        assert anon.text[m["start_offset"]:m["end_offset"]] == m["span_text"]
    assert [(m["span_text"], m["identifier_type"], m["entity_id"]) for m in mentions] == [
        ("[PERSON-1]", "DIRECT", "e1"), ("[LOC-1]", "QUASI", "e2"),
        ("[PERSON-1]", "DIRECT", "e1"), ("Vejle Kommune", "NO_MASK", "e3")]
    released = json.dumps(anon.tab, ensure_ascii=False)
    for original in ("Jens", "Hansen", "Nørregade", "Aarhus", "anna"):
        assert original not in released


def test_overlapping_and_unrelated_mentions():
    text = "Anna Berg og Anna Lund bor i Vejle og Anna Berg ringer."
    mentions = [
        _m("a", "Anna Berg", "PERSON", "DIRECT", source=text),
        _m("b", "Berg", "PERSON", "QUASI", source=text),  # nested in a: one region
        _m("c", "Anna Lund", "PERSON", "DIRECT", source=text),
        _m("d", "Vejle", "LOC", "QUASI", source=text),
        _m("e", "Anna Berg", "PERSON", "DIRECT", source=text, nth=1),
    ]
    anon = anonymize(_doc(text, mentions, [Relation("e", "a")]), essay_id="x")
    # Anna Lund is another entity: another number; Anna Berg again: the same one
    assert anon.text == "[PERSON-1] og [PERSON-2] bor i [LOC-1] og [PERSON-1] ringer."
    for m in anon.tab["annotations"]["final"]["entity_mentions"]:
        assert anon.text[m["start_offset"]:m["end_offset"]] == m["span_text"]


def test_builder_leak_check_fails_on_an_unmarked_repetition(tmp_path):
    text = "Sofie Dahl bor her. Alle kender Sofie Dahl godt."
    leaky = _doc(text, [_m("m1", "Sofie Dahl", "PERSON", "DIRECT", source=text)])
    with pytest.raises(LeakError) as err:
        build_release([EssayRecord("d1", {}, leaky)], tmp_path / "r.zip", version="1",
                      title="t")
    assert {(lk.essay, lk.edge, lk.kind) for lk in err.value.leaks} == {("d1", "m1", "span")}
    assert {lk.file for lk in err.value.leaks} == {"1/essays/d1.txt", "1/essays/d1.json"}
    assert not (tmp_path / "r.zip").exists()
    # a short original ("Bo") is looked for beside its unmasked neighbour word ("hedder Bo")
    text = "Jeg hedder Bo. Min ven skrev: han hedder Bo."
    short = _doc(text, [_m("m1", "Bo", "PERSON", "DIRECT", source=text)])
    with pytest.raises(LeakError) as err:
        build_release([EssayRecord("d2", {}, short)], tmp_path / "s.zip", version="1", title="t")
    assert {(lk.edge, lk.kind) for lk in err.value.leaks} == {("m1", "context")}
    # marking the second one too makes the release safe
    fixed = _doc(text, [_m("m1", "Bo", "PERSON", "DIRECT", source=text),
                        _m("m2", "Bo", "PERSON", "DIRECT", source=text, nth=1)])
    summary = build_release([EssayRecord("d2", {}, fixed)], tmp_path / "s.zip", version="1",
                            title="t")
    assert summary.label_counts == {"PERSON": 2} and len(summary.sha256) == 64


def test_other_documents_are_searched_for_direct_identifiers_and_names(tmp_path):
    text_a = "Sofie Dahl sidder i Folketinget."
    text_b = "Folketinget vedtog loven, siger Sofie Dahl."
    a = _doc(text_a, [_m("m1", "Sofie Dahl", "PERSON", "DIRECT", source=text_a),
                      _m("m2", "Folketinget", "ORG", "QUASI", source=text_a)], doc_id="a")
    b = _doc(text_b, [_m("n1", "Sofie Dahl", "PERSON", "DIRECT", source=text_b)], doc_id="b")
    # a QUASI identifier identifies only with the rest of its document: another document may
    # name the same parliament unmasked
    summary = build_release([EssayRecord("a", {}, a), EssayRecord("b", {}, b)],
                            tmp_path / "ok.zip", version="1", title="t")
    assert summary.label_counts == {"ORG": 1, "PERSON": 2}
    # a DIRECT identifier masked in one document must not appear in any other
    b = _doc(text_b, [], doc_id="b")
    with pytest.raises(LeakError) as err:
        build_release([EssayRecord("a", {}, a), EssayRecord("b", {}, b)], tmp_path / "x.zip",
                      version="1", title="t")
    assert {(lk.essay, lk.edge, lk.found_in_essay) for lk in err.value.leaks} == {
        ("a", "m1", "b")}
    # a name is looked for everywhere even when marked QUASI (a first name on its own)
    a = _doc(text_a, [_m("m1", "Sofie", "PERSON", "QUASI", source=text_a)], doc_id="a")
    b = _doc(text_b, [_m("n1", "Dahl", "PERSON", "DIRECT", source=text_b)], doc_id="b")
    with pytest.raises(LeakError) as err:
        build_release([EssayRecord("a", {}, a), EssayRecord("b", {}, b)], tmp_path / "y.zip",
                      version="1", title="t")
    # Sofie (QUASI in a) shows in b; Dahl (DIRECT in b) shows in a, where only Sofie is masked
    assert {(lk.essay, lk.edge, lk.found_in_essay) for lk in err.value.leaks} == {
        ("a", "m1", "b"), ("b", "n1", "a")}


def test_builds_are_byte_identical(tmp_path):
    records = [EssayRecord("a", {}, _doc()), EssayRecord("b", {}, _doc(doc_id="b"))]
    one = build_release(records, tmp_path / "1.zip", version="v1", title="t")
    two = build_release(records, tmp_path / "2.zip", version="v1", title="t")
    assert one.sha256 == two.sha256


def test_refuses_bad_ids_and_unsorted_documents_and_leaves_no_archive(tmp_path):
    """The same checks as a SweLL release (releases.builder): the version and every id must
    name a file, documents come sorted by unique id; a refused build leaves no archive."""
    from swell_annot.releases.builder import ReleaseError

    out = tmp_path / "r.zip"
    with pytest.raises(ReleaseError, match="version '../x'"):
        build_release([EssayRecord("a", {}, _doc())], out, version="../x", title="t")
    with pytest.raises(ReleaseError, match="cannot name a file"):
        build_release([EssayRecord("a/b", {}, _doc())], out, version="1", title="t")
    with pytest.raises(ReleaseError, match="sorted by id, unique: 'a' after 'b'"):
        build_release([EssayRecord("b", {}, _doc(doc_id="b")), EssayRecord("a", {}, _doc())],
                      out, version="1", title="t")
    assert not out.exists()


# --- through the platform --------------------------------------------------------------------


@pytest.fixture(autouse=True)
def releases_root(settings, tmp_path):
    settings.RELEASES_ROOT = str(tmp_path / "releases")


@pytest.fixture
def dab_project(db):
    project = ProjectFactory(scheme="dab", language="da")
    users = {role: MembershipFactory(project=project, role=role).user
             for role in ("admin", "lead", "annotator")}
    return project, users


def _approved(project, external_id: str, doc: dict, text: str = TEXT):
    essay = EssayFactory(project=project, external_id=external_id, original=text,
                         status="approved")
    EssayVersionFactory(essay=essay, graph=doc, token_count=len(text.split()))
    essay.refresh_from_db()
    return essay


def _start(client, project, capture, version="2026.1"):
    with capture(execute=True):
        return client.post(f"/api/projects/{project.pk}/releases/", {"version": version},
                           format="json")


@pytest.mark.django_db
def test_admin_releases_a_dab_project(dab_project, as_user, django_capture_on_commit_callbacks):
    project, users = dab_project
    essay = _approved(project, "doc-1", _doc())
    EssayFactory(project=project, status="submitted")  # not approved: never released
    admin = as_user(users["admin"])
    response = _start(admin, project, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.data
    release = Release.objects.get(pk=response.json()["id"])
    assert release.status == "ready", (release.error, release.leaks)
    assert release.label_counts == {"LOC": 1, "ORG": 1, "PERSON": 2}
    essay.refresh_from_db()
    assert essay.status == "released"

    download = as_user(users["lead"]).get(f"/api/releases/{release.pk}/download/")
    assert download.status_code == 200
    zf = zipfile.ZipFile(io.BytesIO(b"".join(download.streaming_content)))
    names = set(zf.namelist())
    assert {"2026.1/essays/doc-1.txt", "2026.1/essays/doc-1.json", "2026.1/README.md",
            "2026.1/MANIFEST.sha256", "2026.1/label_statistics.json"} <= names
    assert zf.read("2026.1/essays/doc-1.txt").decode().startswith("Hr. [PERSON-1] bor på [LOC-1].")
    tab = json.loads(zf.read("2026.1/essays/doc-1.json"))
    assert tab["doc_id"] == "doc-1" and "[PERSON-1]" in tab["text"]
    everything = b"".join(zf.read(n) for n in names).decode()
    for original in ("Jens", "Hansen", "Nørregade", "Aarhus"):
        assert original not in everything
    stats = json.loads(zf.read("2026.1/label_statistics.json"))
    assert stats["categories"]["PERSON"] == {"DIRECT": 2}

    # the key (admins only, audit-logged) maps each masked original to its placeholder
    assert as_user(users["lead"]).get(f"/api/releases/{release.pk}/key/").status_code == 403
    key = admin.get(f"/api/releases/{release.pk}/key/")
    assert key.status_code == 200
    rows = list(csv.DictReader(io.StringIO(key.content.decode())))
    assert [(r["original"], r["placeholder"]) for r in rows] == [
        ("Jens Hansen", "[PERSON-1]"), ("Nørregade 12, 8000 Aarhus", "[LOC-1]"),
        ("Jens", "[PERSON-1]")]


@pytest.mark.django_db
def test_a_dab_leak_fails_the_release_naming_document_and_mention(
    dab_project, as_user, django_capture_on_commit_callbacks
):
    project, users = dab_project
    text = "Sofie Dahl bor her. Alle kender Sofie Dahl godt."
    leaky = _approved(project, "leaky", _doc(text, [_m("m7", "Sofie Dahl", "PERSON", "DIRECT",
                                                      source=text)]), text=text)
    response = _start(as_user(users["admin"]), project, django_capture_on_commit_callbacks)
    assert response.status_code == 202
    release = Release.objects.get(pk=response.json()["id"])
    assert release.status == "failed" and release.error == "leak check failed"
    assert {(lk["essay"], lk["span"], lk["label"]) for lk in release.leaks} == {
        ("leaky", "m7", "PERSON")}
    assert "Sofie" not in json.dumps(release.leaks)
    assert release.job.status == "failed"
    leaky.refresh_from_db()
    assert leaky.status == "approved"


@pytest.mark.django_db
def test_the_releases_page_builds_a_dab_release(dab_project, django_capture_on_commit_callbacks):
    from django.test import Client

    project, users = dab_project
    _approved(project, "doc-1", _doc())
    client = Client()
    client.force_login(users["admin"])
    page = client.get(f"/releases/projects/{project.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="dab-release-note"' in html and "<legend>Level</legend>" not in html
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(f"/releases/projects/{project.pk}/", {"version": "v1"})
    assert r.status_code == 302
    release = Release.objects.get(project=project, version="v1")
    assert release.status == "ready", release.error
    listed = client.get(f"/releases/projects/{project.pk}/").content.decode()
    assert f"/releases/{release.pk}/download/" in listed
