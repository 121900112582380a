"""Event overlays for organizers: the API's permission matrix, its validation errors (nothing stored), and
legality checks that apply a created overlay's statuses and combos by its stable id."""

from datetime import date, timedelta

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from games.dm.rules.decklist import parse_text
from games.dm.rules.legality import Combo, Regulation
from games.dm.rules.vocabulary import RegulationStatus
from regulations import selectors, services
from regulations.models import EventOverlay, OverlayCard, OverlayCombo
from regulations.tests.catalogue import BANNED, FILLER, LIMITED, SHARED_BACK

URL = "/api/v1/overlays/"


def filler(n: int, skip: int = 0) -> str:
    lines, names = [], iter(FILLER[skip:])
    while n > 0:
        take = min(4, n)
        lines.append(f"{take} {next(names)}")
        n -= take
    return "\n".join(lines)


def client_for(user) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def users(db):
    return {
        "anonymous": None,
        "owner": UserFactory(username="organizer"),
        "other": UserFactory(username="someone-else"),
    }


@pytest.fixture
def overlay(hof, users):
    return services.overlay_create(
        owner=users["owner"],
        overlay_id="cs-2015",
        name="CS 2015",
        base_format="advance",
        entries=[{"card": FILLER[0], "status": "banned"}],
    )


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["code"] == code, body
    return body["error"]


# ------------------------------------------------------------------------------------------- permission matrix

NEW = {"name": "New cup", "base_format": "advance", "entries": [{"card": FILLER[1], "status": "limited"}]}

PERMISSIONS = [
    # (method, path, body, actor, status)
    pytest.param("get", URL, None, "anonymous", 200, id="list-anonymous"),
    pytest.param("get", URL, None, "owner", 200, id="list-owner"),
    pytest.param("get", URL, None, "other", 200, id="list-other"),
    pytest.param("get", f"{URL}cs-2015/", None, "anonymous", 200, id="read-anonymous"),
    pytest.param("get", f"{URL}cs-2015/", None, "owner", 200, id="read-owner"),
    pytest.param("get", f"{URL}cs-2015/", None, "other", 200, id="read-other"),
    pytest.param("get", f"{URL}nope/", None, "anonymous", 404, id="read-unknown"),
    pytest.param("post", URL, NEW, "anonymous", 401, id="create-anonymous"),
    pytest.param("post", URL, NEW, "owner", 201, id="create-owner"),
    pytest.param("post", URL, NEW, "other", 201, id="create-other-user-owns-the-new-one"),
    pytest.param("patch", f"{URL}cs-2015/", {"name": "Renamed"}, "anonymous", 401, id="update-anonymous"),
    pytest.param("patch", f"{URL}cs-2015/", {"name": "Renamed"}, "owner", 200, id="update-owner"),
    pytest.param("patch", f"{URL}cs-2015/", {"name": "Renamed"}, "other", 403, id="update-other"),
    pytest.param("patch", f"{URL}nope/", {"name": "Renamed"}, "other", 404, id="update-unknown"),
    pytest.param("delete", f"{URL}cs-2015/", None, "anonymous", 401, id="delete-anonymous"),
    pytest.param("delete", f"{URL}cs-2015/", None, "owner", 204, id="delete-owner"),
    pytest.param("delete", f"{URL}cs-2015/", None, "other", 403, id="delete-other"),
    pytest.param("delete", f"{URL}nope/", None, "owner", 404, id="delete-unknown"),
]


@pytest.mark.parametrize(("method", "path", "body", "actor", "status"), PERMISSIONS)
def test_permission_matrix(overlay, users, method, path, body, actor, status):
    response = getattr(client_for(users[actor]), method)(path, body, format="json")
    assert response.status_code == status, response.content
    if status >= 400:
        code = {401: "NOT_AUTHENTICATED", 403: "PERMISSION_DENIED", 404: "UNKNOWN_OVERLAY"}[status]
        error_of(response, status, code)
    if status == 401:
        assert response["WWW-Authenticate"].startswith("Token")
    stored = EventOverlay.objects.get(slug="cs-2015") if EventOverlay.objects.filter(slug="cs-2015").exists() else None
    if (method, status) == ("patch", 200):
        assert stored.name == "Renamed"
    elif (method, status) == ("delete", 204):
        assert stored is None
    else:
        assert stored is not None and stored.name == "CS 2015" and stored.owner == users["owner"]
    if (method, status) == ("post", 201):
        assert EventOverlay.objects.get(slug=response.json()["id"]).owner == users[actor]
        assert response.json()["owner"] == users[actor].username


