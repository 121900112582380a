"""デュエパーティー (Duel Party) construction in the pure engine: one row per code and per edge of the official Duel
Party rules (dm.takaratomy.co.jp/rule/dhueparty/): 60 cards including one partner, a creature of cost 5 or more;
at most 1 of a name; only the partner's civilizations and zero-civilization cards; main deck only; the Hall of Fame
regulation (Premium Hall of Fame cards not allowed)."""

from types import MappingProxyType

import pytest

from cards.tests.factories import CardFactsFactory
from games.dm.rules.legality import Combo, DeckInput, FormatRules, Regulation, Unresolved, check_deck
from games.dm.rules.vocabulary import Civilization, DeckZone, ViolationCode, Zone
from games.dm.tests.synthetic import REGULATION_ON, START_SETS

V = ViolationCode
MAIN, HYPER, GR, PARTNER = DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR, DeckZone.PARTNER
FIRE, NATURE, WATER = Civilization.FIRE, Civilization.NATURE, Civilization.WATER

DUEL_PARTY = FormatRules(
    code="duel_party",
    name="Duel Party",
    name_ja="デュエパーティー",
    zones=frozenset({MAIN, PARTNER}),
    start_of_game_cards=False,
    hall_of_fame=True,
    main_size=60,
    main_copies=1,
    partner_min_cost=5,
)


def creature(name: str, cost: int, *civs: Civilization, **fields) -> object:
    return CardFactsFactory(name_ja=name, card_type="Creature", cost=cost, civilizations=frozenset(civs), **fields)


def spell(name: str, cost: int, *civs: Civilization, **fields) -> object:
    return CardFactsFactory(name_ja=name, card_type="Spell", cost=cost, civilizations=frozenset(civs), **fields)


def twinpact(name: str, top: object, bottom: object) -> object:
    """A twinpact: the card's own civilizations are both halves' (its mana civilizations)."""
    return CardFactsFactory(
        name_ja=name,
        card_type="Twinpact",
        twinpact=True,
        cost=top.cost,
        civilizations=top.civilizations | bottom.civilizations,
        twinpact_top=top,
        twinpact_bottom=bottom,
    )


PARTNER_FN = creature("Partner Fire Nature", 7, FIRE, NATURE)
FILLER = tuple(creature(f"DP Filler{i:02d}", 3, FIRE if i % 2 else NATURE) for i in range(1, 60))
# A twinpact and a card named like one of its halves: different names (808.4), 1 of each is fine.
NATURAL_TRAP_TWIN = twinpact(
    "Na Churalgo Danger / Natural Trap", creature("Na Churalgo Danger", 6, NATURE), spell("Natural Trap", 6, NATURE)
)
NATURAL_TRAP = spell("Natural Trap", 6, NATURE)
ZERO_CIV = CardFactsFactory(name_ja="Zero Civ", card_type="Creature", cost=4, zero_civilization=True)
MANY_ALLOWED = creature("Chorochu DP", 2, NATURE, max_copies={Zone.MAIN_DECK: None})  # "more than 4" text
WATER_CARD = spell("Water Spell", 2, WATER)
FIRE_WATER = creature("Fire Water", 4, FIRE, WATER)
COST4 = creature("Cost Four", 4, FIRE, NATURE)
FIRE_SPELL7 = spell("Big Fire Spell", 7, FIRE, NATURE)
PSYCHIC = CardFactsFactory(
    name_ja="Psychic DP",
    psychic=True,
    zone=Zone.HYPERSPATIAL,
    card_type="Psychic Creature",
    cost=7,
    civilizations=frozenset({FIRE}),
)
GR_CARD = CardFactsFactory(name_ja="GR DP", gr=True, zone=Zone.SUPER_GR, card_type="GR Creature", cost=5)
SEALED = CardFactsFactory(name_ja="Sealed DP", forbidden=True, zone=Zone.BATTLE_ZONE_AT_START, card_type="Forbidden")
TWIN_PARTNER = twinpact("Twin Partner", creature("Twin Top", 5, FIRE), spell("Twin Bottom", 2, WATER))
TWIN_LOW = twinpact("Twin Low", creature("Twin Low Top", 3, FIRE), spell("Twin Low Bottom", 8, FIRE))
PREMIUM = creature("Premium DP", 3, FIRE)
PREMIUM_PARTNER = creature("Premium Partner", 8, FIRE, NATURE)
LIMITED = creature("Limited DP", 3, FIRE)
COMBO_1, COMBO_2 = creature("Combo One", 3, FIRE), creature("Combo Two", 3, NATURE)
NAME_ONLY = CardFactsFactory(name_ja="Name Only DP", facts_available=False)

