"""Celery tasks: thin, take ids, safe to repeat (the state lives in simulations' tables, the work in
simulations.jobs). The services send these tasks; the tasks never import the services.

acks_late + reject_on_worker_lost (also the global settings): a worker killed in the middle of a chunk leaves
the message unacknowledged, and Redis redelivers it after its visibility timeout. The embedded broker never does,
and a killed worker's prefetched messages are gone with it: the sweep (`simulations.resume_stale`, run by Celery beat
every JOBS_SWEEP_INTERVAL_SECONDS and once when a worker starts) re-sends the runs that made no progress for
JOBS_STALE_SECONDS. A chunk's hard time limit stays under JOBS_STALE_SECONDS, so a stale run has no chunk running.
"""

import logging

from celery import group, shared_task
from celery.signals import worker_init, worker_ready
from django.db import InterfaceError, OperationalError

from deckbuilder.jobs import chunk_run, jobs_resend
from games import registry
from simulations import jobs

logger = logging.getLogger(__name__)

_RETRY = {"autoretry_for": (OperationalError, InterfaceError), "retry_backoff": True, "max_retries": 5}


@shared_task(
    name="simulations.run_start",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=20,
    time_limit=30,
    **_RETRY,
)
def simulation_run_start_task(run_id: int) -> int:
    """Fan the run's pending chunks out (a re-sent start re-sends only the chunks not done yet)."""
    pending = jobs.simulation_run_start(run_id=run_id)
    if pending:
        group(simulation_chunk_execute_task.s(chunk_id) for chunk_id in pending).apply_async()
    return len(pending)


@shared_task(
    name="simulations.chunk_execute",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=40,  # a chunk is sized for about a second of work (services.CHUNK_GAMES)
    time_limit=50,
    **_RETRY,
)
def simulation_chunk_execute_task(chunk_id: int) -> str:
    return chunk_run(chunk_id, run=jobs.simulation_chunk_execute, fail=jobs.simulation_chunk_fail, what="simulation")


def simulation_runs_resume(*, older_than_seconds: int | None = None) -> list[int]:
    """The sweep (Celery beat, the worker's start-up, `manage.py resume_simulations`): re-send the start task of
    stale runs, which re-sends their pending chunks (safe to repeat); a worn-out run is failed instead."""
    return jobs_resend(
        jobs.simulation_runs_stale(older_than_seconds=older_than_seconds),
        send=simulation_run_start_task.delay,
        fail=lambda run_id, error: jobs.simulation_run_fail(run_id=run_id, error=error),
        what="simulation run",
    )


@shared_task(name="simulations.resume_stale", soft_time_limit=20, time_limit=30)
def simulation_runs_resume_task() -> list[int]:
    return simulation_runs_resume()


@worker_init.connect
def _load_goldfish_kernel(**_kwargs) -> None:
    """Let every game that simulates load (or compile) what its chunks need (Duel Masters: the goldfish kernel) before
    the pool starts, so chunk timings are compute only; prefork children inherit it."""
    for game in registry.all_games():
        if game.simulation is None:
            continue
        try:
            game.simulation.warm_up()
        except Exception:  # never stop a worker from starting: the first chunk compiles it instead
            logger.exception("could not load the %s simulation engine at worker start", game.code)


@worker_ready.connect
def _sweep_at_start_up(**_kwargs) -> None:
    """A worker that starts (after a crash, a deploy, `make run` restarting it) resumes lost runs at once instead of
    waiting for the first beat."""
    try:
        simulation_runs_resume_task.delay()
    except Exception:  # the broker is away: beat tries again
        logger.exception("could not send the start-up sweep")
