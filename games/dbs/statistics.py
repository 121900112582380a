"""The one count of a Dragon Ball Super deck behind both statistics (the API's `deck_statistics` and the editor's
charts): zone totals; the leader's colours; in the main deck the card types, the colours (a multicolour card in each),
the multicolour cards, and the energy-cost curve (0 to 7, then 8+) by colour."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.dbs.rules.cards import DbsCard
from games.dbs.rules.vocabulary import Zone

CURVE = tuple(str(cost) for cost in range(8)) + ("8+",)


@dataclass
class DeckTally:
    zones: Counter[str] = field(default_factory=Counter)  # zone code -> copies
    leader_colors: list[str] = field(default_factory=list)
    types: Counter[str] = field(default_factory=Counter)
    colors: Counter[str] = field(default_factory=Counter)  # a multicolour card counts in each of its colours
    multicolored: int = 0
    # cost column -> copies of that cost (a multicolour card once), and by colour (a multicolour card in each; a card
    # of no colour under "")
    cost_totals: Counter[str] = field(default_factory=Counter)
    cost_colors: dict[str, Counter[str]] = field(default_factory=dict)
    # cost column -> colour -> copies, a multicolour card split between its colours (each bar counts it once)
    cost_shares: dict[str, dict[str, float]] = field(default_factory=dict)


def deck_tally(entries: Iterable[tuple[int, str, int]], *, card_of_id) -> DeckTally:
    """(catalogue id, zone, copies) rows counted; a card the catalogue does not hold counts only in its zone."""
    tally = DeckTally()
    for card_id, zone, quantity in entries:
        tally.zones[zone] += quantity
        card: DbsCard | None = card_of_id(card_id)
        if card is None:
            continue
        if zone == Zone.LEADER.value:
            tally.leader_colors += [color for color in card.colors if color not in tally.leader_colors]
        if zone != Zone.MAIN.value:
            continue
        tally.types[card.card_type.value] += quantity
        for color in card.colors:
            tally.colors[color] += quantity
        tally.multicolored += quantity if len(card.colors) > 1 else 0
        if card.energy_cost is not None:
            column = CURVE[min(card.energy_cost, len(CURVE) - 1)]
            tally.cost_totals[column] += quantity
            by_color = tally.cost_colors.setdefault(column, Counter())
            shares = tally.cost_shares.setdefault(column, {})
            for color in card.colors or ("",):
                by_color[color] += quantity
                shares[color] = shares.get(color, 0) + quantity / max(1, len(card.colors))
    return tally
