"""A format row keeps what every game's format has (issue 19): Duel Masters' zones, sizes, copy limits, partner and
setup are its own table's (games/dm/migrations/0004_format_options.py), whose data migration copies them there before
this one runs (its `run_before`: the core's migrations name no game)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("regulations", "0008_list_statuses_by_game"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="format",
            name="format_main_size_positive",
        ),
        *(
            migrations.RemoveField(model_name="format", name=name)
            for name in (
                "uses_hyperspatial",
                "uses_gr",
                "start_of_game_cards",
                "main_size",
                "hyperspatial_max",
                "gr_size",
                "main_copies",
                "hyperspatial_copies",
                "gr_copies",
                "uses_partner",
                "partner_min_cost",
                "hand_size",
                "shield_count",
                "first_player_draws",
            )
        ),
    ]
