"""Hand odds by groups, exact, for every game: "at least one starter and one hand trap and no brick, going first and
going second". Pure Python (`fractions`, `math.comb`): no Django, no game package; each game gives its opening as
data (`Opening`) through the registry.

A player names groups of cards of the deck (a card may be in several) and conditions on them: at least, at most or
exactly N cards of a group, all of them together (and). The cards of the deck fall into disjoint cells, one per set
of groups a card belongs to (the cards of no group are one more cell); the number of cards of each cell in a uniform
hand of n cards follows the multivariate hypergeometric law, P(x) = prod C(K_c, x_c) / C(N, n) with sum x_c = n. A
group's count is the sum of its cells'. The sum over every x meeting the conditions is computed exactly, by a dynamic
programme over the cells whose state is each group's count so far, capped one above the largest number a condition
names for it (a condition cannot tell the counts above apart), and the cards taken so far.

The openings (`Opening`):
- cards dealt from the top before the hand (Duel Masters' shields, 103.3) or after it (DBS's life, 5-2-1-7) do not
  change the law of the hand: every set of positions of a shuffled deck is a uniform sample, so the hand is a uniform
  n-card subset of the deck whatever is set aside around it;
- the hand counted is the opening hand plus the draws of the player's first turn (the player going first skips it in
  the three games; Duel Party deals 6 and lets every player draw);
- a redraw (DBS 5-2-1-6-1: return any number of cards, shuffle, draw as many) is computed for one stated policy:
  the whole hand is returned when it fails the conditions, and the new hand is kept. Going second, the card drawn on
  the first turn comes after the choice: P = P(6 cards meet and 7 cards meet) + P(6 cards fail) P(7 cards meet).
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb

MAX_GROUPS = 8
MAX_CONDITIONS = 16


class Comparison(StrEnum):
    AT_LEAST = "at_least"
    AT_MOST = "at_most"
    EXACTLY = "exactly"


class HandOddsError(ValueError):
    """A question without an answer: a deck smaller than its opening, a condition on a group no one named..."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Opening:
    """How a game deals the cards a player holds at their first main phase, as data."""

    hand: int  # the opening hand
    draws_going_first: int = 0  # cards drawn on the first turn by the player going first
    draws_going_second: int = 1
    set_aside: int = 0  # cards dealt from the deck besides the hand (shields, life): they only bound the deck's size
    redraw: bool = False  # one redraw of the whole hand when it fails the conditions (see the module's text)
    model_en: str = ""
    model_ja: str = ""

    def cards_seen(self, going_first: bool) -> int:
        return self.hand + (self.draws_going_first if going_first else self.draws_going_second)

    def as_dict(self) -> dict:
        return {
            "hand": self.hand,
            "cards_going_first": self.cards_seen(True),
            "cards_going_second": self.cards_seen(False),
            "set_aside": self.set_aside,
            "redraw": self.redraw,
            "model": self.model_en,
            "model_ja": self.model_ja,
        }


@dataclass(frozen=True, slots=True)
class Condition:
    group: str
    comparison: Comparison
    count: int

    def met(self, value: int) -> bool:
        if self.comparison is Comparison.AT_LEAST:
            return value >= self.count
        if self.comparison is Comparison.AT_MOST:
            return value <= self.count
        return value == self.count

    def as_dict(self) -> dict:
        return {"group": self.group, str(self.comparison): self.count}


