"""The Celery application. Configuration comes from Django settings (``CELERY_*``)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swell_annot.settings")

app = Celery("swell_annot")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Workers requeue the unacked messages of a dead worker at once, not after the visibility
# timeout (heartbeats and claims in Redis; swell_annot/jobs/recovery.py connects its signals).
from swell_annot.jobs import recovery as _recovery  # noqa: E402,F401
