"""Odds and simulation API: exact answers (spec 4.2 values), 202 + polling, ownership, cancel, error shape."""

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.urls("simulations.tests.urls")]

DECK = "4 Aqua Guard\n4 Flame Runner\n32 Bolt Soldier"


@pytest.fixture
def client():
    return APIClient()


@pytest.fixture
def owner():
    return UserFactory(username="owner")


ODDS = [
    ("G04 one 4-of in the opening hand", {"cards": ["Aqua Guard"]}, "3903/9139"),
    ("G07 A and B", {"groups": [{"cards": ["Aqua Guard"]}, {"cards": ["Flame Runner"]}]}, "13175/82251"),
    ("G06 two 4-ofs as one group of 8", {"cards": ["Aqua Guard", "Flame Runner"]}, "57079/82251"),
    ("G08 all four in the shields", {"cards": ["Aqua Guard"], "at_least": 4, "where": "shields"}, "1/18278"),
    ("G09 seen by own turn 3 going second", {"cards": ["Aqua Guard"], "by_turn": 3, "going": "second"}, "5543/9139"),
    ("by card id", {"cards": [2], "where": "hand_or_shields"}, None),
]

SEALED_DECK = "1 禁断～封印されしX～\n4 Aqua Guard\n35 Bolt Soldier"


def test_g12_a_start_of_game_card_known_only_to_the_set_table_leaves_the_deck(client, resolver):
    """G12, 100.5: the hand comes from the other 39 cards, although the card data lists the card in the main deck."""
    response = client.post(
        "/api/v1/odds/", {"text": SEALED_DECK, "queries": [{"cards": ["Aqua Guard"]}]}, format="json"
    )
    assert response.status_code == 200, response.content
    result = response.json()["results"][0]
    assert (result["fraction"], result["deck_size"]) == ("35875/82251", 39)


@pytest.mark.parametrize("query, fraction", [o[1:] for o in ODDS], ids=[o[0] for o in ODDS])
def test_odds_queries_are_exact_and_anonymous(client, resolver, query, fraction):
    response = client.post("/api/v1/odds/", {"text": DECK, "queries": [query]}, format="json")
    assert response.status_code == 200, response.content
    result = response.json()["results"][0]
    assert result["exact"] is True
    if fraction:
        assert result["fraction"] == fraction
        num, den = map(int, fraction.split("/"))
        assert result["probability"] == pytest.approx(num / den)


def test_odds_query_with_json_decklist_gives_distribution_and_expectation(client, resolver):
    decklist = {"main": [{"card": "Aqua Guard", "count": 4}, {"card": "Bolt Soldier", "count": 36}]}
    response = client.post("/api/v1/odds/", {"deck": decklist, "queries": [{"cards": ["Aqua Guard"]}]}, format="json")
    result = response.json()["results"][0]
    assert result["expected"] == 0.5  # G20
    assert result["distribution"]["0"] == pytest.approx(5236 / 9139)  # G05


