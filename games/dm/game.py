"""Duel Masters behind the registry (issue 19): the core's operations, each one a call to the DM code that was
always there (games.dm.rules for the pure rules; its catalogue mapping: games.dm.catalogue the importer,
games.dm.resolver the name resolver and decklist reading, games.dm.search the search fields and index;
games.dm.legality for the Hall of Fame over the core's dated events and overlays), so no DM answer changes."""

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from types import MappingProxyType
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.capabilities import Aliases, Catalogue, Editor, HandOdds, Lists, Pages, Search, Simulation
from games.dm.rules.cards import SHORT_FORM_RULES
from games.dm.rules.deck_hash import deck_hash
from games.dm.rules.decklist import Decklist, DecklistLine, decklist_to_json, decklist_to_text, parse_json, parse_text
from games.dm.rules.legality.engine import SIZE_CODES
from games.dm.rules.odds import Where
from games.dm.rules.statistics import CURVE_COLUMNS, NO_COST, STACKS, deck_statistics
from games.dm.rules.vocabulary import DeckZone, RegulationStatus, ViolationCode, Zone
from games.dm.words import DISPLAY_WORDS, MESSAGES
from games.hand_odds import Opening
from games.registry import Game, GameZone, ReadLine


class DmCatalogue(Catalogue):
    short_form_rules = SHORT_FORM_RULES
    relation = "dm"
    order = ("dm__cost",)
    deck_entry_fields = MappingProxyType({"cost": "dm__cost", "colours": "dm__civilizations"})

    def card_import(self, **options: Any) -> Any:
        from games.dm.catalogue import card_import

        return card_import(**options)

    def api_fields(self, *, detail: bool) -> dict[str, Any]:
        from games.dm.apis import card_api_fields

        return card_api_fields(detail=detail)

    def admin_inlines(self) -> tuple[type, ...]:
        from games.dm.admin import DmCardInline

        return (DmCardInline,)

    def warm(self) -> None:
        from games.dm.resolver import get_resolver
        from games.dm.search import search_index_get

        get_resolver()
        search_index_get()  # after the resolver: free words are matched in the resolver's name index


class DmSearch(Search):
    def orders(self) -> tuple[str, ...]:
        from games.dm.query import CARD_ORDERS

        return CARD_ORDERS

    def run(self, *, q: str, order: str, as_of: date | None) -> Any:
        from games.dm.search import card_search_result

        return card_search_result(q=q, order=order, as_of=as_of)

    def help(self) -> str:
        from games.dm.query import SEARCH_HELP

        return SEARCH_HELP

    def name_suggestions(self, *, text: str) -> tuple[Any, ...]:
        """The decklist reader's suggestion index, so that a search and a pasted line suggest the same cards."""
        from games.dm.resolver import card_name_suggestions

        return card_name_suggestions(text=text)

    def browser_filters(self) -> Any:
        from games.dm.browser import card_browser_filters

        return card_browser_filters()


