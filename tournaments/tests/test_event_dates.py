"""An event's registration deadline is in 1900 or later, whatever the way in (API, pages, settings, unlock).

The finding: a deadline in year 1 was stored and answered as `0001-01-01T09:18:59+09:18:59` (Asia/Tokyo's local mean
time before 1888), an offset with seconds that RFC 3339 and the API's own schema refuse. The rule is in the service
(tournaments.services._check_event_dates), so every entry point refuses such a deadline with the same coded 400.
"""

import re
from datetime import UTC, date, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from decks.tests.fixtures import cards, legal_deck_json, organizer, token_client  # noqa: F401 (fixtures)
from tournaments import services
from tournaments.models import Event

RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
YEAR_ONE = datetime(1, 1, 1, tzinfo=UTC)


def _local(*args) -> datetime:
    return timezone.make_aware(datetime(*args))


@pytest.mark.parametrize(
    "deadline, refused",
    [
        pytest.param(YEAR_ONE, True, id="year-1"),
        pytest.param(_local(1899, 12, 31, 23, 59, 59), True, id="last-second-of-1899"),
        pytest.param(_local(1900, 1, 1), False, id="first-second-of-1900"),
    ],
)
def test_event_create_refuses_a_deadline_before_1900(organizer, deadline, refused):  # noqa: F811
    def create():
        return services.event_create(
            organizer=organizer, name="old", date=date(1900, 1, 2), registration_deadline=deadline
        )

    if not refused:
        assert create().registration_deadline == deadline
        return
    with pytest.raises(services.EventInvalid) as error:
        create()
    assert (error.value.code, error.value.field) == ("VALIDATION_ERROR", "registration_deadline")
    assert not Event.objects.exists()


@pytest.fixture
def event(organizer):  # noqa: F811
    return services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )


@pytest.mark.parametrize("way", [pytest.param("update", id="settings"), pytest.param("unlock", id="unlock")])
def test_a_changed_deadline_before_1900_is_refused(event, organizer, way):  # noqa: F811
    before = event.registration_deadline
    if way == "update":
        change = lambda: services.event_update(event_id=event.id, user=organizer, registration_deadline=YEAR_ONE)  # noqa: E731
    else:
        services.event_lock(event_id=event.id, user=organizer)
        change = lambda: services.event_unlock(  # noqa: E731
            event_id=event.id, user=organizer, reason="again", registration_deadline=YEAR_ONE
        )
    with pytest.raises(services.EventInvalid) as error:
        change()
    assert error.value.field == "registration_deadline"
    event.refresh_from_db()
    assert event.registration_deadline == before


def test_the_events_page_refuses_a_year_1_deadline_with_a_form_error(organizer):  # noqa: F811
    client = Client()
    client.force_login(organizer)
    posted = {"name": "old", "date": "0001-01-02", "registration_deadline": "0001-01-01", "format": "advance"}
    response = client.post("/tournaments/", posted)
    assert response.status_code == 200
    assert "The registration deadline must be in 1900 or later." in response.content.decode()
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    "deadline, status",
    [
        pytest.param("0001-01-01T00:00:00Z", 400, id="year-1-refused"),
        pytest.param("1900-01-01T00:00:00+09:00", 201, id="1900-accepted"),
    ],
)
def test_the_api_refuses_a_year_1_deadline_and_writes_rfc3339(organizer, deadline, status):  # noqa: F811
    client = token_client(organizer)
    body = {"name": "old", "date": "1900-01-02", "registration_deadline": deadline}
    response = client.post("/api/v1/events/", body, format="json")
    assert response.status_code == status
    if status == 400:
        error = response.json()["error"]
        assert (error["code"], list(error["details"]["fields"])) == ("VALIDATION_ERROR", ["registration_deadline"])
        return
    shown = client.get(f"/api/v1/events/{response.json()['id']}/").json()["registration_deadline"]
    assert RFC3339.match(shown) and shown.endswith("+09:00")
