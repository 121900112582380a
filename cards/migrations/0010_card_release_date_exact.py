from importlib import import_module

from django.db import migrations, models

# The catalogue version's triggers (0006): SQLite adds a NOT NULL column by rebuilding the table, which drops the
# triggers of the old one; they are made again on the new one (PostgreSQL adds the column in place and keeps them).
_VERSIONS = import_module("cards.migrations.0006_catalogueversion")

# As cards.services.first_release derives it (kept here as it is today: a migration does not follow later code).
NOT_A_PRODUCT = "not a product"


def sqlite_triggers_again(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for op in _VERSIONS.OPERATIONS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS cards_catalogue_version_{op}")
            schema_editor.execute(_VERSIONS._SQLITE_TRIGGER.format(op=op, row="OLD" if op == "DELETE" else "NEW"))


def mark_inexact_release_dates(apps, schema_editor):
    """A Duel Masters card with a dated printing and a printing of no date may have come out before its release
    date: marked so at once, without waiting for the next import (an unchanged import does not rewrite the cards)."""
    Card = apps.get_model("cards", "Card")
    Printing = apps.get_model("cards", "Printing")
    Set = apps.get_model("cards", "Set")
    dated = set(Set.objects.filter(release_date__isnull=False).values_list("code", flat=True))
    not_products = set(Set.objects.filter(kind__contains=NOT_A_PRODUCT).values_list("code", flat=True))
    codes: dict[int, set[str]] = {}
    rows = Printing.objects.filter(tcg=False, card__game="dm", card__release_date__isnull=False)
    for card_id, code in rows.values_list("card_id", "set_code"):
        if code not in not_products:
            codes.setdefault(card_id, set()).add(code)
    inexact = [card_id for card_id, card_codes in codes.items() if card_codes - dated]
    for start in range(0, len(inexact), 500):
        Card.objects.filter(id__in=inexact[start : start + 500]).update(release_date_exact=False)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0009_catalogueimport_importing_since"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, sqlite_triggers_again),  # undone: after the column is gone
        migrations.AddField(
            model_name="card",
            name="release_date_exact",
            field=models.BooleanField(default=True),
        ),
        migrations.RunPython(sqlite_triggers_again, migrations.RunPython.noop),
        migrations.RunPython(mark_inexact_release_dates, migrations.RunPython.noop),
    ]
