"""A small hand-made catalogue for the reader and rule tables (fast, and each card exists for one rule), and a
helper that writes a deck as text so that every legality case goes through the reader too. Tests that need the real
card data read the shared data directory (conftest)."""

from datetime import date

from games.dbs.rules.cards import Catalogue, DbsCard
from games.dbs.rules.vocabulary import CardType, HomeZone, Zone

B, E, U, L = CardType.BATTLE, CardType.EXTRA, CardType.UNISON, CardType.LEADER
ZB, ZE, ZL = CardType.Z_BATTLE, CardType.Z_EXTRA, CardType.Z_LEADER
_HOME = {
    L: HomeZone.LEADER,
    B: HomeZone.MAIN,
    E: HomeZone.MAIN,
    U: HomeZone.MAIN,
    ZB: HomeZone.Z_DECK,
    ZE: HomeZone.Z_DECK,
    ZL: HomeZone.Z_DECK,
}


LAUNCH = date(2017, 7, 28)  # BT1: every hand-made card is out from the launch unless it says otherwise


def card(number: str, name: str, kind: CardType = B, **facts) -> DbsCard:
    facts.setdefault("release_date", LAUNCH)
    return DbsCard(card_number=number, name=name, card_type=kind, home=_HOME[kind], **facts)


# 20 plain battle cards: enough for any deck size at 4 copies each.
FILLER = tuple(f"BT9-{n:03d}" for n in range(1, 21))

CARDS = (
    card("BT1-001", "Son Goku", L, back_name="SS Son Goku, Awakened"),
    card("BT1-002", "Vegeta", L, back_name="SS Vegeta, Pride"),
    card("BT4-001", "Son Goku", L, back_name="Son Goku, Kaioken"),  # the same front name on two leaders
    card("BT1-050", "Son Goku"),  # a battle card sharing the leader's front name
    card("BT1-051", "Android 17"),  # a name that ends in a number
    card("BT1-080", "Kamehameha", E, variant_numbers=("BT1-080_PR", "BT1-080_SPR")),
    card("BT2-010", "Twin Name"),
    card("BT3-010", "Twin Name"),
    card("BT1-095", "Shared Name"),
    card("BT18-012", "Shared Name", ZB),
    card("BT1-060", "Ultimate One", ultimate=True),
    card("BT1-061", "Ultimate Two", ultimate=True),
    card("BT1-070", "Combo One", super_combo=True),
    card("BT1-071", "Combo Two", super_combo=True),
    card("BT5-117", "Dragon Ball", E, dragon_ball=True),
    card("P-089", "One-Star Ball", E, dragon_ball=True),
    card("BT2-107", "Infinite Multiplication Meta-Cooler", copies_any=True, copies_limit_zone=Zone.MAIN),
    card("BT13-149", "Yearning for the Dark Dragon Balls", E, copies_limit=7, copies_limit_zone=Zone.MAIN),
    card("BT18-010", "Z Fighter", ZB),
    card("BT18-011", "Z Blast", ZE),
    card("BT18-003", "SS4 Gogeta, the Ultimate Fusion", ZL, copies_limit=1, copies_limit_zone=Zone.Z),
    card("BT25-007", "King Piccolo's Egg, Terror is Born", ZB, copies_any=True, copies_limit_zone=Zone.Z),
    card("BT25-104", "7 Shadow Dragons Assembled", E),
    card("BT10-001", "Unison Fighter", U),
    card("EX01-01", "Expansion Hero"),
    card("BT29-088", "SS Rosé Goku Black"),  # an accented name in the data
    *(card(number, f"Filler {number}") for number in FILLER),
)


def mini_catalogue() -> Catalogue:
    return Catalogue(CARDS, {"EX1-01": "EX01-01"})


def deck_text(
    *,
    leader: str | None = "BT1-001",
    main: dict[str, int] | None = None,
    z: dict[str, int] | None = None,
    side: dict[str, int] | None = None,
    extra_lines: tuple[str, ...] = (),
) -> str:
    """A list under the four headings, `N [NUMBER]` per line."""
    lines = ["Leader"]
    if leader:
        lines.append(f"1 [{leader}]")
    lines.append("Main Deck")
    lines += [f"{n} [{number}]" for number, n in (main or {}).items()]
    lines += list(extra_lines)
    if z:
        lines.append("Z-Deck")
        lines += [f"{n} [{number}]" for number, n in z.items()]
    if side:
        lines.append("Side Deck")
        lines += [f"{n} [{number}]" for number, n in side.items()]
    return "\n".join(lines) + "\n"


def filler(total: int, *, skip: int = 0) -> dict[str, int]:
    """`total` plain battle cards, 4 per number (the last number takes the rest), from the `skip`-th filler on."""
    out: dict[str, int] = {}
    numbers = iter(FILLER[skip:])
    while total > 0:
        n = min(4, total)
        out[next(numbers)] = n
        total -= n
    return out
