"""The audit trail becomes append-only in the database: triggers reject UPDATE and DELETE (see audit_guard)."""

from django.db import migrations


def install(apps, schema_editor):
    from tournaments.audit_guard import audit_guard_install

    audit_guard_install(schema_editor.connection)  # per vendor: PostgreSQL or SQLite triggers


def uninstall(apps, schema_editor):
    from tournaments.audit_guard import audit_guard_uninstall

    audit_guard_uninstall(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [migrations.RunPython(install, uninstall)]
