"""Request throttles counted in a store every web process shares, failing closed when that store is away.

DRF's throttles keep their counters in a Django cache. In the default cache (LocMemCache) every gunicorn process
counted on its own, so a documented 600/min let about 600 x processes through (1,214 of 1,400 pings in 5.3 s). They
count in the `throttle` cache instead (settings.CACHES): Redis in production (REDIS_URL), under `make run` one file
in VAR_DIR/throttle-store that every process of the machine maps into its memory (deckbuilder.cache.SharedMapCache:
no file written per count, as the file cache did, nor a transaction of an SQLite file, as diskcache did, nor a
transaction that lets go of the interpreter lock holding the store's, as LMDB did; and no write on the site's SQLite
database that every deck write waits for).

When that store cannot be read or written, a request is refused with 503 RATE_LIMITER_UNAVAILABLE (and
Retry-After): not let through uncounted (failing open would lift every limit whenever Redis is away, the moment an
attacker would want), and not a 500.

Who is counted (docs/api.md, "Rate limits"): an anonymous request by its client address, REMOTE_ADDR only
(REST_FRAMEWORK["NUM_PROXIES"] = 0, as the log-in limits of accounts/services.py), since an X-Forwarded-For header
is the client's to write: trusting it let one client rotate addresses past the limit, or spend another address's
quota. A signed-in request is counted by its account alone, which only its owner's credentials reach, so no
anonymous flood, from any address, spends an account's quota.
"""

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import DatabaseError
from redis.exceptions import RedisError
from rest_framework import throttling
from rest_framework.request import Request
from rest_framework.settings import api_settings

from api.codes import ApplicationError, ErrorCode
from deckbuilder.cache import SharedMapCache, SharedMapValueTooLarge

logger = logging.getLogger(__name__)

CACHE_ALIAS = "throttle"
RETRY_AFTER_SECONDS = 5
# What the cache backends raise when their store is away: redis-py's errors (RedisCache), OSError (a directory, a
# socket, SharedMapCache's files), a value SharedMapCache cannot hold, DatabaseError (DatabaseCache).
STORE_ERRORS = (RedisError, OSError, SharedMapValueTooLarge, DatabaseError)


class RateLimiterUnavailable(ApplicationError):
    def __init__(self):
        super().__init__(
            ErrorCode.RATE_LIMITER_UNAVAILABLE,
            "The rate limiter's store is unreachable; nothing was done. Try again shortly.",
            {"retry_after_seconds": RETRY_AFTER_SECONDS},
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )


LOCK_SECONDS = 1.0  # a count holds its key's lock for a read and a write: far less; a holder that died frees it then
_process_lock = threading.Lock()


@contextmanager
def _key_locked(cache, key: str) -> Iterator[None]:
    """DRF's throttle reads a key's history, then writes it back one longer: not atomic. Concurrent requests of one
    client read the same history and all but one count were lost (measured under `make run`'s two processes of eight
    threads: 1,400 of 1,400 pings in 10 s passed a 600/min limit). So one count at a time per key, across processes:
    a Redis lock in Redis (SET NX with an expiry), the shared map's lock (a thread lock, then an flock of its file: a
    process that dies holding it frees it), a process lock otherwise (the in-memory cache is the process's own)."""
    if isinstance(cache, RedisCache):
        client = cache._cache.get_client(key, write=True)
        with client.lock(f"lock:{key}", timeout=LOCK_SECONDS, sleep=0.002, blocking_timeout=LOCK_SECONDS):
            yield
    elif isinstance(cache, SharedMapCache):
        with cache.locked():
            yield
    else:
        with _process_lock:
            yield


class SharedStoreMixin:
    """Counts in the shared `throttle` cache, one count at a time per key; a store error refuses the request (fails
    closed)."""

    def allow_request(self, request, view) -> bool:
        if getattr(self, "rate", None) is None:
            return True
        try:
            key = self.get_cache_key(request, view)  # type: ignore[attr-defined]
            if key is None:  # not counted here (a signed-in scope's throttle on an anonymous request)
                return True
            # DRF's SimpleRateThrottle counts in `self.cache`; opening a file cache can fail already (its directory).
            self.cache = cache = caches[CACHE_ALIAS]
            if isinstance(cache, SharedMapCache):
                return self._count_in_map(cache, key)
            with _key_locked(cache, key):
                return super().allow_request(request, view)  # type: ignore[misc]
        except STORE_ERRORS as exc:
            logger.warning("throttle store unreachable, request refused: %s: %s", type(exc).__name__, exc)
            raise RateLimiterUnavailable() from exc

    key: str | None  # DRF's SimpleRateThrottle's: the count's key, set as a count begins

    def get_ident(self, request: Request) -> str:
        """The client's address: REMOTE_ADDR alone under NUM_PROXIES = 0 (above), read without DRF's look at
        X-Forwarded-For, which builds the request's whole header map (every WSGI variable's name parsed) only to
        ignore it: half of a count's time. Any other NUM_PROXIES is DRF's to read."""
        if api_settings.NUM_PROXIES == 0:
            return str(request.META.get("REMOTE_ADDR"))  # as DRF's key writes it, "None" included
        return super().get_ident(request)  # type: ignore[misc]

    def _count_in_map(self, cache: SharedMapCache, key: str) -> bool:
        """DRF's count (SimpleRateThrottle.allow_request: the history of the window, the newest first; over the
        limit, refused and not counted) as one step of the shared map (`update`): one lock and one lookup of the
        key, where a `get` and a `set` each took both (a third of a ping's time in its process). `wait()` reads
        `history` and `now` as DRF's does; api/tests/test_throttling.py holds both counts to one table."""
        self.key = key
        self.now = now = self.timer()  # type: ignore[attr-defined]
        edge, limit = now - self.duration, self.num_requests  # type: ignore[attr-defined]

        def count(history: list | None) -> tuple[list | None, bool]:
            history = history or []
            while history and history[-1] <= edge:
                history.pop()
            self.history = history
            if len(history) >= limit:
                return None, False
            history.insert(0, now)
            return history, True

        return cache.update(key, count, self.duration) or self.throttle_failure()  # type: ignore[attr-defined]


