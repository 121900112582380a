"""Monte Carlo opening hands, vectorized across hands with numpy (and a plain-Python loop to compare with).

Each hand is a partial Fisher-Yates shuffle of the first 15 positions of the pool: 0-4 are the shields, 5-9
the opening hand, 10-14 the draws of own turns 1-5 (103.3, 500.6). Per hand and distinct card the block keeps
"is in the shields" and "first position among the draws" (a scatter per position), so every statistic is a
bincount and a cumulative sum.
"""

import random
from dataclasses import dataclass, field

import numpy as np

from games.dm.rules import odds

DEPTH = 15  # shields (5) + hand (5) + the draws of own turns 1-5 going second
BLOCK = 32768
MAX_DISTINCT = 64


@dataclass
class HandCounts:
    """How many hands had at least one copy of each distinct card in each place."""

    hands: int = 0
    in_shields: list[int] = field(default_factory=list)
    in_hand: list[int] = field(default_factory=list)
    in_hand_or_shields: list[int] = field(default_factory=list)
    seen: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # going -> own turn -> per card

    def to_dict(self) -> dict:
        return {
            "hands": self.hands,
            "in_shields": self.in_shields,
            "in_hand": self.in_hand,
            "in_hand_or_shields": self.in_hand_or_shields,
            "seen": self.seen,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "HandCounts":
        return cls(**data)

    def merge(self, other: "HandCounts") -> "HandCounts":
        if not self.hands:
            return other
        if not other.hands:
            return self

        def add(a: list[int], b: list[int]) -> list[int]:
            return [x + y for x, y in zip(a, b, strict=True)]

        return HandCounts(
            hands=self.hands + other.hands,
            in_shields=add(self.in_shields, other.in_shields),
            in_hand=add(self.in_hand, other.in_hand),
            in_hand_or_shields=add(self.in_hand_or_shields, other.in_hand_or_shields),
            seen={g: {t: add(self.seen[g][t], other.seen[g][t]) for t in self.seen[g]} for g in self.seen},
        )


def _pool(copies: list[int]) -> np.ndarray:
    if len(copies) > MAX_DISTINCT:
        raise odds.OddsError(f"at most {MAX_DISTINCT} distinct cards")
    pool = np.repeat(np.arange(len(copies), dtype=np.int8), copies)
    if len(pool) < DEPTH:
        raise odds.OddsError(f"the deck holds {len(pool)} cards: the simulation needs {DEPTH}")
    return pool


def sample_hands(copies: list[int], *, hands: int, seed: int, stream: int = 0) -> HandCounts:
    """`hands` random setups of a pool with `copies[d]` copies of distinct card d (vectorized)."""
    pool = _pool(copies)
    size, distinct = len(pool), len(copies)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, stream])))
    seen_lengths = range(odds.HAND, odds.HAND + odds.REPORT_TURNS[-1] + 1)  # 5..10 cards seen
    never = DEPTH  # "first drawn at position >= DEPTH"
    shields_total = np.zeros(distinct, dtype=np.int64)
    both_total = np.zeros(distinct, dtype=np.int64)
    first_total = np.zeros((distinct, never + 1), dtype=np.int64)  # first position (5..14) among the draws
    done = 0
    while done < hands:
        block = min(BLOCK, hands - done)
        rows = np.arange(block)
        deck = np.broadcast_to(pool, (block, size)).copy()
        for i in range(DEPTH):
            j = rng.integers(i, size, size=block)
            picked = deck[rows, j]
            deck[rows, j] = deck[:, i]
            deck[:, i] = picked
        in_shields = np.zeros((block, distinct), dtype=bool)
        for pos in range(5):
            in_shields[rows, deck[:, pos]] = True
        first = np.full((block, distinct), never, dtype=np.int64)
        for pos in range(DEPTH - 1, 4, -1):  # last write wins: the earliest position
            first[rows, deck[:, pos]] = pos
        shields_total += in_shields.sum(axis=0)
        both_total += (in_shields | (first < 10)).sum(axis=0)
        first_total += np.bincount(
            (np.arange(distinct) * (never + 1) + first).ravel(), minlength=distinct * (never + 1)
        ).reshape(distinct, never + 1)
        done += block
    cumulative = np.cumsum(first_total, axis=1)  # [:, p] = hands whose first draw position <= p
    totals: dict[str | int, np.ndarray] = {"shields": shields_total, "hand": cumulative[:, 9], "both": both_total}
    totals.update({n: cumulative[:, 5 + n - 1] for n in seen_lengths})
    return _counts(hands, totals, distinct)


def _counts(hands: int, totals: dict, distinct: int) -> HandCounts:
    def as_list(value: np.ndarray | list[int] | int) -> list[int]:
        return [int(x) for x in value] if not isinstance(value, int) else [0] * distinct

    return HandCounts(
        hands=hands,
        in_shields=as_list(totals["shields"]),
        in_hand=as_list(totals["hand"]),
        in_hand_or_shields=as_list(totals["both"]),
        seen={
            going.value: {str(t): as_list(totals[odds.cards_seen(by_turn=t, going=going)]) for t in odds.REPORT_TURNS}
            for going in odds.Going
        },
    )


def sample_hands_plain(copies: list[int], *, hands: int, seed: int) -> HandCounts:
    """The same statistics with a plain-Python shuffle per hand (the reference for speed and for the law)."""
    pool = list(_pool(copies).tolist())
    distinct = len(copies)
    rnd = random.Random(seed)
    seen_lengths = range(odds.HAND, odds.HAND + odds.REPORT_TURNS[-1] + 1)
    totals: dict[str | int, list[int]] = {"shields": [0] * distinct, "hand": [0] * distinct, "both": [0] * distinct}
    totals.update({n: [0] * distinct for n in seen_lengths})
    for _ in range(hands):
        rnd.shuffle(pool)
        shields = set(pool[:5])
        for d in shields:
            totals["shields"][d] += 1
        for n in seen_lengths:
            for d in set(pool[5 : 5 + n]):
                totals[n][d] += 1
        for d in set(pool[5:10]):
            totals["hand"][d] += 1
        for d in shields | set(pool[5:10]):
            totals["both"][d] += 1
    return _counts(hands, totals, distinct)


def summarise_hands(counts: HandCounts, cards: list[tuple[str, str]]) -> dict:
    """Shares per card (key, name) with the 95% half-width of each estimate."""
    n = counts.hands

    def share(x: int) -> float:
        return x / n if n else 0.0

    rows = []
    for d, (key, name) in enumerate(cards):
        rows.append(
            {
                "card": key,
                "name": name,
                "in_hand": share(counts.in_hand[d]),
                "in_shields": share(counts.in_shields[d]),
                "in_hand_or_shields": share(counts.in_hand_or_shields[d]),
                "seen_by_turn": {g: {t: share(v[d]) for t, v in per.items()} for g, per in counts.seen.items()},
            }
        )
    return {"hands": n, "cards": rows, "ci95_half_width_max": 1.96 * 0.5 / n**0.5 if n else None}
