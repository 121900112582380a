"""The optional capabilities of a game (docs/games.md, "Capabilities"): each an object of its own, reached as an
attribute of the game (`game.catalogue`, `game.search`, `game.lists`, `game.pages`, `game.editor`, `game.odds`,
`game.simulation`, `game.hand_odds`, `game.aliases`). A game subclasses the ones it gives and names an instance on
its `Game` class; the defaults here always render (a game without dated lists has no statuses). `odds`, `simulation`
and `hand_odds` are None on a game that lacks them, so the core asks once.

Each capability instance is bound to its game when the game is made (`Capability.game`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy as _

from api.codes import ApplicationError, ErrorCode
from games.base import TABLE_BOARD, BoardLayout
from games.hand_odds import Opening

if TYPE_CHECKING:
    from games.registry import Game, GameZone


class Capability:
    """What every capability has: the game it belongs to (set by `bound`)."""

    game: Game

    def bound(self, game: Game) -> Capability:
        """A copy of this capability bound to `game` (the class attribute may be shared by several games)."""
        bound = copy.copy(self)
        bound.game = game
        return bound


class Catalogue(Capability):
    """The game's cards in the core's catalogue (docs/games.md, `catalogue`)."""

    # The reverse one-to-one relation of cards.Card holding the game's typed facts ("": none), selected with the rows.
    relation: ClassVar[str] = ""
    # The order of the game's cards in a deck's zone before their names: paths from cards.Card.
    order: ClassVar[tuple[str, ...]] = ()
    # A deck API entry's `cost` and `colours`: paths from cards.Card (none: null and []).
    deck_entry_fields: ClassVar[Mapping[str, str]] = {}
    # The short forms the game's names allow (games.abbreviations rules: ドギ剣, 増G, BWD), which its name readers
    # (the import, the search) resolve when one card has one and offer as candidates otherwise. (): none (a game whose
    # names are English only).
    short_form_rules: ClassVar[tuple[str, ...]] = ()

    def data_import(self, *, log: Callable[[str], None]) -> str | None:
        """`manage.py import_games`: a summary line, or None for a game whose data comes in otherwise."""
        return None

    def sources(self) -> tuple[str, ...]:
        """The files (paths or URLs) `data_import` reads: `import_games` skips the import when the local files hash
        as at the last one and no card of the game was written since. () (or a URL among them): always import."""
        return ()

    def card_import(self, **options: Any) -> Any:
        """`manage.py import_cards --game`: a cards.services.ImportSummary."""
        raise NotImplementedError(f"{self.game.code} imports its cards with import_games")

    def api_fields(self, *, detail: bool) -> dict[str, Any]:
        """The default game's facts flat in the card API: read-only DRF fields by name."""
        return {}

    def deck_entry_facts(self, card: Any) -> dict:
        """`deck_entry_fields` of one of the game's cards.Card rows (its `relation` selected)."""
        facts = {}
        for key, path in self.deck_entry_fields.items():
            value = card
            for name in path.split("__"):
                value = getattr(value, name, None)
            facts[key] = value
        return facts

    def admin_inlines(self) -> tuple[type, ...]:
        """The admin inlines of the game's facts on a card's change page."""
        return ()

    def warm(self) -> None:
        """Build the process's in-memory indexes of the game (before the server forks)."""

    def card_details(self, *, card_id: int) -> dict | None:
        """The card page's and card API's `game_details`: {"facts", "links", "history"}; None: the row alone."""
        return None


@dataclass(frozen=True)
class CardBrowserFilters:
    """The card browser's form of a game besides its search box (docs/games.md, `search.browser_filters`)."""

    fields: Mapping[str, Any] = field(default_factory=dict)  # form field name (the URL parameter) -> django Field
    terms: Callable[[Mapping[str, Any]], list[str]] = lambda data: []  # cleaned values -> search terms (ANDed)
    template: str = ""  # the filter panel's template ("": no panel)
    orders: tuple[tuple[str, Any], ...] = (("name", _("Name")),)  # (value, label) of `search.run`, default first
    search_help: Any = _("Names in Japanese or English")  # the line under the search box


