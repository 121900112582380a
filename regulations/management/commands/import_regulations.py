"""python manage.py import_regulations [PATH_OR_URL] [--game dm] [--format FORMAT] [--json]

A game's dated lists into the dated events (games.registry `list_import`; Duel Masters: its Hall of Fame data,
games/dm/hall_of_fame.py). Safe to repeat."""

import json

from django.core.management.base import BaseCommand, CommandError

from api.codes import ApplicationError
from games import registry
from games.base import DataImportError


class Command(BaseCommand):
    help = "Import a game's dated lists (default: the game's configured source); safe to repeat."

    def add_arguments(self, parser):
        parser.add_argument("source", nargs="?", default=None, help="file path or http(s) URL of the lists' data")
        parser.add_argument("--game", default=None, help=f"the game (default {registry.DEFAULT_GAME})")
        parser.add_argument(
            "--format", default=None, help="format for events that name none (default: the game's default format)"
        )
        parser.add_argument("--json", action="store_true", help="print the matching report as JSON")

    def handle(self, *args, source=None, game=None, format=None, json=False, **options):
        lines: list[str] = []
        try:
            report = registry.get(game).lists.list_import(source=source, format_code=format, log=lines.append)
        except (DataImportError, ApplicationError) as exc:  # UNKNOWN_GAME
            raise CommandError(str(exc)) from exc
        if report is None:
            raise CommandError(f"the game {game!r} keeps no dated lists to import")
        if json:
            self.stdout.write(_dumps(report))
            return
        for line in lines:
            self.stdout.write(line)


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
