"""Legality checks and organizers' event overlays.

`legality_report` resolves the decklist's cards (the catalogue's resolver), loads the regulation in force for the
format, date and overlay, runs the pure engine and returns a JSON-ready report. `overlay_create` / `overlay_update`
/ `overlay_delete` write event overlays (every card resolved first; nothing is stored when one is not).
"""

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.text import slugify

from api.codes import ApplicationError, ErrorCode
from cards.names import name_key as normalise_name
from cards.selectors import catalogue_version
from deckbuilder.cache import versioned_cache
from games.dm.rules.cards import CardFacts
from games.dm.rules.decklist import Decklist
from games.dm.rules.legality import (
    CardPool,
    CardRef,
    DeckInput,
    FormatRules,
    Regulation,
    StartSet,
    Unresolved,
    check_deck,
    load_start_set_table,
)
from games.dm.rules.legality.engine import LegalityReport
from games.dm.rules.vocabulary import DeckZone, LineStatus, RegulationStatus
from regulations.models import EventOverlay, OverlayCard, OverlayCombo

if TYPE_CHECKING:  # imported when first used (the resolver's module loads the card catalogue's machinery)
    from games.dm.resolver import Resolver
from regulations.selectors import (
    OverlayPermissionDenied,
    UnknownFormat,
    UnknownOverlay,
    data_version,
    format_get,
    format_rules_from,
    overlay_check_owner,
    overlay_closed_events,
    overlay_get,
    overlay_regulation,
    regulation_in_force,
)

__all__ = [
    "UnknownFormat",
    "UnknownOverlay",
    "legality_report",
    "legality_reports",
    "LegalityContext",
    "OverlayError",
    "OverlayPermissionDenied",
    "overlay_create",
    "overlay_update",
    "overlay_delete",
]

_COUNTED = (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR, DeckZone.PARTNER)


def _get_resolver() -> "Resolver":
    from games.dm.resolver import get_resolver

    return get_resolver()


@dataclass(frozen=True)
class LegalityContext:
    """Everything a check needs besides the deck: built once, reused for every deck of a batch."""

    format_rules: FormatRules
    regulation: Regulation | None
    as_of: date
    overlay: dict | None
    start_sets: tuple[StartSet, ...]
    resolver: "Resolver"
    card_pool: CardPool | None = None  # cards released by the date (and by an overlay's cut-off)
    # Resolutions by written name: one batch of decklists repeats the same names many times.
    resolutions: dict = field(default_factory=dict, compare=False)

    def resolve(self, written):
        resolution = self.resolutions.get(written)
        if resolution is None:
            resolution = self.resolver.resolve(written)
            if len(self.resolutions) < 20_000:
                self.resolutions[written] = resolution
        return resolution


@versioned_cache(version=catalogue_version, maxsize=2)
def _start_sets(_version, resolver) -> tuple[StartSet, ...]:
    """The 100.5 set table with member names turned into name keys (by the resolver; else the normalised name)."""
    sets = []
    for entry in load_start_set_table():
        members = {}
        for member in entry["members"]:
            resolution = resolver.resolve(member["name"])
            key = resolution.card.name_key if resolution.status == "ok" else normalise_name(member["name"])
            members[key] = member.get("physical_cards", 1)
        sets.append(StartSet(id=entry["id"], name=entry["name"], members=members))
    return tuple(sets)


def start_set_of(*, card: CardFacts) -> str | None:
    """The 100.5 start-of-game set a card belongs to, by the same table the legality check uses (else the data's
    own `start_set`): the one answer for legality, odds and goldfish set-up."""
    for start_set in _start_sets(_get_resolver()):
        if card.name_key in start_set.members:
            return start_set.id
    return card.start_set


