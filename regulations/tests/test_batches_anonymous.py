"""Batches sent without signing in are bounded (regulations/batches.py): decklists and characters per request, and
the number of anonymous batches queued or running at once; each with a code, nothing queued. A signed-in caller keeps
the full batch size and is not counted against the anonymous queue."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from regulations.models import BatchStatus, LegalityBatch
from regulations.tests.test_apis import filler_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def limits(settings):
    """Batches of more than 2 decklists go to the workers; an anonymous one holds at most 6 decklists of 400
    characters in all, and 1 may be queued at once."""
    settings.LEGALITY_BATCH_SYNC_MAX = 2
    settings.LEGALITY_BATCH_CHUNK = 2
    settings.LEGALITY_BATCH_ANON_MAX_DECKS = 6
    settings.LEGALITY_BATCH_ANON_MAX_CHARS = 400
    settings.LEGALITY_BATCH_ANON_MAX_QUEUED = 1


def text_of(chars: int) -> str:
    """A text decklist of exactly `chars` characters."""
    text = "\n".join([filler_text(40)] * 10)[:chars]
    assert len(text) == chars
    return text


def post(client, decks):
    return client.post("/api/v1/legality/batch/", {"decks": decks, "as_of": "2013-01-01"}, format="json")


def signed_in() -> APIClient:
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user("signed", password="pw-long-enough-1"))
    return client


SIZE_CASES = [
    # (decklists, characters each, signed in, status, code)
    pytest.param(6, 10, False, 202, None, id="anonymous-at-the-count-cap"),
    pytest.param(7, 10, False, 400, "BATCH_TOO_LARGE", id="anonymous-one-decklist-over"),
    pytest.param(2, 201, False, 413, "BATCH_TEXT_TOO_LARGE", id="anonymous-over-the-characters-answered-at-once"),
    pytest.param(4, 101, False, 413, "BATCH_TEXT_TOO_LARGE", id="anonymous-over-the-characters-queued"),
    pytest.param(7, 101, True, 202, None, id="signed-in-not-bounded-by-the-anonymous-caps"),
]


@pytest.mark.parametrize(("count", "chars", "user", "status", "code"), SIZE_CASES)
def test_anonymous_batch_size_caps(hof, limits, count, chars, user, status, code):
    decks = [{"player": f"p{i}", "text": text_of(chars)} for i in range(count)]
    response = post(signed_in() if user else APIClient(), decks)
    assert response.status_code == status
    if code:
        assert response.json()["error"]["code"] == code
        assert LegalityBatch.objects.count() == 0


def test_anonymous_batch_details_say_the_limits(hof, limits):
    too_many = post(APIClient(), [{"text": "4 x"}] * 7).json()["error"]
    too_big = post(APIClient(), [{"text": text_of(250)}] * 2).json()["error"]
    assert (too_many["details"], too_big["details"]) == ({"count": 7, "limit": 6}, {"max_chars": 400})


def test_anonymous_batches_queued_at_once_are_capped(hof, limits):
    decks = [{"player": f"p{i}", "text": "4 x"} for i in range(3)]  # over the sync limit: queued (no worker here)
    first = post(APIClient(), decks)
    assert first.status_code == 202
    second = post(APIClient(), decks)
    assert (second.status_code, second["Retry-After"]) == (503, "10")
    error = second.json()["error"]
    assert (error["code"], error["details"]["queued"], error["details"]["limit"]) == ("ANONYMOUS_BATCHES_BUSY", 1, 1)
    assert LegalityBatch.objects.count() == 1
    assert post(signed_in(), decks).status_code == 202  # a signed-in caller is not counted against it
    LegalityBatch.objects.filter(owner=None).update(status=BatchStatus.DONE.value)  # the first one finished
    assert post(APIClient(), decks).status_code == 202
