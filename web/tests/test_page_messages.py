"""web.page_messages: the pages' flash messages, left out of the API's requests."""

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from web.page_messages import PageMessageMiddleware


@pytest.mark.parametrize(
    "path, has_store",
    [
        pytest.param("/decks/", True, id="a-page"),
        pytest.param("/", True, id="the-home-page"),
        pytest.param("/api/v1/ping/", False, id="the-api"),
        pytest.param("/api/v1/legality/", False, id="an-api-check"),
        pytest.param("/apis/", True, id="a-page-whose-path-only-starts-alike"),
    ],
)
def test_the_store_is_opened_for_pages_only(path, has_store):
    request = RequestFactory().get(path)
    request.session = {}
    seen = {}

    def view(request):
        seen["store"] = hasattr(request, "_messages")
        return HttpResponse("ok")

    response = PageMessageMiddleware(view)(request)
    assert response.status_code == 200
    assert seen["store"] is has_store


def test_a_page_still_writes_its_messages():
    """A page's view adds a message to the request's store, which the response keeps for the next page."""
    from django.contrib import messages
    from django.contrib.messages import get_messages

    request = RequestFactory().get("/decks/")
    request.session = {}
    PageMessageMiddleware(lambda r: (messages.info(r, "kept"), HttpResponse())[1])(request)
    assert [str(m) for m in get_messages(request)] == ["kept"]
