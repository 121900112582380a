"""One JSON shape for every API error: {"error": {"code", "message", "details"}} with a stable code.

`exception_handler` answers EVERY exception raised in an API view: our coded errors, DRF's and Django's, and anything
else (a bug, a RecursionError, a ValueError from an int() nobody expected) as `500 SERVER_ERROR`, logged with its
traceback like Django logs an unhandled one. No exception leaves a view: DRF then always runs its
`finalize_response`, the atomic request is rolled back, and a client never gets Django's HTML (or DEBUG) page.
"""

import logging

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.views.csrf import csrf_failure as django_csrf_failure
from django.views.defaults import page_not_found
from django.views.defaults import server_error as django_server_error
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from api.codes import ApplicationError, ErrorCode
from deckbuilder.budget import TimeBudgetExceeded
from games.base import DeckCodeError, DecklistFormatError

RETRY_AFTER_SECONDS = 5  # what a 503 of an outage asks a client to wait

# DRF's own exceptions -> our codes (each code fixes its status; DRF's exceptions carry the same ones).
_DRF_CODES = {
    exceptions.ValidationError: ErrorCode.VALIDATION_ERROR,
    exceptions.ParseError: ErrorCode.MALFORMED_REQUEST,
    exceptions.AuthenticationFailed: ErrorCode.AUTHENTICATION_FAILED,
    exceptions.NotAuthenticated: ErrorCode.NOT_AUTHENTICATED,
    exceptions.PermissionDenied: ErrorCode.PERMISSION_DENIED,
    exceptions.NotFound: ErrorCode.NOT_FOUND,
    exceptions.MethodNotAllowed: ErrorCode.METHOD_NOT_ALLOWED,
    exceptions.NotAcceptable: ErrorCode.NOT_ACCEPTABLE,
    exceptions.UnsupportedMediaType: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    exceptions.Throttled: ErrorCode.THROTTLED,
}


def domain_error(exc: Exception) -> ApplicationError | None:
    """The one mapping from an exception raised below the API to a coded error; None for anything else.

    Our services raise ApplicationError subclasses; the few exceptions of layers that cannot know the vocabulary
    (the pure rules engines, Django itself) are translated here."""
    if isinstance(exc, ApplicationError):
        return exc
    if isinstance(exc, RequestDataTooBig | TooManyFieldsSent):
        # Raised by Django while the body is read: a clear 413 with the limit, never an HTML page or a 500.
        details: dict[str, object] = {"max_bytes": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
        return ApplicationError(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large.", details)
    if isinstance(exc, TimeBudgetExceeded):
        details = {"budget_seconds": exc.budget_seconds, "done": exc.done, "total": exc.total}
        message = "The request needs more time than one request may take; nothing was written. Send less at once."
        return ApplicationError(ErrorCode.TIME_BUDGET_EXCEEDED, message, details)
    if isinstance(exc, ObjectDoesNotExist):  # a service's `.get()` of an id the caller named, e.g. a registration
        model = type(exc).__qualname__.split(".")[0]  # "Registration.DoesNotExist"
        return ApplicationError(ErrorCode.NOT_FOUND, f"{model} not found.")
    if isinstance(exc, DeckCodeError):
        return ApplicationError(ErrorCode.MALFORMED_DECK_CODE, str(exc), {"reason": exc.reason})
    if isinstance(exc, DecklistFormatError):
        return ApplicationError(ErrorCode.MALFORMED_DECKLIST, str(exc))
    if isinstance(exc, SuspiciousOperation):
        return ApplicationError(ErrorCode.MALFORMED_REQUEST, "The request could not be read.")
    if isinstance(exc, RedisError | BrokerError):
        # The cache's or the broker's Redis not answering where no layer named the outage (the rate limiter and a
        # job's enqueue raise their own codes): a 503 to retry, never a 500 (nor a page's HTML for a JSON client).
        return ApplicationError(
            ErrorCode.SERVICE_UNAVAILABLE,
            "A service this request needs is not answering. Try again shortly.",
            {"retry_after_seconds": RETRY_AFTER_SECONDS},
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    return None


def error_body(code: ErrorCode, message: str, details: dict | None = None) -> dict:
    return {"error": {"code": code, "message": message, "details": details or {}}}


logger = logging.getLogger("django.request")  # where Django logs the unhandled exceptions it answers with a 500


def exception_handler(exc, context):
    error = domain_error(exc)
    if error is not None:
        set_rollback()  # as DRF does for its own exceptions: an atomic request writes nothing
        return application_error_response(error)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return unexpected_error_response(exc, context)
    if isinstance(exc, exceptions.ValidationError):
        fields = exc.get_full_details()
        body = error_body(ErrorCode.VALIDATION_ERROR, "The request is not valid.", {"fields": fields})
    else:
        code = next((c for klass, c in _DRF_CODES.items() if isinstance(exc, klass)), ErrorCode.SERVER_ERROR)
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else response.data
        details: dict[str, object] = {}
        # DRF sets `wait` in Throttled.__init__; its stubs do not declare the attribute.
        wait = exc.wait if isinstance(exc, exceptions.Throttled) else None  # type: ignore[attr-defined]
        if wait is not None:
            details["retry_after_seconds"] = int(wait)
        body = error_body(code, str(detail), details)
    response.data = body
    return response


def unexpected_error_response(exc: Exception, context) -> Response:
    """Anything no mapping knows: a 500 in the error shape, logged with its traceback (the handler is called inside
    DRF's `except`, so the traceback is the one of `exc`)."""
    request = context.get("request") if isinstance(context, dict) else None
    path = getattr(request, "path", "?")
    logger.error("Internal Server Error: %s", path, exc_info=exc, extra={"status_code": 500, "request": request})
    set_rollback()
    message = "An unexpected error occurred; it has been logged."
    return Response(error_body(ErrorCode.SERVER_ERROR, message), status=ErrorCode.SERVER_ERROR.status)


def application_error_response(error: ApplicationError) -> Response:
    response = Response(error_body(error.code, error.message, error.details), status=error.status_code)
    for name, value in error.headers.items():
        response[name] = value
    return response


def error_json(code: ErrorCode, message: str, details: dict | None = None) -> JsonResponse:
    """The error shape outside DRF: Django views of /api/ URLs and the pages' JSON endpoints."""
    return JsonResponse(error_body(code, message, details), status=code.status)


def error_json_for(exc: Exception) -> JsonResponse:
    """A page's JSON endpoint (the deck editor): the same mapping and shape as the API's exception handler."""
    error = domain_error(exc)
    if error is None:
        raise exc
    response = error_json(error.code, error.message, error.details)
    for name, value in error.headers.items():
        response[name] = value
    return response


def is_api_request(request) -> bool:
    """A request to the API (its URLs under /api/): answered in the error shape, never a page; no page's state (the
    chosen game, flash messages) is read or written for it."""
    return request.path.startswith("/api/")


def not_found(request, exception=None):
    """URLs that match no route: the API answers in its error shape, pages with the HTML 404 page."""
    if is_api_request(request):
        return error_json(ErrorCode.NOT_FOUND, "No such endpoint.")
    return page_not_found(request, exception)


def server_error(request):
    if is_api_request(request):
        return error_json(ErrorCode.SERVER_ERROR, "An unexpected error occurred; it has been logged.")
    return django_server_error(request)


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: an /api/ URL answers 403 in the error shape; pages keep Django's explanation page."""
    if is_api_request(request):
        return error_json(ErrorCode.CSRF_FAILED, "CSRF verification failed.", {"reason": reason})
    return django_csrf_failure(request, reason=reason)
