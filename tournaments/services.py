"""Tournament writes: events, frozen registrations, amendments, the audit chain, batch import, re-validation.

Every registration write locks the event row (SELECT ... FOR UPDATE; on SQLite the IMMEDIATE transaction already
serialises writers) and appends its audit entry in the same transaction, so the chain has no gaps or forks.
"""

import csv
import hashlib
import io
import json
import logging
from datetime import UTC, date, datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from api.codes import ApplicationError, ErrorCode, field_errors
from deckbuilder.budget import TimeBudget
from deckbuilder.jobs import enqueue_on_commit
from deckbuilder.spreadsheet import csv_cell_read
from decks.selectors import deck_get_owned
from decks.services import (
    DecklistRejected,
    deck_snapshot,
    snapshot_canonical_hash,
    snapshot_to_decklist,
)
from games import registry
from games.base import DecklistFormatError
from regulations.decklists import lines_check
from tournaments import signing
from tournaments.jobs import revalidation_job_fail
from tournaments.models import (
    AuditAction,
    AuditEntry,
    Event,
    Registration,
    RevalidationJob,
)
from tournaments.selectors import (
    event_legality_options,
    registration_status,
    registrations_checked,
    snapshot_from_decklist,
)
from tournaments.tasks import revalidate_event

GENESIS_HASH = "0" * 64
logger = logging.getLogger(__name__)


class NotOrganizer(ApplicationError):
    """Only the event's organizer may do this."""

    def __init__(self):
        super().__init__(ErrorCode.PERMISSION_DENIED, "Only the event's organizer can do this.")


class RegistrationClosed(ApplicationError):
    """The deadline has passed or the organizer locked the event."""

    def __init__(self):
        message = (
            "Registrations for this event are locked (deadline passed or locked by the organizer); "
            "only the organizer can amend a registration."
        )
        super().__init__(ErrorCode.REGISTRATION_CLOSED, message)


class DeckIllegal(ApplicationError):
    """The deck is not legal for the event; it can be registered only flagged illegal (`accept_illegal`)."""

    def __init__(self, report: dict):
        message = (
            "The deck is not legal for this event. Fix it, or register it flagged as illegal with accept_illegal=true."
        )
        super().__init__(ErrorCode.DECK_ILLEGAL, message, {"report": report})
        self.report = report


class ReasonRequired(ApplicationError):
    def __init__(self):
        message = "An amendment needs a reason."
        super().__init__(ErrorCode.VALIDATION_ERROR, message, field_errors(reason=(message, "required")))


class EventInvalid(ApplicationError):
    """The event's own data contradicts itself (API: 400 with the field)."""

    def __init__(self, field: str, message: str):
        super().__init__(ErrorCode.VALIDATION_ERROR, message, field_errors(**{field: (message, "invalid")}))
        self.field = field


class CsvRejected(ApplicationError):
    def __init__(self, message: str, *, code: ErrorCode = ErrorCode.MALFORMED_CSV, details: dict | None = None):
        super().__init__(code, message, details)


class EventFull(ApplicationError):
    """The event has as many registrations as its capacity."""

    def __init__(self, capacity: int):
        message = f"The event is full: it takes at most {capacity} players."
        super().__init__(ErrorCode.EVENT_FULL, message, {"capacity": capacity})
        self.capacity = capacity


class DeckOfAnotherGame(ApplicationError):
    """The deck is of another game than the event: it cannot be registered there (a 400 on `deck_id`)."""

    def __init__(self, *, deck_game: str, event_game: str):
        deck_name, event_name = registry.get(deck_game).name_en, registry.get(event_game).name_en
        message = f"This is a {deck_name} deck; the event is a {event_name} event. Choose a {event_name} deck."
        super().__init__(ErrorCode.VALIDATION_ERROR, message, field_errors(deck_id=(message, "invalid")))
        self.deck_game, self.event_game = deck_game, event_game


class RegistrationOpen(ApplicationError):
    """The decklists cannot be published while players can still register or replace a deck: a published list
    would show the field to those still choosing theirs."""

    def __init__(self):
        message = "The decklists can be published only once the registrations are closed (deadline or lock)."
        super().__init__(ErrorCode.REGISTRATION_OPEN, message)


class DecklistsPublished(ApplicationError):
    """Once the decklists are published, the registrations cannot reopen: the players still to register (or to
    replace a deck) would see the whole field (the counterpart of RegistrationOpen)."""

    def __init__(self):
        message = "The decklists are published: the registrations cannot reopen."
        super().__init__(ErrorCode.DECKLISTS_PUBLISHED, message)


class EventLocked(Exception):
    """The settings can no longer change: the registrations are locked (API: 409)."""


class EventHasAuditTrail(Exception):
    """An event whose audit trail has entries cannot be deleted (the trail is append-only; API: 409)."""


# --- audit chain -------------------------------------------------------------------------------------------


def audit_entry_hash(
    *,
    prev_hash: str,
    event_id: int,
    sequence: int,
    action: str,
    registration_id: int | None,
    actor_name: str,
    payload: dict,
    created_at: datetime,
) -> str:
    """SHA-256 over the previous entry's hash and this entry's canonical JSON."""
    body = {
        "event": event_id,
        "sequence": sequence,
        "action": action,
        "registration": registration_id,
        "actor": actor_name,
        "payload": payload,
        "created_at": created_at.astimezone(UTC).isoformat(timespec="microseconds"),
    }
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((prev_hash + canonical).encode()).hexdigest()


