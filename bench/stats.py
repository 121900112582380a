"""What every benchmark shares: one percentile definition, millisecond summaries of timing samples, and running a
setup or measuring subprocess (`manage.py migrate`, `import_cards`, `python -m bench.bench_<area> --measure`).

Not a benchmark itself: `python -m bench` runs only the `bench_<area>` modules.
"""

import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

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
