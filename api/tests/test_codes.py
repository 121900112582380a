"""The error vocabulary and its documentation agree both ways: docs/api.md has one table of codes."""

import re
from pathlib import Path

import pytest
from django.test import Client

from api.codes import ErrorCode
from decks.tests.fixtures import cards, legal_deck_json, owner, token_client  # noqa: F401

API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
ROW = re.compile(r"^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|\s*(\d{3})\s*\|\s*(.+?)\s*\|\s*$")


def documented_codes() -> dict[str, int]:
    """The rows of the table under '## Error codes' in docs/api.md: code -> HTTP status."""
    text = API_DOC.read_text(encoding="utf-8")
    section = text.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    rows = [ROW.match(line) for line in section.splitlines()]
    return {m.group(1): int(m.group(2)) for m in rows if m}


def test_the_table_has_no_repeated_code():
    text = API_DOC.read_text(encoding="utf-8").split("## Error codes", 1)[1].split("\n## ", 1)[0]
    codes = [m.group(1) for m in map(ROW.match, text.splitlines()) if m]
    assert len(codes) == len(set(codes))


@pytest.mark.parametrize("code", list(ErrorCode), ids=str)
def test_every_code_is_documented_with_its_status(code):
    assert documented_codes().get(code.value) == code.status


def test_every_documented_code_exists():
    assert set(documented_codes()) - {c.value for c in ErrorCode} == set()


@pytest.mark.parametrize("code", list(ErrorCode), ids=str)
def test_every_code_has_an_error_status_and_a_meaning(code):
    assert 400 <= code.status <= 599
    assert code.meaning.endswith(".")


# --- the same situation answers with the same code and status on every endpoint --------------------------------

NOT_A_DECKLIST = {"side": []}  # a zone that does not exist: the decklist's structure is wrong

MALFORMED_DECKLIST_REQUESTS = [
    pytest.param("/api/v1/legality/", {"deck": NOT_A_DECKLIST}, id="legality-check"),
    pytest.param("/api/v1/decks/", {"name": "x", "deck": NOT_A_DECKLIST}, id="deck-create"),
    pytest.param("/api/v1/simulations/", {"kind": "goldfish", "games": 10, "deck": NOT_A_DECKLIST}, id="simulation"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("path, body", MALFORMED_DECKLIST_REQUESTS)
def test_a_malformed_decklist_is_one_code_everywhere(cards, owner, path, body):  # noqa: F811
    response = token_client(owner).post(path, body, format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "MALFORMED_DECKLIST")


@pytest.mark.django_db
def test_an_unknown_overlay_is_one_code_and_status_everywhere(cards, owner):  # noqa: F811
    from decks.services import deck_create

    deck = deck_create(owner=owner, name="target", format_code="advance", visibility="private")
    client = token_client(owner)
    answers = {
        "legality-check": client.post(
            "/api/v1/legality/", {"deck": legal_deck_json(), "overlay": "nope"}, format="json"
        ),
        "deck-legality": client.get(f"/api/v1/decks/{deck.id}/legality/", {"overlay": "nope"}),
        "editor": Client().post("/editor/state/", {"deck": {}, "overlay": "nope"}, content_type="application/json"),
    }
    seen = {name: (r.status_code, r.json()["error"]["code"]) for name, r in answers.items()}
    assert seen == dict.fromkeys(answers, (404, "UNKNOWN_OVERLAY"))
