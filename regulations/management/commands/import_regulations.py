"""python manage.py import_regulations [PATH_OR_URL] [--format advance] [--json]"""

import json

from django.core.management.base import BaseCommand, CommandError

from regulations.importer import RegulationImportError, regulation_import


class Command(BaseCommand):
    help = "Import the dated Hall of Fame events (default settings.REGULATION_DATA_SOURCE); safe to repeat."

    def add_arguments(self, parser):
        parser.add_argument("source", nargs="?", default=None, help="file path or http(s) URL of hall_of_fame.json")
        parser.add_argument("--format", default="advance", help="format for events that name none (default: advance)")
        parser.add_argument("--json", action="store_true", help="print the matching report as JSON")

    def handle(self, *args, source=None, format="advance", json=False, **options):
        try:
            report = regulation_import(source=source, format_code=format)
        except RegulationImportError as exc:
            raise CommandError(str(exc)) from exc
        if json:
            self.stdout.write(_dumps(report.as_dict()))
            return
        self.stdout.write(
            f"{report.events} events from {report.source} ({report.format}): {report.created} created, "
            f"{report.updated} updated, {report.unchanged} unchanged, {report.removed} removed"
        )
        by = ", ".join(f"{how or '?'} {n}" for how, n in sorted(report.matched_by.items()))
        self.stdout.write(f"{report.matched} of {report.entries} listed cards matched ({by})")
        if report.unmatched:
            self.stdout.write(self.style.WARNING(f"{len(report.unmatched)} listed names match no card (kept by name):"))
            for name in report.unmatched:
                self.stdout.write(f"  {name}")


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
