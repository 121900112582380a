"""Goldfish card effects (the effects data's vocabulary), the per-card results and the 95 % intervals.

Small decks of hand-written engine cards whose games are fixed by the rules; one effect-rich deck checks that the
compiled kernel and the plain-Python reference play identical games."""

import pytest

from games.dm.rules import goldfish
from games.dm.rules.goldfish import intervals
from games.dm.rules.goldfish.deck import EngineCard, EngineHalf
from games.dm.rules.goldfish.effects import condition, engine_effects, filter_matches
from games.dm.rules.goldfish.examples import vanilla
from games.dm.rules.vocabulary import Civilization

F, N = Civilization.FIRE, Civilization.NATURE


def card(key, cost, *, copies, effects=(), kind="creature", breaks=1, speed=False, zone="main", races=(), civs=(F,)):
    half = EngineHalf(cost, frozenset(civs), kind, 3000, breaks, speed)
    modeled, unmodeled, halves = engine_effects(list(effects), [half])
    return EngineCard(
        key, key, copies, frozenset(civs), halves=tuple(halves), name_ja=key, zone=zone, races=races,
        effects=modeled, unmodeled=unmodeled,
    )  # fmt: skip


def first_kill(cards, going="first", games=20, seed=1):
    counts = goldfish.play(cards, games=games, seed=seed, going=going)[going]
    return {t for t in range(len(counts.kills)) if counts.kills[t]}


SPEED = {"kind": "grant_speed_attacker", "when": "static", "target": "self"}
GRANT_ALL = {"kind": "grant_speed_attacker", "when": "static", "target": {"type": "creature", "yours": True}}
INVADE = {"kind": "invasion", "when": "alt_cost", "from": ["hand"], "on": {"civs": ["Fire"], "type": "creature"}}

# 40 one-breakers of cost 1 going first: turn 1 plays one, turns 2.. each attack; shields 5 -> kill on turn 7
# (5 breaks on turns 2-4 with 1, 2, 2 attackers, then the direct attack on turn 4 at the latest: see G16).
CASES = [
    ("vanilla 1-drops", [card("v", 1, copies=40)], {4}),
    ("granted speed attacker (self) attacks on the turn it is played", [card("v", 1, copies=40, effects=[SPEED])], {3}),
    (
        "GR summon: a 1-drop that brings a GR creature",
        [
            card("v", 1, copies=40, effects=[{"kind": "gr_summon", "when": "on_play", "n": 1}]),
            card("gr", 0, copies=12, zone="gr", breaks=2),
        ],
        {3},
    ),
    (
        "your creatures have speed attacker while the granter is in play",
        [card("v", 1, copies=40, effects=[GRANT_ALL])],
        {3},
    ),
    (
        # every 1-drop gives another turn before the goldfish's: the whole kill happens in round 1
        "extra turns keep the round's number",
        [card("v", 1, copies=40, effects=[{"kind": "extra_turn", "when": "on_play"}])],
        {1},
    ),
]


