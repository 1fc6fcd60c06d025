"""Annotated essays for review and release tests, built with the library's graph builder."""

from __future__ import annotations

from pseudonymizer.document import Span
from pseudonymizer.graph import build_graph
from swell_annot.corpus.models import EssayVersion
from tests.factories import EssayFactory, EssayVersionFactory

TEXT = "Jag heter Anna och bor i Stokholm. Jag var glad på demonstrationen. Min lärare heter Erik."
SPANS = [
    ("Anna", "firstname_female", 1, "Maria"),
    ("Stokholm", "city", 2, "Tuna"),
    ("glad", "sensitive", None, ""),
    ("Erik", "firstname_male", 3, "Johan"),
]


def graph_with(text: str, spans: list[tuple[str, str, int | None, str]]) -> dict:
    """The graph of ``text`` with each ``(substring, label, number, pseudonym)`` applied."""
    out = []
    for sub, label, number, pseudonym in spans:
        start = text.index(sub)
        out.append(
            Span(
                start=start,
                end=start + len(sub),
                text=sub,
                label=label,
                number=number,
                pseudonym=pseudonym,
            )
        )
    return build_graph(text, out)


def add_obs(graph: dict, word: str, comment: str) -> dict:
    """Put an OBS! note on the (unlabelled) edge of ``word``."""
    for edge in graph["edges"].values():
        texts = [t["text"].strip() for t in graph["source"] if t["id"] in edge["ids"]]
        if texts == [word] and not edge["labels"]:
            edge["labels"] = ["OBS!"]
            edge["comment"] = comment
            return graph
    raise AssertionError(f"no plain edge for {word!r}")


def annotated_essay(
    project,
    *,
    status="submitted",
    text=TEXT,
    spans=SPANS,
    author=None,
    external_id=None,
    obs: tuple[str, str] | None = None,
    **kwargs,
):
    """An essay with an automatic version (names found, no sensitive mark) and a manual one."""
    extra = {"external_id": external_id} if external_id else {}
    essay = EssayFactory(project=project, original=text, status=status, **extra, **kwargs)
    auto = [s for s in spans if s[1] in ("firstname_female", "city")]
    EssayVersionFactory(essay=essay, graph=graph_with(text, auto))
    graph = graph_with(text, spans)
    if obs:
        graph = add_obs(graph, *obs)
    if author is None:
        from tests.factories import UserFactory

        author = UserFactory()
    EssayVersionFactory(essay=essay, graph=graph, origin=EssayVersion.Origin.MANUAL, author=author)
    essay.refresh_from_db()
    return essay
