"""Re-validation on a real Celery worker (Redis broker, PostgreSQL): the job is published when the transaction
commits, a `celery -A deckbuilder worker` subprocess runs it, progress and per-player results land in our table."""

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from decks.tests.fixtures import MAIN
from tournaments import services
from tournaments.models import JobStatus, RevalidationJob

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

REDIS_URL = os.environ.get("REDIS_URL_TEST", "redis://127.0.0.1:6379/15")
# A queue of our own: a worker of another test run on the same Redis database never takes this test's task.
QUEUE = f"tournaments-test-{os.getpid()}"


@pytest.fixture
def redis_broker():
    from deckbuilder.celery import app

    saved = (app.conf.broker_url, app.conf.task_always_eager, app.conf.task_default_queue)
    app.conf.broker_url, app.conf.task_always_eager, app.conf.task_default_queue = REDIS_URL, False, QUEUE
    app._pool = None
    app.amqp._producer_pool = None
    yield app
    app.conf.broker_url, app.conf.task_always_eager, app.conf.task_default_queue = saved
    app._pool = None
    app.amqp._producer_pool = None


def _database_url() -> str:
    db = settings.DATABASES["default"]
    user, host, port = db.get("USER") or "postgres", db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


def _start_worker(log: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": REDIS_URL,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_TASK_DEFAULT_QUEUE": QUEUE,  # the chunk tasks the worker sends stay on this test's queue
        "REVALIDATION_CHUNK": "7",  # 30 registrations: five chunk tasks
    }
    command = [sys.executable, "-m", "celery", "-A", "deckbuilder", "worker", "--pool=solo", "--loglevel=INFO",
               "-n", f"tournaments-{os.getpid()}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat",
               "-Q", QUEUE]  # fmt: skip
    with open(log, "ab") as out:
        return subprocess.Popen(
            command, env=env, cwd=settings.BASE_DIR, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def test_revalidation_job_runs_on_a_worker(cards, organizer, redis_broker, tmp_path):
    event = services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    legal = "\n".join(f"4 {name}" for name, *_ in MAIN)
    short = "\n".join(f"4 {name}" for name, *_ in MAIN[:9])
    rows = "".join(f'p{i},"{legal if i % 2 else short}"\n' for i in range(30))
    services.registrations_import_csv(event_id=event.id, user=organizer, csv_text="player,decklist\n" + rows)
    job = services.revalidation_job_create(event_id=event.id, user=organizer)  # committed: the task is on Redis
    log = tmp_path / "worker.log"
    worker = _start_worker(log)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.status in (JobStatus.DONE, JobStatus.FAILED):
                break
            time.sleep(0.1)
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGTERM)  # the worker's own process group: only what this test started
            worker.wait(timeout=30)
    assert job.status == JobStatus.DONE, log.read_text()[-3000:]
    assert (job.total, job.done, len(job.results)) == (30, 30, 30)
    assert sorted(job.chunks.values_list("size", flat=True)) == [2, 7, 7, 7, 7]
    assert [r["player"] for r in job.results] == sorted(f"p{i}" for i in range(30))
    by_player = {r["player"]: r for r in job.results}
    assert by_player["p1"]["status_now"] == "legal" and by_player["p0"]["violations"] == ["DECK_SIZE"]
    assert RevalidationJob.objects.get(id=job.id).finished_at is not None
