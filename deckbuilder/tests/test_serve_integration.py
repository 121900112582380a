"""`make run`'s real worker (Celery with beat and its prefork pool) dies with the supervisor (issue "Hardening, second
pass", item 7: killing `make run`'s process group left the worker running, and the next `make run` ran two beats).

The supervisor (`python -m deckbuilder.serve --no-web`) runs in a process group of its own, as under `make run`; the
group is killed with SIGKILL, which no handler sees; every process of the worker's session (its main process, its
pool, its beat) must be gone within the worker's warm shutdown. The stand-in tests are in test_serve.py.
"""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from deckbuilder import serve
from simulations.tests.test_recovery_integration import database_url, embedded_broker, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def session_members(session: int) -> list[int]:
    """The live processes of a session (the worker leads its own)."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                members.append(int(entry.name))
    return members


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent death signal is Linux's")
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGHUP], ids=["group-sigkill", "terminal-closed"])
def test_the_real_worker_its_pool_and_beat_die_with_the_supervisor(signum, tmp_path):
    pidfile = tmp_path / "worker.pid"
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": embedded_broker(tmp_path),  # make run's broker
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "VAR_DIR": str(tmp_path),
        "SERVE_WORKER_PIDFILE": str(pidfile),
    }
    log = tmp_path / "serve.log"
    with open(log, "ab") as out:
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "deckbuilder.serve", "--no-web"],
            env=env, cwd=serve.ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    worker = None
    try:
        wait_for(lambda: pidfile.exists() and pidfile.read_text().strip(), 60, "the worker", log)
        worker = int(pidfile.read_text())
        # the worker is up with its pool (2) and beat: 4 processes in its session
        wait_for(lambda: len(session_members(worker)) >= 4, 120, "the worker's pool and beat", log)
        assert (tmp_path / "celery-worker.pid").read_text().strip() == str(worker)  # its pidfile lock
        os.killpg(supervisor.pid, signum)
        supervisor.wait(timeout=30)
        wait_for(lambda: not session_members(worker), 60, "the worker's session to end", log)
        assert not (tmp_path / "celery-worker.pid").exists()  # a warm shutdown releases the lock
    finally:
        for group in (supervisor.pid, worker):
            if group:
                try:
                    os.killpg(group, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
