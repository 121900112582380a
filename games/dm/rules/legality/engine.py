"""The deck legality engine (spec section 1.5): resolved cards in, every violation out. Pure Python.

The engine never stops at the first problem: it returns all violations (sorted, deterministic), the warnings,
the zone counts and a canonical hash of the deck.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from games.dm.rules.cards import CardFacts
from games.dm.rules.deck_hash import deck_hash
from games.dm.rules.legality import violations as v
from games.dm.rules.legality.rules import (
    BLOCK_NOT_KNOWN,
    DP_CIVILIZATIONS,
    DP_DECK_SIZE,
    DP_ONE_OF_A_NAME,
    DP_PARTNER,
    IN_BLOCK,
    BlockList,
    CardPool,
    FormatRules,
    Regulation,
    StartSet,
)
from games.dm.rules.legality.violations import CardRef, Violation
from games.dm.rules.vocabulary import Civilization, DeckZone, RegulationStatus, ViolationCode, Zone

_DATA_ZONE = {
    DeckZone.MAIN: Zone.MAIN_DECK,
    DeckZone.HYPERSPATIAL: Zone.HYPERSPATIAL,
    DeckZone.GR: Zone.SUPER_GR,
    DeckZone.PARTNER: Zone.MAIN_DECK,  # the partner is a card of the deck (Duel Party)
}
_COPY_RULE = {DeckZone.MAIN: "100.2a", DeckZone.HYPERSPATIAL: "100.3a", DeckZone.GR: "100.4a"}
_ZONES = (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR, DeckZone.PARTNER)
_ZONE_ORDER: dict[str, int] = {zone: index for index, zone in enumerate(_ZONES)}
SIZE_CODES = frozenset({ViolationCode.DECK_SIZE, ViolationCode.HYPERSPATIAL_SIZE, ViolationCode.GR_SIZE})


@dataclass(frozen=True, slots=True)
class Unresolved:
    """An input line whose card could not be identified: it still counts toward its zone's size."""

    zone: DeckZone
    written: str
    count: int
    ambiguous: bool = False
    candidates: tuple[CardRef, ...] = ()


@dataclass(frozen=True, slots=True)
class DeckInput:
    """The registration: resolved cards with counts per zone (a card may appear on several lines)."""

    main: tuple[tuple[CardFacts, int], ...] = ()
    hyperspatial: tuple[tuple[CardFacts, int], ...] = ()
    gr: tuple[tuple[CardFacts, int], ...] = ()
    unresolved: tuple[Unresolved, ...] = ()
    partner: tuple[tuple[CardFacts, int], ...] = ()  # Duel Party

    def zone(self, zone: DeckZone) -> tuple[tuple[CardFacts, int], ...]:
        if zone is DeckZone.MAIN:
            return self.main
        if zone is DeckZone.HYPERSPATIAL:
            return self.hyperspatial
        if zone is DeckZone.PARTNER:
            return self.partner
        return self.gr


@dataclass(frozen=True, slots=True)
class LegalityReport:
    legal: bool
    buildable: bool  # legal but for the zone sizes: a deck still being built
    counts: dict[str, int]
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    deck_hash: str
    format_code: str
    regulation_label: str | None


def _ref(card: CardFacts) -> CardRef:
    return CardRef(card.id, card.name_ja)


_MAIN, _HYPER, _GR, _PARTNER = DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR, DeckZone.PARTNER
_Z_MAIN, _Z_HYPER, _Z_GR, _Z_START = Zone.MAIN_DECK, Zone.HYPERSPATIAL, Zone.SUPER_GR, Zone.BATTLE_ZONE_AT_START
_HYPER_COMBO = RegulationStatus.PREMIUM_HYPERSPATIAL_COMBO


def _aggregate(entries: Iterable[tuple[CardFacts, int]], ids: dict[int, int]) -> dict[str, list]:
    """name key -> [representative card, copies]; also adds the copies per card id (for the hash) to `ids`."""
    out: dict[str, list] = {}
    for card, count in entries:
        ids[card.id] = ids.get(card.id, 0) + count
        slot = out.get(card.name_key)
        if slot is None:
            out[card.name_key] = [card, count]
        else:
            slot[1] += count
            if card.id < slot[0].id:  # the lowest id represents the name, whatever the line order
                slot[0] = card
    return out


