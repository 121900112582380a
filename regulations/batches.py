"""Large batch legality checks on Celery: create a batch (its entries cut into chunks, the start task sent after the
commit), find it by its token, and answer its progress and, once done, its results in the synchronous answer's shape.

A batch of up to LEGALITY_BATCH_SYNC_MAX decklists is answered in the request (regulations.apis); a larger one here.
The service sends the tasks (regulations.tasks); the work they run lives in regulations.jobs.
"""

import csv
import hashlib
import io
import json
import secrets
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.http import Http404
from django.utils import timezone

from api.codes import ApplicationError, ErrorCode
from deckbuilder.budget import TimeBudget
from deckbuilder.jobs import enqueue_failed, enqueue_on_commit
from games import registry
from regulations.decklists import decklist_from
from regulations.jobs import batch_entry_result, legality_batch_fail
from regulations.models import BatchChunkStatus, BatchStatus, LegalityBatch, LegalityBatchChunk
from regulations.tasks import legality_batch_start_task

ANONYMOUS_RETRY_AFTER_SECONDS = 10
MAX_BATCH = 1000  # decklists of one batch (a signed-in caller's; an anonymous one is smaller, below)


def batch_sync_max() -> int:
    return int(getattr(settings, "LEGALITY_BATCH_SYNC_MAX", 50))


def batch_chunk_size() -> int:
    """Decklists per chunk task (LEGALITY_BATCH_CHUNK, 25): about a second of work, two with 500-line decklists of
    unknown names (42-85 ms each)."""
    return int(getattr(settings, "LEGALITY_BATCH_CHUNK", 25))


# --- what an anonymous caller may send ----------------------------------------------------------------------
# Anyone may send a batch without signing in, and a queued batch takes the workers the simulations run on: one 3.7 MB
# request of 1,000 decklists queued about 28 s of worker time and delayed a user's simulation from 2.1 s to 23.3 s.
# So an anonymous batch is smaller (decklists and characters per request) and only a few are queued at once; a
# signed-in caller keeps the full MAX_BATCH (regulations.apis), throttled per user.


def anonymous_batch_max_decks() -> int:
    return int(getattr(settings, "LEGALITY_BATCH_ANON_MAX_DECKS", 100))


def anonymous_batch_max_chars() -> int:
    return int(getattr(settings, "LEGALITY_BATCH_ANON_MAX_CHARS", 500_000))


def anonymous_batches_max_queued() -> int:
    return int(getattr(settings, "LEGALITY_BATCH_ANON_MAX_QUEUED", 2))


# The advisory lock of the anonymous queue's count (a fixed 64-bit key: pg_advisory_xact_lock's one namespace is the
# database's, so the key names what it guards).
ANONYMOUS_QUEUE_LOCK_KEY = int.from_bytes(
    hashlib.sha256(b"regulations.anonymous-batch-queue").digest()[:8], "big", signed=True
)


