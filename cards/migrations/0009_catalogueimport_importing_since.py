"""When a game's import began, while it runs (make run imports the other games beside the running server)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0008_cardface_colours"),
    ]

    operations = [
        migrations.AddField(
            model_name="catalogueimport",
            name="importing_since",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="catalogueimport",
            name="source_hash",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
    ]
