"""Whether a format's dated list applies is `dated_list` for every game (it was named after Duel Masters' list): the
column is renamed, its values stay."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("regulations", "0009_format_game_options"),
    ]

    operations = [
        migrations.RenameField(model_name="format", old_name="hall_of_fame", new_name="dated_list"),
    ]
