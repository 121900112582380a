"""Acceptance with the real card data of the OCG and Dragon Ball Super (the shared data's `ygo/` and `dbs/`, imported by
each game's own import) and real published decklists (games/ygo/tests/decklists, games/dbs/tests/decklists: each file
names its source address):

- every page of a real YGO and DBS deck, in Japanese and English, speaks that game: no Duel Masters word on it;
- a list pasted into a deck of another game says so in one line and offers a deck of that game (never dozens of
  ignored lines with Apply enabled), and that deck reads the list;
- the card search finds 灰流うらら by its name and its reading, and Son Goku among DBS's cards.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]
YDK = REPO / "games/ygo/tests/decklists/shaddoll-2015.ydk"  # cromerc/ygopro's AI_Shaddoll.ydk (its #source line)
DBS_LIST = REPO / "games/dbs/tests/decklists/deckplanet_goku_black.txt"  # a DeckPlanet list (decklists/README.md)
DATA = Path(settings.CARD_DATA_DIR)

# Duel Masters' words that must never appear on a page of another game's deck (issue 30).
DM_WORDS = ("文明", "超次元", "超GR", "シールド", "マナ", "殿堂", "デュエマ",
            "Civilization", "civilization", "Hyperspatial", "hyperspatial", "Super GR", "Hall of Fame", "shield",
            "mana")  # fmt: skip


@pytest.fixture(scope="module")
def real_games(django_db_setup, django_db_blocker):
    """The OCG's and DBS's real cards and lists, imported once for the module, removed after it."""
    if not (DATA / "ygo" / "cards.json").exists() or not (DATA / "dbs" / "cards.json").exists():
        pytest.skip("the OCG and DBS card data are not present")
    from cards.models import Card
    from games import registry

    with django_db_blocker.unblock():
        for code in ("ygo", "dbs"):
            registry.get(code).catalogue.data_import(log=lambda text: None)
        yield
        Card.objects.filter(game__in=("ygo", "dbs")).delete()


@pytest.fixture
def player(real_games):
    from accounts.tests.factories import UserFactory

    return UserFactory(username="player", password="a-long-passw0rd!")


def _client(user=None, language="ja") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def _real_deck(owner, game: str):
    from decks.services import deck_create
    from games import registry

    text = (YDK if game == "ygo" else DBS_LIST).read_text(encoding="utf-8")
    return deck_create(owner=owner, name=f"real {game}", game=game, visibility="public",
                       decklist=registry.get(game).parse_text(text))  # fmt: skip


def _visible_text(html: str) -> str:
    """The page without its scripts' and styles' bodies (the words a player reads, and attribute values)."""
    return re.sub(r"<(script|style)\b[^>]*>.*?</\1>", "", html, flags=re.S)


DECK_PAGES = [
    ("editor", "/decks/{id}/"),
    ("import", "/decks/{id}/import/"),
    ("versions", "/decks/{id}/versions/"),
    ("export-text", "/decks/{id}/export/text/"),
    ("sheet", "/decks/{id}/export/sheet/"),
    ("odds", "/decks/{id}/simulate/"),
    ("solo", "/decks/{id}/solo/"),
    ("my-decks", "/decks/?game={game}"),
    ("public-decks", "/decks/public/?game={game}"),
    ("cards", "/cards/?game={game}"),
]


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("game", ["ygo", "dbs"])
def test_every_page_of_a_real_deck_speaks_its_game(player, game, language):
    from accounts.tests.factories import UserFactory

    deck = _real_deck(player, game)
    owner = _client(player, language)
    pages = {name: owner.get(path.format(id=deck.id, game=game)) for name, path in DECK_PAGES}
    # The same deck seen by someone else (the read-only page) and the import page after its list was checked.
    pages["view"] = _client(UserFactory(username="viewer"), language).get(f"/decks/{deck.id}/")
    pages["import-checked"] = owner.post(f"/decks/{deck.id}/import/", {"text": YDK.read_text() if game == "ygo" else
                                         DBS_LIST.read_text(), "preview": "1", "version": deck.version})  # fmt: skip
    found = {}
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = _visible_text(response.content.decode())
        words = [word for word in DM_WORDS if word in text]
        # nor a data source's repository path and commit (`owner/repo:path@56c0b54b`): the about-the-data page's
        words += re.findall(r"[\w.-]+/[\w.-]+:\S+@[0-9a-f]{7,40}", text)
        if words:
            found[name] = words
    assert found == {}


@pytest.mark.parametrize(
    ("deck_game", "source", "other"),
    [
        pytest.param("dm", YDK, "ygo", id="ydk-into-a-dm-deck"),
        pytest.param("ygo", DBS_LIST, "dbs", id="dbs-numbers-into-a-ygo-deck"),
        pytest.param("dbs", YDK, "ygo", id="ydk-into-a-dbs-deck"),
    ],
)
def test_another_games_list_is_named_in_one_line(player, deck_game, source, other):
    from decks.services import deck_create
    from games import registry

    deck = deck_create(owner=player, name="wrong game", game=deck_game)
    client = _client(player, "en")
    body = client.post(f"/decks/{deck.id}/import/", {"text": source.read_text(), "preview": "1"}).content.decode()
    name = registry.get(other).name_en
    assert f"This is a {name} decklist, not a {registry.get(deck_game).name_en} one" in body
    assert 'name="apply"' not in body and 'id="import-lines"' not in body
    # The offered deck of that game reads the whole list: every line a card, Apply enabled.
    answer = client.post("/decks/import-new/", {"game": other, "name": "right game", "text": source.read_text()})
    page = answer.content.decode()
    assert answer.status_code == 200 and 'id="import-lines"' in page
    assert 'name="apply">' in page and 'name="apply" disabled' not in page
    assert player.decks.filter(game=other, name="right game").exists()


def test_a_games_own_list_is_not_refused(player):
    deck = _real_deck(player, "ygo")
    body = _client(player, "en").post(f"/decks/{deck.id}/import/", {"text": YDK.read_text(), "preview": "1"})
    assert 'id="import-other-game"' not in body.content.decode()


@pytest.mark.parametrize(
    ("game", "query", "name"),
    [
        pytest.param("ygo", "灰流うらら", "灰流うらら", id="ash-blossom-by-name"),
        pytest.param("ygo", "はるうらら", "灰流うらら", id="ash-blossom-by-reading"),
        pytest.param("dbs", "Son Goku", "Son Goku", id="son-goku-in-dbs"),
    ],
)
def test_the_card_search_finds_each_games_cards(real_games, game, query, name):
    body = _client(language="ja").get("/cards/", {"game": game, "q": query}).content.decode()
    results = body.split('id="card-results"', 1)[1].split("</ul>", 1)[0]
    assert name in results


@pytest.mark.parametrize(
    ("language", "facts"),
    [
        pytest.param(
            "ja",
            {
                "カードの種類": "モンスター",
                "属性": "炎属性",
                "種族": "アンデット族",
                "モンスターの種類": "チューナー / 効果",
            },
            id="ja",
        ),  # fmt: skip
        pytest.param(
            "en",
            {
                "Card kind": "Monster",
                "Attribute": "FIRE",
                "Monster Type": "Zombie",
                "Monster card types": "Tuner / Effect",
            },
            id="en",
        ),  # fmt: skip
    ],
)
def test_an_ocg_card_page_names_its_facts_in_the_pages_language(real_games, language, facts):
    import re

    from cards.models import Card

    card = Card.objects.get(game="ygo", name_ja="灰流うらら")
    body = _client(language=language).get(f"/cards/{card.id}/").content.decode()
    shown = {
        re.sub(r"<[^>]+>", "", label).strip(): re.sub(r"<[^>]+>", "", value).strip()
        for label, value in re.findall(r"<th[^>]*>(.*?)</th>\s*<td[^>]*>(.*?)</td>", body, re.S)
    }
    assert {label: shown.get(label) for label in facts} == facts


YGO_GROUPINGS = ["カードの種類", "レベル・ランク・リンク"]  # the editor's "group by", in Japanese
DBS_GROUPINGS = ["エナジーコスト", "色", "カードタイプ"]


@pytest.mark.parametrize(
    ("game", "groupings", "card", "grouping", "group"),
    [
        pytest.param("ygo", YGO_GROUPINGS, "影依融合", "level", "魔法", id="ygo-spell"),
        pytest.param("ygo", YGO_GROUPINGS, "鳥銃士カステル", "level", "ランク4", id="ygo-rank"),
        pytest.param("dbs", DBS_GROUPINGS, "Zamasu, Scheme", "colour", "黒", id="dbs-colour"),
    ],
)
def test_the_editor_groups_each_games_cards_in_its_words(player, game, groupings, card, grouping, group):
    import json
    import re

    deck = _real_deck(player, game)
    body = _client(player, "ja").get(f"/decks/{deck.id}/").content.decode()
    select = body.split('id="group-by">', 1)[1].split("</select>", 1)[0]
    assert re.findall(r"<option[^>]*>([^<]+)</option>", select) == groupings
    config = json.loads(re.search(r'id="editor-config"[^>]*>(.*?)</script>', body, re.S).group(1))
    cards = {facts["name_ja"].split(" [")[0]: facts for facts in config["state"]["cards"].values()}
    assert cards[card]["groups"][grouping]["ja"] == group


def test_the_game_is_chosen_remembered_and_shown(player):
    """`?game=` selects the game on any page and remembers it (the cookie; the profile of a signed-in player, so a
    new device lands on it too); a deck's page shows the deck's game whatever was chosen."""
    visitor = Client()
    assert '<body data-game="dm">' in visitor.get("/").content.decode()
    visitor.get("/cards/", {"game": "ygo"})
    assert visitor.cookies["game"].value == "ygo" and '<body data-game="ygo">' in visitor.get("/").content.decode()
    assert visitor.get("/api/v1/cards/", {"game": "dbs"}).status_code == 200  # the API remembers nothing
    assert visitor.cookies["game"].value == "ygo" and '<body data-game="ygo">' in visitor.get("/").content.decode()
    assert '<body data-game="ygo">' in Client().get("/", {"game": "ygo"}).content.decode()
    # not a game: ignored, no error
    assert '<body data-game="dm">' in Client().get("/", {"game": "nope"}).content.decode()

    _client(player).get("/decks/", {"game": "dbs"})
    assert '<body data-game="dbs">' in _client(player).get("/").content.decode()  # another device, the same player
    deck = _real_deck(player, "ygo")
    assert '<body data-game="ygo">' in _client(player).get(f"/decks/{deck.id}/").content.decode()
    # the deck's game was shown, not chosen
    assert '<body data-game="dbs">' in _client(player).get("/").content.decode()
