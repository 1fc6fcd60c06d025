"""Scheme registry: what differs between annotation schemes when a version is stored.

The corpus services are written for the SVALA graphs of scheme ``swell``; a project of another
scheme stores its own document in the same versioned, encrypted slot and registers here how
that document is checked, counted, pre-annotated and validated for submission. ``None`` from
``scheme_for`` means the built-in SweLL behaviour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Protocol


class SchemeHandler(Protocol):
    """The scheme-specific part of storing and checking a version."""

    name: str

    def errors(self, doc: Any, original: str) -> list[str]:
        """Why ``doc`` cannot be stored for an essay with this original (empty: ok)."""

    def stats(self, doc: dict) -> dict[str, int]:
        """token_count, label_count and open_obs_count of a stored document."""

    def automatic(self, *, text: str, external_id: str) -> dict:
        """The automatic first version of an essay (pre-annotation)."""

    def submit_issues(self, doc: Any, original: str) -> list[dict]:
        """``[{level, code, message, edge_id}]``; errors block submission."""

    def labels(self, doc: dict) -> Iterator[str]:
        """The category of every unit of the stored document (dashboard counts)."""

    def auto_vs_final(self, final: list[dict], automatic: list[dict]) -> dict:
        """Quality of the automatic versions measured against the final ones (dashboard)."""

    def agreement(self, pairs: list[tuple[dict, dict]]) -> dict:
        """Agreement of the two annotations of doubly annotated documents (dashboard)."""

    def differences(self, doc_a: dict, doc_b: dict) -> list[dict]:
        """Where two annotations of a document differ (adjudication page)."""

    def adjudicated(self, candidates: list[tuple[str, dict]], chosen: int, main: dict) -> dict:
        """The main-chain document when the lead chooses ``candidates[chosen]`` (a
        ``(username, document)`` of an annotator's chain) for the whole document."""

    release_title: str

    def release_build(
        self,
        records: Iterable[Any],
        path: Any,
        *,
        version: str,
        title: str,
        progress: Callable[[int], None] | None = None,
        allow: Iterable[str] = (),
    ) -> Any:
        """Write and leak-check a release archive (``releases.builder.build_release``'s contract:
        records are ``builder.EssayRecord`` with the stored document as ``graph``; returns a
        ``builder.ReleaseSummary``, raises ``builder.LeakError``)."""

    def release_key(self, records: Iterable[Any], out: IO[str]) -> int:
        """Write the original ↔ replacement key of ``records`` as CSV; returns its rows."""


class DabScheme:
    """Scheme ``dab`` (SPEC §5): see ``swell_annot.dab.document``."""

    name = "dab"

    def errors(self, doc: Any, original: str) -> list[str]:
        from swell_annot.dab.document import document_errors

        return document_errors(doc, original)

    def stats(self, doc: dict) -> dict[str, int]:
        from swell_annot.dab.document import document_stats

        return document_stats(doc)

    def automatic(self, *, text: str, external_id: str) -> dict:
        from swell_annot.dab.document import automatic_document

        return automatic_document(text, external_id)

    def submit_issues(self, doc: Any, original: str) -> list[dict]:
        from swell_annot.dab.document import submit_issues

        return submit_issues(doc, original)

    def labels(self, doc: dict) -> Iterator[str]:
        anns = doc.get("annotations") or []
        for m in anns[0].get("mentions", []) if anns else []:
            yield m["label"]

    def auto_vs_final(self, final: list[dict], automatic: list[dict]) -> dict:
        from swell_annot.dab.document import auto_vs_final

        return auto_vs_final(final, automatic)

    def agreement(self, pairs):
        from swell_annot.dab.adjudication import agreement

        return agreement(pairs)

    def differences(self, doc_a, doc_b):
        from swell_annot.dab.adjudication import differences

        return differences(doc_a, doc_b)

    def adjudicated(self, candidates, chosen, main):
        from swell_annot.dab.adjudication import adjudicated

        return adjudicated(candidates, chosen, main)

    release_title = "DAB anonymized corpus"

    def release_build(self, records, path, *, version, title, progress=None, allow=()):
        from swell_annot.dab.release import build_release

        return build_release(records, path, version=version, title=title, progress=progress,
                             allow=allow)

    def release_key(self, records, out):
        from swell_annot.dab.release import export_key

        return export_key(records, out)


SCHEMES: dict[str, SchemeHandler] = {"dab": DabScheme()}


def scheme_for(name: str | None) -> SchemeHandler | None:
    """The handler of a non-default scheme, or None for ``swell``."""
    return SCHEMES.get(name or "swell")


def scheme_of_document(doc: Any) -> SchemeHandler | None:
    """The handler a stored document declares (``{"scheme": "dab", …}``), None for a graph."""
    return SCHEMES.get(doc.get("scheme")) if isinstance(doc, dict) else None
