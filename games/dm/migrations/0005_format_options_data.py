"""Every Duel Masters format's options copied from the core's format row into the game's own table, values as they
were (advance, original, unrestricted, duel_party and any made in the admin), before regulations 0009 drops the
columns. Reversed, they are copied back into the columns (re-added with their defaults) and the rows deleted."""

from django.db import migrations

# The columns that moved (regulations.Format -> dm.DmFormat), with their names.
OPTIONS = (
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


def options_to_dm(apps, schema_editor):
    Format = apps.get_model("regulations", "Format")
    DmFormat = apps.get_model("dm", "DmFormat")
    for fmt in Format.objects.filter(game="dm"):
        DmFormat.objects.update_or_create(format_id=fmt.pk, defaults={name: getattr(fmt, name) for name in OPTIONS})


def options_to_format(apps, schema_editor):
    Format = apps.get_model("regulations", "Format")
    DmFormat = apps.get_model("dm", "DmFormat")
    for options in DmFormat.objects.all():
        Format.objects.filter(pk=options.format_id).update(**{name: getattr(options, name) for name in OPTIONS})
    DmFormat.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("dm", "0004_format_options"),
    ]
    # The core's migration that drops the columns knows no game: this one says it runs first.
    run_before = [
        ("regulations", "0009_format_game_options"),
    ]

    operations = [migrations.RunPython(options_to_dm, options_to_format)]
