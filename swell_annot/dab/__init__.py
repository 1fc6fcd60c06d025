"""Scheme ``dab`` in the web app (SPEC §5): stored documents, validation, import and export.

A version of an essay in a ``dab`` project stores a *DAB document* (see ``document.py``) in the
same encrypted, versioned slot where a SweLL project stores its SVALA graph, so versioning,
optimistic concurrency, permissions and audit are shared. The foundation's services reach this
package only through ``swell_annot.corpus.schemes``.
"""
