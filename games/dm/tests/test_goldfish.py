"""Goldfish engine: spec table 4.2 (G01-G03, G13-G19), reproducibility, and the compiled loop equals the plain one."""

import numpy as np
import pytest

from games.dm.rules import goldfish, odds
from games.dm.rules.cards import CardFacts
from games.dm.rules.goldfish import examples, hands, kernel
from games.dm.rules.goldfish.deck import DeckError, EngineCard, EngineHalf, engine_card_from_facts
from games.dm.rules.goldfish.engine import payment_preview
from games.dm.rules.goldfish.examples import D, F, L, N, W, vanilla
from games.dm.rules.vocabulary import Breaker, Civilization, Zone


def kill_turns(cards, going, games=200, seed=7, **kwargs):
    counts = goldfish.play(cards, games=games, seed=seed, going=going, **kwargs)[going]
    return {t: n for t, n in enumerate(counts.kills) if n}, {t: n for t, n in enumerate(counts.deckouts) if n}


EVO_TWIN = EngineCard(
    "evo",
    "evo",
    40,
    frozenset({F}),
    halves=(
        EngineHalf(1, frozenset({F}), "creature", 1000, 1),
        EngineHalf(2, frozenset({F}), "evolution", 5000, 1),
    ),
)

DETERMINISTIC = [
    ("G19 40 vanilla cost-2 mono going first: own turn 5", [vanilla()], "first", 5),
    ("G19 40 vanilla cost-2 mono going second: own turn 5", [vanilla()], "second", 5),
    ("G19 speed attackers going first: own turn 4", [vanilla(speed=True)], "first", 4),
    ("G19 speed attackers going second: own turn 4", [vanilla(speed=True)], "second", 4),
    ("G19 cost-5 double breakers going first: own turn 8", [vanilla(cost=5, breaks=2)], "first", 8),
    ("G16 evolution is never sick (801.3): evolve on turn 2 attacks on turn 2", [EVO_TWIN], "first", 5),
    ("G17 world breaker + one more attack", [vanilla(cost=5, breaks=99, speed=True)], "first", 6),
]


@pytest.mark.parametrize("cards, going, turn", [c[1:] for c in DETERMINISTIC], ids=[c[0] for c in DETERMINISTIC])
def test_deterministic_decks_kill_on_a_fixed_turn(cards, going, turn):
    kills, deckouts = kill_turns(cards, going)
    assert kills == {turn: 200}
    assert deckouts == {}


@pytest.mark.parametrize(
    "going, turn", [("first", 31), ("second", 30)], ids=["G13 first loses at own turn 31", "G13 second at 30"]
)
def test_deck_out_at_the_draw_that_empties_the_library_104_2b(going, turn):
    uncastable = EngineCard("x", "x", 40, frozenset({F}), halves=(EngineHalf(99, frozenset({F}), "creature", 1000),))
    kills, deckouts = kill_turns([uncastable], going, games=20)
    assert kills == {}
    assert deckouts == {turn: 20}


@pytest.mark.parametrize("going, turn", [("first", 24), ("second", 23)], ids=["G02 first", "G02 second"])
def test_forbidden_start_card_takes_six_seals_library_23_g02(going, turn):
    forbidden = EngineCard("fb", "Forbidden", 1, frozenset({D}), starts_in_battle_zone=True, seals=6)
    filler = EngineCard("x", "x", 39, frozenset({F}), halves=(EngineHalf(99, frozenset({F}), "creature", 1000),))
    kills, deckouts = kill_turns([forbidden, filler], going, games=10)
    assert deckouts == {turn: 10}  # 40 - 1 - 6 - 5 - 5 = 23 cards drawn one a turn


@pytest.mark.parametrize(
    "civs, first_cast_turn",
    [((F,), 5), ((F, N), 6)],
    ids=["G14 mono charges: first 5-cost play on own turn 5", "G14 multicoloured charges enter tapped (405.1): 6"],
)
def test_mana_grows_one_a_turn_and_multicoloured_enters_tapped(civs, first_cast_turn):
    counts = goldfish.play(
        [vanilla("five", cost=5, civs=civs, breaks=2)], games=50, seed=3, going="first", track_cards=["five"]
    )
    hist = counts["first"].first_cast["five"]
    assert {t: n for t, n in enumerate(hist) if n} == {first_cast_turn: 50}


def test_key_cards_are_never_charged():
    # 4 key cards cost 99 sit in hand forever; the other 36 still kill (they are charged instead)
    deck = [vanilla("k", cost=99, copies=4), vanilla("v", copies=36)]
    counts = goldfish.play(deck, games=300, seed=1, going="first", key_cards=["k"])["first"]
    assert counts.first_cast["k"][0] == 300
    assert sum(counts.kills[1:]) == 300


