"""What every game package shares with the core, in pure Python (no Django): the bounds and the reasons a decklist is
refused, the line statuses and the violation value (the report's public shape).

A game's decklist reader raises a subclass of `DecklistFormatError` for a document that is not a decklist at all;
the API's error handler (api.errors) answers it with MALFORMED_DECKLIST without knowing which game raised it.
"""

from dataclasses import dataclass
from enum import StrEnum

# The bounds of every decklist the site checks or stores, whatever the game (regulations.decklists checks them
# before a line is read): far above any real deck.
MAX_LINES = 500  # lines of one decklist (blank lines not counted)
MAX_COPIES = 2000  # total copies of one decklist, every zone


class DecklistFormatError(ValueError):
    """The decklist document is not a decklist at all (wrong structure), whatever the game."""


class DataImportError(Exception):
    """A game's data source (its cards, its dated lists) cannot be imported: unreadable, or an entry not understood."""


class LineStatus(StrEnum):
    """What one line of a pasted decklist turned out to be, in every game (the API's `lines[].status`)."""

    CARD = "card"  # a card, resolved
    HEADING = "heading"  # a zone or group heading
    IGNORED = "ignored"  # a title, author, comment, note or table rule: not a card
    UNKNOWN = "unknown"  # a card line whose name matches no card (with suggestions)
    AMBIGUOUS = "ambiguous"  # a card line whose name matches several cards (with the candidates)


@dataclass(frozen=True, slots=True)
class CardRef:
    # The catalogue's card id, or the game's own card key (DBS: the base card number; the OCG: the Konami id,
    # which its registry entry turns into the catalogue's id beside `konami_id`).
    id: int | str | None
    name: str


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule (or, with a game's warning code, one remark that never makes a deck illegal): a stable code,
    the rule it cites, the zone and cards it concerns, English and Japanese text. Its JSON (`as_dict`) is the public
    contract of every game's report (docs/api.md), so it has one owner, here."""

    code: StrEnum
    rule: str
    zone: StrEnum | None
    cards: tuple[CardRef, ...]
    message: str
    message_ja: str
    count: int | None = None  # the number found (cards in the zone, copies of the name)
    limit: int | None = None  # the number allowed

    def as_dict(self) -> dict:
        return {
            "code": str(self.code),
            "rule": self.rule,
            "zone": str(self.zone) if self.zone else None,
            "cards": [{"id": card.id, "name": card.name} for card in self.cards],
            "message": self.message,
            "message_ja": self.message_ja,
            "count": self.count,
            "limit": self.limit,
        }


@dataclass(frozen=True, slots=True)
class BoardArea:
    """One area of a game's solo board (games' `board_layout`), drawn by the one board page (static/js/board.js)."""

    code: str
    name_en: str
    name_ja: str
    start: str = ""  # the deck zone whose cards start here (the OCG's Extra Deck, DBS's leader); "": empty
    hidden: bool = False  # face down: its cards show as backs and its count (the deck, DBS's life)
    turns: bool = False  # its cards turn sideways (the board's `turn_en` / `turn_ja`: defence position, rest)
    sets: bool = False  # its cards may be set face down (the OCG's monster, spell and trap cards)
    wide: bool = False  # takes a whole row of the board (the hand, the monster zones)
    slots: int | None = None  # how many cards the rules let it hold (the OCG's 5 monster zones), shown beside its count


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """A game's solo board as data: its areas in the order the board draws them, and its setup: the main deck
    shuffled into `deck`, then each `(area, count)` of `deal` taken from its top in order, then `second_draws` more
    cards to the hand for a player going second (0: going first or second deals the same)."""

    areas: tuple[BoardArea, ...]
    deal: tuple[tuple[str, int], ...]
    deck: str = "deck"
    hand: str = "hand"
    second_draws: int = 0
    turn_en: str = ""  # what turning a card sideways is called ("" when no area turns)
    turn_ja: str = ""
    rules: str = ""  # the setup's rule numbers, shown under the board's help

    def as_json(self, *, japanese: bool) -> dict:
        """The board page's configuration, named in the page's language."""
        return {
            "areas": [
                {
                    "code": area.code,
                    "name": area.name_ja if japanese else area.name_en,
                    "start": area.start,
                    "hidden": area.hidden,
                    "turns": area.turns,
                    "sets": area.sets,
                    "wide": area.wide,
                    "slots": area.slots,
                }
                for area in self.areas
            ],
            "deal": [list(step) for step in self.deal],
            "deck": self.deck,
            "hand": self.hand,
            "second_draws": self.second_draws,
            "turn": self.turn_ja if japanese else self.turn_en,
            "rules": self.rules,
        }
