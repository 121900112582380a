"""Request throttles (issue "Hardening, second pass", item 5; item 2's Redis outage): counted in one store that every
process shares, failing closed with 503 RATE_LIMITER_UNAVAILABLE when that store is away, keyed by REMOTE_ADDR (not a
client-written X-Forwarded-For) and never spending a signed-in account's quota on anonymous requests; the deck
editor's anonymous JSON endpoint is throttled too."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from decks.tests.fixtures import cards, legal_deck_json, owner, token_client  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
PING = "/api/v1/ping/"


@pytest.fixture
def rates(monkeypatch):
    def set_rates(**rates):
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "1000/min", "user": "1000/min", **rates})

    return set_rates


def statuses(send, times: int) -> list[int]:
    return [send().status_code for _ in range(times)]


# --- one count for every process --------------------------------------------------------------------------------

_OTHER_PROCESS = """
import django, sys
django.setup()
from django.test import Client
print(",".join(str(Client().get("/api/v1/ping/").status_code) for _ in range(int(sys.argv[1]))))
"""


def test_the_anonymous_limit_is_counted_across_processes(rates, db):
    """Under gunicorn each process counted on its own (LocMemCache): 1,214 of 1,400 pings passed 600/min."""
    rates(anon="4/min")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "deckbuilder.settings", "THROTTLE_ANON": "4/min"}
    other = subprocess.run(
        [sys.executable, "-c", _OTHER_PROCESS, "3"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert other.stdout.strip().splitlines()[-1] == "200,200,200", other.stderr
    assert statuses(lambda: Client().get(PING), 2) == [200, 429]


# --- the store away: closed, never open, never a 500 -----------------------------------------------------------


def _shared_map_under_a_file(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    return {"BACKEND": "deckbuilder.cache.SharedMapCache", "LOCATION": str(blocker / "cache")}


def _shared_map_full(tmp_path):
    """Slots too small for one count: every count fails to be written (SharedMapValueTooLarge)."""
    return {"BACKEND": "deckbuilder.cache.SharedMapCache", "LOCATION": str(tmp_path / "full"),
            "OPTIONS": {"SLOTS": 4, "SLOT_BYTES": 24}}  # fmt: skip


def _redis_nobody_listens_on(tmp_path):
    from deckbuilder.settings import _REDIS_CACHE_OPTIONS

    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": dict(_REDIS_CACHE_OPTIONS),
    }


def _database_cache_without_its_table(tmp_path):
    return {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "no_such_cache_table"}


def store_away(throttle_cache: dict):
    """The throttle store replaced for the block only (the test's fixtures then clear the real caches)."""
    return override_settings(CACHES={**settings.CACHES, "throttle": throttle_cache})


STORES_AWAY = [
    pytest.param(_shared_map_under_a_file, id="shared-map-unwritable"),
    pytest.param(_shared_map_full, id="shared-map-full"),
    pytest.param(_redis_nobody_listens_on, id="redis-down"),
    pytest.param(_database_cache_without_its_table, id="database-cache-broken"),
]

REQUESTS = [
    pytest.param(lambda: APIClient().get(PING), id="ping"),
    pytest.param(
        lambda: APIClient().post("/api/v1/legality/", {"deck": legal_deck_json()}, format="json"), id="legality"
    ),
    pytest.param(
        lambda: Client().post("/editor/state/", json.dumps({"deck": {}}), content_type="application/json"),
        id="editor-state",
    ),
]


@pytest.mark.parametrize("store", STORES_AWAY)
@pytest.mark.parametrize("send", REQUESTS)
def test_an_unreachable_store_refuses_with_503_not_500_nor_open(cards, store, send, tmp_path):  # noqa: F811
    with store_away(store(tmp_path)):
        response = send()
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "RATE_LIMITER_UNAVAILABLE"
    assert int(response["Retry-After"]) == response.json()["error"]["details"]["retry_after_seconds"] > 0


def test_a_signed_in_request_with_the_store_away_is_refused_too(cards, owner, tmp_path):  # noqa: F811
    with store_away(_redis_nobody_listens_on(tmp_path)):
        response = token_client(owner).get("/api/v1/decks/")
    assert (response.status_code, response.json()["error"]["code"]) == (503, "RATE_LIMITER_UNAVAILABLE")


# --- who is counted -----------------------------------------------------------------------------------------------


def _anonymous(address: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": address}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return lambda: APIClient().get(PING, **extra)


def test_a_forged_x_forwarded_for_does_not_escape_the_limit(rates, db):
    rates(anon="3/min")
    sent = [_anonymous("198.51.100.7", f"203.0.113.{n}")().status_code for n in range(5)]
    assert sent == [200, 200, 200, 429, 429]


def test_a_forged_x_forwarded_for_does_not_spend_another_address_quota(rates, db):
    rates(anon="3/min")
    assert statuses(_anonymous("198.51.100.7", forwarded="192.0.2.10"), 4)[-1] == 429
    assert statuses(_anonymous("192.0.2.10"), 3) == [200, 200, 200]


@pytest.mark.parametrize(
    "attack, answers",
    [
        pytest.param({}, [200, 200, 200, 429, 429], id="anonymous-flood-from-the-owners-address"),
        pytest.param({"HTTP_X_FORWARDED_FOR": "192.0.2.77"}, [200, 200, 200, 429, 429], id="forged-forwarded-for"),
        # refused by authentication before any throttle counts (DRF): nothing to spend
        pytest.param({"HTTP_AUTHORIZATION": "Token " + "0" * 40}, [401] * 5, id="forged-token-flood"),
    ],
)
def test_anonymous_requests_never_spend_a_signed_in_accounts_quota(rates, owner, attack, answers, db):  # noqa: F811
    rates(anon="3/min", user="3/min")
    attacker = APIClient()
    assert statuses(lambda: attacker.get("/api/v1/decks/", REMOTE_ADDR="192.0.2.10", **attack), 5) == answers
    mine = token_client(owner)
    assert statuses(lambda: mine.get("/api/v1/decks/", REMOTE_ADDR="192.0.2.10"), 3) == [200, 200, 200]


# --- the deck editor's anonymous JSON endpoint ------------------------------------------------------------------


def _editor(address: str, client: Client | None = None):
    body = json.dumps({"deck": {}})
    return lambda: (client or Client()).post(
        "/editor/state/", body, content_type="application/json", REMOTE_ADDR=address
    )


@pytest.mark.parametrize(
    "scope_rates, allowed",
    [
        pytest.param({"editor": "2/min"}, 2, id="editor-scope"),
        pytest.param({"anon": "3/min", "editor": "100/min"}, 3, id="anonymous-limit-too"),
    ],
)
def test_the_editor_endpoint_is_throttled(cards, rates, scope_rates, allowed):  # noqa: F811
    rates(**scope_rates)
    sent = statuses(_editor("198.51.100.7"), allowed + 1)
    assert sent == [200] * allowed + [429]
    last = _editor("198.51.100.7")()
    error = last.json()["error"]
    assert (error["code"], int(last["Retry-After"])) == ("THROTTLED", error["details"]["retry_after_seconds"])
    assert error["details"]["retry_after_seconds"] >= 1
    assert _editor("198.51.100.8")().status_code == 200  # another address has its own count


def test_the_editors_limit_of_a_signed_in_user_is_their_own(cards, rates, owner):  # noqa: F811
    rates(editor="2/min")
    assert statuses(_editor("192.0.2.10"), 3)[-1] == 429
    signed_in = Client()
    signed_in.force_login(owner)
    assert statuses(_editor("192.0.2.10", signed_in), 2) == [200, 200]


# --- concurrent requests of one client are all counted -------------------------------------------------------------


def _count_concurrently(limit: int, requests: int, threads: int) -> int:
    from concurrent.futures import ThreadPoolExecutor

    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    from api.throttling import AnonThrottle

    request = RequestFactory().get(PING, REMOTE_ADDR="198.51.100.7")
    request.user = AnonymousUser()
    with ThreadPoolExecutor(threads) as pool:
        return sum(pool.map(lambda _: AnonThrottle().allow_request(request, None), range(requests)))


@pytest.mark.parametrize(
    "limit, requests, threads",
    [
        pytest.param(20, 80, 8, id="8-threads"),
        pytest.param(50, 120, 16, id="16-threads"),
    ],
)
def test_concurrent_requests_of_one_client_are_all_counted(rates, limit, requests, threads):
    """DRF reads a history and writes it back one longer: without one count at a time per key, concurrent requests
    overwrote each other's counts (1,400 of 1,400 pings passed 600/min under `make run`)."""
    rates(anon=f"{limit}/min")
    assert _count_concurrently(limit, requests, threads) == limit


@pytest.mark.parametrize(
    "value, rate, counted",
    [
        pytest.param("3/min", "3/min", True, id="a-rate"),
        pytest.param("none", None, False, id="none-lifts-it"),
        pytest.param("OFF", None, False, id="off-lifts-it"),
    ],
)
def test_a_scope_lifted_by_its_setting_is_not_counted(monkeypatch, rates, value, rate, counted, db):
    """The benchmarks lift the limits with `none`: a huge rate instead kept a history of every request."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import caches
    from django.test import RequestFactory

    from api.throttling import AnonThrottle
    from deckbuilder.settings import throttle_rate

    monkeypatch.setenv("THROTTLE_ANON", value)
    assert throttle_rate("THROTTLE_ANON", "1/min") == rate
    rates(anon=rate)
    assert statuses(lambda: Client().get(PING), 4) == ([200, 200, 200, 429] if counted else [200] * 4)
    request = RequestFactory().get(PING)
    request.user = AnonymousUser()
    key = AnonThrottle().get_cache_key(request, None)
    assert (caches["throttle"].get(key) is not None) is counted


@pytest.mark.integration
@pytest.mark.parametrize("limit, requests, threads", [pytest.param(30, 90, 12, id="12-threads")])
def test_concurrent_requests_are_all_counted_in_redis(rates, limit, requests, threads):
    """The same on Redis (REDIS_URL_TEST's database), the production store: one count at a time per key."""
    import redis

    from deckbuilder.settings import _REDIS_CACHE_OPTIONS

    url = os.environ.get("REDIS_URL_TEST", "redis://127.0.0.1:6379/15")
    redis.Redis.from_url(url).flushdb()  # this run's own database
    rates(anon=f"{limit}/min")
    store = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url, "OPTIONS": _REDIS_CACHE_OPTIONS}
    try:
        with override_settings(CACHES={**settings.CACHES, "throttle": store}):
            assert _count_concurrently(limit, requests, threads) == limit
    finally:
        redis.Redis.from_url(url).flushdb()


# --- make run's store: one LMDB map, kept open between requests ---------------------------------------------------


def test_the_shared_map_stays_open_between_requests(db, tmp_path):
    """Django closes every cache after each request; the map is opened once per process, not once per request."""
    from django.core.cache import caches

    store = {"BACKEND": "deckbuilder.cache.SharedMapCache", "LOCATION": str(tmp_path / "store")}
    with store_away(store):
        assert Client().get(PING).status_code == 200
        opened = caches["throttle"]._map()
        assert Client().get(PING).status_code == 200
        assert caches["throttle"]._map() is opened


@pytest.mark.parametrize(
    ("headers", "away", "status", "code"),
    [
        pytest.param({"HTTP_AUTHORIZATION": "Token not-a-token"}, False, 401, "AUTHENTICATION_FAILED", id="bad-token"),
        pytest.param({"HTTP_ACCEPT": "text/csv"}, False, 406, "NOT_ACCEPTABLE", id="unsupported-accept"),
        pytest.param(
            {"HTTP_ACCEPT": "application/vnd.oai.openapi"},
            True,
            503,
            "RATE_LIMITER_UNAVAILABLE",
            id="store-away-yaml-asked",
        ),  # fmt: skip
    ],
)
def test_the_schemas_errors_answer_in_the_error_shape_not_500(db, tmp_path, headers, away, status, code):
    """/api/schema/ negotiates YAML first, which cannot write an error code: each of these was a 500."""
    if away:
        with store_away(_redis_nobody_listens_on(tmp_path)):
            response = Client().get("/api/schema/", **headers)
    else:
        response = Client().get("/api/schema/", **headers)
    assert (response.status_code, response["Content-Type"]) == (status, "application/json")
    assert response.json()["error"]["code"] == code


@pytest.mark.parametrize(
    "value, problem",
    [
        pytest.param("600/min", None, id="per-minute"),
        pytest.param("10/s", None, id="per-second"),
        pytest.param("100000/day", None, id="the-largest"),
        pytest.param("600 per minute", "requests per s, min, hour or day", id="words"),
        pytest.param("600", "requests per s, min, hour or day", id="no-window"),
        pytest.param("600/week", "requests per s, min, hour or day", id="a-window-DRF-cannot-read"),
        pytest.param("-5/min", "requests per s, min, hour or day", id="negative"),
        pytest.param("０６００/min", "requests per s, min, hour or day", id="full-width-digits"),
        pytest.param("0/min", "1 to 100,000 requests", id="zero"),
        pytest.param("100001/min", "1 to 100,000 requests", id="too-long-a-history"),
    ],
)
def test_a_rate_drf_cannot_count_stops_the_start_naming_its_setting(monkeypatch, value, problem):
    """Read as DRF reads it at each request, where a rate it cannot read answered every request 500, and a history
    over the store's slots 503."""
    from django.core.exceptions import ImproperlyConfigured

    from deckbuilder.settings import throttle_rate

    monkeypatch.setenv("THROTTLE_USER", value)
    if problem is None:
        assert throttle_rate("THROTTLE_USER", "1/min") == value
        return
    with pytest.raises(ImproperlyConfigured, match=problem) as raised:
        throttle_rate("THROTTLE_USER", "1/min")
    assert "THROTTLE_USER" in str(raised.value)


# Request times (seconds) against a limit of 3 a minute, and which the limit lets through: the shared map's one-step
# count (SharedStoreMixin._count_in_map) and DRF's own (a get, then a set) answer alike, wait() included.
WINDOWS = [
    pytest.param([0, 1, 2, 3], id="the-fourth-in-a-minute"),
    pytest.param([0, 1, 2, 59, 61, 62], id="the-window-slides"),
    pytest.param([0, 0, 0, 0, 59.9, 60, 60.1], id="refused-requests-are-not-counted"),
    pytest.param([0, 30, 59, 89, 90, 118, 119.5, 150], id="a-steady-client"),
]


@pytest.mark.parametrize("moments", WINDOWS)
def test_the_maps_count_is_drfs(tmp_path, moments):
    from django.core.cache.backends.locmem import LocMemCache
    from rest_framework.throttling import SimpleRateThrottle

    from api.throttling import SharedStoreMixin
    from deckbuilder.cache import SharedMapCache

    clock = [0.0]

    class Drfs(SimpleRateThrottle):
        rate, cache = "3/min", LocMemCache(str(tmp_path), {})  # a locmem cache's name is its store: this test's

        def get_cache_key(self, request, view):
            return "client"

        def timer(self):
            return clock[0]

    class Ours(SharedStoreMixin, Drfs):
        pass

    shared = SharedMapCache(str(tmp_path), {"OPTIONS": {"SLOTS": 16, "SLOT_BYTES": 4096}})
    answers = {"drf": [], "ours": []}
    for moment in moments:
        clock[0] = float(moment)
        drfs, ours = Drfs(), Ours()
        answers["drf"].append((drfs.allow_request(None, None), round(drfs.wait() or 0, 6)))
        with pytest.MonkeyPatch.context() as patch:
            patch.setitem(caches_of_test := {}, "throttle", shared)
            patch.setattr("api.throttling.caches", caches_of_test)
            answers["ours"].append((ours.allow_request(None, None), round(ours.wait() or 0, 6)))
    assert answers["ours"] == answers["drf"]
    assert False in [allowed for allowed, _ in answers["drf"]]  # each row reaches the limit
