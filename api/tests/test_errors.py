import pytest
from rest_framework import exceptions

from api.codes import ApplicationError, ErrorCode
from api.errors import exception_handler
from decks.selectors import DeckForbidden
from decks.services import VersionConflict
from games.base import DeckCodeError
from games.dm.rules.decklist import DecklistFormatError
from regulations.selectors import UnknownFormat, UnknownOverlay
from tournaments.models import Registration
from tournaments.services import EventFull, NotOrganizer, RegistrationClosed


@pytest.mark.parametrize(
    "exc, status, code",
    [
        pytest.param(exceptions.NotAuthenticated(), 401, "NOT_AUTHENTICATED", id="not-authenticated"),
        pytest.param(exceptions.PermissionDenied(), 403, "PERMISSION_DENIED", id="permission-denied"),
        pytest.param(exceptions.NotFound(), 404, "NOT_FOUND", id="not-found"),
        pytest.param(exceptions.ParseError(), 400, "MALFORMED_REQUEST", id="malformed-json"),
        pytest.param(exceptions.ValidationError({"name": ["required"]}), 400, "VALIDATION_ERROR", id="validation"),
        pytest.param(exceptions.Throttled(wait=12), 429, "THROTTLED", id="throttled"),
        pytest.param(
            ApplicationError(ErrorCode.VERSION_CONFLICT, "stale"), 412, "VERSION_CONFLICT", id="workflow-error"
        ),
        # domain exceptions carry their code; the status follows from the code, whatever the endpoint
        pytest.param(DeckForbidden(), 403, "PERMISSION_DENIED", id="deck-forbidden"),
        pytest.param(NotOrganizer(), 403, "PERMISSION_DENIED", id="not-organizer"),
        pytest.param(RegistrationClosed(), 409, "REGISTRATION_CLOSED", id="registration-closed"),
        pytest.param(EventFull(8), 409, "EVENT_FULL", id="event-full"),
        pytest.param(UnknownFormat("nope"), 400, "UNKNOWN_FORMAT", id="unknown-format"),
        pytest.param(UnknownOverlay("nope"), 404, "UNKNOWN_OVERLAY", id="unknown-overlay"),
        pytest.param(Registration.DoesNotExist(), 404, "NOT_FOUND", id="registration-not-found"),
        # the pure engine cannot know the vocabulary: mapped in api/errors.py
        pytest.param(DecklistFormatError("not a decklist"), 400, "MALFORMED_DECKLIST", id="engine-malformed"),
        pytest.param(DeckCodeError("parts", "three parts"), 400, "MALFORMED_DECK_CODE", id="deck-code-malformed"),
    ],
)
def test_every_error_has_one_shape(exc, status, code):
    response = exception_handler(exc, {})
    assert response.status_code == status
    assert set(response.data) == {"error"}
    assert set(response.data["error"]) == {"code", "message", "details"}
    assert response.data["error"]["code"] == code


def test_a_missing_object_names_its_kind():
    response = exception_handler(Registration.DoesNotExist(), {})
    assert response.data["error"]["message"] == "Registration not found."


def test_workflow_error_carries_its_headers():
    response = exception_handler(VersionConflict(4), {})
    assert response.status_code == 412 and response["ETag"] == '"4"'
    assert response.data["error"]["details"] == {"current_version": 4}
    assert "ETag" not in exception_handler(ApplicationError(ErrorCode.DECK_EMPTY, "no headers"), {})


def test_a_code_outside_the_vocabulary_fails_where_it_is_raised():
    with pytest.raises(ValueError):
        ApplicationError("DECK_CONFLICT", "not one of ours")


def test_field_errors_keep_their_codes():
    exc = exceptions.ValidationError({"name": [exceptions.ErrorDetail("This field is required.", code="required")]})
    fields = exception_handler(exc, {}).data["error"]["details"]["fields"]
    assert fields == {"name": [{"message": "This field is required.", "code": "required"}]}


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


@pytest.mark.parametrize(
    "exc",
    [
        pytest.param(ValueError("Exceeds the limit (4300 digits) for integer string conversion"), id="int-digits"),
        pytest.param(RecursionError("maximum recursion depth exceeded"), id="recursion"),
        pytest.param(KeyError("version"), id="key-error"),
        pytest.param(RuntimeError("a bug"), id="runtime-error"),
    ],
)
def test_any_other_exception_is_a_logged_500_in_the_error_shape(exc, caplog):
    """DRF's own handler answers None for these, and the exception left the view (Django's HTML or DEBUG page, and
    a decklist-gate slot that finalize_response never gave back)."""
    with caplog.at_level("ERROR", logger="django.request"):
        response = exception_handler(exc, {})
    assert response.status_code == 500
    assert response.data == {
        "error": {"code": "SERVER_ERROR", "message": "An unexpected error occurred; it has been logged.", "details": {}}
    }
    assert [record.exc_info[1] for record in caplog.records] == [exc]
