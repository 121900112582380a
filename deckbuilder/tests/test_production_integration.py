"""The documented production set-up, run as docs/production.md says (issue "Hardening, second pass", item 2):
`deckbuilder.settings.production`, gunicorn with gunicorn.conf.py, a Celery worker with beat, and one Redis holding
the broker (CELERY_BROKER_URL) and the cache (REDIS_URL, the throttles' counters).

The worker died at import on the Redis broker (`No module named 'packaging'`), so every queued job answered 503;
and with Redis away every API request, ping included, answered 500 (the throttles read the cache). Here a large
batch goes through the worker, then this test's own Redis (its own port, never the shared server) is shut down: the
ping, a legality check and a queued batch must answer 503 in the error shape with a documented code, never 500.
Then the broker alone away (the cache on another Redis): the queued endpoint answers 503 QUEUE_UNAVAILABLE while
the rest is served. In both, the pages that need neither (the home page, the card browser, the deck and event lists,
the log-in) are served: the deck lists answered 500 with the cache away (their row fragments were read from it).
"""

import base64
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from regulations.tests.conftest import cards, hof  # noqa: F401
from regulations.tests.test_batches import decks
from simulations.tests.test_recovery_integration import database_url

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

ROOT = Path(__file__).resolve().parents[2]
REDIS_PORTS = (6390, 6391)  # this test's own Redis servers (6379 is shared: never shut down)
WEB_PORT = 8397


class Redis:
    def __init__(self, port: int, directory: Path):
        self.port = port
        subprocess.run(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--daemonize", "yes", "--dir", str(directory), "--pidfile", str(directory / f"redis-{port}.pid")],
            check=True,
        )  # fmt: skip
        assert wait_for(lambda: self.cli("ping").stdout.strip() == "PONG", 10)

    def cli(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["redis-cli", "-p", str(self.port), *args], capture_output=True, text=True)

    def url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def shutdown(self) -> None:
        self.cli("shutdown", "nosave")  # this server only (its own port)
        assert wait_for(lambda: self.cli("ping").returncode != 0, 10)