def _hash(per_zone_ids: list[dict[int, int]], unresolved: tuple[Unresolved, ...]) -> str:
    return deck_hash(
        (
            (zone, card_id, count)
            for zone, ids in zip(_ZONES, per_zone_ids, strict=True)
            for card_id, count in ids.items()
        ),
        ((item.zone, item.written, item.count) for item in unresolved),
    )


def _copy_limit(card: CardFacts, zone: DeckZone, default: int) -> int | None:
    """The per-card exception (100.2a, 100.3a, 100.4a): the card's own text replaces the limit for that zone."""
    data_zone = _DATA_ZONE[zone]
    if card.max_copies and data_zone in card.max_copies:
        return card.max_copies[data_zone]
    return default


def _home(card: CardFacts) -> Zone:
    """Where a card begins the game. The data's start zone comes first: Zeron cards carry other supertype flags
    but begin in the battle zone and are registered in the main deck (100.5, 810.3)."""
    if card.zone is _Z_START:
        return _Z_START
    if card.rule_plus or card.psychic or card.dragheart or card.zone is _Z_HYPER:
        return _Z_HYPER  # 407.1, 314.1, 804.4, 806.4
    if card.gr or card.zone is _Z_GR:
        return _Z_GR  # 408.1, 809.2
    return _Z_MAIN


def _set_index(start_sets: tuple[StartSet, ...]) -> dict[str, StartSet]:
    """name key -> its start set (a few sets of a few cards: built per check)."""
    return {key: start_set for start_set in start_sets for key in start_set.members}


