"""The goldfish's reading of a card's own cost: the reductions and other ways to pay it models (from the effects
data's entries), the cost the charge step ranks a card by, and what happens when the data does not know a card."""

import numpy as np
import pytest

from games.dm.rules import goldfish
from games.dm.rules.cards import CardFacts
from games.dm.rules.goldfish import kernel
from games.dm.rules.goldfish.deck import EngineCard, EngineHalf, compile_deck, engine_card_from_facts
from games.dm.rules.goldfish.effects import engine_effects
from games.dm.rules.vocabulary import Civilization

F = Civilization.FIRE
J = "ジョーカーズ"


def card(key, cost, *, copies, effects=(), races=(), kind="creature"):
    half = EngineHalf(cost, frozenset((F,)), kind, 3000, 1, False)
    modeled, unmodeled, halves = engine_effects(list(effects), [half])
    return EngineCard(
        key, key, copies, frozenset((F,)), halves=tuple(halves), name_ja=key, races=races,
        effects=modeled, unmodeled=unmodeled,
    )  # fmt: skip


def own(amount, condition=None, **extra):
    effect = {"kind": "self_cost_reduction", "when": "static", "amount": amount, **extra}
    if condition:
        effect.update(conditional=True, condition=condition)
    return effect


JOKERS_4 = {"type": "control", "min": 4, "filter": {"races": [J], "type": "creature"}, "yours": True}
# ジョット・ガン・ジョラゴンJoe's form in the effects data: 1 colourless mana while you control 6 jokers
JOE = {"kind": "alt_cost", "when": "alt_cost", "mechanism": "alternative_payment", "cost": 1, "civs": ["Colorless"],
       "conditional": True, "condition": {"type": "control", "min": 6, "filter": {"races": [J], "type": "creature"},
                                          "yours": True}}  # fmt: skip
G_ZERO = {"kind": "free_self", "when": "alt_cost", "keyword": "G・ゼロ",
          "condition": {"type": "battle_zone_and_mana_count", "min": 11,
                        "filter": {"races": [J], "type": "creature"}}}  # fmt: skip
BAD = {"kind": "bad", "when": "alt_cost", "reduction": 2, "destroy_self_at_end_of_turn": True}

# (case, the card's printed cost, its effect, copies of 1-cost jokers beside it, the cost the deck ranks it by)
REACHABLE = [
    ("printed cost", 7, None, 36, 7),
    ("flat reduction", 6, own(2), 36, 4),
    ("5 less while you control 4 jokers", 7, own(5, JOKERS_4), 36, 2),
    ("5 less while you control 4 jokers, 3 jokers in the deck", 7, own(5, JOKERS_4), 3, 7),
    ("3 less while 3 cards are in your mana zone", 6, own(3, {"type": "mana_count", "min": 3}), 36, 3),
    ("6 less while your hand holds 1 card: not a count of the deck's cards", 7,
     own(6, {"type": "hand_at_most", "n": 1}), 36, 7),
    ("another payment: 1 mana with 6 jokers", 8, JOE, 36, 1),
    ("another payment: 6 jokers needed, 5 in the deck", 8, JOE, 5, 8),
    ("G・ゼロ with 11 jokers in the battle zone and mana zone", 9, G_ZERO, 36, 0),
    ("B・A・D: destroyed at the end of the turn", 6, BAD, 36, 6),
]  # fmt: skip


@pytest.mark.parametrize("printed, effect, jokers, expected", [c[1:] for c in REACHABLE], ids=[c[0] for c in REACHABLE])
def test_the_cost_a_card_is_ranked_by_is_the_lowest_the_deck_can_pay(printed, effect, jokers, expected):
    cards = [
        card("finisher", printed, copies=1, effects=[effect] if effect else [], races=(J,)),
        card("joker", 1, copies=jokers, races=(J,)),
        card("other", 1, copies=40 - jokers - 1),
    ]
    deck = compile_deck([c for c in cards if c.copies])
    assert int(deck.min_cost[0]) == expected


def _charge(cards, hand_keys):
    """The card the charge step puts into an empty mana zone from a hand of `hand_keys` (503)."""
    deck = compile_deck(cards)
    index = {c.key: i for i, c in enumerate(deck.cards)}
    hand = np.array([index[key] for key in hand_keys] + [0] * 8, dtype=np.int64)
    room = np.zeros(8, dtype=np.int64)
    ecost = np.full((8, 2), 999, dtype=np.int64)
    euse = np.zeros((8, 2), dtype=np.int64)
    chosen = kernel.choose_charge(
        hand, len(hand_keys), deck.key, deck.mana_mask, deck.mana_num, deck.tapped_in, deck.min_cost,
        deck.need_mask, room, room, 0, ecost, euse,
    )  # fmt: skip
    return hand_keys[chosen]


