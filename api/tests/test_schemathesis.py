"""Property-based run of the whole API against its own OpenAPI schema (/api/schema/), in-process over WSGI.

Every documented operation is called with schema-generated requests (authenticated with a token, on a database
holding a small catalogue, decks and an event); the run must produce zero server errors. Bounded and
deterministic: MAX_EXAMPLES per operation, derandomized (fixed seed), no shrinking, no example database.
"""

from collections import Counter
from datetime import timedelta

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.utils import timezone
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings

from decks import services as deck_services
from decks.tests.fixtures import cards, legal_deck_json, organizer, owner, token_client  # noqa: F401 (fixtures)
from dmrules.decklist import parse_json
from tournaments import services as tournament_services

MAX_EXAMPLES = 20


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


@pytest.fixture
def wsgi_keeps_the_test_connection():
    """The raw WSGI handler closes the DB connection after each request (Django's test client prevents this
    the same way): keep the test transaction's connection open while schemathesis calls the app."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def test_schema_fuzz_has_no_server_errors(seeded, wsgi_keeps_the_test_connection, capsys):
    schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    operations = [result.ok() for result in schema.get_all_operations()]
    cases = 0
    statuses: Counter = Counter()
    server_errors = []

    for operation in operations:

        @given(case=operation.as_strategy())
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
            response = case.call(headers={"Authorization": seeded})
            statuses[f"{response.status_code // 100}xx"] += 1
            if response.status_code >= 500:
                server_errors.append(
                    f"{case.method} {case.formatted_path} -> {response.status_code}: {case.as_curl_command()}"
                )

        run()

    with capsys.disabled():
        print(
            f"\nschemathesis: {len(operations)} operations, {cases} cases, {len(server_errors)} server errors, "
            f"responses by class: {dict(sorted(statuses.items()))}"
        )
    assert len(operations) >= 30
    assert server_errors == []
