"""The Yu-Gi-Oh! OCG rules engine: card catalogue, dated Forbidden/Limited lists, decklist reader and writers,
deck construction legality and opening-hand odds. Pure Python: no Django, DRF or Celery import.

The registry adapter calls: `load_cards`, `load_limits`, `read_decklist` (or `read_ydk` / `read_text`),
`check_deck`, `write_ydk`, `write_text` and the odds functions.
"""

from games.ygo.rules.cards import Catalogue, YgoCard, fold_name, load_cards
from games.ygo.rules.decklist import Decklist, ReadLine, read_decklist, read_text, read_ydk, write_text, write_ydk
from games.ygo.rules.legality import LegalityReport, Overlay, check_deck
from games.ygo.rules.limits import LimitHistory, LimitList, load_limits
from games.ygo.rules.odds import (
    Going,
    at_least_one,
    joint_at_least,
    main_deck_copies,
    opening_hand_size,
    package_odds,
    starter_and_extender,
)
from games.ygo.rules.vocabulary import DeckZone, LimitStatus, LineStatus, ViolationCode, WarningCode

__all__ = [
    "Catalogue",
    "DeckZone",
    "Decklist",
    "Going",
    "LegalityReport",
    "LimitHistory",
    "LimitList",
    "LimitStatus",
    "LineStatus",
    "Overlay",
    "ReadLine",
    "ViolationCode",
    "WarningCode",
    "YgoCard",
    "at_least_one",
    "check_deck",
    "fold_name",
    "joint_at_least",
    "load_cards",
    "load_limits",
    "main_deck_copies",
    "opening_hand_size",
    "package_odds",
    "read_decklist",
    "read_text",
    "read_ydk",
    "starter_and_extender",
    "write_text",
    "write_ydk",
]
