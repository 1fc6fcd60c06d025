"""Automatic pre-pseudonymization of learner-corpus essays (SweLL labels, SVALA graphs).

A pure Python library (it never imports Django)::

    from pseudonymizer import annotate, Options
    result = annotate("Jag heter Anna och bor i Stokholm.", seed="essay-42")
    result.spans, result.target, result.graph, result.to_json(id="e1")

See docs/ARCHITECTURE.md ("Library API") for the contracts.
"""

from pseudonymizer.document import Candidate, Document, Options, Span, Token
from pseudonymizer.pipeline import Result, annotate

__all__ = ["Candidate", "Document", "Options", "Result", "Span", "Token", "annotate"]