REGULATION = Regulation(
    limits=MappingProxyType({"Premium DP": 0, "Premium Partner": 0, "Limited DP": 1}),
    combos=(Combo(("Combo One", "Combo Two")),),
    label="synthetic",
)


def filler(n: int) -> list:
    return [(card, 1) for card in FILLER[:n]]


def dp(main=(), partner=(PARTNER_FN,), hyper=(), gr=(), unresolved=()) -> DeckInput:
    return DeckInput(
        main=tuple(main),
        partner=tuple((card, 1) for card in partner),
        hyperspatial=tuple(hyper),
        gr=tuple(gr),
        unresolved=tuple(unresolved),
    )


def found(report) -> list[tuple]:
    """(code, zone, card names, count, limit, rule) of each violation."""
    return [
        (
            str(item.code),
            item.zone.value if item.zone else None,
            tuple(c.name for c in item.cards),
            item.count,
            item.limit,
            item.rule,
        )
        for item in report.violations
    ]


def run(deck: DeckInput, rules: FormatRules = DUEL_PARTY):
    return check_deck(deck, format_rules=rules, regulation=REGULATION, start_sets=START_SETS)


# (id, deck, expected violations as (code, zone, card names, count, limit, rule); [] = legal)
CASES = [
    pytest.param(dp(filler(59)), [], id="legal-59-and-a-partner"),
    # DP: 60 cards, the partner included.
    pytest.param(dp(filler(58)), [(V.DECK_SIZE, "main", (), 59, 60, "DP 60 cards")], id="deck-size-59"),
    pytest.param(
        dp(filler(59), partner=()),
        [
            (V.DECK_SIZE, "main", (), 59, 60, "DP 60 cards"),
            (V.PARTNER_INVALID, "partner", (), None, None, "DP partner"),
        ],
        id="no-partner",
    ),
    pytest.param(
        dp(filler(58), partner=(PARTNER_FN, COST4)),
        [(V.PARTNER_INVALID, "partner", ("Cost Four", "Partner Fire Nature"), 2, 1, "DP partner")],
        id="two-partners",
    ),
    pytest.param(
        dp(filler(59), partner=(COST4,)),
        [(V.PARTNER_INVALID, "partner", ("Cost Four",), 4, 5, "DP partner")],
        id="partner-of-cost-4",
    ),
    pytest.param(
        dp(filler(59), partner=(FIRE_SPELL7,)),
        [(V.PARTNER_INVALID, "partner", ("Big Fire Spell",), None, None, "DP partner")],
        id="partner-a-spell",
    ),
    pytest.param(
        dp(filler(59), partner=(PSYCHIC,)),
        [(V.PARTNER_INVALID, "partner", ("Psychic DP",), None, None, "DP partner")],
        id="partner-a-psychic-creature",
    ),
    # A twinpact partner: its creature side's cost counts; its spell side's civilization is the partner's too.
    pytest.param(
        dp([*filler(58), (WATER_CARD, 1)], partner=(TWIN_PARTNER,)),
        [
            (
                V.CIVILIZATION_OUTSIDE_PARTNER,
                "main",
                tuple(sorted(c.name_ja for c in FILLER[:58] if NATURE in c.civilizations)),
                29,
                0,
                "DP civilizations",
            )
        ],
        id="twinpact-partner-creature-side-5",
    ),
    pytest.param(
        dp([(creature(f"F{i}", 2, FIRE), 1) for i in range(59)], partner=(TWIN_LOW,)),
        [(V.PARTNER_INVALID, "partner", ("Twin Low",), 3, 5, "DP partner")],
        id="twinpact-partner-creature-side-3",
    ),
    # DP: at most 1 of a name, over the 60 cards.
    pytest.param(
        dp([(FILLER[0], 2), *filler(59)[1:58]]),
        [(V.COPY_LIMIT, "main", (FILLER[0].name_ja,), 2, 1, "DP one of a name")],
        id="two-of-a-name",
    ),
    pytest.param(
        dp([(PARTNER_FN, 1), *filler(58)]),
        [(V.COPY_LIMIT, "main", ("Partner Fire Nature",), 2, 1, "DP one of a name")],
        id="partner-also-in-the-main-deck",
    ),
    pytest.param(dp([(NATURAL_TRAP_TWIN, 1), (NATURAL_TRAP, 1), *filler(57)]), [], id="twinpact-vs-one-of-its-names"),
    pytest.param(dp([(MANY_ALLOWED, 3), *filler(56)]), [], id="card-text-allows-more"),
    # DP: only the partner's civilizations; zero-civilization cards fit every partner.
    pytest.param(dp([(ZERO_CIV, 1), *filler(58)]), [], id="zero-civilization-card"),
    pytest.param(
        dp([(WATER_CARD, 1), (FIRE_WATER, 1), *filler(57)]),
        [(V.CIVILIZATION_OUTSIDE_PARTNER, "main", ("Fire Water", "Water Spell"), 2, 0, "DP civilizations")],
        id="civilization-outside-the-partner",
    ),
    # DP: main deck only ("format: original").
    pytest.param(
        dp(filler(59), hyper=[(PSYCHIC, 1)]),
        [(V.ZONE_NOT_IN_FORMAT, "hyperspatial", ("Psychic DP",), None, None, "format")],
        id="hyperspatial-zone",
    ),
    pytest.param(
        dp([(PSYCHIC, 1), *filler(58)]),
        [(V.ZONE_MISPLACED, "main", ("Psychic DP",), None, None, "117.1")],
        id="hyperspatial-card-in-the-main-deck",
    ),
    pytest.param(
        dp(filler(59), gr=[(GR_CARD, 1)]),
        [(V.ZONE_NOT_IN_FORMAT, "gr", ("GR DP",), None, None, "format")],
        id="gr-zone",
    ),
    pytest.param(
        dp([(SEALED, 1), *filler(58)]),
        [(V.ZONE_NOT_IN_FORMAT, "main", ("Sealed DP",), None, None, "100.5")],
        id="start-of-game-card",
    ),
    # The Hall of Fame regulation: Premium Hall of Fame cards are not allowed, in the deck or as the partner.
    pytest.param(
        dp([(PREMIUM, 1), *filler(58)]),
        [(V.PREMIUM_HALL_OF_FAME, None, ("Premium DP",), 1, 0, "100.2")],
        id="premium-hall-of-fame-card",
    ),
    pytest.param(
        dp(filler(59), partner=(PREMIUM_PARTNER,)),
        [(V.PREMIUM_HALL_OF_FAME, None, ("Premium Partner",), 1, 0, "100.2")],
        id="premium-hall-of-fame-partner",
    ),
    pytest.param(dp([(LIMITED, 1), *filler(58)]), [], id="hall-of-fame-card-once"),
    pytest.param(
        dp([(COMBO_1, 1), (COMBO_2, 1), *filler(57)]),
        [(V.PREMIUM_COMBO, None, ("Combo One", "Combo Two"), None, None, "100.2")],
        id="premium-combo",
    ),
    # Unknown or name-only cards: their own code or warning, never a partner judgement made up.
    pytest.param(
        dp(filler(59), partner=(), unresolved=[Unresolved(zone=PARTNER, written="???", count=1)]),
        [(V.UNKNOWN_CARD, "partner", (), None, None, "-")],
        id="unknown-partner",
    ),
    pytest.param(dp(filler(59), partner=(NAME_ONLY,)), [], id="name-only-partner"),
]