def _audit_append(
    *, event: Event, action: AuditAction, actor, registration_id: int | None, payload: dict
) -> AuditEntry:
    """Append to the event's chain. The caller holds the event row lock (see _event_for_write)."""
    last = AuditEntry.objects.filter(event=event).order_by("-sequence").values("sequence", "entry_hash").first()
    sequence = (last["sequence"] + 1) if last else 1
    prev_hash = last["entry_hash"] if last else GENESIS_HASH
    created_at = timezone.now()
    actor_name = getattr(actor, "username", "") or ""
    payload = json.loads(json.dumps(payload, sort_keys=True))  # exactly what the JSON column will give back
    entry_hash = audit_entry_hash(
        prev_hash=prev_hash,
        event_id=event.id,
        sequence=sequence,
        action=action.value,
        registration_id=registration_id,
        actor_name=actor_name,
        payload=payload,
        created_at=created_at,
    )
    return AuditEntry.objects.create(
        event=event,
        sequence=sequence,
        registration_id_ref=registration_id,
        action=action.value,
        actor=actor if getattr(actor, "pk", None) else None,
        actor_name=actor_name,
        payload=payload,
        created_at=created_at,
        prev_hash=prev_hash,
        entry_hash=entry_hash,
        signature=signing.entry_sign(entry_hash),
        key_id=signing.key_id(),
    )


def registration_digest(registration: Registration, *, owner: int | None = None) -> str:
    """SHA-256 over what a registration's verdict rests on beyond its deck hash: its owner (account id, or `owner`
    instead, and name), its status and its stored legality report. Signed in its own entries (`digest`, with `owner`)
    and in the lock entry (`registration_digests`: {id: {"owner", "digest"}}), so an owner reassigned or a report
    rewritten in the database shows in verify."""
    body = {
        "player_id": registration.player_id if owner is None else owner,
        "player": registration.player_name,
        "deck_hash": registration.deck_hash,
        "status": registration.status,
        "report": registration.legality_report,
    }
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _digest_now(registration: Registration, signed_owner) -> str:
    """The registration's digest as verify sees it: an owner whose account was deleted since is null (Registration.
    player: SET_NULL), which stands for the signed owner only when that account is gone."""
    owner = None
    if registration.player_id is None and isinstance(signed_owner, int):
        if not get_user_model().objects.filter(id=signed_owner).exists():
            owner = signed_owner
    return registration_digest(registration, owner=owner)


# The entries whose payload states a registration's current deck (its snapshot hash) and status.
_REGISTRATION_WRITES = {
    AuditAction.SUBMIT.value,
    AuditAction.REPLACE.value,
    AuditAction.AMEND.value,
    AuditAction.IMPORT.value,
}


def audit_chain_verify(*, event_id: int | None = None, heads: list[dict] | None = None) -> list[dict]:
    """Every problem with the audit trail (of one event or all): [] when intact.

    - the chain: sequence, prev_hash and every entry's hash recomputed from its content;
    - the signatures: each entry hash signed with the audit key (tournaments/signing.py). Whoever rewrites the
      table and recomputes the hashes (triggers dropped, `session_replication_role = replica`) cannot re-sign;
    - the registrations: each live registration's snapshot must give its stored hash, and its hash, status and
      player must be those of its last audit entry (a snapshot edited in place is caught); a registration whose
      last entry is a withdrawal, or an entry's registration that is gone without one, is reported;
    - the lock (_lock_check): an event unlocked in the database, an open-event write after the lock, a change
      after the lock to what the lock entry signed (game, publication flag, format, regulation date, overlay and its
      content, name, ...) or to the registrations its lock hash signed; a locked or published event without its
      lock or publish entry (a deleted tail or trail), and a publish entry on an unpublished event;
    - each registration's owner and stored legality report against its last signed digest (registration_digest);
    - `heads`: chain heads published earlier ({"event", "count", "hash", "signature"}, as `selectors.audit_head`
      gives them): the entry at that count must still carry that hash, so a truncated tail is caught.
    """
    problems = []
    events = Event.objects.all() if event_id is None else Event.objects.filter(id=event_id)
    heads_by_event: dict[int, list[dict]] = {}
    for head in heads or []:
        heads_by_event.setdefault(int(head["event"]), []).append(head)
    known_keys = signing.verification_keys()
    for event in events.order_by("id"):
        prev_hash = GENESIS_HASH
        expected_sequence = 1
        entries = list(AuditEntry.objects.filter(event=event).order_by("sequence"))
        for entry in entries:
            where = {"event": event.id, "sequence": entry.sequence, "entry": entry.id}
            if entry.sequence != expected_sequence:
                problems.append({**where, "problem": f"sequence gap: expected {expected_sequence}"})
            if entry.prev_hash != prev_hash:
                problems.append({**where, "problem": "prev_hash does not match the previous entry's hash"})
            recomputed = audit_entry_hash(
                prev_hash=entry.prev_hash,
                event_id=entry.event_id,
                sequence=entry.sequence,
                action=entry.action,
                registration_id=entry.registration_id_ref,
                actor_name=entry.actor_name,
                payload=entry.payload,
                created_at=entry.created_at,
            )
            if recomputed != entry.entry_hash:
                problems.append({**where, "problem": "entry hash does not match its content (altered entry)"})
            if not entry.signature:
                problems.append({**where, "problem": "entry is not signed"})
            elif entry.key_id not in known_keys:
                problems.append({**where, "problem": f"entry signed with an unknown key ({entry.key_id})"})
            elif not signing.entry_signature_valid(entry.entry_hash, entry.signature, signed_by=entry.key_id):
                problems.append({**where, "problem": "signature does not match the entry hash (rewritten entry)"})
            prev_hash = entry.entry_hash
            expected_sequence = entry.sequence + 1
        problems += _heads_check(event, entries, heads_by_event.get(event.id, []))
        problems += _lock_check(event, entries)
        problems += _registrations_check(event, entries)
    return problems


def _heads_check(event: Event, entries: list[AuditEntry], heads: list[dict]) -> list[dict]:
    problems = []
    by_sequence = {entry.sequence: entry for entry in entries}
    for head in heads:
        count, head_hash = int(head["count"]), str(head["hash"])
        if count == 0:  # published before the first entry: it pins nothing
            continue
        where = {"event": event.id, "sequence": count, "entry": None}
        signed_by = head.get("key_id") or None
        if head.get("signature") and not signing.entry_signature_valid(
            head_hash, head["signature"], signed_by=signed_by
        ):
            problems.append({**where, "problem": "the published head's signature is not ours (not a head we signed)"})
            continue
        entry = by_sequence.get(count)
        if entry is None:
            problems.append({**where, "problem": f"published head has {count} entries; the chain has {len(entries)}"})
        elif entry.entry_hash != head_hash:
            problems.append({**where, "entry": entry.id, "problem": "entry differs from the published head"})
    return problems


