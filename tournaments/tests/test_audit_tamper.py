"""An attacker who can write the database rewrites the audit trail; verify_audit_chain must tell (issue findings: a
plain hash chain recomputed by the attacker, INSERT OR REPLACE on SQLite, session_replication_role on PostgreSQL,
a forged amendment reason and a truncated tail verified as intact, registrations not covered at all, an event's
lock cleared in the admin with no audit entry).

Each case runs on SQLite (unit) and PostgreSQL (integration), except the vendor-specific attacks."""

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.utils import timezone

from decks import services as deck_services
from decks.tests.fixtures import MAIN, legal_deck_json, token_client
from games.dm.rules.decklist import parse_json, parse_text
from tournaments import selectors, services, signing
from tournaments.audit_guard import TABLE, audit_guard_disabled
from tournaments.models import AuditEntry, Event, Registration

DATABASES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.integration),
]


@pytest.fixture(params=DATABASES)
def vendor(request):
    if connection.vendor != request.param:
        pytest.skip(f"runs on {request.param}")
    return request.param


def make_history(owner, organizer, *, publish: bool = True) -> Event:
    """Submit (illegal, flagged) -> amend by the organizer (legal, with a reason) -> lock -> publish."""
    event = services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    short = deck_services.deck_create(
        owner=owner, name="short", decklist=parse_text("\n".join(f"4 {n}" for n, *_ in MAIN[:9]))
    )
    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=short.id, accept_illegal=True)
    services.registration_amend(
        registration_id=registration.id,
        user=organizer,
        reason="judge fixed a typo",
        decklist=parse_json(legal_deck_json()),
    )
    services.event_lock(event_id=event.id, user=organizer)
    if publish:
        services.event_publish(event_id=event.id, user=organizer)
    assert services.audit_chain_verify(event_id=event.id) == []
    return event


@pytest.fixture
def history(vendor, cards, owner, organizer):
    return make_history(owner, organizer)


def entries(event) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(event=event).order_by("sequence"))


def rechain(event, *, start: int) -> None:
    """The attacker's recomputation: every hash from entry `start` on, so the plain chain checks out again."""
    chain = entries(event)
    prev_hash = chain[start - 2].entry_hash if start > 1 else services.GENESIS_HASH
    for entry in chain[start - 1 :]:
        entry_hash = services.audit_entry_hash(
            prev_hash=prev_hash,
            event_id=entry.event_id,
            sequence=entry.sequence,
            action=entry.action,
            registration_id=entry.registration_id_ref,
            actor_name=entry.actor_name,
            payload=entry.payload,
            created_at=entry.created_at,
        )
        AuditEntry.objects.filter(id=entry.id).update(prev_hash=prev_hash, entry_hash=entry_hash)
        prev_hash = entry_hash


def problems_of(event, heads=None) -> list[str]:
    return [p["problem"] for p in services.audit_chain_verify(event_id=event.id, heads=heads)]


def chain_only_problems(problems: list[str]) -> list[str]:
    """What the old, unsigned verification looked at."""
    return [p for p in problems if "signature" not in p and "signed" not in p and "registration" not in p]


def test_a_forged_amendment_reason_with_recomputed_hashes_is_caught_by_the_signature(history):
    amend = entries(history)[1]
    with audit_guard_disabled():
        AuditEntry.objects.filter(id=amend.id).update(payload={**amend.payload, "reason": "player asked nicely"})
        rechain(history, start=2)
    problems = problems_of(history)
    assert chain_only_problems(problems) == []  # the plain hash chain is fooled ...
    assert problems.count("signature does not match the entry hash (rewritten entry)") == 3  # ... the key is not


def test_a_truncated_tail_is_caught_against_the_published_head(history):
    published = selectors.audit_head(event=history)
    assert published["count"] == 4 and signing.entry_signature_valid(published["hash"], published["signature"])
    with audit_guard_disabled():
        AuditEntry.objects.filter(event=history, sequence__gte=3).delete()  # lock and publish gone
    # ... together with the event row's lock and publication: the database is back to before the lock
    Event.objects.filter(id=history.id).update(locked_at=None, decklists_published_at=None)
    assert problems_of(history) == []  # nothing inside the database can tell a shorter chain ...
    assert problems_of(history, heads=[published]) == [
        "published head has 4 entries; the chain has 2"
    ]  # ... the head can


