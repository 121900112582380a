"""The dated OCG lists raise the game's catalogue version (cards.models.CatalogueVersion), as its cards do.

A check reads the Forbidden/Limited and GENESYS lists with the catalogue (games.ygo.catalogue.ygo_context): their
version was a second query of aggregates over both tables, on every request, beside the catalogue version's row.
Now every insert, update or delete of a list raises the `ygo` row in the same transaction (database triggers, as
cards/migrations/0006 does for the cards), and that row is the only version the game's caches read.
"""

from django.db import migrations

VERSIONS = "cards_catalogueversion"
LISTS = ("ygo_ygolimitlist", "ygo_ygogenesyslist")
OPERATIONS = ("INSERT", "UPDATE", "DELETE")

# SQLite: a trigger per table and operation (its triggers are row triggers); the time in milliseconds.
_SQLITE_NOW = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
_SQLITE_TRIGGER = f"""
CREATE TRIGGER {{table}}_raises_version_{{op}} AFTER {{op}} ON {{table}} FOR EACH ROW BEGIN
    INSERT OR IGNORE INTO {VERSIONS} (game, version) VALUES ('ygo', {_SQLITE_NOW});
    UPDATE {VERSIONS} SET version = MAX(version + 1, {_SQLITE_NOW}) WHERE game = 'ygo';
END
"""
# PostgreSQL: the cards' sequence (a value never handed out twice), once per statement.
_POSTGRES_FUNCTION = f"""
CREATE FUNCTION ygo_lists_raise_catalogue_version() RETURNS trigger AS $$
DECLARE
    next_version bigint := nextval('cards_catalogue_version_seq');
BEGIN
    INSERT INTO {VERSIONS} AS current (game, version) VALUES ('ygo', next_version)
        ON CONFLICT (game) DO UPDATE SET version = next_version;
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""
_POSTGRES_TRIGGER = """
CREATE TRIGGER {table}_raises_version AFTER INSERT OR UPDATE OR DELETE ON {table}
    FOR EACH STATEMENT EXECUTE FUNCTION ygo_lists_raise_catalogue_version()
"""


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for table in LISTS:
            for op in OPERATIONS:
                schema_editor.execute(_SQLITE_TRIGGER.format(table=table, op=op))
    elif vendor == "postgresql":
        schema_editor.execute(_POSTGRES_FUNCTION)
        for table in LISTS:
            schema_editor.execute(_POSTGRES_TRIGGER.format(table=table))
    else:
        raise NotImplementedError(f"no catalogue version triggers for {vendor}")


def uninstall(apps, schema_editor):
    for table in LISTS:
        if schema_editor.connection.vendor == "sqlite":
            for op in OPERATIONS:
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_raises_version_{op}")
        else:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_raises_version ON {table}")
    if schema_editor.connection.vendor != "sqlite":
        schema_editor.execute("DROP FUNCTION IF EXISTS ygo_lists_raise_catalogue_version()")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0006_catalogueversion"),
        ("ygo", "0002_genesys_lists"),
    ]

    operations = [migrations.RunPython(install, uninstall)]
