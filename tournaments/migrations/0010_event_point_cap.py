"""An event's organizer sets the GENESYS point cap of its checks (issue 28); existing events keep the default."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_event_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="point_cap",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
    ]