class Search(Capability):
    """The game's card search (docs/games.md, `search`); the default: the core's search by name words."""

    def orders(self) -> tuple[str, ...]:
        return ("name",)

    def run(self, *, q: str, order: str, as_of: date | None) -> Any:
        """An object with `ids`, `notes` and `as_of` (cards.selectors.SearchResult), or None: name words."""
        return None

    def help(self) -> str:
        """The game's search fields in Markdown ("": name words)."""
        return ""

    def name_suggestions(self, *, text: str) -> tuple[Any, ...]:
        """Closest names (objects with `id`, `name_ja`, `name_en`) when a search found nothing."""
        return ()

    def browser_filters(self) -> CardBrowserFilters:
        return CardBrowserFilters()


class Lists(Capability):
    """The game's dated lists and event overlays, kept as the core's dated events (docs/games.md, `lists`)."""

    limits: ClassVar[Mapping[str, int]] = {}  # a listing status -> the copies it allows
    combo_statuses: ClassVar[tuple[str, ...]] = ()
    unlisted_status: ClassVar[str] = ""
    # The list's own words an organizer may write before a card in an overlay's text -> the status (besides the
    # statuses themselves).
    text_words: ClassVar[Mapping[str, str]] = {}

    def text_status(self, word: str) -> str | None:
        """The status of an overlay text line's first word (a listing status, or one of `text_words`), or None."""
        word = word.strip().lower()
        if word in (self.unlisted_status, *self.limits) and word:
            return word
        return self.text_words.get(word)

    def statuses(self) -> tuple[str, ...]:
        """Every status of the game's dated events and overlays (the admin's choices; an import checks them)."""
        statuses = (self.unlisted_status, *self.limits, *self.combo_statuses)
        return tuple(status for status in statuses if status)

    def card_pool(self, *, format_code: str, as_of: date) -> Any | None:
        """The search's `legal:` / `banned:` / `limited:` terms' pool (cards.selectors.FormatCardPool), or None."""
        return None

    def list_import(self, *, source: str | None, format_code: str | None, log: Callable[[str], None]) -> dict | None:
        """`manage.py import_regulations --game`: the JSON report, or None."""
        return None

    def overlay_resolve(self, *, entries: list[Mapping], combos: list[Mapping]) -> tuple[list, list]:
        """An event overlay's entries and combos resolved: ([(card id, status)], [(id, id, kind)])."""
        raise ApplicationError(ErrorCode.UNKNOWN_FORMAT, f"The game {self.game.code!r} has no event overlays.")

    def format_admin_inlines(self) -> tuple[type, ...]:
        """Admin inlines of the game's own options of a format row."""
        return ()

    def format_serializer(self) -> type | None:
        """A DRF serializer of the game's own facts of a format row (`GET /formats/`), or None."""
        return None


MessagePatterns = tuple[tuple[re.Pattern, str], ...]


def message_patterns(*entries: str | tuple[str, str]) -> MessagePatterns:
    """English messages of another layer as the pages' table (web.i18n.server_message; a game's `pages.messages`):
    each entry a gettext_noop message shown when the text is that message; or `(text, message)` where the text is
    written otherwise. In a text, `%(name)s` stands for any value and `%(name)d` for a whole number, each handed to
    the message by its name; a text that starts with "^" is a regular expression of its own (its named groups)."""
    table = []
    for entry in entries:
        pair: tuple[str, str] = (entry, entry) if isinstance(entry, str) else entry
        text, message = pair
        table.append((re.compile(text if text.startswith("^") else _text_pattern(text)), message))
    return tuple(table)


_VALUES = {"s": ".*", "d": r"\d+"}


def _text_pattern(text: str) -> str:
    parts = re.split(r"%\((\w+)\)([sd])", text)  # text, name, kind, text, name, kind... text
    pattern = [re.escape(parts[0])]
    for index in range(1, len(parts), 3):
        name, kind, after = parts[index : index + 3]
        pattern += [f"(?P<{name}>{_VALUES[kind]})", re.escape(after)]
    return "^" + "".join(pattern) + "$"


