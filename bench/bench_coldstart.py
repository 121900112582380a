"""Cold start: `make run` on an empty database until the first page answers, as a user's first `make run` (and the
next one, with the database already imported).

The tree's own `make run` (its migrate, imports, collectstatic, then the web server and the worker), with a fresh
VAR_DIR (an empty SQLite database), the rest of the environment as `make run` reads it (no Redis). The figure is the
wall time from `make run` to the first `200` of `GET /`; then the same again on the database the first run left
(`warm_start_seconds`: nothing to import). The server is stopped (its process group, and the worker's by its pid
file) after each.

A tree whose `make run` serves before the other games' data is in (`deckbuilder.serve --import-games`) also gives
`all_games_seconds`: from `make run` to the server's word that the import beside it ended (the first page of an older
tree comes after every import, so there it is the first page's figure).

`.venv/bin/python -m bench coldstart`. `BENCH_SERVER_TREE` names another checkout to start (bench.compare sets it).
"""

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.bench_http import server_tree
from bench.stats import ROOT

START_TIMEOUT = 600.0


def _first_page(port: int, process: subprocess.Popen, log: Path) -> float:
    started = time.perf_counter()
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"make run exited {process.returncode}: {log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
                if response.status == 200:
                    return time.perf_counter() - started
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"no first page in {START_TIMEOUT} s: {log.read_text(errors='replace')[-3000:]}")


def _stop(process: subprocess.Popen, worker_pidfile: Path) -> None:
    for pid in (process.pid,):
        try:
            os.killpg(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    try:
        worker = int(worker_pidfile.read_text().split()[0])
        os.killpg(worker, signal.SIGKILL)  # a worker in its own session that outlived its supervisor
    except (OSError, ValueError, IndexError):
        pass


def _all_games_in(log: Path, process: subprocess.Popen) -> None:
    from deckbuilder.serve import GAMES_IMPORTED

    deadline = time.monotonic() + START_TIMEOUT
    while GAMES_IMPORTED not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the games' import did not end: {log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.2)


def make_run_seconds(tree: Path, var_dir: Path) -> tuple[float, float]:
    """Seconds to the first page, and to every game's data in."""
    from bench.bench_http import _free_port

    port = _free_port()
    env = {**os.environ, "VAR_DIR": str(var_dir), "PORT": str(port), "SERVE_WORKER_PIDFILE": str(var_dir / "w.pid")}
    for name in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "THROTTLE_CACHE_DIR"):
        env.pop(name, None)
    log = var_dir / f"make-run-{port}.log"
    # `-o .venv/.installed`: this interpreter's packages, never a virtualenv built in the measured tree.
    command = ["make", "-s", "-o", ".venv/.installed", f"PY={sys.executable}", f"PORT={port}", "run"]
    with open(log, "wb") as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)  # fmt: skip
        try:
            _first_page(port, process, log)
            first = time.perf_counter() - started
            if "deckbuilder.serve --import-games" in (tree / "Makefile").read_text(encoding="utf-8"):
                _all_games_in(log, process)
            return first, time.perf_counter() - started
        finally:
            _stop(process, var_dir / "w.pid")


def run() -> dict:
    tree = server_tree()
    with tempfile.TemporaryDirectory(prefix="bench-coldstart-") as tmp:
        var_dir = Path(tmp)
        cold, cold_all = make_run_seconds(tree, var_dir)
        warm, warm_all = make_run_seconds(tree, var_dir)
    return {
        "server_tree": "this tree" if tree == ROOT else tree.name,
        "cold_start_seconds": round(cold, 2),
        "cold_start_all_games_seconds": round(cold_all, 2),
        "warm_start_seconds": round(warm, 2),
        "warm_start_all_games_seconds": round(warm_all, 2),
        "load_average_1min_during_run": round(os.getloadavg()[0], 2),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
