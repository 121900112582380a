"""A locked event cannot change, and what it was locked under is signed (issue "Hardening, second pass", item 4).

The findings: the owner of an overlay that a locked event uses edited it through the API (200, no audit entry, and
re-validation turned a registered player illegal); verify_audit_chain did not notice an event unlocked in the
database (the server then signs the new entries itself), nor a regulation date, format or name changed after the
lock. The lock entry now signs the event's frozen state (services.FROZEN_AT_LOCK, the overlay's content by its
fingerprint), the overlay services refuse an edit while a closed event uses the overlay, and the verification
compares the event with its last lock entry. Each tampering below is a plain UPDATE/DELETE that bypasses the
services, as someone with write access to the database would send it; each runs on SQLite and on PostgreSQL."""

from datetime import date, timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.utils import timezone

from decks import services as deck_services
from decks.tests.fixtures import MAIN, legal_deck_json, token_client
from games.dm.rules.decklist import parse_json
from regulations import services as regulation_services
from regulations.models import EventOverlay, Format, OverlayCard
from tournaments import selectors, services
from tournaments.models import AuditEntry, Event, Registration

DATABASES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.integration),
]
BANNED = "テスト曖昧甲"  # not in the legal deck: the overlay's ban changes nothing for the registered player
PLAYED = MAIN[0][0]  # in the legal deck: banning it would turn the player illegal


@pytest.fixture(params=DATABASES)
def vendor(request):
    if connection.vendor != request.param:
        pytest.skip(f"runs on {request.param}")
    return request.param


@pytest.fixture
def overlay(cards, organizer):
    return regulation_services.overlay_create(
        owner=organizer, name="Store rules", base_format="advance", entries=[{"card": BANNED, "status": "banned"}]
    )


def _event(organizer, overlay, **values) -> Event:
    return services.event_create(
        organizer=organizer,
        name="Store CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
        overlay_id=overlay.slug,
        capacity=16,
        **values,
    )


@pytest.fixture
def locked(vendor, cards, owner, organizer, overlay):
    """An event under the overlay, one legal registration, locked by the organizer; the chain verifies."""
    event = _event(organizer, overlay)
    deck = deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))
    services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    services.event_lock(event_id=event.id, user=organizer)
    assert problems_of(event) == []
    return event


def problems_of(event) -> list[str]:
    return sorted(p["problem"] for p in services.audit_chain_verify(event_id=event.id))


# --- the overlay is frozen by the lock (service level: the API and the web page both go through it) ----------


def _ban_played_card(client, overlay):
    return client.patch(
        f"/api/v1/overlays/{overlay.slug}/",
        {"entries": [{"card": BANNED, "status": "banned"}, {"card": PLAYED, "status": "banned"}]},
        format="json",
    )


def test_the_owner_cannot_edit_the_overlay_of_a_locked_event_through_the_api(locked, organizer, overlay):
    """The finding: 200, no audit entry, and re-validation turned the registered player illegal."""
    entries_before = AuditEntry.objects.filter(event=locked).count()
    response = _ban_played_card(token_client(organizer), overlay)
    assert response.status_code == 409
    assert (response.json()["error"]["code"], response.json()["error"]["details"]) == ("OVERLAY_LOCKED", {"events": 1})
    assert list(OverlayCard.objects.filter(overlay__slug=overlay.slug).values_list("card__name_ja", flat=True)) == [
        BANNED
    ]
    registrations = list(Registration.objects.filter(event=locked))
    assert [
        status
        for _r, _report, status in selectors.registrations_checked(
            event=locked, registrations=registrations, overlay_id=overlay.slug
        )
    ] == ["legal"]
    assert AuditEntry.objects.filter(event=locked).count() == entries_before
    assert problems_of(locked) == []


OVERLAY_EDITS = [
    # (the state of the one event that uses the overlay, the error code or None when the edit is allowed)
    pytest.param("open", None, id="open-event-edit-allowed"),
    pytest.param("locked", "OVERLAY_LOCKED", id="locked-event-refused"),
    pytest.param("deadline-passed", "OVERLAY_LOCKED", id="deadline-passed-not-yet-recorded-refused"),
    pytest.param("unlocked-again", None, id="unlocked-with-an-entry-allowed"),
]


