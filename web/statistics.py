"""Deck statistics for the charts: mana curve by civilization, civilizations, card types, shield triggers.

Computed from the card facts (resolver) of an unsaved working copy, so that the editor gets them in the same response
as the legality report; the shield-trigger chance is the decks app's (decks.services.trigger_probability). Only the
main deck counts (rule 103: shields and hand come from it).
"""

from collections import Counter

from decks.services import trigger_probability
from dmrules.cards import CardFacts
from dmrules.vocabulary import Civilization

CURVE_MAX = 10  # costs above are shown as "10+"


def civ_group(facts: CardFacts) -> str:
    """The curve's stack a card belongs to: its one civilization, "multi" or "colorless"."""
    if len(facts.civilizations) > 1:
        return "multi"
    if len(facts.civilizations) == 1:
        return next(iter(facts.civilizations)).value
    return "colorless"


def deck_statistics(*, main: list[tuple[CardFacts, int]]) -> dict:
    groups = [civ.value for civ in Civilization] + ["multi", "colorless"]
    curve_labels = [str(cost) for cost in range(CURVE_MAX)] + [f"{CURVE_MAX}+"]
    curve = {group: [0] * len(curve_labels) for group in groups}
    civilizations: Counter[str] = Counter()
    types: Counter[str] = Counter()
    type_ja: dict[str, str] = {}
    total = triggers = multicolored = 0
    for facts, count in main:
        total += count
        if facts.cost is not None:
            curve[civ_group(facts)][min(max(facts.cost, 0), CURVE_MAX)] += count
        for civ in facts.civilizations:
            civilizations[civ.value] += count
        types[facts.card_type or "Unknown"] += count
        type_ja.setdefault(facts.card_type or "Unknown", facts.card_type_ja or "不明")
        if facts.shield_trigger:
            triggers += count
        if len(facts.civilizations) > 1:
            multicolored += count
    return {
        "total": total,
        "curve": {
            "labels": curve_labels,
            "series": [{"group": group, "values": values} for group, values in curve.items() if any(values)],
        },
        "civilizations": [{"civ": civ.value, "count": civilizations[civ.value]} for civ in Civilization],
        "types": [{"type": name, "type_ja": type_ja[name], "count": count} for name, count in types.most_common()],
        "shield_triggers": triggers,
        "p_trigger_in_shields": float(trigger_probability(deck_size=total, triggers=triggers)),
        "multicolored": multicolored,
    }
