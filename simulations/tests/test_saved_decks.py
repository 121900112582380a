"""Saved decks (the decks app) as input, with the real catalogue resolver: visibility decides, not ownership."""

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from decks.services import deck_create
from decks.tests.fixtures import MAIN, cards, legal_deck_json  # noqa: F401 - `cards` is a fixture
from games.dm.rules.decklist import parse_json

pytestmark = [pytest.mark.django_db, pytest.mark.urls("simulations.tests.urls")]


@pytest.fixture
def deck(cards):  # noqa: F811
    owner = UserFactory(username="deckowner")
    return deck_create(owner=owner, name="Test", decklist=parse_json(legal_deck_json()))


def test_deck_report_for_a_saved_deck_ignores_hyperspatial_and_gr(deck):
    client = APIClient()
    client.force_authenticate(deck.owner)
    response = client.get("/api/v1/odds/report/", {"deck": deck.id})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["deck_size"] == 40
    assert len(body["cards"]) == len(MAIN)
    triggers = sum(4 for *_, trigger in MAIN if trigger)
    assert body["shield_triggers"]["cards"] == triggers


def test_a_private_deck_is_not_found_for_others(deck):
    client = APIClient()
    client.force_authenticate(UserFactory(username="stranger"))
    response = client.post("/api/v1/odds/", {"deck": deck.id, "queries": [{"cards": [MAIN[0][0]]}]}, format="json")
    assert response.status_code == 404


def test_goldfish_run_from_a_saved_deck(deck, eager_celery, django_capture_on_commit_callbacks):
    client = APIClient()
    client.force_authenticate(deck.owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/v1/simulations/",
            {"kind": "goldfish", "deck": deck.id, "games": 2000, "seed": 1, "going": "second",
             "key_cards": [MAIN[5][0]]},
            format="json",
        )  # fmt: skip
    assert response.status_code == 202, response.content
    body = client.get(response.json()["url"]).json()
    assert body["status"] == "done"
    assert body["params"]["deck_id"] == deck.id
    second = body["result"]["kill_turn"]["second"]
    assert 1 <= second["p50"] <= second["p90"]
    assert list(body["result"]["first_cast"]["second"].values())[0]["name"]
