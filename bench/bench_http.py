"""HTTP benchmark per game, on the database a user has: the web server exactly as `make run` starts it (gunicorn
with the tree's gunicorn.conf.py, the development settings `make run` uses, the rate limits on, no Redis), over a
temporary database set up by the tree's own `make run` recipe (its `manage.py` lines: migrate, import_cards,
import_effects, import_regulations, import_games...: all three games where the tree has them).

For each game the tree serves (dm, ygo, dbs), with 4 concurrent clients: one legality check over HTTP (a real list:
a 40 + 8 + 12 Duel Masters deck from the card data, a real OCG tournament list of 40 + 15 + 15 on its day, a 60-card
DBS list; each must be legal, else the bench stops), a card search mix (`GET /api/v1/cards/?game=`), a batch of
1,000 different decklists in one request, and `GET /api/v1/ping/` while 4 clients keep sending that game's checks:
as fast as the server answers them, and paced at PACED_CHECKS_PER_SECOND (the same work beside the pings whichever
tree serves; a faster tree's unpaced clients make it busier). Then `side_by_side`: the games' checks, searches and
batches at the same time on the same server, each game's figures, and the OCG's and DBS's over Duel Masters'
(`ratio_to_dm`): the games' own phases run one after another, on a server that ages in between.
Every client speaks from its own loopback address (127.1.x.y), so each counts under its own anonymous limit as
separate users do: the limit's store is measured, not its refusals.

`.venv/bin/python -m bench http`. `BENCH_SERVER_TREE` names another checkout whose server is measured (bench.compare
sets it to the exported `before` tree): the clients, decks and figures stay this tree's, so both sides are measured
alike; a game the other tree does not serve is reported as `<game>.skipped`.
"""

import http.client
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import tempfile
import threading
import time
from itertools import count
from pathlib import Path

from bench.stats import ROOT, run_command, summary_ms

CLIENTS = 4
CHECKS_PER_CLIENT = 40
SEARCHES_PER_CLIENT = 30
PINGS = 60
LOADED_PINGS = 50
# The paced load beside the pings: a rate every tree compared serves (115745d answered about 190 DM checks a second
# on 2 cores, today's tree 350), so that both sides' pings share the cores with the same work.
PACED_CHECKS_PER_SECOND = 100
BATCH = 1000
BATCH_RUNS = 5  # the best of five (of two, one slow run in a round moved a game's figure by 1.5x)
_addresses = count(1)


def server_tree() -> Path:
    return Path(os.environ.get("BENCH_SERVER_TREE") or ROOT).resolve()


def make_run_commands(tree: Path) -> list[list[str]]:
    """The `manage.py` commands of the tree's `make run` recipe (in order, one after another, with this interpreter),
    without the server and collectstatic (the API needs no collected files); with the import the server runs beside
    itself (`serve --import-games`), before the server here, so every game is measured on its whole catalogue. A recipe
    reads `$(PY) manage.py <command>` a command (older trees; run here without its system checks), or `$(PY) -m
    deckbuilder.run_commands "<command>" ...` several in one process, run here as written."""
    recipe, inside = [], False
    for line in (tree / "Makefile").read_text(encoding="utf-8").splitlines():
        if line.startswith("run:"):
            inside = True
        elif inside and line.startswith("\t"):
            recipe.append(line)
        elif inside:
            break
    text = re.sub(r"\\\n\s*", " ", "\n".join(recipe))  # one line per shell command
    runs: list[list[str]] = []
    for command in re.findall(r"\$\(PY\) manage\.py ([^;&|\n]+)", text):
        if not command.startswith("collectstatic"):
            runs.append([sys.executable, "manage.py", *_skipping_checks(shlex.split(command))])
    for steps in re.findall(r"\$\(PY\) -m deckbuilder\.run_commands ((?:\s*\"[^\"]*\")+)", text):
        kept = [step for step in shlex.split(steps) if not step.startswith("collectstatic")]
        runs.append([sys.executable, "-m", "deckbuilder.run_commands", *kept])
    if "deckbuilder.serve --import-games" in text:  # the other games' import, run beside the server
        runs.append([sys.executable, "manage.py", "import_games", "--skip-checks"])
    return runs


def _skipping_checks(arguments: list[str]) -> list[str]:
    """A manage.py command without its system checks (the server's start runs them): the set-up is not measured."""
    return arguments if "--skip-checks" in arguments else [*arguments, "--skip-checks"]


