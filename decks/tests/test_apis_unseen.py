"""A write into a deck the caller may not see answers as for a deck that does not exist, before its body is read
(issue 29, finding 7): the import and the update parsed the list with the deck's game first, so a malformed body's
400 told whether the deck existed and which game it was."""

import pytest

from decks.tests.fixtures import other, owner, token_client  # noqa: F401

pytestmark = pytest.mark.django_db

BODIES = [
    pytest.param({"deck": {"nope": []}}, id="a-body-malformed-for-duel-masters"),
    pytest.param({"text": "#main\n89631139\n"}, id="a-ydk"),
    pytest.param({"deck": {"main": [{"card": "x", "count": -2}]}}, id="a-negative-count"),
]


@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("write", ["import", "update"])
def test_a_write_into_an_unseen_deck_is_404_whatever_the_body(owner, other, body, write):  # noqa: F811
    deck = token_client(owner).post("/api/v1/decks/", {"name": "Private", "text": ""}, format="json").json()
    answers = []
    for deck_id in (deck["id"], deck["id"] + 1000):  # someone's private deck, and a deck that does not exist
        client = token_client(other)
        if write == "import":
            answer = client.post(f"/api/v1/decks/{deck_id}/import/", body, format="json", HTTP_IF_MATCH='"1"')
        else:
            answer = client.patch(f"/api/v1/decks/{deck_id}/", body, format="json", HTTP_IF_MATCH='"1"')
        answers.append((answer.status_code, answer.json()["error"]["code"]))
    assert answers == [(404, "NOT_FOUND"), (404, "NOT_FOUND")]
