"""Deck and tournament API: the permission matrix, the private-deck leak sweep, ETags, errors, throttling."""

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

from decks import services
from decks.tests.fixtures import legal_deck_json, token_client
from games.dm.rules.decklist import parse_json
from tournaments import services as tournament_services
from tournaments.models import RevalidationJob

SECRET = "SECRET-MARKER"


@pytest.fixture
def world(cards, owner, other, organizer):
    """Decks of every visibility, an open event with one registration and a re-validation job."""
    legal = parse_json(legal_deck_json())
    private = services.deck_create(owner=owner, name=f"{SECRET} private", description=f"{SECRET} notes", decklist=legal)
    unlisted = services.deck_create(owner=owner, name=f"{SECRET} unlisted", visibility="unlisted", decklist=legal)
    public = services.deck_create(owner=owner, name="Open deck", visibility="public", decklist=legal)
    event = tournament_services.event_create(
        organizer=organizer,
        name="Store CS",
        date=timezone.localdate() + timedelta(days=7),
        registration_deadline=timezone.now() + timedelta(days=6),
    )
    registration = tournament_services.registration_submit(event_id=event.id, user=owner, deck_id=public.id)
    job = RevalidationJob.objects.create(event=event, requested_by=organizer)
    return {
        "P": private.id,
        "U": unlisted.id,
        "Pub": public.id,
        "slug": unlisted.share_slug,
        "E": event.id,
        "R": registration.id,
        "J": job.id,
        "users": {"anonymous": None, "owner": owner, "other": other, "organizer": organizer},
    }


ROLES = ["anonymous", "owner", "other", "organizer"]
V1 = '"1"'
DECK = legal_deck_json()