def _anonymous_queue_lock() -> None:
    """Hold the anonymous queue's lock until the current transaction ends (PostgreSQL; other databases serialise
    their writers already)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [ANONYMOUS_QUEUE_LOCK_KEY])


def _is_anonymous(user) -> bool:
    return user is None or not user.is_authenticated


def _entry_chars(entry) -> int:
    """The size of one entry as sent: a text decklist's characters, a JSON one's compact JSON text."""
    if not isinstance(entry, dict):
        return len(json.dumps(entry, ensure_ascii=False, default=str))
    text = entry.get("text")
    if isinstance(text, str):
        return len(text)
    return len(json.dumps(entry.get("deck"), ensure_ascii=False, separators=(",", ":"), default=str))


def legality_batch_entries(*, decks: list | None, upload) -> list:
    """A batch's entries: the CSV upload's rows (columns player,decklist; at most one more than MAX_BATCH read, so
    the size check refuses it) as {"player", "text"}, else the JSON `decks` as sent; neither: DECKLIST_MISSING."""
    if upload is not None:
        return _csv_entries(upload)
    if decks is not None:
        return decks
    raise ApplicationError(
        ErrorCode.DECKLIST_MISSING, "Send 'decks' (JSON) or a CSV 'file' with the columns player,decklist."
    )


def _csv_entries(upload) -> list[dict]:
    try:
        text = upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApplicationError(ErrorCode.MALFORMED_CSV, "The CSV file must be UTF-8.") from None
    try:
        reader = csv.DictReader(io.StringIO(text))
        if not reader.fieldnames or not {"player", "decklist"} <= {f.strip() for f in reader.fieldnames}:
            raise ApplicationError(
                ErrorCode.MALFORMED_CSV, "The CSV file needs a header row with the columns player,decklist."
            )
        entries = []
        for row in reader:
            row = {(k or "").strip(): v for k, v in row.items()}
            entries.append({"player": row.get("player"), "text": row.get("decklist") or ""})
            if len(entries) > MAX_BATCH:
                break
    except csv.Error as exc:
        raise ApplicationError(ErrorCode.MALFORMED_CSV, f"The CSV file could not be read: {exc}") from None
    return entries


def legality_batch_check_size(*, user, entries: list) -> None:
    """An anonymous batch over the decklists (BATCH_TOO_LARGE) or the characters (BATCH_TEXT_TOO_LARGE) one may have:
    refused before anything is read or queued."""
    if not _is_anonymous(user):
        return
    limit = anonymous_batch_max_decks()
    if len(entries) > limit:
        raise ApplicationError(
            ErrorCode.BATCH_TOO_LARGE,
            f"A batch sent without signing in may have at most {limit} decklists; sign in for larger ones.",
            details={"count": len(entries), "limit": limit},
        )
    chars, max_chars = 0, anonymous_batch_max_chars()
    for entry in entries:
        chars += _entry_chars(entry)
        if chars > max_chars:
            raise ApplicationError(
                ErrorCode.BATCH_TEXT_TOO_LARGE,
                f"A batch sent without signing in may hold at most {max_chars} characters of decklists in all; sign "
                "in for larger ones.",
                details={"max_chars": max_chars},
            )


def legality_batch_check(
    *,
    user,
    game: str,
    entries: list,
    format_code: str | None,
    as_of,
    overlay_id: str | None,
    include_lines: bool,
    options: dict | None = None,
) -> tuple[dict, LegalityBatch | None]:
    """A batch legality check of any game, by one path: the caps (MAX_BATCH; an anonymous batch's decklists and
    characters), then the game's context (Game.legality_context: the format, date and overlay checked once), then up
    to LEGALITY_BATCH_SYNC_MAX decklists checked here under the request's time budget, a larger batch stored and
    checked on the workers (the anonymous queue's cap). Returns the answer and the batch when one was queued (the
    answer is then its progress)."""
    if len(entries) > MAX_BATCH:
        raise ApplicationError(
            ErrorCode.BATCH_TOO_LARGE,
            f"A batch may have at most {MAX_BATCH} decklists.",
            details={"count": len(entries), "limit": MAX_BATCH},
        )
    legality_batch_check_size(user=user, entries=entries)  # an anonymous batch is smaller
    the_game = registry.get(game)  # UNKNOWN_GAME
    if options:  # a game's own options of a check (the OCG's GENESYS point_cap): each decklist alone, in the request
        return _options_batch(the_game, entries, format_code, as_of, overlay_id, include_lines, options), None
    context = the_game.legality_context(
        format_code=format_code or the_game.default_format, as_of=as_of, overlay_id=overlay_id
    )
    if len(entries) > batch_sync_max():  # checked on the workers: its progress, to poll
        batch = legality_batch_create(
            user=user,
            game=the_game.code,
            entries=entries,
            context=context,
            overlay_id=overlay_id,
            include_lines=include_lines,
        )
        return legality_batch_json(batch), batch
    results = []
    budget = TimeBudget()  # a batch that cannot finish in time answers 503 TIME_BUDGET_EXCEEDED (api/errors.py)
    for index, entry in enumerate(entries):
        budget.check(done=index, total=len(entries))
        # the same check of one entry as a worker's chunk (regulations.jobs), so both answers agree
        results.append(
            batch_entry_result(entry, position=index, game=the_game, context=context, include_lines=include_lines)
        )
    answer = {
        "format": context.format_code,
        "as_of": context.as_of.isoformat(),
        "overlay": context.overlay_json,
        "count": len(results),
        "legal": sum(1 for result in results if result.get("report", {}).get("legal")),
        "results": results,
    }
    return answer, None


def _options_batch(the_game, entries, format_code, as_of, overlay_id, include_lines, options) -> dict:
    """A batch checked with a game's own options, which its shared context does not carry: entry by entry through the
    game's legality_report, under the request's time budget, in the same answer's shape."""
    format_code = format_code or the_game.default_format
    as_of = as_of or timezone.localdate()
    results: list[dict[str, Any]] = []
    budget = TimeBudget()
    for index, entry in enumerate(entries):
        budget.check(done=index, total=len(entries))
        player = entry.get("player")
        player = str(player) if player is not None else str(index + 1)
        try:
            decklist = decklist_from(deck=entry.get("deck"), text=entry.get("text"), game=the_game.code)
        except ApplicationError as exc:
            error = {"code": exc.code, "message": exc.message, "details": exc.details}
            results.append({"player": player, "error": error})
            continue
        report = the_game.legality_report(
            decklist=decklist, format_code=format_code, as_of=as_of, overlay_id=overlay_id, **options
        )
        if not include_lines:
            report.pop("lines", None)
        results.append({"player": player, "report": report})
    return {
        "format": format_code,
        "as_of": as_of.isoformat(),
        "overlay": None,
        "count": len(results),
        "legal": sum(1 for result in results if result.get("report", {}).get("legal")),
        "results": results,
    }


