"""The engine's view of a deck: per distinct card, its mana side and its one or two playable halves.

`engine_card_from_facts` is the one conversion from `CardFacts`; `EngineCard.to_dict` / `from_dict` give a
JSON form so that a queued job carries its own deck (a worker never needs the catalogue, and a run can be
repeated exactly even after the catalogue changed).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from dmrules.cards import CardFacts
from dmrules.goldfish.kernel import ALL_SHIELDS, KIND_CREATURE, KIND_EVOLUTION, KIND_NEO, KIND_SPELL
from dmrules.vocabulary import Breaker, Civilization, CivMask, Zone

FORBIDDEN_SEALS = 6  # [EXT] card text of the Forbidden start cards (spec 4.2 G02); not in the data
POWERED_STEP = 6000  # Powered Breaker: one more shield per 6000 power [EXT]
KINDS = {"creature": KIND_CREATURE, "evolution": KIND_EVOLUTION, "neo": KIND_NEO, "spell": KIND_SPELL}


class DeckError(ValueError):
    """The deck cannot be simulated (too few cards for the setup, ...)."""


@dataclass(frozen=True, slots=True)
class EngineHalf:
    cost: int
    civilizations: frozenset[Civilization]
    kind: str  # creature | evolution | neo | spell (every non-creature card)
    power: int = 0
    breaks: int = 1  # shields per attack (509.2); ALL_SHIELDS for World / Infinity
    speed_attacker: bool = False
    can_attack_players: bool = True


@dataclass(frozen=True, slots=True)
class EngineCard:
    key: str
    name: str
    copies: int
    mana_civilizations: frozenset[Civilization]
    mana_number: int = 1
    halves: tuple[EngineHalf, ...] = ()  # empty: never cast (psychic, GR, unknown cost)
    starts_in_battle_zone: bool = False  # 103.3 start-of-game cards: not in the library
    seals: int = 0  # 116.1a: cards taken from the top of the deck at setup
    shield_trigger: bool = False

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "name": self.name,
            "copies": self.copies,
            "mana_civilizations": sorted(self.mana_civilizations),
            "mana_number": self.mana_number,
            "starts_in_battle_zone": self.starts_in_battle_zone,
            "seals": self.seals,
            "shield_trigger": self.shield_trigger,
            "halves": [
                {
                    "cost": h.cost,
                    "civilizations": sorted(h.civilizations),
                    "kind": h.kind,
                    "power": h.power,
                    "breaks": h.breaks,
                    "speed_attacker": h.speed_attacker,
                    "can_attack_players": h.can_attack_players,
                }
                for h in self.halves
            ],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "EngineCard":
        halves = tuple(
            EngineHalf(
                cost=int(h["cost"]),
                civilizations=frozenset(Civilization(c) for c in h.get("civilizations", ())),
                kind=h.get("kind", "creature"),
                power=int(h.get("power") or 0),
                breaks=int(h.get("breaks") or 1),
                speed_attacker=bool(h.get("speed_attacker", False)),
                can_attack_players=bool(h.get("can_attack_players", True)),
            )
            for h in data.get("halves", ())
        )
        for h in halves:
            if h.kind not in KINDS:
                raise DeckError(f"unknown card kind {h.kind!r}")
        return cls(
            key=str(data["key"]),
            name=str(data.get("name", data["key"])),
            copies=int(data["copies"]),
            mana_civilizations=frozenset(Civilization(c) for c in data.get("mana_civilizations", ())),
            mana_number=int(data.get("mana_number", 1)),
            halves=halves,
            starts_in_battle_zone=bool(data.get("starts_in_battle_zone", False)),
            seals=int(data.get("seals", 0)),
            shield_trigger=bool(data.get("shield_trigger", False)),
        )


def _breaks(facts: CardFacts) -> int:
    if facts.breaker is None:
        return 1
    breaker = Breaker(facts.breaker)
    if breaker in (Breaker.WORLD, Breaker.INFINITY):
        return ALL_SHIELDS  # JP 509.4: every shield, each once
    if breaker == Breaker.POWERED:
        return 1 + (facts.power or 0) // POWERED_STEP
    return {Breaker.DOUBLE: 2, Breaker.TRIPLE: 3, Breaker.QUATTRO: 4}.get(breaker, 1)


def _half(facts: CardFacts) -> EngineHalf | None:
    if facts.cost is None or facts.psychic or facts.gr or facts.zone in (Zone.HYPERSPATIAL, Zone.SUPER_GR):
        return None  # 112.4: psychic and GR cards are never paid for with mana
    card_type = (facts.card_type or "").casefold()
    if "neo" in card_type:
        kind = "neo"
    elif facts.evolution or "evolution" in card_type:
        kind = "evolution"
    elif "creature" in card_type or (facts.power is not None and "spell" not in card_type):
        kind = "creature"
    else:
        kind = "spell"
    return EngineHalf(
        cost=facts.cost,
        civilizations=frozenset(facts.civilizations),
        kind=kind,
        power=facts.power or 0,
        breaks=_breaks(facts),
        speed_attacker=facts.speed_attacker,
        can_attack_players=not (facts.cant_attack or facts.cant_attack_players),
    )


def engine_card_from_facts(facts: CardFacts, copies: int) -> EngineCard:
    """CardFacts -> EngineCard; a twinpact gets both halves and both halves' civilizations in mana."""
    # 112.2a: each half is paid with its own civilizations (the top half's, not the whole card's).
    halves = [h for h in (_half(facts.twinpact_top or facts),) if h is not None]
    mana_civs = set(facts.civilizations)
    bottom = facts.twinpact_bottom
    if bottom is not None:
        mana_civs |= set(bottom.civilizations)
        half = _half(bottom)
        if half is not None:
            halves.append(half)
    starts = facts.zone == Zone.BATTLE_ZONE_AT_START or facts.start_set is not None
    return EngineCard(
        key=str(facts.id),
        name=facts.name_en or facts.name_ja,
        copies=copies,
        mana_civilizations=frozenset(mana_civs),
        mana_number=1 if facts.mana_number is None else facts.mana_number,
        halves=tuple(halves),
        starts_in_battle_zone=starts,
        seals=FORBIDDEN_SEALS if (starts and facts.forbidden) else 0,
        shield_trigger=facts.shield_trigger,
    )


