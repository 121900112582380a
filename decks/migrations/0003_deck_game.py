"""A deck is of a game (issue 19); every existing deck is Duel Masters' (the default). A deck entry's zone is one of
its game's zones, checked by the services: the check on Duel Masters' four zone names leaves the schema."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0002_deckversion_session"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="deckentry",
            name="deckentry_zone_valid",
        ),
        migrations.AddField(
            model_name="deck",
            name="game",
            field=models.CharField(db_index=True, default="dm", editable=False, max_length=16),
        ),
        migrations.AlterField(
            model_name="deckentry",
            name="zone",
            field=models.CharField(max_length=16),
        ),
    ]