def legality_batch_url(batch: LegalityBatch) -> str:
    return f"/api/v1/legality/batches/{batch.token}/"


def legality_batch_create(
    *, user, game: str, entries: list[dict], context: Any, overlay_id: str | None, include_lines: bool
) -> LegalityBatch:
    """Store the entries as sent (each is read on the worker exactly as in a request) in chunks and
    send the start task once this transaction commits. The broker away: the batch is failed and QUEUE_UNAVAILABLE
    (503) raised, so no batch stays queued with nobody to run it."""
    owner = user if user is not None and user.is_authenticated else None
    legality_batch_check_size(user=user, entries=entries)
    size = batch_chunk_size()
    with transaction.atomic():
        if owner is None:
            # The count and the insert are one step: the count is taken inside the transaction that creates the
            # batch, and no other anonymous creation may count before this one commits. SQLite serialises writers
            # already (BEGIN IMMEDIATE); PostgreSQL's READ COMMITTED did not: concurrent requests counted the same
            # rows and passed (8 requests at once against a cap of 2 created 6 batches). There a transaction-scoped
            # advisory lock serialises the anonymous creations alone (a signed-in batch takes no lock) until commit.
            _anonymous_queue_lock()
            queued = LegalityBatch.objects.filter(
                owner=None, status__in=[BatchStatus.QUEUED.value, BatchStatus.RUNNING.value]
            ).count()
            limit = anonymous_batches_max_queued()
            if queued >= limit:
                raise ApplicationError(
                    ErrorCode.ANONYMOUS_BATCHES_BUSY,
                    "Too many batches sent without signing in are being checked; try again later or sign in.",
                    {"queued": queued, "limit": limit, "retry_after_seconds": ANONYMOUS_RETRY_AFTER_SECONDS},
                    headers={"Retry-After": str(ANONYMOUS_RETRY_AFTER_SECONDS)},
                )
        batch = LegalityBatch.objects.create(
            token=secrets.token_urlsafe(32),
            owner=owner,
            game=game,
            format_code=context.format_code,
            as_of=context.as_of,
            overlay_id=overlay_id or None,
            overlay=context.overlay_json,
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
