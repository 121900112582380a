"""Formats and event overlays are of a game (issue 19); the existing ones are Duel Masters'. A format code is unique
in its game."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("regulations", "0005_legality_batches"),
    ]

    operations = [
        migrations.AddField(
            model_name="eventoverlay",
            name="game",
            field=models.CharField(db_index=True, default="dm", editable=False, max_length=16),
        ),
        migrations.AddField(
            model_name="format",
            name="game",
            field=models.CharField(db_index=True, default="dm", max_length=16),
        ),
        migrations.AlterField(
            model_name="format",
            name="code",
            field=models.SlugField(max_length=32),
        ),
        migrations.AddConstraint(
            model_name="format",
            constraint=models.UniqueConstraint(fields=("game", "code"), name="format_unique_code_per_game"),
        ),
    ]
