"""The Yu-Gi-Oh! OCG vocabulary: one source for every enum of the game (Django choices derive from these)."""

from enum import StrEnum

from games.base import LineStatus  # what one line of a decklist turned out to be: one owner for every game

__all__ = [
    "SIZE_CODES",
    "CardType",
    "DeckZone",
    "LimitStatus",
    "LineStatus",
    "ViolationCode",
    "WarningCode",
]


class DeckZone(StrEnum):
    """The three sections of an OCG deck (Perfect Rulebook p.8, p.40, p.42)."""

    MAIN = "main"
    EXTRA = "extra"
    SIDE = "side"


# A zone's value by zone: an enum's .value is a property, read for every line and card of a report.
ZONE_VALUE: dict[DeckZone, str] = {zone: zone.value for zone in DeckZone}


class CardType(StrEnum):
    MONSTER = "monster"
    SPELL = "spell"
    TRAP = "trap"


class LimitStatus(StrEnum):
    """A card's status on a Forbidden/Limited list (禁止・制限・準制限), with the copies it allows."""

    FORBIDDEN = "forbidden"
    LIMITED = "limited"
    SEMI_LIMITED = "semi_limited"
    UNLIMITED = "unlimited"

    @property
    def copies(self) -> int:
        return _COPIES[self]


_COPIES = {LimitStatus.FORBIDDEN: 0, LimitStatus.LIMITED: 1, LimitStatus.SEMI_LIMITED: 2, LimitStatus.UNLIMITED: 3}


class ViolationCode(StrEnum):
    DECK_SIZE = "DECK_SIZE"
    EXTRA_DECK_SIZE = "EXTRA_DECK_SIZE"
    SIDE_DECK_SIZE = "SIDE_DECK_SIZE"
    COPY_LIMIT = "COPY_LIMIT"
    ZONE_MISPLACED = "ZONE_MISPLACED"
    FORBIDDEN = "FORBIDDEN"
    LIMITED = "LIMITED"
    NOT_YET_RELEASED = "NOT_YET_RELEASED"
    CARD_POOL_CUTOFF = "CARD_POOL_CUTOFF"
    UNKNOWN_CARD = "UNKNOWN_CARD"
    AMBIGUOUS_CARD = "AMBIGUOUS_CARD"
    # GENESYS (games.ygo.rules.genesys), each citing its point list and date:
    GENESYS_POINTS = "GENESYS_POINTS"  # the Main + Extra + Side Deck's points over the cap
    GENESYS_CARD_KIND = "GENESYS_CARD_KIND"  # a Link or Pendulum monster
    GENESYS_CARD_POOL = "GENESYS_CARD_POOL"  # a card first released on or after the list's card-pool date


class WarningCode(StrEnum):
    RELEASE_DATE_UNKNOWN = "RELEASE_DATE_UNKNOWN"  # no dated OCG printing: the card pool cannot be checked for it
    LIST_UNAVAILABLE = "LIST_UNAVAILABLE"  # no Forbidden/Limited list in force on the date (before the first one)


# A deck still being built breaks only these: it is "buildable" (house style: XMage's partly legal deck).
SIZE_CODES = frozenset({ViolationCode.DECK_SIZE, ViolationCode.EXTRA_DECK_SIZE, ViolationCode.SIDE_DECK_SIZE})
