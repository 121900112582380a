"""2ブロック (issue 28): the blocks (DmBlock, imported from blocks.json with the Hall of Fame), the format option that
makes a format's card pool the cards of the block in force and the one before it (DmFormat.block_count), and the
format row: the cards with the block mark of the current and the previous block, or cards of the same name (event
rules 6.4 as quoted on note.com, https://note.com/tontonoyaji/n/n2a966344fdae; the official Creators' Letter Vol.39,
https://dm.takaratomy.co.jp/cls/creatorsletter39/, whose 殿堂 regulation binds every format): the Hall of Fame list of
advance applies on top, with the standard construction."""

from django.db import migrations, models

TWO_BLOCK = {
    "name": "2 Block",
    "name_ja": "2ブロック",
    "description": (
        "Cards printed with the block mark of the block in force on the date or of the one before it (or cards of "
        "the same name); the standard construction; the Hall of Fame list (that of advance) applies. A card whose "
        "products' blocks are not known is a warning, not a violation."
    ),
    "hall_of_fame": True,
    "regulation_format": "advance",
    "position": 4,
}


def create_two_block(apps, schema_editor):
    Format = apps.get_model("regulations", "Format")
    DmFormat = apps.get_model("dm", "DmFormat")
    fmt, _created = Format.objects.update_or_create(game="dm", code="2block", defaults=TWO_BLOCK)
    DmFormat.objects.update_or_create(format_id=fmt.pk, defaults={"block_count": 2})


def remove_two_block(apps, schema_editor):
    apps.get_model("regulations", "Format").objects.filter(game="dm", code="2block").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("dm", "0006_original_hall_of_fame"),
    ]
    # This and the migration before it write the format rows' column under the name it had then.
    run_before = [
        ("regulations", "0010_format_dated_list"),
    ]

    operations = [
        migrations.AddField(
            model_name="dmformat",
            name="block_count",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.CreateModel(
            name="DmBlock",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("position", models.PositiveSmallIntegerField(unique=True)),
                ("name_ja", models.CharField(max_length=100, unique=True)),
                ("name_en", models.CharField(blank=True, default="", max_length=100)),
                ("mark", models.CharField(blank=True, max_length=32, null=True)),
                ("start_date", models.DateField()),
                ("sets", models.JSONField(default=list)),
                ("source", models.TextField(blank=True, default="")),
                ("mark_source", models.TextField(blank=True, default="")),
            ],
            options={"ordering": ["position"]},
        ),
        migrations.RunPython(create_two_block, remove_two_block),
    ]