def test_an_overlay_without_owner_is_changed_only_in_the_admin(overlay, users):
    EventOverlay.objects.filter(slug="cs-2015").update(owner=None)
    for actor in ("owner", "other"):
        error_of(
            client_for(users[actor]).patch(f"{URL}cs-2015/", {"name": "x"}, format="json"), 403, "PERMISSION_DENIED"
        )
    assert client_for(None).get(f"{URL}cs-2015/").json()["owner"] is None


# ---------------------------------------------------------------------------------------------- validation errors

VALID = {"id": "cup-1", "name": "Cup", "base_format": "advance"}

INVALID = [
    pytest.param(
        {
            **VALID,
            "entries": [
                {"card": FILLER[0], "status": "banned"},
                {"card": "まったく存在しないカード", "status": "banned"},
            ],
        },
        400,
        "OVERLAY_CARDS_UNRESOLVED",
        {"field": "entries", "index": 1, "status": "unknown"},
        id="unknown-card",
    ),
    pytest.param(
        {**VALID, "entries": [{"card": SHARED_BACK, "status": "limited"}]},
        400,
        "OVERLAY_CARDS_UNRESOLVED",
        {"field": "entries", "index": 0, "status": "ambiguous"},
        id="ambiguous-card-shared-back-face",
    ),
    pytest.param(
        {**VALID, "combos": [{"cards": [FILLER[0], "まったく存在しないカード"]}]},
        400,
        "OVERLAY_CARDS_UNRESOLVED",
        {"field": "combos", "index": 0, "side": 1, "status": "unknown"},
        id="unknown-combo-card",
    ),
    pytest.param(
        {**VALID, "entries": [{"card": 999_999, "status": "banned"}]},
        400,
        "OVERLAY_CARDS_UNRESOLVED",
        {"field": "entries", "index": 0, "status": "unknown"},
        id="unknown-card-id",
    ),
    pytest.param(
        {
            **VALID,
            "entries": [{"card": LIMITED, "status": "banned"}, {"card": f" {LIMITED} ", "status": "unrestricted"}],
        },
        400,
        "OVERLAY_CARD_REPEATED",
        None,
        id="one-card-twice",
    ),
    pytest.param(
        {**VALID, "combos": [{"cards": [FILLER[0], FILLER[0]]}]},
        400,
        "OVERLAY_COMBO_SAME_CARD",
        None,
        id="combo-one-card",
    ),
    pytest.param({**VALID, "base_format": "nope"}, 400, "UNKNOWN_FORMAT", None, id="unknown-base-format"),
    pytest.param(
        {**VALID, "entries": [{"card": FILLER[0], "status": "premium_combo"}]},
        400,
        "VALIDATION_ERROR",
        None,
        id="status-not-a-card-status",
    ),
    pytest.param({**VALID, "combos": [{"cards": [FILLER[0]]}]}, 400, "VALIDATION_ERROR", None, id="combo-of-one"),
    pytest.param({**VALID, "name": ""}, 400, "VALIDATION_ERROR", None, id="blank-name"),
    pytest.param({**VALID, "id": "no spaces/allowed"}, 400, "VALIDATION_ERROR", None, id="id-not-a-slug"),
    pytest.param({**VALID, "card_pool_cutoff": "2020-13-40"}, 400, "VALIDATION_ERROR", None, id="bad-cutoff-date"),
    pytest.param(
        {**VALID, "entries": [{"card": FILLER[0], "status": "banned"}] * 501},
        400,
        "VALIDATION_ERROR",
        None,
        id="too-many-entries",
    ),
    pytest.param({**VALID, "id": "cs-2015"}, 409, "OVERLAY_ID_TAKEN", None, id="id-taken"),
]


