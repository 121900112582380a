"""Property-based run of the whole API against its own OpenAPI schema (/api/schema/), in-process over WSGI.

Every documented operation is called with schema-generated requests, valid ones and invalid ones (authenticated
with a token, on a database holding a small catalogue, decks and an event), and every response is checked with
every check schemathesis runs on a response: no server error, status codes, content types, headers and bodies as
documented, missing required headers refused, invalid input rejected, valid input accepted. Bounded and
deterministic: a fixed number of examples per operation and mode, derandomized (fixed seed), no shrinking, no
example database. Run with `-m schema` (`make test` does).

"Valid input accepted" also accepts a 400: a request can fit the schema and still break a rule the schema cannot
state (an unknown format or card name, a weak password, exactly one of `deck` or `text`); such an answer is
still checked against the documented error shape and its list of codes.
"""

from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.utils import timezone
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import FailureGroup

from decks import services as deck_services
from decks.tests.fixtures import cards, legal_deck_json, organizer, owner, token_client  # noqa: F401 (fixtures)
from games.dm.rules.decklist import parse_json
from tournaments import services as tournament_services

pytestmark = pytest.mark.schema

# Examples per operation and generation mode: with ~50 operations, both modes give well over 5,000 cases.
MAX_EXAMPLES = 55
MIN_CASES = 5_000
# The checks' expected statuses, one file for this run and the run over HTTP (docs/api.md).
CONFIG = SchemathesisConfig.from_path(str(Path(__file__).with_name("schemathesis.toml")))


@pytest.fixture
def seeded(cards, owner, organizer):  # noqa: F811
    legal = parse_json(legal_deck_json())
    decks = [
        deck_services.deck_create(owner=owner, name=visibility, visibility=visibility, decklist=legal)
        for visibility in ("private", "unlisted", "public")
    ]
    event = tournament_services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    tournament_services.registration_submit(event_id=event.id, user=owner, deck_id=decks[0].id)
    return token_client(owner)._credentials["HTTP_AUTHORIZATION"]


LOGOUT = "POST /api/v1/auth/logout/"


def _leaver_token() -> str:
    """A fresh token of a second account (log-out deletes it; the next call makes a new one)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    leaver, _ = get_user_model().objects.get_or_create(username="leaver")
    return f"Token {Token.objects.get_or_create(user=leaver)[0].key}"


@pytest.fixture
def wsgi_keeps_the_test_connection():
    """The raw WSGI handler closes the DB connection after each request (Django's test client prevents this
    the same way): keep the test transaction's connection open while schemathesis calls the app."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def test_api_answers_match_the_schema(seeded, wsgi_keeps_the_test_connection, capsys):
    schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application(), config=CONFIG)
    operations = [result.ok() for result in schema.get_all_operations()]
    headers = {"Authorization": seeded}
    cases = 0
    statuses: Counter = Counter()
    failures: dict[tuple[str, str], str] = {}

    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @given(case=operation.as_strategy(generation_mode=mode))
            @hypothesis_settings(
                max_examples=MAX_EXAMPLES,
                deadline=None,
                derandomize=True,
                database=None,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            def run(case):
                nonlocal cases
                cases += 1
                # Log-out revokes the token it is called with: it gets a token of its own each time.
                own = {"Authorization": _leaver_token()} if case.operation.label == LOGOUT else headers
                response = case.call(headers=own)
                statuses[f"{response.status_code // 100}xx"] += 1
                try:
                    case.validate_response(response, headers=own)
                except FailureGroup as group:
                    for failure in group.exceptions:
                        failures.setdefault(
                            (case.operation.label, failure.title),
                            f"{failure.message[:300]}\n    -> {response.status_code} {response.text[:200]}\n    "
                            f"{case.as_curl_command(own)[:400]}",
                        )

            try:
                run()
            except Unsatisfiable:
                # An operation without parameters or body has nothing to make invalid.
                assert mode is GenerationMode.NEGATIVE, operation.label

    report = "\n".join(f"{label} [{title}]: {detail}" for (label, title), detail in sorted(failures.items()))
    with capsys.disabled():
        print(
            f"\nschemathesis: {len(operations)} operations, {cases} cases, {len(failures)} distinct failures, "
            f"responses: {dict(sorted(statuses.items()))}\n{report}"
        )
    assert len(operations) >= 30
    assert cases >= MIN_CASES
    assert failures == {}
