"""A deck of another game than the event's is refused in words, from the API (a 400 VALIDATION_ERROR on `deck_id`
naming both games) and from the registration page (a message, never a 500); the page's picker offers only the
player's decks of the event's game; the event form creates an event of the game chosen."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.tests.factories import UserFactory
from decks.tests.fixtures import token_client
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    from decks.services import deck_create
    from games import registry

    organizer, player = UserFactory(username="organizer"), UserFactory(username="player")
    event = services.event_create(
        organizer=organizer, name="OCG CS", game="ygo", date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )  # fmt: skip
    dm = deck_create(owner=player, name="My DM deck", decklist=registry.get("dm").decklist([]))
    ygo = deck_create(owner=player, name="My OCG deck", game="ygo", decklist=registry.get("ygo").decklist([]))
    return {"event": event, "player": player, "organizer": organizer, "dm": dm, "ygo": ygo}


def test_the_api_refuses_a_deck_of_another_game_in_words(world):
    response = token_client(world["player"]).post(
        f"/api/v1/events/{world['event'].id}/registrations/", {"deck_id": world["dm"].id}, format="json"
    )
    assert response.status_code == 400
    body = response.json()["error"]
    assert body["code"] == "VALIDATION_ERROR"
    message = "This is a Duel Masters deck; the event is a Yu-Gi-Oh! OCG event. Choose a Yu-Gi-Oh! OCG deck."
    assert body["message"] == message
    assert body["details"]["fields"]["deck_id"][0]["message"] == message


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "This is a Duel Masters deck; the event is a Yu-Gi-Oh! OCG event."),
        ("ja", "デュエル・マスターズのデッキです。この大会は遊☆戯☆王OCGの大会です。"),
    ],
)
def test_the_registration_page_refuses_a_deck_of_another_game_in_words(world, language, words):
    from django.conf import settings

    client = Client()
    client.force_login(world["player"])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = f"/tournaments/{world['event'].id}/register/"
    page = client.get(url).content.decode()
    assert "My OCG deck" in page and "My DM deck" not in page  # the picker: the event's game only
    response = client.post(url, {"deck": world["dm"].id}, follow=True)
    assert response.status_code == 200
    assert words in response.content.decode()
    assert not world["event"].registrations.exists()


def test_the_event_form_creates_an_event_of_the_game_chosen(world):
    from tournaments.models import Event

    client = Client()
    client.force_login(world["organizer"])
    day = timezone.localdate() + timedelta(days=10)
    form = {"name": "DBS CS", "game": "dbs", "date": day, "registration_deadline": day - timedelta(days=1)}
    response = client.post("/tournaments/", {**form, "format": "advance"})  # a Duel Masters format: refused
    assert response.status_code == 200 and "Choose a format of the event" in response.content.decode()
    response = client.post("/tournaments/", form)  # no format: the game's own
    event = Event.objects.get(name="DBS CS")
    assert response.status_code == 302 and (event.game, event.format_code) == ("dbs", "masters")
    assert 'value="ygo" selected' in client.get("/tournaments/?game=ygo").content.decode()
