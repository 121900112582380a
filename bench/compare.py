"""Before and after in one run: `python -m bench.compare REF [AREA ...] [--rounds N]`.

The tree of the git revision REF (e.g. the commit before a change) is exported to a temporary directory, and the
benches of the named areas (`cards`, `legality`, `simulation`, ...; all when none is named) run there and here in
turn, N rounds each (default 2), with the same interpreter, data directory and services. Alternating the two trees
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


def _run(tree: Path, areas: list[str], env: dict) -> dict:
    """One `python -m bench AREA...` in `tree`: its figures by bench module (bench/results/all.json there)."""
    subprocess.run([sys.executable, "-m", "bench", *areas], cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL)
    return json.loads((tree / "bench" / "results" / "all.json").read_text(encoding="utf-8"))


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
    for key in sorted(samples["after"].keys() & samples["before"].keys()):
        before, after = statistics.median(samples["before"][key]), statistics.median(samples["after"][key])
        rows[key] = {"before": before, "after": after, "ratio": round(after / before, 3) if before else None}
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
        print(f"{key:<{width}}  {row['before']:>12g}  {row['after']:>12g}  {row['ratio']}")
    out = ROOT / "bench" / "results" / "compare.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    print(f"\nwritten: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
