"""Exact odds: every value of the spec's table 4.2 that is a probability, as a fraction (rules 103.3, 500.6)."""

from fractions import Fraction as F

import pytest

from games.dm.rules import odds
from games.dm.rules.odds import Going, OddsCard, Query, Where
from games.dm.rules.vocabulary import Civilization


def q(groups, where=Where.HAND, by_turn=0, going=Going.FIRST, deck_size=40):
    return odds.query_probability(deck_size=deck_size, query=Query(tuple(groups), Where(where), by_turn, Going(going)))


EXACT = [
    ("G04 >=1 of a 4-of in the opening 5", lambda: q([(4, 1)]), F(3903, 9139)),
    ("G05 P0 of a 4-of", lambda: odds.copies_distribution(deck_size=40, copies=4, drawn=5)[0], F(5236, 9139)),
    ("G05 P1 of a 4-of", lambda: odds.copies_distribution(deck_size=40, copies=4, drawn=5)[1], F(6545, 18278)),
    ("G05 P2 of a 4-of", lambda: odds.copies_distribution(deck_size=40, copies=4, drawn=5)[2], F(595, 9139)),
    ("G05 P3 of a 4-of", lambda: odds.copies_distribution(deck_size=40, copies=4, drawn=5)[3], F(35, 9139)),
    ("G05 P4 of a 4-of", lambda: odds.copies_distribution(deck_size=40, copies=4, drawn=5)[4], F(1, 18278)),
    ("G06 >=1 of 8", lambda: q([(8, 1)]), F(57079, 82251)),
    ("G06 >=1 of 12", lambda: q([(12, 1)]), F(598, 703)),
    ("G07 >=1 A and >=1 B", lambda: q([(4, 1), (4, 1)]), F(13175, 82251)),
    ("G08 all 4 in the shields", lambda: q([(4, 4)], where="shields"), F(1, 18278)),
    ("G09 seen by own turn 3 first (7 cards)", lambda: q([(4, 1)], by_turn=3, going="first"), F(5047, 9139)),
    ("G09 seen by own turn 3 second (8 cards)", lambda: q([(4, 1)], by_turn=3, going="second"), F(5543, 9139)),
    ("G10 expected triggers of 12 in shields", lambda: odds.expected_copies(deck_size=40, copies=12, drawn=5), F(3, 2)),
    ("G10 >=1 of 8 triggers in shields", lambda: q([(8, 1)], where="shields"), F(57079, 82251)),
    ("G11 single copy in the shields", lambda: q([(1, 1)], where="shields"), F(1, 8)),
    ("G11 single copy in shields or hand", lambda: q([(1, 1)], where="hand_or_shields"), F(1, 4)),
    ("G11 single copy seen by own turn 3 first", lambda: q([(1, 1)], by_turn=3), F(7, 40)),
    ("G12 forbidden registered: hand from the other 39", lambda: q([(4, 1)], deck_size=39), F(35875, 82251)),
    (
        "G20 expected copies of a 4-of in the hand",
        lambda: odds.expected_copies(deck_size=40, copies=4, drawn=5),
        F(1, 2),
    ),
    ("G20 >=1 in shields equals >=1 in hand", lambda: q([(4, 1)], where="shields"), F(3903, 9139)),
]


@pytest.mark.parametrize("compute, expected", [c[1:] for c in EXACT], ids=[c[0] for c in EXACT])
def test_table_4_2_exact_values(compute, expected):
    assert compute() == expected


@pytest.mark.parametrize(
    "by_turn, going, seen",
    [(0, "first", 5), (1, "first", 5), (1, "second", 6), (3, "first", 7), (3, "second", 8), (5, "second", 10)],
    ids=["opening", "G03 turn1 first", "G03 turn1 second", "turn3 first", "turn3 second", "turn5 second"],
)
def test_cards_seen_by_own_turn_500_6(by_turn, going, seen):
    assert odds.cards_seen(by_turn=by_turn, going=going) == seen


def test_g07_joint_formula_matches_inclusion_exclusion():
    from math import comb

    expected = 1 - F(2 * comb(36, 5), comb(40, 5)) + F(comb(32, 5), comb(40, 5))
    assert q([(4, 1), (4, 1)]) == expected


