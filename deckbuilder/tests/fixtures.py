"""Shared fixtures for the job tests: a broker that refuses every connection, tasks run eagerly."""

import pytest

UNREACHABLE_BROKER = "redis://127.0.0.1:1/0"  # nothing listens on port 1: every connection is refused


@pytest.fixture
def broker_down():
    from deckbuilder.celery import app

    saved = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.broker_url, app.conf.task_always_eager = UNREACHABLE_BROKER, False
    app._pool = None
    app.amqp._producer_pool = None
    yield app
    app.conf.broker_url, app.conf.task_always_eager = saved
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def eager_celery():
    """Tasks run in the sending process (a task that sends others runs them too), errors propagate."""
    from deckbuilder.celery import app

    previous = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = previous