# (id, method, path, body, If-Match, expected status for anonymous / owner / other / organizer)
MATRIX = [
    ("decks-list", "get", "/decks/", None, None, (200, 200, 200, 200)),
    ("decks-search", "get", "/decks/?q=deck", None, None, (200, 200, 200, 200)),
    ("decks-create", "post", "/decks/", {"name": "n", "deck": DECK}, None, (401, 201, 201, 201)),
    ("private-read", "get", "/decks/{P}/", None, None, (404, 200, 404, 404)),
    ("private-update", "patch", "/decks/{P}/", {"name": "x"}, V1, (401, 200, 404, 404)),
    ("private-delete", "delete", "/decks/{P}/", None, V1, (401, 204, 404, 404)),
    ("public-read", "get", "/decks/{Pub}/", None, None, (200, 200, 200, 200)),
    ("public-update", "patch", "/decks/{Pub}/", {"name": "x"}, V1, (401, 200, 403, 403)),
    ("public-delete", "delete", "/decks/{Pub}/", None, V1, (401, 204, 403, 403)),
    ("unlisted-by-id", "get", "/decks/{U}/", None, None, (404, 200, 404, 404)),
    ("unlisted-by-link", "get", "/decks/shared/{slug}/", None, None, (200, 200, 200, 200)),
    ("private-versions", "get", "/decks/{P}/versions/", None, None, (404, 200, 404, 404)),
    ("private-version", "get", "/decks/{P}/versions/1/", None, None, (404, 200, 404, 404)),
    ("private-diff", "get", "/decks/{P}/versions/1/diff/", None, None, (404, 200, 404, 404)),
    ("public-versions", "get", "/decks/{Pub}/versions/", None, None, (200, 200, 200, 200)),
    ("private-restore", "post", "/decks/{P}/versions/1/restore/", None, V1, (401, 200, 404, 404)),
    ("public-restore", "post", "/decks/{Pub}/versions/1/restore/", None, V1, (401, 200, 403, 403)),
    ("public-copy", "post", "/decks/{Pub}/copy/", {}, None, (401, 201, 201, 201)),
    ("private-copy", "post", "/decks/{P}/copy/", {}, None, (401, 201, 404, 404)),
    ("private-import", "post", "/decks/{P}/import/", {"text": "4 テスト火竜"}, V1, (401, 200, 404, 404)),
    ("public-import", "post", "/decks/{Pub}/import/", {"text": "4 テスト火竜"}, V1, (401, 200, 403, 403)),
    ("private-export", "get", "/decks/{P}/export/text/", None, None, (404, 200, 404, 404)),
    ("public-export", "get", "/decks/{Pub}/export/sheet/", None, None, (200, 200, 200, 200)),
    ("private-legality", "get", "/decks/{P}/legality/?format=advance", None, None, (404, 200, 404, 404)),
    ("public-legality", "get", "/decks/{Pub}/legality/", None, None, (200, 200, 200, 200)),
    ("private-stats", "get", "/decks/{P}/stats/", None, None, (404, 200, 404, 404)),
    ("events-list", "get", "/events/", None, None, (200, 200, 200, 200)),
    (
        "events-create",
        "post",
        "/events/",
        {"name": "e", "date": "2030-01-01", "registration_deadline": "2029-12-31T12:00:00Z"},
        None,
        (401, 201, 201, 201),
    ),
    ("event-read", "get", "/events/{E}/", None, None, (200, 200, 200, 200)),
    ("event-lock", "post", "/events/{E}/lock/", None, None, (401, 403, 403, 200)),
    # The event is open: its decklists cannot be published yet (the organizer's answer is the 409, not a 403).
    ("event-publish", "post", "/events/{E}/publish/", None, None, (401, 403, 403, 409)),
    ("event-audit", "get", "/events/{E}/audit/", None, None, (401, 403, 403, 200)),
    ("registrations-list", "get", "/events/{E}/registrations/", None, None, (200, 200, 200, 200)),
    ("registrations-filter", "get", "/events/{E}/registrations/?status=illegal", None, None, (403, 403, 403, 200)),
    ("register-own-deck", "post", "/events/{E}/registrations/", {"deck_id": "{Pub}"}, None, (401, 200, 403, 403)),
    ("register-private-deck", "post", "/events/{E}/registrations/", {"deck_id": "{P}"}, None, (401, 200, 404, 404)),
    ("registration-read", "get", "/events/{E}/registrations/{R}/", None, None, (404, 200, 404, 200)),
    ("registration-withdraw", "delete", "/events/{E}/registrations/{R}/", None, None, (401, 204, 403, 403)),
    (
        "registration-amend",
        "post",
        "/events/{E}/registrations/{R}/amend/",
        {"reason": "typo", "deck": DECK},
        None,
        (401, 403, 403, 200),
    ),
    (
        "registrations-import",
        "post",
        "/events/{E}/registrations/import/",
        {"csv": "player,decklist\nalice,4 テスト火竜\n"},
        None,
        (401, 403, 403, 200),
    ),
    ("registrations-export-csv", "get", "/events/{E}/registrations/export/csv/", None, None, (403, 403, 403, 200)),
    ("registrations-export-json", "get", "/events/{E}/registrations/export/json/", None, None, (403, 403, 403, 200)),
    ("revalidation-create", "post", "/events/{E}/revalidations/", None, None, (401, 403, 403, 202)),
    ("revalidation-read", "get", "/events/{E}/revalidations/{J}/", None, None, (403, 403, 403, 200)),
    ("auth-token", "post", "/auth/token/", {"username": "other", "password": "a-long-test-password-42"}, None,
     (200, 200, 200, 200)),
    ("auth-logout", "post", "/auth/logout/", None, None, (401, 204, 204, 204)),
]  # fmt: skip


def _fill(value, ids):
    if isinstance(value, str):
        filled = value.format(**ids)
        return int(filled) if filled.isdigit() and value.startswith("{") else filled
    if isinstance(value, dict):
        return {k: _fill(v, ids) for k, v in value.items()}
    return value


def call(client, method, path, body=None, if_match=None):
    headers = {"HTTP_IF_MATCH": if_match} if if_match else {}
    kwargs = {"format": "json"} if body is not None else {}
    return getattr(client, method)("/api/v1" + path, body, **kwargs, **headers)


@pytest.mark.parametrize("role_index", range(4), ids=ROLES)
@pytest.mark.parametrize(
    ("method", "path", "body", "if_match", "expected"), [c[1:] for c in MATRIX], ids=[c[0] for c in MATRIX]
)
def test_permission_matrix(world, method, path, body, if_match, expected, role_index):
    ids = {k: v for k, v in world.items() if k != "users"}
    client = token_client(world["users"][ROLES[role_index]])
    response = call(client, method, _fill(path, ids), _fill(body, ids), if_match)
    assert response.status_code == expected[role_index], response.content[:500]
    if response.status_code >= 400:
        assert set(response.json()["error"]) == {"code", "message", "details"}


