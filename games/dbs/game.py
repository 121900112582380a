"""The Dragon Ball Super Card Game (Masters) behind the registry (issue 21): every core operation is a call to the
game's pure rules (games.dbs.rules) over the catalogue built once per process from the database
(games.dbs.catalogue.state).

A decklist is read by the rules' reader (every layout of the issue: `4 Name [BT10-100]`, `4x BT10-100`,
`BT10-100 x4`, names under Leader / Main Deck / Z Deck / Side Deck headings, the leader line `Front // Back
[NUMBER]`), so a JSON decklist and a stored deck are read as the same text would be: one reading, one count by card
number (variants folded to their base number, 2-15-2-1, 5-1-3-1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from types import MappingProxyType
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import games.base
from api.codes import ApplicationError, ErrorCode
from games.capabilities import Aliases, Board, Catalogue, Editor, HandOdds, Odds, Pages, Search
from games.dbs import catalogue as db
from games.dbs.rules import decklist as reader
from games.dbs.rules import official
from games.dbs.rules.board import BOARD
from games.dbs.rules.cards import NUMBER, fold_number
from games.dbs.rules.legality import (
    RULE_VERSIONS,
    SIZE_CODES,
    RulesUnavailable,
    check_decklist,
    rule_version_in_force,
)
from games.dbs.rules.odds import HAND, LIFE, POLICY_TEXT, OddsError, Redraw, opening_odds
from games.dbs.rules.vocabulary import Zone
from games.dbs.statistics import CURVE, deck_tally
from games.hand_odds import Opening
from games.registry import Game, GameZone, ReadLine

CODE = "dbs"
FORMAT = "masters"  # the one format: the construction rules in force on the check's date (legality.RULE_VERSIONS)
_HEADINGS = {Zone.LEADER: "Leader", Zone.MAIN: "Main Deck", Zone.Z: "Z Deck", Zone.SIDE: "Side Deck"}
COLORS = ("Red", "Blue", "Green", "Yellow", "Black", "White")
_ZONE_VALUE = {zone: zone.value for zone in Zone}


class DbsDecklistError(games.base.DecklistFormatError):
    pass


@dataclass(frozen=True, slots=True)
class DbsDecklist(games.base.Decklist):
    """A decklist as the core sees it (`lines`, `errors`: games.base), with the rules' reading of it (`read`)."""

    read: reader.Decklist = field(kw_only=True)
    numbered: bool = field(default=True, kw_only=True)  # lines numbered as written (a pasted text), else not (stored)


def _read(text: str, *, numbered: bool = True) -> DbsDecklist:
    try:
        read = reader.read_decklist(text, db.state().catalogue)
    except reader.DecklistTooLong as exc:
        raise ApplicationError(ErrorCode.DECKLIST_TOO_LARGE, str(exc)) from exc
    lines = tuple(
        games.base.Line(
            _ZONE_VALUE[line.zone or Zone.MAIN],
            line.card_number if line.card_number else line.text,
            line.count or 0,
            line.line if numbered else None,
        )
        for line in read.card_lines()
    )
    errors = tuple(read.errors)  # games.base.LineError: a count outside games.base.count_problem's rule
    return DbsDecklist(lines=lines, read=read, errors=errors, numbered=numbered)


def _rows_text(rows: Iterable[tuple[str, str | int, int]]) -> str:
    """Stored rows (zone, card id or name, copies) as a text the reader reads: a heading per zone, `N card` lines."""
    state = db.state()
    by_zone: dict[str, list[str]] = {}
    for zone, card, count in rows:
        if isinstance(card, int) and not isinstance(card, bool):
            written = state.key_by_id.get(card, f"card id {card}")
        else:
            written = " ".join(str(card).split())  # one line, whatever the JSON held
        by_zone.setdefault(str(zone), []).append(f"{int(count)} {written}")
    out = []
    for zone, heading in _HEADINGS.items():
        if zone.value in by_zone:
            out += [heading, *by_zone.pop(zone.value)]
    for zone, lines in by_zone.items():  # a zone the game does not have: read under a heading that is no zone
        out += [f"{zone}:", *lines]
    return "\n".join(out) + "\n"


