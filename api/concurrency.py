"""A bound on the expensive requests a web process runs at once (decklist checks: CPU-bound Python).

With threaded workers (gunicorn.conf.py) every request gets a thread at once; without a bound, four clients sending
500-line decklists would keep every thread of every process busy with CPU work and a cheap request would wait for the
interpreter lock behind them. `ExpensiveRequestLimit` admits an expensive request after authentication, permissions
and throttles: EXPENSIVE_REQUESTS_PER_PROCESS (1) run, up to EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS (3) more wait for a
slot without using the CPU (at most EXPENSIVE_REQUEST_WAIT_SECONDS, 5), and anything beyond answers `503 SERVER_BUSY`
with `Retry-After` at once. So the expensive requests never hold more than 4 of a process's threads and never more
CPU than one core per process; the other threads stay free for cheap requests. One gate for all expensive endpoints of
the process, so two different expensive endpoints cannot together take the process's CPU either.

Refusing at once instead of letting a few wait was measured worse: clients that retry a 503 at once keep the process
busy with refusals, and the admitted check starves among them.

Across the processes of one machine, EXPENSIVE_REQUESTS_PER_SERVER (the cores but one) run at once: a process's
running slot also takes one of the server's slots, a file lock under EXPENSIVE_SLOTS_DIR (`flock`: the kernel gives
it back when its process dies). With one slot per process only, two processes on two cores each ran a check, both
cores were busy, and a ping waited for a core and for its process's interpreter lock: under 4 clients sending long
decklists its p99 was 4-7 x idle (bench/bench_hardening.py). With a core always left to cheap requests, the ping of
the other process never waits. Only the thread holding its process's slot asks for a server slot (the others wait
on the process's semaphore, without using the CPU); it tries at once, then every POLL_SECONDS until its deadline.
A light request (a body of at most LIGHT_REQUEST_BYTES: a player's decklist or deck, a search of a few words) takes
its process's slot only: it cannot hold a core for long, and four players searching at once on two cores were
measured 1.5-2 x slower when they queued for one core (bench/bench_http.py).
"""

import fcntl
import os
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from rest_framework.views import APIView

from api.codes import ApplicationError, ErrorCode

RETRY_AFTER_SECONDS = 1
POLL_SECONDS = 0.005


