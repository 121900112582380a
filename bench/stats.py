"""What every benchmark shares: one percentile definition, millisecond summaries of timing samples, running a
setup or measuring subprocess (`manage.py migrate`, `import_cards`, `python -m bench.bench_<area> --measure`), a
game's import into a temporary database, and the timing of a card search mix.

Not a benchmark itself: `python -m bench` runs only the `bench_<area>` modules.
"""

import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (`fraction` 0..1) of the samples, in their own unit."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary_ms(seconds: Sequence[float], *, percentiles: Sequence[int] = (50, 95), digits: int = 2) -> dict:
    """{"p50_ms": ..., "p95_ms": ...} of samples taken in seconds."""
    return {f"p{p}_ms": round(percentile(seconds, p / 100) * 1000, digits) for p in percentiles}


def run_command(args: list[str], *, env: dict, cwd: Path = ROOT) -> str:
    """Runs a subprocess to the end and returns its standard output; RuntimeError with the output's tail on failure."""
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def timed_command(args: list[str], *, env: dict, cwd: Path = ROOT) -> tuple[float, str]:
    """run_command with its wall time in seconds."""
    started = time.perf_counter()
    output = run_command(args, env=env, cwd=cwd)
    return time.perf_counter() - started, output


def game_import_measured(*, game: str, measure: list[str]) -> dict:
    """`manage.py import_games --game <game>` into an empty temporary SQLite database and again (nothing changed),
    then the measuring command `measure` (`python -m bench.bench_<area> --measure...`, its arguments after the
    interpreter) in a process on that database: the import's and re-import's seconds and summaries, and the figures
    the measuring process printed as JSON."""
    with tempfile.TemporaryDirectory(prefix=f"bench-{game}-") as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "VAR_DIR": tmp}
        python = sys.executable
        run_command([python, "manage.py", "migrate", "--noinput", "-v", "0", "--skip-checks"], env=env)
        command = [python, "manage.py", "import_games", "--game", game, "--skip-checks"]
        import_seconds, import_out = timed_command(command, env=env)
        reimport_seconds, reimport_out = timed_command(command, env=env)
        _, measured = timed_command([python, *measure], env=env)
    return {
        "import_seconds": round(import_seconds, 2),
        "import_summary": import_out.strip(),
        "reimport_seconds": round(reimport_seconds, 2),
        "reimport_summary": reimport_out.strip(),
        **json.loads(measured),
    }


@dataclass
class SearchTimes:
    """A search mix's samples: every search's wall-clock and thread-CPU seconds, and per query (its label) the number
    of cards found and the wall-clock seconds of each of its runs."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    found: dict[str, int] = field(default_factory=dict)
    per_query: dict[str, list[float]] = field(default_factory=dict)

    def summary(self, prefix: str, *, percentiles: Sequence[int] = (50, 95), digits: int = 2) -> dict:
        """{"<prefix>_p50_ms": ..., "<prefix>_cpu_p50_ms": ...}: the wall clock's and the CPU clock's percentiles.
        The thread's CPU clock is the search's own time, without the waits of a preempted process (a shared
        machine)."""
        figures = {}
        for clock, samples in ((prefix, self.wall), (f"{prefix}_cpu", self.cpu)):
            for key, value in summary_ms(samples, percentiles=percentiles, digits=digits).items():
                figures[f"{clock}_{key}"] = value
        return figures


def time_search_mix(
    search: Callable[..., Any], mix: Mapping[str, Mapping[str, Any]], *, rounds: int, warmup: int = 3
) -> SearchTimes:
    """Times `search(**arguments)` (a game's card search, answering an object with `ids`) for every query of the mix
    (label -> keyword arguments): `warmup` untimed rounds of the whole mix, a garbage collection, then `rounds` timed
    rounds, each query once a round (so that no query is timed only right after itself)."""
    for _ in range(warmup):
        for arguments in mix.values():
            search(**arguments)
    times = SearchTimes()
    gc.collect()
    for _ in range(rounds):
        for label, arguments in mix.items():
            started, started_cpu = time.perf_counter(), time.thread_time()
            found = search(**arguments)
            wall = time.perf_counter() - started
            times.cpu.append(time.thread_time() - started_cpu)
            times.wall.append(wall)
            times.found[label] = len(found.ids)
            times.per_query.setdefault(label, []).append(wall)
    return times