def _card_json(state: db.State, number: str | None) -> dict | None:
    if number is None or number not in state.id_by_number:
        return None
    card_id = state.id_by_number[number]
    return {"id": card_id, "name_ja": state.key_by_id[card_id], "name_en": state.catalogue.card(number).name}


class DbsCatalogue(Catalogue):
    def data_import(self, *, log) -> str:
        summary = db.data_import(log=lambda text: None)
        return summary.line(db.data_source("cards.json"))

    def sources(self) -> tuple[str, ...]:
        return (db.data_source("cards.json"), db.data_source("banlist.json"))

    def warm(self) -> None:
        """The process's catalogue, its search index and its name matcher (a misspelt name's suggestions), built
        before the server forks its workers: a worker's first search took 1.5 s to build them."""
        from games.dbs.search import index

        index()
        db.state().catalogue.suggestions("warm")  # the matcher is built on the first unknown name

    def card_details(self, *, card_id: int) -> dict | None:
        """The card's own facts by card number (a leader's two sides, front and awakened), its printings' numbers and
        its entries in the (unverified) ban list."""
        from games.dbs.models import DbsBanEntry, DbsCardFacts

        row = DbsCardFacts.objects.filter(card_id=card_id).first()
        if row is None:
            return None
        flags = [name for name, on in (("Ultimate", row.ultimate), ("Super Combo", row.super_combo),
                                        ("Dragon Ball", row.dragon_ball)) if on]  # fmt: skip
        front = [
            (_("Card number"), row.card_number),
            (_("Variant numbers"), ", ".join(row.variant_numbers)),
            (_("Card type"), row.card_type),
            (_("Colours"), " / ".join(row.colors)),
            (_("Energy cost"), row.energy_cost),
            (_("Combo"), f"{row.combo_energy} / +{row.combo_power}" if row.combo_power is not None else None),
            (_("Power"), row.power),
            (_("Characters"), ", ".join(row.characters)),
            (_("Special traits"), ", ".join(row.special_traits)),
            (_("Era"), row.era),
            (_("Construction"), ", ".join(flags)),
            (_("Set"), f"{row.set_code} {row.set_name}".strip()),
        ]
        sides = [{"title": _("Front") if row.back_name else None, "facts": _facts(front)}]
        if row.back_name:  # a leader awakens: its back side has its own name, power, characters and traits
            back = [
                (_("Name"), row.back_name),
                (_("Power"), row.back_power),
                (_("Characters"), ", ".join(row.back_characters)),
                (_("Special traits"), ", ".join(row.back_special_traits)),
                (_("Era"), row.back_era),
            ]
            sides.append({"title": _("Awakened"), "facts": _facts(back)})
        banned = DbsBanEntry.objects.filter(card_number=row.card_number).order_by("date")
        history = [
            {"effective": entry.date.isoformat() if entry.date else "–", "status": entry.status,
             "copies": entry.max_copies}
            for entry in banned
        ]  # fmt: skip
        links = [{"label": _("Official card list"), "url": official.card_list_page(row.card_number)}]
        # The official pictures (a Leader's awakened back too), which the card page drops when external images are off.
        host = settings.DBS_CARD_IMAGE_HOST
        label = _("Front") if row.back_name else ""
        pictures: list[dict] = [{"image": official.card_image(row.card_number, host=host), "label": label}]
        if row.back_name:
            pictures.append({"image": official.card_image_back(row.card_number, host=host), "label": _("Awakened")})
        details = {"card_number": row.card_number, "sides": sides, "links": links, "history": history}
        return {**details, "pictures": pictures}


