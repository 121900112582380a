"""Accounts: sign-up, API tokens and log-in limiting, shared by the API, the browser pages and the admin.

Functions (all keyword-only):

- ``user_register(*, username, password) -> User``
    Creates an account. Passwords go through Django's validators (``AUTH_PASSWORD_VALIDATORS``); every failure is
    collected and raised as ``RegistrationRejected(errors)``, where ``errors`` maps a field name to a list of
    ``{"code", "message"}`` (codes are Django's stable validator codes, plus ``username_taken`` / ``username_invalid``
    / ``username_mixed_script`` / ``username_confusable``: a name that looks like a taken one, accounts/usernames.py).
- ``login_attempt_check(*, username, address) -> None``
    Raises ``LoginLocked(retry_after_seconds)`` while the (account, address) pair or the address must wait.
- ``login_failure_record(*, username, address) -> None`` / ``login_success_record(*, username, address)``
    Count a wrong password (atomic ``F()`` updates: concurrent failures are all counted) / clear the pair's count.
- ``token_obtain(*, username, password, request) -> str``
    The whole API log-in; raises ``LoginLocked`` or ``InvalidCredentials``. A token expires API_TOKEN_LIFETIME_SECONDS
    after it was issued (accounts/authentication.py); logging in after that issues a new one.
- ``token_revoke(*, user) -> bool``
    Log-out (API and web): the user's token stops working at once.

Who calls them: ``accounts.backends.LoginLimitedModelBackend``, the only authentication backend, so the admin
sign-in, the web sign-in and the token endpoint are limited by the same counters and nothing can skip them.

What is limited, and why not the account alone: the counters are per (account, client address) and per client
address, never per account alone. Locking an account after N failures from anywhere lets anyone lock its owner out
with N anonymous guesses; keyed by (account, address), 50 wrong passwords from one address slow that address down
and leave the owner free to sign in from theirs. The address counter catches one address guessing many accounts.
Each counter allows a few free failures (``LOGIN_FREE_FAILURES_PAIR`` 5, ``LOGIN_FREE_FAILURES_ADDRESS`` 20); every
failure beyond them makes that key wait ``LOGIN_DELAY_BASE_SECONDS`` (2) doubled per extra failure, at most
``LOGIN_DELAY_MAX_SECONDS`` (900), counted from its last failure. Attempts during the wait are refused without
checking the password (so they learn nothing and do not count). A counter starts again at zero once its last failure
is older than ``LOGIN_FAILURE_WINDOW_SECONDS`` (3600). Guessing one account from many addresses is left to the
password validators and DRF's request throttling.
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

from accounts.authentication import token_expired
from accounts.models import LoginFailureCounter, UsernameSkeleton
from accounts.usernames import username_mixes_scripts, username_skeleton
from api.codes import ApplicationError, ErrorCode

MIXED_SCRIPT_MESSAGE = (
    "A username uses one script (Latin and Japanese may be mixed), not look-alike letters of several."
)
CONFUSABLE_MESSAGE = "This username looks like one that is taken."


class RegistrationRejected(ApplicationError):
    def __init__(self, errors: dict[str, list[dict]]):
        super().__init__(ErrorCode.VALIDATION_ERROR, "The account was not created.", {"fields": errors})
        self.errors = errors


class LoginLocked(ApplicationError):
    def __init__(self, retry_after_seconds: int):
        super().__init__(
            ErrorCode.LOGIN_LOCKED,
            "Too many failed log-ins. Try again later.",
            {"retry_after_seconds": retry_after_seconds},
            headers={"Retry-After": str(retry_after_seconds)},
        )
        self.retry_after_seconds = retry_after_seconds


class InvalidCredentials(ApplicationError):
    def __init__(self):
        super().__init__(ErrorCode.INVALID_CREDENTIALS, "Unknown username or wrong password.")


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def _normalised(username: str) -> str:
    # One counter per account whatever the width or case the attacker types.
    return unicodedata.normalize("NFKC", username or "").strip().casefold()[:140]


def _keys(username: str, address: str | None) -> list[tuple[str, int]]:
    """The counters of one attempt and their free failures: (account, address) first, then the address."""
    address = (address or "unknown")[:50]
    return [
        (f"pair:{_normalised(username)}|{address}", _setting("LOGIN_FREE_FAILURES_PAIR", 5)),
        (f"address:{address}", _setting("LOGIN_FREE_FAILURES_ADDRESS", 20)),
    ]


def _window() -> timedelta:
    return timedelta(seconds=_setting("LOGIN_FAILURE_WINDOW_SECONDS", 3600))


def login_delay_seconds(*, failures: int, free: int) -> int:
    """The wait after `failures` failures of a key that has `free` of them: 0, then base, 2 x base, 4 x base ..."""
    extra = failures - free
    if extra <= 0:
        return 0
    base = _setting("LOGIN_DELAY_BASE_SECONDS", 2)
    return min(base * 2 ** min(extra - 1, 30), _setting("LOGIN_DELAY_MAX_SECONDS", 900))


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
    elif username and username_mixes_scripts(username):
        errors.setdefault("username", []).append({"code": "username_mixed_script", "message": MIXED_SCRIPT_MESSAGE})
    elif username and UsernameSkeleton.objects.filter(skeleton=username_skeleton(username)).exists():
        errors.setdefault("username", []).append({"code": "username_confusable", "message": CONFUSABLE_MESSAGE})
    try:
        validate_password(password or "", user=user)
    except ValidationError as exc:
        errors["password"] = [{"code": e.code or "invalid", "message": m} for e in exc.error_list for m in e.messages]
    if errors:
        raise RegistrationRejected(errors)
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, password=password)
            UsernameSkeleton.objects.create(user=user, skeleton=username_skeleton(username))
            return user
    except IntegrityError:  # a concurrent sign-up took the name (or a look-alike) between the check and the insert
        taken = User.objects.filter(username__iexact=username).exists()
        code, message = (
            ("username_taken", "This username is taken.") if taken else ("username_confusable", CONFUSABLE_MESSAGE)
        )
        raise RegistrationRejected({"username": [{"code": code, "message": message}]}) from None


def _wait(key: str, free: int, now) -> int:
    row = LoginFailureCounter.objects.filter(key=key).values("failures", "last_failure_at").first()
    if row is None or row["last_failure_at"] is None or row["last_failure_at"] <= now - _window():
        return 0
    ends = row["last_failure_at"] + timedelta(seconds=login_delay_seconds(failures=row["failures"], free=free))
    if ends <= now:
        return 0
    return max(1, int((ends - now).total_seconds() + 0.999))


def login_attempt_check(*, username: str, address: str | None) -> None:
    now = timezone.now()
    wait = max(_wait(key, free, now) for key, free in _keys(username, address))
    if wait:
        raise LoginLocked(wait)


def _increment(key: str, now) -> None:
    counters = LoginFailureCounter.objects.filter(key=key)
    # A counter quiet for a whole window starts again at zero: a conditional UPDATE, so two processes cannot both
    # reset it.
    counters.filter(last_failure_at__lte=now - _window()).update(failures=0)
    if counters.update(failures=F("failures") + 1, last_failure_at=now):
        return
    try:
        with transaction.atomic():
            LoginFailureCounter.objects.create(key=key, failures=1, last_failure_at=now)
    except IntegrityError:  # another process created the row first: count on it
        counters.update(failures=F("failures") + 1, last_failure_at=now)


def login_failure_record(*, username: str, address: str | None) -> None:
    now = timezone.now()
    with transaction.atomic():
        for key, _ in _keys(username, address):
            _increment(key, now)


def login_success_record(*, username: str, address: str | None) -> None:
    """The pair's count is cleared; the address keeps counting, so that one valid account cannot be used to reset
    an address that is guessing other accounts' passwords."""
    pair_key, _ = _keys(username, address)[0]
    LoginFailureCounter.objects.filter(key=pair_key).delete()


