"""A run names its game (every run so far is Duel Masters'); the card effects model moves to Duel Masters' own app
(games.dm, games/dm/migrations/0001_initial.py) in the state only: the table `simulations_cardeffects` and its rows
stay as they are."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("simulations", "0002_card_effects"),
    ]

    operations = [
        migrations.AddField(
            model_name="simulationrun",
            name="game",
            field=models.CharField(default="dm", max_length=16),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="CardEffects")],
            database_operations=[],
        ),
    ]
