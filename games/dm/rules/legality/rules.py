"""The data an engine run needs besides the cards: format rules, the regulation in force, start-of-game sets.

Everything here is plain data (rules are data, never code): the Django side builds these from its tables.
"""

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType

from games.dm.rules.vocabulary import DeckZone, RegulationStatus

ALL_ZONES = frozenset({DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR})

# The official Duel Party rules (デュエパーティー: dm.takaratomy.co.jp/rule/dhueparty/ and its rules PDF Ver.1.00)
# number no sections, so a Duel Party violation cites the document ("DP") and the rule by its subject.
DP_PARTNER = "DP partner"  # one creature of cost 5 or more is the partner
DP_DECK_SIZE = "DP 60 cards"  # 60 cards, the partner included
DP_ONE_OF_A_NAME = "DP one of a name"  # at most 1 of a name (a card whose text allows more keeps its text)
DP_CIVILIZATIONS = "DP civilizations"  # only the partner's civilizations, and zero-civilization cards
# 2ブロック: the event rules 6.4 (as quoted on note.com, blocks.json `rule_2block`; the official Creators' Letter
# Vol.39): cards with the block mark of the block in force and of the one before it, or cards of the same name.
BLOCK_RULE = "2B 6.4"


@dataclass(frozen=True, slots=True)
class FormatRules:
    """Construction rules of one format (section 1.2.10 of the spec)."""

    code: str
    # The format's names (regulations.Format, data): messages name the format, never its code.
    name: str = ""
    name_ja: str = ""
    zones: frozenset[DeckZone] = ALL_ZONES  # zones the format uses; cards elsewhere are ZONE_NOT_IN_FORMAT
    start_of_game_cards: bool = True  # 100.5 start-of-game sets usable (not in `original`)
    hall_of_fame: bool = True  # a Hall of Fame list applies (100.2 "normally")
    main_size: int = 40  # 100.2
    hyperspatial_max: int = 8  # 100.3
    gr_size: int = 12  # 100.4, 408.1 (0 = unused, else exactly this)
    main_copies: int = 4  # 100.2a
    hyperspatial_copies: int = 4  # 100.3a
    gr_copies: int = 2  # 100.4a
    # Duel Party (when `zones` holds DeckZone.PARTNER): the partner's minimum cost; the deck size then counts the
    # partner, copies are counted over the main deck and the partner, and every card keeps to its civilizations.
    partner_min_cost: int = 5
    # 2ブロック: how many blocks the card pool holds (the block in force on the date and the ones before it);
    # 0 = the format has no block rule.
    block_count: int = 0

    @property
    def uses_partner(self) -> bool:
        return DeckZone.PARTNER in self.zones

    @property
    def label(self) -> str:
        return self.name or self.code

    @property
    def label_ja(self) -> str:
        return self.name_ja or self.label


@dataclass(frozen=True, slots=True)
class Combo:
    """Two cards that may not both be in one registration, in any zones (premium combo, premium hyperspatial combo)."""

    keys: tuple[str, str]  # name keys
    kind: RegulationStatus = RegulationStatus.PREMIUM_COMBO


@dataclass(frozen=True, slots=True)
class Regulation:
    """A Hall of Fame list in force: name key -> max copies over all zones (1 limited, 0 banned), and combos."""

    limits: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    combos: tuple[Combo, ...] = ()
    label: str = ""
    effective_date: date | None = None

    def with_overlay(
        self,
        *,
        limits: Mapping[str, int],
        unbans: Iterable[str] = (),
        combos: Iterable[Combo] = (),
        label: str = "",
    ) -> "Regulation":
        """An organizer's overlay: its own statuses replace the list's for those cards; unbanned cards are free (also
        of the list's combos); the overlay's own combos are added to those that remain."""
        unbanned = set(unbans)
        merged = dict(self.limits)
        for key in unbanned:
            merged.pop(key, None)
        merged.update(limits)
        kept = [combo for combo in self.combos if not set(combo.keys) & unbanned]
        seen = {frozenset(combo.keys) for combo in kept}
        for combo in combos:
            if frozenset(combo.keys) not in seen:
                seen.add(frozenset(combo.keys))
                kept.append(combo)
        return replace(self, limits=MappingProxyType(merged), combos=tuple(kept), label=label or self.label)


@dataclass(frozen=True, slots=True)
class CardPool:
    """Which cards exist for a check: those released on or before `as_of` (the date the regulation is taken at:
    100.2 + regulation), and, under an event overlay with a card-pool cut-off, on or before `cutoff` as well."""

    as_of: date
    cutoff: date | None = None
    overlay_id: str | None = None