def user_token(*, user) -> str:
    """The API token of a user who just proved who they are (signing up, logging in): the current one, or a new one
    when it has expired (accounts.authentication: a fixed lifetime from when it was issued)."""
    with transaction.atomic():
        token, created = Token.objects.get_or_create(user=user)
        if not created and token_expired(token):
            token.delete()
            token = Token.objects.create(user=user)
    return token.key


def token_revoke(*, user) -> bool:
    """Log-out: the user's API token stops working at once (DRF keeps one token per user, so every client holding
    it must log in again). True when there was one."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return bool(deleted)


def token_obtain(*, username: str, password: str, request) -> str:
    """The API log-in. The backend (accounts.backends) checks and records; checking first here gives the exact
    wait for the 429's Retry-After."""
    login_attempt_check(username=username, address=client_address(request))
    user = authenticate(request, username=username, password=password)
    if user is None:
        raise InvalidCredentials()
    return user_token(user=user)


def client_address(request) -> str | None:
    """The peer address (REMOTE_ADDR); behind a proxy, the proxy must pass the client address on as REMOTE_ADDR."""
    return request.META.get("REMOTE_ADDR")


def player_game(*, user) -> str:
    """The game a signed-in player chose last ("" when they never chose)."""
    from accounts.models import PlayerProfile

    return PlayerProfile.objects.filter(user=user).values_list("game", flat=True).first() or ""


def player_game_set(*, user, game: str) -> None:
    """Remember the game a player chose (a code the caller has checked against the registry of games)."""
    from accounts.models import PlayerProfile

    PlayerProfile.objects.update_or_create(user=user, defaults={"game": game})
