"""Before and after in one run: `python -m bench.compare REF [AREA ...] [--rounds N]`.

The tree of the git revision REF (e.g. the commit before a change) is exported to a temporary directory, and the
benches of the named areas (`cards`, `legality`, `simulation`, ...; all when none is named) run there and here in
turn, N rounds each (default 2), with the same interpreter, data directory and services. The server areas (`http`,
`coldstart`) are measured by this tree's bench against each tree's server (SERVER_AREAS). Alternating the two trees
puts both under the same load, so the ratio means something on a noisy machine. Prints each numeric figure side by
side (the median of the rounds, and after/before) and writes bench/results/compare.json.

Not a benchmark itself: `python -m bench` runs only the `bench_<area>` modules.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from bench.stats import ROOT


def _export(ref: str, into: Path) -> Path:
    """The files of the revision `ref` (git archive), unpacked under `into`."""
    archive = into / "tree.tar"
    subprocess.run(["git", "archive", "--format=tar", "-o", str(archive), ref], cwd=ROOT, check=True)
    tree = into / "tree"
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


# The areas that measure a server from the outside (bench_http, bench_coldstart): this tree's bench runs them against
# the other tree's server (BENCH_SERVER_TREE), so that both sides are measured by the same clients, decks and figures
# (the other tree may have no such bench, or an older one that sees less).
SERVER_AREAS = ("http", "coldstart")


def _run(tree: Path, areas: list[str], env: dict) -> dict:
    """One `python -m bench AREA...` in `tree` (its figures by bench module, bench/results/all.json there), and the
    server areas among `areas` (all of them when none is named) by this tree's bench against `tree`'s server."""
    server = [area for area in SERVER_AREAS if not areas or area in areas]
    own = [area for area in areas if area not in SERVER_AREAS]
    figures: dict = {}
    if own or not areas:
        subprocess.run([sys.executable, "-m", "bench", *own], cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL)
        figures.update(json.loads((tree / "bench" / "results" / "all.json").read_text(encoding="utf-8")))
        for area in SERVER_AREAS:  # `make bench` of every area: the server ones are measured below, once
            figures.pop(f"bench_{area}", None)
    if server:
        subprocess.run([sys.executable, "-m", "bench", *server], cwd=ROOT, env={**env, "BENCH_SERVER_TREE": str(tree)},
                       check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        figures.update(json.loads((ROOT / "bench" / "results" / "all.json").read_text(encoding="utf-8")))
    return figures


def _numbers(figures: dict, prefix: str = "") -> dict[str, float]:
    """Every numeric figure of a bench's result, flattened to dotted keys (targets and flags left out)."""
    out: dict[str, float] = {}
    for key, value in figures.items():
        if key in ("targets", "within_targets") or key.startswith("_"):
            continue
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_numbers(value, f"{name}."))
        elif isinstance(value, int | float) and not isinstance(value, bool):
            out[name] = float(value)
    return out


def compare(ref: str, areas: list[str], rounds: int) -> dict:
    from django.conf import settings

    env = {**os.environ, "CARD_DATA_DIR": str(Path(settings.CARD_DATA_DIR).resolve())}
    samples: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as scratch:
        before_tree = _export(ref, Path(scratch))
        for round_number in range(rounds):
            for side, tree in (("before", before_tree), ("after", ROOT)):
                print(f"round {round_number + 1}/{rounds}: {side}", flush=True)
                for module, figures in _run(tree, areas, env).items():
                    for key, value in _numbers(figures, f"{module}.").items():
                        samples[side].setdefault(key, []).append(value)
    rows = {}
    for key in sorted(samples["after"].keys() | samples["before"].keys()):
        # A figure of one side only (a game the other tree does not serve): reported, without a ratio.
        before, after = (statistics.median(samples[side][key]) if key in samples[side] else None for side in samples)
        ratio = round(after / before, 3) if before and after is not None else None
        rows[key] = {"before": before, "after": after, "ratio": ratio}
    return {"ref": ref, "areas": areas, "rounds": rounds, "figures": rows}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__.splitlines()[0])
    parser.add_argument("ref", help="the git revision to compare against (the 'before')")
    parser.add_argument("areas", nargs="*", help="bench areas (cards, legality, simulation, ...); none: all")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    import django

    django.setup()
    result = compare(args.ref, args.areas, max(1, args.rounds))
    width = max((len(key) for key in result["figures"]), default=10)
    print(f"{'figure':<{width}}  {'before':>12}  {'after':>12}  after/before")
    for key, row in result["figures"].items():
        if ".search_per_query." in key:  # in the JSON only: one row per query of the mix
            continue
        before, after = ("-" if row[side] is None else f"{row[side]:g}" for side in ("before", "after"))
        print(f"{key:<{width}}  {before:>12}  {after:>12}  {'-' if row['ratio'] is None else row['ratio']}")
    out = ROOT / "bench" / "results" / "compare.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    print(f"\nwritten: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
