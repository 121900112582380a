"""One JSON shape for every API error: {"error": {"code", "message", "details"}} with a stable code."""

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.http import Http404, JsonResponse
from django.views.csrf import csrf_failure as django_csrf_failure
from django.views.defaults import page_not_found
from django.views.defaults import server_error as django_server_error
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from api.parsers import JsonBodyError
from deckbuilder.budget import TimeBudgetExceeded


class ApiError(exceptions.APIException):
    """A workflow error with a stable code, raised by services or views and rendered by the handler."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "BAD_REQUEST"

    def __init__(
        self,
        code: str,
        message: str,
        *,
        details: dict | None = None,
        status_code: int | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(detail=message, code=code)
        self.code = code
        self.message = message
        self.details = details or {}
        self.headers = headers or {}  # e.g. the current ETag on a 412
        if status_code is not None:
            self.status_code = status_code


_CODES = {
    exceptions.ValidationError: "VALIDATION_ERROR",
    exceptions.ParseError: "MALFORMED_REQUEST",
    exceptions.AuthenticationFailed: "AUTHENTICATION_FAILED",
    exceptions.NotAuthenticated: "NOT_AUTHENTICATED",
    exceptions.PermissionDenied: "PERMISSION_DENIED",
    exceptions.NotFound: "NOT_FOUND",
    exceptions.MethodNotAllowed: "METHOD_NOT_ALLOWED",
    exceptions.NotAcceptable: "NOT_ACCEPTABLE",
    exceptions.UnsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
    exceptions.Throttled: "THROTTLED",
}


def error_body(code: str, message: str, details: dict | None = None) -> dict:
    return {"error": {"code": code, "message": message, "details": details or {}}}


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig | TooManyFieldsSent):
        # Raised by Django while DRF reads the body: a clear 413 with the limit, never an HTML page or a 500.
        details = {"max_bytes": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
        return error_response("PAYLOAD_TOO_LARGE", "The request body is too large.", details=details, status_code=413)
    if isinstance(exc, TimeBudgetExceeded):
        details = {"budget_seconds": exc.budget_seconds, "done": exc.done, "total": exc.total}
        message = "The request needs more time than one request may take; nothing was written. Send less at once."
        return error_response("TIME_BUDGET_EXCEEDED", message, details=details, status_code=503)
    if isinstance(exc, JsonBodyError):
        return error_response(exc.code, exc.message, details=exc.details, status_code=400)
    if isinstance(exc, SuspiciousOperation):
        return error_response("MALFORMED_REQUEST", "The request could not be read.", status_code=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ApiError):
        body = error_body(exc.code, exc.message, exc.details)
        for name, value in exc.headers.items():
            response[name] = value
    elif isinstance(exc, exceptions.ValidationError):
        body = error_body("VALIDATION_ERROR", "The request is not valid.", {"fields": response.data})
    else:
        code = next((c for klass, c in _CODES.items() if isinstance(exc, klass)), "ERROR")
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else response.data
        details = {}
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            details["retry_after_seconds"] = int(exc.wait)
        body = error_body(code, str(detail), details)
    response.data = body
    return response


def error_response(code: str, message: str, *, details: dict | None = None, status_code: int = 400) -> Response:
    return Response(error_body(code, message, details), status=status_code)


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def not_found(request, exception=None):
    """URLs that match no route: the API answers in its error shape, pages with the HTML 404 page."""
    if _is_api(request):
        return JsonResponse(error_body("NOT_FOUND", "No such endpoint."), status=404)
    return page_not_found(request, exception)


def server_error(request):
    if _is_api(request):
        return JsonResponse(error_body("SERVER_ERROR", "An unexpected error occurred; it has been logged."), status=500)
    return django_server_error(request)


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: an /api/ URL answers 403 in the error shape; pages keep Django's explanation page."""
    if _is_api(request):
        return JsonResponse(error_body("CSRF_FAILED", "CSRF verification failed.", {"reason": reason}), status=403)
    return django_csrf_failure(request, reason=reason)
