"""Card search for the Dragon Ball Super Card Game in the core's query grammar (cards/query.py: terms ANDed,
`-` negates, `field op value`, "quoted words"), with the game's own fields
(`SEARCH_HELP` below; games/dbs/README.md).

Evaluated in memory over the catalogue's index, built once per catalogue version (no query per search): columns of
the cards in name order, each term a boolean mask over them (a free word checked only on the cards holding each of
its trigrams), the orders precomputed.
"""

from __future__ import annotations

import datetime
import operator
import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cards.query import QueryError, QueryParser, expect_list, fold
from cards.selectors import SearchResult, catalogue_version
from deckbuilder.cache import versioned_cache
from games.dbs import catalogue as db
from games.dbs.rules.cards import NUMBER, fold_number

# The search API's `q` description of DBS (Game.search.help; games/dbs/README.md, "Search", has the table).
SEARCH_HELP = """the same grammar with the Dragon Ball Super fields (reference: games/dbs/README.md, "Search").

| term | matches |
| --- | --- |
| `goku`, `name:"son goku"` | a part of the English name or back name (the closest names when nothing matches) |
| `BT1-005` | a card number or variant number, or a part of one (`BT1-005` finds its printings `BT1-005_PR`) |
| `color:red,blue`, `color=red` | has all of these colours (red blue green yellow black white) / exactly these |
| `type:battle`, `type:z` | leader battle extra unison z-battle z-extra z-leader z-unison; `z`: any Z-card |
| `cost<=3`, `power>=15000`, `combo:5000`, `combocost:0` | cost, power, combo power, its cost (`=` `!=` `<` `>` ...) |
| `trait:saiyan`, `char:goku`, `era:"universe survival saga"` | a part of a trait, character, era (`=` the whole) |
| `is:ultimate` | ultimate super-combo dragon-ball multicolor leader z |
| `set:BT10` | a set code, or a part of the set's name |
| `order:-power` | name number cost power combo; `-` descending |"""

