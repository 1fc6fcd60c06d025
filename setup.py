"""Packaging hook: ship resources/ inside the wheel as pseudonymizer/data/.

The metadata lives in pyproject.toml. The gazetteers and surrogate lists are kept in the
repository's resources/ (built by scripts/); an installed package finds them in
pseudonymizer/data/ (see gazetteer.resources_dir and taxonomy.surrogates_dir).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RESOURCES = Path(__file__).resolve().parent / "resources"


class BuildPyWithResources(build_py):
    """build_py that also copies resources/ to pseudonymizer/data/ in the build tree."""

    def run(self) -> None:
        super().run()
        if RESOURCES.is_dir():
            target = Path(self.build_lib) / "pseudonymizer" / "data"
            shutil.copytree(
                RESOURCES,
                target,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("*.py", "__pycache__"),
            )


setup(cmdclass={"build_py": BuildPyWithResources})
