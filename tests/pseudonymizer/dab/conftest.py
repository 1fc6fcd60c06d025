"""Shared fixtures: the public DAB export, read from ../shared when it is there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DAB_FILE = REPO.parent / "shared" / "data" / "dab" / "DAB_annotated_dataset.json"


@pytest.fixture(scope="session")
def dab_raw() -> list:
    """The DAB Label Studio export as parsed JSON (skips when ../shared is absent)."""
    if not DAB_FILE.exists():
        pytest.skip(f"{DAB_FILE} not present")
    with DAB_FILE.open(encoding="utf-8") as fh:
        return json.load(fh)