class DmLists(Lists):
    """The Hall of Fame over the core's dated events and overlays (games.dm.legality, games.dm.hall_of_fame)."""

    limits = MappingProxyType({RegulationStatus.LIMITED.value: 1, RegulationStatus.BANNED.value: 0})
    combo_statuses = (RegulationStatus.PREMIUM_COMBO.value, RegulationStatus.PREMIUM_HYPERSPATIAL_COMBO.value)
    unlisted_status = RegulationStatus.UNRESTRICTED.value
    # The official list's words in an overlay's text: プレミアム殿堂 (banned), 殿堂(入り) (limited), 解除 (lifted).
    text_words = MappingProxyType(
        {
            "プレミアム殿堂": RegulationStatus.BANNED.value,
            "殿堂": RegulationStatus.LIMITED.value,
            "殿堂入り": RegulationStatus.LIMITED.value,
            "解除": RegulationStatus.UNRESTRICTED.value,
        }
    )

    def format_admin_inlines(self) -> tuple[type, ...]:
        """Its zones, sizes, copy limits, partner and setup of a format (games.dm.models.DmFormat)."""
        from games.dm.admin import DmFormatInline

        return (DmFormatInline,)

    def format_serializer(self) -> type:
        """The format API's Duel Masters keys, as they always were (games.dm.apis)."""
        from games.dm.apis import FormatFactsSerializer

        return FormatFactsSerializer

    def overlay_resolve(self, *, entries: list[Mapping], combos: list[Mapping]) -> tuple[list, list]:
        from games.dm.legality import overlay_resolve

        return overlay_resolve(entries=entries, combos=combos)

    def card_pool(self, *, format_code: str, as_of: date) -> Any:
        from games.dm.legality import format_card_pool

        return format_card_pool(format_code, as_of)

    def list_import(self, *, source: str | None, format_code: str | None, log: Callable[[str], None]) -> dict:
        from pathlib import Path

        from django.conf import settings

        from games.dm.blocks import block_import, block_report_log
        from games.dm.hall_of_fame import regulation_import, report_log

        report = regulation_import(source=source, format_code=format_code)
        report_log(report, log=log)
        # The blocks bind 2ブロック as the Hall of Fame binds every format: imported with it, from their own file.
        # (A data set without blocks.json imports no block: 2ブロック then warns that no block is known.)
        if not Path(settings.BLOCK_DATA_SOURCE).exists():
            return report.as_dict()
        blocks = block_import()
        block_report_log(blocks, log=log)
        return {**report.as_dict(), "blocks": blocks.as_dict()}


class DmPages(Pages):
    """games/dm/pages.py; the pages' fragments (games/dm/templates/dm/): the drawn card tile, the card page's facts
    and faces, the deck sheets' columns; its data words (games/dm/words.py)."""

    templates = MappingProxyType(
        {
            "web/_tile.html": "dm/tile.html",
            "web/_card_page.html": "dm/card_page.html",
            "web/deck_sheet.html": "dm/deck_sheet.html",
            "decks/deck_sheet.html": "dm/deck_sheet_export.html",
            "web/deck_solo.html": "dm/deck_solo.html",  # its own solo board (games/dm/static/dm/solo.js)
            "web/_odds_table.html": "dm/odds_table.html",  # the exact odds with its shields (games/dm/rules/odds.py)
        }
    )
    words = MappingProxyType(DISPLAY_WORDS)
    messages = MESSAGES
    # The tiles drawn in the browser: the keyword icons, a twinpact's halves (static/dm/tile.js), their colours.
    scripts = ("dm/tile.js",)
    stylesheets = ("dm/cards.css",)
    # A deck list's row counts the 60 cards' zones (the partner is a single card, shown on the deck's page).
    deck_list_zones = (DeckZone.MAIN.value, DeckZone.HYPERSPATIAL.value, DeckZone.GR.value)
    size_codes = frozenset(str(code) for code in SIZE_CODES)
    size_codes_or_empty = frozenset({ViolationCode.GR_SIZE.value})  # 100.4: the super GR zone unused or exactly full
    colour_label = _("Civilizations")
    # The deck lists' colour column: its civilizations (a deck of colourless cards alone shows the colourless dot).
    list_fields = MappingProxyType({"cost": "dm__cost", "colours": "dm__civilizations"})
    no_colour = "colorless"

    def import_help(self) -> dict:
        return {
            "help": _(
                "One card a line: 4 name, 4x name, name x4, 《name》 4枚. Sections: main / hyperspatial / gr / "
                "considering (or メイン / 超次元 / 超GR)."
            ),
            "files": ".txt,text/plain",
            "files_label": _("Or a decklist file (text)"),
            "example": "メイン\n4 ボルシャック・ドラゴン\n4 アクア・ハルカス\n"
            "超次元\n1 時空の火焔ボルシャック・ドラゴン",
        }

    def verdict_text(self, item: dict, *, card: str) -> str | None:
        from games.dm.pages import verdict_text

        return verdict_text(item, card=card)

    def card_page_facts(self, *, card: Any, printings: list) -> dict:
        from games.dm.pages import card_page_facts

        return card_page_facts(card=card, printings=printings)

    def card_pictures(self, card_ids: Iterable[int]) -> dict[int, dict]:
        from games.dm.pages import card_pictures

        return card_pictures(card_ids)

    def card_previews(self, card_ids: Iterable[int]) -> dict[int, dict]:
        from games.dm.pages import card_previews

        return card_previews(card_ids)

    def deck_filters(self) -> list[tuple[str, Any]]:
        from games.dm.pages import deck_filters

        return deck_filters()

    def deck_filter_cards(self, value: str) -> Any:
        from games.dm.pages import deck_filter_cards

        return deck_filter_cards(value)

    def card_add_zones(self, *, card_id: int) -> tuple[list[str], str]:
        from games.dm.pages import card_add_zones

        return card_add_zones(card_id)


