"""The one registry of games (issue 19, house style 4a): the core reaches a game only through here.

A game is a package (`games/dm/`, ...) whose `game` module defines a `Game` subclass and registers it. The core
(accounts, decks, tournaments, the API, the page shell) asks `get(code)` for a game and calls the operations below;
it never imports a game package. The games the project runs are listed in `settings.GAMES` (import paths of the
packages) and imported by `load()` on first use, as django-allauth loads its providers; each package's `game`
module holds its `GAME` instance.

What a game gives the core:
- `code`, `name_en`, `name_ja`, `default_format`, and its `zones` (each a `GameZone`: code, names, whether it is part
  of a registered deck, its editor hotkey), in display order;
- its decklists: `parse_text(text, with_names=)`, `parse_json` (raise a `games.base.DecklistFormatError` subclass
  for a document that is not a decklist), `decklist` (one from stored rows), `decklist_to_text`, `decklist_to_json`.
  A decklist is the game's own object; the core only reads `decklist.lines` (each with `zone`, `card`, `count`,
  `line`) and `decklist.errors` (each with `line`, `text`, `message`);
- `read_decklist(decklist)`: every line resolved against the catalogue, as `ReadLine`s (the API's line statuses);
- `deck_hash(cards, unresolved)`: the one fingerprint of a registrable deck (registrations and the audit chain
  store it, so a game's hash never changes form);
- `legality_report(decklist=, format_code=, as_of=, overlay_id=)`: the report dict the legality API returns (it
  raises the coded UNKNOWN_FORMAT / UNKNOWN_OVERLAY errors), and `legality_reports(decklists=, ...)` for many;
- `deck_statistics(entries)`: the editor's and the API's statistics (optional; None when the game has none);
- `simulates`: whether the simulations run its decks (Duel Masters only, for now), and then the simulation operations
  the core's jobs call (`simulation_deck`, `simulation_key_cards`, `simulation_records`, `simulation_chunk`,
  `simulation_result`, `simulation_warm_up`) and its exact odds (`odds_report`, `odds_queries`); the core keeps the
  runs, their chunks, the tasks and the API (the simulations app);
- `format_check(format_code)`: raises the coded UNKNOWN_FORMAT error for a format the game does not have;
- its dated lists' vocabulary, when it keeps them as the core's dated events (regulations.RegulationEvent):
  `list_limits` (a listing status -> the copies it allows), `combo_statuses`, `unlisted_status`, and
  `list_import(source=, format_code=, log=)` (`manage.py import_regulations --game`);
- `legality_context(format_code=, as_of=, overlay_id=)` and `context_report(decklist, context, include_lines=)`:
  a context built once for many decklists (a batch, a worker's chunk), or None when the game checks each one alone;
- `overlay_resolve(entries=, combos=)`: an event overlay's cards and combos resolved and validated (overlays over the
  game's formats).
- its own options of its formats, kept in its own table (optional): `format_admin_inlines()` (the admin's format
  page) and `format_serializer()` (the format API's fields beyond the row's).
- the deck editor (one page for every game, web/editor.py): `editor_zones(format_code=, as_of=)` (the zones the
  editor shows for a format, with their sizes and keys), `editor_cards(card_ids)` (what a card tile shows, and the
  zone a card goes to when added without one), `editor_statistics(entries)` (the statistics laid out as charts) and
  `editor_state(zones=, ...)`, which judges a working copy and returns legality, statistics and card facts at once.
- the shared pages (web/ renders what the game gives): `card_page_facts` and `card_details` (the card page),
  `card_pictures` and `card_previews` (the tiles' official pictures, the editor's hover preview), `deck_filters`,
  `deck_filter_cards` and `deck_list_zones` (the deck lists), `card_add_zones` (a card page's "add to a deck"),
  `card_browser_filters` (the card browser's filter widgets beside the name search), `page_templates` (the game's
  page fragments drawn in place of the core's generic ones: card tile, card page, deck sheets), `display_words`
  (the labels of its data words), `card_search_help` (its search fields, composed into the card search API's
  description);
- `size_codes` (and `size_codes_or_empty`): its size rules' violation codes, which the pages word as sizes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from api.codes import ApplicationError, ErrorCode
from games.base import BoardLayout

DEFAULT_GAME = "dm"  # what a request that names no game means: every client written before games existed


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


@dataclass(frozen=True)
class CardBrowserFilters:
    """The card browser's search form of a game (Game.card_browser_filters) besides its search box: the filter
    widgets, the search terms they write into the query, the result orders and the search box's help."""

    # Form field name (also the page's URL parameter) -> a django.forms.Field, made for one form; the core ties each
    # widget to the page's search form and shows choice labels in the request's language.
    fields: Mapping[str, Any] = field(default_factory=dict)
    # The form's cleaned values -> the terms of the game's search language that the widgets mean, ANDed after the box.
    terms: Callable[[Mapping[str, Any]], list[str]] = lambda data: []
    # The filter panel's template (the game's page fragment, rendered with the page's `form`); "": no panel.
    template: str = ""
    # The result orders (value, label) the game's `card_search` takes, the first one the default.
    orders: tuple[tuple[str, Any], ...] = (("name", _("Name")),)
    # One line under the search box: what it searches.
    search_help: Any = _("Names in Japanese or English")