def test_register_endpoint_sign_up_and_token(db):
    client = token_client(None)
    response = client.post("/api/v1/auth/register/", {"username": "newbie", "password": "a-long-test-password-42"})
    assert response.status_code == 201
    token = response.json()["token"]
    again = client.post("/api/v1/auth/token/", {"username": "newbie", "password": "a-long-test-password-42"})
    assert again.json() == {"token": token}
    weak = client.post("/api/v1/auth/register/", {"username": "weak", "password": "123"})
    codes = {e["code"] for e in weak.json()["error"]["details"]["fields"]["password"]}
    assert {"password_too_short", "password_entirely_numeric"} <= codes


# --- the leak sweep ----------------------------------------------------------------------------------------

LIST_ENDPOINTS = [
    "/decks/",
    "/decks/?q=SECRET",
    "/decks/?owner=owner",
    "/decks/?mine=true",
    "/decks/?page_size=200",
    "/events/",
    "/events/?mine=true",
    "/events/{E}/registrations/",
    "/events/{E}/registrations/{R}/",
    "/events/{E}/registrations/export/csv/",
    "/events/{E}/registrations/export/json/",
    "/events/{E}/audit/",
    "/decks/{Pub}/export/text/",
    "/decks/{Pub}/export/json/",
    "/decks/{Pub}/export/sheet/",
]


@pytest.mark.parametrize("role", ["anonymous", "other", "organizer"])
def test_no_private_or_unlisted_deck_leaks_through_any_list_search_or_export(world, role, owner):
    # The owner also registers the private deck: the registration is a frozen copy for the organizer, but the deck
    # itself (its name, description, id) must still not show up anywhere.
    ids = {k: v for k, v in world.items() if k != "users"}
    tournament_services.registration_submit(event_id=world["E"], user=owner, deck_id=world["P"])
    client = token_client(world["users"][role])
    seen = 0
    for path in LIST_ENDPOINTS:
        response = client.get("/api/v1" + path.format(**ids))
        body = response.content.decode()
        assert SECRET not in body, path
        if response.status_code == 200 and response["Content-Type"].startswith("application/json"):
            seen += 1
            data = json.loads(body)
            results = data.get("results", []) if isinstance(data, dict) else []
            if path.startswith("/decks/?"):
                assert {world["P"], world["U"]}.isdisjoint({r["id"] for r in results}), path
            assert not re.search(rf'"deck_id":\s*{world["P"]}\b', body), path
    assert seen >= 5


def test_owner_lists_own_private_decks(world):
    response = token_client(world["users"]["owner"]).get("/api/v1/decks/?mine=true")
    assert {world["P"], world["U"], world["Pub"]} <= {r["id"] for r in response.json()["results"]}


# --- ETag / If-Match ---------------------------------------------------------------------------------------


def test_create_returns_etag_and_line_statuses(cards, owner):
    client = token_client(owner)
    text = "4 テスト火竜\n4 テスト超次元獣"  # the psychic written under main is moved (407.1)
    response = client.post("/api/v1/decks/", {"name": "t", "text": text}, format="json")
    assert response.status_code == 201
    assert response["ETag"] == '"1"'
    data = response.json()
    assert [(line["status"], line["moved"]) for line in data["lines"]] == [("card", False), ("card", True)]
    assert data["counts"] == {"main": 4, "hyperspatial": 4, "gr": 0, "partner": 0, "considering": 0}


ETAG_CASES = [
    ("missing-428", None, 428, "PRECONDITION_REQUIRED"),
    ("stale-412", '"7"', 412, "VERSION_CONFLICT"),
    ("garbage-400", "abc", 400, "INVALID_IF_MATCH"),
    ("current-200", '"1"', 200, None),
    ("bare-version-200", "1", 200, None),
    ("weak-etag-412", 'W/"1"', 412, "VERSION_CONFLICT"),  # RFC 9110 13.1.1: If-Match compares strongly
    ("weak-stale-412", 'W/"7"', 412, "VERSION_CONFLICT"),
    ("half-quoted-400", '"1', 400, "INVALID_IF_MATCH"),
]


