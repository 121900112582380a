"""Reads: formats (every game's, by game and code), the dated list in force on a date (events replayed in date order),
changes between dates, event overlays.

The core knows no game (issue 19): a list's statuses are strings, and the game (games.registry) says what they mean:
`list_limits` (a listing status -> the copies it allows), `combo_statuses` (a combo listed) and `unlisted_status`
(a card no list names). What a game builds of a list for its own checks (Duel Masters: its Regulation, the card
search's pool) is the game's (games/dm/legality.py)."""

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType

from django.db import connection, models
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from api.codes import ApplicationError, ErrorCode
from cards.selectors import version_check
from deckbuilder.cache import versioned_cache
from games import registry
from regulations.models import EventOverlay, Format, OverlayCard, OverlayCombo, RegulationEvent, RegulationEventCard


class UnknownFormat(ApplicationError):
    def __init__(self, code: str):
        super().__init__(ErrorCode.UNKNOWN_FORMAT, f"Unknown format '{code}'.", {"format": code[:64]})
        self.format_code = code


class UnknownOverlay(ApplicationError):
    def __init__(self, overlay_id: str):
        super().__init__(
            ErrorCode.UNKNOWN_OVERLAY, f"Unknown event overlay '{overlay_id}'.", {"overlay": overlay_id[:64]}
        )
        self.overlay_id = overlay_id


class OverlayPermissionDenied(ApplicationError):
    def __init__(self, overlay_id: str):
        message = f"Only the owner of the event overlay '{overlay_id}' may change or delete it."
        super().__init__(ErrorCode.PERMISSION_DENIED, message, {"overlay": overlay_id})
        self.overlay_id = overlay_id


@dataclass(frozen=True, slots=True)
class ListedCard:
    name_key: str
    card_id: int | None
    name: str  # the matched card's name, else the listed name
    status: str  # one of the game's `list_limits`
    since: date

    def as_dict(self) -> dict:
        return {"card": {"id": self.card_id, "name": self.name}, "status": str(self.status), "since": self.since}


@dataclass(frozen=True, slots=True)
class ListedCombo:
    cards: tuple[tuple[str, int | None, str], tuple[str, int | None, str]]  # (name key, card id, name) x 2
    status: str  # one of the game's `combo_statuses`
    since: date

    def as_dict(self) -> dict:
        return {
            "cards": [{"id": card_id, "name": name} for _key, card_id, name in self.cards],
            "status": str(self.status),
            "since": self.since,
        }


@dataclass(frozen=True, slots=True)
class RegulationInForce:
    format_code: str
    as_of: date
    available: bool  # a list applies and is loaded (else no list: the format applies none, or none is loaded)
    cards: tuple[ListedCard, ...]
    combos: tuple[ListedCombo, ...]
    label: str | None = None  # "<the list's format> <as_of>", when available
    effective_date: date | None = None  # the latest change in force, when available
    limits: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # name key -> copies allowed


# Replaying is cheap, but a legality check should not re-read ~300 events and the formats: every process keeps
# them (deckbuilder.cache) for the data version they were read at (one query: counts, latest ids and times).
@version_check
def data_version() -> tuple:
    """One cheap query whose answer changes whenever formats, events or their matched cards change."""
    event, card, fmt = (model._meta.db_table for model in (RegulationEvent, RegulationEventCard, Format))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT COUNT(*) FROM {event}), (SELECT MAX(imported_at) FROM {event}), "
            f"(SELECT MAX(id) FROM {event}), (SELECT COUNT(*) FROM {card}), (SELECT MAX(id) FROM {card}), "
            f"(SELECT COUNT(*) FROM {fmt}), (SELECT MAX(updated_at) FROM {fmt})"
        )
        return tuple(cursor.fetchone())


# A few versions at once: a legality check's version also names the resolver it was read with.
@versioned_cache(version=data_version, maxsize=8)
def _formats(_version) -> dict[tuple[str, str], Format]:
    """Every game's formats by (game, code), in their order (position, code)."""
    return {(fmt.game, fmt.code): fmt for fmt in Format.objects.all()}


