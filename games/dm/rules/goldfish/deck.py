"""The engine's view of a deck: per distinct card, its mana side and its one or two playable halves.

`engine_card_from_facts` is the one conversion from `CardFacts`; `EngineCard.to_dict` / `from_dict` give a
JSON form so that a queued job carries its own deck (a worker never needs the catalogue, and a run can be
repeated exactly even after the catalogue changed).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from games.dm.rules.cards import CardFacts
from games.dm.rules.goldfish import kernel as k
from games.dm.rules.goldfish.effects import data_civilization, engine_effects, filter_matches
from games.dm.rules.goldfish.kernel import ALL_SHIELDS, KIND_CREATURE, KIND_EVOLUTION, KIND_NEO, KIND_SPELL
from games.dm.rules.vocabulary import Breaker, Civilization, CivMask, Zone

FORBIDDEN_SEALS = 6  # [EXT] card text of the Forbidden start cards (spec 4.2 G02); not in the data
POWERED_STEP = 6000  # Powered Breaker: one more shield per 6000 power [EXT]
KINDS = {"creature": KIND_CREATURE, "evolution": KIND_EVOLUTION, "neo": KIND_NEO, "spell": KIND_SPELL}
MAIN, HYPERSPATIAL, GR = "main", "hyperspatial", "gr"  # where an engine card starts (100.3, 100.4)
# The unmodeled "kind" of a card whose text the effects data never read: what it does is unknown to the engine
EFFECTS_UNKNOWN = "effects_unknown"
# The card data's `facts_source` of the records whose texts the effects data parsed (the data README: its
# `source.card_text` is the repository the card data calls "tw"); the other sources' records have no text read.
EFFECTS_TEXT_SOURCE = "tw"


def effects_known(*, facts_source: str | None, has_entries: bool) -> bool:
    """Whether the effects data read the card's text: a card with entries, or a record of the parsed source (no
    entry there means no line of a kind the simulator uses)."""
    return has_entries or facts_source == EFFECTS_TEXT_SOURCE


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
    name_ja: str = ""
    zone: str = MAIN  # main | hyperspatial | gr: only main deck cards are shuffled into the library
    races: tuple[str, ...] = ()
    # Modeled effects (games.dm.rules.goldfish.effects: each a dict with `kind`, `half` and its parameters) and kinds
    # of the card's effects that the engine does not model (the card runs partly or wholly as vanilla).
    effects: tuple[dict, ...] = ()
    unmodeled: tuple[str, ...] = ()

    @property
    def in_library(self) -> bool:
        return self.zone == MAIN and not self.starts_in_battle_zone

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "name": self.name,
            "name_ja": self.name_ja,
            "zone": self.zone,
            "races": list(self.races),
            "effects": [dict(e) for e in self.effects],
            "unmodeled": list(self.unmodeled),
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
            name_ja=str(data.get("name_ja") or data.get("name", data["key"])),
            zone=str(data.get("zone", MAIN)),
            races=tuple(data.get("races", ())),
            effects=tuple(dict(e) for e in data.get("effects", ())),
            unmodeled=tuple(data.get("unmodeled", ())),
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
    """A playable half; psychic and GR cards get one too (they enter by effects), but are never in the library,
    so never paid for with mana (112.4)."""
    outside = facts.psychic or facts.gr or facts.zone in (Zone.HYPERSPATIAL, Zone.SUPER_GR)
    if facts.cost is None and not outside:
        return None
    card_type = (facts.card_type or "").casefold()
    if "neo" in card_type:
        kind = "neo"
    elif "aura" in card_type:
        kind = "spell"  # 310.2, 310.4: an Orega Aura is attached to a GR creature; its number is not a power
    elif facts.evolution or "evolution" in card_type:
        kind = "evolution"
    elif "creature" in card_type or (facts.power is not None and "spell" not in card_type):
        kind = "creature"
    else:
        kind = "spell"
    return EngineHalf(
        cost=facts.cost if facts.cost is not None else 0,
        civilizations=frozenset(facts.civilizations),
        kind=kind,
        power=facts.power or 0,
        breaks=_breaks(facts),
        speed_attacker=facts.speed_attacker,
        can_attack_players=not (facts.cant_attack or facts.cant_attack_players),
    )


def engine_card_from_facts(
    facts: CardFacts, copies: int, *, effects: Sequence[dict] = (), effects_known: bool = True
) -> EngineCard:
    """CardFacts -> EngineCard; a twinpact gets both halves and both halves' civilizations in mana; `effects` are
    the card's entries of the effects data (those the engine models are kept, the other kinds listed).
    `effects_known` = False: the effects data read no text of this card (it covers the cards whose facts come from
    the source whose texts it parsed), so no entry means "unknown", not "none": the card is listed with
    EFFECTS_UNKNOWN and never counted as reproduced."""
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
    zone = MAIN
    if facts.zone == Zone.SUPER_GR or facts.gr:
        zone = GR
    elif facts.zone == Zone.HYPERSPATIAL or facts.psychic:
        zone = HYPERSPATIAL
    modeled, unmodeled, halves = engine_effects(effects, halves)
    if not effects_known:
        unmodeled = (EFFECTS_UNKNOWN, *unmodeled)
    if halves and "aura" in (facts.card_type or "").casefold():
        # 310.2: an Aura used is attached to a GR creature, or you GR summon and attach it to that one; the goldfish
        # always GR summons (another attacker). The rule, not the card's text: every Orega Aura does it.
        modeled = ({"kind": "gr_summon", "half": 0, "n": 1, "rule": "310.2"}, *modeled)
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
        name_ja=facts.name_ja,
        zone=zone,
        races=tuple(facts.races),
        effects=modeled,
        unmodeled=unmodeled,
    )


@dataclass(frozen=True)
class DeckArrays:
    """The numpy tables the kernel reads (one row per distinct card)."""

    cards: tuple[EngineCard, ...]
    library: np.ndarray
    gr_zone: np.ndarray
    hyperspatial_zone: np.ndarray
    seals: int
    mana_mask: np.ndarray
    mana_num: np.ndarray
    tapped_in: np.ndarray
    key: np.ndarray
    track: np.ndarray
    min_cost: np.ndarray
    main: np.ndarray
    need_mask: int
    h_valid: np.ndarray
    h_cost: np.ndarray
    h_civ: np.ndarray
    h_kind: np.ndarray
    h_power: np.ndarray
    h_breaks: np.ndarray
    h_ready: np.ndarray
    h_attacks: np.ndarray
    fx: np.ndarray
    mt: np.ndarray
    tracked: tuple[str, ...]


def _mask(civs: Iterable[Civilization]) -> int:
    return int(CivMask.of(civs))


_MATCH = {
    "cost_reduction": k.M_REDUCE,
    "self_cost_reduction": k.M_SELF,
    "invasion": k.M_INVADE,
    "revolution_change": k.M_INVADE,
    "search": k.M_SEARCH,
    "hyperspatial": k.M_HYPER,
    "put_into_play": k.M_PUT,
    "attack_chance": k.M_CHANCE,
}


PAYMENTS = ("free_self", "bad", "alt_cost", "kirifuda_dash", "attack_chance")  # ways to pay: nothing resolves
WIN_WHENS = {
    "resolve": k.WIN_RESOLVE,
    "turn_start": k.WIN_TURN_START,
    "attack": k.WIN_ATTACK,
    "turn_end": k.WIN_TURN_END,
}
SELF_MODES = {
    "flat": k.SELF_FLAT,
    "control": k.SELF_CONTROL,
    "per_creature": k.SELF_PER_CREATURE,
    "condition": k.SELF_CONDITION,
}
CONDITIONS = {
    "always": k.COND_ALWAYS,
    "control": k.COND_CONTROL,
    "mana_count": k.COND_MANA,
    "battle_zone_and_mana_count": k.COND_BZ_AND_MANA,
    "hand_at_most": k.COND_HAND_AT_MOST,
    "hand_at_least": k.COND_HAND_AT_LEAST,
    "spells_cast_this_turn": k.COND_SPELLS,
    "total_shields_at_most": k.COND_SHIELDS_AT_MOST,
    "some_player_has_no_shields": k.COND_NO_SHIELDS,
}


def _civ_mask(names: Sequence[str]) -> int:
    """The data's civilization names ("Fire"; "Colorless" adds nothing) as a mask."""
    return _mask(c for c in (data_civilization(n) for n in names) if c is not None)


