"""Hand-written example decks (no catalogue data): the deterministic decks of spec G19 and a typical deck."""

from collections.abc import Iterable

from games.dm.rules.goldfish.deck import EngineCard, EngineHalf
from games.dm.rules.goldfish.effects import engine_effects
from games.dm.rules.vocabulary import Civilization

F, W, N, D, L = Civilization.FIRE, Civilization.WATER, Civilization.NATURE, Civilization.DARKNESS, Civilization.LIGHT


def vanilla(
    key: str = "v",
    *,
    cost: int = 2,
    civs: Iterable[Civilization] = (F,),
    copies: int = 40,
    breaks: int = 1,
    speed: bool = False,
    kind: str = "creature",
    power: int = 2000,
) -> EngineCard:
    mana = frozenset(civs)
    return EngineCard(key, key, copies, mana, halves=(EngineHalf(cost, mana, kind, power, breaks, speed),))


def typical_deck() -> list[EngineCard]:
    """A two-colour (fire/nature) aggro-midrange 40: curve 1-7, spells, an evolution, a twinpact, multicolours."""
    twin = EngineCard(
        "twin",
        "twinpact",
        4,
        frozenset({F, N}),
        halves=(EngineHalf(5, frozenset({F}), "creature", 6000, 2), EngineHalf(2, frozenset({N}), "spell")),
    )
    return [
        vanilla("f1", cost=1, civs=(F,), copies=4, power=1000),
        vanilla("f2", cost=2, civs=(F,), copies=4, speed=True, power=2000),
        vanilla("n2", cost=2, civs=(N,), copies=4, power=3000),
        vanilla("fn3", cost=3, civs=(F, N), copies=4, power=5000),
        vanilla("n3spell", cost=3, civs=(N,), copies=4, kind="spell", power=0),
        vanilla("f4evo", cost=4, civs=(F,), copies=4, kind="evolution", breaks=2, power=8000),
        vanilla("n5", cost=5, civs=(N,), copies=4, breaks=2, power=9000),
        twin,
        vanilla("f6", cost=6, civs=(F,), copies=4, breaks=3, power=12000, speed=True),
        vanilla("fn7", cost=7, civs=(F, N), copies=4, breaks=99, power=15000),
    ]


def _with_effects(
    key: str,
    cost: int,
    copies: int,
    effects: list[dict],
    *,
    kind: str = "creature",
    breaks: int = 1,
    civs: Iterable[Civilization] = (F,),
    zone: str = "main",
    power: int = 3000,
) -> EngineCard:
    half = EngineHalf(cost, frozenset(civs), kind, power, breaks)
    modeled, unmodeled, halves = engine_effects(effects, [half])
    return EngineCard(
        key, key, copies, frozenset(civs), halves=tuple(halves), name_ja=key, zone=zone, effects=modeled,
        unmodeled=unmodeled,
    )  # fmt: skip


def effect_rich_deck() -> list[EngineCard]:
    """Hand-written cards with the effects data's vocabulary: ramp spells, a cost reducer, GR summons, a psychic
    summon, draw, 侵略 and 革命チェンジ (shaped like a fire/nature aggro list with a GR and a hyperspatial zone)."""
    ramp = {"kind": "mana_boost", "when": "on_cast", "n": 1, "source": "deck_top"}
    reduce = {"kind": "cost_reduction", "when": "static", "amount": 1, "limit": "first_each_turn", "target": {}}
    hyper = {"kind": "hyperspatial", "when": "on_cast", "count": 1, "card_type": "psychic", "max_cost": 7}
    invade = {"kind": "invasion", "when": "alt_cost", "from": ["hand"], "on": {"civs": ["Fire"], "type": "creature"}}
    change = {"kind": "revolution_change", "when": "alt_cost", "from": ["hand"], "on": {"civs": ["Fire"]}}
    return [
        _with_effects("ramp", 2, 6, [ramp], kind="spell", civs=(N,)),
        _with_effects("reducer", 2, 6, [reduce]),
        _with_effects("gr1", 2, 6, [{"kind": "gr_summon", "when": "on_play", "n": 1}]),
        _with_effects("psy-spell", 4, 4, [hyper], kind="spell"),
        _with_effects("draw", 3, 6, [{"kind": "draw", "when": "on_play", "n": 2}], civs=(F, N)),
        _with_effects("invader", 6, 4, [invade], kind="evolution", breaks=3, power=12000),
        _with_effects("changer", 5, 4, [change], breaks=2, power=9000),
        _with_effects("speed", 1, 4, [{"kind": "grant_speed_attacker", "when": "static", "target": "self"}]),
        _with_effects("grc", 0, 12, [], zone="gr", breaks=2),
        _with_effects("psy", 7, 2, [], zone="hyperspatial", breaks=2, power=7000),
    ]


def gap_decks() -> dict[str, list[EngineCard]]:
    """The fixed decks on which the play policy is compared with the exhaustive solver (one civilization, vanilla
    creatures, speed attackers and breakers of several costs: the shapes where a policy loses turns)."""
    return {
        "2-cost speed, 3-drops, 4-cost W": [
            vanilla("s2", cost=2, copies=12, speed=True),
            vanilla("c3", cost=3, copies=14, power=5000),
            vanilla("w4", cost=4, copies=14, breaks=2, power=7000),
        ],
        "1- and 2-drops, 5-cost T": [
            vanilla("c1", cost=1, copies=14, power=1000),
            vanilla("c2", cost=2, copies=14),
            vanilla("t5", cost=5, copies=12, breaks=3, power=11000),
        ],
        "2-drops plain and speed, 5-cost W": [
            vanilla("c2", cost=2, copies=16),
            vanilla("s2", cost=2, copies=12, speed=True),
            vanilla("w5", cost=5, copies=12, breaks=2, power=9000),
        ],
        "1-cost speed, 3-drops, 4-cost speed W": [
            vanilla("s1", cost=1, copies=12, speed=True, power=1000),
            vanilla("c3", cost=3, copies=16, power=5000),
            vanilla("sw4", cost=4, copies=12, breaks=2, speed=True, power=6000),
        ],
    }
