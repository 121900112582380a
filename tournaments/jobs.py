"""The work of a re-validation job, done on a worker: the start (cut the registrations into chunks), one chunk, the
merge, failure, and the staleness rule of the sweep. Below the tasks (tournaments.tasks calls it and sends the chunk
tasks); the services create jobs and send the start task. Nothing here imports Celery.

A large event is re-validated REVALIDATION_CHUNK (100) registrations per task: the organizer sees progress chunk by
chunk, a worker lost in the middle loses one chunk (the sweep re-sends the start, which re-sends only pending chunks),
and no task runs near its time limit. Safe to repeat: the chunks are cut once (under a row lock on the job), a chunk's
results are written once (a conditional update), and the job is merged exactly once (another conditional update).
"""

from collections.abc import Iterator
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone

from deckbuilder.jobs import jobs_max_attempts, jobs_stale_seconds
from tournaments.models import ChunkStatus, JobStatus, Registration, RevalidationChunk, RevalidationJob
from tournaments.selectors import registrations_checked


def revalidation_chunk_size() -> int:
    """Registrations per chunk task (REVALIDATION_CHUNK, 100): well under a second of legality checks."""
    return int(getattr(settings, "REVALIDATION_CHUNK", 100))


_ACTIVE = [JobStatus.QUEUED.value, JobStatus.RUNNING.value]


def revalidation_job_start(*, job_id: int) -> list[int]:
    """Mark the job running, cut its chunks the first time (registrations by player name), and return the ids of
    the pending chunks for the start task to send. A job with every chunk done is merged here."""
    now = timezone.now()
    with transaction.atomic():
        job = RevalidationJob.objects.select_for_update().filter(id=job_id, status__in=_ACTIVE).first()
        if job is None:
            return []
        if not job.chunks.exists():
            registrations = Registration.objects.filter(event_id=job.event_id).order_by("player_name")
            ids = list(registrations.values_list("id", flat=True))
            size = revalidation_chunk_size()
            slices = [ids[start : start + size] for start in range(0, len(ids), size)]
            RevalidationChunk.objects.bulk_create(
                RevalidationChunk(job=job, index=index, registration_ids=part, size=len(part), updated_at=now)
                for index, part in enumerate(slices)
            )
            job.total = len(ids)
        RevalidationJob.objects.filter(id=job.id).update(
            status=JobStatus.RUNNING.value, total=job.total, attempts=F("attempts") + 1, error="", updated_at=now
        )
    pending = list(job.chunks.filter(status=ChunkStatus.PENDING.value).values_list("id", flat=True))
    if not pending:
        revalidation_job_merge(job_id=job_id)
    return pending


_DETAIL_KEYS = ("code", "rule", "zone", "count", "limit", "message", "message_ja")


def _violation_detail(violation: dict) -> dict:
    """One violation as a job row keeps it: the report's own keys a sentence is made of, its cards by name."""
    detail = {key: violation[key] for key in _DETAIL_KEYS if violation.get(key) is not None}
    names = [{"name": card["name"]} for card in violation.get("cards") or () if card.get("name")]
    if names:
        detail["cards"] = names
    return detail


def _chunk_results(job: RevalidationJob, registration_ids: list[int]) -> list[dict]:
    """Each registration's status now under the event's regulation (a withdrawn one is left out)."""
    by_id = Registration.objects.in_bulk(registration_ids)
    registrations = [by_id[i] for i in registration_ids if i in by_id]
    return [
        {
            "registration_id": registration.id,
            "player": registration.player_name,
            "deck_hash": registration.deck_hash,
            "status_at_registration": registration.status,
            "status_now": status,
            "changed": status != registration.status,
            "violations": [v["code"] for v in report.get("violations", [])],
            # what the pages word each violation from (web.verdict): its rule, numbers, cards and messages
            "details": [_violation_detail(v) for v in report.get("violations", [])],
        }
        for registration, report, status in registrations_checked(
            event=job.event, registrations=registrations, overlay_id=job.event.overlay_id
        )
    ]