# What only an open event writes: after a lock entry and before an unlock entry, one of these means the lock was
# lifted in the database (the server then signs the new entry itself, so its signature proves nothing).
_OPEN_EVENT_WRITES = {
    AuditAction.SUBMIT.value,
    AuditAction.REPLACE.value,
    AuditAction.WITHDRAW.value,
    AuditAction.SETTINGS.value,
}


def _lock_check(event: Event, entries: list[AuditEntry]) -> list[dict]:
    """The event's lock against its chain: an event whose chain ends locked must be locked, no open-event write may
    follow a lock without an unlock entry, and the FROZEN_AT_LOCK fields signed in the last lock entry must still
    be the event's (and its overlay's content). A lock entry written before the fields were signed (no `frozen`)
    pins only the lock itself."""
    problems = []
    lock: AuditEntry | None = None
    published: AuditEntry | None = None
    written_after_lock = False  # a registration written (amended) after the last lock: its lock_hash is history
    for entry in entries:
        where = {"event": event.id, "sequence": entry.sequence, "entry": entry.id}
        if entry.action == AuditAction.PUBLISH.value:
            published = entry
        elif entry.action in _REGISTRATION_WRITES or entry.action == AuditAction.WITHDRAW.value:
            written_after_lock = True
        if entry.action == AuditAction.LOCK.value:
            written_after_lock = False
            if lock is not None:
                problems.append({**where, "problem": "locked again without an unlock entry (unlocked in the database)"})
            lock = entry
        elif entry.action == AuditAction.UNLOCK.value:
            lock = None
        elif lock is not None and entry.action in _OPEN_EVENT_WRITES:
            problems.append(
                {
                    **where,
                    "problem": f"{entry.action} after the lock without an unlock entry (unlocked in the database)",
                }
            )
    # The tail: what the event's row says happened must be in the chain (an entry deleted from the end, or the whole
    # trail, leaves the row's lock or publication without its entry), and the other way round.
    row: dict = {"event": event.id, "sequence": None, "entry": None}
    if event.decklists_published_at is not None and published is None:
        problems.append({**row, "problem": "the decklists are published but the chain has no publish entry"})
    if published is not None and event.decklists_published_at is None:
        row = {"event": event.id, "sequence": published.sequence, "entry": published.id}
        problems.append({**row, "problem": "the chain has a publish entry but the decklists are not published"})
    if lock is None:
        if event.locked_at is not None:
            row = {"event": event.id, "sequence": None, "entry": None}
            problems.append({**row, "problem": "the event is locked but its chain has no lock entry (deleted)"})
        return problems
    where = {"event": event.id, "sequence": lock.sequence, "entry": lock.id}
    if event.locked_at is None:
        problems.append({**where, "problem": "the event is open but its chain ends locked (unlocked in the database)"})
    if not written_after_lock and isinstance(lock.payload.get("lock_hash"), str):
        registrations = list(Registration.objects.filter(event=event).values_list("player_name", "deck_hash"))
        if _lock_hash(registrations) != lock.payload["lock_hash"]:
            problems.append({**where, "problem": "the registrations differ from the lock's registration hash"})
    frozen = lock.payload.get("frozen")
    if isinstance(frozen, dict):
        now = event_frozen_state(event)
        for field in FROZEN_AT_LOCK:
            if field in frozen and frozen[field] != now[field]:
                problems.append({**where, "problem": f"{field} changed after the lock"})
    return problems


def _registrations_check(event: Event, entries: list[AuditEntry]) -> list[dict]:
    problems = []
    last: dict[int, AuditEntry] = {}
    # A settings change re-checks the frozen lists under the new regulation: its entry names every registration
    # whose status it changed, which then stands for that registration's status until its next own entry.
    status_after: dict[int, str | None] = {}
    # Each registration's last signed digest (registration_digest): its own entry's, or the later lock's. A settings
    # entry re-checks the lists and stores new reports, so it voids them until the next lock or own entry.
    digests: dict[int, tuple[AuditEntry, dict]] = {}
    for entry in entries:
        if entry.action == AuditAction.SETTINGS.value:
            digests.clear()
        elif entry.action == AuditAction.LOCK.value and isinstance(entry.payload.get("registration_digests"), dict):
            digests.update({int(k): (entry, v) for k, v in entry.payload["registration_digests"].items()})
        if entry.registration_id_ref is not None and (
            entry.action in _REGISTRATION_WRITES or entry.action == AuditAction.WITHDRAW.value
        ):
            last[entry.registration_id_ref] = entry
            status_after.pop(entry.registration_id_ref, None)
            if isinstance(entry.payload.get("digest"), str):
                digests[entry.registration_id_ref] = (entry, entry.payload)
            else:  # an entry of the older form, or a withdrawal: nothing signed to compare with
                digests.pop(entry.registration_id_ref, None)
        for change in entry.payload.get("status_changes") or []:
            if isinstance(change, dict) and isinstance(change.get("registration"), int):
                status_after[change["registration"]] = change.get("to")
    for registration in Registration.objects.filter(event=event).order_by("id"):
        where = {"event": event.id, "sequence": None, "entry": None, "registration": registration.id}
        if snapshot_canonical_hash(registration.snapshot) != registration.deck_hash:
            problems.append({**where, "problem": "registration snapshot does not give its stored hash (edited)"})
        own = last.pop(registration.id, None)
        if own is None:
            problems.append({**where, "problem": "registration has no audit entry"})
            continue
        where = {**where, "sequence": own.sequence, "entry": own.id}
        if own.action == AuditAction.WITHDRAW.value:
            problems.append({**where, "problem": "registration was withdrawn but is present"})
            continue
        status = status_after.get(registration.id, own.payload.get("status"))
        stated = (own.payload.get("player"), own.payload.get("deck_hash"), status)
        if stated != (registration.player_name, registration.deck_hash, registration.status):
            problems.append({**where, "problem": "registration differs from its last audit entry"})
            continue
        signed = digests.get(registration.id)
        if signed is not None and signed[1].get("digest") != _digest_now(registration, signed[1].get("owner")):
            where = {**where, "sequence": signed[0].sequence, "entry": signed[0].id}
            problems.append(
                {**where, "problem": "registration's owner or legality report differs from its last signed digest"}
            )
    for registration_id, entry in last.items():
        if entry.action != AuditAction.WITHDRAW.value:
            where = {"event": event.id, "sequence": entry.sequence, "entry": entry.id, "registration": registration_id}
            problems.append({**where, "problem": "registration is missing without a withdrawal entry"})
    return problems


