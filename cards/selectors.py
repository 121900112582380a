"""Reads of the card catalogue: the catalogue version, card search over an in-memory index, card detail."""

import functools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from django.conf import settings
from django.db.models import Count, Max, Prefetch, QuerySet

from cards.models import Card, CardFace, Printing
from cards.query import (
    FLAGS,
    ORDERS,
    CivTerm,
    FlagTerm,
    NumberTerm,
    Query,
    QueryError,
    RaceTerm,
    SetTerm,
    TextTerm,
    TypeTerm,
    ZoneTerm,
    fold,
    parse_query,
)
from dmrules.vocabulary import CivMask

T = TypeVar("T")


def version_check(read: Callable[[], T]) -> Callable[[], T]:
    """Re-reads a data version at most every `settings.DATA_VERSION_CHECK_SECONDS` in this process.

    0 (development, tests) checks on every call. Production checks every few seconds: an import or an admin edit
    is seen by every process within that delay, and a request does not pay a query for it.
    """
    last: list = [0.0, None]

    @functools.wraps(read)
    def checked() -> T:
        ttl = getattr(settings, "DATA_VERSION_CHECK_SECONDS", 0)
        now = time.monotonic()
        if ttl <= 0 or last[1] is None or now - last[0] >= ttl:
            last[:] = [now, read()]
        return last[1]

    return checked


@version_check
def catalogue_version() -> tuple[int, str]:
    """A cheap fingerprint of the catalogue (one aggregate query): the number of cards and the latest change.

    Every process compares it with the version its in-memory indexes were built from, so an import in another
    process (or an admin edit) is seen at the next read.
    """
    row = Card.objects.aggregate(count=Count("id"), latest=Max("updated_at"))
    latest = row["latest"]
    return row["count"], latest.isoformat() if latest else ""


class VersionedCache:
    """One value per process, rebuilt when the catalogue version changed."""

    def __init__(self, build: Callable[[], T]):
        self._build = build
        self._lock = threading.Lock()
        self._version: tuple[int, str] | None = None
        self._value = None

    def get(self):
        version = catalogue_version()
        if version != self._version or self._value is None:
            with self._lock:
                if version != self._version or self._value is None:
                    self._value = self._build()
                    self._version = version
        return self._value

    def clear(self) -> None:
        with self._lock:
            self._version = None
            self._value = None


# ------------------------------------------------------------------------------------------------ search index


@dataclass
class SearchIndex:
    ids: np.ndarray  # card ids, in name order
    texts: list[str]  # folded names, one per line
    type_texts: list[str]  # folded card types (card and faces, English and Japanese)
    type_sets: list[frozenset[str]]
    race_texts: list[str]
    race_sets: list[frozenset[str]]
    civ_mask: np.ndarray
    cost: np.ndarray  # float, NaN = none
    power: np.ndarray
    zone: np.ndarray  # object array of zone values
    flags: dict[str, np.ndarray]
    sets: dict[str, np.ndarray]  # folded set code -> row indexes
    order: dict[str, np.ndarray]  # order name -> row permutation

    @property
    def size(self) -> int:
        return len(self.ids)


def _numbers(values) -> np.ndarray:
    return np.array([np.nan if v is None else float(v) for v in values], dtype=float)


def _sort_with_nulls_last(keys: np.ndarray, descending: bool) -> np.ndarray:
    # Rows are already in name order; a stable sort keeps name order among equal keys, and nulls go last.
    missing = np.isnan(keys)
    filled = np.where(missing, 0.0, -keys if descending else keys)
    return np.lexsort((filled, missing))


def search_index_build() -> SearchIndex:
    columns = (
        "id", "name_key", "search_text", "civ_mask", "cost", "power_value", "zone", "card_type", "card_type_ja",
        "races", "type_codes", "facts_available", "shield_trigger", "blocker", "speed_attacker", "slayer", "twinpact",
        "evolution", "psychic", "dragheart", "gr", "hyper", "zeron", "forbidden", "multi_face", "breaker",
        "power_attacker_bonus", "cant_attack", "cant_attack_players",
    )  # fmt: skip
    rows = sorted(Card.objects.values(*columns), key=lambda row: (row["name_key"].casefold(), row["id"]))
    row_of = {row["id"]: i for i, row in enumerate(rows)}
    face_types: dict[int, list[str]] = {}
    for card_id, card_type, card_type_ja in CardFace.objects.values_list("card_id", "card_type", "card_type_ja"):
        face_types.setdefault(card_id, []).extend(t for t in (card_type, card_type_ja) if t)
    sets: dict[str, list[int]] = {}
    for card_id, set_code in Printing.objects.values_list("card_id", "set_code").distinct():
        sets.setdefault(fold(set_code), []).append(row_of[card_id])

    type_sets = [
        frozenset(fold(t) for t in (row["card_type"], row["card_type_ja"], *face_types.get(row["id"], ())) if t)
        for row in rows
    ]
    race_sets = [frozenset(fold(race) for race in row["races"]) for row in rows]
    flag_columns = (
        "facts_available", "shield_trigger", "blocker", "speed_attacker", "slayer", "twinpact", "evolution",
        "psychic", "dragheart", "gr", "hyper", "zeron", "forbidden", "multi_face", "cant_attack",
        "cant_attack_players",
    )  # fmt: skip
    flags = {column: np.array([bool(row[column]) for row in rows], dtype=bool) for column in flag_columns}
    flags["breaker"] = np.array([row["breaker"] is not None for row in rows], dtype=bool)
    flags["power_attacker_bonus"] = np.array([row["power_attacker_bonus"] is not None for row in rows], dtype=bool)
    flags["rule_plus"] = np.array(["RP" in (row["type_codes"] or ()) for row in rows], dtype=bool)
    cost = _numbers(row["cost"] for row in rows)
    power = _numbers(row["power_value"] for row in rows)
    by_name = np.arange(len(rows))
    return SearchIndex(
        ids=np.array([row["id"] for row in rows], dtype=np.int64),
        texts=[row["search_text"] for row in rows],
        type_texts=["\n".join(sorted(types)) for types in type_sets],
        type_sets=type_sets,
        race_texts=["\n".join(sorted(races)) for races in race_sets],
        race_sets=race_sets,
        civ_mask=np.array([row["civ_mask"] for row in rows], dtype=np.int16),
        cost=cost,
        power=power,
        zone=np.array([row["zone"] for row in rows], dtype=object),
        flags=flags,
        sets={code: np.array(sorted(set(indexes)), dtype=np.int64) for code, indexes in sets.items()},
        order={
            "name": by_name,
            "-name": by_name[::-1].copy(),
            "cost": _sort_with_nulls_last(cost, False),
            "-cost": _sort_with_nulls_last(cost, True),
            "power": _sort_with_nulls_last(power, False),
            "-power": _sort_with_nulls_last(power, True),
        },
    )


