"""The domain vocabulary: one source for every enum the project uses (Django choices derive from these)."""

from collections.abc import Iterable
from enum import IntFlag, StrEnum

import games.base


class Civilization(StrEnum):
    LIGHT = "light"
    WATER = "water"
    DARKNESS = "darkness"
    FIRE = "fire"
    NATURE = "nature"


class CivMask(IntFlag):
    """Bit per civilization: lets the catalogue store and query a card's civilizations as one integer."""

    LIGHT = 1
    WATER = 2
    DARKNESS = 4
    FIRE = 8
    NATURE = 16

    @classmethod
    def of(cls, civilizations: Iterable[str]) -> "CivMask":
        mask = cls(0)
        for civ in civilizations:
            mask |= cls[Civilization(civ).name]
        return mask


class Zone(StrEnum):
    """Where a card starts the game (the data's `zone`)."""

    MAIN_DECK = "main_deck"
    HYPERSPATIAL = "hyperspatial_zone"
    SUPER_GR = "super_gr_zone"
    BATTLE_ZONE_AT_START = "battle_zone_at_game_start"


class DeckZone(StrEnum):
    """The parts of a registration (rules 100.2 to 100.4, and the Duel Party partner) plus the editor's considering
    list."""

    MAIN = "main"
    HYPERSPATIAL = "hyperspatial"
    GR = "gr"
    # デュエパーティー: the one creature the deck is built around; it starts the game in its own partner zone and
    # counts toward the 60 cards (official Duel Party rules, dm.takaratomy.co.jp/rule/dhueparty/).
    PARTNER = "partner"
    CONSIDERING = "considering"


# The line statuses are every game's (the API's `lines[].status`): the core defines them, Duel Masters uses them.
LineStatus = games.base.LineStatus


class Breaker(StrEnum):
    DOUBLE = "double"
    TRIPLE = "triple"
    QUATTRO = "quattro"
    WORLD = "world"
    POWERED = "powered"
    INFINITY = "infinity"
    OTHER = "other"


class RegulationStatus(StrEnum):
    UNRESTRICTED = "unrestricted"
    LIMITED = "limited"  # 殿堂入り: at most 1 copy
    BANNED = "banned"  # プレミアム殿堂: 0 copies
    PREMIUM_COMBO = "premium_combo"
    PREMIUM_HYPERSPATIAL_COMBO = "premium_hyperspatial_combo"


class ViolationCode(StrEnum):
    DECK_SIZE = "DECK_SIZE"
    COPY_LIMIT = "COPY_LIMIT"
    HYPERSPATIAL_SIZE = "HYPERSPATIAL_SIZE"
    GR_SIZE = "GR_SIZE"
    ZONE_MISPLACED = "ZONE_MISPLACED"
    START_SET_MULTIPLE = "START_SET_MULTIPLE"
    HALL_OF_FAME = "HALL_OF_FAME"
    PREMIUM_HALL_OF_FAME = "PREMIUM_HALL_OF_FAME"
    PREMIUM_COMBO = "PREMIUM_COMBO"
    UNKNOWN_CARD = "UNKNOWN_CARD"
    AMBIGUOUS_CARD = "AMBIGUOUS_CARD"
    ZONE_NOT_IN_FORMAT = "ZONE_NOT_IN_FORMAT"
    NOT_YET_RELEASED = "NOT_YET_RELEASED"  # released after the check's date: not in the regulation's card pool
    CARD_POOL_CUTOFF = "CARD_POOL_CUTOFF"  # released after an event overlay's card-pool cut-off
    PARTNER_INVALID = "PARTNER_INVALID"  # Duel Party: no partner, several, or not a creature of the minimum cost
    CIVILIZATION_OUTSIDE_PARTNER = "CIVILIZATION_OUTSIDE_PARTNER"  # Duel Party: a civilization the partner lacks
    NOT_IN_BLOCK = "NOT_IN_BLOCK"  # 2ブロック: no printing carries the mark of the block in force or the previous one


class WarningCode(StrEnum):
    START_SET_INCOMPLETE = "START_SET_INCOMPLETE"
    REGULATION_UNAVAILABLE = "REGULATION_UNAVAILABLE"
    RELEASE_DATE_UNKNOWN = "RELEASE_DATE_UNKNOWN"  # no dated printing: the card pool cannot be checked for it
    FACTS_UNAVAILABLE = "FACTS_UNAVAILABLE"
    BLOCK_UNKNOWN = "BLOCK_UNKNOWN"  # 2ブロック: a printing's block is not known (or no block is in force on the date)
