"""The miniature game: one zone (`deck`), one rule (the deck holds exactly DECK_SIZE cards), its own decklist
formats (`N name` lines; `{"deck": [{"card": ..., "count": ...}]}`), its own catalogue rows (cards.Card with
game="mini"). Everything the core calls is here; nothing outside this folder names the game."""

import re
from collections.abc import Iterable
from datetime import date

from django.utils import timezone

from api.codes import ApplicationError, ErrorCode
from games.base import Decklist, DecklistFormatError, Line, LineError, LineStatus, deck_hash, line_row
from games.registry import Game, GameZone, ReadLine

CODE = "mini"
ZONE = "deck"
FORMAT = "standard"
DECK_SIZE = 6  # the one rule
CARDS = ("Ember Fox", "Tide Crab", "Moss Golem", "Sky Wisp", "Stone Mole")  # the catalogue: a handful of cards

_LINE = re.compile(r"^\s*(?P<count>\d{1,3})\s+(?P<name>\S.*?)\s*$")


class MiniDecklistError(DecklistFormatError):
    pass


def catalogue_load() -> list[int]:
    """The game's cards in the core's catalogue (its catalogue mapping: a name is the whole record)."""
    from cards.models import Card

    return [
        Card.objects.get_or_create(game=CODE, name_ja=name, defaults={"name_en": name, "name_key": name.casefold()})[
            0
        ].id
        for name in CARDS
    ]


class MiniGame(Game):
    code = CODE
    name_en = "Mini game"
    name_ja = "ミニゲーム"
    default_format = FORMAT
    zones = (GameZone(ZONE, "Deck", "デッキ", registered=True, hotkey="d"),)

    def parse_text(self, text: str, *, with_names: bool = True) -> Decklist:
        lines, errors = [], []
        for number, raw in enumerate(text.splitlines(), start=1):
            if not raw.strip():
                continue
            match = _LINE.match(raw)
            if match is None:
                errors.append(LineError(number, raw, "not a `count name` line"))
            else:
                lines.append(Line(ZONE, match["name"], int(match["count"]), number))
        return Decklist(tuple(lines), tuple(errors))

    def parse_json(self, data: object) -> Decklist:
        rows = data.get(ZONE) if isinstance(data, dict) else None
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            raise MiniDecklistError('a mini decklist is {"deck": [{"card": name or id, "count": n}]}')
        return Decklist(tuple(Line(ZONE, row.get("card"), int(row.get("count", 1)), None) for row in rows))

    def decklist(self, rows: Iterable[tuple[str, str | int, int]]) -> Decklist:
        return Decklist(tuple(Line(zone, card, count, None) for zone, card, count in rows))

    def decklist_to_text(self, decklist: Decklist, *, headings: dict[str, str] | None = None) -> str:
        # One zone, no headings: a mini decklist is its card lines.
        return "".join(f"{line.count} {line.card}\n" for line in decklist.lines)

    def decklist_to_json(self, decklist: Decklist) -> dict:
        return {ZONE: [{"card": line.card, "count": line.count} for line in decklist.lines]}

    def read_decklist(self, decklist: Decklist) -> list[ReadLine]:
        from cards.models import Card

        by_name = {
            name.casefold(): (card_id, name)
            for card_id, name in Card.objects.filter(game=CODE).values_list("id", "name_ja")
        }
        by_id = {card_id: (card_id, name) for card_id, name in by_name.values()}
        read = []
        for line in decklist.lines:
            found = by_id.get(line.card) if isinstance(line.card, int) else by_name.get(str(line.card).casefold())
            status = LineStatus.CARD if found else LineStatus.UNKNOWN
            card = {"id": found[0], "name_ja": found[1], "name_en": found[1]} if found else None
            json_row = line_row(
                line=line.line,
                written=str(line.card),
                status=status.value,
                count=line.count,
                written_zone=line.zone,
                zone=line.zone,
                card=card,
            )
            read.append(ReadLine(status.value, line.zone, found[0] if found else None, line.count, json_row))
        return read

    def deck_hash(self, cards: Iterable[tuple[str, int, int]], unresolved: Iterable[tuple[str, str, int]] = ()) -> str:
        return deck_hash(cards)

    def format_check(self, format_code: str) -> None:
        if format_code != FORMAT:
            raise ApplicationError(ErrorCode.UNKNOWN_FORMAT, f"The mini game has no format {format_code!r}.")

    def legality_report(
        self, *, decklist: Decklist, format_code: str, as_of: date | None, overlay_id: str | None
    ) -> dict:
        self.format_check(format_code)
        read = self.read_decklist(decklist)
        cards = [(row.zone or ZONE, row.card_id, row.count or 0) for row in read if row.card_id is not None]
        size = sum(line.count for line in decklist.lines)
        violations = []
        if size != DECK_SIZE:
            violations.append(
                {
                    "code": "DECK_SIZE",
                    "rule": "mini 1",
                    "zone": ZONE,
                    "cards": [],
                    "message": f"The deck holds {size} cards; it must hold exactly {DECK_SIZE}.",
                    "message_ja": f"デッキは{DECK_SIZE}枚ちょうどです。",
                    "count": size,
                    "limit": DECK_SIZE,
                }
            )
        unknown = [row.json for row in read if row.card_id is None]
        return {
            "legal": not violations and not unknown,
            "buildable": not unknown,
            "format": format_code,
            "as_of": (as_of or timezone.localdate()).isoformat(),
            "overlay": None,
            "regulation": None,
            "deck_hash": self.deck_hash(cards),
            "counts": {ZONE: size},
            "violations": violations,
            "warnings": [],
            "lines": [row.json for row in read],
            "errors": [],
        }


GAME = MiniGame()
