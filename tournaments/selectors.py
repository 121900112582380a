"""Tournament reads. Decklists stay hidden from other players until the organizer publishes them."""

import io

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from deckbuilder.spreadsheet import csv_writer
from decks.selectors import registered_zones, snapshot_game, snapshot_zone_diff
from decks.services import snapshot_to_decklist
from games import registry
from games.registry import GameZone
from tournaments.models import AuditEntry, Event, Registration, RegistrationStatus, RevalidationJob


def registration_status(report: dict) -> str:
    """A registration's status from its legality report (one rule for registering, re-checks and previews)."""
    return RegistrationStatus.LEGAL.value if report.get("legal") else RegistrationStatus.ILLEGAL.value


def event_legality_options(event: Event) -> dict:
    """The event's own options of every check of its registrations: its organizer's GENESYS point cap (checked as
    the game's option when set: tournaments.services._event_options)."""
    return {"point_cap": event.point_cap} if event.point_cap is not None else {}


def registrations_checked(
    *, event: Event, registrations: list[Registration], overlay_id: str | None
) -> list[tuple[Registration, dict, str]]:
    """Each registered deck checked again under the event's regulation with the overlay `overlay_id` (the event's
    own, or another one to preview; None: none): (registration, report, status). The one re-check behind
    re-validations, an event's settings change and the overlay preview. Raises UNKNOWN_OVERLAY."""
    if not registrations:
        return []
    reports = registry.get(event.game).legality_reports(
        decklists=[snapshot_to_decklist(r.snapshot) for r in registrations],
        format_code=event.format_code,
        as_of=event.regulation_date,
        overlay_id=overlay_id,
        **event_legality_options(event),
    )
    return [
        (registration, report, registration_status(report))
        for registration, report in zip(registrations, reports, strict=True)
    ]


def event_list(*, organizer_id: int | None = None, game: str | None = None) -> QuerySet[Event]:
    events = Event.objects.select_related("organizer")
    if organizer_id is not None:
        events = events.filter(organizer_id=organizer_id)
    if game:
        events = events.filter(game=registry.get(game).code)  # UNKNOWN_GAME
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
                # In the site's time zone (Japan), as the pages show it, with its offset.
                "submitted_at": timezone.localtime(registration.submitted_at).isoformat(timespec="seconds"),
                "updated_at": timezone.localtime(registration.updated_at).isoformat(timespec="seconds"),
                "violations": [v.get("code") for v in report.get("violations", [])],
                "entries": registration.snapshot.get("entries", {}),
                "decklist": snapshot_text(registration.snapshot),
            }
        )
    return rows


def registration_of(*, event: Event, user) -> Registration | None:
    """The caller's own registration for the event, if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Registration.objects.filter(event=event, player=user).first()


def registration_filter(registrations: list[Registration], *, show: str, amended_ids: set[int]) -> list[Registration]:
    """The organizer's filters: illegal, unresolved (illegal and not amended since), amended; else all."""
    if show == "illegal":
        return [r for r in registrations if r.status == "illegal"]
    if show == "unresolved":
        return [r for r in registrations if r.status == "illegal" and r.id not in amended_ids]
    if show == "amended":
        return [r for r in registrations if r.id in amended_ids]
    return registrations


def amendments(*, event: Event, registration_id: int | None = None) -> QuerySet[AuditEntry]:
    """The amend entries of the event's audit trail (of one registration), newest first."""
    entries = AuditEntry.objects.filter(event=event, action="amend")
    if registration_id is not None:
        entries = entries.filter(registration_id_ref=registration_id)
    return entries.order_by("-sequence")


def snapshot_from_decklist(decklist, game: str | None = None) -> dict:
    """A snapshot (the shape of decks.services.deck_snapshot) from a decklist of `game` (default Duel Masters);
    unresolved lines reject it (decks.services.DecklistRejected with every line's status)."""
    from cards.models import Card
    from decks.services import _resolve_strict

    the_game = registry.get(game)
    counts = _resolve_strict(decklist, the_game.code).counts
    names = dict(Card.objects.filter(id__in={card_id for _, card_id in counts}).values_list("id", "name_ja"))
    entries: dict[str, list[dict]] = {zone: [] for zone in the_game.zone_codes()}
    for (zone, card_id), count in sorted(counts.items()):
        entries[zone].append({"card_id": card_id, "name_ja": names.get(card_id, ""), "count": count})
    snapshot = {"name": "", "description": "", "format": "", "visibility": "", "entries": entries}
    if the_game.code != registry.DEFAULT_GAME:
        snapshot["game"] = the_game.code  # as decks.services.deck_snapshot: a Duel Masters snapshot keeps its form
    return snapshot


