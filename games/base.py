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
MAX_LINE_COUNT = 999  # copies on one line: a count above this is a typo, not a deck


def count_problem(count: object) -> str | None:
    """The one rule of a line's count in every game, on every path (text, JSON, stored rows): a whole number from 1
    to MAX_LINE_COUNT. Anything else is the message the player sees on that line (never summed negative, clamped to
    1 or dropped as an ignored line); None for a good count. A count over a card's copy limit is a good count here:
    the legality check says how many copies the rules allow."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_LINE_COUNT:
        return f"the count must be a whole number from 1 to {MAX_LINE_COUNT}"
    return None


@dataclass(frozen=True, slots=True)
class LineError:
    """A line of a decklist that could not be read as written (a count outside count_problem's rule): the core shows
    it to the player (a report's `errors`, an import's refusal), never counts it."""

    line: int
    text: str
    message: str


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
