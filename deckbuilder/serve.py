"""`make run`: the web server (gunicorn with gunicorn.conf.py, as in production) and a Celery worker (with beat, for
the jobs' periodic sweep) side by side.

The worker is supervised: when it dies (a crash, the OOM killer, a SIGKILL) it is started again after a short
back-off, and the web server keeps serving meanwhile; the restarted worker's start-up sweep and beat resume the work
the dead one held (deckbuilder/jobs.py). When the web server stops, everything stops. Ctrl-C or SIGTERM stops both
cleanly.

`--import-games` (what `make run` passes): once the web server answers, the other games' data is imported beside it
(`manage.py import_games`, which skips a game whose data is unchanged), so the first page never waits for it; meanwhile
a game's pages say that its cards are being imported (cards.models.CatalogueImport.importing_since). When the import
changed a catalogue, the web server is told to reload (SIGHUP): gunicorn's master builds every game's catalogue and
search index again (`on_reload`, gunicorn.conf.py) and forks fresh workers that have them, so a game's first search
after its import is as fast as the hundredth; the old workers finish their requests first. A failed import is
reported and the server keeps serving the games it has.

The worker starts once the web server answers (at the latest after WORKER_START_WAIT_MAX): its start-up no longer
takes the CPU from the master while it builds the catalogues before the first page.

`python -m deckbuilder.serve --no-web` supervises the worker alone (started at once). `SERVE_WORKER_PIDFILE` names a
file that holds the running worker's process id (rewritten at every restart).

The worker and the web server die with the supervisor, however it ends. Killing `make run`'s process group (SIGKILL
included, which no handler sees) left the worker, which runs in its own session, running on; the next `make run`
then ran a second beat beside it. So: the kernel sends each child SIGTERM when the supervisor dies (Linux's parent
death signal); the worker holds a pidfile lock (`celery worker --pidfile`, VAR_DIR/celery-worker.pid), so a second
worker with beat can never start beside a running one; and a supervisor starting finds a worker left by a dead
supervisor through that pidfile and ends its process group before starting its own.
"""

import argparse
import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Hashable
from pathlib import Path

RESTART_DELAY_MIN = 1.0
RESTART_DELAY_MAX = 30.0
STABLE_SECONDS = 60.0  # a worker that ran this long restarts at once after it dies
WORKER_START_WAIT_MAX = 60.0  # the worker starts when the web server answers, or after this long at the latest


ROOT = Path(__file__).resolve().parent.parent
PR_SET_PDEATHSIG = 1  # prctl(2)