def test_a_head_that_we_did_not_sign_is_refused(history):
    forged = {**selectors.audit_head(event=history), "count": 2, "signature": entries(history)[0].signature}
    forged["hash"] = entries(history)[1].entry_hash
    assert problems_of(history, heads=[forged]) == ["the published head's signature is not ours (not a head we signed)"]


@pytest.mark.parametrize("recompute_hash", [False, True], ids=["snapshot-only", "snapshot-and-hash"])
def test_an_edited_registration_is_caught_against_its_entry(history, cards, recompute_hash):
    """The finding: a snapshot changed to 40 copies of one card, status `legal`, verified as intact."""
    from decks.services import snapshot_canonical_hash

    registration = Registration.objects.get(event=history)
    snapshot = registration.snapshot
    card_id = snapshot["entries"]["main"][0]["card_id"]
    snapshot["entries"]["main"] = [{"card_id": card_id, "name_ja": "forged", "count": 40}]
    fields = {"snapshot": snapshot, "status": "legal"}
    if recompute_hash:
        fields["deck_hash"] = snapshot_canonical_hash(snapshot)
    Registration.objects.filter(id=registration.id).update(**fields)
    expected = (
        ["the registrations differ from the lock's registration hash", "registration differs from its last audit entry"]
        if recompute_hash
        else ["registration snapshot does not give its stored hash (edited)"]
    )
    assert problems_of(history) == expected


def test_a_registration_removed_without_a_withdrawal_is_caught(history):
    Registration.objects.filter(event=history).delete()
    assert problems_of(history) == [
        "the registrations differ from the lock's registration hash",
        "registration is missing without a withdrawal entry",
    ]


# --- what a verdict depends on, changed after the lock (issue 29, finding 9) ---------------------------------


def _other_user(django_user_model):
    return django_user_model.objects.create_user("mallory", password="a-long-test-password-42")


def _delete_entries(event, **where) -> None:
    with audit_guard_disabled():
        AuditEntry.objects.filter(event=event, **where).delete()


def _rewrite_report(event) -> None:
    registration = Registration.objects.get(event=event)
    forged = {**registration.legality_report, "violations": [], "legal": True, "forged": True}
    Registration.objects.filter(id=registration.id).update(legality_report=forged)


def _raw_sql(sql: str):
    def tamper(event, users) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql.format(event=Event._meta.db_table, registration=Registration._meta.db_table), [event.id])

    return tamper


TAMPERINGS = [
    # (id, published before, the tampering, a problem verify must report)
    (
        "game-changed",
        True,
        lambda e, u: Event.objects.filter(id=e.id).update(game="ygo"),
        "game changed after the lock",
    ),
    (
        "game-changed-raw-sql",
        True,
        _raw_sql("UPDATE {event} SET game = 'dbs' WHERE id = %s"),
        "game changed after the lock",
    ),
    (
        "publish-flag-set",
        False,
        lambda e, u: Event.objects.filter(id=e.id).update(publish_decklists=True),
        "publish_decklists changed after the lock",
    ),
    (
        "published-at-set",
        False,
        _raw_sql("UPDATE {event} SET decklists_published_at = CURRENT_TIMESTAMP WHERE id = %s"),
        "the decklists are published but the chain has no publish entry",
    ),
    (
        "unpublished",
        True,
        lambda e, u: Event.objects.filter(id=e.id).update(decklists_published_at=None),
        "the chain has a publish entry but the decklists are not published",
    ),
    (
        "report-rewritten",
        True,
        lambda e, u: _rewrite_report(e),
        "registration's owner or legality report differs from its last signed digest",
    ),
    (
        "owner-reassigned",
        True,
        lambda e, u: Registration.objects.filter(event=e).update(player=u),
        "registration's owner or legality report differs from its last signed digest",
    ),
    (
        "owner-reassigned-raw-sql",
        True,
        _raw_sql("UPDATE {registration} SET player_id = NULL WHERE event_id = %s"),
        "registration's owner or legality report differs from its last signed digest",
    ),
    (
        "tail-deleted",
        True,
        lambda e, u: _delete_entries(e, sequence=4),
        "the decklists are published but the chain has no publish entry",
    ),
    (
        "lock-entry-deleted",
        False,
        lambda e, u: _delete_entries(e, sequence=3),
        "the event is locked but its chain has no lock entry (deleted)",
    ),
    (
        "whole-trail-deleted",
        True,
        lambda e, u: _delete_entries(e),
        "the event is locked but its chain has no lock entry (deleted)",
    ),
    (
        "registration-deleted-lock-hash",
        True,
        lambda e, u: Registration.objects.filter(event=e).delete(),
        "the registrations differ from the lock's registration hash",
    ),
]


