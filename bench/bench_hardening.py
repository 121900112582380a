"""Hardening figures: the server's ping under hostile load, and how long a SIGKILLed worker's run takes to finish.

1. `ping_*`: the web server exactly as `make run` and docs/production.md start it (`deckbuilder.serve.web_command`:
   gunicorn with gunicorn.conf.py; extra arguments from BENCH_GUNICORN_ARGS) on a temporary SQLite database with the
   real catalogue (settings.CARD_DATA_SOURCE; a synthetic one of the same size without it). The p50/p99 of
   `GET /api/v1/ping/` idle, then while 4 clients keep POSTing `/api/v1/legality/` with a 500-line decklist of unknown
   names (target: loaded p99 under 3 x idle p99). Over several rounds (BENCH_PING_ROUNDS, 3): the machine's other
   load moves a p99 a lot, so every round's figures are kept and the median round's ratio is the figure. A client
   answered 503 SERVER_BUSY pauses 10 ms before its next request: the clients run on the same two cores as the
   server here, and a client spinning on refusals would measure its own CPU use, not the server's.
   `load_checks_per_s` is how many checks the server answered per second meanwhile (the work is bounded, not lost).
   Then the same for each hostile load in turn (`hostile_<name>_*`), 4 clients each: `legality` (above), `editor`
   (`POST /editor/state/` with the largest working copy allowed, anonymous, with the CSRF cookie a page sets), `odds`
   (`POST /api/v1/odds/report/` with a 40-card decklist), `cards` (`GET /api/v1/cards/?q=` a broad text search, 200 a
   page) and `csv_import` (an organiser's `POST /api/v1/events/{id}/registrations/import/` of TOURNAMENT_IMPORT_MAX_ROWS
   rows), then each other game's (`ygo_*`, `dbs_*`: a 500-line decklist, an anonymous batch of 50, the costliest
   search the core allows). Target for each: loaded ping p99 under 3 x the idle p99 (`ping_meets_target_all`); the
   median round is the one of the median worst ratio.
2. `recovery_*`: the real supervisor (`python -m deckbuilder.serve --no-web`: a Celery worker with beat, restarted when
   it dies) with the production job settings (JOBS_STALE_SECONDS, JOBS_SWEEP_INTERVAL_SECONDS, the Redis visibility
   timeout), a temporary PostgreSQL database; the worker's main process is SIGKILLed in the middle of a chunk of a
   1.6M-game goldfish run; the figure is the time from the kill to the run's completion, once with the embedded
   broker and once with Redis (BENCH_REDIS_URL). Skipped, with the reason, without PostgreSQL or Redis.

`.venv/bin/python -m bench hardening`
"""

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from bench.stats import ROOT, percentile, run_command

REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
PINGS = 200
LOADED_PINGS = 200  # as many as idle: a p99 of 60 samples was their largest, one stray sample
LOADED_SECONDS = 120.0  # under load, pings stop after this long (a ping that waits behind a blocked worker is slow)
PING_TIMEOUT = 60.0
CLIENTS = 4
UNKNOWN_LINES = 500
TARGET_RATIO = 3.0
RECOVERY_GAMES = 1_600_000


# --- ping under load ---------------------------------------------------------------------------------------------


def unknown_decklist(seed: int) -> str:
    """500 lines of names no card has (katakana and digits), fixed by the seed."""
    rng = random.Random(seed)
    katakana = [chr(c) for c in range(0x30A2, 0x30F3)]
    return "\n".join(f"1 {''.join(rng.choices(katakana, k=8))}{i}" for i in range(UNKNOWN_LINES))


def _get(url: str, timeout: float = PING_TIMEOUT) -> float:
    """Seconds for one GET; a request that times out (or fails) counts as the timeout."""
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            response.read()
    except (OSError, urllib.error.URLError):
        return timeout
    return time.perf_counter() - started


ERRORS: dict[
    str, str
] = {}  # the first answer of each status other than 2xx, 503, 429: a load that only fails is no load


