"""An event is of a game (issue 19); every existing event is Duel Masters' (the default)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_merge_overlay_key_and_revalidation_chunks"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="game",
            field=models.CharField(db_index=True, default="dm", editable=False, max_length=16),
        ),
    ]
