"""Card search for the Dragon Ball Super Card Game in the core's query grammar (cards/query.py: terms ANDed,
`-` negates, `field op value`, "quoted words"), with the game's own fields:

    free words, name:      a part of the English name or back name (fuzzy when nothing matches), or of a card
                           number or variant number (`BT1-005` finds BT1-005 and its printing BT1-005_PR)
    color:red,blue         has all of (a multicolour card has each)    color=red,blue   exactly these
    type:battle            leader, battle, extra, unison, z-battle, z-extra, z-leader, z-unison; type:z any Z-card
    cost / power / combo   comparisons `:`, `=`, `!=`, `<`, `<=`, `>`, `>=` (combo: combo power; combocost: its energy)
    trait:saiyan char:goku era:"universe survival saga"   a part of a special trait, character or era (`=` whole)
    is:ultimate is:super-combo is:dragon-ball is:multicolor is:leader is:z
    set:BT10               a set code (or a part of the set's name)
    order:name|number|cost|power|combo (`-` for descending)

Evaluated in memory over the catalogue's index, built once per catalogue version (no query per search).
"""

from __future__ import annotations

import datetime
import operator
import re
from dataclasses import dataclass

from cards.query import QueryError, fold
from cards.selectors import SearchResult, catalogue_version
from deckbuilder.cache import versioned_cache
from games.dbs import catalogue as db
from games.dbs.rules.cards import NUMBER, fold_number

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
_FILTER = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
_INT = re.compile(r"[+-]?\d+")
FUZZY_LIMIT = 20


@dataclass(frozen=True, slots=True)
class Entry:
    id: int
    number: str
    name: str  # folded English name (and back name)
    text: str  # folded names, numbers and variant numbers, one per line
    card_type: str
    colors: frozenset[str]
    cost: int | None
    power: int | None
    combo: int | None
    combo_cost: int | None
    traits: tuple[str, ...]
    chars: tuple[str, ...]
    eras: tuple[str, ...]
    set_code: str
    set_name: str
    flags: frozenset[str]
    sort_name: str


@dataclass(frozen=True)
class Index:
    entries: tuple[Entry, ...]
    by_number: dict[str, Entry]


@versioned_cache(version=catalogue_version, maxsize=1)
def index(_version=None) -> Index:
    state = db.state(data_version=_version)
    entries = []
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
        numbers = [number, *row["variant_numbers"], *row["source_numbers"]]
        entries.append(
            Entry(
                id=row["card_id"],
                number=number,
                name="\n".join(fold(name) for name in names if name),
                text="\n".join(fold(word) for word in (*names, *numbers) if word),
                card_type=row["card_type"],
                colors=colors,
                cost=row["energy_cost"],
                power=row["power"],
                combo=row["combo_power"],
                combo_cost=row["combo_energy"],
                traits=tuple(fold(t) for t in (*row["special_traits"], *row["back_special_traits"])),
                chars=tuple(fold(c) for c in (*row["characters"], *row["back_characters"])),
                eras=tuple(fold(e) for e in (row["era"], row["back_era"]) if e),
                set_code=fold(row["set_code"]),
                set_name=fold(row["set_name"]),
                flags=frozenset(flags),
                sort_name=fold(row["card__name_en"] or number),
            )
        )
    entries.sort(key=lambda entry: (entry.sort_name, entry.number))
    return Index(entries=tuple(entries), by_number={entry.number: entry for entry in entries})


def _expect(words) -> str:
    return "one of " + ", ".join(words)


