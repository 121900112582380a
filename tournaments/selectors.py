"""Tournament reads. Decklists stay hidden from other players until the organizer publishes them."""

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from tournaments.models import AuditEntry, Event, Registration, RevalidationJob


def event_list(*, organizer_id: int | None = None) -> QuerySet[Event]:
    events = Event.objects.select_related("organizer")
    if organizer_id is not None:
        events = events.filter(organizer_id=organizer_id)
    return events.order_by("-date", "-id")


def event_get(*, event_id: int) -> Event:
    event = Event.objects.select_related("organizer").filter(id=event_id).first()
    if event is None:
        raise Http404("event not found")
    return event


def is_organizer(event: Event, user) -> bool:
    return bool(getattr(user, "is_authenticated", False) and event.organizer_id == user.id)


def event_decklists_published(event: Event) -> bool:
    """Published explicitly by the organizer, or automatically after the event day when the event says so."""
    if event.decklists_published_at is not None:
        return True
    return event.publish_decklists and timezone.localdate() > event.date


def registration_sees_decklist(registration: Registration, *, event: Event, user) -> bool:
    own = getattr(user, "is_authenticated", False) and registration.player_id == user.id
    return is_organizer(event, user) or own or event_decklists_published(event)


def registration_list(*, event: Event, status: str | None = None) -> QuerySet[Registration]:
    registrations = Registration.objects.filter(event=event).order_by("player_name")
    if status:
        registrations = registrations.filter(status=status)
    return registrations


def registration_get_visible(*, event: Event, registration_id: int, user) -> Registration:
    """A registration with its decklist, for whoever may see that decklist; others get Http404."""
    registration = Registration.objects.filter(event=event, id=registration_id).first()
    if registration is None or not registration_sees_decklist(registration, event=event, user=user):
        raise Http404("registration not found")
    return registration


def audit_entries(*, event: Event) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(event=event).order_by("sequence")


def audit_head(*, event: Event) -> dict:
    """The event's chain head, to publish (event API, exports, the event page, printed decklists): the number of
    entries, the last entry's hash and the Ed25519 signature made when it was appended. Whoever keeps a copy can
    later prove a rewrite or a truncated tail (`verify_audit_chain --head`), and check the signature with the
    public key (`GET /api/v1/audit/public-key/`) without trusting this server."""
    from tournaments import signing

    last = (
        AuditEntry.objects.filter(event=event)
        .order_by("-sequence")
        .values("sequence", "entry_hash", "signature", "key_id")
        .first()
    )
    if last is None:
        return {"event": event.id, "count": 0, "hash": "0" * 64, "signature": "", "key_id": signing.key_id()}
    return {
        "event": event.id,
        "count": last["sequence"],
        "hash": last["entry_hash"],
        "signature": last["signature"],
        "key_id": last["key_id"],
    }


def revalidation_job_get(*, event: Event, job_id: int) -> RevalidationJob:
    job = RevalidationJob.objects.filter(event=event, id=job_id).first()
    if job is None:
        raise Http404("job not found")
    return job


def registration_export_rows(*, event: Event) -> list[dict]:
    """One row per registration (the caller has been checked: organizer, or decklists published)."""
    rows = []
    for registration in registration_list(event=event):
        report = registration.legality_report or {}
        rows.append(
            {
                "player": registration.player_name,
                "status": registration.status,
                "deck_hash": registration.deck_hash,
                "submitted_at": registration.submitted_at.isoformat(),
                "updated_at": registration.updated_at.isoformat(),
                "violations": [v.get("code") for v in report.get("violations", [])],
                "entries": registration.snapshot.get("entries", {}),
            }
        )
    return rows


def registration_of(*, event: Event, user) -> Registration | None:
    """The caller's own registration for the event, if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Registration.objects.filter(event=event, player=user).first()
