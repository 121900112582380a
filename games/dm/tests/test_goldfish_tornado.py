"""マスターJトルネード (the effects data's `alt_cost` of mechanism `master_j_tornado`): at the end of the opponent's
turn, your matching creatures whose costs total at least the number return to your hand and the card is put into
the battle zone; it and the creatures its effects put out may attack on your turn."""

import pytest

from games.dm.rules import goldfish
from games.dm.rules.goldfish.deck import EngineCard, EngineHalf
from games.dm.rules.goldfish.effects import engine_effects
from games.dm.rules.vocabulary import Civilization

F = Civilization.FIRE
TORNADO = {"kind": "alt_cost", "when": "alt_cost", "cost": 0, "mechanism": "master_j_tornado",
           "return_filter": {"races": ["J"], "type": "creature"}, "return_own_creatures_total_cost_min": 10,
           "timing": "opponent_turn_end"}  # fmt: skip
GR_SUMMON = {"kind": "gr_summon", "when": "on_play", "n": 3}


def card(key, cost, *, copies, effects=(), races=(), zone="main"):
    half = EngineHalf(cost, frozenset((F,)), "creature", 3000, 1, False)
    modeled, unmodeled, halves = engine_effects(list(effects), [half])
    return EngineCard(
        key, key, copies, frozenset((F,)), halves=tuple(halves), name_ja=key, races=races, zone=zone,
        effects=modeled, unmodeled=unmodeled,
    )  # fmt: skip


@pytest.mark.parametrize(
    "change, modeled",
    [
        ({}, True),
        ({"timing": "your_turn_end"}, False),
        ({"return_own_creatures_total_cost_min": None}, False),
        ({"return_filter": {"souls": True}}, False),
    ],
    ids=["at the end of the opponent's turn", "another timing", "no total", "a filter the engine does not know"],
)
def test_the_tornado_is_modeled_only_as_the_data_states_it(change, modeled):
    effect = {**TORNADO, **change}
    engine, unmodeled, _ = engine_effects([effect], [EngineHalf(9, frozenset((F,)), "creature", 3000)])
    if modeled:
        assert [(e["kind"], e["mechanism"], e["total"]) for e in engine] == [("alt_cost", "master_j_tornado", 10)]
    else:
        assert (engine, unmodeled) == ((), ("alt_cost",))


# 5-cost jokers, one a turn from turn 5: two of them (10) are in play after turn 6, so at the end of the opponent's
# turn the card comes out for free before turn 7, with its three GR creatures; they attack on turn 7.
@pytest.mark.parametrize(
    "effects, first_turn, gr_turn",
    [([TORNADO, GR_SUMMON], 7, 7), ([GR_SUMMON], None, None)],
    ids=["マスターJトルネード", "cost 9 paid: never before the kill"],
)
@pytest.mark.parametrize("going", ["first", "second"])
def test_the_tornado_puts_the_card_out_before_your_turn(effects, first_turn, gr_turn, going):
    deck = [
        card("joker", 5, copies=36, races=("J",)),
        card("tornado", 9, copies=4, races=("J",), effects=effects),
        card("gr", 2, copies=12, zone="gr"),
    ]
    counts = goldfish.play(deck, games=3000, seed=8, going=going)[going]
    for key, turn in (("tornado", first_turn), ("gr", gr_turn)):
        turns = counts.first_cast[key]
        assert min((t for t in range(1, len(turns)) if turns[t]), default=None) == turn
    claimed = goldfish.claims(deck)["tornado"]
    assert ("alt_cost" in claimed[0]) is (TORNADO in effects)


def test_the_tornado_plays_the_same_games_compiled_and_interpreted():
    deck = [
        card("joker", 5, copies=36, races=("J",)),
        card("tornado", 9, copies=4, races=("J",), effects=[TORNADO, GR_SUMMON]),
        card("gr", 2, copies=12, zone="gr"),
    ]
    fast = goldfish.play(deck, games=60, seed=3, going="both")
    slow = goldfish.play(deck, games=60, seed=3, going="both", compiled=False)
    assert {s: c.to_dict() for s, c in fast.items()} == {s: c.to_dict() for s, c in slow.items()}