def format_get(*, code: str, version: tuple | None = None, game: str = registry.DEFAULT_GAME) -> Format:
    """A game's format by code; rows are kept per process and re-read when the data version changes."""
    try:
        return _formats(data_version=version)[(game, code)]
    except (KeyError, TypeError):  # TypeError: a code that is no string (unhashable)
        raise UnknownFormat(str(code)) from None


def format_name(*, code: str, japanese: bool = False, game: str = registry.DEFAULT_GAME) -> str:
    """A format's display name by code (Format.display_name); an unknown code is shown as it is."""
    try:
        return format_get(code=code, game=game).display_name(japanese=japanese)
    except UnknownFormat:
        pass
    try:
        names = registry.get(game).pages.format_names.get(code)
    except ApplicationError:  # UNKNOWN_GAME
        names = None
    return (names[1] if japanese else names[0]) if names else code


def format_list(*, game: str = registry.DEFAULT_GAME) -> list[Format]:
    """A game's formats (formats are data per game, issue 19), from the per-process rows."""
    return [fmt for (fmt_game, _code), fmt in _formats().items() if fmt_game == game]


def _overlays() -> QuerySet[EventOverlay]:
    return EventOverlay.objects.select_related("base_format", "owner").prefetch_related(
        Prefetch("cards", OverlayCard.objects.select_related("card").order_by("card__name_ja", "card_id")),
        Prefetch("combos", OverlayCombo.objects.select_related("first", "second")),
    )


def overlay_get(*, overlay_id: str) -> EventOverlay:
    """One event overlay by its stable id, with its cards and combos. Raises UnknownOverlay."""
    try:
        return _overlays().get(slug=overlay_id)
    except EventOverlay.DoesNotExist:
        raise UnknownOverlay(overlay_id) from None


def overlay_check_owner(*, overlay: EventOverlay, user) -> None:
    """Only an overlay's owner may change or delete it (an overlay without owner: only in the admin)."""
    if user is None or not user.is_authenticated or overlay.owner_id is None or overlay.owner_id != user.id:
        raise OverlayPermissionDenied(overlay.slug)


def overlay_get_owned(*, overlay_id: str, user) -> EventOverlay:
    """The overlay if `user` owns it. Raises UnknownOverlay, OverlayPermissionDenied."""
    overlay = overlay_get(overlay_id=overlay_id)
    overlay_check_owner(overlay=overlay, user=user)
    return overlay


def overlay_closed_events(*, overlay: EventOverlay) -> int:
    """How many tournament events that validate against the overlay are closed: locked, or past their registration
    deadline (the lock is recorded on their next read). Such an overlay is frozen (services.overlay_update, the
    admin). Asked through the events' key to the overlay (`EventOverlay.events`, as the PROTECT of overlay_delete
    is), so this layer never imports the tournaments app."""
    closed = models.Q(locked_at__isnull=False) | models.Q(registration_deadline__lte=timezone.now())
    return overlay.events.filter(closed).count()  # the reverse of tournaments.Event.overlay


