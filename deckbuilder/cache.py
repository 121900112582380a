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
import ctypes
import dataclasses
import fcntl
import functools
import hashlib
import logging
import math
import mmap
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
    """A Django cache in one file that every process of the machine maps into its memory: the rate limits' counts
    under `make run` (settings.CACHES["throttle"] without Redis), which every web process must share.

    A count is a read and a write of one key's history (DRF's throttles) under one lock (`locked()`): a thread lock for
    the process's threads, then an `flock` of the store's lock file for the processes (the kernel frees it when its
    holder dies). Nothing inside lets go of the interpreter lock: the file lock is tried without waiting through libc
    called with the interpreter lock held (waiting, when another process holds it, lets go as any wait does), and the
    values are read and written in the mapped memory. That is the point of this store. LMDB's write transaction
    (tried first) let go of the interpreter lock as it began and committed: whenever another thread of that process
    took it meanwhile (a decklist check runs for milliseconds), the count waited for it holding the writer's mutex, and
    every other process's count waited too. A ping's p50 under four clients was 1.2x, and beside four clients'
    decklist checks 2x, that of counting in each process's memory; diskcache's SQLite file (one transaction per
    count, 150 microseconds of CPU) 1.7x and more.

    The file holds SLOTS slots of SLOT_BYTES (sparse on disk: only the slots written take space): a key's slot is
    found from its digest among PROBE slots in a row; a key that finds none free takes the one whose value expires
    soonest (a full cache evicts, as Django's do). A slot: the key's digest (8 bytes), its expiry (a time.time(), 8
    bytes, infinity for never), the value's length (4 bytes), the pickled value. A value that does not fit a slot
    (a history longer than the largest limit's) raises SharedMapValueTooLarge: the store failed, its request answers
    503, never let through uncounted.

    Each process opens the files once, shared by its threads (Django makes a cache object per thread), again after a
    fork (a lock file's descriptor shared with the parent would hold one lock for both), and keeps them open across
    requests (Django closes every cache after each request)."""

    SLOTS = 8192
    SLOT_BYTES = 32 * 1024  # a history of 3,000 counts (the `user` limit) pickles to 27 KB; the settings size them
    # from the largest rate (deckbuilder.settings.shared_map_options), each geometry in a file of its own
    PROBE = 8

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        self._path = os.path.abspath(location)
        options = params.get("OPTIONS", {})
        self._slots = int(options.get("SLOTS", self.SLOTS))
        self._slot_bytes = int(options.get("SLOT_BYTES", self.SLOT_BYTES))

    def _map(self) -> "_OpenMap":
        where = (self._path, self._slots, self._slot_bytes)
        opened = _open_maps.get(where)
        if opened is not None and opened.pid == os.getpid():
            return opened
        with _opening:
            opened = _open_maps.get(where)
            if opened is None or opened.pid != os.getpid():
                _open_maps[where] = opened = _OpenMap.open(*where)
        return opened

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The calls of this thread inside the block are one count: a read and a write that no other thread or
        process interleaves."""
        opened = self._map()
        if opened.holder == threading.get_ident():
            yield
            return
        with opened.threads:
            opened.lock_file()
            opened.holder = threading.get_ident()
            try:
                yield
            finally:
                opened.holder = None
                opened.unlock_file()

    # the slots

    def validate_key(self, key: str) -> None:
        """Any key: a slot holds a key's digest, never the key (Django warns of keys memcached could not hold, a
        walk over every character of the key on each read and write of every request's count)."""

    def _digest(self, key: Any, version: int | None) -> int:
        digest = hashlib.blake2b(self.make_key(key, version=version).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little") or 1  # 0 marks a free slot

    def _find(self, memory: mmap.mmap, digest: int) -> tuple[int | None, int]:
        """The offset of the key's slot (None when it has none), and of the slot it would take."""
        size, count = self._slot_bytes, self._slots
        first = digest % count
        take, take_expiry, now = -1, math.inf, time.time()
        for step in range(self.PROBE):
            offset = ((first + step) % count) * size
            held, expiry = _HEAD.unpack_from(memory, offset)[:2]
            if held == digest:
                return offset, offset
            if held == 0 or expiry <= now:
                if take_expiry > -math.inf:
                    take, take_expiry = offset, -math.inf  # a free slot goes before any live one
            elif expiry < take_expiry:
                take, take_expiry = offset, expiry
        return None, take

    def _read(self, memory: mmap.mmap, offset: int | None) -> tuple[bool, Any]:
        """The slot's value, when it holds one that has not expired. A slot that cannot be read (a length beyond it,
        bytes that do not unpickle: the file changed by something else than this store) holds nothing: the count
        starts again, rather than every request of that key answering a 500."""
        if offset is None:
            return False, None
        _held, expiry, length = _HEAD.unpack_from(memory, offset)
        if expiry <= time.time() or not 0 <= length <= self._slot_bytes - _HEAD.size:
            return False, None
        start = offset + _HEAD.size
        try:
            return True, pickle.loads(memory[start : start + length])
        except Exception:  # noqa: BLE001  # whatever unpickling garbage raises
            return False, None

    def _write(self, memory: mmap.mmap, offset: int, digest: int, value: Any, timeout: Any) -> None:
        data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        if len(data) > self._slot_bytes - _HEAD.size:
            raise SharedMapValueTooLarge(f"a value of {len(data)} bytes does not fit the shared map's slots")
        expiry = self.get_backend_timeout(timeout)
        start = offset + _HEAD.size
        memory[start : start + len(data)] = data
        _HEAD.pack_into(memory, offset, digest, math.inf if expiry is None else expiry, len(data))

    # Django's cache API

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            found, value = self._read(memory, self._find(memory, digest)[0])
        return value if found else default

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            self._write(memory, self._find(memory, digest)[1], digest, value, timeout)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            held, take = self._find(memory, digest)
            if self._read(memory, held)[0]:
                return False
            self._write(memory, take, digest, value, timeout)
            return True

    def update(
        self,
        key: Any,
        change: Callable[[Any], tuple[Any, Any]],
        timeout: Any = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> Any:
        """Read, change and write one key as one step, under the lock and with one lookup of its slot (a rate limit's
        count: api.throttling): `change(value)` gets the live value (None when there is none) and returns the value
        to write (None: nothing written) and the answer, which `update` returns."""
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            held, take = self._find(memory, digest)
            found, value = self._read(memory, held)
            written, answer = change(value if found else None)
            if written is not None:
                self._write(memory, take, digest, written, timeout)
            return answer

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            held = self._find(memory, digest)[0]
            found, value = self._read(memory, held)
            if found and held is not None:
                self._write(memory, held, digest, value, timeout)
            return found

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            held = self._find(memory, digest)[0]
            found, value = self._read(memory, held)
            if not found or held is None:
                raise ValueError(f"Key '{key}' not found")
            expiry = _HEAD.unpack_from(memory, held)[1]
            self._write(memory, held, digest, value + delta, None if expiry == math.inf else expiry - time.time())
            return value + delta

    def delete(self, key: Any, version: int | None = None) -> bool:
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            held = self._find(memory, digest)[0]
            found = self._read(memory, held)[0]
            if held is not None:
                _HEAD.pack_into(memory, held, 0, 0.0, 0)
            return found

    def has_key(self, key: Any, version: int | None = None) -> bool:
        digest = self._digest(key, version)
        with self.locked():
            memory = self._map().memory
            return self._read(memory, self._find(memory, digest)[0])[0]

    def clear(self) -> None:
        with self.locked():
            self._map().empty()

    def close(self, **kwargs: Any) -> None:
        """Kept open: Django closes every cache after each request; the map is the process's until it ends."""


class SharedMapValueTooLarge(Exception):
    """A value larger than the shared map's slots: not stored."""


_HEAD = struct.Struct("<Qdi")  # a slot's key digest, expiry and value length
_LIBC = ctypes.PyDLL(None)  # libc's functions called holding the interpreter lock (PyDLL): no thread switch there


@dataclasses.dataclass
class _OpenMap:
    """A process's one open of a shared map's files."""

    pid: int
    memory: mmap.mmap
    map_descriptor: int
    lock_descriptor: int
    threads: Any  # threading.Lock: one count of this process at a time (a file lock is the process's, not a thread's)
    holder: int | None = None  # the thread that holds the lock (a count's get and set inside its `locked()`)

    @classmethod
    def open(cls, path: str, slots: int, slot_bytes: int) -> "_OpenMap":
        """The map of `slots` slots of `slot_bytes`: a file of its own per geometry (counts-8192x32768.map), so that
        a store whose slots changed with the rates never reads another geometry's slots as its own."""
        os.makedirs(path, exist_ok=True)  # a file in the way raises: the store is away
        size = slots * slot_bytes
        name = f"counts-{slots}x{slot_bytes}.map"
        descriptor = os.open(os.path.join(path, name), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        lock = os.open(os.path.join(path, "counts.lock"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        if os.fstat(descriptor).st_size < size:
            os.ftruncate(descriptor, size)  # sparse: the slots take space as they are written
        memory = mmap.mmap(descriptor, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        return cls(os.getpid(), memory, descriptor, lock, threading.Lock())

    def empty(self) -> None:
        """Every slot free (under the lock: no other process reads the file meanwhile): the file cut to nothing and
        extended again, which frees its space and reads as zeros."""
        os.ftruncate(self.map_descriptor, 0)
        os.ftruncate(self.map_descriptor, len(self.memory))

    def lock_file(self) -> None:
        if _LIBC.flock(self.lock_descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB) != 0:
            fcntl.flock(self.lock_descriptor, fcntl.LOCK_EX)  # another process counts: wait, letting go meanwhile

    def unlock_file(self) -> None:
        if _LIBC.flock(self.lock_descriptor, fcntl.LOCK_UN) != 0:
            fcntl.flock(self.lock_descriptor, fcntl.LOCK_UN)


_open_maps: dict[tuple[str, int, int], _OpenMap] = {}  # by folder and geometry
_opening = threading.Lock()
