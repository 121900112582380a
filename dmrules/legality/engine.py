"""The deck legality engine (spec section 1.5): resolved cards in, every violation out. Pure Python.

The engine never stops at the first problem: it returns all violations (sorted, deterministic), the warnings,
the zone counts and a canonical hash of the deck.
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from dmrules.cards import CardFacts
from dmrules.legality import violations as v
from dmrules.legality.rules import FormatRules, Regulation, StartSet
from dmrules.legality.violations import CardRef, Violation
from dmrules.vocabulary import DeckZone, RegulationStatus, ViolationCode, Zone

_DATA_ZONE = {DeckZone.MAIN: Zone.MAIN_DECK, DeckZone.HYPERSPATIAL: Zone.HYPERSPATIAL, DeckZone.GR: Zone.SUPER_GR}
_COPY_RULE = {DeckZone.MAIN: "100.2a", DeckZone.HYPERSPATIAL: "100.3a", DeckZone.GR: "100.4a"}
_ZONES = (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR)
_ZONE_ORDER = {zone: index for index, zone in enumerate(_ZONES)}
_CODE_ORDER = {code: index for index, code in enumerate(ViolationCode)}
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

    def zone(self, zone: DeckZone) -> tuple[tuple[CardFacts, int], ...]:
        if zone is DeckZone.MAIN:
            return self.main
        if zone is DeckZone.HYPERSPATIAL:
            return self.hyperspatial
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


def _aggregate(entries: Iterable[tuple[CardFacts, int]]) -> dict[str, tuple[CardFacts, int, int | None, bool]]:
    """name key -> (representative card, copies, override limit (None = none), override says unlimited)."""
    out: dict[str, list] = {}
    for card, count in entries:
        slot = out.get(card.name_key)
        if slot is None:
            out[card.name_key] = [card, count]
        else:
            slot[1] += count
            if card.id < slot[0].id:  # the lowest id represents the name, whatever the line order
                slot[0] = card
    return out


def deck_hash(deck: DeckInput) -> str:
    """SHA-256 over the sorted card identities per zone, so that one deck written differently hashes the same."""
    parts = []
    for zone in _ZONES:
        totals: dict[str, int] = {}
        for card, count in deck.zone(zone):
            key = str(card.id)
            totals[key] = totals.get(key, 0) + count
        for item in deck.unresolved:
            if item.zone is zone:
                key = "?" + item.written.strip()
                totals[key] = totals.get(key, 0) + item.count
        parts.append(zone.value + ":" + ",".join(f"{key}x{totals[key]}" for key in sorted(totals)))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def _copy_limit(card: CardFacts, zone: DeckZone, default: int) -> int | None:
    """The per-card exception (100.2a, 100.3a, 100.4a): the card's own text replaces the limit for that zone."""
    data_zone = _DATA_ZONE[zone]
    if card.max_copies and data_zone in card.max_copies:
        return card.max_copies[data_zone]
    return default


def _belongs_in_hyperspatial(card: CardFacts) -> bool:
    # 407.1, 314.1: psychic, dragheart and Rule Plus cards begin in the hyperspatial zone
    return card.psychic or card.dragheart or card.rule_plus or card.zone is Zone.HYPERSPATIAL


def _belongs_in_gr(card: CardFacts) -> bool:
    return card.gr or card.zone is Zone.SUPER_GR  # 408.1


