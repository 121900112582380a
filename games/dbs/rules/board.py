"""Dragon Ball Super's solo board as data: the areas of the rule manual and the setup the board deals (5-2-1)."""

from games.base import BoardArea, BoardLayout
from games.dbs.rules.odds import HAND, LIFE
from games.dbs.rules.vocabulary import Zone

BOARD = BoardLayout(
    areas=(
        # A leader is two-sided and starts front side up (2-3-2-1-2, 5-2-1-2); [Awaken] turns it over (10-2).
        BoardArea("leader", "Leader area", "リーダーエリア", start=Zone.LEADER.value, turns=True, flips=True),
        BoardArea("life", "Life area", "ライフエリア", hidden=True),
        BoardArea("hand", "Hand", "手札", wide=True),
        BoardArea("battle", "Battle area", "バトルエリア", turns=True, wide=True),
        BoardArea("energy", "Energy area", "エナジーエリア", turns=True, wide=True),
        BoardArea("combo", "Combo area", "コンボエリア"),
        BoardArea("deck", "Deck", "デッキ", hidden=True),
        BoardArea("z_deck", "Z-Deck", "Zデッキ", start=Zone.Z.value),
        BoardArea("drop", "Drop area", "ドロップエリア"),
        BoardArea("warp", "Warp area", "ワープエリア"),
    ),
    # 5-2-1-6: 6 cards to the hand (the one redraw is up to the player: put the hand back and deal again);
    # 5-2-1-7: then the top 8 cards of the deck as life. Going first or second deals the same.
    deal=(("hand", HAND), ("life", LIFE)),
    turn_en="Rest",
    turn_ja="レスト",
    rules="5-2-1-6, 5-2-1-7",
    flip_en="Awaken",
    flip_ja="覚醒",
)