def _condition_columns(
    row: np.ndarray, mt: np.ndarray, i: int, column: int, purpose: int, condition: dict, cards: Sequence["EngineCard"]
) -> None:
    """Condition code, its number, and the cards its filter counts (the deck's cards matched once)."""
    row[column] = CONDITIONS[condition["type"]]
    row[column + 1] = condition["n"]
    for t, other in enumerate(cards):
        if filter_matches(condition.get("filter") or {}, other):
            mt[i, purpose, t] = 1


def _effect_columns(
    fx: np.ndarray, mt: np.ndarray, i: int, card: EngineCard, cards: Sequence[EngineCard], mana_civs: int
) -> None:
    """Write card i's modeled effects into its rows of fx / mt (targets are matched against the deck's cards;
    `mana_civs`: every civilization the deck's library cards can put into the mana zone)."""
    for effect in card.effects:
        h = int(effect["half"])
        if h >= len(card.halves):
            continue
        kind = effect["kind"]
        row = fx[i, h]
        if kind == "draw":
            row[k.FX_DRAW] += effect["n"]
        elif kind == "mana_boost":
            if effect.get("charger"):
                row[k.FX_CHARGER] = 1
            else:
                row[k.FX_RAMP] += effect["n"]
                row[k.FX_RAMP_TAPPED] = max(row[k.FX_RAMP_TAPPED], 1 if effect.get("tapped") else 0)
        elif kind == "cost_reduction":
            if row[k.FX_REDUCE]:
                continue  # one reduction per creature in the engine: the first listed
            wanted = effect.get("filter") or {}
            row[k.FX_REDUCE] = effect["amount"]
            row[k.FX_REDUCE_LIMIT] = effect["limit"]
            row[k.FX_REDUCE_FLOOR] = effect["floor"]
            row[k.FX_REDUCE_TYPE] = {"creature": 1, "spell": 2}.get(wanted.get("type", ""), 0)
        elif kind == "self_cost_reduction":
            if row[k.FX_SELF_MODE]:
                continue  # one own reduction per half in the engine: the first listed
            row[k.FX_SELF_REDUCE] = effect["amount"]
            row[k.FX_SELF_MODE] = SELF_MODES[effect["mode"]]
            row[k.FX_SELF_MIN] = effect.get("min", 0)
            row[k.FX_SELF_FLOOR] = effect["floor"]
            if effect["mode"] == "condition":
                row[k.FX_SELF_COND] = CONDITIONS[effect["condition"]["type"]]
                row[k.FX_SELF_MIN] = effect["condition"]["n"]
        elif kind == "search":
            if effect.get("look"):
                if row[k.FX_LOOK]:
                    continue  # one look-at-the-top search per half in the engine: the first listed
                row[k.FX_LOOK] = effect["look"]
                row[k.FX_SEARCH] = effect["n"]
            elif not row[k.FX_LOOK]:
                row[k.FX_SEARCH] += effect["n"]
        elif kind == "gr_summon":
            row[k.FX_GR] += effect["n"]
        elif kind == "hyperspatial":
            row[k.FX_HYPER] += effect["n"]
            if effect.get("mana_civs"):
                row[k.FX_HYPER_MANA] = 1
        elif kind == "put_into_play":
            row[k.FX_PUT] += effect["n"]
        elif kind == "invasion":
            row[k.FX_INVADE] = 1
        elif kind == "revolution_change":
            row[k.FX_INVADE] = 2
        elif kind == "extra_turn":
            row[k.FX_EXTRA_TURN] = 1
        elif kind == "alt_cost" and effect.get("mechanism") == "master_j_tornado":
            row[k.FX_TORNADO] = effect["total"]
            for t, other in enumerate(cards):
                if filter_matches(effect.get("filter") or {}, other) and any(h.kind != "spell" for h in other.halves):
                    mt[i, k.M_ALT, t] = 1
        elif kind in ("free_self", "bad", "alt_cost"):
            row[k.FX_ALT_MODE] = k.ALT_REDUCE if kind == "bad" else k.ALT_FIXED
            row[k.FX_ALT_COST] = effect["reduction"] if kind == "bad" else effect["cost"]
            row[k.FX_ALT_CIV] = _mask(card.halves[h].civilizations) if kind == "bad" else _civ_mask(effect["civs"])
            row[k.FX_ALT_DIES] = 1 if effect.get("dies") else 0
            always = {"type": "always", "n": 0}
            _condition_columns(row, mt, i, k.FX_ALT_COND, k.M_ALT, effect.get("condition") or always, cards)
        elif kind == "attack_chance":
            row[k.FX_CHANCE] = effect["cost"] + 1
            row[k.FX_CHANCE_CIV] = _civ_mask(effect["civs"])
        elif kind == "kirifuda_dash":
            row[k.FX_DASH] = effect["cost"] + 1
            row[k.FX_DASH_CIV] = _civ_mask(effect["civs"])
        elif kind == "win_game":
            row[k.FX_WIN_WHEN] = WIN_WHENS[effect["when"]]
            _condition_columns(row, mt, i, k.FX_WIN_COND, k.M_WIN, effect["condition"], cards)
        elif kind == "grant_speed_attacker" and effect.get("static"):
            row[k.FX_GRANT] = 1
            for t, other in enumerate(cards):
                if filter_matches(effect.get("filter") or {}, other):
                    mt[i, k.M_GRANT, t] = 1
        if kind not in ("grant_speed_attacker", "self_cost_reduction", *PAYMENTS) and not (
            kind == "win_game" and effect["when"] != "resolve"
        ):
            row[k.FX_ANY] = 1  # something resolves when the card is played
        purpose = _MATCH.get(kind)
        if purpose is not None:
            for t, other in enumerate(cards):
                if effect.get("mana_civs") and not _mask(other.mana_civilizations) & mana_civs:
                    continue  # no card of the deck can ever give a civilization of this one to the mana zone
                if filter_matches(effect.get("filter") or {}, other) or (
                    "or_filter" in effect and filter_matches(effect["or_filter"], other)
                ):
                    mt[i, purpose, t] = 1