@pytest.mark.parametrize("state, code", OVERLAY_EDITS)
def test_overlay_update_is_refused_while_a_closed_event_uses_it(cards, organizer, overlay, state, code):
    event = _event(organizer, overlay)
    if state in ("locked", "unlocked-again"):
        services.event_lock(event_id=event.id, user=organizer)
    if state == "unlocked-again":
        services.event_unlock(event_id=event.id, user=organizer, reason="a late player")
    if state == "deadline-passed":
        Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))
    edit = {"overlay_id": overlay.slug, "user": organizer, "card_pool_cutoff": date(2020, 1, 1)}
    if code is None:
        assert regulation_services.overlay_update(**edit).card_pool_cutoff == date(2020, 1, 1)
    else:
        with pytest.raises(regulation_services.OverlayError) as raised:
            regulation_services.overlay_update(**edit)
        assert (raised.value.code, raised.value.status_code, raised.value.details) == (code, 409, {"events": 1})
        assert EventOverlay.objects.get(slug=overlay.slug).card_pool_cutoff is None


# --- tampering in the database after the lock ----------------------------------------------------------------


def _swap_overlay(event, organizer):
    other = regulation_services.overlay_create(owner=organizer, name="Other rules", base_format="advance")
    Event.objects.filter(id=event.id).update(overlay_id=other.slug)


def _change_base_format(event, organizer):
    other = Format.objects.create(code="tamper", name="Tamper")
    EventOverlay.objects.filter(slug=event.overlay_id).update(base_format=other)


TAMPERINGS = [
    # (what the attacker does to the database, the problems verify_audit_chain reports)
    pytest.param(
        lambda e, o: Event.objects.filter(id=e.id).update(locked_at=None),
        ["the event is open but its chain ends locked (unlocked in the database)"],
        id="unlocked",
    ),
    pytest.param(
        lambda e, o: Event.objects.filter(id=e.id).update(regulation_date=F("regulation_date") - timedelta(days=400)),
        ["regulation_date changed after the lock"],
        id="regulation-date",
    ),
    pytest.param(
        lambda e, o: Event.objects.filter(id=e.id).update(format_code="original"),
        ["format_code changed after the lock"],
        id="format",
    ),
    pytest.param(
        lambda e, o: Event.objects.filter(id=e.id).update(name="Another CS"),
        ["name changed after the lock"],
        id="name",
    ),
    pytest.param(
        lambda e, o: Event.objects.filter(id=e.id).update(capacity=1),
        ["capacity changed after the lock"],
        id="capacity",
    ),
    pytest.param(
        lambda e, o: Event.objects.filter(id=e.id).update(capacity=None),
        ["capacity changed after the lock"],
        id="capacity-removed",
    ),
    pytest.param(
        _swap_overlay,
        ["overlay_content changed after the lock", "overlay_id changed after the lock"],
        id="overlay-swapped",
    ),
    pytest.param(
        lambda e, o: EventOverlay.objects.filter(slug=e.overlay_id).update(card_pool_cutoff=date(2020, 1, 1)),
        ["overlay_content changed after the lock"],
        id="overlay-cutoff-added",
    ),
    pytest.param(
        lambda e, o: OverlayCard.objects.filter(overlay__slug=e.overlay_id).update(status="limited"),
        ["overlay_content changed after the lock"],
        id="overlay-ban-made-a-limit",
    ),
    pytest.param(
        lambda e, o: OverlayCard.objects.filter(overlay__slug=e.overlay_id).delete(),
        ["overlay_content changed after the lock"],
        id="overlay-ban-deleted",
    ),
    pytest.param(_change_base_format, ["overlay_content changed after the lock"], id="overlay-base-format"),
]


@pytest.mark.parametrize("tamper, problems", TAMPERINGS)
def test_a_change_after_the_lock_is_caught(locked, organizer, tamper, problems):
    tamper(locked, organizer)
    assert problems_of(locked) == problems


def test_an_overlay_description_is_not_part_of_the_verdict(locked):
    """Only what decides legality is signed: a typo fixed in the overlay's description is no tampering."""
    EventOverlay.objects.filter(slug=locked.overlay_id).update(description="fixed a typo")
    assert problems_of(locked) == []


def _submit_again(event, owner, organizer):
    deck = deck_services.deck_create(owner=owner, name="late", decklist=parse_json(legal_deck_json()))
    services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)


def _withdraw(event, owner, organizer):
    services.registration_withdraw(registration_id=Registration.objects.get(event=event).id, user=owner)


def _lock_again(event, owner, organizer):
    services.event_lock(event_id=event.id, user=organizer)


AFTER_A_DATABASE_UNLOCK = [
    # (what the server does, and signs, once the lock was cleared in the database; the problems reported)
    pytest.param(
        _submit_again,
        [
            "replace after the lock without an unlock entry (unlocked in the database)",
            "the event is open but its chain ends locked (unlocked in the database)",
        ],
        id="player-replaces-the-deck",
    ),
    pytest.param(
        _withdraw,
        [
            "the event is open but its chain ends locked (unlocked in the database)",
            "withdraw after the lock without an unlock entry (unlocked in the database)",
        ],
        id="player-withdraws",
    ),
    pytest.param(
        _lock_again, ["locked again without an unlock entry (unlocked in the database)"], id="organizer-locks-again"
    ),
]


