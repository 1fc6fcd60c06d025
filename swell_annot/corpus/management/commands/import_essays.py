"""manage.py import_essays PATH --project NAME_OR_ID: import a .txt/.zip/.jsonl/.csv/.json file."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from swell_annot.corpus.importing import ImportRefused, import_file
from swell_annot.projects.models import Project


class Command(BaseCommand):
    help = "Import essays into a project (a Job; bad rows are listed with row and reason)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help=".txt, .zip, .jsonl, .csv or SVALA .json file")
        parser.add_argument("--project", required=True, help="project name or id")
        parser.add_argument(
            "--no-prepseudonymize",
            action="store_true",
            help="do not queue the automatic pre-pseudonymization of the imported essays",
        )

    def handle(self, *args, path: str, project: str, no_prepseudonymize: bool, **options) -> None:
        target = Project.objects.filter(name=project).first()
        if target is None and project.isdigit():
            target = Project.objects.filter(pk=int(project)).first()
        if target is None:
            raise CommandError(f"no project {project!r}")
        try:
            job = import_file(project=target, path=path, prepseudonymize=not no_prepseudonymize)
        except (ImportRefused, OSError) as exc:
            raise CommandError(str(exc)) from exc
        for error in job.errors:
            where = f"{error.get('file') or ''} row {error.get('row')}".strip()
            self.stderr.write(f"{where}: {error.get('id') or ''} {error['reason']}")
        summary = job.result or {}
        self.stdout.write(
            f"job {job.pk} {job.status}: {summary.get('imported', 0)} imported, "
            f"{summary.get('rejected', len(job.errors))} rejected"
        )
        if "prepseudonymize_job" in summary:
            self.stdout.write(f"pre-pseudonymization: job {summary['prepseudonymize_job']}")
        if job.status == "failed":
            raise CommandError("import failed")