@dataclass(frozen=True, slots=True)
class StartSet:
    """One start-of-game battle zone set (100.5): its members by name key, and how many physical cards each stands for.

    A member usually is one physical card; a record that stands for several linked cards (one data record for a
    five-card field) gives that number, so the main deck count stays the count of physical cards.
    """

    id: str
    name: str
    members: Mapping[str, int]  # name key -> physical cards per copy

    def physical_cards(self, key: str) -> int:
        return self.members.get(key, 1)


@dataclass(frozen=True, slots=True)
class Block:
    """One block (series) from 革命編 on: its mark (None where no source states it), the day it began (its first
    booster's release) and its boosters' set codes (products that carry its mark for certain)."""

    name_ja: str
    name_en: str
    mark: str | None
    start: date
    sets: frozenset[str]

    @property
    def label(self) -> str:
        return self.mark or self.name_ja


@dataclass(frozen=True, slots=True)
class BlockList:
    """What a block rule reads besides the cards: the blocks in order, the release date of every dated set, and the
    set codes that are not products (a source's tournament lists: a printing there says nothing of a mark)."""

    blocks: tuple[Block, ...]
    set_dates: Mapping[str, date] = field(default_factory=lambda: MappingProxyType({}))
    not_products: frozenset[str] = frozenset()

    def in_force(self, as_of: date) -> int | None:
        """The index of the block in force on a date (the last one begun by then), or None before the first."""
        found = None
        for index, block in enumerate(self.blocks):
            if block.start <= as_of:
                found = index
        return found

    def window(self, as_of: date, block_count: int) -> "BlockWindow | None":
        """The blocks whose cards a block rule of `block_count` blocks allows on a date (the block in force and the
        ones before it), or None before the first block."""
        current = self.in_force(as_of)
        if current is None:
            return None
        first = max(current - block_count + 1, 0)
        return BlockWindow(self, first, current)

    def block_of_set(self, code: str) -> int | None:
        for index, block in enumerate(self.blocks):
            if code in block.sets:
                return index
        return None


IN_BLOCK, OUT_OF_BLOCK, BLOCK_NOT_KNOWN = "in", "out", "unknown"


class BlockWindow:
    """The one reading of a block rule (BLOCK_RULE) on a date: which printings carry a mark of the window, and so
    whether a card (all the printings of its name) is in the pool.

    A printing's block: its set's block in the data (a booster); a product without one carries at most the mark of
    the block in force when it came out or of the next (a product out just before a block's first booster), so one
    out before the window's blocks (older than 革命編 included) is outside them for certain; an undated product, or
    a dated one that may carry a mark of the window, is not known. A source's tournament lists are not products and
    say nothing."""

    __slots__ = ("_blocks", "_set_block", "_starts", "allowed", "first", "last")

    def __init__(self, blocks: BlockList, first: int, last: int) -> None:
        self._blocks = blocks
        self.first, self.last = first, last
        self.allowed = blocks.blocks[first : last + 1]
        self._set_block = {code: index for index, block in enumerate(blocks.blocks) for code in block.sets}
        self._starts = [block.start for block in blocks.blocks]

    def _inside(self, index: int) -> bool:
        return self.first <= index <= self.last

    def printing(self, code: str) -> str | None:
        """IN_BLOCK, OUT_OF_BLOCK or BLOCK_NOT_KNOWN for one printing's set; None for a set that says nothing."""
        if code in self._blocks.not_products:
            return None
        index = self._set_block.get(code)
        if index is not None:
            return IN_BLOCK if self._inside(index) else OUT_OF_BLOCK
        released = self._blocks.set_dates.get(code)
        if released is None:
            return BLOCK_NOT_KNOWN
        at = bisect_right(self._starts, released) - 1  # the block in force when it came out (-1: before the first)
        return BLOCK_NOT_KNOWN if self._inside(at) or self._inside(at + 1) else OUT_OF_BLOCK

    def verdict(self, set_codes: Iterable[str]) -> str:
        """A card's verdict from the set codes of every printing of its name: IN_BLOCK when one printing is in the
        window; OUT_OF_BLOCK when every printing is known outside it; else BLOCK_NOT_KNOWN (a printing not known, or
        no printing that says anything)."""
        verdicts = {self.printing(code) for code in set_codes}
        verdicts.discard(None)
        if IN_BLOCK in verdicts:
            return IN_BLOCK
        if BLOCK_NOT_KNOWN in verdicts or not verdicts:
            return BLOCK_NOT_KNOWN
        return OUT_OF_BLOCK