class Pages(Capability):
    """What the shared pages show of the game (docs/games.md, `pages`); the defaults: the catalogue row alone."""

    templates: ClassVar[Mapping[str, str]] = {}  # a core template's name -> the game's fragment drawn in its place
    words: ClassVar[Mapping[str, Any]] = {}  # the game's data words -> their labels (lazy gettext)
    # The violation codes of the game's size rules, worded as sizes ("Main deck: 1 card too many"), and those of a
    # zone that may also be left empty.
    size_codes: ClassVar[frozenset[str]] = frozenset()
    size_codes_or_empty: ClassVar[frozenset[str]] = frozenset()
    # The zones a deck list's row counts, in order (None: every registered zone).
    deck_list_zones: ClassVar[tuple[str, ...] | None] = None
    # The game's English messages (its search fields' and decklist reader's errors, its odds' model note) shown in the
    # page's language: (compiled pattern, gettext_noop message with the pattern's named groups).
    messages: ClassVar[MessagePatterns] = ()  # message_patterns(...)
    # The game's own scripts and stylesheets (static paths, `<code>/...` of its `static/` folder) that every page
    # loads after the core's: a script (a module) hands the core's drawings its own parts (static/js/tile.js
    # `tileDrawing`), a stylesheet styles them.
    scripts: ClassVar[tuple[str, ...]] = ()
    stylesheets: ClassVar[tuple[str, ...]] = ()

    def template(self, name: str) -> str:
        return self.templates.get(name, name)

    def verdict_text(self, item: dict, *, card: str) -> str | None:
        """The short line of one of the game's own violation codes (`card`: its cards' names), or None."""
        return None

    def deck_list_zone_codes(self) -> tuple[str, ...]:
        return self.deck_list_zones or self.game.registered_zone_codes()

    def card_page_facts(self, *, card: Any, printings: list) -> dict | None:
        """{"abilities", "face_abilities", "printing_links", "picture"}, or None: the row alone."""
        return None

    def card_pictures(self, card_ids: Iterable[int]) -> dict[int, dict]:
        """Per card id, {"page", "image"} of its official picture; absent: none."""
        return {}

    def card_previews(self, card_ids: Iterable[int]) -> dict[int, dict]:
        """Per card id, the editor's hover preview: `abilities`, `halves`."""
        return {}

    def deck_filters(self) -> list[tuple[str, Any]]:
        """The deck lists' colour filter: (value, label) pairs."""
        return []

    def deck_filter_cards(self, value: str) -> Any | None:
        """The cards.Card queryset of one filter value, or None."""
        return None

    def card_add_zones(self, *, card_id: int) -> tuple[list[str], str]:
        """A card page's "add to a deck" zones and the one selected (default: every zone, the first)."""
        return list(self.game.zone_codes()), self.game.main_zone()

    # The deck lists of the page's game: what its colour filter and column are called; its cards' `cost` (ranks the
    # key card) and `colours` (the colour column: a list or one word) as paths from cards.Card (`cost` alone: the
    # catalogue's `deck_entry_fields`, which the deck API shows); the colour word of a deck whose cards have none
    # (None: no dot); the zone whose card names a deck (None: the main deck; Dragon Ball Super: the leader).
    # The game switch's short label (English, Japanese) on every page; None: the game's name.
    switch_names: ClassVar[tuple[str, str] | None] = None
    colour_label: ClassVar[Any] = _("Colours")
    list_fields: ClassVar[Mapping[str, str]] = {}
    no_colour: ClassVar[str | None] = None
    key_zone: ClassVar[str | None] = None
    # What the deck lists call the card that names a deck (Dragon Ball Super: its leader); and their kind column: a
    # cards.Card path to a card's kind (the OCG's monster / spell / trap), counted over the key zone, each kind
    # named by `kind_label` in `kind_order` (None: no such column).
    key_label: ClassVar[Any] = _("Key card")
    kind_field: ClassVar[str | None] = None
    kind_order: ClassVar[tuple[str, ...]] = ()

    def kind_label(self, value: str) -> str:
        return value

    # The names players use for the game's formats that keep no regulations.Format row (whose names win): code ->
    # (English, Japanese). A page never shows a format's code.
    format_names: ClassVar[Mapping[str, tuple[str, str]]] = {}

    def import_help(self) -> dict:
        """The import page's help, in the request's language: {"help": how lines and headings are written, "files":
        the accepted files (an <input accept>), "files_label", "example": a short list}."""
        return {
            "help": _("One card a line: 4 name, 4x name, name x4. Zone headings: the game's zone names."),
            "files": ".txt,text/plain",
            "files_label": _("Or a decklist file (text)"),
            "example": "",
        }

    def data_sources(self) -> list[dict]:
        """The sources the game's rules and data rest on, for the "about the data" page (never inside a verdict):
        each {"title", "where" (an address or a document), "date" or None}; none by default."""
        return []


