"""Decks and tournaments benchmark over the full catalogue (a temporary SQLite file, `.venv/bin/python -m bench decks`):
creating and updating a 40+8+12 deck (resolve every line, write entries and a version), the 50-writer If-Match race,
registering a deck for an event, and re-validating 200 registrations (the Celery job's service, in-process).

The set-up (migrate, import_cards, import_regulations) runs in a subprocess against a fresh SQLite file; the figures
are measured in a second subprocess against that file (this module with --measure).
"""

import json
import os
import sys
import tempfile
import time

from bench.stats import run_command, summary_ms

ROUNDS = 30
REGISTRATIONS = 200


def _setup(env: dict) -> None:
    for command in (["migrate", "--noinput", "-v", "0"], ["import_cards"], ["import_regulations"]):
        run_command([sys.executable, "manage.py", *command, "--skip-checks"], env=env)


def _deck_text() -> str:
    """A 40 + 8 + 12 deck of real cards (the first legal-looking names of each zone, in id order)."""
    from cards.models import Card

    main = list(
        Card.objects.filter(dm__zone="main_deck", facts_available=True).order_by("id").values_list("id", flat=True)[:10]
    )
    hyper = list(
        Card.objects.filter(dm__zone="hyperspatial_zone", dm__psychic=True)
        .order_by("id")
        .values_list("id", flat=True)[:2]
    )
    gr = list(Card.objects.filter(dm__zone="super_gr_zone").order_by("id").values_list("id", flat=True)[:6])
    lines = ["# main", *(f"4 {i}" for i in main), "# hyperspatial", *(f"4 {i}" for i in hyper), "# gr"]
    return "\n".join([*lines, *(f"2 {i}" for i in gr)])


def measure_in_process() -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    import django

    django.setup()
    from concurrent.futures import ThreadPoolExecutor
    from datetime import timedelta
    from threading import Barrier

    from django.contrib.auth import get_user_model
    from django.db import connections
    from django.utils import timezone

    from decks import services
    from games.dm.resolver import get_resolver
    from games.dm.rules.decklist import parse_text
    from tournaments import jobs as revalidation
    from tournaments import services as tournaments
    from tournaments.models import RevalidationJob

    User = get_user_model()
    owner = User.objects.create_user("bench-owner", password="x")
    organizer = User.objects.create_user("bench-organizer", password="x")
    get_resolver()  # built once per process; not part of the per-deck figures
    text = _deck_text()
    decklist = parse_text(text)

    create, update = [], []
    deck = None
    for i in range(ROUNDS):
        started = time.perf_counter()
        deck = services.deck_create(owner=owner, name=f"bench {i}", decklist=decklist)
        create.append(time.perf_counter() - started)
        started = time.perf_counter()
        services.deck_update(deck_id=deck.id, user=owner, if_match=deck.version, decklist=decklist)
        update.append(time.perf_counter() - started)

    race = services.deck_create(owner=owner, name="race", decklist=decklist)
    barrier = Barrier(50)

    def write(i: int) -> str:
        try:
            barrier.wait()
            services.deck_update(deck_id=race.id, user=owner, if_match=1, name=f"w{i}")
            return "ok"
        except services.VersionConflict:
            return "412"
        finally:
            connections.close_all()

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=50) as pool:
        outcomes = list(pool.map(write, range(50)))
    race_seconds = time.perf_counter() - started

    event = tournaments.event_create(
        organizer=organizer,
        name="bench",
        date=timezone.localdate() + timedelta(days=2),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    register = []
    for i in range(ROUNDS):
        player = User.objects.create_user(f"bench-player-{i}", password="x")
        own = services.deck_create(owner=player, name="p", decklist=decklist)
        started = time.perf_counter()
        tournaments.registration_submit(event_id=event.id, user=player, deck_id=own.id, accept_illegal=True)
        register.append(time.perf_counter() - started)
    rows = "".join(f'csv{i},"{text}"\n' for i in range(REGISTRATIONS - ROUNDS))
    tournaments.registrations_import_csv(event_id=event.id, user=organizer, csv_text="player,decklist\n" + rows)
    job = RevalidationJob.objects.create(event=event, requested_by=organizer)
    started = time.perf_counter()
    revalidation.revalidation_job_run(job_id=job.id)
    revalidate_seconds = time.perf_counter() - started
    return {
        "deck_create_40_8_12": summary_ms(create),
        "deck_update_if_match": summary_ms(update),
        "race_50_writers": {
            "ok": outcomes.count("ok"),
            "412": outcomes.count("412"),
            "seconds": round(race_seconds, 2),
        },
        "registration_submit": summary_ms(register),
        "revalidation_registrations": REGISTRATIONS,
        "revalidation_seconds": round(revalidate_seconds, 2),
        "revalidation_per_second": round(REGISTRATIONS / revalidate_seconds, 1),
    }


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-decks-") as tmp:
        env = {**os.environ, "VAR_DIR": tmp, "CELERY_TASK_ALWAYS_EAGER": "true"}
        env.pop("DATABASE_URL", None)
        _setup(env)
        measured = run_command([sys.executable, "-m", "bench.bench_decks", "--measure"], env=env)
        figures = json.loads(measured.strip().splitlines()[-1])
    figures["database"] = "sqlite (file)"
    return figures


if __name__ == "__main__" and "--measure" in sys.argv:
    print(json.dumps(measure_in_process()))
