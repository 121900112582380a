"""Hand odds by groups (games.hand_odds): exact figures checked three ways — a full enumeration of every hand of a
small deck, the closed forms of the games' own odds modules for disjoint "at least" groups, and a Monte Carlo deal
of each game's opening (shields, life, the DBS redraw, the draw going second) with a fixed seed, which must agree
with every exact figure within four standard errors."""

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from games.hand_odds import (
    Comparison,
    Condition,
    HandOddsError,
    Opening,
    condition_of,
    hand_odds,
    opening_probability,
    probability,
    question,
)

AT_LEAST, AT_MOST, EXACTLY = Comparison.AT_LEAST, Comparison.AT_MOST, Comparison.EXACTLY

# The three games' openings as their packages give them (the packages' tests check they do).
DM = Opening(hand=5, draws_going_first=0, draws_going_second=1, set_aside=5)  # 103.3, 500.6
DUEL_PARTY = Opening(hand=6, draws_going_first=1, draws_going_second=1, set_aside=6)
OCG = Opening(hand=5, draws_going_first=0, draws_going_second=1)  # PR p.9, p.16
DBS = Opening(hand=6, draws_going_first=0, draws_going_second=1, set_aside=8, redraw=True)  # 5-2-1-6 .. 6-2-3

# A 40-card OCG-like deck: starters, extenders, hand traps, bricks; "engine" overlaps starters and extenders.
DECK_40 = {
    "s1": 3,
    "s2": 3,
    "s3": 2,
    "e1": 3,
    "e2": 2,
    "h1": 3,
    "h2": 3,
    "b1": 2,
    "b2": 1,
    **{f"x{i}": 1 for i in range(18)},
}
GROUPS_40 = {
    "starters": {"s1", "s2", "s3"},
    "extenders": {"e1", "e2", "s3"},
    "hand_traps": {"h1", "h2"},
    "bricks": {"b1", "b2"},
}
CONDITIONS_40 = (
    Condition("starters", AT_LEAST, 1),
    Condition("hand_traps", AT_LEAST, 1),
    Condition("bricks", EXACTLY, 0),
)


def _enumerate(deck: dict, groups: dict, conditions, drawn: int) -> Fraction:
    """Every hand of positions, counted one by one."""
    cards = [card for card, n in deck.items() for _ in range(n)]
    good = 0
    for hand in combinations(range(len(cards)), drawn):
        counts = Counter()
        for i in hand:
            for name, members in groups.items():
                counts[name] += cards[i] in members
        good += all(c.met(counts[c.group]) for c in conditions)
    return Fraction(good, comb(len(cards), drawn))


SMALL = {"a": 3, "b": 2, "c": 2, "d": 1, "z": 6}
SMALL_GROUPS = {"A": {"a", "c"}, "B": {"b", "c", "d"}, "C": {"d"}}


@pytest.mark.parametrize(
    "conditions",
    [
        pytest.param((Condition("A", AT_LEAST, 1),), id="at-least-one"),
        pytest.param((Condition("A", AT_LEAST, 1), Condition("B", AT_LEAST, 1)), id="overlapping-and"),
        pytest.param((Condition("A", EXACTLY, 2), Condition("C", AT_MOST, 0)), id="exactly-and-none"),
        pytest.param((Condition("B", AT_MOST, 1), Condition("B", AT_LEAST, 1)), id="exactly-one-as-a-range"),
        pytest.param((Condition("A", AT_LEAST, 4),), id="more-than-the-hand-holds-of-it"),
        pytest.param((), id="no-condition"),
    ],
)
@pytest.mark.parametrize("drawn", [0, 3, 5, 6])
def test_every_hand_of_a_small_deck_counted_one_by_one(conditions, drawn):
    q = question(SMALL, SMALL_GROUPS, conditions)
    assert probability(q, drawn) == _enumerate(SMALL, SMALL_GROUPS, conditions, drawn)