@pytest.mark.parametrize("method", ["get", "post"])
def test_deck_report_get_and_post(client, resolver, method):
    if method == "get":
        response = client.get("/api/v1/odds/report/", {"text": DECK})
    else:
        response = client.post("/api/v1/odds/report/", {"text": DECK}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["deck_size"] == 40
    assert body["shield_triggers"]["cards"] == 4
    assert {row["name"] for row in body["cards"]} == {"Aqua Guard", "Flame Runner", "Bolt Soldier"}


ERRORS = [
    ("unknown card", {"text": "40 Nobody", "queries": [{"cards": ["Nobody"]}]}, "UNKNOWN_CARD"),
    (
        "overlapping groups",
        {"text": DECK, "queries": [{"groups": [{"cards": [2]}, {"cards": [2]}]}]},
        "OVERLAPPING_GROUPS",
    ),
    ("no deck", {"queries": [{"cards": [2]}]}, "VALIDATION_ERROR"),
    ("no cards", {"text": DECK, "queries": [{"where": "hand"}]}, "VALIDATION_ERROR"),
    (
        "shields do not change by turn",
        {"text": DECK, "queries": [{"cards": [2], "where": "shields", "by_turn": 3}]},
        "VALIDATION_ERROR",
    ),
    (
        "a card not in the deck is an error, not 0",
        {"text": DECK, "queries": [{"cards": ["Forest Giant"]}]},
        "CARD_NOT_IN_DECK",
    ),
    (
        "G02 six seals: going first the draw of own turn 24 loses (104.2b)",
        {"text": SEALED_DECK, "queries": [{"cards": ["Aqua Guard"], "by_turn": 24}]},
        "IMPOSSIBLE_QUERY",
    ),
    (
        "40 cards going second: the draw of own turn 30 loses (G13)",
        {"text": DECK, "queries": [{"cards": ["Aqua Guard"], "by_turn": 30, "going": "second"}]},
        "IMPOSSIBLE_QUERY",
    ),
]


def test_the_last_turn_before_decking_out_is_still_answered(client, resolver):
    body = {"text": SEALED_DECK, "queries": [{"cards": ["Aqua Guard"], "by_turn": 23}]}
    response = client.post("/api/v1/odds/", body, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["results"][0]["cards_drawn"] == 27  # 5 + 22 draws of the 39-card pool


@pytest.mark.parametrize("body, code", [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_odds_errors_have_the_one_shape(client, resolver, body, code):
    response = client.post("/api/v1/odds/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


def test_simulations_need_login(client, resolver):
    response = client.post("/api/v1/simulations/", {"kind": "goldfish", "text": DECK, "games": 10}, format="json")
    assert response.status_code in (401, 403)


def test_goldfish_run_202_then_result_and_only_the_owner_sees_it(
    client, owner, resolver, eager_celery, django_capture_on_commit_callbacks
):
    client.force_authenticate(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/v1/simulations/",
            {"kind": "goldfish", "text": "40 Bolt Soldier", "games": 500, "seed": 3, "going": "first"},
            format="json",
        )
    assert response.status_code == 202, response.content
    run_id = response.json()["id"]
    body = client.get(f"/api/v1/simulations/{run_id}/").json()
    assert body["status"] == "done"
    first = body["result"]["kill_turn"]["first"]
    assert {k: first[k] for k in ("distribution", "mean", "p50", "p90", "kill_by_turn", "kill_rate")} == {
        "distribution": {"5": 1.0}, "mean": 5.0, "p50": 5, "p90": 5, "kill_by_turn": {"5": 1.0}, "kill_rate": 1.0,
    }  # fmt: skip
    assert first["kill_by_turn_ci95"]["5"][0] == pytest.approx(0.99238, abs=1e-4)  # Wilson, 500 of 500
    assert body["result"]["warnings"][0]["code"] == "FEW_GAMES"
    other = UserFactory(username="other")
    client.force_authenticate(other)
    assert client.get(f"/api/v1/simulations/{run_id}/").status_code == 404
    assert client.delete(f"/api/v1/simulations/{run_id}/").status_code == 404


def test_delete_cancels_a_queued_run(client, owner, resolver):
    client.force_authenticate(owner)
    response = client.post(
        "/api/v1/simulations/", {"kind": "opening_hands", "text": DECK, "games": 1000}, format="json"
    )  # the start task is enqueued on commit, which never happens inside this test's transaction
    run_id = response.json()["id"]
    assert client.get(f"/api/v1/simulations/{run_id}/").json()["status"] == "queued"
    assert client.delete(f"/api/v1/simulations/{run_id}/").json()["status"] == "cancelled"


def test_simulation_validation_errors(client, owner, resolver):
    client.force_authenticate(owner)
    response = client.post("/api/v1/simulations/", {"kind": "chess", "text": DECK, "games": 10}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "VALIDATION_ERROR"


def test_goldfish_ab_through_the_api(client, owner, resolver, eager_celery, django_capture_on_commit_callbacks):
    client.force_authenticate(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/v1/simulations/",
            {"kind": "goldfish", "text": "40 Bolt Soldier", "compare_text": "40 Flame Runner", "games": 300,
             "going": "second"},
            format="json",
        )  # fmt: skip
    assert response.status_code == 202, response.content
    body = client.get(f"/api/v1/simulations/{response.json()['id']}/").json()
    assert body["result"]["compare"]["b_minus_a"]["second"]["mean"] == -1.0
    assert body["deck_b"] == [{"card": "4", "name": "Flame Runner", "copies": 40}]


def test_odds_group_fields_are_validated(client, resolver):
    body = {"text": DECK, "queries": [{"groups": [{"cards": [2], "at_least": "many"}]}]}
    response = client.post("/api/v1/odds/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "VALIDATION_ERROR"


def test_list_shows_only_my_runs_without_results(client, owner, resolver):
    client.force_authenticate(owner)
    client.post("/api/v1/simulations/", {"kind": "goldfish", "text": DECK, "games": 100}, format="json")
    other = UserFactory(username="lister")
    client.force_authenticate(other)
    assert client.get("/api/v1/simulations/").json()["count"] == 0
    client.force_authenticate(owner)
    body = client.get("/api/v1/simulations/").json()
    assert body["count"] == 1
    assert "result" not in body["results"][0] and body["results"][0]["status"] == "queued"


# デュエパーティー: the format's setup (6 cards in hand, 6 shields, a draw on every first turn); the partner starts in
# its own zone, so the 59 other cards are shuffled.
DP_DECK = "パートナー\n1 Flame Runner\nメインデッキ\n4 Aqua Guard\n55 Bolt Soldier"
DUEL_PARTY_ODDS = [
    ("opening 6 of 59", {"cards": ["Aqua Guard"]}, "162301/455126", 6),
    ("by own turn 3 going first: 6 + 3", {"cards": ["Aqua Guard"], "by_turn": 3}, "16059/32509", 9),
    ("by own turn 3 going second: 6 + 3", {"cards": ["Aqua Guard"], "by_turn": 3, "going": "second"}, "16059/32509", 9),
    ("6 shields", {"cards": ["Aqua Guard"], "where": "shields"}, "162301/455126", 6),
]


@pytest.mark.parametrize(
    "query, fraction, drawn", [o[1:] for o in DUEL_PARTY_ODDS], ids=[o[0] for o in DUEL_PARTY_ODDS]
)
def test_duel_party_odds_use_the_format_setup(client, resolver, query, fraction, drawn):
    body = {"text": DP_DECK, "format": "duel_party", "queries": [query]}
    response = client.post("/api/v1/odds/", body, format="json")
    assert response.status_code == 200, response.content
    result = response.json()["results"][0]
    assert (result["fraction"], result["deck_size"], result["cards_drawn"]) == (fraction, 59, drawn)


def test_duel_party_odds_report_and_an_unknown_format(client, resolver):
    report = client.post("/api/v1/odds/report/", {"text": DP_DECK, "format": "duel_party"}, format="json").json()
    aqua = next(row for row in report["cards"] if row["name"] == "Aqua Guard")
    assert (report["deck_size"], aqua["in_hand_fraction"]) == (59, "162301/455126")
    response = client.post("/api/v1/odds/report/", {"text": DECK, "format": "no_such_format"}, format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "UNKNOWN_FORMAT")
