"""Run the editor's TypeScript unit tests (vitest) and type check as part of the pytest suite,
so CI (which runs pytest) also runs them. scripts/test.sh installs node_modules before."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

FRONTEND = Path(__file__).resolve().parents[3] / "frontend"


@pytest.fixture(scope="module")
def npm() -> str:
    path = shutil.which("npm")
    if path is None:
        pytest.fail("npm is needed to test the editor (install Node.js 20+)")
    if not (FRONTEND / "node_modules").is_dir():
        pytest.fail("frontend/node_modules is missing: run `npm ci` in frontend/ (test.sh does)")
    return path


@pytest.mark.parametrize("script", ["test", "typecheck"])
def test_frontend(npm: str, script: str) -> None:
    res = subprocess.run(
        [npm, "run", "--silent", script],
        cwd=FRONTEND,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, (
        f"npm run {script} failed:\n{res.stdout[-4000:]}\n{res.stderr[-2000:]}"
    )