def legality_context(*, format_code: str = "advance", as_of: date | None = None, overlay_id: str | None = None):
    """Raises UnknownFormat / UnknownOverlay (workflow errors)."""
    as_of = as_of or timezone.localdate()
    overlay_info = None
    resolver = _get_resolver()
    # The resolver is rebuilt when the catalogue changes: the list's name keys are re-read with it.
    version = (*data_version(), id(resolver))
    if overlay_id:
        overlay = overlay_get(overlay_id=overlay_id)
        fmt = overlay.base_format  # an overlay names its own base format
    else:
        overlay = None
        fmt = format_get(code=format_code, version=version)
    in_force = regulation_in_force(format_code=fmt.code, as_of=as_of, version=version)
    regulation = in_force.regulation
    rules = format_rules_from(fmt)
    card_pool = CardPool(as_of=as_of)
    if overlay is not None:
        regulation, overlay_info = overlay_regulation(overlay=overlay, base=regulation)
        rules = replace(rules, hall_of_fame=True)  # the organiser's statuses apply even over `unrestricted`
        card_pool = CardPool(as_of=as_of, cutoff=overlay.card_pool_cutoff, overlay_id=overlay.slug)
    return LegalityContext(
        format_rules=rules,
        regulation=regulation,
        as_of=as_of,
        overlay=overlay_info,
        start_sets=_start_sets(resolver),
        resolver=resolver,
        card_pool=card_pool,
    )


def _candidate(candidate) -> dict:
    return {"id": candidate.id, "name_ja": candidate.name_ja, "name_en": candidate.name_en}


def report_for(decklist: Decklist, context: LegalityContext, *, include_lines: bool = True) -> dict:
    """One deck against a prepared context (`include_lines=False` leaves out the per-line status list).

    Every line is read by games.dm.resolver.decklist_read (the one reading path of the API, imports and the CLI): a
    card counts in its zone (its own zone when no heading placed it), an unknown or ambiguous line counts in the
    zone it was written in and is a violation, headings and ignored lines are listed and count nowhere."""
    from games.dm.resolver import decklist_read, read_line_json

    zones: dict[DeckZone, list] = {zone: [] for zone in _COUNTED}
    unresolved: list[Unresolved] = []
    read = decklist_read(decklist, resolver=context.resolver)
    card_status = LineStatus.CARD
    for row in read:
        if row.zone is None or row.count is None:  # headings and notes never count
            continue
        cards = zones.get(row.zone)
        if cards is None:  # nor does "considering"
            continue
        if row.status is card_status and row.card is not None:
            cards.append((row.card, row.count))
        elif row.unresolved:
            unresolved.append(
                Unresolved(
                    zone=row.zone,
                    written=row.written,
                    count=row.count,
                    ambiguous=row.status == LineStatus.AMBIGUOUS,
                    candidates=tuple(CardRef(c.id, c.name_ja) for c in row.candidates[:5]),
                )
            )
    deck = DeckInput(
        main=tuple(zones[DeckZone.MAIN]),
        hyperspatial=tuple(zones[DeckZone.HYPERSPATIAL]),
        gr=tuple(zones[DeckZone.GR]),
        partner=tuple(zones[DeckZone.PARTNER]),
        unresolved=tuple(unresolved),
    )
    report = check_deck(
        deck,
        format_rules=context.format_rules,
        regulation=context.regulation,
        start_sets=context.start_sets,
        card_pool=context.card_pool,
    )
    lines = [read_line_json(row) for row in read] if include_lines else None
    return report_to_dict(report, context=context, lines=lines, decklist=decklist)


def report_to_dict(report: LegalityReport, *, context: LegalityContext, lines: list | None, decklist: Decklist) -> dict:
    errors = [{"line": e.line, "text": e.text, "message": e.message} for e in decklist.errors]
    regulation = context.regulation
    out = {
        # An unreadable line may hide a card: such a deck is never vouched for.
        "legal": report.legal and not errors,
        "buildable": report.buildable and not errors,
        "format": report.format_code,
        "as_of": context.as_of.isoformat(),
        "overlay": jsonable(context.overlay),
        "regulation": {
            "label": regulation.label,
            "effective_date": regulation.effective_date.isoformat() if regulation.effective_date else None,
        }
        if report.regulation_label is not None and regulation is not None
        else None,
        "deck_hash": report.deck_hash,
        "counts": report.counts,
        "violations": [item.as_dict() for item in report.violations],
        "warnings": [item.as_dict() for item in report.warnings],
        "lines": lines,
        "errors": errors,
    }
    if lines is None:
        del out["lines"]
    return out