@pytest.mark.parametrize("cards, turns", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_effects_change_the_kill_turn_as_the_rules_say(cards, turns):
    assert first_kill(cards) == turns


def test_invasion_puts_the_evolution_from_the_hand_onto_the_attacker():
    deck = [card("v", 1, copies=36), card("rz", 6, copies=4, kind="evolution", breaks=3, effects=[INVADE])]
    base = [card("v", 1, copies=36), card("rz", 6, copies=4, kind="evolution", breaks=3)]
    with_invasion = goldfish.summarise(goldfish.play(deck, games=2000, seed=3, going="first"), cards=deck)
    without = goldfish.summarise(goldfish.play(base, games=2000, seed=3, going="first"), cards=base)
    assert with_invasion["kill_turn"]["first"]["mean"] < without["kill_turn"]["first"]["mean"]
    rz = next(row for row in with_invasion["cards"] if row["card"] == "rz")
    assert min(int(t) for t in rz["first_played_turn"]["first"]) == 2  # the first attack is on own turn 2


def test_ramp_and_draw_and_cost_reduction_make_a_big_creature_come_earlier():
    big = card("big", 7, copies=4, breaks=99)
    plain = [card("v", 3, copies=36), big]
    ramp = {"kind": "mana_boost", "when": "on_play", "n": 1, "source": "deck_top"}
    draw = {"kind": "draw", "when": "on_play", "n": 1}
    reduce = {"kind": "cost_reduction", "when": "static", "amount": 2, "limit": "all", "target": {"type": "creature"}}
    ramped = [card("v", 3, copies=36, effects=[ramp, draw, reduce]), big]

    def mean_first(deck):
        summary = goldfish.summarise(goldfish.play(deck, games=2000, seed=4, going="first"), cards=deck)
        return next(r for r in summary["cards"] if r["card"] == "big")["played"]["first"]

    assert mean_first(ramped) > mean_first(plain) + 0.1


SELF_REDUCTIONS = [
    ("flat", {"kind": "self_cost_reduction", "when": "static", "amount": 2}, 3),
    (
        "while you control 2 creatures",
        {"kind": "self_cost_reduction", "when": "static", "amount": 5, "conditional": True,
         "condition": {"type": "control", "min": 2, "filter": {"type": "creature"}, "yours": True}},
        2,  # turn 2: a second 1-drop, then the card costs 0 -> the floor 1, paid with the second mana
    ),
    (
        "per creature (シンパシー), floor 2",
        {"kind": "self_cost_reduction", "when": "static", "amount": 1, "floor": 2,
         "per": {"zone": "battle", "owner": "you", "filter": {"type": "creature"}}},
        3,
    ),
    ("per mana card: not modeled", {"kind": "self_cost_reduction", "when": "static", "amount": 1,
                                    "per": {"zone": "mana", "owner": "you"}}, None),  # the 1-drops kill first
]  # fmt: skip


@pytest.mark.parametrize("effect, first_turn", [c[1:] for c in SELF_REDUCTIONS], ids=[c[0] for c in SELF_REDUCTIONS])
def test_a_cards_own_reduction_brings_it_earlier(effect, first_turn):
    """Going first with 1-drops (one mana more each turn): a 5-cost card comes on the turn its cost is paid."""
    deck = [card("v", 1, copies=36), card("big", 5, copies=4, effects=[effect])]
    counts = goldfish.play(deck, games=3000, seed=8, going="first")["first"]
    turns = counts.first_cast["big"]
    assert min((t for t in range(1, len(turns)) if turns[t]), default=None) == first_turn


def test_search_takes_the_named_card_from_the_deck():
    search = {"kind": "search", "when": "on_play", "source": "deck", "n": 1, "filter": {"name_contains": "target"}}
    deck = [card("finder", 1, copies=39, effects=[search]), card("target", 1, copies=1)]
    summary = goldfish.summarise(goldfish.play(deck, games=500, seed=2, going="first"), cards=deck)
    target = next(r for r in summary["cards"] if r["card"] == "target")
    # every game where the single target is not among the 5 shields (7/8 of them) finds it on turn 1
    assert target["played"]["first"] == pytest.approx(35 / 40, abs=0.03)


def test_look_at_the_top_search_takes_a_match_and_puts_the_rest_on_the_bottom():
    look = {"kind": "search", "when": "on_play", "source": "deck_top", "look": 4, "n": 1,
            "filter": {"name_contains": "target"}}  # fmt: skip
    deck = [card("finder", 1, copies=36, effects=[look]), card("target", 2, copies=4, breaks=99)]
    plain = [card("finder", 1, copies=36), card("target", 2, copies=4, breaks=99)]

    def seen_by_turn_3(cards):
        summary = goldfish.summarise(goldfish.play(cards, games=2000, seed=5, going="first"), cards=cards)
        rows = {r["card"]: r for r in summary["cards"]}
        return summary, rows["target"]["played"]["first"]

    summary, with_look = seen_by_turn_3(deck)
    _, without = seen_by_turn_3(plain)
    assert with_look > without
    assert summary["vanilla"] == []
    both = goldfish.play(deck, games=200, seed=5, going="both", compiled=False)
    fast = goldfish.play(deck, games=200, seed=5, going="both")
    assert {s: c.to_dict() for s, c in both.items()} == {s: c.to_dict() for s, c in fast.items()}


def test_a_choose_one_line_plays_one_modeled_option():
    options = [
        {"kind": "draw", "when": "on_cast", "n": 2, "modal": {"choose": 1, "option": 0}, "line": 1},
        {"kind": "mana_boost", "when": "on_cast", "n": 1, "source": "deck_top", "modal": {"choose": 1, "option": 1},
         "line": 1},
    ]  # fmt: skip
    c = card("choice", 3, copies=40, kind="spell", effects=options)
    assert ([e["kind"] for e in c.effects], c.unmodeled) == (["draw"], ())


def test_a_dragheart_weapon_is_put_out_but_never_attacks():
    summon = {"kind": "hyperspatial", "when": "on_play", "count": 1, "card_type": "dragheart", "max_cost": 2,
              "or": {"max_cost": 4, "civs": ["Fire"]}}  # fmt: skip
    weapon = card("weapon", 3, copies=1, kind="spell", zone="hyperspatial")
    deck = [card("v", 1, copies=40, effects=[summon]), weapon]
    summary = goldfish.summarise(goldfish.play(deck, games=50, seed=1, going="first"), cards=deck)
    rows = {r["card"]: r for r in summary["cards"]}
    assert rows["weapon"]["played"]["first"] == 1.0  # cost 3 fire: allowed by the "or" allowance
    assert first_kill(deck) == first_kill([card("v", 1, copies=40)])  # it adds no attacker


def test_conditional_and_opponent_turn_effects_are_not_modeled_and_listed():
    effects = [
        {"kind": "draw", "when": "on_play", "n": 1, "conditional": True, "condition": {"type": "unparsed"}},
        {"kind": "draw", "when": "other", "n": 1},
        {"kind": "win_game", "when": "on_play", "conditional": True},
    ]
    c = card("x", 2, copies=40, effects=effects)
    assert (c.effects, c.unmodeled) == ((), ("draw", "win_game"))
    summary = goldfish.summarise(goldfish.play([c], games=10, seed=1, going="first"), cards=[c])
    assert summary["vanilla"] == [{"card": "x", "name_ja": "x", "unmodeled": ["draw", "win_game"], "partly": False}]


@pytest.mark.parametrize(
    "wanted, matches",
    [
        ({"civs": ["Fire"], "races": ["コマンド"], "type": "creature"}, True),
        ({"civs": ["Nature"]}, False),
        ({"races": ["ドラゴン"]}, False),
        ({"max_cost": 5}, True),
        ({"max_cost": "your_mana_count"}, False),
        ({"type": "spell"}, False),
        ({"mixed": True}, False),
    ],
    ids=["侵略 on a fire command", "other civ", "other race", "cost", "unevaluated cost", "type", "unknown key"],
)
def test_filters_are_matched_against_the_decks_cards(wanted, matches):
    target = card("t", 4, copies=1, races=("ソニック・コマンド",))
    assert filter_matches(wanted, target) is matches


BAD = {"kind": "bad", "when": "alt_cost", "keyword": "B・A・D", "reduction": 2, "destroy_self_at_end_of_turn": True}
FIRE_5 = {"type": "mana_count", "min": 5, "civs": ["Fire"]}
CONTROL_2 = {"type": "control", "min": 2, "filter": {"type": "creature"}, "yours": True}
DASH = {"kind": "kirifuda_dash", "when": "alt_cost", "civs": ["Fire"], "cost": 1,
        "timing": "after_your_creature_breaks_shield"}  # fmt: skip


def _free(condition):
    return {"kind": "free_self", "when": "alt_cost", "keyword": "G・ゼロ", "condition": condition}


def test_compiled_loop_plays_the_same_effect_rich_games_as_the_plain_python_reference():
    ramp = {"kind": "mana_boost", "when": "on_cast", "n": 1, "source": "deck_top"}
    reduce = {"kind": "cost_reduction", "when": "static", "amount": 1, "limit": "first_each_turn", "target": {}}
    hyper = {"kind": "hyperspatial", "when": "on_cast", "count": 1, "card_type": "psychic", "max_cost": 7}
    revolution = {"kind": "revolution_change", "when": "alt_cost", "from": ["hand"], "on": {"civs": ["Fire"]}}
    by_mana = {"kind": "hyperspatial", "when": "on_play", "count": 1, "card_type": "dragheart", "max_cost": 4,
               "civs": "same_as_a_card_in_your_mana"}  # fmt: skip
    deck = [
        card("ramp", 2, copies=6, kind="spell", effects=[ramp], civs=(N,)),
        card("reducer", 2, copies=6, effects=[reduce]),
        card("gr1", 2, copies=6, effects=[{"kind": "gr_summon", "when": "on_play", "n": 1}]),
        card("psy-spell", 4, copies=4, kind="spell", effects=[hyper]),
        card("draw", 3, copies=4, civs=(F, N), effects=[{"kind": "draw", "when": "on_play", "n": 2}, by_mana]),
        card("rz", 6, copies=4, kind="evolution", breaks=3, effects=[INVADE]),
        card("rev", 5, copies=4, breaks=2, effects=[revolution]),
        card("x", 1, copies=2, effects=[SPEED, {"kind": "extra_turn", "when": "on_play"}]),
        card("grc", 0, copies=12, zone="gr", breaks=2),
        card("psy", 7, copies=2, zone="hyperspatial", breaks=2),
        card("drag", 4, copies=1, zone="hyperspatial", kind="spell", civs=(N,)),
        # other ways to pay, キリフダッシュ and a win
        card("g0", 8, copies=1, breaks=2, effects=[_free(CONTROL_2)]),
        card("bad", 5, copies=1, speed=True, breaks=2, effects=[BAD]),
        card("dash", 6, copies=1, speed=True, breaks=2, effects=[DASH]),
        card(
            "win", 3, copies=1, effects=[{"kind": "win_game", "when": "turn_end", "condition": CONTROL_2 | {"min": 6}}]
        ),
    ]
    assert sum(c.copies for c in deck if c.zone == "main") == 40
    fast = goldfish.play(deck, games=400, seed=11, going="both")
    slow = goldfish.play(deck, games=400, seed=11, going="both", compiled=False)
    assert {s: c.to_dict() for s, c in fast.items()} == {s: c.to_dict() for s, c in slow.items()}
    played = {r["card"]: r["played"]["first"] for r in goldfish.summarise(fast, cards=deck)["cards"]}
    modeled = ("ramp", "reducer", "gr1", "psy-spell", "rz", "rev", "grc", "psy", "drag", "g0", "bad", "dash", "win")
    assert all(played[k] > 0 for k in modeled), played


# --- intervals ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "k, n, low, high",
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0), (81, 263, 0.2553, 0.3662)],
    ids=["0 of 10", "5 of 10", "10 of 10", "81 of 263 (Wilson 1927 style)"],
)
def test_wilson_interval(k, n, low, high):
    assert intervals.wilson(k, n) == pytest.approx([low, high], abs=5e-4)


