"""Legality benchmark: the pure engine in-process (with release dates and a card pool: a date and an overlay's
cut-off), one check over HTTP against gunicorn (2 workers, 4 concurrent
clients) beside a plain Django JSON endpoint in the same run, and a batch of 1,000 decklists in one request.

`.venv/bin/python -m bench legality`. The HTTP figures use a temporary SQLite database holding the real card data
and Hall of Fame list (settings.CARD_DATA_SOURCE / REGULATION_DATA_SOURCE) when they exist, else a few hundred
synthetic cards. Targets: engine p99 < 0.1 ms, HTTP p99 < 10 ms, batch of 1,000 < 0.25 s.
"""

import gc
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import date
from pathlib import Path

from bench.stats import percentile, run_command, summary_ms

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"engine_p99_ms": 0.1, "http_check_p99_ms": 10.0, "batch_1000_seconds": 0.25}
CLIENTS = 4
REQUESTS_PER_CLIENT = 150
BATCH = 1000


# ------------------------------------------------------------------------------------------------------ engine


def _engine_run(
    deck, rules, regulation, start_sets, card_pool, iterations: int, clock=time.perf_counter
) -> tuple[list[float], object]:
    from games.dm.rules.legality import check_deck

    for _ in range(1000):
        check_deck(deck, format_rules=rules, regulation=regulation, start_sets=start_sets, card_pool=card_pool)
    timings = []
    for _ in range(iterations):
        started = clock()
        report = check_deck(deck, format_rules=rules, regulation=regulation, start_sets=start_sets, card_pool=card_pool)
        timings.append(clock() - started)
    return timings, report


def measure_engine(iterations: int = 20_000) -> dict:
    from games.dm.rules.cards import CardFacts
    from games.dm.rules.legality import CardPool, Combo, DeckInput, FormatRules, Regulation, StartSet
    from games.dm.rules.vocabulary import Zone

    # Every card has a first release date (the GR cards 2019, the others earlier): the card-pool check compares each.
    old, new = date(2004, 3, 18), date(2019, 3, 16)
    main = tuple((CardFacts(id=i, name_key=f"main{i}", name_ja=f"main{i}", release_date=old), 4) for i in range(10))
    psychic = dict(psychic=True, zone=Zone.HYPERSPATIAL, release_date=old)
    hyper = tuple((CardFacts(id=100 + i, name_key=f"psy{i}", name_ja=f"psy{i}", **psychic), 4) for i in range(2))
    gr = tuple(
        (CardFacts(id=200 + i, name_key=f"gr{i}", name_ja=f"gr{i}", gr=True, zone=Zone.SUPER_GR, release_date=new), 2)
        for i in range(6)
    )
    deck = DeckInput(main=main, hyperspatial=hyper, gr=gr)
    # A list of realistic size: ~130 listed names and a combo.
    regulation = Regulation(
        limits={f"listed{i}": i % 2 for i in range(130)}, combos=(Combo(("listed1", "listed2")),), label="bench"
    )
    start_sets = (StartSet("a", "a", {"start-a": 1}), StartSet("b", "b", {f"start-b{i}": 1 for i in range(5)}))
    rules = FormatRules(code="advance")
    # An event overlay's check: the date and a cut-off, both compared with every card's release date.
    pool = CardPool(as_of=date(2026, 1, 1), cutoff=date(2019, 6, 1), overlay_id="bench")
    timings, report = _engine_run(deck, rules, regulation, start_sets, pool, iterations)
    assert report.legal and not report.warnings, (report.violations, report.warnings)
    # The same on the thread's CPU clock: the engine's own time, without the waits of a preempted process (on a
    # shared machine a wall-clock p99 of a 40 µs call measures the scheduler's time slice as much as the engine).
    cpu, _ = _engine_run(deck, rules, regulation, start_sets, pool, iterations, clock=time.thread_time)
    without, _ = _engine_run(deck, rules, regulation, start_sets, None, iterations)
    early, early_report = _engine_run(deck, rules, regulation, start_sets, CardPool(as_of=date(2005, 1, 1)), 2000)
    assert [str(v.code) for v in early_report.violations] == ["NOT_YET_RELEASED"] * 6
    return {
        "engine_iterations": iterations,
        "engine_p50_ms": round(percentile(timings, 0.50) * 1000, 4),
        "engine_p99_ms": round(percentile(timings, 0.99) * 1000, 4),
        "engine_cpu_p50_ms": round(percentile(cpu, 0.50) * 1000, 4),
        "engine_cpu_p99_ms": round(percentile(cpu, 0.99) * 1000, 4),
        "engine_without_card_pool_p50_ms": round(percentile(without, 0.50) * 1000, 4),
        "engine_without_card_pool_p99_ms": round(percentile(without, 0.99) * 1000, 4),
        "engine_six_not_yet_released_p99_ms": round(percentile(early, 0.99) * 1000, 4),
    }