def jsonable(info: dict | None) -> dict | None:
    if info is None:
        return None
    return {key: value.isoformat() if isinstance(value, date) else value for key, value in info.items()}


def legality_report(
    *, decklist: Decklist, format_code: str = "advance", as_of: date | None = None, overlay_id: str | None = None
) -> dict:
    """The legality report of one decklist. Raises UnknownFormat / UnknownOverlay."""
    context = legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)
    return report_for(decklist, context)


def legality_reports(
    *, decklists: list[Decklist], format_code: str = "advance", as_of: date | None = None, overlay_id: str | None = None
) -> list[dict]:
    """Many decklists under one format/date/overlay (the batch endpoint): the context is built once."""
    context = legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)
    return [report_for(decklist, context) for decklist in decklists]


# ------------------------------------------------------------------------------------------------ event overlays


class OverlayError(ApplicationError):
    """An overlay write that cannot be done as asked (a workflow error with a stable code; nothing was stored)."""


_CARD_STATUSES = {RegulationStatus.UNRESTRICTED, RegulationStatus.LIMITED, RegulationStatus.BANNED}
_COMBO_KINDS = {RegulationStatus.PREMIUM_COMBO, RegulationStatus.PREMIUM_HYPERSPATIAL_COMBO}
_UNCHANGED = object()


@dataclass(frozen=True)
class _ResolvedOverlay:
    cards: tuple[tuple[int, str], ...]  # (card id, status)
    combos: tuple[tuple[int, int, str], ...]  # (first card id, second card id, kind)


def _problem(resolution, **where) -> dict:
    return {
        **where,
        "written": str(resolution.written),
        "status": resolution.status,
        "candidates": [_candidate(c) for c in resolution.candidates],
    }


def _resolve_overlay(*, entries: Iterable[Mapping], combos: Iterable[Mapping]) -> _ResolvedOverlay:
    """Every card of the entries and combos through the resolver. Raises OverlayError: OVERLAY_CARDS_UNRESOLVED
    (unknown or ambiguous names, each with its candidates), OVERLAY_CARD_REPEATED, OVERLAY_COMBO_SAME_CARD."""
    resolver = _get_resolver()
    problems: list[dict] = []
    cards: list[tuple[int, str]] = []
    first_entry: dict[str, int] = {}  # name key -> index of the entry that named it
    repeated: list[dict] = []
    for index, entry in enumerate(entries):
        status = RegulationStatus(entry["status"])
        if status not in _CARD_STATUSES:
            raise OverlayError(
                ErrorCode.OVERLAY_STATUS_INVALID, f"'{status}' is not a card status.", details={"index": index}
            )
        resolution = resolver.resolve(entry["card"])
        if resolution.status != "ok" or resolution.card is None:
            problems.append(_problem(resolution, field="entries", index=index))
            continue
        # Copies count by name identity (1.2.3): two spellings of one card are one entry.
        key = resolution.card.name_key
        if key in first_entry:
            repeated.append({"index": index, "first_index": first_entry[key], "card": resolution.card.name_ja})
            continue
        first_entry[key] = index
        cards.append((resolution.card.id, status.value))
    pairs: list[tuple[int, int, str]] = []
    same: list[dict] = []
    for index, combo in enumerate(combos):
        kind = RegulationStatus(combo.get("kind") or RegulationStatus.PREMIUM_COMBO)
        if kind not in _COMBO_KINDS:
            raise OverlayError(
                ErrorCode.OVERLAY_STATUS_INVALID, f"'{kind}' is not a combo kind.", details={"index": index}
            )
        sides = []
        for side, written in enumerate(combo["cards"]):
            resolution = resolver.resolve(written)
            if resolution.status != "ok" or resolution.card is None:
                problems.append(_problem(resolution, field="combos", index=index, side=side))
            else:
                sides.append(resolution.card)
        if len(sides) == 2:
            if sides[0].name_key == sides[1].name_key:
                same.append({"index": index, "card": sides[0].name_ja})
            else:
                pairs.append((sides[0].id, sides[1].id, kind.value))
    if problems:
        raise OverlayError(
            ErrorCode.OVERLAY_CARDS_UNRESOLVED,
            f"{len(problems)} card(s) of the overlay could not be identified; nothing was stored.",
            details={"cards": problems},
        )
    if repeated:
        raise OverlayError(
            ErrorCode.OVERLAY_CARD_REPEATED,
            "A card may have only one status in an overlay.",
            details={"entries": repeated},
        )
    if same:
        raise OverlayError(
            ErrorCode.OVERLAY_COMBO_SAME_CARD, "A combo needs two different cards.", details={"combos": same}
        )
    return _ResolvedOverlay(tuple(cards), tuple(pairs))


