"""Celery tasks: thin, safe to repeat; the job's state lives in tournaments.RevalidationJob.

A worker killed mid-job loses the message with the embedded broker (Redis redelivers it after its visibility
timeout): `tournaments.resume_stale` (Celery beat every JOBS_SWEEP_INTERVAL_SECONDS, and once at a worker's start-up)
re-sends jobs with no progress for JOBS_STALE_SECONDS. A running job reports progress every REVALIDATION_CHUNK
registrations, so a stale job has no task running; re-running a job recomputes its results from scratch.
"""

import logging

from celery import shared_task
from celery.signals import worker_ready
from django.db import OperationalError

from tournaments.services import revalidation_job_run, revalidation_jobs_resume

logger = logging.getLogger(__name__)


@shared_task(
    name="tournaments.revalidate_event",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=75,
    time_limit=85,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=3,
)
def revalidate_event(job_id: int) -> dict:
    job = revalidation_job_run(job_id=job_id)
    return {"job": job.id, "status": job.status, "done": job.done}


@shared_task(name="tournaments.resume_stale", soft_time_limit=20, time_limit=30)
def revalidation_jobs_resume_task() -> list[int]:
    return revalidation_jobs_resume()


@worker_ready.connect
def _sweep_at_start_up(**_kwargs) -> None:
    try:
        revalidation_jobs_resume_task.delay()
    except Exception:  # the broker is away: beat tries again
        logger.exception("could not send the start-up sweep")