def overlay_fingerprint(*, overlay_id: str, lock: bool = False) -> str | None:
    """The SHA-256 of everything in an overlay that decides a deck's legality: its base format, card-pool cut-off,
    card statuses and combos (cards by their unique Japanese name, the catalogue's natural key, so a re-import that
    renumbers the cards keeps it). None for an unknown overlay. A locked tournament event signs it in its lock entry
    (tournaments.services.event_frozen_state), so an overlay changed afterwards shows in verify_audit_chain.
    `lock`: hold the overlay row (SELECT ... FOR UPDATE) until the transaction ends, so an edit cannot slip between
    the fingerprint and the lock (overlay_update takes the same row lock before checking the locked events)."""
    overlays = EventOverlay.objects.select_related("base_format").filter(slug=overlay_id)
    overlay = (overlays.select_for_update() if lock else overlays).first()
    if overlay is None:
        return None
    content = {
        "base_format": overlay.base_format.code,
        "card_pool_cutoff": overlay.card_pool_cutoff.isoformat() if overlay.card_pool_cutoff else None,
        "cards": sorted(OverlayCard.objects.filter(overlay=overlay).values_list("card__name_ja", "status")),
        "combos": sorted(
            OverlayCombo.objects.filter(overlay=overlay).values_list("first__name_ja", "second__name_ja", "kind")
        ),
    }
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def overlay_list(*, owner=None, base_format: str | None = None) -> QuerySet[EventOverlay]:
    """Every event overlay (they are public: players validate against them), newest first; optionally only one
    owner's, or only those over one base format. A queryset, for the caller to paginate."""
    overlays = _overlays()
    if owner is not None:
        overlays = overlays.filter(owner=owner)
    if base_format:
        overlays = overlays.filter(base_format__code=base_format)
    return overlays.order_by("-created_at", "-id")


@versioned_cache(version=data_version, maxsize=16)
def _format_events(_version, format_id: int) -> list:
    events = []
    queryset = (
        RegulationEvent.objects.filter(format_id=format_id)
        .prefetch_related("cards__card")
        .order_by("effective_date", "position", "id")
    )
    for event in queryset:
        cards = [
            # A matched card counts by its current name key (the catalogue may have been re-imported since).
            (
                row.pair,
                row.side,
                row.card.name_key if row.card else row.name_key,
                row.card_id,
                row.card.name_ja if row.card else row.listed_name,
            )
            for row in event.cards.all()
        ]
        events.append((event.effective_date, event.kind, event.status_to, cards))
    return events


def _replay(events: list, as_of: date, game: registry.Game) -> tuple[tuple[ListedCard, ...], tuple[ListedCombo, ...]]:
    """The game's statuses in force: a card event lists the card (a status of `list_limits`) or lifts it (any other,
    its `unlisted_status`); a combo event lists each pair (a status of `combo_statuses`) or lifts it."""
    limits, combo_statuses = game.lists.limits, game.lists.combo_statuses
    cards: dict[str, ListedCard] = {}
    combos: dict[tuple[str, str], ListedCombo] = {}
    for effective_date, kind, status, rows in events:
        if effective_date > as_of:
            break
        if kind == RegulationEvent.Kind.CARD:
            for _pair, _side, key, card_id, name in rows:
                if status in limits:
                    cards[key] = ListedCard(key, card_id, name, status, effective_date)
                else:
                    cards.pop(key, None)
            continue
        pairs: dict[int, list] = {}
        for pair, side, key, card_id, name in rows:
            pairs.setdefault(pair or 0, []).append((side, (key, card_id, name)))
        for members in pairs.values():
            if len(members) != 2:
                continue
            members.sort()
            first, second = members[0][1], members[1][1]
            combo_key = tuple(sorted((first[0], second[0])))
            if status in combo_statuses:
                combos[combo_key] = ListedCombo((first, second), status, effective_date)
            else:
                combos.pop(combo_key, None)
    # The strictest first (fewest copies: banned before limited), each by name.
    listed = tuple(sorted(cards.values(), key=lambda item: (limits[item.status], item.name)))
    return listed, tuple(sorted(combos.values(), key=lambda item: (item.since, item.cards[0][2])))


def regulation_in_force(
    *, format_code: str, as_of: date, version: tuple | None = None, game: str = registry.DEFAULT_GAME
) -> RegulationInForce:
    """The dated list of a game's format on a date: its events with effective_date <= as_of, replayed in order."""
    version = version or data_version()
    fmt = format_get(code=format_code, version=version, game=game)
    if not fmt.dated_list:
        return RegulationInForce(fmt.code, as_of, False, (), ())
    # A format that follows another's list (Duel Party) replays that format's events; the label names that list.
    if fmt.regulation_format:
        return replace(_in_force(fmt.game, fmt.regulation_format, as_of, data_version=version), format_code=fmt.code)
    return _in_force(fmt.game, fmt.code, as_of, data_version=version)


