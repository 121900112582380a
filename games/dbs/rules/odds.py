"""Exact opening-hand odds for the Dragon Ball Super Card Game (Masters): fractions, no sampling. Pure Python.

Setup (manual 1.073): the deck is shuffled (5-2-1-4); each player draws 6 cards (5-2-1-6) and may redraw once:
return any number of cards to the deck, shuffle, draw that many (5-2-1-6-1); then the top 8 cards of the deck become
the life (5-2-1-7). The leader and the Z-Deck are not in the deck and take no part.

"X" is a group of cards of the deck (one card number's copies, or several numbers together) with `copies` cards in
a `deck_size`-card deck. The redraw follows a stated policy (`Redraw`):

- `KEEP`: never redraw.
- `RETURN_NON_X`: return every card that is not X (keep all X cards), shuffle, draw as many. With no X in the first
  hand that is the whole hand.
- `IF_NO_X`: return the whole hand only when it holds no X.

After the redraw the deck is shuffled (or untouched and still uniformly shuffled), so the 8 life cards are a uniform
sample of the deck's remaining cards. Each step is a hypergeometric draw; the laws are convolved exactly.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb

HAND = 6  # 5-2-1-6
LIFE = 8  # 5-2-1-7


class Redraw(StrEnum):
    KEEP = "keep"
    RETURN_NON_X = "return_non_x"
    IF_NO_X = "if_no_x"


POLICY_TEXT = {
    Redraw.KEEP: "never redraw",
    Redraw.RETURN_NON_X: "return every card that is not X, shuffle, draw as many (5-2-1-6-1)",
    Redraw.IF_NO_X: "return the whole hand only when it holds no X, shuffle, draw 6 (5-2-1-6-1)",
}


class OddsError(ValueError):
    """A question with no answer (more X than cards, a deck too small to deal the hand and the life)."""


@lru_cache(maxsize=8192)
def hypergeometric(population: int, successes: int, drawn: int) -> tuple[Fraction, ...]:
    """P(exactly j successes among `drawn` cards of `population`), j = 0..min(successes, drawn)."""
    total = comb(population, drawn)
    return tuple(
        Fraction(comb(successes, j) * comb(population - successes, drawn - j), total)
        for j in range(min(successes, drawn) + 1)
    )


def _returned(policy: Redraw, x_in_hand: int, hand: int) -> int:
    if policy is Redraw.RETURN_NON_X:
        return hand - x_in_hand
    if policy is Redraw.IF_NO_X:
        return hand if x_in_hand == 0 else 0
    return 0


@dataclass(frozen=True, slots=True)
class OpeningOdds:
    deck_size: int
    copies: int
    policy: Redraw
    # P(exactly j copies of X in the hand after the redraw), j = 0..copies; and P(exactly j copies in the life)
    hand: tuple[Fraction, ...]
    life: tuple[Fraction, ...]
    # P(hand j and life l): the joint law (for "in hand or still drawable")
    joint: Mapping[tuple[int, int], Fraction]

    def in_hand(self, at_least: int = 1) -> Fraction:
        """P(at least `at_least` X in the hand after the redraw)."""
        return sum(self.hand[at_least:], Fraction(0))

    def not_stuck_in_life(self) -> Fraction:
        """P(not every copy of X is in the life): at least one copy can still be drawn or is in hand."""
        return 1 - self.life[self.copies] if self.copies < len(self.life) else Fraction(1)

    def none_in_life(self) -> Fraction:
        return self.life[0]

    def as_dict(self) -> dict:
        def fraction(value: Fraction) -> dict:
            return {"probability": float(value), "fraction": f"{value.numerator}/{value.denominator}"}

        return {
            "deck_size": self.deck_size,
            "copies": self.copies,
            "redraw": self.policy.value,
            "redraw_policy": POLICY_TEXT[self.policy],
            "in_hand": fraction(self.in_hand()),
            "not_stuck_in_life": fraction(self.not_stuck_in_life()),
            "none_in_life": fraction(self.none_in_life()),
            "expected_in_hand": float(sum(j * p for j, p in enumerate(self.hand))),
            "exact": True,
        }


@lru_cache(maxsize=4096)
def opening_odds(
    *, deck_size: int, copies: int, policy: Redraw = Redraw.RETURN_NON_X, hand: int = HAND, life: int = LIFE
) -> OpeningOdds:
    """The exact laws of X in the hand after the redraw and in the life (see the module's policy text)."""
    policy = Redraw(policy)
    if deck_size < hand + life:
        raise OddsError(f"a {deck_size}-card deck cannot deal a {hand}-card hand and {life} life cards")
    if not 0 <= copies <= deck_size:
        raise OddsError(f"{copies} copies in a {deck_size}-card deck")
    joint: dict[tuple[int, int], Fraction] = {}
    for first, p_first in enumerate(hypergeometric(deck_size, copies, hand)):
        if not p_first:
            continue
        back = _returned(policy, first, hand)  # the returned cards are never X under these policies
        pool = deck_size - hand + back  # the deck after the return, shuffled (5-2-1-6-1)
        redrawn = hypergeometric(pool, copies - first, back) if back else (Fraction(1),)
        for extra, p_extra in enumerate(redrawn):
            if not p_extra:
                continue
            kept = first + extra
            left = copies - kept  # X still in the deck of deck_size - hand cards
            for in_life, p_life in enumerate(hypergeometric(deck_size - hand, left, life)):
                if p_life:
                    key = (kept, in_life)
                    joint[key] = joint.get(key, Fraction(0)) + p_first * p_extra * p_life
    hand_law = [Fraction(0)] * (copies + 1)
    life_law = [Fraction(0)] * (copies + 1)
    for (kept, in_life), p in joint.items():
        hand_law[kept] += p
        life_law[in_life] += p
    return OpeningOdds(deck_size, copies, policy, tuple(hand_law), tuple(life_law), joint)


def deck_odds(copies: Mapping[str, int], *, policy: Redraw = Redraw.RETURN_NON_X) -> dict:
    """Per card number of a deck (base number -> copies): its opening odds, each computed as X on its own."""
    deck_size = sum(copies.values())
    rows = {
        number: opening_odds(deck_size=deck_size, copies=n, policy=Redraw(policy)).as_dict()
        for number, n in sorted(copies.items())
    }
    return {
        "deck_size": deck_size,
        "hand": HAND,
        "life": LIFE,
        "redraw_policy": POLICY_TEXT[Redraw(policy)],
        "cards": rows,
        "model": "exact: 6-card hand (5-2-1-6), one redraw by the stated policy (5-2-1-6-1), then the top 8 cards "
        "as life (5-2-1-7)",
    }
