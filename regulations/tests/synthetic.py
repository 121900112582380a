"""Synthetic card identities for the pure engine tests (spec 4.1): every kind of card the rules distinguish."""

from types import MappingProxyType

from dmrules.cards import CardFacts
from dmrules.legality import Combo, FormatRules, Regulation, StartSet
from dmrules.vocabulary import DeckZone, RegulationStatus, Zone

_ids = iter(range(1, 10_000))


def card(name: str, *, key: str | None = None, **facts) -> CardFacts:
    return CardFacts(id=next(_ids), name_key=key or name, name_ja=name, **facts)


def psychic(name: str, **facts) -> CardFacts:
    return card(name, psychic=True, zone=Zone.HYPERSPATIAL, card_type="Psychic Creature", **facts)


def gr_card(name: str, **facts) -> CardFacts:
    return card(name, gr=True, zone=Zone.SUPER_GR, card_type="GR Creature", **facts)


A = card("A")
A_ALT = card("Ａ", key="A")  # another record of the same name (width variant / other printing record)
B = card("B")
BAD_BRAND = card("Bad Brand")
OPTIMUS = card("Optimus Prime", key="Bad Brand")  # alias line (202.6)
X = card("X")
XY = card("X/Y", twinpact=True)
XY_ALT = card("X／Y", key="X/Y", twinpact=True)
XZ = card("X/Z", twinpact=True)
BOLSHACK_DRAGON = card("Bolshack Dragon")
BOLSHACK_NEX = card("Bolshack NEX")
CHOROCHU = card("Chorochu", max_copies={Zone.MAIN_DECK: None})  # "more than 4 allowed"
ONLY_ONE = card("Only One", max_copies={Zone.MAIN_DECK: 1})
PSY1, PSY2, PSY3 = psychic("Psy1"), psychic("Psy2"), psychic("Psy3")
DRAGHEART = card("Dragheart", dragheart=True, zone=Zone.HYPERSPATIAL, card_type="Dragheart Weapon")
GRS = tuple(gr_card(f"GR{i}") for i in range(1, 7))
GR_MANY = gr_card("GR Many", max_copies={Zone.SUPER_GR: None})
AURA = card("Aura", card_type="Aura")
RULE_PLUS = card("Rule Plus", rule_plus=True, zone=Zone.HYPERSPATIAL, card_type="Rule Plus")
THIRTEEN = card("Invincible Thirteen", rule_plus=True, zone=Zone.HYPERSPATIAL, deck_size_delta=5)
SEALED_X = card("Forbidden ~The Sealed X~", forbidden=True, multi_face=True)
NEW_YEAR = card("Forbidden New Year", forbidden=True)
# The data flags Zeron cards as draghearts too; their start zone (battle zone at game start) decides.
ZEROM = card("Zerom", zeron=True, dragheart=True, zone=Zone.BATTLE_ZONE_AT_START)
NEBULAE = tuple(card(f"Nebula{i}", zeron=True, dragheart=True, zone=Zone.BATTLE_ZONE_AT_START) for i in range(1, 5))
STAR = card("FORBIDDEN STAR", forbidden=True, zone=Zone.BATTLE_ZONE_AT_START)
STAR_PARTS = tuple(card(f"STAR part {i}", forbidden=True) for i in range(1, 5))
HOF = card("H")
HOF_ALT = card("Ｈ", key="H")
PREMIUM = card("P")
C1, C2 = card("C1"), card("C2")
R = card("R")
S = psychic("S")
# Two different psychics sharing one back face: each is its own identity (1.2.5).
SHARED_BACK_1 = psychic("Front One", multi_face=True, face_names=("Shared Super Back",))
SHARED_BACK_2 = psychic("Front Two", multi_face=True, face_names=("Shared Super Back",))
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

FILLER = tuple(card(f"Filler{i:02d}") for i in range(1, 21))


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