def _die_with_parent() -> None:
    """Run in the child between fork and exec: SIGTERM when the supervisor dies (Linux; elsewhere nothing)."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


def worker_pidfile() -> Path:
    from django.conf import settings

    return Path(settings.VAR_DIR) / "celery-worker.pid"


def alive(pid: int) -> bool:
    """The process runs (a zombie, dead but not yet reaped by an init that may never reap it, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True  # no /proc here: os.kill said it exists


def _parent_of(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("PPid:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def reap_orphan_worker(pidfile: Path) -> int | None:
    """A worker whose supervisor died before it (an earlier `make run` killed with SIGKILL, before the parent death
    signal existed or on a system without it) still holds the pidfile: end its process group (its pool and beat), so
    that this run's worker is the only beat. A worker whose supervisor is alive is another `make run`'s: left alone
    (this run's worker then refuses to start on the pidfile lock). Returns the process id ended, if any."""
    try:
        pid = int(pidfile.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None  # no pidfile (celery removes it when the worker stops)
    if not alive(pid):
        return None  # a stale one: the worker is dead

    parent = _parent_of(pid)
    if parent is not None and parent != 1 and _is_supervisor(parent):
        return None
    try:
        os.killpg(pid, signal.SIGTERM)  # the worker leads its own session: its group is it, its pool and beat
    except (ProcessLookupError, PermissionError):
        return None
    for _ in range(100):
        if not alive(pid):
            break
        time.sleep(0.1)
    else:
        Supervisor._reap_group(pid)
    return pid


def _is_supervisor(pid: int) -> bool:
    try:
        return "deckbuilder.serve" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False


def web_command(python: str, port: str) -> list[str]:
    """The production web server (docs/production.md), bound to this machine; also what `bench hardening` measures."""
    config = str(ROOT / "gunicorn.conf.py")
    return [python, "-m", "gunicorn", "-c", config, "-b", f"127.0.0.1:{port}", "deckbuilder.wsgi"]


def worker_command(python: str) -> list[str]:
    from django.conf import settings

    return [
        python,
        "-m",
        "celery",
        "-A",
        "deckbuilder",
        "worker",
        "--beat",  # one worker here, so one beat: the sweep of deckbuilder/jobs.py runs every interval
        f"--schedule={settings.CELERY_BEAT_SCHEDULE_FILENAME}",
        f"--pidfile={worker_pidfile()}",  # the lock that keeps a second worker (a second beat) from starting
        "--loglevel=INFO",
        "--concurrency=2",
        "--pool=prefork",
    ]


def import_command(python: str) -> list[str]:
    """The other games' data import (the system checks ran with `make run`'s migrate)."""
    return [python, str(ROOT / "manage.py"), "import_games", "--skip-checks"]


GAMES_IMPORTED = "every game's data is in"  # what `bench coldstart` waits for after the first page

# The import writes each game in one transaction; a request that writes meanwhile (a sign-up, a saved deck) waits for
# it (SQLite: settings' SQLITE_TIMEOUT_SECONDS), and the import waits this long for a request's write.
IMPORT_ENVIRONMENT = {"SQLITE_TIMEOUT_SECONDS": "600"}


def web_answers(port: str) -> bool:
    """A web worker answers (gunicorn's master listens, and queues connections, before its workers are forked)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/ping/", timeout=0.5) as response:
            return response.status == 200
    except OSError:
        return False


def catalogue_versions() -> Hashable:
    from django.db import connections

    from cards.selectors import catalogue_versions as read

    try:
        return read()
    finally:
        connections.close_all()


class Supervisor:
    def __init__(self, *, python: str, port: str, web: bool, import_games: bool = False):
        self.python = python
        self.port = port
        self.with_web = web
        self.import_pending = import_games
        self.worker_pending = False
        self.started = time.monotonic()
        self.web_ready = not web
        self.importer: subprocess.Popen | None = None
        self.versions_before_import: Hashable = None
        self.reloads = 0
        self.web: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.worker_started = 0.0
        self.restart_delay = RESTART_DELAY_MIN
        self.restarts = 0
        self.pidfile = os.environ.get("SERVE_WORKER_PIDFILE")

    def start_worker(self) -> None:
        # Its own session: a signal aimed at the worker's process group (or a crash taking its pool down) never
        # reaches the web server or this supervisor.
        self.worker = subprocess.Popen(worker_command(self.python), start_new_session=True, preexec_fn=_die_with_parent)
        self.worker_started = time.monotonic()
        if self.pidfile:
            Path(self.pidfile).write_text(f"{self.worker.pid}\n")

    @staticmethod
    def _reap_group(pid: int) -> None:
        """What is left of a dead worker (its pool processes, its beat) lives on in the worker's own process group:
        end it, so that the new worker does not run next to a second beat."""
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def start_web(self) -> None:
        self.web = subprocess.Popen(web_command(self.python, self.port), cwd=ROOT, preexec_fn=_die_with_parent)

    def start_import(self) -> None:
        self.import_pending = False
        self.versions_before_import = catalogue_versions()
        self.importer = subprocess.Popen(
            import_command(self.python), cwd=ROOT, env={**os.environ, **IMPORT_ENVIRONMENT}, preexec_fn=_die_with_parent
        )

    def import_finished(self, code: int) -> None:
        self.importer = None
        if code != 0:
            print(f"\n  the games' data import failed (exit {code}); serving the games already imported\n", flush=True)
        else:
            if catalogue_versions() != self.versions_before_import and self.web is not None and self.web.poll() is None:
                self.web.send_signal(signal.SIGHUP)  # the master builds the new catalogues, then forks fresh workers
                self.reloads += 1
            print(f"\n  {GAMES_IMPORTED}\n", flush=True)

    def start_worker_after_web(self) -> None:
        """The worker starts once the web server answers (WORKER_START_WAIT_MAX at the latest): the two no longer
        share the CPU while the server's master builds the catalogues, so the first page comes sooner. Nothing is
        lost meanwhile: a job sent in between waits in the broker, and the worker's start-up sweep resumes any."""
        self.worker_pending = True

    def tick(self) -> bool:
        """One supervision step; False once the web server has stopped (everything then stops)."""
        if self.with_web and self.web is not None and self.web.poll() is not None:
            return False
        if not self.web_ready and (self.import_pending or self.worker_pending):
            self.web_ready = web_answers(self.port)
        if self.worker_pending and (self.web_ready or time.monotonic() - self.started > WORKER_START_WAIT_MAX):
            self.worker_pending = False
            self.start_worker()
        if self.import_pending and self.web_ready:
            self.start_import()
        if self.importer is not None and self.importer.poll() is not None:
            self.import_finished(self.importer.returncode)
        if self.worker is not None and self.worker.poll() is not None:
            code = self.worker.returncode
            self._reap_group(self.worker.pid)
            if time.monotonic() - self.worker_started >= STABLE_SECONDS:
                self.restart_delay = RESTART_DELAY_MIN
            print(f"\n  worker stopped (exit {code}); restarting in {self.restart_delay:g} s\n", flush=True)
            time.sleep(self.restart_delay)
            self.restart_delay = min(self.restart_delay * 2, RESTART_DELAY_MAX)
            self.restarts += 1
            self.start_worker()
        return True

    def stop(self) -> int:
        children = [c for c in (self.importer, self.web, self.worker) if c is not None]
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
        return 0


def serve_environment(environ) -> None:
    """What `make run` serves with unless told otherwise: no debug pages (DEBUG=false). With DEBUG on, every 500 showed
    the settings, paths and source to whoever could reach the server; a developer who wants them sets DEBUG=true.
    `make test` and `manage.py runserver` keep the settings' development default."""
    environ.setdefault("DEBUG", "false")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-web", action="store_true", help="supervise the worker only")
    parser.add_argument(
        "--import-games", action="store_true", help="import the other games' data once the web server answers"
    )
    args = parser.parse_args(argv)
    serve_environment(os.environ)  # before the settings are read; the web server and the worker inherit it
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    port = os.environ.get("PORT", "8000")
    supervisor = Supervisor(python=sys.executable, port=port, web=not args.no_web, import_games=args.import_games)
    if supervisor.with_web:
        # First: the web server's master sets Django up and builds the catalogues for the first page while this
        # process sets Django up too (half a second of a cold start, before the web server even started, otherwise).
        supervisor.start_web()
    import django

    django.setup()
    orphan = reap_orphan_worker(worker_pidfile())  # before this run's worker starts
    if orphan:
        print(f"\n  ended worker {orphan}, left running by an earlier run\n", flush=True)
    if supervisor.with_web:
        supervisor.start_worker_after_web()
    else:
        supervisor.start_worker()
    if supervisor.with_web:
        print(
            f"\n  Deck builder running at http://127.0.0.1:{port}/  (Ctrl-C stops the server and the worker)\n",
            flush=True,
        )
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(supervisor.stop()))
    try:
        while supervisor.tick():
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    return supervisor.stop()


if __name__ == "__main__":
    sys.exit(main())