# --- events ------------------------------------------------------------------------------------------------


POINT_CAP_ELSEWHERE = "A point cap applies to GENESYS events only (leave it empty)."


def _event_options(the_game, point_cap: int | None) -> dict:
    """The game's own options of the event's checks (games.registry.Game.legality_options): the organizer's
    GENESYS `point_cap` (None: the list's default). A game that takes no point cap refuses one (VALIDATION_ERROR)."""
    if point_cap is None:
        return {}
    if "point_cap" not in the_game.legality_options:
        raise EventInvalid("point_cap", POINT_CAP_ELSEWHERE)
    if point_cap < 0:
        raise EventInvalid("point_cap", "The point cap must be 0 or more (leave it empty for the default).")
    return {"point_cap": point_cap}


def _check_overlay_game(game, overlay_id: str | None) -> None:
    """An event takes an overlay of its own game (the overlay's base format's): another game's is refused in words
    (EventInvalid on `overlay_id`) before any game reads it. An unknown one is left to the game (UNKNOWN_OVERLAY)."""
    if not overlay_id:
        return
    from regulations.models import EventOverlay

    overlay_game = EventOverlay.objects.filter(slug=overlay_id).values_list("game", flat=True).first()
    if overlay_game is not None and overlay_game != game.code:
        raise EventInvalid(
            "overlay_id",
            f"The event overlay '{overlay_id}' is for {registry.get(overlay_game).name_en}, not "
            f"{game.name_en}: choose an overlay of the event's game.",
        )


def _check_regulation(
    *, game: str, format_code: str, as_of: date, overlay_id: str | None, point_cap: int | None = None
) -> None:
    """Fail early on an unknown format or overlay of the event's game (raises UNKNOWN_FORMAT / UNKNOWN_OVERLAY) and on
    a point cap its format does not take (EventInvalid)."""
    the_game = registry.get(game)
    _check_overlay_game(the_game, overlay_id)
    options = _event_options(the_game, point_cap)
    try:
        the_game.legality_report(
            decklist=the_game.decklist(()), format_code=format_code, as_of=as_of, overlay_id=overlay_id, **options
        )
    except ApplicationError as exc:
        if options and exc.code == ErrorCode.VALIDATION_ERROR:  # the format takes no point cap (format_check)
            raise EventInvalid("point_cap", POINT_CAP_ELSEWHERE) from exc
        raise


def event_create(
    *,
    organizer,
    name: str,
    date: date,
    registration_deadline: datetime,
    format_code: str | None = None,
    regulation_date: date | None = None,
    overlay_id: str | None = None,
    publish_decklists: bool = False,
    capacity: int | None = None,
    game: str | None = None,
    point_cap: int | None = None,
) -> Event:
    """A new event of `game` (default Duel Masters) in `format_code` (default: the game's). Raises UNKNOWN_GAME,
    UNKNOWN_FORMAT, UNKNOWN_OVERLAY, EventInvalid."""
    the_game = registry.get(game)
    format_code = format_code or the_game.default_format
    regulation_date = regulation_date or date
    _check_event_dates(date=date, registration_deadline=registration_deadline)
    _check_capacity(capacity=capacity, registered=0)
    _check_regulation(
        game=the_game.code,
        format_code=format_code,
        as_of=regulation_date,
        overlay_id=overlay_id,
        point_cap=point_cap,
    )
    with transaction.atomic():
        return Event.objects.create(
            game=the_game.code,
            organizer=organizer,
            name=name,
            date=date,
            format_code=format_code,
            regulation_date=regulation_date,
            overlay_id=overlay_id or None,
            registration_deadline=registration_deadline,
            publish_decklists=publish_decklists,
            capacity=capacity,
            point_cap=point_cap,
        )


# Before 1888 Japan kept local mean time, which the time zone database gives Asia/Tokyo as +09:18:59 for such dates: an
# offset with seconds that RFC 3339 (the API's date-time format) cannot write, so the event would be answered with a
# registration deadline no client can read. No event is that old: a deadline before 1900 is refused, the one rule for
# the API, the pages and the unlock.
EARLIEST_DEADLINE_YEAR = 1900


def _check_event_dates(*, date: date, registration_deadline: datetime) -> None:
    if timezone.localtime(registration_deadline).year < EARLIEST_DEADLINE_YEAR:
        raise EventInvalid("registration_deadline", "The registration deadline must be in 1900 or later.")
    if timezone.localdate(registration_deadline) > date:
        raise EventInvalid("registration_deadline", "The registration deadline must be on or before the event date.")


def _check_capacity(*, capacity: int | None, registered: int) -> None:
    if capacity is None:
        return
    if capacity < 1:
        raise EventInvalid("capacity", "The capacity must be at least 1 (leave it empty for no limit).")
    if capacity < registered:
        raise EventInvalid("capacity", f"{registered} players are registered: the capacity cannot be lower.")


# The settings an organizer may change before the lock, and those that change which decks are legal.
EVENT_SETTINGS = (
    "name",
    "date",
    "registration_deadline",
    "capacity",
    "format_code",
    "regulation_date",
    "overlay_id",
    "point_cap",
    "publish_decklists",
)
_REGULATION_SETTINGS = {"format_code", "regulation_date", "overlay_id", "point_cap"}


