"""Each game's solo board as data (the `board` capability, games.capabilities.Board, games.base.BoardLayout): its
areas, the deck zones that start on it and its setup hold together; Duel Masters keeps its own board (None); a game
that declares none gets the default, a plain table."""

import pytest
from django.test import Client

from games import registry

BOARDS = {
    # game: (the setup dealt: area -> cards, going second's extra draws, the zones that start on the board)
    "ygo": ({"hand": 5}, 1, {"extra"}),  # PR p.9, p.16
    "dbs": ({"hand": 6, "life": 8}, 0, {"leader", "z"}),  # 5-2-1-6, 5-2-1-7
}


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_games_board_holds_together(game):
    layout = registry.get(game).board.layout
    codes = [area.code for area in layout.areas]
    dealt, second, starts = BOARDS[game]
    assert len(codes) == len(set(codes))
    assert {layout.deck, layout.hand} <= set(codes)
    assert dict(layout.deal) == dealt and layout.second_draws == second
    assert {area.start for area in layout.areas if area.start} == starts
    assert starts <= set(registry.get(game).zone_codes())
    words = " ".join(f"{area.name_en} {area.name_ja}" for area in layout.areas).lower()
    duel_masters = ("shield", "mana", "hyperspatial", "gr zone", "シールド", "マナ", "超次元")
    assert not [word for word in duel_masters if word in words]


def test_duel_masters_keeps_its_own_board_and_the_default_is_a_table():
    from games.base import TABLE_BOARD

    assert registry.get("dm").board is None and registry.get("dm").simulation is not None
    assert registry.Game.board is not None and registry.Game.board.layout is TABLE_BOARD
    assert dict(TABLE_BOARD.deal) == {"hand": 5} and TABLE_BOARD.deck in {a.code for a in TABLE_BOARD.areas}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game, template, status",
    [("dm", "dm/deck_solo.html", 200), ("ygo", "web/deck_board.html", 200), ("dbs", "web/deck_board.html", 200)],
)
def test_the_solo_page_draws_the_games_board(game, template, status):
    from accounts.tests.factories import UserFactory
    from decks.services import deck_create

    owner = UserFactory(username="alice")
    deck = deck_create(owner=owner, name="deck", game=game, decklist=registry.get(game).decklist([]))
    client = Client()
    client.force_login(owner)
    response = client.get(f"/decks/{deck.id}/solo/")
    assert response.status_code == status
    assert template in [t.name for t in response.templates]
    board = response.context["config"].get("board")
    assert (board is None) == (game == "dm")
    assert board is None or board["main"] == "main"