class DbsSearch(Search):
    def help(self) -> str:
        from games.dbs.search import SEARCH_HELP

        return SEARCH_HELP

    def orders(self) -> tuple[str, ...]:
        from games.dbs.search import ORDERS

        return ORDERS

    def run(self, *, q: str, order: str, as_of: date | None):
        from games.dbs.search import card_search

        return card_search(q=q, order=order, as_of=as_of)

    def browser_filters(self) -> Any:
        from games.dbs.browser import card_browser_filters

        return card_browser_filters()


class DbsPages(Pages):
    # Its ban list's statuses (not Duel Masters' プレミアム殿堂 and 殿堂入り).
    words = MappingProxyType(
        {
            "banned": pgettext_lazy("DBS list status", "Banned"),
            "limited": pgettext_lazy("DBS list status", "Limited"),
        }
    )
    size_codes = frozenset(str(code) for code in SIZE_CODES)  # the sizes a buildable deck may break
    # The deck lists: a deck named by its leader, its cards' colours, filtered by them.
    list_fields = MappingProxyType({"cost": "dbs__energy_cost", "colours": "dbs__colors"})
    key_zone = Zone.LEADER.value
    key_label = _("Leader")
    switch_names = ("DBS", "ドラゴンボール超")
    format_names = MappingProxyType({FORMAT: ("Masters (official rules)", "マスターズ（公式ルール）")})

    def deck_filters(self) -> list[tuple[str, Any]]:
        from games.dbs.browser import COLOR_CHOICES

        return list(COLOR_CHOICES)

    def deck_filter_cards(self, value: str) -> Any:
        from cards.models import Card
        from games.dbs.models import DbsCardFacts

        if value not in {code for code, _label in self.deck_filters()}:
            return None
        ids = [pk for pk, colors in DbsCardFacts.objects.values_list("card_id", "colors") if value.title() in colors]
        return Card.objects.filter(game=CODE, id__in=ids)

    def import_help(self) -> dict:
        return {
            "help": _(
                "One card a line by card number or name: 4x BT10-100, BT10-100 x4, 4 Son Goku [BT1-031]. Headings: "
                "Leader / Main Deck / Z Deck / Side Deck; the leader may be written Front // Back [number]."
            ),
            "files": ".txt,text/plain",
            "files_label": _("Or a decklist file (text)"),
            "example": "Leader\n1 Champa // God of Destruction Champa [BT1-001]\nMain Deck\n4x BT1-032\n4 BT1-035",
        }

    def data_sources(self) -> list[dict]:
        from games.dbs.rules.legality import SOURCES

        rules = [source.as_dict() for source in SOURCES.values()]
        try:
            banlist = db.state().banlist
        except Exception:  # noqa: BLE001 - the page lists what it can; the catalogue may not be imported yet
            return rules
        return rules + [{"title": "Banned/limited list (unverified)", "where": source, "date": None}
                        for source in banlist.sources]  # fmt: skip

    def card_pictures(self, card_ids: Iterable[int]) -> dict[int, dict]:
        """The official card image by card number and the card-list page (games/dbs/rules/official.py)."""
        from games.dbs.editor import card_pictures

        return card_pictures(card_ids)


