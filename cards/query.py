"""The card search language (parameter `q`), in the spirit of Scryfall's: the grammar every game's search shares. A pure
parser: no Django, no database.

    query  := term ( whitespace term )*           terms are ANDed
    term   := [ "-" ] ( filter | word | "quoted words" )    "-" negates the term
    filter := field op value                       value: a bare word or "quoted words"

The fields every catalogue has (its names, printings and first release) are parsed here:

    name:word (a name word; same as a free word)    set:DMRP-01 (a set code, or a part of a set's name)
    date<=2019-12-31 date>= date= ... (first release)    year:2019 year<2010 (year of first release)
    legal:advance banned:advance limited:advance (on the search's date: today, or the `as_of` parameter)
    order:name (the result order, instead of the `order` parameter)

A game adds its own fields by subclassing QueryParser (Duel Masters': games.dm.query, civ: cost: type: race: zone:
is:; docs/search.md has the full table). A malformed query raises QueryError with the 0-based character position
and what was expected there.
"""

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, ClassVar

from api.codes import ApplicationError, ErrorCode
from cards.names import fold_for_search


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
class NumberTerm:
    field: str  # a game's numeric field, e.g. "cost" | "power"
    op: str  # "=", "!=", "<", "<=", ">", ">="
    value: int
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class FlagTerm:
    flag: str  # a key of the game's flags
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
    dated list on that date)."""

    status: str  # "legal" | "banned" | "limited"
    format_code: str
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class Query:
    terms: tuple[Any, ...]  # the terms above, and a game's own
    order: str | None = None  # an `order:` term in the query (overrides the `order` parameter)
    texts: tuple[str, ...] = ()  # each term as written (for notes about a term)


NEW_DAYS = 90  # `is:new`: first released in the NEW_DAYS days up to the search's date
REGULATION_STATUSES = ("legal", "banned", "limited")

_FILTER = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
_NUMBER = re.compile(r"[+-]?\d+")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_YEAR = re.compile(r"\d{4}")
_FORMAT = re.compile(r"[a-z0-9_-]+")
_COMPARISONS = (":", "=", "!=", "<", "<=", ">", ">=")


def fold(text: str) -> str:
    """Width folding and case folding, the way names are stored for search."""
    return fold_for_search(text)


def expect_list(words) -> str:
    return "one of " + ", ".join(words)


class QueryParser:
    """The grammar, with the fields every catalogue has. A game's parser subclasses it: `aliases` (a written field
    name -> the field), `fields` (in the order an unknown field's error lists them), `operators` (field -> the
    operators it takes), `orders`, and one `_field_<field>(op, value, position, negate, start)` method per field of
    its own, returning a term (or None), or one `_field` for them all; `_word` reads a free word. A term is whatever
    the game's search evaluates (the core's dataclasses below, or a game's own, e.g. masks over its index)."""

    aliases: ClassVar[dict[str, str]] = {
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
    fields: ClassVar[tuple[str, ...]] = ("set", "name", "order", "date", "year", "legal", "banned", "limited")
    operators: ClassVar[dict[str, tuple[str, ...]]] = {
        "set": (":", "="),
        "name": (":",),
        "order": (":", "="),
        "date": _COMPARISONS,
        "year": _COMPARISONS,
        "legal": (":",),
        "banned": (":",),
        "limited": (":",),
    }
    orders: ClassVar[tuple[str, ...]] = ("name", "-name")

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.order: str | None = None

    def parse(self) -> Query:
        terms: list[Any] = []
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

    def _term(self) -> Any:
        start = self.pos
        negate = False
        if self.text[self.pos] == "-":
            self.pos += 1
            negate = True
            if self._at_end_of_term():
                raise QueryError("'-' must be followed by a term", position=self.pos, expected="a term after '-'")
        if self.text[self.pos] == '"':
            return self._word(self._quoted(), negate, start, None)
        match = _FILTER.match(self.text, self.pos)
        if match:
            return self._filter(match, negate, start)
        word_start = self.pos
        return self._word(self._bare(), negate, start, word_start)

    def _word(self, value: str, negate: bool, start: int, position: int | None) -> Any:
        """A free word, or quoted words, as written (`position`: where a bare word starts; None for quoted words): a
        part of a name. A game's parser may read it otherwise (a card number)."""
        return TextTerm(text=self._text_value(value, position), negate=negate, position=start)

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

    def _filter(self, match: re.Match, negate: bool, start: int) -> Any:
        name, op = match.group(1).lower(), match.group(2)
        field = self.aliases.get(name)
        if field is None:
            raise QueryError(f"unknown field '{match.group(1)}'", position=self.pos, expected=expect_list(self.fields))
        allowed = self.operators[field]
        if op not in allowed:
            raise QueryError(
                f"operator '{op}' cannot be used with {field}",
                position=match.start(2),
                expected=expect_list(f"'{o}'" for o in allowed),
            )
        self.pos = match.end()
        value, position = self._value()
        return self._field(field, op, value, position, negate, start)

    def _field(self, field: str, op: str, value: str, position: int, negate: bool, start: int) -> Any:
        """One field's term (`value` as written, at `position`; the term at `start`): its `_field_<field>` method."""
        return getattr(self, f"_field_{field}")(op, value, position, negate, start)

    def _number(self, field, op, value, position, negate, start) -> NumberTerm:
        """A whole-number field of a game (`cost<=3`): `:` is `=`."""
        if not _NUMBER.fullmatch(value):
            raise QueryError(f"'{value}' is not a whole number", position=position, expected="an integer")
        return NumberTerm(field=field, op="=" if op == ":" else op, value=int(value), negate=negate, position=start)

    def _field_set(self, op, value, position, negate, start) -> SetTerm:
        return SetTerm(code=self._text_value(value, position), negate=negate, position=start)

    def _field_order(self, op, value, position, negate, start) -> None:
        order = fold(value)
        if negate:
            raise QueryError("an order cannot be negated", position=start, expected="order:-cost for descending")
        if order not in self.orders:
            raise QueryError(f"unknown order '{value}'", position=position, expected=expect_list(self.orders))
        self.order = order
        return None

    def _field_date(self, op, value, position, negate, start) -> DateTerm:
        day = None
        if _DAY.fullmatch(value):
            try:
                day = date.fromisoformat(value)
            except ValueError:
                day = None
        if day is None:
            raise QueryError(f"'{value}' is not a date", position=position, expected="a date YYYY-MM-DD")
        return DateTerm(op="=" if op == ":" else op, value=day, negate=negate, position=start)

    def _field_year(self, op, value, position, negate, start) -> DateTerm:
        if not _YEAR.fullmatch(value):
            raise QueryError(f"'{value}' is not a year", position=position, expected="a year YYYY")
        return DateTerm(op="=" if op == ":" else op, value=int(value), year=True, negate=negate, position=start)

    def _regulation(self, status, value, position, negate, start) -> RegulationTerm:
        code = fold(value)
        if not _FORMAT.fullmatch(code):
            raise QueryError(f"'{value}' is not a format code", position=position, expected="a format code")
        return RegulationTerm(status=status, format_code=code, negate=negate, position=start)

    def _field_legal(self, op, value, position, negate, start) -> RegulationTerm:
        return self._regulation("legal", value, position, negate, start)

    def _field_banned(self, op, value, position, negate, start) -> RegulationTerm:
        return self._regulation("banned", value, position, negate, start)

    def _field_limited(self, op, value, position, negate, start) -> RegulationTerm:
        return self._regulation("limited", value, position, negate, start)

    def _field_name(self, op, value, position, negate, start) -> TextTerm:
        return TextTerm(text=self._text_value(value, position), negate=negate, position=start)


def parse_query(text: str, parser: type[QueryParser] = QueryParser) -> Query:
    """Parse `q` with a game's parser (default: the fields every catalogue has). An empty or blank query has no terms
    (it matches every card)."""
    return parser(text or "").parse()
