"""Deployment checks (`manage.py check --deploy`) for what makes the audit trail trustworthy.

- tournaments.W001: the app connects to PostgreSQL as a superuser. A superuser can drop the append-only triggers or
  silence them (`SET session_replication_role = replica`); the signatures still expose a rewrite, but the app's own
  role should not be able to do either (docs/production.md gives the role set-up).
- tournaments.W002: the database could not be asked (the role check did not run).
- tournaments.E001: no audit signing key is configured (AUDIT_SIGNING_KEY or AUDIT_SIGNING_KEY_FILE): nothing
  could be appended to an audit trail.
- tournaments.W003: the key file sits in the data directory (VAR_DIR) or in an SQLite database's directory: a copy
  of the data (a backup, a stolen disk image) would carry the key, and with it its holder could re-sign a rewritten
  chain. The key must live apart from what it protects (tournaments/signing.py).
"""

from pathlib import Path

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.utils import Error as DatabaseError


def database_role_is_superuser(alias: str = DEFAULT_DB_ALIAS) -> bool | None:
    """True/False on PostgreSQL (None elsewhere: SQLite has no roles)."""
    connection = connections[alias]
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        row = cursor.fetchone()
    return bool(row and row[0])


@register(Tags.security, Tags.database, deploy=True)
def audit_database_role_check(app_configs, **kwargs) -> list:
    try:
        superuser = database_role_is_superuser()
    except DatabaseError as exc:
        return [Warning(f"Could not check the database role: {exc}", id="tournaments.W002")]
    if superuser:
        return [
            Warning(
                "The application connects to PostgreSQL as a superuser: it could drop or silence (session_replication_"
                "role = replica) the audit trail's append-only triggers.",
                hint="Connect as a role that owns nothing and has only the grants of docs/production.md.",
                id="tournaments.W001",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def audit_signing_key_check(app_configs, **kwargs) -> list:
    from tournaments import signing

    try:
        signing.key_id()
    except signing.SigningKeyMissing as exc:
        return [Error(str(exc), hint="docs/production.md: provision the audit signing key", id="tournaments.E001")]
    except ValueError as exc:
        return [Error(f"The audit signing key is unreadable: {exc}", id="tournaments.E001")]
    return []


def data_directories() -> dict[str, Path]:
    """The directories that hold the data: VAR_DIR and each SQLite database's directory (PostgreSQL keeps its files
    on its own server, out of the app's reach)."""
    directories = {"the data directory (VAR_DIR)": Path(settings.VAR_DIR)}
    for alias in connections:
        connection = connections[alias]
        name = str(connection.settings_dict.get("NAME") or "")
        if connection.vendor == "sqlite" and name and not name.startswith(("file:", ":memory:")):
            directories[f"the directory of the database '{alias}'"] = Path(name).parent
    return directories


@register(Tags.security, deploy=True)
def audit_signing_key_place_check(app_configs, **kwargs) -> list:
    from tournaments import signing

    if getattr(settings, "AUDIT_SIGNING_KEY", ""):
        return []  # from the environment: no file
    key = signing.key_file().resolve()
    for label, directory in data_directories().items():
        if key.is_relative_to(directory.resolve()):
            return [
                Warning(
                    f"The audit signing key file {key} is in {label}: a copy of the data would carry the key.",
                    hint="Move it out (e.g. to the default place, the user's configuration directory) and set "
                    "AUDIT_SIGNING_KEY_FILE, or give AUDIT_SIGNING_KEY (docs/production.md).",
                    id="tournaments.W003",
                )
            ]
    return []
