"""The pages' answer when a service they need is away (docs/production.md, "Redis away").

The API answers an outage in its error shape (503 RATE_LIMITER_UNAVAILABLE, QUEUE_UNAVAILABLE: api/errors.py); a page
that met one (the cache's or the broker's Redis not answering, a job that could not be queued) fell through to the
bare 500 page. The pages keep what they can without those services (deckbuilder.cache's fragments are rebuilt when
the store is away); what cannot work without them answers here: a 503 page in the page shell, in the page's
language, with Retry-After.
"""

from django.shortcuts import render
from django.utils.translation import gettext
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError

from api.codes import ApplicationError, ErrorCode

RETRY_AFTER_SECONDS = 5


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


class ServiceUnavailablePageMiddleware:
    """An outage met by a page answers 503 in the page shell (the API's URLs are left to its exception handler)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if request.path.startswith("/api/"):
            return None
        message = unavailable_message(exception)
        if message is None:
            return None
        retry_after = str(getattr(exception, "headers", {}).get("Retry-After", RETRY_AFTER_SECONDS))
        response = render(request, "web/unavailable.html", {"message": message, "retry_after": retry_after}, status=503)
        response["Retry-After"] = retry_after
        return response