PAYMENTS = [
    ("G15a {F,F,W} cannot pay Darkness/Fire 3", [{F}, {F}, {W}], {D, F}, 3, None),
    ("G15b {F,D,W,W} pays Darkness/Fire 4 tapping all", [{F}, {D}, {W}, {W}], {D, F}, 4, 4),
    ("G15c one multicoloured card supplies one civ (112.2a)", [{D, F}, {W}, {W}], {D, F}, 3, None),
    ("G15d civs beat a reduction: 5 tapped at cost 3 (112.2b)", [{L}, {W}, {D}, {F}, {N}], {L, W, D, F, N}, 3, 5),
    ("G15d four civs cannot pay a 5-civ card", [{L}, {W}, {D}, {F}], {L, W, D, F, N}, 3, None),
    ("G15e colourless cost 2 with {F,W}", [{F}, {W}], set(), 2, 2),
    ("G15f mono Fire 2 with 5 Fire taps exactly 2 (112.2c)", [{F}] * 5, {F}, 2, 2),
    ("G15 matching needs the multicoloured card for the rare civ", [{D, F}, {F}, {W}], {D, F}, 2, 2),
]


@pytest.mark.parametrize("mana, civs, cost, tapped", [c[1:] for c in PAYMENTS], ids=[c[0] for c in PAYMENTS])
def test_payment_rules_112_2(mana, civs, cost, tapped):
    result = payment_preview([(frozenset(m), 1) for m in mana], civilizations=frozenset(civs), cost=cost)
    if tapped is None:
        assert result is None
    else:
        assert result is not None and len(result) == tapped
        covered = [mana[j] for j in result]
        for civ in civs:  # every civilization of the card is supplied by a tapped card
            assert any(civ in m for m in covered)


def test_payment_with_mana_number_zero_and_two():
    # a mana-number-0 card can supply a civilization but no amount; a 2 covers two of the cost
    assert payment_preview([(frozenset({D}), 0), (frozenset({F}), 1)], civilizations=frozenset({D}), cost=2) is None
    assert payment_preview([(frozenset({D}), 0), (frozenset({F}), 2)], civilizations=frozenset({D}), cost=2) == [0, 1]


ATTACKS = [
    ("G17 one-breakers: the 6th attack wins", [1] * 6, 6),
    ("G17 double breakers: 2+2+1 then direct", [2] * 4, 4),
    ("G17 triple + double + any", [3, 2, 1], 3),
    ("G17 world breaker + any", [99, 1], 2),
]


@pytest.mark.parametrize("breaks, needed", [c[1:] for c in ATTACKS], ids=[c[0] for c in ATTACKS])
def test_attacks_needed_against_five_shields_509(breaks, needed):
    attackers = np.array(breaks, dtype=np.int64)
    assert kernel.resolve_attacks(attackers, needed, 5) == -1
    assert kernel.resolve_attacks(attackers, needed - 1, 5) == 0  # the attack that breaks the last shield never wins


@pytest.mark.parametrize(
    "breaker, power, breaks",
    [
        (None, 1000, 1),
        (Breaker.DOUBLE, 6000, 2),
        (Breaker.TRIPLE, 12000, 3),
        (Breaker.QUATTRO, 1, 4),
        (Breaker.WORLD, 1, kernel.ALL_SHIELDS),
        (Breaker.POWERED, 12000, 3),
    ],
    ids=["none", "double", "G18 triple (owner picks the most)", "quattro", "world", "powered 12000"],
)
def test_breakers_from_card_facts(breaker, power, breaks):
    facts = CardFacts(
        1,
        "x",
        "x",
        civilizations=frozenset({Civilization.FIRE}),
        card_type="Creature",
        cost=3,
        power=power,
        breaker=breaker,
    )
    assert engine_card_from_facts(facts, 4).halves[0].breaks == breaks


def test_twinpact_has_both_halves_and_both_civs_in_mana():
    bottom = CardFacts(2, "b", "b", civilizations=frozenset({Civilization.WATER}), card_type="Spell", cost=2)
    top = CardFacts(
        1,
        "t",
        "t",
        civilizations=frozenset({Civilization.FIRE}),
        card_type="Twinpact",
        cost=5,
        power=5000,
        twinpact=True,
        twinpact_bottom=bottom,
    )
    card = engine_card_from_facts(top, 2)
    assert [h.kind for h in card.halves] == ["creature", "spell"]
    assert card.mana_civilizations == {Civilization.FIRE, Civilization.WATER}