class AnonThrottle(SharedStoreMixin, throttling.AnonRateThrottle):
    """Scope `anon`: anonymous requests, per client address."""


class UserThrottle(SharedStoreMixin, throttling.UserRateThrottle):
    """Scope `user`: per account, signed-in requests only. (DRF's counts anonymous requests per address too, under
    a limit five times the `anon` one that they meet first: a second history of up to 3,000 entries read and written
    per anonymous request for nothing.)"""

    def get_cache_key(self, request, view):
        if not (request.user and request.user.is_authenticated):
            return None
        return super().get_cache_key(request, view)


class EditorThrottle(SharedStoreMixin, throttling.UserRateThrottle):
    """Scope `editor`: the deck editor's JSON endpoint (/editor/state/), a plain Django view that anyone may call;
    per account when signed in, per client address otherwise."""

    scope = "editor"


class AuthenticationFailureThrottle(SharedStoreMixin, throttling.SimpleRateThrottle):
    """Scope `auth_failures`: the failed token authentications of one client address (REMOTE_ADDR).

    A request with an invalid token is answered 401 while authenticating, before any throttle of the view counts it
    (DRF authenticates first: the anonymous and user throttles need to know who asks), so a client could try tokens
    unthrottled. The token authentication (accounts/authentication.py) counts its failures here and, once an
    address has THROTTLE_AUTH_FAILURES (20/min) of them, refuses that address's token requests with 429 THROTTLED
    before looking the token up: a guess then learns nothing. Keyed by address, never by the account a token
    belongs to, so nobody can lock an owner out of their account by sending wrong tokens (a shared address is
    slowed down, as by the anonymous limit). Counted in the shared `throttle` store like the other limits; the store
    away refuses the request (503 RATE_LIMITER_UNAVAILABLE)."""

    scope = "auth_failures"

    def get_rate(self):
        return self.THROTTLE_RATES.get(self.scope)  # absent (a test's own table) or `none`: lifted

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def refuse_if_over(self, request) -> None:
        """429 THROTTLED (Retry-After: until the oldest failure leaves the window) while the address is over."""
        if self.rate is None:
            return
        try:
            cache = caches[CACHE_ALIAS]
            history = cache.get(self.get_cache_key(request, None), [])
        except STORE_ERRORS as exc:
            logger.warning("throttle store unreachable, request refused: %s: %s", type(exc).__name__, exc)
            raise RateLimiterUnavailable() from exc
        allowed, duration = self.parse_rate(self.rate)
        if allowed is None or duration is None:
            return
        now = self.timer()
        recent = [moment for moment in history if moment > now - duration]
        if len(recent) >= allowed:
            wait = max(1, int(duration - (now - min(recent)) + 0.999))
            raise ApplicationError(
                ErrorCode.THROTTLED,
                "Too many requests with an invalid token from this address; try again later.",
                {"retry_after_seconds": wait},
                headers={"Retry-After": str(wait)},
            )

    def record_failure(self, request) -> None:
        """Count one failed authentication of the request's address (DRF's count: the history of the window)."""
        self.allow_request(request, None)


def throttle_view(*throttle_classes: type[throttling.BaseThrottle]) -> Callable:
    """The same throttles on a plain Django view (the pages' JSON endpoints), answering in the API's error shape."""

    def decorate(view):
        @wraps(view)
        def throttled(request, *args, **kwargs):
            from api.errors import error_json_for

            waits = []
            try:
                for throttle_class in throttle_classes:
                    throttle = throttle_class()
                    if not throttle.allow_request(request, None):  # type: ignore[arg-type]  # no APIView here
                        waits.append(throttle.wait() or 1)
            except ApplicationError as exc:
                return error_json_for(exc)
            if waits:
                wait = max(1, int(max(waits) + 0.999))
                error = ApplicationError(
                    ErrorCode.THROTTLED,
                    "Request was throttled.",
                    {"retry_after_seconds": wait},
                    headers={"Retry-After": str(wait)},
                )
                return error_json_for(error)
            return view(request, *args, **kwargs)

        return throttled

    return decorate
