"""Caches of values built from the database, keyed by the data version they were built from.

A legality check needs the card catalogue's indexes, the formats and the Hall of Fame lists: reading them per
request would cost far more than the check. Each process keeps them and asks a cheap data version (a row per game
read by its key, or one aggregate query over a small table; at most every `DATA_VERSION_CHECK_SECONDS`, and at most
once per request: cards.selectors.version_check) before using them: the version is part of the cache key, so after
an import or an admin edit (a new version) no answer comes from the older data. The memory is bounded by
`functools.lru_cache` (the least recently used entries go first), and one lock per cached function makes the
requests that arrive together after an import wait for one build instead of each starting its own.
"""

import functools
import hashlib
import logging
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any

from diskcache import DjangoCache

logger = logging.getLogger(__name__)


def versioned_cache(*, version: Callable[[], Hashable], maxsize: int) -> Callable[[Callable[..., Any]], Any]:
    """Memoise `build(version, *args)` per version: `version()`, or the `data_version=` a caller already read, so that
    the reads of one check all use one version (a build that reads other cached values passes its version on).
    `cache_clear()` empties it."""

    def decorate(build: Callable[..., Any]):
        lock = threading.RLock()

        @functools.lru_cache(maxsize=maxsize)
        def cached(data_version: Hashable, *args: Hashable) -> Any:
            return build(data_version, *args)

        @functools.wraps(build)
        def get(*args: Hashable, data_version: Hashable | None = None) -> Any:
            with lock:
                return cached(version() if data_version is None else data_version, *args)

        get.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        get.cache_info = cached.cache_info  # type: ignore[attr-defined]
        return get

    return decorate


def shared_cache_version(*versions: Hashable) -> int:
    """The `version=` under which Django's (shared) cache keeps values built from these data versions: an import
    changes it, so no page reads an entry of the older data (those expire on their own timeout)."""
    return int(hashlib.sha256(repr(versions).encode()).hexdigest()[:15], 16)


# --- the shared cache's page fragments, when its store is away ---------------------------------------------------
# In production the default cache is Redis (REDIS_URL). The pages keep fragments there (a deck list's rows and their
# legality): a saving, never the only copy. Read and written unguarded, a Redis that was away made `/decks/` and
# `/decks/public/` answer 500; now a page builds what it did not find and goes on. After a failure the store is left
# alone for STORE_AWAY_SECONDS in this process, so a Redis that does not answer costs a page one timeout
# (REDIS_TIMEOUT_SECONDS) per period, not two per page.

STORE_AWAY_SECONDS = 5.0
_store_away_until = 0.0


def _store_errors() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError)  # redis-py's errors; a socket's or a file cache's directory


def _store_failed(operation: str, error: BaseException) -> None:
    global _store_away_until
    _store_away_until = time.monotonic() + STORE_AWAY_SECONDS
    logger.warning("cache store unreachable, %s skipped for %ss: %s: %s", operation, STORE_AWAY_SECONDS,
                   type(error).__name__, error)  # fmt: skip


def shared_cache_get_many(keys: list[str], *, version: int) -> dict:
    """`cache.get_many`, or nothing found while the cache's store is away (the caller builds the values)."""
    from django.core.cache import cache

    if time.monotonic() < _store_away_until:
        return {}
    try:
        return cache.get_many(keys, version=version)
    except _store_errors() as error:
        _store_failed("read", error)
        return {}


def shared_cache_set_many(values: dict, timeout: float, *, version: int) -> None:
    """`cache.set_many`, or nothing kept while the cache's store is away (the next page builds them again)."""
    from django.core.cache import cache

    if not values or time.monotonic() < _store_away_until:
        return
    try:
        cache.set_many(values, timeout, version=version)
    except _store_errors() as error:
        _store_failed("write", error)


def shared_cache_store_reset() -> None:
    """Forget a failure (tests; a process that knows its store is back)."""
    global _store_away_until
    _store_away_until = 0.0


# --- make run's rate-limit store ------------------------------------------------------------------------------------


class KeptOpenDiskCache(DjangoCache):
    """diskcache's Django cache (one SQLite file shared by the processes: settings.CACHES["throttle"] without Redis)
    with its connection kept between requests. Django closes every cache at the end of each request
    (`request_finished` -> `close_caches`); for this store that closed the thread's SQLite connection, so every
    request opened it again (reading its settings back, about 6 statements) and closed the last connection of a
    write-ahead-logged file (a checkpoint): 46 ms a ping on a loaded machine, where a count takes 0.6 ms. diskcache
    opens a connection per thread, and again in a forked process, so one kept open is never shared."""

    def close(self, **kwargs: Any) -> None:
        pass
