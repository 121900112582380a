"""A SIGKILLed worker's run completes with no manual step, with the embedded broker and with Redis (issue findings:
with the embedded broker the run stayed at 39/40 chunks until someone ran resume_simulations; with Redis it recovered
only after an hour's visibility timeout).

The real supervisor (`python -m deckbuilder.serve --no-web`: a Celery worker with beat, restarted when it dies) runs
against the PostgreSQL test database; the worker's main process is SIGKILLed in the middle of a chunk, and the test
waits for the run to finish by itself with exactly the result of an undisturbed computation.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

REDIS_URL = os.environ.get("REDIS_URL_TEST", "redis://127.0.0.1:6379/15")
DECK = "12 Bolt Soldier\n12 Forest Giant\n8 Twin Dragon\n8 Flame Runner"


def kill_and_recover(*, broker_url: str, tmp_path: Path, resolver_user) -> dict:
    """Create a run, start the supervised worker, SIGKILL the worker mid-chunk, wait for the run to finish.
    Returns the run and the seconds from the kill to the run's completion. Also used by bench/bench_recovery.py."""
    from django.conf import settings

    from deckbuilder.celery import app
    from games.dm.rules.decklist import parse_text
    from simulations import services
    from simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun

    saved = (app.conf.broker_url, app.conf.task_always_eager, app.conf.broker_transport_options)
    app.conf.broker_url, app.conf.task_always_eager = broker_url, False
    app.conf.broker_transport_options = {"visibility_timeout": 150} if broker_url.startswith("redis") else {}
    app._pool = None
    app.amqp._producer_pool = None
    log = tmp_path / "serve.log"
    pidfile = tmp_path / "worker.pid"
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker_url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "JOBS_STALE_SECONDS": "6",  # production: 90 and 30 (a chunk here takes 1-3 s on a shared machine)
        "JOBS_SWEEP_INTERVAL_SECONDS": "2",
        "VAR_DIR": str(tmp_path),
        "SERVE_WORKER_PIDFILE": str(pidfile),
    }
    supervisor = None
    killed = []
    try:
        run = services.simulation_run_create(
            user=resolver_user,
            kind="goldfish",
            decklist=parse_text(DECK),
            games=1_600_000,
            seed=20261123,
            going="both",
            params={"chunk_games": 100_000},
        )  # committed: the start task is on the broker
        with open(log, "ab") as out:
            supervisor = subprocess.Popen(
                [sys.executable, "-m", "deckbuilder.serve", "--no-web"],
                env=env,
                cwd=settings.BASE_DIR,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

        def in_flight():
            done = SimulationChunk.objects.filter(run=run, status=ChunkStatus.DONE).count()
            busy = SimulationChunk.objects.filter(run=run, status=ChunkStatus.PENDING, attempts=1).exists()
            return done >= 2 and busy

        wait_for(in_flight, 120, "a chunk in progress", log)
        worker_pid = int(pidfile.read_text())
        os.kill(worker_pid, signal.SIGKILL)  # the worker's main process, as the OOM killer would
        killed.append(worker_pid)
        started = time.monotonic()
        done = lambda: SimulationRun.objects.filter(id=run.id, status=RunStatus.DONE).exists()  # noqa: E731
        wait_for(done, 240, "the run to complete by itself", log)
        seconds = time.monotonic() - started
        run.refresh_from_db()
        return {"run": run, "seconds": seconds, "restarted_worker": int(pidfile.read_text()) != worker_pid}
    finally:
        if supervisor is not None and supervisor.poll() is None:
            supervisor.send_signal(signal.SIGTERM)  # it stops its current worker
            try:
                supervisor.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(supervisor.pid, signal.SIGKILL)
        for pid in killed:  # what is left of the killed worker's own process group (its pool, its beat)
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        app.conf.broker_url, app.conf.task_always_eager, app.conf.broker_transport_options = saved
        app._pool = None
        app.amqp._producer_pool = None


def database_url() -> str:
    from django.conf import settings

    db = settings.DATABASES["default"]
    user, host, port = db.get("USER") or "postgres", db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


def wait_for(predicate, timeout: float, what: str, log: Path):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}; log:\n{log.read_text()[-5000:]}")


def embedded_broker(tmp_path: Path) -> str:
    return f"sqla+sqlite:///{tmp_path / 'celery-broker.sqlite3'}"


def redis_broker(tmp_path: Path) -> str:
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()
    return REDIS_URL


@pytest.mark.parametrize("broker", [embedded_broker, redis_broker], ids=["embedded-broker", "redis"])
def test_a_sigkilled_worker_s_run_completes_without_a_manual_step(
    transactional_db, django_db_serialized_rollback, resolver, tmp_path, broker
):
    from django.contrib.auth import get_user_model

    from games.dm.rules import goldfish

    user = get_user_model().objects.create_user("recovery", password="x")
    outcome = kill_and_recover(broker_url=broker(tmp_path), tmp_path=tmp_path, resolver_user=user)
    run = outcome["run"]
    assert outcome["restarted_worker"]
    assert run.chunks_done == run.chunks_total == 16 and run.progress == 1.0
    cards = [goldfish.EngineCard.from_dict(c) for c in run.params["deck"]]
    undisturbed = goldfish.summarise(
        goldfish.play(cards, games=1_600_000, seed=20261123, going="both"),
        cards=cards,
    )
    for key in ("kill_turn", "deck_outs", "games"):
        assert run.result[key] == undisturbed[key]
    print(f"\n{broker.__name__}: SIGKILL to completion {outcome['seconds']:.1f} s")
