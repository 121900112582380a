"""The one registry of games (issue 19, house style 4a): the core reaches a game only through here and the
capability protocols (games.capabilities). The interface is described once, in docs/games.md.

The games the project runs are listed in `settings.GAMES` (import paths of the packages) and imported by `load()` on
first use, as django-allauth loads its providers; each package's `game` module holds its `GAME` instance.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar

from django.conf import settings

from api.codes import ApplicationError, ErrorCode
from games.capabilities import (
    Aliases,
    Board,
    Catalogue,
    Editor,
    HandOdds,
    Lists,
    Odds,
    Pages,
    Search,
    Simulation,
)

# What a request that names no game means (every client written before games existed): settings.DEFAULT_GAME.
DEFAULT_GAME: str = settings.DEFAULT_GAME


@dataclass(frozen=True)
class GameZone:
    code: str  # the stored and API value, e.g. "main"
    name_en: str
    name_ja: str
    registered: bool = True  # part of a registered deck: counted by legality, hashed, compared at a deck check
    hotkey: str = ""  # the editor's key for "move here"


@dataclass
class ReadLine:
    """One line of a decklist as the core stores and shows it: a resolved card goes into `zone` as `card_id`."""

    status: str  # a games.base.LineStatus value, or "error"
    zone: str | None
    card_id: int | None
    count: int | None
    json: dict = field(default_factory=dict)  # the API's `lines[]` row


class UnknownGame(ApplicationError):
    def __init__(self, code: object):
        known = sorted(_GAMES)
        super().__init__(
            ErrorCode.UNKNOWN_GAME, f"No game has the code {code!r}.", {"game": str(code)[:64], "games": known}
        )


class SimulationRejected(ApplicationError):
    """A request the simulations cannot run or answer (a bad deck, unknown cards, bad parameters): raised by the
    simulations app and by a game's simulation operations alike."""


@dataclass(frozen=True)
class ReportContext:
    """The default legality context (Game.legality_context): the checked format, the resolved date and the overlay."""

    format_code: str
    as_of: date
    overlay_id: str | None
    overlay_json: dict | None


class Game:
    """A game as the core sees it (docs/games.md): subclass it in `games/<code>/game.py`, whose `GAME` (an instance)
    registers it. The required core is here; the optional capabilities are objects of their own
    (games.capabilities), each bound to the game when it is made."""

    code: ClassVar[str]
    name_en: ClassVar[str]
    name_ja: ClassVar[str]
    default_format: ClassVar[str]
    # Options a game's `legality_report` / `legality_reports` take beyond the common ones, as keyword arguments (the
    # OCG: GENESYS's `point_cap`); the legality API refuses an option the game does not take.
    legality_options: ClassVar[frozenset[str]] = frozenset()
    zones: ClassVar[tuple[GameZone, ...]]
    # The game's own export formats besides text and JSON: kind -> (content type, file extension), e.g. a .ydk.
    export_kinds: ClassVar[Mapping[str, tuple[str, str]]] = {}

    # The capabilities (games.capabilities): the defaults always render; None: the game lacks it.
    catalogue: Catalogue = Catalogue()
    search: Search = Search()
    pages: Pages = Pages()
    editor: Editor = Editor()
    lists: Lists = Lists()
    odds: Odds | None = None
    simulation: Simulation | None = None
    hand_odds: HandOdds | None = None
    board: Board | None = Board()
    aliases: Aliases = Aliases()

    def __init__(self) -> None:
        for name in CAPABILITIES:
            capability = getattr(self, name)
            if capability is not None:
                setattr(self, name, capability.bound(self))

    # --- zones
    def zone_codes(self) -> tuple[str, ...]:
        return tuple(zone.code for zone in self.zones)

    def registered_zone_codes(self) -> tuple[str, ...]:
        return tuple(zone.code for zone in self.zones if zone.registered)

    def has_zone(self, code: object) -> bool:
        return code in self.zone_codes()

    def main_zone(self) -> str:
        """The zone a game is played from (shuffled at the start, dealt the opening hand): `main`, or the game's
        first zone when it has none of that name."""
        return "main" if self.has_zone("main") else self.zone_codes()[0]

    # --- decklists in and out
    def parse_text(self, text: str, *, with_names: bool = True) -> Any:
        raise NotImplementedError

    def parse_json(self, data: object) -> Any:
        raise NotImplementedError

    def decklist(self, rows: Iterable[tuple[str, str | int, int]]) -> Any:
        raise NotImplementedError

    def decklist_to_text(self, decklist: Any, *, headings: dict[str, str] | None = None) -> str:
        raise NotImplementedError

    def decklist_to_json(self, decklist: Any) -> dict:
        raise NotImplementedError

    def decklist_export(self, kind: str, decklist: Any) -> str:
        raise NotImplementedError

    def read_decklist(self, decklist: Any) -> list[ReadLine]:
        raise NotImplementedError

    def decklist_code_keys(self, card_ids: Iterable[int]) -> dict[int, str | int] | None:
        """The stable key a deck code writes for each of these catalogue card ids (games.deck_codes), which the
        game's `parse_json` reads back as the card in any installation: the OCG's password, DBS's card number. None:
        the card's Japanese name (the core's default)."""
        return None

    def deck_hash(self, cards: Iterable[tuple[str, int, int]], unresolved: Iterable[tuple[str, str, int]] = ()) -> str:
        raise NotImplementedError

    # --- formats and legality
    def format_check(self, format_code: str) -> None:
        raise NotImplementedError

    def legality_report(self, *, decklist: Any, format_code: str, as_of: date | None, overlay_id: str | None) -> dict:
        raise NotImplementedError

    def legality_reports(
        self, *, decklists: list[Any], format_code: str, as_of: date | None, overlay_id: str | None
    ) -> list[dict]:
        return [
            self.legality_report(decklist=decklist, format_code=format_code, as_of=as_of, overlay_id=overlay_id)
            for decklist in decklists
        ]

    def legality_context(self, *, format_code: str, as_of: date | None, overlay_id: str | None) -> Any:
        """What every check under one format, date and overlay shares, built once for many decklists (a batch in the
        request, a worker's chunk). A context has `format_code`, `as_of` (the date it resolved) and `overlay_json`
        (the report's `overlay`, JSON-ready, or None). Raises the coded UNKNOWN_FORMAT / UNKNOWN_OVERLAY errors.

        A game that shares nothing between checks keeps this default: its format, date and overlay are checked once
        here (the report of an empty decklist), and `context_report` checks each decklist by `legality_report`. So
        every game's batches take the same path (answered at once up to LEGALITY_BATCH_SYNC_MAX, else on the
        workers, under the anonymous caps of regulations.batches): a game cannot keep a large batch in the request."""
        from django.utils import timezone

        day = as_of or timezone.localdate()
        empty = self.legality_report(
            decklist=self.parse_text("", with_names=False), format_code=format_code, as_of=day, overlay_id=overlay_id
        )
        return ReportContext(
            format_code=format_code, as_of=day, overlay_id=overlay_id, overlay_json=empty.get("overlay")
        )

    def context_report(self, decklist: Any, context: Any, *, include_lines: bool = True) -> dict:
        """One decklist's report against a `legality_context` (without `lines` unless `include_lines`)."""
        report = self.legality_report(
            decklist=decklist, format_code=context.format_code, as_of=context.as_of, overlay_id=context.overlay_id
        )
        if not include_lines:
            report.pop("lines", None)
        return report