def test_distribution_sums_to_one_and_at_least_zero_is_certain():
    assert sum(odds.copies_distribution(deck_size=40, copies=7, drawn=9)) == 1
    assert q([(4, 0)]) == 1


@pytest.mark.parametrize(
    "groups, drawn, deck_size",
    [([(41, 1)], 5, 40), ([(4, 1)], 41, 40), ([(30, 1), (20, 1)], 5, 40)],
    ids=["more copies than cards", "more drawn than cards", "groups larger than the deck"],
)
def test_impossible_questions_raise(groups, drawn, deck_size):
    with pytest.raises(odds.OddsError):
        odds.joint_at_least(deck_size=deck_size, groups=groups, drawn=drawn)


def _deck():
    cards = [
        OddsCard("1", "Trigger", 4, frozenset({Civilization.WATER}), shield_trigger=True),
        OddsCard("2", "Single", 1, frozenset({Civilization.FIRE})),
        OddsCard("3", "Multi", 4, frozenset({Civilization.FIRE, Civilization.NATURE}), shield_trigger=True),
    ]
    cards += [OddsCard(str(10 + i), f"Filler {i}", 4, frozenset({Civilization.FIRE})) for i in range(7)]
    cards.append(OddsCard("99", "Filler single", 3, frozenset({Civilization.FIRE})))
    return cards


def test_deck_report_rows_and_triggers():
    report = odds.deck_report(_deck())
    assert report["deck_size"] == 40
    single = next(r for r in report["cards"] if r["card"] == "2")
    assert single["in_shields"] == pytest.approx(1 / 8)
    assert single["in_hand_or_shields"] == pytest.approx(1 / 4)
    assert single["seen_by_turn"]["first"]["3"] == pytest.approx(7 / 40)
    trigger = next(r for r in report["cards"] if r["card"] == "1")
    assert trigger["in_hand_fraction"] == "3903/9139"
    assert report["shield_triggers"]["cards"] == 8
    assert report["shield_triggers"]["at_least_one"] == pytest.approx(57079 / 82251)
    assert report["shield_triggers"]["expected_in_shields"] == pytest.approx(1.0)
    assert sum(report["shield_triggers"]["distribution"].values()) == pytest.approx(1.0)
    assert report["civilizations_in_opening_hand"]["water"]["in_opening_hand"] == pytest.approx(3903 / 9139)
    assert report["civilizations_in_opening_hand"]["light"]["in_opening_hand"] == 0


def test_deck_report_start_of_game_cards_leave_the_pool_g12():
    cards = _deck()[:-1] + [
        OddsCard("99", "Filler", 2, frozenset()),
        OddsCard("f", "Forbidden", 1, starts_outside_deck=True),
    ]
    report = odds.deck_report(cards)
    assert report["deck_size"] == 39
    trigger = next(r for r in report["cards"] if r["card"] == "1")
    assert trigger["in_hand_fraction"] == "35875/82251"


from itertools import combinations  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=3),
    mins=st.lists(st.integers(min_value=0, max_value=3), min_size=3, max_size=3),
    rest=st.integers(min_value=0, max_value=6),
    drawn=st.integers(min_value=0, max_value=6),
)
def test_joint_at_least_equals_brute_force_enumeration(sizes, mins, rest, drawn):
    deck = [g for g, size in enumerate(sizes) for _ in range(size)] + [-1] * rest
    if not deck or drawn > len(deck):
        return
    groups = [(size, mins[g]) for g, size in enumerate(sizes)]
    hands = list(combinations(range(len(deck)), drawn))
    good = sum(all(sum(deck[i] == g for i in hand) >= k for g, (_, k) in enumerate(groups)) for hand in hands)
    assert odds.joint_at_least(deck_size=len(deck), groups=groups, drawn=drawn) == F(good, len(hands))


# デュエパーティー (official Duel Party rules): 6 shields, a 6-card hand, every player draws on their first turn. The
# partner starts in its own zone, so the shuffled pool is the other 59 cards (one of a name).
def dp(groups, where=Where.HAND, by_turn=0, going=Going.FIRST, deck_size=59):
    query = Query(tuple(groups), Where(where), by_turn, Going(going))
    return odds.query_probability(deck_size=deck_size, query=query, setup=odds.DUEL_PARTY)


