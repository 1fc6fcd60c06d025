"""Named events (``extra``, guideline §3.15) that the achievement rule does not reach: a
quoted prize title or headline, "priset som Årets X", a body's prize, a radio or TV interview,
a national or district team, a place in a contest. Invented examples."""

from __future__ import annotations

import pytest

from pseudonymizer.detectors.markup import MarkupDetector
from pseudonymizer.gazetteer import Gazetteer
from tests.pseudonymizer.knowledge_helpers import labelled


@pytest.fixture(scope="module")
def det() -> MarkupDetector:
    return MarkupDetector(Gazetteer.default())


def extras(det: MarkupDetector, text: str) -> list[str]:
    """The ``extra`` spans, without those inside a longer one (the resolver keeps the longer)."""
    found = [t for t, label in labelled(det, text) if label == "extra"]
    return [t for t in found if not any(t != u and t in u for u in found)]


CASES = [
    # a quoted prize title: one span from the verb over the title
    ('I fjol fick jag utmärkelsen "Årets bagare i Norrtuna 2021", och sedan kom fler kunder.',
     ['fick jag utmärkelsen "Årets bagare i Norrtuna 2021']),
    # a headline: the quoted text alone
    ('Jag stod i tidningen med rubriken "Lärare hittade borttappad hund i skogen".',
     ["Lärare hittade borttappad hund i skogen"]),
    ('Hon sa "hej" till mig.', []),
    # "priset som X": the prize's title belongs to the event
    ("I fjol vann vi priset som Årets nystartade företag i Lindeby, och vi firade.",
     ["vann vi priset som Årets nystartade företag i Lindeby"]),
    # a body's prize named by a compound of "pris"; a price is no prize; a book's prize is
    # not the writer's
    ("Min son fick priset som bästa målvakt i serien, och vi firade.",
     ["fick priset som bästa målvakt i serien"]),
    ("Sedan fick jag Lindeby kommuns miljöpris för mitt arbete.",
     ["fick jag Lindeby kommuns miljöpris"]),
    ("Vi fick ett bra hyrespris på lägenheten.", []),
    ("Jag läste romanen. Den kom ut 1999 och fick Litteraturpriset samma år.", []),
    # an interview on the radio
    ("Förra året intervjuades jag i lokalradion om mitt företag, och många ringde.",
     ["intervjuades jag i lokalradion om mitt företag"]),
    ("Jag intervjuades för ett jobb i tisdags.", []),
    # a national or district team
    ("Min bror spelade i Malawis U20-landslag i rugby, men nu jobbar han.",
     ["spelade i Malawis U20-landslag i rugby"]),
    ("I våras blev jag uttagen till Gästriklands distriktslag i handboll.",
     ["blev jag uttagen till Gästriklands distriktslag i handboll"]),
    ("Jag tittar på landslaget på tv.", []),
    # a place in a contest
    ("En gång kom jag på andra plats i Talang Norr med min syster.",
     ["kom jag på andra plats i Talang Norr"]),
    ("Jag kom på andra tankar.", []),
    # district championships ("DM") are titles like SM; a direct message is not
    ("Min son vann DM i bordtennis 2019.", ["vann DM i bordtennis 2019"]),
    ("Jag skickade ett DM till henne.", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_named_events(det: MarkupDetector, text: str, expected) -> None:
    assert extras(det, text) == expected
