"""The detectors, registered in one explicit tuple (no import side effects).

``build_detectors(gazetteer, options)`` returns every detector the pipeline runs, built once per
(gazetteer, options) by the pipeline's cache. A detector follows the contract of
``pseudonymizer.document.Detector``: ``name``, ``labels``, ``detect(doc) -> Iterable[Candidate]``.
Labels switched off in ``options.disabled_labels`` and optional labels not enabled are filtered
by the pipeline, so detectors need not look at the options unless they want to.
"""

from __future__ import annotations

from pseudonymizer.detectors.age import AgeDetector
from pseudonymizer.detectors.dates import DateDigitsDetector, DayMonthDetector, YearDetector
from pseudonymizer.detectors.numbers import (
    AccountDetector,
    EmailDetector,
    LicenseDetector,
    OtherNumberDetector,
    PersonIdDetector,
    PhoneDetector,
    TransportNumberDetector,
    UrlDetector,
    ZipCodeDetector,
)
from pseudonymizer.document import Detector, Options

__all__ = ["build_detectors"]


def build_detectors(gazetteer: object | None, options: Options) -> tuple[Detector, ...]:
    """All detectors, in a fixed order.

    ``gazetteer`` is a ``pseudonymizer.gazetteer.Gazetteer`` for the detectors that need
    knowledge of the world (names, places, institutions…); with ``None`` only the number-like
    and closed-class detectors, which need none, are built.
    """
    detectors: tuple[Detector, ...] = (
        EmailDetector(),
        UrlDetector(),
        PersonIdDetector(),
        PhoneDetector(),
        AccountDetector(),
        LicenseDetector(),
        ZipCodeDetector(),
        DateDigitsDetector(),
        DayMonthDetector(),
        YearDetector(),
        AgeDetector(),
        TransportNumberDetector(),
        OtherNumberDetector(),
    )
    if gazetteer is not None:
        from pseudonymizer.detectors.fallback import FallbackDetector
        from pseudonymizer.detectors.geo import GeoDetector
        from pseudonymizer.detectors.institutions import InstitutionDetector
        from pseudonymizer.detectors.markup import MarkupDetector
        from pseudonymizer.detectors.names import NameDetector
        from pseudonymizer.detectors.transport import TransportNameDetector

        detectors += (
            NameDetector(gazetteer),  # type: ignore[arg-type]
            GeoDetector(gazetteer),  # type: ignore[arg-type]
            InstitutionDetector(gazetteer, options),  # type: ignore[arg-type]
            TransportNameDetector(gazetteer),  # type: ignore[arg-type]
            MarkupDetector(gazetteer),  # type: ignore[arg-type]
            FallbackDetector(gazetteer),  # type: ignore[arg-type]
        )
    return detectors
