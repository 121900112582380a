"""Tournament API semantics under contention (issue finding: one player's concurrent submissions created one
registration but answered 13 x 201). The created/replaced decision is taken under the event row lock, so exactly
one request answers 201 and the others 200 (they replace the registration with the same deck)."""

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone

from decks import services as deck_services
from decks.tests.fixtures import legal_deck_json, token_client
from games.dm.rules.decklist import parse_json
from tournaments import services
from tournaments.models import AuditEntry, Registration

SUBMITTERS = 13


def concurrent_submissions(event_id: int, deck_id: int, player) -> Counter:
    barrier = threading.Barrier(SUBMITTERS)
    clients = [token_client(player) for _ in range(SUBMITTERS)]

    def submit(i: int) -> int:
        try:
            barrier.wait(timeout=60)
            response = clients[i].post(f"/api/v1/events/{event_id}/registrations/", {"deck_id": deck_id}, format="json")
            return response.status_code
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=SUBMITTERS) as pool:
        return Counter(pool.map(submit, range(SUBMITTERS)))


def check_one_created(organizer, owner) -> None:
    event = services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    deck = deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))
    statuses = concurrent_submissions(event.id, deck.id, owner)
    assert statuses == Counter({201: 1, 200: SUBMITTERS - 1})
    assert Registration.objects.filter(event=event).count() == 1
    actions = Counter(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert actions == Counter({"submit": 1, "replace": SUBMITTERS - 1})


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_submissions_answer_one_201_sqlite(cards, organizer, owner):
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite variant")
    check_one_created(organizer, owner)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_submissions_answer_one_201_postgresql(cards, organizer, owner):
    assert connection.vendor == "postgresql"
    check_one_created(organizer, owner)