def condition_of(data: Mapping) -> Condition:
    """{"group": name, "at_least" | "at_most" | "exactly": n} as a Condition (HandOddsError `condition` else)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("group"), str):
        raise HandOddsError("condition", 'a condition is {"group": name, "at_least" | "at_most" | "exactly": n}')
    given = [c for c in Comparison if c.value in data]
    if len(given) != 1:
        raise HandOddsError("condition", "a condition has exactly one of at_least, at_most, exactly")
    count = data[given[0].value]
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 60:
        raise HandOddsError("condition", f"{given[0].value} must be a whole number from 0 to 60")
    return Condition(data["group"], given[0], count)


@dataclass(frozen=True, slots=True)
class Question:
    """The deck (card key -> copies in the shuffled deck), the named groups (name -> card keys) and the conditions."""

    deck: Mapping[object, int]
    groups: Mapping[str, frozenset]
    conditions: tuple[Condition, ...]


def question(deck: Mapping[object, int], groups: Mapping[str, Iterable], conditions: Sequence[Condition]) -> Question:
    """A checked question: conditions name groups that exist, groups name cards of the deck."""
    if len(groups) > MAX_GROUPS or len(conditions) > MAX_CONDITIONS:
        raise HandOddsError("too_many", f"at most {MAX_GROUPS} groups and {MAX_CONDITIONS} conditions")
    named = {name: frozenset(cards) for name, cards in groups.items()}
    for name, cards in named.items():
        missing = [card for card in cards if card not in deck]
        if missing:
            raise HandOddsError("card_not_in_deck", f"group {name!r} names cards the deck does not hold: {missing}")
    for condition in conditions:
        if condition.group not in named:
            raise HandOddsError("unknown_group", f"a condition names the group {condition.group!r}, which is not given")
    return Question(dict(deck), named, tuple(conditions))


def _cells(q: Question, order: Sequence[str]) -> dict[tuple[int, ...], int]:
    """membership (1/0 per group in `order`) -> copies: the disjoint cells of the deck."""
    cells: dict[tuple[int, ...], int] = {}
    for card, copies in q.deck.items():
        if copies <= 0:
            continue
        key = tuple(int(card in q.groups[name]) for name in order)
        cells[key] = cells.get(key, 0) + copies
    return cells


def _ways(cells: Mapping[tuple[int, ...], int], caps: Sequence[int], drawn: int) -> dict[tuple[int, ...], int]:
    """capped group counts -> the number of `drawn`-card hands with them (integers: exact)."""
    return _ways_of(tuple(sorted(cells.items())), tuple(caps), drawn)


@lru_cache(maxsize=512)
def _ways_of(cells: tuple[tuple[tuple[int, ...], int], ...], caps: tuple[int, ...], drawn: int) -> dict:
    # The cards of no group (one cell, usually most of the deck) are counted last, in one binomial per state. The
    # answer is cached: an edit that does not touch the groups' cards, and the two goings, reuse it (read-only).
    rest = sum(copies for member, copies in cells if not any(member))
    states: dict[tuple[tuple[int, ...], int], int] = {(tuple(0 for _ in caps), 0): 1}
    for member, copies in cells:
        if not any(member) or copies <= 0:
            continue
        indexes = [i for i, m in enumerate(member) if m]
        picks = [(j, comb(copies, j)) for j in range(min(copies, drawn) + 1)]
        following: dict[tuple[tuple[int, ...], int], int] = {}
        for (counts, used), ways in states.items():
            for j, choose in picks:
                if used + j > drawn:
                    break
                moved = list(counts)
                for i in indexes:
                    moved[i] = min(moved[i] + j, caps[i])
                key = (tuple(moved), used + j)
                following[key] = following.get(key, 0) + ways * choose
        states = following
    out: dict[tuple[int, ...], int] = {}
    for (counts, used), ways in states.items():
        if drawn - used <= rest:
            out[counts] = out.get(counts, 0) + ways * comb(rest, drawn - used)
    return out


def _met(q: Question, order: Sequence[str], counts: Sequence[int]) -> bool:
    index = {name: i for i, name in enumerate(order)}
    return all(c.met(counts[index[c.group]]) for c in q.conditions)


def _plan(q: Question) -> tuple[list[str], list[int]]:
    """The groups a condition names (the others change nothing) and each one's cap."""
    order = sorted({c.group for c in q.conditions})
    # Counts above the largest number a condition names are alike for every condition, and stay so with one more card.
    caps = [max(c.count for c in q.conditions if c.group == name) + 1 for name in order]
    return order, caps


def probability(q: Question, drawn: int) -> Fraction:
    """P(a uniform `drawn`-card hand of the deck meets every condition)."""
    size = sum(q.deck.values())
    if not 0 <= drawn <= size:
        raise HandOddsError("deck_too_small", f"a {size}-card deck cannot deal {drawn} cards")
    order, caps = _plan(q)
    ways = _ways(_cells(q, order), caps, drawn)
    return Fraction(sum(w for counts, w in ways.items() if _met(q, order, counts)), comb(size, drawn))


def probability_both(q: Question, drawn: int) -> Fraction:
    """P(the first `drawn` cards meet the conditions and so do the first `drawn` + 1), in a shuffled deck: the extra
    card is taken first from each cell (K_c ways) and the hand from the rest of the deck."""
    size = sum(q.deck.values())
    if not 0 <= drawn < size:
        raise HandOddsError("deck_too_small", f"a {size}-card deck cannot deal {drawn + 1} cards")
    order, caps = _plan(q)
    cells = _cells(q, order)
    favourable = 0
    for member, copies in cells.items():
        rest = dict(cells)
        rest[member] = copies - 1
        for counts, ways in _ways(rest, caps, drawn).items():
            if not _met(q, order, counts):
                continue
            after = tuple(min(c + m, cap) for c, m, cap in zip(counts, member, caps, strict=True))
            if _met(q, order, after):
                favourable += copies * ways
    return Fraction(favourable, size * comb(size - 1, drawn))


def opening_probability(q: Question, opening: Opening, *, going_first: bool) -> Fraction:
    """P(the cards the player holds at their first main phase meet every condition), under the game's opening."""
    size = sum(q.deck.values())
    seen = opening.cards_seen(going_first)
    if size < seen + opening.set_aside:
        raise HandOddsError(
            "deck_too_small", f"a {size}-card deck cannot deal {seen} cards and set {opening.set_aside} aside"
        )
    if not opening.redraw:
        return probability(q, seen)
    first_hand = probability(q, opening.hand)
    extra = seen - opening.hand
    if extra == 0:
        return first_hand + (1 - first_hand) * first_hand
    if extra != 1:
        raise HandOddsError("opening", "a redraw is computed with at most one card drawn after it")
    return probability_both(q, opening.hand) + (1 - first_hand) * probability(q, seen)


def fraction_json(value: Fraction) -> dict:
    return {
        "probability": float(value),
        "percent": round(float(value) * 100, 2),
        "fraction": f"{value.numerator}/{value.denominator}",
        "exact": True,
    }


def hand_odds(q: Question, opening: Opening) -> dict:
    """The answer the API and the pages show: going first and going second, each as a fraction and a percentage,
    with each group's copies and the opening's model."""
    return {
        "deck_size": sum(q.deck.values()),
        "groups": [
            {"name": name, "copies": sum(q.deck[card] for card in cards)} for name, cards in sorted(q.groups.items())
        ],
        "conditions": [c.as_dict() for c in q.conditions],
        "opening": opening.as_dict(),
        "first": fraction_json(opening_probability(q, opening, going_first=True)),
        "second": fraction_json(opening_probability(q, opening, going_first=False)),
    }