@pytest.mark.parametrize(("body", "status", "code", "problem"), INVALID)
def test_create_errors_store_nothing(overlay, users, body, status, code, problem):
    before = (EventOverlay.objects.count(), OverlayCard.objects.count(), OverlayCombo.objects.count())
    error = error_of(client_for(users["other"]).post(URL, body, format="json"), status, code)
    if problem is not None:
        (found,) = error["details"]["cards"]
        assert {key: found[key] for key in problem} == problem
        assert isinstance(found["candidates"], list)
        if problem["status"] == "ambiguous":  # every match, so the organizer can pick one by id
            assert len(found["candidates"]) == 2
    assert (EventOverlay.objects.count(), OverlayCard.objects.count(), OverlayCombo.objects.count()) == before


def test_unknown_card_lists_the_closest_names(hof, users):
    body = {**VALID, "entries": [{"card": FILLER[3].replace("フィ", "ヒ"), "status": "banned"}]}
    error = error_of(client_for(users["owner"]).post(URL, body, format="json"), 400, "OVERLAY_CARDS_UNRESOLVED")
    assert FILLER[3] in [c["name_ja"] for c in error["details"]["cards"][0]["candidates"]]


UPDATE_ERRORS = [
    pytest.param({"id": "other-id"}, 400, "OVERLAY_ID_IMMUTABLE", id="id-changes"),
    pytest.param(
        {"entries": [{"card": "まったく存在しないカード", "status": "banned"}]},
        400,
        "OVERLAY_CARDS_UNRESOLVED",
        id="unknown",
    ),
    pytest.param({"base_format": "nope"}, 400, "UNKNOWN_FORMAT", id="unknown-format"),
    pytest.param({"name": ""}, 400, "VALIDATION_ERROR", id="blank-name"),
]


@pytest.mark.parametrize(("body", "status", "code"), UPDATE_ERRORS)
def test_update_errors_change_nothing(overlay, users, body, status, code):
    error_of(client_for(users["owner"]).patch(f"{URL}cs-2015/", body, format="json"), status, code)
    stored = selectors.overlay_get(overlay_id="cs-2015")
    assert (stored.name, stored.base_format.code) == ("CS 2015", "advance")
    assert [(row.card.name_ja, row.status) for row in stored.cards.all()] == [(FILLER[0], "banned")]


# ---------------------------------------------------------------------------------------- create, read, update


def test_create_resolves_names_and_ids_and_returns_the_overlay(hof, cards, users):
    body = {
        "id": "cs-2026-spring",
        "name": "CS 2026 spring",
        "base_format": "advance",
        "entries": [
            {"card": "ﾌｨﾗｰ01", "status": "banned"},  # half-width spelling of フィラー01
            {"card": cards[FILLER[1]], "status": "limited"},  # a card id
            {"card": LIMITED, "status": "unrestricted"},
        ],
        "combos": [{"cards": [FILLER[2], str(cards[FILLER[3]])]}],
        "card_pool_cutoff": "2026-03-01",
        "description": "Store championship",
    }
    response = client_for(users["owner"]).post(URL, body, format="json")
    assert response.status_code == 201, response.content
    created = response.json()
    assert created == client_for(None).get(f"{URL}cs-2026-spring/").json()
    assert (created["id"], created["base_format"], created["owner"]) == ("cs-2026-spring", "advance", "organizer")
    assert (created["card_pool_cutoff"], created["card_pool_cutoff_enforced"]) == ("2026-03-01", True)
    assert sorted((row["card"]["name"], row["status"]) for row in created["cards"]) == [
        (LIMITED, "unrestricted"),
        (FILLER[0], "banned"),
        (FILLER[1], "limited"),
    ]
    assert [([c["name"] for c in row["cards"]], row["kind"]) for row in created["combos"]] == [
        ([FILLER[2], FILLER[3]], "premium_combo")
    ]


def test_an_id_is_made_from_the_name_when_none_is_given(hof, users):
    first = client_for(users["owner"]).post(URL, {"name": "Spring Cup 2026"}, format="json").json()
    second = client_for(users["owner"]).post(URL, {"name": "Spring Cup 2026"}, format="json").json()
    assert first["id"].startswith("spring-cup-2026-") and second["id"].startswith("spring-cup-2026-")
    assert first["id"] != second["id"]
    japanese = client_for(users["owner"]).post(URL, {"name": "春の大会"}, format="json").json()
    assert japanese["id"].startswith("overlay-")


