"""What every game package shares with the core, in pure Python (no Django): the bounds and the reasons a decklist is
refused, the decklist classes, the line statuses and the API's line row, the deck hash and the violation value (the
report's public shape). docs/games.md describes them.

A game's decklist reader raises a subclass of `DecklistFormatError` for a document that is not a decklist at all;
the API's error handler (api.errors) answers it with MALFORMED_DECKLIST without knowing which game raised it.
"""

import hashlib
import json
import re
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

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
    if type(count) is int and 1 <= count <= MAX_LINE_COUNT:  # the common case first: every line of a deck asks
        return None
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_LINE_COUNT:
        return f"the count must be a whole number from 1 to {MAX_LINE_COUNT}"
    return None


def counts_good(counts: Sequence[int]) -> bool:
    """count_problem's rule over a decklist's counts at once: every one a good count (the common case, checked in a few
    passes of C: a 60-line list asked count_problem 60 times)."""
    return not counts or (set(map(type, counts)) == {int} and min(counts) >= 1 and max(counts) <= MAX_LINE_COUNT)


class DecklistFormatError(ValueError):
    """The decklist document is not a decklist at all (wrong structure), whatever the game."""


class DeckCodeError(DecklistFormatError):
    """A deck in one line (a `ydke://` URL, a deck code) that cannot be read, or a deck that cannot be written as one:
    `reason` says why in one stable word (the API's 400 MALFORMED_DECK_CODE, `details.reason`)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class DataImportError(Exception):
    """A game's data source (its cards, its dated lists) cannot be imported: unreadable, or an entry not understood."""


class LineStatus(StrEnum):
    """What one line of a pasted decklist turned out to be, in every game (the API's `lines[].status`)."""

    CARD = "card"  # a card, resolved
    HEADING = "heading"  # a zone or group heading
    IGNORED = "ignored"  # a title, author, comment, note or table rule: not a card
    UNKNOWN = "unknown"  # a card line whose name matches no card (with suggestions)
    AMBIGUOUS = "ambiguous"  # a card line whose name matches several cards (with the candidates)


# --- decklists: a game's decklist is a `Decklist` (or a subclass adding what its rules read); the core reads only
# `lines` (zone, card, count, line), `line_counts` (their counts: a game may give them without building its lines)
# and `errors` (line, text, message).
# Plain slotted lines: built about five times faster than frozen ones; nothing changes a line once it is read.
@dataclass(slots=True)
class Line:
    zone: str
    card: str | int  # a name as written, a card id or the game's own card key
    count: int
    line: int | None  # 1-based line of a text decklist; None for JSON input or stored rows


@dataclass(frozen=True, slots=True)
class LineError:
    """A line the reader could not read (the API's `lines[]` row of status `error`)."""

    line: int
    text: str
    message: str


@dataclass(frozen=True, slots=True)
class Decklist:
    lines: tuple[Line, ...]
    errors: tuple[LineError, ...] = field(default=())

    @property
    def line_counts(self) -> Sequence[int]:
        """Each line's count, in order (the core's copy cap and count rule read these: regulations.decklists)."""
        return [line.count for line in self.lines]


def line_row(
    *,
    line: int | None,
    written: str,
    status: str,
    count: int | None,
    zone: str | None,
    written_zone: str | None = None,
    moved: bool = False,
    card: dict | None = None,
    candidates: Iterable[dict] = (),
    suggestions_skipped: bool = False,
    **extra: Any,
) -> dict:
    """One line of a read decklist as the API's `lines[]` shows it, in every game: the ten keys (docs/api.md), then
    the game's own ones (`extra`). `card` and each candidate: {"id", "name_ja", "name_en"} and the game's keys."""
    return {
        "line": line,
        "written": written,
        "status": status,
        "count": count,
        "written_zone": written_zone,
        "zone": zone,
        "moved": moved,
        "card": card,
        "candidates": list(candidates),
        "suggestions_skipped": suggestions_skipped,
        **extra,
    }


def error_row(error: LineError) -> dict:
    """A line the reader refused, as a `lines[]` row (status `error`, with its `message`)."""
    return line_row(line=error.line, written=error.text, status="error", count=None, zone=None, message=error.message)


# --- the deck hash
def unresolved_key(written: str) -> str:
    """The hash's key of a line whose card is not known: its text, trimmed, after a "?"."""
    return "?" + written.strip()


