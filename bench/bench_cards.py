"""Catalogue benchmark: full import (set list + card data) into an empty catalogue and over a v1 catalogue, the
re-import (SQLite, temporary database files), search p95 over a fixed mix of queries (release dates and legality
terms among them), resolving a 60-line decklist, reading a 60-line real published decklist (the corpus of
games/dm/tests/decklists), checking a 500-line decklist of unknown names, and the corpus figures (share of card lines
resolved, decks whose zone totals are right), all over the full catalogue.

`.venv/bin/python -m bench cards`. The imports run `manage.py import_cards` in subprocesses against fresh SQLite
files; the in-process figures run in a further subprocess against the first file (this module with --measure),
with the Hall of Fame list imported so that `legal:` / `banned:` terms have a list to read, and the other games'
catalogues imported (`import_games`) as `make run` does: the figures are those of the database a user has.
The v1 catalogue is rebuilt from v2 as the data README describes the change (the `tw` records; the 88 records v2
upgraded, without facts; none of the 2,395 added ones).
"""

import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.stats import percentile, run_command, timed_command

TARGETS = {
    "import_seconds": 30.0,
    "import_over_v1_seconds": 30.0,
    "reimport_seconds": 15.0,
    "search_p95_ms": 20.0,
    "resolve_60_lines_ms": 2.0,
    "read_real_60_lines_ms": 2.0,
    "check_500_unknown_lines_ms": 500.0,
}
UNKNOWN_LINES = 500
KATAKANA = [chr(code) for code in range(0x30A2, 0x30F3)]

# 20 queries: name words in both languages, filters, negation, combinations and orders.
QUERIES = [
    ("ボルシャック", "name"),
    ("bolshack", "name"),
    ("dragon", "cost"),
    ("ドラゴン civ:fire power>=6000 -is:evolution", "power"),
    ("civ:fire", "name"),
    ("civ=fire,water", "cost"),
    ("cost<=3", "name"),
    ("power>=12000", "-power"),
    ("type:creature civ:light cost:2", "name"),
    ("race:ドラゴン", "cost"),
    ("zone:gr", "name"),
    ("zone:hyperspatial civ:water", "name"),
    ("is:trigger", "cost"),
    ("is:blocker civ:light -is:evolution", "name"),
    ("is:twinpact cost<=4", "name"),
    ("is:evolution race:ドラゴン", "power"),
    ("set:DMRP-01", "name"),
    ("-civ:fire cost:5 type:spell", "name"),
    ('"aqua" civ:water', "name"),
    ("type:呪文 is:trigger cost<=2", "cost"),
    ("date<=2019-12-31", "name"),
    ("date>=2020-01-01 civ:fire", "cost"),
    ("year:2019 is:trigger", "name"),
    ("legal:advance", "name"),
    ("legal:advance zone:gr", "cost"),
    ("banned:advance", "name"),
    ("legal:original cost<=3 -is:trigger", "name"),
    ('set:"超天篇" is:new', "name"),
]
AS_OF = "2019-06-01"  # the search's date of the mix (`legal:` / `banned:` / `is:new`)
SEARCH_REPEATS = 15
RESOLVE_REPEATS = 300


def _decklist_lines(resolver_cards: list) -> list[str]:
    """60 lines in the spellings players use: plain, English lower-case, 《》, full width, ruby dropped, twinpact."""
    lines = []
    for i, card in enumerate(resolver_cards):
        name = card.name_ja
        if i % 6 == 1 and card.name_en:
            name = card.name_en.lower()
        elif i % 6 == 2:
            name = f"《{name}》"
        elif i % 6 == 3:
            name = name.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})  # to full width
        elif i % 6 == 4 and "/" in name:
            name = name.replace(" / ", "/")
        lines.append(name)
    return lines


