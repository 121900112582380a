"""The Yu-Gi-Oh! OCG behind the registry (issue 20): the core's operations, each one a call to the pure rules
(games.ygo.rules) over the process's catalogue (games.ygo.catalogue.ygo_context, built once per data version).

Identities: the rules know a card by its Konami id; the core (decks, versions, registrations) by its cards.Card id.
Every line and report the core receives carries the cards.Card id (`id`) and the Konami id (`konami_id`); the deck
hash is over Konami ids (the rules' `deck_hash`), so it does not change when the catalogue is imported again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from types import MappingProxyType
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import games.base
from api.codes import ApplicationError, ErrorCode
from games.capabilities import Aliases, Board, Catalogue, Editor, HandOdds, Odds, Pages, Search
from games.hand_odds import Opening
from games.registry import Game, GameZone, ReadLine
from games.ygo.rules import (
    Decklist,
    DeckZone,
    LineStatus,
    Overlay,
    YgoCard,
    check_deck,
    read_decklist,
    write_text,
    write_ydk,
)
from games.ygo.rules.board import BOARD
from games.ygo.rules.cards import SHORT_FORM_RULES
from games.ygo.rules.decklist import COUNTED_STATUSES, MEMO_SIZE, decklist_of
from games.ygo.rules.decklist import ReadLine as RulesLine
from games.ygo.rules.legality import FORMAT_CODE, GENESYS_FORMAT, Genesys
from games.ygo.rules.odds import HAND, Going, joint_at_least, opening_hand_size, probability_json
from games.ygo.rules.vocabulary import SIZE_CODES
from games.ygo.rules.ydke import write_ydke

CODE = "ygo"


class YgoDecklistError(games.base.DecklistFormatError):
    pass


@dataclass
class YgoDecklist:
    """A read OCG decklist as the core sees it: `lines` (zone, card, count, line) and `errors` (a line whose count
    breaks games.base.count_problem's rule; any other unreadable line is an unknown or ignored line)."""

    read: Decklist

    @property
    def errors(self) -> tuple:
        return self.read.errors

    @cached_property  # built once, when asked for (a check reads line_counts: a .ydk's lines are not read)
    def lines(self) -> tuple[RulesLine, ...]:
        return tuple([line for line in self.read.lines if line.status in COUNTED_STATUSES])

    @property
    def line_counts(self) -> Sequence[int]:
        return self.read.line_counts


def _context():
    from games.ygo.catalogue import ygo_context

    return ygo_context()


def _card_json(card: YgoCard, context) -> dict:
    return {"id": context.pk(card), "konami_id": card.konami_id, "name_ja": card.name, "name_en": card.name_en}


def _line_json(line: RulesLine, context, written: dict[int, dict] | None = None) -> dict:
    """A line's JSON; `written`: the cards' JSON a report wrote already (a deck repeats its cards, a .ydk a line per
    copy), each card's written once per report."""
    if written is None:
        return line.as_dict(lambda card: _card_json(card, context))

    def card_json(card: YgoCard) -> dict:
        found = written.get(card.id)
        if found is None:
            found = written[card.id] = _card_json(card, context)
        return found

    return line.as_dict(card_json)


def _lines_json(lines: Iterable[RulesLine], context) -> list[dict]:
    """Every line's JSON, each card's written once. A line read as one before it with this catalogue (same text,
    status, zones, count, card: a .ydk writes a card's copies as that many lines, and a tournament's decks repeat
    their staples) gets a copy of that row with its own number (`context.line_rows`), not a row built again. The
    rows are read, never written to: a copy shares the card's JSON with the row it copies."""
    written: dict[int, dict] = {}
    rows = context.line_rows
    if len(rows) > MEMO_SIZE:
        rows.clear()
    out = []
    for line in lines:
        if line.candidates:  # an ambiguous line: its own list of candidates
            out.append(_line_json(line, context, written))
            continue
        card = line.card
        card_id = card.id if card else None
        same = (line.text, line.written, line.status, line.zone, line.written_zone, line.count, card_id)
        row = rows.get(same)
        if row is None:
            row = rows[same] = _line_json(line, context, written)
        out.append({**row, "line": line.line, "candidates": []})  # a list of its own, as a row built has
    return out


class YgoCatalogue(Catalogue):
    short_form_rules = SHORT_FORM_RULES  # the rules catalogue's short forms (games.ygo.rules.cards)

    def data_import(self, *, log: Callable[[str], None]) -> str | None:
        from games.ygo.catalogue import ygo_data_import

        return ygo_data_import(log=log)

    def sources(self) -> tuple[str, ...]:
        from games.ygo.catalogue import ygo_data_dir

        return tuple(str(ygo_data_dir() / name) for name in ("cards.json", "limits.json"))

    def warm(self) -> None:
        """The process's catalogue (cards, lists, readings), the search index and the names an unknown line is
        offered (Catalogue.suggestions, 0.3 s, 8 MiB), built before the server forks its workers: a worker's first
        search took 2.9 s and its first import preview 4.2 s to build them."""
        from games.ygo.search import search_index_get

        search_index_get()  # builds the catalogue context it is made from
        _context().catalogue.suggestions("")

    def card_details(self, *, card_id: int) -> dict | None:
        """The card's OCG facts, its pages in the official card database (by Konami id, Japanese and English) and its
        history on the dated Forbidden/Limited lists (one row per change, from the first list)."""
        from games.ygo.models import YgoCard as YgoCardRow

        row = YgoCardRow.objects.filter(card_id=card_id).first()
        if row is None:
            return None
        from games.ygo.words import word_label

        facts = [
            (_("Konami id"), row.konami_id),
            (_("Passwords"), ", ".join(map(str, row.passwords))),
            # The card's words as the cards print them (モンスター, 効果, 炎属性, アンデット族).
            (pgettext_lazy("OCG", "Card kind"), word_label("card_type", row.card_type)),
            (
                pgettext_lazy("OCG", "Monster card types"),
                " / ".join(word_label("monster_type", kind) for kind in row.monster_types),
            ),
            (pgettext_lazy("OCG", "Spell/Trap property"), word_label("property", row.spell_trap_property)),
            (pgettext_lazy("OCG", "Attribute"), word_label("attribute", row.attribute)),
            (pgettext_lazy("OCG", "Monster Type"), word_label("race", row.race)),
            (_("Level"), row.level),
            (_("Rank"), row.rank),
            (_("Link"), row.link_rating),
            (_("ATK"), row.atk_text),
            (_("DEF"), row.defense_text),
            (_("Pendulum Scale"), row.scale),
            (_("Archetypes"), ", ".join(row.archetypes)),
            (_("Deck"), word_label("deck", row.deck_zone)),
            (_("Treated as"), ", ".join(alias["name_en"] for alias in row.aliases)),
        ]
        links = []
        if row.konami_id is not None:
            base = f"https://www.db.yugioh-card.com/yugiohdb/card_search.action?ope=2&cid={row.konami_id}"
            links = [
                {"label": "遊戯王OCGカードデータベース", "url": f"{base}&request_locale=ja", "locale": "ja"},
                {"label": "Yu-Gi-Oh! Card Database", "url": f"{base}&request_locale=en", "locale": "en"},
            ]
        history = []
        previous = None
        for listed in _context().limits.lists:
            status = listed.status(row.ygo_id)
            if status != previous:
                history.append(
                    {"effective": listed.effective.isoformat(), "status": status.value, "copies": status.copies}
                )
                previous = status
        # GENESYS: the card's points on each dated point list (0 where a list does not name it), a row per change.
        points_history: list[dict] = []
        for effective, points in _context().genesys.history_of(row.ygo_id):
            if not points_history or points_history[-1]["points"] != points:
                points_history.append({"effective": effective.isoformat(), "points": points})
        if all(item["points"] == 0 for item in points_history):
            points_history = []
        return {
            "konami_id": row.konami_id,
            "facts": [{"label": label, "value": value} for label, value in facts if value not in (None, "")],
            "links": links,
            "history": history,
            "points_history": points_history,
        }


class YgoSearch(Search):
    def help(self) -> str:
        from games.ygo.search import SEARCH_HELP

        return SEARCH_HELP

    def orders(self) -> tuple[str, ...]:
        from games.ygo.search import CARD_ORDERS

        return CARD_ORDERS

    def run(self, *, q: str, order: str, as_of: date | None) -> Any:
        from games.ygo.search import ygo_card_search

        return ygo_card_search(q=q, order=order, as_of=as_of)

    def browser_filters(self) -> Any:
        from games.ygo.browser import card_browser_filters

        return card_browser_filters()


class YgoPages(Pages):
    # Its list statuses as the official lists name them (not Duel Masters' 殿堂入り for `limited`).
    words = MappingProxyType(
        {
            "forbidden": pgettext_lazy("OCG list status", "Forbidden"),
            "limited": pgettext_lazy("OCG list status", "Limited"),
            "semi_limited": pgettext_lazy("OCG list status", "Semi-Limited"),
            "unlimited": pgettext_lazy("OCG list status", "Unlimited"),
        }
    )
    size_codes = frozenset(str(code) for code in SIZE_CODES)  # the sizes a buildable deck may break
    # The deck lists: a deck's monsters' Attributes as its colours, filtered by them; its key card the highest Level.
    list_fields = MappingProxyType({"cost": "ygo__level", "colours": "ygo__attribute"})
    colour_label = _("Attributes")
    switch_names = ("Yu-Gi-Oh!", "遊戯王")
    # The deck lists' kind column: the Main Deck's monsters, spells and traps.
    kind_field = "ygo__card_type"
    kind_order = ("monster", "spell", "trap")

    def kind_label(self, value: str) -> str:
        from games.ygo.words import word_label

        return word_label("card_type", value)

    def deck_filters(self) -> list[tuple[str, Any]]:
        from games.ygo.words import ATTRIBUTES, word_label

        return [(value.lower(), lazy(word_label, str)("attribute", value)) for value in ATTRIBUTES]

    def deck_filter_cards(self, value: str) -> Any:
        from cards.models import Card
        from games.ygo.words import ATTRIBUTES

        if value.upper() not in ATTRIBUTES:
            return None
        return Card.objects.filter(game=CODE, ygo__attribute=value.upper())

    def import_help(self) -> dict:
        return {
            "help": _(
                "A .ydk file (YGOPro, EDOPro, Master Duel exports: one card password a line under #main, #extra and "
                "!side), or one card a line by name in Japanese or English (3 灰流うらら, Ash Blossom x3) under Main "
                "Deck / Extra Deck / Side Deck (メインデッキ / エクストラデッキ / サイドデッキ)."
            ),
            "files": ".ydk,.txt,text/plain",
            "files_label": _("Or a decklist file (.ydk, text)"),
            "example": "メインデッキ\n3 灰流うらら\n3 エフェクト・ヴェーラー\n"
            "エクストラデッキ\n1 スターダスト・ドラゴン\nサイドデッキ\n2 無限泡影",
        }


class YgoOdds(Odds):
    def opening_odds(self, *, decklist: Any, groups: dict[str, list[str]], going_first: bool = True) -> dict | None:
        """Exact odds of the opening hand (5 cards going first, 6 going second, PR p.9, p.16) for each named group
        ("at least one of these"), and, with groups `starters` and `extenders`, of at least one of each."""
        from games.ygo.rules.odds import OddsError

        context = _context()
        main = decklist.read.cards(DeckZone.MAIN)
        size = sum(n for _, n in main)
        going = Going.FIRST if going_first else Going.SECOND
        drawn = opening_hand_size(going)

        def resolve(names: list[str]) -> set[int]:
            ids: set[int] = set()
            for name in names:
                if isinstance(name, int) or (isinstance(name, str) and name.isdigit()):
                    number = int(name)
                    pk_card = context.by_pk.get(number)
                    hit = pk_card or context.catalogue.by_password(number) or context.catalogue.by_konami_id(number)
                    found: tuple[YgoCard, ...] = (hit,) if hit else ()
                else:
                    found = context.catalogue.by_name(str(name))
                ids.update(card.id for card in found)
            return ids

        def copies(ids: set[int]) -> int:
            return sum(n for card, n in main if card.id in ids)

        resolved = {name: resolve(cards) for name, cards in groups.items()}
        result: dict[str, Any] = {"deck_size": size, "hand": drawn, "going": going.value, "groups": {}}
        try:
            for name, ids in resolved.items():
                result["groups"][name] = {
                    "copies": copies(ids),
                    **probability_json(joint_at_least(deck_size=size, groups=((copies(ids), 1),), drawn=drawn)),
                }
            if "starters" in resolved and "extenders" in resolved:
                starters, extenders = resolved["starters"], resolved["extenders"] - resolved["starters"]
                result["starter_and_extender"] = probability_json(
                    joint_at_least(deck_size=size, groups=((copies(starters), 1), (copies(extenders), 1)), drawn=drawn)
                )
        except OddsError as exc:
            raise ApplicationError(ErrorCode.VALIDATION_ERROR, str(exc), {"fields": {"deck_id": [str(exc)]}}) from None
        return result

    def opening_hand_table(self, *, decklist: Any) -> dict:
        """Each Main Deck card: at least one copy in the opening hand, going first (5 cards) and second (6)."""
        from games.ygo.rules.odds import OddsError

        main = decklist.read.cards(DeckZone.MAIN)
        size = sum(n for _, n in main)
        going = {going: opening_hand_size(going) for going in (Going.FIRST, Going.SECOND)}
        rows = []
        try:
            for card, copies in main:
                values = [
                    probability_json(joint_at_least(deck_size=size, groups=((copies, 1),), drawn=drawn))
                    for drawn in going.values()
                ]
                rows.append({"name": card.name_en, "name_ja": card.name_ja or card.name_en, "copies": copies,
                             "values": values})  # fmt: skip
        except OddsError as exc:
            raise ApplicationError(ErrorCode.DECK_TOO_SMALL, str(exc), {"deck_size": size}) from None
        return {
            "model": "Exact: at least one copy in the opening hand of 5 cards going first, 6 going second "
            "(Perfect Rulebook p.9, p.16).",
            "model_ja": "厳密計算：初手に1枚以上。先攻は5枚、後攻は6枚（パーフェクトルールブック p.9、p.16）。",
            "columns": [
                {"name_en": "Going first (5 cards)", "name_ja": "先攻（5枚）"},
                {"name_en": "Going second (6 cards)", "name_ja": "後攻（6枚）"},
            ],
            "rows": rows,
        }


class YgoHandOdds(HandOdds):
    def opening(self, *, format_code: str | None) -> Opening:
        """PR p.9, p.180: a 5-card hand from the shuffled Main Deck; PR p.16, p.182: the player going first does not
        draw on the first turn, the player going second draws one (6 cards by the first Main Phase)."""
        if format_code:
            self.game.format_check(format_code)
        return Opening(
            hand=HAND,
            draws_going_first=0,
            draws_going_second=1,
            model_en="Exact (multivariate hypergeometric): a 5-card hand from the shuffled Main Deck (PR p.9); going "
            "first no draw on the first turn (PR p.16), going second one card: 6 cards by the first Main Phase.",
            model_ja="厳密計算（多変量超幾何分布）：シャッフルしたメインデッキから手札5枚（PR p.9）。先攻は最初の"
            "ターンにドローなし（PR p.16）、後攻は1枚ドロー（最初のメインフェイズまでに6枚）。",
        )


class YgoEditor(Editor):
    """games/ygo/editor.py; the statistics: games.ygo.statistics."""

    save_key = "card_id"  # a number under "card" is a password or a Konami id (parse_json)
    search_example = "attr:dark level<=4"

    def add_note(self) -> str:
        from games.ygo.editor import add_note

        return add_note()

    def groupings(self) -> list[tuple[str, Any]]:
        return [("type", pgettext_lazy("OCG", "Card kind")), ("level", _("Level / Rank / Link"))]

    def zones(self, *, format_code: str, as_of: date | None = None) -> list[dict]:
        from games.ygo.editor import editor_zones

        return editor_zones(self.game.zones)

    def cards(self, card_ids: Iterable[int]) -> dict[int, dict]:
        from games.ygo.editor import editor_cards

        return editor_cards(card_ids)

    def statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict:
        from games.ygo.editor import editor_statistics

        return editor_statistics(entries)

    def deck_statistics(self, entries: Iterable[tuple[int, str, int]]) -> dict:
        """Zone counts; in the Main Deck the monster / spell / trap split, monsters by Level, and by Attribute; in
        the Extra Deck the split by kind (Fusion, Synchro, Xyz, Link)."""
        from games.ygo.statistics import deck_tally

        tally = deck_tally(entries, by_pk=_context().by_pk)
        counts, kinds, levels, attributes = tally.totals, tally.kinds, tally.levels, tally.attributes
        extra_kinds = tally.extra_kinds
        return {
            "counts": {zone.code: counts[zone.code] for zone in self.game.zones},
            "card_types": {kind: kinds[kind] for kind in ("monster", "spell", "trap")},
            "levels": [{"level": level, "count": levels[level]} for level in sorted(levels)],
            "attributes": dict(sorted(attributes.items(), key=lambda kv: (-kv[1], kv[0]))),
            "extra_deck": dict(sorted(extra_kinds.items())),
        }


class ListParameters(Aliases):
    """The deck lists' colour filter was read from `civ` for every game before it was named `colour`: lists bookmarked
    and linked then keep working."""

    parameters = MappingProxyType({"colour": "civ"})


class YugiohOcg(Game):
    code = CODE
    name_en = "Yu-Gi-Oh! OCG"
    name_ja = "遊☆戯☆王OCG"
    default_format = FORMAT_CODE
    # PR p.8: the Main Deck (40-60), the Extra Deck (0-15) and the Side Deck (0-15); all three are registered and
    # checked (the copy limits count them together, PR p.40, p.42).
    zones = (
        GameZone(DeckZone.MAIN.value, "Main Deck", "メインデッキ", registered=True, hotkey="m"),
        GameZone(DeckZone.EXTRA.value, "Extra Deck", "エクストラデッキ", registered=True, hotkey="e"),
        GameZone(DeckZone.SIDE.value, "Side Deck", "サイドデッキ", registered=True, hotkey="s"),
    )

    catalogue = YgoCatalogue()
    search = YgoSearch()
    pages = YgoPages()
    editor = YgoEditor()
    odds = YgoOdds()
    hand_odds = YgoHandOdds()
    aliases = ListParameters()
    board = Board(BOARD)  # a hand of 5 (6 going second), the field's zones, the Extra Deck (rules/board.py)

    # The .ydk of every simulator and deck site (YGOPro, EDOPro, Master Duel exports), besides the core's text and JSON.
    # The ydke:// URL of EDOPro and the deck sites (one line, games.ygo.rules.ydke).
    export_kinds = {"ydk": ("text/plain; charset=utf-8", "ydk"), "ydke": ("text/plain; charset=utf-8", "txt")}

    # --- decklists
    def parse_text(self, text: str, *, with_names: bool = True) -> YgoDecklist:
        """A ydke:// URL, a .ydk or a name list (told apart by its content, games.ygo.rules.read_decklist)."""
        context = _context()
        return YgoDecklist(read_decklist(text, context.catalogue, memo=context.line_readings))

    def parse_json(self, data: object) -> YgoDecklist:
        """{"main": [{"card": name, password or Konami id, "count": n}], "extra": [...], "side": [...]}; a card that
        is a number is a password (as in a .ydk) or else a Konami id. An entry may give the catalogue's card id
        instead (`{"card_id": id, "count": n}`, as the deck API's entries have it)."""
        if not isinstance(data, dict) or not data or set(data) - set(self.zone_codes()):
            raise YgoDecklistError(
                'an OCG decklist is {"main": [{"card": ..., "count": n}], "extra": [...], "side": [...]}'
            )
        context = _context()
        lines: list[RulesLine] = []
        number = 0
        for zone in self.zone_codes():
            rows = data.get(zone, [])
            if not isinstance(rows, list) or not all(
                isinstance(row, dict) and ("card" in row or "card_id" in row) for row in rows
            ):
                raise YgoDecklistError(f'"{zone}" must be a list of {{"card": ..., "count": n}}')
            for row in rows:
                number += 1
                count = row.get("count", 1)
                if problem := games.base.count_problem(count):  # never summed negative (a 43-card deck "legal")
                    raise YgoDecklistError(f"{problem} (line {number})")
                card = row.get("card", row.get("card_id"))
                found: tuple[YgoCard, ...]
                if "card" not in row:  # the catalogue's id, as the deck API's entries give it (the editor saves so)
                    if not isinstance(card, int) or isinstance(card, bool):
                        raise YgoDecklistError(f'"card_id" must be a whole number (line {number})')
                    by_id = context.by_pk.get(card)
                    found = (by_id,) if by_id else ()
                elif isinstance(card, int) and not isinstance(card, bool):
                    hit = context.catalogue.by_password(card) or context.catalogue.by_konami_id(card)
                    found = (hit,) if hit else ()
                elif isinstance(card, str):
                    found = context.catalogue.by_name(card) or context.catalogue.by_short_form(card)
                else:
                    raise YgoDecklistError(f'"card" must be a name or a number (line {number})')
                lines.append(_line(number, str(card), DeckZone(zone), count, found))
        return YgoDecklist(decklist_of(lines, "json"))

    def decklist(self, rows: Iterable[tuple[str, str | int, int]]) -> YgoDecklist:
        """Stored rows: a card is a cards.Card id, or a catalogue name (an export)."""
        context = _context()
        lines: list[RulesLine] = []
        for number, (zone, card, count) in enumerate(rows, start=1):
            if isinstance(card, int):
                hit = context.by_pk.get(card)
            else:
                pk = context.name_pk.get(card)
                hit = context.by_pk.get(pk) if pk is not None else None
            found: tuple[YgoCard, ...] = (
                (hit,) if hit else (context.catalogue.by_name(str(card)) if isinstance(card, str) else ())
            )
            lines.append(_line(number, str(card), DeckZone(zone), count, found))
        return YgoDecklist(decklist_of(lines, "stored"))

    def decklist_to_text(self, decklist: YgoDecklist, *, headings: dict[str, str] | None = None) -> str:
        """A name list in Japanese under the game's own three headings (メインデッキ, エクストラデッキ, サイドデッキ,
        which the reader reads back), whatever `headings` the page asks for."""
        return write_text(decklist.read, language="ja")

    def decklist_to_ydk(self, decklist: YgoDecklist) -> str:
        """The .ydk every simulator reads (`#main`, `#extra`, `!side`, one printed password a line)."""
        return write_ydk(decklist.read)

    def decklist_export(self, kind: str, decklist: YgoDecklist) -> str:
        if kind == "ydke":
            return write_ydke(decklist.read) + "\n"
        if kind != "ydk":
            raise ValueError(kind)
        return self.decklist_to_ydk(decklist)

    def decklist_code_keys(self, card_ids: Iterable[int]) -> dict[int, str | int]:
        """A deck code's card: its printed password (a simulator id without one, else its Konami id), which
        `parse_json` reads back."""
        context = _context()
        out: dict[int, str | int] = {}
        for pk in card_ids:
            card = context.by_pk.get(pk)
            if card is not None:
                out[pk] = card.ydk_id if card.ydk_id is not None else card.id
        return out

    def decklist_to_json(self, decklist: YgoDecklist) -> dict:
        return {
            zone.value: [
                {"card": card.name, "count": count, "konami_id": card.konami_id, "password": card.ydk_id}
                for card, count in decklist.read.cards(zone)
            ]
            for zone in DeckZone
        }

    def read_decklist(self, decklist: YgoDecklist) -> list[ReadLine]:
        context = _context()
        out = []
        for line in decklist.read.lines:
            status = line.status.value
            is_card = line.status is LineStatus.CARD and line.card is not None
            out.append(
                ReadLine(
                    status=status,
                    zone=line.zone.value if line.zone is not None and line.status is not LineStatus.HEADING else None,
                    card_id=context.pk(line.card) if is_card and line.card is not None else None,
                    count=line.count if line.status is not LineStatus.HEADING else None,
                    json=_line_json(line, context),
                )
            )
        return out

    def deck_hash(self, cards: Iterable[tuple[str, int, int]], unresolved: Iterable[tuple[str, str, int]] = ()) -> str:
        """The rules' hash (games.ygo.rules.legality.deck_hash): sorted [zone, Konami id, copies] rows, then
        [zone, "?" + written, copies]; a card id the catalogue no longer has is hashed as "#<id>"."""
        by_pk = _context().by_pk
        known, missing = [], []
        for zone, pk, count in cards:
            card = by_pk.get(pk)
            if card is not None:
                known.append((zone, card.id, count))
            else:
                missing.append((zone, f"#{pk}", count))
        missing += [(zone, games.base.unresolved_key(written), count) for zone, written, count in unresolved]
        return games.base.deck_hash(known, missing)

    # --- formats and legality
    # GENESYS's point cap, per request (the legality API's `point_cap`) or per event (its organizer's).
    legality_options = frozenset({"point_cap"})

    def format_check(self, format_code: str, point_cap: int | None = None) -> None:
        if format_code not in (FORMAT_CODE, GENESYS_FORMAT):
            raise ApplicationError(
                ErrorCode.UNKNOWN_FORMAT,
                f"The Yu-Gi-Oh! OCG has no format {format_code!r} (it has {FORMAT_CODE!r} and {GENESYS_FORMAT!r}).",
                {"format": str(format_code)[:64]},
            )
        if point_cap is not None and format_code != GENESYS_FORMAT:
            raise ApplicationError(
                ErrorCode.VALIDATION_ERROR,
                f"point_cap applies to the {GENESYS_FORMAT!r} format only.",
                {"point_cap": ["point_cap applies to the genesys format only."]},
            )

    def _genesys(self, format_code: str, as_of: date, point_cap: int | None, context) -> Genesys | None:
        if format_code != GENESYS_FORMAT:
            return None
        return Genesys(context.genesys.list_in_force(as_of), point_cap)

    def _overlay(self, overlay_id: str | None, context) -> Overlay | None:
        """An event overlay (regulations.EventOverlay on the OCG format): its banned and limited cards become extra
        limits (0 and 1 copies), its cut-off the card pool's."""
        if not overlay_id:
            return None
        from regulations.selectors import UnknownOverlay, overlay_get

        overlay = overlay_get(overlay_id=overlay_id)  # UNKNOWN_OVERLAY
        if overlay.game != CODE:
            raise UnknownOverlay(overlay_id)
        allowed = {"banned": 0, "limited": 1}
        extra = {
            context.by_pk[row.card_id].id: allowed[row.status]
            for row in overlay.cards.all()
            if row.status in allowed and row.card_id in context.by_pk
        }
        return Overlay(extra_limits=extra, cutoff=overlay.card_pool_cutoff, overlay_id=overlay.slug)

    def _report(
        self,
        decklist: YgoDecklist,
        as_of: date,
        overlay: Overlay | None,
        context,
        genesys: Genesys | None = None,
        *,
        include_lines: bool = True,
    ) -> dict:
        report = check_deck(decklist.read, as_of=as_of, limits=context.limits, overlay=overlay, genesys=genesys)
        out = report.report_dict(with_lines=False)
        if include_lines:
            out["lines"] = _lines_json(decklist.read.lines, context)
        for item in [*out["violations"], *out["warnings"]]:
            for card in item["cards"]:
                konami = card["id"]
                hit = context.catalogue.by_konami_id(konami) if konami is not None else None
                card["konami_id"] = konami
                card["id"] = context.pk(hit) if hit is not None else None
        return out

    def legality_report(
        self,
        *,
        decklist: YgoDecklist,
        format_code: str,
        as_of: date | None,
        overlay_id: str | None,
        point_cap: int | None = None,
    ) -> dict:
        from django.utils import timezone

        self.format_check(format_code, point_cap)
        context = _context()
        overlay = self._overlay(overlay_id, context)
        day = as_of or timezone.localdate()
        return self._report(decklist, day, overlay, context, self._genesys(format_code, day, point_cap, context))

    def legality_reports(
        self,
        *,
        decklists: list[YgoDecklist],
        format_code: str,
        as_of: date | None,
        overlay_id: str | None,
        point_cap: int | None = None,
    ) -> list[dict]:
        from django.utils import timezone

        self.format_check(format_code, point_cap)
        context = _context()
        overlay = self._overlay(overlay_id, context)
        day = as_of or timezone.localdate()
        genesys = self._genesys(format_code, day, point_cap, context)
        return [self._report(decklist, day, overlay, context, genesys) for decklist in decklists]

    def legality_context(self, *, format_code: str, as_of: date | None, overlay_id: str | None) -> YgoReportContext:
        """The format, the overlay and the catalogue (cards and dated lists) read once for a batch's decklists."""
        from django.utils import timezone

        self.format_check(format_code)
        context = _context()
        overlay = self._overlay(overlay_id, context)
        day = as_of or timezone.localdate()
        return YgoReportContext(
            format_code=format_code,
            as_of=day,
            overlay_id=overlay_id,
            overlay_json=overlay.as_dict() if overlay else None,
            overlay=overlay,
            genesys=self._genesys(format_code, day, None, context),
            catalogue=context,
        )

    def context_report(self, decklist: YgoDecklist, context: Any, *, include_lines: bool = True) -> dict:
        """One decklist against a batch's context: the report `legality_report` gives, its lines only when asked."""
        return self._report(
            decklist, context.as_of, context.overlay, context.catalogue, context.genesys, include_lines=include_lines
        )


@dataclass(frozen=True)
class YgoReportContext:
    """What every check of a batch shares (Game.legality_context): the format, the date, the overlay and the process's
    catalogue as it was when the batch began."""

    format_code: str
    as_of: date
    overlay_id: str | None
    overlay_json: dict | None
    overlay: Overlay | None
    genesys: Genesys | None
    catalogue: Any


def _line(number: int, written: str, zone: DeckZone, count: int, found: tuple[YgoCard, ...]) -> RulesLine:
    if len(found) == 1:
        return RulesLine(number, written, LineStatus.CARD, zone, count, found[0], written, (), zone)
    status = LineStatus.AMBIGUOUS if found else LineStatus.UNKNOWN
    return RulesLine(number, written, status, zone, count, None, written, found, zone)


GAME = YugiohOcg()
