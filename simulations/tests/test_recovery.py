"""Self-healing runs (issue findings: a broker outage answered 500 and left `queued` runs that never ran, and after
five of them the user got TOO_MANY_RUNS forever; a lost chunk stayed lost until someone ran resume_simulations)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from deckbuilder.tests.fixtures import broker_down  # noqa: F401
from games.dm.rules.decklist import parse_text
from simulations import jobs, services, tasks
from simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun

pytestmark = [pytest.mark.django_db, pytest.mark.urls("simulations.tests.urls")]


@pytest.fixture
def user():
    return UserFactory(username="sim")


def create(user):
    return services.simulation_run_create(
        user=user, kind="goldfish", decklist=parse_text("40 Bolt Soldier"), games=3000, seed=1, going="first",
        params={"chunk_games": 1000},
    )  # fmt: skip


def age(run, seconds: float) -> None:
    """No progress for `seconds`: what a lost message looks like to the sweep."""
    then = timezone.now() - timedelta(seconds=seconds)
    SimulationRun.objects.filter(id=run.id).update(created_at=then)
    SimulationChunk.objects.filter(run=run).update(updated_at=then)


# Transactional: the run commits as in production, so the send happens (and fails) inside the request.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_broker_down_answers_503_and_leaves_no_orphan(user, resolver, broker_down):  # noqa: F811
    client = APIClient()
    client.force_authenticate(user)
    body = {"text": "40 Bolt Soldier", "kind": "goldfish", "games": 3000, "going": "first"}
    response = client.post("/api/v1/simulations/", body, format="json")
    assert response.status_code == 503
    error = response.json()["error"]
    assert error["code"] == "QUEUE_UNAVAILABLE"
    run = SimulationRun.objects.get(id=error["details"]["run"])
    assert run.status == RunStatus.FAILED and run.error.startswith("QUEUE_UNAVAILABLE")


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_failed_enqueues_never_use_up_the_run_limit(user, resolver, broker_down, settings):  # noqa: F811
    settings.SIMULATION_MAX_ACTIVE_RUNS = 2
    for _ in range(settings.SIMULATION_MAX_ACTIVE_RUNS + 3):
        with pytest.raises(services.SimulationRejected) as refused:
            create(user)
        assert refused.value.code == "QUEUE_UNAVAILABLE"  # never TOO_MANY_RUNS
    assert SimulationRun.objects.filter(owner=user, status=RunStatus.FAILED).count() == 5


@pytest.mark.parametrize(
    "idle_seconds, counted",
    [
        pytest.param(5, True, id="fresh-run-counts"),
        pytest.param(settings.JOBS_STALE_SECONDS + 5, False, id="orphan-does-not-count"),
    ],
)
def test_orphaned_runs_do_not_count_against_the_limit(user, resolver, settings, idle_seconds, counted):
    settings.SIMULATION_MAX_ACTIVE_RUNS = 1
    age(create(user), idle_seconds)  # on-commit never ran here: its start message is "lost"
    if counted:
        with pytest.raises(services.SimulationRejected) as refused:
            create(user)
        assert refused.value.code == "TOO_MANY_RUNS"
    else:
        assert create(user).status == RunStatus.QUEUED


def test_the_sweep_resumes_only_runs_without_progress(user, resolver, eager_celery):
    stale, fresh = create(user), create(user)
    age(stale, settings.JOBS_STALE_SECONDS + 1)
    age(fresh, settings.JOBS_STALE_SECONDS - 30)
    assert tasks.simulation_runs_resume() == [stale.id]
    stale.refresh_from_db()
    fresh.refresh_from_db()
    assert (stale.status, fresh.status) == (RunStatus.DONE, RunStatus.QUEUED)


def test_a_chunk_lost_too_often_fails_its_run(user, resolver, settings):
    run = create(user)
    SimulationRun.objects.filter(id=run.id).update(status=RunStatus.RUNNING)
    SimulationChunk.objects.filter(run=run, index=1).update(attempts=settings.JOBS_MAX_ATTEMPTS)
    age(run, settings.JOBS_STALE_SECONDS + 1)
    assert tasks.simulation_runs_resume() == []
    run.refresh_from_db()
    assert run.status == RunStatus.FAILED and "lost 5 times" in run.error


def test_a_chunk_heartbeat_keeps_a_slow_run_out_of_the_sweep(user, resolver, eager_celery):
    run = create(user)
    age(run, settings.JOBS_STALE_SECONDS + 1)
    chunk = SimulationChunk.objects.filter(run=run).first()
    SimulationRun.objects.filter(id=run.id).update(status=RunStatus.RUNNING)
    jobs.simulation_chunk_execute(chunk_id=chunk.id)  # progress now
    assert tasks.simulation_runs_resume() == []
    assert SimulationChunk.objects.get(id=chunk.id).status == ChunkStatus.DONE


def test_beat_and_time_limits_bring_a_lost_chunk_back_within_two_minutes():
    from deckbuilder.celery import app
    from regulations.tasks import legality_batch_chunk_task
    from simulations.tasks import simulation_chunk_execute_task, simulation_run_start_task
    from tournaments.tasks import revalidate_chunk, revalidate_event

    schedule = {entry["task"]: entry["schedule"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert set(schedule) == {"simulations.resume_stale", "tournaments.resume_stale", "regulations.resume_stale"}
    assert set(app.tasks) >= set(schedule)
    # a chunk reports progress only when it starts and ends: a stale run has no chunk running
    chunk_tasks = (
        simulation_chunk_execute_task,
        simulation_run_start_task,
        revalidate_chunk,
        legality_batch_chunk_task,
    )
    assert max(t.time_limit for t in chunk_tasks) < settings.JOBS_STALE_SECONDS
    assert settings.JOBS_STALE_SECONDS + max(schedule.values()) <= 120
    # Redis must not redeliver a task that is still running
    visibility = 150  # CELERY_VISIBILITY_TIMEOUT's default (settings apply it only with a Redis broker)
    assert max(t.time_limit for t in (*chunk_tasks, revalidate_event)) < visibility
