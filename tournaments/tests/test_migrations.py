"""The data migrations of tournaments, run from the schema before them on rows the old schema held."""

import hashlib
import importlib
from datetime import UTC, date, datetime, timedelta
from io import StringIO

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.utils import timezone

BEFORE_OVERLAY_KEY = [
    ("regulations", "0004_overlay_owner_combos"),
    ("tournaments", "0005_merge_event_desk_and_hardening"),
]
OVERLAY_KEY = ("tournaments", "0006_event_overlay_foreign_key")


def _event(state, *, organizer_id: int, overlay_id: str | None, name: str):
    return state.apps.get_model("tournaments", "Event").objects.create(
        organizer_id=organizer_id,
        name=name,
        date=date(2030, 5, 1),
        format_code="original",
        regulation_date=date(2030, 5, 1),
        registration_deadline=datetime(2030, 4, 30, 12, 0, tzinfo=UTC),
        overlay_id=overlay_id,
    )


# serialized_rollback: the flush after the test must leave the rows of the data migrations (formats, content types)
# to the tests after it, as the other transactional tests do.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_event_overlay_ids_become_keys_and_a_missing_overlay_is_restored_empty(migrator):
    old = migrator.apply_initial_migration(BEFORE_OVERLAY_KEY)
    organizer = old.apps.get_model("auth", "User").objects.create(username="organizer")
    base = old.apps.get_model("regulations", "Format").objects.get(code="advance")
    old.apps.get_model("regulations", "EventOverlay").objects.create(slug="kept", name="Kept", base_format=base)
    ids = {
        overlay_id: _event(old, organizer_id=organizer.id, overlay_id=overlay_id, name=str(overlay_id)).id
        for overlay_id in ("kept", "deleted-in-admin", "", None)
    }

    new = migrator.apply_tested_migration(OVERLAY_KEY)
    events = new.apps.get_model("tournaments", "Event").objects
    overlays = new.apps.get_model("regulations", "EventOverlay").objects
    # The column keeps the slug: what the API, the exports and the signed audit settings entries carry.
    assert dict(events.values_list("id", "overlay_id")) == {
        ids["kept"]: "kept",
        ids["deleted-in-admin"]: "deleted-in-admin",
        ids[""]: None,
        ids[None]: None,
    }
    restored = overlays.get(slug="deleted-in-admin")
    # On the event's own format, owned by its organizer (who may edit it), empty, and saying why it is there.
    assert (restored.base_format.code, restored.owner_id, restored.cards.count()) == ("original", organizer.id, 0)
    assert "Restored empty" in restored.description
    assert overlays.get(slug="kept").name == "Kept"  # an existing overlay is left alone
    assert set(events.get(id=ids["kept"]).overlay.events.values_list("name", flat=True)) == {"kept"}


def _old_engine_hash(snapshot: dict) -> str:
    """The engine's own hash before there was one deck hash: `zone:idxN,...` per zone, joined by `|`."""
    zones = ("main", "hyperspatial", "gr")
    parts = []
    for zone in zones:
        rows = sorted((row["card_id"], row["count"]) for row in snapshot["entries"].get(zone, []))
        parts.append(f"{zone}:" + ",".join(f"{card_id}x{count}" for card_id, count in rows))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


@pytest.mark.django_db
def test_stored_reports_take_the_registration_hash_and_the_signed_chain_still_verifies(cards, owner, organizer):
    from decks import services as deck_services
    from decks.tests.fixtures import legal_deck_json
    from games.dm.rules.decklist import parse_json
    from tournaments import services
    from tournaments.models import Registration

    event = services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    deck = deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))
    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    services.event_lock(event_id=event.id, user=organizer)
    # The rows as the old engine stored them: the report's hash is not the registration's.
    old_report = {**registration.legality_report, "deck_hash": _old_engine_hash(registration.snapshot)}
    Registration.objects.filter(id=registration.id).update(legality_report=old_report)
    assert old_report["deck_hash"] != registration.deck_hash

    migration = importlib.import_module("tournaments.migrations.0007_registration_report_deck_hash")
    migration.reports_carry_the_registration_hash(django_apps, None)

    registration.refresh_from_db()
    assert registration.legality_report == {**old_report, "deck_hash": registration.deck_hash}
    assert services.audit_chain_verify(event_id=event.id) == []
    out = StringIO()
    call_command("verify_audit_chain", stdout=out)
    assert "audit chain intact" in out.getvalue()
