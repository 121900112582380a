"""GET /api/v1/cards/ (search) and GET /api/v1/cards/{id}/ (detail)."""

import pytest
from rest_framework.test import APIClient

from cards.tests.fixtures import BOLSHACK, MALT

pytestmark = pytest.mark.urls("cards.tests.urls")

LIST_FIELDS = {
    "id", "name_ja", "name_en", "civilizations", "cost", "power", "card_type", "zone", "races", "shield_trigger",
    "blocker", "speed_attacker", "slayer", "breaker", "power_attacker_bonus", "cant_attack", "cant_attack_players",
}  # fmt: skip


@pytest.fixture
def client():
    return APIClient()


def test_search_returns_paginated_results_with_the_listed_fields(imported, client):
    response = client.get("/api/v1/cards/", {"q": "civ:fire", "order": "cost", "page_size": 2})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 5
    assert [card["name_ja"] for card in body["results"]] == ["JK大バクチ", "ＪＫ大バクチ"]
    assert LIST_FIELDS <= set(body["results"][0])
    assert body["next"] is not None
    second = client.get(body["next"]).json()
    assert [card["name_ja"] for card in second["results"]] == ["ボルシャック・NEX", "ボルシャック・ドラゴン"]


def test_search_result_values(imported, client):
    (card,) = client.get("/api/v1/cards/", {"q": "bolshack"}).json()["results"]
    assert card | {"id": 0} == card | {
        "id": 0, "name_ja": "ボルシャック・ドラゴン", "name_en": "Bolshack Dragon", "civilizations": ["fire"],
        "cost": 6, "power": "6000+", "power_value": 6000, "card_type": "Creature", "zone": "main_deck",
        "races": ["アーマード・ドラゴン"], "breaker": "double", "shield_trigger": False,
    }  # fmt: skip


def test_empty_query_lists_everything(imported, client):
    assert client.get("/api/v1/cards/").json()["count"] == len(imported)


@pytest.mark.parametrize(
    ("q", "position", "expected"),
    [("cost<=x", 6, "an integer"), ("civ:purple", 4, "one of light"), ("foo:bar", 0, "one of civ")],
    ids=["not-a-number", "unknown-civ", "unknown-field"],
)
def test_malformed_query_is_a_400_with_position(imported, client, q, position, expected):
    response = client.get("/api/v1/cards/", {"q": q})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "INVALID_QUERY"
    assert error["details"]["position"] == position
    assert expected in error["details"]["expected"]


@pytest.mark.parametrize(
    ("params", "status"),
    [
        ({"order": "rarity"}, 400),
        ({"order": "-power"}, 200),
        ({"order": "atk"}, 400),  # the OCG's order, not Duel Masters'
        ({"order": "-", "game": "dm"}, 400),
        ({"order": "name", "game": "ygo"}, 200),
    ],
)
def test_the_order_is_one_of_the_games(imported, client, params, status):
    response = client.get("/api/v1/cards/", params)
    assert response.status_code == status
    if status == 400:
        error = response.json()["error"]
        assert (error["code"], list(error["details"]["fields"])) == ("VALIDATION_ERROR", ["order"])


SUGGESTION_CASES = [
    # (query that matches no card, the card suggested first)
    pytest.param("ボルシャク・ドラゴン", BOLSHACK, id="japanese-letter-missing"),
    pytest.param("Bolshak Dragon", BOLSHACK, id="english-misspelt-two-words"),
    pytest.param("超戦龍王 モルトNEXT", MALT, id="one-wrong-kanji"),
    pytest.param("ぼるしゃっくどらごんX", BOLSHACK, id="hiragana-with-an-extra-letter"),
    pytest.param("ボルシャク・ドラゴン civ:fire", BOLSHACK, id="name-words-beside-a-filter"),
]


@pytest.mark.parametrize(("q", "best"), SUGGESTION_CASES)
def test_an_empty_result_suggests_the_closest_names(imported, client, q, best):
    body = client.get("/api/v1/cards/", {"q": q}).json()
    assert (body["count"], body["results"]) == (0, [])
    first = body["suggestions"][0]
    assert (first["id"], first["name_ja"], set(first)) == (imported[best], best, {"id", "name_ja", "name_en"})
    assert len(body["suggestions"]) <= 5


NO_SUGGESTION_CASES = [
    # (query, whether it matches cards): suggestions only when nothing matches and the query has name words
    pytest.param("bolshack", True, id="results-found"),
    pytest.param("cost>=99", False, id="filters-only"),
    pytest.param("xqzxqzxqz", False, id="nothing-close"),
    pytest.param("-ボルシャク cost>=99", False, id="negated-name-word"),
]


@pytest.mark.parametrize(("q", "found"), NO_SUGGESTION_CASES)
def test_no_suggestions_without_a_misspelt_name(imported, client, q, found):
    body = client.get("/api/v1/cards/", {"q": q}).json()
    assert (body["count"] > 0, body["suggestions"]) == (found, [])


def test_page_out_of_range_is_a_404(imported, client):
    response = client.get("/api/v1/cards/", {"page": 99})
    assert (response.status_code, response.json()["error"]["code"]) == (404, "NOT_FOUND")


