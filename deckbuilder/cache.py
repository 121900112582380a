"""Caches of values built from the database, keyed by the data version they were built from.

A legality check needs the card catalogue's indexes, the formats and the Hall of Fame lists: reading them per
request would cost far more than the check. Each process keeps them and asks a cheap data version (one aggregate
query, at most every `DATA_VERSION_CHECK_SECONDS`) before using them: the version is part of the cache key, so after
an import or an admin edit (a new version) no answer comes from the older data. The memory is bounded by
`functools.lru_cache` (the least recently used entries go first), and one lock per cached function makes the
requests that arrive together after an import wait for one build instead of each starting its own.
"""

import functools
import hashlib
import threading
from collections.abc import Callable, Hashable
from typing import Any


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
