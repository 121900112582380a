"""Duel Masters' card search: the core's query grammar with the game's fields (games.dm.query) over an in-memory index
of the game's cards, built once per catalogue version (deckbuilder.cache) and searched with vectorised masks."""

import bisect
import datetime
import itertools
from dataclasses import dataclass, field

import numpy as np
from django.db.models import F
from django.utils import timezone

from cards.models import Card, CardFace, Printing, Set
from cards.names import loose_key
from cards.query import NEW_DAYS
from cards.selectors import SearchNote, SearchResult, catalogue_version_of, format_card_pool
from deckbuilder.cache import versioned_cache
from games.dm.catalogue import CARD_GAME
from games.dm.query import (
    FLAGS,
    ORDERS,
    CivTerm,
    DateTerm,
    FlagTerm,
    NumberTerm,
    Query,
    QueryError,
    RaceTerm,
    RegulationTerm,
    SetTerm,
    TextTerm,
    TypeTerm,
    ZoneTerm,
    fold,
    parse_query,
)
from games.dm.resolver import get_resolver
from games.dm.rules.vocabulary import CivMask, Zone

# ------------------------------------------------------------------------------------------------ search index


@dataclass
class SearchIndex:
    ids: np.ndarray  # card ids, in name order
    texts: list[str]  # folded names, one per line
    # The loose keys of every name the card answers to, one per line (games.dm.resolver.Resolver.search_keys: names,
    # faces, nicknames, folded as the decklist reader folds them): where free words are matched.
    loose_texts: list[str]
    # The same, every row in one string (rows separated by NUL) and each row's offset in it: a free word is found by
    # str.find over the whole catalogue (a few dozen hits), not by a containment test per card (11,000 of them).
    loose_blob: str
    loose_starts: list[int]
    type_texts: list[str]  # folded card types (card and faces, English and Japanese)
    type_sets: list[frozenset[str]]
    race_texts: list[str]
    race_sets: list[frozenset[str]]
    race_rows: dict[str, np.ndarray]  # loose key of a whole race -> rows of that race (a free word that is a race)
    civ_mask: np.ndarray
    cost: np.ndarray  # float, NaN = none
    power: np.ndarray
    zone: np.ndarray  # object array of zone values
    flags: dict[str, np.ndarray]
    sets: dict[str, np.ndarray]  # folded set code -> row indexes
    order: dict[str, np.ndarray]  # order name -> row permutation
    release: np.ndarray  # first release as a proleptic ordinal (float), NaN = unknown
    release_year: np.ndarray  # year of first release (float), NaN = unknown
    set_names: list[tuple[str, np.ndarray]]  # (folded set name, row indexes) for `set:` by a part of the name
    unknown: dict[str, np.ndarray]  # facts_unknown field -> rows whose source does not give it
    key_rows: dict[str, np.ndarray]  # name key -> row indexes (Hall of Fame lists are by name key)
    # A format's zones -> the rows of those zones, filled on first use.
    zone_masks: dict[frozenset[str], np.ndarray] = field(default_factory=dict)
    key_masks: dict[frozenset[str], np.ndarray] = field(default_factory=dict)  # a block rule's name keys -> rows

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
    columns = ("id", "name_key", "search_text", "facts_available", "facts_unknown", "release_date")
    facts = (
        "civ_mask", "cost", "power_value", "zone", "card_type", "card_type_ja", "races", "type_codes",
        "shield_trigger", "blocker", "speed_attacker", "slayer", "twinpact", "evolution", "psychic", "dragheart", "gr",
        "hyper", "zeron", "forbidden", "multi_face", "breaker", "power_attacker_bonus", "cant_attack",
        "cant_attack_players",
    )  # fmt: skip
    cards = Card.objects.filter(game=CARD_GAME).values(*columns, **{name: F(f"dm__{name}") for name in facts})
    rows = sorted(cards, key=lambda row: (row["name_key"].casefold(), row["id"]))
    row_of = {row["id"]: i for i, row in enumerate(rows)}
    face_types: dict[int, list[str]] = {}
    # Only the catalogue game's faces and printings: another game's rows (a Dragon Ball Super leader's sides, its
    # printings) are not rows of this index.
    faces = CardFace.objects.filter(card__game=CARD_GAME)
    for card_id, card_type, card_type_ja in faces.values_list("card_id", "card_type", "card_type_ja"):
        face_types.setdefault(card_id, []).extend(t for t in (card_type, card_type_ja) if t)
    sets: dict[str, list[int]] = {}
    names_of_set: dict[str, set[str]] = {}
    for code, name in Set.objects.values_list("code", "name_ja"):
        names_of_set.setdefault(fold(code), set()).add(fold(name))
    printings = Printing.objects.filter(card__game=CARD_GAME)
    for card_id, set_code, set_name, tcg in printings.values_list("card_id", "set_code", "set_name", "tcg"):
        code = fold(set_code)
        sets.setdefault(code, []).append(row_of[card_id])
        if set_name and not tcg:
            names_of_set.setdefault(code, set()).add(fold(set_name))
    set_names = [
        (name, np.array(sorted(set(sets[code])), dtype=np.int64))
        for code, names in names_of_set.items()
        if code in sets
        for name in names
        if name
    ]
    unknown_rows: dict[str, list[int]] = {}
    key_rows: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        for name in row["facts_unknown"] or ():
            unknown_rows.setdefault(name, []).append(i)
        key_rows.setdefault(row["name_key"], []).append(i)
    size = len(rows)

    def rows_mask(indexes: list[int]) -> np.ndarray:
        mask = np.zeros(size, dtype=bool)
        mask[indexes] = True
        return mask

    type_sets = [
        frozenset(fold(t) for t in (row["card_type"], row["card_type_ja"], *face_types.get(row["id"], ())) if t)
        for row in rows
    ]
    race_sets = [frozenset(fold(race) for race in row["races"]) for row in rows]
    race_rows: dict[str, set[int]] = {}
    for i, races in enumerate(race_sets):
        for race in races:
            race_rows.setdefault(loose_key(race), set()).add(i)
    # The reader's name index: free words find what a pasted decklist line resolves to.
    resolver = get_resolver()
    loose_texts = ["\n".join(resolver.search_keys(row["id"])) for row in rows]
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
        loose_texts=loose_texts,
        loose_blob=_ROW_END.join(loose_texts),
        loose_starts=list(itertools.accumulate((len(text) + 1 for text in loose_texts[:-1]), initial=0)),
        type_texts=["\n".join(sorted(types)) for types in type_sets],
        type_sets=type_sets,
        race_texts=["\n".join(sorted(races)) for races in race_sets],
        race_sets=race_sets,
        race_rows={race: np.array(sorted(indexes), dtype=np.int64) for race, indexes in race_rows.items() if race},
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
        release=_numbers(row["release_date"].toordinal() if row["release_date"] else None for row in rows),
        release_year=_numbers(row["release_date"].year if row["release_date"] else None for row in rows),
        set_names=set_names,
        unknown={name: rows_mask(indexes) for name, indexes in unknown_rows.items()},
        key_rows={key: np.array(indexes, dtype=np.int64) for key, indexes in key_rows.items()},
    )


