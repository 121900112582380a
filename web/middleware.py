"""The pages' answer when a service they need is away (docs/production.md, "Redis away").

The API answers an outage in its error shape (503 RATE_LIMITER_UNAVAILABLE, QUEUE_UNAVAILABLE: api/errors.py); a page
that met one (the cache's or the broker's Redis not answering, a job that could not be queued) fell through to the
bare 500 page. The pages keep what they can without those services (deckbuilder.cache's fragments are rebuilt when
the store is away); what cannot work without them answers here: a 503 page in the page shell, in the page's
language, with Retry-After. A JSON endpoint (an /api/ URL, a page's JSON endpoint such as the deck editor's, marked
by `json_endpoint` in web/urls.py) answers the same outage in the API's error shape instead: 503 with its code
(SERVICE_UNAVAILABLE for the cache's or the broker's store, api/errors.py) and Retry-After.
"""

import functools

from django.shortcuts import render
from django.utils.translation import gettext
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError

from api.codes import ApplicationError, ErrorCode
from api.errors import RETRY_AFTER_SECONDS, error_json_for, is_api_request


def unavailable_message(exception: BaseException) -> str | None:
    """What the 503 page says for this exception, or None when it is not an outage (then Django answers as usual)."""
    if isinstance(exception, ApplicationError):
        if exception.code == ErrorCode.QUEUE_UNAVAILABLE:
            return gettext("The job queue is unavailable for a moment, so nothing was started. Try again shortly.")
        if exception.code.status == 503:
            return gettext("The server cannot do this for a moment. Nothing was changed. Try again shortly.")
        return None
    if isinstance(exception, (RedisError, BrokerError)):
        return gettext("A service this page needs is not answering. Try again shortly.")
    return None


def json_endpoint(view):
    """Marks a page's view that answers JSON (the deck editor's endpoints): an outage it meets answers in the API's
    error shape, not with the 503 page."""

    @functools.wraps(view)
    def endpoint(request, *args, **kwargs):
        return view(request, *args, **kwargs)

    endpoint.answers_json = True  # type: ignore[attr-defined]
    return endpoint


def answers_json(request) -> bool:
    """An /api/ URL, or a view marked `json_endpoint`."""
    match = getattr(request, "resolver_match", None)
    return is_api_request(request) or bool(getattr(getattr(match, "func", None), "answers_json", False))


class ServiceUnavailablePageMiddleware:
    """An outage met by a page answers 503 in the page shell; met by a JSON endpoint, 503 in the API's error shape
    (an API view's own exceptions are its exception handler's: this sees only what escapes a view)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        message = unavailable_message(exception)
        if message is None:
            return None
        if answers_json(request):
            return error_json_for(exception)  # the API's one mapping (api/errors.py: domain_error), with Retry-After
        retry_after = str(getattr(exception, "headers", {}).get("Retry-After", RETRY_AFTER_SECONDS))
        response = render(request, "web/unavailable.html", {"message": message, "retry_after": retry_after}, status=503)
        response["Retry-After"] = retry_after
        return response
