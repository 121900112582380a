"""The card catalogue: the card data's facts as the rules need them, looked up by card number, variant number,
English name or a leader's back name. Pure Python.

Decks count copies by card number, not by name (DBS 2-15-2-1, 5-1-3-1; the official Q&A: "four copies of a card
with the same card number"), and an alternate printing (`BT1-005_PR`, `_SPR`, `_JP04`, ...) carries the number of the
card it reprints, so every lookup by number answers with the base number. Names are not unique (the same name is
printed under several numbers), so a lookup by name answers with every number that bears it.
"""

import functools
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz, process

from games.dbs.rules.vocabulary import HOME_TO_ZONE, CardType, HomeZone, Zone

# A card number as printed: a set prefix and number (`BT10-100`, `EX01-01`, `SD1-01`, `P-001`), optionally followed by a
# printing suffix (`_PR`, `_SPR`, `_JP04_L2`). Matched case-insensitively after width folding.
NUMBER = re.compile(r"(?<![A-Z0-9])((?:BT|TB|DB|EB|SD|XD|EX)\d{1,2}-\d{2,3}|P-\d{3})((?:_[A-Z0-9]+)*)(?![A-Z0-9-])")
_DASHES = str.maketrans({c: "-" for c in "‐‑‒–—―−－"})
_APOSTROPHES = re.compile("['’‘`´]")
_NOT_WORD = re.compile(r"[^\w]+")
# Latin accents only (U+0300-U+036F): a real list writes "SS Rose Goku Black" for the data's "SS Rosé Goku Black". Kana
# voicing marks (U+3099, U+309A) are letters of the name, not accents, and stay.
_LATIN_ACCENTS = re.compile("[\u0300-\u036f]")
SUGGESTION_CUTOFF = 80  # rapidfuzz WRatio score below which a name is no suggestion
SUGGESTIONS_KEPT = 2048  # misspelt names whose suggestions a catalogue keeps (the least recently written go first)
_BOUND_MARGIN = 1e-6  # an upper bound this close below the cutoff still keeps its name (floating point)


def fold_name(text: str) -> str:
    """A name's lookup key: width-folded (NFKC), case-folded, Latin accents and apostrophes dropped, other punctuation
    as spaces."""
    # Apostrophes out before NFKC (it splits `´` into a space and an accent) and after it (`＇` becomes `'`).
    text = _APOSTROPHES.sub("", unicodedata.normalize("NFKC", _APOSTROPHES.sub("", text)).casefold())
    text = unicodedata.normalize("NFC", _LATIN_ACCENTS.sub("", unicodedata.normalize("NFD", text)))
    return " ".join(_NOT_WORD.sub(" ", text).replace("_", " ").split())


def fold_number(text: str) -> str:
    """A written card number in the official spelling's case and dashes (`bt10－100` -> `BT10-100`)."""
    if text.isascii():  # NFKC leaves ASCII as it is, and every dash folded is outside it
        return text.strip().upper()
    return unicodedata.normalize("NFKC", text).translate(_DASHES).strip().upper()


@dataclass(frozen=True, slots=True)
class DbsCard:
    """One card number's facts (cards.json record), as the rules need them."""

    card_number: str
    name: str  # English front name; the card number where the source has none (placeholder promos)
    card_type: CardType
    home: HomeZone  # where the card is registered: leader area, deck or Z-Deck
    back_name: str | None = None  # leaders are double-faced (2-3-2-1-2)
    colors: tuple[str, ...] = ()
    energy_cost: int | None = None
    power: int | None = None
    ultimate: bool = False  # 10-14-1: one [Ultimate] card in the deck
    super_combo: bool = False  # 10-17: four [Super Combo] cards in total
    dragon_ball: bool = False  # 10-31-1: any number of copies, seven [Dragon Ball] cards in total
    # 5-1-3-2: a [Permanent] skill that replaces the copy rule: "any" number of copies, or "only N" copies, in the zone
    # `copies_limit_zone` (the deck or the Z-Deck). None = the normal rule.
    copies_limit: int | None = None
    copies_any: bool = False
    copies_limit_zone: Zone | None = None
    variant_numbers: tuple[str, ...] = ()
    set_code: str = ""
    release_date: date | None = None  # the day the card came out, where the data knows it
    # Bounds where only they are known (the set's): out on or after `release_date_earliest`, by `release_date_latest`.
    release_date_earliest: date | None = None
    release_date_latest: date | None = None

    @property
    def zone(self) -> Zone:
        return HOME_TO_ZONE[self.home]

    @property
    def is_leader(self) -> bool:
        return self.card_type is CardType.LEADER

    @property
    def display_name(self) -> str:
        return f"{self.name} // {self.back_name}" if self.back_name else self.name