def _matching_copies(i: int, purpose: int, mt: np.ndarray, cards: Sequence[EngineCard]) -> int:
    """How many of the deck's cards (copies; card i itself counted once less: it is the one being paid) match
    card i's filter `purpose`."""
    total = sum(other.copies for t, other in enumerate(cards) if mt[i, purpose, t] == 1)
    return total - 1 if mt[i, purpose, i] == 1 else total


def _matching_cost(i: int, mt: np.ndarray, cards: Sequence[EngineCard]) -> int:
    """The total cost of the deck's creatures (every copy, card i excluded) that card i's M_ALT row matches."""
    return sum(
        other.copies * min((h.cost for h in other.halves if h.kind != "spell"), default=0)
        for t, other in enumerate(cards)
        if t != i and mt[i, k.M_ALT, t] == 1
    )


def _reachable_cost(i: int, h: int, printed: int, fx: np.ndarray, mt: np.ndarray, cards: Sequence[EngineCard]) -> int:
    """The lowest cost the deck can pay for half h of card i with its modeled ways to pay: the printed cost, its own
    flat reduction, its own reduction while you control `min` matching creatures (or while `n` matching cards are
    in your mana zone), another way to pay (G・ゼロ, an alternative payment) whose condition counts matching cards;
    each only when the deck holds enough matching cards for the condition to ever hold. A reduction per matching
    card, B・A・D and every condition that does not count the deck's cards keep the printed cost. The charge step
    ranks the hand by this cost (503: a finisher the deck makes cheap is kept, not charged first) and a search
    prefers a card castable by it."""
    row = fx[i, h]
    cost = printed
    counted = (k.COND_CONTROL, k.COND_MANA, k.COND_BZ_AND_MANA)
    mode = row[k.FX_SELF_MODE]
    enough = _matching_copies(i, k.M_SELF, mt, cards) >= row[k.FX_SELF_MIN]
    if (
        mode == k.SELF_FLAT
        or (mode == k.SELF_CONTROL and enough)
        or (mode == k.SELF_CONDITION and row[k.FX_SELF_COND] in counted and enough)
    ):
        floor = max(int(row[k.FX_SELF_FLOOR]), 1)
        cost = max(printed - int(row[k.FX_SELF_REDUCE]), min(floor, printed))
    if row[k.FX_TORNADO] and _matching_cost(i, mt, cards) >= row[k.FX_TORNADO]:
        cost = 0  # マスターJトルネード: free once your matching creatures cost enough in total
    if row[k.FX_ALT_MODE] == k.ALT_FIXED and not row[k.FX_ALT_DIES]:
        code, n = row[k.FX_ALT_COND], row[k.FX_ALT_N]
        if code == k.COND_ALWAYS or (code in counted and _matching_copies(i, k.M_ALT, mt, cards) >= n):
            cost = min(cost, int(row[k.FX_ALT_COST]))
    return int(cost)


