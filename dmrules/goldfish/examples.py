"""Hand-written example decks (no catalogue data): the deterministic decks of spec G19 and a typical deck."""

from dmrules.goldfish.deck import EngineCard, EngineHalf
from dmrules.vocabulary import Civilization

F, W, N, D, L = Civilization.FIRE, Civilization.WATER, Civilization.NATURE, Civilization.DARKNESS, Civilization.LIGHT


def vanilla(
    key: str = "v",
    *,
    cost: int = 2,
    civs=(F,),
    copies: int = 40,
    breaks: int = 1,
    speed: bool = False,
    kind: str = "creature",
    power: int = 2000,
) -> EngineCard:
    civs = frozenset(civs)
    return EngineCard(key, key, copies, civs, halves=(EngineHalf(cost, civs, kind, power, breaks, speed),))


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
