"""Exact opening-hand odds of an OCG Main Deck: multivariate hypergeometric, with exact fractions.

Pure Python (`fractions`, `math.comb`). Each player starts with 5 cards (PR p.9, p.180); the player going first
has no draw on the first turn (PR p.16, p.182), the player going second draws one, so the cards seen by the first
Main Phase are 5 going first and 6 going second. The hand is a uniform sample of the shuffled Main Deck.

- `at_least_one`: P(at least one card of a group of `copies` cards), e.g. a hand-trap package.
- `starter_and_extender`: P(at least one starter and at least one extender), two disjoint groups.
- `joint_at_least`: the general form, P(at least k_i of each disjoint group i).
- `package_odds`: `at_least_one` for the Main Deck of a decklist and a set of card ids.
"""

from collections.abc import Iterable, Sequence
from enum import StrEnum
from fractions import Fraction
from math import comb

from games.ygo.rules.decklist import DeckInput, zone_cards
from games.ygo.rules.vocabulary import DeckZone

HAND = 5  # PR p.9, p.180


class Going(StrEnum):
    FIRST = "first"
    SECOND = "second"


class OddsError(ValueError):
    """A question without an answer (more cards asked for than the deck holds, a negative count...)."""


def opening_hand_size(going: Going | str = Going.FIRST) -> int:
    """Cards seen by the first Main Phase: 5 going first (no draw, PR p.16, p.182), 6 going second."""
    return HAND if Going(going) == Going.FIRST else HAND + 1


def joint_at_least(*, deck_size: int, groups: Sequence[tuple[int, int]], drawn: int) -> Fraction:
    """P(for every disjoint group (copies, k): at least k of it among `drawn` cards of a `deck_size`-card deck).

    Sums C(K1, j1)...C(Km, jm) C(N - sum K, n - sum j) over every j_i >= k_i, by convolution over the groups.
    """
    total_copies = sum(copies for copies, _ in groups)
    if deck_size <= 0 or not 0 <= drawn <= deck_size or total_copies > deck_size:
        raise OddsError(f"impossible question: {total_copies} cards of {deck_size}, {drawn} drawn")
    if any(copies < 0 for copies, _ in groups):
        raise OddsError("a group cannot have fewer than 0 cards")
    ways = {0: 1}  # ways[s]: ways to pick s cards from the groups so far, each meeting its minimum
    for copies, k in groups:
        following: dict[int, int] = {}
        for used, count in ways.items():
            for j in range(max(k, 0), min(copies, drawn - used) + 1):
                following[used + j] = following.get(used + j, 0) + count * comb(copies, j)
        ways = following
    rest = deck_size - total_copies
    favourable = sum(count * comb(rest, drawn - used) for used, count in ways.items() if drawn - used <= rest)
    return Fraction(favourable, comb(deck_size, drawn))


def at_least_one(*, deck_size: int, copies: int, going: Going | str = Going.FIRST, k: int = 1) -> Fraction:
    """P(at least `k` (default one) of a group of `copies` cards in the opening hand)."""
    return joint_at_least(deck_size=deck_size, groups=((copies, k),), drawn=opening_hand_size(going))


def starter_and_extender(
    *, deck_size: int, starters: int, extenders: int, going: Going | str = Going.FIRST
) -> Fraction:
    """P(at least one starter and at least one extender in the opening hand); the two groups share no card."""
    return joint_at_least(deck_size=deck_size, groups=((starters, 1), (extenders, 1)), drawn=opening_hand_size(going))


def probability_json(value: Fraction) -> dict:
    return {"probability": float(value), "fraction": f"{value.numerator}/{value.denominator}", "exact": True}


def main_deck_copies(deck: DeckInput, card_ids: Iterable[int]) -> tuple[int, int]:
    """(Main Deck size, copies of these cards in it) of a read decklist or zone mapping: the numbers the odds take
    for a package of cards (hand traps, starters)."""
    wanted = set(card_ids)
    rows = zone_cards(deck).get(DeckZone.MAIN, ())
    return sum(n for _, n in rows), sum(n for card, n in rows if card.id in wanted)


def package_odds(deck: DeckInput, card_ids: Iterable[int], *, going: Going | str = Going.FIRST) -> Fraction:
    """P(at least one card of the package in the opening hand) for a deck."""
    size, copies = main_deck_copies(deck, card_ids)
    return at_least_one(deck_size=size, copies=copies, going=going)