@versioned_cache(version=catalogue_version_of("dm"), maxsize=1)
def search_index_get(_version=None) -> SearchIndex:
    """The process's search index of the current catalogue (deckbuilder.cache: rebuilt after an import)."""
    return search_index_build()


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
_RELEASE = "release_date"
_BLOCK = "block"  # a block rule's pool: the blocks of a card's printings are not known


def _in_each(sets: list[frozenset[str]], text: str, size: int) -> np.ndarray:
    return np.fromiter((text in items for items in sets), dtype=bool, count=size)


def _compare(values: np.ndarray, op: str, value: float) -> tuple[np.ndarray, np.ndarray]:
    """(rows whose known value compares true, rows whose value is unknown)."""
    known = ~np.isnan(values)
    with np.errstate(invalid="ignore"):
        return known & _COMPARE[op](np.nan_to_num(values), value), ~known


def _zones_mask(index: SearchIndex, zones: frozenset[str]) -> np.ndarray:
    mask = index.zone_masks.get(zones)
    if mask is None:
        # A record without facts has no zone: it is judged as a main deck card.
        zone_of = ((zone or Zone.MAIN_DECK.value) in zones for zone in index.zone)
        mask = index.zone_masks[zones] = np.fromiter(zone_of, dtype=bool, count=index.size)
    return mask


