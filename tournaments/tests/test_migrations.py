"""The data migrations of tournaments, run from the schema before them on rows the old schema held."""

from datetime import UTC, date, datetime

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

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
