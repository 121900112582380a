"""A per-request time budget: work that loops over many items (batch legality checks, CSV imports) checks it
between items and stops with a clear, coded error instead of running into the web server's worker timeout.

The budget (`REQUEST_TIME_BUDGET_SECONDS`, default 5) is well under gunicorn's 30-second worker timeout, so a
request that would take longer answers `503 TIME_BUDGET_EXCEEDED` (api/errors.py) with how far it got, and
nothing is written (callers check the budget before their writes, or inside their transaction).
"""

import time

from django.conf import settings


class TimeBudgetExceeded(Exception):
    def __init__(self, *, budget_seconds: float, done: int, total: int):
        super().__init__(f"stopped after {done} of {total} items: the {budget_seconds:g} s budget was spent")
        self.budget_seconds = budget_seconds
        self.done = done
        self.total = total


def request_time_budget_seconds() -> float:
    return float(getattr(settings, "REQUEST_TIME_BUDGET_SECONDS", 5.0))


class TimeBudget:
    """Started when created; `check` (called before each item) raises TimeBudgetExceeded once the budget is spent.
    The first item always runs, so a budget of 0 still makes progress visible (done=1) in the error."""

    def __init__(self, seconds: float | None = None):
        self.seconds = request_time_budget_seconds() if seconds is None else seconds
        self._deadline = time.monotonic() + self.seconds

    def check(self, *, done: int, total: int) -> None:
        if done and time.monotonic() > self._deadline:
            raise TimeBudgetExceeded(budget_seconds=self.seconds, done=done, total=total)