@pytest.mark.parametrize("going_first", [True, False], ids=["first", "second"])
def test_disjoint_at_least_groups_are_the_ocg_modules_joint_law(going_first):
    from games.ygo.rules.odds import joint_at_least, opening_hand_size

    groups = {"starters": {"s1", "s2"}, "traps": {"h1", "h2"}, "extenders": {"e1"}}
    conditions = [
        Condition("starters", AT_LEAST, 1),
        Condition("traps", AT_LEAST, 2),
        Condition("extenders", AT_LEAST, 1),
    ]
    q = question(DECK_40, groups, conditions)
    expected = joint_at_least(
        deck_size=40, groups=((6, 1), (6, 2), (3, 1)), drawn=opening_hand_size("first" if going_first else "second")
    )
    assert opening_probability(q, OCG, going_first=going_first) == expected


def test_the_dbs_redraw_of_one_group_matches_the_dbs_modules_whole_hand_policy():
    from games.dbs.rules.odds import Redraw, opening_odds

    deck = {"x": 4, "rest": 46}
    q = question(deck, {"X": {"x"}}, [Condition("X", AT_LEAST, 1)])
    # "return the whole hand only when it holds no X": the DBS module's IF_NO_X policy, computed another way.
    assert (
        opening_probability(q, DBS, going_first=True)
        == opening_odds(deck_size=50, copies=4, policy=Redraw.IF_NO_X).in_hand()
    )


def _deal(deck: dict, groups: dict, conditions, opening: Opening, going_first: bool, rng: random.Random) -> bool:
    """One game's opening dealt as the rules deal it."""
    cards = [card for card, n in deck.items() for _ in range(n)]

    def met(hand) -> bool:
        counts = {name: sum(card in members for card in hand) for name, members in groups.items()}
        return all(c.met(counts[c.group]) for c in conditions)

    rng.shuffle(cards)
    if opening.set_aside and not opening.redraw:  # shields from the top, then the hand (103.3)
        cards = cards[opening.set_aside :]
    hand, cards = cards[: opening.hand], cards[opening.hand :]
    if opening.redraw and not met(hand):  # 5-2-1-6-1: the whole hand back, shuffle, draw 6
        cards += hand
        rng.shuffle(cards)
        hand, cards = cards[: opening.hand], cards[opening.hand :]
    if opening.redraw:  # 5-2-1-7: the top 8 cards become the life
        cards = cards[opening.set_aside :]
    draws = opening.draws_going_first if going_first else opening.draws_going_second
    return met(hand + cards[:draws])


DM_DECK = {"a": 4, "b": 4, "c": 4, "t": 8, "r": 20}
DM_GROUPS = {"A": {"a", "b"}, "T": {"t", "c"}, "C": {"c"}}
DM_CONDITIONS = (Condition("A", AT_LEAST, 1), Condition("T", AT_MOST, 1), Condition("C", EXACTLY, 0))
DBS_DECK = {"s": 4, "t": 4, "u": 4, "b": 3, "r": 35}
DBS_GROUPS = {"S": {"s", "t"}, "U": {"u", "t"}, "B": {"b"}}
DBS_CONDITIONS = (Condition("S", AT_LEAST, 1), Condition("U", AT_LEAST, 1), Condition("B", AT_MOST, 0))

CASES = [
    pytest.param(DM_DECK, DM_GROUPS, DM_CONDITIONS, DM, id="duel-masters"),
    pytest.param(DM_DECK, DM_GROUPS, DM_CONDITIONS, DUEL_PARTY, id="duel-party"),
    pytest.param(DECK_40, GROUPS_40, CONDITIONS_40, OCG, id="ocg"),
    pytest.param(DBS_DECK, DBS_GROUPS, DBS_CONDITIONS, DBS, id="dbs-redraw"),
]