def check_deck(
    deck: DeckInput,
    *,
    format_rules: FormatRules,
    regulation: Regulation | None = None,
    start_sets: tuple[StartSet, ...] = (),
    card_pool: CardPool | None = None,
    blocks: BlockList | None = None,
) -> LegalityReport:
    """Every violation and warning of one registration. Without a `card_pool` the cards' release dates are not
    checked (a caller that has no date); the services always pass one. A format with a block rule
    (`format_rules.block_count`) reads `blocks` on the card pool's date."""
    found: list[Violation] = []
    warnings: list[Violation] = []
    zones = format_rules.zones
    uses_hyper, uses_gr, uses_partner = _HYPER in zones, _GR in zones, _PARTNER in zones
    set_of_key = _set_index(start_sets) if start_sets else {}

    per_zone_ids: list[dict[int, int]] = [{}, {}, {}, {}]
    main = _aggregate(deck.main, per_zone_ids[0])
    hyper = _aggregate(deck.hyperspatial, per_zone_ids[1])
    gr = _aggregate(deck.gr, per_zone_ids[2])
    partner = _aggregate(deck.partner, per_zone_ids[3])
    per_zone = {_MAIN: main, _HYPER: hyper, _GR: gr, _PARTNER: partner}
    unresolved_counts = {_MAIN: 0, _HYPER: 0, _GR: 0, _PARTNER: 0}

    # Inputs that are not cards at all: they still count toward their zone's size.
    for item in deck.unresolved:
        if item.zone in unresolved_counts:
            unresolved_counts[item.zone] += item.count
            found.append(
                v.unresolved_card(
                    zone=item.zone, written=item.written, ambiguous=item.ambiguous, candidates=item.candidates
                )
            )

    # Format: zones it does not use (e.g. `original`: main deck only).
    for zone, cards in ((_HYPER, hyper), (_GR, gr), (_PARTNER, partner)):
        if zone not in zones and cards:
            refs = tuple(sorted((_ref(slot[0]) for slot in cards.values()), key=_card_sort))
            found.append(v.zone_not_in_format(zone=zone, cards=refs, format_rules=format_rules, start_of_game=False))

    # 100.2, 314.3a: the main deck size; a Rule Plus card in the hyperspatial zone may change it.
    required = format_rules.main_size
    size_rule = "100.2"
    if uses_hyper:
        delta = sum(card.deck_size_delta for card, _ in hyper.values() if card.rule_plus)
        if delta:
            required += delta
            size_rule = "314.3a"
    main_count = unresolved_counts[_MAIN]
    extra = ""
    for key, (card, count) in main.items():
        start_set = set_of_key.get(key)
        physical = start_set.physical_cards(key) if start_set is not None else 1
        main_count += count * physical
        if physical > 1:
            extra += f" {card.name_ja} counts as {physical} cards."
    partner_count = unresolved_counts[_PARTNER] + sum(slot[1] for slot in partner.values())
    if uses_partner:
        # Duel Party: 60 cards, the partner included.
        if main_count + partner_count != required:
            found.append(
                v.deck_size_with_partner(count=main_count + partner_count, required=required, rule=DP_DECK_SIZE)
            )
    elif main_count != required:
        found.append(v.deck_size(count=main_count, required=required, rule=size_rule, extra=extra))
    hyper_count = unresolved_counts[_HYPER] + sum(slot[1] for slot in hyper.values())
    gr_count = unresolved_counts[_GR] + sum(slot[1] for slot in gr.values())
    counts = {"main": main_count, "hyperspatial": hyper_count, "gr": gr_count}
    if uses_partner:
        counts["partner"] = partner_count

    # 117.1, 407.1, 408.1, 314.1: cards in the wrong zone. Facts-less cards (known by name only) cannot be checked.
    for zone, cards in per_zone.items():
        for card, _count in cards.values():
            if not card.facts_available:
                warnings.append(v.facts_unavailable(zone=zone, card=_ref(card)))
    for card, _count in main.values():
        if not card.facts_available:
            continue
        home = _home(card)
        if home is _Z_HYPER:
            if card.rule_plus:
                found.append(v.zone_misplaced(zone=_MAIN, card=_ref(card), reason="rule_plus", rule="314.1"))
            else:
                found.append(v.zone_misplaced(zone=_MAIN, card=_ref(card), reason="hyperspatial_card", rule="117.1"))
        elif home is _Z_GR:
            found.append(v.zone_misplaced(zone=_MAIN, card=_ref(card), reason="gr_card", rule="408.1"))
    if uses_hyper:
        for card, _count in hyper.values():
            if card.facts_available and _home(card) is not _Z_HYPER:
                found.append(v.zone_misplaced(zone=_HYPER, card=_ref(card), reason="not_hyperspatial", rule="407.1"))
        if hyper_count > format_rules.hyperspatial_max:  # 100.3 (I-1): any number from 0 to 8
            found.append(v.hyperspatial_size(count=hyper_count, limit=format_rules.hyperspatial_max))
    if uses_gr:
        for card, _count in gr.values():
            if card.facts_available and _home(card) is not _Z_GR:
                found.append(v.zone_misplaced(zone=_GR, card=_ref(card), reason="not_gr", rule="408.1"))
        if gr_count and gr_count != format_rules.gr_size:  # 100.4, 408.1 (I-2): unused, or exactly 12
            found.append(v.gr_size(count=gr_count, size=format_rules.gr_size))

    # 100.2a, 100.3a, 100.4a: copies per name in each zone, with the card's own exception. Duel Party: one of a
    # name over the 60 cards, the partner included.
    counted_main = _merged(main, partner) if uses_partner else main
    for zone, cards, default, used in (
        (_MAIN, counted_main, format_rules.main_copies, True),
        (_HYPER, hyper, format_rules.hyperspatial_copies, uses_hyper),
        (_GR, gr, format_rules.gr_copies, uses_gr),
    ):
        if not used:
            continue
        for card, count in cards.values():
            if count <= default and not card.max_copies:
                continue
            limit = _copy_limit(card, zone, default)
            if limit is not None and count > limit:
                rule = DP_ONE_OF_A_NAME if uses_partner and zone is _MAIN else _COPY_RULE[zone]
                found.append(v.copy_limit(zone=zone, card=_ref(card), count=count, limit=limit, rule=rule))

    if uses_partner:
        _partner(partner, partner_count, main, format_rules, found)

    _start_of_game(counted_main, set_of_key, start_sets, format_rules, found, warnings)

    if card_pool is not None:
        _card_pool(deck, zones, card_pool, found, warnings)
        if format_rules.block_count:
            _blocks(deck, format_rules, blocks, card_pool.as_of, found, warnings)

    # Hall of Fame (100.2 + the dated list): across all zones; the lower of list and card limit wins.
    if format_rules.hall_of_fame:
        if regulation is None:
            warnings.append(v.regulation_unavailable(format_rules=format_rules))
        else:
            _hall_of_fame(regulation, counted_main, hyper if uses_hyper else {}, gr if uses_gr else {}, found)

    if len(found) > 1:
        found.sort(key=_violation_sort)
    if len(warnings) > 1:
        warnings.sort(key=_violation_sort)
    return LegalityReport(
        legal=not found,
        buildable=all(item.code in SIZE_CODES for item in found),
        counts=counts,
        violations=tuple(found),
        warnings=tuple(warnings),
        deck_hash=_hash(per_zone_ids, deck.unresolved),
        format_code=format_rules.code,
        regulation_label=regulation.label if regulation is not None and format_rules.hall_of_fame else None,
    )


