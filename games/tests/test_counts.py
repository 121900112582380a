"""A line's count is a whole number from 1 to games.base.MAX_LINE_COUNT in every game, on every path (issue 29,
finding 3 and 8): anything else is an error the player sees on that line (a refused JSON entry, a text line in the
report's `errors` and a deck that is not legal), never summed negative, clamped to 1 or dropped as "ignored". A
count over a card's copy limit is a good count: the legality check says how many the rules allow."""

import pytest

from decks.tests.fixtures import owner, token_client  # noqa: F401
from games.base import MAX_LINE_COUNT, count_problem, counts_good

pytestmark = pytest.mark.django_db

YGO_CARD = "テスト光の剣士"  # web/tests/games_catalogue.py's made-up cards
DBS_CARD = "Test Krillin"


@pytest.fixture
def catalogues(db):
    from web.tests.catalogue import catalogue_import
    from web.tests.games_catalogue import dbs_import, ygo_import

    catalogue_import()
    ygo_import()
    dbs_import()


@pytest.mark.parametrize(
    ("count", "good"),
    [
        pytest.param(1, True, id="one"),
        pytest.param(MAX_LINE_COUNT, True, id="the-maximum"),
        pytest.param(0, False, id="zero"),
        pytest.param(-2, False, id="negative"),
        pytest.param(MAX_LINE_COUNT + 1, False, id="over-the-maximum"),
        pytest.param(True, False, id="a-boolean"),
        pytest.param("3", False, id="a-string"),
        pytest.param(2.0, False, id="a-float"),
        pytest.param(None, False, id="null"),
    ],
)
def test_the_one_count_rule(count, good):
    assert (count_problem(count) is None) == good
    # The same rule over a decklist's counts at once: that count among good ones
    assert counts_good([1, 3, count, 2]) == good
    assert counts_good([count]) == good


def test_no_counts_are_good_counts():
    assert counts_good([])


def _check(body: dict):
    return token_client(None).post("/api/v1/legality/", body, format="json")


JSON_CASES = [
    # (game, zone, card, count, status, what the answer says)
    pytest.param("ygo", "main", YGO_CARD, -2, 400, "MALFORMED_DECKLIST", id="ygo-negative"),
    pytest.param("ygo", "main", YGO_CARD, 0, 400, "MALFORMED_DECKLIST", id="ygo-zero"),
    pytest.param("ygo", "main", YGO_CARD, 1000, 400, "MALFORMED_DECKLIST", id="ygo-over-the-maximum"),
    pytest.param("ygo", "main", YGO_CARD, 7, 200, 7, id="ygo-seven-copies-counted"),
    pytest.param("dbs", "main", DBS_CARD, -2, 400, "MALFORMED_DECKLIST", id="dbs-negative"),
    pytest.param("dbs", "main", DBS_CARD, 1000, 400, "MALFORMED_DECKLIST", id="dbs-over-the-maximum"),
    pytest.param("dbs", "main", DBS_CARD, 100, 200, 100, id="dbs-100-copies-counted"),
    pytest.param("dm", "main", "ボルシャック・ドラゴン", -2, 400, "DECKLIST_UNREADABLE", id="dm-negative"),
]


@pytest.mark.parametrize(("game", "zone", "card", "count", "status", "said"), JSON_CASES)
def test_a_json_count_outside_the_rule_is_refused(catalogues, game, zone, card, count, status, said):
    answer = _check({"game": game, "deck": {zone: [{"card": card, "count": count}]}})
    assert answer.status_code == status, answer.json()
    if status == 400:
        assert answer.json()["error"]["code"] == said
    else:
        report = answer.json()
        assert (report["counts"][zone], report["legal"]) == (said, False)


TEXT_CASES = [
    # (game, text, the zone's count, the error lines)
    pytest.param("ygo", f"100 {YGO_CARD}", 100, [], id="ygo-100-counted-not-ignored"),
    pytest.param("ygo", f"0 {YGO_CARD}\n3 {YGO_CARD}", 3, [1], id="ygo-zero-an-error"),
    pytest.param("ygo", f"{YGO_CARD} x1000", 0, [1], id="ygo-1000-an-error"),
    pytest.param("dbs", f"100 {DBS_CARD}", 100, [], id="dbs-100-counted-not-one"),
    pytest.param("dbs", f"-2 {DBS_CARD}\n4 {DBS_CARD}", 4, [1], id="dbs-negative-an-error-not-one"),
    pytest.param("dbs", f"1000 {DBS_CARD}", 0, [1], id="dbs-1000-an-error"),
    pytest.param("dbs", f"0 {DBS_CARD}", 0, [1], id="dbs-zero-an-error"),
]


@pytest.mark.parametrize(("game", "text", "count", "errors"), TEXT_CASES)
def test_a_text_count_outside_the_rule_is_an_error_line(catalogues, game, text, count, errors):
    report = _check({"game": game, "text": text}).json()
    assert report["counts"]["main"] == count
    assert [error["line"] for error in report["errors"]] == errors
    assert report["legal"] is False
    if errors:
        assert report["errors"][0]["message"] == f"the count must be a whole number from 1 to {MAX_LINE_COUNT}"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        pytest.param(
            {"name": "x", "game": "ygo", "deck": {"main": [{"card": YGO_CARD, "count": -2}]}},
            "MALFORMED_DECKLIST",
            id="ygo-negative-json",
        ),  # fmt: skip
        pytest.param(
            {"name": "x", "text": "#main\n80000000\n80000001\n!side\n"},
            "DECKLIST_EMPTY",
            id="a-ydk-sent-without-its-game",
        ),  # fmt: skip
        pytest.param({"name": "x", "text": "NaN"}, "DECKLIST_EMPTY", id="nan"),
    ],
)
def test_a_deck_write_never_stores_a_count_outside_the_rule_or_an_emptied_deck(catalogues, owner, body, code):  # noqa: F811
    answer = token_client(owner).post("/api/v1/decks/", body, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, code)