def test_psychic_cards_are_never_cast_112_4():
    facts = CardFacts(
        1,
        "p",
        "p",
        civilizations=frozenset({Civilization.FIRE}),
        card_type="Psychic Creature",
        cost=7,
        power=7000,
        psychic=True,
        zone=Zone.HYPERSPATIAL,
    )
    card = engine_card_from_facts(facts, 1)
    assert (card.zone, card.in_library) == ("hyperspatial", False)
    deck = goldfish.compile_deck([vanilla(), card])
    assert (len(deck.library), deck.hyperspatial_zone.tolist()) == (40, [1])  # never in the library or the hand
    counts = goldfish.play([vanilla(), card], games=50, seed=1, going="first")
    assert counts["first"].first_cast[card.key][0] == 50  # no effect summons it: never played


def test_too_small_deck_is_rejected():
    with pytest.raises(DeckError):
        goldfish.play([vanilla(copies=9)], games=1, seed=1, going="first")


def test_same_seed_same_result_and_chunking_does_not_matter():
    deck = examples.typical_deck()
    whole = goldfish.play(deck, games=2000, seed=42, going="both", key_cards=["f6"])
    again = goldfish.play(deck, games=2000, seed=42, going="both", key_cards=["f6"])
    part1 = goldfish.play(deck, games=1200, seed=42, going="both", key_cards=["f6"])
    part2 = goldfish.play(deck, games=800, seed=42, going="both", key_cards=["f6"], first_game=1200)
    other = goldfish.play(deck, games=2000, seed=43, going="both", key_cards=["f6"])
    for side in ("first", "second"):
        assert whole[side].to_dict() == again[side].to_dict()
        assert whole[side].to_dict() == part1[side].merge(part2[side]).to_dict()
    assert whole["first"].kills != other["first"].kills


def test_compiled_loop_plays_exactly_the_plain_python_games():
    deck = examples.typical_deck()
    fast = goldfish.play(deck, games=60, seed=5, going="both", key_cards=["f6"])
    slow = goldfish.play(deck, games=60, seed=5, going="both", key_cards=["f6"], compiled=False)
    assert {s: c.to_dict() for s, c in fast.items()} == {s: c.to_dict() for s, c in slow.items()}


def test_summary_shape_and_percentiles():
    deck = examples.typical_deck()
    result = goldfish.summarise(goldfish.play(deck, games=3000, seed=9, going="both"), cards=deck)
    first = result["kill_turn"]["first"]
    assert sum(first["distribution"].values()) == pytest.approx(first["kill_rate"])
    assert first["p50"] <= first["p90"]
    assert result["kill_turn"]["second"]["mean"] < first["mean"]  # the second player draws one more card
    assert "Not modeled" in result["not_modeled"]


def test_ab_comparison_uses_the_same_shuffles():
    a = [vanilla()]
    b = [vanilla(speed=True)]
    result = goldfish.compare(a, b, games=100, seed=1, going="first")
    assert result["b_minus_a"]["first"]["mean"] == -1
    assert result["b_minus_a"]["first"]["kill_by_turn"]["4"] == 1.0


# --- Monte Carlo opening hands against the exact values (spec 4.2: >= 200 000 hands, +-0.005) --------------------

MC_CASES = [
    ("G04 >=1 of a 4-of in hand", lambda c: c.in_hand[0], odds.at_least(deck_size=40, copies=4, drawn=5)),
    ("G08/G20 >=1 in shields", lambda c: c.in_shields[0], odds.at_least(deck_size=40, copies=4, drawn=5)),
    ("G06 >=1 of 8 in hand", lambda c: c.in_hand[1], odds.at_least(deck_size=40, copies=8, drawn=5)),
    (
        "G09 seen by turn 3 first",
        lambda c: c.seen["first"]["3"][0],
        odds.at_least(deck_size=40, copies=4, drawn=7),
    ),
    (
        "G09 seen by turn 3 second",
        lambda c: c.seen["second"]["3"][0],
        odds.at_least(deck_size=40, copies=4, drawn=8),
    ),
    (
        "G11 single in hand or shields",
        lambda c: c.in_hand_or_shields[2],
        odds.at_least(deck_size=40, copies=1, drawn=10),
    ),
]


@pytest.fixture(scope="module")
def sampled():
    return hands.sample_hands([4, 8, 1, 27], hands=200_000, seed=2024)


@pytest.mark.parametrize("pick, exact", [c[1:] for c in MC_CASES], ids=[c[0] for c in MC_CASES])
def test_monte_carlo_hands_within_tolerance_of_exact(sampled, pick, exact):
    estimate = pick(sampled) / sampled.hands
    assert abs(estimate - float(exact)) < 0.005