TYPES = {
    "leader": ("Leader",),
    "battle": ("Battle",),
    "extra": ("Extra",),
    "unison": ("Unison",),
    "z-battle": ("Z-Battle",),
    "z-extra": ("Z-Extra",),
    "z-leader": ("Z-Leader",),
    "z-unison": ("Z-Unison",),
    "z": ("Z-Battle", "Z-Extra", "Z-Leader", "Z-Unison"),
}
COLORS = ("red", "blue", "green", "yellow", "black", "white")
FLAGS = ("ultimate", "super-combo", "dragon-ball", "multicolor", "leader", "z")
ORDERS = ("name", "number", "cost", "power", "combo")
FIELDS = ("name", "color", "type", "cost", "power", "combo", "combocost", "trait", "char", "era", "is", "set", "order")
_ALIASES = {
    "n": "name", "name": "name", "color": "color", "colour": "color", "c": "color", "type": "type", "t": "type",
    "cost": "cost", "power": "power", "pow": "power", "combo": "combo", "combocost": "combocost", "trait": "trait",
    "traits": "trait", "char": "char", "character": "char", "era": "era", "is": "is", "set": "set", "order": "order",
}  # fmt: skip
_NUMERIC = {"cost": "cost", "power": "power", "combo": "combo", "combocost": "combo_cost"}
_OPS = {
    ":": operator.eq,
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_INT = re.compile(r"[+-]?\d+")
FUZZY_LIMIT = 20


_GRAM = 3  # a word of this length or more is looked up by its trigrams first


@dataclass(frozen=True)
class TextColumn:
    """One folded text per row and, for each trigram of those texts, the rows holding it: a word of three letters or
    more is checked only on the rows holding every one of its trigrams (the rows of its rarest trigram at most), not
    on each of the 6,476 cards; a shorter word is checked on every row."""

    rows: tuple[str, ...]
    grams: dict[str, np.ndarray]  # trigram -> the rows holding it, ascending

    @classmethod
    def of(cls, rows: list[str]) -> TextColumn:
        grams: dict[str, list[int]] = {}
        for row, text in enumerate(rows):
            for gram in {text[at : at + _GRAM] for at in range(len(text) - _GRAM + 1)}:
                grams.setdefault(gram, []).append(row)
        return cls(rows=tuple(rows), grams={gram: np.array(held, dtype=np.intp) for gram, held in grams.items()})

    def containing(self, word: str) -> np.ndarray:
        """The rows holding `word`, as a mask."""
        mask = np.zeros(len(self.rows), dtype=bool)
        if len(word) < _GRAM:
            mask[:] = np.fromiter((word in row for row in self.rows), dtype=bool, count=len(self.rows))
            return mask
        found = [self.grams.get(word[at : at + _GRAM]) for at in range(len(word) - _GRAM + 1)]
        postings = [held for held in found if held is not None]
        if len(postings) < len(found):  # a trigram no card holds
            return mask
        postings.sort(key=len)
        candidates = postings[0]
        for rows in postings[1:]:
            if len(candidates) == 0:
                break
            candidates = np.intersect1d(candidates, rows, assume_unique=True)
        texts = self.rows
        mask[[row for row in candidates.tolist() if word in texts[row]]] = True
        return mask


@dataclass(frozen=True)
class Index:
    """The catalogue's cards as columns, one row per card in name order (then number), built once per catalogue
    version: a term of the query is a boolean mask over the rows, the answer the rows every term leaves."""

    size: int
    ids: np.ndarray  # card id per row
    numbers: tuple[str, ...]
    row_of: dict[str, int]  # card number -> row
    names: TextColumn  # folded English name and back name
    texts: TextColumn  # folded names, number, variant and source numbers
    rows_by_type: dict[str, np.ndarray]
    rows_by_colors: dict[frozenset[str], np.ndarray]  # each set of colours a card has -> its rows
    rows_by_flag: dict[str, np.ndarray]
    values: dict[str, np.ndarray]  # cost, power, combo, combo_cost (0 where unknown)
    known: dict[str, np.ndarray]  # where the value is known
    rows_by_item: dict[str, dict[str, np.ndarray]]  # traits, chars, eras: each folded item -> its rows
    rows_by_set_code: dict[str, np.ndarray]
    rows_by_set_name: dict[str, np.ndarray]
    orders: dict[str, np.ndarray]  # order -> the rows in that order

    def mask(self, rows: Iterable[np.ndarray]) -> np.ndarray:
        """The union of row lists, as a mask."""
        mask = np.zeros(self.size, dtype=bool)
        for some in rows:
            mask[some] = True
        return mask


def _grouped(keys: Iterable[Hashable]) -> dict:
    groups: dict = {}
    for row, key in enumerate(keys):
        groups.setdefault(key, []).append(row)
    return {key: np.array(rows, dtype=np.intp) for key, rows in groups.items()}


def _grouped_items(items: list[tuple[str, ...]]) -> dict[str, np.ndarray]:
    groups: dict[str, list[int]] = {}
    for row, values in enumerate(items):
        for value in dict.fromkeys(values):
            groups.setdefault(value, []).append(row)
    return {key: np.array(rows, dtype=np.intp) for key, rows in groups.items()}


def _value_orders(values: np.ndarray, known: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows by a value, ascending and descending; equal values in name order (descending: reversed), unknown last."""
    rows = np.flatnonzero(known)
    ascending = rows[np.argsort(values[rows], kind="stable")]
    unknown = np.flatnonzero(~known)
    return np.concatenate([ascending, unknown]), np.concatenate([ascending[::-1], unknown])


@versioned_cache(version=catalogue_version, maxsize=1)
def index(_version=None) -> Index:
    state = db.state(data_version=_version)
    cards = []
    for number, row in state.facts.items():
        colors = frozenset(color.casefold() for color in row["colors"])
        flags = {
            flag
            for flag, on in (
                ("ultimate", row["ultimate"]),
                ("super-combo", row["super_combo"]),
                ("dragon-ball", row["dragon_ball"]),
                ("multicolor", len(colors) > 1),
                ("leader", row["card_type"] == "Leader"),
                ("z", row["card_type"].startswith("Z-")),
            )
            if on
        }
        names = [row["card__name_en"], row["back_name"]]
        spellings = [number, *row["variant_numbers"], *row["source_numbers"]]
        cards.append(
            {
                "sort": (fold(row["card__name_en"] or number), number),
                "id": row["card_id"],
                "number": number,
                "name": "\n".join(fold(name) for name in names if name),
                "text": "\n".join(fold(word) for word in (*names, *spellings) if word),
                "card_type": row["card_type"],
                "colors": colors,
                "cost": row["energy_cost"],
                "power": row["power"],
                "combo": row["combo_power"],
                "combo_cost": row["combo_energy"],
                "traits": tuple(fold(t) for t in (*row["special_traits"], *row["back_special_traits"])),
                "chars": tuple(fold(c) for c in (*row["characters"], *row["back_characters"])),
                "eras": tuple(fold(e) for e in (row["era"], row["back_era"]) if e),
                "set_code": fold(row["set_code"]),
                "set_name": fold(row["set_name"]),
                "flags": flags,
            }
        )
    cards.sort(key=lambda card: card["sort"])
    size = len(cards)
    values = {key: np.array([card[key] or 0 for card in cards], dtype=np.int64) for key in _NUMERIC.values()}
    known = {key: np.array([card[key] is not None for card in cards], dtype=bool) for key in _NUMERIC.values()}
    numbers = tuple(card["number"] for card in cards)
    by_name = np.arange(size, dtype=np.intp)
    by_number = np.array(sorted(range(size), key=numbers.__getitem__), dtype=np.intp)
    orders = {"name": by_name, "-name": by_name[::-1], "number": by_number, "-number": by_number[::-1]}
    for key in ("cost", "power", "combo"):
        orders[key], orders[f"-{key}"] = _value_orders(values[key], known[key])
    return Index(
        size=size,
        ids=np.array([card["id"] for card in cards], dtype=np.int64),
        numbers=numbers,
        row_of={number: row for row, number in enumerate(numbers)},
        names=TextColumn.of([card["name"] for card in cards]),
        texts=TextColumn.of([card["text"] for card in cards]),
        rows_by_type=_grouped(card["card_type"] for card in cards),
        rows_by_colors=_grouped(card["colors"] for card in cards),
        rows_by_flag=_grouped_items([tuple(sorted(card["flags"])) for card in cards]),
        values=values,
        known=known,
        rows_by_item={key: _grouped_items([card[key] for card in cards]) for key in ("traits", "chars", "eras")},
        rows_by_set_code=_grouped(card["set_code"] for card in cards),
        rows_by_set_name=_grouped(card["set_name"] for card in cards),
        orders=orders,
    )


_TEXT_OPERATORS = (":", "=")
_NUMBER_OPERATORS = tuple(_OPS)


class _Parser(QueryParser):
    """The core grammar (cards/query.py) with this game's fields, each term a (mask over the index's rows, negate);
    `words` the free and name words (the fuzzy fallback's question)."""

    aliases: ClassVar[dict[str, str]] = _ALIASES
    fields: ClassVar[tuple[str, ...]] = FIELDS
    operators: ClassVar[dict[str, tuple[str, ...]]] = {
        field: _NUMBER_OPERATORS if field in _NUMERIC else _TEXT_OPERATORS for field in FIELDS
    }

    def __init__(self, text: str, state: db.State, search_index: Index):
        super().__init__(text)
        self.state = state
        self.index = search_index
        self.words: list[str] = []

    def _value(self) -> tuple[str, int]:
        # A value's position is where it is written (a quoted one's at its quote); one that folds to nothing is empty.
        position = self.pos
        value, _ = super()._value()
        if not fold(value):
            raise QueryError("empty value", position=position, expected="a value")
        return value, position

    def _word(self, value: str, negate: bool, start: int, position: int | None):
        word = fold(value)
        if not word:
            raise QueryError("empty search word", position=start, expected="a word")
        mask = self.index.texts.containing(word)
        written = NUMBER.fullmatch(fold_number(value))
        if written is not None:
            # A card number: its base card (a printing suffix the data does not list, `BT1-005_XYZ`, still names it,
            # 2-15-2-1), and every number or variant it is a part of.
            row = self.index.row_of.get(self.state.catalogue.lookup_number(value).card_number or "")
            if row is not None:
                mask[row] = True
            return mask, negate
        if not negate:
            self.words.append(value)
        return mask, negate

    def _field_name(self, op, value, position, negate, start):
        if not negate:
            self.words.append(value)
        return self.index.names.containing(fold(value)), negate

    def _field_color(self, op, value, position, negate, start):
        wanted = set()
        offset = position
        for item in value.split(","):
            color = fold(item)
            if color not in COLORS:
                raise QueryError(f"unknown colour '{item}'", position=offset, expected=expect_list(COLORS))
            wanted.add(color)
            offset += len(item) + 1
        groups = self.index.rows_by_colors
        if op == "=":
            return self.index.mask([groups[key] for key in groups if key == wanted]), negate
        return self.index.mask([groups[key] for key in groups if wanted <= key]), negate

    def _field_type(self, op, value, position, negate, start):
        types = TYPES.get(fold(value).replace("_", "-").replace(" ", "-"))
        if types is None:
            raise QueryError(f"unknown card type '{value}'", position=position, expected=expect_list(TYPES))
        groups = self.index.rows_by_type
        return self.index.mask([groups[key] for key in types if key in groups]), negate

    def _compare(self, attribute, op, value, position, negate):
        if not _INT.fullmatch(value):
            raise QueryError(f"'{value}' is not a whole number", position=position, expected="an integer")
        compare, target = _OPS[op], int(value)
        return self.index.known[attribute] & compare(self.index.values[attribute], target), negate

    def _field_cost(self, op, value, position, negate, start):
        return self._compare("cost", op, value, position, negate)

    def _field_power(self, op, value, position, negate, start):
        return self._compare("power", op, value, position, negate)

    def _field_combo(self, op, value, position, negate, start):
        return self._compare("combo", op, value, position, negate)

    def _field_combocost(self, op, value, position, negate, start):
        return self._compare("combo_cost", op, value, position, negate)

    def _listed(self, attribute, op, value, negate):
        word = fold(value)
        groups = self.index.rows_by_item[attribute]
        if op == "=":
            return self.index.mask([groups[word]] if word in groups else []), negate
        return self.index.mask([rows for item, rows in groups.items() if word in item]), negate

    def _field_trait(self, op, value, position, negate, start):
        return self._listed("traits", op, value, negate)

    def _field_char(self, op, value, position, negate, start):
        return self._listed("chars", op, value, negate)

    def _field_era(self, op, value, position, negate, start):
        return self._listed("eras", op, value, negate)

    def _field_is(self, op, value, position, negate, start):
        flag = fold(value).replace("_", "-")
        flag = {"supercombo": "super-combo", "dragonball": "dragon-ball", "multicolour": "multicolor"}.get(flag, flag)
        if flag not in FLAGS:
            raise QueryError(f"unknown property '{value}'", position=position, expected=expect_list(FLAGS))
        groups = self.index.rows_by_flag
        return self.index.mask([groups[flag]] if flag in groups else []), negate

    def _field_set(self, op, value, position, negate, start):
        word = fold(value)
        codes = self.index.rows_by_set_code
        rows = [codes[word]] if word in codes else []
        if op != "=" and len(word) > 3:
            rows += [some for name, some in self.index.rows_by_set_name.items() if word in name]
        return self.index.mask(rows), negate

    def _field_order(self, op, value, position, negate, start):
        order = fold(value)
        if negate or order.lstrip("-") not in ORDERS:
            raise QueryError(f"unknown order '{value}'", position=position, expected=expect_list(ORDERS))
        self.order = order
        return None


def card_search(*, q: str, order: str = "name", as_of: datetime.date | None = None) -> SearchResult:
    """The cards of `q` (INVALID_QUERY for a malformed one), in `order` (or the query's own `order:`)."""
    version = catalogue_version()  # one data version (one query at most) for the index and the catalogue
    state, search_index = db.state(data_version=version), index(data_version=version)
    parser = _Parser(q or "", state, search_index)
    terms = parser.parse().terms
    found = np.ones(search_index.size, dtype=bool)
    for mask, negate in terms:  # every term narrows the cards
        found &= ~mask if negate else mask
    today = as_of or datetime.date.today()
    if terms and len(parser.words) == len(terms) and not found.any():
        # Nothing by parts of names: the closest names (rapidfuzz over the catalogue's names), best first.
        catalogue = state.catalogue
        rows: list[int] = []
        for card in catalogue.suggestions(" ".join(parser.words), limit=FUZZY_LIMIT):
            for same in catalogue.named(card.name):
                row = search_index.row_of.get(same.card_number)
                if row is not None and row not in rows:
                    rows.append(row)
        return SearchResult(ids=search_index.ids[rows].tolist(), notes=(), as_of=today)
    ordered = search_index.orders.get(parser.order or order or "name", search_index.orders["name"])
    return SearchResult(ids=search_index.ids[ordered[found[ordered]]].tolist(), notes=(), as_of=today)