class DmEditor(Editor):
    """games/dm/editor.py; the statistics: games.dm.rules.statistics."""

    search_example = "civ:fire cost<=3"
    type_order = (
        "Creature", "Evolution Creature", "Spell", "Twinpact", "Cross Gear", "Castle", "Field", "Psychic Creature",
        "GR Creature",
    )  # fmt: skip
    result_tags = MappingProxyType({Zone.HYPERSPATIAL.value: _("Hyperspatial"), Zone.SUPER_GR.value: "GR"})

    def add_note(self) -> str:
        from games.dm.editor import add_note

        return add_note()

    def zones(self, *, format_code: str, as_of: date | None = None) -> list[dict]:
        from games.dm.editor import editor_zones

        return editor_zones(format_code=format_code, zones=self.game.zones)

    def cards(self, card_ids: Iterable[int]) -> dict[int, dict]:
        from games.dm.editor import editor_cards

        return editor_cards(card_ids)

    def statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict:
        from games.dm.editor import editor_statistics

        return editor_statistics(entries)

    def deck_statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict:
        """Zone counts, the mana curve (main deck, by cost, stacked by civilization), civilization and type
        distributions, shield triggers with the exact chance of at least one among the five shields, multicolored
        count (games.dm.rules.statistics)."""
        from games.dm.resolver import get_resolver

        rows = list(entries)
        zone_totals: Counter[str] = Counter()
        for _card_id, zone, quantity in rows:
            zone_totals[zone] += quantity
        resolver = get_resolver()
        stats = deck_statistics(
            (resolver.facts(card_id), quantity) for card_id, zone, quantity in rows if zone == DeckZone.MAIN.value
        )
        probability = stats.trigger_probability
        empty: Counter[str] = Counter()
        return {
            "counts": {zone.code: zone_totals[zone.code] for zone in self.game.zones},
            "mana_curve": [
                {
                    "cost": column,
                    "total": sum(stats.curve.get(column, empty).values()),
                    "by_civilization": dict(sorted(stats.curve.get(column, empty).items())),
                }
                for column in (*CURVE_COLUMNS, NO_COST)
                if column != NO_COST or column in stats.curve
            ],
            "civilizations": {civ: stats.civilizations[civ] for civ in STACKS if stats.civilizations[civ]},
            "card_types": dict(
                sorted(
                    ((card_type or "unknown", n) for card_type, n in stats.card_types.items()),
                    key=lambda kv: (-kv[1], kv[0]),
                )
            ),
            "multicolored": stats.multicolored,
            "shield_triggers": {
                "count": stats.shield_triggers,
                "p_at_least_one_in_shields": float(probability),
                "p_at_least_one_in_shields_exact": f"{probability.numerator}/{probability.denominator}",
                "expected_in_shields": float(stats.expected_triggers_in_shields),
            },
        }


