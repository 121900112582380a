"""Decklist checks are bounded per web process (api/concurrency.py): one runs, a few wait for it without using the CPU,
more answer 503 SERVER_BUSY with Retry-After at once; cheap endpoints are not bounded, and a slot comes back after
every answer, errors included."""

import json
import threading

import pytest
from rest_framework.test import APIClient

from api import concurrency
from regulations.tests.test_apis import filler_text

CHECK = ("/api/v1/legality/", {"text": filler_text(40), "as_of": "2013-01-01"})
BATCH = ("/api/v1/legality/batch/", {"decks": [{"text": filler_text(40)}], "as_of": "2013-01-01"})


@pytest.fixture
def gate(settings):
    """One slot, no room to wait, no waiting: the smallest gate."""
    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 0
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    return concurrency.expensive_gate()


@pytest.fixture
def slot_taken(gate):
    """Another thread of this process holds the slot (a long decklist check in progress)."""
    assert gate.enter(wait_seconds=0)
    yield
    gate.leave()


ODDS_REPORT = ("/api/v1/odds/report/", {"text": filler_text(40)})
ODDS_QUERY = ("/api/v1/odds/", {"text": filler_text(40), "queries": [{"cards": ["x"]}]})


@pytest.mark.parametrize(
    ("url", "body"),
    [
        pytest.param(*CHECK, id="check"),
        pytest.param(*BATCH, id="batch"),
        pytest.param(*ODDS_REPORT, id="odds-report"),  # the odds read a decklist as the check does
        pytest.param(*ODDS_QUERY, id="odds-query"),
    ],
)
def test_a_check_finding_the_gate_full_answers_503_server_busy(hof, slot_taken, url, body):
    response = APIClient().post(url, body, format="json")
    assert response.status_code == 503
    assert response["Retry-After"] == "1"
    error = response.json()["error"]
    assert (error["code"], error["details"]) == ("SERVER_BUSY", {"retry_after_seconds": 1})


def test_cheap_endpoints_are_not_bounded(hof, slot_taken):
    assert APIClient().get("/api/v1/ping/").status_code == 200
    assert APIClient().get("/api/v1/formats/").status_code == 200


@pytest.mark.parametrize(
    "first",
    [
        pytest.param({"text": filler_text(40)}, id="after-an-answer"),
        pytest.param({"text": ""}, id="after-a-400"),
        pytest.param({"text": "4 x", "format": "nope"}, id="after-an-unknown-format"),
    ],
)
def test_the_slot_comes_back_after_every_answer(hof, gate, first):
    client = APIClient()
    client.post("/api/v1/legality/", first, format="json")
    assert client.post(*CHECK, format="json").status_code == 200


@pytest.mark.parametrize(
    ("queue", "wait_seconds", "second_status"),
    [
        pytest.param(0, 5, 503, id="no-room-to-wait-refused-at-once"),
        pytest.param(1, 0.2, 503, id="waited-too-long-refused"),
        pytest.param(1, 10, 200, id="waits-for-the-slot-and-runs"),
    ],
)
def test_a_check_beyond_the_slot_waits_within_the_queue_or_is_refused(
    hof, settings, monkeypatch, queue, wait_seconds, second_status
):
    """Two threads: the first holds the slot inside its check until the second has been answered (or, when the
    second may wait, until it is waiting)."""
    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = queue
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = wait_seconds
    from games.dm import legality as services  # the Duel Masters check the API reaches through the registry

    inside, leave = threading.Event(), threading.Event()
    real = services.legality_report

    def slow(**kwargs):
        if not inside.is_set():
            inside.set()
            leave.wait(10)
        return real(**kwargs)

    monkeypatch.setattr(services, "legality_report", slow)
    statuses = []
    first = threading.Thread(target=lambda: statuses.append(APIClient().post(*CHECK, format="json").status_code))
    first.start()
    assert inside.wait(10)
    if second_status == 200:
        threading.Timer(0.3, leave.set).start()  # the first check ends while the second waits
    second = APIClient().post(*CHECK, format="json")
    leave.set()
    first.join(10)
    assert (second.status_code, statuses) == (second_status, [200])


class _Raising(concurrency.ExpensiveRequestLimit):
    """A gated view whose work raises, with DRF's own handler (which answers None for a non-DRF exception): the
    exception escapes the view, as any exception escaped before api.errors handled every one."""

    permission_classes: list = []
    authentication_classes: list = []
    throttle_classes: list = []

    def get_exception_handler(self):
        from rest_framework.views import exception_handler

        return exception_handler

    def post(self, request):
        raise RuntimeError("a bug inside the check")


def test_the_slot_comes_back_when_an_exception_escapes_the_view(gate):
    from rest_framework.test import APIRequestFactory

    with pytest.raises(RuntimeError):
        _Raising.as_view()(APIRequestFactory().post("/gated/", {}, format="json"))
    assert gate.enter(wait_seconds=0)  # the slot is free again (it stayed taken when released in finalize_response)
    gate.leave()


HUGE_INTEGER = b'{"text": 1' + b"0" * 5000 + b"}"  # over Python's 4,300 digits: int() raises ValueError