def test_every_kill_by_turn_share_has_an_interval_and_few_games_warn():
    deck = [vanilla()]
    few = goldfish.summarise(goldfish.play(deck, games=100, seed=1, going="first"), cards=deck)
    many = goldfish.summarise(goldfish.play(deck, games=1000, seed=1, going="first"), cards=deck)
    side = few["kill_turn"]["first"]
    assert set(side["kill_by_turn_ci95"]) == set(side["kill_by_turn"])
    for t, share in side["kill_by_turn"].items():
        low, high = side["kill_by_turn_ci95"][t]
        assert low <= share <= high
    assert [(w["code"], w["games"], w["min_games"]) for w in few["warnings"]] == [("FEW_GAMES", 100, 1000)]
    assert many["warnings"] == []


def test_paired_comparison_interval_is_exact_when_b_always_kills_a_turn_earlier():
    result = goldfish.compare([vanilla()], [vanilla(speed=True)], games=200, seed=1, going="first")
    paired = result["b_minus_a"]["first"]["paired_ci95"]
    assert paired["mean_when_both_kill"] == [-1.0, -1.0]
    assert paired["kill_by_turn"]["4"] == {"difference": 1.0, "interval": [1.0, 1.0]}


# --- other ways to pay, キリフダッシュ, winning the game -----------------------------------------------------------


