"""Sign-up and log-in limiting: per (account, address) and per address with growing delays, never per account
alone (issue finding: 5 anonymous wrong passwords locked any account for 15 minutes, the right password included)."""

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import connections
from django.test import RequestFactory
from django.utils import timezone

from accounts import services
from accounts.models import LoginFailureCounter
from accounts.tests.factories import UserFactory

PASSWORD = "a-long-test-password-42"


@pytest.fixture
def limits(settings):
    settings.LOGIN_FREE_FAILURES_PAIR = 3
    settings.LOGIN_FREE_FAILURES_ADDRESS = 5
    settings.LOGIN_DELAY_BASE_SECONDS = 2
    settings.LOGIN_DELAY_MAX_SECONDS = 60
    settings.LOGIN_FAILURE_WINDOW_SECONDS = 600


@pytest.fixture
def alice(db):
    return UserFactory(username="alice", password=PASSWORD)


@pytest.fixture
def clock(monkeypatch):
    """A controllable now() for the counters (the delays are minutes: the tests move time instead of waiting)."""
    state = {"now": timezone.now()}
    # Only the counters' clock: the module's own name for django.utils.timezone is replaced, nothing else.
    monkeypatch.setattr(services, "timezone", SimpleNamespace(now=lambda: state["now"]))

    def advance(seconds: float) -> None:
        state["now"] += timedelta(seconds=seconds)

    return advance


def request_from(address: str):
    return RequestFactory().post("/api/v1/auth/token/", REMOTE_ADDR=address)


def obtain(username="alice", password=PASSWORD, address="10.0.0.1"):
    return services.token_obtain(username=username, password=password, request=request_from(address))


def fail(username="alice", address="10.0.0.1", times=1):
    for _ in range(times):
        with pytest.raises(services.InvalidCredentials):
            obtain(username=username, password="wrong", address=address)


@pytest.mark.parametrize(
    "failures, free, wait",
    [
        pytest.param(3, 3, 0, id="free-failures-cost-nothing"),
        pytest.param(4, 3, 2, id="first-extra"),
        pytest.param(5, 3, 4, id="doubles"),
        pytest.param(8, 3, 32, id="doubles-again"),
        pytest.param(9, 3, 60, id="capped"),
        pytest.param(10_000, 3, 60, id="no-overflow"),
    ],
)
def test_delays_grow_per_failure_up_to_the_cap(limits, failures, free, wait):
    assert services.login_delay_seconds(failures=failures, free=free) == wait


def test_the_pair_waits_after_its_free_failures_even_for_the_right_password(limits, alice, clock):
    fail(times=4)  # 3 free + 1: a 2 s wait
    with pytest.raises(services.LoginLocked) as locked:
        obtain()
    assert locked.value.retry_after_seconds == 2
    clock(2.5)
    assert obtain()  # the wait is over: the right password works and clears the pair


def test_refused_attempts_are_not_counted(limits, alice, clock):
    fail(times=4)
    for _ in range(10):
        with pytest.raises(services.LoginLocked):
            obtain(password="wrong")
    assert LoginFailureCounter.objects.get(key="pair:alice|10.0.0.1").failures == 4


def test_fifty_wrong_passwords_from_one_address_leave_the_owner_in_elsewhere(settings, alice, clock):
    """The issue's test, with the production defaults: the attacker's address waits, the owner does not."""
    refused = 0
    for _ in range(50):
        try:
            obtain(password="wrong", address="203.0.113.9")
        except services.LoginLocked:
            refused += 1
        except services.InvalidCredentials:
            pass
        clock(1)  # one guess a second
    assert refused > 0
    assert obtain(address="198.51.100.7")  # the owner, from their own address, at once
    with pytest.raises(services.LoginLocked):
        obtain(address="203.0.113.9")  # the attacker's address still waits, even with the right password


def test_account_key_ignores_case_and_width(limits, alice):
    fail(username="ALICE", times=2)
    fail(username="ａｌｉｃｅ", times=2)  # full-width: the same pair
    with pytest.raises(services.LoginLocked):
        services.login_attempt_check(username="alice", address="10.0.0.1")


def test_address_waits_after_guessing_several_accounts(limits, alice):
    for name in ["a", "b", "c", "d", "e", "f"]:
        fail(username=name, address="10.0.0.7")
    with pytest.raises(services.LoginLocked):
        obtain(address="10.0.0.7")
    assert obtain(address="10.0.0.8")


def test_success_clears_the_pair_counter_but_not_the_address(limits, alice):
    fail(times=2)
    obtain()
    assert not LoginFailureCounter.objects.filter(key="pair:alice|10.0.0.1").exists()
    assert LoginFailureCounter.objects.get(key="address:10.0.0.1").failures == 2


def test_a_quiet_window_starts_the_counter_again(limits, alice, clock):
    fail(times=4)
    clock(601)
    services.login_attempt_check(username="alice", address="10.0.0.1")  # no longer waiting
    fail(times=1)
    assert LoginFailureCounter.objects.get(key="pair:alice|10.0.0.1").failures == 1


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_failures_are_all_counted(settings):
    """The counter is an atomic UPDATE ... SET failures = failures + 1: no lost increments under contention."""
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
    assert LoginFailureCounter.objects.get(key="pair:bob|10.1.1.1").failures == threads
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
    for _ in range(4):  # 3 free failures, then one that starts a wait
        response = client.post("/api/v1/auth/token/", {"username": "alice", "password": "wrong"})
        assert response.json()["error"]["code"] == "INVALID_CREDENTIALS"
    locked = client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD})
    assert locked.status_code == 429
    assert locked.json()["error"]["code"] == "LOGIN_LOCKED"
    assert int(locked["Retry-After"]) == locked.json()["error"]["details"]["retry_after_seconds"] > 0


def test_sign_up_from_a_locked_address_gets_its_token(limits, alice, client):
    """A log-in lock of the address never half-finishes a sign-up (account created, no token, a 500)."""
    for name in ["a", "b", "c", "d", "e", "f"]:
        fail(username=name, address="127.0.0.1")
    response = client.post("/api/v1/auth/register/", {"username": "erin", "password": PASSWORD})
    assert response.status_code == 201, response.content
    token = response.json()["token"]
    assert client.get("/api/v1/decks/", HTTP_AUTHORIZATION=f"Token {token}").status_code == 200
