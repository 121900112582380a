"""Card search for game=dbs (issue 21) over the real data imported by the game's own import: each query's answer is
compared with the same question asked of the data's records directly (never with hard-coded counts)."""

import pytest

from decks.tests.fixtures import token_client
from games.dbs import catalogue
from games.dbs.search import card_search


def _numbers(q: str, order: str = "name") -> list[str]:
    numbers = catalogue.state().number_by_id
    return [numbers[card_id] for card_id in card_search(q=q, order=order).ids]


def _colors(record):
    return {color.casefold() for color in record.get("colors") or ()}


def _has(items, word):
    return any(word in item.casefold() for item in items or ())


QUERIES = [
    pytest.param("color:red,blue", lambda r: {"red", "blue"} <= _colors(r), id="color-multicolour-all-of"),
    pytest.param("color=red", lambda r: _colors(r) == {"red"}, id="color-exactly"),
    pytest.param("type:leader", lambda r: r["card_type"] == "Leader", id="type-leader"),
    pytest.param("type:battle", lambda r: r["card_type"] == "Battle", id="type-battle"),
    pytest.param("type:extra", lambda r: r["card_type"] == "Extra", id="type-extra"),
    pytest.param("type:unison", lambda r: r["card_type"] == "Unison", id="type-unison"),
    pytest.param("type:z-battle", lambda r: r["card_type"] == "Z-Battle", id="type-z-battle"),
    pytest.param("type:z-extra", lambda r: r["card_type"] == "Z-Extra", id="type-z-extra"),
    pytest.param("type:z-leader", lambda r: r["card_type"] == "Z-Leader", id="type-z-leader"),
    pytest.param("cost>=5 type:battle", lambda r: r["card_type"] == "Battle" and (r.get("energy_cost") or -1) >= 5,
                 id="cost-at-least"),
    pytest.param("cost=0", lambda r: r.get("energy_cost") == 0, id="cost-equal"),
    pytest.param("power>25000", lambda r: (r.get("power") or 0) > 25000, id="power-above"),
    pytest.param("combo:10000", lambda r: r.get("combo_power") == 10000, id="combo-power"),
    pytest.param("trait:saiyan", lambda r: _has((r.get("special_traits") or []) + (r.get("back_special_traits") or []),
                                                  "saiyan"), id="trait"),
    pytest.param("char:krillin", lambda r: _has((r.get("characters") or []) + (r.get("back_characters") or []),
                                                  "krillin"), id="character"),
    pytest.param('era:"universe survival"', lambda r: _has([r.get("era") or "", r.get("back_era") or ""],
                                                           "universe survival"), id="era-quoted"),
    pytest.param("is:ultimate", lambda r: bool(r.get("ultimate")), id="is-ultimate"),
    pytest.param("is:super-combo", lambda r: bool(r.get("super_combo")), id="is-super-combo"),
    pytest.param("is:dragon-ball", lambda r: bool(r.get("dragon_ball")), id="is-dragon-ball"),
    pytest.param("set:BT10", lambda r: r.get("set_code") == "BT10", id="set-code"),
    pytest.param("-color:red type:z-battle", lambda r: r["card_type"] == "Z-Battle" and "red" not in _colors(r),
                 id="negated-term"),
    pytest.param("BT1-005", lambda r: any(n.startswith("BT1-005") for n in [r["card_number"],
                 *(r.get("variant_numbers") or ())]), id="card-number"),
    pytest.param("BT1-005_PR03", lambda r: "BT1-005_PR03" in (r.get("variant_numbers") or ()), id="variant-number"),
    pytest.param("champa", lambda r: "champa" in (r.get("name_en") or "").casefold()
                 or "champa" in (r.get("back_name_en") or "").casefold(), id="name-word"),
    # Several terms, negated ones, a word found in most cards: each term narrows the ones before it.
    pytest.param("goku -type:leader cost<=2", lambda r: _named(r, "goku") and r["card_type"] != "Leader"
                 and r.get("energy_cost") is not None and r["energy_cost"] <= 2, id="word-negated-type-cost"),
    pytest.param("color=red,blue is:multicolor", lambda r: _colors(r) == {"red", "blue"}, id="exact-multicolour"),
    pytest.param("trait=saiyan -is:z", lambda r: "saiyan" in [t.casefold() for t in (r.get("special_traits") or [])
                 + (r.get("back_special_traits") or [])] and not r["card_type"].startswith("Z-"), id="whole-trait"),
    pytest.param("-cost:1 -power>=10000 set:BT1", lambda r: r.get("set_code") == "BT1"
                 and r.get("energy_cost") != 1 and not (r.get("power") or -1) >= 10000, id="two-negated-numbers"),
    pytest.param("e type:z-extra", lambda r: r["card_type"] == "Z-Extra" and (_named(r, "e") or any(
                 "e" in n.casefold() for n in [r["card_number"], *(r.get("variant_numbers") or ()),
                 *(r.get("source_numbers") or ())])), id="common-letter"),
    pytest.param('"son goku" type:leader', lambda r: r["card_type"] == "Leader" and _named(r, "son goku"),
                 id="quoted-words-several-trigrams"),
    pytest.param("-qzx type:z-extra", lambda r: r["card_type"] == "Z-Extra", id="negated-word-no-card-holds"),
]  # fmt: skip


