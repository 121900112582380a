"""The warm-up gunicorn's master runs before it forks the workers (deckbuilder.wsgi.warm_up): every request answers
200 under the development and the production settings alike, counts under an address no client has, writes nothing,
and leaves built what a worker's first request of each kind used to build."""

from urllib.parse import quote

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.template import engines
from django.utils.translation import trans_real

from deckbuilder import wsgi
from games import registry

DEVELOPMENT: dict = {}
PRODUCTION = {  # what deckbuilder.settings.production sets that the warm-up's requests must get past
    "SECURE_SSL_REDIRECT": True,
    "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
    "ALLOWED_HOSTS": [".decks.example"],
}


@pytest.fixture
def db(db):
    """The test's database connection kept open through the warm-up's requests (each closes its connection at its
    end, as a server's request does; the test's transaction is on it), as Django's test client keeps it."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.parametrize("overrides", [DEVELOPMENT, PRODUCTION], ids=["development", "production"])
def test_every_warm_up_request_answers(db, settings, overrides):
    for name, value in overrides.items():
        setattr(settings, name, value)
    statuses = wsgi.warm_up()
    paths = wsgi.warm_up_paths()
    assert set(statuses) == {f"{code} {path}" for code, _ in settings.LANGUAGES for path in paths}
    assert {path for path in paths if "game=" in path} == {
        path.format(game=game.code) for path in wsgi.WARM_UP_GAME_PATHS for game in registry.all_games()
    }
    assert statuses == dict.fromkeys(statuses, 200)


@pytest.mark.parametrize(
    ("overrides", "host", "scheme", "proxy_header"),
    [
        pytest.param(DEVELOPMENT, "127.0.0.1", "http", None, id="development"),
        pytest.param(PRODUCTION, "decks.example", "https", "https", id="production"),
        pytest.param({"ALLOWED_HOSTS": ["*"]}, "localhost", "http", None, id="any-host"),
    ],
)
def test_the_warm_up_request_is_one_the_settings_let_through(settings, overrides, host, scheme, proxy_header):
    for name, value in overrides.items():
        setattr(settings, name, value)
    environ = wsgi.warm_up_environ("/cards/?game=ygo&q=灰流うらら", "ja")
    assert (environ["HTTP_HOST"], environ["wsgi.url_scheme"]) == (host, scheme)
    assert environ.get("HTTP_X_FORWARDED_PROTO") == proxy_header
    assert (environ["PATH_INFO"], environ["QUERY_STRING"]) == ("/cards/", "game=ygo&q=" + quote("灰流うらら"))
    assert (environ["REMOTE_ADDR"], environ["HTTP_ACCEPT_LANGUAGE"]) == (wsgi.WARM_UP_ADDRESS, "ja")


def test_the_warm_up_writes_nothing_and_counts_under_its_own_address(db, settings):
    throttle = caches["throttle"]
    throttle.clear()
    wsgi.warm_up()
    assert Session.objects.count() == 0
    assert throttle.get(f"throttle_anon_{wsgi.WARM_UP_ADDRESS}")  # counted, as any request is...
    assert throttle.get("throttle_anon_127.0.0.1") is None  # ... under its own address, no client's


def test_the_warm_up_builds_what_a_first_request_built(db, settings):
    trans_real._translations.clear()
    loaders = [loader for engine in engines.all() for loader in getattr(engine.engine, "template_loaders", [])]
    for loader in loaders:
        loader.reset()
    wsgi.warm_up()
    assert {code for code, _ in settings.LANGUAGES} <= set(trans_real._translations)
    assert any(getattr(loader, "get_template_cache", None) for loader in loaders)  # the pages' templates, compiled