def _regulation_mask(index: SearchIndex, term: RegulationTerm, as_of: datetime.date):
    """(rows the term matches, rows it leaves undecided, the undecided field: the release date, or for a format
    with a block rule the block, which an undated printing leaves unknown too)."""
    pool = format_card_pool(term.format_code, as_of)
    if pool is None:
        position = term.position + int(term.negate) + len(term.status) + 1
        raise QueryError(f"unknown format '{term.format_code}'", position=position, expected="a format code")
    listed = {0: np.zeros(index.size, dtype=bool), 1: np.zeros(index.size, dtype=bool)}
    for key, limit in pool.limits.items():
        rows = index.key_rows.get(key)
        if rows is not None and limit in listed:
            listed[limit][rows] = True
    if term.status == "banned":
        return listed[0], None, _RELEASE
    if term.status == "limited":
        return listed[1], None, _RELEASE
    released, unknown = _compare(index.release, "<=", as_of.toordinal())
    match = released & ~listed[0] & _zones_mask(index, pool.zones)
    if pool.outside or pool.uncertain:  # a block rule: cards outside it are not legal, undecided ones unknown
        outside = _keys_mask(index, pool.outside)
        uncertain = _keys_mask(index, pool.uncertain) & ~outside
        unknown = (unknown | (match & uncertain)) & ~outside
        match &= ~outside & ~uncertain
        return match, unknown, _BLOCK
    return match, unknown, _RELEASE


def _keys_mask(index: SearchIndex, keys: frozenset[str]) -> np.ndarray:
    """Rows of the cards of these name keys (kept on the index: a format's pool on a date is one cached set)."""
    mask = index.key_masks.get(keys)
    if mask is None:
        mask = np.zeros(index.size, dtype=bool)
        for key in keys:
            rows = index.key_rows.get(key)
            if rows is not None:
                mask[rows] = True
        if len(index.key_masks) >= 16:
            index.key_masks.clear()
        index.key_masks[keys] = mask
    return mask


_ROW_END = "\x00"


def _loose_rows(index: SearchIndex, key: str) -> np.ndarray:
    """Rows whose loose names contain `key`: found in the one string of every row's names, jumping to the next row
    after each hit."""
    if _ROW_END in key or "\n" in key:  # cannot be found inside one name
        return np.zeros(index.size, dtype=bool)
    blob, starts = index.loose_blob, index.loose_starts
    mask = np.zeros(index.size, dtype=bool)
    find, last = blob.find, len(starts) - 1
    position = find(key)
    while position != -1:
        row = bisect.bisect_right(starts, position) - 1
        mask[row] = True
        if row == last:
            break
        position = find(key, starts[row + 1])
    return mask


def _word_mask(index: SearchIndex, text: str) -> np.ndarray:
    """Cards a free word finds: a part of a name the card answers to, folded as the decklist reader folds names
    (hiragana as katakana, width, middle dots and spaces, long vowels, voicing marks: cards.names.loose_key), its
    nicknames among them; and the cards of a race or a set the word names whole (`ジョーカーズ`, `dmrp-01`)."""
    key = loose_key(text)
    if not key:  # only characters the loose key drops (`・`): the folded text itself
        return _contains(index.texts, text)
    mask = _loose_rows(index, key)
    for rows in (index.race_rows.get(key), index.sets.get(text)):
        if rows is not None:
            mask[rows] = True
    return mask