def _post(url: str, body: bytes, headers: dict | None = None) -> int:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as exc:
        if exc.code not in (429, 503):
            ERRORS.setdefault(f"{url.split('/api/v1')[-1]} {exc.code}", exc.read()[:300].decode(errors="replace"))
        return exc.code
    except OSError:  # the worker was killed under the request (gunicorn's WORKER TIMEOUT), or the server stopped
        return 0


def _json(url: str, body: dict | None = None, headers: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"{}")


def _get_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=300) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as exc:
        ERRORS.setdefault(f"{url.split('/api/v1')[-1]} {exc.code}", exc.read()[:300].decode(errors="replace"))
        return exc.code
    except OSError:
        return 0


def _hostile_requests(base: str) -> dict:
    """name -> a function(seed) that sends one hostile request and returns its status; the data they need (cards,
    an organiser's token and event, a CSRF cookie) is set up through the server's own API first."""
    cards = _json(base + "/api/v1/cards/?page_size=200&q=zone:main")["results"]
    names = [c["name_ja"] for c in cards if c.get("name_ja")][:10]
    ids = [c["id"] for c in cards][:200]
    deck_text = "\n".join(f"4 {name}" for name in names)
    # The editor's largest working copy: MAX_LINES entries, one copy each, in the considering list.
    editor_body = json.dumps(
        {"deck": {"considering": [{"card": ids[i % len(ids)], "count": 1} for i in range(500)]}, "format": "advance"}
    ).encode()
    with urllib.request.urlopen(base + "/accounts/login/", timeout=60) as response:
        cookie = next(
            part.split(";")[0] for part in response.headers.get_all("Set-Cookie") or [] if part.startswith("csrftoken=")
        )
    editor_headers = {"Cookie": cookie, "X-CSRFToken": cookie.split("=", 1)[1], "Referer": base + "/"}
    odds_body = json.dumps({"text": deck_text}).encode()
    organiser = _json(
        base + "/api/v1/auth/register/", {"username": f"bench{time.time_ns()}", "password": "bench-password-long-1"}
    )
    auth = {"Authorization": f"Token {organiser['token']}"}
    today = time.strftime("%Y-%m-%d")
    event = _json(
        base + "/api/v1/events/",
        {"name": "bench", "date": today.replace(today[:4], str(int(today[:4]) + 1)),
         "registration_deadline": today.replace(today[:4], str(int(today[:4]) + 1)) + "T00:00:00Z"},
        auth,
    )  # fmt: skip
    rows = int(os.environ.get("TOURNAMENT_IMPORT_MAX_ROWS", "256"))
    quoted = deck_text.replace('"', '""')  # a card name with a quote mark (RFC 4180: doubled inside a quoted cell)
    csv_text = "player,decklist\n" + "".join(f'p{i},"{quoted}"\n' for i in range(rows))
    csv_body = json.dumps({"csv": csv_text}).encode()
    import_url = f"{base}/api/v1/events/{event['id']}/registrations/import/"
    search = base + "/api/v1/cards/?page_size=200&q=" + urllib.parse.quote("ー -civ:fire")  # names with a long vowel
    return {
        **_other_games_requests(base),
        "legality": lambda seed, body=None: _post(
            base + "/api/v1/legality/", json.dumps({"text": unknown_decklist(seed)}).encode()
        ),
        "editor": lambda seed: _post(base + "/editor/state/", editor_body, editor_headers),
        "odds": lambda seed: _post(base + "/api/v1/odds/report/", odds_body),
        "cards": lambda seed: _get_status(search),
        "csv_import": lambda seed: _post(import_url, csv_body, auth),
    }


# The most a search may ask (cards.selectors.search_max_words: 24 words), each a one-letter word (a pass over every
# name); 250 such words cost an OCG search 1.1 CPU-seconds before the bound.
SEARCH_WORDS = " ".join("aeiou"[i % 5] for i in range(24))
BATCH_DECKS = 50  # LEGALITY_BATCH_SYNC_MAX: the largest batch answered in the request, anonymously


