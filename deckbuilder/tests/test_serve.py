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
    before the workers are forked) builds the search index and the resolver it reads names from; then it moves what
    it built out of the garbage collector's generations (gc.freeze), so no worker's full collection walks it again."""
    import gc
    import logging
    import runpy
    from types import SimpleNamespace

    from games.dm.resolver import get_resolver
    from games.dm.search import search_index_get

    config = runpy.run_path(str(serve.ROOT / "gunicorn.conf.py"))
    get_resolver.cache_clear()
    search_index_get.cache_clear()
    gc.unfreeze()
    try:
        config["when_ready"](SimpleNamespace(log=logging.getLogger("gunicorn-test")))
        assert (get_resolver.cache_info().currsize, search_index_get.cache_info().currsize) == (1, 1)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()  # this test process is no server: its objects go back to the collector


# --- the other games' data is imported beside the running server (make run: serve --import-games) ------------------

_RECORD_SIGHUP = """
import signal, sys, time
from pathlib import Path
signal.signal(signal.SIGHUP, lambda *_: Path(sys.argv[1]).write_text("reloaded"))
time.sleep(120)
"""


@pytest.mark.parametrize(
    ("answers", "exit_code", "changed", "reloaded"),
    [
        pytest.param(True, 0, True, True, id="imported-the-web-server-reloads"),
        pytest.param(True, 0, False, False, id="nothing-changed-no-reload"),
        pytest.param(True, 1, True, False, id="import-failed-keeps-serving"),
        pytest.param(False, 0, True, None, id="waits-until-the-web-server-answers"),
    ],
)
def test_the_games_data_is_imported_once_the_web_server_answers(monkeypatch, tmp_path, capsys, answers, exit_code,
                                                                changed, reloaded):  # fmt: skip
    """The first page does not wait for the other games' import; once it is in, gunicorn reloads (its master builds
    the new catalogues, then forks fresh workers), so the game's first search is as fast as the next."""
    import time

    versions = iter([(("ygo", 1),), (("ygo", 2 if changed else 1),)])
    monkeypatch.setattr(serve, "web_answers", lambda port: answers)
    monkeypatch.setattr(serve, "catalogue_versions", lambda: next(versions))
    monkeypatch.setattr(serve, "import_command", lambda python: [python, "-c", f"raise SystemExit({exit_code})"])
    marker = tmp_path / "hup"
    sup = serve.Supervisor(python=sys.executable, port="0", web=True, import_games=True)
    sup.web = subprocess.Popen([sys.executable, "-c", _RECORD_SIGHUP, str(marker)])
    try:
        time.sleep(0.5)  # the stand-in's handler is set
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and (sup.import_pending or sup.importer is not None):
            assert sup.tick() is True
            if not answers:
                break
            time.sleep(0.05)
        if reloaded is None:  # the server does not answer yet: nothing imported
            assert (sup.import_pending, sup.importer) == (True, None)
            return
        assert _wait_until(lambda: marker.exists(), 2 if reloaded else 0.5) is reloaded
        assert (sup.reloads, sup.web.poll()) == (int(reloaded), None)  # still serving either way
        assert (serve.GAMES_IMPORTED in capsys.readouterr().out) is (exit_code == 0)  # what bench coldstart waits for
    finally:
        sup.web.kill()
        sup.web.wait()


@pytest.mark.parametrize(
    ("answers", "waited", "started"),
    [
        pytest.param(False, 0.0, False, id="not-while-the-master-builds-the-catalogues"),
        pytest.param(True, 0.0, True, id="once-the-web-server-answers"),
        pytest.param(False, serve.WORKER_START_WAIT_MAX + 1, True, id="at-the-latest-after-the-longest-wait"),
    ],
)
def test_the_worker_starts_once_the_web_server_answers(monkeypatch, tmp_path, answers, waited, started):
    """The worker's start (its imports, beat) no longer takes CPU from the web server's master while it builds the
    catalogues before the first page."""
    monkeypatch.setattr(serve, "worker_command", lambda python: SLEEPER)
    monkeypatch.setattr(serve, "web_answers", lambda port: answers)
    monkeypatch.setenv("SERVE_WORKER_PIDFILE", str(tmp_path / "worker.pid"))
    sup = serve.Supervisor(python=sys.executable, port="0", web=True)
    sup.web = subprocess.Popen(SLEEPER)
    try:
        sup.start_worker_after_web()
        sup.started -= waited
        assert sup.tick() is True
        assert (sup.worker is not None, sup.worker_pending) == (started, not started)
    finally:
        sup.stop()


