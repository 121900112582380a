"""Root test configuration: integration tests run only against PostgreSQL, the rest on SQLite."""

import os

import pytest
from django.conf import settings


def pytest_collection_modifyitems(config, items):
    on_postgres = "postgresql" in settings.DATABASES["default"]["ENGINE"]
    for item in items:
        if item.get_closest_marker("integration") and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="integration tests need DATABASE_URL pointing at PostgreSQL"))


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttle counters and catalogue caches live in the cache: every test starts from an empty one."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