def _start_of_game(
    main: dict[str, list],
    set_of_key: dict[str, StartSet],
    start_sets: tuple[StartSet, ...],
    format_rules: FormatRules,
    found: list[Violation],
    warnings: list[Violation],
) -> None:
    """100.5: at most one start-of-game battle zone set, counted inside the main deck.

    Sets come from the set table; a card the table does not know but whose data names a start set (CardFacts
    .start_set / start_set_size) forms a set from the data, so a new set works before the table lists it."""
    present: dict[str, list[tuple[str, CardFacts, int]]] = {}
    data_sizes: dict[str, int] = {}
    for key, (card, count) in main.items():
        start_set = set_of_key.get(key)
        if start_set is not None:
            present.setdefault(start_set.id, []).append((key, card, count))
        elif card.start_set or card.zone is _Z_START:
            set_id = "data:" + (card.start_set or key)
            data_sizes[set_id] = max(card.start_set_size, 1)
            present.setdefault(set_id, []).append((key, card, count))
    if not present:
        return
    if not format_rules.start_of_game_cards:
        refs = tuple(sorted((_ref(card) for members in present.values() for _, card, _ in members), key=_card_sort))
        found.append(v.zone_not_in_format(zone=_MAIN, cards=refs, format_rules=format_rules, start_of_game=True))
        return
    duplicated = tuple(_ref(card) for members in present.values() for _, card, count in members if count > 1)
    if len(present) > 1:
        refs = tuple(sorted((_ref(card) for members in present.values() for _, card, _ in members), key=_card_sort))
        found.append(v.start_set_multiple(cards=refs, sets=len(present), duplicated=False))
    elif duplicated:
        found.append(v.start_set_multiple(cards=tuple(sorted(duplicated, key=_card_sort)), sets=1, duplicated=True))
    by_id = {start_set.id: start_set for start_set in start_sets}
    for set_id, members in present.items():
        start_set = by_id.get(set_id)
        if start_set is not None:
            have = {key for key, _, _ in members}
            missing = tuple(sorted(key for key in start_set.members if key not in have))
            name = start_set.name
        else:
            missing_count = data_sizes[set_id] - len(members)
            missing = (f"{missing_count} more card(s) of the set",) if missing_count > 0 else ()
            name = set_id.removeprefix("data:")
        if missing:
            warnings.append(v.start_set_incomplete(name=name, missing=missing))


