"""Web benchmark: server time of one editor interaction (add a card -> deck + legality + statistics in one response,
POST /editor/state/), of the autosave that follows it (PATCH /api/v1/decks/<id>/ with If-Match and a session), of the
editor's first page load (GET /decks/<id>/), of the deck list page of a player with 200 decks (GET /decks/: cards
per zone, civilizations, key card and legality as of today per deck) and of a card page for that player when 150 of
those decks are public and use the card (GET /cards/<id>/: the add-to-deck form over 200 decks, the newest 20 public
decks with their copies and the total), with Django's test client in-process.

`.venv/bin/python -m bench web`. A temporary SQLite file is migrated and filled by `manage.py import_cards` (and
`import_regulations`) from settings.CARD_DATA_SOURCE when the real data is available, else with a synthetic
catalogue of the same size; the measurements run in a subprocess against that file (this module with --measure).
"""

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.stats import percentile, run_command

TARGETS = {"editor_interaction_p95_ms": 50.0, "editor_first_load_ms": 300.0, "deck_list_200_warm_p95_ms": 100.0}
LIST_DECKS = 200
LIST_LOADS = 30
INTERACTIONS = 300
PAGE_LOADS = 30
CARD_PAGE_PUBLIC = 150
SYNTHETIC_CARDS = 9000


def _synthetic_records(count: int) -> list[dict]:
    """A catalogue of invented cards in the data's schema (when the real data file is not available)."""
    from web.tests.catalogue import creature, psychic, spell

    rng = random.Random(7)
    civs = ["Light", "Water", "Darkness", "Fire", "Nature"]
    records = []
    for i in range(count):
        chosen = rng.sample(civs, 1 if rng.random() < 0.8 else 2)
        cost = rng.randint(1, 9)
        if i % 40 == 0:
            records.append(psychic(f"合成サイキック{i}", f"Synthetic Psychic {i}", chosen, cost, cost * 1000))
        elif i % 4 == 0:
            records.append(spell(f"合成呪文{i}", f"Synthetic Spell {i}", chosen, cost, shield_trigger=i % 8 == 0))
        else:
            records.append(creature(f"合成クリーチャー{i}", f"Synthetic Creature {i}", chosen, cost, cost * 1000))
    return records


def _prepare(env: dict) -> str:
    run_command([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], env=env)
    from django.conf import settings

    source = os.environ.get("CARD_DATA_SOURCE") or settings.CARD_DATA_SOURCE
    if Path(source).exists():
        run_command([sys.executable, "manage.py", "import_cards", source], env=env)
        regulations = os.environ.get("REGULATION_DATA_SOURCE") or settings.REGULATION_DATA_SOURCE
        if Path(regulations).exists():
            run_command([sys.executable, "manage.py", "import_regulations", regulations], env=env)
        return "real catalogue (settings.CARD_DATA_SOURCE) and regulations"
    run_command([sys.executable, "-m", "bench.bench_web", "--synthetic"], env=env)
    return f"synthetic catalogue ({SYNTHETIC_CARDS} invented cards)"


def _deck_cards():
    """A 40-card main deck (10 cards x 4) and 4 psychic cards, chosen from the catalogue with facts."""
    from cards.models import Card

    main = list(
        Card.objects.filter(facts_available=True, dm__zone="main_deck", dm__cost__gte=1, dm__cost__lte=7)
        .order_by("id")
        .values_list("id", flat=True)[::97][:10]
    )
    hyper = list(
        Card.objects.filter(facts_available=True, dm__psychic=True).order_by("id").values_list("id", flat=True)[:4]
    )
    spare = Card.objects.filter(facts_available=True, dm__zone="main_deck").exclude(id__in=main).order_by("-id").first()
    return main, hyper, spare.id


def measure_in_process() -> dict:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.test.utils import setup_test_environment

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    setup_test_environment()  # ALLOWED_HOSTS for the test client; no database change
    main, hyper, spare = _deck_cards()
    user = get_user_model().objects.create_user(username=f"bench{time.time_ns()}", password="bench-password-1")
    decklist = parse_json(
        {"main": [{"card": c, "count": 4} for c in main], "hyperspatial": [{"card": c, "count": 1} for c in hyper]}
    )
    deck = deck_create(owner=user, name="bench deck", decklist=decklist)
    client = Client()
    client.force_login(user)

    # A fresh process: the first request of any kind imports the URLconf (DRF, drf-spectacular, psycopg) and builds
    # the process-wide caches (resolver index, regulation in force). Measured apart from the editor's first load,
    # which a running server serves with these warm.
    from games.dm.resolver import get_resolver
    from regulations.services import legality_report

    started = time.perf_counter()
    client.get("/")
    get_resolver()
    legality_report(decklist=parse_json({"main": []}), format_code="advance")
    process_start = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    response = client.get(f"/decks/{deck.id}/")
    first_load = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, response.status_code
    loads = []
    for _ in range(PAGE_LOADS):
        started = time.perf_counter()
        client.get(f"/decks/{deck.id}/")
        loads.append((time.perf_counter() - started) * 1000)

    working_copy = {
        "main": [{"card": c, "count": 4} for c in main],
        "hyperspatial": [{"card": c, "count": 1} for c in hyper],
    }
    ops = [
        {"op": "add", "card": spare},
        {"op": "add", "card": main[0]},
        {"op": "set", "card": main[1], "zone": "main", "count": 3},
        {"op": "move", "card": main[2], "from": "main", "to": "considering", "count": 1},
    ]
    times, legal = [], None
    for i in range(INTERACTIONS):
        body = json.dumps({"deck": working_copy, "op": ops[i % len(ops)], "format": "advance"})
        started = time.perf_counter()
        response = client.post("/editor/state/", body, content_type="application/json")
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.content[:300]
        legal = response.json()["legality"]["legal"]
    saves = []
    version = deck.version
    for i in range(60):
        body = {
            "deck": {"main": [{"card": c, "count": 4 - (i + j) % 2} for j, c in enumerate(main)]},
            "session": "bench",
        }
        started = time.perf_counter()
        response = client.patch(
            f"/api/v1/decks/{deck.id}/",
            json.dumps(body),
            content_type="application/json",
            headers={"if-match": f'"{version}"'},
        )
        saves.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.content[:300]
        version += 1
    lists = _measure_deck_list(client, user, main, hyper)
    card_page = _measure_card_page(client, user, main[0])
    return {
        **lists,
        **card_page,
        "autosave_patch_p50_ms": round(statistics.median(saves), 2),
        "autosave_patch_p95_ms": round(percentile(saves, 0.95), 2),
        "editor_interaction_p50_ms": round(statistics.median(times), 2),
        "editor_interaction_p95_ms": round(percentile(times, 0.95), 2),
        "editor_interaction_samples": INTERACTIONS,
        "editor_first_load_ms": round(first_load, 1),
        "process_first_request_and_caches_ms": round(process_start, 1),
        "editor_load_warm_p50_ms": round(statistics.median(loads), 2),
        "editor_load_warm_p95_ms": round(percentile(loads, 0.95), 2),
        "deck": f"{len(main)} x 4 main + {len(hyper)} hyperspatial (last response legal: {legal})",
    }