def _other_games_requests(base: str) -> dict:
    """The same hostile loads against the other games' endpoints (issue 29: every game under the same budgets), each
    anonymous: a 500-line decklist of unknown names, a batch of BATCH_DECKS of them (cut to the anonymous batch's
    characters), and the costliest search. Only for a game whose catalogue the server has."""
    loads = {}
    for game in ("ygo", "dbs"):
        found = _json(f"{base}/api/v1/cards/?game={game}&page_size=1")
        if not found.get("count"):
            continue
        decks = [{"player": f"p{i}", "text": unknown_decklist(i)[:9_000]} for i in range(BATCH_DECKS)]
        batch = json.dumps({"game": game, "decks": decks}).encode()
        search = f"{base}/api/v1/cards/?game={game}&page_size=200&q=" + urllib.parse.quote(SEARCH_WORDS)
        loads[f"{game}_legality"] = lambda seed, game=game: _post(
            base + "/api/v1/legality/", json.dumps({"game": game, "text": unknown_decklist(seed)}).encode()
        )
        loads[f"{game}_batch"] = lambda seed, body=batch: _post(base + "/api/v1/legality/batch/", body)
        loads[f"{game}_search"] = lambda seed, url=search: _get_status(url)
    return loads


def _pings(base: str, count: int, seconds: float = 1e9) -> list[float]:
    samples = []
    deadline = time.monotonic() + seconds
    while len(samples) < count and time.monotonic() < deadline:
        samples.append(_get(base + "/api/v1/ping/"))
        time.sleep(0.02)
    return samples


def bench_ping_under_load() -> dict:
    from bench.bench_web import _prepare

    rounds = int(os.environ.get("BENCH_PING_ROUNDS", "3"))
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}",
            "VAR_DIR": tmp,
            "DEBUG": "false",
            "THROTTLE_ANON": "none",
            "THROTTLE_USER": "none",  # the organiser's imports: the bench measures the server, not the limit
            "LOG_LEVEL": "ERROR",
        }
        catalogue = _prepare(env)
        run_command([sys.executable, "manage.py", "import_games"], env=env)  # the OCG's and DBS's (their data)
        figures = [_ping_round(env) for _ in range(rounds)]
    ordered = sorted(figures, key=lambda f: f["ping_worst_over_idle_p99"])
    median = ordered[len(ordered) // 2]
    return {
        "ping_catalogue": catalogue,
        **median,
        "ping_rounds": [
            {
                k: f[k]
                for k in f
                if k in ("ping_idle_p99_ms", "ping_worst_over_idle_p99") or k.endswith("_over_idle_p99")
            }
            for f in figures
        ],
    }


def _ping_round(env: dict) -> dict:
    from deckbuilder.serve import web_command

    port = 18700 + os.getpid() % 500
    command = [*web_command(sys.executable, str(port)), *os.environ.get("BENCH_GUNICORN_ARGS", "").split()]
    server = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while _get(base + "/api/v1/ping/", timeout=2) >= 2:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)
        for _ in range(20):
            _get(base + "/api/v1/ping/")  # warm
        idle = _pings(base, PINGS)
        hostile = {name: _hostile_load(base, send) for name, send in _hostile_requests(base).items()}
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:  # workers busy with a decklist: no graceful wait
            os.killpg(server.pid, signal.SIGKILL)
    idle_p99 = percentile(idle, 0.99)
    legality = hostile["legality"]
    figures = {
        "ping_server": " ".join(command[1:]).replace(str(ROOT) + "/", ""),
        "ping_idle_p50_ms": round(percentile(idle, 0.5) * 1000, 2),
        "ping_idle_p99_ms": round(idle_p99 * 1000, 2),
        # The legality load under the names it always had, then every hostile load.
        "ping_loaded_p50_ms": round(percentile(legality["pings"], 0.5) * 1000, 2),
        "ping_loaded_p99_ms": round(percentile(legality["pings"], 0.99) * 1000, 2),
        "ping_loaded_samples": len(legality["pings"]),
        "ping_loaded_timeouts": sum(1 for sample in legality["pings"] if sample >= PING_TIMEOUT),
        "ping_loaded_over_idle_p99": round(percentile(legality["pings"], 0.99) / idle_p99, 1),
        "ping_target_ratio": TARGET_RATIO,
        "load_requests": len(legality["statuses"]),
        "load_statuses": _counts(legality["statuses"]),
        "load_request_p50_s": round(percentile(legality["seconds"], 0.5), 2) if legality["seconds"] else None,
        "load_checks_per_s": round(legality["answered"] / legality["loaded_seconds"], 1),
    }
    worst = 0.0
    for name, load in hostile.items():
        p99 = percentile(load["pings"], 0.99)
        worst = max(worst, p99 / idle_p99)
        figures[f"hostile_{name}_ping_p50_ms"] = round(percentile(load["pings"], 0.5) * 1000, 2)
        figures[f"hostile_{name}_ping_p99_ms"] = round(p99 * 1000, 2)
        figures[f"hostile_{name}_over_idle_p99"] = round(p99 / idle_p99, 1)
        figures[f"hostile_{name}_statuses"] = _counts(load["statuses"])
        figures[f"hostile_{name}_answered_per_s"] = round(load["answered"] / load["loaded_seconds"], 1)
    figures["hostile_errors"] = dict(ERRORS)
    figures["ping_worst_over_idle_p99"] = round(worst, 1)
    figures["ping_meets_target"] = figures["ping_loaded_over_idle_p99"] < TARGET_RATIO
    figures["ping_meets_target_all"] = worst < TARGET_RATIO
    return figures


