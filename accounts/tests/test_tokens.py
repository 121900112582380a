"""API tokens expire (a fixed lifetime from when they were issued, API_TOKEN_LIFETIME_SECONDS) and can be revoked:
`POST /api/v1/auth/logout/` and the web log-out (issue finding: tokens never expired, and logging out left them
valid)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.tests.factories import PASSWORD, UserFactory

LIFETIME = 3600


@pytest.fixture
def lifetime(settings):
    settings.API_TOKEN_LIFETIME_SECONDS = LIFETIME


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


def log_in(username: str = "alice") -> str:
    response = APIClient().post("/api/v1/auth/token/", {"username": username, "password": PASSWORD}, format="json")
    assert response.status_code == 200
    return response.json()["token"]


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def age(key: str, seconds: int) -> None:
    Token.objects.filter(key=key).update(created=timezone.now() - timedelta(seconds=seconds))


AGES = [
    # (age of the token in seconds, status of an authenticated write, code)
    pytest.param(0, 201, None, id="new"),
    pytest.param(LIFETIME - 60, 201, None, id="a-minute-before-the-expiry"),
    pytest.param(LIFETIME + 1, 401, "AUTHENTICATION_FAILED", id="a-second-after-the-expiry"),
    pytest.param(400 * 24 * 3600, 401, "AUTHENTICATION_FAILED", id="a-year-old"),
]


@pytest.mark.parametrize(("seconds", "status", "code"), AGES)
def test_a_token_expires_after_its_lifetime(alice, lifetime, seconds, status, code):
    key = log_in()
    age(key, seconds)
    response = with_token(key).post("/api/v1/decks/", {"name": "mine"}, format="json")
    assert response.status_code == status
    assert (response.json().get("error") or {}).get("code") == code


@pytest.mark.parametrize(
    ("seconds", "same"),
    [
        pytest.param(LIFETIME - 60, True, id="before-the-expiry-the-same"),
        pytest.param(LIFETIME + 1, False, id="after-a-new-one"),
    ],
)
def test_logging_in_again_gives_the_token_or_a_new_one_once_expired(alice, lifetime, seconds, same):
    first = log_in()
    age(first, seconds)
    second = log_in()
    assert (second == first) is same
    assert with_token(second).post("/api/v1/decks/", {"name": "mine"}, format="json").status_code == 201


def test_api_logout_revokes_the_token_used(alice):
    key = log_in()
    client = with_token(key)
    assert client.post("/api/v1/auth/logout/").status_code == 204
    response = client.post("/api/v1/decks/", {"name": "mine"}, format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (401, "AUTHENTICATION_FAILED")
    assert Token.objects.filter(user=alice).count() == 0
    again = with_token(key).post("/api/v1/auth/logout/")
    assert (again.status_code, again.json()["error"]["code"]) == (401, "AUTHENTICATION_FAILED")


def test_api_logout_needs_a_token_or_session(db):
    response = APIClient().post("/api/v1/auth/logout/")
    assert (response.status_code, response.json()["error"]["code"]) == (401, "NOT_AUTHENTICATED")


def test_web_logout_revokes_the_api_token(alice):
    key = log_in()
    browser = Client()
    browser.force_login(alice)
    assert browser.post("/accounts/logout/").status_code == 302
    response = with_token(key).post("/api/v1/decks/", {"name": "mine"}, format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (401, "AUTHENTICATION_FAILED")


# --- failed token authentications are throttled per address, in the authentication itself ----------------------

FAILURES_ALLOWED = 3
ATTACKER, OWNER_ADDRESS = "203.0.113.7", "198.51.100.20"


@pytest.fixture
def failure_rate(monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {"anon": "1000/min", "user": "1000/min", "auth_failures": f"{FAILURES_ALLOWED}/min"},
    )


def ping(key: str, address: str):
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get("/api/v1/decks/?mine=true")  # authenticated (the ping authenticates nobody)


def answer(response) -> tuple[int, str | None]:
    return response.status_code, (response.json().get("error") or {}).get("code")


WRONG = "0" * 40

GUESSES = [
    # (what the attacker's address sends after its free failures, who then asks, from where, the answer)
    pytest.param("wrong", "wrong", ATTACKER, (429, "THROTTLED"), id="the-guessing-address-is-refused"),
    pytest.param("wrong", "valid", ATTACKER, (429, "THROTTLED"), id="refused-before-the-token-is-looked-up"),
    pytest.param("wrong", "valid", OWNER_ADDRESS, (200, None), id="the-owner-elsewhere-is-not-locked-out"),
    pytest.param("wrong", "wrong", OWNER_ADDRESS, (401, "AUTHENTICATION_FAILED"), id="another-address-counts-apart"),
    pytest.param("expired", "wrong", ATTACKER, (429, "THROTTLED"), id="expired-tokens-count-as-failures"),
    pytest.param("valid", "wrong", ATTACKER, (401, "AUTHENTICATION_FAILED"), id="valid-tokens-are-not-counted"),
]


@pytest.mark.parametrize(("sent", "then", "address", "expected"), GUESSES)
def test_failed_token_authentications_are_throttled_per_address(alice, lifetime, failure_rate, sent, then, address,
                                                                expected):  # fmt: skip
    key = log_in()
    expired = UserFactory(username="bob")
    old_key = log_in("bob")
    age(old_key, LIFETIME + 1)
    first = {"wrong": WRONG, "valid": key, "expired": old_key}[sent]
    answers = [answer(ping(first, ATTACKER)) for _ in range(FAILURES_ALLOWED)]
    assert answers == [(200, None) if sent == "valid" else (401, "AUTHENTICATION_FAILED")] * FAILURES_ALLOWED
    response = ping({"wrong": "1" * 40, "valid": key}[then], address)
    assert answer(response) == expected
    if expected[0] == 429:
        assert 1 <= int(response["Retry-After"]) <= 60
        assert response.json()["error"]["details"]["retry_after_seconds"] == int(response["Retry-After"])
    assert Token.objects.filter(key=key, user=alice).exists() and expired.is_active  # nothing done to the accounts


def test_failed_token_authentications_are_counted_in_the_shared_store(alice, failure_rate):
    from django.core.cache import caches

    for _ in range(2):
        ping(WRONG, ATTACKER)
    history = caches["throttle"].get(f"throttle_auth_failures_{ATTACKER}")
    assert len(history) == 2
