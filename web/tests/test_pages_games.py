"""The shared pages render what each game gives them through games.registry (issue 19): a deck list row counts the
game's zones and passes the colour filter by the game's cards, a card page's "add to a deck" offers the game's
zones, the tiles' official pictures are the game's, and the event desk reads a typed decklist as the event's game."""

import re

import pytest
from django.test import Client

from accounts.tests.factories import UserFactory
from games import registry
from web.tests.games_catalogue import DBS_MAIN, YGO_EXTRA, YGO_MAIN
from web.tests.games_catalogue import card_id as card

pytestmark = pytest.mark.django_db


DECKS = {
    "dm": [
        ("main", "テスト火炎兵", 4),
        ("hyperspatial", "テスト超次元獣アルファ", 1),
        ("considering", "テスト火炎兵", 2),
    ],
    "ygo": [("main", YGO_MAIN[0][0], 3), ("extra", YGO_EXTRA[0][0], 2), ("side", YGO_MAIN[1][0], 1)],
    "dbs": [("leader", "BT99-001", 1), ("main", DBS_MAIN[0][0], 4), ("side", DBS_MAIN[1][0], 2)],
}


def make_deck(owner, game: str):
    from decks.services import deck_create

    rows = [(zone, card(game, name), count) for zone, name, count in DECKS[game]]
    return deck_create(owner=owner, name=f"{game} deck", game=game, decklist=registry.get(game).decklist(rows))


def rows_of(body: str) -> dict[str, str]:
    """Deck name -> the row's `data-counts`."""
    found = re.findall(r'<a href="/decks/\d+/">([^<]+)</a>.*?data-counts="([^"]*)"', body, re.S)
    return dict(found)


def test_a_deck_list_row_counts_each_games_zones(catalogues):
    owner = UserFactory(username="lister", password="a-long-passw0rd!")
    for game in DECKS:
        make_deck(owner, game)
    client = Client()
    client.force_login(owner)
    pages = {game: client.get("/decks/", {"game": game}).content.decode() for game in DECKS}
    # Duel Masters: main / hyperspatial / GR (the considering list after them); the OCG: main / extra / side;
    # Dragon Ball Super: leader / main / Z / side. Each game's list holds that game's decks.
    assert {game: rows_of(body) for game, body in pages.items()} == {
        "dm": {"dm deck": "4/1/0"}, "ygo": {"ygo deck": "3/2/1"}, "dbs": {"dbs deck": "1/4/0/2"}
    }  # fmt: skip
    assert "(+2)" in pages["dm"]


@pytest.mark.parametrize(
    ("game", "civ", "expected"),
    [
        pytest.param("dm", "fire", {"dm deck"}, id="fire-only-the-dm-deck"),
        pytest.param("dm", "water", set(), id="water-none"),
        pytest.param("dm", "purple", {"dm deck"}, id="not-a-colour-ignored"),
        pytest.param("ygo", "fire", set(), id="ygo-no-fire-monster"),
        pytest.param("dbs", "red", {"dbs deck"}, id="dbs-red"),
        pytest.param("dbs", "fire", {"dbs deck"}, id="dbs-a-dm-colour-ignored"),
    ],
)
def test_the_colour_filter_takes_the_games_cards(catalogues, game, civ, expected):
    owner = UserFactory(username="filterer", password="a-long-passw0rd!")
    for each in DECKS:
        make_deck(owner, each)
    client = Client()
    client.force_login(owner)
    assert set(rows_of(client.get("/decks/", {"game": game, "civ": civ}).content.decode())) == expected


