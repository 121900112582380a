"""Each game's page fragments (games.registry.Game.pages.templates, issue 19): the card page, the deck page and the
printable sheet draw the card's game's own tile, facts and columns (Duel Masters: games/dm/templates/dm/), and the
core's generic ones for a game that gives none (the miniature game): a tile with the card's name, count, picture and
type line. The OCG and Dragon Ball Super show their card pages through `card_details` and their decks' tiles with
their own type line (what their editor tiles show)."""

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from accounts.tests.factories import UserFactory
from games import registry
from games.tests.minigame import game as mini
from web.tests.catalogue import LEGAL_MAIN, catalogue_import
from web.tests.games_catalogue import DBS_MAIN, YGO_EXTRA, YGO_MAIN, card_id, dbs_import, ygo_import

GAMES = ["games.dm", "games.ygo", "games.dbs", "games.tests.minigame"]

DECKS = {
    "dm": [("main", "テスト爆炎王", 4), ("hyperspatial", "テスト超次元獣アルファ", 1)],
    "ygo": [("main", YGO_MAIN[0][0], 3), ("extra", YGO_EXTRA[0][0], 2)],
    "dbs": [("leader", "BT99-001", 1), ("main", DBS_MAIN[0][0], 4)],
    "mini": [("deck", "Ember Fox", 3), ("deck", "Tide Crab", 3)],
}


@pytest.fixture
def every_game(db):
    with override_settings(GAMES=GAMES):
        registry.load()
        catalogue_import()
        ygo_import()
        dbs_import()
        mini.catalogue_load()
        owner = UserFactory(username="fragments", password="a-long-passw0rd!")
        yield {game: _deck(owner, game, rows) for game, rows in DECKS.items()}
    registry.load()  # back to the project's games


def _deck(owner, game: str, rows):
    from decks.services import deck_create

    decklist = registry.get(game).decklist([(zone, card_id(game, name), count) for zone, name, count in rows])
    return deck_create(owner=owner, name=f"{game} deck", game=game, decklist=decklist, visibility="public")


def _templates(response) -> set[str]:
    assert response.status_code == 200
    return {template.name for template in response.templates}


def _page(every_game, game: str, page: str) -> str:
    deck = every_game[game]
    if page == "card":
        zone, name, _count = DECKS[game][0]
        return f"/cards/{card_id(game, name)}/"
    return f"/decks/{deck.id}/" if page == "deck" else f"/decks/{deck.id}/export/sheet/"


@pytest.mark.parametrize(
    ("game", "page", "drawn", "not_drawn"),
    [
        pytest.param("dm", "card", {"dm/card_page.html", "web/_card_page.html", "dm/tile.html"}, {"web/_tile.html"},
                     id="dm-card-page-its-facts-and-tile"),
        pytest.param("dm", "deck", {"web/deck_view.html", "dm/tile.html"}, {"web/_tile.html"}, id="dm-deck-its-tiles"),
        pytest.param("dm", "sheet", {"dm/deck_sheet.html", "dm/tile.html"}, {"web/_tile.html"},
                     id="dm-sheet-its-columns-and-tiles"),
        pytest.param("ygo", "card", {"web/card_detail.html"}, {"web/_card_page.html", "dm/tile.html"},
                     id="ygo-card-page-its-card-details"),
        pytest.param("ygo", "deck", {"web/deck_game.html"}, {"dm/tile.html"}, id="ygo-deck-its-zones"),
        pytest.param("ygo", "sheet", {"web/deck_sheet.html", "web/_tile.html"}, {"dm/deck_sheet.html", "dm/tile.html"},
                     id="ygo-sheet-generic"),
        pytest.param("dbs", "card", {"web/card_detail.html"}, {"web/_card_page.html", "dm/tile.html"},
                     id="dbs-card-page-its-card-details"),
        pytest.param("dbs", "sheet", {"web/deck_sheet.html", "web/_tile.html"}, {"dm/deck_sheet.html", "dm/tile.html"},
                     id="dbs-sheet-generic"),
        pytest.param("mini", "card", {"web/_card_page.html", "web/_tile.html"}, {"dm/card_page.html", "dm/tile.html"},
                     id="no-fragments-generic-card-page"),
        pytest.param("mini", "sheet", {"web/deck_sheet.html", "web/_tile.html"}, {"dm/deck_sheet.html", "dm/tile.html"},
                     id="no-fragments-generic-sheet"),
    ],
)  # fmt: skip
def test_each_page_draws_the_games_own_fragments(every_game, game, page, drawn, not_drawn):
    templates = _templates(Client().get(_page(every_game, game, page)))
    assert (drawn - templates, not_drawn & templates) == (set(), set())


