"""The person(s) to protect are edited per document in the dab editor (real Chromium) and travel
in both exports: Label Studio ``meta.protected`` and TAB ``protected``."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.dab_helpers import predicted_doc, saved_doc

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_persons_to_protect_are_edited_and_exported(page, dab_essay, open_dab_editor):
    essay, user = dab_essay(predicted_doc())
    open_dab_editor(page, essay, user)
    page.keyboard.press("Alt+1")
    field = page.locator("#dab-protected")
    field.fill(" Jens Hansen ;; Hanne ")
    field.press("Tab")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=15_000)
    assert saved_doc(essay, 2)["protected"] == ["Jens Hansen", "Hanne"]
    page.reload()
    expect(page.locator("#dab-protected")).to_have_value("Jens Hansen; Hanne")
    fetch = "(url) => fetch(url).then(r => r.json())"
    tasks = page.evaluate(fetch, f"/api/essays/{essay.pk}/dab/export/?as=labelstudio")
    assert tasks[0]["meta"]["protected"] == ["Jens Hansen", "Hanne"]
    tab = page.evaluate(fetch, f"/api/essays/{essay.pk}/dab/export/?as=tab")
    assert tab[0]["protected"] == ["Jens Hansen", "Hanne"]
    # Step 0 is for reading: the field is there but cannot be edited.
    page.keyboard.press("Alt+0")
    expect(page.locator("#dab-protected")).to_be_disabled()
