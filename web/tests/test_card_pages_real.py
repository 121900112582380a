"""Acceptance on the card page with the real card data (settings.CARD_DATA_SOURCE) and real published decklists
(games/dm/tests/real_decks.py, each with its source address): the public decks that play a card are listed with
their copies, never the private or unlisted ones; adding a card from its page puts it where it starts the game."""

import re

import pytest
from django.conf import settings
from django.test import Client

from games.dm.rules.decklist import parse_text
from games.dm.tests.real_decks import DON_JUNGLE, JOKERS, RED_ZONE

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture(scope="module")
def real_cards(django_db_setup, django_db_blocker):
    """The real cards imported once for the module; removed afterwards unless the database already held cards."""
    from cards.models import Card
    from cards.services import card_import

    with django_db_blocker.unblock():
        had_cards = Card.objects.exists()
        card_import(source=settings.CARD_DATA_SOURCE)
        yield
        if not had_cards:
            Card.objects.all().delete()


def card_id(name: str) -> int:
    from decks.services import decklist_resolve

    (((_, found),),) = [decklist_resolve(decklist=parse_text(f"1 {name}")).counts.keys()]
    return found


@pytest.fixture
def real_decks(real_cards):
    """RED_ZONE public (alice) and private (carol), DON_JUNGLE public (bob), JOKERS unlisted (carol)."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_create

    users = {name: get_user_model().objects.create_user(username=name, password="a-long-passw0rd!")
             for name in ("alice", "bob", "carol")}  # fmt: skip
    for owner, deck, visibility in [
        ("alice", RED_ZONE, "public"),
        ("carol", RED_ZONE, "private"),
        ("bob", DON_JUNGLE, "public"),
        ("carol", JOKERS, "unlisted"),
    ]:
        deck_create(owner=users[owner], name=deck["name"], visibility=visibility, decklist=parse_text(deck["text"]))
    return users


def listed(body: str) -> list[list[str]]:
    match = re.search(r'<table class="public-decks">(.*?)</table>', body, re.S)
    if match is None:
        return []
    rows = re.findall(r"<tr>(.*?)</tr>", match.group(1).split("<tbody>")[1], re.S)
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in rows]  # fmt: skip


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        pytest.param("轟く侵略 レッドゾーン", [[RED_ZONE["name"], "alice", "4"]], id="red-zone-public-not-private"),
        pytest.param("銀河大剣ガイハート", [[DON_JUNGLE["name"], "bob", "2"]], id="hyperspatial-dragheart"),
        pytest.param("メタルポンの助", [[DON_JUNGLE["name"], "bob", "12"]], id="gr-zone"),
        pytest.param("ジョット・ガン・ジョラゴンJoe", [], id="only-in-an-unlisted-deck"),
    ],
)
def test_real_decks_using_a_real_card(real_decks, card, expected):
    body = Client().get(f"/cards/{card_id(card)}/").content.decode()
    assert listed(body) == expected


@pytest.mark.parametrize(
    ("card", "zone"),
    [
        pytest.param("轟く侵略 レッドゾーン", "main", id="creature-main-deck"),
        pytest.param("銀河大剣ガイハート", "hyperspatial", id="dragheart-hyperspatial"),
        pytest.param("メタルポンの助", "gr", id="gr-creature-super-gr"),
    ],
)
def test_adding_a_real_card_uses_the_zone_it_starts_the_game_in(real_decks, card, zone):
    from decks.models import Deck

    client = Client()
    client.force_login(real_decks["bob"])
    card = card_id(card)
    body = client.get(f"/cards/{card}/").content.decode()
    assert re.search(rf'<option value="{zone}" selected>', body)
    deck = Deck.objects.get(owner=real_decks["bob"])
    before = {e.zone: e.quantity for e in deck.entries.filter(card_id=card)}
    client.post(f"/cards/{card}/add-to-deck/", {"deck": deck.id, f"version-{deck.id}": deck.version, "zone": zone,
                                                "count": 1})  # fmt: skip
    after = {e.zone: e.quantity for e in deck.entries.filter(card_id=card)}
    assert after == {**before, zone: before.get(zone, 0) + 1}
