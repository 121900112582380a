"""`make bench`: runs every bench/bench_*.py module's `run()`, prints its figures and writes them as JSON."""

import importlib
import json
import os
import pkgutil
import sys
import time
from pathlib import Path

import django

RESULTS = Path(__file__).resolve().parent / "results"


def main(selected: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()
    RESULTS.mkdir(exist_ok=True)
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("bench_"))
    if selected:
        names = [n for n in names if any(s in n for s in selected)]
    summary = {}
    for name in names:
        module = importlib.import_module(f"bench.{name}")
        started = time.perf_counter()
        print(f"== {name}", flush=True)
        figures = module.run()
        figures["_seconds"] = round(time.perf_counter() - started, 2)
        for key, value in figures.items():
            print(f"   {key}: {value}", flush=True)
        (RESULTS / f"{name}.json").write_text(json.dumps(figures, indent=2, ensure_ascii=False))
        summary[name] = figures
    (RESULTS / "all.json").write_text(json.dumps(summary, indent=2, ensure_ascii=False))
    print(f"\nwritten: {RESULTS}/*.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