OTHER_WAYS = [
    # going first with 1-drops: one creature more and one mana more every turn
    ("G・ゼロ while you control 2 creatures", _free(CONTROL_2), 2),
    ("G・ゼロ with 3 cards in your mana zone", _free({"type": "mana_count", "min": 3}), 3),
    ("G・ゼロ with 4 cards in your battle zone and mana zone", _free(
        {"type": "battle_zone_and_mana_count", "min": 4, "filter": {}}), 2),  # turn 2: 2 creatures + 2 mana
    ("G・ゼロ on a graveyard count: not evaluated", _free({"type": "graveyard_count", "min": 1}), None),
    ("G・ゼロ with face-up shields: never in a goldfish", _free({"type": "face_up_in_your_shields"}), None),
    ("another payment: 1 fire mana with 3 mana cards",
     {"kind": "alt_cost", "when": "alt_cost", "mechanism": "alternative_payment", "civs": ["Fire"], "cost": 1,
      "condition": {"type": "mana_count", "min": 3}, "conditional": True, "optional": True}, 3),
    ("キリフダッシュ: 1 mana after the first break", DASH, 2),  # turn 2: the turn-1 creature breaks a shield
]  # fmt: skip


@pytest.mark.parametrize("effect, first_turn", [c[1:] for c in OTHER_WAYS], ids=[c[0] for c in OTHER_WAYS])
def test_other_ways_to_pay_bring_a_nine_cost_card_when_their_condition_holds(effect, first_turn):
    big = card("big", 9, copies=4, breaks=2, speed=True, effects=[effect])
    deck = [card("v", 1, copies=36), big]
    assert (big.effects != (), big.unmodeled == ()) == (first_turn is not None, first_turn is not None)
    counts = goldfish.play(deck, games=2000, seed=8, going="first")["first"]
    turns = counts.first_cast["big"]
    assert min((t for t in range(1, len(turns)) if turns[t]), default=None) == first_turn