def _measure_deck_list(client, user, main, hyper) -> dict:
    """GET /decks/ for a player with LIST_DECKS decks (50 a page): the first load computes every listed deck's legality
    (cold: nothing cached), later loads read it from the cache (warm: per deck version and day)."""
    from django.core.cache import cache

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    rng = random.Random(11)
    for i in range(LIST_DECKS - 1):
        cards = rng.sample(main, 8)
        decklist = parse_json(
            {
                "main": [{"card": c, "count": 4 if i % 3 else 5} for c in cards],
                "hyperspatial": [{"card": hyper[0], "count": 1}],
            }
        )
        deck_create(owner=user, name=f"bench list {i}", decklist=decklist)
    cache.clear()
    started = time.perf_counter()
    response = client.get("/decks/")
    cold = (time.perf_counter() - started) * 1000
    assert response.status_code == 200 and response.content.count(b"data-deck-id=") == 50, response.status_code
    loads = []
    for _ in range(LIST_LOADS):
        started = time.perf_counter()
        client.get("/decks/")
        loads.append((time.perf_counter() - started) * 1000)
    filtered = []
    for _ in range(5):
        cache.clear()
        started = time.perf_counter()
        client.get("/decks/?legality=legal")  # the legality filter: every deck's status, all 200 cold
        filtered.append((time.perf_counter() - started) * 1000)
    return {
        "deck_list_decks": LIST_DECKS,
        "deck_list_200_cold_ms": round(cold, 1),
        "deck_list_200_warm_p50_ms": round(statistics.median(loads), 2),
        "deck_list_200_warm_p95_ms": round(percentile(loads, 0.95), 2),
        "deck_list_200_legality_filter_cold_p50_ms": round(statistics.median(filtered), 1),
    }


def _measure_card_page(client, user, card_id: int) -> dict:
    """GET /cards/<id>/ for the player of the deck list: CARD_PAGE_PUBLIC of their decks holding the card are made
    public (the bench's own data set-up), the others stay private."""
    from decks.models import Deck, DeckVisibility

    holding = Deck.objects.filter(owner=user, entries__card_id=card_id).order_by("id").values_list("id", flat=True)
    Deck.objects.filter(id__in=list(holding[:CARD_PAGE_PUBLIC])).update(visibility=DeckVisibility.PUBLIC.value)
    public = Deck.objects.filter(visibility=DeckVisibility.PUBLIC.value, entries__card_id=card_id).count()
    response = client.get(f"/cards/{card_id}/")
    assert response.status_code == 200 and response.content.count(b"<option value=") >= LIST_DECKS, response.status_code
    loads = []
    for _ in range(PAGE_LOADS):
        started = time.perf_counter()
        client.get(f"/cards/{card_id}/")
        loads.append((time.perf_counter() - started) * 1000)
    return {
        "card_page_public_decks_using_it": public,
        "card_page_p50_ms": round(statistics.median(loads), 2),
        "card_page_p95_ms": round(percentile(loads, 0.95), 2),
    }


def run() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env["DATABASE_URL"] = f"sqlite:///{Path(tmp) / 'bench-web.sqlite3'}"
        env["VAR_DIR"] = tmp
        env.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
        catalogue = _prepare(env)
        figures = json.loads(
            run_command([sys.executable, "-m", "bench.bench_web", "--measure"], env=env).strip().splitlines()[-1]
        )
    figures["catalogue"] = catalogue
    figures["measured_with"] = "django.test.Client in-process (server time: request handling without network)"
    for key, target in TARGETS.items():
        figures[f"{key}_target"] = target
        figures[f"{key}_ok"] = figures[key] < target
    return figures


if __name__ == "__main__":
    if "--measure" in sys.argv:
        print(json.dumps(measure_in_process()))
    elif "--synthetic" in sys.argv:
        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
        django.setup()
        from cards.services import card_import

        card_import(records=_synthetic_records(SYNTHETIC_CARDS))
