"""The audit trail is append-only in the database (tournaments.audit_guard): triggers refuse UPDATE and DELETE on
SQLite (unit) and PostgreSQL (integration), except clearing the actor of a deleted account; flush still works."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.db.models import ProtectedError
from django.utils import timezone

from accounts.tests.factories import UserFactory
from decks import services as deck_services
from decks.tests.fixtures import legal_deck_json
from games.dm.rules.decklist import parse_json
from tournaments import services
from tournaments.audit_guard import FROZEN_COLUMNS, TABLE, audit_guard_disabled, audit_guard_installed
from tournaments.models import AuditEntry, Event

# Unit tests run on SQLite, integration tests (DATABASE_URL) on PostgreSQL: every test runs once for each.
DATABASES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.integration),
]
pytestmark = pytest.mark.parametrize("vendor", DATABASES)


@pytest.fixture
def chain(vendor, cards, owner, organizer):
    """An event with three chained entries: submit, replace, lock."""
    assert connection.vendor == vendor
    event = services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    deck = deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))
    services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    services.event_lock(event_id=event.id, user=organizer)
    assert services.audit_chain_verify(event_id=event.id) == []
    return event


def _first(event) -> AuditEntry:
    return AuditEntry.objects.filter(event=event).order_by("sequence").first()


def _queryset_update(event):
    AuditEntry.objects.filter(id=_first(event).id).update(payload={"status": "legal"})


def _instance_save(event):
    entry = _first(event)
    entry.actor_name = "someone else"
    entry.save()


def _instance_delete(event):
    _first(event).delete()


def _queryset_delete(event):
    AuditEntry.objects.filter(event=event).delete()


def _reassign_actor(event):  # clearing the actor is allowed (account deleted); pointing it elsewhere is not
    AuditEntry.objects.filter(id=_first(event).id).update(actor=UserFactory(username="impostor"))


def _raw_sql_delete(event):
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {TABLE} WHERE event_id = %s", [event.id])


WRITES = [
    ("queryset-update", _queryset_update),
    ("instance-save", _instance_save),
    ("instance-delete", _instance_delete),
    ("queryset-delete", _queryset_delete),
    ("reassign-actor", _reassign_actor),
    ("raw-sql-delete", _raw_sql_delete),
]


@pytest.mark.parametrize("write", [c[1] for c in WRITES], ids=[c[0] for c in WRITES])
def test_the_database_refuses_changes_to_the_audit_trail(chain, write):
    before = list(AuditEntry.objects.filter(event=chain).order_by("sequence").values())
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        write(chain)
    assert list(AuditEntry.objects.filter(event=chain).order_by("sequence").values()) == before
    assert services.audit_chain_verify(event_id=chain.id) == []


def _changed(field, entry: AuditEntry):
    value = getattr(entry, field.attname)
    if field.attname == "event_id":
        return Event.objects.create(
            organizer=entry.event.organizer,
            name="other",
            date=entry.event.date,
            regulation_date=entry.event.date,
            registration_deadline=entry.event.registration_deadline,
        ).id
    if isinstance(value, bool | int):
        return value + 1000
    if isinstance(value, str):
        return value[:-1] + ("x" if not value.endswith("x") else "y")
    if isinstance(value, dict):
        return {**value, "forged": True}
    if value is None:
        return 1
    return value - timedelta(seconds=1)  # created_at


def test_every_column_but_the_actor_is_frozen(chain):
    columns = {field.column for field in AuditEntry._meta.concrete_fields}
    assert set(FROZEN_COLUMNS) == columns - {"actor_id"}  # a new column must join the SQLite trigger's list
    entry = _first(chain)
    for field in AuditEntry._meta.concrete_fields:
        if field.attname == "actor_id":
            continue
        with pytest.raises(IntegrityError), transaction.atomic():
            AuditEntry.objects.filter(id=entry.id).update(**{field.attname: _changed(field, entry)})
    assert services.audit_chain_verify(event_id=chain.id) == []


def test_deleting_an_account_keeps_its_entries_by_name(chain, owner):
    entries = AuditEntry.objects.filter(event=chain, actor_name="owner")
    assert entries.count() == 2
    owner.delete()  # AuditEntry.actor: SET_NULL, the one UPDATE the trigger lets through
    assert list(entries.values_list("actor_id", flat=True)) == [None, None]
    assert services.audit_chain_verify(event_id=chain.id) == []  # the hash covers actor_name, not the account


def test_an_audited_event_cannot_be_deleted(chain, organizer):
    with pytest.raises(ProtectedError), transaction.atomic():
        chain.delete()
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditEntry.objects.filter(event=chain).delete()  # the way around PROTECT is closed too
    assert Event.objects.filter(id=chain.id).exists()
    unaudited = services.event_create(
        organizer=organizer, name="empty", date=chain.date, registration_deadline=chain.registration_deadline
    )
    unaudited.delete()  # nothing recorded yet: an event without entries can go
    assert not Event.objects.filter(id=unaudited.id).exists()


def test_flush_lifts_the_guard_only_while_it_runs(chain):
    with audit_guard_disabled():
        assert not audit_guard_installed(connection)
    assert audit_guard_installed(connection)
    if connection.vendor == "postgresql":  # inside the test's transaction: check the deferred foreign keys first,
        with connection.cursor() as cursor:  # PostgreSQL refuses TRUNCATE with pending trigger events
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, inhibit_post_migrate=True, reset_sequences=False, verbosity=0)
    assert not AuditEntry.objects.exists() and not Event.objects.exists()
    assert audit_guard_installed(connection)
