"""One authentication backend limits every sign-in path: the admin's, the web page's and the token endpoint's
(issue findings: the admin sign-in had no limit; 5 anonymous wrong passwords locked the owner out everywhere)."""

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import LoginFailureCounter
from accounts.tests.factories import UserFactory

PASSWORD = "a-long-test-password-42"
ATTACKER = "203.0.113.9"
OWNER = "198.51.100.7"


@pytest.fixture(autouse=True)
def frozen_clock(monkeypatch):
    """The counters' clock stands still: 50 attempts take a varying time, and a wait that ends in the middle would
    (rightly) let one more failure count. accounts/tests/test_services.py moves the clock on purpose."""
    from types import SimpleNamespace

    from django.utils import timezone

    from accounts import services

    now = timezone.now()
    monkeypatch.setattr(services, "timezone", SimpleNamespace(now=lambda: now))


@pytest.fixture
def owner(db):
    return UserFactory(username="owner", password=PASSWORD, is_staff=True, is_superuser=True)


def admin_sign_in(client: Client, password: str, address: str) -> bool:
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "owner", "password": password}, REMOTE_ADDR=address
    )
    return response.status_code == 302


def web_sign_in(client: Client, password: str, address: str) -> bool:
    response = client.post("/accounts/login/", {"username": "owner", "password": password}, REMOTE_ADDR=address)
    return response.status_code == 302


def token_sign_in(client: Client, password: str, address: str) -> bool:
    response = client.post("/api/v1/auth/token/", {"username": "owner", "password": password}, REMOTE_ADDR=address)
    return response.status_code == 200


PATHS = [
    pytest.param(admin_sign_in, id="admin"),
    pytest.param(web_sign_in, id="web"),
    pytest.param(token_sign_in, id="token"),
]


def test_the_only_backend_is_the_limited_one():
    assert settings.AUTHENTICATION_BACKENDS == ["accounts.backends.LoginLimitedModelBackend"]


@pytest.mark.parametrize("sign_in", PATHS)
def test_fifty_wrong_passwords_from_one_address_leave_the_owner_able_to_sign_in_from_another(owner, sign_in):
    for _ in range(50):
        assert not sign_in(Client(), "wrong", ATTACKER)
    counted = LoginFailureCounter.objects.get(key=f"pair:owner|{ATTACKER}").failures
    assert counted == settings.LOGIN_FREE_FAILURES_PAIR + 1  # then every attempt waited, uncounted
    assert not sign_in(Client(), PASSWORD, ATTACKER)  # the attacker's address waits, right password or not
    assert sign_in(Client(), PASSWORD, OWNER)  # the owner, from elsewhere, at once


@pytest.mark.parametrize("sign_in", PATHS)
def test_every_path_counts_into_the_same_counters(owner, sign_in):
    assert not sign_in(Client(), "wrong", ATTACKER)
    assert LoginFailureCounter.objects.get(key=f"pair:owner|{ATTACKER}").failures == 1
    assert LoginFailureCounter.objects.get(key=f"address:{ATTACKER}").failures == 1


def test_the_admin_says_how_long_to_wait(owner):
    for _ in range(settings.LOGIN_FREE_FAILURES_PAIR + 1):
        admin_sign_in(Client(), "wrong", ATTACKER)
    response = Client().post("/admin/login/", {"username": "owner", "password": PASSWORD}, REMOTE_ADDR=ATTACKER)
    assert response.status_code == 200
    assert "Too many failed log-ins" in response.content.decode()


@pytest.mark.integration
@pytest.mark.parametrize("sign_in", PATHS)
def test_fifty_wrong_passwords_on_postgresql(owner, sign_in):
    """The same on PostgreSQL: the counters are F() updates there too (integration run)."""
    from django.db import connection

    assert connection.vendor == "postgresql"
    test_fifty_wrong_passwords_from_one_address_leave_the_owner_able_to_sign_in_from_another(owner, sign_in)