def event_update(*, event_id: int, user, **changes) -> Event:
    """Change the event's settings (keys of EVENT_SETTINGS) while the registrations are not locked.

    A change of format, regulation date or overlay re-checks every registration against the new regulation (the
    frozen decklists stay; their report and status follow the event). The audit trail records every changed setting
    (old and new) and every registration whose status changed. Raises EventLocked, NotOrganizer, EventInvalid,
    UnknownFormat, UnknownOverlay."""
    unknown = set(changes) - set(EVENT_SETTINGS)
    if unknown:
        raise TypeError(f"not an event setting: {', '.join(sorted(unknown))}")
    event_lock_if_due(event_id=event_id)
    with transaction.atomic():
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        if event.locked_at is not None:
            raise EventLocked()
        if "overlay_id" in changes:
            changes["overlay_id"] = changes["overlay_id"] or None
        changed = {key: value for key, value in changes.items() if getattr(event, key) != value}
        if not changed:
            return event
        before = {key: getattr(event, key) for key in changed}
        for key, value in changed.items():
            setattr(event, key, value)
        _check_event_dates(date=event.date, registration_deadline=event.registration_deadline)
        registrations = list(Registration.objects.filter(event=event).order_by("player_name"))
        _check_capacity(capacity=event.capacity, registered=len(registrations))
        if _REGULATION_SETTINGS & set(changed):
            _check_regulation(
                game=event.game,
                format_code=event.format_code,
                as_of=event.regulation_date,
                overlay_id=event.overlay_id,
                point_cap=event.point_cap,
            )
        event.save(update_fields=list(changed))
        status_changes = _registrations_recheck(event, registrations) if _REGULATION_SETTINGS & set(changed) else []
        _audit_append(
            event=event,
            action=AuditAction.SETTINGS,
            actor=user,
            registration_id=None,
            payload={
                "changed": {key: [_setting_json(before[key]), _setting_json(value)] for key, value in changed.items()},
                "status_changes": status_changes,
            },
        )
    return event


def _setting_json(value):
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return value


def _registrations_recheck(event: Event, registrations: list[Registration]) -> list[dict]:
    """Store each registration's report under the event's (new) regulation; the players whose status changed."""
    changes = []
    for registration, report, status in registrations_checked(
        event=event, registrations=registrations, overlay_id=event.overlay_id
    ):
        if status != registration.status:
            changes.append(
                {
                    "registration": registration.id,
                    "player": registration.player_name,
                    "from": registration.status,
                    "to": status,
                }
            )
        Registration.objects.filter(id=registration.id).update(legality_report=report, status=status)
    return changes


def event_recheck(*, event_id: int, user, reason: str) -> list[dict]:
    """Re-check every registration against the event's regulation as it is now (e.g. its overlay was edited) and
    store the reports, before the lock; audited as a settings entry with the reason and the changed statuses."""
    event_lock_if_due(event_id=event_id)
    with transaction.atomic():
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        if event.locked_at is not None:
            raise EventLocked()
        registrations = list(Registration.objects.filter(event=event).order_by("player_name"))
        changes = _registrations_recheck(event, registrations)
        _audit_append(
            event=event,
            action=AuditAction.SETTINGS,
            actor=user,
            registration_id=None,
            payload={"changed": {}, "reason": reason, "status_changes": changes},
        )
    return changes


def event_unlock(*, event_id: int, user, reason: str, registration_deadline: datetime | None = None) -> Event:
    """Reopen the registrations with a reason (audited). Once the deadline has passed a new, later deadline is
    needed, else the event would lock itself again at once. Not once the decklists are published (DecklistsPublished).
    Raises ReasonRequired, EventInvalid, NotOrganizer, DecklistsPublished."""
    if not reason or not reason.strip():
        raise ReasonRequired()
    with transaction.atomic():
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        if event.locked_at is None:
            return event
        if event.decklists_published_at is not None:
            raise DecklistsPublished()
        deadline = registration_deadline or event.registration_deadline
        if deadline <= timezone.now():
            raise EventInvalid("registration_deadline", "The deadline has passed: give a new registration deadline.")
        _check_event_dates(date=event.date, registration_deadline=deadline)
        old_locked_at, old_deadline = event.locked_at, event.registration_deadline
        event.locked_at = None
        event.registration_deadline = deadline
        event.save(update_fields=["locked_at", "registration_deadline"])
        _audit_append(
            event=event,
            action=AuditAction.UNLOCK,
            actor=user,
            registration_id=None,
            payload={
                "reason": reason.strip(),
                "locked_at": _setting_json(old_locked_at),
                "registration_deadline": [_setting_json(old_deadline), _setting_json(deadline)],
            },
        )
    return event


def event_delete(*, event_id: int, user) -> None:
    """Delete an event nobody ever registered for. Once its audit trail has an entry the event stays (the trail is
    append-only and refers to it): raises EventHasAuditTrail; lock it instead."""
    with transaction.atomic():
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        if AuditEntry.objects.filter(event=event).exists():
            raise EventHasAuditTrail()
        event.delete()


def _event_for_write(event_id: int) -> Event:
    return Event.objects.select_for_update().get(id=event_id)


def _require_organizer(event: Event, user) -> None:
    if not getattr(user, "is_authenticated", False) or event.organizer_id != user.id:
        raise NotOrganizer()


def event_is_open(event: Event, *, now: datetime | None = None) -> bool:
    return event.locked_at is None and (now or timezone.now()) < event.registration_deadline


# What an event's verdicts depend on (house style 3: every legality question takes the format, the date and the
# overlay), and its name and capacity as players saw them. The lock entry signs them, so a change made in the
# database after the lock shows in verify_audit_chain (_lock_check); the services refuse every such change while
# locked (event_update: EventLocked; regulations.services.overlay_update: OVERLAY_LOCKED).
FROZEN_AT_LOCK = (
    "game",
    "publish_decklists",
    "name",
    "date",
    "format_code",
    "regulation_date",
    "capacity",
    "registration_deadline",
    "overlay_id",
    "overlay_content",
    "point_cap",
)


