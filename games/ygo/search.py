"""The OCG card search: the core's query grammar (cards/query.py: `field op value` terms and free words, ANDed,
`-` negates, "quoted values") with the OCG's own fields. The index is built once per data version from the
process's catalogue (games.ygo.catalogue.ygo_context) and every term is a vectorised mask over it. Its fields are
`SEARCH_HELP` below (docs/search.md has them too).
"""

from __future__ import annotations

import bisect
import datetime
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cards.query import QueryError, QueryParser
from cards.selectors import SearchResult, catalogue_version_of
from deckbuilder.cache import versioned_cache
from games.ygo.catalogue import ygo_context
from games.ygo.rules import LimitHistory, fold_name
from games.ygo.rules.genesys import GenesysHistory
from games.ygo.rules.vocabulary import LimitStatus

# The search API's `q` description of the OCG (Game.search.help; docs/search.md has the table).
SEARCH_HELP = """the same grammar with the OCG's fields (reference: docs/search.md, "The Yu-Gi-Oh! OCG").

| term | matches |
| --- | --- |
| `灰流うらら`, `ash blossom`, `はるうらら` | a part of the Japanese or English name or kana reading |
| `arch:hero`, `series:hero` | a part of one of the card's archetypes |
| `attr:dark`, `attr:闇` | the Attribute (dark light earth water fire wind divine; 闇 光 地 水 炎 風 神) |
| `race:dragon`, `race:"winged beast"` | the monster Type |
| `level:4`, `rank>=4`, `link:2`, `atk>=2500`, `def<1000`, `scale:8` | `=` `!=` `<` `<=` `>` `>=` (`:` is `=`) |
| `type:synchro`, `type:quick-play` | monster spell trap effect normal fusion synchro xyz link pendulum ritual tuner |
| `type:flip` | flip gemini spirit union toon quick-play counter field equip continuous |
| `zone:main`, `zone:extra` | the deck the card goes in |
| `limit:forbidden`, `limit:semi-limited` | forbidden limited semi-limited unlimited, on the search's date (`as_of`) |
| `legal:ocg` | released in the OCG by the search's date and not Forbidden on it |
| `points>0`, `points>=10` | GENESYS points on the search's date (the list in force; a card it does not name: 0) |
| `date<=2020-01-01`, `year:2019` | the first OCG release |
| `order:-atk` | name (default) atk def level date; `-` descending |"""

_NUMBER_FIELDS = {
    "level": "level",
    "lv": "level",
    "rank": "rank",
    "link": "link",
    "atk": "atk",
    "def": "def",
    "scale": "scale",
}
_ATTRIBUTES_JA = {"闇": "dark", "光": "light", "地": "earth", "水": "water", "炎": "fire", "風": "wind", "神": "divine"}
_LIMITS = {
    "forbidden": LimitStatus.FORBIDDEN,
    "banned": LimitStatus.FORBIDDEN,
    "禁止": LimitStatus.FORBIDDEN,
    "limited": LimitStatus.LIMITED,
    "制限": LimitStatus.LIMITED,
    "semi-limited": LimitStatus.SEMI_LIMITED,
    "semi_limited": LimitStatus.SEMI_LIMITED,
    "semilimited": LimitStatus.SEMI_LIMITED,
    "準制限": LimitStatus.SEMI_LIMITED,
    "unlimited": LimitStatus.UNLIMITED,
    "無制限": LimitStatus.UNLIMITED,
}
CARD_ORDERS = ("name", "atk", "def", "level", "date")
_COMPARE = {
    "=": np.equal,
    ":": np.equal,
    "!=": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}
FIELDS = (
    "arch", "series", "attr", "race", *_NUMBER_FIELDS, "points", "type", "zone", "limit", "legal", "date", "year",
    "order",
)  # fmt: skip


def _key(text: str) -> str:
    """A field value's comparison form: folded as names, and without hyphens and underscores."""
    return fold_name(text).replace("-", "").replace("_", "")


@dataclass(frozen=True)
class YgoSearchIndex:
    pks: np.ndarray  # cards.Card ids, in name order
    ids: np.ndarray  # the rules ids (Konami ids), row for row
    names: str  # every row's folded names, rows separated by "\n"
    starts: list[int]  # each row's offset in `names`
    archetypes: list[str]  # each row's folded archetypes, separated by "\n"
    attributes: np.ndarray
    races: np.ndarray
    zones: np.ndarray
    numbers: dict[str, np.ndarray]  # level, rank, link, atk, def, scale, date (ordinal): NaN where none
    tags: dict[str, np.ndarray]  # type tag -> rows that have it
    in_ocg: np.ndarray
    limits: LimitHistory  # the dated lists of the same data version (limit:, legal:)
    genesys: GenesysHistory | None = None  # the GENESYS point lists of the same version (points:)


