"""A list's and an overlay's statuses are their game's (games.registry.Game: `list_limits`, `combo_statuses`,
`unlisted_status`): stored as strings, as before, with no Duel Masters choices of the core's own (issue 19; the values
stored are unchanged, no SQL on PostgreSQL). A legality batch names its decklists' game (every stored batch:
Duel Masters', the only game batches were checked on the workers for)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("regulations", "0007_duel_party"),
    ]

    operations = [
        migrations.AddField(
            model_name="legalitybatch",
            name="game",
            field=models.CharField(default="dm", max_length=16),
        ),
        migrations.AlterField(
            model_name="overlaycard",
            name="status",
            field=models.CharField(max_length=32),
        ),
        migrations.AlterField(
            model_name="overlaycombo",
            name="kind",
            field=models.CharField(max_length=32),
        ),
        migrations.AlterField(
            model_name="regulationevent",
            name="status_from",
            field=models.CharField(blank=True, max_length=32, null=True),
        ),
        migrations.AlterField(
            model_name="regulationevent",
            name="status_to",
            field=models.CharField(max_length=32),
        ),
    ]