class DmHandOdds(HandOdds):
    def opening(self, *, format_code: str | None) -> Opening:
        """103.3: 5 shields from the top of the shuffled deck, then a 5-card hand; 500.6: the player going first skips
        the first draw. Duel Party (its format's setup): 6 shields, 6 cards, a draw on every first turn. The shields
        are set aside before the hand, which is still a uniform sample of the deck."""
        from games.dm.legality import format_setup
        from games.dm.rules.odds import STANDARD

        setup = format_setup(code=format_code) if format_code else STANDARD
        first = 1 if setup.first_player_draws else 0
        return Opening(
            hand=setup.hand,
            draws_going_first=first,
            draws_going_second=1,
            set_aside=setup.shields,
            model_en=f"Exact (multivariate hypergeometric): {setup.shields} shields set from the top, then a "
            f"{setup.hand}-card hand (103.3); going first {'draws' if first else 'skips the first draw (500.6)'}, "
            "going second draws 1. The shields do not change the law of the hand: it is a uniform sample of the deck.",
            model_ja=f"厳密計算（多変量超幾何分布）：山札の上から{setup.shields}枚をシールドに、次に手札{setup.hand}枚"
            f"（103.3）。先攻は{'最初のターンにドローする' if first else '最初のドローなし（500.6）'}、"
            "後攻は1枚ドロー。"
            "シールドは手札の分布を変えない（手札は山札の一様な標本）。",
        )

    def shuffled(self, main: Mapping[Any, int]) -> dict[Any, int]:
        """100.5, 103.3: a start-of-game card (its set by the legality check's table, games.dm.legality.start_set_of)
        is put into the battle zone before the shields and the hand are dealt: it is never in the shuffled deck."""
        from games.dm.legality import _get_resolver, start_set_of

        resolver = _get_resolver()
        kept = {}
        for key, copies in main.items():
            try:
                facts = resolver.facts(int(key))
            except (KeyError, TypeError, ValueError):
                kept[key] = copies  # not a card id of the catalogue: the service refuses it by its own rule
                continue
            if not start_set_of(card=facts):
                kept[key] = copies
        return kept


class DmSimulation(Simulation):
    """The goldfish and the odds (games/dm/simulation.py, over games.dm.rules.goldfish and .odds)."""

    hand_columns = (("in_shields", _("In shields")), ("in_hand_or_shields", _("In hand or shields")))
    places = tuple(where.value for where in Where)  # POST /odds/ `where`: the hand, the shields, either

    def query_errors(self, query: Mapping[str, Any]) -> dict[str, str]:
        if query.get("where") == Where.SHIELDS and query.get("by_turn"):
            # 103.3: the shields are set before the first draw; draws never change them.
            return {"by_turn": "The shields are fixed at set-up: by_turn must be 0."}
        return {}

    def deck(self, *, decklist: Decklist) -> Any:
        from games.dm.simulation import simulation_deck

        return simulation_deck(decklist=decklist)

    def key_cards(self, *, deck: Any, written: list) -> list[str]:
        from games.dm.simulation import key_ids

        return key_ids(deck, written)

    def records(self, *, cards: Any, deck_b: Any = None) -> tuple[list[dict], list[dict] | None]:
        from games.dm.simulation import records

        return records(cards, deck_b)

    def chunk(self, *, kind: str, params: dict, seed: int, going: str, index: int, first_game: int, games: int) -> dict:
        from games.dm.simulation import chunk_counts

        return chunk_counts(
            kind=kind, params=params, seed=seed, going=going, index=index, first_game=first_game, games=games
        )

    def result(self, *, kind: str, params: dict, seed: int, going: str, counts: list[dict]) -> dict:
        from games.dm.simulation import merged_result

        return merged_result(kind=kind, params=params, seed=seed, chunks=counts)

    def warm_up(self) -> None:
        from games.dm.simulation import warm_up

        warm_up()

    def odds_report(self, *, decklist: Decklist, format_code: str | None) -> dict:
        from games.dm.simulation import odds_deck_report

        return odds_deck_report(decklist=decklist, format_code=format_code)

    def odds_queries(self, *, decklist: Decklist, queries: list[dict], format_code: str | None) -> list[dict]:
        from games.dm.simulation import odds_query

        return odds_query(decklist=decklist, queries=queries, format_code=format_code)


class DmAliases(Aliases):
    """The names the API and the pages had before the core's were every game's, which clients written then still read
    and send: a face's and a deck entry's `colours` were its `civilizations`, a format's `dated_list` was its
    `hall_of_fame`, the deck lists' `colour` parameter was `civ`."""

    keys = MappingProxyType({"colours": "civilizations", "dated_list": "hall_of_fame"})
    parameters = MappingProxyType({"colour": "civ"})


