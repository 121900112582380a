"""The Dragon Ball Super Card Game vocabulary: one source for every enum of the game's rules package."""

from enum import StrEnum


class Zone(StrEnum):
    """The parts of a registered deck. The leader is not part of the deck (DBS 5-1-2); the Z-Deck came with the
    Zenkai series (rule manual 2.00); a side deck is what tournament lists publish beside the deck."""

    LEADER = "leader"
    MAIN = "main"
    Z = "z"
    SIDE = "side"


ZONES = (Zone.LEADER, Zone.MAIN, Zone.Z, Zone.SIDE)


class CardType(StrEnum):
    """`card_type` of the card data, as the sources print it."""

    LEADER = "Leader"
    BATTLE = "Battle"
    EXTRA = "Extra"
    UNISON = "Unison"
    Z_LEADER = "Z-Leader"
    Z_BATTLE = "Z-Battle"
    Z_EXTRA = "Z-Extra"
    Z_UNISON = "Z-Unison"


class HomeZone(StrEnum):
    """`deck_zone` of the card data: where a card is registered (derived from its type by the data build)."""

    LEADER = "leader"
    MAIN = "main"
    Z_DECK = "z_deck"


HOME_TO_ZONE = {HomeZone.LEADER: Zone.LEADER, HomeZone.MAIN: Zone.MAIN, HomeZone.Z_DECK: Zone.Z}


class LineStatus(StrEnum):
    """What one line of a pasted decklist turned out to be (every non-blank line gets one)."""

    CARD = "card"  # a card, resolved to its (base) card number
    HEADING = "heading"  # a zone heading (Leader, Main Deck (60), Z-Deck, Side Deck) or a group heading (Battle 40)
    IGNORED = "ignored"  # a title, author, comment, total or table rule: not a card
    UNKNOWN = "unknown"  # a card line whose number or name matches no card (with suggestions)
    AMBIGUOUS = "ambiguous"  # a card line whose name matches several card numbers (with the candidates)


class ViolationCode(StrEnum):
    LEADER_COUNT = "LEADER_COUNT"
    DECK_SIZE = "DECK_SIZE"
    Z_DECK_SIZE = "Z_DECK_SIZE"
    COPY_LIMIT = "COPY_LIMIT"
    ULTIMATE_LIMIT = "ULTIMATE_LIMIT"
    SUPER_COMBO_LIMIT = "SUPER_COMBO_LIMIT"
    DRAGON_BALL_LIMIT = "DRAGON_BALL_LIMIT"
    ZONE_MISPLACED = "ZONE_MISPLACED"
    BANNED = "BANNED"
    LIMITED = "LIMITED"
    UNKNOWN_CARD = "UNKNOWN_CARD"
    AMBIGUOUS_CARD = "AMBIGUOUS_CARD"
    NOT_YET_RELEASED = "NOT_YET_RELEASED"  # not out yet on the check's date (its release day or earliest bound)


class WarningCode(StrEnum):
    LIST_UNVERIFIED = "LIST_UNVERIFIED"  # the banned/limited list is a hint list from unofficial sources
    RULES_UNSETTLED = "RULES_UNSETTLED"  # no cited source settles this rule for the check's date
    SIDE_DECK_UNCHECKED = "SIDE_DECK_UNCHECKED"  # no cited source gives the side deck's rules: counted, not checked
    RELEASE_DATE_UNKNOWN = "RELEASE_DATE_UNKNOWN"  # whether the card was out by the date is not known


class BanStatus(StrEnum):
    BANNED = "banned"
    LIMITED = "limited"
