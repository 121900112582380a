"""The pages when the cache's Redis is away (docs/production.md, "Redis away"): in production the default cache (page
fragments: the deck lists' rows and legality) and the throttles' counters are on Redis. The deck lists read and wrote
their fragments there, unguarded: with Redis away `/decks/` and `/decks/public/` answered 500. A fragment is only a
saving, so a page builds it without the cache; a page that cannot work without Redis answers a 503 page in the page
shell, in the page's language, never a raw 500. The API's answers (503 RATE_LIMITER_UNAVAILABLE) are in
api/tests/test_throttling.py and deckbuilder/tests/test_production_integration.py."""

import socket

import pytest
from django.test import Client

from deckbuilder.tests.fixtures import broker_down  # noqa: F401 (fixture)
from web.tests.test_pages import PAGES, deck, other_client, owner_client  # noqa: F401 (fixtures)


def closed_port() -> int:
    """A local port nothing listens on: a connection is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_away():
    """Both caches on a Redis that is not there, as in production with Redis down (undone before the root conftest
    empties the caches)."""
    from django.test import override_settings
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    away = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"redis://127.0.0.1:{closed_port()}/1",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5, "retry": Retry(NoBackoff(), 0)},
    }
    from deckbuilder.cache import shared_cache_store_reset

    with override_settings(CACHES={"default": away, "throttle": away}):
        yield
    shared_cache_store_reset()  # the next test's store is there


@pytest.mark.parametrize(("url", "anonymous", "owner"), PAGES)
def test_every_page_answers_as_usual_with_the_cache_away(owner_client, deck, redis_away, url, anonymous, owner):  # noqa: F811
    url = url.format(deck=deck.id)
    assert Client().get(url).status_code == anonymous
    assert owner_client.get(url).status_code == owner


@pytest.mark.parametrize("url", ["/decks/", "/decks/public/"])
def test_the_deck_lists_show_their_decks_with_the_cache_away(owner_client, deck, redis_away, url):  # noqa: F811
    body = owner_client.get(url).content.decode()
    assert f'href="/decks/{deck.id}/"' in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_the_editor_state_endpoint_answers_503_in_the_api_shape(owner_client, deck, redis_away):  # noqa: F811
    response = owner_client.post("/editor/state/", "{}", content_type="application/json")
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert response.json()["error"]["code"] == "RATE_LIMITER_UNAVAILABLE"


def _redis_away(*args, **kwargs):
    from redis.exceptions import ConnectionError as RedisConnectionError

    raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def _broker_away(*args, **kwargs):
    from kombu.exceptions import OperationalError

    raise OperationalError("[Errno 111] Connection refused")


JSON_ENDPOINTS = [
    # (method, URL, what fails inside the view, how)
    pytest.param("post", "/editor/state/", "web.views.decks.editor_state", _redis_away, id="editor-state-redis"),
    pytest.param("post", "/editor/state/", "web.views.decks.editor_state", _broker_away, id="editor-state-broker"),
    pytest.param("get", "/editor/card-previews/?ids=1", "web.views.decks.web_selectors.card_previews", _redis_away,
                 id="editor-card-previews-redis"),
    pytest.param("get", "/api/v1/cards/?q=x", "games.dm.search.card_search_result", _redis_away, id="api-view-redis"),
    pytest.param("get", "/api/v1/cards/?q=x", "games.dm.search.card_search_result", _broker_away, id="api-view-broker"),
]  # fmt: skip


@pytest.mark.parametrize(("method", "url", "target", "away"), JSON_ENDPOINTS)
def test_an_outage_met_by_a_json_endpoint_answers_503_in_the_api_shape(
    owner_client,  # noqa: F811
    monkeypatch,
    method,
    url,
    target,
    away,
):
    """The editor's endpoints answered the HTML 503 page (and an API view a 500): JSON clients get the error shape."""
    monkeypatch.setattr(target, away)
    if method == "post":
        response = owner_client.post(url, "{}", content_type="application/json")
    else:
        response = owner_client.get(url)
    assert (response.status_code, response["Retry-After"], response["Content-Type"]) == (503, "5", "application/json")
    assert response.json() == {
        "error": {
            "code": "SERVICE_UNAVAILABLE",
            "message": "A service this request needs is not answering. Try again shortly.",
            "details": {"retry_after_seconds": 5},
        }
    }
    assert "6379" not in response.content.decode()


# --- what a page cannot do without the service: a 503 page in the page shell, in the page's language -------------

UNAVAILABLE = [
    # (language, the page's title, its message)
    pytest.param("en", "Unavailable for a moment", "A service this page needs is not answering.", id="en"),
    pytest.param("ja", "一時的に利用できません", "このページに必要なサービスが応答していません。", id="ja"),
]


@pytest.mark.parametrize(("language", "title", "message"), UNAVAILABLE)
def test_a_store_error_a_page_cannot_do_without_answers_a_503_page(deck, monkeypatch, language, title, message):  # noqa: F811
    from redis.exceptions import ConnectionError as RedisConnectionError

    def away(*args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr("web.views.decks._deck_rows", away)
    response = Client().get("/decks/public/", HTTP_ACCEPT_LANGUAGE=language)
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    body = response.content.decode()
    assert f"<h1>{title}</h1>" in body and message in body
    assert 'class="brand"' in body  # the page shell: its navigation and language switch
    assert "6379" not in body and "Traceback" not in body


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize(("language", "message"), [("en", "The job queue is unavailable for a moment"),
                                                   ("ja", "ジョブキューが一時的に利用できない")])  # fmt: skip
def test_a_job_the_broker_cannot_take_answers_a_503_page(language, message, broker_down):  # noqa: F811
    from datetime import timedelta

    from django.utils import timezone

    from accounts.tests.factories import UserFactory
    from tournaments.models import RevalidationJob
    from tournaments.services import event_create

    organizer = UserFactory(username="organizer")
    event = event_create(organizer=organizer, name="Store CS", date=timezone.localdate() + timedelta(days=30),
                         registration_deadline=timezone.now() + timedelta(days=29))  # fmt: skip
    client = Client()
    client.force_login(organizer)
    response = client.post(f"/tournaments/{event.id}/", {"revalidate": "1"}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert message in response.content.decode()
    assert RevalidationJob.objects.get(event=event).status == "failed"  # recorded, never an orphan queued job
