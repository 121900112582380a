"""The goldfish's engine cards of a published decklist built from the full card data and effects data
(settings.CARD_DATA_SOURCE, settings.EFFECTS_DATA_SOURCE) without a database, for acceptance tests."""

import json
from functools import cache
from pathlib import Path

from django.conf import settings

from games.dm.rules.goldfish import EngineCard, effects_known, engine_card_from_facts


def data_present() -> bool:
    return Path(settings.CARD_DATA_SOURCE).exists() and Path(settings.EFFECTS_DATA_SOURCE).exists()


@cache
def _catalogue():
    from games.dm.resolver import Resolver

    records = json.loads(Path(settings.CARD_DATA_SOURCE).read_text(encoding="utf-8"))
    sources = {r["name_ja"]: r.get("facts_source") for r in records if r.get("facts_available", True)}
    effects = json.loads(Path(settings.EFFECTS_DATA_SOURCE).read_text(encoding="utf-8"))["cards"]
    return Resolver.from_records(records), sources, effects


def engine_cards(text: str) -> tuple[list[EngineCard], list[str]]:
    """(the deck's engine cards, the written names of the lines not read as one card)."""
    from games.dm.resolver import decklist_parse, decklist_read

    resolver, sources, effects = _catalogue()
    counts: dict = {}
    unread = []
    for row in decklist_read(decklist_parse(text, resolver=resolver), resolver=resolver):
        if row.count is None:
            continue
        if row.unresolved:
            unread.append(row.written)
            continue
        counts[row.card] = counts.get(row.card, 0) + row.count
    cards = [
        engine_card_from_facts(
            facts,
            copies,
            effects=effects.get(facts.name_ja, ()),
            effects_known=effects_known(facts_source=sources.get(facts.name_ja), has_entries=facts.name_ja in effects),
        )
        for facts, copies in counts.items()
    ]
    return cards, unread
