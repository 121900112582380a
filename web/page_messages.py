"""The pages' flash messages (django.contrib.messages), left out of the API's requests.

Only the pages write messages (web/views); an /api/ request never shows one, yet Django's middleware opened the
message store of every request (its cookie and session storages) and wrote it back to the response: about 10 us of a
ping's 400 in its process. Pages keep it as before; the admin's check finds it (a subclass of Django's middleware).
"""

from django.contrib.messages.middleware import MessageMiddleware

from api.errors import is_api_request


class PageMessageMiddleware(MessageMiddleware):
    """settings.MIDDLEWARE: django.contrib.messages' middleware, for every request but the API's."""

    def process_request(self, request):
        if not is_api_request(request):  # no store opened: process_response then leaves the answer alone
            super().process_request(request)
