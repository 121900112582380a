"""`make run`: the web server (gunicorn with gunicorn.conf.py, as in production) and a Celery worker (with beat, for
the jobs' periodic sweep) side by side.

The worker is supervised: when it dies (a crash, the OOM killer, a SIGKILL) it is started again after a short
back-off, and the web server keeps serving meanwhile; the restarted worker's start-up sweep and beat resume the work
the dead one held (deckbuilder/jobs.py). When the web server stops, everything stops. Ctrl-C or SIGTERM stops both
cleanly.

`python -m deckbuilder.serve --no-web` supervises the worker alone. `SERVE_WORKER_PIDFILE` names a file that holds
the running worker's process id (rewritten at every restart).
"""

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

RESTART_DELAY_MIN = 1.0
RESTART_DELAY_MAX = 30.0
STABLE_SECONDS = 60.0  # a worker that ran this long restarts at once after it dies


ROOT = Path(__file__).resolve().parent.parent


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
        "--loglevel=INFO",
        "--concurrency=2",
        "--pool=prefork",
    ]


class Supervisor:
    def __init__(self, *, python: str, port: str, web: bool):
        self.python = python
        self.port = port
        self.with_web = web
        self.web: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.worker_started = 0.0
        self.restart_delay = RESTART_DELAY_MIN
        self.restarts = 0
        self.pidfile = os.environ.get("SERVE_WORKER_PIDFILE")

    def start_worker(self) -> None:
        # Its own session: a signal aimed at the worker's process group (or a crash taking its pool down) never
        # reaches the web server or this supervisor.
        self.worker = subprocess.Popen(worker_command(self.python), start_new_session=True)
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
        self.web = subprocess.Popen(web_command(self.python, self.port), cwd=ROOT)

    def tick(self) -> bool:
        """One supervision step; False once the web server has stopped (everything then stops)."""
        if self.with_web and self.web is not None and self.web.poll() is not None:
            return False
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
        children = [c for c in (self.web, self.worker) if c is not None]
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-web", action="store_true", help="supervise the worker only")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    import django

    django.setup()
    port = os.environ.get("PORT", "8000")
    supervisor = Supervisor(python=sys.executable, port=port, web=not args.no_web)
    supervisor.start_worker()
    if supervisor.with_web:
        supervisor.start_web()
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