def test_bad_is_cheaper_and_the_creature_is_destroyed_at_the_end_of_the_turn():
    deck = [card("b", 3, copies=40, speed=True, effects=[BAD])]
    rows = goldfish.trace(deck, seed=1, going="first")
    # turn 1: 1 mana pays B・A・D (3 - 2), it attacks (Speed Attacker) and is destroyed; turns 2 and 3: two of them
    # (on turn 3 two cards kept beat one charged: 2 mana spent, 2 shields broken), turn 4: the direct attack
    assert [(r["attacks"], r["creatures"], r["opponent_shields"]) for r in rows[1:4]] == [
        (1, 0, 4),
        (2, 0, 2),
        (2, 0, 0),
    ]
    assert [r["turn"] for r in rows][-1] == 4


def test_bad_is_not_used_for_a_creature_that_gives_nothing_before_it_is_destroyed():
    deck = [card("b", 3, copies=40, effects=[BAD])]  # no Speed Attacker, nothing on entering
    rows = goldfish.trace(deck, seed=1, going="first")
    assert [r["creatures"] for r in rows[1:4]] == [0, 0, 1]  # nothing until the printed cost is paid


def _stay_home(key, cost, copies, effects):
    half = EngineHalf(cost, frozenset({F}), "creature", 1000, 1, False, can_attack_players=False)
    modeled, unmodeled, halves = engine_effects(effects, [half])
    return EngineCard(key, key, copies, frozenset({F}), halves=tuple(halves), name_ja=key, effects=modeled,
                      unmodeled=unmodeled)  # fmt: skip


WINS = [
    ("on play, unconditional", {"kind": "win_game", "when": "on_play"}, {2}),  # the turn the 2-cost card is played
    ("at the start of your turn with 3 creatures",
     {"kind": "win_game", "when": "turn_start", "condition": CONTROL_2 | {"min": 3}}, {3}),
    ("at the end of your turn with 3 creatures",
     {"kind": "win_game", "when": "turn_end", "condition": CONTROL_2 | {"min": 3}}, {2}),
    ("conditional without a structured condition: never", {"kind": "win_game", "when": "on_play",
                                                          "conditional": True}, set()),
]  # fmt: skip


@pytest.mark.parametrize("effect, turns", [c[1:] for c in WINS], ids=[c[0] for c in WINS])
def test_win_the_game_effects_win_when_they_fire(effect, turns):
    """Creatures that cannot attack players: only the effect wins (1-drops going first: 1, then 2 more a turn)."""
    cost = 2 if effect["when"] == "on_play" else 1
    deck = [_stay_home("w", cost, 40, [effect])]
    counts = goldfish.play(deck, games=50, seed=2, going="first")["first"]
    assert {t for t in range(1, len(counts.kills)) if counts.kills[t]} == turns