def _card_pool(
    deck: DeckInput, zones: frozenset[DeckZone], pool: CardPool, found: list[Violation], warnings: list[Violation]
) -> None:
    """100.2 + regulation: a card exists for a check only from its first release; an event overlay's cut-off
    narrows the pool further. A card of unknown release date is a warning, never a violation. Each card record is
    judged once (width variants of one name may have different printings)."""
    # The newest release date every card may have: the common case (all released) is one comparison per line.
    latest = pool.as_of if pool.cutoff is None or pool.as_of < pool.cutoff else pool.cutoff
    reported: set[int] = set()
    for zone, entries in ((_MAIN, deck.main), (_HYPER, deck.hyperspatial), (_GR, deck.gr), (_PARTNER, deck.partner)):
        if zone is not _MAIN and zone not in zones:
            continue  # ZONE_NOT_IN_FORMAT already names these cards
        for card, _count in entries:
            released = card.release_date
            if released is not None and released <= latest:
                continue
            if card.id in reported:
                continue
            reported.add(card.id)
            if released is None or not card.release_date_exact:
                # No dated printing, or one of no date that may be earlier than the dated ones (a promo first):
                # whether it was out on the date is not known.
                warnings.append(v.release_date_unknown(zone=zone, card=_ref(card), out_by=released))
                continue
            if released > pool.as_of:
                found.append(v.not_yet_released(zone=zone, card=_ref(card), released=released, as_of=pool.as_of))
            if pool.cutoff is not None and released > pool.cutoff:
                found.append(
                    v.card_pool_cutoff(
                        zone=zone,
                        card=_ref(card),
                        released=released,
                        cutoff=pool.cutoff,
                        overlay_id=pool.overlay_id or "",
                    )
                )


def _blocks(
    deck: DeckInput,
    format_rules: FormatRules,
    blocks: BlockList | None,
    as_of: date,
    found: list[Violation],
    warnings: list[Violation],
) -> None:
    """2ブロック (BLOCK_RULE): a card is in the pool when one of its printings carries the mark of the block in force
    on the date or of the one before it (cards of one name are one card: any printing of the name counts).

    The reading of a printing's block is BlockWindow's (rules.py), shared with the card search's `legal:`. A card
    in the window is legal; one that may be (a printing not known, or no printing at all) is a warning naming it;
    one whose printings are all known outside the window is a violation."""
    window = blocks.window(as_of, format_rules.block_count) if blocks is not None else None
    if window is None:
        warnings.append(v.block_unavailable(format_rules=format_rules, as_of=as_of))
        return
    allowed = window.allowed
    # name key -> [representative card, zone, set codes of its printings in order]
    names: dict[str, list] = {}
    for zone, entries in ((_MAIN, deck.main), (_HYPER, deck.hyperspatial), (_GR, deck.gr), (_PARTNER, deck.partner)):
        if zone is not _MAIN and zone not in format_rules.zones:
            continue  # ZONE_NOT_IN_FORMAT already names these cards
        for card, _count in entries:
            slot = names.get(card.name_key)
            if slot is None:
                slot = names[card.name_key] = [card, zone, {}]
            elif card.id < slot[0].id:
                slot[0] = card
            slot[2].update(dict.fromkeys(card.set_codes))
    for card, zone, codes in names.values():
        verdict = window.verdict(codes)
        if verdict == IN_BLOCK:
            continue
        if verdict == BLOCK_NOT_KNOWN:
            unknown = tuple(code for code in codes if window.printing(code) == BLOCK_NOT_KNOWN)
            warnings.append(
                v.block_unknown(zone=zone, card=_ref(card), blocks=allowed, sets=unknown, format_rules=format_rules)
            )
        else:
            found.append(
                v.not_in_block(zone=zone, card=_ref(card), blocks=allowed, as_of=as_of, format_rules=format_rules)
            )


def _hall_of_fame(regulation: Regulation, main: dict, hyper: dict, gr: dict, found: list) -> None:
    limits = regulation.limits
    totals: dict[str, list] = {}
    for cards in (main, hyper, gr):
        for key, (card, count) in cards.items():
            slot = totals.get(key)
            if slot is None:
                totals[key] = [card, count]
            else:
                slot[1] += count
                if card.id < slot[0].id:
                    slot[0] = card
    for key, (card, count) in totals.items():
        limit = limits.get(key)
        if limit is not None and count > limit:
            found.append(v.hall_of_fame(card=_ref(card), count=count, limit=limit))
    for combo in regulation.combos:
        first, second = totals.get(combo.keys[0]), totals.get(combo.keys[1])
        if first and second:
            refs = tuple(sorted((_ref(first[0]), _ref(second[0])), key=_card_sort))
            found.append(v.premium_combo(cards=refs, hyperspatial=combo.kind is _HYPER_COMBO))