def server_env(tmp: str) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "deckbuilder.settings",  # what `make run` uses
        "VAR_DIR": tmp,
        "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
        # The batch figure is the in-request cost of 1,000 decklists (a server answers one that large from the
        # workers), sent without signing in: above the caps of an anonymous batch (regulations.batches).
        "LEGALITY_BATCH_SYNC_MAX": str(BATCH),
        "LEGALITY_BATCH_ANON_MAX_DECKS": str(BATCH),
        "LEGALITY_BATCH_ANON_MAX_CHARS": "100000000",
        "REQUEST_TIME_BUDGET_SECONDS": "120",  # ... however long it takes (the figure), not cut at the budget
        "WEB_CONCURRENCY": "2",
    }
    for name in ("REDIS_URL", "THROTTLE_ANON", "THROTTLE_USER", "CELERY_BROKER_URL"):
        env.pop(name, None)
    return env


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _address() -> str:
    n = next(_addresses)
    return f"127.1.{n // 250}.{n % 250 + 2}"


def request(port: int, method: str, path: str, body: bytes | None = None, source: str = "127.0.0.1"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def load(port: int, calls: list[tuple[str, str, bytes | None]], per_client: int, clients: int = CLIENTS) -> dict:
    """`clients` threads, each from its own address, sending `per_client` requests one after another, cycling through
    `calls` (method, path, body); latency per request."""
    timings: list[float] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def client(offset: int, source: str) -> None:
        mine, seen = [], {}
        for i in range(per_client):
            method, path, body = calls[(offset + i) % len(calls)]
            started = time.perf_counter()
            status, _ = request(port, method, path, body, source)
            mine.append(time.perf_counter() - started)
            seen[status] = seen.get(status, 0) + 1
        with lock:
            timings.extend(mine)
            for status, n in seen.items():
                statuses[status] = statuses.get(status, 0) + n

    threads = [threading.Thread(target=client, args=(i * 7, _address())) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    return {
        **summary_ms(timings, percentiles=(50, 95, 99)),
        "per_second": round(len(timings) / elapsed, 1),
        "failures": sum(n for status, n in statuses.items() if status != 200),
    }


def load_side_by_side(port: int, calls: dict[str, list[tuple[str, str, bytes | None]]], per_client: int) -> dict:
    """`load` with every game's calls at once: each client sends one game's call after another's in turn (its own
    starting game), so that every game meets the same server, load and moment; latency per game. The games measured
    one after another meet a server that has aged in between (one run here had DBS 1.10x DM's check over HTTP, and
    0.87x in one process)."""
    games = list(calls)
    timings: dict[str, list[float]] = {game: [] for game in games}
    failures = dict.fromkeys(games, 0)
    lock = threading.Lock()

    def client(offset: int, source: str) -> None:
        mine: dict[str, list[float]] = {game: [] for game in games}
        for i in range(per_client * len(games)):
            game = games[(offset + i) % len(games)]
            method, path, body = calls[game][(offset + i // len(games)) % len(calls[game])]
            started = time.perf_counter()
            status, _ = request(port, method, path, body, source)
            mine[game].append(time.perf_counter() - started)
            if status != 200:
                with lock:
                    failures[game] += 1
        with lock:
            for game, seconds in mine.items():
                timings[game].extend(seconds)

    threads = [threading.Thread(target=client, args=(i, _address())) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        game: {**summary_ms(seconds, percentiles=(50, 95, 99)), "failures": failures[game]}
        for game, seconds in timings.items()
    }


def pings_under(port: int, calls: list[tuple[str, str, bytes | None]], per_second: float | None = None) -> dict:
    """Pings one after another while CLIENTS clients keep sending `calls`: each as fast as the server answers it
    (`per_second` None), or all together at `per_second` (each client's sends on a fixed schedule), the same load on
    whichever tree serves. With the rate the server achieved meanwhile (`load_per_second`): a faster server under the
    unpaced clients is also a busier one."""
    stop = threading.Event()
    sent = [0] * CLIENTS

    def busy(client: int, source: str) -> None:
        i, started = client * 7, time.perf_counter()
        while not stop.is_set():
            if per_second:
                due = started + sent[client] * CLIENTS / per_second
                if (wait := due - time.perf_counter()) > 0:
                    time.sleep(wait)
                    continue
            method, path, body = calls[i % len(calls)]
            request(port, method, path, body, source)
            i += 1
            sent[client] += 1

    threads = [threading.Thread(target=busy, args=(i, _address())) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    try:
        source, timings = _address(), []
        first, started = sum(sent), time.perf_counter()
        for _ in range(LOADED_PINGS):
            begun = time.perf_counter()
            request(port, "GET", "/api/v1/ping/", None, source)
            timings.append(time.perf_counter() - begun)
        load_per_second = (sum(sent) - first) / (time.perf_counter() - started)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    return {**summary_ms(timings, percentiles=(50, 99)), "load_per_second": round(load_per_second, 1)}


# --- each game's inputs (this tree's data readers, whichever tree serves) -----------------------------------------


def _dm_inputs() -> dict:
    from django.conf import settings

    from bench.bench_cards import QUERIES
    from bench.bench_legality import _deck_text, _pools

    pools = _pools(Path(settings.CARD_DATA_SOURCE), Path(settings.REGULATION_DATA_SOURCE))
    return {
        "check": {"text": _deck_text(pools, 0), "format": "advance"},
        "decks": [{"player": f"p{i}", "text": _deck_text(pools, i)} for i in range(BATCH)],
        "batch": {},
        "searches": [{"q": q, "order": order} for q, order in QUERIES],
    }


def _ygo_inputs() -> dict:
    from bench.bench_ygo import DECKLISTS, QUERIES, legal_deck

    texts = [p.read_text(encoding="utf-8") for p in sorted(DECKLISTS.glob("*.ydk"))]
    text, as_of, _counts = legal_deck()
    return {
        "check": {"game": "ygo", "text": text, "as_of": as_of.isoformat()},
        "decks": [{"player": f"p{i}", "text": texts[i % len(texts)]} for i in range(BATCH)],
        "batch": {"game": "ygo"},
        "searches": [{"game": "ygo", "q": q, "order": order} for q, order, _as_of in QUERIES],
    }


def _dbs_inputs() -> dict:
    from django.conf import settings

    from bench.bench_dbs import SEARCH_QUERIES, _deck_text
    from games.dbs.rules.cards import load_cards
    from games.dbs.rules.legality import load_banlist

    data = Path(settings.CARD_DATA_DIR) / "dbs"
    catalogue = load_cards(data / "cards.json")
    listed = {entry.card_number for entry in load_banlist(data / "banlist.json").entries}
    return {
        "check": {"game": "dbs", "text": _deck_text(catalogue, listed)},
        # Different decks from a shared pool of cards, as in a tournament (and as the Duel Masters batch has them).
        "decks": [{"player": f"p{i}", "text": _deck_text(catalogue, listed, seed=i)} for i in range(BATCH)],
        "batch": {"game": "dbs"},
        "searches": [{"game": "dbs", "q": q} for q in SEARCH_QUERIES],
    }


INPUTS = {"dm": _dm_inputs, "ygo": _ygo_inputs, "dbs": _dbs_inputs}


def _query(params: dict) -> str:
    from urllib.parse import urlencode

    return "/api/v1/cards/?" + urlencode(params)


def _calls(inputs: dict) -> dict:
    """A game's requests: its check, its searches, its batch of 1,000."""
    return {
        "check": [("POST", "/api/v1/legality/", json.dumps(inputs["check"]).encode())],
        "search": [("GET", _query(params), None) for params in inputs["searches"]],
        "batch": json.dumps({**inputs["batch"], "decks": inputs["decks"]}).encode(),
    }


def measure_game(port: int, game: str, calls: dict) -> dict:
    checks, searches, batch = calls["check"], calls["search"], calls["batch"]
    check = checks[0][2]
    # The game's first search and first check after the server started (what its first user waits for).
    started = time.perf_counter()
    status, _ = request(port, "GET", searches[0][1], None, _address())
    first_search = time.perf_counter() - started
    started = time.perf_counter()
    status, body = request(port, "POST", "/api/v1/legality/", check, _address())
    first_check = time.perf_counter() - started
    if status != 200:
        return {"skipped": 1, "skipped_because": f"check answered {status}: {body[:200]!r}"}
    report = json.loads(body)
    if not report.get("legal"):  # the check of a legal deck is the figure: one that stops early measures less
        codes = [item.get("code") for item in report.get("violations", [])]
        raise RuntimeError(f"the bench's {game} deck is not legal: {codes}")
    # Warm both workers: the first check, search and batch of each.
    load(port, checks, 5)
    load(port, searches, len(searches) // CLIENTS + 1)
    request(port, "POST", "/api/v1/legality/batch/", batch, _address())
    figures: dict = {
        "check_legal": int(bool(report.get("legal"))),
        "first_search_ms": round(first_search * 1000, 1),
        "first_check_ms": round(first_check * 1000, 1),
    }
    for name, per_client in (("check", CHECKS_PER_CLIENT), ("search", SEARCHES_PER_CLIENT)):
        result = load(port, calls[name], per_client)
        figures.update({f"{name}_{key}": value for key, value in result.items()})
    batch_times = []
    for _ in range(BATCH_RUNS):
        started = time.perf_counter()
        status, body = request(port, "POST", "/api/v1/legality/batch/", batch, _address())
        batch_times.append(time.perf_counter() - started)
        if status != 200:
            raise RuntimeError(f"{game} batch failed: {status} {body[:300]!r}")
    figures["batch_1000_seconds"] = round(min(batch_times), 3)
    figures["batch_1000_median_seconds"] = round(sorted(batch_times)[len(batch_times) // 2], 3)
    figures.update({f"ping_under_checks_{key}": value for key, value in pings_under(port, checks).items()})
    paced = pings_under(port, checks, PACED_CHECKS_PER_SECOND)
    figures.update({f"ping_under_paced_checks_{key}": value for key, value in paced.items()})
    return figures


def measure_side_by_side(port: int, calls: dict[str, dict]) -> dict:
    """Every game's check, search and batch on one server at the same time (load_side_by_side; the batches in turn,
    the best of BATCH_RUNS each), and each game's figure over Duel Masters': the target "no slower than DM on the
    same server" is read here, not across the games' own phases, which run one after another."""
    figures: dict = {game: {} for game in calls}
    for name, per_client in (("check", CHECKS_PER_CLIENT), ("search", SEARCHES_PER_CLIENT)):
        result = load_side_by_side(port, {game: mine[name] for game, mine in calls.items()}, per_client)
        for game, summary in result.items():
            figures[game].update({f"{name}_{key}": value for key, value in summary.items()})
    batches: dict[str, list[float]] = {game: [] for game in calls}
    for _ in range(BATCH_RUNS):
        for game, mine in calls.items():
            started = time.perf_counter()
            status, body = request(port, "POST", "/api/v1/legality/batch/", mine["batch"], _address())
            batches[game].append(time.perf_counter() - started)
            if status != 200:
                raise RuntimeError(f"{game} batch failed: {status} {body[:300]!r}")
    for game, seconds in batches.items():
        figures[game]["batch_1000_seconds"] = round(min(seconds), 3)
    if "dm" in calls:
        dm = figures["dm"]
        figures["ratio_to_dm"] = {
            game: {
                key: round(figures[game][key] / dm[key], 2)
                for key in ("check_p50_ms", "check_p99_ms", "search_p95_ms", "batch_1000_seconds")
                if dm.get(key)
            }
            for game in calls
            if game != "dm"
        }
    return figures


def run() -> dict:
    tree = server_tree()
    with tempfile.TemporaryDirectory(prefix="bench-http-") as tmp:
        env = server_env(tmp)
        started = time.perf_counter()
        for command in make_run_commands(tree):
            run_command(command, env=env, cwd=tree)
        setup_seconds = time.perf_counter() - started
        port = _free_port()
        command = [sys.executable, "-m", "gunicorn", "-c", str(tree / "gunicorn.conf.py")]
        log = Path(tmp) / "server.log"  # a file, never a pipe nobody reads: a full pipe stops the server's threads
        server = subprocess.Popen(
            [*command, "-b", f"127.0.0.1:{port}", "--log-level", "warning", "deckbuilder.wsgi"],
            cwd=tree,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log.open("wb"),
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 120
            while True:
                if server.poll() is not None:
                    raise RuntimeError(f"gunicorn exited: {log.read_text(errors='replace')[-2000:]}")
                try:
                    if request(port, "GET", "/api/v1/ping/")[0] == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("gunicorn did not start")
                time.sleep(0.2)
            ping = load(port, [("GET", "/api/v1/ping/", None)], PINGS)
            figures: dict = {
                "server_tree": "this tree" if tree == ROOT else tree.name,
                "setup_seconds": round(setup_seconds, 1),
                **{f"ping_{key}": value for key, value in ping.items()},
            }
            # A tree from before the games (115745d) ignores `game=` and would answer another game's requests as
            # Duel Masters' (its search refusing their grammar): its figures would be of nothing.
            games = request(port, "GET", "/api/v1/cards/?game=no-such-game")[0] == 400
            calls = {game: _calls(INPUTS[game]()) for game in INPUTS if games or game == "dm"}
            for game in INPUTS:
                figures[game] = measure_game(port, game, calls[game]) if game in calls else {"skipped": 1}
            served = {game: calls[game] for game in calls if not figures[game].get("skipped")}
            figures["side_by_side"] = measure_side_by_side(port, served)
            figures["load_average_1min_during_run"] = round(os.getloadavg()[0], 2)
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)
    return figures


if __name__ == "__main__":
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    print(json.dumps(run(), indent=2, ensure_ascii=False))
