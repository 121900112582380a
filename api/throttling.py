"""Request throttles counted in a store every web process shares, failing closed when that store is away.

DRF's throttles keep their counters in a Django cache. In the default cache (LocMemCache) every gunicorn process
counted on its own, so a documented 600/min let about 600 x processes through (1,214 of 1,400 pings in 5.3 s). They
count in the `throttle` cache instead (settings.CACHES): Redis in production (REDIS_URL), a file-based cache under
`make run` (VAR_DIR/throttle-cache, shared by the processes of one machine, and no write on the SQLite database that
every deck write waits for).

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
from collections.abc import Callable
from functools import wraps

from django.core.cache import caches
from django.db import DatabaseError
from redis.exceptions import RedisError
from rest_framework import throttling

from api.codes import ApplicationError, ErrorCode

logger = logging.getLogger(__name__)

CACHE_ALIAS = "throttle"
RETRY_AFTER_SECONDS = 5
# What the cache backends raise when their store is away: redis-py's errors (RedisCache), OSError (a file cache's
# directory, a socket), DatabaseError (DatabaseCache).
STORE_ERRORS = (RedisError, OSError, DatabaseError)


class RateLimiterUnavailable(ApplicationError):
    def __init__(self):
        super().__init__(
            ErrorCode.RATE_LIMITER_UNAVAILABLE,
            "The rate limiter's store is unreachable; nothing was done. Try again shortly.",
            {"retry_after_seconds": RETRY_AFTER_SECONDS},
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )


class SharedStoreMixin:
    """Counts in the shared `throttle` cache; a store error refuses the request (fails closed)."""

    def allow_request(self, request, view) -> bool:
        try:
            # DRF's SimpleRateThrottle counts in `self.cache`; opening a file cache can fail already (its directory).
            self.cache = caches[CACHE_ALIAS]
            return super().allow_request(request, view)  # type: ignore[misc]
        except STORE_ERRORS as exc:
            logger.warning("throttle store unreachable, request refused: %s: %s", type(exc).__name__, exc)
            raise RateLimiterUnavailable() from exc


class AnonThrottle(SharedStoreMixin, throttling.AnonRateThrottle):
    """Scope `anon`: anonymous requests, per client address."""


class UserThrottle(SharedStoreMixin, throttling.UserRateThrottle):
    """Scope `user`: per account when signed in (per address otherwise)."""


class EditorThrottle(SharedStoreMixin, throttling.UserRateThrottle):
    """Scope `editor`: the deck editor's JSON endpoint (/editor/state/), a plain Django view that anyone may call;
    per account when signed in, per client address otherwise."""

    scope = "editor"


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