def revalidation_chunk_run(*, chunk_id: int) -> str:
    """Re-check one chunk unless it is done or its job finished; the last chunk merges the job."""
    chunk = RevalidationChunk.objects.select_related("job__event").filter(id=chunk_id).first()
    if chunk is None:
        return "missing"
    job = chunk.job
    if job.status not in _ACTIVE:
        return "skipped"
    if chunk.status == ChunkStatus.PENDING.value:
        # updated_at on the chunk and the job is the sweep's heartbeat (update() does not touch auto fields)
        RevalidationChunk.objects.filter(id=chunk_id).update(attempts=F("attempts") + 1, updated_at=timezone.now())
        RevalidationJob.objects.filter(id=job.id).update(updated_at=timezone.now())
        results = _chunk_results(job, chunk.registration_ids)
        # written once: a duplicate delivery computed the same rows and finds the chunk already done
        RevalidationChunk.objects.filter(id=chunk_id, status=ChunkStatus.PENDING.value).update(
            status=ChunkStatus.DONE.value, results=results, updated_at=timezone.now()
        )
    done = job.chunks.filter(status=ChunkStatus.DONE.value).aggregate(n=Sum("size"))["n"] or 0
    RevalidationJob.objects.filter(id=job.id, status=JobStatus.RUNNING.value, done__lt=done).update(
        done=done, updated_at=timezone.now()
    )
    if not job.chunks.filter(status=ChunkStatus.PENDING.value).exists():
        revalidation_job_merge(job_id=job.id)
    return "done"


def revalidation_job_merge(*, job_id: int) -> bool:
    """The job's results, chunk after chunk; the conditional update writes them exactly once."""
    chunks = list(RevalidationChunk.objects.filter(job_id=job_id).order_by("index"))
    if any(c.status != ChunkStatus.DONE.value for c in chunks):
        return False
    results = [row for chunk in chunks for row in chunk.results]
    written = RevalidationJob.objects.filter(id=job_id, status=JobStatus.RUNNING.value).update(
        status=JobStatus.DONE.value,
        results=results,
        done=sum(c.size for c in chunks),
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    return written == 1


def revalidation_job_fail(*, job_id: int, error: str) -> bool:
    return (
        RevalidationJob.objects.filter(id=job_id, status__in=_ACTIVE).update(
            status=JobStatus.FAILED.value, error=error[:2000], finished_at=timezone.now(), updated_at=timezone.now()
        )
        == 1
    )


def revalidation_chunk_fail(*, chunk_id: int, error: str) -> bool:
    job_id = RevalidationChunk.objects.filter(id=chunk_id).values_list("job_id", flat=True).first()
    return job_id is not None and revalidation_job_fail(job_id=job_id, error=error)


def revalidation_jobs_stale(*, older_than_seconds: int | None = None) -> Iterator[tuple[int, str]]:
    """The sweep's input: jobs queued or running with no progress for JOBS_STALE_SECONDS (their message was lost
    with a killed worker, or never delivered), each with why it is worn out: started, or one of its chunks tried,
    JOBS_MAX_ATTEMPTS times."""
    seconds = jobs_stale_seconds() if older_than_seconds is None else older_than_seconds
    cutoff = timezone.now() - timedelta(seconds=seconds)
    stale = RevalidationJob.objects.filter(status__in=_ACTIVE, updated_at__lt=cutoff)
    limit = jobs_max_attempts()
    for job_id, attempts in list(stale.values_list("id", "attempts")):
        if attempts >= limit:
            yield job_id, f"the job was lost {attempts} times"
        elif RevalidationChunk.objects.filter(
            job_id=job_id, status=ChunkStatus.PENDING.value, attempts__gte=limit
        ).exists():
            yield job_id, f"a chunk was lost {limit} times"
        else:
            yield job_id, ""


def revalidation_job_run(*, job_id: int) -> RevalidationJob:
    """The whole job in this process, chunk after chunk (the bench and tests; the worker runs one task per chunk)."""
    for chunk_id in revalidation_job_start(job_id=job_id):
        revalidation_chunk_run(chunk_id=chunk_id)
    return RevalidationJob.objects.get(id=job_id)
