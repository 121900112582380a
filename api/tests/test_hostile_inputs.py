"""Every API endpoint that takes a body, in every content type, refuses a hostile one with a coded 4xx, never a 500.

The table is built from the URL configuration (every route under /api/v1/ whose view has post, put or patch), so an
endpoint added later is covered without editing this file. Findings covered: a 5,000-digit integer (json.loads and
int() raise ValueError past Python's 4,300 digits) answered 500 on 11 endpoints, anonymous /auth/token/,
/auth/register/, /legality/ and /odds/ among them; nested JSON inside a form field (a serializer's JSONField parses
it: RecursionError) answered 500 on 6.
"""

import json
import re
from datetime import timedelta
from urllib.parse import urlencode

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from api.codes import ErrorCode
from decks.tests.fixtures import cards, legal_deck_json, owner, token_client  # noqa: F401 (fixtures)

DIGITS = "1" + "0" * 5000
NESTED = "[" * 5000 + "]" * 5000  # beyond Python's recursion limit once parsed
# Field names the API's serializers read as JSON (deck, decklist, decks, cards...) and plain ones: the refusal must
# not depend on the field, so one request carries the hostile value in all of them.
FIELDS = ("deck", "decklist", "decks", "cards", "groups", "text", "name", "settings", "version", "capacity")


def _routes(patterns, prefix=""):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            view = getattr(entry.callback, "view_class", None)
            route = prefix + str(entry.pattern)
            if view is None or not route.startswith("api/v1/"):
                continue
            for method in ("post", "put", "patch"):
                if hasattr(view, method):
                    yield method, route, view


def _takes(view, content_type: str) -> bool:
    return any(content_type.startswith(parser.media_type) for parser in view().get_parsers())


ROUTES = sorted(set(_routes(get_resolver().url_patterns)), key=lambda row: row[:2])
# Actions that take no body: their views never read one, so a hostile body is never parsed and cannot harm them
# (a body is parsed, and refused, when a view first reads it; api/parsers.py).
TAKE_NO_BODY = {
    ("post", "api/v1/decks/<int:deck_id>/versions/<int:number>/restore/"),
    ("post", "api/v1/events/<int:event_id>/lock/"),
    ("post", "api/v1/events/<int:event_id>/publish/"),
    ("post", "api/v1/events/<int:event_id>/revalidations/"),
    ("post", "api/v1/auth/logout/"),  # revokes the caller's token: 204, no body read or written
}


def _fill(route: str, ids: dict) -> str:
    """`api/v1/decks/<int:deck_id>/` -> `/api/v1/decks/12/`, with the ids of the objects the fixture made."""
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(ids.get(m.group(1), 1)), route)