def snapshot_text(snapshot: dict, *, by_id: bool = False, name_ok=None) -> str:
    """A registered list as a text decklist (`# zone`, `4 name`) that parse_text reads back. `by_id` writes card ids
    instead of names: the compact, unambiguous form a deck sheet's QR code carries. `name_ok(name)` False writes that
    card's id instead of its name (a name a Shift-JIS file cannot hold still reads back to the same card)."""

    def card(row):
        name = row.get("name_ja")
        if by_id or not name or (name_ok is not None and not name_ok(name)):
            return row["card_id"]
        return name

    game = snapshot_game(snapshot)
    return registry.get(game).decklist_to_text(snapshot_to_decklist(snapshot, zones=registered_zones(game), card=card))


def _encodable(codec: str):
    def check(text: str) -> bool:
        try:
            text.encode(codec)
        except UnicodeEncodeError:
            return False
        return True

    return check


def registration_qr_text(registration: Registration) -> str:
    """What the deck sheet's QR code encodes: the deck hash as a comment, then the list by card id."""
    return f"// {registration.player_name} {registration.deck_hash}\n" + snapshot_text(
        registration.snapshot, by_id=True
    )


def deck_check(*, registration: Registration, decklist) -> dict:
    """A judge's deck check: the physical deck (as read) against the registered list. Unresolved lines raise
    DecklistRejected. Returns the zones' differences (cards added = in the physical deck, not registered), whether
    both match, and the physical deck's hash."""
    from decks.services import snapshot_canonical_hash

    game = snapshot_game(registration.snapshot)
    zones_registered = registered_zones(game)
    physical = snapshot_from_decklist(decklist, game)
    zones = snapshot_zone_diff(_registered_part(registration.snapshot), _registered_part(physical))
    physical_hash = snapshot_canonical_hash(physical)
    return {
        "zones": {zone: change for zone, change in zones.items() if zone in zones_registered},
        "matches": physical_hash == registration.deck_hash,
        "deck_hash": physical_hash,
        "cards": {zone: sum(row["count"] for row in physical["entries"].get(zone, [])) for zone in zones_registered},
    }


def _registered_part(snapshot: dict) -> dict:
    entries = snapshot.get("entries") or {}
    part = {"entries": {zone: entries.get(zone, []) for zone in registered_zones(snapshot_game(snapshot))}}
    if "game" in snapshot:
        part["game"] = snapshot["game"]
    return part


# The export's columns around the zone columns, named in English (the default header: API clients and the registration
# import read those names) or in Japanese for an organizer reading the file in Excel (?header=ja). Between them, one
# column per zone of the event's game (`registration_export_zones`): its code in English, its Japanese name in Japanese.
EXPORT_COLUMNS_BEFORE = {
    "player": "プレイヤー",
    "status": "構築判定",
    "deck_hash": "デッキハッシュ",
    "submitted_at": "登録日時",
    "violations": "違反",
}
EXPORT_COLUMNS_AFTER = {"decklist": "デッキリスト"}
EXPORT_HEADERS = ("en", "ja")  # ?header=
EXPORT_ENCODINGS = {"utf-8": "utf-8-sig", "sjis": "cp932"}  # ?encoding= -> codec; UTF-8 with a BOM for Excel


def registration_export_zones(game: str | None = None) -> tuple[GameZone, ...]:
    """The zone columns of a registrations export of `game`'s event: the zones a deck list's row counts (the game's
    `deck_list_zones`, by default its registered zones), in that order. The `decklist` column holds every registered
    zone (Duel Masters' partner too)."""
    the_game = registry.get(game)
    by_code = {zone.code: zone for zone in the_game.zones}
    return tuple(by_code[code] for code in the_game.pages.deck_list_zone_codes())


