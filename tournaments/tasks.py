"""Celery tasks: thin, safe to repeat; the job's state lives in tournaments.RevalidationJob."""

from celery import shared_task
from django.db import OperationalError

from tournaments.services import revalidation_job_run


@shared_task(
    name="tournaments.revalidate_event",
    acks_late=True,
    soft_time_limit=600,
    time_limit=660,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=3,
)
def revalidate_event(job_id: int) -> dict:
    job = revalidation_job_run(job_id=job_id)
    return {"job": job.id, "status": job.status, "done": job.done}