def compile_deck(
    cards: Sequence[EngineCard], *, key_cards: Sequence[str] = (), track_cards: Sequence[str] = ()
) -> DeckArrays:
    """Arrays for the kernel. `key_cards` (card keys) are never charged. The first-played turn of every card is
    tracked: `tracked` lists the key cards, then `track_cards`, then every other card of the deck."""
    cards = tuple(c for c in cards if c.copies > 0)
    n = len(cards)
    keys = {str(key) for key in key_cards}
    wanted = [str(key) for key in (*key_cards, *track_cards)] + [c.key for c in cards]
    tracked = tuple(key for key in dict.fromkeys(wanted) if any(c.key == key for c in cards))
    arrays = {
        name: np.zeros(n, dtype=np.int64) for name in ("mana_mask", "mana_num", "tapped_in", "key", "min_cost", "main")
    }
    halves = {
        name: np.zeros((n, 2), dtype=np.int64)
        for name in ("valid", "cost", "civ", "kind", "power", "breaks", "ready", "attacks")
    }
    fx = np.zeros((n, 2, k.N_FX), dtype=np.int64)
    mt = np.zeros((n, k.N_MATCH, n), dtype=np.int64)
    track = np.full(n, -1, dtype=np.int64)
    library: list[int] = []
    gr_zone: list[int] = []
    hyperspatial: list[int] = []
    seals = 0
    need = 0
    mana_civs = _mask(set().union(*(c.mana_civilizations for c in cards if c.in_library)))
    for i, card in enumerate(cards):
        arrays["mana_mask"][i] = _mask(card.mana_civilizations)
        arrays["mana_num"][i] = card.mana_number
        arrays["tapped_in"][i] = 1 if len(card.mana_civilizations) > 1 else 0  # 405.1
        arrays["main"][i] = 1 if card.zone == MAIN else 0
        if card.key in keys:
            arrays["key"][i] = 1
        elif any(e["kind"] in ("invasion", "revolution_change") for e in card.effects):
            arrays["key"][i] = 2  # played from the hand on attack: charged last
        elif any(h.speed_attacker and h.kind != "spell" and h.can_attack_players for h in card.halves):
            arrays["key"][i] = 3  # a speed attacker: charged after slower cards
        track[i] = tracked.index(card.key)
        for h, half in enumerate(card.halves[:2]):
            halves["valid"][i, h] = 1
            halves["cost"][i, h] = half.cost
            halves["civ"][i, h] = _mask(half.civilizations)
            halves["kind"][i, h] = KINDS[half.kind]
            halves["power"][i, h] = max(half.power, 0)
            halves["breaks"][i, h] = max(half.breaks, 1)
            halves["ready"][i, h] = 1 if half.speed_attacker else 0  # 101.2
            halves["attacks"][i, h] = 1 if half.can_attack_players else 0
            if card.zone == MAIN:
                need |= _mask(half.civilizations)
        _effect_columns(fx, mt, i, card, cards, mana_civs)
        if card.zone == GR:
            gr_zone.extend([i] * card.copies)
        elif card.zone == HYPERSPATIAL:
            hyperspatial.extend([i] * card.copies)
        elif card.starts_in_battle_zone:
            seals += card.seals * card.copies
        else:
            library.extend([i] * card.copies)
    for i, card in enumerate(cards):
        arrays["min_cost"][i] = min(
            (_reachable_cost(i, h, half.cost, fx, mt, cards) for h, half in enumerate(card.halves[:2])), default=99
        )
    if len(library) < seals + 10:
        raise DeckError(f"the deck has {len(library)} cards in the library: setup needs {seals + 10} (103.3)")
    return DeckArrays(
        cards=cards,
        library=np.array(library, dtype=np.int64),
        gr_zone=np.array(gr_zone, dtype=np.int64),
        hyperspatial_zone=np.array(hyperspatial, dtype=np.int64),
        seals=seals,
        mana_mask=arrays["mana_mask"],
        mana_num=arrays["mana_num"],
        tapped_in=arrays["tapped_in"],
        key=arrays["key"],
        track=track,
        min_cost=arrays["min_cost"],
        main=arrays["main"],
        need_mask=need,
        h_valid=halves["valid"],
        h_cost=halves["cost"],
        h_civ=halves["civ"],
        h_kind=halves["kind"],
        h_power=halves["power"],
        h_breaks=halves["breaks"],
        h_ready=halves["ready"],
        h_attacks=halves["attacks"],
        fx=fx,
        mt=mt,
        tracked=tracked,
    )


