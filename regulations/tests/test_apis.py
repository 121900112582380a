"""Legality and regulation API: reports, and every error in the one shape with a stable code (never a 500)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from regulations.tests.catalogue import BANNED, FILLER, LIMITED


@pytest.fixture
def client():
    return APIClient()


def filler_text(n: int) -> str:
    lines, names = [], iter(FILLER)
    while n > 0:
        take = min(4, n)
        lines.append(f"{take} {next(names)}")
        n -= take
    return "\n".join(lines)


def filler_json(n: int) -> dict:
    return {
        "main": [
            {"card": name, "count": int(count)}
            for count, name in (row.split(" ", 1) for row in filler_text(n).splitlines())
        ]
    }


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["code"] == code
    return body["error"]


def test_check_text_deck(hof, client):
    response = client.post("/api/v1/legality/", {"text": filler_text(40)}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and body["format"] == "advance" and body["counts"]["main"] == 40
    assert len(body["lines"]) == 10


def test_check_json_deck_with_date(hof, client):
    deck = filler_json(38)
    deck["main"].append({"card": LIMITED, "count": 2})
    response = client.post("/api/v1/legality/", {"deck": deck, "as_of": "2015-01-01"}, format="json")
    assert response.status_code == 200
    assert [(v["code"], v["rule"]) for v in response.json()["violations"]] == [("HALL_OF_FAME", "100.2")]


ERRORS = [
    pytest.param({}, 400, "DECKLIST_MISSING", id="no-deck"),
    pytest.param({"text": "4 A", "deck": {"main": []}}, 400, "DECKLIST_MISSING", id="both"),
    pytest.param({"text": "  \n\n"}, 400, "DECKLIST_EMPTY", id="empty-text"),
    pytest.param({"text": "4 A\x01\x02\x03\x04\x05"}, 400, "DECKLIST_NOT_TEXT", id="binary-text"),
    pytest.param({"text": "999 A\n999 A\n999 A\n"}, 400, "DECKLIST_TOO_MANY_COPIES", id="too-many-copies"),
    pytest.param({"deck": ["not", "an", "object"]}, 400, "MALFORMED_DECKLIST", id="deck-not-object"),
    pytest.param({"deck": {"side": []}}, 400, "MALFORMED_DECKLIST", id="unknown-zone"),
    pytest.param({"deck": {"main": [{"card": "A", "count": -1}]}}, 400, "DECKLIST_UNREADABLE", id="bad-count"),
    pytest.param({"text": "4 A", "format": "modern"}, 400, "UNKNOWN_FORMAT", id="unknown-format"),
    pytest.param({"text": "4 A", "overlay": "no-such-event"}, 404, "UNKNOWN_OVERLAY", id="unknown-overlay"),
    pytest.param({"text": "4 A", "as_of": "yesterday"}, 400, "VALIDATION_ERROR", id="bad-date"),
    pytest.param({"text": "4 A\n" * 600}, 400, "DECKLIST_TOO_LARGE", id="too-many-lines"),
    # GENESYS's point cap is the OCG's option (issue 28): Duel Masters takes none; a cap is never negative.
    pytest.param({"text": "4 A", "point_cap": 100}, 400, "VALIDATION_ERROR", id="point-cap-not-an-option-of-dm"),
    pytest.param({"text": "4 A", "game": "ygo", "point_cap": -1}, 400, "VALIDATION_ERROR", id="negative-point-cap"),
]


@pytest.mark.parametrize(("payload", "status", "code"), ERRORS)
def test_check_errors(hof, client, payload, status, code):
    error_of(client.post("/api/v1/legality/", payload, format="json"), status, code)


def test_a_decklist_is_never_refused_for_some_lines(hof, client):
    text = "『My deck』\nメインデッキ\n" + filler_text(38) + "\n2 No Such Card Anywhere\nno count here\n"
    response = client.post("/api/v1/legality/", {"text": text}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["counts"]["main"] == 40  # the unknown line counts in its zone
    assert body["legal"] is False
    assert [v["code"] for v in body["violations"]] == ["UNKNOWN_CARD"]
    statuses = [(line["line"], line["status"]) for line in body["lines"]]
    assert statuses[:2] == [(1, "ignored"), (2, "heading")]
    assert statuses[-2:] == [(len(statuses) - 1, "unknown"), (len(statuses), "ignored")]


def test_malformed_json_body(hof, client):
    response = client.post("/api/v1/legality/", data="{not json", content_type="application/json")
    error_of(response, 400, "MALFORMED_REQUEST")


def test_wrong_method(hof, client):
    error_of(client.get("/api/v1/legality/"), 405, "METHOD_NOT_ALLOWED")


def test_batch_point_cap_is_not_an_option_of_duel_masters(hof, client):
    body = {"point_cap": 100, "decks": [{"player": "p1", "text": "4 A"}]}
    error_of(client.post("/api/v1/legality/batch/", body, format="json"), 400, "VALIDATION_ERROR")


def test_batch_json(hof, client):
    decks = [
        {"player": "p1", "text": filler_text(40)},
        {"player": "p2", "deck": {"main": [{"card": BANNED, "count": 1}]}},
        {"player": "p3", "text": "unreadable"},
    ]
    response = client.post("/api/v1/legality/batch/", {"decks": decks, "as_of": "2013-01-01"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert (body["count"], body["legal"]) == (3, 1)
    results = body["results"]
    assert [r["player"] for r in results] == ["p1", "p2", "p3"]
    assert results[0]["report"]["legal"] and "lines" not in results[0]["report"]
    assert sorted(v["code"] for v in results[1]["report"]["violations"]) == ["DECK_SIZE", "PREMIUM_HALL_OF_FAME"]
    assert results[2]["report"]["legal"] is False and results[2]["report"]["counts"]["main"] == 0


@pytest.mark.parametrize(
    "body",
    [
        pytest.param([{"player": 7, "text": "4 x"}], id="a-bare-list-of-entries"),
        pytest.param([], id="an-empty-list"),
        pytest.param("decks", id="a-string"),
        pytest.param(42, id="a-number"),
    ],
)
def test_batch_body_that_is_not_an_object_is_refused(hof, client, body):
    """The schema fuzz found a bare JSON list accepted (the schema says object): one shape, {"decks": [...]}."""
    response = client.post("/api/v1/legality/batch/?as_of=2013-01-01", body, format="json")
    assert response.status_code == 400
    assert (response.json()["error"]["code"], response.json()["error"]["details"]) == (
        "MALFORMED_REQUEST",
        {"expected": "object"},
    )


def test_batch_csv_upload(hof, client):
    csv_text = "player,decklist\n" + f'alice,"{filler_text(40)}"\n' + 'bob,"4 A"\n'
    upload = SimpleUploadedFile("decks.csv", csv_text.encode(), content_type="text/csv")
    response = client.post("/api/v1/legality/batch/", {"file": upload, "include_lines": "true"}, format="multipart")
    assert response.status_code == 200
    results = response.json()["results"]
    assert [(r["player"], r["report"]["legal"]) for r in results] == [("alice", True), ("bob", False)]
    assert "lines" in results[0]["report"]


BATCH_ERRORS = [
    pytest.param({"decks": [{"text": "4 A"}] * 1001}, "BATCH_TOO_LARGE", id="too-many"),
    pytest.param({}, "DECKLIST_MISSING", id="nothing"),
    pytest.param({"decks": "not a list"}, "VALIDATION_ERROR", id="decks-not-list"),
    pytest.param({"decks": [], "format": "nope"}, "UNKNOWN_FORMAT", id="unknown-format"),
]


@pytest.mark.parametrize(("payload", "code"), BATCH_ERRORS)
def test_batch_errors(hof, client, payload, code):
    error_of(client.post("/api/v1/legality/batch/", payload, format="json"), 400, code)


@pytest.mark.parametrize(
    "content",
    [pytest.param(b"name,list\nx,y\n", id="wrong-header"), pytest.param(b"\xff\xfe\x00bad", id="not-utf8")],
)
def test_batch_bad_csv(hof, client, content):
    upload = SimpleUploadedFile("decks.csv", content, content_type="text/csv")
    error_of(client.post("/api/v1/legality/batch/", {"file": upload}, format="multipart"), 400, "MALFORMED_CSV")


def test_regulation_in_force_endpoint(hof, client):
    body = client.get("/api/v1/regulations/advance/", {"as_of": "2013-01-01"}).json()
    assert body["available"] is True
    assert LIMITED in [c["card"]["name"] for c in body["limited"]]
    assert [c["card"]["name"] for c in body["banned"]] == [BANNED]
    assert len(body["combos"]) == 1


def test_regulation_changes_endpoint(hof, client):
    body = client.get("/api/v1/regulations/advance/changes/", {"from": "2011-01-01", "to": "2013-01-01"}).json()
    assert (BANNED, "limited", "banned") in {(c["card"]["name"], c["from"], c["to"]) for c in body["cards"]}


@pytest.mark.parametrize(
    ("url", "params", "code"),
    [
        pytest.param("/api/v1/regulations/advance/", {"as_of": "2013-13-01"}, "VALIDATION_ERROR", id="bad-date"),
        pytest.param("/api/v1/regulations/nope/", {}, "UNKNOWN_FORMAT", id="unknown-format"),
        pytest.param("/api/v1/regulations/advance/changes/", {}, "VALIDATION_ERROR", id="changes-need-from"),
    ],
)
def test_regulation_endpoint_errors(hof, client, url, params, code):
    error_of(client.get(url, params), 400, code)


def test_overlay_detail(hof, cards, client):
    from regulations.models import EventOverlay, Format, OverlayCard

    overlay = EventOverlay.objects.create(slug="cs-1", name="CS", base_format=Format.objects.get(code="advance"))
    OverlayCard.objects.create(overlay=overlay, card_id=cards[LIMITED], status="banned")
    body = client.get("/api/v1/overlays/cs-1/").json()
    assert (body["id"], body["base_format"], body["cards"]) == (
        "cs-1",
        "advance",
        [{"card": {"id": cards[LIMITED], "name": LIMITED}, "status": "banned"}],
    )
    error_of(client.get("/api/v1/overlays/none/"), 404, "UNKNOWN_OVERLAY")


def test_formats_and_ping(db, client):
    assert [f["code"] for f in client.get("/api/v1/formats/").json()] == [
        "advance",
        "original",
        "unrestricted",
        "duel_party",
        "2block",
    ]
    duel_party = {f["code"]: f for f in client.get("/api/v1/formats/").json()}["duel_party"]
    assert {key: duel_party[key] for key in ("main_size", "main_copies", "uses_partner", "partner_min_cost")} == {
        "main_size": 60,
        "main_copies": 1,
        "uses_partner": True,
        "partner_min_cost": 5,
    }
    assert (duel_party["hand_size"], duel_party["shield_count"], duel_party["first_player_draws"]) == (6, 6, True)
    assert (duel_party["uses_hyperspatial"], duel_party["uses_gr"], duel_party["start_of_game_cards"]) == (False,) * 3
    assert client.get("/api/v1/ping/").json() == {"ok": True}


def test_legality_is_public_but_throttled(hof, client, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "2/min", "user": "2/min"})
    for _ in range(2):
        assert client.post("/api/v1/legality/", {"text": filler_text(40)}, format="json").status_code == 200
    error = error_of(client.post("/api/v1/legality/", {"text": filler_text(40)}, format="json"), 429, "THROTTLED")
    assert error["details"]["retry_after_seconds"] > 0
