"""The organizer's tournament tools: a re-validation job (progress and result per player) and amending a
registration with a reason (tournaments.services through the pages)."""

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from web.tests.catalogue import LEGAL_MAIN

PASSWORD = "a-long-passw0rd!"


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def eager_celery():
    from deckbuilder.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def people(db):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    return {name: users.create_user(username=name, password=PASSWORD) for name in ("organizer", "player", "other")}


@pytest.fixture
def event(people, catalogue):
    """An open event with two registrations: a short deck (flagged illegal) and a legal 40-card deck."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_create
    from dmrules.decklist import parse_json
    from tournaments.services import event_create, registration_submit

    day = timezone.localdate() + timedelta(days=30)
    event = event_create(
        organizer=people["organizer"],
        name="Store CS",
        date=day,
        registration_deadline=timezone.now() + timedelta(days=29),
    )
    short = deck_create(
        owner=people["player"], name="Short", decklist=parse_json({"main": [{"card": "テスト火炎兵", "count": 4}]})
    )
    registration_submit(event_id=event.id, user=people["player"], deck_id=short.id, accept_illegal=True)
    other = get_user_model().objects.get(username="other")
    legal = deck_create(
        owner=other, name="Legal", decklist=parse_json({"main": [{"card": n, "count": 4} for n in LEGAL_MAIN]})
    )
    registration_submit(event_id=event.id, user=other, deck_id=legal.id)
    return event


def test_revalidation_job_shows_progress_and_result_per_player(
    people, event, eager_celery, django_capture_on_commit_callbacks
):
    organizer = _client(people["organizer"])
    page = organizer.get(f"/tournaments/{event.id}/").content.decode()
    assert 'name="revalidate"' in page and "reval-progress" not in page  # no job yet

    with django_capture_on_commit_callbacks(execute=True):
        response = organizer.post(f"/tournaments/{event.id}/", {"revalidate": "1"})
    assert response.status_code == 302
    job_id = int(re.search(r"\?job=(\d+)", response["Location"]).group(1))

    page = organizer.get(response["Location"]).content.decode()
    assert 'id="reval-status" role="status" aria-live="polite" data-status="done"' in page
    assert '<progress id="reval-progress" max="2" value="2">' in page
    results = page.split('id="reval-results"')[1].split("</table>")[0]
    rows = re.findall(r"<tr(?: class=\"changed\")?>\s*<td>(\w+)</td>", results)
    assert rows == ["other", "player"]  # one result per registration, by player name
    assert "DECK_SIZE" in results
    config = json.loads(re.search(r'id="revalidation-config" type="application/json">(.*?)</script>', page).group(1))
    assert config == {"url": f"/api/v1/events/{event.id}/revalidations/{job_id}/", "status": "done"}

    # The page's script polls this API: progress and the per-player results.
    job = organizer.get(config["url"]).json()
    assert (job["status"], job["done"], job["total"]) == ("done", 2, 2)
    by_player = {row["player"]: row for row in job["results"]}
    assert by_player["player"]["status_now"] == "illegal" and by_player["other"]["status_now"] == "legal"
    assert not any(row["changed"] for row in job["results"])  # the regulation did not change since


REVALIDATION_ACCESS = [
    # (who, expected status of starting a job) -- only the organizer may start one
    pytest.param("other", 403, id="a-player"),
    pytest.param(None, 403, id="anonymous"),
]


@pytest.mark.parametrize(("who", "status"), REVALIDATION_ACCESS)
def test_only_the_organizer_revalidates(people, event, who, status):
    from tournaments.models import RevalidationJob

    client = _client(people[who]) if who else Client()
    assert client.post(f"/tournaments/{event.id}/", {"revalidate": "1"}).status_code == status
    assert "revalidate" not in client.get(f"/tournaments/{event.id}/").content.decode()
    assert not RevalidationJob.objects.exists()


def _registration(event, player: str):
    from tournaments.models import Registration

    return Registration.objects.get(event=event, player_name=player)


def test_amend_page_prefills_the_decklist_and_amends_with_a_reason(people, event):
    from tournaments.models import AuditEntry

    organizer = _client(people["organizer"])
    registration = _registration(event, "player")
    url = f"/tournaments/{event.id}/registrations/{registration.id}/amend/"
    assert f'href="{url}"' in organizer.get(f"/tournaments/{event.id}/").content.decode()
    page = organizer.get(url).content.decode()
    assert "# main\n4 テスト火炎兵" in page  # the registered list, ready to edit

    text = "\n".join(f"4 {name}" for name in LEGAL_MAIN)
    response = organizer.post(url, {"reason": "Judge call: list written on paper", "text": text})
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.status == "legal"
    entry = AuditEntry.objects.filter(event=event, action="amend").get()
    assert entry.payload["reason"] == "Judge call: list written on paper"
    assert entry.payload["old_status"] == "illegal" and entry.payload["status"] == "legal"
    messages = organizer.get(f"/tournaments/{event.id}/").content.decode()
    assert "The registration of player was amended: Legal." in messages


AMEND_REJECTED = [
    # (reason, text, what the page shows) -- nothing is written in any of these
    pytest.param("", "4 テスト紅蓮竜", "errorlist", id="no-reason"),
    pytest.param("   ", "4 テスト紅蓮竜", "errorlist", id="blank-reason"),
    pytest.param("typo", "4 テスト紅蓮竜\n2 存在しないカード", 'id="amend-lines"', id="unknown-card"),
]


@pytest.mark.parametrize(("reason", "text", "shown"), AMEND_REJECTED)
def test_amend_rejected_writes_nothing(people, event, reason, text, shown):
    from tournaments.models import AuditEntry

    registration = _registration(event, "player")
    response = _client(people["organizer"]).post(
        f"/tournaments/{event.id}/registrations/{registration.id}/amend/", {"reason": reason, "text": text}
    )
    assert response.status_code == 200
    assert shown in response.content.decode()
    before = registration.deck_hash
    registration.refresh_from_db()
    assert registration.deck_hash == before
    assert not AuditEntry.objects.filter(event=event, action="amend").exists()


AMEND_ACCESS = [
    pytest.param("player", 403, id="the-player-themself"),
    pytest.param("other", 403, id="another-player"),
    pytest.param(None, 302, id="anonymous-to-log-in"),
]


@pytest.mark.parametrize(("who", "status"), AMEND_ACCESS)
def test_only_the_organizer_amends(people, event, who, status):
    registration = _registration(event, "player")
    client = _client(people[who]) if who else Client()
    url = f"/tournaments/{event.id}/registrations/{registration.id}/amend/"
    assert client.get(url).status_code == status
    assert client.post(url, {"reason": "x", "text": "4 テスト紅蓮竜"}).status_code == status
    assert _client(people["organizer"]).get(f"/tournaments/{event.id}/registrations/999999/amend/").status_code == 404


@pytest.mark.parametrize(
    "who, status, registrations_left",
    [
        pytest.param("player", 302, 1, id="player-withdraws-own"),
        pytest.param("organizer", 404, 2, id="organizer-has-no-registration"),
    ],
)
def test_withdraw_from_the_registration_page(people, event, who, status, registrations_left):
    from tournaments.models import AuditEntry, Registration

    client = _client(people[who])
    page = client.get(f"/tournaments/{event.id}/register/").content.decode()
    assert ("withdraw" in page) == (who == "player")
    response = client.post(f"/tournaments/{event.id}/withdraw/")
    assert response.status_code == status
    assert Registration.objects.filter(event=event).count() == registrations_left
    assert AuditEntry.objects.filter(event=event, action="withdraw").count() == (who == "player")


def test_withdraw_needs_a_log_in_and_a_post(people, event):
    assert Client().post(f"/tournaments/{event.id}/withdraw/").status_code == 302  # to the log-in page
    assert _client(people["player"]).get(f"/tournaments/{event.id}/withdraw/").status_code == 405
