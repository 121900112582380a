"""Large batch legality checks on Celery: create a batch (its entries cut into chunks, the start task sent after the
commit), find it by its token, and answer its progress and, once done, its results in the synchronous answer's shape.

A batch of up to LEGALITY_BATCH_SYNC_MAX decklists is answered in the request (regulations.apis); a larger one here.
The service sends the tasks (regulations.tasks); the work they run lives in regulations.jobs.
"""

import secrets

from django.conf import settings
from django.db import transaction
from django.http import Http404

from api.codes import ApplicationError, ErrorCode
from deckbuilder.jobs import enqueue_failed, enqueue_on_commit
from regulations.jobs import legality_batch_fail
from regulations.models import BatchChunkStatus, BatchStatus, LegalityBatch, LegalityBatchChunk
from regulations.services import LegalityContext, jsonable
from regulations.tasks import legality_batch_start_task


def batch_sync_max() -> int:
    return int(getattr(settings, "LEGALITY_BATCH_SYNC_MAX", 50))


def batch_chunk_size() -> int:
    """Decklists per chunk task (LEGALITY_BATCH_CHUNK, 25): about a second of work, two with 500-line decklists of
    unknown names (42-85 ms each)."""
    return int(getattr(settings, "LEGALITY_BATCH_CHUNK", 25))


def legality_batch_url(batch: LegalityBatch) -> str:
    return f"/api/v1/legality/batches/{batch.token}/"


def legality_batch_create(
    *, user, entries: list[dict], context: LegalityContext, overlay_id: str | None, include_lines: bool
) -> LegalityBatch:
    """Store the entries as sent (each is read on the worker exactly as in a request) in chunks and
    send the start task once this transaction commits. The broker away: the batch is failed and QUEUE_UNAVAILABLE
    (503) raised, so no batch stays queued with nobody to run it."""
    owner = user if user is not None and user.is_authenticated else None
    size = batch_chunk_size()
    with transaction.atomic():
        batch = LegalityBatch.objects.create(
            token=secrets.token_urlsafe(32),
            owner=owner,
            format_code=context.format_rules.code,
            as_of=context.as_of,
            overlay_id=overlay_id or None,
            overlay=jsonable(context.overlay),
            include_lines=include_lines,
            total=len(entries),
            chunks_total=(len(entries) + size - 1) // size,
        )
        LegalityBatchChunk.objects.bulk_create(
            LegalityBatchChunk(
                batch=batch,
                index=index,
                first=start,
                entries=entries[start : start + size],
                size=len(entries[start : start + size]),
            )
            for index, start in enumerate(range(0, len(entries), size))
        )
        enqueue_on_commit(
            lambda: legality_batch_start_task.delay(batch.id),
            on_failure=lambda error: legality_batch_fail(batch_id=batch.id, error=error),
        )
    batch.refresh_from_db(fields=["status", "error"])
    if batch.status == BatchStatus.FAILED and enqueue_failed(batch.error):
        raise ApplicationError(
            ErrorCode.QUEUE_UNAVAILABLE,
            "The job queue is unavailable; the batch was not started. Try again later.",
            {"batch": batch.token},
        )
    return batch


def legality_batch_get(*, token: str, user) -> LegalityBatch:
    """The batch behind a token; one created by a signed-in caller only for that caller (anyone else: 404, the same
    as a token that does not exist)."""
    batch = LegalityBatch.objects.filter(token=token).first()
    if batch is None or (batch.owner_id is not None and getattr(user, "id", None) != batch.owner_id):
        raise Http404("legality batch not found")
    return batch


def legality_batch_json(batch: LegalityBatch) -> dict:
    """Progress; once done, also the synchronous answer's fields (format, as_of, overlay, count, legal, results)."""
    body = {
        "id": batch.token,
        "url": legality_batch_url(batch),
        "status": batch.status,
        "total": batch.total,
        "done": batch.done,
        "progress": round(batch.done / batch.total, 4) if batch.total else 1.0,
        "error": batch.error or None,
        "created_at": batch.created_at.isoformat(),
        "finished_at": batch.finished_at.isoformat() if batch.finished_at else None,
    }
    if batch.status != BatchStatus.DONE:
        return body
    chunks = list(
        batch.chunks.filter(status=BatchChunkStatus.DONE.value).order_by("index").values_list("results", "legal")
    )
    results = [row for rows, _legal in chunks for row in rows or ()]
    return {
        **body,
        "format": batch.format_code,
        "as_of": batch.as_of.isoformat(),
        "overlay": batch.overlay,
        "count": len(results),
        "legal": sum(legal for _rows, legal in chunks),
        "results": results,
    }
