"""The facts of one card identity that the engines need: the one conversion point from the catalogue."""

from dataclasses import dataclass, field
from datetime import date

from games.abbreviations import INITIALS, PARTS
from games.dm.rules.vocabulary import Breaker, Civilization, DeckZone, Zone

# The short forms Duel Masters names allow (games.abbreviations): the first morae of each part (ドギ剣, モルネク) and
# katakana words read back to English initials (BWD); the game's catalogue capability names them (DmCatalogue).
SHORT_FORM_RULES = (PARTS, INITIALS)


@dataclass(frozen=True, slots=True)
class CardFacts:
    id: int
    # Copy-counting key (1.2.3-1.2.5): the card identity's name, NFKC-normalised so that width variants of
    # one name are one name; a twinpact by its combined name; a double-faced card by its own record.
    name_key: str
    name_ja: str
    name_en: str | None = None
    facts_available: bool = True
    civilizations: frozenset[Civilization] = frozenset()
    card_type: str | None = None
    zone: Zone = Zone.MAIN_DECK
    cost: int | None = None
    power: int | None = None
    mana_number: int | None = 1
    races: tuple[str, ...] = ()
    evolution: bool = False
    psychic: bool = False
    dragheart: bool = False
    gr: bool = False
    twinpact: bool = False
    zeron: bool = False
    forbidden: bool = False
    rule_plus: bool = False
    shield_trigger: bool = False
    blocker: bool = False
    speed_attacker: bool = False
    slayer: bool = False
    breaker: Breaker | None = None
    power_attacker_bonus: int | None = None
    cant_attack: bool = False
    cant_attack_players: bool = False
    # Per-card exceptions from the data (rule 100.2a, 100.4a, 314.3a): zone -> max copies (None = no limit),
    # and the change to the required main deck size while this card is in the hyperspatial zone.
    max_copies: dict[Zone, int | None] = field(default_factory=dict, hash=False, compare=False)
    deck_size_delta: int = 0
    # The halves of a twinpact, each usable in play as its own card (cost, civilizations, spell or creature);
    # the card's own civilizations are those of both halves (its mana civilizations).
    twinpact_top: "CardFacts | None" = field(default=None, hash=False, compare=False)
    twinpact_bottom: "CardFacts | None" = field(default=None, hash=False, compare=False)
    # 100.5: start-of-game set from the data (cards starting in the battle zone, grouped by a shared face;
    # None = not a start-of-game card) and the number of cards in that set.
    start_set: str | None = None
    start_set_size: int = 0
    # Japanese card type and the source's type codes per face (e.g. "RP" Rule Plus, "PC" psychic creature).
    card_type_ja: str | None = None
    type_codes: tuple[str, ...] = ()
    hyper: bool = False
    multi_face: bool = False
    zero_civilization: bool = False
    # Face names (Japanese) other than the card's own name: naming effects may use either face (806.6, 807.3).
    face_names: tuple[str, ...] = ()
    # First release (the earliest dated printing; None = unknown): the card pool of a date is the cards released
    # on or before it. Not exact when a printing of the card has no date: it was out by release_date, maybe before.
    release_date: date | None = None
    release_date_exact: bool = True
    # The set codes of its Japanese printings (the products it was printed in; a block rule reads their blocks).
    set_codes: tuple[str, ...] = ()


# Where a card belongs in a registration (rules 100.3, 100.4, 117.1, 407.1, 408.1); start-of-game cards are
# registered with the main deck (100.5). The one answer for the parser, the editor and deck imports.
_DECK_ZONE_OF = {Zone.HYPERSPATIAL: DeckZone.HYPERSPATIAL, Zone.SUPER_GR: DeckZone.GR}


def deck_zone_of(card: CardFacts) -> DeckZone:
    return _DECK_ZONE_OF.get(card.zone, DeckZone.MAIN)
