"""`manage.py import_cards [PATH_OR_URL] [--sets PATH_OR_URL]`: import the set list (default
settings.SET_DATA_SOURCE), then the card data (default settings.CARD_DATA_SOURCE) with the English names the
English-only records (default settings.CARD_ENGLISH_ONLY_DATA_SOURCE, optional) give for certain. Cards' first
release dates are derived from the sets and the cards."""

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.services import CardImportError, card_data_load, card_import, nickname_import, set_import


def _plain(text: str) -> str:
    return text


class ProgressBar:
    """A one-line progress bar on the command's stderr (redrawn in place on a terminal, each quarter otherwise)."""

    def __init__(self, stream, width: int = 40):
        self.stream = stream
        self.width = width
        self.tty = stream.isatty()
        self.last = -1
        self.last_quarter = -1

    def __call__(self, done: int, total: int) -> None:
        percent = 100 if total == 0 else done * 100 // total
        if percent == self.last:
            return
        self.last = percent
        filled = self.width * percent // 100
        bar = f"[{'#' * filled}{'.' * (self.width - filled)}] {percent:3d}% ({done}/{total})"
        if self.tty:
            self.stream.write("\r" + bar, style_func=_plain, ending="")
        elif percent // 25 != self.last_quarter:
            self.last_quarter = percent // 25
            self.stream.write(bar, style_func=_plain)
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("")
            self.stream.flush()


class Command(BaseCommand):
    help = "Import card records from a JSON file or an http(s) URL (default: settings.CARD_DATA_SOURCE)."

    def add_arguments(self, parser):
        parser.add_argument("source", nargs="?", default=None, help="path or URL of cards.json")
        parser.add_argument("--sets", default=None, help="path or URL of sets.json (default: SET_DATA_SOURCE)")
        parser.add_argument(
            "--english-only",
            default=None,
            help="path or URL of cards_en_only.json (default: CARD_ENGLISH_ONLY_DATA_SOURCE; skipped when missing)",
        )
        parser.add_argument("--no-progress", action="store_true", help="do not draw the progress bar")
        parser.add_argument(
            "--nicknames",
            default=None,
            help="path of nicknames.json, imported after the cards (default: settings.NICKNAME_DATA_SOURCE)",
        )

    def handle(self, *args, source=None, sets=None, no_progress=False, nicknames=None, english_only=None, **options):
        source = source or settings.CARD_DATA_SOURCE
        sets = sets or settings.SET_DATA_SOURCE
        english_source = english_only or settings.CARD_ENGLISH_ONLY_DATA_SOURCE
        english = None
        # The English names are optional: a missing default file imports the cards without them.
        if english_only or "://" in english_source or Path(english_source).exists():
            try:
                english = card_data_load(source=english_source, what="English card records")
            except CardImportError as exc:
                raise CommandError(f"import failed, nothing was changed: {exc}") from exc
        started = time.perf_counter()
        try:
            set_summary = set_import(source=sets)
        except CardImportError as exc:
            raise CommandError(f"set import failed, nothing was changed: {exc}") from exc
        self.stdout.write(
            f"sets from {set_summary.source}: {set_summary.total} records, created {set_summary.created}, "
            f"updated {set_summary.updated}, unchanged {set_summary.unchanged}"
        )
        bar = None if no_progress else ProgressBar(self.stderr)
        try:
            summary = card_import(source=source, progress=bar, english_only=english)
        except CardImportError as exc:
            raise CommandError(f"import failed, nothing was changed: {exc}") from exc
        finally:
            if bar:
                bar.close()
        seconds = time.perf_counter() - started
        self.stdout.write(
            f"cards from {summary.source}: {summary.total} records, created {summary.created}, "
            f"updated {summary.updated}, unchanged {summary.unchanged}, skipped {summary.skipped}, "
            f"release dates changed {summary.release_dates_changed + set_summary.release_dates_changed} "
            f"({seconds:.1f} s)"
        )
        try:
            names = nickname_import(source=nicknames or settings.NICKNAME_DATA_SOURCE)
        except CardImportError as exc:
            raise CommandError(f"nickname import failed, the nicknames were not changed: {exc}") from exc
        self.stdout.write(
            f"nicknames: {names.total} records, created {names.created}, deleted {names.deleted}, "
            f"unchanged {names.unchanged}, cards not in the catalogue {len(names.unknown_cards)}"
        )
