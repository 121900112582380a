"""A large batch legality check on real workers (PostgreSQL, Redis, the supervised worker of `make run`): the batch is
sent when the request's transaction commits, chunks run on the worker, and a worker SIGKILLed in the middle of a
chunk costs only a delay: the restarted worker's sweep re-sends the lost chunk and the answer equals the synchronous
one."""

import os
import signal
import subprocess
import sys
import time

import pytest
from rest_framework.test import APIClient

from regulations.models import BatchChunkStatus, BatchStatus, LegalityBatch, LegalityBatchChunk
from regulations.tests.test_batches import decks
from simulations.tests.test_recovery_integration import database_url, redis_broker, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def unknown_decklist(seed: int) -> str:
    """500 lines of names no card has: the slowest decklist a batch may hold (each line gets a status)."""
    return "\n".join(f"1 ゾルゲ・デ・ラ・ミスト{seed}・{i}" for i in range(500))


@pytest.fixture
def broker(tmp_path):
    from deckbuilder.celery import app

    url = redis_broker(tmp_path)  # this run's Redis database, emptied
    saved = (app.conf.broker_url, app.conf.task_always_eager, app.conf.broker_transport_options)
    app.conf.broker_url, app.conf.task_always_eager = url, False
    app.conf.broker_transport_options = {"visibility_timeout": 150}
    app._pool = None
    app.amqp._producer_pool = None
    yield url
    app.conf.broker_url, app.conf.task_always_eager, app.conf.broker_transport_options = saved
    app._pool = None
    app.amqp._producer_pool = None


def _pid(folder) -> int:
    """The worker's process id from the supervisor's pid file (0 while it is being written)."""
    text = (folder / "worker.pid").read_text().strip()
    return int(text) if text else 0


def test_a_large_batch_survives_a_sigkilled_worker(hof, broker, tmp_path, settings):
    settings.LEGALITY_BATCH_SYNC_MAX = 10
    slow = [{"player": f"u{i}", "text": unknown_decklist(i)} for i in range(6)]  # 500 unknown lines each
    entries = [*decks(12), *slow, *decks(12)]
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "LEGALITY_BATCH_CHUNK": "3",
        "JOBS_STALE_SECONDS": "6",
        "JOBS_SWEEP_INTERVAL_SECONDS": "2",
        "VAR_DIR": str(tmp_path),
        "SERVE_WORKER_PIDFILE": str(tmp_path / "worker.pid"),
    }
    settings.LEGALITY_BATCH_CHUNK = 3
    response = APIClient().post("/api/v1/legality/batch/", {"decks": entries, "as_of": "2013-01-01"}, format="json")
    assert response.status_code == 202, response.content
    url = response["Location"]
    batch = LegalityBatch.objects.get(token=response.json()["id"])
    assert batch.chunks_total == 10
    log = tmp_path / "serve.log"
    killed = None
    with open(log, "ab") as out:
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "deckbuilder.serve", "--no-web"],
            env=env, cwd=settings.BASE_DIR, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:

        def in_flight():
            chunks = LegalityBatchChunk.objects.filter(batch=batch)
            done = chunks.filter(status=BatchChunkStatus.DONE).count()
            return done >= 1 and chunks.filter(status=BatchChunkStatus.PENDING, attempts=1).exists()

        def lost() -> set[int]:  # the chunks a worker took (attempts counted) and did not finish
            chunks = LegalityBatchChunk.objects.filter(batch=batch, status=BatchChunkStatus.PENDING, attempts=1)
            return set(chunks.values_list("id", flat=True))

        # A chunk may finish between the look and the kill (they take milliseconds): kill again, the restarted
        # worker, until one is lost with its worker; the sweep gives it back to the queue.
        caught: set[int] = set()
        for _ in range(5):
            wait_for(in_flight, 120, "a chunk in progress", log)
            killed = int((tmp_path / "worker.pid").read_text())
            # The whole worker, its pool processes included: a pool process orphaned by killing only the main
            # process may still finish the chunk it holds, and then no chunk is lost to come back
            os.killpg(killed, signal.SIGKILL)
            # A commit the worker sent before it died still lands in the database: look once it has. The restarted
            # worker takes no chunk this soon (it sets Django and Celery up first), so what is pending now was lost
            time.sleep(1.0)
            caught = lost()
            if caught:
                break
            wait_for(lambda old=killed: _pid(tmp_path) != old, 60, "a new worker", log)
        assert caught, "no kill caught a chunk in progress"
        started = time.monotonic()
        finished = lambda: LegalityBatch.objects.filter(id=batch.id, status=BatchStatus.DONE).exists()  # noqa: E731
        wait_for(finished, 240, "the batch to complete by itself", log)
        print(f"\nlegality batch: SIGKILL to completion {time.monotonic() - started:.1f} s")
    finally:
        supervisor.send_signal(signal.SIGTERM)
        try:
            supervisor.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(supervisor.pid, signal.SIGKILL)
        if killed is not None:
            try:
                os.killpg(killed, signal.SIGKILL)  # what is left of the killed worker's process group
            except ProcessLookupError:
                pass
    assert int((tmp_path / "worker.pid").read_text()) != killed  # the supervisor restarted it
    came_back = LegalityBatchChunk.objects.filter(id__in=caught, attempts__gte=2, status=BatchChunkStatus.DONE)
    assert came_back.count() == len(caught), "every lost chunk came back and finished"
    body = APIClient().get(url).json()
    settings.LEGALITY_BATCH_SYNC_MAX = 1000
    direct = APIClient().post("/api/v1/legality/batch/", {"decks": entries, "as_of": "2013-01-01"}, format="json")
    for key in ("format", "as_of", "count", "legal", "results"):
        assert body[key] == direct.json()[key], key
    assert body["count"] == 30
