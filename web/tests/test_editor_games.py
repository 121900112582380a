"""The deck editor for every game (games.registry's editor hooks) through its JSON endpoint (/editor/state/): a
change applied, the zone an added card goes to, the game's legality codes, the game's statistics, the zones a
format shows (デュエパーティー: the partner, no hyperspatial or GR zone), the search previews' tiles, and the editor
page itself for a deck of each game."""

import json

import pytest
from django.test import Client

from accounts.tests.factories import UserFactory
from web.tests.catalogue import LEGAL_MAIN
from web.tests.games_catalogue import DBS_MAIN, YGO_EXTRA, YGO_FORBIDDEN, YGO_MAIN
from web.tests.games_catalogue import card_id as card

pytestmark = pytest.mark.django_db


def state(body: dict):
    return Client().post("/editor/state/", json.dumps(body), content_type="application/json")


def deck_of(game: str, zones: dict[str, dict[str, int]]) -> dict:
    return {zone: [{"card": card(game, name), "count": n} for name, n in rows.items()] for zone, rows in zones.items()}


YGO_LEGAL = {"main": {row[0]: 3 for row in YGO_MAIN}}  # 14 names x 3 = 42 cards
DBS_LEGAL = {"leader": {"BT99-001": 1}, "main": {row[0]: 4 for row in DBS_MAIN[:13]}}  # 52 cards
DM_LEGAL = {"main": dict.fromkeys(LEGAL_MAIN, 4)}

ADD_CASES = [
    # (game, deck before, card, zone given, zone it lands in, count there after)
    pytest.param("dm", {}, "テスト火炎兵", None, "main", 1, id="dm-creature-to-main"),
    pytest.param("dm", {}, "テスト超次元獣アルファ", None, "hyperspatial", 1, id="dm-psychic-to-hyperspatial"),
    pytest.param("dm", {}, "テストGRロボ", None, "gr", 1, id="dm-gr-to-gr"),
    pytest.param("ygo", {}, YGO_MAIN[0][0], None, "main", 1, id="ygo-main-monster-to-main"),
    pytest.param("ygo", {}, YGO_EXTRA[0][0], None, "extra", 1, id="ygo-synchro-to-extra"),
    pytest.param("ygo", {}, YGO_EXTRA[1][0], None, "extra", 1, id="ygo-link-to-extra"),
    pytest.param("ygo", {"main": {YGO_MAIN[8][0]: 2}}, YGO_MAIN[8][0], None, "main", 3, id="ygo-third-copy"),
    pytest.param("ygo", {}, YGO_MAIN[11][0], "side", "side", 1, id="ygo-side-given"),
    pytest.param("dbs", {}, "BT99-001", None, "leader", 1, id="dbs-leader-to-leader"),
    pytest.param("dbs", {}, "BT99-010", None, "main", 1, id="dbs-battle-to-main"),
    pytest.param("dbs", {}, "BT99-090", None, "z", 1, id="dbs-z-battle-to-z"),
    pytest.param("dbs", {}, "BT99-091", None, "z", 1, id="dbs-z-extra-to-z"),
    pytest.param("dbs", {}, "BT99-020", "side", "side", 1, id="dbs-side-given"),
]


@pytest.mark.parametrize(("game", "before", "name", "zone", "expected", "count"), ADD_CASES)
def test_an_added_card_goes_to_its_zone(catalogues, game, before, name, zone, expected, count):
    card_id = card(game, name)
    response = state({"game": game, "deck": deck_of(game, before), "op": {"op": "add", "card": card_id, "zone": zone}})
    assert response.status_code == 200, response.json()
    deck = response.json()["deck"]
    where = {z: [e["count"] for e in rows if e["card"] == card_id] for z, rows in deck.items()}
    assert {z: counts for z, counts in where.items() if counts} == {expected: [count]}
    assert str(card_id) in response.json()["cards"]


MOVE_CASES = [
    # (game, deck, change, zone -> count of the card after)
    pytest.param("ygo", {"main": {YGO_MAIN[0][0]: 3}}, ("move", "main", "side"), {"side": 3}, id="ygo-main-to-side"),
    pytest.param("ygo", {"main": {YGO_MAIN[0][0]: 3}}, ("set", "main", 1), {"main": 1}, id="ygo-set-count"),
    pytest.param("ygo", {"main": {YGO_MAIN[0][0]: 3}}, ("set", "main", 0), {}, id="ygo-remove"),
    pytest.param("dbs", {"main": {"BT99-010": 4}}, ("move", "main", "side"), {"side": 4}, id="dbs-main-to-side"),
    pytest.param("dbs", {"side": {"BT99-010": 2}}, ("move", "side", "main"), {"main": 2}, id="dbs-side-to-main"),
    pytest.param("dm", {"main": {"テスト火炎兵": 2}}, ("move", "main", "considering"), {"considering": 2},
                 id="dm-main-to-considering"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "before", "change", "expected"), MOVE_CASES)