def _term_mask(index: SearchIndex, term, as_of: datetime.date) -> tuple[np.ndarray, np.ndarray | None, str]:
    """(rows that match the term, rows for which it cannot be decided or None, the undecided field)."""
    if isinstance(term, TextTerm):
        return _word_mask(index, term.text), None, ""
    if isinstance(term, CivTerm):
        if not term.civilizations:  # colorless: a card with facts and no civilization
            return (index.civ_mask == 0) & index.flags["facts_available"], None, ""
        wanted = int(CivMask.of(term.civilizations))
        if term.exact:
            return index.civ_mask == wanted, None, ""
        return (index.civ_mask & wanted) == wanted, None, ""
    if isinstance(term, NumberTerm):
        values = index.cost if term.field == "cost" else index.power
        match, _ = _compare(values, term.op, term.value)
        return match, index.unknown.get(term.field), term.field
    if isinstance(term, TypeTerm):
        if term.exact:
            return _in_each(index.type_sets, term.text, index.size), None, ""
        return _contains(index.type_texts, term.text), None, ""
    if isinstance(term, RaceTerm):
        if term.exact:
            return _in_each(index.race_sets, term.text, index.size), None, ""
        return _contains(index.race_texts, term.text), None, ""
    if isinstance(term, ZoneTerm):
        return index.zone == term.zone.value, None, ""
    if isinstance(term, FlagTerm):
        column = FLAGS[term.flag]
        if column == "new":
            today = as_of.toordinal()
            recent, unknown = _compare(index.release, ">", today - NEW_DAYS)
            return recent & (np.nan_to_num(index.release) <= today), unknown, _RELEASE
        return index.flags[column], index.unknown.get(column), column
    if isinstance(term, SetTerm):
        mask = np.zeros(index.size, dtype=bool)
        rows = index.sets.get(term.code)
        if rows is not None:
            mask[rows] = True
        else:  # not a set code: a part of a set's name
            for name, name_rows in index.set_names:
                if term.code in name:
                    mask[name_rows] = True
        return mask, None, ""
    if isinstance(term, DateTerm):
        if isinstance(term.value, datetime.date):
            match, unknown = _compare(index.release, term.op, term.value.toordinal())
        else:  # `year:`
            match, unknown = _compare(index.release_year, term.op, term.value)
        return match, unknown, _RELEASE
    if isinstance(term, RegulationTerm):
        return _regulation_mask(index, term, as_of)
    raise TypeError(f"unknown term {term!r}")


def card_search_result(*, q: str = "", order: str = "name", as_of: datetime.date | None = None) -> SearchResult:
    """The cards that match the query `q` (games/dm/query.py) in the given order (an `order:` term in `q` wins over
    the argument), and a note for each term that some otherwise matching cards leave undecided. Date-relative terms
    (`legal:`, `banned:`, `limited:`, `is:new`) are taken on `as_of` (default: today).

    Raises QueryError for a malformed query, an unknown order or an unknown format.
    """
    if order not in ORDERS:
        raise QueryError(f"unknown order '{order}'", position=0, expected="one of " + ", ".join(ORDERS))
    query: Query = parse_query(q)
    order = query.order or order
    as_of = as_of or timezone.localdate()
    index = search_index_get()
    mask = np.ones(index.size, dtype=bool)
    possible, undecided = [], []  # per term: rows that match it or may (undecided); the undecided terms
    for position, term in enumerate(query.terms):
        term_mask, unknown, field_name = _term_mask(index, term, as_of)
        term_mask = ~term_mask if term.negate else term_mask
        mask &= term_mask
        possible.append(term_mask if unknown is None else term_mask | unknown)
        if unknown is not None:
            undecided.append((position, unknown, field_name))
    notes = []
    for position, unknown, field_name in undecided:
        # Cards this term leaves undecided that every other term matches or leaves undecided too.
        others = unknown.copy()
        for other, other_possible in enumerate(possible):
            if other != position:
                others &= other_possible
        count = int(np.count_nonzero(others))
        if count:
            notes.append(SearchNote(term=query.texts[position], field=field_name, unknown=count))
    permutation = index.order[order]
    rows = permutation[mask[permutation]]
    texts = [term.text for term in query.terms if isinstance(term, TextTerm) and not term.negate]
    if order == "name" and texts:
        rows = _rank_by_name_match(index, rows, " ".join(texts))
    return SearchResult(ids=index.ids[rows].tolist(), notes=tuple(notes), as_of=as_of, name_text=" ".join(texts))


def card_search(*, q: str = "", order: str = "name", as_of: datetime.date | None = None) -> list[int]:
    """Ids of the cards that match the query `q`, in order (card_search_result without the notes)."""
    return card_search_result(q=q, order=order, as_of=as_of).ids


def _rank_by_name_match(index: SearchIndex, rows: np.ndarray, text: str) -> np.ndarray:
    """Rows that match free words, the exact name first, then names that start with the words, then the others
    (name order within each group): what a player who types a name and presses Enter means."""
    key = loose_key(text)
    texts = index.loose_texts if key else index.texts
    key = key or text
    ranks = np.fromiter((_name_rank(texts[row], key) for row in rows), dtype=np.int8, count=len(rows))
    return rows[np.argsort(ranks, kind="stable")]


def _name_rank(names: str, text: str) -> int:
    lines = names.split("\n")
    if text in lines:
        return 0
    if any(line.startswith(text) for line in lines):
        return 1
    return 2