def check_deck(
    deck: DeckInput,
    *,
    format_rules: FormatRules,
    regulation: Regulation | None = None,
    start_sets: tuple[StartSet, ...] = (),
) -> LegalityReport:
    found: list[Violation] = []
    warnings: list[Violation] = []
    zones = format_rules.zones
    set_of_key = {key: start_set for start_set in start_sets for key in start_set.members}

    # Inputs that are not cards at all.
    for item in deck.unresolved:
        if item.zone in _ZONE_ORDER:
            found.append(
                v.unresolved_card(
                    zone=item.zone, written=item.written, ambiguous=item.ambiguous, candidates=item.candidates
                )
            )

    per_zone = {zone: _aggregate(deck.zone(zone)) for zone in _ZONES}
    unresolved_counts = {zone: 0 for zone in _ZONES}
    for item in deck.unresolved:
        if item.zone in unresolved_counts:
            unresolved_counts[item.zone] += item.count

    # Format: zones it does not use (e.g. `original`: main deck only).
    for zone in (DeckZone.HYPERSPATIAL, DeckZone.GR):
        if zone not in zones and per_zone[zone]:
            cards = tuple(sorted((_ref(slot[0]) for slot in per_zone[zone].values()), key=_card_sort))
            found.append(
                v.zone_not_in_format(zone=zone, cards=cards, format_code=format_rules.code, start_of_game=False)
            )

    main = per_zone[DeckZone.MAIN]
    # Facts-less cards (known by name only): nothing about their kind can be checked.
    for zone in _ZONES:
        for card, _count in per_zone[zone].values():
            if not card.facts_available:
                warnings.append(v.facts_unavailable(zone=zone, card=_ref(card)))

    # 100.2, 314.3a: the main deck size; a Rule Plus card in the hyperspatial zone may change it.
    required = format_rules.main_size
    size_rule = "100.2"
    if DeckZone.HYPERSPATIAL in zones:
        delta = sum(card.deck_size_delta for card, _ in per_zone[DeckZone.HYPERSPATIAL].values() if card.rule_plus)
        if delta:
            required += delta
            size_rule = "314.3a"
    main_count = unresolved_counts[DeckZone.MAIN]
    extra = ""
    for key, (card, count) in main.items():
        start_set = set_of_key.get(key)
        physical = start_set.physical_cards(key) if start_set else 1
        main_count += count * physical
        if physical > 1:
            extra += f" {card.name_ja} counts as {physical} cards."
    if main_count != required:
        found.append(v.deck_size(count=main_count, required=required, rule=size_rule, extra=extra))

    counts = {
        DeckZone.MAIN.value: main_count,
        DeckZone.HYPERSPATIAL.value: sum(c for _, c in per_zone[DeckZone.HYPERSPATIAL].values())
        + unresolved_counts[DeckZone.HYPERSPATIAL],
        DeckZone.GR.value: sum(c for _, c in per_zone[DeckZone.GR].values()) + unresolved_counts[DeckZone.GR],
    }

    # 117.1, 407.1, 408.1, 314.1: cards in the wrong zone.
    for card, _count in main.values():
        if not card.facts_available:
            continue
        if card.rule_plus:
            found.append(v.zone_misplaced(zone=DeckZone.MAIN, card=_ref(card), reason="rule_plus", rule="314.1"))
        elif card.psychic or card.dragheart or card.zone is Zone.HYPERSPATIAL:
            found.append(
                v.zone_misplaced(zone=DeckZone.MAIN, card=_ref(card), reason="hyperspatial_card", rule="117.1")
            )
        elif _belongs_in_gr(card):
            found.append(v.zone_misplaced(zone=DeckZone.MAIN, card=_ref(card), reason="gr_card", rule="408.1"))
    if DeckZone.HYPERSPATIAL in zones:
        for card, _count in per_zone[DeckZone.HYPERSPATIAL].values():
            if card.facts_available and not _belongs_in_hyperspatial(card):
                found.append(
                    v.zone_misplaced(
                        zone=DeckZone.HYPERSPATIAL, card=_ref(card), reason="not_hyperspatial", rule="407.1"
                    )
                )
        # 100.3 (I-1): any number from 0 to 8
        if counts[DeckZone.HYPERSPATIAL.value] > format_rules.hyperspatial_max:
            found.append(
                v.hyperspatial_size(count=counts[DeckZone.HYPERSPATIAL.value], limit=format_rules.hyperspatial_max)
            )
    if DeckZone.GR in zones:
        for card, _count in per_zone[DeckZone.GR].values():
            if card.facts_available and not _belongs_in_gr(card):
                found.append(v.zone_misplaced(zone=DeckZone.GR, card=_ref(card), reason="not_gr", rule="408.1"))
        # 100.4, 408.1 (I-2): unused, or exactly 12
        gr_count = counts[DeckZone.GR.value]
        if gr_count and gr_count != format_rules.gr_size:
            found.append(v.gr_size(count=gr_count, size=format_rules.gr_size))

    # 100.2a, 100.3a, 100.4a: copies per name in each zone, with the card's own exception.
    defaults = {
        DeckZone.MAIN: format_rules.main_copies,
        DeckZone.HYPERSPATIAL: format_rules.hyperspatial_copies,
        DeckZone.GR: format_rules.gr_copies,
    }
    for zone in _ZONES:
        if zone not in zones:
            continue
        for card, count in per_zone[zone].values():
            if count <= defaults[zone] and not card.max_copies:
                continue
            limit = _copy_limit(card, zone, defaults[zone])
            if limit is not None and count > limit:
                found.append(v.copy_limit(zone=zone, card=_ref(card), count=count, limit=limit, rule=_COPY_RULE[zone]))

    # 100.5: start-of-game battle zone cards (counted inside the main deck).
    present: dict[str, list[tuple[str, CardFacts, int]]] = {}
    loose_start_cards: list[CardFacts] = []
    for key, (card, count) in main.items():
        start_set = set_of_key.get(key)
        if start_set is not None:
            present.setdefault(start_set.id, []).append((key, card, count))
        elif card.zone is Zone.BATTLE_ZONE_AT_START:
            loose_start_cards.append(card)
    if not format_rules.start_of_game_cards:
        cards = [card for members in present.values() for _, card, _ in members] + loose_start_cards
        if cards:
            refs = tuple(sorted((_ref(card) for card in cards), key=_card_sort))
            found.append(
                v.zone_not_in_format(zone=DeckZone.MAIN, cards=refs, format_code=format_rules.code, start_of_game=True)
            )
    elif present:
        duplicated = tuple(_ref(card) for members in present.values() for _, card, count in members if count > 1)
        if len(present) > 1 or duplicated:
            refs = tuple(sorted((_ref(card) for members in present.values() for _, card, _ in members), key=_card_sort))
            found.append(
                v.start_set_multiple(
                    cards=tuple(sorted(duplicated, key=_card_sort)) if len(present) == 1 else refs,
                    sets=len(present),
                    duplicated=len(present) == 1,
                )
            )
        by_id = {start_set.id: start_set for start_set in start_sets}
        for set_id, members in present.items():
            start_set = by_id[set_id]
            have = {key for key, _, _ in members}
            missing = tuple(sorted(key for key in start_set.members if key not in have))
            if missing:
                warnings.append(v.start_set_incomplete(name=start_set.name, missing=missing))

    # Hall of Fame (100.2 + the dated list): across all zones; the lower of list and card limit wins.
    if format_rules.hall_of_fame:
        if regulation is None:
            warnings.append(v.regulation_unavailable(format_code=format_rules.code))
        else:
            totals: dict[str, list] = {}
            for zone in _ZONES:
                if zone not in zones:
                    continue
                for key, (card, count) in per_zone[zone].items():
                    slot = totals.get(key)
                    if slot is None:
                        totals[key] = [card, count]
                    else:
                        slot[1] += count
            limits = regulation.limits
            for key, (card, count) in totals.items():
                limit = limits.get(key)
                if limit is not None and count > limit:
                    found.append(v.hall_of_fame(card=_ref(card), count=count, limit=limit))
            for combo in regulation.combos:
                first, second = totals.get(combo.keys[0]), totals.get(combo.keys[1])
                if first and second:
                    refs = tuple(sorted((_ref(first[0]), _ref(second[0])), key=_card_sort))
                    found.append(
                        v.premium_combo(
                            cards=refs, hyperspatial=combo.kind is RegulationStatus.PREMIUM_HYPERSPATIAL_COMBO
                        )
                    )

    found.sort(key=_violation_sort)
    warnings.sort(key=_violation_sort)
    legal = not found
    buildable = all(item.code in SIZE_CODES for item in found)
    return LegalityReport(
        legal=legal,
        buildable=buildable,
        counts=counts,
        violations=tuple(found),
        warnings=tuple(warnings),
        deck_hash=deck_hash(deck),
        format_code=format_rules.code,
        regulation_label=regulation.label if regulation is not None and format_rules.hall_of_fame else None,
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