# What the engine performs, read back from the very tables the kernel dispatches on (`fx`, `mt`, the zones): a card
# is claimed to reproduce an effect kind only if its half can be played or put out and the kernel's branch for that
# kind would act in this deck (a target it may take exists, a GR zone to summon from, ...). One owner: a kind
# written to no column, or a filter that matches nothing here, is never claimed, whatever the data's label says.
def _any(deck: DeckArrays, i: int, purpose: int, among: np.ndarray) -> bool:
    return bool((deck.mt[i, purpose] * among).any())


def _creatures(deck: DeckArrays) -> np.ndarray:
    """Cards with a half that is put into the battle zone (not a spell nor a dragheart weapon / fortress)."""
    return ((deck.h_valid == 1) & (deck.h_kind != KIND_SPELL)).any(axis=1).astype(np.int64)


def _performs(deck: DeckArrays, i: int, h: int, effect: dict, zones: dict[str, np.ndarray]) -> bool:
    fx = deck.fx[i, h]
    kind = effect["kind"]
    if kind == "draw":
        return fx[k.FX_DRAW] > 0
    if kind == "mana_boost":
        return fx[k.FX_RAMP] > 0 or fx[k.FX_CHARGER] > 0
    if kind == "cost_reduction":
        return fx[k.FX_REDUCE] > 0 and _any(deck, i, k.M_REDUCE, zones["library"])
    if kind == "self_cost_reduction":
        return fx[k.FX_SELF_MODE] > 0 and (fx[k.FX_SELF_MODE] == k.SELF_FLAT or _any(deck, i, k.M_SELF, zones["all"]))
    if kind == "search":
        return fx[k.FX_SEARCH] > 0 and _any(deck, i, k.M_SEARCH, zones["library"])
    if kind == "gr_summon":
        return fx[k.FX_GR] > 0 and deck.gr_zone.size > 0
    if kind == "hyperspatial":
        return fx[k.FX_HYPER] > 0 and _any(deck, i, k.M_HYPER, zones["hyperspatial"])
    if kind == "put_into_play":
        return fx[k.FX_PUT] > 0 and _any(deck, i, k.M_PUT, zones["library"] * zones["creatures"])
    if kind in ("invasion", "revolution_change"):
        return fx[k.FX_INVADE] > 0 and _any(deck, i, k.M_INVADE, zones["creatures"])
    if kind == "extra_turn":
        return fx[k.FX_EXTRA_TURN] > 0
    if kind == "alt_cost" and effect.get("mechanism") == "master_j_tornado":
        return fx[k.FX_TORNADO] > 0 and _any(deck, i, k.M_ALT, zones["creatures"])
    if kind in ("free_self", "bad", "alt_cost"):
        return fx[k.FX_ALT_MODE] > 0
    if kind == "attack_chance":
        return fx[k.FX_CHANCE] > 0 and _any(deck, i, k.M_CHANCE, zones["creatures"])
    if kind == "kirifuda_dash":
        return fx[k.FX_DASH] > 0
    if kind == "win_game":
        return fx[k.FX_WIN_WHEN] > 0
    if kind == "grant_speed_attacker":
        if effect.get("static"):
            return fx[k.FX_GRANT] > 0 and _any(deck, i, k.M_GRANT, zones["creatures"])
        return deck.h_ready[i, h] == 1
    return False  # a kind the kernel has no branch for