class DbsOdds(Odds):
    def opening_odds(self, *, decklist: DbsDecklist, groups: dict[str, list[str]], going_first: bool = True) -> dict:
        """Exact odds of each group of cards (card numbers, variants, names or ids) in the 6-card hand after the one
        redraw (5-2-1-6, 5-2-1-6-1; policy: return every card that is not of the group) and not all stuck in the 8
        life cards (5-2-1-7). Going first or second does not change the setup."""
        state = db.state()
        main = decklist.read.copies(Zone.MAIN)
        deck_size = sum(main.values())
        policy = Redraw.RETURN_NON_X
        out = {}
        for name, refs in groups.items():
            resolved = [(ref, self._number(state, ref)) for ref in refs]
            missing = [str(ref) for ref, number in resolved if number not in main]
            numbers = {number for _ref, number in resolved if number is not None}
            if missing or not numbers:
                raise ApplicationError(
                    ErrorCode.CARD_NOT_IN_DECK,
                    f"Group {name!r} names a card the main deck does not hold.",
                    {"group": name, "cards": missing},
                )
            try:
                odds = opening_odds(deck_size=deck_size, copies=sum(main[n] for n in numbers), policy=policy)
            except OddsError as exc:
                raise ApplicationError(ErrorCode.DECK_TOO_SMALL, str(exc), {"deck_size": deck_size}) from exc
            out[name] = {"cards": sorted(numbers), **odds.as_dict()}
        return {
            "game": CODE,
            "deck_size": deck_size,
            "hand": HAND,
            "life": LIFE,
            "redraw_policy": POLICY_TEXT[policy],
            "model": "exact: 6-card hand (5-2-1-6), one redraw returning every card that is not of the group "
            "(5-2-1-6-1), then the top 8 cards as life (5-2-1-7)",
            "groups": out,
        }

    def opening_hand_table(self, *, decklist: DbsDecklist) -> dict:
        """Each main-deck card number: in the 6-card hand after the one redraw, and not every copy stuck in life."""
        state = db.state()
        main = decklist.read.copies(Zone.MAIN)
        deck_size = sum(main.values())
        rows = []
        try:
            for number, copies in main.items():
                odds = opening_odds(deck_size=deck_size, copies=copies, policy=Redraw.RETURN_NON_X).as_dict()
                facts = state.facts.get(number, {})
                name = facts.get("card__name_en") or number
                name_ja = facts.get("card__name_ja") or name
                values = [odds["in_hand"], odds["not_stuck_in_life"]]
                rows.append({"name": f"{name} [{number}]", "name_ja": f"{name_ja} [{number}]", "copies": copies,
                             "values": values})  # fmt: skip
        except OddsError as exc:
            raise ApplicationError(ErrorCode.DECK_TOO_SMALL, str(exc), {"deck_size": deck_size}) from exc
        return {
            "model": f"Exact: 6-card hand (5-2-1-6), one redraw ({POLICY_TEXT[Redraw.RETURN_NON_X]}), then the top "
            "8 cards as life (5-2-1-7).",
            "model_ja": "厳密計算：手札6枚（5-2-1-6）、そのカード以外をすべて戻す引き直し1回（5-2-1-6-1）、"
            "山札の上から8枚をライフに（5-2-1-7）。",
            "columns": [
                {"name_en": "In hand after the redraw", "name_ja": "引き直し後の手札に"},
                {"name_en": "Not all in life", "name_ja": "全てがライフに埋まらない"},
            ],
            "rows": rows,
        }

    @staticmethod
    def _number(state: db.State, ref: str | int) -> str | None:
        if isinstance(ref, int) and not isinstance(ref, bool):
            return state.number_by_id.get(ref)
        text = str(ref)
        number = NUMBER.search(fold_number(text))
        if number is not None:
            return state.catalogue.lookup_number(number.group(0)).card_number
        named = state.catalogue.named(text)
        return named[0].card_number if len(named) == 1 else None


class DbsHandOdds(HandOdds):
    def opening(self, *, format_code: str | None) -> Opening:
        """5-2-1-6: a 6-card hand; 5-2-1-6-1: one redraw (return any number of cards, shuffle, draw as many),
        computed for one policy: the whole hand goes back when it fails the conditions; 5-2-1-7: then the top 8
        cards become the life (set aside: the hand's law does not change); 6-2-3: the player going first does not
        draw on their first turn, the player going second draws one."""
        if format_code:
            self.game.format_check(format_code)
        return Opening(
            hand=HAND,
            draws_going_first=0,
            draws_going_second=1,
            set_aside=LIFE,
            redraw=True,
            model_en="Exact: a 6-card hand (5-2-1-6); one redraw (5-2-1-6-1), taken as: the whole hand goes back "
            "and 6 new cards are drawn when the hand fails the conditions; then the top 8 cards as life (5-2-1-7, "
            "which does not change the hand's law); going first no draw, going second one card after the redraw "
            "(6-2-3).",
            model_ja="厳密計算：手札6枚（5-2-1-6）。引き直し1回（5-2-1-6-1）は、条件を満たさない手札をすべて戻して"
            "6枚引き直すものとして計算。その後山札の上から8枚をライフに（5-2-1-7、手札の分布は変わらない）。先攻は"
            "ドローなし、後攻は引き直しの後に1枚ドロー（6-2-3）。",
        )