@versioned_cache(version=data_version, maxsize=256)
def _in_force(version, game_code: str, format_code: str, as_of: date) -> RegulationInForce:
    fmt = format_get(code=format_code, version=version, game=game_code)
    events = _format_events(fmt.id, data_version=version)
    if not events:
        return RegulationInForce(fmt.code, as_of, False, (), ())
    game = registry.get(game_code)
    cards, combos = _replay(events, as_of, game)
    last = max((*(item.since for item in cards), *(item.since for item in combos)), default=None)
    return RegulationInForce(
        fmt.code,
        as_of,
        True,
        cards,
        combos,
        label=f"{fmt.code} {as_of.isoformat()}",
        effective_date=last,
        limits=MappingProxyType({item.name_key: game.lists.limits[item.status] for item in cards}),
    )


def regulation_changes(*, format_code: str, since: date, until: date, game: str = registry.DEFAULT_GAME) -> dict:
    """What changed between two dates: cards whose status differs, combos added or removed."""
    before = regulation_in_force(format_code=format_code, as_of=since, game=game)
    after = regulation_in_force(format_code=format_code, as_of=until, game=game)
    unlisted = registry.get(game).lists.unlisted_status
    old = {item.name_key: item for item in before.cards}
    new = {item.name_key: item for item in after.cards}
    changed = []
    for key in sorted(set(old) | set(new), key=lambda k: (new.get(k) or old[k]).name):
        was, now = old.get(key), new.get(key)
        was_status = was.status if was else unlisted
        now_status = now.status if now else unlisted
        if was_status != now_status:
            item = now if now is not None else old[key]
            changed.append(
                {
                    "card": {"id": item.card_id, "name": item.name},
                    "from": str(was_status),
                    "to": str(now_status),
                    "since": now.since if now else None,
                }
            )
    old_combos = {tuple(sorted(k for k, _i, _n in c.cards)): c for c in before.combos}
    new_combos = {tuple(sorted(k for k, _i, _n in c.cards)): c for c in after.combos}
    return {
        "format": format_code,
        "from": since,
        "to": until,
        "cards": changed,
        "combos_added": [new_combos[k].as_dict() for k in new_combos if k not in old_combos],
        "combos_removed": [old_combos[k].as_dict() for k in old_combos if k not in new_combos],
    }


@dataclass(frozen=True, slots=True)
class CardRegulationEntry:
    format_code: str
    effective_date: date
    status_from: str | None
    status_to: str
    listed_name: str


def card_regulation_status(*, name_key: str, as_of: date, game: str = registry.DEFAULT_GAME) -> dict[str, str]:
    """The card's status on `as_of` in every format of the game whose dated list is loaded (from the list in force);
    a format that wants a list but has none loaded is left out rather than shown as unlisted."""
    unlisted = registry.get(game).lists.unlisted_status
    statuses = {}
    for fmt in format_list(game=game):
        if not fmt.dated_list:
            continue
        in_force = regulation_in_force(format_code=fmt.code, as_of=as_of, game=game)
        if not in_force.available:
            continue
        listed = {item.name_key: item.status for item in in_force.cards}
        statuses[fmt.code] = listed.get(name_key, unlisted)
    return statuses


def card_regulation_history(*, card_id: int, name_key: str) -> list[CardRegulationEntry]:
    """Every dated Hall of Fame event that names the card (matched to it, or listed under its name key)."""
    rows = (
        RegulationEventCard.objects.filter(event__kind=RegulationEvent.Kind.CARD)
        .filter(models.Q(card_id=card_id) | models.Q(card__isnull=True, name_key=name_key))
        .select_related("event__format")
        .order_by("event__effective_date", "event__position", "event_id")
    )
    entries, seen = [], set()
    for row in rows:
        if row.event_id in seen:
            continue
        seen.add(row.event_id)
        event = row.event
        entries.append(
            CardRegulationEntry(
                event.format.code, event.effective_date, event.status_from, event.status_to, event.listed_name
            )
        )
    return entries