def test_update_replaces_lists_and_clears_the_cutoff(overlay, users):
    owner = client_for(users["owner"])
    body = {
        "entries": [{"card": FILLER[1], "status": "limited"}],
        "combos": [{"cards": [FILLER[2], FILLER[3]], "kind": "premium_hyperspatial_combo"}],
        "card_pool_cutoff": "2015-01-01",
        "base_format": "unrestricted",
    }
    updated = owner.patch(f"{URL}cs-2015/", body, format="json").json()
    assert (updated["id"], updated["base_format"], updated["card_pool_cutoff"]) == (
        "cs-2015",
        "unrestricted",
        "2015-01-01",
    )
    assert [(row["card"]["name"], row["status"]) for row in updated["cards"]] == [(FILLER[1], "limited")]
    assert [row["kind"] for row in updated["combos"]] == ["premium_hyperspatial_combo"]
    # fields left out stay; null removes the cut-off
    updated = owner.patch(f"{URL}cs-2015/", {"card_pool_cutoff": None}, format="json").json()
    assert (updated["name"], updated["card_pool_cutoff"], len(updated["cards"]), len(updated["combos"])) == (
        "CS 2015",
        None,
        1,
        1,
    )


def test_list_is_public_paginated_and_filterable(overlay, users):
    for n in range(3):
        services.overlay_create(
            owner=users["other"], overlay_id=f"other-{n}", name=f"Other {n}", base_format="original"
        )
    anonymous = client_for(None)
    page = anonymous.get(URL, {"page_size": 2}).json()
    assert (page["count"], len(page["results"]), page["next"] is not None) == (4, 2, True)
    assert [o["id"] for o in page["results"]] == ["other-2", "other-1"]  # newest first
    assert [o["id"] for o in anonymous.get(URL, {"page_size": 2, "page": 2}).json()["results"]] == [
        "other-0",
        "cs-2015",
    ]
    assert [o["id"] for o in client_for(users["owner"]).get(URL, {"mine": "true"}).json()["results"]] == ["cs-2015"]
    assert anonymous.get(URL, {"mine": "true"}).json()["count"] == 0
    assert anonymous.get(URL, {"base_format": "original"}).json()["count"] == 3
    assert [o.slug for o in selectors.overlay_list(owner=users["other"])] == ["other-2", "other-1", "other-0"]


def test_an_overlay_in_use_by_an_event_is_not_deleted(overlay, users):
    from tournaments import services as tournament_services

    tournament_services.event_create(
        organizer=users["owner"],
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
        overlay_id="cs-2015",
    )
    error = error_of(client_for(users["owner"]).delete(f"{URL}cs-2015/"), 409, "OVERLAY_IN_USE")
    assert error["details"] == {"events": 1}
    assert EventOverlay.objects.filter(slug="cs-2015").exists()


# ------------------------------------------------------------------------------ legality under a created overlay

# 2015-01-01: the base list limits エメラル (LIMITED) and bans BANNED. The deck: 2 エメラル and 4 each of FILLER[0..8].
DECK = f"2 {LIMITED}\n" + filler(38)
AS_OF = "2015-01-01"

APPLIED = [
    pytest.param([], [], [("HALL_OF_FAME", (LIMITED,))], id="no-own-statuses-base-list-applies"),
    pytest.param(
        [{"card": FILLER[0], "status": "banned"}],
        [],
        [("HALL_OF_FAME", (LIMITED,)), ("PREMIUM_HALL_OF_FAME", (FILLER[0],))],
        id="ban",
    ),
    pytest.param(
        [{"card": FILLER[1], "status": "limited"}],
        [],
        [("HALL_OF_FAME", (FILLER[1],)), ("HALL_OF_FAME", (LIMITED,))],
        id="limit",
    ),
    pytest.param([{"card": LIMITED, "status": "unrestricted"}], [], [], id="unban-of-the-base-list"),
    pytest.param(
        [{"card": LIMITED, "status": "unrestricted"}],
        [{"cards": [FILLER[2], FILLER[3]]}],
        [("PREMIUM_COMBO", (FILLER[2], FILLER[3]))],
        id="own-combo",
    ),
    pytest.param(
        [{"card": LIMITED, "status": "banned"}, {"card": BANNED, "status": "unrestricted"}],
        [],
        [("PREMIUM_HALL_OF_FAME", (LIMITED,))],
        id="limited-becomes-banned",
    ),
]


