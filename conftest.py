"""Root test configuration: integration tests run only against PostgreSQL, the rest on SQLite."""

import os

import pytest
from django.conf import settings


def pytest_collection_modifyitems(config, items):
    # The schema fuzz run takes minutes: it runs only when asked for by name (`-m schema`, as `make test` does).
    if "schema" not in (config.getoption("markexpr") or ""):
        deselected = [item for item in items if item.get_closest_marker("schema")]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = [item for item in items if not item.get_closest_marker("schema")]
    on_postgres = "postgresql" in settings.DATABASES["default"]["ENGINE"]
    for item in items:
        if item.get_closest_marker("integration") and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="integration tests need DATABASE_URL pointing at PostgreSQL"))


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """SQLite tests use a database FILE (one per test process), not Django's shared-cache in-memory default.
    PostgreSQL tests use a test database per test process too.

    With shared cache, threads' connections fail at once with "database table is locked" instead of waiting
    for the lock; with a file they wait (timeout, BEGIN IMMEDIATE) exactly like production, which the
    concurrency tests (e.g. decks' 50 concurrent writers) need.
    """
    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db.setdefault("TEST", {})["NAME"] = str(settings.VAR_DIR / f"test-{os.getpid()}.sqlite3")
    elif not db.get("TEST", {}).get("NAME"):
        # One PostgreSQL test database per test process: two runs at once must not drop each other's database.
        db.setdefault("TEST", {})["NAME"] = f"test_{db['NAME']}_{os.getpid()}"


@pytest.fixture(autouse=True)
def _own_expensive_slots(settings, tmp_path_factory):
    """The machine-wide slots of the expensive requests (api/concurrency.py) are lock files: a test run's own folder,
    so that a server or another test run on this machine holding a slot does not make this one's checks wait."""
    settings.EXPENSIVE_SLOTS_DIR = str(tmp_path_factory.getbasetemp() / "expensive-slots")


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttle counters (the `throttle` cache) and catalogue caches: every test starts from empty ones."""
    from django.core.cache import caches

    from cards.selectors import _request_finished

    # A test's response that was never closed (a streamed export read without close) leaves its request open for the
    # data versions (cards.selectors.version_check): the next test would read the catalogue of that request's version.
    _request_finished()
    for cache in caches.all():
        cache.clear()
    yield
    for cache in caches.all():
        cache.clear()


os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
