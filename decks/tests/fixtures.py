"""Shared test fixtures for decks and tournaments: a small hand-written catalogue, users, token clients, decks."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from cards.services import card_import
from cards.tests.factories import CardRecordFactory

MAIN = [
    # name, civilizations, cost, card type, shield trigger
    ("テスト火竜", ["Fire"], 2, "Creature", False),
    ("テスト水精", ["Water"], 3, "Creature", True),
    ("テスト闇鬼", ["Darkness"], 4, "Creature", False),
    ("テスト光盾", ["Light"], 5, "Creature", True),
    ("テスト自然獣", ["Nature"], 6, "Creature", False),
    ("テスト多色竜", ["Fire", "Nature"], 7, "Creature", False),
    ("テスト呪文", ["Water"], 2, "Spell", True),
    ("テスト無色", [], 1, "Creature", False),
    ("テスト火炎弾", ["Fire"], 3, "Spell", True),
    ("テスト大型", ["Light"], 11, "Creature", False),
]
PSYCHIC = "テスト超次元獣"
GR = [f"テストGR{i}" for i in range(1, 7)]


def catalogue_records() -> list[dict]:
    records = [
        CardRecordFactory(name_ja=name, civilizations=civs, cost=cost, spell=kind == "Spell", shield_trigger=trigger)
        for name, civs, cost, kind, trigger in MAIN
    ]
    records.append(CardRecordFactory(name_ja=PSYCHIC, civilizations=["Fire"], cost=5, psychic_creature=True))
    records += [CardRecordFactory(name_ja=name, civilizations=["Water"], cost=3, gr_creature=True) for name in GR]
    # Two different cards sharing one English name: "Twin Name" is ambiguous.
    records.append(CardRecordFactory(name_ja="テスト曖昧甲", name="Twin Name", civilizations=["Fire"], cost=2))
    records.append(CardRecordFactory(name_ja="テスト曖昧乙", name="Twin Name", civilizations=["Water"], cost=2))
    return records


def legal_deck_json() -> dict:
    return {
        "main": [{"card": name, "count": 4} for name, *_ in MAIN],
        "hyperspatial": [{"card": PSYCHIC, "count": 4}],
        "gr": [{"card": name, "count": 2} for name in GR],
    }


@pytest.fixture
def cards(db):
    """The test catalogue imported; returns {name_ja: card id}."""
    from cards.models import Card

    card_import(records=catalogue_records(), source="decks-test-fixture")
    return dict(Card.objects.values_list("name_ja", "id"))


def token_client(user) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def owner(db):
    return UserFactory(username="owner")


@pytest.fixture
def other(db):
    return UserFactory(username="other")


@pytest.fixture
def organizer(db):
    return UserFactory(username="organizer")
