"""Hostile request bodies: every /api/ path answers in the error shape with a stable code, never a 500.

Issue findings covered here: deeply nested JSON (a RecursionError, so a 500) on /legality/, /decks/, /import/,
/batch/ and /simulations/; undecodable bytes on the editor's /editor/state/; unsafe methods on unknown /api/ URLs
answered with Django's HTML CSRF page.
"""

import json

import pytest
from django.test import Client

from api.parsers import JsonBodyError, json_body_load, json_depth
from decks.tests.fixtures import cards, legal_deck_json, owner, token_client  # noqa: F401

DEEP = 100_000  # far beyond Python's recursion limit: json.loads alone raises RecursionError


def nested(depth: int) -> bytes:
    return b'{"deck": ' + b"[" * depth + b"]" * depth + b', "text": "4 x"}'


@pytest.mark.parametrize(
    "raw, depth",
    [
        pytest.param(b"{}", 1, id="empty-object"),
        pytest.param(b'{"a": [[1], {"b": []}]}', 4, id="mixed"),
        pytest.param(b'{"a": "[[[[{{{{"}', 1, id="brackets-inside-a-string"),
        pytest.param(b'{"a": "\\"[[[", "b": [[]]}', 3, id="escaped-quote-in-a-string"),
        pytest.param(b"42", 0, id="scalar"),
        pytest.param(nested(DEEP), DEEP + 1, id="hostile"),
    ],
)
def test_json_depth_counts_without_parsing(raw, depth):
    assert json_depth(raw) == depth


@pytest.mark.parametrize(
    "raw, code",
    [
        pytest.param(nested(DEEP), "JSON_TOO_DEEP", id="deep"),
        pytest.param(nested(33), "JSON_TOO_DEEP", id="just-over-the-limit"),
        pytest.param(b'{"text": "\xff\xfe\x80"}', "BODY_NOT_UTF8", id="not-utf8"),
        pytest.param(b'{"text": "\xe3\x81"}', "BODY_NOT_UTF8", id="truncated-utf8"),
        pytest.param(b"{not json", "MALFORMED_REQUEST", id="not-json"),
    ],
)
def test_json_body_load_refuses_with_a_code(raw, code):
    with pytest.raises(JsonBodyError) as refused:
        json_body_load(raw)
    assert refused.value.code == code


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(b"{}", id="empty-object"),
        pytest.param(b"[[], [[]], {}]", id="empty-containers-at-two-depths"),
        pytest.param(b'{"a": [[1], {"b": []}]}', id="mixed"),
        pytest.param(b'{"a": "[[[[{{{{"}', id="brackets-inside-a-string"),
        pytest.param(b'{"a": "\\"[[[", "b": [[]]}', id="escaped-quote-in-a-string"),
        pytest.param(b'[1, "x", null, [2, [3, [4]]], {"k": {"k": {"k": 1}}}]', id="uneven-branches"),
        pytest.param(b"42", id="scalar"),
    ],
)
@pytest.mark.parametrize("limit", [0, 1, 2, 3, 4, 5])
def test_the_parsed_body_s_depth_is_counted_as_json_depth_counts_the_text(settings, raw, limit):
    """The body's depth is counted on what the parser built (one walk with the digit check); a form field's in its
    text (json_depth): both refuse exactly the same bodies."""
    settings.JSON_MAX_DEPTH = limit
    if json_depth(raw) > limit:
        with pytest.raises(JsonBodyError) as refused:
            json_body_load(raw)
        assert (refused.value.code, refused.value.details) == ("JSON_TOO_DEEP", {"max_depth": limit})
    else:
        assert json_body_load(raw) == json.loads(raw)


