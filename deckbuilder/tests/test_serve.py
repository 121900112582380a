"""`make run` keeps serving when the worker dies, and a SIGKILLed worker's run completes with no manual step
(issue findings: killing the worker stopped the web server, and with the embedded broker the run stayed at 39/40
chunks until someone ran resume_simulations; with Redis it recovered only after an hour's visibility timeout).

These tests supervise stand-in processes; simulations/tests/test_recovery_integration.py runs the real supervisor
with a real worker and SIGKILLs it.
"""

import os
import signal
import subprocess
import sys

import pytest

from deckbuilder import serve

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]


@pytest.fixture
def supervisor(monkeypatch, tmp_path):
    monkeypatch.setattr(serve, "worker_command", lambda python: SLEEPER)
    monkeypatch.setattr(serve, "RESTART_DELAY_MIN", 0.01)
    monkeypatch.setenv("SERVE_WORKER_PIDFILE", str(tmp_path / "worker.pid"))
    sup = serve.Supervisor(python=sys.executable, port="0", web=True)
    sup.web = subprocess.Popen(SLEEPER)  # the web server's stand-in
    sup.start_worker()
    yield sup
    sup.stop()


def test_the_web_server_keeps_running_and_the_worker_is_restarted(supervisor, tmp_path):
    first = supervisor.worker.pid
    assert (tmp_path / "worker.pid").read_text().strip() == str(first)
    os.kill(first, signal.SIGKILL)
    supervisor.worker.wait(timeout=10)
    assert supervisor.tick() is True
    assert supervisor.web.poll() is None  # still serving
    assert supervisor.worker.poll() is None and supervisor.worker.pid != first
    assert supervisor.restarts == 1
    assert (tmp_path / "worker.pid").read_text().strip() == str(supervisor.worker.pid)


def test_everything_stops_when_the_web_server_stops(supervisor):
    supervisor.web.kill()
    supervisor.web.wait(timeout=10)
    assert supervisor.tick() is False
    supervisor.stop()
    assert supervisor.worker.poll() is not None


def test_the_worker_runs_beat_with_the_sweep():
    command = serve.worker_command("python")
    assert "--beat" in command and any(part.startswith("--schedule=") for part in command)


def test_make_run_serves_with_the_production_web_server():
    """`make run`, docs/production.md and `bench hardening` start the same gunicorn configuration: threaded workers in
    several processes (a cheap request never waits in the listen queue behind decklist checks)."""
    import runpy
    from pathlib import Path

    command = serve.web_command("python", "8123")
    assert command[1:3] == ["-m", "gunicorn"] and command[-1] == "deckbuilder.wsgi"
    assert command[command.index("-b") + 1] == "127.0.0.1:8123"
    config = runpy.run_path(command[command.index("-c") + 1])
    assert Path(command[command.index("-c") + 1]).name == "gunicorn.conf.py"
    assert (config["worker_class"], config["workers"] >= 2, config["threads"] >= 2) == ("gthread", True, True)
    assert config["timeout"] > 5  # REQUEST_TIME_BUDGET_SECONDS ends a long request first
    assert "gunicorn -c gunicorn.conf.py" in Path(serve.ROOT / "docs" / "production.md").read_text()


def test_the_master_builds_the_catalogue_indexes_before_forking(db):
    """The first card search of a worker is as fast as the hundredth: gunicorn's `when_ready` (run in the master
    before the workers are forked) builds the search index and the resolver it reads names from."""
    import logging
    import runpy
    from types import SimpleNamespace

    from cards.resolver import get_resolver
    from cards.selectors import search_index_get

    config = runpy.run_path(str(serve.ROOT / "gunicorn.conf.py"))
    get_resolver.cache_clear()
    search_index_get.cache_clear()
    config["when_ready"](SimpleNamespace(log=logging.getLogger("gunicorn-test")))
    assert (get_resolver.cache_info().currsize, search_index_get.cache_info().currsize) == (1, 1)