def event_frozen_state(event: Event, *, lock: bool = False) -> dict:
    """The FROZEN_AT_LOCK fields of the event as JSON; `overlay_content` is the overlay's fingerprint
    (regulations.selectors.overlay_fingerprint; None without an overlay). `lock` holds the overlay row until the
    transaction ends, so an overlay edit cannot slip in between the fingerprint and the lock."""
    from regulations.selectors import overlay_fingerprint

    return {
        "game": event.game,
        "publish_decklists": event.publish_decklists,
        "name": event.name,
        "date": _setting_json(event.date),
        "format_code": event.format_code,
        "regulation_date": _setting_json(event.regulation_date),
        "capacity": event.capacity,
        "registration_deadline": _setting_json(event.registration_deadline),
        "overlay_id": event.overlay_id,
        "overlay_content": overlay_fingerprint(overlay_id=event.overlay_id, lock=lock) if event.overlay_id else None,
        "point_cap": event.point_cap,
    }


def event_lock_if_due(*, event_id: int) -> bool:
    """Record the automatic lock once the deadline has passed (idempotent; True when this call locked it).

    Called wherever registrations are read or written, so the audit trail shows the lock even when the
    organizer never locked by hand. The conditional UPDATE makes exactly one caller write the entry.
    """
    now = timezone.now()
    with transaction.atomic():
        locked = Event.objects.filter(id=event_id, locked_at__isnull=True, registration_deadline__lte=now).update(
            locked_at=F("registration_deadline")
        )
        if not locked:
            return False
        event = _event_for_write(event_id)
        _audit_append(
            event=event,
            action=AuditAction.LOCK,
            actor=None,
            registration_id=None,
            payload={**_lock_payload(event), "reason": "registration deadline passed"},
        )
    return True


def event_lock(*, event_id: int, user) -> Event:
    """Lock the registrations now (they are also closed implicitly once the deadline passed)."""
    with transaction.atomic():
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        if event.locked_at is None:
            event.locked_at = timezone.now()
            event.save(update_fields=["locked_at"])
            _audit_append(
                event=event, action=AuditAction.LOCK, actor=user, registration_id=None, payload=_lock_payload(event)
            )
    return event


def _lock_hash(registrations: list[tuple[str, str]]) -> str:
    return hashlib.sha256(json.dumps(sorted(registrations), separators=(",", ":")).encode()).hexdigest()


def _lock_payload(event: Event) -> dict:
    """What the lock entry signs: the registrations (their count and hash, and each one's digest: owner, legality
    report, status) and the event's FROZEN_AT_LOCK fields. The caller holds the event row lock."""
    registrations = list(Registration.objects.filter(event=event).order_by("id"))
    return {
        "registrations": len(registrations),
        "lock_hash": _lock_hash([(r.player_name, r.deck_hash) for r in registrations]),
        "registration_digests": {
            str(r.id): {"owner": r.player_id, "digest": registration_digest(r)} for r in registrations
        },
        "frozen": event_frozen_state(event, lock=True),
    }


def event_publish(*, event_id: int, user) -> Event:
    """Publish the decklists, once the registrations are closed (RegistrationOpen before: the deadline has not
    passed and the organizer has not locked). A passed deadline is recorded as the lock first."""
    event_lock_if_due(event_id=event_id)
    with transaction.atomic():
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        if event_is_open(event):
            raise RegistrationOpen()
        if event.decklists_published_at is None:
            event.decklists_published_at = timezone.now()
            event.save(update_fields=["decklists_published_at"])
            _audit_append(event=event, action=AuditAction.PUBLISH, actor=user, registration_id=None, payload={})
    return event


# --- registrations -----------------------------------------------------------------------------------------


def _regulation_of(event: Event) -> tuple:
    """What an event's legality report depends on (_event_report)."""
    return (event.format_code, event.regulation_date, event.overlay_id, event.point_cap)


def _event_report(event: Event, snapshot: dict) -> dict:
    """The event's game's legality report of a snapshot under the event's regulation."""
    return registry.get(event.game).legality_report(
        decklist=snapshot_to_decklist(snapshot),
        format_code=event.format_code,
        as_of=event.regulation_date,
        overlay_id=event.overlay_id,
        **event_legality_options(event),
    )


def _store(
    *, event: Event, player, player_name: str, snapshot: dict, deck=None, report: dict
) -> tuple[Registration, bool]:
    values = {
        "player": player,
        "deck": deck,
        "deck_version": deck.version if deck is not None else None,
        "snapshot": snapshot,
        "deck_hash": snapshot_canonical_hash(snapshot),
        "legality_report": report,
        "status": registration_status(report),
    }
    registration = Registration.objects.filter(event=event, player_name=player_name).first()
    if registration is None:
        return Registration.objects.create(event=event, player_name=player_name, **values), True
    for key, value in values.items():
        setattr(registration, key, value)
    registration.save()
    return registration, False


def registration_submit(*, event_id: int, user, deck_id: int, accept_illegal: bool = False) -> Registration:
    """Register (or replace) the caller's deck: a frozen snapshot, its hash and the legality report at this moment.

    An illegal deck is refused (DeckIllegal with the report) unless `accept_illegal`: it is then stored flagged
    "illegal" and listed for the organizer.
    """
    registration, _ = registration_submit_or_replace(
        event_id=event_id, user=user, deck_id=deck_id, accept_illegal=accept_illegal
    )
    return registration