def test_detail_has_faces_and_printings(imported, client):
    card_id = imported["パラダイス・アロマ / 「挑戦、それは終わりなきスパイラル！」"]
    response = client.get(f"/api/v1/cards/{card_id}/")
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["twinpact"], body["shield_trigger"]) == (card_id, True, True)
    assert [(f["position"], f["role"], f["cost"]) for f in body["faces"]] == [
        (0, "twinpact_top", 3),
        (1, "twinpact_bottom", 2),
    ]
    assert [(p["set_code"], p["number"], p["tcg"]) for p in body["printings"]] == [("DMRP-09", "50", False)]


def test_detail_of_a_name_without_facts(imported, client):
    body = client.get(f"/api/v1/cards/{imported['未来のカード']}/").json()
    assert (body["facts_available"], body["faces"], body["printings"][0]["set_code"]) == (False, [], "DM26-RP1")


def test_unknown_card_is_a_404(imported, client):
    response = client.get(f"/api/v1/cards/{max(imported.values()) + 100}/")
    assert (response.status_code, response.json()["error"]["code"]) == (404, "NOT_FOUND")


@pytest.mark.parametrize(
    "q",
    [
        pytest.param("ボルシャックドラゴン", id="without-middle-dot"),
        pytest.param("ぼるしゃっくどらごん", id="hiragana"),
        pytest.param("ﾎﾞﾙｼｬｯｸﾄﾞﾗｺﾞﾝ", id="half-width-without-middle-dot"),
    ],
)
def test_search_finds_a_name_as_the_reader_reads_it(imported, client, q):
    names = [card["name_ja"] for card in client.get("/api/v1/cards/", {"q": q}).json()["results"]]
    assert names[:1] == [BOLSHACK]


@pytest.mark.parametrize("game", ["dm", "ygo", "dbs"])
def test_every_games_search_is_bounded_by_the_cores_word_limit(db, client, settings, game):
    settings.SEARCH_MAX_WORDS = 3
    answer = client.get("/api/v1/cards/", {"game": game, "q": "a  b c d e"})
    assert answer.status_code == 400
    assert answer.json()["error"] | {"message": ""} == {
        "code": "INVALID_QUERY",
        "message": "",
        "details": {"position": 7, "expected": "at most 3 words"},  # "d", the fourth
    }


@pytest.mark.parametrize("game", ["dm", "ygo", "dbs"])
def test_every_games_search_takes_a_slot_of_the_gate(db, client, settings, game):
    from api import concurrency

    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 0
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    gate = concurrency.expensive_gate()
    assert gate.enter(wait_seconds=0)  # another request's check holds the one slot
    try:
        answer = client.get("/api/v1/cards/", {"game": game, "q": "a"})
    finally:
        gate.leave()
    assert (answer.status_code, answer.json()["error"]["code"]) == (503, "SERVER_BUSY")


def _as_drf_writes_them(cards) -> list[dict]:
    """The cards as DRF's own per-object path writes them (model instances through the list serializer), in JSON."""
    import json

    from rest_framework import serializers
    from rest_framework.renderers import JSONRenderer

    from cards.apis import CardListOutputSerializer

    return json.loads(
        JSONRenderer().render(serializers.ListSerializer(child=CardListOutputSerializer(), instance=cards).data)
    )


def test_a_page_writes_each_card_as_drfs_own_path_writes_it(imported, client):
    """A page is read as rows (cards.selectors.card_rows_by_ids) and written by each field's own representation:
    the same JSON as the cards' model instances give."""
    from cards.selectors import cards_by_ids

    page = client.get("/api/v1/cards/", {"page_size": 200}).json()["results"]
    assert len(page) == len(imported) > 1
    assert page == _as_drf_writes_them(cards_by_ids(ids=[card["id"] for card in page]))


def test_a_row_of_another_games_card_has_null_duel_masters_facts_as_its_instance(imported):
    from cards.apis import CardListOutputSerializer
    from cards.models import Card
    from cards.selectors import card_rows_by_ids, cards_by_ids

    other = Card.objects.create(game="ygo", name_ja="ブラック・マジシャン", name_key="ブラック・マジシャン")
    ids = [other.id, imported["ボルシャック・ドラゴン"]]
    rows = CardListOutputSerializer(card_rows_by_ids(ids=ids, columns=CardListOutputSerializer.columns()), many=True)
    written = _as_drf_writes_them(cards_by_ids(ids=ids))
    assert [dict(row) for row in rows.data] == written
    assert (written[0]["game"], written[0]["cost"], written[1]["cost"]) == ("ygo", None, 6)


@pytest.mark.parametrize("game", ["dm", "ygo", "dbs"])
def test_a_search_under_its_views_slot_takes_no_second_one(db, client, settings, game):
    """The search API holds one slot for its whole request (search, page, JSON); the core's search inside it takes
    none more (a second one would wait for the first: with one slot and no waiting, every search was refused)."""
    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 0
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    assert client.get("/api/v1/cards/", {"game": game, "q": "a"}).status_code == 200