def effect_claims(deck: DeckArrays) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Per card of `deck.cards`: (effect kinds the engine performs in this deck, modeled kinds it never performs
    here). A psychic, dragheart or GR card's effects count only when something of the deck puts it out, and a card
    the kernel puts out without entering the battle zone (a dragheart weapon or fortress) resolves nothing."""
    cards = deck.cards
    n = len(cards)
    library = np.array([1 if c.in_library else 0 for c in cards], dtype=np.int64)
    hyperspatial = np.array([1 if c.zone == HYPERSPATIAL else 0 for c in cards], dtype=np.int64)
    zones = {"library": library, "hyperspatial": hyperspatial, "creatures": _creatures(deck),
             "all": np.ones(n, dtype=np.int64)}  # fmt: skip
    reachable = [c.zone == MAIN for c in cards]
    performed: list[set[str]] = [set() for _ in cards]
    changed = True
    while changed:  # a GR creature or a psychic may itself put out others: until nothing new enters
        changed = False
        for i, card in enumerate(cards):
            if not reachable[i]:
                continue
            for effect in card.effects:
                h = int(effect["half"])
                outside = card.zone != MAIN and deck.h_kind[i, h] == KIND_SPELL
                if h >= 2 or deck.h_valid[i, h] == 0 or outside or effect["kind"] in performed[i]:
                    continue
                if _performs(deck, i, h, effect, zones):
                    performed[i].add(effect["kind"])
                    changed = True
                    entering = []
                    if effect["kind"] == "hyperspatial":
                        entering = [t for t in range(n) if hyperspatial[t] and deck.mt[i, k.M_HYPER, t]]
                    elif effect["kind"] == "gr_summon":
                        entering = [t for t in range(n) if cards[t].zone == GR]
                    for t in entering:
                        reachable[t] = True
    return tuple(
        (
            tuple(sorted(performed[i])),
            tuple(sorted({e["kind"] for e in card.effects} - performed[i])),
        )
        for i, card in enumerate(cards)
    )
