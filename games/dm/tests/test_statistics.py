"""games.dm.rules.statistics: the one computation of deck statistics behind the API and the editor's charts."""

from fractions import Fraction

import pytest

from games.dm.rules.cards import CardFacts
from games.dm.rules.statistics import deck_statistics, trigger_probability
from games.dm.rules.vocabulary import Civilization

FIRE, WATER, NATURE = Civilization.FIRE, Civilization.WATER, Civilization.NATURE

TRIGGER_CASES = [
    ("G04-4-of", 40, 4, Fraction(3903, 9139)),
    ("G06-G10-8", 40, 8, Fraction(57079, 82251)),
    ("G06-12", 40, 12, Fraction(598, 703)),
    ("none", 40, 0, Fraction(0)),
    ("all", 40, 40, Fraction(1)),
]


@pytest.mark.parametrize(
    ("size", "triggers", "expected"), [c[1:] for c in TRIGGER_CASES], ids=[c[0] for c in TRIGGER_CASES]
)
def test_trigger_probability_is_exact(size, triggers, expected):
    """103.3: the five shields are a uniform sample of the shuffled main deck (hypergeometric)."""
    assert trigger_probability(deck_size=size, triggers=triggers) == expected


def card(card_id, *, civs=(), cost=None, card_type="Creature", trigger=False) -> CardFacts:
    return CardFacts(
        id=card_id,
        name_key=str(card_id),
        name_ja=str(card_id),
        civilizations=frozenset(civs),
        cost=cost,
        card_type=card_type,
        card_type_ja={"Creature": "クリーチャー", "Spell": "呪文"}.get(card_type),
        shield_trigger=trigger,
    )


MAIN = [
    (card(1, civs=[FIRE], cost=2), 4),
    (card(2, civs=[WATER], cost=2, card_type="Spell", trigger=True), 4),
    (card(3, civs=[FIRE, NATURE], cost=7), 4),
    (card(4, cost=1), 4),  # colorless
    (card(5, civs=[FIRE], cost=12), 2),
    (card(5, civs=[FIRE], cost=12), 2),  # the same card on a second line
    (card(6, civs=[NATURE], cost=-1), 1),  # a negative cost sits in the 0 column
    (card(7, civs=[NATURE], card_type=None), 1),  # no cost, no type in the data
]

# (id, what, expected)
CASES = [
    ("total", lambda s: s.total, 22),
    ("curve-2", lambda s: dict(s.curve["2"]), {"fire": 4, "water": 4}),
    ("curve-7-multicolor", lambda s: dict(s.curve["7"]), {"multicolor": 4}),
    ("curve-1-colorless", lambda s: dict(s.curve["1"]), {"colorless": 4}),
    ("curve-10+", lambda s: dict(s.curve["10+"]), {"fire": 4}),
    ("curve-0", lambda s: dict(s.curve["0"]), {"nature": 1}),
    ("curve-none", lambda s: dict(s.curve["none"]), {"nature": 1}),
    ("civilizations", lambda s: dict(s.civilizations), {"fire": 12, "water": 4, "nature": 6, "colorless": 4}),
    ("types", lambda s: dict(s.card_types), {"Creature": 17, "Spell": 4, None: 1}),
    ("types-ja", lambda s: s.card_types_ja["Spell"], "呪文"),
    ("triggers", lambda s: s.shield_triggers, 4),
    ("multicolored", lambda s: s.multicolored, 4),
    ("p-trigger", lambda s: s.trigger_probability, trigger_probability(deck_size=22, triggers=4)),
    ("expected-in-shields", lambda s: s.expected_triggers_in_shields, Fraction(4 * 5, 22)),
]


@pytest.mark.parametrize(("what", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_deck_statistics(what, expected):
    assert what(deck_statistics(MAIN)) == expected


def test_an_empty_deck_has_no_trigger_chance():
    stats = deck_statistics([])
    assert (stats.total, stats.trigger_probability, stats.expected_triggers_in_shields) == (0, 0, 0)