class DbsEditor(Editor):
    """games/dbs/editor.py; the statistics: games.dbs.statistics."""

    search_example = "color:red cost<=3"

    def add_note(self) -> str:
        from games.dbs.editor import add_note

        return add_note()

    def groupings(self) -> list[tuple[str, Any]]:
        return [("cost", _("Energy cost")), ("colour", _("Colour")), ("type", _("Card type"))]

    def zones(self, *, format_code: str, as_of: date | None = None) -> list[dict]:
        from games.dbs.editor import editor_zones

        return editor_zones(self.game.zones, as_of=as_of)

    def cards(self, card_ids: Iterable[int]) -> dict[int, dict]:
        from games.dbs.editor import editor_cards

        return editor_cards(card_ids)

    def statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict:
        from games.dbs.editor import editor_statistics

        return editor_statistics(entries)

    def deck_statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict:
        """Zone counts; the main deck's energy cost curve (0 to 7, 8+) stacked by colour, its colours (a multicolour
        card counts in each of its colours) and card types; the leader's colours."""
        tally = deck_tally(entries, card_of_id=db.state().card_of_id)
        counts, totals, leader_colors = tally.zones, tally.cost_totals, tally.leader_colors
        colors, types, multicolor = tally.colors, tally.types, tally.multicolored
        curve = {
            column: Counter({color or "unknown": n for color, n in by.items()})
            for column, by in tally.cost_colors.items()
        }
        return {
            "counts": {zone.code: counts[zone.code] for zone in self.game.zones},
            "leader_colors": leader_colors,
            "cost_curve": [
                {
                    "cost": column,
                    "total": totals[column],
                    "by_color": dict(sorted(curve.get(column, Counter()).items())),
                }
                for column in CURVE
            ],
            "colors": {color: colors[color] for color in COLORS if colors[color]},
            "multicolored": multicolor,
            "card_types": dict(sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))),
        }


class ListParameters(Aliases):
    """The deck lists' colour filter was read from `civ` for every game before it was named `colour`: lists bookmarked
    and linked then keep working."""

    parameters = MappingProxyType({"colour": "civ"})