def card_from_record(record: dict) -> DbsCard:
    limit = record.get("copies_limit")
    scope = record.get("copies_limit_scope")
    released = record.get("release_date")
    return DbsCard(
        card_number=record["card_number"],
        name=record.get("name_en") or record["card_number"],
        card_type=CardType(record["card_type"]),
        home=HomeZone(record["deck_zone"]),
        back_name=record.get("back_name_en"),
        colors=tuple(record.get("colors") or ()),
        energy_cost=record.get("energy_cost"),
        power=record.get("power"),
        ultimate=bool(record.get("ultimate")),
        super_combo=bool(record.get("super_combo")),
        dragon_ball=bool(record.get("dragon_ball")),
        copies_limit=limit if isinstance(limit, int) else None,
        copies_any=limit == "any",
        copies_limit_zone=(Zone.Z if scope == "z_deck" else Zone.MAIN) if limit is not None else None,
        variant_numbers=tuple(record.get("variant_numbers") or ()),
        set_code=record.get("set_code") or "",
        release_date=date.fromisoformat(released) if released else None,
        release_date_earliest=_day(record.get("release_date_earliest")),
        release_date_latest=_day(record.get("release_date_latest")),
    )


def _day(value: object) -> date | None:
    return date.fromisoformat(value) if isinstance(value, str) and value else None


class NameMatcher:
    """The closest names to a written one: rapidfuzz WRatio over a list of folded names, best first, the same answer
    as `process.extract` over the whole list but scoring only the names that can reach the cutoff.

    Every ratio WRatio takes (ratio, token sort and set ratios, partial ratios: rapidfuzz's definitions) is
    2 * LCS / (a + b) over two strings made of the query's and the name's characters, and a common subsequence holds
    no more of a character than both strings have: LCS <= H, the overlap of the two character counts. The strings are
    the whole query and name, or (the token set ratios) their distinct words, sorted and joined: no longer than the
    whole, and made of no more of a character. With q and n the lengths of the query's and the name's distinct words
    joined (the whole lengths when no word repeats), and without a whole word in common, WRatio is at most
        200 * H / (q + n)                                 lengths within 1.5 times of each other, no word repeated;
        max(that, 0.9 * 200 * H / (min(q, n) + H))        otherwise (the best window of the longer string).
    A name sharing a word with the query is always scored (a shared word is a partial token set ratio of 100). The
    rest are scored only where that bound reaches the cutoff: a few hundred of the 6,000 names for a misspelt one,
    a name or a query with a word twice included (every one of them was scored before: 161 names always, all 6,000
    for a query such as "son goku son goku").
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        alphabet = sorted({char for name in self.names for char in name})
        self._column = {char: column for column, char in enumerate(alphabet)}
        # One column per character (the rows of a query's few characters are read, not the whole alphabet's).
        self._counts = np.zeros((len(alphabet), len(self.names)), dtype=np.int16)
        for row, name in enumerate(self.names):
            for char in name:
                self._counts[self._column[char], row] += 1
        self._lengths = np.array([len(name) for name in self.names], dtype=np.float64)
        self._word_lengths = np.array([_distinct_words_length(name) for name in self.names], dtype=np.float64)
        self._repeats = self._word_lengths < self._lengths
        self._rows_of_word: dict[str, list[int]] = {}
        for row, name in enumerate(self.names):
            for word in set(name.split()):
                self._rows_of_word.setdefault(word, []).append(row)

    def candidates(self, key: str, cutoff: float) -> np.ndarray:
        """The rows whose WRatio against `key` can reach `cutoff`."""
        wanted: dict[int, int] = {}
        for char in key:
            column = self._column.get(char)
            if column is not None:
                wanted[column] = wanted.get(column, 0) + 1
        overlap = np.zeros(len(self.names), dtype=np.float64)
        for column, count in wanted.items():
            overlap += np.minimum(self._counts[column], count)
        length, words = float(len(key)), float(_distinct_words_length(key))
        bound = 200 * overlap / (self._word_lengths + words)
        shorter = np.minimum(self._word_lengths, words)
        far = np.maximum(self._lengths, length) >= 1.5 * np.minimum(self._lengths, length)
        if words < length:
            far[:] = True
        else:
            far |= self._repeats
        bound[far] = np.maximum(bound[far], 0.9 * 200 * overlap[far] / (shorter[far] + overlap[far]))
        keep = bound >= cutoff - _BOUND_MARGIN
        for word in set(key.split()):
            keep[self._rows_of_word.get(word, [])] = True
        return np.flatnonzero(keep)

    def extract(self, key: str, *, limit: int, cutoff: float) -> list[str]:
        names = [self.names[row] for row in self.candidates(key, cutoff)]
        return [
            name
            for name, _score, _at in process.extract(key, names, scorer=fuzz.WRatio, limit=limit, score_cutoff=cutoff)
        ]


def _distinct_words_length(text: str) -> int:
    """The length of `text`'s distinct words joined by spaces (what the token set ratios compare)."""
    words = set(text.split())
    return sum(map(len, words)) + max(len(words) - 1, 0)


