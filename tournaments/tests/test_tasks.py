"""Self-healing re-validation jobs: a broker outage answers 503 with the job recorded failed (never a `queued` job
that never runs), the sweep resumes a job whose message was lost, and a large event runs chunk by chunk."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from deckbuilder.tests.fixtures import broker_down  # noqa: F401
from decks import services as deck_services
from decks.tests.fixtures import legal_deck_json, token_client
from games.dm.rules.decklist import parse_json
from tournaments import jobs, services, tasks
from tournaments.models import ChunkStatus, JobStatus, RevalidationChunk, RevalidationJob


@pytest.fixture
def event(organizer, owner, cards):
    event = services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    deck = deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))
    services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    return event


def idle(job_id: int, seconds: float) -> None:
    RevalidationJob.objects.filter(id=job_id).update(updated_at=timezone.now() - timedelta(seconds=seconds))


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_broker_down_answers_503_and_the_job_is_failed(event, organizer, broker_down):  # noqa: F811
    response = token_client(organizer).post(f"/api/v1/events/{event.id}/revalidations/")
    assert response.status_code == 503
    error = response.json()["error"]
    assert error["code"] == "QUEUE_UNAVAILABLE"
    job = RevalidationJob.objects.get(id=error["details"]["job"])
    assert job.status == JobStatus.FAILED and job.error.startswith("QUEUE_UNAVAILABLE")


def test_the_sweep_resumes_a_lost_job(event, organizer, eager_celery):
    job = services.revalidation_job_create(event_id=event.id, user=organizer)  # on-commit never ran: "lost"
    assert job.status == JobStatus.QUEUED
    assert tasks.revalidation_jobs_resume() == []  # not stale yet
    idle(job.id, settings.JOBS_STALE_SECONDS + 1)
    assert tasks.revalidation_jobs_resume() == [job.id]
    job.refresh_from_db()
    assert (job.status, job.done, job.attempts) == (JobStatus.DONE, 1, 1)


def test_a_job_lost_too_often_is_failed(event, organizer):
    job = services.revalidation_job_create(event_id=event.id, user=organizer)
    RevalidationJob.objects.filter(id=job.id).update(status=JobStatus.RUNNING, attempts=settings.JOBS_MAX_ATTEMPTS)
    idle(job.id, settings.JOBS_STALE_SECONDS + 1)
    assert tasks.revalidation_jobs_resume() == []
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and "lost 5 times" in job.error


# --- a large event in chunks ---------------------------------------------------------------------------------------


@pytest.fixture
def large_event(event, organizer, settings):
    """Seven registrations (the owner's and six imported, two of them short decks) in chunks of three."""
    from decks.tests.fixtures import MAIN

    settings.REVALIDATION_CHUNK = 3
    legal = "\n".join(f"4 {name}" for name, *_ in MAIN)
    short = "\n".join(f"4 {name}" for name, *_ in MAIN[:9])
    rows = "".join(f'p{i},"{short if i in (1, 4) else legal}"\n' for i in range(6))
    services.registrations_import_csv(event_id=event.id, user=organizer, csv_text="player,decklist\n" + rows)
    return event


def test_a_large_event_is_revalidated_chunk_by_chunk(large_event, organizer, eager_celery):
    job = services.revalidation_job_create(event_id=large_event.id, user=organizer)
    tasks.revalidate_event.delay(job.id)  # what the commit sends
    job.refresh_from_db()
    chunks = list(RevalidationChunk.objects.filter(job=job).order_by("index"))
    assert [c.size for c in chunks] == [3, 3, 1]
    assert all(c.status == ChunkStatus.DONE and c.attempts == 1 for c in chunks)
    assert (job.status, job.total, job.done, job.attempts) == (JobStatus.DONE, 7, 7, 1)
    assert [r["player"] for r in job.results] == ["owner", "p0", "p1", "p2", "p3", "p4", "p5"]
    assert [r["player"] for r in job.results if r["violations"] == ["DECK_SIZE"]] == ["p1", "p4"]


def test_progress_counts_the_chunks_done_and_a_repeated_chunk_changes_nothing(large_event, organizer):
    job = services.revalidation_job_create(event_id=large_event.id, user=organizer)  # no commit: run by hand here
    first, second, third = jobs.revalidation_job_start(job_id=job.id)
    jobs.revalidation_chunk_run(chunk_id=second)
    jobs.revalidation_chunk_run(chunk_id=second)  # a redelivered message
    job.refresh_from_db()
    assert (job.status, job.done) == (JobStatus.RUNNING, 3)
    assert RevalidationChunk.objects.get(id=second).attempts == 1
    jobs.revalidation_chunk_run(chunk_id=first)
    jobs.revalidation_chunk_run(chunk_id=third)
    job.refresh_from_db()
    assert (job.status, job.done, len(job.results)) == (JobStatus.DONE, 7, 7)
    assert jobs.revalidation_job_merge(job_id=job.id) is False  # merged once


def test_the_sweep_resends_only_the_chunks_a_killed_worker_lost(large_event, organizer, eager_celery):
    job = services.revalidation_job_create(event_id=large_event.id, user=organizer)
    first, lost, _third = jobs.revalidation_job_start(job_id=job.id)
    jobs.revalidation_chunk_run(chunk_id=first)
    RevalidationChunk.objects.filter(id=lost).update(attempts=1)  # taken by a worker that was then killed
    idle(job.id, settings.JOBS_STALE_SECONDS + 1)
    assert tasks.revalidation_jobs_resume() == [job.id]
    job.refresh_from_db()
    attempts = dict(RevalidationChunk.objects.filter(job=job).values_list("id", "attempts"))
    assert (job.status, job.done, job.attempts) == (JobStatus.DONE, 7, 2)
    assert (attempts[first], attempts[lost]) == (1, 2)  # the done chunk was not run again


def test_a_chunk_lost_too_often_fails_its_job(large_event, organizer):
    job = services.revalidation_job_create(event_id=large_event.id, user=organizer)
    _first, lost, _third = jobs.revalidation_job_start(job_id=job.id)
    RevalidationChunk.objects.filter(id=lost).update(attempts=settings.JOBS_MAX_ATTEMPTS)
    idle(job.id, settings.JOBS_STALE_SECONDS + 1)
    assert tasks.revalidation_jobs_resume() == []
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and "a chunk was lost 5 times" in job.error
