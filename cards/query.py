"""The card search language (parameter `q`), in the spirit of Scryfall's. A pure parser: no Django, no database.

    query  := term ( whitespace term )*           terms are ANDed
    term   := [ "-" ] ( filter | word | "quoted words" )    "-" negates the term
    filter := field op value                       value: a bare word or "quoted words"

Fields and operators (docs/search.md has the full table):

    civ:fire,water  has all of   civ=fire,water  exactly   civ:colorless   (also 光 水 闇 火 自然 / 無色)
    cost:3 cost=3 cost<=3 cost<3 cost>=3 cost>3 cost!=3      the same for power
    type:creature (part of the type, English or Japanese)    type=creature (the whole type)
    race:ドラゴン (part of a race)   race=アーマード・ドラゴン (a whole race)
    zone:main zone:hyperspatial zone:gr zone:start
    is:trigger is:blocker is:twinpact is:evolution ... (FLAGS)     is:new (first released in the last 90 days)
    set:DMRP-01 (a set code, or a part of a set's name)     name:word (a name word; same as a free word)
    date<=2019-12-31 date>= date= ... (first release)    year:2019 year<2010 (year of first release)
    legal:advance banned:advance limited:advance (on the search's date: today, or the `as_of` parameter)
    order:cost (also name, power, -cost ...: the result order, instead of the `order` parameter)

A malformed query raises QueryError with the 0-based character position and what was expected there.
"""

import re
from dataclasses import dataclass
from datetime import date

from api.codes import ApplicationError, ErrorCode
from cards.names import fold_for_search
from games.dm.rules.vocabulary import Civilization, Zone


class QueryError(ApplicationError, ValueError):
    def __init__(self, message: str, *, position: int, expected: str):
        super().__init__(ErrorCode.INVALID_QUERY, message, {"position": position, "expected": expected})
        self.position = position
        self.expected = expected


@dataclass(frozen=True)
class TextTerm:
    text: str  # case-folded, width-folded; matched as a part of any name
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class CivTerm:
    civilizations: frozenset[Civilization]  # empty = colorless
    exact: bool = False
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class NumberTerm:
    field: str  # "cost" | "power"
    op: str  # "=", "!=", "<", "<=", ">", ">="
    value: int
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class TypeTerm:
    text: str
    exact: bool = False
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class RaceTerm:
    text: str
    exact: bool = False
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class ZoneTerm:
    zone: Zone
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class FlagTerm:
    flag: str  # a key of FLAGS
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class SetTerm:
    code: str  # case-folded set code
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class DateTerm:
    """The card's first release date compared with a day (`date<=2019-12-31`), or its year (`year:2019`)."""

    op: str  # "=", "!=", "<", "<=", ">", ">="
    value: date | int  # a day, or a year for `year:`
    year: bool = False
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class RegulationTerm:
    """`legal:advance` (released by the search's date and not banned on it), `banned:` / `limited:` (the format's
    Hall of Fame list on that date)."""

    status: str  # "legal" | "banned" | "limited"
    format_code: str
    negate: bool = False
    position: int = 0


Term = TextTerm | CivTerm | NumberTerm | TypeTerm | RaceTerm | ZoneTerm | FlagTerm | SetTerm | DateTerm | RegulationTerm


@dataclass(frozen=True)
class Query:
    terms: tuple[Term, ...]
    order: str | None = None  # an `order:` term in the query (overrides the `order` parameter)
    texts: tuple[str, ...] = ()  # each term as written (for notes about a term)


ORDERS = ("name", "cost", "power", "-name", "-cost", "-power")


CIVILIZATION_WORDS: dict[str, Civilization | None] = {
    **{civ.value: civ for civ in Civilization},
    "光": Civilization.LIGHT,
    "水": Civilization.WATER,
    "闇": Civilization.DARKNESS,
    "火": Civilization.FIRE,
    "自然": Civilization.NATURE,
    "colorless": None,
    "無色": None,
    # The card data marks colorless cards as "Zero" (ゼロ); both words find them.
    "zero": None,
    "ゼロ": None,
}

ZONE_WORDS: dict[str, Zone] = {
    "main": Zone.MAIN_DECK,
    "main_deck": Zone.MAIN_DECK,
    "deck": Zone.MAIN_DECK,
    "hyperspatial": Zone.HYPERSPATIAL,
    "hyperspatial_zone": Zone.HYPERSPATIAL,
    "gr": Zone.SUPER_GR,
    "super_gr": Zone.SUPER_GR,
    "super_gr_zone": Zone.SUPER_GR,
    "start": Zone.BATTLE_ZONE_AT_START,
    "battle_zone_at_game_start": Zone.BATTLE_ZONE_AT_START,
}