@pytest.mark.parametrize(
    "raw, code",
    [
        pytest.param(b"[" * DEEP, "JSON_TOO_DEEP", id="unclosed-beyond-the-recursion-limit"),
        pytest.param(b"[" * 40, "MALFORMED_REQUEST", id="unclosed-within-it-is-no-json"),
        pytest.param(b"[" * 40 + b"]" * 40, "JSON_TOO_DEEP", id="closed-over-the-limit"),
    ],
)
def test_a_deep_body_is_refused_whether_or_not_the_parser_finishes_it(raw, code):
    with pytest.raises(JsonBodyError) as refused:
        json_body_load(raw)
    assert refused.value.code == code


def test_json_body_load_accepts_the_limit_and_a_bom():
    at_limit = b"[" * 32 + b"]" * 32
    value = json_body_load(at_limit)
    for _ in range(31):
        (value,) = value
    assert value == []
    assert json_body_load("\ufeff".encode() + '{"名前": "ボルシャック"}'.encode()) == {"名前": "ボルシャック"}


API_POSTS = [
    pytest.param("/api/v1/legality/", False, id="legality"),
    pytest.param("/api/v1/legality/batch/", False, id="batch"),
    pytest.param("/api/v1/decks/", True, id="decks"),
    pytest.param("/api/v1/decks/{deck}/import/", True, id="import"),
    pytest.param("/api/v1/simulations/", True, id="simulations"),
    pytest.param("/api/v1/odds/", True, id="odds"),
]
BODIES = [
    pytest.param(nested(DEEP), "JSON_TOO_DEEP", id="nested-100000"),
    pytest.param(b'{"text": "4 \xff\xfe"}', "BODY_NOT_UTF8", id="undecodable"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("path, authenticated", API_POSTS)
@pytest.mark.parametrize("body, code", BODIES)
def test_hostile_bodies_get_a_coded_400_on_every_endpoint(cards, owner, path, authenticated, body, code):  # noqa: F811
    from decks.services import deck_create

    client = token_client(owner if authenticated else None)
    deck = deck_create(owner=owner, name="target", format_code="advance", visibility="private")
    response = client.generic(
        "POST",
        path.format(deck=deck.id),
        body,
        content_type="application/json",
        HTTP_IF_MATCH=f'"{deck.version}"',
    )
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == code


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body, code",
    [
        pytest.param(nested(DEEP), "JSON_TOO_DEEP", id="nested-100000"),
        pytest.param(b'{"deck": {}, "op": {"op": "add", "card": "\xff"}}', "BODY_NOT_UTF8", id="undecodable"),
        pytest.param(b"\x80\x81\x82", "BODY_NOT_UTF8", id="binary"),
    ],
)
def test_editor_state_refuses_hostile_bodies(cards, body, code):  # noqa: F811
    response = Client().generic("POST", "/editor/state/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
def test_unknown_api_urls_answer_the_json_404_for_every_method(settings, method, debug):
    settings.DEBUG = debug
    client = Client(enforce_csrf_checks=True)  # as a browser would: no CSRF token on an unsafe method
    response = client.generic(method, "/api/v1/no-such-endpoint/", "{}", content_type="application/json")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "NOT_FOUND"


@pytest.mark.django_db
def test_csrf_failure_on_an_api_view_keeps_the_shape(owner):  # noqa: F811
    """A session-authenticated unsafe call without the CSRF token: 403 in the error shape (DRF's own check)."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post("/api/v1/decks/", data={"name": "x"}, content_type="application/json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "PERMISSION_DENIED"


def test_csrf_failure_view_answers_json_under_api(rf):
    from api.errors import csrf_failure

    response = csrf_failure(rf.post("/api/v1/anything/"), reason="CSRF cookie not set.")
    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    page = csrf_failure(rf.post("/decks/"), reason="CSRF cookie not set.")
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")


def test_drf_uses_the_bounded_parser():
    from rest_framework.settings import api_settings

    from api.parsers import BoundedJSONParser

    assert api_settings.DEFAULT_PARSER_CLASSES[0] is BoundedJSONParser


@pytest.mark.integration
@pytest.mark.django_db
@pytest.mark.parametrize("path, authenticated", API_POSTS)
def test_hostile_bodies_on_postgresql(cards, owner, path, authenticated):  # noqa: F811
    """Refused before any query, so PostgreSQL answers the same (integration run)."""
    from django.db import connection

    assert connection.vendor == "postgresql"
    for body, code in ((nested(DEEP), "JSON_TOO_DEEP"), (b'{"text": "4 \xff"}', "BODY_NOT_UTF8")):
        test_hostile_bodies_get_a_coded_400_on_every_endpoint(cards, owner, path, authenticated, body, code)


@pytest.mark.integration
@pytest.mark.django_db
def test_a_150_character_deck_name_on_postgresql(owner):  # noqa: F811
    """The finding was a 500 on PostgreSQL (varchar(120)): the form now refuses it, the API too."""
    from django.db import connection

    from decks.models import Deck

    assert connection.vendor == "postgresql"
    client = Client()
    client.force_login(owner)
    assert client.post("/decks/", {"name": "x" * 150, "format": "advance", "visibility": "private"}).status_code == 200
    response = token_client(owner).post("/api/v1/decks/", {"name": "x" * 150}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "VALIDATION_ERROR"
    assert not Deck.objects.filter(owner=owner).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path, length, status, code",
    [
        pytest.param("/api/v1/odds/report/", 4096, 400, "VALIDATION_ERROR", id="odds-at-the-limit-read"),
        pytest.param("/api/v1/odds/report/", 4097, 414, "URI_TOO_LONG", id="odds-over-the-limit"),
        pytest.param("/api/v1/cards/", 8000, 414, "URI_TOO_LONG", id="cards-far-over"),
        pytest.param("/api/v1/nope/", 5000, 414, "URI_TOO_LONG", id="unknown-api-url"),
    ],
)
def test_a_long_query_string_is_a_coded_414(path, length, status, code):
    """gunicorn answered an HTML 414 of its own past its request-line limit (the schema fuzz's long odds query)."""
    query = "q=" + "x" * (length - 2)
    response = Client().get(f"{path}?{query}")
    assert (response.status_code, response.json()["error"]["code"]) == (status, code)
    if code != "URI_TOO_LONG":
        return
    assert response.json()["error"] == {
        "code": code,
        "message": "The query string is longer than 4096 characters.",
        "details": {"max_length": 4096},
    }


def test_a_long_query_string_on_a_page_is_a_plain_414(db):
    response = Client().get("/cards/?q=" + "x" * 5000)
    assert (response.status_code, response["Content-Type"]) == (414, "text/plain")


def test_gunicorn_lets_a_query_over_the_limit_reach_the_application():
    """Else gunicorn answers its own HTML 414 before the middleware can answer in the error shape."""
    import runpy
    from pathlib import Path

    from api.middleware import MAX_QUERY_STRING_LENGTH

    config = runpy.run_path(str(Path(__file__).resolve().parents[2] / "gunicorn.conf.py"))
    request_line = len("GET /api/v1/odds/report/? HTTP/1.1") + MAX_QUERY_STRING_LENGTH + 1
    assert config["limit_request_line"] >= request_line


@pytest.mark.parametrize(
    ("url", "json_shape"),
    [
        pytest.param("/api/v1/legality/", True, id="an-api-upload"),
        pytest.param("/accounts/login/", False, id="a-page"),
    ],
)
def test_an_upload_over_the_body_limit_is_413_before_it_is_read(db, settings, url, json_shape):
    """A multipart file is not bounded by DATA_UPLOAD_MAX_MEMORY_SIZE: it was read whole (to a temporary file) and
    answered by the view; refused by its declared length now (api.middleware.BodySizeLimitMiddleware)."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    upload = SimpleUploadedFile("deck.txt", b"4 x\n" * 1000)
    response = Client().post(url, {"file": upload})
    assert response.status_code == 413
    if json_shape:
        assert response.json()["error"] == {
            "code": "PAYLOAD_TOO_LARGE",
            "message": "The request body is larger than 1000 bytes.",
            "details": {"max_bytes": 1000},
        }
