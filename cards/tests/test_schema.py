"""The API schema documents the card search language and the error shape."""

import pytest
from drf_spectacular.generators import SchemaGenerator


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator(urlconf="cards.tests.urls").get_schema(request=None, public=True)


def test_search_parameters_document_the_language(schema):
    operation = schema["paths"]["/api/v1/cards/"]["get"]
    parameters = {p["name"]: p for p in operation["parameters"]}
    assert {"q", "order", "page", "page_size"} <= set(parameters)
    for term in ("civ:fire,water", "civ=fire", "cost<=3", "power>=5000", "race:", "zone:gr", "is:trigger", "set:"):
        assert term in parameters["q"]["description"]
    assert "INVALID_QUERY" in parameters["q"]["description"]
    assert set(operation["responses"]) >= {"200", "400", "404"}


def test_detail_documents_faces_and_printings(schema):
    operation = schema["paths"]["/api/v1/cards/{card_id}/"]["get"]
    assert set(operation["responses"]) >= {"200", "404"}
    component = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert {"faces", "printings", "start_set"} <= set(schema["components"]["schemas"][component]["properties"])


def test_the_q_description_is_each_games_search_help_duel_masters_first(schema):
    """Composed from the registry (Game.search.help): Duel Masters' as it always was, then each other game's
    under its `game=` value."""
    from games import registry
    from games.dm.query import SEARCH_HELP

    operation = schema["paths"]["/api/v1/cards/"]["get"]
    description = {p["name"]: p for p in operation["parameters"]}["q"]["description"]
    assert description.startswith(SEARCH_HELP)
    for game in registry.all_games():
        if game.code != registry.DEFAULT_GAME:
            assert f"With `game={game.code}` ({game.name_en}): {game.search.help()}" in description


@pytest.mark.parametrize(
    "game, terms",
    [
        pytest.param("dm", ["civ:fire,water", "zone:gr", "legal:advance"], id="dm"),
        pytest.param("ygo", ["attr:dark", "zone:extra", "limit:forbidden", "legal:ocg"], id="ygo"),
        pytest.param("dbs", ["color:red,blue", "type:z", "combocost:0", "dragon-ball"], id="dbs"),
    ],
)
def test_each_game_documents_its_own_fields(game, terms):
    from games import registry

    text = registry.get(game).search.help()
    assert all(term in text for term in terms)
