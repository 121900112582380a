"""Simulation figures: exact deck report, Monte Carlo hands/s, goldfish games/s (compiled vs plain Python), and
1,000,000 goldfish games through Celery (Redis broker, a temporary PostgreSQL database, 1 then 2 workers).

Run alone: `.venv/bin/python -m bench simulation`. Needs Redis (BENCH_REDIS_URL, default db 14) and PostgreSQL
(BENCH_PG_URL); the Celery part is skipped, with the reason in the figures, when either is missing.
"""

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.stats import percentile
from games.dm.rules import goldfish, odds
from games.dm.rules.goldfish import engine, examples, hands
from games.dm.rules.goldfish.deck import compile_deck

REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
CELERY_GAMES = 1_000_000


def _odds_cards():
    return [
        odds.OddsCard(c.key, c.name, c.copies, c.mana_civilizations, shield_trigger=i % 3 == 0)
        for i, c in enumerate(examples.typical_deck())
    ]


def bench_deck_report() -> dict:
    cards = _odds_cards()
    odds.deck_report(cards)  # imports and first-call warm-up; every timed call below starts with empty caches
    times = []
    for _ in range(200):
        odds.copies_distribution.cache_clear()
        odds.at_least.cache_clear()
        started = time.perf_counter()
        odds.deck_report(cards)
        times.append(time.perf_counter() - started)
    return {
        "deck_report_ms_median_cold": round(statistics.median(times) * 1000, 3),
        "deck_report_ms_p95_cold": round(percentile(times, 0.95) * 1000, 3),
        "deck_report_ms_max_cold": round(max(times) * 1000, 3),
    }