class DragonBallSuper(Game):
    code = CODE
    name_en = "Dragon Ball Super Card Game"
    name_ja = "ドラゴンボール超カードゲーム"
    default_format = FORMAT
    # The leader area (5-1-2), the deck (5-1-3), the Z-Deck (manual 2.00, Zenkai series) and the side deck that
    # tournament lists publish: all four are registered at an event (the side deck is counted, not checked).
    zones = (
        GameZone(Zone.LEADER.value, "Leader", "リーダー", registered=True, hotkey="l"),
        GameZone(Zone.MAIN.value, "Main deck", "メインデッキ", registered=True, hotkey="m"),
        GameZone(Zone.Z.value, "Z-Deck", "Zデッキ", registered=True, hotkey="z"),
        GameZone(Zone.SIDE.value, "Side deck", "サイドデッキ", registered=True, hotkey="s"),
    )

    catalogue = DbsCatalogue()
    search = DbsSearch()
    pages = DbsPages()
    editor = DbsEditor()
    odds = DbsOdds()
    hand_odds = DbsHandOdds()
    aliases = ListParameters()
    board = Board(BOARD)  # leader, 8 life, a hand of 6 (rules/board.py)

    # --- decklists
    def parse_text(self, text: str, *, with_names: bool = True) -> DbsDecklist:
        return _read(text)

    def parse_json(self, data: object) -> DbsDecklist:
        """`{"leader": [{"card": "BT1-001", "count": 1}], "main": [...], "z": [...], "side": [...]}`: a card is a
        number (a variant's too), a name, `Name [NUMBER]` or a catalogue id."""
        if not isinstance(data, dict) or not data:
            raise DbsDecklistError('a Dragon Ball Super decklist is {"leader": [...], "main": [...], "z": [...]}')
        rows: list[tuple[str, str | int, int]] = []
        for zone, entries in data.items():
            if not self.has_zone(zone) or not isinstance(entries, list):
                raise DbsDecklistError(f"{zone!r} is not a zone of a Dragon Ball Super deck (leader, main, z, side)")
            for entry in entries:
                card = entry.get("card") if isinstance(entry, dict) else None
                count = entry.get("count", 1) if isinstance(entry, dict) else None
                if not isinstance(card, (str, int)):
                    raise DbsDecklistError('each entry is {"card": number, name or id, "count": n}')
                problem = games.base.count_problem(count)  # never read back as one copy
                if problem or not isinstance(count, int):
                    raise DbsDecklistError(f"{zone} entry {len(rows) + 1}: {problem}")
                rows.append((zone, card, count))
        return _read(_rows_text(rows), numbered=False)

    def decklist(self, rows: Iterable[tuple[str, str | int, int]]) -> DbsDecklist:
        return _read(_rows_text(rows), numbered=False)

    def decklist_to_text(self, decklist: DbsDecklist, *, headings: dict[str, str] | None = None) -> str:
        """The list with card numbers, zone by zone (`4 Name [BT10-100]`, the leader as `1 Front // Back [NUMBER]`):
        what the reader, check_deck and another DBS site read back. Its headings are the game's own English ones
        (Leader, Main Deck, Z Deck, Side Deck), which every DBS list uses, whatever `headings` the page asks for."""
        return reader.write_decklist(decklist.read, db.state().catalogue)

    def decklist_code_keys(self, card_ids: Iterable[int]) -> dict[int, str | int]:
        """A deck code's card: its base card number (`BT1-001`), which `parse_json` reads back."""
        numbers = db.state().number_by_id
        return {pk: numbers[pk] for pk in card_ids if pk in numbers}

    def decklist_to_json(self, decklist: DbsDecklist) -> dict:
        """The JSON decklist, one entry per line with the catalogue's key (`Name [NUMBER]`) as the card."""
        state = db.state()
        out: dict[str, list[dict]] = {}
        for line in decklist.read.card_lines():
            zone = (line.zone or Zone.MAIN).value
            if line.card_number is not None and line.card_number in state.id_by_number:
                card = state.key_by_id[state.id_by_number[line.card_number]]
            else:
                card = line.text  # as written (its count too: the reader reads `N text` back to it)
            out.setdefault(zone, []).append({"card": card, "count": line.count or 0})
        return out

    def read_decklist(self, decklist: DbsDecklist) -> list[ReadLine]:
        return _read_lines(decklist.read.lines, numbered=decklist.numbered)

    def deck_hash(self, cards: Iterable[tuple[str, int, int]], unresolved: Iterable[tuple[str, str, int]] = ()) -> str:
        """SHA-256 of the sorted `[zone, base card number, copies]` rows, then `[zone, "?" + text, copies]` for each
        unresolved line: the form of games.dbs.rules.legality.deck_hash, so a report's hash and a registration's
        agree. Keyed by card number, not by the catalogue's ids, so a re-import never changes a registered hash."""
        numbers = db.state().number_by_id
        known, unknown = [], []
        for zone, card_id, count in cards:
            number = numbers.get(card_id)
            if number is None:
                unknown.append((zone, f"?card id {card_id}", count))
            else:
                known.append((zone, number, count))
        unknown += [(zone, games.base.unresolved_key(text), count) for zone, text, count in unresolved]
        return games.base.deck_hash(known, unknown)

    # --- formats and legality
    def format_check(self, format_code: str) -> None:
        if format_code != FORMAT:
            raise ApplicationError(
                ErrorCode.UNKNOWN_FORMAT,
                f"The Dragon Ball Super Card Game has no format {format_code!r} (its format: {FORMAT}).",
                {"format": str(format_code)[:64], "formats": [FORMAT]},
            )

    def legality_report(
        self, *, decklist: DbsDecklist, format_code: str, as_of: date | None, overlay_id: str | None
    ) -> dict:
        """The common report (counts leader/main/z/side, violations with codes and rules, warnings: LIST_UNVERIFIED
        for the hint ban list, RULES_UNSETTLED where no source settles the rule, SIDE_DECK_UNCHECKED) under the
        rule version in force on `as_of` (legality.RULE_VERSIONS)."""
        context = self.legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)
        return self.context_report(decklist, context)

    def legality_context(self, *, format_code: str, as_of: date | None, overlay_id: str | None) -> DbsReportContext:
        """The format and the date checked, and the process's catalogue and ban list, once for a batch's decklists.
        Raises UNKNOWN_FORMAT, UNKNOWN_OVERLAY (the game has none) and INVALID_DATE (before the game's launch)."""
        self.format_check(format_code)
        if overlay_id:
            raise ApplicationError(
                ErrorCode.UNKNOWN_OVERLAY, f"No event overlay {overlay_id!r}: Dragon Ball Super has none."
            )
        day = as_of or timezone.localdate()
        try:
            rule_version_in_force(day)
        except RulesUnavailable as exc:
            raise ApplicationError(
                ErrorCode.INVALID_DATE, str(exc), {"as_of": day.isoformat(), "earliest": RULE_VERSIONS[0].effective}
            ) from exc
        state = db.state()
        return DbsReportContext(format_code=format_code, as_of=day, overlay_id=None, overlay_json=None, state=state)

    def context_report(self, decklist: DbsDecklist, context: Any, *, include_lines: bool = True) -> dict:
        """One decklist against a batch's context: the report `legality_report` gives, its lines only when asked."""
        state = context.state
        report = check_decklist(decklist.read, state.catalogue, as_of=context.as_of, banlist=state.banlist)
        out = report.report_dict(include_lines=False)
        out["format"] = context.format_code
        if include_lines:
            # As the check read them on its day (legality.on_day: a name of one card out that day is that card).
            out["lines"] = [row.json for row in _read_lines(report.lines, numbered=decklist.numbered)]
        out["errors"] = [{"line": e.line, "text": e.text, "message": e.message} for e in decklist.errors]
        if out["errors"]:  # a line not read as written (games.base.count_problem): never legal
            out["legal"] = out["buildable"] = False
        return out


