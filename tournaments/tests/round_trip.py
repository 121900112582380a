"""The registrations export read back by the registration import, for an event of any game: every game's tests call
it with an event of theirs (the same players with the same decks, zone by zone, and the same deck hashes)."""

import csv
import io
from datetime import timedelta

from django.utils import timezone

from decks.selectors import registered_zones
from tournaments import selectors, services
from tournaments.models import Event, Registration


def registered_decks(event: Event) -> dict[str, tuple[str, dict]]:
    """player -> (deck hash, registered zone -> sorted (card id, copies))."""
    zones = registered_zones(event.game)
    return {
        registration.player_name: (
            registration.deck_hash,
            {
                zone: sorted((row["card_id"], row["count"]) for row in registration.snapshot["entries"].get(zone, []))
                for zone in zones
            },
        )
        for registration in Registration.objects.filter(event=event)
    }


def assert_export_reimports(*, event: Event, organizer, encoding: str = "utf-8") -> list[dict]:
    """Export `event`'s registrations as CSV (English header), import the file into a new event of the same game and
    format, and check both hold the same decks. Returns the exported rows (csv.DictReader's)."""
    data = selectors.registration_export_csv(event=event, encoding=encoding)
    text = services.csv_decode(data)
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline="")))
    copy = services.event_create(
        organizer=organizer,
        game=event.game,
        format_code=event.format_code,
        name=f"{event.name} (copy)",
        date=timezone.localdate() + timedelta(days=10),
        registration_deadline=timezone.now() + timedelta(days=9),
    )
    results = services.registrations_import_csv(event_id=copy.id, user=organizer, csv_text=text)
    assert all(result["status"] in ("legal", "illegal") for result in results), results
    assert registered_decks(copy) == registered_decks(event)
    return rows