def test_a_set_or_move_changes_the_working_copy(catalogues, game, before, change, expected):
    ((zone, rows),) = before.items()
    ((name, _count),) = rows.items()
    card_id = card(game, name)
    kind, source, third = change
    op = {
        "op": kind,
        "card": card_id,
        **({"from": source, "to": third} if kind == "move" else {"zone": source, "count": third}),
    }
    response = state({"game": game, "deck": deck_of(game, before), "op": op})
    deck = response.json()["deck"]
    assert {z: e["count"] for z, rows in deck.items() for e in rows if e["card"] == card_id} == expected


CODE_CASES = [
    # (game, deck, format, legal, codes that must be present)
    pytest.param("ygo", YGO_LEGAL, None, True, set(), id="ygo-legal"),
    pytest.param("ygo", {"main": {YGO_MAIN[0][0]: 3}}, None, False, {"DECK_SIZE"}, id="ygo-too-small"),
    pytest.param("ygo", {"main": {**YGO_LEGAL["main"], YGO_EXTRA[0][0]: 1}}, None, False, {"ZONE_MISPLACED"},
                 id="ygo-synchro-in-main"),
    pytest.param("ygo", {"main": {**YGO_LEGAL["main"], YGO_MAIN[0][0]: 4}}, None, False, {"COPY_LIMIT"},
                 id="ygo-fourth-copy"),
    pytest.param("ygo", {"main": YGO_LEGAL["main"], "side": {YGO_MAIN[0][0]: 1}}, None, False, {"COPY_LIMIT"},
                 id="ygo-copies-counted-with-the-side"),
    pytest.param("ygo", {"main": {**YGO_LEGAL["main"], YGO_FORBIDDEN: 1}}, None, False, {"FORBIDDEN"},
                 id="ygo-forbidden"),
    pytest.param("ygo", {"main": YGO_LEGAL["main"], "extra": {YGO_MAIN[1][0]: 1}}, None, False, {"ZONE_MISPLACED"},
                 id="ygo-main-card-in-extra"),
    pytest.param("dbs", DBS_LEGAL, None, True, set(), id="dbs-legal"),
    pytest.param("dbs", {"main": DBS_LEGAL["main"]}, None, False, {"LEADER_COUNT"}, id="dbs-no-leader"),
    pytest.param("dbs", {**DBS_LEGAL, "leader": {"BT99-001": 1, "BT99-002": 1}}, None, False, {"LEADER_COUNT"},
                 id="dbs-two-leaders"),
    pytest.param("dbs", {**DBS_LEGAL, "main": {**DBS_LEGAL["main"], "BT99-010": 5}}, None, False, {"COPY_LIMIT"},
                 id="dbs-fifth-copy"),
    pytest.param("dbs", {**DBS_LEGAL, "main": {**DBS_LEGAL["main"], "BT99-090": 1}}, None, False, {"ZONE_MISPLACED"},
                 id="dbs-z-card-in-main"),
    pytest.param("dbs", {"leader": {"BT99-001": 1}, "main": {"BT99-010": 4}}, None, False, {"DECK_SIZE"},
                 id="dbs-too-small"),
    pytest.param("dm", DM_LEGAL, "advance", True, set(), id="dm-legal"),
    pytest.param("dm", {"main": {**DM_LEGAL["main"], "テスト超次元獣アルファ": 1}}, "advance", False,
                 {"ZONE_MISPLACED"}, id="dm-psychic-in-main"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "deck", "format_code", "legal", "codes"), CODE_CASES)
def test_the_games_legality_is_live(catalogues, game, deck, format_code, legal, codes):
    body = {"game": game, "deck": deck_of(game, deck), "op": {"op": "none"}, "as_of": "2025-06-01"}
    if format_code:
        body["format"] = format_code
    response = state(body)
    assert response.status_code == 200, response.json()
    report = response.json()["legality"]
    found = {v["code"] for v in report["violations"]}
    assert (report["legal"], codes - found) == (legal, set())
    assert report["verdict"]["status"] == ("legal" if legal else report["verdict"]["status"])
    if legal:
        assert found == set()


