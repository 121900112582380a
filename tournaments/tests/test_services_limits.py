"""Bounded tournament writes (issue finding: a 1,001-row registration CSV held the event lock for 11 s, and any
user can create an event). The import caps its rows and reads them under the request's time budget before it
takes the event lock; a refused import writes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from deckbuilder.budget import TimeBudgetExceeded
from decks.tests.fixtures import MAIN, token_client
from games.dm.rules.decklist import MAX_LINES
from tournaments import services
from tournaments.models import AuditEntry, Registration


@pytest.fixture
def event(organizer):
    return services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )


def csv_of(rows: int) -> str:
    legal = "\n".join(f"4 {name}" for name, *_ in MAIN)
    return "player,decklist\n" + "".join(f'p{i},"{legal}"\n' for i in range(rows))


@pytest.mark.parametrize(
    "rows, limit, accepted",
    [
        pytest.param(3, 3, True, id="at-the-cap"),
        pytest.param(4, 3, False, id="one-over"),
        pytest.param(1001, 3, False, id="the-1001-row-finding"),
    ],
)
def test_import_caps_rows_and_writes_nothing_over_it(event, organizer, cards, settings, rows, limit, accepted):
    settings.TOURNAMENT_IMPORT_MAX_ROWS = limit
    if accepted:
        results = services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_of(rows))
        assert [r["status"] for r in results] == ["legal"] * rows
        return
    with pytest.raises(services.CsvRejected) as refused:
        services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_of(rows))
    assert refused.value.code == "CSV_TOO_MANY_ROWS"
    assert refused.value.details == {"max_rows": limit}
    assert Registration.objects.filter(event=event).count() == 0
    assert AuditEntry.objects.filter(event=event).count() == 0


def test_import_over_the_time_budget_writes_nothing(event, organizer, cards, settings):
    settings.REQUEST_TIME_BUDGET_SECONDS = 0  # spent before the second row: the budget stops the read phase
    with pytest.raises(TimeBudgetExceeded) as stopped:
        services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_of(3))
    assert (stopped.value.done, stopped.value.total) == (1, 3)
    assert Registration.objects.filter(event=event).count() == 0
    assert AuditEntry.objects.filter(event=event).count() == 0


def test_import_api_answers_the_codes(event, organizer, cards, settings):
    client = token_client(organizer)
    url = f"/api/v1/events/{event.id}/registrations/import/"
    settings.TOURNAMENT_IMPORT_MAX_ROWS = 2
    response = client.post(url, {"csv": csv_of(3)}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "CSV_TOO_MANY_ROWS"
    assert response.json()["error"]["details"] == {"max_rows": 2}
    settings.REQUEST_TIME_BUDGET_SECONDS = 0
    response = client.post(url, {"csv": csv_of(2)}, format="json")
    assert response.status_code == 503
    body = response.json()["error"]
    assert body["code"] == "TIME_BUDGET_EXCEEDED"
    assert body["details"] == {"budget_seconds": 0.0, "done": 1, "total": 2}
    settings.REQUEST_TIME_BUDGET_SECONDS = 30
    response = client.post(url, {"csv": csv_of(2)}, format="json")
    assert response.status_code == 200 and len(response.json()["results"]) == 2


CAP_ROWS = [
    # (decklist of the middle row, code of its row error): the caps of every decklist (regulations.decklists)
    pytest.param(f"999 {MAIN[0][0]}\n999 {MAIN[1][0]}\n999 {MAIN[2][0]}", "DECKLIST_TOO_MANY_COPIES", id="copies"),
    pytest.param("\n".join(f"1 {MAIN[0][0]}" for _ in range(MAX_LINES + 1)), "DECKLIST_TOO_LARGE", id="lines"),
]


@pytest.mark.parametrize(("decklist", "code"), CAP_ROWS)
def test_import_row_over_a_decklist_cap_is_a_row_error(event, organizer, cards, decklist, code):
    legal = "\n".join(f"4 {name}" for name, *_ in MAIN)
    csv_text = f'player,decklist\na,"{legal}"\nb,"{decklist}"\nc,"{legal}"\n'
    results = services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_text)
    assert [(r["player"], r["status"], r.get("code")) for r in results] == [
        ("a", "legal", None),
        ("b", "error", code),
        ("c", "legal", None),
    ]
    assert sorted(Registration.objects.filter(event=event).values_list("player_name", flat=True)) == ["a", "c"]


def test_import_checks_every_list_before_the_write_transaction(event, organizer, cards, monkeypatch):
    """The legality checks are the costly part: none runs while the write lock is held."""
    from django.db import connection

    outside = len(connection.atomic_blocks)  # the test's own transaction
    depths = []
    check = services._event_report

    def recording(event, snapshot):
        depths.append(len(connection.atomic_blocks))
        return check(event, snapshot)

    monkeypatch.setattr(services, "_event_report", recording)
    results = services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_of(3))
    assert [r["status"] for r in results] == ["legal"] * 3
    assert depths == [outside] * 3


def test_import_checks_again_under_the_lock_when_the_regulation_changed(event, organizer, cards, monkeypatch):
    """A list checked before the lock against a regulation that changed meanwhile is checked again."""
    from tournaments.models import Event

    calls = []
    check = services._event_report

    def changing(event_, snapshot):
        calls.append(event_.format_code)
        if len(calls) == 1:  # an organizer changes the format while the rows are being checked
            Event.objects.filter(id=event.id).update(format_code="original")
        return check(event_, snapshot)

    monkeypatch.setattr(services, "_event_report", changing)
    services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_of(2))
    assert calls == ["advance", "advance", "original", "original"]


def test_import_api_finding_the_gate_full_answers_503_server_busy(event, organizer, cards, settings):
    from api import concurrency

    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 0
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    gate = concurrency.expensive_gate()
    url = f"/api/v1/events/{event.id}/registrations/import/"
    assert gate.enter(wait_seconds=0)  # a decklist check holds the process's one slot
    try:
        busy = token_client(organizer).post(url, {"csv": csv_of(2)}, format="json")
    finally:
        gate.leave()
    assert (busy.status_code, busy.json()["error"]["code"]) == (503, "SERVER_BUSY")
    assert Registration.objects.filter(event=event).count() == 0
    assert token_client(organizer).post(url, {"csv": csv_of(2)}, format="json").status_code == 200


def test_import_refuses_a_non_organizer_before_reading_rows(event, other, cards):
    with pytest.raises(services.NotOrganizer):
        services.registrations_import_csv(event_id=event.id, user=other, csv_text=csv_of(2))


@pytest.mark.integration
def test_import_cap_on_postgresql(event, organizer, cards, settings):
    from django.db import connection

    assert connection.vendor == "postgresql"
    test_import_caps_rows_and_writes_nothing_over_it(event, organizer, cards, settings, 1001, 3, False)