class ServerSlots:
    """`count` slots shared by every process of the machine: one lock file each under `folder`. 0: no bound."""

    def __init__(self, *, count: int, folder: Path):
        self.count, self.folder = count, folder
        self._held = threading.local()

    def take(self, deadline: float, *, after_a_wait: bool = False) -> bool:
        """A slot by `deadline`, or False. `after_a_wait`: the caller got its process's slot from another thread of
        the process just now (which gave the server's slot back too): it lets the other processes' pollers try
        first, for a random part of one interval, instead of always taking the slot again for its own process."""
        if self.count <= 0:
            return True
        self.folder.mkdir(parents=True, exist_ok=True)
        if after_a_wait:
            time.sleep(random.uniform(0, POLL_SECONDS))  # noqa: S311 -- a jitter, not a secret
        while True:
            for index in range(self.count):
                descriptor = os.open(self.folder / f"slot-{index}", os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    os.close(descriptor)
                    continue
                self._held.descriptor = descriptor
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(POLL_SECONDS)

    def give(self) -> None:
        descriptor = getattr(self._held, "descriptor", None)
        if descriptor is not None:
            self._held.descriptor = None
            os.close(descriptor)  # closing the only descriptor of the open file releases its lock


class Gate:
    """`slots` run at once, `queue` more wait for one; `enter` says whether the caller got a slot."""

    def __init__(self, *, slots: int, queue: int, server: ServerSlots | None = None):
        self.slots, self.queue = slots, queue
        self.server = server or ServerSlots(count=0, folder=Path())
        self._held = threading.local()  # whether this thread's slot took one of the machine's too
        self._running = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self._admitted = 0

    def enter(self, *, wait_seconds: float, light: bool = False) -> bool:
        """`light`: a request too small to hold a core for long (LIGHT_REQUEST_BYTES) takes its process's slot only,
        not one of the machine's."""
        with self._lock:
            if self._admitted >= self.slots + self.queue:
                return False
            self._admitted += 1
        deadline = time.monotonic() + wait_seconds
        at_once = self._running.acquire(blocking=False)
        if at_once or self._running.acquire(timeout=wait_seconds):
            if light or self.server.take(deadline, after_a_wait=not at_once):
                self._held.machine = not light
                return True
            self._running.release()
        with self._lock:
            self._admitted -= 1
        return False

    def leave(self) -> None:
        if getattr(self._held, "machine", False):
            self._held.machine = False
            self.server.give()
        self._running.release()
        with self._lock:
            self._admitted -= 1


_gate: list = [None]
_gate_lock = threading.Lock()


def expensive_gate() -> Gate:
    slots = int(getattr(settings, "EXPENSIVE_REQUESTS_PER_PROCESS", 1))
    queue = int(getattr(settings, "EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS", 3))
    server = (int(getattr(settings, "EXPENSIVE_REQUESTS_PER_SERVER", 0)), Path(settings.EXPENSIVE_SLOTS_DIR))
    with _gate_lock:
        gate = _gate[0]
        if gate is None or (gate.slots, gate.queue, gate.server.count, gate.server.folder) != (slots, queue, *server):
            # first use, or the settings changed (tests)
            gate = _gate[0] = Gate(slots=slots, queue=queue, server=ServerSlots(count=server[0], folder=server[1]))
        return gate


def is_light(request) -> bool:
    """A request whose body is at most LIGHT_REQUEST_BYTES (a player's decklist, an editor's deck, a small batch is
    not): it cannot hold a core for long, so it needs no core of the machine's of its own. A body sent chunked, without
    a Content-Length, is light too: Django reads CONTENT_LENGTH bytes of a body, none there, so its view sees none."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return length <= int(getattr(settings, "LIGHT_REQUEST_BYTES", 4096))


def gate_enter(*, light: bool = False) -> Gate:
    """A slot of the process's gate, or 503 SERVER_BUSY (with Retry-After) when none frees in time. The caller gives
    it back with `leave()` in a `finally`, or uses `expensive_slot()`."""
    gate = expensive_gate()
    if not gate.enter(wait_seconds=float(getattr(settings, "EXPENSIVE_REQUEST_WAIT_SECONDS", 5)), light=light):
        raise ApplicationError(
            ErrorCode.SERVER_BUSY,
            "The server is busy with other expensive requests (decklist checks, card searches); try again in a moment.",
            {"retry_after_seconds": RETRY_AFTER_SECONDS},
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    return gate


_view_slot = threading.local()  # the thread serves an ExpensiveRequestLimit view that holds a slot for all its work


@contextmanager
def expensive_slot(*, light: bool = False) -> Iterator[None]:
    """The expensive work of a view that is not an ExpensiveRequestLimit (a page's JSON endpoint): one gate for all.
    Inside an ExpensiveRequestLimit view (the card search API) the view's own slot covers it: nothing more is taken
    (a second slot of the same request would wait for the first, and be refused once every slot is held)."""
    if getattr(_view_slot, "held", False):
        yield
        return
    gate = gate_enter(light=light)
    try:
        yield
    finally:
        gate.leave()


class ExpensiveRequestLimit(APIView):
    """The base of the API views of expensive operations: at most a few run at once per process.

    The slot is taken in `initial` (after authentication, permissions and throttles) and given back in a `finally`
    around the whole dispatch: whatever happens after it was taken (an answer, a coded error, an exception that no
    handler turns into a response), the slot comes back. Giving it back in `finalize_response` leaked it whenever an
    exception escaped DRF's handling, and one leaked slot per process refused every later check for good.

    The answer is rendered (its JSON encoded) inside the slot too: Django renders a DRF response only after the view
    has returned, and a batch's or a 200-card search page's JSON (megabytes) was encoded outside the gate, by as many
    threads at once as clients sent them, taking the CPU the gate is there to keep for cheap requests."""

    _gate_held: Gate | None = None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        request.data  # noqa: B018 -- parse (and refuse a hostile body: api/parsers.py) before a slot is taken
        self._gate_held = gate_enter(light=self.is_light(request))
        _view_slot.held = True

    def is_light(self, request) -> bool:
        """Whether this request is too small to need a core of the machine's (api.concurrency.is_light); a view whose
        cost is not in its body's size says so itself."""
        return is_light(request)

    def dispatch(self, request, *args, **kwargs):
        try:
            response = super().dispatch(request, *args, **kwargs)
            render = getattr(response, "render", None)
            if self._gate_held is not None and callable(render):
                render()  # the JSON encoded inside the slot (Django's later render() does nothing then)
            return response
        finally:
            _view_slot.held = False
            gate, self._gate_held = self._gate_held, None
            if gate is not None:
                gate.leave()
