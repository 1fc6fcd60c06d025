"""The pseudonymizer library never imports Django (it must run without the web app)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import sys, pkgutil, importlib
import pseudonymizer
for info in pkgutil.walk_packages(pseudonymizer.__path__, "pseudonymizer."):
    if info.name.endswith("__main__"):
        continue
    importlib.import_module(info.name)
from pseudonymizer import annotate
annotate("Jag heter Anna och bor i Lund, ring 070-123 45 67.", seed="x")
bad = sorted(m for m in sys.modules if m == "django" or m.startswith(("django.", "swell_annot")))
print("BAD", bad)
sys.exit(1 if bad else 0)
"""


def test_library_does_not_import_django() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", CODE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
