"""オリジナル under the Hall of Fame: the format's row names `advance` as the format whose dated list applies, as Duel
Party's does (issue 28). The Hall of Fame binds every format of two-player play: dmwiki's オリジナル page
(https://dmwiki.net/%E3%82%AA%E3%83%AA%E3%82%B8%E3%83%8A%E3%83%AB: 「殿堂カード（殿堂入り、プレミアム殿堂、プレミアム殿堂
超次元コンビ）の制約は受ける」) and the official Creators' Letter Vol.39 (https://dm.takaratomy.co.jp/cls/creatorsletter39/:
the 殿堂 regulation affects every format). Until now `original` waited for a list of its own that no source gives, so
its decks were checked without any (REGULATION_UNAVAILABLE). Reversed, the row waits for its own list again."""

from django.db import migrations

DESCRIPTION = (
    "Main deck only: hyperspatial zone, super GR zone and start-of-game cards are not in the format. "
    "The Hall of Fame list (that of advance) applies."
)
OLD_DESCRIPTION = (
    "Main deck only: hyperspatial zone, super GR zone and start-of-game cards are not in the format. "
    "Its own Hall of Fame list applies when one is loaded (none is in the bundled data)."
)


def bind(apps, schema_editor):
    Format = apps.get_model("regulations", "Format")
    Format.objects.filter(game="dm", code="original", regulation_format="").update(
        hall_of_fame=True, regulation_format="advance", description=DESCRIPTION
    )


def unbind(apps, schema_editor):
    Format = apps.get_model("regulations", "Format")
    Format.objects.filter(game="dm", code="original", regulation_format="advance").update(
        regulation_format="", description=OLD_DESCRIPTION
    )


class Migration(migrations.Migration):
    dependencies = [
        ("dm", "0005_format_options_data"),
        ("regulations", "0009_format_game_options"),
    ]

    operations = [migrations.RunPython(bind, unbind)]