ZONE_CASES = [
    # (game, format, the zones shown in order, {zone: (size, min, max)} of their counters)
    pytest.param("dm", "advance", ["main", "hyperspatial", "gr", "considering"],
                 {"main": (40, None, None), "hyperspatial": (None, None, 8), "gr": (12, None, None)}, id="dm-advance"),
    pytest.param("dm", "duel_party", ["main", "partner", "considering"],
                 {"main": (59, None, None), "partner": (1, None, None)}, id="dm-duel-party"),
    # A format without hyperspatial or GR cards but without a partner keeps the four zones it always showed.
    pytest.param("dm", "original", ["main", "hyperspatial", "gr", "considering"], {"main": (40, None, None)},
                 id="dm-original-unchanged"),
    pytest.param("ygo", "ocg", ["main", "extra", "side"],
                 {"main": (None, 40, 60), "extra": (None, None, 15), "side": (None, None, 15)}, id="ygo"),
    pytest.param("dbs", "masters", ["leader", "main", "z", "side"],
                 {"leader": (1, None, None), "main": (None, 50, 60), "z": (None, None, 10)}, id="dbs-zenkai"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "format_code", "codes", "sizes"), ZONE_CASES)
def test_the_zones_shown_come_from_the_game_and_format(catalogues, game, format_code, codes, sizes):
    response = state({"game": game, "deck": {}, "format": format_code, "as_of": "2025-06-01"})
    zones = response.json()["zones"]
    assert [zone["code"] for zone in zones] == codes
    assert {z["code"]: (z["size"], z["min"], z["max"]) for z in zones if z["code"] in sizes} == sizes
    assert sum(zone["aside"] for zone in zones) == 1
    assert all(zone["name_en"] and zone["name_ja"] for zone in zones)


@pytest.mark.parametrize(
    ("language", "hint"),
    [("en", "One creature of cost 5 or more; it counts as one of the 60 cards."),
     ("ja", "コスト5以上のクリーチャー1枚（60枚に含む）。")],
)  # fmt: skip
def test_the_partner_zone_says_what_it_holds_in_the_pages_language(catalogues, language, hint):
    client = Client(headers={"accept-language": language})
    body = {"game": "dm", "format": "duel_party", "deck": {}}
    zones = client.post("/editor/state/", json.dumps(body), content_type="application/json").json()["zones"]
    assert [zone["hint"] for zone in zones if zone["code"] == "partner"] == [hint]


def test_a_duel_party_deck_keeps_a_zone_it_holds_cards_in(catalogues):
    """A deck switched to Duel Party with a psychic card still shows the hyperspatial zone (and the report says why)."""
    body = {
        "game": "dm",
        "format": "duel_party",
        "deck": deck_of("dm", {"hyperspatial": {"テスト超次元獣アルファ": 1}}),
    }
    response = state(body)
    assert [zone["code"] for zone in response.json()["zones"]] == ["main", "hyperspatial", "partner", "considering"]
    assert "ZONE_NOT_IN_FORMAT" in {v["code"] for v in response.json()["legality"]["violations"]}


STATS_CASES = [
    # (game, deck, statistics keys and values)
    pytest.param("ygo", {"main": {YGO_MAIN[0][0]: 3, YGO_MAIN[1][0]: 2, YGO_MAIN[8][0]: 3, YGO_MAIN[11][0]: 1},
                         "extra": {YGO_EXTRA[0][0]: 1, YGO_EXTRA[1][0]: 2}},
                 {"card_types": {"monster": 5, "spell": 3, "trap": 1}, "levels": {"4": 3, "7": 2},
                  "attributes": {"DARK": 2, "LIGHT": 3}, "extra_deck": {"Link": 2, "Synchro": 1}},
                 id="ygo"),
    pytest.param("dbs", {"leader": {"BT99-001": 1}, "main": {"BT99-010": 4, "BT99-015": 2, "BT99-020": 3}},
                 {"colors": {"Red": 9, "Blue": 2}, "leader_colors": ["Red"],
                  "card_types": {"Battle": 6, "Extra": 3}},
                 id="dbs"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "deck", "expected"), STATS_CASES)
def test_the_games_statistics(catalogues, game, deck, expected):
    stats = state({"game": game, "deck": deck_of(game, deck)}).json()["stats"]
    assert {key: stats[key] for key in expected} == expected
    assert all(chart["kind"] in ("stacked", "bars", "numbers") and chart["title"] for chart in stats["charts"])


def test_the_dbs_cost_curve_counts_each_card_once(catalogues):
    deck = {"main": {"BT99-010": 4, "BT99-015": 2, "BT99-020": 3}}  # costs 1, 4 (red and blue) and 2 (an Extra)
    stats = state({"game": "dbs", "deck": deck_of("dbs", deck)}).json()["stats"]
    assert {cost: n for cost, n in stats["cost_curve"].items() if n} == {"1": 4, "2": 3, "4": 2}
    curve = next(chart for chart in stats["charts"] if chart["id"] == "dbs-cost-curve")
    assert [sum(s["values"][i] for s in curve["series"]) for i in (1, 2, 4)] == [4, 3, 2]


