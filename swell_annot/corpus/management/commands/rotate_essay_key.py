"""manage.py rotate_essay_key: re-encrypt originals, graphs and uploads with the newest key.

Rotate by putting the new key first in ESSAY_ENCRYPTION_KEY (``new,old``), run this command,
then drop the old key.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import transaction

from swell_annot.corpus import crypto
from swell_annot.corpus.models import Essay, EssayVersion, ImportUpload

FIELDS = [
    (Essay, "original_encrypted"),
    (EssayVersion, "graph_encrypted"),
    (ImportUpload, "data_encrypted"),
]


class Command(BaseCommand):
    help = "Re-encrypt every encrypted column with the first key of ESSAY_ENCRYPTION_KEY."

    def handle(self, *args, **options) -> None:
        for model, field in FIELDS:
            count = 0
            ids = list(model.objects.values_list("pk", flat=True))
            for start in range(0, len(ids), 500):
                with transaction.atomic():
                    rows = model.objects.select_for_update().filter(pk__in=ids[start : start + 500])
                    for row in rows.only("pk", field):
                        token = getattr(row, field)
                        if token and bytes(token):
                            setattr(row, field, crypto.rotate(token))
                            row.save(update_fields=[field])
                            count += 1
            self.stdout.write(f"{model.__name__}.{field}: {count} re-encrypted")