def _counts(statuses: list[int]) -> dict:
    return {str(s): statuses.count(s) for s in sorted(set(statuses))}


def _hostile_load(base: str, send) -> dict:
    """CLIENTS clients sending `send(seed)` back to back while the pings run; then they stop and the server is let
    drain (their last requests finish) before the next load."""
    stop = threading.Event()
    statuses: list[int] = []
    request_seconds: list[float] = []

    def client(seed: int) -> None:
        while not stop.is_set():
            started = time.perf_counter()
            statuses.append(send(seed))
            request_seconds.append(time.perf_counter() - started)
            if statuses[-1] in (429, 503):  # SERVER_BUSY or throttled: a client that honours Retry-After would wait;
                time.sleep(0.01)  # this one only does not spin (a hostile one gets the same cheap refusal)

    threads = [threading.Thread(target=client, args=(seed,), daemon=True) for seed in range(CLIENTS)]
    for thread in threads:
        thread.start()
    time.sleep(1.0)  # the clients' first requests are in the server
    loaded_started = time.monotonic()
    answered_before = sum(1 for s in statuses if 200 <= s < 300)
    loaded = _pings(base, LOADED_PINGS, LOADED_SECONDS)
    loaded_seconds = time.monotonic() - loaded_started
    answered = sum(1 for s in statuses if 200 <= s < 300) - answered_before
    stop.set()
    for thread in threads:
        thread.join(timeout=60)  # the last requests end (a CSV import takes seconds) before the next load
    time.sleep(0.5)
    return {
        "pings": loaded,
        "statuses": list(statuses),
        "seconds": list(request_seconds),
        "answered": answered,
        "loaded_seconds": loaded_seconds,
    }


# --- worker SIGKILL to run completion ------------------------------------------------------------------------------