class _Parser:
    """The core grammar's tokens (cards/query.py), this game's fields: a list of (predicate, negate, is_name_word)."""

    def __init__(self, text: str, state: db.State):
        self.text = text
        self.state = state
        self.pos = 0
        self.order: str | None = None
        self.words: list[str] = []

    def parse(self) -> list:
        terms: list = []
        while True:
            while self.pos < len(self.text) and self.text[self.pos].isspace():
                self.pos += 1
            if self.pos >= len(self.text):
                return terms
            term = self._term()
            if term is not None:
                terms.append(term)

    def _end(self) -> bool:
        return self.pos >= len(self.text) or self.text[self.pos].isspace()

    def _quoted(self) -> str:
        closing = self.text.find('"', self.pos + 1)
        if closing < 0:
            raise QueryError("unterminated quoted words", position=len(self.text), expected="a closing '\"'")
        value = self.text[self.pos + 1 : closing]
        self.pos = closing + 1
        if not self._end():
            raise QueryError("a quoted value must end the term", position=self.pos, expected="whitespace")
        return value

    def _bare(self) -> str:
        start = self.pos
        while not self._end():
            if self.text[self.pos] == '"':
                raise QueryError("a quote inside a word", position=self.pos, expected="whitespace before '\"'")
            self.pos += 1
        return self.text[start : self.pos]

    def _value(self) -> tuple[str, int]:
        position = self.pos
        if self._end():
            raise QueryError("missing value", position=position, expected="a value")
        value = self._quoted() if self.text[self.pos] == '"' else self._bare()
        if not fold(value):
            raise QueryError("empty value", position=position, expected="a value")
        return value, position

    def _term(self):
        start = self.pos
        negate = self.text[self.pos] == "-"
        if negate:
            self.pos += 1
            if self._end():
                raise QueryError("'-' must be followed by a term", position=self.pos, expected="a term after '-'")
        if self.text[self.pos] == '"':
            return self._word(self._quoted(), negate, start)
        match = _FILTER.match(self.text, self.pos)
        if match is None:
            return self._word(self._bare(), negate, start)
        field = _ALIASES.get(match.group(1).lower())
        if field is None:
            raise QueryError(f"unknown field '{match.group(1)}'", position=self.pos, expected=_expect(FIELDS))
        op = match.group(2)
        if field not in _NUMERIC and op not in (":", "="):
            raise QueryError(
                f"operator '{op}' cannot be used with {field}", position=match.start(2), expected="':' or '='"
            )
        self.pos = match.end()
        value, position = self._value()
        return getattr(self, f"_{field}")(op, value, position, negate)

    def _word(self, value: str, negate: bool, start: int):
        word = fold(value)
        if not word:
            raise QueryError("empty search word", position=start, expected="a word")
        written = NUMBER.fullmatch(fold_number(value))
        if written is not None:
            # A card number: its base card (a printing suffix the data does not list, `BT1-005_XYZ`, still names it,
            # 2-15-2-1), and every number or variant it is a part of.
            base = self.state.catalogue.lookup_number(value).card_number
            return (lambda e: e.number == base or word in e.text), negate
        if not negate:
            self.words.append(value)
        return (lambda e: word in e.text), negate

    def _name(self, op, value, position, negate):
        word = fold(value)
        if not negate:
            self.words.append(value)
        return (lambda e: word in e.name), negate

    def _color(self, op, value, position, negate):
        wanted = set()
        offset = position
        for item in value.split(","):
            color = fold(item)
            if color not in COLORS:
                raise QueryError(f"unknown colour '{item}'", position=offset, expected=_expect(COLORS))
            wanted.add(color)
            offset += len(item) + 1
        frozen = frozenset(wanted)
        if op == "=":
            return (lambda e: e.colors == frozen), negate
        return (lambda e: frozen <= e.colors), negate

    def _type(self, op, value, position, negate):
        types = TYPES.get(fold(value).replace("_", "-").replace(" ", "-"))
        if types is None:
            raise QueryError(f"unknown card type '{value}'", position=position, expected=_expect(TYPES))
        return (lambda e: e.card_type in types), negate

    def _number(self, attribute, op, value, position, negate):
        if not _INT.fullmatch(value):
            raise QueryError(f"'{value}' is not a whole number", position=position, expected="an integer")
        compare, target = _OPS[op], int(value)

        def test(entry: Entry) -> bool:
            actual = getattr(entry, attribute)
            return actual is not None and compare(actual, target)

        return test, negate

    def _cost(self, op, value, position, negate):
        return self._number("cost", op, value, position, negate)

    def _power(self, op, value, position, negate):
        return self._number("power", op, value, position, negate)

    def _combo(self, op, value, position, negate):
        return self._number("combo", op, value, position, negate)

    def _combocost(self, op, value, position, negate):
        return self._number("combo_cost", op, value, position, negate)

    def _listed(self, attribute, op, value, negate):
        word = fold(value)
        if op == "=":
            return (lambda e: word in getattr(e, attribute)), negate
        return (lambda e: any(word in item for item in getattr(e, attribute))), negate

    def _trait(self, op, value, position, negate):
        return self._listed("traits", op, value, negate)

    def _char(self, op, value, position, negate):
        return self._listed("chars", op, value, negate)

    def _era(self, op, value, position, negate):
        return self._listed("eras", op, value, negate)

    def _is(self, op, value, position, negate):
        flag = fold(value).replace("_", "-")
        flag = {"supercombo": "super-combo", "dragonball": "dragon-ball", "multicolour": "multicolor"}.get(flag, flag)
        if flag not in FLAGS:
            raise QueryError(f"unknown property '{value}'", position=position, expected=_expect(FLAGS))
        return (lambda e: flag in e.flags), negate

    def _set(self, op, value, position, negate):
        word = fold(value)
        if op == "=":
            return (lambda e: e.set_code == word), negate
        return (lambda e: e.set_code == word or (len(word) > 3 and word in e.set_name)), negate

    def _order(self, op, value, position, negate):
        order = fold(value)
        if negate or order.lstrip("-") not in ORDERS:
            raise QueryError(f"unknown order '{value}'", position=position, expected=_expect(ORDERS))
        self.order = order
        return None