@pytest.mark.parametrize(
    "wanted, engine",
    [
        (CONTROL_2, {"type": "control", "n": 2, "filter": {"type": "creature"}}),
        ({"type": "hand_is_only_this_card"}, {"type": "hand_at_most", "n": 1, "filter": {}}),
        (FIRE_5, {"type": "mana_count", "n": 5, "filter": {"civs": ["Fire"]}}),
        ({"type": "total_shields_at_most", "n": 6}, {"type": "total_shields_at_most", "n": 6, "filter": {}}),
        ({"type": "graveyard_count", "min": 6}, None),
        ({"type": "keyword", "keyword": "革命"}, None),
        ({"type": "unparsed"}, None),
        ({"type": "opponent_state_or_action", "partial": True}, None),
        ({"type": "control", "min": 2, "yours": False}, None),
    ],
    ids=["control", "only this card", "fire mana", "鬼タイム", "graveyard", "keyword", "unparsed", "opponent",
         "opponent's creatures"],
)  # fmt: skip
def test_conditions_the_goldfish_evaluates(wanted, engine):
    assert condition({"kind": "free_self", "condition": wanted}) == engine


CHANCES = [
    # 1-drops going first: the first attack is on turn 2; the free spell is cast then
    ("アタック・チャンス (free) on a creature's attack", "attack_chance", 0, 1, 2),
    # 2-cost speed attackers: turn 2 spends both mana, turn 3 leaves 1 for D・D・D after the summon
    ("D・D・D (1 mana) when a creature attacks", "ddd", 1, 2, 3),
]


@pytest.mark.parametrize(
    "mechanism, cost, creature_cost, first_turn", [c[1:] for c in CHANCES], ids=[c[0] for c in CHANCES]
)
def test_spells_cast_when_a_creature_attacks(mechanism, cost, creature_cost, first_turn):
    chance = {"kind": "alt_cost", "when": "alt_cost", "mechanism": mechanism, "cost": cost, "civs": ["Fire"],
              "on": {"type": "creature"}, "timing": "your_creature_attacks"}  # fmt: skip
    draw = {"kind": "draw", "when": "on_cast", "n": 1}
    spell = card("chance", 9, copies=4, kind="spell", effects=[chance, draw])
    assert [e["kind"] for e in spell.effects] == ["attack_chance", "draw"] and spell.unmodeled == ()
    deck = [card("v", creature_cost, copies=36, speed=creature_cost == 2), spell]
    counts = goldfish.play(deck, games=2000, seed=8, going="first")["first"]
    turns = counts.first_cast["chance"]
    assert min(t for t in range(1, len(turns)) if turns[t]) == first_turn
    slow = goldfish.play(deck, games=200, seed=8, going="first", compiled=False)["first"]
    fast = goldfish.play(deck, games=200, seed=8, going="first")["first"]
    assert slow.to_dict() == fast.to_dict()


def test_an_attack_chance_on_a_filter_the_engine_does_not_know_stays_vanilla():
    chance = {"kind": "alt_cost", "when": "alt_cost", "mechanism": "attack_chance", "cost": 0,
              "on": {"type": "エグザイル・クリーチャー"}, "timing": "your_creature_attacks"}  # fmt: skip
    spell = card("chance", 9, copies=4, kind="spell", effects=[chance])
    assert (spell.effects, spell.unmodeled) == ((), ("alt_cost",))


# --- honesty: what a result claims as modeled --------------------------------------------------------------------