@dataclass(frozen=True)
class DeckArrays:
    """The numpy tables the kernel reads (one row per distinct card)."""

    cards: tuple[EngineCard, ...]
    library: np.ndarray
    seals: int
    mana_mask: np.ndarray
    mana_num: np.ndarray
    tapped_in: np.ndarray
    key: np.ndarray
    track: np.ndarray
    min_cost: np.ndarray
    need_mask: int
    h_valid: np.ndarray
    h_cost: np.ndarray
    h_civ: np.ndarray
    h_kind: np.ndarray
    h_power: np.ndarray
    h_breaks: np.ndarray
    h_ready: np.ndarray
    h_attacks: np.ndarray
    tracked: tuple[str, ...]


def _mask(civs: Iterable[Civilization]) -> int:
    return int(CivMask.of(civs))


def compile_deck(
    cards: Sequence[EngineCard], *, key_cards: Sequence[str] = (), track_cards: Sequence[str] = ()
) -> DeckArrays:
    """Arrays for the kernel. `key_cards` (card keys) are never charged; their first cast turn is tracked, and so
    is that of `track_cards`."""
    cards = tuple(c for c in cards if c.copies > 0)
    n = len(cards)
    keys = {str(k) for k in key_cards}
    wanted = [str(k) for k in (*key_cards, *track_cards)]
    tracked = tuple(k for k in dict.fromkeys(wanted) if any(c.key == k for c in cards))
    arrays = {name: np.zeros(n, dtype=np.int64) for name in ("mana_mask", "mana_num", "tapped_in", "key", "min_cost")}
    halves = {
        name: np.zeros((n, 2), dtype=np.int64)
        for name in ("valid", "cost", "civ", "kind", "power", "breaks", "ready", "attacks")
    }
    track = np.full(n, -1, dtype=np.int64)
    library: list[int] = []
    seals = 0
    need = 0
    for i, card in enumerate(cards):
        arrays["mana_mask"][i] = _mask(card.mana_civilizations)
        arrays["mana_num"][i] = card.mana_number
        arrays["tapped_in"][i] = 1 if len(card.mana_civilizations) > 1 else 0  # 405.1
        arrays["key"][i] = 1 if card.key in keys else 0
        if card.key in tracked:
            track[i] = tracked.index(card.key)
        arrays["min_cost"][i] = min((h.cost for h in card.halves), default=99)
        for h, half in enumerate(card.halves[:2]):
            halves["valid"][i, h] = 1
            halves["cost"][i, h] = half.cost
            halves["civ"][i, h] = _mask(half.civilizations)
            halves["kind"][i, h] = KINDS[half.kind]
            halves["power"][i, h] = max(half.power, 0)
            halves["breaks"][i, h] = max(half.breaks, 1)
            halves["ready"][i, h] = 1 if half.speed_attacker else 0  # 101.2
            halves["attacks"][i, h] = 1 if half.can_attack_players else 0
            need |= _mask(half.civilizations)
        if card.starts_in_battle_zone:
            seals += card.seals * card.copies
        else:
            library.extend([i] * card.copies)
    if len(library) < seals + 10:
        raise DeckError(f"the deck has {len(library)} cards in the library: setup needs {seals + 10} (103.3)")
    return DeckArrays(
        cards=cards,
        library=np.array(library, dtype=np.int64),
        seals=seals,
        mana_mask=arrays["mana_mask"],
        mana_num=arrays["mana_num"],
        tapped_in=arrays["tapped_in"],
        key=arrays["key"],
        track=track,
        min_cost=arrays["min_cost"],
        need_mask=need,
        h_valid=halves["valid"],
        h_cost=halves["cost"],
        h_civ=halves["civ"],
        h_kind=halves["kind"],
        h_power=halves["power"],
        h_breaks=halves["breaks"],
        h_ready=halves["ready"],
        h_attacks=halves["attacks"],
        tracked=tracked,
    )