@pytest.mark.parametrize(("published", "tamper", "expected"), [pytest.param(*row[1:], id=row[0]) for row in TAMPERINGS])
def test_a_change_after_the_lock_is_caught(
    vendor, cards, owner, organizer, django_user_model, published, tamper, expected
):
    event = make_history(owner, organizer, publish=published)
    tamper(event, _other_user(django_user_model))
    assert expected in problems_of(event)


def _as_older_form(event) -> None:
    """Rewrite the chain as the code before the signed digests wrote it (no `digest`, no `registration_digests`,
    no game or publication flag among the frozen fields), signed with the same key."""
    with audit_guard_disabled():
        for entry in entries(event):
            payload = {k: v for k, v in entry.payload.items() if k not in ("digest", "owner", "registration_digests")}
            if "frozen" in payload:
                payload["frozen"] = {
                    k: v for k, v in payload["frozen"].items() if k not in ("game", "publish_decklists")
                }
            AuditEntry.objects.filter(id=entry.id).update(payload=payload)
        rechain(event, start=1)
        for entry in entries(event):
            AuditEntry.objects.filter(id=entry.id).update(signature=signing.entry_sign(entry.entry_hash))


def test_a_chain_of_the_older_form_still_verifies(history):
    _as_older_form(history)
    assert "registration_digests" not in entries(history)[2].payload
    assert problems_of(history) == []


def test_the_command_reads_published_heads(history, tmp_path):
    head_file = tmp_path / "head.json"
    head_file.write_text(json.dumps(selectors.audit_head(event=history)))
    call_command("verify_audit_chain", "--head", str(head_file), stdout=StringIO())
    with audit_guard_disabled():
        AuditEntry.objects.filter(event=history, sequence=4).delete()
    err = StringIO()
    with pytest.raises(CommandError, match="audit chain broken"):
        call_command("verify_audit_chain", "--head", str(head_file), stderr=err)
    assert f"event {history.id} entry #4" in err.getvalue()


def test_the_head_is_published_in_the_event_api_and_the_exports(history, organizer):
    head = selectors.audit_head(event=history)
    client = token_client(organizer)
    assert client.get(f"/api/v1/events/{history.id}/").json()["audit_head"] == head
    exported = client.get(f"/api/v1/events/{history.id}/registrations/export/json/")
    assert json.loads(exported.content)["audit_head"] == head
    csv_export = client.get(f"/api/v1/events/{history.id}/registrations/export/csv/")
    assert (csv_export["X-Audit-Head-Count"], csv_export["X-Audit-Head-Hash"]) == ("4", head["hash"])
    public = Client().get("/api/v1/audit/public-key/").json()
    assert (public["algorithm"], public["key_id"]) == ("Ed25519", head["key_id"])


def test_the_published_signature_verifies_with_the_public_key_alone(history):
    """What a player holding the head does, with nothing but the public key endpoint's answer."""
    import base64

    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    head = selectors.audit_head(event=history)
    public = Client().get("/api/v1/audit/public-key/").json()
    key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public["public_key"]))
    message = public["signed_message"].replace("{hash}", head["hash"]).encode()
    key.verify(base64.b64decode(head["signature"]), message)  # raises InvalidSignature if forged
    with pytest.raises(InvalidSignature):
        key.verify(base64.b64decode(head["signature"]), message.replace(head["hash"].encode(), b"0" * 64))


def test_a_rotated_key_keeps_the_old_entries_verifiable(history, settings):
    import base64
    import os

    old_public = signing.public_key_b64()
    old_head = selectors.audit_head(event=history)
    settings.AUDIT_SIGNING_KEY = base64.b64encode(os.urandom(32)).decode()  # the new key
    assert signing.public_key_b64() != old_public
    assert set(problems_of(history)) == {f"entry signed with an unknown key ({old_head['key_id']})"}
    settings.AUDIT_RETIRED_PUBLIC_KEYS = [old_public]
    assert problems_of(history, heads=[old_head]) == []
    public = Client().get("/api/v1/audit/public-key/").json()
    assert public["retired_keys"] == [{"key_id": old_head["key_id"], "public_key": old_public}]


