"""The card pool on a date (issue 28): each card's earliest and latest possible release day, from the data's set
bounds. The cards' import hashes are cleared so the next import writes the two columns for every card (a re-import
of unchanged records would otherwise skip them)."""

from django.db import migrations, models


def clear_hashes(apps, schema_editor):
    apps.get_model("cards", "Card").objects.filter(game="dbs").update(source_hash="")


class Migration(migrations.Migration):
    dependencies = [
        ("dbs", "0001_initial"),
        ("cards", "0004_card_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="dbscardfacts",
            name="release_date_earliest",
            field=models.DateField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="dbscardfacts",
            name="release_date_latest",
            field=models.DateField(blank=True, null=True),
        ),
        migrations.RunPython(clear_hashes, migrations.RunPython.noop),
    ]
