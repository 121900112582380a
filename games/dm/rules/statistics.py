"""Deck statistics: mana curve by civilization, civilizations, card types, shield triggers. Pure Python.

One computation for the API (`GET /decks/{id}/stats/`) and the editor's charts; each only lays the numbers out.
Only the main deck counts (rule 103: shields and hand come from it).
"""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from games.dm.rules.cards import CardFacts
from games.dm.rules.odds import SHIELDS
from games.dm.rules.vocabulary import Civilization

CURVE_TOP = 10  # costs 10 and more share one column
CURVE_COLUMNS = (*(str(cost) for cost in range(CURVE_TOP)), f"{CURVE_TOP}+")
NO_COST = "none"  # the column of cards without a cost (a card the data gives no cost for)
MULTICOLOR = "multicolor"
COLORLESS = "colorless"
STACKS = (*(civ.value for civ in Civilization), MULTICOLOR, COLORLESS)


def trigger_probability(*, deck_size: int, triggers: int, shields: int = SHIELDS) -> Fraction:
    """Exact P(at least one shield trigger among the shields): 1 - C(N-T, s) / C(N, s) (hypergeometric)."""
    if deck_size <= 0 or triggers <= 0:
        return Fraction(0)
    shields = min(shields, deck_size)
    return 1 - Fraction(comb(deck_size - triggers, shields), comb(deck_size, shields))


def curve_stack(facts: CardFacts) -> str:
    """The curve's stack a card belongs to: its one civilization, multicolor or colorless."""
    if len(facts.civilizations) > 1:
        return MULTICOLOR
    if facts.civilizations:
        return next(iter(facts.civilizations)).value
    return COLORLESS


def curve_column(cost: int | None) -> str:
    if cost is None:
        return NO_COST
    return CURVE_COLUMNS[min(max(cost, 0), CURVE_TOP)]


@dataclass(frozen=True, slots=True)
class DeckStatistics:
    total: int
    curve: dict[str, Counter[str]]  # column (CURVE_COLUMNS, NO_COST) -> stack (STACKS) -> copies
    civilizations: Counter[str]  # civilization -> copies; a colorless card counts under COLORLESS
    card_types: Counter[str | None]  # the card type (None: the data gives none) -> copies
    card_types_ja: dict[str | None, str | None] = field(default_factory=dict)
    shield_triggers: int = 0
    multicolored: int = 0

    @property
    def trigger_probability(self) -> Fraction:
        return trigger_probability(deck_size=self.total, triggers=self.shield_triggers)

    @property
    def expected_triggers_in_shields(self) -> Fraction:
        if not self.total:
            return Fraction(0)
        return Fraction(self.shield_triggers * min(SHIELDS, self.total), self.total)


def deck_statistics(main: Iterable[tuple[CardFacts, int]]) -> DeckStatistics:
    """The statistics of a main deck given as (card, copies); a card may come on several rows."""
    curve: dict[str, Counter[str]] = {}
    civilizations: Counter[str] = Counter()
    card_types: Counter[str | None] = Counter()
    card_types_ja: dict[str | None, str | None] = {}
    total = triggers = multicolored = 0
    for facts, count in main:
        total += count
        curve.setdefault(curve_column(facts.cost), Counter())[curve_stack(facts)] += count
        for civ in [civ.value for civ in facts.civilizations] or [COLORLESS]:
            civilizations[civ] += count
        card_types[facts.card_type] += count
        card_types_ja.setdefault(facts.card_type, facts.card_type_ja)
        triggers += count if facts.shield_trigger else 0
        multicolored += count if len(facts.civilizations) > 1 else 0
    return DeckStatistics(
        total=total,
        curve=curve,
        civilizations=civilizations,
        card_types=card_types,
        card_types_ja=card_types_ja,
        shield_triggers=triggers,
        multicolored=multicolored,
    )