def registration_submit_or_replace(
    *, event_id: int, user, deck_id: int, accept_illegal: bool = False
) -> tuple[Registration, bool]:
    """registration_submit, also telling whether THIS call created the registration (True) or replaced one.

    The answer is decided under the event row lock, so of concurrent first submissions by one player exactly one
    gets True (the API's 201); the others replace it (200). Deciding before the lock answered 201 to all of them.
    """
    deck = deck_get_owned(deck_id=deck_id, user=user)
    event_lock_if_due(event_id=event_id)
    with transaction.atomic():
        event = _event_for_write(event_id)
        if not event_is_open(event):
            raise RegistrationClosed()
        if deck.game != event.game:
            raise DeckOfAnotherGame(deck_game=deck.game, event_game=event.game)
        if (
            event.capacity is not None
            and not Registration.objects.filter(event=event, player_name=user.username).exists()
        ):
            if Registration.objects.filter(event=event).count() >= event.capacity:
                raise EventFull(event.capacity)
        snapshot = deck_snapshot(deck=deck)
        report = _event_report(event, snapshot)
        if not report.get("legal") and not accept_illegal:
            raise DeckIllegal(report)
        registration, created = _store(
            event=event, player=user, player_name=user.username, snapshot=snapshot, deck=deck, report=report
        )
        _audit_append(
            event=event,
            action=AuditAction.SUBMIT if created else AuditAction.REPLACE,
            actor=user,
            registration_id=registration.id,
            payload={
                "player": registration.player_name,
                "deck_hash": registration.deck_hash,
                "status": registration.status,
                "deck_version": deck.version,
                "owner": registration.player_id,
                "digest": registration_digest(registration),
            },
        )
    return registration, created


class NotRegistrant(ApplicationError):
    """Only the registered player may withdraw their registration."""

    def __init__(self):
        super().__init__(ErrorCode.PERMISSION_DENIED, "Only the registered player can withdraw this registration.")