@dataclass(frozen=True, slots=True)
class NumberLookup:
    """What a written card number resolved to: the base number (None = unknown) and how it was found."""

    written: str
    card_number: str | None
    variant: bool = False  # written as an alternate printing's number
    note: str = ""


class Catalogue:
    """Every card of the data, indexed for the reader and the legality check."""

    def __init__(self, cards: Iterable[DbsCard], alternate_numbers: dict[str, str] | None = None) -> None:
        self._cards: dict[str, DbsCard] = {}
        self._aliases: dict[str, str] = {}  # variant or source spelling -> base number
        names: dict[str, list[str]] = {}
        backs: dict[str, list[str]] = {}
        for card in cards:
            self._cards[card.card_number] = card
            for variant in card.variant_numbers:
                self._aliases[variant.upper()] = card.card_number
            names.setdefault(fold_name(card.name), []).append(card.card_number)
            if card.back_name:
                backs.setdefault(fold_name(card.back_name), []).append(card.card_number)
        for alternate, base in (alternate_numbers or {}).items():
            if base in self._cards:
                self._aliases.setdefault(alternate.upper(), base)
        self._by_name = {key: tuple(numbers) for key, numbers in names.items()}
        self._by_back = {key: tuple(numbers) for key, numbers in backs.items()}
        self._name_keys = list(self._by_name)
        self._matcher: NameMatcher | None = None  # built on the first unknown name
        # A misspelling is written again (a batch of lists from one pool, a player checking a list twice): its
        # suggestions are kept, a bounded number of them (functools.lru_cache is safe across threads).
        self._suggested = functools.lru_cache(maxsize=SUGGESTIONS_KEPT)(self._suggested_names)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[DbsCard]:
        return iter(self._cards.values())

    def __contains__(self, card_number: object) -> bool:
        return card_number in self._cards

    def get(self, card_number: str) -> DbsCard | None:
        """The card of a base number (exact spelling), else None."""
        return self._cards.get(card_number)

    def card(self, card_number: str) -> DbsCard:
        return self._cards[card_number]

    def lookup_number(self, written: str) -> NumberLookup:
        """A written number -> its base number: the number itself, a listed variant or source spelling
        (`BT1-005_PR`, `XD01-01`), or an unlisted printing suffix on a known base number (`BT1-005_XYZ`)."""
        number = fold_number(written)
        if number in self._cards:
            return NumberLookup(written, number)
        base = self._aliases.get(number)
        if base is not None:
            return NumberLookup(written, base, variant="_" in number)
        match = NUMBER.fullmatch(number)
        if match and match.group(2) and match.group(1) in self._cards:
            return NumberLookup(written, match.group(1), variant=True, note="printing suffix not in the data")
        return NumberLookup(written, None)

    def named(self, name: str) -> tuple[DbsCard, ...]:
        """Every card whose English front name folds to the same key, lowest number first."""
        return tuple(self._cards[n] for n in self._by_name.get(fold_name(name), ()))

    def leaders_back_named(self, back_name: str) -> tuple[DbsCard, ...]:
        return tuple(self._cards[n] for n in self._by_back.get(fold_name(back_name), ()))

    def suggestions(self, name: str, *, limit: int = 3) -> tuple[DbsCard, ...]:
        """Cards whose names are close to an unknown name (rapidfuzz WRatio), best first; one card per name."""
        key = fold_name(name)
        if not key:
            return ()
        return tuple(self._cards[self._by_name[match][0]] for match in self._suggested(key, limit))

    def _suggested_names(self, key: str, limit: int) -> tuple[str, ...]:
        if self._matcher is None:
            self._matcher = NameMatcher(self._name_keys)
        return tuple(self._matcher.extract(key, limit=limit, cutoff=SUGGESTION_CUTOFF))


def load_cards(path: str | Path) -> Catalogue:
    """The catalogue of a cards.json file (a JSON array of records, see the data's README)."""
    records = json.loads(Path(path).read_text(encoding="utf-8"))
    alternates = {alt: record["card_number"] for record in records for alt in record.get("source_numbers") or ()}
    return Catalogue((card_from_record(record) for record in records), alternates)
