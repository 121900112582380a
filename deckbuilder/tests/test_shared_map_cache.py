"""deckbuilder.cache.SharedMapCache: `make run`'s rate-limit store, one file mapped by the machine's processes."""

import multiprocessing
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deckbuilder.cache import SharedMapCache, SharedMapValueTooLarge

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


def test_a_block_reads_its_own_writes_and_holds_the_others_off(tmp_path):
    import threading

    cache = store(tmp_path)
    cache.set("count", 1)
    other_done = threading.Event()

    def other_thread():
        cache_of_thread = store(tmp_path)  # Django makes a cache object per thread
        cache_of_thread.set("count", cache_of_thread.get("count") * 10)
        other_done.set()

    with cache.locked():
        cache.set("count", cache.get("count") + 1)
        other = threading.Thread(target=other_thread)
        other.start()
        assert not other_done.wait(0.2)  # it waits for the block
        assert cache.get("count") == 2
    other.join(5)
    assert cache.get("count") == 20


def test_a_flood_of_keys_takes_the_slots_of_the_soonest_to_expire(tmp_path):
    cache = SharedMapCache(str(tmp_path), {"OPTIONS": {"SLOTS": 16, "SLOT_BYTES": 4096}})
    for n in range(200):  # far more keys than slots
        cache.set(f"client-{n}", n, 60 + n)
    assert cache.get("client-199") == 199  # the latest stay
    assert cache.get("client-0") is None  # the soonest to expire went


def test_a_value_larger_than_a_slot_is_refused_and_the_store_goes_on(tmp_path):
    cache = SharedMapCache(str(tmp_path), {"OPTIONS": {"SLOTS": 16, "SLOT_BYTES": 4096}})
    cache.set("before", 1)
    with pytest.raises(SharedMapValueTooLarge):  # the store failed: the throttle answers 503, never lets it through
        cache.set("huge", b"x" * 8192)
    cache.set("after", 2)
    assert (cache.get("before"), cache.get("huge"), cache.get("after")) == (1, None, 2)


def test_a_count_never_lets_go_of_the_interpreter_lock(tmp_path):
    """A busy thread of the same process (a decklist check) would otherwise take it in the middle of a count and keep
    every other process's count waiting. A thread that never waits counts its turns: it must run inside almost no
    count (only where the interpreter forces a switch, every 5 ms here; a count takes microseconds)."""
    import threading

    cache = store(tmp_path)
    stop, turns = threading.Event(), [0]

    def busy() -> None:
        while not stop.is_set():
            turns[0] += 1

    switch = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    thread = threading.Thread(target=busy)
    thread.start()
    interrupted = 0
    try:
        for _ in range(200):
            before = turns[0]
            with cache.locked():  # the lock taken and given back included
                cache.set("count", (cache.get("count") or 0) + 1)
            interrupted += turns[0] != before
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(switch)
    assert cache.get("count") == 200
    assert interrupted < 20


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
        assert (cache.get("held"), cache.get("after")) == (1, 1)  # what it wrote before it died stays; the rest goes on
    finally:
        holder.kill()


def test_a_slot_that_cannot_be_read_holds_nothing(tmp_path):
    """Bytes this store did not write (a length beyond the slot, garbage that does not unpickle): the key's count
    starts again, never a 500 for every request of that key."""
    from deckbuilder.cache import _HEAD

    cache = store(tmp_path, SLOTS=16, SLOT_BYTES=4096)
    cache.set("garbled", [1.0, 2.0])
    cache.set("too-long", [1.0, 2.0])
    memory = cache._map().memory
    garbled = cache._find(memory, cache._digest("garbled", None))[0]
    memory[garbled + _HEAD.size : garbled + _HEAD.size + 4] = b"\xff\xfe\xfd\xfc"
    too_long = cache._find(memory, cache._digest("too-long", None))[0]
    digest, expiry, _length = _HEAD.unpack_from(memory, too_long)
    _HEAD.pack_into(memory, too_long, digest, expiry, 10**6)
    assert (cache.get("garbled"), cache.get("too-long")) == (None, None)
    cache.set("garbled", [3.0])
    assert cache.get("garbled") == [3.0]


def test_each_geometry_has_its_own_file(tmp_path):
    """Slots resized with the rates never read the slots of the file of another size as their own."""
    small = store(tmp_path, SLOTS=16, SLOT_BYTES=4096)
    small.set("k", "small")
    large = store(tmp_path, SLOTS=16, SLOT_BYTES=8192)
    assert large.get("k") is None
    large.set("k", "large")
    assert (small.get("k"), large.get("k")) == ("small", "large")
    assert sorted(p.name for p in tmp_path.glob("*.map")) == ["counts-16x4096.map", "counts-16x8192.map"]


@pytest.mark.parametrize(
    "rates, slot_bytes, slots",
    [
        pytest.param(["600/min", "3000/min", "20/min"], 32 * 1024, 8192, id="the-defaults"),
        pytest.param([None, None], 32 * 1024, 8192, id="every-limit-lifted"),
        pytest.param(["600/min", "10000/hour"], 94208, 2849, id="a-longer-history-fewer-slots"),
        pytest.param(["100000/day"], 901120, 1024, id="the-largest-rate"),
    ],
)
def test_the_slots_hold_the_longest_history_of_the_rates(tmp_path, rates, slot_bytes, slots):
    from deckbuilder.settings import shared_map_options

    options = shared_map_options(rates)
    assert options == {"SLOT_BYTES": slot_bytes, "SLOTS": slots}
    longest = max((int(rate.partition("/")[0]) for rate in rates if rate), default=0)
    cache = store(tmp_path, **options)
    history = [time.time() + n / 1000 for n in range(longest)]  # DRF's throttle history: a time per request
    cache.set("history", history)
    assert cache.get("history") == history


@pytest.mark.parametrize(
    "before, change, answer, after",
    [
        pytest.param(None, lambda v: ([1.0], "new"), "new", [1.0], id="absent-written"),
        pytest.param([1.0], lambda v: ([2.0, *v], len(v)), 1, [2.0, 1.0], id="present-changed"),
        pytest.param([1.0], lambda v: (None, "kept"), "kept", [1.0], id="none-writes-nothing"),
        pytest.param(None, lambda v: (None, v), None, None, id="absent-left-absent"),
    ],
)
def test_update_reads_and_writes_a_key_in_one_step(tmp_path, before, change, answer, after):
    cache = store(tmp_path, SLOTS=16, SLOT_BYTES=4096)
    if before is not None:
        cache.set("k", before, 60)
    assert cache.update("k", change, 60) == answer
    assert cache.get("k") == after
