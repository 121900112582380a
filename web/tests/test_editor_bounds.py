"""The editor's JSON endpoint (/editor/state/) is open to anonymous clients, so its work is bounded like the legality
API's: at most MAX_LINES entries and MAX_COPIES copies (games.dm.rules.decklist; 400 with a code, before any entry is
resolved), and the check runs behind the process's one gate of expensive requests (api/concurrency.py): a request
finding it full answers 503 SERVER_BUSY, and the slot comes back after every answer."""

import json

import pytest
from django.test import Client
from django.test.client import MULTIPART_CONTENT

from api import concurrency
from games.dm.rules.decklist import MAX_COPIES, MAX_LINES


@pytest.fixture
def card(catalogue):
    from games.dm.resolver import get_resolver

    return get_resolver().resolve("テスト火炎兵").card.id


def _state(body):
    return Client().post("/editor/state/", json.dumps(body), content_type="application/json")


def _entries(card: int, count: int, copies: int = 1) -> list[dict]:
    return [{"card": card, "count": copies}] * count


BOUNDS = [
    # (deck as {zone: (entries, copies each)}, op, code)
    pytest.param({"main": (MAX_LINES + 1, 1)}, None, "DECKLIST_TOO_LARGE", id="entries-over-max-lines"),
    pytest.param(
        {"main": (MAX_LINES // 2 + 1, 1), "considering": (MAX_LINES // 2, 1)},
        None,
        "DECKLIST_TOO_LARGE",
        id="entries-over-max-lines-across-zones",
    ),
    pytest.param(
        {"main": (1, 999), "considering": (1, 999), "hyperspatial": (1, 999)},
        None,
        "DECKLIST_TOO_MANY_COPIES",
        id="copies-over-max-copies",
    ),
    pytest.param(
        {"main": (1, 999), "considering": (1, 999)},
        {"op": "add", "zone": "hyperspatial", "count": MAX_COPIES - 2 * 999 + 1},
        "DECKLIST_TOO_MANY_COPIES",
        id="an-add-over-max-copies",
    ),
]


@pytest.mark.parametrize(("zones", "op", "code"), BOUNDS)
def test_editor_state_over_the_bounds_is_refused_with_a_code(card, zones, op, code):
    deck = {zone: _entries(card, count, copies) for zone, (count, copies) in zones.items()}
    response = _state({"deck": deck, "op": {**op, "card": card} if op else {}})
    assert (response.status_code, response.json()["error"]["code"]) == (400, code)


def test_editor_state_at_the_bounds_is_answered(card):
    deck = {"main": _entries(card, MAX_LINES // 2, 1), "considering": _entries(card, MAX_LINES // 2, 1)}
    response = _state({"deck": deck})
    assert response.status_code == 200
    assert response.json()["deck"]["main"] == [{"card": card, "count": MAX_LINES // 2}]


@pytest.fixture
def gate(settings):
    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 0
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    return concurrency.expensive_gate()


def test_editor_state_finding_the_gate_full_answers_503_server_busy(card, gate):
    assert gate.enter(wait_seconds=0)  # another thread's decklist check holds the one slot
    try:
        response = _state({"deck": {"main": _entries(card, 1, 4)}})
    finally:
        gate.leave()
    assert (response.status_code, response["Retry-After"]) == (503, "1")
    assert response.json()["error"]["code"] == "SERVER_BUSY"


@pytest.mark.parametrize(
    "first",
    [
        pytest.param({"deck": {}}, id="after-an-answer"),
        pytest.param({"deck": {}, "format": "nope"}, id="after-an-unknown-format"),
    ],
)
def test_editor_state_gives_the_slot_back_after_every_answer(card, gate, first):
    _state(first)
    assert _state({"deck": {"main": _entries(card, 1, 4)}}).status_code == 200
    assert gate.enter(wait_seconds=0)  # free again
    gate.leave()


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        pytest.param({"deck": "{}"}, MULTIPART_CONTENT, id="multipart"),
        pytest.param("deck=1", "application/x-www-form-urlencoded", id="form"),
        pytest.param("{}", "text/plain", id="text"),
    ],
)
def test_a_body_that_is_not_json_is_415_not_a_500(db, body, content_type):
    """With the CSRF check on (as in production), a multipart body was read as a form before the view, and reading
    the JSON body then raised: a 500 for anyone."""
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")  # the CSRF cookie a page sets
    token = client.cookies["csrftoken"].value
    response = client.post("/editor/state/", body, content_type=content_type, HTTP_X_CSRFTOKEN=token)
    assert (response.status_code, response.json()["error"]["code"]) == (415, "UNSUPPORTED_MEDIA_TYPE")
