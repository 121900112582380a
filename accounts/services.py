"""Accounts: sign-up, API tokens and log-in limiting, shared by the API and the browser pages.

Functions (all keyword-only):

- ``user_register(*, username, password) -> User``
    Creates an account. Passwords go through Django's validators (``AUTH_PASSWORD_VALIDATORS``); every failure is
    collected and raised as ``RegistrationRejected(errors)``, where ``errors`` maps a field name to a list of
    ``{"code", "message"}`` (codes are Django's stable validator codes, plus ``username_taken`` / ``username_invalid``).
- ``login_attempt_check(*, username, address) -> None``
    Call BEFORE checking the password. Raises ``LoginLocked(retry_after_seconds)`` while the account or the client
    address has reached its failure limit inside the current window.
- ``login_failure_record(*, username, address) -> None``
    Call after a wrong password: increments both counters atomically (one conditional UPDATE resets an expired
    window, one ``F()`` UPDATE increments; no read-modify-write, so concurrent failures are all counted).
- ``login_success_record(*, username, address) -> None``
    Call after a successful log-in: clears the account's counter (the address counter keeps running so that one
    valid account cannot be used to reset an address that is guessing other accounts' passwords).
- ``token_obtain(*, username, password, address) -> str``
    The whole API log-in: check, authenticate, record, return the DRF token key. Raises ``LoginLocked`` or
    ``InvalidCredentials``.

The browser log-in view uses the first four around ``django.contrib.auth.authenticate`` exactly as ``token_obtain``
does. Limits come from settings (defaults): ``LOGIN_FAILURE_LIMIT_ACCOUNT`` (5), ``LOGIN_FAILURE_LIMIT_ADDRESS``
(20), ``LOGIN_FAILURE_WINDOW_SECONDS`` (900). DRF's request throttling still applies on top; it limits request
rates, not guesses against one account spread over many addresses, which is why this counter exists.
"""

import unicodedata
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import LoginFailureCounter


class RegistrationRejected(Exception):
    def __init__(self, errors: dict[str, list[dict]]):
        super().__init__("registration rejected")
        self.errors = errors


class LoginLocked(Exception):
    def __init__(self, retry_after_seconds: int):
        super().__init__(f"too many failed log-ins; retry after {retry_after_seconds} s")
        self.retry_after_seconds = retry_after_seconds


class InvalidCredentials(Exception):
    pass


def _limit_account() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_LIMIT_ACCOUNT", 5))


def _limit_address() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_LIMIT_ADDRESS", 20))


def _window() -> timedelta:
    return timedelta(seconds=int(getattr(settings, "LOGIN_FAILURE_WINDOW_SECONDS", 900)))


def _account_key(username: str) -> str:
    # One counter per account whatever the width or case the attacker types.
    return "account:" + unicodedata.normalize("NFKC", username or "").strip().casefold()[:180]


def _address_key(address: str | None) -> str:
    return "address:" + (address or "unknown")[:180]


def user_register(*, username: str, password: str):
    User = get_user_model()
    errors: dict[str, list[dict]] = {}
    username = (username or "").strip()
    user = User(username=username)
    try:
        user.clean_fields(exclude=["password"])
    except ValidationError as exc:
        for field, field_errors in exc.error_dict.items():
            errors.setdefault(field, []).extend(
                {"code": "username_invalid" if field == "username" else (e.code or "invalid"), "message": m}
                for e in field_errors
                for m in e.messages
            )
    if username and User.objects.filter(username__iexact=username).exists():
        errors.setdefault("username", []).append({"code": "username_taken", "message": "This username is taken."})
    try:
        validate_password(password or "", user=user)
    except ValidationError as exc:
        errors["password"] = [{"code": e.code or "invalid", "message": m} for e in exc.error_list for m in e.messages]
    if errors:
        raise RegistrationRejected(errors)
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password)
    except IntegrityError:  # a concurrent sign-up took the name between the check and the insert
        raise RegistrationRejected(
            {"username": [{"code": "username_taken", "message": "This username is taken."}]}
        ) from None


def _locked_for(key: str, limit: int, now) -> int:
    row = LoginFailureCounter.objects.filter(key=key).values("failures", "window_started_at").first()
    if row is None or row["failures"] < limit:
        return 0
    ends = row["window_started_at"] + _window()
    if ends <= now:
        return 0
    return max(1, int((ends - now).total_seconds() + 0.999))


def login_attempt_check(*, username: str, address: str | None) -> None:
    now = timezone.now()
    wait = max(
        _locked_for(_account_key(username), _limit_account(), now),
        _locked_for(_address_key(address), _limit_address(), now),
    )
    if wait:
        raise LoginLocked(wait)


def _increment(key: str, now) -> None:
    counters = LoginFailureCounter.objects.filter(key=key)
    # An expired window starts again at zero: a conditional UPDATE, so two processes cannot both reset it.
    counters.filter(window_started_at__lte=now - _window()).update(failures=0, window_started_at=now)
    if counters.update(failures=F("failures") + 1):
        return
    try:
        with transaction.atomic():
            LoginFailureCounter.objects.create(key=key, failures=1, window_started_at=now)
    except IntegrityError:  # another process created the row first: count on it
        counters.update(failures=F("failures") + 1)


def login_failure_record(*, username: str, address: str | None) -> None:
    now = timezone.now()
    with transaction.atomic():
        _increment(_account_key(username), now)
        _increment(_address_key(address), now)


def login_success_record(*, username: str, address: str | None) -> None:
    LoginFailureCounter.objects.filter(key=_account_key(username)).delete()


def user_token(*, user) -> str:
    """The API token of a user who just proved who they are (e.g. by signing up)."""
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def token_obtain(*, username: str, password: str, address: str | None) -> str:
    login_attempt_check(username=username, address=address)
    user = authenticate(username=username, password=password)
    if user is None:
        login_failure_record(username=username, address=address)
        raise InvalidCredentials()
    login_success_record(username=username, address=address)
    return user_token(user=user)


def client_address(request) -> str | None:
    """The peer address (REMOTE_ADDR); behind a proxy, the proxy must pass the client address on as REMOTE_ADDR."""
    return request.META.get("REMOTE_ADDR")