DUEL_PARTY_EXACT = [
    ("DP a singleton in the opening 6", lambda: dp([(1, 1)]), F(6, 59)),
    ("DP a singleton in the 6 shields", lambda: dp([(1, 1)], where="shields"), F(6, 59)),
    ("DP a singleton in shields or hand", lambda: dp([(1, 1)], where="hand_or_shields"), F(12, 59)),
    ("DP seen by own turn 3 going first (6 + 3 draws)", lambda: dp([(1, 1)], by_turn=3), F(9, 59)),
    ("DP seen by own turn 3 going second (6 + 3 draws)", lambda: dp([(1, 1)], by_turn=3, going="second"), F(9, 59)),
    ("DP >=1 of 10 in the opening 6", lambda: dp([(10, 1)]), F(67259, 97527)),
    ("DP >=2 of 10 in the opening 6", lambda: dp([(10, 2)]), F(285829, 1072797)),
    ("DP >=1 of 10 by own turn 3 first", lambda: dp([(10, 1)], by_turn=3), F(955565057, 1142333751)),
]


@pytest.mark.parametrize("compute, expected", [c[1:] for c in DUEL_PARTY_EXACT], ids=[c[0] for c in DUEL_PARTY_EXACT])
def test_duel_party_exact_values(compute, expected):
    assert compute() == expected


@pytest.mark.parametrize(
    "setup, by_turn, going, seen",
    [
        (odds.STANDARD, 1, "first", 5),
        (odds.STANDARD, 1, "second", 6),
        (odds.DUEL_PARTY, 0, "first", 6),
        (odds.DUEL_PARTY, 1, "first", 7),
        (odds.DUEL_PARTY, 1, "second", 7),
        (odds.DUEL_PARTY, 4, "first", 10),
    ],
    ids=["standard-first-skips", "standard-second", "dp-opening-6", "dp-first-draws", "dp-second", "dp-turn4"],
)
def test_cards_seen_by_setup(setup, by_turn, going, seen):
    assert odds.cards_seen(by_turn=by_turn, going=going, setup=setup) == seen


@pytest.mark.parametrize("going", ["first", "second"])
def test_duel_party_last_turn_104_2b(going):
    # 59 - 12 = 47 cards left after the setup and a draw on every own turn from the first, for both players: the draw
    # of own turn 47 takes the last card (104.2b), so own turn 46 is the last one reached, with 6 + 46 cards seen.
    assert odds.last_turn(deck_size=59, seals=0, going=going, setup=odds.DUEL_PARTY) == 46
    assert dp([(1, 1)], by_turn=46, going=going) == F(52, 59)
    with pytest.raises(odds.OddsError):
        dp([(1, 1)], by_turn=47, going=going)


def test_duel_party_deck_report():
    cards = [OddsCard(key=str(i), name=f"c{i}", copies=1, shield_trigger=i < 10) for i in range(59)]
    report = odds.deck_report(cards, setup=odds.DUEL_PARTY)
    row = report["cards"][0]
    assert report["deck_size"] == 59
    assert (row["in_hand_fraction"], row["in_hand"], row["in_shields"]) == ("6/59", 6 / 59, 6 / 59)
    assert row["in_hand_or_shields"] == 12 / 59
    assert row["seen_by_turn"]["first"]["2"] == row["seen_by_turn"]["second"]["2"] == 8 / 59
    assert report["shield_triggers"]["expected_in_shields"] == 60 / 59
    assert report["shield_triggers"]["at_least_one"] == float(F(67259, 97527))
    assert "top 6" in report["model"] and "every player draws" in report["model"]


def test_standard_deck_report_unchanged_by_the_setup_parameter():
    cards = [OddsCard(key=str(i), name=f"c{i}", copies=4) for i in range(10)]
    assert odds.deck_report(cards) == odds.deck_report(cards, setup=odds.STANDARD)
    assert odds.deck_report(cards)["model"] == (
        "exact (multivariate hypergeometric); shields = top 5, hand = next 5 (103.3); first player skips the first "
        "draw (500.6)"
    )