def _merged(*zones: dict[str, list]) -> dict[str, list]:
    """name key -> [representative card, copies] over several zones (the lowest id represents the name)."""
    out: dict[str, list] = {}
    for cards in zones:
        for key, (card, count) in cards.items():
            slot = out.get(key)
            if slot is None:
                out[key] = [card, count]
            else:
                slot[1] += count
                if card.id < slot[0].id:
                    slot[0] = card
    return out


def _creature_cost(card: CardFacts) -> tuple[bool, int | None]:
    """Whether a card is a creature, and the cost of its creature side (a twinpact's creature half: Duel Party lets
    a twinpact be the partner when its creature side costs enough, whatever its spell side costs)."""
    halves = [half for half in (card.twinpact_top, card.twinpact_bottom) if half is not None] or [card]
    costs = [half.cost for half in halves if _is_creature(half)]
    if not costs:
        return False, None
    known = [cost for cost in costs if cost is not None]
    return True, max(known) if known else None


def _is_creature(card: CardFacts) -> bool:
    return "creature" in (card.card_type or "").casefold() or "クリーチャー" in (card.card_type_ja or "")


def _partner(
    partner: dict[str, list], count: int, main: dict[str, list], format_rules: FormatRules, found: list[Violation]
) -> None:
    """Duel Party: exactly one partner, a creature of cost 5 or more that belongs in the deck; every card of the deck
    has only civilizations of the partner (a card with none, zero-civilization, fits every partner)."""
    min_cost = format_rules.partner_min_cost
    refs = tuple(sorted((_ref(slot[0]) for slot in partner.values()), key=_card_sort))
    if count == 0:
        found.append(v.partner_invalid(reason="missing", rule=DP_PARTNER, cards=(), min_cost=min_cost))
        return
    if count > 1:
        found.append(v.partner_invalid(reason="several", rule=DP_PARTNER, cards=refs, min_cost=min_cost, count=count))
        return
    if not partner:  # the one partner line is an unknown card: UNKNOWN_CARD already says so
        return
    ((card, _count),) = partner.values()
    if not card.facts_available:  # known by name only: FACTS_UNAVAILABLE already says so
        return
    creature, cost = _creature_cost(card)
    # A card that cannot be a partner at all gives no civilizations to check against; a creature that costs too
    # little still does (the player keeps its civilizations with another partner).
    if _home(card) is not _Z_MAIN:
        found.append(v.partner_invalid(reason="not_in_deck", rule=DP_PARTNER, cards=refs, min_cost=min_cost))
        return
    if not creature:
        found.append(v.partner_invalid(reason="not_creature", rule=DP_PARTNER, cards=refs, min_cost=min_cost))
        return
    if cost is None or cost < min_cost:
        found.append(
            v.partner_invalid(reason="low_cost", rule=DP_PARTNER, cards=refs, min_cost=min_cost, card_cost=cost)
        )
    allowed = card.civilizations
    outside = tuple(
        sorted(
            (
                _ref(other)
                for other, _n in main.values()
                if other.facts_available and not other.civilizations <= allowed
            ),
            key=_card_sort,
        )
    )
    if outside:
        found.append(
            v.civilization_outside_partner(
                zone=_MAIN,
                cards=outside,
                partner=_ref(card),
                allowed=tuple(civ.value for civ in Civilization if civ in allowed),
                rule=DP_CIVILIZATIONS,
            )
        )


def _card_sort(card: CardRef) -> tuple:
    return (card.name, card.id if card.id is not None else -1)


def _violation_sort(item: Violation) -> tuple:
    return (
        str(item.code),
        _ZONE_ORDER.get(item.zone, -1) if item.zone else -1,
        tuple(_card_sort(card) for card in item.cards),
        item.message,
    )
