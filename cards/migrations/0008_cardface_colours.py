"""A card face's colour words are `colours` for every game (they were `civilizations`, Duel Masters' word): the column
is renamed, its values stay."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0007_catalogueimport"),
    ]

    operations = [
        migrations.RenameField(model_name="cardface", old_name="civilizations", new_name="colours"),
    ]