# --- vendor-specific attacks -------------------------------------------------------------------------------


COLUMNS = (
    "event_id, sequence, registration_id_ref, action, actor_id, actor_name, payload, created_at, prev_hash,"
    " entry_hash, signature, key_id"
)
FORGED = COLUMNS.replace("payload", '\'{{"reason": "forged"}}\'')
SQLITE_REPLACES = [
    pytest.param(
        f"INSERT OR REPLACE INTO {{t}} (id, {COLUMNS}) SELECT id, {FORGED} FROM {{t}} WHERE id = %s",
        id="insert-or-replace-same-id",
    ),
    pytest.param(
        f"REPLACE INTO {{t}} ({COLUMNS}) SELECT {FORGED.replace('entry_hash', 'upper(entry_hash)')} FROM {{t}}"
        " WHERE id = %s",
        id="replace-same-sequence",
    ),
    pytest.param(
        f"INSERT INTO {{t}} (id, {COLUMNS}) SELECT id, {FORGED} FROM {{t}} WHERE id = %s"
        " ON CONFLICT(id) DO UPDATE SET payload = excluded.payload",
        id="upsert",
    ),
]


@pytest.mark.parametrize("sql", SQLITE_REPLACES)
def test_sqlite_refuses_insert_or_replace(history, sql):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's conflict clauses")
    target = entries(history)[1]
    before = (target.payload, target.entry_hash)
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql.format(t=TABLE), [target.id])
    target.refresh_from_db()
    assert (target.payload, target.entry_hash) == before
    assert problems_of(history) == []


def test_postgresql_upsert_is_refused(history):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's ON CONFLICT")
    target = entries(history)[1]
    sql = (
        f"INSERT INTO {TABLE} SELECT * FROM {TABLE} WHERE id = %s "
        'ON CONFLICT (id) DO UPDATE SET payload = \'{"reason": "forged"}\'::jsonb'
    )
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, [target.id])


def test_session_replication_role_replica_is_caught_by_the_signature(history):
    """A superuser silences every trigger for their session and rewrites the amendment, hashes recomputed."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's session_replication_role")
    amend = entries(history)[1]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        AuditEntry.objects.filter(id=amend.id).update(payload={**amend.payload, "reason": "player asked nicely"})
        rechain(history, start=2)
    problems = problems_of(history)
    assert chain_only_problems(problems) == []
    assert problems.count("signature does not match the entry hash (rewritten entry)") == 3


def test_the_deploy_check_warns_about_a_superuser_role(vendor, db):
    from tournaments.checks import audit_database_role_check

    warnings = [w.id for w in audit_database_role_check(None)]
    with connection.cursor() as cursor:
        if vendor == "postgresql":
            cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
            superuser = cursor.fetchone()[0]
        else:
            superuser = False
    assert warnings == (["tournaments.W001"] if superuser else [])


# --- the admin ---------------------------------------------------------------------------------------------


def test_the_admin_cannot_unlock_an_event(history, django_user_model):
    """The finding: a superuser cleared an event's lock in the admin with no audit entry. The admin is read-only."""
    admin = django_user_model.objects.create_superuser("root", password="a-long-test-password-42")
    client = Client()
    client.force_login(admin)
    url = f"/admin/tournaments/event/{history.id}/change/"
    assert client.get(url).status_code == 200
    locked_at = Event.objects.get(id=history.id).locked_at
    form = {
        "name": history.name,
        "date": history.date.isoformat(),
        "format_code": history.format_code,
        "regulation_date": history.regulation_date.isoformat(),
        "registration_deadline_0": "2000-01-01",
        "registration_deadline_1": "00:00:00",
        "locked_at_0": "",
        "locked_at_1": "",
        "organizer": history.organizer_id,
    }
    client.post(url, form)
    event = Event.objects.get(id=history.id)
    assert event.locked_at == locked_at and event.registration_deadline == history.registration_deadline
    assert client.get("/admin/tournaments/event/add/").status_code == 403
    assert problems_of(history) == []
