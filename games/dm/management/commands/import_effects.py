"""`manage.py import_effects [PATH_OR_URL]`: import the card effects for the goldfish (default
settings.EFFECTS_DATA_SOURCE). Run after `import_cards`: effects are keyed by the catalogue's card names."""

import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.dm.effects import EffectsImportError, card_effects_import


class Command(BaseCommand):
    help = "Import card effects (effects.json) from a JSON file or an http(s) URL."

    def add_arguments(self, parser):
        parser.add_argument("source", nargs="?", default=None, help="path or URL of effects.json")

    def handle(self, *args, source=None, **options):
        source = source or settings.EFFECTS_DATA_SOURCE
        started = time.perf_counter()
        try:
            s = card_effects_import(source=source)
        except EffectsImportError as exc:
            raise CommandError(f"import failed, nothing was changed: {exc}") from exc
        self.stdout.write(
            f"effects from {s.source}: {s.total} cards, created {s.created}, updated {s.updated}, "
            f"unchanged {s.unchanged}, deleted {s.deleted}, not in the catalogue {s.unknown_cards} "
            f"({time.perf_counter() - started:.1f} s)"
        )