TILE_CASES = [
    # (game, card, what its tile says)
    pytest.param("ygo", YGO_EXTRA[0][0], {"card_type": "Synchro / Effect Monster",
                                         "card_type_ja": "シンクロ・効果モンスター", "cost_text": "★8",
                                         "home": "extra"}, id="ygo-synchro-monster"),
    pytest.param("ygo", YGO_MAIN[1][0], {"name_en": "Test Dark Magician", "cost_text": "★7",
                                        "power": "ATK 2500 / DEF 2100", "home": "main"}, id="ygo-normal-monster"),
    pytest.param("ygo", YGO_EXTRA[1][0], {"cost_text": "LINK-2", "power": "ATK 2300", "home": "extra"},
                 id="ygo-link-monster"),
    pytest.param("ygo", YGO_MAIN[9][0], {"card_type": "Quick-Play Spell", "card_type_ja": "速攻魔法", "power": None},
                 id="ygo-spell"),
    pytest.param("dbs", "BT99-015", {"card_number": "BT99-015", "cost_text": "4", "power": "25000",
                                   "colors": ["Red", "Blue"], "home": "main"}, id="dbs-battle"),
    pytest.param("dbs", "BT99-001", {"name_en": "Test Goku // Test Goku, Awakened", "home": "leader",
                                   "power": "10000 // 15000"}, id="dbs-leader"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "name", "expected"), TILE_CASES)
def test_search_previews_carry_the_games_tile(catalogues, game, name, expected):
    card_id = card(game, name)
    data = Client().get("/editor/card-previews/", {"game": game, "ids": f"{card_id},x"}).json()["cards"]
    tile = data[str(card_id)]
    assert {key: tile[key] for key in expected} == expected
    assert tile["tile"]["frame"]


def test_a_ygo_tile_links_the_official_database(catalogues):
    from cards.models import Card

    card_id = card("ygo", YGO_MAIN[0][0])
    konami = Card.objects.get(id=card_id).ygo.konami_id
    tile = Client().get("/editor/card-previews/", {"game": "ygo", "ids": str(card_id)}).json()["cards"][str(card_id)]
    assert [link["lang"] for link in tile["tile"]["links"]] == ["ja", "en"]
    assert all(f"cid={konami}" in link["url"] for link in tile["tile"]["links"])


def test_another_games_card_is_unknown_to_the_editor(catalogues):
    response = state({"game": "ygo", "deck": {}, "op": {"op": "add", "card": card("dbs", "BT99-010")}})
    assert (response.status_code, response.json()["error"]["code"]) == (400, "UNKNOWN_CARD")
    response = state({"game": "ygo", "deck": {"hyperspatial": []}})
    assert (response.status_code, response.json()["error"]["code"]) == (400, "INVALID_ZONE")
    response = state({"game": "chess", "deck": {}})
    assert (response.status_code, response.json()["error"]["code"]) == (400, "UNKNOWN_GAME")


@pytest.mark.parametrize(
    ("game", "zones", "save_key"),
    [("ygo", ["main", "extra", "side"], "card_id"), ("dbs", ["leader", "main", "z", "side"], "card")],
)
def test_the_owner_gets_the_editor_for_every_game(catalogues, game, zones, save_key):
    from decks.services import deck_create
    from web.editor import EditorInputError  # noqa: F401 - the page's config is the editor's state

    owner = UserFactory(username=f"{game}-owner", password="a-long-passw0rd!")
    deck = deck_create(owner=owner, name=f"{game} deck", game=game)
    client = Client()
    client.force_login(owner)
    body = client.get(f"/decks/{deck.id}/").content.decode()
    config = json.loads(body.split('<script id="editor-config" type="application/json">')[1].split("</script>")[0])
    assert (config["game"], config["saveKey"]) == (game, save_key)
    assert [zone["code"] for zone in config["state"]["zones"]] == zones
    # What the editor saves (its working copy under the game's key) is read back by the deck API.
    first = {"ygo": YGO_MAIN[0][0], "dbs": "BT99-010"}[game]
    patch = {"deck": {"main": [{save_key: card(game, first), "count": 3}]}}
    response = client.patch(
        f"/api/v1/decks/{deck.id}/", json.dumps(patch), content_type="application/json", headers={"If-Match": '"1"'}
    )
    assert response.status_code == 200, response.json()
    assert [(e["card_id"], e["count"]) for e in response.json()["entries"]["main"]] == [(card(game, first), 3)]
