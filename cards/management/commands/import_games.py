"""python manage.py import_games [--game CODE]: every registered game's own card data and dated lists, through the
registry (Game.catalogue.data_import). Duel Masters' data comes in with import_cards, import_effects and
import_regulations; a game with nothing of its own to import is skipped."""

from collections.abc import Callable

from django.core.management.base import BaseCommand

from games import registry


class Command(BaseCommand):
    help = "Import the card data and dated lists of every registered game (or of --game CODE)."

    def add_arguments(self, parser):
        parser.add_argument("--game", default=None, help="only this game's data (a code such as ygo or dbs)")

    def handle(self, *args, game: str | None, **options):
        games = [registry.get(game)] if game else registry.all_games()
        for entry in games:
            summary = entry.catalogue.data_import(log=self._log_for(entry.code))
            if summary is not None:
                self.stdout.write(f"{entry.code}: {summary}")

    def _log_for(self, code: str) -> Callable[[str], None]:
        def log(text: str) -> None:
            self.stdout.write(f"{code}: {text}")

        return log