@pytest.mark.parametrize(("entries", "combos", "expected"), APPLIED)
def test_legality_check_applies_the_created_overlay(hof, users, entries, combos, expected):
    body = {"id": "event", "name": "Event", "base_format": "advance", "entries": entries, "combos": combos}
    assert client_for(users["owner"]).post(URL, body, format="json").status_code == 201
    check = {"text": DECK, "as_of": AS_OF, "overlay": "event"}
    report = client_for(None).post("/api/v1/legality/", check, format="json").json()
    found = sorted((v["code"], tuple(sorted(c["name"] for c in v["cards"]))) for v in report["violations"])
    assert found == sorted((code, tuple(sorted(names))) for code, names in expected)
    assert report["legal"] is (not expected)
    assert (report["overlay"]["id"], report["format"]) == ("event", "advance")


def test_an_update_applies_to_the_next_check(overlay):
    deck = parse_text(f"4 {FILLER[0]}\n" + filler(36, skip=1))
    codes = [v["code"] for v in services.legality_report(decklist=deck, overlay_id="cs-2015")["violations"]]
    assert codes == ["PREMIUM_HALL_OF_FAME"]
    services.overlay_update(overlay_id="cs-2015", user=overlay.owner, entries=[])
    assert services.legality_report(decklist=deck, overlay_id="cs-2015")["legal"] is True


@pytest.mark.parametrize(
    ("cutoff", "codes"),
    [
        pytest.param(None, [], id="no-cutoff"),
        pytest.param(date(2002, 5, 30), [], id="released-on-the-cutoff-day"),
        pytest.param(date(2002, 5, 29), ["CARD_POOL_CUTOFF"] * 10, id="released-after-the-cutoff"),
    ],
)
def test_card_pool_cutoff_is_enforced(overlay, users, cutoff, codes):
    # Every fixture card was first released on 2002-05-30 (regulations/tests/catalogue.py FIRST_SET).
    deck = parse_text(filler(40, skip=1))
    services.overlay_update(overlay_id="cs-2015", user=users["owner"], card_pool_cutoff=cutoff)
    report = services.legality_report(decklist=deck, overlay_id="cs-2015", as_of=date(2015, 1, 1))
    assert [v["code"] for v in report["violations"]] == codes
    assert [(v["rule"], v["zone"]) for v in report["violations"]] == [("100.2", "main")] * len(codes)
    assert report["warnings"] == []
    if codes:
        first = report["violations"][0]
        for text in (first["message"], first["message_ja"]):
            assert "2002-05-30" in text and cutoff.isoformat() in text and "cs-2015" in text
    assert report["overlay"]["card_pool_cutoff"] == (cutoff.isoformat() if cutoff else None)


OVERLAY_MERGE = [
    pytest.param({}, (), (), {"a": 1}, [("a", "b")], id="nothing-own"),
    pytest.param({"c": 0}, (), (), {"a": 1, "c": 0}, [("a", "b")], id="ban-added"),
    pytest.param({}, ("a",), (), {}, [], id="unban-lifts-limit-and-combo"),
    pytest.param({}, (), (("c", "d"),), {"a": 1}, [("a", "b"), ("c", "d")], id="combo-added"),
    pytest.param({}, (), (("b", "a"),), {"a": 1}, [("a", "b")], id="same-combo-once"),
]


@pytest.mark.parametrize(("limits", "unbans", "combos", "limits_after", "combos_after"), OVERLAY_MERGE)
def test_regulation_with_overlay(limits, unbans, combos, limits_after, combos_after):
    base = Regulation(limits={"a": 1}, combos=(Combo(("a", "b")),))
    merged = base.with_overlay(
        limits=limits, unbans=unbans, combos=[Combo(keys, RegulationStatus.PREMIUM_COMBO) for keys in combos]
    )
    assert dict(merged.limits) == limits_after
    assert [combo.keys for combo in merged.combos] == combos_after
