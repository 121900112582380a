"""Celery tasks of large batch legality checks: thin, take ids, safe to repeat; the state lives in
regulations.LegalityBatch and its chunks, the work in regulations.jobs. The batch service sends these tasks; the tasks
never import it.

`regulations.batch_start` sends one `regulations.batch_chunk` per pending chunk. A message lost with a killed worker
(the embedded broker never redelivers it; Redis after its visibility timeout) is re-sent by the sweep
(`regulations.resume_stale`: Celery beat every JOBS_SWEEP_INTERVAL_SECONDS, and once at a worker's start-up) when the
batch made no progress for JOBS_STALE_SECONDS; a chunk's hard time limit stays under that, so a stale batch has no
chunk running.
"""

import logging

from celery import group, shared_task
from celery.signals import worker_ready
from django.db import InterfaceError, OperationalError

from deckbuilder.jobs import chunk_run, jobs_resend
from regulations import jobs

logger = logging.getLogger(__name__)

_RETRY = {"autoretry_for": (OperationalError, InterfaceError), "retry_backoff": True, "max_retries": 5}


@shared_task(
    name="regulations.batch_start",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=20,
    time_limit=30,
    **_RETRY,
)
def legality_batch_start_task(batch_id: int) -> int:
    """Send the batch's pending chunks (a re-sent start re-sends only those not done yet)."""
    pending = jobs.legality_batch_start(batch_id=batch_id)
    if pending:
        group(legality_batch_chunk_task.s(chunk_id) for chunk_id in pending).apply_async()
    return len(pending)


@shared_task(
    name="regulations.batch_chunk",
    acks_late=True,
    reject_on_worker_lost=True,
    # a chunk (LEGALITY_BATCH_CHUNK decklists) takes a second or two even of 500-line decklists of
    # unknown names; the hard limit stays under JOBS_STALE_SECONDS
    soft_time_limit=40,
    time_limit=50,
    **_RETRY,
)
def legality_batch_chunk_task(chunk_id: int) -> str:
    return chunk_run(
        chunk_id, run=jobs.legality_batch_chunk_run, fail=jobs.legality_batch_chunk_fail, what="legality batch"
    )


def legality_batches_resume(*, older_than_seconds: int | None = None) -> list[int]:
    """The sweep: re-send the start of stale batches (which re-sends their pending chunks); worn-out ones fail."""
    return jobs_resend(
        jobs.legality_batches_stale(older_than_seconds=older_than_seconds),
        send=legality_batch_start_task.delay,
        fail=lambda batch_id, error: jobs.legality_batch_fail(batch_id=batch_id, error=error),
        what="legality batch",
    )


@shared_task(name="regulations.resume_stale", soft_time_limit=20, time_limit=30)
def legality_batches_resume_task() -> list[int]:
    return legality_batches_resume()


@worker_ready.connect
def _sweep_at_start_up(**_kwargs) -> None:
    try:
        legality_batches_resume_task.delay()
    except Exception:  # the broker is away: beat tries again
        logger.exception("could not send the start-up sweep")