class DuelMasters(Game):
    code = "dm"
    name_en = "Duel Masters"
    name_ja = "デュエル・マスターズ"
    default_format = "advance"
    # Rules 100.2-100.4: the main deck, the hyperspatial zone and the super GR zone are registered, and the Duel Party
    # partner; the considering list is the editor's own (never registered, hashed or checked).
    zones = (
        GameZone(DeckZone.MAIN.value, "Main deck", "メインデッキ", registered=True, hotkey="m"),
        GameZone(DeckZone.HYPERSPATIAL.value, "Hyperspatial zone", "超次元ゾーン", registered=True, hotkey="h"),
        GameZone(DeckZone.GR.value, "Super GR zone", "超GRゾーン", registered=True, hotkey="g"),
        # デュエパーティー: the partner creature, registered with the 60 cards (official Duel Party rules).
        GameZone(DeckZone.PARTNER.value, "Partner", "パートナー", registered=True, hotkey="p"),
        GameZone(DeckZone.CONSIDERING.value, "Considering", "検討中", registered=False, hotkey="c"),
    )
    catalogue = DmCatalogue()
    search = DmSearch()
    lists = DmLists()
    pages = DmPages()
    editor = DmEditor()
    simulation = DmSimulation()
    hand_odds = DmHandOdds()
    aliases = DmAliases()
    board = None  # its own board: shields, mana, the hyperspatial and GR zones (dm/deck_solo.html)

    def parse_text(self, text: str, *, with_names: bool = True) -> Decklist:
        if not with_names:
            return parse_text(text)
        from games.dm.resolver import decklist_parse, get_resolver

        return decklist_parse(text, resolver=get_resolver())

    def parse_json(self, data: object) -> Decklist:
        return parse_json(data)  # type: ignore[arg-type]  # parse_json checks the structure itself

    def decklist(self, rows: Iterable[tuple[str, str | int, int]]) -> Decklist:
        return Decklist(
            lines=tuple(
                DecklistLine(zone=DeckZone(zone), card=card, count=count, line=None) for zone, card, count in rows
            )
        )

    def decklist_to_text(self, decklist: Decklist, *, headings: dict[str, str] | None = None) -> str:
        return decklist_to_text(decklist, headings=headings)

    def decklist_to_json(self, decklist: Decklist) -> dict:
        return decklist_to_json(decklist)

    def read_decklist(self, decklist: Decklist) -> list[ReadLine]:
        """Every line resolved by the catalogue's name resolver; a card written in another zone than its own goes to
        its own zone (`moved`), except in the considering list."""
        from games.dm.resolver import decklist_read, get_resolver, read_line_json

        return [
            ReadLine(
                status=row.status.value,
                zone=row.zone.value if row.zone is not None else None,
                card_id=row.card.id if row.card is not None else None,
                count=row.count,
                json=read_line_json(row),
            )
            for row in decklist_read(decklist, resolver=get_resolver(), move_all=True)
        ]

    def deck_hash(self, cards: Iterable[tuple[str, int, int]], unresolved: Iterable[tuple[str, str, int]] = ()) -> str:
        return deck_hash(cards, unresolved)

    # --- formats and legality (games.dm.legality: the Hall of Fame over the core's dated events and overlays)
    def format_check(self, format_code: str) -> None:
        from games.dm.legality import dm_format

        dm_format(code=format_code)

    def legality_report(
        self, *, decklist: Decklist, format_code: str, as_of: date | None, overlay_id: str | None
    ) -> dict:
        from games.dm.legality import legality_report

        return legality_report(decklist=decklist, format_code=format_code, as_of=as_of, overlay_id=overlay_id)

    def legality_reports(
        self, *, decklists: list[Decklist], format_code: str, as_of: date | None, overlay_id: str | None
    ) -> list[dict]:
        from games.dm.legality import legality_reports

        return legality_reports(decklists=decklists, format_code=format_code, as_of=as_of, overlay_id=overlay_id)

    def legality_context(self, *, format_code: str, as_of: date | None, overlay_id: str | None) -> Any:
        from games.dm.legality import legality_context

        return legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)

    def context_report(self, decklist: Decklist, context: Any, *, include_lines: bool = True) -> dict:
        from games.dm.legality import report_for

        return report_for(decklist, context, include_lines=include_lines)


GAME = DuelMasters()