def measure_in_process() -> dict:
    """Runs inside the subprocess whose DATABASE_URL is the imported temporary SQLite file."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    from cards.models import Card
    from cards.selectors import cards_by_ids
    from games.dm.resolver import OK, get_resolver
    from games.dm.search import card_search_result

    started = time.perf_counter()
    resolver = get_resolver()
    resolver_build = time.perf_counter() - started
    as_of = datetime.date.fromisoformat(AS_OF)
    started = time.perf_counter()
    card_search_result(q="")
    index_build = time.perf_counter() - started

    samples, page_samples, per_query = [], [], {}
    for q, order in QUERIES:
        times = []
        for _ in range(SEARCH_REPEATS):
            t0 = time.perf_counter()
            result = card_search_result(q=q, order=order, as_of=as_of)
            ids = result.ids
            t1 = time.perf_counter()
            cards_by_ids(ids=ids[:50])
            t2 = time.perf_counter()
            times.append((t1 - t0) * 1000)
            page_samples.append((t2 - t0) * 1000)
        samples.extend(times)
        per_query[f"{q} (order={order})"] = {
            "results": len(ids),
            "unknown": {note.term: note.unknown for note in result.notes},
            "median_ms": round(statistics.median(times), 2),
        }

    # A 60-line decklist: every 140th card with facts, written in varied spellings (a twinpact or two among them).
    dm_cards = Card.objects.filter(game="dm", facts_available=True)  # the other games' cards share the table
    step = max(1, dm_cards.count() // 60)
    ids = list(dm_cards.order_by("id").values_list("id", flat=True)[::step][:60])
    lines = _decklist_lines([resolver.facts(i) for i in ids])
    statuses = [resolver.resolve(line).status for line in lines]
    resolve_times, with_check = [], []
    for _ in range(RESOLVE_REPEATS):
        resolver.forget_matches()  # names never seen: the remembered matches would make this a dict read
        t0 = time.perf_counter()
        for line in lines:
            resolver.resolve(line)
        t1 = time.perf_counter()
        current = get_resolver()  # the per-request freshness check: one aggregate query
        for line in lines:
            current.resolve(line)
        t2 = time.perf_counter()
        resolve_times.append((t1 - t0) * 1000)
        with_check.append((t2 - t1) * 1000)
    real = _read_real_decklist(resolver)
    unknown = _check_unknown_decklist(resolver)
    from games.dm.tests.corpus import corpus_decks, corpus_figures, read_deck

    figures = corpus_figures([read_deck(deck, resolver) for deck in corpus_decks()])
    return {
        **real,
        **unknown,
        **figures,
        "cards": len(resolver),
        "resolver_build_seconds": round(resolver_build, 2),
        "search_index_build_seconds": round(index_build, 2),
        "search_queries": len(QUERIES),
        "search_as_of": AS_OF,
        "search_p95_ms": round(percentile(samples, 0.95), 2),
        "search_median_ms": round(statistics.median(samples), 2),
        "search_with_first_page_p95_ms": round(percentile(page_samples, 0.95), 2),
        "search_per_query": per_query,
        "resolve_lines": len(lines),
        "resolve_lines_ok": statuses.count(OK),
        "resolve_60_lines_ms": round(statistics.median(resolve_times), 3),
        "resolve_60_lines_p95_ms": round(percentile(resolve_times, 0.95), 3),
        "resolve_60_lines_with_freshness_check_ms": round(statistics.median(with_check), 3),
        "load_average_1min_during_run": round(os.getloadavg()[0], 2),
    }


def _v1_records(records: list[dict], report: dict) -> list[dict]:
    upgraded = {entry["name_ja"] for entry in report["upgraded_printing_only_records"]["names"]}
    keys = ("name", "name_ja", "printings", "tcg_printings", "sources")
    v1 = []
    for record in records:
        if record["name_ja"] in upgraded:
            v1.append({**{key: record.get(key) for key in keys}, "facts_available": False})
        elif record["facts_source"] == "tw":
            v1.append({key: value for key, value in record.items() if key not in ("facts_source", "facts_unknown")})
    return v1


def _import_over_v1(tmp: str, python: str, import_cards: list[str]) -> tuple[float, str]:
    """A second database holding the v1 catalogue; then the timed import of v2 over it."""
    from django.conf import settings

    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/v1.sqlite3", "VAR_DIR": tmp}
    data = Path(settings.CARD_DATA_DIR)
    records = json.loads(Path(settings.CARD_DATA_SOURCE).read_text(encoding="utf-8"))
    report = json.loads((data / "build_report.json").read_text(encoding="utf-8"))
    v1 = Path(tmp) / "v1.json"
    v1.write_text(json.dumps(_v1_records(records, report), ensure_ascii=False), encoding="utf-8")
    run_command([python, "manage.py", "migrate", "--noinput", "-v", "0", "--skip-checks"], env=env)
    run_command([*import_cards, str(v1)], env=env)
    return timed_command(import_cards, env=env)


def _read_real_decklist(resolver) -> dict:
    """Reading and resolving a 60-line real published decklist (lines taken in order from the corpus, headings,
    titles and all), as the legality API, the import page and check_deck do: parse, then read every line."""
    from games.dm.resolver import decklist_parse, decklist_read
    from games.dm.tests.corpus import corpus_decks

    lines = [line for deck in corpus_decks() for line in deck.text.splitlines() if line.strip()][:60]
    text = "\n".join(lines)
    cold, warm = [], []
    for _ in range(RESOLVE_REPEATS):
        resolver.forget_matches()  # cold: names never seen by this process
        t0 = time.perf_counter()
        decklist_read(decklist_parse(text, resolver=resolver), resolver=resolver)
        t1 = time.perf_counter()
        decklist_read(decklist_parse(text, resolver=resolver), resolver=resolver)  # warm: names seen before
        t2 = time.perf_counter()
        cold.append((t1 - t0) * 1000)
        warm.append((t2 - t1) * 1000)
    return {
        "read_real_60_lines": len(lines),
        "read_real_60_lines_ms": round(statistics.median(cold), 3),
        "read_real_60_lines_min_ms": round(min(cold), 3),
        "read_real_60_lines_p95_ms": round(percentile(cold, 0.95), 3),
        "read_real_60_lines_warm_ms": round(statistics.median(warm), 3),
        "machine_load_1min": round(os.getloadavg()[0], 2),
    }


def _check_unknown_decklist(resolver) -> dict:
    """A legality check of a 500-line decklist of unknown names (random katakana, fixed seed): the cost of the
    worst real input, bounded by the bigram index and the suggestion cap."""
    import random

    from games.dm.resolver import decklist_parse
    from regulations.services import legality_report

    rng = random.Random(500)
    text = "\n".join(
        f"{rng.randint(1, 4)} " + "".join(rng.choice(KATAKANA) for _ in range(rng.randint(6, 14)))
        for _ in range(UNKNOWN_LINES)
    )
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        report = legality_report(decklist=decklist_parse(text, resolver=resolver))
        times.append((time.perf_counter() - t0) * 1000)
    unknown = sum(1 for line in report["lines"] if line["status"] == "unknown")
    return {
        "check_500_unknown_lines": unknown,
        "check_500_unknown_lines_ms": round(statistics.median(times), 1),
        "check_500_unknown_lines_max_ms": round(max(times), 1),
    }


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-cards-") as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "VAR_DIR": tmp}
        python = sys.executable
        # --skip-checks: the figures are the import's, not the system checks' (which load every app's URLs).
        run_command([python, "manage.py", "migrate", "--noinput", "-v", "0", "--skip-checks"], env=env)
        import_cards = [python, "manage.py", "import_cards", "--no-progress", "--skip-checks"]
        import_seconds, import_out = timed_command(import_cards, env=env)
        reimport_seconds, reimport_out = timed_command(import_cards, env=env)
        run_command([python, "manage.py", "import_regulations", "--skip-checks"], env=env)
        # The database a user has (`make run`): the other games' catalogues beside Duel Masters' in the cards table.
        run_command([python, "manage.py", "import_games", "--skip-checks"], env=env)
        _, measured = timed_command([python, "-m", "bench.bench_cards", "--measure"], env=env)
        # Every record changed (a regenerated data file): the update path, written to the temporary directory.
        from django.conf import settings

        changed = Path(tmp) / "changed.json"
        records = json.loads(Path(settings.CARD_DATA_SOURCE).read_text(encoding="utf-8"))
        for record in records:
            record["sources"] = [*record.get("sources", []), "bench"]
        changed.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
        update_seconds, update_out = timed_command([*import_cards, str(changed)], env=env)
        over_v1_seconds, over_v1_out = _import_over_v1(tmp, python, import_cards)
    figures = {
        "import_seconds": round(import_seconds, 2),
        "import_summary": import_out.strip(),
        "reimport_seconds": round(reimport_seconds, 2),
        "reimport_summary": reimport_out.strip(),
        "update_all_seconds": round(update_seconds, 2),
        "update_all_summary": update_out.strip(),
        "import_over_v1_seconds": round(over_v1_seconds, 2),
        "import_over_v1_summary": over_v1_out.strip(),
        **json.loads(measured),
    }
    figures["targets"] = TARGETS
    figures["within_targets"] = {key: figures[key] < limit for key, limit in TARGETS.items()}
    return figures


if __name__ == "__main__":
    if "--measure" in sys.argv:
        print(json.dumps(measure_in_process(), ensure_ascii=False))
    else:
        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
        django.setup()
        print(json.dumps(run(), indent=2, ensure_ascii=False))