# ---------------------------------------------------------------------------------------------------- server


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _synthetic_records(path: Path) -> None:
    from cards.tests.factories import CardRecordFactory

    records = [
        CardRecordFactory(name_ja=f"ベンチカード{i:03d}", civilizations=["Fire"], cost=i % 10) for i in range(300)
    ]
    records += [CardRecordFactory(name_ja=f"ベンチサイキック{i}", psychic_creature=True) for i in range(4)]
    records += [CardRecordFactory(name_ja=f"ベンチGR{i}", gr_creature=True) for i in range(8)]
    path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")


def _pools(card_source: Path, regulation_source: Path | None) -> tuple[list[str], list[str], list[str]]:
    """Names for legal-looking decks from the card data: 60 main-deck cards, 6 psychics, 12 GR cards (nothing the
    Hall of Fame list names, no per-card exceptions)."""
    listed = set()
    if regulation_source is not None:
        for event in json.loads(regulation_source.read_text(encoding="utf-8"))["events"]:
            listed.update(event.get("names_ja") or [])
            listed.add(event.get("card_key") or "")
    main, psychic, gr = [], [], []
    for item in json.loads(card_source.read_text(encoding="utf-8")):
        name = item.get("name_ja")
        if not item.get("facts_available", True) or name in listed or item.get("deck_limit_exceptions"):
            continue
        if item.get("multi_face") and not item.get("psychic"):
            continue
        zone = item.get("zone")
        if zone == "main_deck" and len(main) < 60:
            main.append(name)
        elif zone == "hyperspatial_zone" and item.get("psychic") and len(psychic) < 6:
            psychic.append(name)
        elif zone == "super_gr_zone" and len(gr) < 12:
            gr.append(name)
    return main, psychic, gr


def _deck_text(pools: tuple[list[str], list[str], list[str]], seed: int) -> str:
    """One 40 + 8 + 12 deck drawn from the pools (fixed seed): 10 names x4, 2 psychics x4, 6 GR cards x2."""
    chooser = random.Random(seed)
    main, psychic, gr = pools
    lines = ["# main", *(f"4 {n}" for n in chooser.sample(main, 10))]
    lines += ["# 超次元", *(f"4 {n}" for n in chooser.sample(psychic, 2))]
    lines += ["# 超GR", *(f"2 {n}" for n in chooser.sample(gr, 6))]
    return "\n".join(lines) + "\n"


class Server:
    def __init__(self, env: dict, port: int):
        self.port = port
        self.process = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "deckbuilder.wsgi:application",
                "--workers",
                "2",
                "--bind",
                f"127.0.0.1:{port}",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.process.stderr.read().decode()[-2000:]}")
            try:
                status, _ = request(self.port, "GET", "/api/v1/ping/")
                if status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not start")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()


