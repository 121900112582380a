"""A bound on the query string, answered by the application: `414 URI_TOO_LONG` in the error shape on /api/ URLs.

No request of this site needs a long query string (a card search or an odds query is a few hundred characters); a
huge one costs a parse of every parameter and, before this, met gunicorn's own limit on the request line
(`limit_request_line`), which answers a bare HTML 414 that no API client can read. gunicorn.conf.py raises gunicorn's
limit to its maximum (8,190 bytes) so that anything over MAX_QUERY_STRING_LENGTH (4,096) but under it is refused here,
in the shape every other error has. Request lines over gunicorn's maximum still get gunicorn's answer: gunicorn has
no larger bounded setting (0 reads the line without any limit).
"""

from django.conf import settings
from django.http import HttpResponse

from api.codes import ErrorCode
from api.errors import error_json, is_api_request

MAX_QUERY_STRING_LENGTH = 4096


def max_query_string_length() -> int:
    return int(getattr(settings, "MAX_QUERY_STRING_LENGTH", MAX_QUERY_STRING_LENGTH))


class QueryStringLimitMiddleware:
    """First in MIDDLEWARE: nothing reads the parameters before the length is checked."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = max_query_string_length()
        if len(request.META.get("QUERY_STRING", "")) > limit:
            message = f"The query string is longer than {limit} characters."
            if is_api_request(request):
                return error_json(ErrorCode.URI_TOO_LONG, message, {"max_length": limit})
            return HttpResponse(message, status=ErrorCode.URI_TOO_LONG.status, content_type="text/plain")
        return self.get_response(request)


def request_body_max_bytes() -> int:
    """The largest body of any request, files included: DATA_UPLOAD_MAX_MEMORY_SIZE (5 MB). Django bounds the body it
    reads into memory by that setting but not a multipart body's files, which it reads whole (to a temporary file
    past FILE_UPLOAD_MAX_MEMORY_SIZE): a 500 MB upload was read to the end before any view could refuse it."""
    return int(getattr(settings, "REQUEST_BODY_MAX_BYTES", settings.DATA_UPLOAD_MAX_MEMORY_SIZE))


class BodySizeLimitMiddleware:
    """Right after the query string's bound: a body whose declared length is over request_body_max_bytes() is
    refused with 413 PAYLOAD_TOO_LARGE (in the error shape on /api/ URLs) before a byte of it is read."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = request_body_max_bytes()
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django reads a malformed length as no body
        if length > limit:
            message = f"The request body is larger than {limit} bytes."
            if is_api_request(request) or request.path.startswith("/editor/"):
                return error_json(ErrorCode.PAYLOAD_TOO_LARGE, message, {"max_bytes": limit})
            return HttpResponse(message, status=ErrorCode.PAYLOAD_TOO_LARGE.status, content_type="text/plain")
        return self.get_response(request)
