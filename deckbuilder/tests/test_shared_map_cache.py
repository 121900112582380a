"""deckbuilder.cache.SharedMapCache: `make run`'s rate-limit store, one LMDB map shared by the machine's processes."""

import multiprocessing
import signal
import subprocess
import sys
import time
from pathlib import Path

import lmdb
import pytest

from deckbuilder.cache import SharedMapCache

ROOT = Path(__file__).resolve().parents[2]


def store(path: Path, **options) -> SharedMapCache:
    return SharedMapCache(str(path), {"OPTIONS": options} if options else {})


# Django's cache API, as the throttles and a site's code use it: (calls, what the last one answers)
API = [
    pytest.param([("set", "k", [1.5, 2.5]), ("get", "k")], [1.5, 2.5], id="set-then-get"),
    pytest.param([("get", "absent")], None, id="absent-is-the-default"),
    pytest.param([("set", "k", 1, -1), ("get", "k")], None, id="an-expired-value-is-gone"),
    pytest.param([("set", "k", 1, 0), ("get", "k")], None, id="timeout-0-expires-at-once"),
    pytest.param([("set", "k", 1, None), ("get", "k")], 1, id="timeout-none-never-expires"),
    pytest.param([("add", "k", 1), ("add", "k", 2), ("get", "k")], 1, id="add-keeps-a-live-value"),
    pytest.param([("set", "k", 1, -1), ("add", "k", 2)], True, id="add-replaces-an-expired-one"),
    pytest.param([("set", "k", 5), ("incr", "k", 3)], 8, id="incr"),
    pytest.param([("set", "k", 5), ("delete", "k"), ("has_key", "k")], False, id="delete"),
    pytest.param([("delete", "absent")], False, id="delete-absent"),
    pytest.param([("set", "k", 5, -1), ("touch", "k", 60)], False, id="touch-an-expired-value"),
    pytest.param([("set", "k", 5, 1), ("touch", "k", None), ("get", "k")], 5, id="touch-then-get"),
    pytest.param([("set", "a", 1), ("set", "b", 2), ("clear",), ("get_many", ["a", "b"])], {}, id="clear"),
]


@pytest.mark.parametrize("calls, answer", API)
def test_the_cache_api(tmp_path, calls, answer):
    cache = store(tmp_path)
    for name, *arguments in calls:
        last = getattr(cache, name)(*arguments)
    assert last == answer


def test_incr_of_an_absent_key_raises_as_djangos_caches_do(tmp_path):
    with pytest.raises(ValueError):
        store(tmp_path).incr("absent")


def test_a_block_is_one_transaction_that_an_error_undoes(tmp_path):
    cache = store(tmp_path)
    cache.set("count", 1)
    with pytest.raises(RuntimeError), cache.locked():
        cache.set("count", cache.get("count") + 1)
        assert cache.get("count") == 2  # the block reads its own write
        raise RuntimeError
    assert cache.get("count") == 1


def test_expired_entries_are_pruned_every_so_many_writes(tmp_path, monkeypatch):
    monkeypatch.setattr(SharedMapCache, "PRUNE_EVERY", 3)
    cache = store(tmp_path)
    cache.set("old", 1, -1)
    cache.set("new", 2, 60)
    cache.set("third", 3, 60)  # the third write: the next write prunes first
    cache.set("fourth", 4, 60)
    with cache._environment().begin() as transaction:
        keys = {key.decode().rsplit(":", 1)[-1] for key, _ in transaction.cursor()}
    assert keys == {"new", "third", "fourth"}


def test_a_flood_of_keys_evicts_the_soonest_to_expire_before_the_map_fills(tmp_path, monkeypatch):
    monkeypatch.setattr(SharedMapCache, "PRUNE_EVERY", 16)
    cache = store(tmp_path, MAP_SIZE=512 * 1024)
    value = b"x" * 2000
    for n in range(1000):  # 2 MB of live counts through a map of 512 KB
        cache.set(f"client-{n}", value, 60 + n)
    assert cache.get("client-999") == value  # the latest stay
    assert cache.get("client-0") is None  # the soonest to expire went


def test_a_write_the_map_cannot_hold_is_refused_and_the_store_goes_on(tmp_path):
    cache = store(tmp_path, MAP_SIZE=256 * 1024)
    cache.set("before", 1)
    with pytest.raises(lmdb.MapFullError):  # the store failed: the throttle answers 503, never lets it through
        cache.set("huge", b"x" * 1024 * 1024)
    cache.set("after", 2)
    assert (cache.get("before"), cache.get("huge"), cache.get("after")) == (1, None, 2)


def _count_in_child(path: str) -> None:
    store(Path(path)).set("from-the-child", 1)


def test_a_forked_process_opens_its_own_map_and_shares_the_counts(tmp_path):
    cache = store(tmp_path)
    cache.set("from-the-parent", 1)  # opened in the parent before the fork, as a server's master might
    child = multiprocessing.get_context("fork").Process(target=_count_in_child, args=(str(tmp_path),))
    child.start()
    child.join(30)
    assert child.exitcode == 0
    assert (cache.get("from-the-parent"), cache.get("from-the-child")) == (1, 1)


_HOLDER = """
import sys, time
from deckbuilder.cache import SharedMapCache
cache = SharedMapCache(sys.argv[1], {})
with cache.locked():
    cache.set("held", 1)
    print("holding", flush=True)
    time.sleep(60)
"""


def test_a_process_killed_while_counting_frees_the_store(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "holding"
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        started = time.monotonic()
        cache = store(tmp_path)
        cache.set("after", 1)
        assert time.monotonic() - started < 1.0
        assert (cache.get("held"), cache.get("after")) == (None, 1)  # the dead count is undone, the store writable
    finally:
        holder.kill()
