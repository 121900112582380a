"""Deck legality (spec section 1): the pure engine, its input data types and the start-of-game set table."""

from games.dm.rules.legality.engine import DeckInput, LegalityReport, Unresolved, check_deck
from games.dm.rules.legality.rules import (
    ALL_ZONES,
    Block,
    BlockList,
    CardPool,
    Combo,
    FormatRules,
    Regulation,
    StartSet,
)
from games.dm.rules.legality.start_sets import load_start_set_table
from games.dm.rules.legality.violations import CardRef, Violation

__all__ = [
    "ALL_ZONES",
    "Block",
    "BlockList",
    "CardPool",
    "CardRef",
    "Combo",
    "DeckInput",
    "FormatRules",
    "LegalityReport",
    "Regulation",
    "StartSet",
    "Unresolved",
    "Violation",
    "check_deck",
    "load_start_set_table",
]
