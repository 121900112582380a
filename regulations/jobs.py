"""The work of a large batch legality check, done on a worker: the start, one chunk of decklists, the end, failure,
and the staleness rule of the sweep. Below the tasks (regulations.tasks calls it and sends the chunk tasks); the batch
service (regulations.batches) creates the batch and sends the start task. Nothing here imports Celery.

Safe to repeat: a chunk's results are written once (a conditional update), the batch is finished exactly once
(another conditional update), and a chunk computes the same results however often it runs.
"""

from collections.abc import Iterator
from datetime import timedelta

from django.db.models import F, Max, Q, Sum
from django.utils import timezone

from api.codes import ApplicationError
from deckbuilder.jobs import jobs_max_attempts, jobs_stale_seconds
from games import registry
from regulations.decklists import decklist_from
from regulations.models import BatchChunkStatus, BatchStatus, LegalityBatch, LegalityBatchChunk

_ACTIVE = [BatchStatus.QUEUED.value, BatchStatus.RUNNING.value]


def batch_entry_result(entry: dict, *, position: int, game: registry.Game, context, include_lines: bool) -> dict:
    """One entry of a batch: {player, report} or {player, error} for a body that is not a decklist (the shape of
    the synchronous answer's results), checked by its game against the batch's context (Game.legality_context)."""
    player = entry.get("player")
    player = str(player) if player is not None else str(position + 1)
    try:
        decklist = decklist_from(deck=entry.get("deck"), text=entry.get("text"), game=game.code)
    except ApplicationError as exc:
        return {"player": player, "error": {"code": exc.code, "message": exc.message, "details": exc.details}}
    return {"player": player, "report": game.context_report(decklist, context, include_lines=include_lines)}


def legality_batch_start(*, batch_id: int) -> list[int]:
    """Mark the batch running; the ids of its pending chunks, for the start task to send. A batch with every chunk
    done is finished here."""
    LegalityBatch.objects.filter(id=batch_id, status=BatchStatus.QUEUED.value).update(
        status=BatchStatus.RUNNING.value, started_at=timezone.now()
    )
    if not LegalityBatch.objects.filter(id=batch_id, status=BatchStatus.RUNNING.value).exists():
        return []
    pending = list(
        LegalityBatchChunk.objects.filter(batch_id=batch_id, status=BatchChunkStatus.PENDING.value).values_list(
            "id", flat=True
        )
    )
    if not pending:
        legality_batch_finish(batch_id=batch_id)
    return pending


def legality_batch_chunk_run(*, chunk_id: int) -> str:
    """Check one chunk's decklists unless it is done or its batch ended; the last chunk finishes the batch."""
    chunk = LegalityBatchChunk.objects.select_related("batch").filter(id=chunk_id).first()
    if chunk is None:
        return "missing"
    batch = chunk.batch
    if batch.status != BatchStatus.RUNNING.value:
        return "skipped"
    if chunk.status == BatchChunkStatus.PENDING.value:
        # updated_at is the batch's heartbeat for the sweep (update() does not touch auto_now fields)
        LegalityBatchChunk.objects.filter(id=chunk_id).update(attempts=F("attempts") + 1, updated_at=timezone.now())
        game = registry.get(batch.game)
        context = game.legality_context(format_code=batch.format_code, as_of=batch.as_of, overlay_id=batch.overlay_id)
        results = [
            batch_entry_result(
                entry, position=chunk.first + offset, game=game, context=context, include_lines=batch.include_lines
            )
            for offset, entry in enumerate(chunk.entries)
        ]
        legal = sum(1 for row in results if row.get("report", {}).get("legal"))
        # written once: a duplicate delivery computed the same results and finds the chunk already done
        LegalityBatchChunk.objects.filter(id=chunk_id, status=BatchChunkStatus.PENDING.value).update(
            status=BatchChunkStatus.DONE.value, results=results, legal=legal, updated_at=timezone.now()
        )
    chunks = LegalityBatchChunk.objects.filter(batch_id=batch.id)
    done = chunks.filter(status=BatchChunkStatus.DONE.value).aggregate(n=Sum("size"))["n"] or 0
    LegalityBatch.objects.filter(id=batch.id, status=BatchStatus.RUNNING.value, done__lt=done).update(done=done)
    if not chunks.filter(status=BatchChunkStatus.PENDING.value).exists():
        legality_batch_finish(batch_id=batch.id)
    return "done"


def legality_batch_finish(*, batch_id: int) -> bool:
    """Done once every chunk is (the results stay in the chunks, read in order); written exactly once."""
    pending = LegalityBatchChunk.objects.filter(batch_id=batch_id, status=BatchChunkStatus.PENDING.value).exists()
    if pending:
        return False
    written = LegalityBatch.objects.filter(id=batch_id, status=BatchStatus.RUNNING.value).update(
        status=BatchStatus.DONE.value, done=F("total"), finished_at=timezone.now()
    )
    return written == 1


def legality_batch_fail(*, batch_id: int, error: str) -> bool:
    return (
        LegalityBatch.objects.filter(id=batch_id, status__in=_ACTIVE).update(
            status=BatchStatus.FAILED.value, error=error[:2000], finished_at=timezone.now()
        )
        == 1
    )


def legality_batch_chunk_fail(*, chunk_id: int, error: str) -> bool:
    batch_id = LegalityBatchChunk.objects.filter(id=chunk_id).values_list("batch_id", flat=True).first()
    return batch_id is not None and legality_batch_fail(batch_id=batch_id, error=error)


def legality_batches_stale(*, older_than_seconds: int | None = None) -> Iterator[tuple[int, str]]:
    """The sweep's input: batches queued or running with no progress (no chunk started or finished) for
    JOBS_STALE_SECONDS, each with why it is worn out (a chunk tried JOBS_MAX_ATTEMPTS times) or ""."""
    cutoff = timezone.now() - timedelta(
        seconds=jobs_stale_seconds() if older_than_seconds is None else older_than_seconds
    )
    stale = (
        LegalityBatch.objects.filter(status__in=_ACTIVE, created_at__lt=cutoff)
        .annotate(last_progress=Max("chunks__updated_at"))
        .filter(Q(last_progress__isnull=True) | Q(last_progress__lt=cutoff))
    )
    limit = jobs_max_attempts()
    for batch_id in list(stale.values_list("id", flat=True)):
        worn = LegalityBatchChunk.objects.filter(
            batch_id=batch_id, status=BatchChunkStatus.PENDING.value, attempts__gte=limit
        ).exists()
        yield batch_id, f"a chunk was lost {limit} times" if worn else ""