def wait_for(predicate, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    return predicate()


def call(method: str, path: str, body: bytes | None = None) -> tuple[int, dict]:
    import json

    request = urllib.request.Request(
        f"http://127.0.0.1:{WEB_PORT}{path}",
        data=body,
        method=method,
        # behind the TLS proxy the docs describe (SECURE_PROXY_SSL_HEADER): no redirect to https
        headers={"Content-Type": "application/json", "X-Forwarded-Proto": "https", "Host": "localhost"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw)
        except ValueError:
            return error.code, {"raw": raw[:500].decode(errors="replace")}
    except OSError:
        return 0, {}


@pytest.fixture
def redis_servers(tmp_path):
    servers = []
    try:
        for port in REDIS_PORTS:
            servers.append(Redis(port, tmp_path))
        yield servers
    finally:
        for server in servers:
            server.cli("shutdown", "nosave")


def production_env(tmp_path: Path, broker: str, cache: str) -> dict:
    return {
        **{k: v for k, v in os.environ.items() if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "CELERY_TASK_ALWAYS_EAGER"}},
        "DJANGO_SETTINGS_MODULE": "deckbuilder.settings.production",
        "SECRET_KEY": base64.b64encode(os.urandom(40)).decode(),
        "ALLOWED_HOSTS": "localhost",
        "DATABASE_URL": database_url(),
        "AUDIT_SIGNING_KEY": base64.b64encode(os.urandom(32)).decode(),
        "CELERY_BROKER_URL": broker,
        "REDIS_URL": cache,
        "VAR_DIR": str(tmp_path),
        "WEB_CONCURRENCY": "2",
        "LEGALITY_BATCH_SYNC_MAX": "5",
        "LEGALITY_BATCH_CHUNK": "4",
    }


def start(command: list[str], env: dict, log: Path) -> subprocess.Popen:
    with open(log, "ab") as out:
        return subprocess.Popen(
            command, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def stop(process: subprocess.Popen) -> None:
    import signal

    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)  # its own session: only what this test started
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def batch_body(n: int) -> bytes:
    import json

    return json.dumps({"decks": decks(n), "as_of": "2013-01-01"}).encode()


def page(path: str, language: str = "en") -> tuple[int, str]:
    """A page as a browser asks for it: (status, body)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{WEB_PORT}{path}",
        headers={"X-Forwarded-Proto": "https", "Host": "localhost", "Accept": "text/html",
                 "Accept-Language": language},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")
    except OSError:
        return 0, ""


# Pages that need neither the cache nor the broker: with Redis away they are served as usual (the deck list's rows
# and legality are cached fragments, rebuilt when the cache is away).
PAGES = ["/", "/cards/", "/decks/public/", "/tournaments/", "/accounts/login/"]

LEGALITY = ("POST", "/api/v1/legality/", b'{"text": "4 x"}')
PING = ("GET", "/api/v1/ping/", None)


@pytest.mark.parametrize(
    "layout, outage, expected",
    [
        pytest.param(
            "one-redis",  # docs/production.md: broker and cache on one Redis server
            "the-redis-server",
            {"ping": (503, "RATE_LIMITER_UNAVAILABLE"), "legality": (503, "RATE_LIMITER_UNAVAILABLE"),
             "batch": (503, "RATE_LIMITER_UNAVAILABLE")},
            id="docs-layout-redis-down",
        ),
        pytest.param(
            "two-redis",
            "the-broker-only",
            {"ping": (200, None), "legality": (None, None), "batch": (503, "QUEUE_UNAVAILABLE")},
            id="broker-down-cache-up",
        ),
    ],
)  # fmt: skip
def test_the_documented_production_setup_runs_and_fails_with_503(
    hof,  # noqa: F811
    redis_servers,
    tmp_path,
    layout,
    outage,
    expected,
):
    from accounts.tests.factories import UserFactory
    from decks.services import deck_create

    deck = deck_create(owner=UserFactory(username="alice"), name="Fire <b>", visibility="public")
    first, second = redis_servers
    broker = first.url(3)
    cache = first.url(4) if layout == "one-redis" else second.url(4)
    env = production_env(tmp_path, broker, cache)
    log = tmp_path / "production.log"
    # as `make run` does and docs/production.md says: the pages' static files and their manifest (WhiteNoise)
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], env=env, cwd=ROOT,
                   check=True, timeout=300)  # fmt: skip
    web = start([sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "-b", f"127.0.0.1:{WEB_PORT}",
                 "deckbuilder.wsgi"], env, log)  # fmt: skip
    worker = start([sys.executable, "-m", "celery", "-A", "deckbuilder", "worker", "--beat", "--concurrency=2",
                    "--loglevel=INFO", f"--schedule={tmp_path / 'celerybeat-schedule'}"], env, log)  # fmt: skip
    try:
        assert wait_for(lambda: call(*PING)[0] == 200, 90), log.read_text()[-3000:]
        # a real batch through the worker (over LEGALITY_BATCH_SYNC_MAX: queued, 3 chunks)
        status, body = call("POST", "/api/v1/legality/batch/", batch_body(12))
        assert status == 202, body
        progress = f"/api/v1/legality/batches/{body['id']}/"
        assert wait_for(lambda: call("GET", progress)[1].get("status") in {"done", "failed"}, 180), log.read_text()
        result = call("GET", progress)[1]
        assert result["status"] == "done", (result, log.read_text()[-4000:])
        assert (result["count"], result["done"], result["total"]) == (12, 12, 12)
        legality_up = call(*LEGALITY)[0]
        assert worker.poll() is None, log.read_text()[-3000:]
        up = {path: page(path)[0] for path in PAGES}
        assert up == dict.fromkeys(PAGES, 200), log.read_text()[-3000:]  # the cache filled

        first.shutdown()  # the broker's Redis (and in the documented layout the cache's too)
        answers = {
            "ping": call(*PING),
            "legality": call(*LEGALITY),
            "batch": call("POST", "/api/v1/legality/batch/", batch_body(12)),
        }
        pages = {(path, language): page(path, language) for path in PAGES for language in ("en", "ja")}
    finally:
        stop(web)
        stop(worker)
    for name, (status, code) in expected.items():
        got_status, got_body = answers[name]
        assert got_status != 500, (name, got_body)
        assert got_status == (status if status is not None else legality_up), (name, got_body)
        if code is not None:
            assert got_body["error"]["code"] == code, (name, got_body)
    # the pages with the cache away (or the broker alone): served, never a 500
    assert {key: status for key, (status, _body) in pages.items()} == dict.fromkeys(pages, 200)
    for language in ("en", "ja"):
        listing = pages[("/decks/public/", language)][1]
        assert f'href="/decks/{deck.id}/"' in listing and "Fire &lt;b&gt;" in listing