class UnknownGame(ApplicationError):
    def __init__(self, code: object):
        known = sorted(_GAMES)
        super().__init__(
            ErrorCode.UNKNOWN_GAME, f"No game has the code {code!r}.", {"game": str(code)[:64], "games": known}
        )


class SimulationRejected(ApplicationError):
    """A request the simulations cannot run or answer (a bad deck, unknown cards, bad parameters): raised by the
    simulations app and by a game's simulation operations alike."""


class Game:
    """A game as the core sees it. Subclass it in `games/<code>/game.py`, whose `GAME` (an instance) registers it."""

    code: ClassVar[str]
    name_en: ClassVar[str]
    name_ja: ClassVar[str]
    default_format: ClassVar[str]
    zones: ClassVar[tuple[GameZone, ...]]
    # Whether the simulations (runs of games and hands, exact draw odds) run this game's decks: such a game gives the
    # simulation operations below (Duel Masters: its goldfish and odds, games/dm/simulation.py).
    simulates: ClassVar[bool] = False

    # --- zones
    def zone_codes(self) -> tuple[str, ...]:
        return tuple(zone.code for zone in self.zones)

    def registered_zone_codes(self) -> tuple[str, ...]:
        return tuple(zone.code for zone in self.zones if zone.registered)

    def has_zone(self, code: object) -> bool:
        return code in self.zone_codes()

    # --- decklists
    def parse_text(self, text: str, *, with_names: bool = True) -> Any:
        """A text decklist; `with_names` reads it with the catalogue's names (telling comments, titles and glued
        counts from card names), else with the text alone (a CSV import, a deck check at the table)."""
        raise NotImplementedError

    def parse_json(self, data: object) -> Any:
        raise NotImplementedError

    def decklist(self, rows: Iterable[tuple[str, str | int, int]]) -> Any:
        """A decklist of stored rows (zone, card id or name, copies), as the engines read it."""
        raise NotImplementedError

    def decklist_to_text(self, decklist: Any, *, headings: dict[str, str] | None = None) -> str:
        """The text decklist; `headings` (zone code -> heading, e.g. the zones' Japanese names) are the zone headings
        it writes instead of its default ones, each read back by `parse_text`."""
        raise NotImplementedError

    def decklist_to_json(self, decklist: Any) -> dict:
        raise NotImplementedError

    def read_decklist(self, decklist: Any) -> list[ReadLine]:
        raise NotImplementedError

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
        """Many decklists under one format, date and overlay (a game may build the context once)."""
        return [
            self.legality_report(decklist=decklist, format_code=format_code, as_of=as_of, overlay_id=overlay_id)
            for decklist in decklists
        ]

    def legality_context(self, *, format_code: str, as_of: date | None, overlay_id: str | None) -> Any | None:
        """What every check under one format, date and overlay shares, built once for many decklists (a batch in the
        request, a worker's chunk), or None: the game checks each decklist by `legality_report` (a batch is then
        checked in the request). A context has `format_code`, `as_of` (the date it resolved) and `overlay_json` (the
        report's `overlay`, JSON-ready, or None). Raises the coded UNKNOWN_FORMAT / UNKNOWN_OVERLAY errors."""
        return None

    def context_report(self, decklist: Any, context: Any, *, include_lines: bool = True) -> dict:
        """One decklist's report against a `legality_context` (without `lines` unless `include_lines`)."""
        raise NotImplementedError

    # --- dated lists (optional): the statuses of the game's dated events and event overlays (regulations), which the
    # core stores as strings and replays in date order. A listing status allows that many copies of a card; any other
    # status of a card event lifts the listing (`unlisted_status`, also a card no list names); a combo event of a
    # status of `combo_statuses` forbids the pair together, any other lifts it.
    list_limits: ClassVar[Mapping[str, int]] = {}
    combo_statuses: ClassVar[tuple[str, ...]] = ()
    unlisted_status: ClassVar[str] = ""

    def list_statuses(self) -> tuple[str, ...]:
        """Every status of the game's dated events and overlays (the admin's choices; an import checks them)."""
        statuses = (self.unlisted_status, *self.list_limits, *self.combo_statuses)
        return tuple(status for status in statuses if status)

    def format_card_pool(self, *, format_code: str, as_of: date) -> Any | None:
        """What the catalogue search's `legal:` / `banned:` / `limited:` terms need of a format on a date (an object
        with `limits`, name key -> copies, and `zones`, as cards.selectors.FormatCardPool), or None for a format the
        game has not."""
        return None

    # --- a game's own options of its formats (optional): the core's row (regulations.Format) holds what every game's
    # format has; a game keeps the rest in a table of its own, one-to-one with the row (Duel Masters: its zones, sizes
    # and setup, games.dm.models.DmFormat), shown and edited through these.
    def format_admin_inlines(self) -> tuple[type, ...]:
        """Admin inline classes shown under one of the game's formats (and under a new format, for the default game):
        its own options of the row; none by default."""
        return ()

    def format_serializer(self) -> type | None:
        """A DRF serializer of one of the game's format rows giving the game's own facts of it, which the format API
        (`GET /formats/`) adds after the row's fields; its fields are documented in the schema's `Format` component,
        not required (another game's format has not them). None: the row's fields alone."""
        return None

    def list_import(self, *, source: str | None, format_code: str | None, log: Callable[[str], None]) -> dict | None:
        """Import the game's dated lists into the core's dated events (`manage.py import_regulations`, safe to
        repeat) from `source` (a path or an http(s) URL; None: the configured one); events that name no format go to
        `format_code` (None: the game's). Writes a summary with `log`; returns the JSON report, or None for a game
        without such an import. Raises a `games.base.DataImportError` for a source it cannot import."""
        return None

    def overlay_resolve(self, *, entries: list[Mapping], combos: list[Mapping]) -> tuple[list, list]:
        """An event overlay's entries ({"card", "status"}) and combos ({"cards": [a, b], "kind"}) resolved against the
        catalogue: ([(card id, status)], [(first card id, second card id, kind)]). Raises the coded OVERLAY_* errors
        (unknown or ambiguous cards, a card twice, a status the game has not)."""
        raise ApplicationError(ErrorCode.UNKNOWN_FORMAT, f"The game {self.code!r} has no event overlays.")

    # --- the game's own export formats (optional): kind -> (content type, file extension), e.g. a .ydk
    export_kinds: ClassVar[dict[str, tuple[str, str]]] = {}

    def decklist_export(self, kind: str, decklist: Any) -> str:
        """The decklist written in one of `export_kinds`."""
        raise NotImplementedError

    # --- catalogue (optional)
    def data_import(self, *, log: Callable[[str], None]) -> str | None:
        """Import the game's card data and dated lists into the catalogue (`manage.py import_games`, run by `make run`)
        from the configured data source; returns a summary line, or None for a game whose data comes in otherwise
        (Duel Masters: `import_cards`, `import_effects`, `import_regulations`)."""
        return None

    def card_import(self, **options: Any) -> Any:
        """Import the game's card data file into the catalogue (`manage.py import_cards` and cards.services.card_import
        dispatch here: `source`, `records`, `progress` and the game's own options), returning a
        cards.services.ImportSummary; raises cards.services.CardImportError, having changed nothing."""
        raise NotImplementedError(f"{self.code} imports its cards with import_games")

    # The reverse one-to-one relation of cards.Card that holds the game's own typed facts (Duel Masters: "dm"), which
    # the core's card queries select with the row ("": none).
    card_relation: ClassVar[str] = ""
    # The order of the game's cards in a deck's zone before their names: paths from cards.Card (Duel Masters: cost).
    card_order: ClassVar[tuple[str, ...]] = ()

    def card_api_fields(self, *, detail: bool) -> dict[str, Any]:
        """The default game's own facts in the card API, flat beside the catalogue's fields: read-only DRF fields by
        name, with sources through `card_relation` (another game's card shows them null). A game that is not the
        default gives its facts in the detail's `game_details` (`card_details`) instead."""
        return {}

    # Where the game keeps a card's `cost` and `civilizations` (its colours): paths from cards.Card, which the deck
    # API's entries show and the deck lists read in one query (colours, key card); none by default (null and []).
    deck_entry_fields: ClassVar[Mapping[str, str]] = {}

    def deck_entry_facts(self, card: Any) -> dict:
        """`deck_entry_fields` of one of the game's cards.Card rows (its `card_relation` selected)."""
        facts = {}
        for key, path in self.deck_entry_fields.items():
            value = card
            for name in path.split("__"):
                value = getattr(value, name, None)
            facts[key] = value
        return facts

    def card_admin_inlines(self) -> tuple[type, ...]:
        """The admin inlines that edit the game's own facts on a card's change page (before its faces and printings)."""
        return ()

    def card_orders(self) -> tuple[str, ...]:
        """The result orders its card search takes (the search API's `order`, each also descending with `-`)."""
        return ("name",)

    def card_search(self, *, q: str, order: str, as_of: date | None) -> Any:
        """The game's card search in the core's grammar with its own fields (an object with `ids`, `notes` and `as_of`,
        as cards.selectors.SearchResult), or None for the core's search by name words."""
        return None

    def card_search_help(self) -> str:
        """What `card_search` takes, in Markdown: the card search API's `q` description composes every game's (the
        default game's first, with the grammar); "" (the default): name words only."""
        return ""

    def card_name_suggestions(self, *, text: str) -> tuple[Any, ...]:
        """The game's card names closest to a search's name words when nothing matched (a misspelt name), best first:
        objects with `id`, `name_ja`, `name_en`; none by default."""
        return ()

    def catalogue_warm(self) -> None:
        """Build the process's in-memory catalogue indexes of the game (the server does it before forking)."""

    def card_details(self, *, card_id: int) -> dict | None:
        """What the card page and the card API show of one of the game's cards besides the catalogue row, in a shape
        the core renders without knowing the game: {"facts": [{"label", "value"}], "links": [{"label", "url"}],
        "history": [{"effective", "status", "copies"}]}; None for a game without them."""
        return None

    # --- the shared pages (optional): what web/ renders of the game's cards and decks without knowing the game
    def card_page_facts(self, *, card: Any, printings: list) -> dict | None:
        """The card page of a catalogue row shown in the row's own layout (tile, facts, faces, printings) when
        `card_details` gives nothing: {"abilities": [text], "face_abilities": {face id: [text]}, "printing_links":
        [{"id", "page_url", "image_url"} or None, one per printing in order], "picture": the picture printing's
        {"id", "page_url", "image_url"} or None}; None for a game that adds nothing (the row alone)."""
        return None

    def card_pictures(self, card_ids: Iterable[int]) -> dict[int, dict]:
        """Per card id of the game's, its official picture for the tiles: {"page": url, "image": url}; a card
        without one (or another game's card) is absent. The pages drop `image` when external images are off."""
        return {}

    def card_previews(self, card_ids: Iterable[int]) -> dict[int, dict]:
        """Per card id of the game's, what the editor's hover preview adds besides `card_pictures`: `abilities` (lines
        of text) and `halves` (a card's two halves as the tiles draw them, or None)."""
        return {}

    def deck_filters(self) -> list[tuple[str, Any]]:
        """The deck lists' filter by the game's card colours: (value, label) pairs in display order (Duel Masters: the
        civilizations); none by default."""
        return []

    def deck_filter_cards(self, value: str) -> Any | None:
        """The game's cards of one `deck_filters` value (a cards.Card queryset): a deck passes the filter when it
        holds one of them; None for a value the game has not."""
        return None

    def card_browser_filters(self) -> CardBrowserFilters:
        """The card browser's filter widgets, their search terms, result orders and help (made for one form); by
        default none: the search box's name words, in name order."""
        return CardBrowserFilters()

    # The game's page fragments: a core template's name -> the game's template drawn in its place for the game's
    # cards and decks (games/<code>/templates/; it may extend the core's one and fill its blocks). The core's templates
    # that a game may replace: "web/_tile.html" (a card tile: card browser, card page, deck page, deck sheet; rendered
    # with `card`, `count`, `size`, `link`), "web/_card_page.html" (the card page in the catalogue row's layout: blocks
    # `frame`, `badge`, `facts`, `faces`), "web/deck_sheet.html" (the printable sheet page: blocks `style`, `head`,
    # `columns`) and "decks/deck_sheet.html" (the API's sheet: blocks `head`, `columns`). None: the core's generic ones.
    page_templates: ClassVar[Mapping[str, str]] = {}
    # The game's data words (its zone, colour and status codes...) -> their labels (lazy gettext), which the pages'
    # `|tr` filter shows after the core's own words.
    display_words: ClassVar[Mapping[str, Any]] = {}

    def page_template(self, name: str) -> str:
        """The template drawn for the core's template `name` for this game: the game's fragment, else `name`."""
        return self.page_templates.get(name, name)

    # The violation codes of the game's size rules, each violation with its zone's `count`, the bound it breaks as
    # `limit` and the `zone`: a deck breaking only these is buildable, and the pages word them "Main deck: 1 card too
    # many" (web/verdict.py). Those in `size_codes_or_empty` are of a zone that may also be left empty (Duel Masters'
    # super GR zone). A code means the same in every game that uses it (DECK_SIZE: the main deck's size).
    size_codes: ClassVar[frozenset[str]] = frozenset()
    size_codes_or_empty: ClassVar[frozenset[str]] = frozenset()

    # The zones whose copies a deck list's row counts, in order ("40 / 0 / 0"; None: every registered zone); the
    # zones that are not registered (a considering list) are counted after them in parentheses. They are also the
    # zone columns of an event's registrations export.
    deck_list_zones: ClassVar[tuple[str, ...] | None] = None

    def deck_list_zone_codes(self) -> tuple[str, ...]:
        """`deck_list_zones`, or every registered zone when the game names none."""
        return self.deck_list_zones or self.registered_zone_codes()

    def card_add_zones(self, *, card_id: int) -> tuple[list[str], str]:
        """The zones a card page offers to add the card to a deck, and the one selected: by default every zone of
        the game, the main deck selected where the game has one."""
        codes = list(self.zone_codes())
        return codes, "main" if "main" in codes else codes[0]

    def board_layout(self) -> BoardLayout | None:
        """The game's solo board as data (`games.base.BoardLayout`: its areas and its setup), which one board page
        draws for every game that gives one; None: a game that simulates keeps its own board (Duel Masters'
        一人回し), any other has none. The capability `board` once the capabilities are objects."""
        return None

    def opening_odds(self, *, decklist: Any, groups: dict[str, list[str]], going_first: bool = True) -> dict | None:
        """Exact opening-hand odds of a deck for named groups of cards (names or ids as the game reads them), or None
        for a game without them."""
        return None

    def opening_hand_table(self, *, decklist: Any) -> dict | None:
        """The deck page's exact per-card odds for a game that does not simulate: {"model", "model_ja" (the setup in
        words), "columns": [{"name_en", "name_ja"}], "rows": [{"name", "name_ja", "copies", "values": [{"probability",
        "fraction"}, one per column]}]}, a row per card drawn from; None for a game without them. A deck the odds
        cannot take raises a coded ApplicationError."""
        return None

    # --- simulations (a game that `simulates`): the core stores a run's deck as the records `simulation_records`
    # gives, and hands them back to `simulation_chunk` on a worker and to `simulation_result` once every chunk is done
    # (each game depends only on the seed and its number, so a chunk's counts never depend on the worker). A refusal
    # is a coded SimulationRejected.
    def simulation_deck(self, *, decklist: Any) -> Any:
        """The decklist resolved for the simulations: the game's own object, of which the core reads `cards` (what
        `simulation_records` takes) and `facts_unavailable` (ids of cards whose facts the data lacks)."""
        raise NotImplementedError

    def simulation_key_cards(self, *, deck: Any, written: list) -> list[str]:
        """Key (or tracked) cards named or numbered in a request -> their keys in the run's records."""
        raise NotImplementedError

    def simulation_records(self, *, cards: Any, deck_b: Any = None) -> tuple[list[dict], list[dict] | None]:
        """A deck's cards (and deck B's for an A/B comparison) as JSON records for the run's row, after checking they
        can be played (DECK_TOO_SMALL). Each record holds at least `key`, `name` and `copies` (the run's `deck` in the
        API)."""
        raise NotImplementedError

    def simulation_chunk(
        self, *, kind: str, params: dict, seed: int, going: str, index: int, first_game: int, games: int
    ) -> dict:
        """One chunk's integer counts (JSON) of a run whose stored `params` hold the records."""
        raise NotImplementedError

    def simulation_result(self, *, kind: str, params: dict, seed: int, going: str, counts: list[dict]) -> dict:
        """The run's result (JSON) from its chunks' counts, in chunk order."""
        raise NotImplementedError

    def simulation_warm_up(self) -> None:
        """Load what the chunks need before a worker's pool starts (a compiled kernel), so chunk timings are compute
        only."""
        return None

    def odds_report(self, *, decklist: Any, format_code: str | None) -> dict:
        """The exact deck report of the odds API and the simulations page (the format's setup; None: the game's)."""
        raise NotImplementedError

    def odds_queries(self, *, decklist: Any, queries: list[dict], format_code: str | None) -> list[dict]:
        """Exact answers to the odds API's queries (groups of cards, where, by which turn, going first or second)."""
        raise NotImplementedError

    # --- statistics (optional)
    def deck_statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict | None:
        """(card id, zone, copies) of a deck -> the statistics the API gives, or None for a game without them."""
        return None

    # --- the deck editor (web/editor.py: one page for every game)
    # The key under which the game's JSON decklist (`parse_json`) takes the catalogue's card id: the editor saves its
    # working copy through the deck API with it.
    editor_save_key: ClassVar[str] = "card"
    # A query of the game's card search grammar, shown as the example in the editor's search box.
    editor_search_example: ClassVar[str] = ""

    def editor_add_note(self) -> str:
        """Where Enter puts a card that does not go to the first zone, one clause in the request's language (the
        editor's keyboard help), or ""."""
        return ""

    def editor_zones(self, *, format_code: str, as_of: date | None = None) -> list[dict]:
        """The zones the editor shows for a deck of this format, in order, each a dict: `code`, `name_en`, `name_ja`,
        `hotkey`, and what its counter shows: `size` (exactly this many; with `optional`, or none at all), `min` and
        `max` (a range, either end open); `aside`: the zone Shift+Enter adds to and `m` moves to and from (the
        considering list, a side deck); `hint`: one line under the zone's heading, in the request's language
        (`editor_zone` builds one). By default every zone of the game, without sizes, the last one aside."""
        return [editor_zone(zone, aside=index == len(self.zones) - 1) for index, zone in enumerate(self.zones)]

    def editor_cards(self, card_ids: Iterable[int]) -> dict[int, dict]:
        """Card id -> what the editor's tile and list row show of the card (`name_ja`, `name_en`, `cost`, `power`,
        `card_type`, `card_type_ja`, and for a game's own tile `tile`: {"gem", "frame" (CSS colours), "lines",
        "link"}), with `home`, the zone an added card goes to when no zone is given. An id that is not one of the
        game's cards is absent (the editor refuses it as UNKNOWN_CARD)."""
        return {}

    def editor_statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict | None:
        """(card id, zone, copies) -> the editor's statistics: `charts`, each {"kind": "stacked", "title", "labels",
        "series": [{"name", "color", "values"}]} or {"kind": "bars", "title", "items": [{"label", "value",
        "color"}]} or {"kind": "numbers", "title", "items": [{"label", "value"}]}, titles and labels in the request's
        language; None for a game without statistics."""
        return None

    def editor_state(
        self, *, zones: dict[str, dict[int, int]], format_code: str, as_of: date | None, overlay_id: str | None
    ) -> dict:
        """A working copy (zone -> {card id: copies}) judged: {"legality": the legality report, "stats":
        `editor_statistics`, "cards": `editor_cards` of its cards, "zones": `editor_zones`}. A game may override
        it to build its context once."""
        rows = [(zone, card, count) for zone, cards in zones.items() for card, count in cards.items()]
        report = self.legality_report(
            decklist=self.decklist(rows), format_code=format_code, as_of=as_of, overlay_id=overlay_id
        )
        return {
            "legality": report,
            "stats": self.editor_statistics([(card, zone, count) for zone, card, count in rows]),
            "cards": self.editor_cards([card for _zone, card, _count in rows]),
            "zones": self.editor_zones(format_code=report.get("format") or format_code, as_of=as_of),
        }


def editor_zone(zone: GameZone, **layout: Any) -> dict:
    """One zone as the editor shows it (Game.editor_zones): its code, names and key, and `layout` over the defaults
    (no size, not aside, no hint)."""
    row = {"code": zone.code, "name_en": zone.name_en, "name_ja": zone.name_ja, "hotkey": zone.hotkey, "size": None,
           "optional": False, "min": None, "max": None, "aside": False, "hint": ""}  # fmt: skip
    row.update(layout)
    return row


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


def card_relations() -> list[str]:
    """Every game's `card_relation`: what a query of cards of any game selects with the catalogue rows."""
    return [game.card_relation for game in all_games() if game.card_relation]


def display_word(text: str, *, game: object = None) -> Any | None:
    """The label of a game's data word: of `game` when one is named (its statuses are not another game's: the OCG's
    `limited` is not Duel Masters' 殿堂入り), else of the first game that has the word; None for a word it has not."""
    if game:
        return get(game).display_words.get(text)
    for each in all_games():
        label = each.display_words.get(text)
        if label is not None:
            return label
    return None


def all_games() -> list[Game]:
    load()
    return list(_GAMES.values())