_search_index = VersionedCache(search_index_build)


def search_index_get() -> SearchIndex:
    return _search_index.get()


def _contains(values: list[str], text: str) -> np.ndarray:
    return np.fromiter((text in value for value in values), dtype=bool, count=len(values))


_COMPARE = {
    "=": np.equal,
    "!=": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}


def _term_mask(index: SearchIndex, term) -> np.ndarray:
    if isinstance(term, TextTerm):
        return _contains(index.texts, term.text)
    if isinstance(term, CivTerm):
        if not term.civilizations:  # colorless: a card with facts and no civilization
            return (index.civ_mask == 0) & index.flags["facts_available"]
        wanted = int(CivMask.of(term.civilizations))
        if term.exact:
            return index.civ_mask == wanted
        return (index.civ_mask & wanted) == wanted
    if isinstance(term, NumberTerm):
        values = index.cost if term.field == "cost" else index.power
        with np.errstate(invalid="ignore"):
            known = ~np.isnan(values)
            return known & _COMPARE[term.op](np.nan_to_num(values), term.value)
    if isinstance(term, TypeTerm):
        if term.exact:
            return np.fromiter((term.text in types for types in index.type_sets), dtype=bool, count=index.size)
        return _contains(index.type_texts, term.text)
    if isinstance(term, RaceTerm):
        if term.exact:
            return np.fromiter((term.text in races for races in index.race_sets), dtype=bool, count=index.size)
        return _contains(index.race_texts, term.text)
    if isinstance(term, ZoneTerm):
        return index.zone == term.zone.value
    if isinstance(term, FlagTerm):
        return index.flags[FLAGS[term.flag]]
    if isinstance(term, SetTerm):
        mask = np.zeros(index.size, dtype=bool)
        rows = index.sets.get(term.code)
        if rows is not None:
            mask[rows] = True
        return mask
    raise TypeError(f"unknown term {term!r}")


def card_search(*, q: str = "", order: str = "name") -> list[int]:
    """Ids of the cards that match the query `q` (cards/query.py), in the given order (an `order:` term in `q`
    wins over the argument).

    Raises QueryError for a malformed query or an unknown order.
    """
    if order not in ORDERS:
        raise QueryError(f"unknown order '{order}'", position=0, expected="one of " + ", ".join(ORDERS))
    query: Query = parse_query(q)
    order = query.order or order
    index = search_index_get()
    mask = np.ones(index.size, dtype=bool)
    for term in query.terms:
        term_mask = _term_mask(index, term)
        mask &= ~term_mask if term.negate else term_mask
    permutation = index.order[order]
    rows = permutation[mask[permutation]]
    texts = [term.text for term in query.terms if isinstance(term, TextTerm) and not term.negate]
    if order == "name" and texts:
        rows = _rank_by_name_match(index, rows, " ".join(texts))
    return index.ids[rows].tolist()


def _rank_by_name_match(index: SearchIndex, rows: np.ndarray, text: str) -> np.ndarray:
    """Rows that match free words, the exact name first, then names that start with the words, then the others
    (name order within each group): what a player who types a name and presses Enter means."""
    ranks = np.fromiter((_name_rank(index.texts[row], text) for row in rows), dtype=np.int8, count=len(rows))
    return rows[np.argsort(ranks, kind="stable")]


def _name_rank(names: str, text: str) -> int:
    lines = names.split("\n")
    if text in lines:
        return 0
    if any(line.startswith(text) for line in lines):
        return 1
    return 2


# ---------------------------------------------------------------------------------------------------- details


def cards_by_ids(*, ids: list[int]) -> list[Card]:
    """The cards with these ids, in the same order (a page of search results)."""
    found = Card.objects.in_bulk(ids)
    return [found[card_id] for card_id in ids if card_id in found]


def card_get(*, card_id: int) -> Card:
    """One card with its faces and printings (Card.DoesNotExist if there is none)."""
    return card_detail_queryset().get(id=card_id)


def card_detail_queryset() -> QuerySet[Card]:
    return Card.objects.prefetch_related(
        Prefetch("faces", queryset=CardFace.objects.order_by("position")),
        Prefetch("printings", queryset=Printing.objects.order_by("tcg", "set_code", "number")),
    )
