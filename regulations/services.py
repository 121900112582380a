"""Legality checks and organizers' event overlays, for every game (games.registry).

`legality_report` / `legality_reports` ask the decklist's game for its report (Duel Masters: games/dm/legality.py).
`overlay_create` / `overlay_update` / `overlay_delete` write event overlays: the base format's game resolves every
card first (`Game.lists.overlay_resolve`); nothing is stored when one is not.
"""

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils.text import slugify

from api.codes import ApplicationError, ErrorCode
from games import registry
from regulations.models import EventOverlay, OverlayCard, OverlayCombo
from regulations.selectors import (
    OverlayPermissionDenied,
    UnknownFormat,
    UnknownOverlay,
    format_get,
    overlay_check_owner,
    overlay_closed_events,
    overlay_get,
)

__all__ = [
    "UnknownFormat",
    "UnknownOverlay",
    "legality_report",
    "legality_reports",
    "legality_context",
    "report_for",
    "OverlayError",
    "OverlayPermissionDenied",
    "overlay_create",
    "overlay_update",
    "overlay_delete",
]


def legality_report(
    *,
    decklist: Any,
    format_code: str | None = None,
    as_of: date | None = None,
    overlay_id: str | None = None,
    game: str = registry.DEFAULT_GAME,
) -> dict:
    """The legality report of one decklist of a game (its default format when none is given). Raises
    UnknownFormat / UnknownOverlay."""
    the_game = registry.get(game)
    return the_game.legality_report(
        decklist=decklist, format_code=format_code or the_game.default_format, as_of=as_of, overlay_id=overlay_id
    )


def legality_reports(
    *,
    decklists: list[Any],
    format_code: str | None = None,
    as_of: date | None = None,
    overlay_id: str | None = None,
    game: str = registry.DEFAULT_GAME,
) -> list[dict]:
    """Many decklists of a game under one format/date/overlay (the game may build the context once)."""
    the_game = registry.get(game)
    return the_game.legality_reports(
        decklists=decklists, format_code=format_code or the_game.default_format, as_of=as_of, overlay_id=overlay_id
    )


def legality_context(
    *,
    format_code: str | None = None,
    as_of: date | None = None,
    overlay_id: str | None = None,
    game: str = registry.DEFAULT_GAME,
) -> Any | None:
    """The game's context for many checks (Game.legality_context), or None when it checks each decklist alone."""
    the_game = registry.get(game)
    return the_game.legality_context(
        format_code=format_code or the_game.default_format, as_of=as_of, overlay_id=overlay_id
    )


def report_for(decklist: Any, context: Any, *, include_lines: bool = True, game: str = registry.DEFAULT_GAME) -> dict:
    """One decklist against a context of its game (legality_context)."""
    return registry.get(game).context_report(decklist, context, include_lines=include_lines)


# ------------------------------------------------------------------------------------------------ event overlays


class OverlayError(ApplicationError):
    """An overlay write that cannot be done as asked (a workflow error with a stable code; nothing was stored)."""


_UNCHANGED = object()


@dataclass(frozen=True)
class _ResolvedOverlay:
    cards: tuple[tuple[int, str], ...]  # (card id, status)
    combos: tuple[tuple[int, int, str], ...]  # (first card id, second card id, kind)


def _resolve_overlay(
    *, entries: Iterable[Mapping], combos: Iterable[Mapping], game: str = registry.DEFAULT_GAME
) -> _ResolvedOverlay:
    """Every card of the entries and combos, resolved and checked by the base format's game (`Game.lists`).
    Raises OverlayError: OVERLAY_CARDS_UNRESOLVED (unknown or ambiguous names, each with its candidates),
    OVERLAY_CARD_REPEATED, OVERLAY_COMBO_SAME_CARD, OVERLAY_STATUS_INVALID."""
    cards, pairs = registry.get(game).lists.overlay_resolve(entries=list(entries), combos=list(combos))
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
    resolved = _resolve_overlay(entries=list(entries), combos=list(combos), game=fmt.game)
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
    resolved = _ResolvedOverlay((), ())
    if entries is not None or combos is not None:  # resolved by the game of the overlay's (new) base format
        game = (
            fmt.game
            if fmt is not None
            else EventOverlay.objects.filter(slug=overlay_id).values_list("game", flat=True).first()
        )
        resolved = _resolve_overlay(
            entries=list(entries or ()), combos=list(combos or ()), game=game or registry.DEFAULT_GAME
        )
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