def _named(record, word):
    return any(word in (name or "").casefold() for name in (record.get("name_en"), record.get("back_name_en")))


@pytest.mark.parametrize(("q", "expected"), QUERIES)
def test_a_dbs_query_finds_what_the_data_says(imported, db, real_records, q, expected):
    want = {record["card_number"] for record in real_records if expected(record)}
    assert want  # the question has an answer in the data
    assert set(_numbers(q)) == want


@pytest.mark.parametrize(
    ("q", "order", "key"),
    [
        pytest.param("type:z-leader", "name", lambda r: (r["name_en"].casefold(),), id="name"),
        pytest.param("type:battle set:BT1", "cost", lambda r: (r["energy_cost"],), id="cost"),
        pytest.param("type:battle set:BT1", "-power", lambda r: (-r["power"],), id="power-descending"),
        pytest.param("type:battle set:BT1 order:number", "name", lambda r: (r["card_number"],), id="order-in-query"),
        pytest.param("goku type:battle -color:red", "-cost", lambda r: (-r["energy_cost"],), id="cost-descending"),
    ],
)
def test_dbs_search_orders(imported, db, real_records, q, order, key):
    by_number = {record["card_number"]: record for record in real_records}
    found = [by_number[number] for number in _numbers(q, order)]
    assert found and [key(r) for r in found] == sorted(key(r) for r in found)


def test_a_descending_order_in_the_query_reverses_the_ascending_one(imported, db):
    assert _numbers("type:extra order:-number") == sorted(_numbers("type:extra"), reverse=True)
    assert _numbers("type:extra order:-name") == _numbers("type:extra")[::-1]


def test_a_misspelt_name_finds_the_closest_names(imported, db, real_records):
    record = next(r for r in real_records if r["card_number"] == "BT1-005")
    misspelt = record["name_en"].replace("Destruction", "Destructoin")
    assert misspelt != record["name_en"]
    assert "BT1-005" in _numbers(misspelt)[:5]


@pytest.mark.parametrize(
    ("q", "position"),
    [
        pytest.param("color:purple", 6, id="unknown-colour"),
        pytest.param("type:spell", 5, id="unknown-type"),
        pytest.param("cost>x", 5, id="not-a-number"),
        pytest.param("civ:fire", 0, id="a-duel-masters-field"),
        pytest.param("is:blocker", 3, id="unknown-flag"),
    ],
)
def test_a_malformed_dbs_query_is_invalid_query(imported, db, q, position):
    answer = token_client(None).get("/api/v1/cards/", {"game": "dbs", "q": q})
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "INVALID_QUERY")
    assert answer.json()["error"]["details"]["position"] == position


@pytest.mark.parametrize(
    ("q", "number"),
    [
        pytest.param("BT1-005_PR03", "BT1-005", id="listed-variant"),
        pytest.param("bt1-005_xyz", "BT1-005", id="unlisted-printing-suffix"),
        pytest.param("XD01-01", "XD1-01", id="source-spelling"),
    ],
)
def test_a_written_number_finds_its_base_card(imported, db, q, number):
    assert _numbers(q) == [number]


def test_the_cards_api_searches_dbs_cards(imported, db):
    found = token_client(None).get("/api/v1/cards/", {"game": "dbs", "q": "BT1-005_PR03"}).json()
    assert [(card["name_key"], card["game"]) for card in found["results"]] == [("BT1-005", "dbs")]
