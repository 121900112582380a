"""Audit entries carry an Ed25519 signature of their hash (tournaments/signing.py), and the SQLite guard also refuses
INSERT OR REPLACE. The triggers are lifted while the columns are added (SQLite rebuilds the table, which drops them)
and while entries written before signatures existed are signed once, then installed again with the new SQL."""

from django.db import migrations, models


def guard_uninstall(apps, schema_editor):
    from tournaments.audit_guard import audit_guard_uninstall

    audit_guard_uninstall(schema_editor.connection)


def guard_install(apps, schema_editor):
    from tournaments.audit_guard import audit_guard_install

    audit_guard_install(schema_editor.connection)


def sign_existing(apps, schema_editor):
    from tournaments import signing

    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    unsigned = AuditEntry.objects.using(schema_editor.connection.alias).filter(signature="")
    if not unsigned.exists():
        return
    key_id = signing.key_id()  # SigningKeyMissing stops the migration: configure the key first (docs/production.md)
    for entry in unsigned.only("id", "entry_hash"):
        unsigned.filter(id=entry.id).update(signature=signing.entry_sign(entry.entry_hash), key_id=key_id)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_audit_append_only")]

    operations = [
        migrations.RunPython(guard_uninstall, guard_install),
        migrations.AddField(
            model_name="auditentry",
            name="key_id",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.AddField(
            model_name="auditentry",
            name="signature",
            field=models.CharField(blank=True, default="", max_length=88),
        ),
        migrations.RunPython(sign_existing, migrations.RunPython.noop),
        migrations.RunPython(guard_install, guard_uninstall),
    ]
