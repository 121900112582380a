"""The work of a simulation run, done on a worker: start, chunks, merge, failure, and the staleness rule of the
sweep. Below the tasks (simulations.tasks calls it and sends the follow-up tasks); the services create runs and send
the start task. Nothing here imports Celery. The games themselves are played and summed up by the run's game
(Game.simulation: `chunk` and `result`).

Every game depends only on (seed, game number), so the result never depends on which worker ran which chunk, or how
often: a chunk is written once (a conditional update) and the run is merged exactly once (another conditional update).
"""

import time
from collections.abc import Iterator
from datetime import timedelta

from django.db.models import F, Max, Q
from django.utils import timezone

from deckbuilder.jobs import jobs_max_attempts, jobs_stale_seconds
from games import registry
from simulations.models import FINISHED, ChunkStatus, RunStatus, SimulationChunk, SimulationRun


def stale_runs(*, older_than_seconds: int | None = None):
    """Queued or running runs with no progress (no chunk started or finished) for JOBS_STALE_SECONDS: their
    messages were lost (a killed worker, a broker restarted without persistence). A subquery of ids."""
    cutoff = timezone.now() - timedelta(
        seconds=jobs_stale_seconds() if older_than_seconds is None else older_than_seconds
    )
    return (
        SimulationRun.objects.filter(status__in=[RunStatus.QUEUED, RunStatus.RUNNING], created_at__lt=cutoff)
        .annotate(last_progress=Max("chunks__updated_at"))
        .filter(Q(last_progress__isnull=True) | Q(last_progress__lt=cutoff))
        .values("id")
    )


def simulation_runs_stale(*, older_than_seconds: int | None = None) -> Iterator[tuple[int, str]]:
    """The sweep's input: each stale run's id and, when one of its chunks was already tried JOBS_MAX_ATTEMPTS times
    (it keeps killing workers, or keeps being lost), why it is worn out."""
    for run_id in list(stale_runs(older_than_seconds=older_than_seconds).values_list("id", flat=True)):
        lost = SimulationChunk.objects.filter(
            run_id=run_id, status=ChunkStatus.PENDING, attempts__gte=jobs_max_attempts()
        ).exists()
        yield run_id, f"a chunk was lost {jobs_max_attempts()} times" if lost else ""


def simulation_run_start(*, run_id: int) -> list[int]:
    """Mark the run running; the ids of its pending chunks, for the start task to fan out (safe to repeat: chunks
    are idempotent). A run with no pending chunk left is merged here."""
    SimulationRun.objects.filter(id=run_id, status=RunStatus.QUEUED).update(
        status=RunStatus.RUNNING, started_at=timezone.now()
    )
    run = SimulationRun.objects.filter(id=run_id).first()
    if run is None or run.status != RunStatus.RUNNING:
        return []
    pending = list(
        SimulationChunk.objects.filter(run_id=run_id, status=ChunkStatus.PENDING).values_list("id", flat=True)
    )
    if not pending:
        simulation_run_merge(run_id=run_id)
    return pending


def _chunk_counts(run: SimulationRun, chunk: SimulationChunk) -> dict:
    """The chunk's counts, played by the run's game (Game.simulation.chunk)."""
    return registry.simulation_of(run.game).chunk(
        kind=run.kind,
        params=run.params,
        seed=run.seed,
        going=run.going,
        index=chunk.index,
        first_game=chunk.first_game,
        games=chunk.games,
    )


def simulation_chunk_execute(*, chunk_id: int) -> str:
    """Compute one chunk unless it is done or its run finished; the last chunk merges the run."""
    chunk = SimulationChunk.objects.select_related("run").filter(id=chunk_id).first()
    if chunk is None:
        return "missing"
    run = chunk.run
    if run.status in FINISHED:
        return "skipped"
    if chunk.status == ChunkStatus.PENDING:
        # updated_at is the run's heartbeat for the sweep (update() does not touch auto_now fields)
        SimulationChunk.objects.filter(id=chunk_id).update(attempts=F("attempts") + 1, updated_at=timezone.now())
        started = time.perf_counter()
        counts = _chunk_counts(run, chunk)
        seconds = time.perf_counter() - started
        # written once: a duplicate delivery computed the same counts and finds the chunk already done
        SimulationChunk.objects.filter(id=chunk_id, status=ChunkStatus.PENDING).update(
            status=ChunkStatus.DONE, counts=counts, seconds=seconds, updated_at=timezone.now()
        )
    done = SimulationChunk.objects.filter(run_id=run.id, status=ChunkStatus.DONE).count()
    SimulationRun.objects.filter(id=run.id, status=RunStatus.RUNNING, chunks_done__lt=done).update(
        chunks_done=done, progress=done / run.chunks_total
    )
    if done == run.chunks_total:
        simulation_run_merge(run_id=run.id)
    return "done"


def _merged_result(run: SimulationRun, chunks: list[SimulationChunk]) -> dict:
    # merged once every chunk is done, so a chunk's counts are never empty in practice
    result = registry.simulation_of(run.game).result(
        kind=run.kind, params=run.params, seed=run.seed, going=run.going, counts=[c.counts or {} for c in chunks]
    )
    result["seed"] = run.seed
    result["facts_unavailable"] = run.params.get("facts_unavailable", [])
    return result


def simulation_run_merge(*, run_id: int) -> bool:
    """Merge the chunks into the result; the conditional update makes the write happen exactly once."""
    run = SimulationRun.objects.get(id=run_id)
    chunks = list(SimulationChunk.objects.filter(run_id=run_id).order_by("index"))
    if run.status != RunStatus.RUNNING or any(c.status != ChunkStatus.DONE for c in chunks):
        return False
    result = _merged_result(run, chunks)
    written = SimulationRun.objects.filter(id=run_id, status=RunStatus.RUNNING).update(
        status=RunStatus.DONE,
        result=result,
        progress=1.0,
        chunks_done=len(chunks),
        finished_at=timezone.now(),
        compute_seconds=sum(c.seconds for c in chunks),
    )
    return written == 1


def simulation_run_fail(*, run_id: int, error: str) -> bool:
    return (
        SimulationRun.objects.filter(id=run_id, status__in=[RunStatus.QUEUED, RunStatus.RUNNING]).update(
            status=RunStatus.FAILED, error=error[:2000], finished_at=timezone.now()
        )
        == 1
    )


def simulation_chunk_fail(*, chunk_id: int, error: str) -> bool:
    """Fail the run of a chunk that cannot succeed (it ran out of time, or fails the same way on every try)."""
    run_id = SimulationChunk.objects.filter(id=chunk_id).values_list("run_id", flat=True).first()
    return run_id is not None and simulation_run_fail(run_id=run_id, error=error)
