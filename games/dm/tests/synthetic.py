"""Synthetic card identities for the pure engine tests (spec 4.1): every kind of card the rules distinguish."""

from types import MappingProxyType

from cards.tests.factories import CardFactsFactory
from games.dm.rules.cards import CardFacts
from games.dm.rules.legality import Combo, FormatRules, Regulation, StartSet
from games.dm.rules.vocabulary import DeckZone, RegulationStatus, Zone

A = CardFactsFactory(name_ja="A")
A_ALT = CardFactsFactory(
    name_ja="Ａ", name_key="A"
)  # another record of the same name (width variant / other printing record)
B = CardFactsFactory(name_ja="B")
BAD_BRAND = CardFactsFactory(name_ja="Bad Brand")
OPTIMUS = CardFactsFactory(name_ja="Optimus Prime", name_key="Bad Brand")  # alias line (202.6)
X = CardFactsFactory(name_ja="X")
XY = CardFactsFactory(name_ja="X/Y", twinpact=True)
XY_ALT = CardFactsFactory(name_ja="X／Y", name_key="X/Y", twinpact=True)
XZ = CardFactsFactory(name_ja="X/Z", twinpact=True)
BOLSHACK_DRAGON = CardFactsFactory(name_ja="Bolshack Dragon")
BOLSHACK_NEX = CardFactsFactory(name_ja="Bolshack NEX")
CHOROCHU = CardFactsFactory(name_ja="Chorochu", max_copies={Zone.MAIN_DECK: None})  # "more than 4 allowed"
ONLY_ONE = CardFactsFactory(name_ja="Only One", max_copies={Zone.MAIN_DECK: 1})
PSY1, PSY2, PSY3 = (CardFactsFactory(name_ja=f"Psy{i}", psychic_creature=True) for i in (1, 2, 3))
DRAGHEART = CardFactsFactory(name_ja="Dragheart", dragheart=True, zone=Zone.HYPERSPATIAL, card_type="Dragheart Weapon")
GRS = tuple(CardFactsFactory(name_ja=f"GR{i}", gr_creature=True) for i in range(1, 7))
GR_MANY = CardFactsFactory(name_ja="GR Many", gr_creature=True, max_copies={Zone.SUPER_GR: None})
AURA = CardFactsFactory(name_ja="Aura", card_type="Aura")
RULE_PLUS = CardFactsFactory(name_ja="Rule Plus", rule_plus=True, zone=Zone.HYPERSPATIAL, card_type="Rule Plus")
THIRTEEN = CardFactsFactory(name_ja="Invincible Thirteen", rule_plus=True, zone=Zone.HYPERSPATIAL, deck_size_delta=5)
SEALED_X = CardFactsFactory(name_ja="Forbidden ~The Sealed X~", forbidden=True, multi_face=True)
NEW_YEAR = CardFactsFactory(name_ja="Forbidden New Year", forbidden=True)
# The data flags Zeron cards as draghearts too; their start zone (battle zone at game start) decides.
ZEROM = CardFactsFactory(name_ja="Zerom", zeron=True, dragheart=True, zone=Zone.BATTLE_ZONE_AT_START)
NEBULAE = tuple(
    CardFactsFactory(name_ja=f"Nebula{i}", zeron=True, dragheart=True, zone=Zone.BATTLE_ZONE_AT_START)
    for i in range(1, 5)
)
STAR = CardFactsFactory(name_ja="FORBIDDEN STAR", forbidden=True, zone=Zone.BATTLE_ZONE_AT_START)
STAR_PARTS = tuple(CardFactsFactory(name_ja=f"STAR part {i}", forbidden=True) for i in range(1, 5))
HOF = CardFactsFactory(name_ja="H")
HOF_ALT = CardFactsFactory(name_ja="Ｈ", name_key="H")
PREMIUM = CardFactsFactory(name_ja="P")
C1, C2 = CardFactsFactory(name_ja="C1"), CardFactsFactory(name_ja="C2")
R = CardFactsFactory(name_ja="R")
S = CardFactsFactory(name_ja="S", psychic_creature=True)
# Two different psychics sharing one back face: each is its own identity (1.2.5).
SHARED_BACK_1 = CardFactsFactory(
    name_ja="Front One", psychic_creature=True, multi_face=True, face_names=("Shared Super Back",)
)
SHARED_BACK_2 = CardFactsFactory(
    name_ja="Front Two", psychic_creature=True, multi_face=True, face_names=("Shared Super Back",)
)
UNKNOWN_FACTS = CardFacts(id=9_999, name_key="Name Only", name_ja="Name Only", facts_available=False)

START_SETS = (
    StartSet("sealed_x", "Sealed X", {SEALED_X.name_key: 1}),
    StartSet("star", "FORBIDDEN STAR", {STAR.name_key: 1, **{p.name_key: 1 for p in STAR_PARTS}}),
    StartSet("zerom", "Zerom", {ZEROM.name_key: 1, **{n.name_key: 1 for n in NEBULAE}}),
    StartSet("new_year", "New Year", {NEW_YEAR.name_key: 1}),
)

REGULATION = Regulation(
    limits=MappingProxyType({"H": 1, "P": 0, "X/Y": 1, "Chorochu": 1}),
    combos=(Combo(("C1", "C2")), Combo(("R", "S"), RegulationStatus.PREMIUM_HYPERSPATIAL_COMBO)),
    label="synthetic",
)
REGULATION_OFF = FormatRules(code="unrestricted", hall_of_fame=False)
REGULATION_ON = FormatRules(code="advance")
ORIGINAL = FormatRules(code="original", zones=frozenset({DeckZone.MAIN}), start_of_game_cards=False, hall_of_fame=True)

FILLER = tuple(CardFactsFactory(name_ja=f"Filler{i:02d}") for i in range(1, 21))


def filler(n: int, *, skip: int = 0) -> list[tuple[CardFacts, int]]:
    """n cards of distinct ordinary names, at most 4 of each."""
    out = []
    for item in FILLER[skip:]:
        if n <= 0:
            break
        take = min(4, n)
        out.append((item, take))
        n -= take
    assert n == 0, "not enough filler names"
    return out
