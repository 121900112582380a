"""The audit trail is append-only in the database itself, not only by convention.

Triggers on the audit table reject every UPDATE and DELETE (PostgreSQL also every TRUNCATE), whoever sends them:
the ORM, the admin, a raw SQL session. One UPDATE passes: setting `actor_id` to NULL with every other column
unchanged, which is what deleting a user account does (AuditEntry.actor is on_delete=SET_NULL); the entry keeps
`actor_name`, which is the name the hash covers, so the chain still verifies.

Deleting a whole event that has audit entries is refused (AuditEntry.event is on_delete=PROTECT, and the trigger
refuses the entries' DELETE anyway). `manage.py flush` (and so the test runner's flush after transactional tests)
lifts the guard for the duration of the flush only (tournaments/management/commands/flush.py).

SQLite's `INSERT OR REPLACE` deletes a conflicting row without firing delete triggers: a BEFORE INSERT trigger
refuses any insert that collides with an existing entry. On PostgreSQL, `INSERT ... ON CONFLICT DO UPDATE` fires the
UPDATE trigger and is refused.

Someone with the rights to drop the triggers (or, on PostgreSQL, a superuser who sets
`session_replication_role = replica`, which silences every trigger) can still rewrite the table; `manage.py
verify_audit_chain` detects that through the entries' Ed25519 signatures (tournaments/signing.py), whose key is not
in the database, and a truncated tail against a published chain head. The app should not connect as a superuser
(`manage.py check --deploy` warns; docs/production.md). Emptying the whole table
leaves no chain to check: that is what the TRUNCATE trigger and the refused event deletion are for.

A change to the SQL below needs a new migration that installs it (0002 calls `audit_guard_install`).
"""

from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction

TABLE = "tournaments_auditentry"
MESSAGE = "the audit trail is append-only"
# Every column but actor_id: an UPDATE may only clear actor_id (SQLite has no row comparison; PostgreSQL compares
# the whole row as JSON, so it needs no list). A test checks this list against the model's columns.
FROZEN_COLUMNS = (
    "id",
    "event_id",
    "sequence",
    "registration_id_ref",
    "action",
    "actor_name",
    "payload",
    "created_at",
    "prev_hash",
    "entry_hash",
    "signature",
    "key_id",
)

_POSTGRESQL_INSTALL = [
    f"""
    CREATE OR REPLACE FUNCTION tournaments_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL
           AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
            RETURN NEW;  -- the actor's account was deleted (SET_NULL); actor_name stays
        END IF;
        RAISE EXCEPTION '{MESSAGE}: % on {TABLE} rejected', TG_OP USING ERRCODE = 'integrity_constraint_violation';
    END;
    $$
    """,
    f"""
    CREATE TRIGGER tournaments_audit_no_update_delete BEFORE UPDATE OR DELETE ON {TABLE}
    FOR EACH ROW EXECUTE FUNCTION tournaments_audit_append_only()
    """,
    f"""
    CREATE TRIGGER tournaments_audit_no_truncate BEFORE TRUNCATE ON {TABLE}
    FOR EACH STATEMENT EXECUTE FUNCTION tournaments_audit_append_only()
    """,
]
_POSTGRESQL_UNINSTALL = [
    f"DROP TRIGGER IF EXISTS tournaments_audit_no_truncate ON {TABLE}",
    f"DROP TRIGGER IF EXISTS tournaments_audit_no_update_delete ON {TABLE}",
    "DROP FUNCTION IF EXISTS tournaments_audit_append_only()",
]

_UNCHANGED = " AND ".join(f"NEW.{column} IS OLD.{column}" for column in FROZEN_COLUMNS)
_SQLITE_INSTALL = [
    f"""
    CREATE TRIGGER tournaments_audit_no_update BEFORE UPDATE ON {TABLE}
    WHEN NOT (NEW.actor_id IS NULL AND {_UNCHANGED})
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}: UPDATE on {TABLE} rejected'); END
    """,
    f"""
    CREATE TRIGGER tournaments_audit_no_delete BEFORE DELETE ON {TABLE}
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}: DELETE on {TABLE} rejected'); END
    """,
]
_SQLITE_INSTALL.append(
    # INSERT OR REPLACE (and REPLACE INTO) deletes the conflicting row WITHOUT firing delete triggers (SQLite fires
    # them only with recursive_triggers on), so the two triggers above never see it: refuse any insert that would
    # collide with an existing entry's id, (event, sequence) or hash. A fresh row's NEW.id is -1 here when the
    # insert leaves it to SQLite, so the normal append passes. Upserts (ON CONFLICT DO UPDATE) are refused here
    # too, and by the UPDATE trigger if they got that far.
    f"""
    CREATE TRIGGER tournaments_audit_no_replace BEFORE INSERT ON {TABLE}
    WHEN EXISTS (
        SELECT 1 FROM {TABLE}
        WHERE id = NEW.id OR (event_id = NEW.event_id AND sequence = NEW.sequence) OR entry_hash = NEW.entry_hash
    )
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}: INSERT OR REPLACE on {TABLE} rejected'); END
    """
)
_SQLITE_UNINSTALL = [
    "DROP TRIGGER IF EXISTS tournaments_audit_no_update",
    "DROP TRIGGER IF EXISTS tournaments_audit_no_delete",
    "DROP TRIGGER IF EXISTS tournaments_audit_no_replace",
]


def _statements(vendor: str, *, install: bool) -> list[str]:
    if vendor == "postgresql":
        return _POSTGRESQL_INSTALL if install else _POSTGRESQL_UNINSTALL
    if vendor == "sqlite":
        return _SQLITE_INSTALL if install else _SQLITE_UNINSTALL
    return []  # another database: the guard is the services' convention only


def _run(connection, statements: list[str]) -> None:
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def audit_guard_install(connection) -> None:
    _run(connection, _statements(connection.vendor, install=False) + _statements(connection.vendor, install=True))


def audit_guard_uninstall(connection) -> None:
    _run(connection, _statements(connection.vendor, install=False))


def audit_guard_installed(connection) -> bool:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT count(*) FROM pg_trigger WHERE tgrelid = %s::regclass AND tgname LIKE 'tournaments_audit_%%'",
                [TABLE],
            )
        elif connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s", [TABLE])
        else:
            return False
        return cursor.fetchone()[0] > 0


@contextmanager
def audit_guard_disabled(using: str = DEFAULT_DB_ALIAS):
    """Drop the triggers for the block and put them back after it, in one transaction (DDL is transactional on
    PostgreSQL and SQLite), so no other session ever sees the table unguarded; an error restores them too."""
    connection = connections[using]
    with transaction.atomic(using=using):
        audit_guard_uninstall(connection)
        yield
        audit_guard_install(connection)