@pytest.mark.parametrize(
    ("game", "language", "shown"),
    [
        pytest.param("dm", "en", ['style="--frame: linear-gradient(var(--fire), var(--fire))"', "W・B", "9000",
                                  "<th>Civilizations</th>"], id="dm-frame-breaker-power-columns"),
        pytest.param("ygo", "en", ['<div class="tile-type">Effect Monster</div>', "<td>Synchro / Effect Monster</td>"],
                     id="ygo-type-line"),
        pytest.param("ygo", "ja", ['<div class="tile-type">効果モンスター</div>'], id="ygo-type-line-japanese"),
        pytest.param("dbs", "en", ['<div class="tile-type">Leader</div>', "<td>Battle</td>"], id="dbs-type-line"),
        pytest.param("mini", "en", ['<span class="tile-name">Ember Fox</span><span class="tile-count">×3</span>'],
                     id="no-fragments-name-and-count"),
    ],
)  # fmt: skip
def test_the_sheets_tiles_show_the_games_facts(every_game, game, language, shown):
    body = Client().get(_page(every_game, game, "sheet"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert [text for text in shown if text not in body] == []
    if game != "dm":
        assert "<th>Civilizations</th>" not in body and "文明" not in body


@pytest.mark.parametrize(
    ("game", "word", "english", "japanese"),
    [
        pytest.param("dm", "hyperspatial", "Hyperspatial zone", "超次元ゾーン", id="dm-zone"),
        pytest.param("dm", "double", "Double breaker", "W・ブレイカー", id="dm-breaker"),
        pytest.param(None, "public", "Public", "公開", id="core-visibility"),
    ],
)
def test_data_words_are_the_cores_or_a_games(game, word, english, japanese):
    from django.utils import translation

    from web.i18n import DISPLAY, display

    assert (word in DISPLAY) == (game is None)
    if game is not None:
        assert word in registry.get(game).pages.words
    with translation.override("en"):
        assert display(word) == english
    with translation.override("ja"):
        assert display(word) == japanese


@pytest.mark.parametrize(
    ("word", "game", "english", "japanese"),
    [
        pytest.param("limited", "dm", "Limited", "殿堂入り", id="dm-hall-of-fame"),
        pytest.param("banned", "dm", "Banned", "プレミアム殿堂", id="dm-premium"),
        pytest.param("limited", "ygo", "Limited", "制限", id="ocg-limited-is-not-hall-of-fame"),
        pytest.param("semi_limited", "ygo", "Semi-Limited", "準制限", id="ocg-semi-limited"),
        pytest.param("forbidden", "ygo", "Forbidden", "禁止", id="ocg-forbidden"),
        pytest.param("banned", "dbs", "Banned", "禁止", id="dbs-banned-is-not-premium"),
        pytest.param("hyperspatial", "ygo", "hyperspatial", "hyperspatial", id="not-the-games-word-as-it-is"),
        pytest.param("public", "ygo", "Public", "公開", id="the-cores-word-for-every-game"),
        pytest.param("extra", "ygo", "Extra Deck", "エクストラデッキ", id="ocg-zone-by-its-name"),
        pytest.param("z", "dbs", "Z-Deck", "Zデッキ", id="dbs-zone-by-its-name"),
        pytest.param("extra", None, "Extra Deck", "エクストラデッキ", id="a-zone-of-any-game-on-a-shared-page"),
        pytest.param("main", "dm", "Main deck", "メインデッキ", id="dm-zone-its-own-word"),
    ],
)
def test_a_games_word_is_labelled_as_that_game_names_it(word, game, english, japanese):
    """A list status shown on a game's page (`|tr_of:card.game`, `|tr_of:event.game`) is the game's, not the first
    game's with that word."""
    from django.utils import translation

    from web.templatetags.ui import tr, tr_of

    with translation.override("en"):
        assert tr_of(word, game) == english
    with translation.override("ja"):
        assert tr_of(word, game) == japanese
    if game is None or word == "extra":
        with translation.override("ja"):
            assert tr(word) == japanese


def test_the_dm_deck_page_queries_do_not_grow_with_its_cards(db):
    """The tiles read `card.dm` selected with the entries (registry.card_relations): a deck of ten names costs the
    queries of a deck of one."""
    catalogue_import()
    owner = UserFactory(username="counter", password="a-long-passw0rd!")
    small = _deck(owner, "dm", [("main", LEGAL_MAIN[0], 4)])
    large = _deck(owner, "dm", [("main", name, 4) for name in LEGAL_MAIN])
    counts = []
    for deck in (small, large):
        Client().get(f"/decks/{deck.id}/")  # warm the process's caches
        with CaptureQueriesContext(connection) as queries:
            assert Client().get(f"/decks/{deck.id}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