# is:<flag> -> the catalogue's column it tests.
FLAGS: dict[str, str] = {
    "trigger": "shield_trigger",
    "shield_trigger": "shield_trigger",
    "blocker": "blocker",
    "speed_attacker": "speed_attacker",
    "sa": "speed_attacker",
    "slayer": "slayer",
    "twinpact": "twinpact",
    "evolution": "evolution",
    "psychic": "psychic",
    "dragheart": "dragheart",
    "gr": "gr",
    "hyper": "hyper",
    "zeron": "zeron",
    "forbidden": "forbidden",
    "multiface": "multi_face",
    "multi_face": "multi_face",
    "breaker": "breaker",
    "power_attacker": "power_attacker_bonus",
    "cant_attack": "cant_attack",
    "cant_attack_players": "cant_attack_players",
    "rule_plus": "rule_plus",
    "facts": "facts_available",
    "new": "new",  # first released in the NEW_DAYS days up to the search's date
}
NEW_DAYS = 90
REGULATION_STATUSES = ("legal", "banned", "limited")

_FIELD_ALIASES = {
    "civ": "civ",
    "c": "civ",
    "cost": "cost",
    "power": "power",
    "pow": "power",
    "type": "type",
    "t": "type",
    "race": "race",
    "r": "race",
    "zone": "zone",
    "is": "is",
    "set": "set",
    "name": "name",
    "n": "name",
    "order": "order",
    "date": "date",
    "year": "year",
    "legal": "legal",
    "banned": "banned",
    "limited": "limited",
}
FIELDS = (
    "civ", "cost", "power", "type", "race", "zone", "is", "set", "name", "order", "date", "year", "legal", "banned",
    "limited",
)  # fmt: skip
_OPS_BY_FIELD = {
    "civ": (":", "="),
    "cost": (":", "=", "!=", "<", "<=", ">", ">="),
    "power": (":", "=", "!=", "<", "<=", ">", ">="),
    "type": (":", "="),
    "race": (":", "="),
    "zone": (":", "="),
    "is": (":",),
    "set": (":", "="),
    "name": (":",),
    "order": (":", "="),
    "date": (":", "=", "!=", "<", "<=", ">", ">="),
    "year": (":", "=", "!=", "<", "<=", ">", ">="),
    "legal": (":",),
    "banned": (":",),
    "limited": (":",),
}
_FILTER = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
_NUMBER = re.compile(r"[+-]?\d+")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_YEAR = re.compile(r"\d{4}")
_FORMAT = re.compile(r"[a-z0-9_-]+")


def fold(text: str) -> str:
    """Width folding and case folding, the way names are stored for search."""
    return fold_for_search(text)