def _store_cards(overlay: EventOverlay, resolved: _ResolvedOverlay, *, replace_cards: bool, replace_combos: bool):
    from cards.models import Card

    wanted = {card_id for card_id, _status in resolved.cards} | {
        card_id for first, second, _kind in resolved.combos for card_id in (first, second)
    }
    # The resolver's index follows the catalogue; a card re-imported away in between must not reach the FK.
    if len(wanted) != Card.objects.filter(id__in=wanted).count():
        raise OverlayError(
            ErrorCode.OVERLAY_CARDS_UNRESOLVED, "The card catalogue changed during the request; try again."
        )
    if replace_cards:
        overlay.cards.all().delete()
        OverlayCard.objects.bulk_create(
            OverlayCard(overlay=overlay, card_id=card_id, status=status) for card_id, status in resolved.cards
        )
    if replace_combos:
        overlay.combos.all().delete()
        OverlayCombo.objects.bulk_create(
            OverlayCombo(overlay=overlay, first_id=first, second_id=second, kind=kind, position=position)
            for position, (first, second, kind) in enumerate(resolved.combos)
        )


def _new_overlay_id(name: str) -> str:
    """A readable id from the name, with a random suffix so that two events of one name never share it."""
    stem = slugify(name)[:48].strip("-") or "overlay"
    return f"{stem}-{secrets.token_hex(3)}"


def overlay_create(
    *,
    owner,
    name: str,
    base_format: str,
    entries: Iterable[Mapping] = (),
    combos: Iterable[Mapping] = (),
    card_pool_cutoff: date | None = None,
    description: str = "",
    overlay_id: str | None = None,
) -> EventOverlay:
    """A new event overlay owned by `owner`. `entries`: [{"card": name or id, "status": limited|banned|unrestricted}];
    `combos`: [{"cards": [a, b], "kind": premium_combo|premium_hyperspatial_combo}]. `overlay_id` (optional) is the
    stable id players validate against; without one it is made from the name. Raises UnknownFormat, OverlayError."""
    fmt = format_get(code=base_format)
    resolved = _resolve_overlay(entries=list(entries), combos=list(combos))
    slug = overlay_id or _new_overlay_id(name)
    try:
        with transaction.atomic():
            if EventOverlay.objects.filter(slug=slug).exists():
                raise OverlayError(
                    ErrorCode.OVERLAY_ID_TAKEN, f"The overlay id '{slug}' is taken.", details={"id": slug}
                )
            overlay = EventOverlay.objects.create(
                slug=slug,
                name=name,
                game=fmt.game,
                base_format_id=fmt.id,
                card_pool_cutoff=card_pool_cutoff,
                description=description,
                owner=owner,
            )
            _store_cards(overlay, resolved, replace_cards=True, replace_combos=True)
    except IntegrityError:  # the same id created concurrently
        raise OverlayError(
            ErrorCode.OVERLAY_ID_TAKEN, f"The overlay id '{slug}' is taken.", details={"id": slug}
        ) from None
    return overlay_get(overlay_id=slug)


