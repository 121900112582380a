"""python manage.py import_games [--game CODE] [--force]: every registered game's own card data and dated lists,
through the registry (Game.catalogue.data_import). Duel Masters' data comes in with import_cards, import_effects
and import_regulations; a game with nothing of its own to import is skipped.

A game whose data files (Game.catalogue.sources) hash as at its last import, and whose cards nobody wrote since (its
catalogue version is the one that import left), is skipped too: the import would change nothing, and `make run`
runs this command at every start (a re-import of the OCG and DBS took seconds to find nothing changed). `--force`
imports all the same.

While a game's import runs, its CatalogueImport row holds the time it started (`importing_since`): `make run` serves
while this command runs (deckbuilder/serve.py), and the game's pages say that its cards are being imported."""

import hashlib
from collections.abc import Callable
from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils import timezone

from cards.models import CatalogueImport, CatalogueVersion
from games import registry


def sources_hash(sources: tuple[str, ...]) -> str | None:
    """The SHA-256 of the files' names and contents; None when there are none, or one is not a local file (a URL:
    always imported)."""
    if not sources or not all(Path(source).is_file() for source in sources):
        return None
    digest = hashlib.sha256()
    for source in sources:
        digest.update(Path(source).name.encode() + b"\0")
        digest.update(Path(source).read_bytes())
    return digest.hexdigest()


def _version(code: str) -> int | None:
    return CatalogueVersion.objects.filter(game=code).values_list("version", flat=True).first()


class Command(BaseCommand):
    help = "Import the card data and dated lists of every registered game (or of --game CODE)."

    def add_arguments(self, parser):
        parser.add_argument("--game", default=None, help="only this game's data (a code such as ygo or dbs)")
        parser.add_argument("--force", action="store_true", help="import even when the data files are unchanged")

    def handle(self, *args, game: str | None, force: bool = False, **options):
        games = [registry.get(game)] if game else registry.all_games()
        for entry in games:
            fingerprint = sources_hash(entry.catalogue.sources())
            last = CatalogueImport.objects.filter(game=entry.code).first()
            if (
                not force
                and fingerprint is not None
                and last is not None
                and (last.source_hash, last.catalogue_version) == (fingerprint, _version(entry.code))
            ):
                self.stdout.write(f"{entry.code}: unchanged since the last import (the same data files), skipped")
                # An import killed before it could say it ended (make run stopped meanwhile) left its mark: no longer.
                stale = CatalogueImport.objects.filter(game=entry.code, importing_since__isnull=False)
                stale.update(importing_since=None)
                continue
            # Committed before the import's own transaction, so the game's pages say that its data is on the way.
            CatalogueImport.objects.update_or_create(game=entry.code, defaults={"importing_since": timezone.now()})
            try:
                summary = entry.catalogue.data_import(log=self._log_for(entry.code))
            finally:
                CatalogueImport.objects.filter(game=entry.code).update(importing_since=None)
            if summary is not None:
                self.stdout.write(f"{entry.code}: {summary}")
            if fingerprint is not None:
                CatalogueImport.objects.filter(game=entry.code).update(
                    source_hash=fingerprint, catalogue_version=_version(entry.code)
                )

    def _log_for(self, code: str) -> Callable[[str], None]:
        def log(text: str) -> None:
            self.stdout.write(f"{code}: {text}")

        return log
