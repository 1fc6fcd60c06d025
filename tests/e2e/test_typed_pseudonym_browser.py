"""A pseudonym the annotator types stays theirs (issue: after a reload "New pseudonyms" wrote
over it, and nothing in the graph said it was typed by hand).

In a real Chromium: type a pseudonym, save, reload, see it marked "typed", ask for new
pseudonyms, and find the typed one unchanged in the browser and in the stored graph.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.editor_helpers import latest_graph, select_token, target_of, wait_saved
from tests.factories import DEFAULT_PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _edge_of_token(graph: dict, i: int) -> dict:
    return next(e for e in graph["edges"].values() if f"s{i}" in e["ids"])


def test_a_typed_pseudonym_survives_reload_and_new_pseudonyms(
    page, live_server, login, essay_for
):
    essay, user = essay_for
    url = f"/editor/essays/{essay.pk}/"
    login(page, live_server, user.username, DEFAULT_PASSWORD, next_url=url)
    expect(target_of(page, 13)).to_have_text("Lars ")  # "Erik": automatic firstname_male
    select_token(page, 13)
    page.fill("#sel-pseudonym", "Fia-Lotta")
    page.keyboard.press("Enter")
    expect(target_of(page, 13)).to_have_text("Fia-Lotta ")
    wait_saved(page)
    assert _edge_of_token(latest_graph(essay), 13).get("typed") is True

    page.reload()
    expect(target_of(page, 13)).to_have_text("Fia-Lotta ")
    # review and the annotator see that it was typed by hand
    expect(page.locator("#graph-pane .row .chip.typed")).to_have_count(1)
    select_token(page, 13)
    expect(page.locator("label[for=sel-pseudonym]")).to_have_text("Pseudonym (typed)")

    page.click("#reroll")
    expect(page.locator("#banner")).to_contain_text("New pseudonyms drawn")
    expect(target_of(page, 13)).to_have_text("Fia-Lotta ")
    wait_saved(page)
    edge = _edge_of_token(latest_graph(essay), 13)
    assert edge.get("typed") is True
    graph = latest_graph(essay)
    target = {t["id"]: t["text"] for t in graph["target"]}
    assert "".join(target[i] for i in edge["ids"] if i in target).strip() == "Fia-Lotta"
