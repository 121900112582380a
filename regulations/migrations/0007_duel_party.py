"""デュエパーティー (Duel Party) as a format: the partner zone, the format whose list applies, the setup for the odds;
and the format row itself (official Duel Party rules, dm.takaratomy.co.jp/rule/dhueparty/; docs/legality.md)."""

from django.db import migrations, models

DUEL_PARTY = {
    "name": "Duel Party",
    "name_ja": "デュエパーティー",
    "description": (
        "Multiplayer: 60 cards including one partner (a creature of cost 5 or more), at most 1 of a name, only the "
        "partner's civilizations and zero-civilization cards; main deck only (no hyperspatial zone, super GR zone or "
        "start-of-game cards); the Hall of Fame regulation applies (Premium Hall of Fame cards are not allowed). "
        "6 shields and 6 cards in hand; every player draws on their first turn."
    ),
    "uses_hyperspatial": False,
    "uses_gr": False,
    "start_of_game_cards": False,
    "hall_of_fame": True,
    "regulation_format": "advance",
    "main_size": 60,
    "main_copies": 1,
    "uses_partner": True,
    "partner_min_cost": 5,
    "hand_size": 6,
    "shield_count": 6,
    "first_player_draws": True,
    "position": 3,
}


def create_duel_party(apps, schema_editor):
    Format = apps.get_model("regulations", "Format")
    Format.objects.update_or_create(game="dm", code="duel_party", defaults=DUEL_PARTY)


def remove_duel_party(apps, schema_editor):
    apps.get_model("regulations", "Format").objects.filter(game="dm", code="duel_party").delete()
    if schema_editor.connection.vendor == "postgresql":
        # the delete's deferred foreign-key checks run now: PostgreSQL alters no table with pending trigger events,
        # and the fields below are removed in the same transaction
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):
    dependencies = [
        ("regulations", "0006_format_overlay_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="format",
            name="first_player_draws",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="format",
            name="hand_size",
            field=models.PositiveSmallIntegerField(default=5),
        ),
        migrations.AddField(
            model_name="format",
            name="partner_min_cost",
            field=models.PositiveSmallIntegerField(default=5),
        ),
        migrations.AddField(
            model_name="format",
            name="regulation_format",
            field=models.SlugField(blank=True, default="", max_length=32),
        ),
        migrations.AddField(
            model_name="format",
            name="shield_count",
            field=models.PositiveSmallIntegerField(default=5),
        ),
        migrations.AddField(
            model_name="format",
            name="uses_partner",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(create_duel_party, remove_duel_party),
    ]