@pytest.mark.parametrize(
    "effect, charged",
    [(own(5, JOKERS_4), "five-drop"), (None, "finisher")],
    ids=["a finisher its own reduction makes cheap is kept", "a plain 7-cost card is charged first"],
)
def test_the_charge_keeps_a_finisher_the_deck_makes_cheap(effect, charged):
    cards = [
        card("finisher", 7, copies=3, effects=[effect] if effect else [], races=(J,)),
        card("five-drop", 5, copies=4, races=(J,)),
        card("joker", 1, copies=33, races=(J,)),
    ]
    assert _charge(cards, ["finisher", "five-drop"]) == charged


# (case, the data's entry, the engine's mode (None: not modeled) and condition type)
OWN_REDUCTIONS = [
    ("you control", own(5, JOKERS_4), ("control", None)),
    ("cards in your mana zone", own(3, {"type": "mana_count", "min": 5, "filter": {"civs": ["Light"]}}),
     ("condition", "mana_count")),
    ("your hand size", own(6, {"type": "hand_at_most", "n": 1}), ("condition", "hand_at_most")),
    ("鬼タイム: both players' shields", own(4, {"type": "total_shields_at_most", "n": 6}),
     ("condition", "total_shields_at_most")),
    ("graveyard count: the graveyard is not kept", own(4, {"type": "graveyard_count", "min": 5}), None),
    ("a condition the data does not structure", own(2, conditional=True), None),
    ("per card in your graveyard", own(1, per={"zone": "graveyard", "owner": "you"}), None),
    ("per card in your mana zone", own(1, per={"zone": "mana", "owner": "you"}), None),
    ("per creature of yours", own(1, per={"zone": "battle", "owner": "you", "filter": {"type": "creature"}}),
     ("per_creature", None)),
]  # fmt: skip


@pytest.mark.parametrize("effect, expected", [c[1:] for c in OWN_REDUCTIONS], ids=[c[0] for c in OWN_REDUCTIONS])
def test_a_cards_own_reduction_is_modeled_when_its_condition_is_evaluated(effect, expected):
    modeled, unmodeled, _ = engine_effects([effect], [EngineHalf(7, frozenset((F,)), "creature", 3000)])
    if expected is None:
        assert (modeled, unmodeled) == ((), ("self_cost_reduction",))
        return
    mode, condition = expected
    assert [e["mode"] for e in modeled] == [mode] and unmodeled == ()
    assert (modeled[0].get("condition") or {}).get("type") == condition


# Going first with 1-drops (one mana more each turn; they kill on turn 4): a 5-cost card comes on the turn its
# reduced cost is first paid, and never without its reduction.
CONDITIONS = [
    ("3 less with 3 cards in your mana zone", own(3, {"type": "mana_count", "min": 3}), 3),
    ("4 less with at most 2 cards in hand", own(4, {"type": "hand_at_most", "n": 2}), 2),
    ("4 less with both players' shields at most 8", own(4, {"type": "total_shields_at_most", "n": 8}), 4),
    ("no reduction", None, None),
]


@pytest.mark.parametrize("effect, first_turn", [c[1:] for c in CONDITIONS], ids=[c[0] for c in CONDITIONS])
def test_a_reduction_under_a_condition_brings_the_card_when_the_condition_holds(effect, first_turn):
    deck = [card("v", 1, copies=36), card("big", 5, copies=4, effects=[effect] if effect else [])]
    turns = goldfish.play(deck, games=3000, seed=8, going="first")["first"].first_cast["big"]
    assert min((t for t in range(1, len(turns)) if turns[t]), default=None) == first_turn


@pytest.mark.parametrize("known", [True, False], ids=["effects read", "effects unknown"])
def test_a_card_whose_text_the_effects_data_never_read_is_not_counted_as_reproduced(known):
    facts = CardFacts(id=1, name_key="x", name_ja="x", civilizations=frozenset((F,)), card_type="Creature", cost=2,
                      power=2000)  # fmt: skip
    unknown = engine_card_from_facts(facts, 4, effects_known=known)
    filler = card("filler", 1, copies=36)
    modeled = goldfish.effects_modeled([unknown, filler])
    assert modeled["share"] == (1.0 if known else 0.9)
    listed = {row["name_ja"]: row["unmodeled"] for row in modeled["not_modeled"]}
    assert listed == ({} if known else {"x": [goldfish.EFFECTS_UNKNOWN]})


@pytest.mark.parametrize(
    "facts_source, has_entries, known",
    [("tw", False, True), ("tw", True, True), ("cgi3", False, False), ("cgi3", True, True), (None, False, False)],
)
def test_effects_are_known_for_the_source_the_effects_data_read(facts_source, has_entries, known):
    assert goldfish.effects_known(facts_source=facts_source, has_entries=has_entries) is known