@pytest.mark.parametrize("then, problems", AFTER_A_DATABASE_UNLOCK)
def test_entries_the_server_signs_after_an_unlock_in_the_database_are_caught(locked, owner, organizer, then, problems):
    Event.objects.filter(id=locked.id).update(locked_at=None)
    then(locked, owner, organizer)
    assert problems_of(locked) == problems


def test_an_unlock_with_its_entry_and_a_new_lock_verify(locked, organizer):
    """The legitimate path: unlock (audited), change the settings, lock again: the new lock signs the new state."""
    services.event_unlock(event_id=locked.id, user=organizer, reason="a late player")
    services.event_update(event_id=locked.id, user=organizer, name="Store CS (rescheduled)", capacity=32)
    services.event_lock(event_id=locked.id, user=organizer)
    assert problems_of(locked) == []
    frozen = AuditEntry.objects.filter(event=locked, action="lock").order_by("-sequence").first().payload["frozen"]
    assert (frozen["name"], frozen["capacity"], frozen["overlay_id"]) == (
        "Store CS (rescheduled)",
        32,
        locked.overlay_id,
    )


def test_the_deadline_lock_signs_the_frozen_state_too(vendor, cards, organizer, overlay):
    event = _event(organizer, overlay)
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))
    assert services.event_lock_if_due(event_id=event.id) is True
    lock = AuditEntry.objects.get(event=event, action="lock")
    assert set(lock.payload["frozen"]) == set(services.FROZEN_AT_LOCK)
    Event.objects.filter(id=event.id).update(regulation_date=date(2015, 1, 1))
    assert problems_of(event) == ["regulation_date changed after the lock"]


def test_a_chain_locked_before_the_state_was_signed_still_verifies(vendor, cards, organizer, overlay):
    """Chains in existing databases: their lock entries carry no `frozen` state (nothing in what is hashed or signed
    changed, so no migration re-signs them). They verify, and their lock is still checked against the event."""
    event = _event(organizer, overlay)
    with services.transaction.atomic():
        Event.objects.filter(id=event.id).update(locked_at=timezone.now())
        services._audit_append(  # the lock entry exactly as the services wrote it before
            event=event,
            action=services.AuditAction.LOCK,
            actor=organizer,
            registration_id=None,
            payload={"registrations": 0, "lock_hash": services._lock_hash([])},
        )
    assert problems_of(event) == []
    Event.objects.filter(id=event.id).update(name="Renamed")  # not pinned by an old lock entry
    assert problems_of(event) == []
    Event.objects.filter(id=event.id).update(locked_at=None)
    assert problems_of(event) == ["the event is open but its chain ends locked (unlocked in the database)"]


@pytest.mark.parametrize("lock, can_change", [(False, True), (True, False)], ids=["open-event", "locked-event"])
def test_the_admin_cannot_change_the_overlay_of_a_locked_event(
    cards, organizer, overlay, django_user_model, lock, can_change
):
    from django.contrib import admin as django_admin
    from django.test import Client

    from regulations.admin import EventOverlayAdmin

    event = _event(organizer, overlay)
    if lock:
        services.event_lock(event_id=event.id, user=organizer)
    root = django_user_model.objects.create_superuser("root", password="a-long-test-password-42")
    client = Client()
    client.force_login(root)
    request = client.get(f"/admin/regulations/eventoverlay/{overlay.pk}/change/").wsgi_request
    model_admin = EventOverlayAdmin(EventOverlay, django_admin.site)
    assert model_admin.has_change_permission(request, overlay) is can_change
    assert model_admin.has_delete_permission(request, overlay) is can_change
    inline = model_admin.get_inline_instances(request, overlay)
    assert [i.has_change_permission(request, overlay) for i in inline] == [can_change, can_change]
    assert [i.has_add_permission(request, overlay) for i in inline] == [can_change, can_change]
    form = {
        "slug": overlay.slug,
        "name": overlay.name,
        "base_format": overlay.base_format_id,
        "description": "",
        "card_pool_cutoff": "2020-01-01",
        "cards-TOTAL_FORMS": "0",
        "cards-INITIAL_FORMS": "0",
        "combos-TOTAL_FORMS": "0",
        "combos-INITIAL_FORMS": "0",
    }
    client.post(f"/admin/regulations/eventoverlay/{overlay.pk}/change/", form)
    assert (EventOverlay.objects.get(pk=overlay.pk).card_pool_cutoff is None) is lock