def registration_withdraw(*, registration_id: int, user) -> None:
    """The player withdraws their own registration before the deadline (or the organizer's lock).

    The registration row is deleted: it leaves the active list, the exports and re-validation, and the player may
    register again while registration is open. The audit trail keeps a `withdraw` entry with the player and the
    withdrawn deck's hash (entries refer to registrations by plain id, so they outlive the row). After the lock:
    RegistrationClosed, as for every other player change.
    """
    event_id = Registration.objects.filter(id=registration_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise Registration.DoesNotExist()
    event_lock_if_due(event_id=event_id)
    with transaction.atomic():
        event = _event_for_write(event_id)
        registration = Registration.objects.filter(id=registration_id).first()
        if registration is None:  # withdrawn by a concurrent request while we waited for the event lock
            raise Registration.DoesNotExist()
        if not getattr(user, "is_authenticated", False) or registration.player_id != user.id:
            raise NotRegistrant()
        if not event_is_open(event):
            raise RegistrationClosed()
        _audit_append(
            event=event,
            action=AuditAction.WITHDRAW,
            actor=user,
            registration_id=registration.id,
            payload={
                "player": registration.player_name,
                "deck_hash": registration.deck_hash,
                "status": registration.status,
            },
        )
        registration.delete()


def registration_amend(*, registration_id: int, user, reason: str, decklist) -> Registration:
    """The organizer replaces a registration's decklist (a decklist of the event's game; also after the deadline),
    with a reason for the audit."""
    if not reason or not reason.strip():
        raise ReasonRequired()
    game = Registration.objects.filter(id=registration_id).values_list("event__game", flat=True).first()
    snapshot = snapshot_from_decklist(decklist, game)
    with transaction.atomic():
        event_id = Registration.objects.filter(id=registration_id).values_list("event_id", flat=True).first()
        if event_id is None:
            raise Registration.DoesNotExist()
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        registration = Registration.objects.get(id=registration_id)
        old_hash, old_status = registration.deck_hash, registration.status
        report = _event_report(event, snapshot)
        registration, _ = _store(
            event=event,
            player=registration.player,
            player_name=registration.player_name,
            snapshot=snapshot,
            deck=None,
            report=report,
        )
        _audit_append(
            event=event,
            action=AuditAction.AMEND,
            actor=user,
            registration_id=registration.id,
            payload={
                "player": registration.player_name,
                "reason": reason.strip(),
                "old_deck_hash": old_hash,
                "deck_hash": registration.deck_hash,
                "old_status": old_status,
                "status": registration.status,
                "owner": registration.player_id,
                "digest": registration_digest(registration),
            },
        )
    return registration


CSV_COLUMNS = ("player", "decklist")
# What Excel in Japan saves ("CSV (comma delimited)" is CP932, "CSV UTF-8" has a BOM), tried in this order.
CSV_ENCODINGS = ("utf-8-sig", "cp932")


def csv_decode(data: bytes) -> str:
    """The text of an uploaded CSV: UTF-8 (with or without BOM), else Shift-JIS/CP932; CsvRejected otherwise."""
    for encoding in CSV_ENCODINGS:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise CsvRejected('the CSV is neither UTF-8 nor Shift-JIS (CP932): save it as "CSV UTF-8" and try again')


def registrations_import_check_capacity(*, event: Event, player_names: list[str]) -> None:
    """Refuse an import that would take the event over its capacity (before any row is written)."""
    if event.capacity is None:
        return
    if len(player_names) > event.capacity:
        raise CsvRejected(
            f"the CSV has {len(player_names)} rows but the event takes at most {event.capacity} players; "
            "nothing was imported"
        )
    registered = set(Registration.objects.filter(event=event).values_list("player_name", flat=True))
    total = len(registered | set(player_names))
    if total > event.capacity:
        raise CsvRejected(
            f"with this CSV the event would have {total} players ({len(registered)} already registered) but it "
            f"takes at most {event.capacity}; nothing was imported"
        )


def import_max_rows() -> int:
    return int(getattr(settings, "TOURNAMENT_IMPORT_MAX_ROWS", 256))


def _csv_rows(csv_text: str) -> list[dict]:
    """The rows of an import CSV, header checked and the row cap applied before any decklist is read."""
    csv_text = csv_text.removeprefix("\ufeff")  # a BOM left by a client that decoded UTF-8 without -sig
    try:
        reader = csv.DictReader(io.StringIO(csv_text))
        header = [h.strip() for h in (reader.fieldnames or [])]
    except csv.Error as exc:
        raise CsvRejected(f"unreadable CSV: {exc}") from None
    if "player" not in header or not ({"decklist", "deck_json"} & set(header)):
        raise CsvRejected("the CSV needs a header with the columns player and decklist (or deck_json)")
    limit = import_max_rows()
    rows: list[dict] = []
    try:
        for row in reader:
            if len(rows) == limit:  # stop reading at once: the rest of a huge upload is never parsed
                raise CsvRejected(
                    f"at most {limit} rows per import; split the file",
                    code=ErrorCode.CSV_TOO_MANY_ROWS,
                    details={"max_rows": limit},
                )
            # An exported cell that would start a formula carries a guard apostrophe (deckbuilder/spreadsheet.py).
            rows.append({(k or "").strip(): csv_cell_read(v) for k, v in row.items()})
    except csv.Error as exc:
        raise CsvRejected(f"unreadable CSV: {exc}") from None
    return rows


def _import_row_read(row: dict, game: str | None = None) -> tuple[str, dict | None, dict]:
    """(player, snapshot or None, result so far) for one CSV row; reads and resolves, writes nothing."""
    player_name = (row.get("player") or "").strip()[:150]
    result = {"player": player_name}
    if not player_name:
        return player_name, None, {**result, "status": "error", "message": "the player is empty"}
    try:
        reader = registry.get(game)
        if row.get("deck_json"):
            decklist = reader.parse_json(json.loads(row["deck_json"]))
        else:
            text = row.get("decklist") or ""
            lines_check(sum(1 for line in text.splitlines() if line.strip()))  # before a line is read
            decklist = reader.parse_text(text, with_names=False)
        lines_check(len(decklist.lines) + len(decklist.errors))
        return player_name, snapshot_from_decklist(decklist, game), result  # the copy cap: decks.services
    except (ValueError, DecklistFormatError, RecursionError) as exc:
        return player_name, None, {**result, "status": "error", "message": f"unreadable decklist: {exc}"}
    except DecklistRejected as exc:
        bad = [line for line in exc.lines if line["status"] in ("unknown", "ambiguous", "error")]
        return player_name, None, {**result, "status": "error", "message": "unresolved lines", "lines": bad}
    except ApplicationError as exc:  # over the line or copy cap of every decklist (regulations.decklists)
        if exc.code not in (ErrorCode.DECKLIST_TOO_LARGE, ErrorCode.DECKLIST_TOO_MANY_COPIES):
            raise
        return player_name, None, {**result, "status": "error", "message": exc.message, "code": exc.code.value}


def registrations_import_csv(*, event_id: int, user, csv_text: str) -> list[dict]:
    """Organizer batch import: a CSV with a header `player,decklist` (a text decklist, newlines inside quotes)
    or `player,deck_json`. Each readable row registers or replaces that player's list (flagged illegal when it is);
    a row whose decklist has unresolved lines is skipped. Returns a result per row.

    Bounded: at most TOURNAMENT_IMPORT_MAX_ROWS rows (CsvRejected `CSV_TOO_MANY_ROWS`), each decklist within the
    line and copy caps of every decklist (a row error), and the rows are read, resolved AND checked against the
    event's regulation BEFORE the event row is locked, under the request's time budget (TimeBudgetExceeded, nothing
    written). The write transaction (SQLite's one write lock, PostgreSQL's event row lock) holds only the writes: a
    256-row import held it 4.3 s while it checked every list inside it. A list is checked again under the lock only
    when the event's regulation changed meanwhile.

    Refused with RegistrationClosed (409 REGISTRATION_CLOSED) once the registrations are locked (the deadline passed
    or the organizer locked), as every other registration write: a row imported after the lock would change the
    field the lock entry signed. Checked before any row is read, and again under the event row lock (a lock that
    lands while the rows are checked). After the lock, a list changes only by an amendment (with its reason) or
    after an unlock.
    """
    event_lock_if_due(event_id=event_id)
    read_event = Event.objects.get(id=event_id)
    _require_organizer(read_event, user)
    if not event_is_open(read_event):
        raise RegistrationClosed()
    rows = _csv_rows(csv_text)
    budget = TimeBudget()
    prepared = []
    for index, row in enumerate(rows):
        budget.check(done=index, total=len(rows))
        player_name, snapshot, result = _import_row_read(row, read_event.game)
        report = _event_report(read_event, snapshot) if snapshot is not None else None
        prepared.append((player_name, snapshot, result, report))
    users = get_user_model().objects
    results = []
    with transaction.atomic():
        event = _event_for_write(event_id)
        _require_organizer(event, user)
        if not event_is_open(event):
            raise RegistrationClosed()
        registrations_import_check_capacity(event=event, player_names=[player for player, *_ in prepared])
        regulation_changed = _regulation_of(event) != _regulation_of(read_event)
        for number, (player_name, snapshot, result, report) in enumerate(prepared, start=2):
            if snapshot is None or report is None:
                results.append({"row": number, **result})
                continue
            if regulation_changed:
                report = _event_report(event, snapshot)
            player = users.filter(username=player_name).first()
            registration, created = _store(
                event=event, player=player, player_name=player_name, snapshot=snapshot, report=report
            )
            _audit_append(
                event=event,
                action=AuditAction.IMPORT,
                actor=user,
                registration_id=registration.id,
                payload={
                    "player": player_name,
                    "deck_hash": registration.deck_hash,
                    "status": registration.status,
                    "replaced": not created,
                    "owner": registration.player_id,
                    "digest": registration_digest(registration),
                },
            )
            results.append(
                {
                    "row": number,
                    **result,
                    "status": registration.status,
                    "registration_id": registration.id,
                    "violations": [v["code"] for v in report.get("violations", [])],
                }
            )
    return results


# --- re-validation (Celery) --------------------------------------------------------------------------------


def revalidation_job_create(*, event_id: int, user) -> RevalidationJob:
    """Queue a re-validation of every registration; the task is sent only once this transaction commits. When the
    broker is away the job is returned failed (its error starts with QUEUE_UNAVAILABLE; the API answers 503)."""
    with transaction.atomic():
        event = Event.objects.get(id=event_id)
        _require_organizer(event, user)
        job = RevalidationJob.objects.create(
            event=event,
            requested_by=user,
            total=Registration.objects.filter(event=event).count(),
            updated_at=timezone.now(),
        )
        enqueue_on_commit(
            lambda: revalidate_event.delay(job.id),
            on_failure=lambda error: revalidation_job_fail(job_id=job.id, error=error),
        )
    job.refresh_from_db()
    return job