HYPER_2 = {"kind": "hyperspatial", "when": "on_play", "count": 1, "card_type": "dragheart", "max_cost": 2}
GR_1 = {"kind": "gr_summon", "when": "on_play", "n": 1}
REDUCE_ALL = {"kind": "cost_reduction", "when": "static", "amount": 1, "limit": "all", "target": {}}
CLAIMS = [
    ("a dragheart the filter allows", [card("m", 1, copies=40, effects=[HYPER_2]),
                                       card("d", 2, copies=1, zone="hyperspatial")], {"m": ["hyperspatial"]}),
    ("no dragheart the filter allows", [card("m", 1, copies=40, effects=[HYPER_2]),
                                        card("d", 5, copies=1, zone="hyperspatial")], {"m": []}),
    ("a GR summon with a GR zone", [card("m", 1, copies=40, effects=[GR_1]), card("g", 0, copies=12, zone="gr")],
     {"m": ["gr_summon"]}),
    ("a GR summon without a GR zone", [card("m", 1, copies=40, effects=[GR_1])], {"m": []}),
    # a weapon is put out but never enters the battle zone: its own effects never resolve
    ("a weapon's draw never resolves", [card("m", 1, copies=40, effects=[HYPER_2]),
                                        card("w", 2, copies=1, zone="hyperspatial", kind="spell",
                                             effects=[{"kind": "draw", "when": "on_cast", "n": 1}])],
     {"m": ["hyperspatial"], "w": []}),
    # a psychic nothing puts out: its own reduction is never in play
    ("an unreachable psychic", [card("m", 1, copies=40), card("p", 2, copies=1, zone="hyperspatial",
                                                            effects=[REDUCE_ALL])], {"p": []}),
    ("a reachable psychic", [card("m", 1, copies=40, effects=[HYPER_2]),
                             card("p", 2, copies=1, zone="hyperspatial", effects=[REDUCE_ALL])],
     {"m": ["hyperspatial"], "p": ["cost_reduction"]}),
]  # fmt: skip


@pytest.mark.parametrize("deck, claimed", [c[1:] for c in CLAIMS], ids=[c[0] for c in CLAIMS])
def test_a_result_claims_an_effect_only_when_the_engine_performs_it(deck, claimed):
    summary = goldfish.summarise(goldfish.play(deck, games=200, seed=1, going="first"), cards=deck)
    rows = {r["card"]: r for r in summary["cards"]}
    assert {key: rows[key]["effects"] for key in claimed} == claimed
    for key, kinds in claimed.items():
        assert set(rows[key]["unmodeled"]) == {e["kind"] for e in next(c for c in deck if c.key == key).effects} - set(
            kinds
        )
        if kinds:
            assert rows[key]["played"]["first"] > 0
    for kind, zone in (("hyperspatial", "hyperspatial"), ("gr_summon", "gr")):
        if any(kind in r["effects"] for r in rows.values()):  # a claimed summon puts a card of its zone out
            assert max(r["played"]["first"] for r in summary["cards"] if r["zone"] == zone) > 0


def test_the_share_of_modeled_cards_counts_copies_in_every_zone():
    deck = [card("m", 1, copies=36, effects=[HYPER_2]), card("x", 1, copies=4, effects=[GR_1]),
            card("d", 5, copies=2, zone="hyperspatial")]  # fmt: skip
    summary = goldfish.summarise(goldfish.play(deck, games=50, seed=1, going="first"), cards=deck)
    modeled = summary["effects_modeled"]
    # m's dragheart filter (cost 2 or less) matches nothing, x has no GR zone: 40 of 42 copies fall short
    assert (modeled["copies"], modeled["share"], modeled["main_share"]) == (42, 2 / 42, 0.0)
    assert [(r["card"], r["copies"], r["unmodeled"], r["partly"]) for r in modeled["not_modeled"]] == [
        ("m", 36, ["hyperspatial"], False),
        ("x", 4, ["gr_summon"], False),
    ]
    assert [r["card"] for r in summary["vanilla"]] == ["m", "x"]


W = Civilization.WATER
HYPER_MANA = HYPER_2 | {"civs": "same_as_a_card_in_your_mana", "max_cost": 4}
DRAGNER = [card("m", 1, copies=36, effects=[HYPER_MANA]), card("w", 1, copies=4, civs=(W,))]
MANA_CIV_CASES = [
    # a fire dragheart: the fire summoner's own civilization is always in the mana zone that paid for it
    ("fire dragheart", [*DRAGNER, card("d", 3, copies=1, zone="hyperspatial", kind="spell")], "m", (1.0, 1.0)),
    # a water one: only once a water card has been charged before the summoner resolves
    ("water dragheart", [*DRAGNER, card("d", 3, copies=1, zone="hyperspatial", kind="spell", civs=(W,))], "m",
     (0.35, 0.65)),
    # a light one: no card of the deck gives light mana, so it is never claimed nor put out
    ("light dragheart", [*DRAGNER, card("d", 3, copies=1, zone="hyperspatial", kind="spell",
                                        civs=(Civilization.LIGHT,))], None, (0.0, 0.0)),
]  # fmt: skip


