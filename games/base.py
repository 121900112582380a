"""What every game package shares with the core, in pure Python (no Django): the reasons a decklist is refused.

A game's decklist reader raises a subclass of `DecklistFormatError` for a document that is not a decklist at all;
the API's error handler (api.errors) answers it with MALFORMED_DECKLIST without knowing which game raised it.
"""

from enum import StrEnum


class DecklistFormatError(ValueError):
    """The decklist document is not a decklist at all (wrong structure), whatever the game."""


class LineStatus(StrEnum):
    """What one line of a pasted decklist turned out to be, in every game (the API's `lines[].status`)."""

    CARD = "card"  # a card, resolved
    HEADING = "heading"  # a zone or group heading
    IGNORED = "ignored"  # a title, author, comment, note or table rule: not a card
    UNKNOWN = "unknown"  # a card line whose name matches no card (with suggestions)
    AMBIGUOUS = "ambiguous"  # a card line whose name matches several cards (with the candidates)