# A string json.dumps writes as it is between quotes: printable ASCII without a quote or a backslash (its ensure_ascii
# escapes everything else).
_PLAIN_JSON_STRING = re.compile(r"[ !#-\[\]-~]*")


def deck_hash(known: Iterable[tuple[str, Hashable, int]], unknown: Iterable[tuple[str, Hashable, int]] = ()) -> str:
    """The one fingerprint of a registrable deck (registrations, signed audit entries and printed sheets hold it, so
    its form never changes): SHA-256 of the compact JSON of the rows `[zone, key, copies]`, the copies of one key in
    one zone summed, the known cards' rows sorted, then the unknown ones' (`unresolved_key`, a game's own marks)
    sorted. A key is a card id or the game's own card key (an integer or a string); a zone a plain word."""
    rows: list[str] = []
    append = rows.append
    plain = _PLAIN_JSON_STRING.fullmatch
    for part in (known, unknown):
        # zone -> key -> copies summed, then written zone by zone, each zone's keys in order: the order of the rows
        # sorted whole, each sort over keys of one kind (sorting the rows' nested tuples took a third of the time).
        by_zone: dict[str, dict[Any, int]] = {}
        for zone, key, copies in part:
            keys = by_zone.get(zone)
            if keys is None:
                keys = by_zone[zone] = {}
            keys[key] = keys.get(key, 0) + copies
        for zone in sorted(by_zone):
            keys = by_zone[zone]
            start = f"[{json.dumps(zone)},"
            ordered = sorted(keys)
            if set(map(type, ordered)) == {int}:  # card ids (the common case): the zone's rows in one pass
                rows.extend([f"{start}{key},{keys[key]}]" for key in ordered])
                continue
            for key in ordered:
                if type(key) is int:
                    append(f"{start}{key},{keys[key]}]")
                elif type(key) is str and plain(key):  # what json.dumps writes for it: the text in quotes
                    append(f'{start}"{key}",{keys[key]}]')
                else:
                    append(f"{start}{json.dumps(key)},{keys[key]}]")
    # The very bytes of json.dumps(rows, separators=(",", ":")), written row by row without its generic walk.
    return hashlib.sha256(("[" + ",".join(rows) + "]").encode()).hexdigest()


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
    """One area of a game's solo board (its `board` capability), drawn by the one board page (static/js/board.js)."""

    code: str
    name_en: str
    name_ja: str
    start: str = ""  # the deck zone whose cards start here (the OCG's Extra Deck, DBS's leader); "": empty
    hidden: bool = False  # face down: its cards show as backs and its count (the deck, DBS's life)
    turns: bool = False  # its cards turn sideways (the board's `turn_en` / `turn_ja`: defence position, rest)
    sets: bool = False  # its cards may be set face down (the OCG's monster, spell and trap cards)
    wide: bool = False  # takes a whole row of the board (the hand, the monster zones)
    slots: int | None = None  # how many cards the rules let it hold (the OCG's 5 monster zones), shown beside its count
    # its two-sided cards turn over to their other side (the board's `flip_en` / `flip_ja`: DBS's leader awakens)
    flips: bool = False


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
    flip_en: str = ""  # what turning a two-sided card over is called ("" when no area flips)
    flip_ja: str = ""

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
                    "flips": area.flips,
                }
                for area in self.areas
            ],
            "deal": [list(step) for step in self.deal],
            "deck": self.deck,
            "hand": self.hand,
            "second_draws": self.second_draws,
            "turn": self.turn_ja if japanese else self.turn_en,
            "flip": self.flip_ja if japanese else self.flip_en,
            "rules": self.rules,
        }


# The board of a game that declares none (the `board` capability's default, which always renders): a table with a hand
# of five, the cards in play, the deck and a discard pile.
TABLE_BOARD = BoardLayout(
    areas=(
        BoardArea("hand", "Hand", "手札", wide=True),
        BoardArea("play", "In play", "場", turns=True, wide=True),
        BoardArea("deck", "Deck", "デッキ", hidden=True),
        BoardArea("discard", "Discard pile", "捨て札"),
    ),
    deal=(("hand", 5),),
    turn_en="Turn sideways",
    turn_ja="横向き",
)
