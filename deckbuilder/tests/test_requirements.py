"""The production requirements provide what the documented deployment imports (issue "Hardening, second pass",
item 2: with CELERY_BROKER_URL=redis://... the worker died at import, `No module named 'packaging'`, from kombu's
Redis transport; `pip check` passed because kombu asks for it only under its `redis` extra)."""

import pytest

from deckbuilder import requirements_check

KOMBU_REDIS_NEEDS = ("packaging", "redis")


def test_the_documented_brokers_are_redis_and_the_embedded_default():
    assert requirement_modules() == ["kombu.transport.redis", "kombu.transport.sqlalchemy"]


def requirement_modules() -> list[str]:
    return requirements_check.transport_modules(requirements_check.documented_broker_urls())


def _without(lines: list[str], *names: str) -> list[str]:
    return [line for line in lines if not any(line.split("==")[0].split("[")[0] == name for name in names)]


def _plain_kombu(lines: list[str]) -> list[str]:
    return [line.replace("kombu[redis]==", "kombu==") for line in lines]


@pytest.mark.parametrize(
    "edit, exit_code, error",
    [
        pytest.param(lambda lines: lines, 0, "", id="requirements.txt-as-is"),
        pytest.param(lambda lines: _without(lines, "packaging"), 0, "", id="kombu-redis-extra-brings-packaging"),
        pytest.param(
            # django-csp also brings packaging: without it, kombu's own requirements alone are tried
            lambda lines: _without(_plain_kombu(lines), "packaging", "django-csp"),
            1,
            "No module named 'packaging'",
            id="before-the-fix-no-packaging",
        ),
        # kombu swallows the ImportError of redis and fails on its first use of the module
        pytest.param(lambda lines: _without(_plain_kombu(lines), "redis"), 1, "Redis", id="no-redis-client"),
        pytest.param(
            lambda lines: _without(lines, "SQLAlchemy"), 1, "No module named 'sqlalchemy'", id="no-sqlalchemy"
        ),
    ],
)
def test_every_documented_transport_imports_from_the_requirements_alone(edit, exit_code, error, tmp_path):
    lines = requirements_check.REQUIREMENTS.read_text().splitlines()
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("\n".join(edit(lines)) + "\n")
    result = requirements_check.check(requirements)
    assert result.returncode == exit_code, result.stderr
    assert error in result.stderr


@pytest.mark.parametrize("distribution", KOMBU_REDIS_NEEDS)
def test_what_kombus_redis_transport_needs_is_pinned(distribution):
    pinned = {r.name.lower(): r for r in requirements_check.requirement_lines(requirements_check.REQUIREMENTS)}
    assert str(pinned[distribution].specifier).startswith("==")
