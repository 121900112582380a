"""Large batch legality checks on Celery (eager here; a real worker in test_batches_integration.py): 202 with the
batch's URL, progress chunk by chunk, the synchronous answer's shape once done, the token and owner rules, the broker
away (503 QUEUE_UNAVAILABLE, the batch failed), and the sweep re-sending what a killed worker lost."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from deckbuilder.tests.fixtures import broker_down  # noqa: F401
from games.dm import legality
from regulations import batches, jobs, tasks
from regulations.models import BatchChunkStatus, BatchStatus, LegalityBatch, LegalityBatchChunk
from regulations.tests.catalogue import BANNED
from regulations.tests.test_apis import filler_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_limits(settings):
    """Batches of more than 4 decklists go to the workers, in chunks of 3."""
    settings.LEGALITY_BATCH_SYNC_MAX = 4
    settings.LEGALITY_BATCH_CHUNK = 3
    settings.LEGALITY_BATCH_ANON_MAX_QUEUED = 100  # no worker runs here: the batches stay queued (cap: its own test)


def decks(n: int) -> list[dict]:
    """Every third deck holds a banned card; the fifth is not a decklist at all."""
    rows = []
    for i in range(n):
        if i == 4:
            rows.append({"player": f"p{i}", "text": ""})
        elif i % 3 == 2:
            rows.append({"player": f"p{i}", "text": f"1 {BANNED}\n" + filler_text(39)})
        else:
            rows.append({"player": f"p{i}", "text": filler_text(40)})
    return rows


def post(client, payload):
    return client.post("/api/v1/legality/batch/", payload, format="json")


@pytest.mark.parametrize(
    ("count", "status"),
    [pytest.param(4, 200, id="at-the-limit-answered-at-once"), pytest.param(5, 202, id="over-the-limit-queued")],
)
def test_the_threshold_decides_between_the_request_and_the_workers(hof, small_limits, count, status):
    response = post(APIClient(), {"decks": decks(count), "as_of": "2013-01-01"})
    assert response.status_code == status
    assert LegalityBatch.objects.count() == (status == 202)


def test_a_large_batch_answers_202_and_its_url_gives_the_synchronous_answer(hof, small_limits, eager_celery):
    client = APIClient()
    payload = {"decks": decks(8), "as_of": "2013-01-01"}
    with_sync_limit = post(client, payload)
    assert with_sync_limit.status_code == 202
    body = with_sync_limit.json()
    assert with_sync_limit["Location"] == body["url"] == f"/api/v1/legality/batches/{body['id']}/"
    assert (body["status"], body["total"], body["done"]) == ("queued", 8, 0)  # the commit sends it (not in a test)
    batch = LegalityBatch.objects.get(token=body["id"])
    assert [c.size for c in batch.chunks.order_by("index")] == [3, 3, 2]
    tasks.legality_batch_start_task.delay(batch.id)
    done = client.get(body["url"]).json()
    assert (done["status"], done["done"], done["progress"]) == ("done", 8, 1.0)
    settings_limit = settings.LEGALITY_BATCH_SYNC_MAX
    settings.LEGALITY_BATCH_SYNC_MAX = 1000  # the same decklists answered in the request
    try:
        direct = post(client, payload).json()
    finally:
        settings.LEGALITY_BATCH_SYNC_MAX = settings_limit
    for key in ("format", "as_of", "overlay", "count", "legal", "results"):
        assert done[key] == direct[key], key
    assert (done["count"], done["legal"]) == (8, 5)
    assert done["results"][4]["error"]["code"] == "DECKLIST_EMPTY"
    assert [r["player"] for r in done["results"]] == [f"p{i}" for i in range(8)]


def test_entries_without_a_player_are_numbered_by_their_place_in_the_whole_batch(hof, small_limits, eager_celery):
    response = post(APIClient(), {"decks": [{"text": filler_text(40)}] * 7, "as_of": "2013-01-01"})
    batch = LegalityBatch.objects.get(token=response.json()["id"])
    tasks.legality_batch_start_task.delay(batch.id)
    results = batches.legality_batch_json(LegalityBatch.objects.get(id=batch.id))["results"]
    assert [r["player"] for r in results] == ["1", "2", "3", "4", "5", "6", "7"]


def test_progress_counts_the_decklists_of_the_chunks_done_and_a_repeated_chunk_changes_nothing(hof, small_limits):
    response = post(APIClient(), {"decks": decks(8), "as_of": "2013-01-01"})
    batch = LegalityBatch.objects.get(token=response.json()["id"])
    first, second, third = jobs.legality_batch_start(batch_id=batch.id)
    jobs.legality_batch_chunk_run(chunk_id=second)
    jobs.legality_batch_chunk_run(chunk_id=second)  # a redelivered message
    body = batches.legality_batch_json(LegalityBatch.objects.get(id=batch.id))
    assert (body["status"], body["done"], body["progress"]) == ("running", 3, 0.375)
    assert "results" not in body
    assert LegalityBatchChunk.objects.get(id=second).attempts == 1
    jobs.legality_batch_chunk_run(chunk_id=third)
    jobs.legality_batch_chunk_run(chunk_id=first)
    assert LegalityBatch.objects.get(id=batch.id).status == BatchStatus.DONE
    assert jobs.legality_batch_finish(batch_id=batch.id) is False  # finished once


ACCESS = [
    pytest.param(None, None, 200, id="anonymous-batch-anyone-with-the-url"),
    pytest.param(None, "stranger", 200, id="anonymous-batch-signed-in-reader"),
    pytest.param("owner", "owner", 200, id="own-batch"),
    pytest.param("owner", "stranger", 404, id="someone-elses-batch"),
    pytest.param("owner", None, 404, id="someone-elses-batch-anonymous-reader"),
]


@pytest.mark.parametrize(("creator", "reader", "status"), ACCESS)
def test_only_the_sender_of_a_signed_in_batch_sees_it(hof, small_limits, creator, reader, status):
    users = {name: get_user_model().objects.create_user(name, password="x") for name in ("owner", "stranger")}

    def client_of(name):
        client = APIClient()
        if name:
            client.force_authenticate(users[name])
        return client

    url = post(client_of(creator), {"decks": decks(5)}).json()["url"]
    response = client_of(reader).get(url)
    assert response.status_code == status
    if status == 404:
        assert response.json()["error"]["code"] == "NOT_FOUND"


def test_an_unknown_token_is_404(hof):
    response = APIClient().get("/api/v1/legality/batches/no-such-batch/")
    assert (response.status_code, response.json()["error"]["code"]) == (404, "NOT_FOUND")


def test_tokens_are_unguessable(hof, small_limits):
    tokens = {post(APIClient(), {"decks": decks(5)}).json()["id"] for _ in range(3)}
    assert len(tokens) == 3 and all(len(token) >= 40 for token in tokens)


# Transactional: the batch commits as in production, so the send happens (and fails) inside the request.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_broker_down_answers_503_and_the_batch_is_failed(hof, small_limits, broker_down):  # noqa: F811
    response = post(APIClient(), {"decks": decks(5)})
    assert response.status_code == 503
    error = response.json()["error"]
    assert error["code"] == "QUEUE_UNAVAILABLE"
    batch = LegalityBatch.objects.get(token=error["details"]["batch"])
    assert batch.status == BatchStatus.FAILED and batch.error.startswith("QUEUE_UNAVAILABLE")


def idle(batch: LegalityBatch, seconds: float) -> None:
    then = timezone.now() - timedelta(seconds=seconds)
    LegalityBatch.objects.filter(id=batch.id).update(created_at=then)
    LegalityBatchChunk.objects.filter(batch=batch).update(updated_at=then)


def test_the_sweep_resends_only_the_chunks_a_killed_worker_lost(hof, small_limits, eager_celery):
    batch = LegalityBatch.objects.get(token=post(APIClient(), {"decks": decks(8)}).json()["id"])
    first, lost, _third = jobs.legality_batch_start(batch_id=batch.id)
    jobs.legality_batch_chunk_run(chunk_id=first)
    LegalityBatchChunk.objects.filter(id=lost).update(attempts=1)  # taken by a worker that was then killed
    assert tasks.legality_batches_resume() == []  # progress just now
    idle(batch, settings.JOBS_STALE_SECONDS + 1)
    assert tasks.legality_batches_resume() == [batch.id]
    attempts = dict(LegalityBatchChunk.objects.filter(batch=batch).values_list("id", "attempts"))
    assert LegalityBatch.objects.get(id=batch.id).status == BatchStatus.DONE
    assert (attempts[first], attempts[lost]) == (1, 2)  # the done chunk was not checked again


def test_a_chunk_lost_too_often_fails_its_batch(hof, small_limits):
    batch = LegalityBatch.objects.get(token=post(APIClient(), {"decks": decks(8)}).json()["id"])
    _first, lost, _third = jobs.legality_batch_start(batch_id=batch.id)
    LegalityBatchChunk.objects.filter(id=lost).update(attempts=settings.JOBS_MAX_ATTEMPTS)
    idle(batch, settings.JOBS_STALE_SECONDS + 1)
    assert tasks.legality_batches_resume() == []
    batch.refresh_from_db()
    assert batch.status == BatchStatus.FAILED and "a chunk was lost 5 times" in batch.error
    assert jobs.legality_batch_chunk_run(chunk_id=lost) == "skipped"  # a late delivery checks nothing
    assert LegalityBatchChunk.objects.filter(batch=batch, status=BatchChunkStatus.PENDING).count() == 3


def test_a_chunk_that_fails_fails_its_batch(hof, small_limits, eager_celery, monkeypatch):
    batch = LegalityBatch.objects.get(token=post(APIClient(), {"decks": decks(5)}).json()["id"])

    def broken(**_kwargs):
        raise RuntimeError("the overlay was deleted")

    monkeypatch.setattr(legality, "legality_context", broken)  # what the job reaches through the registry
    with pytest.raises(RuntimeError):
        tasks.legality_batch_start_task.delay(batch.id)
    batch.refresh_from_db()
    assert batch.status == BatchStatus.FAILED and batch.error == "RuntimeError: the overlay was deleted"


def test_chunk_tasks_stay_under_the_staleness_limit():
    assert tasks.legality_batch_chunk_task.time_limit < settings.JOBS_STALE_SECONDS
    assert tasks.legality_batch_chunk_task.soft_time_limit < tasks.legality_batch_chunk_task.time_limit
    assert "regulations.resume_stale" in {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
