"""The OCG's solo board (一人回し) as data: the areas of the field and the setup the board deals (Perfect Rulebook)."""

from games.base import BoardArea, BoardLayout
from games.ygo.rules.odds import HAND
from games.ygo.rules.vocabulary import DeckZone

BOARD = BoardLayout(
    areas=(
        BoardArea("hand", "Hand", "手札", wide=True),
        BoardArea("monster", "Main Monster Zones", "メインモンスターゾーン", turns=True, sets=True, wide=True, slots=5),
        BoardArea("extra_monster", "Extra Monster Zones", "エクストラモンスターゾーン", turns=True, slots=2),
        BoardArea("field", "Field Zone", "フィールドゾーン", sets=True, slots=1),
        BoardArea("spell_trap", "Spell & Trap Zones", "魔法＆罠ゾーン", sets=True, wide=True, slots=5),
        BoardArea("deck", "Deck", "デッキ", hidden=True),
        BoardArea("graveyard", "Graveyard", "墓地"),
        BoardArea("banished", "Banished", "除外", sets=True),
        BoardArea("extra", "Extra Deck", "エクストラデッキ", start=DeckZone.EXTRA.value, wide=True),
    ),
    # PR p.9: 5 cards to the hand; the player going second draws at their first Draw Phase (PR p.16).
    deal=(("hand", HAND),),
    second_draws=1,
    turn_en="Defense position",
    turn_ja="守備表示",
    rules="PR p.9, p.16",
)
