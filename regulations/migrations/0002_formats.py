"""The three formats as data (editable in the admin afterwards)."""

from django.db import migrations

FORMATS = [
    {
        "code": "advance",
        "name": "Advance",
        "name_ja": "アドバンス",
        "description": "All zones (main deck, hyperspatial, super GR, start-of-game sets) under the Hall of Fame list.",
        "position": 0,
    },
    {
        "code": "original",
        "name": "Original",
        "name_ja": "オリジナル",
        "description": (
            "Main deck only: hyperspatial zone, super GR zone and start-of-game cards are not in the format. "
            "Its own Hall of Fame list applies when one is loaded (none is in the bundled data)."
        ),
        "uses_hyperspatial": False,
        "uses_gr": False,
        "start_of_game_cards": False,
        "position": 1,
    },
    {
        "code": "unrestricted",
        "name": "Unrestricted",
        "name_ja": "殿堂ゼロ",
        "description": "The construction rules without any Hall of Fame list (rule 100.5 still applies).",
        "hall_of_fame": False,
        "position": 2,
    },
]


def create_formats(apps, schema_editor):
    Format = apps.get_model("regulations", "Format")
    for data in FORMATS:
        Format.objects.update_or_create(code=data["code"], defaults={k: v for k, v in data.items() if k != "code"})


def remove_formats(apps, schema_editor):
    apps.get_model("regulations", "Format").objects.filter(code__in=[f["code"] for f in FORMATS]).delete()


class Migration(migrations.Migration):
    dependencies = [("regulations", "0001_initial")]

    operations = [migrations.RunPython(create_formats, remove_formats)]