def _sorted(entries: list[Entry], order: str) -> list[Entry]:
    key = order.lstrip("-")
    if key == "name":
        ordered = entries  # the index is in name order
    elif key == "number":
        ordered = sorted(entries, key=lambda e: e.number)
    else:
        attribute = {"cost": "cost", "power": "power", "combo": "combo"}[key]
        known = [e for e in entries if getattr(e, attribute) is not None]
        unknown = [e for e in entries if getattr(e, attribute) is None]
        known.sort(key=lambda e: getattr(e, attribute))
        ordered = known + unknown if not order.startswith("-") else known[::-1] + unknown
        return ordered
    return ordered[::-1] if order.startswith("-") else ordered


def card_search(*, q: str, order: str = "name", as_of: datetime.date | None = None) -> SearchResult:
    """The cards of `q` (INVALID_QUERY for a malformed one), in `order` (or the query's own `order:`)."""
    version = catalogue_version()  # one data version (one query at most) for the index and the catalogue
    state, search_index = db.state(data_version=version), index(data_version=version)
    parser = _Parser(q or "", state)
    terms = parser.parse()
    found: list[Entry] | tuple[Entry, ...] = search_index.entries
    for test, negate in terms:  # each term narrows the cards the terms before it left
        found = [entry for entry in found if not test(entry)] if negate else [entry for entry in found if test(entry)]
    found = list(found)
    only_words = bool(terms) and len(parser.words) == len(terms)
    if not found and only_words:
        # Nothing by parts of names: the closest names (rapidfuzz over the catalogue's names), best first.
        catalogue = state.catalogue
        by_number = search_index.by_number
        seen: list[Entry] = []
        for card in catalogue.suggestions(" ".join(parser.words), limit=FUZZY_LIMIT):
            for same in catalogue.named(card.name):
                if same.card_number in by_number and by_number[same.card_number] not in seen:
                    seen.append(by_number[same.card_number])
        return SearchResult(ids=[e.id for e in seen], notes=(), as_of=as_of or datetime.date.today())
    ordered = _sorted(found, parser.order or order or "name")
    return SearchResult(ids=[entry.id for entry in ordered], notes=(), as_of=as_of or datetime.date.today())
