"""The catalogue version per game, raised by triggers on the cards table (cards.models.CatalogueVersion)."""

from django.db import migrations, models

TABLE = "cards_catalogueversion"
CARDS = "cards_card"
OPERATIONS = ("INSERT", "UPDATE", "DELETE")

# SQLite: one trigger per operation, a row's game from NEW (OLD for a delete); the time in milliseconds.
_SQLITE_NOW = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
_SQLITE_TRIGGER = f"""
CREATE TRIGGER cards_catalogue_version_{{op}} AFTER {{op}} ON {CARDS} FOR EACH ROW BEGIN
    INSERT OR IGNORE INTO {TABLE} (game, version) VALUES ({{row}}.game, {_SQLITE_NOW});
    UPDATE {TABLE} SET version = MAX(version + 1, {_SQLITE_NOW}) WHERE game = {{row}}.game;
END
"""
# PostgreSQL: a sequence, not `version + 1`: a sequence never hands out a value twice, even to a transaction that is
# rolled back, so a version some process read inside a rolled-back write is never the version of other data later.
_POSTGRES_SEQUENCE = "cards_catalogue_version_seq"
_POSTGRES_FUNCTION = f"""
CREATE FUNCTION cards_catalogue_version_raise() RETURNS trigger AS $$
DECLARE
    row_game varchar(16);
    next_version bigint := nextval('{_POSTGRES_SEQUENCE}');
BEGIN
    IF TG_OP = 'DELETE' THEN row_game := OLD.game; ELSE row_game := NEW.game; END IF;
    INSERT INTO {TABLE} AS current (game, version) VALUES (row_game, next_version)
        ON CONFLICT (game) DO UPDATE SET version = next_version;
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""
_POSTGRES_TRIGGER = f"""
CREATE TRIGGER cards_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON {CARDS}
    FOR EACH ROW EXECUTE FUNCTION cards_catalogue_version_raise()
"""


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for op in OPERATIONS:
            schema_editor.execute(_SQLITE_TRIGGER.format(op=op, row="OLD" if op == "DELETE" else "NEW"))
        now = _SQLITE_NOW
    elif vendor == "postgresql":
        # The sequence starts at the time in milliseconds, above any version a process may hold from before.
        schema_editor.execute(f"CREATE SEQUENCE {_POSTGRES_SEQUENCE}")
        schema_editor.execute(
            f"SELECT setval('{_POSTGRES_SEQUENCE}', (extract(epoch FROM clock_timestamp()) * 1000)::bigint)"
        )
        schema_editor.execute(_POSTGRES_FUNCTION)
        schema_editor.execute(_POSTGRES_TRIGGER)
        now = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"
    else:
        raise NotImplementedError(f"no catalogue version triggers for {vendor}")
    schema_editor.execute(f"INSERT INTO {TABLE} (game, version) SELECT DISTINCT game, {now} FROM {CARDS}")


def uninstall(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for op in OPERATIONS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS cards_catalogue_version_{op}")
    else:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS cards_catalogue_version ON {CARDS}")
        schema_editor.execute("DROP FUNCTION IF EXISTS cards_catalogue_version_raise()")
        schema_editor.execute(f"DROP SEQUENCE IF EXISTS {_POSTGRES_SEQUENCE}")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0005_dm_facts_moved"),
    ]

    operations = [
        migrations.CreateModel(
            name="CatalogueVersion",
            fields=[
                ("game", models.CharField(max_length=16, primary_key=True, serialize=False)),
                ("version", models.BigIntegerField()),
            ],
        ),
        migrations.RunPython(install, uninstall),
    ]