def test_plain_python_hands_follow_the_same_law():
    counts = hands.sample_hands_plain([4, 36], hands=20_000, seed=1)
    assert abs(counts.in_hand[0] / counts.hands - 3903 / 9139) < 0.015


@pytest.mark.parametrize(
    "costs, skip, cap, best",
    [([4, 3, 2], -1, 5, 5), ([4, 3, 2], 1, 5, 4), ([4, 3, 2], -1, 9, 9), ([6], -1, 5, 0), ([3, 3], -1, 7, 6)],
    ids=["3+2 beats 4 with 5 mana", "without the 3: the 4", "everything", "nothing fits", "two of a kind"],
)
def test_play_policy_uses_the_most_mana_knapsack(costs, skip, cap, best):
    n = len(costs)
    euse = np.zeros((n, 2), dtype=np.int64)
    euse[:, 0] = 1
    ecost = np.full((n, 2), 999, dtype=np.int64)
    ecost[:, 0] = costs
    assert kernel.best_spend(n, skip, cap, ecost, euse) == best


def _rows(cards, going, **kwargs):
    return {row["turn"]: row for row in goldfish.trace(cards, seed=3, going=going, **kwargs)}


@pytest.mark.parametrize("going", ["first", "second"])
def test_g01_setup_library_30_shields_5_hand_5(going):
    setup = _rows([vanilla()], going)[0]
    assert (setup["library"], setup["hand_after_draw"], setup["mana"], setup["creatures"]) == (30, 5, 0, 0)
    assert setup["opponent_shields"] == 5


@pytest.mark.parametrize("going, hand", [("first", 5), ("second", 6)], ids=["G03 first: 5", "G03 second: 6"])
def test_g03_hand_on_own_turn_1_before_charging(going, hand):
    assert _rows([vanilla()], going)[1]["hand_after_draw"] == hand


@pytest.mark.parametrize(
    "civs, untapped",
    [((F,), {1: 1, 2: 2, 5: 5, 6: 6}), ((F, N), {1: 0, 2: 1, 5: 4, 6: 5})],
    ids=["G14 mono: t mana on own turn t", "G14 multicoloured charges: one less (405.1)"],
)
def test_g14_untapped_mana_in_the_main_step(civs, untapped):
    rows = _rows([vanilla(cost=99, civs=civs)], "first")
    assert {t: rows[t]["untapped_mana_in_main"] for t in untapped} == untapped


def test_g16_summoned_on_n_attacks_on_n_plus_1_speed_attacker_on_n():
    plain = _rows([vanilla()], "first")
    assert (plain[2]["creatures"], plain[2]["attacks"], plain[3]["attacks"]) == (1, 0, 1)
    speedy = _rows([vanilla(speed=True)], "first")
    assert (speedy[2]["creatures"], speedy[2]["attacks"], speedy[2]["opponent_shields"]) == (1, 1, 4)
    evolving = _rows([EVO_TWIN], "first")  # turn 2: an evolution onto turn 1's creature attacks at once (801.3)
    assert (evolving[2]["attacks"], evolving[2]["opponent_shields"]) == (1, 4)


def test_trace_is_the_same_game_as_the_counts():
    deck = examples.typical_deck()
    rows = goldfish.trace(deck, seed=8, game=17, going="second")
    counts = goldfish.play(deck, games=1, seed=8, going="second", first_game=17)["second"]
    assert rows[-1]["opponent_shields"] == -1
    assert counts.kills[rows[-1]["turn"]] == 1


@pytest.fixture(scope="module")
def first_casts():
    # 4 one-cost key creatures (never charged) and 36 uncastable fillers: from own turn 1 on there is mana, so a key
    # card is first cast on the first turn it has been seen; the engine's shuffles must follow the exact law
    deck = [vanilla("k", cost=1, copies=4), vanilla("x", cost=99, copies=36)]
    counts = goldfish.play(deck, games=200_000, seed=99, going="both", key_cards=["k"])
    return {side: c.first_cast["k"] for side, c in counts.items()}


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("turn", [1, 2, 3, 4, 5])
def test_goldfish_shuffles_follow_the_exact_law(first_casts, going, turn):
    hist = first_casts[going]
    estimate = sum(hist[1 : turn + 1]) / sum(hist)
    exact = odds.at_least(deck_size=40, copies=4, drawn=odds.cards_seen(by_turn=turn, going=going))
    assert abs(estimate - float(exact)) < 0.005  # spec 4.2: >= 200 000 games, +-0.005
