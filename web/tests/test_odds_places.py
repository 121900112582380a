"""The odds API's `where` takes the places of the deck's game (its `simulation`, else its `odds`: `places` and
`query_errors`): Duel Masters' hand and shields (103.3: the shields are fixed at set-up), the OCG's and Dragon Ball
Super's hand alone (issue 32: the core names no place)."""

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from games import registry
from web.tests.test_pages_games import make_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(catalogues):
    return UserFactory(username="odds", password="a-long-passw0rd!")


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(
    ("game", "places"),
    [
        pytest.param("dm", ("hand", "shields", "hand_or_shields"), id="dm-hand-and-shields"),
        pytest.param("ygo", ("hand",), id="ygo-hand-only"),
        pytest.param("dbs", ("hand",), id="dbs-hand-only"),
    ],
)
def test_the_odds_places_are_the_games(game, places):
    game = registry.get(game)
    assert (game.simulation or game.odds).places == places


@pytest.mark.parametrize(
    ("game", "query", "field"),
    [
        pytest.param("dm", {"where": "shields"}, None, id="dm-shields"),
        pytest.param("dm", {"where": "hand_or_shields", "by_turn": 2}, None, id="dm-hand-or-shields-by-turn"),
        # 103.3: the shields are set before the first draw.
        pytest.param("dm", {"where": "shields", "by_turn": 2}, "by_turn", id="dm-shields-fixed-at-set-up"),
        pytest.param("dm", {"where": "graveyard"}, "where", id="dm-no-such-place"),
        pytest.param("ygo", {"where": "hand"}, None, id="ygo-hand"),
        pytest.param("ygo", {"where": "shields"}, "where", id="ygo-no-shields"),
        pytest.param("dbs", {"where": "hand_or_shields"}, "where", id="dbs-no-shields"),
    ],
)
def test_the_odds_api_takes_the_decks_games_places(owner, game, query, field):
    deck = make_deck(owner, game)
    card = _main_card(deck)
    response = _client(owner).post("/api/v1/odds/", {"deck": deck.id, "queries": [{"cards": [card], **query}]},
                                   format="json")  # fmt: skip
    error = response.json().get("error") or {}
    # The query's own fields in error (details.fields: the query's index -> its fields); a tiny deck's odds may be
    # refused otherwise, which is not the query's place.
    fields = {key for item in ((error.get("details") or {}).get("fields") or {}).values() if isinstance(item, dict)
              for key in item}  # fmt: skip
    if field is None:
        assert fields == set(), response.content
    else:
        assert (response.status_code, error.get("code"), fields) == (400, "VALIDATION_ERROR", {field}), response.content


def _main_card(deck) -> int:
    from decks.selectors import deck_entries_by_zone

    return deck_entries_by_zone(deck=deck)["main"][0].card_id