def _recovery_once(user, broker_url: str, workdir: Path) -> dict:
    from deckbuilder.celery import app
    from games.dm.rules.goldfish import examples
    from simulations import services
    from simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun

    app.conf.broker_url, app.conf.task_always_eager = broker_url, False
    app.conf.broker_transport_options = {}
    app._pool = None
    app.amqp._producer_pool = None
    log = workdir / "serve.log"
    pidfile = workdir / "worker.pid"
    env = {
        **os.environ,
        "CELERY_BROKER_URL": broker_url,
        "VAR_DIR": str(workdir),
        "SERVE_WORKER_PIDFILE": str(pidfile),
        "LOG_LEVEL": "WARNING",
    }
    run = services.simulation_run_create_from_cards(
        user=user,
        kind="goldfish",
        cards=examples.typical_deck(),
        games=RECOVERY_GAMES,
        seed=1,
        going="both",
        params={"chunk_games": 100_000},
    )
    with open(log, "ab") as out:
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "deckbuilder.serve", "--no-web"],
            env=env,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    killed = None
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            done = SimulationChunk.objects.filter(run=run, status=ChunkStatus.DONE).count()
            busy = SimulationChunk.objects.filter(run=run, status=ChunkStatus.PENDING, attempts=1).exists()
            if done >= 2 and busy:
                break
            time.sleep(0.05)
        else:
            return {"status": "no chunk in flight", "log": log.read_text()[-1500:]}
        killed = int(pidfile.read_text())
        os.kill(killed, signal.SIGKILL)
        started = time.monotonic()
        deadline = started + 900
        while time.monotonic() < deadline:
            if SimulationRun.objects.filter(id=run.id, status__in=[RunStatus.DONE, RunStatus.FAILED]).exists():
                break
            time.sleep(0.2)
        seconds = time.monotonic() - started
        run.refresh_from_db()
        return {"status": run.status, "kill_to_done_s": round(seconds, 1), "chunks": run.chunks_total}
    finally:
        supervisor.send_signal(signal.SIGTERM)
        try:
            supervisor.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(supervisor.pid, signal.SIGKILL)
        if killed is not None:
            try:
                os.killpg(killed, signal.SIGKILL)  # what is left of the killed worker's own process group
            except ProcessLookupError:
                pass


def recovery_orchestrate() -> dict:
    """In a subprocess whose DATABASE_URL is the temporary database."""
    import redis
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    for app_label in ("auth", "simulations"):
        call_command("migrate", app_label, verbosity=0, skip_checks=True)
    user = get_user_model().objects.create_user("bench", password="bench-password")
    figures = {
        "recovery_jobs_stale_s": settings.JOBS_STALE_SECONDS,
        "recovery_sweep_interval_s": settings.JOBS_SWEEP_INTERVAL_SECONDS,
    }
    with tempfile.TemporaryDirectory() as tmp:
        embedded = f"sqla+sqlite:///{Path(tmp) / 'broker.sqlite3'}"
        for name, url in (("embedded", embedded), ("redis", REDIS_URL)):
            if name == "redis":
                redis.Redis.from_url(REDIS_URL).flushdb()
            workdir = Path(tmp) / name
            workdir.mkdir()
            for key, value in _recovery_once(user, url, workdir).items():
                figures[f"recovery_{name}_{key}"] = value
    redis.Redis.from_url(REDIS_URL).flushdb()
    return figures


def bench_recovery() -> dict:
    try:
        import psycopg
        import redis

        redis.Redis.from_url(REDIS_URL).ping()
        admin = psycopg.connect(PG_URL.replace("postgres://", "postgresql://"), autocommit=True)
    except Exception as exc:  # noqa: BLE001 - the figure says why it is missing
        return {"recovery": f"skipped: {type(exc).__name__}: {exc}"}
    name = f"bench_hardening_{os.getpid()}"
    database_url = f"{PG_URL.rsplit('/', 1)[0]}/{name}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        env = {**os.environ, "DATABASE_URL": database_url}
        output = run_command([sys.executable, "-m", "bench.bench_hardening", "--recovery"], env=env)
        return json.loads(output.strip().splitlines()[-1])
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def run() -> dict:
    figures = {}
    figures.update(bench_ping_under_load())
    figures.update(bench_recovery())
    return figures


if __name__ == "__main__" and "--recovery" in sys.argv:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    print(json.dumps(recovery_orchestrate()))