def search_index_build(data_version=None) -> YgoSearchIndex:
    context = ygo_context(data_version=data_version)  # the same version's catalogue, without a second version read
    rows = sorted(context.by_pk.items(), key=lambda item: (fold_name(item[1].name), item[0]))
    pks, ids, names, starts, archetypes = [], [], [], [], []
    attributes, races, zones, in_ocg = [], [], [], []
    numbers: dict[str, list[float]] = {key: [] for key in ("level", "rank", "link", "atk", "def", "scale", "date")}
    tag_rows: dict[str, list[int]] = {}
    offset = 0
    nan = float("nan")
    for row, (pk, card) in enumerate(rows):
        record = context.facts[pk]
        pks.append(pk)
        ids.append(card.id)
        # Its names, then the short forms players write for it (増G, うらら: games.abbreviations), so that a search
        # finds what a pasted short form resolves to.
        folded = (fold_name(n) for n in (card.name_ja, card.name_en, card.reading) if n)
        text = "\x00".join(dict.fromkeys([*folded, *context.catalogue.short_forms_of(card)]))
        starts.append(offset)
        names.append(text)
        offset += len(text) + 1
        archetypes.append("\n".join(_key(name) for name in card.archetypes))
        attributes.append((card.attribute or "").lower())
        races.append(_key(card.race or ""))
        zones.append(card.deck_zone.value)
        in_ocg.append(card.in_ocg)
        for key, value in (
            ("level", card.level),
            ("rank", card.rank),
            ("link", card.link_rating),
            ("atk", card.atk),
            ("def", card.defense),
            ("scale", card.scale),
            ("date", card.release_date.toordinal() if card.release_date else None),
        ):
            numbers[key].append(float(value) if isinstance(value, int) else nan)
        tags = {card.card_type.value, *(_key(t) for t in card.monster_types)}
        if record.get("property"):
            tags.add(_key(record["property"]))
        for tag in tags:
            tag_rows.setdefault(tag, []).append(row)
    size = len(rows)
    tag_masks = {}
    for tag, members in tag_rows.items():
        mask = np.zeros(size, dtype=bool)
        mask[members] = True
        tag_masks[tag] = mask
    return YgoSearchIndex(
        pks=np.array(pks, dtype=np.int64),
        ids=np.array(ids, dtype=np.int64),
        names="\n".join(names),
        starts=starts,
        archetypes=archetypes,
        attributes=np.array(attributes, dtype=object),
        races=np.array(races, dtype=object),
        zones=np.array(zones, dtype=object),
        numbers={key: np.array(values, dtype=float) for key, values in numbers.items()},
        tags=tag_masks,
        in_ocg=np.array(in_ocg, dtype=bool),
        limits=context.limits,
        genesys=context.genesys,
    )


@versioned_cache(version=catalogue_version_of("ygo"), maxsize=1)
def search_index_get(_version=None) -> YgoSearchIndex:
    return search_index_build(_version)


def _words(index: YgoSearchIndex, text: str) -> np.ndarray:
    """Rows with `text` (folded) in one of their names: str.find over every name at once."""
    mask = np.zeros(len(index.pks), dtype=bool)
    if not text:
        return ~mask
    blob, position = index.names, index.names.find(text)
    while position >= 0:
        row = bisect.bisect_right(index.starts, position) - 1
        mask[row] = True
        following = index.starts[row + 1] if row + 1 < len(index.starts) else len(blob)
        position = blob.find(text, following)
    return mask


def _date(value: str, position: int) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise QueryError(f"'{value}' is not a date", position=position, expected="YYYY-MM-DD") from None


def _int(value: str, position: int) -> int:
    try:
        return int(value)
    except ValueError:
        raise QueryError(f"'{value}' is not a number", position=position, expected="a whole number") from None


