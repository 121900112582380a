"""Opening-hand odds: exact fractions checked against a brute-force enumeration of every shuffle, and against the
closed forms where one exists."""

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from games.dbs.rules.odds import HAND, LIFE, OddsError, Redraw, deck_odds, opening_odds


def brute_force(deck_size: int, copies: int, policy: Redraw, hand: int, life: int) -> dict[tuple[int, int], Fraction]:
    """P(X in hand after the redraw, X in life) by walking every equally likely shuffle: each placement of the X
    cards among the deck's positions (a uniform shuffle makes every placement equally likely), then, for a redraw,
    every placement in the reshuffled deck."""
    out: dict[tuple[int, int], Fraction] = {}
    first_shuffles = list(combinations(range(deck_size), copies))
    for placement in first_shuffles:
        first = sum(1 for position in placement if position < hand)
        back = {Redraw.KEEP: 0, Redraw.RETURN_NON_X: hand - first, Redraw.IF_NO_X: hand if first == 0 else 0}[policy]
        weight = Fraction(1, len(first_shuffles))
        if back == 0:
            in_life = sum(1 for position in placement if hand <= position < hand + life)
            out[(first, in_life)] = out.get((first, in_life), Fraction(0)) + weight
            continue
        pool = deck_size - hand + back  # the deck after the return; its X are those not kept
        left = copies - first
        second_shuffles = list(combinations(range(pool), left))
        for second in second_shuffles:
            drawn = sum(1 for position in second if position < back)
            in_life = sum(1 for position in second if back <= position < back + life)
            key = (first + drawn, in_life)
            out[key] = out.get(key, Fraction(0)) + weight / len(second_shuffles)
    return out


@pytest.mark.parametrize(
    ("deck_size", "copies", "policy", "hand", "life"),
    [
        pytest.param(9, 3, Redraw.RETURN_NON_X, 3, 2, id="tiny-return-non-x"),
        pytest.param(9, 3, Redraw.IF_NO_X, 3, 2, id="tiny-if-no-x"),
        pytest.param(9, 3, Redraw.KEEP, 3, 2, id="tiny-keep"),
        pytest.param(16, 3, Redraw.RETURN_NON_X, HAND, LIFE, id="real-hand-and-life-return-non-x"),
        pytest.param(15, 3, Redraw.IF_NO_X, HAND, LIFE, id="real-hand-and-life-if-no-x"),
        pytest.param(15, 0, Redraw.RETURN_NON_X, HAND, LIFE, id="no-copies"),
    ],
)
def test_exact_laws_match_a_brute_force_enumeration(deck_size, copies, policy, hand, life):
    odds = opening_odds(deck_size=deck_size, copies=copies, policy=policy, hand=hand, life=life)
    expected = brute_force(deck_size, copies, policy, hand, life)
    assert {key: p for key, p in odds.joint.items() if p} == expected
    assert sum(odds.hand) == 1 and sum(odds.life) == 1


@pytest.mark.parametrize(("deck_size", "copies"), [(50, 4), (60, 4), (60, 1), (50, 7)])
def test_without_a_redraw_the_closed_forms_hold(deck_size, copies):
    odds = opening_odds(deck_size=deck_size, copies=copies, policy=Redraw.KEEP)
    assert odds.in_hand() == 1 - Fraction(comb(deck_size - copies, HAND), comb(deck_size, HAND))
    # The life is a uniform 8-card sample of the shuffled deck too (the shuffle is exchangeable).
    assert odds.none_in_life() == Fraction(comb(deck_size - copies, LIFE), comb(deck_size, LIFE))


@pytest.mark.parametrize(("deck_size", "copies"), [(50, 4), (60, 4), (60, 2)])
def test_redrawing_for_x_never_lowers_the_odds_of_holding_it(deck_size, copies):
    keep = opening_odds(deck_size=deck_size, copies=copies, policy=Redraw.KEEP).in_hand()
    if_none = opening_odds(deck_size=deck_size, copies=copies, policy=Redraw.IF_NO_X).in_hand()
    return_non_x = opening_odds(deck_size=deck_size, copies=copies, policy=Redraw.RETURN_NON_X).in_hand()
    assert keep < if_none == return_non_x  # both redraw 6 fresh cards exactly when the hand has no X
    assert opening_odds(deck_size=deck_size, copies=copies, policy=Redraw.RETURN_NON_X).in_hand(2) > opening_odds(
        deck_size=deck_size, copies=copies, policy=Redraw.IF_NO_X
    ).in_hand(2)


def test_a_known_figure_60_cards_4_copies_return_non_x():
    odds = opening_odds(deck_size=60, copies=4, policy=Redraw.RETURN_NON_X)
    no_x_twice = Fraction(comb(56, 6), comb(60, 6)) ** 2  # no X in 6, then no X in 6 more from the reshuffled 60
    assert odds.in_hand() == 1 - no_x_twice
    assert odds.not_stuck_in_life() == 1 - odds.life[4]


def test_the_report_states_the_policy_and_exact_fractions():
    report = deck_odds({"BT9-001": 4, "BT9-002": 56})
    row = report["cards"]["BT9-001"]
    assert report["deck_size"] == 60 and "return every card that is not X" in report["redraw_policy"]
    assert row["exact"] and row["in_hand"]["fraction"] == str(opening_odds(deck_size=60, copies=4).in_hand())


@pytest.mark.parametrize(
    ("deck_size", "copies"), [pytest.param(13, 1, id="too-small-for-hand-and-life"), pytest.param(50, 51, id="x>deck")]
)
def test_impossible_questions_raise(deck_size, copies):
    with pytest.raises(OddsError):
        opening_odds(deck_size=deck_size, copies=copies)
