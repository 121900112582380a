"""The simulations app knows no game (issue 19): a run of another game that simulates goes through the same core
(the API, the run and its chunks, the tasks) and is played only by that game's registry operations; the run records
its game. Here the miniature game (games/tests/minigame) is given stand-in operations that count what they are asked."""

from types import SimpleNamespace

import pytest

from cards.models import Card
from decks.tests.fixtures import owner, token_client  # noqa: F401 - fixtures
from games.capabilities import Simulation
from games.tests.test_minigame import FULL, mini_game  # noqa: F401 - fixtures
from simulations.models import SimulationRun


class _Counting(Simulation):
    """Stand-in simulation operations: a record per card, a chunk counts its games, the result sums them."""

    def deck(self, *, decklist):
        return SimpleNamespace(cards=[(line.card, line.count) for line in decklist.lines], facts_unavailable=())

    def key_cards(self, *, deck, written):
        return [str(card) for card in written]

    def records(self, *, cards, deck_b=None):
        return [{"key": str(card), "name": f"card {card}", "copies": copies} for card, copies in cards], None

    def chunk(self, *, kind, params, seed, going, index, first_game, games):
        return {"games": games, "first_game": first_game, "kind": kind, "going": going}

    def result(self, *, kind, params, seed, going, counts):
        return {"games": sum(c["games"] for c in counts), "chunks": len(counts), "deck": params["deck"]}


@pytest.fixture
def simulating_mini(mini_game, monkeypatch):  # noqa: F811
    monkeypatch.setattr(mini_game, "simulation", _Counting().bound(mini_game))
    return mini_game


@pytest.mark.parametrize(("games", "going"), [(10, "first"), (2_500, "both")])
def test_a_run_of_another_game_is_played_by_that_game(
    simulating_mini,
    owner,  # noqa: F811
    eager_celery,
    django_capture_on_commit_callbacks,
    games,
    going,
):
    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": FULL}, format="json").json()
    with django_capture_on_commit_callbacks(execute=True):
        response = player.post(
            "/api/v1/simulations/",
            {"kind": "goldfish", "deck": deck["id"], "games": games, "seed": 3, "going": going},
            format="json",
        )
    assert response.status_code == 202, response.json()
    body = player.get(response.json()["url"]).json()
    assert (body["status"], body["going"], body["seed"]) == ("done", going, 3)
    fox, crab = (Card.objects.get(game="mini", name_ja=name).id for name in ("Ember Fox", "Tide Crab"))
    records = [
        {"key": str(fox), "name": f"card {fox}", "copies": 3},
        {"key": str(crab), "name": f"card {crab}", "copies": 3},
    ]
    assert body["result"] == {"games": games, "chunks": 1, "deck": records, "seed": 3, "facts_unavailable": []}
    assert body["deck"] == [{"card": r["key"], "name": r["name"], "copies": r["copies"]} for r in records]
    assert SimulationRun.objects.get(id=body["id"]).game == "mini"