@pytest.mark.parametrize(("if_match", "status", "code"), [c[1:] for c in ETAG_CASES], ids=[c[0] for c in ETAG_CASES])
def test_patch_needs_if_match(world, if_match, status, code):
    client = token_client(world["users"]["owner"])
    response = call(client, "patch", f"/decks/{world['P']}/", {"name": "renamed"}, if_match)
    assert response.status_code == status
    if status == 412:  # the current version, as header and in the body: reload from it
        assert response["ETag"] == '"1"' and response.json()["error"]["details"] == {"current_version": 1}
    if code:
        assert response.json()["error"]["code"] == code
        detail = client.get(f"/api/v1/decks/{world['P']}/")
        assert detail.json()["name"].startswith(SECRET) and detail["ETag"] == '"1"'  # nothing written
    else:
        assert response["ETag"] == '"2"' and response.json()["name"] == "renamed"


STALE_WRITES = [
    ("patch", "patch", "/decks/{P}/", {"name": "late"}),
    ("delete", "delete", "/decks/{P}/", None),
    ("restore", "post", "/decks/{P}/versions/1/restore/", None),
    ("import", "post", "/decks/{P}/import/", {"text": "4 テスト火竜"}),
]


@pytest.mark.parametrize(("method", "path", "body"), [c[1:] for c in STALE_WRITES], ids=[c[0] for c in STALE_WRITES])
def test_stale_write_412_carries_the_current_etag(world, method, path, body):
    client = token_client(world["users"]["owner"])
    path = path.format(P=world["P"])
    assert call(client, "patch", f"/decks/{world['P']}/", {"name": "second"}, V1)["ETag"] == '"2"'
    response = call(client, method, path, body, V1)  # version 1 is stale now
    assert response.status_code == 412
    assert response.json()["error"]["details"] == {"current_version": 2}
    assert response["ETag"] == '"2"'
    retry = call(client, method, path, body, response["ETag"])  # the 412's ETag is good for the retry
    assert retry.status_code in (200, 204), retry.content[:300]


def test_unresolved_decklist_is_rejected_with_every_line(world):
    client = token_client(world["users"]["owner"])
    response = call(client, "patch", f"/decks/{world['P']}/", {"text": "4 テスト火竜\n4 Twin Name\n4 nope"}, V1)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "DECKLIST_UNRESOLVED"
    assert [line["status"] for line in error["details"]["lines"]] == ["card", "ambiguous", "unknown"]


def test_legality_format_query_is_a_game_format_not_a_renderer(world):
    client = token_client(world["users"]["owner"])
    ok = client.get(f"/api/v1/decks/{world['P']}/legality/?format=advance&as_of=2024-05-01")
    assert ok.status_code == 200 and ok.json()["legal"] is True and ok.json()["as_of"] == "2024-05-01"
    unknown = client.get(f"/api/v1/decks/{world['P']}/legality/?format=nosuchformat")
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "UNKNOWN_FORMAT"


@pytest.mark.parametrize(
    ("kind", "content_type"), [("text", "text/plain"), ("json", "application/json"), ("sheet", "text/html")]
)
def test_export_kinds(world, kind, content_type):
    response = token_client(world["users"]["owner"]).get(f"/api/v1/decks/{world['Pub']}/export/{kind}/")
    assert response.status_code == 200 and response["Content-Type"].startswith(content_type)
    assert "テスト火竜" in response.content.decode()


