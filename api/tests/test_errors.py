import pytest
from rest_framework import exceptions

from api.errors import ApiError, exception_handler


@pytest.mark.parametrize(
    "exc, status, code",
    [
        pytest.param(exceptions.NotAuthenticated(), 401, "NOT_AUTHENTICATED", id="not-authenticated"),
        pytest.param(exceptions.PermissionDenied(), 403, "PERMISSION_DENIED", id="permission-denied"),
        pytest.param(exceptions.NotFound(), 404, "NOT_FOUND", id="not-found"),
        pytest.param(exceptions.ParseError(), 400, "MALFORMED_REQUEST", id="malformed-json"),
        pytest.param(exceptions.ValidationError({"name": ["required"]}), 400, "VALIDATION_ERROR", id="validation"),
        pytest.param(exceptions.Throttled(wait=12), 429, "THROTTLED", id="throttled"),
        pytest.param(ApiError("DECK_CONFLICT", "stale", status_code=412), 412, "DECK_CONFLICT", id="workflow-error"),
    ],
)
def test_every_error_has_one_shape(exc, status, code):
    response = exception_handler(exc, {})
    assert response.status_code == status
    assert set(response.data) == {"error"}
    assert set(response.data["error"]) == {"code", "message", "details"}
    assert response.data["error"]["code"] == code


def test_workflow_error_carries_its_headers():
    exc = ApiError(
        "VERSION_CONFLICT", "stale", details={"current_version": 4}, status_code=412, headers={"ETag": '"4"'}
    )
    response = exception_handler(exc, {})
    assert response.status_code == 412 and response["ETag"] == '"4"'
    assert response.data["error"]["details"] == {"current_version": 4}
    assert "ETag" not in exception_handler(ApiError("X", "no headers"), {})


def test_throttled_error_carries_retry_after():
    response = exception_handler(exceptions.Throttled(wait=12), {})
    assert response["Retry-After"] == "12"
    assert response.data["error"]["details"]["retry_after_seconds"] == 12


@pytest.mark.django_db
@pytest.mark.parametrize(
    "method, path, body, content_type, status, code",
    [
        pytest.param("get", "/api/v1/no-such-endpoint/", None, None, 404, "NOT_FOUND", id="unknown-endpoint"),
        pytest.param(
            "post", "/api/v1/legality/", "{not json", "application/json", 400, "MALFORMED_REQUEST", id="bad-json"
        ),
        pytest.param("post", "/api/v1/legality/", "x", "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE", id="media-type"),
        pytest.param(
            "post",
            "/api/v1/legality/",
            '{"text": "' + "4 x\\n" * 2_000_000 + '"}',
            "application/json",
            413,
            "PAYLOAD_TOO_LARGE",
            id="huge-upload",
        ),
    ],
)
@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
def test_http_errors_keep_the_shape(client, settings, debug, method, path, body, content_type, status, code):
    settings.DEBUG = debug
    kwargs = {"data": body, "content_type": content_type} if body is not None else {}
    response = getattr(client, method)(path, **kwargs)
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == code