def _owned_for_update(*, overlay_id: str, user) -> EventOverlay:
    try:
        overlay = EventOverlay.objects.select_for_update().get(slug=overlay_id)
    except EventOverlay.DoesNotExist:
        raise UnknownOverlay(overlay_id) from None
    overlay_check_owner(overlay=overlay, user=user)
    return overlay


def _refuse_if_frozen(overlay: EventOverlay) -> None:
    """An overlay that a closed tournament event validates against is frozen: its registrations were checked and
    locked under it, and the lock entry of the event's audit trail signs its content (regulations.selectors.
    overlay_fingerprint). Closed: locked, or past the registration deadline (the lock is recorded on the next read).
    Asked through the events' key to the overlay (`EventOverlay.events`, as the PROTECT of overlay_delete does), so
    this layer never imports the tournaments app. The caller holds the overlay row lock, which the lock takes too.
    Raises OverlayError OVERLAY_LOCKED (409)."""
    frozen = overlay_closed_events(overlay=overlay)
    if frozen:
        raise OverlayError(
            ErrorCode.OVERLAY_LOCKED,
            f"{frozen} locked tournament event(s) validate against the overlay '{overlay.slug}'; it cannot change. "
            "Make a new overlay for a new event.",
            details={"events": frozen},
        )


def overlay_update(
    *,
    overlay_id: str,
    user,
    name: str | None = None,
    base_format: str | None = None,
    description: str | None = None,
    card_pool_cutoff=_UNCHANGED,
    entries: Iterable[Mapping] | None = None,
    combos: Iterable[Mapping] | None = None,
) -> EventOverlay:
    """Change an overlay (owner only). Arguments left out stay as they are; `entries` / `combos` replace the whole
    list when given; `card_pool_cutoff=None` removes the cut-off. The id never changes. Refused while a locked event
    uses the overlay (OverlayError OVERLAY_LOCKED, _refuse_if_frozen).
    Raises UnknownOverlay, OverlayPermissionDenied, UnknownFormat, OverlayError."""
    fmt = format_get(code=base_format) if base_format is not None else None
    resolved = _resolve_overlay(entries=list(entries or ()), combos=list(combos or ()))
    with transaction.atomic():
        overlay = _owned_for_update(overlay_id=overlay_id, user=user)
        _refuse_if_frozen(overlay)
        if name is not None:
            overlay.name = name
        if description is not None:
            overlay.description = description
        if fmt is not None:
            overlay.base_format_id = fmt.id
        if card_pool_cutoff is not _UNCHANGED:
            overlay.card_pool_cutoff = card_pool_cutoff
        overlay.save()
        _store_cards(overlay, resolved, replace_cards=entries is not None, replace_combos=combos is not None)
    return overlay_get(overlay_id=overlay_id)


def overlay_delete(*, overlay_id: str, user) -> None:
    """Delete an overlay (owner only). Raises UnknownOverlay, OverlayPermissionDenied, OverlayError
    (OVERLAY_IN_USE while a tournament event validates against it: the events' key PROTECTs it)."""
    with transaction.atomic():
        overlay = _owned_for_update(overlay_id=overlay_id, user=user)
        try:
            overlay.delete()
        except ProtectedError as exc:
            in_use = len(exc.protected_objects)
            raise OverlayError(
                ErrorCode.OVERLAY_IN_USE,
                f"{in_use} tournament event(s) validate against the overlay '{overlay_id}'; it cannot be deleted.",
                details={"events": in_use},
            ) from exc
