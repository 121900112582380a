"""What every background job shares: sending its task after the commit without ever losing the row to a broker
outage, and the staleness rule the periodic sweep uses to resume lost work.

A job's state lives in our own tables (simulations.SimulationRun, tournaments.RevalidationJob); the broker only
carries ids. Two things can still go wrong:

- the broker is down when the task is sent: the row would stay `queued` forever (and count against the user's
  limit). `enqueue_on_commit` sends after the commit and, when the send fails, calls `on_failure` so the service
  marks its row failed; the API then answers 503 QUEUE_UNAVAILABLE;
- the message is lost after it was sent (a worker SIGKILLed while holding it; the embedded broker never redelivers
  it, Redis only after its visibility timeout): every `JOBS_SWEEP_INTERVAL_SECONDS` (Celery beat, and once at the
  worker's start-up) each app re-sends the tasks of its jobs that made no progress for `JOBS_STALE_SECONDS`.
  The tasks are safe to repeat, so a re-send of work that was merely slow costs CPU, never a wrong result.
"""

import logging
from collections.abc import Callable, Iterable

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction

logger = logging.getLogger(__name__)

QUEUE_UNAVAILABLE = "QUEUE_UNAVAILABLE"


def jobs_stale_seconds() -> int:
    return int(getattr(settings, "JOBS_STALE_SECONDS", 60))


def jobs_max_attempts() -> int:
    return int(getattr(settings, "JOBS_MAX_ATTEMPTS", 5))


def chunk_run(chunk_id: int, *, run: Callable[..., str], fail: Callable[..., object], what: str) -> str:
    """A chunk task's body: run the chunk; a database hiccup is raised for the task's retry; a chunk over its time
    limit or failing deterministically (it would fail on every retry) fails its job instead, through `fail`."""
    try:
        return run(chunk_id=chunk_id)
    except (OperationalError, InterfaceError):
        raise  # retried (the tasks' autoretry_for)
    except SoftTimeLimitExceeded:
        fail(chunk_id=chunk_id, error="a chunk exceeded its time limit")
        raise
    except Exception as exc:
        logger.exception("%s chunk %s failed", what, chunk_id)
        fail(chunk_id=chunk_id, error=f"{type(exc).__name__}: {exc}")
        raise


def enqueue_on_commit(send: Callable[[], object], *, on_failure: Callable[[str], object]) -> None:
    """Run `send` once the current transaction commits; a failure to send calls `on_failure(error)` instead of
    raising out of the commit (which would be a 500 with the row committed and never run)."""

    def _send() -> None:
        try:
            send()
        except Exception as exc:  # kombu's OperationalError, a refused connection, a timeout: the broker is away
            logger.exception("could not enqueue a job")
            on_failure(f"{QUEUE_UNAVAILABLE}: {type(exc).__name__}: {exc}"[:2000])

    transaction.on_commit(_send)


def enqueue_failed(error: str) -> bool:
    return error.startswith(QUEUE_UNAVAILABLE)


def jobs_resend(
    stale: Iterable[tuple[int, str]], *, send: Callable[[int], object], fail: Callable[[int, str], object], what: str
) -> list[int]:
    """The sweep's loop, for every kind of job: each stale job (id, why it is worn out or "") is failed when worn
    out, else its task is sent again; a broker that is away ends the sweep (the next one tries again)."""
    resumed = []
    for job_id, worn in stale:
        if worn:
            fail(job_id, worn)
            continue
        try:
            send(job_id)
        except Exception:  # the broker is away: the next sweep tries again
            logger.exception("could not resume %s %s", what, job_id)
            break
        resumed.append(job_id)
    return resumed
