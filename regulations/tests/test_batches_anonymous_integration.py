"""The cap on anonymous batches queued at once holds under concurrent requests on PostgreSQL (regulations/batches.py).

The count of queued anonymous batches and the insert of a new one were one transaction, but PostgreSQL's READ
COMMITTED let concurrent transactions count the same rows: every request at the same instant passed the cap. Here
threads, each on its own connection, create anonymous batches at once against a cap of 2: exactly 2 are created and
every other one is refused with ANONYMOUS_BATCHES_BUSY. The "paused" case holds each request between its count and
its insert until all have counted (or a second has passed), which made every request pass before the fix.
"""

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections

from api.codes import ApplicationError
from regulations import batches
from regulations.models import LegalityBatch
from regulations.services import legality_context

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

SENDERS = 8
CAP = 2


def send_at_once(*, pause: bool, user_of=lambda i: None) -> Counter:
    context = legality_context(format_code="advance", as_of=date(2013, 1, 1))
    start = threading.Barrier(SENDERS)
    counted = threading.Barrier(SENDERS)

    def cap_after_counting() -> int:
        # Read right after the count: hold every sender here until all have counted (a lock makes them wait in
        # turn instead, so the barrier then gives up after a second and each goes on).
        if pause:
            try:
                counted.wait(timeout=1)
            except threading.BrokenBarrierError:
                pass
        return CAP

    def send(i: int) -> str:
        try:
            start.wait(timeout=60)
            batches.legality_batch_create(
                user=user_of(i),
                game="dm",
                entries=[{"player": f"p{i}", "text": "4 x"}] * 3,
                context=context,
                overlay_id=None,
                include_lines=False,
            )
            return "created"
        except ApplicationError as error:
            return error.code.value
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=SENDERS) as pool:
        patched = pytest.MonkeyPatch()
        patched.setattr(batches, "anonymous_batches_max_queued", cap_after_counting)
        patched.setattr(batches, "enqueue_on_commit", lambda *args, **kwargs: None)  # no worker: they stay queued
        try:
            return Counter(pool.map(send, range(SENDERS)))
        finally:
            patched.undo()


@pytest.mark.parametrize("pause", [False, True], ids=["at-once", "paused-between-count-and-insert"])
def test_concurrent_anonymous_batches_never_pass_the_cap_on_postgresql(hof, pause):
    assert connection.vendor == "postgresql"
    outcomes = send_at_once(pause=pause)
    assert outcomes == Counter({"created": CAP, "ANONYMOUS_BATCHES_BUSY": SENDERS - CAP})
    assert LegalityBatch.objects.filter(owner=None).count() == CAP


def test_signed_in_batches_are_not_counted_nor_held_by_the_anonymous_lock(hof):
    assert connection.vendor == "postgresql"
    users = [get_user_model().objects.create_user(f"u{i}", password="pw-long-enough-1") for i in range(SENDERS)]
    outcomes = send_at_once(pause=False, user_of=lambda i: users[i])
    assert outcomes == Counter({"created": SENDERS})