def editor_zone(zone: GameZone, **layout: Any) -> dict:
    """One zone as the editor shows it: its code, names and key, and `layout` over the defaults."""
    row = {"code": zone.code, "name_en": zone.name_en, "name_ja": zone.name_ja, "hotkey": zone.hotkey, "size": None,
           "optional": False, "min": None, "max": None, "aside": False, "hint": ""}  # fmt: skip
    row.update(layout)
    return row


class Editor(Capability):
    """The deck editor and the deck statistics (docs/games.md, `editor`)."""

    save_key: ClassVar[str] = "card"  # the JSON decklist's key for a catalogue card id
    search_example: ClassVar[str] = ""
    # The order of the "type" groups (a card's English `card_type`; others after them), and the tag a search result
    # shows by the card's `zone` (a card that starts the game outside the deck) besides its `home` zone's name.
    type_order: ClassVar[tuple[str, ...]] = ()
    result_tags: ClassVar[Mapping[str, Any]] = {}

    def add_note(self) -> str:
        return ""

    def groupings(self) -> list[tuple[str, Any]]:
        """The "group by" choices (value, label), the first the default: `type` (a card's `group`, else its type line)
        and `cost` (its `cost`) the editor knows; another value groups by the card's own `groups[value]` ({"key",
        "en", "ja", "order"}) that `cards` gives."""
        return [("type", _("Card type")), ("cost", _("Cost"))]

    def zones(self, *, format_code: str, as_of: date | None = None) -> list[dict]:
        """Every zone of the game, without sizes, the last one aside."""
        zones = self.game.zones
        return [editor_zone(zone, aside=index == len(zones) - 1) for index, zone in enumerate(zones)]

    def cards(self, card_ids: Iterable[int]) -> dict[int, dict]:
        """Card id -> the tile's facts and `home`; absent: the core shows the catalogue row, `home` the first zone."""
        return {}

    def statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict | None:
        """(card id, zone, copies) -> the editor's `charts`, or None."""
        return None

    def deck_statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict | None:
        """(card id, zone, copies) -> the statistics API's answer, or None."""
        return None

    def state(
        self, *, zones: dict[str, dict[int, int]], format_code: str, as_of: date | None, overlay_id: str | None
    ) -> dict:
        """A working copy judged: {"legality", "stats", "cards", "zones"}."""
        game = self.game
        rows = [(zone, card, count) for zone, cards in zones.items() for card, count in cards.items()]
        report = game.legality_report(
            decklist=game.decklist(rows), format_code=format_code, as_of=as_of, overlay_id=overlay_id
        )
        return {
            "legality": report,
            "stats": self.statistics([(card, zone, count) for zone, card, count in rows]),
            "cards": self.cards([card for _zone, card, _count in rows]),
            "zones": self.zones(format_code=report.get("format") or format_code, as_of=as_of),
        }


class Board(Capability):
    """The solo board drawn from the game's own areas and setup as data (docs/games.md, `board`): one page draws
    every game's (templates/web/deck_board.html, static/js/board.js); the default is a plain table (a hand of five,
    the cards in play, the deck, a discard pile). None: a game that simulates keeps its own board (Duel Masters'
    一人回し)."""

    def __init__(self, layout: BoardLayout = TABLE_BOARD):
        self.layout = layout


