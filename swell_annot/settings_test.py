"""Settings of the test suite (``pytest.ini``: ``DJANGO_SETTINGS_MODULE``).

The production settings with ``DJANGO_TESTING`` switched on explicitly, before they are read:
fixed development secrets and a fast password hasher, DEBUG still off. pytest-django loads the
settings before any conftest runs, so the variable is set here rather than in a conftest; an
explicit ``DJANGO_TESTING`` in the environment wins. Never use this module in a deployment.
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_TESTING", "1")

from swell_annot.settings import *  # noqa: E402, F403