@pytest.mark.parametrize(("deck", "groups", "conditions", "opening"), CASES)
@pytest.mark.parametrize("going_first", [True, False], ids=["first", "second"])
def test_a_monte_carlo_deal_agrees_with_every_exact_figure(deck, groups, conditions, opening, going_first):
    rng = random.Random(20261206)
    games = 20_000
    hits = sum(_deal(deck, groups, conditions, opening, going_first, rng) for _ in range(games))
    exact = float(opening_probability(question(deck, groups, conditions), opening, going_first=going_first))
    error = sqrt(exact * (1 - exact) / games)
    assert abs(hits / games - exact) <= 4 * error + 1e-9, (hits / games, exact)


def test_the_answer_gives_both_goings_as_fractions_and_percentages():
    answer = hand_odds(question(DECK_40, GROUPS_40, CONDITIONS_40), OCG)
    first = Fraction(answer["first"]["fraction"])
    assert answer["first"]["percent"] == round(float(first) * 100, 2)
    assert first == _enumerate_by_cells(DECK_40, GROUPS_40, CONDITIONS_40, 5)
    assert [g["copies"] for g in answer["groups"]] == [3, 7, 6, 8]  # bricks, extenders, hand_traps, starters
    assert Fraction(answer["second"]["fraction"]) == _enumerate_by_cells(DECK_40, GROUPS_40, CONDITIONS_40, 6)


def _enumerate_by_cells(deck, groups, conditions, drawn) -> Fraction:
    """The multivariate hypergeometric sum written out over the cells (a second, plain implementation)."""
    cells: Counter = Counter()
    for card, n in deck.items():
        cells[frozenset(name for name, members in groups.items() if card in members)] += n
    keys = list(cells)
    total = 0

    def walk(i, left, weight, counts):
        nonlocal total
        if i == len(keys):
            if left == 0 and all(c.met(counts.get(c.group, 0)) for c in conditions):
                total += weight
            return
        for x in range(min(cells[keys[i]], left) + 1):
            more = dict(counts)
            for name in keys[i]:
                more[name] = more.get(name, 0) + x
            walk(i + 1, left - x, weight * comb(cells[keys[i]], x), more)

    walk(0, drawn, 1, {})
    return Fraction(total, comb(sum(deck.values()), drawn))


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        pytest.param({"group": "A"}, "condition", id="no-comparison"),
        pytest.param({"group": "A", "at_least": 1, "at_most": 2}, "condition", id="two-comparisons"),
        pytest.param({"group": "A", "exactly": -1}, "condition", id="negative"),
        pytest.param({"group": 3, "exactly": 1}, "condition", id="group-not-a-name"),
    ],
)
def test_a_malformed_condition_says_why(data, reason):
    with pytest.raises(HandOddsError) as raised:
        condition_of(data)
    assert raised.value.reason == reason


def test_a_condition_on_an_unknown_group_and_a_group_of_unknown_cards_are_refused():
    with pytest.raises(HandOddsError) as raised:
        question(SMALL, SMALL_GROUPS, [Condition("Q", AT_LEAST, 1)])
    assert raised.value.reason == "unknown_group"
    with pytest.raises(HandOddsError) as raised:
        question(SMALL, {"A": {"nope"}}, [])
    assert raised.value.reason == "card_not_in_deck"
    with pytest.raises(HandOddsError) as raised:
        opening_probability(question({"a": 7}, {}, []), DM, going_first=True)
    assert raised.value.reason == "deck_too_small"


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        pytest.param("dm", DM, id="duel-masters-103.3"),
        pytest.param("ygo", OCG, id="ocg-pr-p9"),
        pytest.param("dbs", DBS, id="dbs-5-2-1-6"),
    ],
)
def test_each_game_gives_its_opening_as_data(game, expected):
    from games import registry

    opening = registry.get(game).hand_odds.opening(format_code=None)
    figures = ("hand", "draws_going_first", "draws_going_second", "set_aside", "redraw")
    assert [getattr(opening, name) for name in figures] == [getattr(expected, name) for name in figures]
    assert opening.model_en and opening.model_ja