def _rates(work, count: int) -> tuple[float, float]:
    """(per wall second, per CPU second of this process): the CPU figure is the one-core speed even when other
    processes share the cores."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return count / (time.perf_counter() - wall), count / (time.process_time() - cpu)


def bench_hands() -> dict:
    copies = [c.copies for c in examples.typical_deck()]
    hands.sample_hands(copies, hands=10_000, seed=1)
    vectorized, vectorized_cpu = _rates(lambda: hands.sample_hands(copies, hands=1_000_000, seed=1), 1_000_000)
    plain, plain_cpu = _rates(lambda: hands.sample_hands_plain(copies, hands=50_000, seed=1), 50_000)
    return {
        "hands_per_s_vectorized": round(vectorized),
        "hands_per_cpu_s_vectorized": round(vectorized_cpu),
        "hands_per_s_plain_python": round(plain),
        "hands_per_cpu_s_plain_python": round(plain_cpu),
        "hands_ratio": round(vectorized_cpu / plain_cpu, 1),
    }


def bench_goldfish() -> dict:
    deck = compile_deck(examples.typical_deck(), key_cards=["f6"])
    started = time.perf_counter()
    engine.compiled_kernel()
    engine.play_side(deck, going="first", first_game=0, games=100, seed=1)
    load = time.perf_counter() - started
    figures = {"goldfish_kernel_load_s": round(load, 2)}
    for going in ("first", "second"):
        wall, cpu = _rates(
            lambda going=going: engine.play_side(deck, going=going, first_game=0, games=1_000_000, seed=1), 1_000_000
        )
        figures[f"goldfish_games_per_s_{going}"] = round(wall)
        figures[f"goldfish_games_per_cpu_s_{going}"] = round(cpu)
    wall, cpu = _rates(
        lambda: engine.play_side(deck, going="first", first_game=0, games=500, seed=1, compiled=False), 500
    )
    figures["goldfish_games_per_s_plain_python"] = round(wall)
    figures["goldfish_games_per_cpu_s_plain_python"] = round(cpu)
    figures["goldfish_ratio"] = round(figures["goldfish_games_per_cpu_s_first"] / cpu, 1)
    # the effect-rich deck: ramp, reductions, GR and psychic summons, draw, 侵略, 革命チェンジ
    rich = compile_deck(examples.effect_rich_deck())
    engine.play_side(rich, going="first", first_game=0, games=100, seed=1)
    wall, cpu = _rates(lambda: engine.play_side(rich, going="first", first_game=0, games=500_000, seed=1), 500_000)
    figures["goldfish_effects_games_per_cpu_s"] = round(cpu)
    wall, plain = _rates(
        lambda: engine.play_side(rich, going="first", first_game=0, games=500, seed=1, compiled=False), 500
    )
    figures["goldfish_effects_games_per_cpu_s_plain_python"] = round(plain)
    figures["goldfish_effects_ratio"] = round(cpu / plain, 1)
    return figures


# --- Celery end to end -----------------------------------------------------------------------------------------


def _start_worker(name: str, database_url: str, log) -> subprocess.Popen:
    from django.conf import settings

    env = {**os.environ, "DATABASE_URL": database_url, "CELERY_BROKER_URL": REDIS_URL, "LOG_LEVEL": "WARNING"}
    command = [sys.executable, "-m", "celery", "-A", "deckbuilder", "worker", "--pool=solo", "--loglevel=INFO"]
    command += ["-n", f"{name}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat"]
    return subprocess.Popen(command, env=env, cwd=settings.BASE_DIR, stdout=log, stderr=subprocess.STDOUT)


def _wait_ready(log_path: Path, workers: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log_path.read_text(errors="replace").count(" ready.") >= workers:
            return
        time.sleep(0.1)
    raise RuntimeError(f"workers not ready: {log_path.read_text(errors='replace')[-2000:]}")


def _celery_run(user, workers: int, database_url: str, workdir: Path) -> dict:
    from simulations import services
    from simulations.models import RunStatus, SimulationRun

    log_path = workdir / f"workers-{workers}.log"
    with open(log_path, "wb") as log:
        procs = [_start_worker(f"bench{i}", database_url, log) for i in range(workers)]
        try:
            _wait_ready(log_path, workers)
            started = time.perf_counter()
            run = services.simulation_run_create_from_cards(
                user=user,
                kind="goldfish",
                cards=examples.typical_deck(),
                games=CELERY_GAMES,
                seed=1,
                going="first",
                params={"key_cards": ["f6"]},
            )
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                run.refresh_from_db()
                if run.status != RunStatus.RUNNING and run.status != RunStatus.QUEUED:
                    break
                time.sleep(0.05)
            wall = time.perf_counter() - started
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGTERM)
            for proc in procs:
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
    run = SimulationRun.objects.get(id=run.id)
    return {
        "status": run.status,
        "wall_s": round(wall, 2),
        "compute_s": round(run.compute_seconds, 2),
        "chunks": run.chunks_total,
        "games_per_s_end_to_end": round(CELERY_GAMES / wall),
        "mean_kill_turn_first": run.result["kill_turn"]["first"]["mean"] if run.result else None,
    }


def celery_orchestrate() -> dict:
    """In a subprocess whose DATABASE_URL is the temporary database: migrate, then 1 and 2 workers."""
    import redis
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    for app_label in ("auth", "simulations"):  # only what the run needs (auth fully: nullable last_login)
        call_command("migrate", app_label, verbosity=0, skip_checks=True)
    user = get_user_model().objects.create_user("bench", password="bench-password")
    database_url = os.environ["DATABASE_URL"]
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in (1, 2):
            redis.Redis.from_url(REDIS_URL).flushdb()
            result = _celery_run(user, workers, database_url, Path(tmp))
            figures.update({f"celery_{CELERY_GAMES}_games_{workers}_worker_{k}": v for k, v in result.items()})
    one = figures.get(f"celery_{CELERY_GAMES}_games_1_worker_wall_s")
    two = figures.get(f"celery_{CELERY_GAMES}_games_2_worker_wall_s")
    if one and two:
        figures["celery_speedup_2_workers"] = round(one / two, 2)
    return figures


def _in_temporary_database(mode: str, label: str) -> dict:
    """Run this module with `mode` in a subprocess whose DATABASE_URL is a fresh temporary PostgreSQL database."""
    try:
        import psycopg
        import redis

        redis.Redis.from_url(REDIS_URL).ping()
        admin = psycopg.connect(PG_URL.replace("postgres://", "postgresql://"), autocommit=True)
    except Exception as exc:  # noqa: BLE001 - the figure says why it is missing
        return {label: f"skipped: {type(exc).__name__}: {exc}"}
    from django.conf import settings

    name = f"bench_simulation_{os.getpid()}"
    database_url = f"{PG_URL.rsplit('/', 1)[0]}/{name}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        env = {**os.environ, "DATABASE_URL": database_url, "CELERY_BROKER_URL": REDIS_URL}
        done = subprocess.run(
            [sys.executable, "-m", "bench.bench_simulation", mode],
            env=env,
            cwd=settings.BASE_DIR,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if done.returncode != 0:
            return {label: f"failed: {done.stderr[-1500:]}"}
        return json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
        redis.Redis.from_url(REDIS_URL).flushdb()


def bench_celery() -> dict:
    return _in_temporary_database("--celery", "celery")


# --- real decks: the catalogue and the effects imported, the published lists resolved --------------------------

REAL_GAMES = 500_000
REAL_PLAIN_GAMES = 300
REAL_REPEATS = 3


def real_decks_orchestrate() -> dict:
    """In a subprocess on the temporary database: import the card data and the effects, resolve the real
    decklists (games/dm/tests/real_decks.py, sources cited there) and time the kernel and the reference."""
    from django.conf import settings
    from django.core.management import call_command

    from games.dm import simulation
    from games.dm.effects import card_effects_import
    from games.dm.rules.decklist import parse_text
    from games.dm.tests.real_decks import REAL_DECKS

    call_command("migrate", verbosity=0, skip_checks=True)
    from cards.services import card_import

    card_import(source=settings.CARD_DATA_SOURCE)
    card_effects_import(source=settings.EFFECTS_DATA_SOURCE)
    figures = {}
    for key, deck in REAL_DECKS.items():
        cards = simulation.engine_cards(simulation.deck_resolve(decklist=parse_text(deck["text"])))
        arrays = compile_deck(cards)
        engine.play_side(arrays, going="first", first_game=0, games=100, seed=1)
        # repeated: the machine may be shared, and CPU time still varies with the load (caches, frequency)
        repeats = [
            _rates(
                lambda arrays=arrays: engine.play_side(arrays, going="first", first_game=0, games=REAL_GAMES, seed=1),
                REAL_GAMES,
            )[1]
            for _ in range(REAL_REPEATS)
        ]
        cpu = statistics.median(repeats)
        _, plain = _rates(
            lambda arrays=arrays: engine.play_side(
                arrays, going="first", first_game=0, games=REAL_PLAIN_GAMES, seed=1, compiled=False
            ),
            REAL_PLAIN_GAMES,
        )
        result = goldfish.summarise(goldfish.play(cards, games=100_000, seed=1, going="both"), cards=cards)
        figures[f"real_{key}_source"] = deck["source"]
        figures[f"real_{key}_games_per_cpu_s_kernel"] = round(cpu)
        figures[f"real_{key}_games_per_cpu_s_kernel_repeats"] = [round(r) for r in repeats]
        figures[f"real_{key}_games_per_cpu_s_plain_python"] = round(plain)
        figures[f"real_{key}_ratio"] = round(cpu / plain, 1)
        figures[f"real_{key}_mean_kill_turn"] = {
            side: round(v["mean"], 2) if v["mean"] else None for side, v in result["kill_turn"].items()
        }
        rows = {row["name_ja"]: row for row in result["cards"]}
        for name in deck["finishers"]:
            row = next((r for n, r in rows.items() if n.replace(" ", "") == name.replace(" ", "")), None)
            if row is None:
                continue
            turns = row["first_played_turn"].get("first", {})
            figures[f"real_{key}_{name}"] = {
                "played_first": round(row["played"].get("first", 0.0), 3),
                "played_second": round(row["played"].get("second", 0.0), 3),
                "most_common_first_played_turn_first": max(turns, key=turns.get) if turns else None,
            }
        figures[f"real_{key}_vanilla"] = len(result["vanilla"])
    return figures


def bench_real_decks() -> dict:
    return _in_temporary_database("--real-decks", "real_decks")


def bench_policy_gap() -> dict:
    """Share of games the policy kills at least one turn later than the exhaustive solver (fixed decks)."""
    from games.dm.rules.goldfish import solver

    late = games = 0
    figures = {}
    for name, cards in examples.gap_decks().items():
        for going in ("first", "second"):
            gap = solver.policy_gap(cards, games=200, seed=7, going=going)
            figures[f"policy_gap_{name}_{going}"] = gap["share"]
            late += gap["one_turn_late"]
            games += gap["games"]
    figures["policy_gap_all_fixed_decks"] = round(late / games, 4)
    return figures


def run() -> dict:
    figures = {"note": goldfish.NOT_MODELED[:80] + "..."}
    figures.update(bench_deck_report())
    figures.update(bench_hands())
    figures.update(bench_goldfish())
    figures.update(bench_policy_gap())
    figures.update(bench_real_decks())
    figures.update(bench_celery())
    return figures


if __name__ == "__main__" and ("--celery" in sys.argv or "--real-decks" in sys.argv):
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    print(json.dumps(real_decks_orchestrate() if "--real-decks" in sys.argv else celery_orchestrate()))