@pytest.mark.parametrize(("deck", "expected"), CASES)
def test_duel_party_construction(deck, expected):
    report = run(deck)
    assert found(report) == [(str(code), *rest) for code, *rest in expected]
    assert report.legal is (not expected)
    assert report.counts["partner"] == sum(n for _card, n in deck.partner) + sum(u.count for u in deck.unresolved)


def test_every_violation_has_both_messages():
    report = run(dp([(WATER_CARD, 2), *filler(58)], partner=(PARTNER_FN, COST4)))
    assert {str(item.code) for item in report.violations} == {"COPY_LIMIT", "PARTNER_INVALID", "DECK_SIZE"}
    for item in report.violations:
        assert item.message and item.message_ja and item.message != item.message_ja


@pytest.mark.parametrize(
    ("deck", "expected"),
    [
        pytest.param(
            DeckInput(main=tuple(filler(40)), partner=((PARTNER_FN, 1),)),
            [(str(V.ZONE_NOT_IN_FORMAT), "partner", ("Partner Fire Nature",), None, None, "format")],
            id="partner-under-advance",
        ),
        # Other formats keep their own rules: 4 of a name and 40 cards, whatever the civilizations.
        pytest.param(DeckInput(main=tuple((card, 4) for card in FILLER[:10])), [], id="advance-unchanged-4-of-a-name"),
    ],
)
def test_other_formats_have_no_partner_zone(deck, expected):
    report = check_deck(deck, format_rules=REGULATION_ON, regulation=REGULATION, start_sets=START_SETS)
    assert found(report) == expected
    assert "partner" not in report.counts