def request(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def load(port: int, method: str, path: str, body: bytes | None, per_client: int, clients: int = CLIENTS) -> dict:
    """`clients` threads, each sending `per_client` requests one after another; latency per request."""
    timings: list[float] = []
    failures: list[int] = []
    lock = threading.Lock()

    def client():
        mine, bad = [], []
        for _ in range(per_client):
            started = time.perf_counter()
            status, _ = request(port, method, path, body)
            mine.append(time.perf_counter() - started)
            if status != 200:
                bad.append(status)
        with lock:
            timings.extend(mine)
            failures.extend(bad)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    return {
        "requests": len(timings),
        "failures": len(failures),
        **summary_ms(timings, percentiles=(50, 99)),
        "per_second": round(len(timings) / elapsed, 1),
    }


def measure_http() -> dict:
    from django.conf import settings

    card_source = Path(settings.CARD_DATA_SOURCE)
    regulation_source = Path(settings.REGULATION_DATA_SOURCE)
    real = card_source.is_file() and regulation_source.is_file()
    with tempfile.TemporaryDirectory(prefix="bench-legality-") as tmp:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "deckbuilder.settings.production",
            "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
            "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
            "VAR_DIR": tmp,
            "THROTTLE_ANON": "none",  # the benchmark measures the check, not the rate limit
            "THROTTLE_USER": "none",
            # The batch figure is the in-request cost of 1,000 decklists: a server answers a batch that large from
            # the workers (202, regulations.batches); here it is checked in the request, as smaller batches are
            "LEGALITY_BATCH_SYNC_MAX": "1000",
            # ... and sent without signing in, so above the caps of an anonymous batch (regulations.batches).
            "LEGALITY_BATCH_ANON_MAX_DECKS": "1000",
            "LEGALITY_BATCH_ANON_MAX_CHARS": "100000000",
            "REDIS_URL": "",
        }
        env.pop("REDIS_URL")
        python = sys.executable
        run_command([python, "manage.py", "migrate", "--noinput", "-v", "0", "--skip-checks"], env=env)
        if not real:
            card_source = Path(tmp) / "cards.json"
            _synthetic_records(card_source)
        run_command([python, "manage.py", "import_cards", str(card_source), "--no-progress", "--skip-checks"], env=env)
        if real:
            run_command([python, "manage.py", "import_regulations", str(regulation_source), "--skip-checks"], env=env)
            # The database a user has (`make run`): every game's catalogue in the cards table (bench_http measures
            # each game's figures under `make run`'s own settings).
            run_command([python, "manage.py", "import_games", "--skip-checks"], env=env)
        pools = _pools(card_source, regulation_source if real else None)
        single = json.dumps({"text": _deck_text(pools, 0), "format": "advance"}).encode()
        # Different decks from a shared pool of names, as in a tournament.
        decks = [{"player": f"p{i}", "text": _deck_text(pools, i)} for i in range(BATCH)]
        batch = json.dumps({"decks": decks}).encode()

        server = Server(env, _free_port())
        try:
            server.wait_ready()
            status, body = request(server.port, "POST", "/api/v1/legality/", single)
            if status != 200:
                raise RuntimeError(f"legality check failed: {status} {body[:500]!r}")
            report = json.loads(body)
            # Warm both workers (resolver index, regulation cache) before measuring.
            load(server.port, "POST", "/api/v1/legality/", single, 10)
            load(server.port, "POST", "/api/v1/legality/batch/", batch, 1)
            ping = load(server.port, "GET", "/api/v1/ping/", None, REQUESTS_PER_CLIENT)
            check = load(server.port, "POST", "/api/v1/legality/", single, REQUESTS_PER_CLIENT)
            sequential = load(server.port, "POST", "/api/v1/legality/", single, 100, clients=1)
            batch_times = []
            for _ in range(5):
                started = time.perf_counter()
                status, body = request(server.port, "POST", "/api/v1/legality/batch/", batch)
                batch_times.append(time.perf_counter() - started)
                if status != 200:
                    raise RuntimeError(f"batch failed: {status} {body[:300]!r}")
            batch_count = json.loads(body)["count"]
        finally:
            server.stop()
    return {
        "http_data": "real card data and Hall of Fame list" if real else "300 synthetic cards",
        "http_deck_legal": report["legal"],
        "http_deck_counts": report["counts"],
        "http_clients": CLIENTS,
        "ping_p50_ms": ping["p50_ms"],
        "ping_p99_ms": ping["p99_ms"],
        "ping_per_second": ping["per_second"],
        "http_check_p50_ms": check["p50_ms"],
        "http_check_p99_ms": check["p99_ms"],
        "http_check_per_second": check["per_second"],
        "http_check_vs_ping_throughput": round(check["per_second"] / ping["per_second"], 3),
        "http_check_one_client_p50_ms": sequential["p50_ms"],
        "http_check_one_client_p99_ms": sequential["p99_ms"],
        "load_average_1min_during_run": round(os.getloadavg()[0], 2),
        "http_failures": ping["failures"] + check["failures"],
        "batch_decklists": batch_count,
        "batch_distinct_names": len({line for deck in decks for line in deck["text"].splitlines()}),
        "batch_1000_seconds": round(min(batch_times), 3),
        "batch_1000_median_seconds": round(sorted(batch_times)[len(batch_times) // 2], 3),
    }


def run() -> dict:
    gc.collect()
    figures = measure_engine()
    figures.update(measure_http())
    figures["targets"] = TARGETS
    figures["within_targets"] = {key: figures[key] <= limit for key, limit in TARGETS.items()}
    return figures


if __name__ == "__main__":
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    print(json.dumps(run(), indent=2, ensure_ascii=False))
