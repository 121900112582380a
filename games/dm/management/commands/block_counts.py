"""`manage.py block_counts [--as-of DATE]`: how the full card data falls under 2ブロック on a date (default: today),
card record by card record, read straight from the data files (settings.CARD_DATA_SOURCE, SET_DATA_SOURCE,
BLOCK_DATA_SOURCE) with the legality engine: in the blocks, outside them (NOT_IN_BLOCK), or not known
(BLOCK_UNKNOWN). Each record is checked alone, so a name printed in several records counts once per record."""

import json
from datetime import date
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games.dm.blocks import block_list_from_records
from games.dm.resolver import Resolver
from games.dm.rules.legality import CardPool, DeckInput, FormatRules, check_deck
from games.dm.rules.vocabulary import ViolationCode, WarningCode


def _load(source: str):
    return json.loads(Path(source).read_text(encoding="utf-8"))


class Command(BaseCommand):
    help = "Count the card records in, outside and of unknown block under 2ブロック on a date, from the data files."

    def add_arguments(self, parser):
        parser.add_argument("--as-of", default=None, help="the date (YYYY-MM-DD; default today)")
        parser.add_argument("--blocks", type=int, default=2, help="blocks in the pool (default 2)")

    def handle(self, *args, as_of=None, blocks=2, **options):
        try:
            day = date.fromisoformat(as_of) if as_of else timezone.localdate()
        except ValueError as exc:
            raise CommandError(f"--as-of: {exc}") from exc
        records = _load(settings.CARD_DATA_SOURCE)
        block_list = block_list_from_records(_load(settings.BLOCK_DATA_SOURCE), _load(settings.SET_DATA_SOURCE))
        current = block_list.in_force(day)
        if current is None:
            raise CommandError(f"no block is in force on {day.isoformat()}")
        window = block_list.blocks[max(current - blocks + 1, 0) : current + 1]
        rules = FormatRules(code="2block", hall_of_fame=False, block_count=blocks)
        resolver = Resolver.from_records(records)
        counts = {"legal": 0, "flagged": 0, "warned": 0}
        pool = CardPool(as_of=day)
        for card_id in range(1, len(resolver) + 1):
            deck = DeckInput(main=((resolver.facts(card_id), 1),))
            report = check_deck(deck, format_rules=rules, card_pool=pool, blocks=block_list)
            if any(item.code == ViolationCode.NOT_IN_BLOCK for item in report.violations):
                counts["flagged"] += 1
            elif any(item.code == WarningCode.BLOCK_UNKNOWN for item in report.warnings):
                counts["warned"] += 1
            else:
                counts["legal"] += 1
        names = " + ".join(block.name_ja for block in window)
        self.stdout.write(
            f"2ブロック on {day.isoformat()} ({names}), {len(resolver)} card records: {counts['legal']} in the blocks, "
            f"{counts['flagged']} outside (NOT_IN_BLOCK), {counts['warned']} not known (BLOCK_UNKNOWN)"
        )