@pytest.mark.parametrize(
    ("game", "name", "language", "choices", "selected"),
    [
        pytest.param("dm", "テスト超次元獣アルファ", "en", [("hyperspatial", "Hyperspatial zone"),
                     ("considering", "Considering")], "hyperspatial", id="dm-psychic-own-zone"),
        pytest.param("dm", "テスト火炎兵", "ja", [("main", "メインデッキ"), ("considering", "検討中")], "main",
                     id="dm-creature-japanese"),
        pytest.param("ygo", YGO_EXTRA[0][0], "en", [("main", "Main Deck"), ("extra", "Extra Deck"),
                     ("side", "Side Deck")], "main", id="ygo-every-zone"),
        pytest.param("dbs", "BT99-001", "en", [("leader", "Leader"), ("main", "Main deck"), ("z", "Z-Deck"),
                     ("side", "Side deck")], "main", id="dbs-main-selected"),
    ],
)  # fmt: skip
def test_add_to_deck_offers_the_games_zones(catalogues, game, name, language, choices, selected):
    from django.utils import translation

    from cards.models import Card
    from web.forms import CardAddToDeckForm

    with translation.override(language):
        form = CardAddToDeckForm(card=Card.objects.get(id=card(game, name)))
        assert [(value, str(label)) for value, label in form.fields["zone"].choices] == choices
    assert form.fields["zone"].initial == selected


def test_official_pictures_are_each_games_own(catalogues, settings):
    """Duel Masters' official card site knows its printings only: another game's card printed under a set code the
    site would map gets no picture from it. A DBS card has its official image by its card number (on its own host)
    and its card-list page; the OCG's have none."""
    from cards.models import Printing
    from web.selectors import card_pictures

    settings.CARD_IMAGES_EXTERNAL = True
    ids = [card("dm", "テスト火炎兵"), card("ygo", YGO_MAIN[0][0]), card("dbs", "BT99-001")]
    Printing.objects.create(card_id=ids[1], set_code="DM-01", number="52")
    pictures = card_pictures(card_ids=ids)
    assert sorted(pictures) == sorted([ids[0], ids[2]])
    assert "/card/detail/?id=dm99-" in pictures[ids[0]]["page"]
    dbs = f"https://{settings.DBS_CARD_IMAGE_HOST}/images/cardlist/cardimg/BT99-001.png"
    assert pictures[ids[2]] == {
        "image": dbs,
        "page": "https://www.dbs-cardgame.com/europe-en/cardlist/index.php?search=true&free=BT99-001",
    }
    settings.CARD_IMAGES_EXTERNAL = False  # the link stays, the picture goes
    assert card_pictures(card_ids=ids)[ids[2]]["image"] is None


@pytest.mark.parametrize(
    ("game", "text", "lines"),
    [
        pytest.param(
            "dm", "4 テスト火炎兵\n超次元\n1 テスト超次元獣アルファ", [("main", 4), ("hyperspatial", 1)], id="dm"
        ),
        pytest.param("ygo", f"3 {YGO_MAIN[0][0]}\n#extra\n2 {YGO_EXTRA[0][0]}", [("main", 3), ("extra", 2)], id="ygo"),
    ],
)
def test_the_event_desk_reads_text_as_the_events_game(game, text, lines):
    from web.views.tournaments import _parse_text

    class Event:
        pass

    event = Event()
    event.game = game  # type: ignore[attr-defined]
    decklist = _parse_text(event, text)
    assert type(decklist).__module__.startswith(f"games.{game}.")
    assert [(str(line.zone), line.count) for line in decklist.lines] == lines


def test_card_browser_of_a_game_without_filters_searches_names_and_shows_no_panel(db, monkeypatch):
    """The browser shows the default game's cards: a game that gives no filters (the miniature game) gets the
    search box, found by name words, and no filter panel."""
    from django.test import override_settings

    from games.tests.minigame import game as mini

    try:
        with override_settings(GAMES=["games.dm", "games.tests.minigame"]):
            mini.catalogue_load()
            monkeypatch.setattr(registry, "DEFAULT_GAME", mini.CODE)
            body = Client().get("/cards/", {"q": "fox", "civ": ["fire"]}).content.decode()
    finally:
        registry.load()  # back to the project's games
    assert "Ember Fox" in body and "Tide Crab" not in body
    assert 'id="card-filters"' not in body and 'name="civ"' not in body and "civ:" not in body
    assert "Names in Japanese or English</div>" in body