def registration_export_header(*, game: str | None = None, header: str = "en") -> list[str]:
    """The header row of a registrations export of `game`'s event, in English (`en`) or Japanese (`ja`)."""
    zones = registration_export_zones(game)
    if header == "ja":
        return [*EXPORT_COLUMNS_BEFORE.values(), *(z.name_ja for z in zones), *EXPORT_COLUMNS_AFTER.values()]
    return [*EXPORT_COLUMNS_BEFORE, *(z.code for z in zones), *EXPORT_COLUMNS_AFTER]


def registration_export_csv(*, event: Event, encoding: str = "utf-8", header: str = "en") -> bytes:
    """The registrations as CSV for a spreadsheet in Japan: Japan time, UTF-8 with a BOM (or Shift-JIS/CP932), the
    header row in English (the default, stable for API clients) or Japanese (`header="ja"`).
    The `decklist` column is the text list the registration import reads back. In Shift-JIS a card whose name it
    cannot hold (e.g. a Roman numeral Ⅻ or a ♥; 18 of the 11,584 card names) is written by its card id; a player
    name it cannot hold raises UnicodeEncodeError."""
    codec = EXPORT_ENCODINGS[encoding]
    name_ok = _encodable(codec)

    def card(entry: dict):
        name = entry.get("name_ja") or ""
        return name if name and name_ok(name) else entry["card_id"]

    rows = registration_export_rows(event=event)
    # A game whose text list names every card its own way (the OCG's reader takes names, not card ids) may still
    # write a name the file cannot hold: that name is written in English, which its reader reads back too, or else
    # by its card id.
    instead = _names_instead(rows, name_ok)
    out = io.StringIO()
    writer = csv_writer(out)  # cells that would start a formula are neutralised (deckbuilder/spreadsheet.py)
    writer.writerow(registration_export_header(game=event.game, header=header))
    zone_codes = [zone.code for zone in registration_export_zones(event.game)]
    for row, registration in zip(rows, registration_list(event=event), strict=True):
        zones = ["; ".join(f"{e['count']} {card(e)}" for e in row["entries"].get(zone, [])) for zone in zone_codes]
        text = snapshot_text({"game": event.game, "entries": row["entries"]}, name_ok=name_ok)
        status, said = row["status"], " ".join(row["violations"])  # the stable codes, as API clients read them
        if header == "ja":  # for reading in Excel: the status and the violations in Japanese words
            violations = (registration.legality_report or {}).get("violations", [])
            status = EXPORT_STATUS_JA.get(status, status)
            said = " / ".join(v.get("message_ja") or v.get("code", "") for v in violations)
        for name, other in instead.items():
            text, said = text.replace(name, other), said.replace(name, other)
        writer.writerow([row["player"], status, row["deck_hash"], row["submitted_at"], said, *zones, text])
    return out.getvalue().encode(codec)


# A registration's status in the Japanese-headed export (?header=ja), in the pages' words.
EXPORT_STATUS_JA = {"legal": "構築ルールに適合", "illegal": "不適正"}


def _names_instead(rows: list[dict], name_ok) -> dict[str, str]:
    """The Japanese names of the rows' cards that the file's encoding cannot hold -> the English name (when it
    can) or else the card id, to write in their place."""
    from cards.models import Card

    ids = {e["card_id"]: e.get("name_ja") or "" for row in rows for es in row["entries"].values() for e in es}
    bad = {card_id: name for card_id, name in ids.items() if name and not name_ok(name)}
    found = Card.objects.filter(id__in=bad).values_list("id", "name_en")
    english: dict[int, str] = {pk: name or "" for pk, name in found}
    return {
        name: english[card_id] if english.get(card_id) and name_ok(english[card_id]) else str(card_id)
        for card_id, name in bad.items()
    }


def overlay_preview(*, event: Event, overlay_id: str | None) -> list[dict]:
    """Which registered decks an overlay changes: each registration's status under the event's regulation now and
    under the same regulation with `overlay_id` (None: without an overlay), with the violation codes it would get.
    Raises regulations' UnknownOverlay."""
    registrations = list(registration_list(event=event))
    return [
        {
            "registration_id": registration.id,
            "player": registration.player_name,
            "status_now": registration.status,
            "status_with_overlay": status,
            "changed": status != registration.status,
            "violations": [v["code"] for v in report.get("violations", [])],
        }
        for registration, report, status in registrations_checked(
            event=event, registrations=registrations, overlay_id=overlay_id
        )
    ]