CAPABILITIES = (
    "catalogue", "search", "pages", "editor", "lists", "odds", "simulation", "hand_odds", "board", "aliases",
)  # fmt: skip


_GAMES: dict[str, Game] = {}
_SOURCE: object = None  # the settings.GAMES list the games were loaded from


def load(paths: Iterable[str] | None = None) -> None:
    """Import every game package listed in settings.GAMES (each package's `game` module holds its `GAME`). Loaded
    again when the setting is another list (tests add a game with override_settings); the new table replaces the old
    one at once, so a concurrent request never sees it half-built."""
    global _GAMES, _SOURCE
    source = paths if paths is not None else getattr(settings, "GAMES", ())
    if source is _SOURCE:
        return
    games: dict[str, Game] = {}
    for path in source:
        game = importlib.import_module(f"{path}.game").GAME
        games[game.code] = game
    _GAMES, _SOURCE = games, source


def get(code: object = None) -> Game:
    """The game with this code (None or "" means the default game); raises UNKNOWN_GAME (400) for another code."""
    load()
    key = DEFAULT_GAME if code in (None, "") else code
    game = _GAMES.get(key) if isinstance(key, str) else None
    if game is None:
        raise UnknownGame(code)
    return game


def simulation_of(game: object) -> Simulation:
    """The simulations of a game (a `Game` or its code); a game without them is a coded SimulationRejected."""
    the_game = game if isinstance(game, Game) else get(game)
    if the_game.simulation is None:
        message = f"Simulations are not available for {the_game.name_en} decks."
        raise SimulationRejected(ErrorCode.VALIDATION_ERROR, message, {"game": the_game.code})
    return the_game.simulation


def card_relations() -> list[str]:
    """Every game's `catalogue.relation`: what a query of cards of any game selects with the catalogue rows."""
    return [game.catalogue.relation for game in all_games() if game.catalogue.relation]


def display_word(text: str, *, game: object = None) -> Any | None:
    """The label of a game's data word: of `game` when one is named (its statuses are not another game's: the OCG's
    `limited` is not Duel Masters' 殿堂入り), else of the first game that has the word; None for a word it has not."""
    if game:
        return get(game).pages.words.get(text)
    for each in all_games():
        label = each.pages.words.get(text)
        if label is not None:
            return label
    return None


def all_games() -> list[Game]:
    load()
    return list(_GAMES.values())
