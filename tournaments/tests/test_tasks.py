"""Self-healing re-validation jobs: a broker outage answers 503 with the job recorded failed (never a `queued` job
that never runs), and the sweep resumes a job whose message was lost."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from deckbuilder.tests.fixtures import broker_down  # noqa: F401
from decks import services as deck_services
from decks.tests.fixtures import legal_deck_json, token_client
from dmrules.decklist import parse_json
from tournaments import services
from tournaments.models import JobStatus, RevalidationJob


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


@pytest.fixture
def eager():
    from deckbuilder.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


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


def test_the_sweep_resumes_a_lost_job(event, organizer, eager):
    job = services.revalidation_job_create(event_id=event.id, user=organizer)  # on-commit never ran: "lost"
    assert job.status == JobStatus.QUEUED
    assert services.revalidation_jobs_resume() == []  # not stale yet
    idle(job.id, settings.JOBS_STALE_SECONDS + 1)
    assert services.revalidation_jobs_resume() == [job.id]
    job.refresh_from_db()
    assert (job.status, job.done, job.attempts) == (JobStatus.DONE, 1, 1)


def test_a_job_lost_too_often_is_failed(event, organizer):
    job = services.revalidation_job_create(event_id=event.id, user=organizer)
    RevalidationJob.objects.filter(id=job.id).update(status=JobStatus.RUNNING, attempts=settings.JOBS_MAX_ATTEMPTS)
    idle(job.id, settings.JOBS_STALE_SECONDS + 1)
    assert services.revalidation_jobs_resume() == []
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and "lost 5 times" in job.error
