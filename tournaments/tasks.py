"""Celery tasks: thin, take ids, safe to repeat; the job's state lives in tournaments.RevalidationJob and its chunks,
the work in tournaments.jobs. The services send these tasks; the tasks never import the services.

`tournaments.revalidate_event` starts a job and sends one `tournaments.revalidate_chunk` per chunk. A worker killed
mid-chunk loses the message with the embedded broker (Redis redelivers it after its visibility timeout):
`tournaments.resume_stale` (Celery beat every JOBS_SWEEP_INTERVAL_SECONDS, and once at a worker's start-up) re-sends
the start of jobs with no progress for JOBS_STALE_SECONDS, which re-sends only their pending chunks. A chunk's hard
time limit stays under JOBS_STALE_SECONDS, so a stale job has no chunk running.
"""

import logging

from celery import group, shared_task
from celery.signals import worker_ready
from django.db import InterfaceError, OperationalError

from deckbuilder.jobs import chunk_run, jobs_resend
from tournaments import jobs

logger = logging.getLogger(__name__)

_RETRY = {"autoretry_for": (OperationalError, InterfaceError), "retry_backoff": True, "max_retries": 3}


@shared_task(
    name="tournaments.revalidate_event",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=20,
    time_limit=30,
    **_RETRY,
)
def revalidate_event(job_id: int) -> int:
    """Start a re-validation: send its pending chunks (a re-sent start re-sends only those not done yet)."""
    pending = jobs.revalidation_job_start(job_id=job_id)
    if pending:
        group(revalidate_chunk.s(chunk_id) for chunk_id in pending).apply_async()
    return len(pending)


@shared_task(
    name="tournaments.revalidate_chunk",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=40,  # REVALIDATION_CHUNK registrations: well under a second of legality checks
    time_limit=50,
    **_RETRY,
)
def revalidate_chunk(chunk_id: int) -> str:
    return chunk_run(chunk_id, run=jobs.revalidation_chunk_run, fail=jobs.revalidation_chunk_fail, what="revalidation")


def revalidation_jobs_resume(*, older_than_seconds: int | None = None) -> list[int]:
    """The sweep: re-send the start of stale jobs (which re-sends their pending chunks); a worn-out job is failed."""
    return jobs_resend(
        jobs.revalidation_jobs_stale(older_than_seconds=older_than_seconds),
        send=revalidate_event.delay,
        fail=lambda job_id, error: jobs.revalidation_job_fail(job_id=job_id, error=error),
        what="revalidation job",
    )


@shared_task(name="tournaments.resume_stale", soft_time_limit=20, time_limit=30)
def revalidation_jobs_resume_task() -> list[int]:
    return revalidation_jobs_resume()


@worker_ready.connect
def _sweep_at_start_up(**_kwargs) -> None:
    try:
        revalidation_jobs_resume_task.delay()
    except Exception:  # the broker is away: beat tries again
        logger.exception("could not send the start-up sweep")
