"""Caches of values built from the database, keyed by the data version they were built from.

A legality check needs the card catalogue's indexes, the formats and the Hall of Fame lists: reading them per
request would cost far more than the check. Each process keeps them and asks a cheap data version (a row per game
read by its key, or one aggregate query over a small table; at most every `DATA_VERSION_CHECK_SECONDS`, and at most
once per request: cards.selectors.version_check) before using them: the version is part of the cache key, so after
an import or an admin edit (a new version) no answer comes from the older data. The memory is bounded by
`functools.lru_cache` (the least recently used entries go first), and one lock per cached function makes the
requests that arrive together after an import wait for one build instead of each starting its own.
"""

import contextlib
import dataclasses
import functools
import hashlib
import logging
import math
import os
import pickle
import struct
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

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


class SharedMapCache(BaseCache):
    """A Django cache in one LMDB file that every process of the machine maps into its memory: the rate limits'
    counts under `make run` (settings.CACHES["throttle"] without Redis), which every web process must share.

    A count is a read and a write of one key's history (DRF's throttles) inside one write transaction (`locked()`):
    LMDB lets one writer in at a time through a mutex in its lock file, which a process that dies holding it frees
    (a robust mutex), and readers never wait. No write reaches the disk per count (`sync=False`: a crash may lose
    the last counts, never the file); a count took 7 microseconds here where diskcache's SQLite transaction took 150.
    What is left of its cost is a wait, not CPU: opening and committing a write transaction lets go of the
    interpreter lock, and a thread of the same process that takes it meanwhile (a decklist check) can keep the
    holder of the map's writer mutex waiting for it, and every other process's count with it: a ping's p50 under
    four clients is about 1.2x that of counting in each process's memory (which let twice the limit through), a ping
    beside four clients' checks about 2x. The file is a fixed map (`MAP_SIZE`, sparse on
    disk): every `PRUNE_EVERY` writes of a process the expired entries are deleted, and while more than half the map
    is used (a flood from many addresses), the entries that expire soonest go too, as a full cache evicts. A write
    that finds the map full anyway is refused (the store failed: its request answers 503, never let through
    uncounted) and the next write prunes first.

    Each process opens the file once, shared by its threads (Django makes a cache object per thread; LMDB allows one
    open of a file per process), again after a fork (an LMDB environment must not cross one: the child's inherited
    handle is closed, which releases nothing of the parent's), and keeps it open across requests (Django closes every
    cache after each request)."""

    PRUNE_EVERY = 1000

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        self._path = os.path.abspath(location)
        self._map_size = int(params.get("OPTIONS", {}).get("MAP_SIZE", 512 * 2**20))
        self._local = threading.local()

    def _map(self) -> "_OpenMap":
        opened = _open_maps.get(self._path)
        if opened is not None and opened.pid == os.getpid():
            return opened
        with _opening:
            opened = _open_maps.get(self._path)
            if opened is None or opened.pid != os.getpid():
                if opened is not None:
                    opened.environment.close()  # inherited from the parent: its fcntl locks are not this process's
                _open_maps[self._path] = opened = _OpenMap.open(self._path, self._map_size)
        return opened

    def _environment(self) -> Any:
        return self._map().environment

    @contextlib.contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Any]:
        held = getattr(self._local, "transaction", None)
        if held is not None:
            yield held
            return
        with self._environment().begin(write=write) as transaction:  # commits at the end, aborts on an exception
            yield transaction

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The calls of this thread inside the block are one write transaction: a read and a write of a count that no
        other process or thread interleaves."""
        import lmdb

        if getattr(self._local, "transaction", None) is not None:
            yield
            return
        opened = self._map()
        if opened.prune_due:
            self._prune(opened)
        try:
            with self._transaction(write=True) as transaction:
                self._local.transaction = transaction
                try:
                    yield
                finally:
                    self._local.transaction = None
        except lmdb.MapFullError:
            opened.prune_due = True  # this count is lost (the request is refused); the next write makes room first
            raise

    # the values: 8 bytes of expiry (a time.time(); infinity for never), then the pickled value

    @staticmethod
    def _pack(value: Any, expiry: float | None) -> bytes:
        return struct.pack("<d", math.inf if expiry is None else expiry) + pickle.dumps(value, pickle.HIGHEST_PROTOCOL)

    @staticmethod
    def _expiry(raw: bytes) -> float:
        return struct.unpack_from("<d", raw)[0]

    def _live(self, raw: bytes | None) -> bool:
        return raw is not None and self._expiry(raw) > time.time()

    def _put(self, transaction: Any, key: bytes, value: Any, timeout: Any) -> None:
        transaction.put(key, self._pack(value, self.get_backend_timeout(timeout)))
        opened = self._map()
        opened.writes += 1
        if opened.writes % self.PRUNE_EVERY == 0:
            opened.prune_due = True

    def _prune(self, opened: "_OpenMap") -> None:
        """Deletes the expired entries; and while more than half the map is used, the soonest to expire, down to a
        quarter (a write needs free pages: even a delete copies the pages it changes, so a map is never let fill)."""
        opened.prune_due = False
        now = time.time()
        environment = opened.environment
        with environment.begin(write=True) as transaction:
            entries = sorted((self._expiry(raw), key) for key, raw in transaction.cursor())
            pages = transaction.stat(environment.open_db())
            used = (pages["branch_pages"] + pages["leaf_pages"] + pages["overflow_pages"]) * pages["psize"]
            expired = sum(1 for expiry, _ in entries if expiry <= now)
            keep = len(entries) - expired
            if used > opened.map_size // 2:
                keep = min(keep, int(len(entries) * opened.map_size / 4 / used))
            for _, key in entries[: len(entries) - keep]:
                transaction.delete(key)

    # Django's cache API

    def _key(self, key: Any, version: int | None) -> bytes:
        return self.make_and_validate_key(key, version=version).encode()

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        with self._transaction(write=False) as transaction:
            raw = transaction.get(self._key(key, version))
        return pickle.loads(raw[8:]) if self._live(raw) else default

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        with self.locked():
            self._put(self._local.transaction, self._key(key, version), value, timeout)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        with self.locked():
            transaction, name = self._local.transaction, self._key(key, version)
            if self._live(transaction.get(name)):
                return False
            self._put(transaction, name, value, timeout)
            return True

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        with self.locked():
            transaction, name = self._local.transaction, self._key(key, version)
            raw = transaction.get(name)
            if not self._live(raw):
                return False
            self._put(transaction, name, pickle.loads(raw[8:]), timeout)
            return True

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        with self.locked():
            transaction, name = self._local.transaction, self._key(key, version)
            raw = transaction.get(name)
            if not self._live(raw):
                raise ValueError(f"Key '{key}' not found")
            value = pickle.loads(raw[8:]) + delta
            transaction.put(name, raw[:8] + pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
            return value

    def delete(self, key: Any, version: int | None = None) -> bool:
        with self.locked():
            return bool(self._local.transaction.delete(self._key(key, version)))

    def has_key(self, key: Any, version: int | None = None) -> bool:
        with self._transaction(write=False) as transaction:
            return self._live(transaction.get(self._key(key, version)))

    def clear(self) -> None:
        with self.locked():
            transaction = self._local.transaction
            for key in list(transaction.cursor().iternext(values=False)):
                transaction.delete(key)

    def close(self, **kwargs: Any) -> None:
        """Kept open: Django closes every cache after each request; the map is the process's until it ends."""


@dataclasses.dataclass
class _OpenMap:
    """A process's one open of a shared map's file, and its pruning schedule."""

    pid: int
    environment: Any  # lmdb.Environment
    map_size: int
    writes: int = 0
    prune_due: bool = False

    @classmethod
    def open(cls, path: str, map_size: int) -> "_OpenMap":
        import lmdb

        os.makedirs(path, exist_ok=True)  # a file in the way raises: the store is away
        environment = lmdb.open(path, map_size=map_size, sync=False, metasync=False)
        environment.reader_check()  # the read slots of processes that died
        return cls(os.getpid(), environment, environment.info()["map_size"])


_open_maps: dict[str, _OpenMap] = {}
_opening = threading.Lock()