def _read_lines(lines: Iterable[reader.ReadLine], *, numbered: bool) -> list[ReadLine]:
    """The core's ReadLine of each read line (its `lines[]` row: games.base.line_row and the DBS's own keys)."""
    state = db.state()
    out = []
    for line in lines:
        card = _card_json(state, line.card_number)
        zone = line.zone.value if line.zone is not None else None
        row = games.base.line_row(
            line=line.line if numbered else None,
            written=line.text,
            status=line.status.value,
            count=line.count if line.is_card_line else None,
            written_zone=zone,
            zone=zone,
            card=card,
            candidates=[c for c in (_card_json(state, number) for number in line.candidates) if c],
            card_number=line.card_number,
            written_number=line.written_number,
            zone_inferred=line.zone_inferred,
            note=line.note,
        )
        out.append(ReadLine(line.status.value, zone, card["id"] if card else None, line.count, row))
    return out


@dataclass(frozen=True)
class DbsReportContext:
    """What every check of a batch shares (Game.legality_context): the format, the date and the process's catalogue
    and ban list as they were when the batch began."""

    format_code: str
    as_of: date
    overlay_id: None
    overlay_json: None
    state: db.State


def _facts(rows: list) -> list[dict]:
    return [{"label": label, "value": value} for label, value in rows if value not in (None, "")]


GAME = DragonBallSuper()