def test_make_run_imports_the_other_games_beside_the_server():
    from pathlib import Path

    recipe = Path(serve.ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "deckbuilder.serve --import-games" in recipe and "import_games" not in recipe.replace("--import-games", "")
    assert serve.import_command("python")[-2:] == ["import_games", "--skip-checks"]


def test_a_reload_thaws_what_was_frozen_then_builds_every_games_catalogue_before_the_fresh_workers_fork():
    """gunicorn's `on_reload` runs in the master before it forks the replacement workers: the same warm-up as at the
    start, with nothing frozen left from the last one (a frozen object is never collected: the replaced catalogues'
    reference cycles would stay for good)."""
    import gc
    import runpy
    import weakref

    config = runpy.run_path(str(serve.ROOT / "gunicorn.conf.py"))
    frozen_while_building = []
    config["on_reload"].__globals__["when_ready"] = lambda server: frozen_while_building.append(gc.get_freeze_count())

    class Catalogue:
        pass

    replaced = Catalogue()
    replaced.itself = replaced  # a reference cycle: only the collector frees it
    gone = weakref.ref(replaced)
    gc.freeze()  # as the start's warm-up left it
    del replaced
    try:
        config["on_reload"](server=None)
        assert frozen_while_building == [0]
        gc.collect()
        assert gone() is None
    finally:
        gc.unfreeze()


# --- the worker dies with the supervisor (issue "Hardening, second pass", item 7) ----------------------------------

_SUPERVISOR_WITH_STAND_INS = """
import sys
from deckbuilder import serve
sleeper = lambda *_: [sys.executable, "-c", "import time; time.sleep(120)"]
serve.worker_command = sleeper
serve.web_command = sleeper
serve.web_answers = lambda port: True  # the stand-in web server "answers": the worker starts
sys.exit(serve.main(sys.argv[1:]))
"""


def _gone(pid: int) -> bool:
    return not serve.alive(pid)


def _wait_until(predicate, seconds: float) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent death signal is Linux's")
@pytest.mark.parametrize(
    "signum, web",
    [
        pytest.param(signal.SIGKILL, True, id="make-run-group-sigkill"),
        pytest.param(signal.SIGTERM, True, id="make-run-group-sigterm"),
        pytest.param(signal.SIGHUP, True, id="make-run-terminal-closed"),
        pytest.param(signal.SIGKILL, False, id="no-web-group-sigkill"),
    ],
)
def test_killing_the_supervisors_process_group_ends_the_worker(signum, web, tmp_path):
    """The worker runs in its own session (a signal to its group must not reach the web server), so a signal to
    `make run`'s group missed it: it ran on, and the next `make run` ran a second beat."""
    from pathlib import Path

    pidfile = tmp_path / "worker.pid"
    env = {**os.environ, "VAR_DIR": str(tmp_path), "SERVE_WORKER_PIDFILE": str(pidfile), "PORT": "0"}
    args = [] if web else ["--no-web"]
    supervisor = subprocess.Popen(
        [sys.executable, "-c", _SUPERVISOR_WITH_STAND_INS, *args],
        cwd=Path(serve.ROOT),
        env=env,
        start_new_session=True,  # the group `make run` would be
        stdout=subprocess.DEVNULL,
    )
    try:
        assert _wait_until(lambda: pidfile.exists() and pidfile.read_text().strip(), 60)
        worker = int(pidfile.read_text())
        assert not _gone(worker)
        os.killpg(supervisor.pid, signum)
        supervisor.wait(timeout=30)
        assert _wait_until(lambda: _gone(worker), 10), "the worker outlived its supervisor"
    finally:
        for pid in (supervisor.pid, locals().get("worker")):
            if pid:
                try:
                    os.killpg(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass


def _orphan(tmp_path) -> int:
    """A worker stand-in whose parent died: reparented to init, in its own session (as serve starts workers)."""
    spawner = (
        "import subprocess, sys; "
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'], start_new_session=True, "
        "stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
        "print(p.pid)"
    )
    return int(subprocess.run([sys.executable, "-c", spawner], capture_output=True, text=True).stdout)


@pytest.mark.parametrize(
    "content, ends_it",
    [
        pytest.param("orphan", True, id="worker-left-by-a-dead-supervisor"),
        pytest.param("dead", False, id="stale-pidfile"),
        pytest.param("", False, id="empty-pidfile"),
        pytest.param(None, False, id="no-pidfile"),
    ],
)
def test_a_worker_left_by_an_earlier_run_is_ended_before_the_new_one_starts(content, ends_it, tmp_path):
    pidfile = tmp_path / "celery-worker.pid"
    orphan = _orphan(tmp_path)
    try:
        if content == "orphan":
            pidfile.write_text(f"{orphan}\n")
        elif content == "dead":
            dead = subprocess.Popen([sys.executable, "-c", "pass"])
            dead.wait()
            pidfile.write_text(f"{dead.pid}\n")
        elif content is not None:
            pidfile.write_text(content)
        assert serve.reap_orphan_worker(pidfile) == (orphan if ends_it else None)
        assert _wait_until(lambda: _gone(orphan), 5) is ends_it
    finally:
        try:
            os.killpg(orphan, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_the_worker_holds_a_pidfile_lock():
    """celery refuses to start a worker on a pidfile whose process runs: never two beats on one VAR_DIR."""
    command = serve.worker_command("python")
    assert f"--pidfile={serve.worker_pidfile()}" in command


@pytest.mark.parametrize(
    ("environ", "debug"),
    [
        pytest.param({}, False, id="make-run-default-no-debug-pages"),
        pytest.param({"DEBUG": "true"}, True, id="a-developer-asks-for-them"),
    ],
)
def test_make_run_serves_without_debug_pages_unless_asked(environ, debug):
    """`make run` served with DEBUG=True: every 500 showed the settings and paths to anyone on the network."""
    serve.serve_environment(environ)
    env = {**os.environ, **environ, "DJANGO_SETTINGS_MODULE": "deckbuilder.settings"}  # as the web server gets it
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    shown = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=serve.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert shown == str(debug)


@pytest.mark.parametrize(
    ("environ", "disabled", "path"),
    [
        pytest.param({}, True, "", id="no-shared-control-socket-by-default"),
        pytest.param({"GUNICORN_CONTROL_SOCKET": "/srv/app/gunicorn.ctl"}, False, "/srv/app/gunicorn.ctl", id="own"),
    ],
)
def test_gunicorns_control_socket_is_never_the_users_shared_one(monkeypatch, environ, disabled, path):
    import runpy

    monkeypatch.delenv("GUNICORN_CONTROL_SOCKET", raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    config = runpy.run_path(str(serve.ROOT / "gunicorn.conf.py"))
    assert (config["control_socket_disable"], config["control_socket"]) == (disabled, path)
