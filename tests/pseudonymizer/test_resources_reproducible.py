"""The committed word lists are exactly what the build scripts make (issue 4: resources "built
reproducibly by a script").

Each builder rebuilds its files in memory with ``--check`` and exits 1 naming the files that
differ, so a hand edit of a generated list, or a builder change whose output was not committed,
fails here. The Swedish builder needs Debian's ``hunspell-sv`` and the Danish one ``wdanish``
(build-time word lists); ``scripts/test.sh`` installs both, so CI runs every case.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BUILDERS = [
    pytest.param("build_resources.py", "/usr/share/hunspell/sv_SE.dic", id="swedish"),
    pytest.param("build_resources_da.py", "/usr/share/dict/danish", id="danish"),
    pytest.param("build_surrogates.py", None, id="surrogates"),
]


@pytest.mark.parametrize(("script", "needs"), BUILDERS)
def test_committed_lists_equal_a_fresh_build(script: str, needs: str | None) -> None:
    if needs and not Path(needs).exists():
        pytest.skip(f"{needs} is missing (Debian build-time list; scripts/test.sh installs it)")
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / script), "--check"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, f"{script} --check: {run.stderr[-2000:]}"