@pytest.mark.parametrize("deck, claimer, played", [c[1:] for c in MANA_CIV_CASES], ids=[c[0] for c in MANA_CIV_CASES])
def test_a_dragheart_of_a_civilization_in_your_mana_zone(deck, claimer, played):
    """爆龍覇 ヒビキ, 龍覇 ラブエース, 爆龍覇 リンクウッド's spell: a dragheart sharing a civilization with a card
    in your mana zone, evaluated when the effect resolves."""
    fast = goldfish.play(deck, games=300, seed=2, going="first")
    assert (
        fast["first"].to_dict()
        == goldfish.play(deck, games=300, seed=2, going="first", compiled=False)["first"].to_dict()
    )
    summary = goldfish.summarise(fast, cards=deck)
    rows = {r["card"]: r for r in summary["cards"]}
    assert [key for key, row in rows.items() if "hyperspatial" in row["effects"]] == ([claimer] if claimer else [])
    low, high = played
    assert low <= rows["d"]["played"].get("first", 0.0) <= high
    if claimer:  # never more often than the summoner itself
        assert rows["d"]["played"]["first"] <= rows["m"]["played"]["first"]


def _aura(copies):
    from games.dm.rules.cards import CardFacts
    from games.dm.rules.goldfish.deck import engine_card_from_facts

    facts = CardFacts(7, "aura", "aura", civilizations=frozenset({F}), card_type="Orega Aura", cost=1, power=4000)
    return engine_card_from_facts(facts, copies)


AURA_CASES = [
    # 310.2: every aura used GR summons a creature (here a double breaker) and is attached to it. Going first:
    # turn 1 one GR creature, turn 2 it breaks 2 (two more enter), turn 3 three attack: 2 + 1 shields, then the
    # direct attack (the auras alone never attack)
    ("with a GR zone", True, {3}, (["gr_summon"], 1.0)),
    # without a GR zone the aura has nothing to be attached to: nothing attacks, nothing is claimed
    ("without a GR zone", False, set(), ([], 1.0)),
]


@pytest.mark.parametrize("with_gr, kills, row", [c[1:] for c in AURA_CASES], ids=[c[0] for c in AURA_CASES])
def test_an_orega_aura_gr_summons_and_is_never_a_creature_itself(with_gr, kills, row):
    aura = _aura(40)
    assert [h.kind for h in aura.halves] == ["spell"]  # 310.4: its number is no power of its own
    deck = [aura, card("gr", 0, copies=12, zone="gr", breaks=2)] if with_gr else [aura]
    assert first_kill(deck, games=20) == kills
    fast = goldfish.play(deck, games=100, seed=4, going="both")
    assert {s: c.to_dict() for s, c in fast.items()} == {
        s: c.to_dict() for s, c in goldfish.play(deck, games=100, seed=4, going="both", compiled=False).items()
    }
    summary = goldfish.summarise(fast, cards=deck)
    rows = {r["card"]: r for r in summary["cards"]}
    assert (rows["7"]["effects"], rows["7"]["played"]["first"]) == row
    if with_gr:
        assert rows["gr"]["played"]["first"] == 1.0


@pytest.mark.parametrize(
    ("wanted", "matches"),
    [
        pytest.param({"name_contains": "ボルシャック"}, True, id="a-name-part"),
        pytest.param({"name_contains": ["禁断", "ボルシャック"]}, True, id="any-of-a-list-of-parts"),
        pytest.param({"name_contains": ["禁断", "モモキング"]}, False, id="none-of-the-list"),
        pytest.param({"name_excludes": ["ボルシャック・ドラゴン"]}, False, id="excluded-by-a-list"),
        pytest.param({"name_excludes": ["バロン・ゴーヤマ"]}, True, id="not-excluded"),
    ],
)
def test_a_name_filter_is_a_part_or_a_list_of_parts(wanted, matches):
    """effects.json writes `name_contains` / `name_excludes` as a list (「アクア・アタック」 or
    「アクア・カスケード」); a real 2020 モルトNEXT list compiled to a TypeError on them."""
    target = card("ボルシャック・ドラゴン", 6, copies=1)
    assert filter_matches(wanted, target) is matches
