"""The browser pages: thin views over the other apps' selectors and services."""

import re

from django.contrib import messages
from django.shortcuts import render
from django.utils.translation import gettext

# A deck version as a page posts it back (its If-Match): the API's If-Match rule (decks/apis.py), at most 9 digits, so
# no int() of a posted field ever meets the 4,300-digit limit (a ValueError, a 500).
_VERSION = re.compile(r"[0-9]{1,9}")


def posted_version(request, field: str = "version") -> int | None:
    """The deck version a write form was shown with; None when it is missing or not a version."""
    value = request.POST.get(field, "")
    return int(value) if _VERSION.fullmatch(value) else None


def version_missing(request):
    """A deck write posted without the version of its page (a form edited by hand, a script): a 400 page that says
    so, instead of the service's PreconditionRequired escaping as a 500. Nothing was written."""
    messages.error(
        request, gettext("This form did not say which version of the deck it was shown with; nothing was changed.")
    )
    return render(request, "base.html", status=400)
