"""Duel Masters' own options of a format (zones, sizes, copy limits, partner, setup), one-to-one with the core's
format row, whose columns they were (issue 19): the table; 0003 copies the rows, then regulations 0009 drops the
columns."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("dm", "0003_dmcard_copy"),
        ("regulations", "0008_list_statuses_by_game"),
    ]

    operations = [
        migrations.CreateModel(
            name="DmFormat",
            fields=[
                (
                    "format",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="dm",
                        serialize=False,
                        to="regulations.format",
                    ),
                ),
                ("uses_hyperspatial", models.BooleanField(default=True)),
                ("uses_gr", models.BooleanField(default=True)),
                ("start_of_game_cards", models.BooleanField(default=True)),
                ("main_size", models.PositiveSmallIntegerField(default=40)),
                ("hyperspatial_max", models.PositiveSmallIntegerField(default=8)),
                ("gr_size", models.PositiveSmallIntegerField(default=12)),
                ("main_copies", models.PositiveSmallIntegerField(default=4)),
                ("hyperspatial_copies", models.PositiveSmallIntegerField(default=4)),
                ("gr_copies", models.PositiveSmallIntegerField(default=2)),
                ("uses_partner", models.BooleanField(default=False)),
                ("partner_min_cost", models.PositiveSmallIntegerField(default=5)),
                ("hand_size", models.PositiveSmallIntegerField(default=5)),
                ("shield_count", models.PositiveSmallIntegerField(default=5)),
                ("first_player_draws", models.BooleanField(default=False)),
            ],
            options={
                "verbose_name": "Duel Masters format options",
                "verbose_name_plural": "Duel Masters format options",
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("main_size__gte", 1)), name="dmformat_main_size_positive"
                    )
                ],
            },
        ),
    ]
