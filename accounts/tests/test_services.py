"""Sign-up and log-in limiting (per account and per address, atomic counters)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.db import connections

from accounts import services
from accounts.models import LoginFailureCounter

PASSWORD = "a-long-test-password-42"


@pytest.fixture
def limits(settings):
    settings.LOGIN_FAILURE_LIMIT_ACCOUNT = 3
    settings.LOGIN_FAILURE_LIMIT_ADDRESS = 5
    settings.LOGIN_FAILURE_WINDOW_SECONDS = 600


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user(username="alice", password=PASSWORD)


def fail(username="alice", address="10.0.0.1", times=1):
    for _ in range(times):
        with pytest.raises(services.InvalidCredentials):
            services.token_obtain(username=username, password="wrong", address=address)


def test_account_is_locked_after_the_limit_even_for_the_right_password(limits, alice):
    fail(times=3)
    with pytest.raises(services.LoginLocked) as locked:
        services.token_obtain(username="alice", password=PASSWORD, address="10.0.0.9")
    assert 0 < locked.value.retry_after_seconds <= 600


def test_account_key_ignores_case_and_width(limits, alice):
    fail(username="ALICE", times=1)
    fail(username="ａｌｉｃｅ", times=2)  # full-width
    with pytest.raises(services.LoginLocked):
        services.login_attempt_check(username="alice", address="10.0.0.2")


def test_address_is_locked_after_guessing_several_accounts(limits, alice):
    for name in ["a", "b", "c", "d", "e"]:
        fail(username=name, address="10.0.0.7")
    with pytest.raises(services.LoginLocked):
        services.token_obtain(username="alice", password=PASSWORD, address="10.0.0.7")
    assert services.token_obtain(username="alice", password=PASSWORD, address="10.0.0.8")


def test_success_clears_the_account_counter_but_not_the_address(limits, alice):
    fail(times=2)
    services.token_obtain(username="alice", password=PASSWORD, address="10.0.0.1")
    assert not LoginFailureCounter.objects.filter(key="account:alice").exists()
    assert LoginFailureCounter.objects.get(key="address:10.0.0.1").failures == 2
    fail(times=2)
    assert services.token_obtain(username="alice", password=PASSWORD, address="10.0.0.1")


def test_expired_window_starts_again(limits, alice, settings):
    fail(times=3)
    settings.LOGIN_FAILURE_WINDOW_SECONDS = 0
    services.login_attempt_check(username="alice", address="10.0.0.1")  # no longer locked
    fail(times=1)
    assert LoginFailureCounter.objects.get(key="account:alice").failures == 1


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_failures_are_all_counted(settings):
    """The counter is an atomic UPDATE ... SET failures = failures + 1: no lost increments under contention."""
    settings.LOGIN_FAILURE_LIMIT_ACCOUNT = 1000
    settings.LOGIN_FAILURE_LIMIT_ADDRESS = 1000
    threads = 20
    barrier = threading.Barrier(threads)

    def record(_):
        try:
            barrier.wait(timeout=30)
            services.login_failure_record(username="bob", address="10.1.1.1")
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(record, range(threads)))
    assert LoginFailureCounter.objects.get(key="account:bob").failures == threads
    assert LoginFailureCounter.objects.get(key="address:10.1.1.1").failures == threads


REGISTER_CASES = [
    ("ok", "newbie", PASSWORD, None),
    ("too-short-and-numeric", "newbie", "4829173", {"password": {"password_too_short", "password_entirely_numeric"}}),
    ("common", "newbie", "password", {"password": {"password_too_common"}}),
    ("similar-to-username", "verylongname", "verylongname1", {"password": {"password_too_similar"}}),
    ("taken-any-case", "ALICE", PASSWORD, {"username": {"username_taken"}}),
    ("invalid-username", "bad name!", PASSWORD, {"username": {"username_invalid"}}),
]


@pytest.mark.parametrize(
    ("username", "password", "errors"), [c[1:] for c in REGISTER_CASES], ids=[c[0] for c in REGISTER_CASES]
)
def test_user_register(alice, username, password, errors):
    if errors is None:
        assert services.user_register(username=username, password=password).check_password(password)
        return
    with pytest.raises(services.RegistrationRejected) as rejected:
        services.user_register(username=username, password=password)
    assert {field: {e["code"] for e in found} for field, found in rejected.value.errors.items()} == errors


def test_token_api_lockout_is_429_with_retry_after(limits, alice, client):
    for _ in range(3):
        response = client.post("/api/v1/auth/token/", {"username": "alice", "password": "wrong"})
        assert response.json()["error"]["code"] == "INVALID_CREDENTIALS"
    locked = client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD})
    assert locked.status_code == 429
    assert locked.json()["error"]["code"] == "LOGIN_LOCKED"
    assert int(locked["Retry-After"]) == locked.json()["error"]["details"]["retry_after_seconds"] > 0


def test_sign_up_from_a_locked_address_gets_its_token(limits, alice, client):
    """A log-in lock of the address never half-finishes a sign-up (account created, no token, a 500)."""
    for name in ["a", "b", "c", "d", "e"]:
        fail(username=name, address="127.0.0.1")
    response = client.post("/api/v1/auth/register/", {"username": "erin", "password": PASSWORD})
    assert response.status_code == 201, response.content
    token = response.json()["token"]
    assert client.get("/api/v1/decks/", HTTP_AUTHORIZATION=f"Token {token}").status_code == 200
