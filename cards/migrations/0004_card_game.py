"""A card is of a game (issue 19); every existing card is Duel Masters'. A Japanese name is unique in its game."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0003_merge_sets_and_nicknames"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="game",
            field=models.CharField(db_index=True, default="dm", editable=False, max_length=16),
        ),
        migrations.AlterField(
            model_name="card",
            name="name_ja",
            field=models.CharField(max_length=255),
        ),
        migrations.AddConstraint(
            model_name="card",
            constraint=models.UniqueConstraint(fields=("game", "name_ja"), name="card_unique_name_per_game"),
        ),
    ]
