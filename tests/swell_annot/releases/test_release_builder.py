"""The release builder and the leak check, without Django: contents, determinism, leaks."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import xml.etree.ElementTree as ET
import zipfile

import pytest

from swell_annot.releases.builder import (
    EssayRecord,
    LeakError,
    ReleaseError,
    build_release,
    check_release,
    export_key,
    leak_patterns,
    released_graph,
    write_release,
)
from tests.swell_annot.releases.graphs import graph_of

FN = ["firstname_female", "1"]


def essay_a() -> EssayRecord:
    graph = graph_of(
        [
            "Jag ",
            "heter ",
            ("Anna ", "Maria ", FN),
            "och ",
            "bor ",
            "i ",
            ("Stokholm. ", "Tuna. ", ["city", "2"]),
            "Jag ",
            "är ",
            ("glad ", "glad ", ["sensitive"]),
            "och ",
            ("fri ", "fri ", ["Com!"], "ordval"),
            ("hmm ", "hmm ", ["OBS!"], "intern anteckning"),
            "idag.",
        ],
        comment="Skribenten nämner sin dotter",
    )
    meta = {
        "level": "B1",
        "genre": "narrative",
        "topic": "Min familj",
        "age_span": "25-29",
        "first_languages": ["arabiska", "engelska"],
        "country_of_origin": "Syrien",
        "school": "Komvux Lund",
    }
    return EssayRecord(id="e1", metadata=meta, graph=graph)


def essay_b() -> EssayRecord:
    graph = graph_of(
        [
            "Min ",
            "bror ",
            ("Erik ", "Anna ", ["firstname_male", "1"]),
            "bor ",
            "på ",
            ("Storgatan ", "A-gatan ", ["place", "2"]),
            ("5 ", "3 ", ["street_nr", "3"]),
            "nummer ",
            "sju. ",
        ]
    )
    return EssayRecord(id="e2", metadata={"level": "A2", "genre": "evaluative"}, graph=graph)


@pytest.fixture
def built(tmp_path):
    path = tmp_path / "r.zip"
    summary = build_release([essay_a(), essay_b()], path, version="2026.1")
    return path, summary


def members(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {i.filename.split("/", 1)[1]: zf.read(i) for i in zf.infolist()}


def test_released_graph_has_only_pseudonymized_text_and_keeps_labels():
    rg = released_graph(essay_a().graph)
    source = "".join(t["text"] for t in rg["source"])
    target = "".join(t["text"] for t in rg["target"])
    assert source == target == "Jag heter Maria och bor i Tuna. Jag är glad och fri hmm idag."
    labels = {tuple(e["labels"]) for e in rg["edges"].values()}
    assert ("firstname_female", "1") in labels and ("city", "2") in labels
    assert ("OBS!",) not in labels and ("Com!",) in labels
    comments = [e.get("comment") for e in rg["edges"].values() if e.get("comment")]
    assert comments == ["ordval"]  # OBS! notes are internal
    assert "comment" not in rg
    for edge in rg["edges"].values():
        assert edge["id"] == "e-" + "-".join(sorted(edge["ids"]))
    ids = [i for e in rg["edges"].values() for i in e["ids"]]
    assert sorted(ids) == sorted([t["id"] for t in rg["source"]] + [t["id"] for t in rg["target"]])


def test_release_contents_parse_and_match_the_manifest(built):
    path, summary = built
    files = members(path)
    assert sorted(files) == sorted(
        [
            "essays/e1.json",
            "essays/e1.txt",
            "essays/e2.json",
            "essays/e2.txt",
            "corpus.xml",
            "metadata.csv",
            "label_statistics.json",
            "README.md",
            "MANIFEST.sha256",
        ]
    )
    manifest = {}
    for line in files["MANIFEST.sha256"].decode().splitlines():
        sha, name = line.split("  ", 1)
        manifest[name] = sha
    assert set(manifest) == set(files) - {"MANIFEST.sha256"}
    for name, sha in manifest.items():
        assert hashlib.sha256(files[name]).hexdigest() == sha, name
    assert summary.files == manifest

    g1 = json.loads(files["essays/e1.json"])
    assert {"source", "target", "edges"} == set(g1)
    assert files["essays/e1.txt"].decode() == "".join(t["text"] for t in g1["target"])

    root = ET.fromstring(files["corpus.xml"])
    assert root.tag == "corpus" and root.get("version") == "2026.1"
    essays = root.findall("essay")
    assert [e.get("id") for e in essays] == ["e1", "e2"]
    assert essays[0].get("level") == "B1" and essays[0].get("genre") == "narrative"
    assert essays[0].get("first_languages") == "arabiska;engelska"
    assert essays[0].get("country_of_origin") is None and essays[0].get("school") is None
    sentences = essays[0].findall("sentence")
    assert len(sentences) == 2
    words = [(w.text, w.get("label"), w.get("nr")) for w in sentences[0].findall("w")]
    assert ("Maria", "|firstname_female|", "1") in words
    assert ("Tuna", "|city|", "2") in words and (".", "|", None) in words
    assert [w.get("comment") for w in essays[0].iter("w") if w.get("comment")] == ["ordval"]

    rows = list(csv.DictReader(io.StringIO(files["metadata.csv"].decode())))
    assert [r["id"] for r in rows] == ["e1", "e2"]
    assert rows[0]["age_span"] == "25-29" and "country_of_origin" not in rows[0]
    assert rows[1]["level"] == "A2"

    stats = json.loads(files["label_statistics.json"])
    assert stats["essays"] == 2
    assert stats["labels"]["city"] == {"spans": 1, "essays": 1}
    assert stats["labels"]["firstname_female"]["spans"] == 1
    assert "OBS!" not in stats["labels"]
    assert stats["by_level"]["A2"]["street_nr"] == 1
    assert "2026.1" in files["README.md"].decode()


def test_released_files_never_contain_originals(built):
    path, _ = built
    blob = b"".join(members(path).values()).decode()
    for original in (
        "Anna och",
        "Stokholm",
        "Erik",
        "Storgatan",
        "Syrien",
        "Komvux",
        "intern anteckning",
        "dotter",
    ):
        assert original not in blob


def test_two_builds_are_byte_identical(tmp_path):
    a, b = tmp_path / "a.zip", tmp_path / "b.zip"
    sa = build_release([essay_a(), essay_b()], a, version="v1")
    sb = build_release([essay_a(), essay_b()], b, version="v1")
    assert a.read_bytes() == b.read_bytes()
    assert sa.sha256 == sb.sha256 == hashlib.sha256(a.read_bytes()).hexdigest()
    with zipfile.ZipFile(a) as zf:
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_records_must_come_sorted_and_ids_must_be_safe(tmp_path):
    with pytest.raises(ReleaseError, match="sorted"):
        write_release([essay_b(), essay_a()], tmp_path / "x.zip", version="v1")
    bad = EssayRecord(id="../etc", metadata={}, graph=essay_a().graph)
    with pytest.raises(ReleaseError, match="cannot name a file"):
        write_release([bad], tmp_path / "y.zip", version="v1")


def test_leak_check_passes_a_clean_release(built):
    path, summary = built
    assert check_release(path, summary.patterns) == []


def test_a_missed_mention_is_a_leak_naming_essay_and_span(tmp_path):
    # The annotator labelled "Anna" once and missed it in the second sentence.
    graph = graph_of(["Jag ", "heter ", ("Anna. ", "Maria. ", FN), "anna ", "är ", "glad."])
    path = tmp_path / "leak.zip"
    with pytest.raises(LeakError) as err:
        build_release([EssayRecord("e9", {}, graph)], path, version="v1")
    leaks = err.value.leaks
    assert {(lk.essay, lk.edge, lk.text) for lk in leaks} == {("e9", "e-s2-t2", "Anna.")}
    assert {lk.file.split("/", 1)[1] for lk in leaks} >= {
        "essays/e9.json",
        "essays/e9.txt",
        "corpus.xml",
    }
    assert "essay e9" in str(err.value) and "e-s2-t2" in str(err.value)
    assert not path.exists()  # a leaking archive is not kept


@pytest.mark.parametrize(
    ("member", "plant"),
    [
        ("essays/e1.txt", " Stokholm"),  # any file, any essay
        ("essays/e2.json", ' "Stokholm"'),  # a string appended to the JSON
        ("essays/e2.json", " Stokholm"),  # not even JSON
        ("corpus.xml", "<!-- Stockholm --> Stokholms"),  # genitive form, inside the XML
        ("README.md", "tack till STOKHOLM"),
        ("metadata.csv", "e3,Jag heter Anna och bor i Stokholm"),
    ],
)
def test_planted_leak_in_any_file_is_caught(tmp_path, built, member, plant):
    path, summary = built
    planted = tmp_path / "planted.zip"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(planted, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(member):
                data += plant.encode()
            dst.writestr(info, data)
    leaks = check_release(planted, summary.patterns)
    assert any(lk.essay == "e1" and lk.text.startswith("Stokholm") for lk in leaks), leaks


def test_original_text_is_caught_even_when_its_short_spans_are_not(tmp_path):
    graph = graph_of(
        ["Jag ", "bor ", "på ", ("5 ", "3 ", ["street_nr", "1"]), "gatan ", "nära ", "parken."]
    )
    pats = leak_patterns(graph, essay_id="e5")
    kinds = {p.kind for p in pats}
    assert kinds == {"context", "original_text"}  # "5" alone is too short to search
    path = tmp_path / "x.zip"
    summary = write_release([EssayRecord("e5", {}, graph)], path, version="v1")
    assert check_release(path, summary.patterns) == []
    planted = tmp_path / "p.zip"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(planted, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith("README.md"):
                data += "Jag bor på 5 gatan nära parken.".encode()
            dst.writestr(info, data)
    leaks = check_release(planted, summary.patterns)
    assert {lk.kind for lk in leaks} == {"original_text"}


@pytest.mark.parametrize(
    ("segments", "leaks"),
    [
        # a one-digit street number elsewhere in the essay is not a leak ...
        (
            [
                "Jag ",
                "bor ",
                "på ",
                ("5 ", "3 ", ["street_nr", "1"]),
                "och ",
                "har ",
                "5 ",
                "barn.",
            ],
            0,
        ),
        # ... but next to the same word it is the same fact again
        (["Nummer ", ("5 ", "3 ", ["street_nr", "1"]), "är ", "fint. ", "Nummer ", "5 ", "!"], 1),
        # a word that merely starts like the original is not the original
        (["Jag ", "heter ", ("Ali ", "Omar ", ["firstname_male", "1"]), "och ", "Alice ", "."], 0),
        # lower-cased and genitive variants in the same essay are
        (["Jag ", "heter ", ("Ali ", "Omar ", ["firstname_male", "1"]), "och ", "alis ", "."], 1),
    ],
)
def test_short_strings_and_word_boundaries(tmp_path, segments, leaks):
    path = tmp_path / "x.zip"
    summary = write_release([EssayRecord("e1", {}, graph_of(segments))], path, version="v1")
    found = check_release(path, summary.patterns)
    assert len({(lk.essay, lk.edge) for lk in found}) == leaks, found


def test_cross_essay_rules(tmp_path):
    # e1's original "Erik" is e2's pseudonym: a generated pseudonym is not a leak.
    e1 = graph_of(["Hej ", ("Erik ", "Johan ", ["firstname_male", "1"]), "!"])
    e2 = graph_of(["Hej ", ("Nils ", "Erik ", ["firstname_male", "1"]), "!"])
    # e1's surname "Berg" written as the common word "berg" in e3 is not a leak either ...
    e1b = graph_of(["Jag ", "heter ", ("Berg ", "Lind ", ["surname", "1"]), "."])
    e3 = graph_of(["Vi ", "gick ", "på ", "ett ", "berg ", "."])
    path = tmp_path / "x.zip"
    recs = [
        EssayRecord("e1", {}, e1),
        EssayRecord("e1b", {}, e1b),
        EssayRecord("e2", {}, e2),
        EssayRecord("e3", {}, e3),
    ]
    summary = write_release(recs, path, version="v1")
    assert check_release(path, summary.patterns) == []
    # ... but the name written exactly in another essay, unlabelled, is.
    e4 = graph_of(["Jag ", "träffade ", "Erik ", "."])
    summary = write_release([*recs, EssayRecord("e4", {}, e4)], path, version="v1")
    leaks = check_release(path, summary.patterns)
    assert {(lk.essay, lk.found_in_essay) for lk in leaks} == {("e1", "e4")}
    assert check_release(path, summary.patterns, allow=["Erik"]) == []


def test_a_pseudonym_equal_to_an_original_of_the_same_essay_is_reported(tmp_path):
    graph = graph_of(
        [("Anna ", "Maria ", FN), "och ", ("Maria ", "Anna ", ["firstname_female", "2"]), "."]
    )
    path = tmp_path / "x.zip"
    summary = write_release([EssayRecord("e1", {}, graph)], path, version="v1")
    assert {lk.text for lk in check_release(path, summary.patterns)} == {"Anna", "Maria"}


def test_key_export_lists_originals_and_pseudonyms():
    out = io.StringIO()
    rows = export_key([essay_a(), essay_b()], out)
    table = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert rows == len(table)
    assert {
        "essay": "e1",
        "edge": "e-s2-t2",
        "labels": "firstname_female 1",
        "original": "Anna",
        "pseudonym": "Maria",
    } in table
    assert any(r["original"] == "Storgatan" and r["pseudonym"] == "A-gatan" for r in table)


def _xml_sentences(tmp_path, segments) -> list[str]:
    path = tmp_path / "s.zip"
    write_release([EssayRecord("e1", {}, graph_of(segments))], path, version="v1")
    root = ET.fromstring(members(path)["corpus.xml"])
    return [" ".join(w.text for w in s.findall("w")) for s in root.iter("sentence")]


def test_xml_sentences_do_not_end_at_abbreviations(tmp_path):
    text = (
        "Vi åt t.ex. fisk kl. 12, d.v.s. tidigt. Jag köpte bröd, mjölk osv. Sen gick vi hem. "
        "Det kostar 100 kr. och sen (t.ex., i Lund) får vi se. T.ex. ost! Bra?"
    )
    segments = [w + " " for w in text.split()]
    segments[-1] = segments[-1].strip()
    assert _xml_sentences(tmp_path, segments) == [
        "Vi åt t.ex. fisk kl. 12 , d.v.s. tidigt .",
        "Jag köpte bröd , mjölk osv.",  # "osv." before a capital ends the sentence
        "Sen gick vi hem .",
        "Det kostar 100 kr. och sen ( t.ex. , i Lund ) får vi se .",  # "kr." before "och"
        "T.ex. ost !",
        "Bra ?",
    ]


def test_xml_sentences_around_labelled_spans_and_abbreviations(tmp_path):
    segments = [
        "Jag ",
        "bor ",
        ("Stokholm, ", "Tuna, ", ["city", "1"]),
        "t.ex. ",
        "nära ",
        ("Ali ", "Omar ", ["firstname_male", "2"]),
        "osv. ",
        ("Anna ", "Maria ", FN),
        "kom.",
    ]
    assert _xml_sentences(tmp_path, segments) == [
        "Jag bor Tuna , t.ex. nära Omar osv.",
        "Maria kom .",
    ]