def test_throttled_requests_get_429_with_retry_after(db, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "2/min", "user": "2/min"})
    client = token_client(None)
    statuses = [client.get("/api/v1/decks/").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    response = client.get("/api/v1/decks/")
    assert 1 <= int(response["Retry-After"]) <= 60
    assert response.json()["error"]["code"] == "THROTTLED"
    assert response.json()["error"]["details"]["retry_after_seconds"] == int(response["Retry-After"])


def test_other_users_cannot_see_registration_decklists_before_publication(world):
    other = token_client(world["users"]["other"])
    listed = other.get(f"/api/v1/events/{world['E']}/registrations/").json()["results"]
    assert listed == [
        {"id": world["R"], "player": "owner", "submitted_at": listed[0]["submitted_at"], "decklist_visible": False}
    ]
    token_client(world["users"]["organizer"]).post(f"/api/v1/events/{world['E']}/lock/")
    token_client(world["users"]["organizer"]).post(f"/api/v1/events/{world['E']}/publish/")
    published = other.get(f"/api/v1/events/{world['E']}/registrations/").json()["results"][0]
    assert published["decklist_visible"] is True and sum(e["count"] for e in published["entries"]["main"]) == 40
    assert "deck_id" not in published
    assert other.get(f"/api/v1/events/{world['E']}/registrations/export/csv/").status_code == 200


def _parameterless_get_paths() -> list[str]:
    """Every GET endpoint of the whole API without path parameters (lists, searches, reports) from the schema."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(path for path, item in schema["paths"].items() if "get" in item and "{" not in path)


@pytest.mark.parametrize("role", ["anonymous", "other"])
def test_no_private_deck_leaks_through_any_parameterless_endpoint_of_the_api(world, role):
    client = token_client(world["users"][role])
    paths = _parameterless_get_paths()
    assert "/api/v1/decks/" in paths and "/api/v1/events/" in paths
    for path in paths:
        for query in ("", f"?q={SECRET}", "?mine=true"):
            response = client.get(path + query)
            assert response.status_code < 500, path
            assert SECRET not in response.content.decode(), path + query


def test_create_with_an_unknown_format_is_400(cards, owner):
    response = token_client(owner).post("/api/v1/decks/", {"name": "x", "format": "nosuchformat"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "UNKNOWN_FORMAT"


def test_every_deck_tournament_and_auth_operation_documents_its_errors():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    mine = {
        p: item
        for p, item in schema["paths"].items()
        if p.startswith(("/api/v1/decks", "/api/v1/events", "/api/v1/auth"))
    }
    operations = [
        (p, m, op) for p, item in mine.items() for m, op in item.items() if m in ("get", "post", "patch", "delete")
    ]
    assert len(operations) >= 25
    for path, method, operation in operations:
        errors = {code for code in operation["responses"] if code.startswith(("4", "5"))}
        assert "429" in errors, (method, path)
        assert errors - {"429"} or path.endswith(("/decks/", "/events/")) and method == "get", (method, path)
        for code in errors:
            body = operation["responses"][code]["content"]["application/json"]["schema"]
            assert body == {"$ref": "#/components/schemas/Error"}, (method, path, code)
        if "If-Match" in [p["name"] for p in operation.get("parameters", [])]:
            assert {"412", "428"} <= errors, (method, path)


@pytest.fixture(scope="module")
def deck_schema():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _deck_create_fields(schema) -> dict:
    operation = schema["paths"]["/api/v1/decks/"]["post"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    return schema["components"]["schemas"][ref]["properties"]


@pytest.mark.parametrize(
    "game, zones",
    [
        pytest.param("dm", "`main`, `hyperspatial`, `gr`, `partner`, `considering`", id="dm"),
        pytest.param("ygo", "`main`, `extra`, `side`", id="ygo"),
        pytest.param("dbs", "`leader`, `main`, `z`, `side`", id="dbs"),
    ],
)
def test_the_decklist_help_lists_each_games_zones(deck_schema, game, zones):
    """The deck's JSON and text help are the deck's game's zones, from the registry (no game's example in the core)."""
    from games import registry

    fields = _deck_create_fields(deck_schema)
    for name in ("deck", "text"):
        assert f"{registry.get(game).name_en} (`{game}`): {zones}" in fields[name]["description"], name
    assert "Duel Masters" not in fields["deck"]["description"].replace("Duel Masters (`dm`)", "")
    assert f"`{registry.get(game).default_format}`" in fields["format"]["description"]


def test_the_statistics_are_described_as_the_decks_games(deck_schema):
    description = deck_schema["paths"]["/api/v1/decks/{deck_id}/stats/"]["get"]["description"]
    assert description.startswith("The deck's game's statistics") and "`editor.deck_statistics`" in description
