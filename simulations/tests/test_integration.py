"""A real Celery worker on Redis and PostgreSQL: a worker killed mid-chunk loses nothing (acks_late).

The test process creates the run in the committed test database and publishes to Redis (REDIS_URL_TEST); a
`celery -A deckbuilder worker` subprocess runs the chunks. While a chunk is being computed the worker is
SIGKILLed; a second worker gets the redelivered message and the run completes with exactly the result of an
undisturbed in-process computation with the same seed.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from games.dm.rules import goldfish
from games.dm.rules.decklist import parse_text
from simulations import services
from simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun

pytestmark = pytest.mark.integration

REDIS_URL = os.environ.get("REDIS_URL_TEST", "redis://127.0.0.1:6379/15")
VISIBILITY_TIMEOUT = 3  # seconds: longer than a chunk here (~0.3 s), short enough to keep the test quick
DECK = "12 Bolt Soldier\n12 Forest Giant\n8 Twin Dragon\n8 Flame Runner"


def _database_url() -> str:
    db = settings.DATABASES["default"]
    user, host, port = db.get("USER") or "postgres", db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


@pytest.fixture
def redis_app():
    import redis

    from deckbuilder.celery import app

    redis.Redis.from_url(REDIS_URL).flushdb()
    saved = (app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_always_eager)
    app.conf.broker_url = REDIS_URL
    app.conf.broker_transport_options = {"visibility_timeout": VISIBILITY_TIMEOUT}
    app.conf.task_always_eager = False
    app._pool = None
    app.amqp._producer_pool = None
    yield app
    app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_always_eager = saved
    app._pool = None
    app.amqp._producer_pool = None
    redis.Redis.from_url(REDIS_URL).flushdb()


def _start_worker(name: str, log: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": REDIS_URL,
        "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
        "CELERY_UNACKED_RESTORE_INTERVAL": "1",
        "CELERY_UNACKED_RESTORE_THROTTLE": "1",
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    command = [sys.executable, "-m", "celery", "-A", "deckbuilder", "worker", "--pool=solo", "--loglevel=INFO"]
    command += ["-n", f"{name}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat"]
    with open(log, "ab") as out:
        return subprocess.Popen(
            command, env=env, cwd=settings.BASE_DIR, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def _stop(proc: subprocess.Popen, sig=signal.SIGKILL) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)  # the worker's own process group: only what this test started
        proc.wait(timeout=20)


def _wait(predicate, timeout: float, what: str, log: Path):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}; worker log:\n{log.read_text()[-4000:]}")


def test_worker_killed_mid_chunk_the_run_completes_with_the_undisturbed_result(
    transactional_db, django_db_serialized_rollback, redis_app, resolver, tmp_path
):
    # serialized_rollback: the flush after this test must not re-create content types under new ids, which would
    # break the next serialized transactional test (as every transactional test here is).
    user = get_user_model().objects.create_user("integration", password="x")
    run = services.simulation_run_create(
        user=user,
        kind="goldfish",
        decklist=parse_text(DECK),
        games=1_200_000,
        seed=20261122,
        going="both",
        params={"chunk_games": 150_000, "key_cards": ["Forest Giant"]},
    )  # committed: the start task is already on Redis
    assert run.chunks_total == 8
    # compile (or load) the kernel here first: the workers then load the machine code from numba's disk cache
    goldfish.play([goldfish.EngineCard.from_dict(c) for c in run.params["deck"]], games=10, seed=1, going="first")
    log = tmp_path / "worker.log"
    first = _start_worker("first", log)
    second = None
    try:

        def in_flight():
            done = SimulationChunk.objects.filter(run=run, status=ChunkStatus.DONE).count()
            busy = SimulationChunk.objects.filter(run=run, status=ChunkStatus.PENDING, attempts=1).first()
            return busy if done >= 1 and busy else None

        victim = _wait(in_flight, 60, "a chunk in progress after the first one finished", log)
        _stop(first)  # SIGKILL in the middle of the chunk
        run.refresh_from_db()
        assert run.status == RunStatus.RUNNING and run.chunks_done < run.chunks_total
        second = _start_worker("second", log)
        _wait(lambda: SimulationRun.objects.filter(id=run.id, status=RunStatus.DONE).exists(), 120, "the run", log)
    finally:
        for proc in (first, second):
            if proc is not None:
                _stop(proc)
    run.refresh_from_db()
    victim.refresh_from_db()
    assert victim.status == ChunkStatus.DONE and victim.attempts == 2, log.read_text()[-3000:]
    cards = [goldfish.EngineCard.from_dict(c) for c in run.params["deck"]]
    undisturbed = goldfish.summarise(
        goldfish.play(cards, games=1_200_000, seed=20261122, going="both", key_cards=run.params["key_cards"]),
        cards=cards,
        key_cards=run.params["key_cards"],
    )
    for key in ("kill_turn", "first_cast", "cards", "deck_outs", "games"):
        assert run.result[key] == undisturbed[key]
    assert run.progress == 1.0 and run.chunks_done == 8
