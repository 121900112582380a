"""The exhaustive best-line solver (small vanilla decks) and the play policy's gap to it on a fixed set of decks."""

import pytest

from games.dm.rules.goldfish import solver
from games.dm.rules.goldfish.deck import DeckError
from games.dm.rules.goldfish.examples import gap_decks, typical_deck, vanilla

GAP_DECKS = gap_decks()  # the fixed decks of the gap measurement (also in `make bench`)
GAP_GAMES = 200
GAP_SEED = 7


@pytest.mark.parametrize(
    "cards, going, fastest",
    [
        ([vanilla(cost=2, speed=True)], "first", 4),  # G19: 1, 2, 3 attackers from turn 2 on: 6 breaks by turn 4
        ([vanilla(cost=1)], "first", 4),
        ([vanilla(cost=2)], "second", 5),
    ],
    ids=["2-cost speed attackers going first", "1-drops going first", "2-drops going second"],
)
def test_solver_finds_the_fastest_kill_of_deterministic_decks(cards, going, fastest):
    order = solver.library_order(cards, seed=1, game=0)
    assert solver.can_kill_by(cards, order=order, going=going, by_turn=fastest)
    assert not solver.can_kill_by(cards, order=order, going=going, by_turn=fastest - 1)


def test_solver_rejects_decks_it_cannot_search():
    with pytest.raises(DeckError):
        solver.can_kill_by(typical_deck(), order=[0] * 40, going="first", by_turn=3)


def test_the_policy_is_never_faster_than_the_solver():
    cards = GAP_DECKS["2-cost speed, 3-drops, 4-cost W"]
    from games.dm.rules import goldfish

    counts = goldfish.play(cards, games=30, seed=GAP_SEED, going="first")["first"]
    for game in range(30):
        order = solver.library_order(cards, seed=GAP_SEED, game=game)
        single = goldfish.play(cards, games=1, seed=GAP_SEED, going="first", first_game=game)["first"]
        turn = next(t for t, n in enumerate(single.kills) if n)
        assert solver.can_kill_by(cards, order=order, going="first", by_turn=turn)
    assert sum(counts.kills) == 30


def test_policy_gap_to_the_solver_is_under_two_percent_over_the_fixed_decks():
    late = games = 0
    per_deck = {}
    for name, cards in GAP_DECKS.items():
        for going in ("first", "second"):
            gap = solver.policy_gap(cards, games=GAP_GAMES, seed=GAP_SEED, going=going)
            per_deck[f"{name} {going}"] = gap["share"]
            late += gap["one_turn_late"]
            games += gap["games"]
    assert late / games < 0.02, per_deck
    assert max(per_deck.values()) <= 0.05, per_deck
