"""The batch legality check runs under the request's time budget: a batch that cannot finish in time stops with
503 TIME_BUDGET_EXCEEDED and how far it got, never a worker timeout (deckbuilder/budget.py)."""

import pytest
from rest_framework.test import APIClient

from regulations.tests.test_apis import filler_text


@pytest.mark.parametrize(
    "budget, status, code",
    [
        pytest.param(0, 503, "TIME_BUDGET_EXCEEDED", id="spent-after-the-first-deck"),
        pytest.param(60, 200, None, id="within-the-budget"),
    ],
)
def test_batch_stops_at_the_time_budget(hof, settings, budget, status, code):
    settings.REQUEST_TIME_BUDGET_SECONDS = budget
    decks = [{"player": f"p{i}", "text": filler_text(40)} for i in range(3)]
    response = APIClient().post("/api/v1/legality/batch/", {"decks": decks, "as_of": "2013-01-01"}, format="json")
    assert response.status_code == status
    if code:
        error = response.json()["error"]
        assert error["code"] == code
        assert (error["details"]["done"], error["details"]["total"]) == (1, 3)
    else:
        assert response.json()["count"] == 3
