"""One JSON shape for every API error: {"error": {"code", "message", "details"}} with a stable code."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class ApiError(exceptions.APIException):
    """A workflow error with a stable code, raised by services or views and rendered by the handler."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "BAD_REQUEST"

    def __init__(self, code: str, message: str, *, details: dict | None = None, status_code: int | None = None):
        super().__init__(detail=message, code=code)
        self.code = code
        self.message = message
        self.details = details or {}
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
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ApiError):
        body = error_body(exc.code, exc.message, exc.details)
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