def _term_mask(index: YgoSearchIndex, field: str, op: str, value: str, position: int, as_of: datetime.date):
    size = len(index.pks)
    equality = op in (":", "=")
    if field in ("arch", "series", "attr", "race", "type", "zone", "limit", "legal") and not (equality or op == "!="):
        raise QueryError(f"operator '{op}' cannot be used with {field}", position=position, expected="':' or '='")
    negate = op == "!="  # a text field's `!=` is the negation of its `=`; a number's compares known values only
    if field in ("arch", "series"):
        key = _key(value)
        mask = np.fromiter((key in text for text in index.archetypes), dtype=bool, count=size)
    elif field == "attr":
        mask = index.attributes == _ATTRIBUTES_JA.get(value, value.lower())
    elif field == "race":
        mask = index.races == _key(value)
    elif field == "type":
        tag = _key(value)
        if tag not in index.tags and tag not in _KNOWN_TAGS:
            raise QueryError(f"unknown type '{value}'", position=position, expected=", ".join(sorted(_KNOWN_TAGS)))
        mask = index.tags.get(tag, np.zeros(size, dtype=bool))
    elif field == "zone":
        if value.lower() not in ("main", "extra"):
            raise QueryError(f"unknown zone '{value}'", position=position, expected="main, extra")
        mask = index.zones == value.lower()
    elif field == "limit":
        status = _LIMITS.get(value.lower())
        if status is None:
            raise QueryError(f"unknown limit '{value}'", position=position, expected=", ".join(_LIMITS))
        listed = index.limits.list_in_force(as_of)
        statuses = listed.statuses if listed is not None else {}
        if status is LimitStatus.UNLIMITED:
            mask = ~np.isin(index.ids, [k for k, s in statuses.items() if s is not LimitStatus.UNLIMITED])
        else:
            mask = np.isin(index.ids, [k for k, s in statuses.items() if s is status])
    elif field == "legal":
        if value.lower() != "ocg":
            raise QueryError(f"unknown format '{value}'", position=position, expected="ocg")
        listed = index.limits.list_in_force(as_of)
        forbidden = [k for k, s in (listed.statuses if listed else {}).items() if s is LimitStatus.FORBIDDEN]
        released = index.numbers["date"] <= as_of.toordinal()  # an undated card is not shown as legal
        mask = index.in_ocg & released & ~np.isin(index.ids, forbidden)
    elif field == "points":
        point_list = index.genesys.list_in_force(as_of) if index.genesys is not None else None
        points = point_list.points if point_list is not None else {}
        column = np.fromiter((points.get(int(card_id), 0) for card_id in index.ids), dtype=float, count=size)
        return _COMPARE[op](column, _int(value, position))
    elif field == "date":
        dates = index.numbers["date"]
        return _COMPARE[op](dates, _date(value, position).toordinal()) & ~np.isnan(dates)
    elif field == "year":
        year = _int(value, position)
        first, last = datetime.date(year, 1, 1).toordinal(), datetime.date(year, 12, 31).toordinal()
        dates = index.numbers["date"]
        return {
            ":": (dates >= first) & (dates <= last),
            "=": (dates >= first) & (dates <= last),
            "!=": (dates < first) | (dates > last),
            "<": dates < first,
            "<=": dates <= last,
            ">": dates > last,
            ">=": dates >= first,
        }[op] & ~np.isnan(dates)
    else:
        column = index.numbers[_NUMBER_FIELDS[field]]
        return _COMPARE[op](column, _int(value, position)) & ~np.isnan(column)
    return ~mask if negate else mask


_KNOWN_TAGS = frozenset(
    {
        "monster",
        "spell",
        "trap",
        "effect",
        "normal",
        "fusion",
        "synchro",
        "xyz",
        "link",
        "pendulum",
        "ritual",
        "tuner",
        "flip",
        "gemini",
        "spirit",
        "union",
        "toon",
        "quickplay",
        "counter",
        "field",
        "equip",
        "continuous",
    }
)


class _Parser(QueryParser):
    """The core grammar (cards/query.py) with the OCG's fields, each term a mask over the index's rows; `name_words`
    the free words as written (the suggestions' question). A field's own errors (a bad value, an operator it does not
    take) point at the term; `field!=value` negates a text field; an `order:` term is checked with the search's order
    (ygo_card_search)."""

    aliases: ClassVar[dict[str, str]] = {field: field for field in FIELDS}
    fields: ClassVar[tuple[str, ...]] = FIELDS
    operators: ClassVar[dict[str, tuple[str, ...]]] = {field: tuple(_COMPARE) for field in FIELDS}

    def __init__(self, text: str, index: YgoSearchIndex, as_of: datetime.date):
        super().__init__(text)
        self.index = index
        self.as_of = as_of
        self.name_words: list[str] = []

    def _word(self, value: str, negate: bool, start: int, position: int | None) -> np.ndarray:
        text = fold_name(value)
        if not text:
            raise QueryError("empty search word", position=start, expected="a word")
        self.name_words.append(value)
        mask = _words(self.index, text)
        return ~mask if negate else mask

    def _field(self, field: str, op: str, value: str, position: int, negate: bool, start: int) -> np.ndarray | None:
        if field == "order":
            self.order = value
            return None
        mask = _term_mask(self.index, field, op, value, start, self.as_of)
        return ~mask if negate else mask


def ygo_card_search(*, q: str = "", order: str = "name", as_of: datetime.date | None = None) -> SearchResult:
    """The cards.Card ids of the OCG cards that match `q`, in order; raises QueryError (INVALID_QUERY)."""
    day = as_of or datetime.date.today()
    index = search_index_get()
    parser = _Parser(q or "", index, day)
    mask = np.ones(len(index.pks), dtype=bool)
    for term in parser.parse().terms:  # every term narrows the cards
        mask &= term
    order = parser.order or order
    rows = np.flatnonzero(mask)
    descending = order.startswith("-")
    key = order.lstrip("-")
    if key not in CARD_ORDERS:
        raise QueryError(f"unknown order '{order}'", position=0, expected=", ".join(CARD_ORDERS))
    if key != "name":
        values = index.numbers[key][rows]
        values = np.where(np.isnan(values), np.inf if not descending else -np.inf, values)
        sorted_rows = np.argsort(-values if descending else values, kind="stable")
        rows = rows[sorted_rows]
    elif descending:
        rows = rows[::-1]
    return SearchResult(ids=index.pks[rows].tolist(), notes=(), as_of=day, name_text=" ".join(parser.name_words))
