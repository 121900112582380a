"""The copy cap (MAX_COPIES, owned by regulations.decklists.copies_check) and the line cap hold on
every path that stores a decklist, not only on the legality check: deck create, update and import (API and page),
a card page's add, and the deck after an adding import. Refused with a code; nothing is written."""

import pytest
from django.test import Client

from decks import services
from decks.models import Deck, DeckEntry
from decks.tests.fixtures import token_client
from games.dm.rules.decklist import MAX_COPIES, MAX_LINES, parse_json

CARD = "テスト火竜"


def _lines(count: int, copies: int) -> str:
    return "\n".join(f"{copies} {CARD}" for _ in range(count))


def _copies(deck_id: int) -> int:
    return sum(DeckEntry.objects.filter(deck_id=deck_id).values_list("quantity", flat=True))


OVER_COPIES = _lines(3, 999)  # 2,997 copies in 3 lines
OVER_LINES = _lines(1000, 999)  # the list: 1,000 lines of `999 <card>` (999,000 copies)
OVER_COPIES_JSON = {"main": [{"card": CARD, "count": 999}] * 3}

CREATE, DECK, IMPORT = "/api/v1/decks/", "/api/v1/decks/{id}/", "/api/v1/decks/{id}/import/"
TOO_LARGE, TOO_MANY = "DECKLIST_TOO_LARGE", "DECKLIST_TOO_MANY_COPIES"
# With the 8 copies the deck holds, an adding import of MAX_COPIES - 7 goes one over the cap.
ADDING = {"deck": {"main": [{"card": CARD, "count": 999}, {"card": CARD, "count": MAX_COPIES - 999 - 7}]}}

API_CASES = [
    # (method, path, body, code)
    pytest.param("post", CREATE, {"name": "n", "text": OVER_LINES}, TOO_LARGE, id="create-1000-lines"),
    pytest.param("post", CREATE, {"name": "n", "text": OVER_COPIES}, TOO_MANY, id="create-text"),
    pytest.param("post", CREATE, {"name": "n", "deck": OVER_COPIES_JSON}, TOO_MANY, id="create-json"),
    pytest.param("patch", DECK, {"text": OVER_COPIES}, TOO_MANY, id="update-text"),
    pytest.param("patch", DECK, {"text": OVER_LINES}, TOO_LARGE, id="update-1000-lines"),
    pytest.param("post", IMPORT, {"text": OVER_COPIES}, TOO_MANY, id="import-replace"),
    pytest.param("post", IMPORT, {**ADDING, "replace": False}, TOO_MANY, id="import-adding-over-the-cap-with-the-deck"),
]


@pytest.fixture
def deck(cards, owner):
    return services.deck_create(owner=owner, name="mine", decklist=parse_json({"main": [{"card": CARD, "count": 8}]}))


@pytest.mark.parametrize(("method", "path", "body", "code"), API_CASES)
def test_api_deck_writes_over_the_caps_are_refused(deck, owner, method, path, body, code):
    decks_before = Deck.objects.count()
    response = getattr(token_client(owner), method)(
        path.format(id=deck.id), body, format="json", HTTP_IF_MATCH=f'"{deck.version}"'
    )
    assert (response.status_code, response.json()["error"]["code"]) == (400, code)
    assert (Deck.objects.count(), _copies(deck.id)) == (decks_before, 8)  # nothing written


def test_api_deck_at_the_cap_is_stored(cards, owner):
    response = token_client(owner).post(
        "/api/v1/decks/", {"name": "n", "text": _lines(4, MAX_COPIES // 4)}, format="json"
    )
    assert response.status_code == 201
    assert _copies(response.json()["id"]) == MAX_COPIES


def test_card_page_add_over_the_cap_is_refused(deck, owner):
    from api.codes import ApplicationError

    to_the_cap = parse_json({"main": [{"card": CARD, "count": 999}, {"card": CARD, "count": MAX_COPIES - 999 - 8}]})
    services.deck_import(deck_id=deck.id, user=owner, if_match=deck.version, decklist=to_the_cap, replace=False)
    deck.refresh_from_db()
    assert _copies(deck.id) == MAX_COPIES
    card_id = DeckEntry.objects.filter(deck=deck).values_list("card_id", flat=True).first()
    with pytest.raises(ApplicationError) as raised:
        services.deck_cards_add(
            deck_id=deck.id, user=owner, if_match=deck.version, card_id=card_id, zone="main", count=1
        )
    assert (raised.value.code, raised.value.details) == (
        "DECKLIST_TOO_MANY_COPIES",
        {"copies": MAX_COPIES + 1, "limit": MAX_COPIES},
    )
    assert _copies(deck.id) == MAX_COPIES


PAGE_CASES = [
    pytest.param(OVER_COPIES, "2997", id="copies"),
    pytest.param(_lines(MAX_LINES + 1, 1), str(MAX_LINES), id="lines"),
]


@pytest.mark.parametrize(("text", "figure"), PAGE_CASES)
def test_page_import_over_the_caps_is_refused(deck, owner, text, figure):
    client = Client()
    client.force_login(owner)
    response = client.post(
        f"/decks/{deck.id}/import/", {"text": text, "apply": "1", "version": deck.version, "mode": "replace"}
    )
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode() and figure in response.content.decode()
    assert _copies(deck.id) == 8