class OddsQueries:
    """What `POST /odds/` may ask of a game's cards (`Odds` and `Simulation` both answer it): where they are counted
    (`where`: the hand by default) and the game's own checks of a query."""

    places: ClassVar[tuple[str, ...]] = ("hand",)

    def query_errors(self, query: Mapping[str, Any]) -> dict[str, str]:
        """A query's errors by field (none by default); `query` holds `where`, `by_turn` and `going`."""
        return {}


class Odds(Capability, OddsQueries):
    """Exact opening-hand odds of a game that does not simulate (docs/games.md, `odds`)."""

    def opening_odds(self, *, decklist: Any, groups: dict[str, list[str]], going_first: bool = True) -> dict | None:
        return None

    def opening_hand_table(self, *, decklist: Any) -> dict | None:
        """{"model", "model_ja", "columns", "rows"}, or None."""
        return None


class Simulation(Capability, OddsQueries):
    """The simulations' side of a game that runs them (docs/games.md, `simulation`); refusals are coded
    `games.registry.SimulationRejected`."""

    # The opening-hands results' columns of the game's own beside the hand's: (a card row's key, its label).
    hand_columns: ClassVar[tuple[tuple[str, Any], ...]] = ()

    def deck(self, *, decklist: Any) -> Any:
        """An object with `cards` and `facts_unavailable`."""
        raise NotImplementedError

    def key_cards(self, *, deck: Any, written: list) -> list[str]:
        raise NotImplementedError

    def records(self, *, cards: Any, deck_b: Any = None) -> tuple[list[dict], list[dict] | None]:
        raise NotImplementedError

    def chunk(self, *, kind: str, params: dict, seed: int, going: str, index: int, first_game: int, games: int) -> dict:
        raise NotImplementedError

    def result(self, *, kind: str, params: dict, seed: int, going: str, counts: list[dict]) -> dict:
        raise NotImplementedError

    def warm_up(self) -> None:
        return None

    def odds_report(self, *, decklist: Any, format_code: str | None) -> dict:
        raise NotImplementedError

    def odds_queries(self, *, decklist: Any, queries: list[dict], format_code: str | None) -> list[dict]:
        raise NotImplementedError


class HandOdds(Capability):
    """The hand odds by groups (games.hand_odds; docs/games.md, `hand_odds`): the game's opening as data."""

    def opening(self, *, format_code: str | None) -> Opening:
        """How a player of the format holds their first cards (the hand, the draws of the first turn going first
        and second, the cards set aside, the redraw, the model in words); the main deck (`main`) is the shuffled
        deck. Raises the coded UNKNOWN_FORMAT for a format the game does not have."""
        raise NotImplementedError

    def shuffled(self, main: Mapping[Any, int]) -> dict[Any, int]:
        """The cards of the main deck (card id -> copies) that are shuffled into the deck the opening deals from: all
        of them, unless the game sets some aside before the game starts."""
        return dict(main)


class Aliases(Capability):
    """The game's older public names of the core's neutral ones (docs/games.md, `aliases`), which the clients written
    before them still send and read: the API answers them beside the neutral key in the game's rows, and the pages
    read the older URL parameter when the neutral one is absent. None by default."""

    keys: ClassVar[Mapping[str, str]] = {}  # an API row's neutral key -> the game's older key, answered beside it
    parameters: ClassVar[Mapping[str, str]] = {}  # a page's neutral URL parameter -> the game's older one

    def row(self, row: dict) -> dict:
        """`row` (an API answer's row of the game: a card face, a deck entry, a format) with the older keys beside
        the neutral ones it holds."""
        for key, older in self.keys.items():
            if key in row and older not in row:
                row[older] = row[key]
        return row

    def parameter(self, query: Mapping[str, str], name: str, default: str = "") -> str:
        """The value of a page's URL parameter `name`, or of the game's older name of it when `name` is absent."""
        if name in query:
            return query[name]
        older = self.parameters.get(name)
        return query.get(older, default) if older else default
