"""The core's public names are every game's (issue 32): a card face's and a deck entry's colour words are `colours`, a
format's `dated_list` says whether its dated list applies. Duel Masters answers its older names beside them
(`civilizations`, `hall_of_fame`: its `aliases`), which the clients written before still read; the OCG and Dragon Ball
Super, which never had them, do not."""

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from web.tests.test_pages_games import make_deck

pytestmark = pytest.mark.django_db

COLOURS = {"dm": ["fire"], "ygo": [], "dbs": []}  # the DECKS' first main-deck card: DM's fire creature; no entry facts


@pytest.fixture
def owner(catalogues):
    return UserFactory(username="aliases", password="a-long-passw0rd!")


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(
    ("game", "older"),
    [
        pytest.param("dm", {"civilizations"}, id="dm-answers-civilizations-too"),
        pytest.param("ygo", set(), id="ygo-colours-only"),
        pytest.param("dbs", set(), id="dbs-colours-only"),
    ],
)
def test_a_deck_entrys_colours_and_the_games_older_key(owner, game, older):
    deck = make_deck(owner, game)
    entry = _client(owner).get(f"/api/v1/decks/{deck.id}/").json()["entries"]["main"][0]
    assert set(entry) == {"card_id", "name_ja", "name_en", "cost", "colours", "count"} | older
    assert [entry["colours"], *(entry[key] for key in older)] == [COLOURS[game]] * (1 + len(older))


@pytest.mark.parametrize(
    ("game", "name_key", "older"),
    [
        pytest.param("dm", "テスト超次元獣アルファ", {"civilizations"}, id="dm-face-answers-civilizations-too"),
        pytest.param("dbs", "BT99-001", set(), id="dbs-leader-colours-only"),
    ],
)
def test_a_card_faces_colours_and_the_games_older_key(catalogues, game, name_key, older):
    from cards.models import Card, CardFace

    card = Card.objects.get(game=game, **{"name_key" if game == "dbs" else "name_ja": name_key})
    if not card.faces.exists():  # the web tests' psychic creature has no back: one face, as a two-sided card has
        CardFace.objects.create(card=card, position=0, role="front", name_ja=card.name_ja, colours=["Fire"])
    faces = APIClient().get(f"/api/v1/cards/{card.id}/").json()["faces"]
    stored = [face.colours for face in card.faces.order_by("position")]
    assert [face["colours"] for face in faces] == stored
    assert [{key: face[key] for key in face if key == "civilizations"} for face in faces] == [
        {key: colours for key in older} for colours in stored
    ]


@pytest.mark.parametrize(
    ("game", "older"),
    [
        pytest.param("dm", {"hall_of_fame"}, id="dm-answers-hall-of-fame-too"),
        pytest.param("ygo", set(), id="ygo-dated-list-only"),
        pytest.param("dbs", set(), id="dbs-dated-list-only"),
    ],
)
def test_a_formats_dated_list_and_the_games_older_key(catalogues, game, older):
    from regulations.models import Format

    if not Format.objects.filter(game=game).exists():
        Format.objects.create(game=game, code=f"{game}-test", name="Test", dated_list=False)
    answer = APIClient().get("/api/v1/formats/", {"game": game}).json()
    stored = dict(Format.objects.filter(game=game).values_list("code", "dated_list"))
    assert {fmt["code"]: fmt["dated_list"] for fmt in answer} == stored
    assert [{key for key in fmt if key == "hall_of_fame"} for fmt in answer] == [older] * len(answer)
    assert all(fmt[key] == fmt["dated_list"] for fmt in answer for key in older)