@pytest.mark.parametrize(
    "failure",
    [
        pytest.param("huge-integer", id="huge-integer-body"),
        pytest.param(RecursionError, id="recursion-error-in-the-check"),
        pytest.param(ValueError, id="value-error-in-the-check"),
    ],
)
def test_the_slot_comes_back_after_a_request_that_raised(hof, gate, monkeypatch, failure):
    """The finding: four anonymous bodies with a 5,000-digit integer left every later decklist check waiting 5 s for
    a 503, until a restart."""
    client = APIClient(raise_request_exception=False)
    if failure == "huge-integer":
        send = lambda: client.post("/api/v1/legality/", HUGE_INTEGER, content_type="application/json")  # noqa: E731
    else:
        from games.dm import legality as services  # the Duel Masters check the API reaches through the registry

        def broken(**kwargs):
            raise failure("inside the check")

        monkeypatch.setattr(services, "legality_report", broken)
        send = lambda: client.post(*CHECK, format="json")  # noqa: E731
    for _ in range(4):
        answer = send()
        assert answer.status_code in (400, 500)
        assert answer["Content-Type"] == "application/json"
    monkeypatch.undo()
    assert client.post(*CHECK, format="json").status_code == 200


def test_the_answer_is_rendered_while_the_slot_is_held(hof, gate, monkeypatch):
    """Django renders a DRF answer after the view returns: a batch's JSON (megabytes) was encoded outside the gate.
    Now inside it: while the answer is rendered, no other expensive request gets the slot."""
    from api.renderers import JSONRenderer

    held = []
    real = JSONRenderer.render

    def render(self, data, *args, **kwargs):
        other = gate.enter(wait_seconds=0)
        held.append(not other)
        if other:
            gate.leave()
        return real(self, data, *args, **kwargs)

    monkeypatch.setattr(JSONRenderer, "render", render)
    url, body = BATCH
    assert APIClient().post(url, json.dumps(body), content_type="application/json").status_code == 200
    assert held == [True]
    assert gate.enter(wait_seconds=0)  # and given back after
    gate.leave()


HOLD_A_SLOT = """
import fcntl, os, sys, time
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(descriptor, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(60)
"""


@pytest.fixture
def other_process_holds_a_slot(settings):
    """Another web process of the machine runs a check: it holds the server's only slot (a lock file)."""
    import subprocess
    import sys
    from pathlib import Path

    settings.EXPENSIVE_REQUESTS_PER_SERVER = 1
    folder = Path(settings.EXPENSIVE_SLOTS_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_A_SLOT, str(folder / "slot-0")], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout.readline() == "held\n"
    yield holder
    holder.kill()
    holder.wait()


HEAVY_CHECK = (CHECK[0], {**CHECK[1], "text": CHECK[1]["text"] + "\n" * 5000})  # a body over LIGHT_REQUEST_BYTES
HEAVY_SEARCH = "/api/v1/cards/?page_size=200&q=a"


@pytest.mark.parametrize(
    ("request_", "server_slots", "status"),
    [
        pytest.param(("post", *HEAVY_CHECK), 1, 503, id="the-machine-s-slot-held-elsewhere-refused"),
        pytest.param(("post", *HEAVY_CHECK), 2, 200, id="a-second-machine-slot-free-runs"),
        pytest.param(("post", *HEAVY_CHECK), 0, 200, id="no-machine-bound-runs"),
        pytest.param(("post", *BATCH), 1, 503, id="a-batch-is-never-light"),
        pytest.param(("post", *ODDS_REPORT), 1, 503, id="the-odds-are-never-light"),
        pytest.param(("get", HEAVY_SEARCH, None), 1, 503, id="a-search-of-200-a-page-is-heavy"),
        # a player's decklist, a search of a few words: their process's slot only
        pytest.param(("post", *CHECK), 1, 200, id="a-light-check-runs"),
        pytest.param(("get", "/api/v1/cards/?q=a", None), 1, 200, id="a-light-search-runs"),
    ],
)
def test_a_heavy_request_waits_for_a_slot_of_the_machine(
    hof, settings, other_process_holds_a_slot, request_, server_slots, status
):
    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 3
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0.3
    settings.EXPENSIVE_REQUESTS_PER_SERVER = server_slots
    method, url, body = request_
    client = APIClient()
    answer = client.post(url, body, format="json") if method == "post" else client.get(url)
    assert answer.status_code == status


def test_a_dead_process_s_slot_is_free_again(hof, settings, other_process_holds_a_slot):
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 2
    other_process_holds_a_slot.kill()  # SIGKILL: no code of its own gives the slot back; the kernel does
    other_process_holds_a_slot.wait()
    assert APIClient().post(*HEAVY_CHECK, format="json").status_code == 200


def test_a_slot_of_the_machine_is_given_back_after_the_answer(hof, settings):
    settings.EXPENSIVE_REQUESTS_PER_SERVER = 1
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    client = APIClient()
    assert [client.post(*HEAVY_CHECK, format="json").status_code for _ in range(3)] == [200, 200, 200]
