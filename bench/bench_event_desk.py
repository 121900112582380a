"""Event desk benchmark: server time of the organizer's pages for a 64-player event (the issue's "64-player CS"),
with Django's test client in-process: the CSV import of 64 registrations, the event page, the printable pack (64 deck
sheets with a QR code each), the CSV exports (UTF-8 with BOM, Shift-JIS), a settings change that re-checks every
registration, the overlay preview, a deck check and the audit page.

`.venv/bin/python -m bench event_desk`. Like bench_web: a temporary SQLite file, migrated and filled from
settings.CARD_DATA_SOURCE when the real data is available (else bench_web's synthetic catalogue); the decks are
drawn from the catalogue with a fixed seed.
"""

import csv
import io
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench.bench_web import _prepare
from bench.stats import run_command

PLAYERS = 64
REPEAT = 5
SEED = 15


def _decklists(count: int) -> list[str]:
    """`count` text decklists of 10 x 4 real main-deck cards that resolve by name, drawn with a fixed seed."""
    from cards.models import Card
    from games.dm.resolver import get_resolver

    resolver = get_resolver()
    names = list(Card.objects.filter(dm__zone="main_deck").order_by("id").values_list("name_ja", flat=True)[:3000])
    rng = random.Random(SEED)
    rng.shuffle(names)
    plain = [name for name in names[:600] if _sjis(name) and resolver.resolve(name).status == "ok"]
    return ["\n".join(f"4 {name}" for name in rng.sample(plain, 10)) for _ in range(count)]


def _sjis(name: str) -> bool:
    try:
        name.encode("cp932")
    except UnicodeEncodeError:
        return False
    return True


def _timed(call) -> tuple[float, object]:
    started = time.perf_counter()
    result = call()
    return (time.perf_counter() - started) * 1000, result


def _median_ms(call, repeat: int = REPEAT) -> float:
    return round(statistics.median(_timed(call)[0] for _ in range(repeat)), 1)


def measure_in_process() -> dict:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Registration

    setup_test_environment()
    organizer = get_user_model().objects.create_user(username=f"org{time.time_ns()}", password="bench-password-1")
    event = services.event_create(
        organizer=organizer,
        name="64-player CS",
        date=timezone.localdate() + timedelta(days=10),
        registration_deadline=timezone.now() + timedelta(days=9),
        capacity=PLAYERS,
    )
    decklists = _decklists(PLAYERS)
    out = io.StringIO()
    csv.writer(out).writerows([("player", "decklist"), *((f"p{i:02d}", d) for i, d in enumerate(decklists))])
    data = out.getvalue().encode("cp932")
    client = Client()
    client.force_login(organizer)
    client.get("/")  # URLconf, resolver and regulation caches warm, as in a running server

    import_ms, results = _timed(
        lambda: services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=services.csv_decode(data))
    )
    registered = sum(1 for r in results if r["status"] != "error")
    base = f"/tournaments/{event.id}/"
    registration = Registration.objects.get(event=event, player_name="p00")
    figures = {
        "players": PLAYERS,
        "registered": registered,
        "import_64_rows_sjis_ms": round(import_ms, 1),
        "event_page_ms": _median_ms(lambda: client.get(base)),
        "print_pack_64_sheets_ms": _median_ms(lambda: client.get(base + "print/")),
        "csv_export_utf8_ms": _median_ms(lambda: client.get(f"/api/v1/events/{event.id}/registrations/export/csv/")),
        "csv_export_sjis_ms": _median_ms(
            lambda: client.get(f"/api/v1/events/{event.id}/registrations/export/csv/?encoding=sjis")
        ),
        "deck_check_ms": _median_ms(
            lambda: client.post(base + "deck-check/", {"registration": registration.id, "text": decklists[1]})
        ),
        "audit_page_ms": _median_ms(lambda: client.get(base + "audit/")),
    }
    day = event.regulation_date
    changes = iter([day - timedelta(days=1), day] * REPEAT)
    figures["settings_change_recheck_64_ms"] = _median_ms(
        lambda: services.event_update(event_id=event.id, user=organizer, regulation_date=next(changes))
    )
    from regulations.services import overlay_create

    overlay = overlay_create(owner=organizer, name="bench", base_format="advance")
    figures["overlay_preview_page_ms"] = _median_ms(lambda: client.get(base + f"overlay/?overlay={overlay.slug}"))
    assert client.get(base + "print/").content.count(b"<svg") == registered
    return figures


def run() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env["DATABASE_URL"] = f"sqlite:///{Path(tmp) / 'bench-desk.sqlite3'}"
        env["VAR_DIR"] = tmp
        env.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
        catalogue = _prepare(env)
        figures = json.loads(
            run_command([sys.executable, "-m", "bench.bench_event_desk", "--measure"], env=env).strip().splitlines()[-1]
        )
    figures["catalogue"] = catalogue
    figures["measured_with"] = f"django.test.Client in-process, median of {REPEAT} (server time without network)"
    return figures


if __name__ == "__main__":
    if "--measure" in sys.argv:
        print(json.dumps(measure_in_process()))
