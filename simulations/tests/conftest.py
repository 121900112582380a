"""Simulation test fixtures: a hand-written catalogue behind the real Resolver, and Celery run eagerly."""

import factory
import pytest

from cards.tests.factories import CardFactsFactory
from deckbuilder.tests.fixtures import eager_celery  # noqa: F401
from games.dm.rules.vocabulary import Breaker, Civilization, Zone

FIRE, WATER, NATURE = Civilization.FIRE, Civilization.WATER, Civilization.NATURE


class _CardFactory(CardFactsFactory):
    """A creature whose English name is its Japanese one and whose name key is its casefold."""

    name_key = factory.LazyAttribute(lambda o: o.name_ja.casefold())
    name_en = factory.SelfAttribute("name_ja")
    card_type = "Creature"
    power = 2000


def _creature(card_id, name, civs, cost, **facts):
    return _CardFactory(id=card_id, name_ja=name, civilizations=frozenset(civs), cost=cost, **facts)


CATALOGUE = [
    _creature(1, "Bolt Soldier", [FIRE], 2),
    _creature(2, "Aqua Guard", [WATER], 2, shield_trigger=True),
    _creature(3, "Forest Giant", [NATURE], 5, power=9000, breaker=Breaker.DOUBLE),
    _creature(4, "Flame Runner", [FIRE], 2, speed_attacker=True),
    _creature(5, "Twin Dragon", [FIRE, NATURE], 3, power=5000),
    _creature(6, "Sealed One", [FIRE], 10, power=99999, forbidden=True, zone=Zone.BATTLE_ZONE_AT_START),
    # As the card data gives 禁断～封印されしX～: a main deck card; only the 100.5 set table makes it a start card.
    _creature(8, "禁断～封印されしX～", [FIRE], None, power=None, forbidden=True, zone=Zone.MAIN_DECK),
    CardFactsFactory(
        id=7, name_key="psy", name_ja="Psy", civilizations=frozenset([WATER]), cost=7, power=7000, psychic_creature=True
    ),
]


@pytest.fixture
def resolver(monkeypatch):
    from games.dm import resolver as resolver_module

    fake = resolver_module.Resolver([(f, [f.name_ja], []) for f in CATALOGUE])
    monkeypatch.setattr("games.dm.simulation._get_resolver", lambda: fake)
    monkeypatch.setattr(resolver_module, "get_resolver", lambda: fake)
    return fake
