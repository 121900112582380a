"""The schema tells the truth about the statuses every operation answers (issue 28's last point, issue 29 finding
12): throttled everywhere (429, and 503 when the limits' store is away), 401 wherever a token is read, even on an
operation anyone may call, and each operation's own workflow errors."""

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def _operations(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def test_every_operation_documents_429_and_503(schema):
    missing = [(p, m) for p, m, op in _operations(schema) if not {"429", "503"} <= set(op["responses"])]
    assert missing == []


@pytest.mark.parametrize(
    ("path", "method", "statuses"),
    [
        pytest.param("/api/v1/audit/public-key/", "get", {"401", "429"}, id="audit-public-key"),
        pytest.param(
            "/api/v1/events/{event_id}/registrations/import/", "post", {"401", "409"}, id="registrations-import"
        ),
        pytest.param("/api/v1/legality/", "post", {"401"}, id="legality-check-reads-tokens"),
        pytest.param("/api/v1/overlays/{overlay_id}/", "patch", {"409"}, id="overlay-locked"),
    ],
)
def test_an_operations_own_statuses_are_documented(schema, path, method, statuses):
    assert statuses <= set(schema["paths"][path][method]["responses"])


def test_the_ping_reads_no_token_and_documents_no_401(schema):
    assert "401" not in schema["paths"]["/api/v1/ping/"]["get"]["responses"]
    assert APIClient().get("/api/v1/ping/", HTTP_AUTHORIZATION="Token nope").status_code == 200


def test_an_anonymous_operation_answers_the_documented_401_for_a_bad_token(schema):
    answer = APIClient().get("/api/v1/audit/public-key/", HTTP_AUTHORIZATION="Token nope")
    assert (answer.status_code, answer.json()["error"]["code"]) == (401, "AUTHENTICATION_FAILED")
