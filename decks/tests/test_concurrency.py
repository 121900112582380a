"""Optimistic concurrency under real contention: 50 writers PATCH one deck with the same ETag at the same moment.

The check is the conditional UPDATE itself (decks.services), so exactly one writer wins and 49 get 412 with
nothing written, on SQLite (file database, threads with their own connections) and on PostgreSQL.
"""

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections

from decks import services
from decks.models import Deck, DeckEntry, DeckVersion
from decks.tests.fixtures import legal_deck_json, token_client
from games.dm.rules.decklist import parse_json

WRITERS = 50


def conflicting_writers(deck_id: int, owner) -> Counter:
    barrier = threading.Barrier(WRITERS)
    clients = [token_client(owner) for _ in range(WRITERS)]
    deck = legal_deck_json()

    def write(i: int) -> int:
        try:
            body = {"name": f"writer {i}", "deck": {**deck, "considering": [{"card": "テスト曖昧甲", "count": i + 1}]}}
            barrier.wait(timeout=60)
            response = clients[i].patch(f"/api/v1/decks/{deck_id}/", body, format="json", HTTP_IF_MATCH='"1"')
            return response.status_code
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=WRITERS) as pool:
        statuses = list(pool.map(write, range(WRITERS)))
    return Counter(statuses)


def check_one_winner(deck_id: int, owner) -> None:
    statuses = conflicting_writers(deck_id, owner)
    assert statuses == Counter({200: 1, 412: WRITERS - 1})
    deck = Deck.objects.get(id=deck_id)
    assert deck.version == 2
    assert DeckVersion.objects.filter(deck=deck).count() == 2
    # The stored entries are exactly the winner's (no mix of two writers): its considering count matches its name.
    winner = int(deck.name.split()[1])
    considering = DeckEntry.objects.get(deck=deck, zone="considering")
    assert considering.quantity == winner + 1
    assert DeckVersion.objects.get(deck=deck, number=2).snapshot["name"] == deck.name


# Transactional tests flush the database afterwards, which also removes rows that data migrations created (the
# formats); serialized_rollback restores them before each such test, whatever ran before it.


def make_deck(owner):
    return services.deck_create(owner=owner, name="contended", decklist=parse_json(legal_deck_json()))


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_50_concurrent_writers_sqlite(cards, owner):
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite variant")
    assert "mode=memory" not in str(connection.settings_dict["NAME"])  # a file: threads get real connections
    check_one_winner(make_deck(owner).id, owner)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_50_concurrent_writers_postgresql(cards, owner):
    assert connection.vendor == "postgresql"
    check_one_winner(make_deck(owner).id, owner)
