"""The one count of an OCG deck behind both statistics (the API's `deck_statistics` and the editor's charts): zone
totals; in the Main Deck the card types, monsters by Level and by Attribute; in the Extra Deck the kinds and the
Level / Rank / Link rating as printed."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.ygo.rules import DeckZone, YgoCard

EXTRA_KINDS = ("Fusion", "Synchro", "Xyz", "Link")


def printed_stars(card: YgoCard) -> str:
    """The Level (★), Rank (☆) or Link rating (LINK-n) as the card prints it."""
    if card.link_rating is not None:
        return f"LINK-{card.link_rating}"
    if card.rank is not None:
        return f"☆{card.rank}"
    if card.level is not None:
        return f"★{card.level}"
    return ""


@dataclass
class DeckTally:
    totals: Counter[str] = field(default_factory=Counter)  # zone code -> copies
    kinds: Counter[str] = field(default_factory=Counter)  # Main Deck: monster / spell / trap
    levels: Counter[int] = field(default_factory=Counter)  # Main Deck monsters
    attributes: Counter[str] = field(default_factory=Counter)  # Main Deck monsters
    extra_kinds: Counter[str] = field(default_factory=Counter)  # Extra Deck: Fusion, Synchro, Xyz, Link, other
    extra_stars: Counter[str] = field(default_factory=Counter)  # Extra Deck: ★n, ☆n, LINK-n


def deck_tally(entries: Iterable[tuple[int, str, int]], *, by_pk: dict[int, YgoCard]) -> DeckTally:
    """(catalogue id, zone, copies) rows counted; a card the catalogue does not hold counts only in its zone."""
    tally = DeckTally()
    for pk, zone, quantity in entries:
        tally.totals[zone] += quantity
        card = by_pk.get(pk)
        if card is None:
            continue
        if zone == DeckZone.MAIN.value:
            tally.kinds[card.card_type.value] += quantity
            if card.level is not None:
                tally.levels[card.level] += quantity
            if card.attribute:
                tally.attributes[card.attribute] += quantity
        elif zone == DeckZone.EXTRA.value:
            tally.extra_kinds[next((kind for kind in EXTRA_KINDS if kind in card.monster_types), "other")] += quantity
            if stars := printed_stars(card):
                tally.extra_stars[stars] += quantity
    return tally