def _expect_list(words) -> str:
    return "one of " + ", ".join(words)


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.order: str | None = None

    def parse(self) -> Query:
        terms: list[Term] = []
        texts: list[str] = []
        while True:
            self._skip_spaces()
            if self.pos >= len(self.text):
                return Query(terms=tuple(terms), order=self.order, texts=tuple(texts))
            start = self.pos
            term = self._term()
            if term is not None:
                terms.append(term)
                texts.append(self.text[start : self.pos])

    def _skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def _at_end_of_term(self) -> bool:
        return self.pos >= len(self.text) or self.text[self.pos].isspace()

    def _term(self) -> Term | None:
        start = self.pos
        negate = False
        if self.text[self.pos] == "-":
            self.pos += 1
            negate = True
            if self._at_end_of_term():
                raise QueryError("'-' must be followed by a term", position=self.pos, expected="a term after '-'")
        if self.text[self.pos] == '"':
            return TextTerm(text=self._text_value(self._quoted()), negate=negate, position=start)
        match = _FILTER.match(self.text, self.pos)
        if match:
            return self._filter(match, negate, start)
        word_start = self.pos
        word = self._bare()
        return TextTerm(text=self._text_value(word, word_start), negate=negate, position=start)

    def _text_value(self, value: str, position: int | None = None) -> str:
        folded = fold(value)
        if not folded:
            where = self.pos if position is None else position
            raise QueryError("empty search word", position=where, expected="a word")
        return folded

    def _quoted(self) -> str:
        opening = self.pos
        closing = self.text.find('"', opening + 1)
        if closing < 0:
            raise QueryError("unterminated quoted words", position=len(self.text), expected="a closing '\"'")
        self.pos = closing + 1
        if not self._at_end_of_term():
            raise QueryError("a quoted value must end the term", position=self.pos, expected="whitespace")
        return self.text[opening + 1 : closing]

    def _bare(self) -> str:
        start = self.pos
        while not self._at_end_of_term():
            if self.text[self.pos] == '"':
                raise QueryError("a quote inside a word", position=self.pos, expected="whitespace before '\"'")
            self.pos += 1
        return self.text[start : self.pos]

    def _value(self) -> tuple[str, int]:
        position = self.pos
        if self._at_end_of_term():
            raise QueryError("missing value", position=position, expected="a value")
        if self.text[self.pos] == '"':
            value = self._quoted()
            if not value.strip():
                raise QueryError("empty value", position=position, expected="a value")
            return value, position + 1
        return self._bare(), position

    def _filter(self, match: re.Match, negate: bool, start: int) -> Term | None:
        name, op = match.group(1).lower(), match.group(2)
        field = _FIELD_ALIASES.get(name)
        if field is None:
            raise QueryError(f"unknown field '{match.group(1)}'", position=self.pos, expected=_expect_list(FIELDS))
        allowed = _OPS_BY_FIELD[field]
        if op not in allowed:
            raise QueryError(
                f"operator '{op}' cannot be used with {field}",
                position=match.start(2),
                expected=_expect_list(f"'{o}'" for o in allowed),
            )
        self.pos = match.end()
        value, position = self._value()
        return getattr(self, f"_field_{field}")(op, value, position, negate, start)

    def _field_civ(self, op, value, position, negate, start) -> Term:
        civs: set[Civilization] = set()
        colorless = False
        offset = position
        for item in value.split(","):
            word = fold(item)
            if word not in CIVILIZATION_WORDS:
                raise QueryError(
                    f"unknown civilization '{item}'", position=offset, expected=_expect_list(CIVILIZATION_WORDS)
                )
            civ = CIVILIZATION_WORDS[word]
            if civ is None:
                colorless = True
            else:
                civs.add(civ)
            offset += len(item) + 1
        if colorless and civs:
            raise QueryError(
                "colorless cannot be combined with a civilization", position=position, expected="a civilization"
            )
        return CivTerm(civilizations=frozenset(civs), exact=op == "=" or colorless, negate=negate, position=start)

    def _number(self, field, op, value, position, negate, start) -> Term:
        if not _NUMBER.fullmatch(value):
            raise QueryError(f"'{value}' is not a whole number", position=position, expected="an integer")
        return NumberTerm(field=field, op="=" if op == ":" else op, value=int(value), negate=negate, position=start)

    def _field_cost(self, op, value, position, negate, start) -> Term:
        return self._number("cost", op, value, position, negate, start)

    def _field_power(self, op, value, position, negate, start) -> Term:
        return self._number("power", op, value, position, negate, start)

    def _field_type(self, op, value, position, negate, start) -> Term:
        return TypeTerm(text=self._text_value(value, position), exact=op == "=", negate=negate, position=start)

    def _field_race(self, op, value, position, negate, start) -> Term:
        return RaceTerm(text=self._text_value(value, position), exact=op == "=", negate=negate, position=start)

    def _field_zone(self, op, value, position, negate, start) -> Term:
        zone = ZONE_WORDS.get(fold(value))
        if zone is None:
            raise QueryError(f"unknown zone '{value}'", position=position, expected=_expect_list(ZONE_WORDS))
        return ZoneTerm(zone=zone, negate=negate, position=start)

    def _field_is(self, op, value, position, negate, start) -> Term:
        flag = fold(value).replace("-", "_")
        if flag not in FLAGS:
            raise QueryError(f"unknown property '{value}'", position=position, expected=_expect_list(FLAGS))
        return FlagTerm(flag=flag, negate=negate, position=start)

    def _field_set(self, op, value, position, negate, start) -> Term:
        return SetTerm(code=self._text_value(value, position), negate=negate, position=start)

    def _field_order(self, op, value, position, negate, start) -> None:
        order = fold(value)
        if negate:
            raise QueryError("an order cannot be negated", position=start, expected="order:-cost for descending")
        if order not in ORDERS:
            raise QueryError(f"unknown order '{value}'", position=position, expected=_expect_list(ORDERS))
        self.order = order
        return None

    def _field_date(self, op, value, position, negate, start) -> Term:
        day = None
        if _DAY.fullmatch(value):
            try:
                day = date.fromisoformat(value)
            except ValueError:
                day = None
        if day is None:
            raise QueryError(f"'{value}' is not a date", position=position, expected="a date YYYY-MM-DD")
        return DateTerm(op="=" if op == ":" else op, value=day, negate=negate, position=start)

    def _field_year(self, op, value, position, negate, start) -> Term:
        if not _YEAR.fullmatch(value):
            raise QueryError(f"'{value}' is not a year", position=position, expected="a year YYYY")
        return DateTerm(op="=" if op == ":" else op, value=int(value), year=True, negate=negate, position=start)

    def _regulation(self, status, value, position, negate, start) -> Term:
        code = fold(value)
        if not _FORMAT.fullmatch(code):
            raise QueryError(f"'{value}' is not a format code", position=position, expected="a format code")
        return RegulationTerm(status=status, format_code=code, negate=negate, position=start)

    def _field_legal(self, op, value, position, negate, start) -> Term:
        return self._regulation("legal", value, position, negate, start)

    def _field_banned(self, op, value, position, negate, start) -> Term:
        return self._regulation("banned", value, position, negate, start)

    def _field_limited(self, op, value, position, negate, start) -> Term:
        return self._regulation("limited", value, position, negate, start)

    def _field_name(self, op, value, position, negate, start) -> Term:
        return TextTerm(text=self._text_value(value, position), negate=negate, position=start)


def parse_query(text: str) -> Query:
    """Parse `q`. An empty or blank query has no terms (it matches every card)."""
    return _Parser(text or "").parse()