@pytest.fixture
def world(cards, owner):  # noqa: F811
    """One user who owns a deck, organizes an event and is registered in it: every object route exists for them."""
    from decks import services as deck_services
    from games.dm.rules.decklist import parse_json
    from regulations import services as regulation_services
    from tournaments import services as tournament_services

    deck = deck_services.deck_create(owner=owner, name="d", decklist=parse_json(legal_deck_json()))
    event = tournament_services.event_create(
        organizer=owner,
        name="e",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    registration = tournament_services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    overlay = regulation_services.overlay_create(owner=owner, name="o", base_format="advance")
    ids = {
        "deck_id": deck.id,
        "number": 1,
        "event_id": event.id,
        "registration_id": registration.id,
        "slug": deck.share_slug or "x",
        "kind": "text",
        "format_code": "advance",
        "overlay_id": overlay.slug,
    }
    return token_client(owner), ids


def _json_body(value: str) -> tuple[str, str]:
    """A JSON object whose fields hold the raw value (a number, or an array) unquoted."""
    return "{" + ", ".join(f'"{name}": {value}' for name in FIELDS) + "}", "application/json"


def _form_body(value: str) -> tuple[str, str]:
    return urlencode({name: value for name in FIELDS}), "application/x-www-form-urlencoded"


def _multipart_body(value: str) -> tuple[bytes, str]:
    boundary = "hostileboundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n' for name in FIELDS]
    return ("".join(parts) + f"--{boundary}--\r\n").encode(), f"multipart/form-data; boundary={boundary}"


BODIES = [
    pytest.param(_json_body, DIGITS, "NUMBER_TOO_LONG", id="json-5000-digit-integer"),
    pytest.param(_json_body, NESTED, "JSON_TOO_DEEP", id="json-nested"),
    pytest.param(_form_body, DIGITS, "NUMBER_TOO_LONG", id="form-5000-digit-field"),
    pytest.param(_form_body, NESTED, "JSON_TOO_DEEP", id="form-nested-json-field"),
    pytest.param(_multipart_body, DIGITS, "NUMBER_TOO_LONG", id="multipart-5000-digit-field"),
    pytest.param(_multipart_body, NESTED, "JSON_TOO_DEEP", id="multipart-nested-json-field"),
]


def test_the_table_covers_the_endpoints_of_the_findings():
    routes = {route for _, route, _ in ROUTES}
    for route in ("api/v1/auth/token/", "api/v1/auth/register/", "api/v1/legality/", "api/v1/odds/"):
        assert route in routes
    assert len(ROUTES) >= 20


@pytest.mark.django_db
@pytest.mark.parametrize(
    "method, route, view", [pytest.param(*row, id=f"{row[0].upper()} {row[1][7:]}") for row in ROUTES]
)
@pytest.mark.parametrize("build, value, code", BODIES)
def test_a_hostile_body_is_refused_with_its_code(world, method, route, view, build, value, code):
    client, ids = world
    body, content_type = build(value)
    client.raise_request_exception = False
    response = getattr(client, method)(_fill(route, ids), body, content_type=content_type, HTTP_IF_MATCH='"1"')
    assert response.status_code < 500
    if (method, route) in TAKE_NO_BODY:
        return
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert ErrorCode(error["code"]).status == response.status_code  # type: ignore[call-arg]
    if not _takes(view, content_type):
        code = "UNSUPPORTED_MEDIA_TYPE"
    # The body is refused by its parser when the view first reads it, whatever the fields mean.
    assert (response.status_code, error["code"]) == (ErrorCode(code).status, code)  # type: ignore[call-arg]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        pytest.param("/api/v1/auth/token/", id="token"),
        pytest.param("/api/v1/auth/register/", id="register"),
        pytest.param("/api/v1/legality/", id="legality"),
        pytest.param("/api/v1/legality/batch/", id="batch"),
        pytest.param("/api/v1/odds/", id="odds"),
    ],
)
@pytest.mark.parametrize("build, value, code", BODIES)
def test_anonymous_hostile_bodies_are_refused(path, build, value, code):
    from rest_framework.test import APIClient

    body, content_type = build(value)
    response = APIClient(raise_request_exception=False).post(path, body, content_type=content_type)
    error = response.json()["error"]
    assert (response.status_code, error["code"]) == (400, code)
    limit = {"NUMBER_TOO_LONG": ("max_digits", 4300), "JSON_TOO_DEEP": ("max_depth", 32)}[code]
    field = {} if content_type == "application/json" else {"field": FIELDS[0]}  # a form names the first it refused
    assert error["details"] == dict([limit], **field)


@pytest.mark.parametrize(
    "raw, accepted",
    [
        pytest.param('{"a": 1' + "0" * 4299 + "}", True, id="4300-digits-accepted"),
        pytest.param('{"a": 1' + "0" * 4300 + "}", False, id="4301-digits-refused"),
        pytest.param('{"a": "' + "7" * 4301 + '"}', False, id="digits-in-a-string-refused"),
        pytest.param('{"a": "' + ("7" * 4000 + " ") * 50 + '"}', True, id="many-shorter-runs-accepted"),
        pytest.param('{"a": -1' + "0" * 4299 + "}", True, id="negative-4300-digits-accepted"),
        pytest.param('{"a": -1' + "0" * 4300 + "}", False, id="negative-4301-digits-refused"),
        pytest.param('[{"a": [["x", "' + "7" * 4301 + '"]]}]', False, id="digits-in-a-nested-string-refused"),
        pytest.param('{"' + "٣" * 4301 + '": 1}', False, id="arabic-indic-digits-in-a-key-refused"),
        pytest.param('{"a": 1' + "0" * 4300 + ".5}", False, id="4301-digits-before-a-point-refused"),
        pytest.param('{"a": 1.' + "0" * 4300 + "1}", False, id="4301-digits-after-a-point-refused"),
        pytest.param('{"a": 1.5e' + "0" * 4299 + "1}", True, id="long-exponent-accepted"),
    ],
)
def test_the_digit_limit_is_python_s(raw, accepted):
    from api.parsers import JsonBodyError, json_body_load

    if accepted:
        assert json_body_load(raw.encode()) == json.loads(raw)
    else:
        with pytest.raises(JsonBodyError) as refused:
            json_body_load(raw.encode())
        assert (refused.value.code, refused.value.details) == ("NUMBER_TOO_LONG", {"max_digits": 4300})
