"""The card effects model, made in the simulations app (simulations/migrations/0002_card_effects.py), is Duel Masters'
own: taken over in the state only, on the same table (`simulations_cardeffects`), so no row moves or is lost."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("cards", "0001_initial"),
        ("simulations", "0003_run_game_card_effects_to_dm"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="CardEffects",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("effects", models.JSONField(default=list)),
                        ("data_version", models.PositiveIntegerField(default=1)),
                        ("source_hash", models.CharField(max_length=64)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "card",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE, related_name="effects", to="cards.card"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "simulations_cardeffects",
                        "ordering": ["card_id"],
                        "verbose_name_plural": "card effects",
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
